//! The C ABI (`include/halma.h`).

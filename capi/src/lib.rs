//! libhalma, the C library: links in the C ABI that `halma` compiles with its `capi` feature
//! (the `halma_*` functions of `include/halma.h`), so that the static and the shared library
//! export it. Nothing else is needed here: the functions are `#[unsafe(no_mangle)]`, and a
//! `staticlib` or `cdylib` exports every such function of the crates it links.

use halma as _;

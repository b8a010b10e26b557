//! `include/halma.h` is exactly what cbindgen generates from `src/ffi/` (`build.rs`, feature
//! `capi`, into `$OUT_DIR`). A test of the halma package itself, and shipped with it: only its
//! own targets see its `$OUT_DIR`. The C and C++ programs that use the header, and its
//! recorded layout, are tested by `tests/ffi.rs`.
//!
//! `HALMA_BLESS=1 cargo test --release --test header` writes the generated header to
//! `include/halma.h` instead of failing (never under CI).

#[path = "common/committed.rs"]
mod committed;

use std::path::Path;

/// The header cbindgen generated from `src/ffi/` for this build.
const GENERATED_HEADER: &str = include_str!(concat!(env!("OUT_DIR"), "/halma.h"));

#[test]
fn committed_header_is_the_one_cbindgen_generates() {
    committed::check_committed(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        "include/halma.h",
        GENERATED_HEADER,
        "what cbindgen generates from src/ffi/",
        "After a change to src/ffi/ or cbindgen.toml, regenerate it and commit it: \
         HALMA_BLESS=1 cargo test --release --test header",
    );
}

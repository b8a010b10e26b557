//! The shared library's SONAME on ELF systems, `libhalma.so.<major>`: what hosts record and
//! load (`scripts/install.sh` installs `libhalma.so.<version>` and the links to it).

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |key: &str| env::var(key).unwrap_or_default();
    let families = var("CARGO_CFG_TARGET_FAMILY");
    let elf = families.split(',').any(|family| family == "unix")
        && !families.split(',').any(|family| family == "wasm")
        && var("CARGO_CFG_TARGET_VENDOR") != "apple";
    if elf {
        let major = var("CARGO_PKG_VERSION_MAJOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhalma.so.{major}");
    }
}

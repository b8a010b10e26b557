//! Generates the C header `include/halma.h` from `src/ffi/` with cbindgen, writing it only
//! when its content changes (so a build does not touch the committed file needlessly).

use std::path::Path;
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    // The shared library's SONAME on ELF systems, libhalma.so.<major>: what hosts record and
    // load (scripts/install.sh installs libhalma.so.0.1.0 and the links to it).
    let var = |key: &str| env::var(key).unwrap_or_default();
    let families = var("CARGO_CFG_TARGET_FAMILY");
    let elf = families.split(',').any(|family| family == "unix")
        && !families.split(',').any(|family| family == "wasm")
        && var("CARGO_CFG_TARGET_VENDOR") != "apple";
    if elf {
        let major = var("CARGO_PKG_VERSION_MAJOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhalma.so.{major}");
    }
    // docs.rs builds in a read-only source tree; the committed header is the right one.
    if env::var_os("DOCS_RS").is_some() {
        return;
    }
    let dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&dir);
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .unwrap_or_else(|error| panic!("cannot read cbindgen.toml: {error}"));
    let module = dir.join("src/ffi/mod.rs");
    let docs = fs::read_to_string(&module)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", module.display()));
    config.header = Some(preamble(&docs));
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(&module)
        .generate()
        .unwrap_or_else(|error| panic!("cbindgen cannot generate the header: {error}"));
    let mut header = Vec::new();
    bindings.write(&mut header);
    let header = plain_type_names(&String::from_utf8_lossy(&header));
    let path = dir.join("include/halma.h");
    if fs::read(&path).ok().as_deref() != Some(header.as_bytes()) {
        fs::create_dir_all(dir.join("include")).expect("cannot create include/");
        fs::write(&path, header)
            .unwrap_or_else(|error| panic!("cannot write {}: {error}", path.display()));
    }
}

/// The `//!` docs of `src/ffi/mod.rs` (the API conventions) as a C comment.
fn preamble(module: &str) -> String {
    let mut comment = String::from("/*\n");
    for line in module.lines().map_while(|line| line.strip_prefix("//!")) {
        let line = line.strip_prefix(' ').unwrap_or(line).replace('`', "");
        comment.push_str(if line.is_empty() { " *" } else { " * " });
        comment.push_str(&line);
        comment.push('\n');
    }
    comment.push_str(" */");
    comment
}

/// cbindgen's `both` style declares `typedef struct halma_move { .. } halma_move;` (the tag
/// lets C code forward-declare it) but then writes `struct halma_move` at every use. The
/// contract writes the typedef names at the uses, the same types in C and C++.
fn plain_type_names(header: &str) -> String {
    let mut plain = String::with_capacity(header.len());
    for line in header.split_inclusive('\n') {
        if line.starts_with("typedef struct ") {
            plain.push_str(line);
        } else {
            plain.push_str(&line.replace("struct halma_", "halma_"));
        }
    }
    plain
}

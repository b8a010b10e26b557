//! With the `capi` feature only: generates the C header from `src/ffi/` with cbindgen into
//! `$OUT_DIR/halma.h`. `tests/header.rs` checks that it equals the committed `include/halma.h`
//! byte for byte (and writes it there when asked to: `HALMA_BLESS=1`). Without the feature
//! (every Rust user's build) this script does nothing and cbindgen is not built.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "capi")]
    header::generate();
}

#[cfg(feature = "capi")]
mod header {
    use std::path::Path;
    use std::{env, fs};

    /// Writes `$OUT_DIR/halma.h`, generated from `src/ffi/` as `cbindgen.toml` says.
    pub fn generate() {
        println!("cargo:rerun-if-changed=src/ffi");
        println!("cargo:rerun-if-changed=cbindgen.toml");
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
        let out = Path::new(&env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("halma.h");
        fs::write(&out, header)
            .unwrap_or_else(|error| panic!("cannot write {}: {error}", out.display()));
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

    /// cbindgen's `both` style declares `typedef struct halma_move { .. } halma_move;` (the
    /// tag lets C code forward-declare it) but then writes `struct halma_move` at every use.
    /// The contract writes the typedef names at the uses, the same types in C and C++.
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
}

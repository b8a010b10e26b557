//! What the shared library's link records about itself, as cargo-c links it:
//! - on ELF systems its SONAME, `libhalma.so.<major>`, what hosts record and load
//!   (`scripts/install.sh` installs `libhalma.so.<version>` and the links to it); on Android
//!   plain `libhalma.so`, since an APK holds no versioned names and the loader looks for the
//!   SONAME;
//! - on Apple's systems its install name, `@rpath/libhalma.<major>.dylib`, the SONAME's
//!   counterpart, found through the host's rpath (`scripts/install.sh` installs
//!   `libhalma.<version>.dylib` and the links to it);
//! - on Windows with GNU tools, the module-definition file of its exports, `halma.def` beside
//!   `halma.dll`, from which Microsoft's `lib.exe` makes an import library for MSVC hosts.

use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |key: &str| env::var(key).unwrap_or_default();
    let families = var("CARGO_CFG_TARGET_FAMILY");
    let family = |name: &str| families.split(',').any(|family| family == name);
    let os = var("CARGO_CFG_TARGET_OS");
    let major = var("CARGO_PKG_VERSION_MAJOR");
    if os == "android" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhalma.so");
    } else if var("CARGO_CFG_TARGET_VENDOR") == "apple" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libhalma.{major}.dylib");
    } else if family("unix") && !family("wasm") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhalma.so.{major}");
    } else if os == "windows" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        // OUT_DIR is <target dir>/[<target>/]<profile>/build/halma-capi-<hash>/out: the
        // library goes three levels up.
        let out_dir = var("OUT_DIR");
        let profile_dir = Path::new(&out_dir)
            .ancestors()
            .nth(3)
            .expect("OUT_DIR is three levels below the profile's directory");
        let def = profile_dir.join("halma.def");
        println!(
            "cargo:rustc-cdylib-link-arg=-Wl,--output-def,{}",
            def.display()
        );
    }
}

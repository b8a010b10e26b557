//! The library's version as constants of the header, `HALMA_VERSION_MAJOR`, `_MINOR` and
//! `_PATCH`: the version a host was compiled against, where `halma_version` tells the one it
//! runs with. They are literals because cbindgen writes only literal values; the build fails
//! when they differ from the package version.

/// The major version of the library this header belongs to (`halma_version` gives the
/// version of the library linked).
pub const HALMA_VERSION_MAJOR: u32 = 0;
/// The minor version of the library this header belongs to.
pub const HALMA_VERSION_MINOR: u32 = 1;
/// The patch version of the library this header belongs to.
pub const HALMA_VERSION_PATCH: u32 = 0;

const _: () = {
    assert!(
        HALMA_VERSION_MAJOR == number(env!("CARGO_PKG_VERSION_MAJOR")),
        "HALMA_VERSION_MAJOR differs from the package version"
    );
    assert!(
        HALMA_VERSION_MINOR == number(env!("CARGO_PKG_VERSION_MINOR")),
        "HALMA_VERSION_MINOR differs from the package version"
    );
    assert!(
        HALMA_VERSION_PATCH == number(env!("CARGO_PKG_VERSION_PATCH")),
        "HALMA_VERSION_PATCH differs from the package version"
    );
};

/// A decimal number of cargo's version parts.
const fn number(digits: &str) -> u32 {
    let digits = digits.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < digits.len() {
        assert!(digits[i].is_ascii_digit(), "a version part is not a number");
        value = value * 10 + (digits[i] - b'0') as u32;
        i += 1;
    }
    value
}

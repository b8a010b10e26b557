//! Committed files that a test checks against what the sources give now (`include/halma.h`,
//! `tests/c/abi.txt`), written instead with `HALMA_BLESS=1` (never under CI). Shared by
//! `tests/header.rs` (the halma package) and `tests/ffi.rs` (halma-tests) by a `#[path]`
//! module: the two packages share no test helper crate.

use std::fs;
use std::path::Path;

/// Whether this is a CI run (`CI=true`), where every test must test and nothing is blessed.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true")
}

/// Checks that the committed file `path` (from the repository's root, `root`) holds `found`,
/// what `source` gives now. When it does not, writes it with `HALMA_BLESS=1` (never under
/// CI), else fails with the first line that differs and `advice`.
pub fn check_committed(root: &Path, path: &str, found: &str, source: &str, advice: &str) {
    let file = root.join(path);
    let committed = fs::read_to_string(&file).unwrap_or_default();
    if committed == found {
        return;
    }
    if std::env::var("HALMA_BLESS").is_ok_and(|value| value == "1") && !under_ci() {
        // Written whole, then renamed: another test may be reading the file meanwhile.
        let temporary = file.with_extension("blessed");
        fs::write(&temporary, found).expect("the source tree is writable");
        fs::rename(&temporary, &file).expect("the source tree is writable");
        eprintln!("note: HALMA_BLESS=1: wrote {path} from {source}");
        return;
    }
    /// The lines with their ends, so that a missing final newline shows too.
    fn lines(text: &str) -> impl Iterator<Item = &str> {
        text.split_inclusive('\n').chain([""])
    }
    let (line, (committed, found)) = (1..)
        .zip(lines(&committed).zip(lines(found)))
        .find(|(_, (committed, found))| committed != found)
        .expect("texts that differ differ in a line");
    panic!(
        "{path} is not {source}, from line {line}:\n  committed: {committed:?}\n  now:       \
         {found:?}\n{advice}"
    );
}

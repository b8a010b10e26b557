//! Embeds the page's files in the server: every file under `static/` (but hidden ones) is
//! listed, with its bytes, in `$OUT_DIR/static_files.rs` (`http/assets/files.rs` includes
//! it), so that a file added there is served with no edit to the server's code. Cargo runs
//! this again whenever anything under `static/` changes; and builds the server again when
//! a migration changes (sqlx's `migrate!` reads `migrations/` at build time).

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=static");
    println!("cargo:rerun-if-changed=migrations");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo's manifest dir"))
        .join("static");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut source = String::from(
        "/// Every file under `apps/web/static`, but hidden ones: its path there (`/` between\n\
         /// folders), and its bytes.\n\
         pub const STATIC_FILES: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &files {
        let _ = writeln!(source, "    ({name:?}, include_bytes!({path:?})),");
    }
    source.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo's out dir"));
    std::fs::write(out.join("static_files.rs"), source).expect("write static_files.rs");
}

/// Every file under `dir` (a folder of `root`) whose name does not start with a dot: its
/// path from `root` with `/` between folders, and its whole path.
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            walk(root, &path, files);
        } else {
            let relative = path.strip_prefix(root).expect("a file under static/");
            let name: Vec<String> = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((name.join("/"), path.display().to_string()));
        }
    }
}

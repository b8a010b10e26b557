//! The engine's C ABI from C: compiles `tests/c/test_engine.c` (C99, two threads: a search
//! and its stop) against `include/halma.h` and the static library, runs it, and runs it
//! again under valgrind when it is installed. The same approach as `tests/ffi.rs`.
//!
//! The static library is the one cargo built for this very test run: cargo compiles the
//! library once for all its crate types, and writes `libhalma.a` into `target/<profile>/deps/`
//! beside the test binary (the copy in `target/<profile>/` is refreshed only by
//! `cargo build`, so it can be stale here).
//!
//! Without a C compiler (`cc`, or `$CC`) the tests print a note and pass.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `libhalma.a` beside this test binary.
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let deps = exe.parent().expect("the test binary is in a directory");
    let library = deps.join("libhalma.a");
    assert!(
        library.is_file(),
        "{} is missing: cargo builds it with the library (crate-type staticlib)",
        library.display()
    );
    library
}

/// The compiler named by `$var`, else `default`, if it runs.
fn compiler(var: &str, default: &str) -> Option<String> {
    let compiler = std::env::var(var).unwrap_or_else(|_| default.to_owned());
    let works = Command::new(&compiler)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if works {
        Some(compiler)
    } else {
        eprintln!("note: no working {default} (${var}): the C ABI test is skipped");
        None
    }
}

fn report(what: &str, output: &Output) -> String {
    format!(
        "{what}: {}\n--- stdout\n{}--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Compiles and links `source` with `flags` against the static library into the test's
/// temporary directory, and returns the program's path.
fn build(compiler: &str, flags: &[&str], source: &str, program: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(program);
    let output = Command::new(compiler)
        .args(flags)
        .arg(format!(
            "-DHALMA_EXPECTED_VERSION=\"{}\"",
            env!("CARGO_PKG_VERSION")
        ))
        .arg("-I")
        .arg(root.join("include"))
        .arg(root.join(source))
        .arg(static_library())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&output_path)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {compiler}: {error}"));
    assert!(
        output.status.success(),
        "{}",
        report(&format!("{compiler} {source}"), &output)
    );
    output_path
}

/// Runs `command` and checks it succeeded with a "0 failed" summary.
fn run(mut command: Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {what}: {error}"));
    let report = report(what, &output);
    assert!(output.status.success(), "{report}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(" passed, 0 failed"),
        "{report}"
    );
    print!("{}", String::from_utf8_lossy(&output.stdout));
}

#[test]
fn c99_engine_program_passes_also_under_valgrind() {
    let Some(cc) = compiler("CC", "cc") else {
        return;
    };
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"];
    let program = build(&cc, &flags, "tests/c/test_engine.c", "test_engine_c");
    run(Command::new(&program), "the C99 engine test program");

    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|output| output.status.success()) {
        eprintln!("note: valgrind is not installed: the C program ran without it");
        return;
    }
    let mut command = Command::new("valgrind");
    command
        .args([
            "--error-exitcode=1",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite",
            "--quiet",
        ])
        .arg(&program);
    run(command, "the C99 engine test program under valgrind");
}

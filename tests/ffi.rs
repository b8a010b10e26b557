//! The C ABI from C and C++: compiles `tests/c/test_halma.c` (C99, the rules),
//! `tests/c/test_engine.c` (C99, the engine, with a second thread stopping a search),
//! `tests/c/test_halma.cpp` (C++17 over `include/halma.h`) and `tests/c/test_halma_hpp.cpp`
//! (the C++17 API of `include/halma.hpp`) against the static library, runs them, and runs the
//! C programs again under valgrind when it is installed; also compiles and runs the C and C++
//! examples of README.md.
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

/// Compiles the C99 program `source`, runs it, and runs it again under valgrind when valgrind
/// is installed.
fn c99_program_passes_also_under_valgrind(source: &str, program: &str, what: &str) {
    let Some(cc) = compiler("CC", "cc") else {
        return;
    };
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"];
    let program = build(&cc, &flags, source, program);
    run(Command::new(&program), what);

    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|output| output.status.success()) {
        eprintln!("note: valgrind is not installed: {what} ran without it");
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
    run(command, &format!("{what} under valgrind"));
}

#[test]
fn c99_rules_program_passes_also_under_valgrind() {
    c99_program_passes_also_under_valgrind(
        "tests/c/test_halma.c",
        "test_halma_c",
        "the C99 test program",
    );
}

#[test]
fn c99_engine_program_passes_also_under_valgrind() {
    c99_program_passes_also_under_valgrind(
        "tests/c/test_engine.c",
        "test_engine_c",
        "the C99 engine test program",
    );
}

/// Compiles the C++17 program `source` warning-free and runs it.
fn cpp17_program_passes(source: &str, program: &str, what: &str) {
    let Some(cxx) = compiler("CXX", "c++") else {
        return;
    };
    let flags = [
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
    ];
    let program = build(&cxx, &flags, source, program);
    run(Command::new(&program), what);
}

#[test]
fn cpp_translation_unit_compiles_and_runs() {
    cpp17_program_passes(
        "tests/c/test_halma.cpp",
        "test_halma_cpp",
        "the C++ test program",
    );
}

#[test]
fn cpp_api_of_halma_hpp_passes() {
    cpp17_program_passes(
        "tests/c/test_halma_hpp.cpp",
        "test_halma_hpp",
        "the C++ API test program",
    );
}

/// The first code block of README.md in `language`, which must compile and run.
fn readme_example(language: &str) -> String {
    let readme = include_str!("../README.md");
    let fence = format!("```{language}\n");
    let start = readme.find(&fence).expect("README.md has the example") + fence.len();
    let length = readme[start..].find("```").expect("the example ends");
    readme[start..start + length].to_owned()
}

/// Compiles the README's example in `language` with `compiler` and `flags`, runs it, and
/// returns what it printed.
fn run_readme_example(compiler: &str, flags: &[&str], language: &str) -> String {
    let source = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme_example.{language}"));
    std::fs::write(&source, readme_example(language)).expect("the temporary directory is writable");
    let program = build(
        compiler,
        flags,
        source.to_str().expect("a UTF-8 path"),
        &format!("readme_example_{language}"),
    );
    let output = Command::new(&program)
        .output()
        .expect("the README example runs");
    assert!(
        output.status.success(),
        "{}",
        report("the README example", &output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn readme_c_example_compiles_and_runs() {
    let Some(cc) = compiler("CC", "cc") else {
        return;
    };
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    let stdout = run_readme_example(&cc, &flags, "c");
    assert!(stdout.starts_with("40 legal moves\n"), "{stdout}");
    assert!(stdout.contains("HALMA_STATUS_ILLEGAL_MOVE: "), "{stdout}");
}

#[test]
fn readme_cpp_example_compiles_and_runs() {
    let Some(cxx) = compiler("CXX", "c++") else {
        return;
    };
    let flags = ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    let stdout = run_readme_example(&cxx, &flags, "cpp");
    assert!(
        stdout.starts_with("HALMA_STATUS_ILLEGAL_MOVE: Illegal move: "),
        "{stdout}"
    );
    assert!(stdout.contains("\no plays "), "{stdout}");
}

//! The C ABI from C and C++: compiles `tests/c/test_halma.c` (C99, the rules),
//! `tests/c/test_record.c` (C99, game records),
//! `tests/c/test_engine.c` (C99, the engine, with a second thread stopping a search),
//! `tests/c/test_star.c` (C99, the star board and its searches),
//! `tests/c/test_halma.cpp` (C++17 over `include/halma.h`) and `tests/c/test_halma_hpp.cpp`
//! (the C++17 API of `include/halma.hpp`) against the static library, runs them, and runs
//! them again under valgrind; also compiles and runs the C and C++ examples of
//! README.md. And the header's layout: the layout of its structs and the values of its
//! constants are those recorded in `tests/c/abi.txt` (that `include/halma.h` is exactly what
//! cbindgen generates from `src/ffi/` is `tests/header.rs`, a test of the halma package: only
//! its targets see the generated file).
//!
//! A test of the halma-tests package (`tests/harness/`). The static library is the one cargo
//! built for this very test run: `halma-capi` (a dev-dependency) builds `libhalma.a` into `target/<profile>/deps/`, beside the test binary
//! (the copy in `target/<profile>/` is refreshed only by `cargo build`, so it can be stale
//! here).
//!
//! Without a C compiler (`cc`, or `$CC`), a C++ compiler (`c++`, or `$CXX`) or valgrind the
//! tests that need it print a note and pass, on a developer's machine; under CI (`CI=true`)
//! they fail.
//!
//! `HALMA_BLESS=1 cargo test --test ffi abi` writes the measured layout to `tests/c/abi.txt`
//! instead of failing (never under CI).

#![cfg(unix)]

#[path = "common/committed.rs"]
mod committed;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use committed::{check_committed, under_ci};

/// The repository's root (the `halma` package), two levels above this test's package
/// (`tests/harness/`).
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// `libhalma.a` beside this test binary.
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let deps = exe.parent().expect("the test binary is in a directory");
    let library = deps.join("libhalma.a");
    assert!(
        library.is_file(),
        "{} is missing: cargo builds it with halma-capi, a dev-dependency (crate-type staticlib)",
        library.display()
    );
    library
}

/// Whether `program --version` runs; when it does not, a note on a developer's machine and a
/// failure under CI.
fn available(program: &str, what: &str) -> bool {
    let works = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !works {
        assert!(
            !under_ci(),
            "{program} does not run, and CI (CI=true) must test {what}: install it"
        );
        eprintln!("note: {program} does not run: {what} is not tested");
    }
    works
}

/// The compiler named by `$var`, else `default`, if it runs (under CI it must).
fn compiler(var: &str, default: &str) -> Option<String> {
    let compiler = std::env::var(var).unwrap_or_else(|_| default.to_owned());
    available(&compiler, &format!("the C ABI from {default} (${var})")).then_some(compiler)
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
    let root = root();
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

/// Runs `program`, then again under valgrind (when valgrind runs; under CI it must).
fn passes_also_under_valgrind(program: &Path, what: &str) {
    run(Command::new(program), what);
    if !available("valgrind", &format!("{what} under valgrind")) {
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
        .arg(program);
    run(command, &format!("{what} under valgrind"));
}

/// Compiles the C99 program `source` warning-free, runs it, and runs it again under valgrind.
fn c99_program_passes_also_under_valgrind(source: &str, program: &str, what: &str) {
    let Some(cc) = compiler("CC", "cc") else {
        return;
    };
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"];
    passes_also_under_valgrind(&build(&cc, &flags, source, program), what);
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
fn c99_record_program_passes_also_under_valgrind() {
    c99_program_passes_also_under_valgrind(
        "tests/c/test_record.c",
        "test_record_c",
        "the C99 record test program",
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

#[test]
fn c99_star_program_passes_also_under_valgrind() {
    c99_program_passes_also_under_valgrind(
        "tests/c/test_star.c",
        "test_star_c",
        "the C99 star test program",
    );
}

/// Compiles the C++17 program `source` warning-free, runs it, and runs it again under
/// valgrind.
fn cpp17_program_passes_also_under_valgrind(source: &str, program: &str, what: &str) {
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
    passes_also_under_valgrind(&build(&cxx, &flags, source, program), what);
}

#[test]
fn cpp_translation_unit_passes_also_under_valgrind() {
    cpp17_program_passes_also_under_valgrind(
        "tests/c/test_halma.cpp",
        "test_halma_cpp",
        "the C++ test program",
    );
}

#[test]
fn cpp_api_of_halma_hpp_passes_also_under_valgrind() {
    cpp17_program_passes_also_under_valgrind(
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

/// Compiles `source` (from the repository's root, or absolute) with `compiler` and `flags`,
/// runs it, checks that it succeeded, and returns what it printed.
fn compile_and_run(compiler: &str, flags: &[&str], source: &Path) -> String {
    let file = source.file_name().expect("a file").to_string_lossy();
    let program = build(
        compiler,
        flags,
        source.to_str().expect("a UTF-8 path"),
        &file.replace('.', "_"),
    );
    let output = Command::new(&program)
        .output()
        .unwrap_or_else(|error| panic!("{file} does not run: {error}"));
    assert!(output.status.success(), "{}", report(&file, &output));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Compiles the README's example in `language` with `compiler` and `flags`, runs it, and
/// returns what it printed.
fn run_readme_example(compiler: &str, flags: &[&str], language: &str) -> String {
    let source = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme_example.{language}"));
    fs::write(&source, readme_example(language)).expect("the temporary directory is writable");
    compile_and_run(compiler, flags, &source)
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

/// What `tests/c/abi.txt` says of itself, before the layout.
const ABI_PREAMBLE: &str = "\
# The C ABI of include/halma.h as a C compiler lays it out on the 64-bit targets (x86-64 and
# aarch64 Linux, LP64; x86-64 Windows, LLP64, alike: the header has no `long`): every
# struct's size and alignment, each field's offset and size, every other type's size, every
# constant's value (but the version's minor and patch numbers, which every release changes).
# tests/ffi.rs measures it with tests/c/abi.c (a C11 program it writes from the header) and
# fails when it differs from this file; tests/install/targets.sh does for each target. Within
# a major version the ABI grows by new functions only, as the header says. A deliberate
# change, at a new major version, is recorded with:
# HALMA_BLESS=1 cargo test --release --test ffi abi
";

/// What `tests/c/abi.c` says of itself.
const ABI_PROGRAM_PREAMBLE: &str = "\
/*
 * Prints the C ABI of halma.h as this compiler lays it out: the record of tests/c/abi.txt.
 * Written from include/halma.h by tests/ffi.rs, which checks that it is up to date:
 * HALMA_BLESS=1 cargo test --release --test ffi abi
 */
";

/// A C11 program that prints the ABI of `header` (cbindgen's output): each struct's size and
/// alignment and each field's offset, size and declared type; the size of every other
/// typedef (codes, the callback), the value of every constant but the version's minor and
/// patch numbers (every release changes them), in the header's order. Opaque types have no
/// layout.
fn abi_program(header: &str) -> String {
    let mut body = String::new();
    let mut lines = header.lines();
    while let Some(line) = lines.next() {
        if let Some(define) = line.strip_prefix("#define ") {
            // The include guard has no value.
            if let Some((name, _)) = define.split_once(' ')
                && !matches!(name, "HALMA_VERSION_MINOR" | "HALMA_VERSION_PATCH")
            {
                writeln!(body, r#"    printf("{name} = %lld\n", (long long){name});"#).unwrap();
            }
        } else if let Some(name) = line
            .strip_prefix("typedef struct ")
            .and_then(|rest| rest.strip_suffix(" {"))
        {
            writeln!(
                body,
                r#"    printf("{name}: size %zu, align %zu\n", sizeof({name}), _Alignof({name}));"#
            )
            .unwrap();
            for field in lines.by_ref().take_while(|line| !line.starts_with('}')) {
                let field = field.trim();
                let Some(declaration) = field.strip_suffix(';') else {
                    continue; // its doc comment
                };
                let (declaration, array) =
                    declaration.split_at(declaration.find('[').unwrap_or(declaration.len()));
                let start = declaration
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(0, |at| at + 1);
                let (field_type, field) = declaration.split_at(start);
                let field_type = format!("{}{array}", field_type.trim());
                writeln!(
                    body,
                    r#"    printf("  .{field}: offset %zu, size %zu ({field_type})\n", offsetof({name}, {field}), sizeof((({name} *)0)->{field}));"#
                )
                .unwrap();
            }
        } else if let Some(declaration) = line
            .strip_prefix("typedef ")
            .filter(|rest| !rest.starts_with("struct "))
        {
            let name = match declaration.split_once("(*") {
                Some((_, pointer)) => pointer.split(')').next().unwrap_or(pointer),
                None => declaration
                    .trim_end_matches(';')
                    .rsplit(' ')
                    .next()
                    .unwrap_or(""),
            };
            writeln!(body, r#"    printf("{name}: size %zu\n", sizeof({name}));"#).unwrap();
        }
    }
    format!(
        "{ABI_PROGRAM_PREAMBLE}#include <stddef.h>\n#include <stdio.h>\n\n#include \"halma.h\"\n\n\
         int main(void) {{\n{body}    return 0;\n}}\n"
    )
}

#[test]
#[cfg_attr(
    not(target_pointer_width = "64"),
    ignore = "tests/c/abi.txt records the LP64 layout"
)]
fn struct_layouts_and_constants_are_the_recorded_abi() {
    let Some(cc) = compiler("CC", "cc") else {
        return;
    };
    let header =
        fs::read_to_string(root().join("include/halma.h")).expect("include/halma.h is readable");
    check_committed(
        root(),
        "tests/c/abi.c",
        &abi_program(&header),
        "the program that prints the layout of include/halma.h",
        "Write it anew: HALMA_BLESS=1 cargo test --release --test ffi abi",
    );
    let flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    let measured = compile_and_run(&cc, &flags, &root().join("tests/c/abi.c"));
    let layout = format!("{ABI_PREAMBLE}{measured}");
    check_committed(
        root(),
        "tests/c/abi.txt",
        &layout,
        "the layout and constants of include/halma.h",
        "A layout or constant a compiled host relies on has changed: every host built against \
         the header breaks. Add a function instead (halma.h says how the ABI grows).",
    );
}

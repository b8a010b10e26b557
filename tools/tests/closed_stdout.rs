//! A tool whose reader went away (`bench | head`) ends quietly instead of panicking.

use std::io;
use std::process::{Command, Stdio};

/// Runs the tool with `args`, its stdout a pipe whose reading end is already closed: its
/// first line fails with a broken pipe.
fn run_with_closed_stdout(tool: &str, args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = io::pipe().expect("a pipe");
    drop(reader);
    let output = Command::new(tool)
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("the tool runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bench_to_a_closed_pipe_exits_quietly() {
    let (code, stderr) = run_with_closed_stdout(env!("CARGO_BIN_EXE_bench"), &["1"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn match_to_a_closed_pipe_exits_quietly() {
    let (code, stderr) = run_with_closed_stdout(
        env!("CARGO_BIN_EXE_match"),
        &["--a", "greedy", "--b", "greedy", "--games", "2"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

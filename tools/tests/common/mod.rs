//! What the match tool's integration tests share.

use std::process::Command;

/// The output of `match` run with `args` (it must succeed).
pub fn run_match(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_match"))
        .args(args)
        .output()
        .expect("match runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "match {args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

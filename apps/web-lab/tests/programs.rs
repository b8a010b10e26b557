//! The lab's programs read their command lines: what they are asked wrongly they refuse,
//! with their usage, before they start anything. (Their runs against a server are
//! measurements, made by hand: docs/server.md.)

use std::process::{Command, Output};

/// `program` run with `args`.
fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .expect("the program runs")
}

#[test]
fn the_load_tool_refuses_what_it_cannot_run_with_its_usage() {
    let load = env!("CARGO_BIN_EXE_halma-web-load");
    for (args, said) in [
        (&[][..], "--addr is needed"),
        (
            &["--addr", "127.0.0.1:1", "--kind", "nonsense"],
            "unknown kind",
        ),
        (
            &["--addr", "127.0.0.1:1", "--clients", "many"],
            "--clients needs a number",
        ),
        (&["--help"], "--help needs a value"),
    ] {
        let output = run(load, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        for option in [
            "--addr",
            "--kind",
            "--clients",
            "--seconds",
            "--level",
            "--sources",
        ] {
            assert!(
                stderr.contains(option),
                "the usage names {option}: {stderr}"
            );
        }
    }
}

#[test]
fn the_probe_refuses_a_scenario_it_has_not_with_its_usage() {
    let probe = env!("CARGO_BIN_EXE_halma-web-probe");
    for args in [&[][..], &["nonsense"], &["long-reads", "--plies", "many"]] {
        let output = run(probe, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("usage: halma-web-probe"),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "nothing started: {args:?}");
    }
}

//! The lab's programs read their command lines: what they are asked wrongly they refuse,
//! pointing to their help, before they start anything; `--help` lists every option. (Their runs
//! against a server are measurements, made by hand: docs/results.md.)

use std::process::{Command, Output};

/// `program` run with `args`.
fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .expect("the program runs")
}

#[test]
fn the_load_tool_refuses_what_it_cannot_run() {
    let load = env!("CARGO_BIN_EXE_halma-web-load");
    for (args, said) in [
        (&[][..], "--addr <HOST:PORT,...>"),
        (
            &["--addr", "127.0.0.1:1", "--kind", "nonsense"],
            "'nonsense'",
        ),
        (&["--addr", "127.0.0.1:1", "--clients", "many"], "'many'"),
        (&["--addr", "127.0.0.1:1", "--clients", "0"], "--clients"),
        (&["--addr", "127.0.0.1:1", "--seconds"], "--seconds"),
    ] {
        let output = run(load, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--help"),
            "points to the help: {args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "nothing started: {args:?}");
    }
    let help = run(load, &["--help"]);
    let stdout = String::from_utf8_lossy(&help.stdout);
    assert_eq!(help.status.code(), Some(0), "{stdout}");
    for option in [
        "--addr",
        "--kind",
        "--clients",
        "--seconds",
        "--level",
        "--sources",
    ] {
        assert!(stdout.contains(option), "the help names {option}: {stdout}");
    }
}

#[test]
fn the_probe_refuses_a_scenario_it_has_not() {
    let probe = env!("CARGO_BIN_EXE_halma-web-probe");
    for args in [
        &[][..],
        &["nonsense"],
        &["long-reads", "--plies", "many"],
        &["engine-flood", "--flooders", "241"],
        &["db-outage"],
    ] {
        let output = run(probe, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--help"),
            "points to the help: {args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "nothing started: {args:?}");
    }
    let help = run(probe, &["--help"]);
    let stdout = String::from_utf8_lossy(&help.stdout);
    for scenario in [
        "long-reads",
        "engine-flood",
        "busy-flood",
        "stale-moves",
        "db-outage",
    ] {
        assert!(
            stdout.contains(scenario),
            "the help names {scenario}: {stdout}"
        );
    }
}

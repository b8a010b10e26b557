//! The match against engines in other programs (`exec:` players): the `engine` binary plays
//! whole games, and a program that fails loses its games by forfeit instead of stopping or
//! hanging the match.

#![cfg(unix)]

mod common;

use common::run_match;
use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A shell script with `body`, executable, in a fresh folder of its own.
fn script(body: &str) -> PathBuf {
    static SCRIPTS: AtomicUsize = AtomicUsize::new(0);
    let number = SCRIPTS.fetch_add(1, Ordering::SeqCst);
    let name = format!("halma-exec-{}-{number}", std::process::id());
    let folder = std::env::temp_dir().join(name);
    fs::create_dir_all(&folder).unwrap();
    let path = folder.join("engine.sh");
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `match` between `depth:1` (A) and a script with `body` (B) over 2 short games, with
/// `extra` options: checks that B forfeited both games with a reason containing `reason`.
fn forfeited(body: &str, reason: &str, extra: &[&str]) {
    let path = script(body);
    let player = format!("exec:{}:depth:1", path.display());
    let mut args = vec!["--a", "depth:1", "--b", &player, "--games", "2"];
    args.extend(["--max-plies", "20"]);
    args.extend(extra);
    let stdout = run_match(&args);
    if let Some(folder) = path.parent() {
        let _ = fs::remove_dir_all(folder);
    }
    assert!(stdout.contains("): fA fA"), "{stdout}");
    assert!(
        stdout.contains("won by forfeit: by A 2, by B 0"),
        "{stdout}"
    );
    for game in ["game   0: exec:", "game   1: exec:"] {
        let line = stdout.lines().find(|line| line.starts_with(game));
        let line = line.unwrap_or_else(|| panic!("no forfeit of {game:?}:\n{stdout}"));
        assert!(
            line.contains("forfeits: ") && line.contains(reason),
            "{line}"
        );
    }
}

#[test]
fn the_engine_program_plays_whole_games_against_the_engine() {
    let player = format!("exec:{}:depth:2", env!("CARGO_BIN_EXE_engine"));
    let stdout = run_match(&[
        "--a",
        "depth:2",
        "--b",
        &player,
        "--games",
        "2",
        "--max-plies",
        "24",
    ]);
    assert!(
        !stdout.contains("forfeits") && !stdout.contains("won by forfeit"),
        "{stdout}"
    );
    // Both games reach the cap: 10 moves of each player after the 4 opening plies.
    assert!(
        stdout.contains("game length: median 24 plies (min 24, max 24)"),
        "{stdout}"
    );
    assert!(stdout.contains("B move time: median"), "{stdout}");
    assert!(stdout.contains("over 20 moves"), "{stdout}");
}

#[test]
fn a_program_answering_garbage_loses() {
    forfeited(
        "while read line; do echo 'hello there'; done",
        "garbage: \"hello there\"",
        &[],
    );
}

#[test]
fn a_program_that_exits_loses() {
    forfeited("exit 3", "exit status: 3", &[]);
}

#[test]
fn a_silent_program_loses_at_the_move_timeout() {
    forfeited(
        "while read line; do :; done",
        "no answer within 0.3 s",
        &["--move-timeout", "0.3"],
    );
}

#[test]
fn a_program_playing_an_illegal_move_loses() {
    let body = "while read request rest; do\n\
                case $request in\n\
                position) echo ok ;;\n\
                go) echo 'info thinking'; echo 'bestmove a8-a9 score 0' ;;\n\
                quit) exit 0 ;;\n\
                esac\n\
                done";
    forfeited(body, "it played \"a8-a9\": illegal move", &[]);
}

#[test]
fn a_program_refusing_the_position_loses() {
    let body = "while read line; do echo 'error not today'; done";
    forfeited(body, "it answered error not today to the position", &[]);
}

#[test]
fn the_engine_program_answers_each_request_on_a_line_and_quits() {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(["--table-mb", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine runs");
    let requests = b"hello\n\xff\nposition start moves l2-k3\ngo depth:1\nquit\ngo depth:1\n";
    engine.stdin.take().unwrap().write_all(requests).unwrap();
    let output = engine.wait_with_output().unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[0].starts_with("error unknown request \"hello\""),
        "{stdout}"
    );
    assert!(lines[1].starts_with("error unknown request"), "{stdout}");
    assert_eq!(lines[2], "ok");
    assert!(
        lines[3].starts_with("bestmove ") && lines[3].contains(" depth 1 "),
        "{stdout}"
    );
}

//! The match tool's log and SPRT: an interrupted match resumes from its log without playing
//! a logged game again, and a match under an SPRT stops once a bound is crossed.

mod common;

use common::run_match;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// A path for a log in the temporary folder, no file there yet.
fn log_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("halma-match-{}-{name}.log", std::process::id()));
    let _ = fs::remove_file(&path);
    path
}

/// The game lines of the log at `path`.
fn games(path: &PathBuf) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_match_resumes_from_its_log() {
    let path = log_path("resume");
    let log = path.to_str().unwrap();
    let base = [
        "--a",
        "greedy",
        "--b",
        "random:30+greedy",
        "--max-plies",
        "300",
    ];
    let first = run_match(&[&base[..], &["--games", "4", "--log", log]].concat());
    assert!(!first.contains("resumed"), "{first}");
    let logged = games(&path);
    assert_eq!(logged.len(), 4);
    let second = run_match(&[&base[..], &["--games", "6", "--log", log]].concat());
    assert!(second.contains("resumed 4 games"), "{second}");
    assert_eq!(games(&path)[..4], logged[..]);
    assert_eq!(games(&path).len(), 6);
    // The report counts every game, the resumed ones too.
    assert!(
        second.contains("score ") && second.contains("/6 "),
        "{second}"
    );
    // The same games as a match played at once.
    let whole = log_path("whole");
    run_match(
        &[
            &base[..],
            &["--games", "6", "--log", whole.to_str().unwrap()],
        ]
        .concat(),
    );
    let mut resumed = games(&path);
    let mut at_once = games(&whole);
    let without_times = |lines: &mut Vec<String>| {
        for line in lines.iter_mut() {
            let fields: Vec<&str> = line.split('\t').collect();
            *line = [fields[0], fields[1], fields[2], fields[5]].join("\t");
        }
        lines.sort();
    };
    without_times(&mut resumed);
    without_times(&mut at_once);
    assert_eq!(resumed, at_once);
    // Another match refuses the log.
    let output = Command::new(env!("CARGO_BIN_EXE_match"))
        .args([
            "--a", "greedy", "--b", "random", "--games", "2", "--log", log,
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("another match"));
    for path in [path, whole] {
        fs::remove_file(path).unwrap();
    }
}

#[test]
fn an_sprt_stops_the_match_at_its_bound() {
    // Greedy against a random mover wins every pair: H1 is accepted long before 200 games.
    let args = [
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "200",
        "--max-plies",
        "200",
    ];
    let stdout = run_match(&[&args[..], &["--sprt", "0,100"]].concat());
    let last = stdout
        .lines()
        .rfind(|line| line.starts_with("SPRT"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(last.contains("H1 accepted"), "{stdout}");
    assert!(last.contains("bounds -2.94, 2.94"), "{last}");
    let by_game = stdout
        .lines()
        .find(|line| line.starts_with("by game"))
        .unwrap();
    let (_, codes) = by_game.rsplit_once("): ").unwrap();
    let played = codes.split(' ').count();
    assert!((4..40).contains(&played), "{played} games: {stdout}");
}

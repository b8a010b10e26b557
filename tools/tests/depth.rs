//! The `depth` screen: each player's mean depth, and usage errors instead of panics.

use std::process::{Command, Output};

fn depth(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_depth"))
        .args(args)
        .output()
        .expect("the tool runs")
}

#[test]
fn each_player_gets_its_mean_depth_over_the_same_positions() {
    let output = depth(&["1", "7", "depth:2", "depth:3,threads=2", "nodes:1+depth:4"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let count = lines[0].rsplit(" over ").next().unwrap();
    assert!(
        count.ends_with(" positions") && count != "0 positions",
        "{stdout}"
    );
    assert!(
        lines[0].starts_with("depth:2: mean depth 2.000 over"),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("depth:3,threads=2: mean depth 3.000 over"),
        "{stdout}"
    );
    // A node limit of 1 stops the search in its first iteration.
    assert!(
        lines[2].starts_with("nodes:1+depth:4: mean depth "),
        "{stdout}"
    );
    assert!(!lines[2].contains("mean depth 4.000"), "{stdout}");
    for line in &lines {
        assert!(line.ends_with(count), "{stdout}");
    }
}

#[test]
fn bad_arguments_get_an_error_and_exit_code_2() {
    for args in [
        &[][..],
        &["1"],
        &["1", "2"],
        &["x", "2", "depth:2"],
        &["1", "-2", "depth:2"],
        &["1", "2", "depth:2,threads=0"],
        &["1", "2", "nonsense"],
    ] {
        let output = depth(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("--help"));
    }
}

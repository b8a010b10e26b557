//! The terminal game, driven through stdin and stdout like a player would.
//!
//! Cargo builds the binary for this test (`CARGO_BIN_EXE_halma-play`). The computer
//! searches at level 1 and depth 1, so every run is quick and plays the same way; the
//! assertions never depend on time, nor on which move the computer picks.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use common::*;
use halma::{Game, Position};

#[test]
fn a_move_gets_a_reply_and_undo_takes_both_back() {
    let out = play("l2-k3\nundo\nboard\nquit\n");
    assert!(out.contains("x> l2-k3\nyou play l2-k3\n"), "{out}");
    let reply = line_starting(&out, "computer (o) plays ");
    let mv = reply["computer (o) plays ".len()..]
        .split_whitespace()
        .next()
        .expect("a move");
    let mut game = Game::new();
    game.play_text("l2-k3").expect("legal");
    game.play_text(mv).expect("the computer's reply is legal");
    assert!(out.contains(&format!("took back l2-k3 {mv}\n")), "{out}");
    let boards = boards(&out);
    assert_eq!(boards.len(), 4, "{out}");
    // The start, after the reply, after undo, on request.
    assert_eq!(boards[2], boards[0]);
    assert_eq!(boards[3], boards[0]);
    assert_ne!(boards[1], boards[0]);
    assert!(out.ends_with("x> quit\nbye\n"), "{out}");
}

#[test]
fn the_board_shows_camps_labels_and_the_last_move() {
    let out = play("n4-n5\nquit\n");
    let boards = boards(&out);
    let start: Vec<&str> = boards[0].lines().collect();
    assert_eq!(start[1], "16  o o o o o . . . . . . . . . . .  16");
    assert_eq!(start[16], " 1  . . . . . . . . . . . x x x x x  1");
    // After n4-n5 and the reply, n4 is an empty camp square of x, shown as `+`.
    let after: Vec<&str> = boards[1].lines().collect();
    assert_eq!(&after[13][3..], " . . . . . . . . . . . . . + x x  4");
    // The computer's move: its origin starred, its piece in capitals.
    let last = line_starting(&out, "last move: o ");
    let mv: halma::Move = last["last move: o ".len()..]
        .split_whitespace()
        .next()
        .and_then(|text| text.parse().ok())
        .expect("a from-to move");
    let cell = |square: halma::Square| {
        let row = after[16 - square.rank_of().index() as usize];
        row.as_bytes()[4 + 2 * square.file_of().index() as usize] as char
    };
    assert_eq!(cell(mv.from), '*', "{out}");
    assert_eq!(cell(mv.to), 'O', "{out}");
    assert!(out.contains("+ empty camp square"), "{out}");
}

#[test]
fn moves_lists_where_a_piece_can_go() {
    let out = play("moves n2\nn2\nmoves e15\nmoves h8\nmoves p1\nmoves z9\nmoves\nquit\n");
    assert!(out.contains("x> moves n2\nn2 can go to l4\n"), "{out}");
    assert!(out.contains("x> n2\nn2 can go to l4\n"), "{out}");
    assert!(
        out.contains("e15 holds a piece of the computer (o)"),
        "{out}"
    );
    assert!(out.contains("h8 is empty"), "{out}");
    assert!(out.contains("the piece on p1 cannot move"), "{out}");
    assert!(out.contains("\"z9\" is not a square"), "{out}");
    // Without a square: one line per piece that can move, 40 moves in all.
    let listed: usize = out
        .lines()
        .skip_while(|line| *line != "x> moves")
        .skip(1)
        .take_while(|line| !line.starts_with("x> "))
        .map(|line| line.split_whitespace().count() - 1)
        .sum();
    assert_eq!(listed, 40, "{out}");
}

#[test]
fn bad_input_gets_one_line_and_the_prompt_again() {
    let out =
        play("hello\nl2-l2\np1-p6\nzz-k3\nlevel 11\nlevel x\nhint me\nsave\nnew q\nl2-k3\nquit\n");
    let expected = [
        (
            "hello",
            "\"hello\" is neither a move (like l2-k3) nor a command",
        ),
        ("l2-l2", "illegal move: l2 is both origin and destination"),
        ("p1-p6", "illegal move: the piece on p1 cannot reach p6"),
        ("zz-k3", "invalid move text: expected a square"),
        ("level 11", "\"11\" is not a level: choose 1 to 10"),
        ("level x", "\"x\" is not a level"),
        ("hint me", "hint takes no argument"),
        ("save", "save needs a file name"),
        ("new q", "\"q\" is not a side"),
    ];
    for (input, message) in expected {
        let echoed = format!("x> {input}\n");
        let at = out
            .find(&echoed)
            .unwrap_or_else(|| panic!("{input:?} not echoed:\n{out}"));
        let rest = &out[at + echoed.len()..];
        let (line, next) = rest.split_once('\n').expect("a message line");
        assert!(line.starts_with(message), "{input:?} gave {line:?}");
        assert!(
            next.starts_with("x> "),
            "{input:?}: no prompt after {line:?}"
        );
    }
    // And the game goes on.
    assert!(out.contains("you play l2-k3\n"), "{out}");
    line_starting(&out, "computer (o) plays ");
}

#[test]
fn save_then_load_restores_the_game() {
    let file = temp_file("save-load.txt");
    let name = file.to_str().expect("a utf-8 temp path");
    let input = format!("l2-k3\nsave {name}\nboard\nnew\nload {name}\nundo\nquit\n");
    let out = play(&input);
    let record = std::fs::read_to_string(&file).expect("the game was saved");
    std::fs::remove_file(&file).expect("remove the record");
    assert!(
        out.contains(&format!("saved the game (2 moves) to {name}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("loaded {name}: 2 moves, x to move\n")),
        "{out}"
    );
    // The record: its result, then the two moves, numbered.
    let mut lines = record.lines();
    assert_eq!(lines.next(), Some("[Result \"*\"]"));
    assert_eq!(lines.next(), Some(""));
    assert!(
        lines
            .next()
            .is_some_and(|moves| moves.starts_with("1. l2-k3 "))
    );
    assert_eq!(lines.next(), Some("*"));
    assert_eq!(lines.next(), None);
    let game = Game::from_record(&record).expect("a valid record");
    assert_eq!(game.moves().len(), 2);
    // boards: start, after the reply, `board`, `new`, `load`, `undo`.
    let boards = boards(&out);
    assert_eq!(boards.len(), 6, "{out}");
    assert_eq!(boards[4], boards[2], "load shows the saved game");
    assert_eq!(boards[3], boards[0], "new starts again");
    assert_eq!(boards[5], boards[0], "the loaded game has its history");
}

#[test]
fn load_refuses_missing_files_and_bad_records() {
    let file = temp_file("bad-record.txt");
    let name = file.to_str().expect("a utf-8 temp path");
    let start = Position::start();
    std::fs::write(&file, format!("{start}\nl2-k3 l1-l2\n")).expect("write");
    let missing = temp_file("missing.txt");
    let missing = missing.to_str().expect("a utf-8 temp path");
    let out = play(&format!("load {name}\nload {missing}\nquit\n"));
    std::fs::remove_file(&file).expect("remove the record");
    assert!(
        out.contains(&format!(
            "cannot load {name}: move 2 (l1-l2) on line 2 of the game record cannot be played"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("cannot read {missing}: ")), "{out}");
}

#[test]
fn end_of_input_quits_cleanly() {
    let out = play("l2-k3\n");
    assert!(out.ends_with("x> \nbye\n"), "{out}");
    let out = play("");
    assert!(out.ends_with("x> \nbye\n"), "{out}");
}

#[test]
fn playing_o_lets_the_computer_open() {
    let out = play_with(&["--side", "o"], "undo\nquit\n");
    let first_prompt = out.find("o> ").expect("a prompt");
    let reply = out.find("computer (x) plays ").expect("the computer opens");
    assert!(reply < first_prompt, "{out}");
    assert!(
        out.contains("o> undo\nnothing to undo: you have not moved yet\n"),
        "{out}"
    );
    assert!(out.contains("you are o (home camp top left)"), "{out}");
}

#[test]
fn hint_suggests_a_legal_move() {
    let out = play("hint\nquit\n");
    let hint = line_starting(&out, "hint: ");
    let mv = hint["hint: ".len()..]
        .split_whitespace()
        .next()
        .expect("a move");
    assert!(Game::new().play_text(mv).is_ok(), "{hint}");
}

#[test]
fn a_win_is_announced() {
    let game = one_step_from_winning();
    let file = temp_file("win.txt");
    std::fs::write(&file, game.to_record()).expect("write");
    let name = file.to_str().expect("a utf-8 temp path");
    let out = play(&format!(
        "load {name}\nb11-b12\nmoves b12\nl2-k3\nundo\nquit\n"
    ));
    std::fs::remove_file(&file).expect("remove the record");
    assert!(
        out.contains("game over: x wins: all 19 pieces in the goal camp (you win)\n"),
        "{out}"
    );
    assert!(out.contains("x> moves b12\nthe game is over"), "{out}");
    assert!(out.contains("x> l2-k3\nthe game is over"), "{out}");
    assert!(out.contains("x> undo\ntook back b11-b12\n"), "{out}");
}

#[test]
fn a_blocked_repetition_draw_is_explained() {
    let game = blocked_repetition();
    assert!(game.outcome().is_over());
    let file = temp_file("blocked.txt");
    std::fs::write(&file, game.to_record()).expect("write");
    let name = file.to_str().expect("a utf-8 temp path");
    let out = play(&format!("load {name}\nquit\n"));
    std::fs::remove_file(&file).expect("remove the record");
    assert!(
        out.contains(
            "game over: draw by threefold repetition: x is blocked, o keeps a16 in its home camp"
        ),
        "{out}"
    );
}

#[test]
fn help_lists_the_commands() {
    let out = play("help\nquit\n");
    for command in [
        "moves [SQUARE]",
        "hint",
        "undo",
        "level [N]",
        "new",
        "save FILE",
        "load FILE",
        "quit",
    ] {
        assert!(out.contains(command), "{command} missing:\n{out}");
    }
}

#[test]
fn the_command_line_is_checked() {
    let help = run(&["--help"], "");
    assert!(help.status.success());
    assert!(help.stdout.contains("--side <x|o>"), "{}", help.stdout);
    for args in [
        &["--side", "z"][..],
        &["--level", "0"],
        &["--level"],
        &["--frobnicate"],
    ] {
        let run = run(args, "");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?}");
    }
}

/// Ctrl-C at the prompt leaves with exit code 0.
#[cfg(unix)]
#[test]
fn ctrl_c_at_the_prompt_quits_cleanly() {
    // At the prompt the game waits for input, with the Ctrl-C handler in place.
    let (mut game, _) = Driver::start(&FAST);
    interrupt(game.child.id());
    let mut rest = String::new();
    game.stdout.read_to_string(&mut rest).expect("output");
    let status = game.child.wait().expect("the game ends");
    assert_eq!(status.code(), Some(0), "{rest}");
    assert_eq!(rest, "\nbye\n");
}

/// Sends SIGINT, as Ctrl-C does.
#[cfg(unix)]
fn interrupt(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Ctrl-C while the computer thinks makes it play its best move so far, and the game goes
/// on. The search has ten minutes, so only the interrupt can end it.
#[cfg(unix)]
#[test]
fn ctrl_c_while_the_computer_thinks_makes_it_move() {
    let mut child = game(&[])
        .args(["--side", "o", "--movetime", "600000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut transcript = String::new();
    while !transcript.ends_with("the computer (x) thinks...\n") {
        let read = stdout.read_line(&mut transcript).expect("output");
        assert!(read > 0, "the computer never thought:\n{transcript}");
    }
    interrupt(child.id());
    let mut line = String::new();
    while !line.starts_with("computer (x) plays ") {
        line.clear();
        let read = stdout.read_line(&mut line).expect("output");
        assert!(read > 0, "no move after Ctrl-C:\n{transcript}");
        transcript.push_str(&line);
    }
    let mv = line["computer (x) plays ".len()..]
        .split_whitespace()
        .next()
        .expect("a move");
    assert!(Game::new().play_text(mv).is_ok(), "{line}");
    // The game goes on: end of input now quits.
    drop(child.stdin.take());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("output");
    let status = child.wait().expect("the game ends");
    assert_eq!(status.code(), Some(0), "{transcript}{rest}");
    assert!(rest.ends_with("o> \nbye\n"), "{rest}");
}

/// Piped output is plain text; on a terminal (a pseudo-terminal from `script`, where it is
/// installed) the board is coloured unless `NO_COLOR` is set.
#[test]
fn colour_only_on_a_terminal_without_no_color() {
    let piped = play("quit\n");
    assert!(!piped.contains('\x1b'), "{piped}");
    #[cfg(unix)]
    {
        if Command::new("script").arg("--version").output().is_err() {
            eprintln!("script is not installed: the terminal half of this test is skipped");
            return;
        }
        let on_terminal = |no_color: Option<&str>| {
            let command = format!("{} --depth 1", binary().display());
            let mut script = Command::new("script");
            script.args(["-qec", &command, "/dev/null"]);
            script.env_remove("NO_COLOR");
            for name in LOCALE {
                script.env_remove(name);
            }
            if let Some(value) = no_color {
                script.env("NO_COLOR", value);
            }
            let mut child = script
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("script runs");
            let mut stdin = child.stdin.take().expect("piped stdin");
            stdin.write_all(b"quit\n").expect("the game reads");
            drop(stdin);
            let output = child.wait_with_output().expect("script ends");
            assert!(output.status.success());
            String::from_utf8_lossy(&output.stdout).into_owned()
        };
        let coloured = on_terminal(None);
        assert!(coloured.contains("\x1b[1;38;5;203"), "{coloured}");
        let plain = on_terminal(Some("1"));
        assert!(plain.contains("bye"), "{plain}");
        assert!(!plain.contains("\x1b[1;38;5;203"), "{plain}");
    }
}

/// The player follows the computer's hints until the game ends: a whole game goes through
/// the terminal, and its end is announced.
#[test]
fn a_whole_game_ends_with_its_announcement() {
    let (mut game, _) = Driver::start(&["--depth", "1"]);
    let mut plies = 0;
    let ending = loop {
        assert!(plies < 2000, "the game did not end in {plies} plies");
        let hint = game.say("hint");
        let mv = line_starting(&hint, "hint: ")["hint: ".len()..]
            .split_whitespace()
            .next()
            .expect("a hint")
            .to_owned();
        let answer = game.say(&mv);
        plies += 2;
        if let Some(at) = answer.find("game over: ") {
            break answer[at..].lines().next().expect("a line").to_owned();
        }
    };
    assert!(
        ending.starts_with("game over: x wins: all 19 pieces in the goal camp")
            || ending.starts_with("game over: o wins: all 19 pieces in the goal camp")
            || ending.starts_with("game over: draw"),
        "{ending}"
    );
    let after = game.say("hint");
    assert!(after.starts_with("hint\nthe game is over"), "{after}");
    writeln!(game.stdin, "quit").expect("the game reads");
    let status = game.child.wait().expect("the game ends");
    assert_eq!(status.code(), Some(0));
}

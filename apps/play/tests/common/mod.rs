//! What the terminal game's tests share: the binary started as a player would start it (in a
//! clean environment: no locale variables, no colour), runs and conversations with it, and
//! positions to load.
#![allow(dead_code)]

use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

use halma::{Game, Position};

/// The column header above and below the board.
pub const FILES: &str = "    a b c d e f g h i j k l m n o p";
/// Quick, repeatable computer play.
pub const FAST: [&str; 4] = ["--level", "1", "--depth", "1"];

/// The game's binary, built by cargo for this test.
pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_halma-play"))
}

/// What a run printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: ExitStatus,
}

/// The locale variables the game reads for its language.
pub const LOCALE: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The game as a player starts it, in a clean environment: no locale variables (so English,
/// whatever the machine's), no colour; then `env`.
pub fn game(env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(binary());
    for name in LOCALE {
        command.env_remove(name);
    }
    command.env("NO_COLOR", "1").envs(env.iter().copied());
    command
}

/// Runs the game with `args`, typing `input`, until it exits.
pub fn run(args: &[&str], input: &str) -> Run {
    run_in(args, &[], input)
}

/// [`run`] with the environment variables `env`.
pub fn run_in(args: &[&str], env: &[(&str, &str)], input: &str) -> Run {
    let mut child = game(env)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input.as_bytes()).expect("the game reads");
    drop(stdin);
    let output = child.wait_with_output().expect("the game ends");
    Run {
        stdout: String::from_utf8(output.stdout).expect("utf-8 output"),
        stderr: String::from_utf8(output.stderr).expect("utf-8 errors"),
        status: output.status,
    }
}

/// [`run`] with quick computer play, expecting a clean exit.
pub fn play(input: &str) -> String {
    play_with(&[], input)
}

/// [`play`] with extra arguments.
pub fn play_with(args: &[&str], input: &str) -> String {
    play_in(args, &[], input)
}

/// [`play_with`] with the environment variables `env`.
pub fn play_in(args: &[&str], env: &[(&str, &str)], input: &str) -> String {
    let mut all = FAST.to_vec();
    all.extend_from_slice(args);
    let run = run_in(&all, env, input);
    assert!(
        run.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        run.status,
        run.stdout,
        run.stderr
    );
    assert!(run.stderr.is_empty(), "stderr: {}", run.stderr);
    run.stdout
}

/// Every board drawn, header to footer.
pub fn boards(stdout: &str) -> Vec<String> {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut boards = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        if lines[index] == FILES && index + 17 < lines.len() && lines[index + 17] == FILES {
            boards.push(lines[index..=index + 17].join("\n"));
            index += 18;
        } else {
            index += 1;
        }
    }
    boards
}

/// The line after the first line that starts with `prefix`, or a panic with the output.
pub fn line_starting<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .find(|line| line.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in:\n{stdout}"))
}

/// A file name in the temporary directory, unique to this test process and `name`.
pub fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("halma-play-{}-{name}", std::process::id()))
}

/// Draws a position: `x` on `xs`, `o` on `os`, side to move `turn`.
pub fn position(xs: &[&str], os: &[&str], turn: char) -> Position {
    let mut rows = [['.'; 16]; 16];
    for (squares, piece) in [(xs, 'x'), (os, 'o')] {
        for name in squares {
            let square: halma::Square = name.parse().expect("a square");
            rows[square.rank_of().index() as usize][square.file_of().index() as usize] = piece;
        }
    }
    let ranks: Vec<String> = rows
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut run = 0;
            for &c in row {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        })
        .collect();
    format!("{} {turn}", ranks.join("/"))
        .parse()
        .expect("a valid position")
}

/// `o`'s home camp, `x`'s goal.
pub const O_HOME: [&str; 19] = [
    "a16", "b16", "c16", "d16", "e16", "a15", "b15", "c15", "d15", "e15", "a14", "b14", "c14",
    "d14", "a13", "b13", "c13", "a12", "b12",
];

/// x's pieces: its goal (o's home) but for `missing`, and one piece on `outside`.
pub fn goal_but(missing: &'static str, outside: &'static str) -> Vec<&'static str> {
    O_HOME
        .iter()
        .copied()
        .filter(|&s| s != missing)
        .chain([outside])
        .collect()
}

/// 18 squares in the middle of the board, away from both camps.
pub const MIDDLE: [&str; 18] = [
    "f8", "g8", "h8", "i8", "j8", "k8", "f7", "g7", "h7", "i7", "j7", "k7", "f6", "g6", "h6", "i6",
    "j6", "k6",
];

/// A conversation with a running game: type a line, read up to the next prompt.
pub struct Driver {
    pub child: std::process::Child,
    pub stdin: std::process::ChildStdin,
    pub stdout: BufReader<std::process::ChildStdout>,
}

impl Driver {
    /// Starts the game with `args`, and reads up to the first prompt.
    pub fn start(args: &[&str]) -> (Driver, String) {
        let mut child = game(&[])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the game starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut driver = Driver {
            child,
            stdin,
            stdout,
        };
        let greeting = driver.read_to_prompt();
        (driver, greeting)
    }

    /// Everything up to and including the next `x> ` prompt.
    pub fn read_to_prompt(&mut self) -> String {
        let mut seen = Vec::new();
        while !seen.ends_with(b"\nx> ") {
            let mut byte = [0];
            if self.stdout.read_exact(&mut byte).is_err() {
                panic!("the game ended:\n{}", String::from_utf8_lossy(&seen));
            }
            seen.push(byte[0]);
        }
        String::from_utf8(seen).expect("utf-8 output")
    }

    /// Types `line` and returns the answer, up to the next prompt.
    pub fn say(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").expect("the game reads");
        self.read_to_prompt()
    }
}

/// A game where x has 18 pieces in its goal and steps into the last square with b11-b12.
pub fn one_step_from_winning() -> Game {
    let xs = goal_but("b12", "b11");
    let mut os = MIDDLE.to_vec();
    os.push("h10");
    Game::from_position(position(&xs, &os, 'x'))
}

/// A game drawn by repetition: x fills its goal but for a16, which o keeps at home, and both
/// sides shuffle.
pub fn blocked_repetition() -> Game {
    let xs = goal_but("a16", "j10");
    let mut os = MIDDLE.to_vec();
    os.push("a16");
    let mut game = Game::from_position(position(&xs, &os, 'x'));
    for _ in 0..2 {
        for mv in ["j10-j11", "f6-f5", "j11-j10", "f5-f6"] {
            game.play_text(mv).expect("legal");
        }
    }
    game
}

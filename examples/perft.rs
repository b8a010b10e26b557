//! Counts the leaf nodes of the legal-move tree and reports the speed, on the 16x16 board
//! or on the star.
//!
//! ```text
//! cargo run --release --example perft -- "<position text>" <depth> [--divide]
//! cargo run --release --example perft -- start 5
//! cargo run --release --example perft -- star 6
//! cargo run --release --example perft -- "<star position text>" <depth> [--standard]
//! ```
//!
//! `start` is the 16x16 board's start, `star` the star's; any other position text is read
//! as the 16x16 board's, else as the star's (under OpenSpiel's rules, or the standard ones
//! with `--standard`).

use std::process::ExitCode;
use std::time::Instant;

use halma::{Board, Position, StarPosition, StarRules, divide, perft};

/// The count (and with `divide`, each first move's) of `position` at `depth`.
fn count<B: Board>(position: &B, depth: u32, split: bool) -> u64 {
    if !split {
        return perft(position, depth);
    }
    let moves = divide(position, depth);
    for (mv, nodes) in &moves {
        println!("{mv} {nodes}");
    }
    moves.iter().map(|(_, nodes)| nodes).sum()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft \"<position text>\"|start|star <depth> [--divide] [--standard]";
    let (Some(text), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("error: the depth must be a whole number\n{usage}");
        return ExitCode::from(2);
    };
    let flag = |name: &str| args[2..].iter().any(|arg| arg == name);
    let (split, rules) = (
        flag("--divide"),
        if flag("--standard") {
            StarRules::Standard
        } else {
            StarRules::OpenSpiel
        },
    );
    let started = Instant::now();
    let nodes = match text.as_str() {
        "start" => count(&Position::start(), depth, split),
        "star" => count(&StarPosition::start(rules), depth, split),
        _ => match text.parse::<Position>() {
            Ok(position) => count(&position, depth, split),
            Err(error) => match StarPosition::from_text(text, rules) {
                Ok(position) => count(&position, depth, split),
                Err(star_error) => {
                    eprintln!(
                        "error: not 16x16 position text ({error}), nor star position text ({star_error})"
                    );
                    return ExitCode::from(2);
                }
            },
        },
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("perft({depth}) = {nodes}");
    println!(
        "time {:.3} s, {:.1} million nodes/s",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

//! Counts the leaf nodes of the legal-move tree and reports the speed.
//!
//! ```text
//! cargo run --release --example perft -- "<position text>" <depth> [--divide]
//! cargo run --release --example perft -- start 5
//! ```

use std::process::ExitCode;
use std::time::Instant;

use halma::{Position, divide, perft};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft \"<position text>\"|start <depth> [--divide]";
    let (Some(text), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let position = if text == "start" {
        Ok(Position::start())
    } else {
        text.parse::<Position>()
    };
    let position = match position {
        Ok(position) => position,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("error: the depth must be a whole number\n{usage}");
        return ExitCode::from(2);
    };
    let started = Instant::now();
    let nodes = if args.get(2).map(String::as_str) == Some("--divide") {
        let split = divide(&position, depth);
        for (mv, nodes) in &split {
            println!("{mv} {nodes}");
        }
        split.iter().map(|(_, nodes)| nodes).sum()
    } else {
        perft(&position, depth)
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

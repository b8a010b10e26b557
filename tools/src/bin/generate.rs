//! Runs one move-generation workload over the benchmark positions again and again: what
//! `scripts/movegen-instructions.sh` counts the instructions of.
//!
//! ```text
//! cargo run --release -p halma-tools --bin generate -- <rounds> [list|count|play]
//! ```
//!
//! `list` generates the legal moves into a reused list, `count` counts them without a list,
//! `play` plays and takes back every legal move. The last line printed is the number of
//! operations (generations, or play-undo pairs).

use std::hint::black_box;
use std::process::ExitCode;

use halma::{MoveList, Position};

use halma_tools::positions;
use halma_tools::say;

/// How many times `play` mode plays and undoes each move of a position.
const PLAYS_PER_MOVE: u64 = 64;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(Ok(rounds)) = args.next().map(|a| a.parse::<u64>()) else {
        eprintln!("usage: generate <rounds> [list|count|play]");
        return ExitCode::from(2);
    };
    let mode = args.next().unwrap_or_else(|| "list".to_owned());
    let positions: Vec<Position> = positions::MOVEGEN
        .iter()
        .map(|(_, text)| text.parse().expect("benchmark positions are valid"))
        .collect();
    let mut moves = MoveList::new();
    let mut operations = 0;
    let mut checksum = 0;
    for _ in 0..rounds {
        for position in &positions {
            match mode.as_str() {
                "list" => {
                    black_box(position).generate(&mut moves);
                    checksum += moves.len() as u64;
                    operations += 1;
                }
                "count" => {
                    checksum += black_box(position).count_moves() as u64;
                    operations += 1;
                }
                "play" => {
                    let mut position = *position;
                    position.generate(&mut moves);
                    // Play and undo each move many times, so that generating costs little.
                    for _ in 0..PLAYS_PER_MOVE {
                        for &mv in black_box(&moves).iter() {
                            position.play_unchecked(mv);
                            position.undo_unchecked(mv);
                        }
                    }
                    checksum ^= position.hash();
                    operations += PLAYS_PER_MOVE * moves.len() as u64;
                }
                other => {
                    eprintln!("unknown mode {other:?}: use list, count or play");
                    return ExitCode::from(2);
                }
            }
        }
    }
    say!("checksum {checksum}");
    say!("{operations}");
    ExitCode::SUCCESS
}

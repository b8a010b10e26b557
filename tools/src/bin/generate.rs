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

use clap::{Parser, ValueEnum};

use halma::{MoveList, Position};

use halma_tools::positions;
use halma_tools::say;

/// How many times `play` mode plays and undoes each move of a position.
const PLAYS_PER_MOVE: u64 = 64;

/// One move-generation workload over the benchmark positions, again and again.
#[derive(Parser)]
#[command(name = "generate")]
struct Args {
    /// Rounds over the positions.
    rounds: u64,
    /// The workload.
    #[arg(value_enum, default_value_t = Mode::List)]
    mode: Mode,
}

/// A move-generation workload.
#[derive(Clone, Copy, ValueEnum)]
enum Mode {
    /// Generate the legal moves into a reused list.
    List,
    /// Count the legal moves without a list.
    Count,
    /// Play and take back every legal move.
    Play,
}

fn main() -> ExitCode {
    let Args { rounds, mode } = Args::parse();
    let positions: Vec<Position> = positions::MOVEGEN
        .iter()
        .map(|(_, text)| text.parse().expect("benchmark positions are valid"))
        .collect();
    let mut moves = MoveList::new();
    let mut operations = 0;
    let mut checksum = 0;
    for _ in 0..rounds {
        for position in &positions {
            match mode {
                Mode::List => {
                    black_box(position).generate(&mut moves);
                    checksum += moves.len() as u64;
                    operations += 1;
                }
                Mode::Count => {
                    checksum += black_box(position).count_moves() as u64;
                    operations += 1;
                }
                Mode::Play => {
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
            }
        }
    }
    say!("checksum {checksum}");
    say!("{operations}");
    ExitCode::SUCCESS
}

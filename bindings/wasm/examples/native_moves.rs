//! The native library's side of the WebAssembly rules test (`test/node.test.mjs`): plays
//! seeded pseudo-random games (half the moves the most forward one, so that the games reach
//! middle games and races) and prints one JSON line per position: its text and every legal
//! move as its hop path (`n2-n4-n6`), in the native generator's order.
//!
//! ```text
//! cargo run --release -p halma-wasm --example native_moves -- GAMES SEED
//! ```

use std::process::ExitCode;

use halma::{Game, Move, Side};
use halma_opponents::Rng;

/// Plies per game at most.
const MAX_PLIES: usize = 240;
/// One position of this many plies is printed.
const EVERY: usize = 4;

/// How far `mv` brings its piece towards the mover's goal corner.
fn gain(side: Side, mv: Move) -> i32 {
    let forward = (i32::from(mv.to.rank_of().index()) - i32::from(mv.from.rank_of().index()))
        - (i32::from(mv.to.file_of().index()) - i32::from(mv.from.file_of().index()));
    if side == Side::X { forward } else { -forward }
}

fn main() -> ExitCode {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let [games, seed] = args[..] else {
        eprintln!("usage: native_moves GAMES SEED");
        return ExitCode::from(2);
    };
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut game = Game::new();
        for ply in 0..MAX_PLIES {
            if game.outcome().is_over() {
                break;
            }
            let position = *game.position();
            let moves = game.legal_moves();
            if ply % EVERY == 0 {
                let paths: Vec<String> = moves
                    .iter()
                    .map(|&mv| {
                        let path = position
                            .jump_path(mv)
                            .unwrap_or_else(|| vec![mv.from, mv.to]);
                        let names: Vec<String> = path.iter().map(ToString::to_string).collect();
                        format!("\"{}\"", names.join("-"))
                    })
                    .collect();
                println!(
                    r#"{{"position":"{position}","moves":[{}]}}"#,
                    paths.join(",")
                );
            }
            let side = position.turn();
            let mv = if rng.chance(1, 2) {
                *moves
                    .iter()
                    .max_by_key(|&&mv| gain(side, mv))
                    .expect("a move")
            } else {
                moves[rng.below(moves.len())]
            };
            game.play(mv).expect("a legal move");
        }
    }
    ExitCode::SUCCESS
}

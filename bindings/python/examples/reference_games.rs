//! Generated games as the Rust library plays them, for the Python package's tests to replay
//! and compare (`tests/test_reference.py`): every position's text and legal moves, the moves
//! played, and the outcome.
//!
//! ```text
//! cargo run --release -p halma-python --example reference_games -- [games] [seed]
//! ```
//!
//! Game `n` is played by `random:K+greedy` players (random for the first K plies, then the
//! greedy racer), K growing with `n`, so the games are varied and most of them end in a win;
//! each stops at 600 plies. The output, one item a line:
//!
//! ```text
//! game 0
//! position <position text>
//! legal <the legal moves, sorted, space-separated>
//! move <the move played>
//! ...                      (position, legal, move for each ply; then the last position)
//! outcome <the outcome, as the library writes it>
//! ```

use std::process::ExitCode;

use halma::Game;
use halma_opponents::{Seat, Style};

/// The longest game played.
const MAX_PLIES: usize = 600;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut number = |default: u64| args.next().map_or(Ok(default), |text| text.parse::<u64>());
    let (Ok(games), Ok(seed)) = (number(12), number(1)) else {
        eprintln!("usage: reference_games [games] [seed]");
        return ExitCode::from(2);
    };
    for index in 0..games {
        let spec = format!("random:{}+greedy", 4 + 9 * index);
        let player = Style::parse(&spec).expect("a valid player");
        let mut seats = [
            Seat::new(&player, seed.wrapping_mul(31).wrapping_add(2 * index), 1),
            Seat::new(
                &player,
                seed.wrapping_mul(31).wrapping_add(2 * index + 1),
                1,
            ),
        ];
        println!("game {index}");
        let mut game = Game::new();
        loop {
            let position = game.position();
            let mut legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            legal.sort();
            println!("position {position}");
            println!("legal {}", legal.join(" "));
            if game.outcome().is_over() || game.moves().len() >= MAX_PLIES {
                break;
            }
            let mv = match seats[position.turn().index()].choose(&game) {
                Ok(mv) => mv,
                Err(_) => {
                    eprintln!("error: {spec} found no move");
                    return ExitCode::FAILURE;
                }
            };
            game.play(mv).expect("players play legal moves");
            println!("move {mv}");
        }
        println!("outcome {}", game.outcome());
    }
    ExitCode::SUCCESS
}

//! The engine's speed natively, for `bench/figures.py` to set beside the same searches from
//! Python: the bench positions of the tools (those whose armies still meet: a separated race
//! is the race solver's, not the search's), each searched to a depth by one engine, as
//! `halma.Engine().search(game, depth=...)` does.
//!
//! ```text
//! cargo run --release -p halma-python --example search_speed -- [depth]
//! ```
//!
//! One line a position: `<nodes> <seconds> <position text>`.

use std::process::ExitCode;

use halma::{Engine, Game, Limits, Position};
use halma_tools::positions;

fn main() -> ExitCode {
    let depth = match std::env::args().nth(1).map(|text| text.parse::<u32>()) {
        None => 7,
        Some(Ok(depth)) if depth > 0 => depth,
        _ => {
            eprintln!("usage: search_speed [depth]  (a whole number from 1)");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine::new();
    for (name, text) in positions::SEARCH {
        let position: Position = text.parse().expect("the bench positions are valid");
        if halma::race::separated(&position) {
            continue;
        }
        match engine.search(&Game::from_position(position), &Limits::depth(depth)) {
            Ok(result) => println!("{} {:.6} {text}", result.nodes, result.time.as_secs_f64()),
            Err(error) => {
                eprintln!("error: position {name}: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

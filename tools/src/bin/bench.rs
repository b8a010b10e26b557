//! The search signature: fixed positions searched to a fixed depth, the total node count and
//! the speed. The node count changes only when the search does (depth-limited searches are
//! deterministic); the speed depends on the machine.
//!
//! ```text
//! cargo run --release -p halma-tools --bin bench [-- <depth> [setting=value,...]]
//! ```
//!
//! The depth is 8 by default; the contempt 0. The race solver is off (`race_solver=on` puts it back): the
//! bench measures the alpha-beta search, also in its separated endgame position.
//! `threads=N` searches on N threads (the node count is then not a signature: threads race
//! each other); the time is then the time to the depth.

use std::process::ExitCode;
use std::time::Instant;

use halma::search::Params;
use halma::{Engine, Game, Limits, Position};

use halma_tools::positions;
use halma_tools::say;

fn main() -> ExitCode {
    let usage =
        "usage: bench [depth] [setting=value,...]  (depth a whole number from 1; threads=N too)";
    let mut args = std::env::args().skip(1);
    let depth = match args.next() {
        None => 8,
        Some(text) => match text.parse::<u32>() {
            Ok(depth) if depth > 0 => depth,
            _ => {
                eprintln!("{usage}");
                return ExitCode::from(2);
            }
        },
    };
    // Experimental settings (see `halma::search::Params`), for comparing search variants.
    let mut options = Params {
        race_solver: false,
        ..Params::default()
    };
    let mut threads = 1;
    for setting in args.next().iter().flat_map(|text| text.split(',')) {
        let result = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))
            .and_then(|(name, value)| match name {
                "threads" => value
                    .parse()
                    .map(|n| threads = n)
                    .map_err(|_| format!("threads takes a whole number, not {value:?}")),
                _ => options.set(name, value),
            });
        if let Err(error) = result {
            eprintln!("error: {error}\n{usage}");
            return ExitCode::from(2);
        }
    }
    let limits = Limits::depth(depth).with_params(options);
    let mut engine = Engine::new();
    engine.set_threads(threads);
    // A draw scored as an even game: the signature measures the search alone.
    engine.set_contempt(0);
    let mut total_nodes = 0;
    let started = Instant::now();
    for (name, text) in positions::SEARCH {
        let position: Position = match text.parse() {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error: position {name}: {error}");
                return ExitCode::FAILURE;
            }
        };
        let game = Game::from_position(position);
        let result = match engine.search(&game, &limits) {
            Ok(result) => result,
            Err(error) => {
                eprintln!("error: position {name}: {error}");
                return ExitCode::FAILURE;
            }
        };
        say!(
            "{name:<11} depth {} move {} score {:>6} nodes {:>10} time {:>8.1} ms",
            result.depth,
            result.best_move,
            result.score,
            result.nodes,
            result.time.as_secs_f64() * 1e3
        );
        total_nodes += result.nodes;
    }
    let seconds = started.elapsed().as_secs_f64();
    say!("{total_nodes} nodes");
    say!("{:.1} ms to depth {depth}", seconds * 1e3);
    say!("{:.0} nodes/s", total_nodes as f64 / seconds.max(1e-9));
    ExitCode::SUCCESS
}

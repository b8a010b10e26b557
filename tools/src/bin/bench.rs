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

use clap::Parser;

use halma::search::Params;
use halma::{Engine, Game, Limits, Position};

use halma_tools::positions;
use halma_tools::say;

/// The search signature: fixed positions searched to a fixed depth.
#[derive(Parser)]
#[command(name = "bench")]
struct Args {
    /// The depth of every search.
    #[arg(default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Search settings as `name=value,...` (`halma::search::Params`, and `threads=N`).
    #[arg(value_name = "SETTINGS", default_value = "", value_parser = settings)]
    settings: Settings,
}

/// The settings of the command line: the search's parameters and its threads.
#[derive(Clone)]
struct Settings {
    params: Params,
    threads: usize,
}

/// The settings `text` names, over the bench's defaults (the race solver off).
fn settings(text: &str) -> Result<Settings, String> {
    let mut settings = Settings {
        params: Params {
            race_solver: false,
            ..Params::default()
        },
        threads: 1,
    };
    for setting in text.split(',').filter(|setting| !setting.is_empty()) {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
        match name {
            "threads" => {
                settings.threads = value
                    .parse()
                    .map_err(|_| format!("threads takes a whole number, not {value:?}"))?
            }
            _ => settings.params.set(name, value)?,
        }
    }
    Ok(settings)
}

fn main() -> ExitCode {
    let Args {
        depth,
        settings: Settings { params, threads },
    } = Args::parse();
    let limits = Limits::depth(depth).with_params(params);
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

//! The search signature: fixed positions searched to a fixed depth, the total node count and
//! the speed. The node count changes only when the search does (depth-limited searches are
//! deterministic); the speed depends on the machine.
//!
//! ```text
//! cargo run --release --example bench [-- <depth> [setting=value,...]]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use halma::search::Options;
use halma::{Engine, Game, Limits, Position};

/// (name, position text): the start, an opening, crowded middle games, a race, a late race
/// and an endgame.
const POSITIONS: [(&str, &str); 7] = [
    (
        "start",
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
    ),
    (
        "opening",
        "o2oo11/o1oo12/ooo2o10/ooo3oo8/oo14/9o6/10o5/16/11x4/12x3/11xx3/13xxx/12xx2/11xxx1x/12xx2/10xxx1x1 x",
    ),
    (
        "crowded",
        "3oo11/o3o11/1o3o10/1o14/1o1o2oxx7/2o3xo8/8o1x5/8ooxx4/8x1xx4/8ooxx1o2/11x4/9ox2x1x/11x4/11x3x/16/10x5 x",
    ),
    (
        "middlegame",
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    ),
    (
        "race",
        "1xx13/xxoxx1x9/1x3o10/6x9/x6x1x6/6ox1x6/3o12/4o3o2o4/8o1x1o3/9o1o1o2/12o1x1/9o2ox1o/14oo/11x4/11o4/10x5 x",
    ),
    (
        "late",
        "xxxx2x9/xx1xx11/1x1x1x10/6xx8/x4xo1o7/7o8/8x7/4o4x6/5o10/16/10o1o3/15o/14oo/13ooo/11oo2o/10xo1oo1 x",
    ),
    (
        "endgame",
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
    ),
];

fn main() -> ExitCode {
    let usage = "usage: bench [depth] [setting=value,...]  (depth a whole number from 1)";
    let mut args = std::env::args().skip(1);
    let depth = match args.next() {
        None => 6,
        Some(text) => match text.parse::<u32>() {
            Ok(depth) if depth > 0 => depth,
            _ => {
                eprintln!("{usage}");
                return ExitCode::from(2);
            }
        },
    };
    // Experimental settings (see `halma::search::Options`), for comparing search variants.
    let mut options = Options::default();
    for setting in args.next().iter().flat_map(|text| text.split(',')) {
        let result = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))
            .and_then(|(name, value)| options.set(name, value));
        if let Err(error) = result {
            eprintln!("error: {error}\n{usage}");
            return ExitCode::from(2);
        }
    }
    let limits = Limits::depth(depth).with_options(options);
    let mut engine = Engine::new();
    let mut total_nodes = 0;
    let started = Instant::now();
    for (name, text) in POSITIONS {
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
        println!(
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
    println!("{total_nodes} nodes");
    println!("{:.0} nodes/s", total_nodes as f64 / seconds.max(1e-9));
    ExitCode::SUCCESS
}

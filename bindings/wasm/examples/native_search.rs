//! The native library's side of the WebAssembly comparisons (`test/node.test.mjs`,
//! `test/speed.mjs`): searches the bench positions (`halma_tools::positions::SEARCH`) at a
//! depth or a node count, on one thread with a default engine (its table cleared by every
//! depth- or node-limited search), and prints one JSON line per search: the position, the
//! limits, the move, the depth, the node count and the shortest time of `REPEAT` runs (1 by
//! default): the thread's CPU time where Linux tells it (`/proc/thread-self/schedstat`, so
//! that other processes on a shared machine count less), else the wall clock. The JS side
//! searches the same, checks that the moves and node counts agree and compares the speed.
//!
//! ```text
//! cargo run --release -p halma-wasm --example native_search -- depth 7
//! cargo run --release -p halma-wasm --example native_search -- nodes 200000 5
//! ```

use std::process::ExitCode;
use std::time::Instant;

use halma::{Engine, Game, Limits, Position};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: native_search (depth N | nodes N) [REPEAT]";
    let number = |text: &String| text.parse::<u64>().ok().filter(|&n| n > 0);
    let (kind, count, repeat) = match args.as_slice() {
        [kind, count, rest @ ..] if (kind == "depth" || kind == "nodes") && rest.len() <= 1 => {
            match (number(count), rest.first().map_or(Some(1), number)) {
                (Some(count), Some(repeat)) => (kind.as_str(), count, repeat),
                _ => {
                    eprintln!("{usage}");
                    return ExitCode::from(2);
                }
            }
        }
        _ => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let limits = if kind == "depth" {
        Limits::depth(u32::try_from(count).unwrap_or(u32::MAX))
    } else {
        Limits::nodes(count)
    };
    let mut engine = Engine::new();
    for (name, text) in halma_tools::positions::SEARCH {
        let position: Position = text.parse().expect("the bench positions read");
        let game = Game::from_position(position);
        let mut ms = f64::INFINITY;
        let mut found = None;
        for _ in 0..repeat {
            let started = (Instant::now(), cpu_ms());
            let result = engine
                .search(&game, &limits)
                .expect("the bench positions are in play");
            let took = match (started.1, cpu_ms()) {
                (Some(before), Some(after)) => after - before,
                _ => started.0.elapsed().as_secs_f64() * 1e3,
            };
            ms = ms.min(took);
            found = Some(result);
        }
        let result = found.expect("at least one run");
        println!(
            r#"{{"name":"{name}","position":"{text}","limits":{{"{kind}":{count}}},"move":"{}","depth":{},"nodes":{},"ms":{ms:.3}}}"#,
            result.best_move,
            // The module's `depth`: the race's plies when the race solver chose the move.
            result.plies_ahead(),
            result.nodes
        );
    }
    ExitCode::SUCCESS
}

/// The CPU time of this thread so far, in milliseconds, where Linux tells it.
fn cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e6)
}

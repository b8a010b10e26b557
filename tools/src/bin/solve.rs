//! Solves the race of a position whose armies have passed each other: each side's least
//! number of moves to fill its goal camp, who wins the race, and an optimal sequence.
//!
//! ```text
//! cargo run --release -p halma-tools --bin solve -- "POSITION"
//! cargo run --release -p halma-tools --bin solve -- --side x "POSITION"
//! cargo run --release -p halma-tools --bin solve -- --bench [FILE]
//! ```
//!
//! `--side x|o` solves that side alone on the whole board, separated or not. `--bench`
//! solves both sides of every position of FILE (default: `tests/data/races.txt`, race
//! positions from engine games) and prints, for each, the pieces outside the goal, the
//! count or its bounds, the nodes and the time, then the reach: the most pieces outside
//! and moves solved exactly within 100 ms and within 1 s. Options: `--ms N` (the budget of
//! each solve, default 10000 for a position, 1000 for `--bench`), `--nodes N`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use std::time::{Duration, Instant};

use halma::race::{self, Budget, Count, Puzzle, Solver};
use halma::{Move, Position, Side};
use halma_tools::progress::Progress;
use halma_tools::say;

/// The race positions of the bench, one position text a line (`#` comments).
const RACES: &str = include_str!("../../../tests/data/races.txt");

/// Solves the race of a position whose armies have passed each other.
#[derive(Parser)]
#[command(name = "solve")]
struct Args {
    /// The position (its text, as `Position` prints it).
    #[arg(required_unless_present = "bench")]
    position: Option<Position>,
    /// Solve this side alone on the whole board, separated or not.
    #[arg(long, value_name = "x|o", requires = "position")]
    side: Option<Side>,
    /// Solve both sides of every position of FILE (the bench's race positions by default).
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with_all = ["position", "side"])]
    bench: Option<Option<PathBuf>>,
    /// The budget of each solve in milliseconds (10000 for a position, 1000 for --bench).
    #[arg(long)]
    ms: Option<u64>,
    /// The most nodes of each solve.
    #[arg(long)]
    nodes: Option<u64>,
    /// No progress bar for --bench.
    #[arg(long)]
    quiet: bool,
}

/// The moves as text.
fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A count in words: exact, or bracketed.
fn describe(count: &Count) -> String {
    match (count.exact(), count.upper()) {
        (Some(exact), _) => format!("{exact} moves"),
        (None, Some(upper)) => format!("{} to {upper} moves (not solved exactly)", count.lower),
        (None, None) => format!("at least {} moves (no sequence found)", count.lower),
    }
}

fn solve_race(position: &Position, solver: &mut Solver) {
    let started = Instant::now();
    let Some(race) = race::race(position, solver) else {
        say!("the armies are not separated: the race solver does not apply");
        return;
    };
    let elapsed = started.elapsed();
    for side in Side::ALL {
        say!("{side}: {}", describe(race.count(side)));
    }
    let turn = position.turn();
    match (race.winner(), race.plies()) {
        (Some(winner), Some(plies)) => {
            say!("{winner} wins the race ({turn} to move), its last move {plies} plies from now")
        }
        (Some(winner), None) => say!("{winner} wins the race ({turn} to move)"),
        (None, _) => say!("the bounds do not decide the race ({turn} to move)"),
    }
    for side in Side::ALL {
        if let Some(moves) = &race.count(side).moves {
            say!("{side}: {}", line(moves));
        }
    }
    let nodes: u64 = Side::ALL.iter().map(|&side| race.count(side).nodes).sum();
    say!("{nodes} nodes, {:.1} ms", elapsed.as_secs_f64() * 1e3);
}

fn solve_side(side: Side, position: &Position, solver: &mut Solver) {
    let started = Instant::now();
    let count = solver.count(&Puzzle::of(position, side));
    say!("{side}: {}", describe(&count));
    if let Some(moves) = &count.moves {
        say!("{side}: {}", line(moves));
    }
    say!(
        "{} nodes, {:.1} ms",
        count.nodes,
        started.elapsed().as_secs_f64() * 1e3
    );
}

/// One solve of the bench: pieces outside, the count, the time.
struct Run {
    outside: u32,
    exact: Option<u32>,
    ms: f64,
}

/// The time of `race::separated` and `Separation::of`, averaged over `positions`.
fn time_separation(positions: &[Position]) {
    const ROUNDS: u32 = 2_000;
    let calls = f64::from(ROUNDS) * positions.len() as f64;
    let started = Instant::now();
    for _ in 0..ROUNDS {
        for position in positions {
            std::hint::black_box(race::separated(std::hint::black_box(position)));
        }
    }
    let test = started.elapsed().as_secs_f64() * 1e9 / calls;
    let started = Instant::now();
    for _ in 0..ROUNDS {
        for position in positions {
            std::hint::black_box(race::Separation::of(std::hint::black_box(position)));
        }
    }
    let regions = started.elapsed().as_secs_f64() * 1e9 / calls;
    say!("separated: {test:.0} ns a call; Separation::of (with the regions): {regions:.0} ns");
}

fn bench(text: &str, budget: Budget, quiet: bool) {
    let mut runs = Vec::new();
    let mut positions = Vec::new();
    say!("side outside   lower upper   nodes        ms  position");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let progress = Progress::new(lines.len() as u64, "positions", quiet);
    for line in lines {
        progress.advance(1);
        let Ok(position) = line.parse::<Position>() else {
            progress.say(format_args!("bad position: {line}"));
            continue;
        };
        let Some(separation) = race::Separation::of(&position) else {
            progress.say(format_args!("not separated: {line}"));
            continue;
        };
        positions.push(position);
        for side in Side::ALL {
            let puzzle = Puzzle::of(&position, side)
                .within(separation.region(side))
                .expect("a side's region holds its pieces and goal");
            // A fresh solver each time: nothing learned from the previous solve.
            let mut solver = Solver::new();
            solver.set_budget(budget);
            let started = Instant::now();
            let count = solver.count(&puzzle);
            let ms = started.elapsed().as_secs_f64() * 1e3;
            let outside = (position.pieces(side) - side.goal()).count();
            let upper = count.upper().map_or("-".to_owned(), |u| u.to_string());
            progress.say(format_args!(
                "{side} {outside:>9} {:>7} {upper:>5} {:>7} {ms:>9.1}  {line}",
                count.lower, count.nodes
            ));
            runs.push(Run {
                outside,
                exact: count.exact(),
                ms,
            });
        }
    }
    drop(progress);
    time_separation(&positions);
    say!("outside  solves  exact<=100ms  exact<=1s  most moves exact<=1s");
    for outside in 0..=19 {
        let runs: Vec<&Run> = runs.iter().filter(|run| run.outside == outside).collect();
        if runs.is_empty() {
            continue;
        }
        let within = |ms: f64| {
            runs.iter()
                .filter(move |run| run.exact.is_some() && run.ms <= ms)
        };
        let most = within(1000.0).filter_map(|run| run.exact).max();
        say!(
            "{outside:>7} {:>7} {:>13} {:>10} {:>22}",
            runs.len(),
            within(100.0).count(),
            within(1000.0).count(),
            most.map_or("-".to_owned(), |moves| moves.to_string())
        );
    }
    for limit in [100.0, 1000.0] {
        let solved: Vec<&Run> = runs
            .iter()
            .filter(|run| run.exact.is_some() && run.ms <= limit)
            .collect();
        let most = |key: fn(&Run) -> u32| solved.iter().map(|run| key(run)).max().unwrap_or(0);
        say!(
            "within {limit} ms: {} of {} solved exactly; up to {} pieces outside, up to {} moves",
            solved.len(),
            runs.len(),
            most(|run| run.outside),
            most(|run| run.exact.unwrap_or(0)),
        );
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let bench_text = match &args.bench {
        None => None,
        Some(None) => Some(RACES.to_owned()),
        Some(Some(path)) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(error) => {
                eprintln!("error: {}: {error}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let default_ms = if bench_text.is_some() { 1000 } else { 10_000 };
    let budget = Budget {
        nodes: args.nodes,
        time: Some(Duration::from_millis(args.ms.unwrap_or(default_ms))),
    };
    let mut solver = Solver::new();
    solver.set_budget(budget);
    match (bench_text, args.side, &args.position) {
        (Some(text), _, _) => bench(&text, budget, args.quiet),
        (None, Some(side), Some(position)) => solve_side(side, position, &mut solver),
        (None, None, Some(position)) => solve_race(position, &mut solver),
        (None, _, None) => Args::command()
            .error(
                ErrorKind::MissingRequiredArgument,
                "give a position or --bench",
            )
            .exit(),
    }
    ExitCode::SUCCESS
}

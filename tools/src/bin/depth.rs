//! How deep engines get at a limit: a screen for a search change before its match (a thread
//! design's mean depth at a time a move, against one thread with the same time and with
//! twice the time).
//!
//! ```text
//! cargo run --release -p halma-tools --bin depth -- <games> <seed> PLAYER...
//! ```
//!
//! The positions: `games` games of the engine at 3,000 nodes a move after 8 random plies
//! (drawn from `seed`), every sixth position from the tenth ply on. Each PLAYER (an engine
//! player of `match`: `time:100`, `time:100,threads=2`, ...) searches each position with an
//! engine of its own, which keeps its table from position to position as in a game; the
//! players take turns at each position, so that a machine's load falls on all alike. Every
//! engine plays at contempt 0 unless its player sets `contempt=N`. The
//! last lines give each player's mean depth (its last completed iteration).

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use halma::{Engine, Game, Limits};

use halma_opponents::Rng;
use halma_tools::progress::Progress;
use halma_tools::protocol::Spec;
use halma_tools::say;

/// How deep engines get at a limit, over positions of the engine's own games.
#[derive(Parser)]
#[command(name = "depth")]
struct Args {
    /// The games played for positions.
    games: usize,
    /// The seed of their random openings.
    seed: u64,
    /// Engine players of `match` (`time:100`, `time:100,threads=2`, ...).
    #[arg(required = true, value_name = "PLAYER")]
    players: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The random plies that open each game.
const RANDOM_PLIES: usize = 8;

/// The longest game played for positions.
const MAX_PLIES: usize = 200;

/// The nodes a move of the games played for positions.
const GAME_NODES: u64 = 3_000;

fn main() -> ExitCode {
    let args = Args::parse();
    let players = match args
        .players
        .iter()
        .map(|spec| Spec::parse(spec))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(players) => players,
        Err(error) => Args::command()
            .error(ErrorKind::ValueValidation, error)
            .exit(),
    };
    let positions = positions(args.games, args.seed);
    let mut engines: Vec<Engine> = players
        .iter()
        .map(|spec| {
            let mut engine = Engine::new();
            engine.set_contempt(0);
            spec.apply(&mut engine);
            engine
        })
        .collect();
    let mut depths = vec![0u64; players.len()];
    let progress = Progress::new(positions.len() as u64, "positions", args.quiet);
    for game in &positions {
        for ((spec, engine), sum) in players.iter().zip(&mut engines).zip(&mut depths) {
            match engine.search(game, &spec.limits) {
                Ok(result) => *sum += u64::from(result.depth),
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::FAILURE;
                }
            }
        }
        progress.advance(1);
    }
    drop(progress);
    let count = positions.len().max(1) as f64;
    for (name, sum) in args.players.iter().zip(depths) {
        say!(
            "{name}: mean depth {:.3} over {} positions",
            sum as f64 / count,
            positions.len()
        );
    }
    ExitCode::SUCCESS
}

/// The positions of `games` games from `seed` (see the module's documentation).
fn positions(games: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut player = Engine::new();
    player.set_contempt(0);
    let limits = Limits::nodes(GAME_NODES);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut game = Game::new();
        for ply in 0..MAX_PLIES {
            if game.outcome().is_over() {
                break;
            }
            let mv = if ply < RANDOM_PLIES {
                let moves = game.legal_moves();
                moves[rng.below(moves.len())]
            } else {
                match player.search(&game, &limits) {
                    Ok(result) => result.best_move,
                    Err(_) => break,
                }
            };
            if game.play(mv).is_err() {
                break;
            }
            if ply >= 10 && ply % 6 == 0 && !game.outcome().is_over() {
                positions.push(game.clone());
            }
        }
    }
    positions
}

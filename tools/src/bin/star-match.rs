//! Matches on the star board: two players play N games under the `openspiel` rules (or the
//! `standard` ones), each seeded random opening played twice, once with each colour; prints
//! each game's end (with `--verbose`), A's wins, draws and losses, its score with the Elo
//! difference and its 95% margin, the game lengths in turns and the move times.
//!
//! ```text
//! cargo run --release -p halma-tools --bin star-match -- --a time:100 --b greedy --games 200
//! cargo run --release -p halma-tools --bin star-match -- --a time:400 --b time:100 --games 40
//! ```
//!
//! Players (`--a`, `--b`): `greedy` (the turn gaining most rows toward its target, ties at
//! random), `random`, or the engine within limits: `time:MS`, `depth:N`, `nodes:N`, combined
//! with `+` and followed by `,setting=value` (as the 16x16 `match`). Options: `--games N`
//! (10), `--rules openspiel|standard` (openspiel), `--random-plies N` (4: random turns
//! opening each pair of games), `--seed N` (1), `--first N` (0: the number of the first
//! game, so that a match can be played in parts), `--threads N` (1: games at once),
//! `--table-mb N` (16), `--verbose`.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use halma::StarRules;
use halma_tools::cli::or_usage;
use halma_tools::say;
use halma_tools::star::{StarMatch, StarPlayer, StarRecord};
use halma_tools::stats::{elo_interval, median, show_elo};

const USAGE: &str = "usage: star-match --a PLAYER --b PLAYER [--games N] \
     [--rules openspiel|standard] [--random-plies N] [--seed N] [--first N] [--threads N] \
     [--table-mb N] [--verbose]\n\
     players: greedy, random, time:MS, depth:N, nodes:N (engine limits combined with + and \
     followed by ,setting=value)";

/// What the command line asks for.
struct Settings {
    star_match: StarMatch,
    games: usize,
    first: usize,
    threads: usize,
    verbose: bool,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut players = [None, None];
    let (mut games, mut first, mut threads) = (10, 0, 1);
    let (mut rules, mut random_plies, mut seed, mut table_mb) = (StarRules::OpenSpiel, 4, 1, 16);
    let mut verbose = false;
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{flag} needs a value"))
                .cloned()
        };
        let number = |text: String| {
            text.parse::<usize>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
        };
        match flag.as_str() {
            "--a" => players[0] = Some(StarPlayer::parse(&value()?)?),
            "--b" => players[1] = Some(StarPlayer::parse(&value()?)?),
            "--games" => games = number(value()?)?,
            "--rules" => rules = value()?.parse().map_err(|e| format!("{e}"))?,
            "--random-plies" => random_plies = number(value()?)?,
            "--seed" => seed = number(value()?)? as u64,
            "--first" => first = number(value()?)?,
            "--threads" => threads = number(value()?)?.max(1),
            "--table-mb" => table_mb = number(value()?)?,
            "--verbose" => verbose = true,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    let [Some(a), Some(b)] = players else {
        return Err("both players are needed (--a and --b)".to_owned());
    };
    Ok(Settings {
        star_match: StarMatch {
            players: [a, b],
            rules,
            random_plies,
            seed,
            table_mb,
        },
        games,
        first,
        threads,
        verbose,
    })
}

/// One line on a game: A's side, how it ended, its length, A's score.
fn describe(record: &StarRecord) -> String {
    format!(
        "game {:>3}: A plays {}: {} after {} turns, A scores {}",
        record.index,
        record.a_side,
        record.game.outcome(),
        record.game.turns().len(),
        record.score_a()
    )
}

/// The summary of the games: results, score, Elo, endings, lengths, move times.
fn summarize(records: &[StarRecord]) {
    let n = records.len().max(1) as f64;
    let scores: Vec<f64> = records.iter().map(StarRecord::score_a).collect();
    let count = |score: f64| scores.iter().filter(|&&s| s == score).count();
    let score: f64 = scores.iter().sum();
    let mean = score / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let [elo, low, high] = elo_interval(mean, variance, n);
    say!(
        "A: {} wins, {} draws, {} losses of {} games: {score} points, {:.1}%, Elo {} ({} to {})",
        count(1.0),
        count(0.5),
        count(0.0),
        records.len(),
        100.0 * mean,
        show_elo(elo),
        show_elo(low),
        show_elo(high)
    );
    let mut outcomes: Vec<String> = records
        .iter()
        .map(|r| r.game.outcome().to_string())
        .collect();
    outcomes.sort();
    outcomes.dedup();
    for outcome in outcomes {
        let games = records
            .iter()
            .filter(|r| r.game.outcome().to_string() == outcome)
            .count();
        say!("  {outcome}: {games}");
    }
    let mut lengths: Vec<f64> = records
        .iter()
        .map(|r| r.game.turns().len() as f64)
        .collect();
    let median_length = median(&mut lengths);
    say!(
        "turns: median {median_length}, shortest {}, longest {}",
        lengths.first().copied().unwrap_or(0.0),
        lengths.last().copied().unwrap_or(0.0)
    );
    for (who, name) in ["A", "B"].iter().enumerate() {
        let mut times: Vec<f64> = records
            .iter()
            .flat_map(|r| r.times[who].iter().map(Duration::as_secs_f64))
            .collect();
        let slowest = times.iter().copied().fold(0.0, f64::max);
        say!(
            "{name}'s moves: {}, median {:.1} ms, slowest {:.1} ms",
            times.len(),
            1e3 * median(&mut times),
            1e3 * slowest
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = match or_usage(parse(&args), USAGE) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let next = AtomicUsize::new(settings.first);
    let end = settings.first + settings.games;
    let records = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    match settings.star_match.play(index) {
                        Ok(record) => {
                            if settings.verbose {
                                say!("{}", describe(&record));
                            }
                            records.lock().unwrap().push(record);
                        }
                        Err(error) => {
                            *failure.lock().unwrap() = Some(error);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().unwrap() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let mut records = records.into_inner().unwrap();
    records.sort_by_key(|record| record.index);
    summarize(&records);
    ExitCode::SUCCESS
}

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
//! with `+` and followed by `,setting=value` (as the 16x16 `match`). `--help` lists the
//! options; `--first N` numbers the first game, so that a long match can be played in parts.
//! On a terminal a bar on stderr shows the games played, the rate and the time left
//! (`--quiet`: none).

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use halma::StarRules;
use halma_tools::progress::Progress;
use halma_tools::say;
use halma_tools::schedule::{MatchOptions, play_games};
use halma_tools::star::{StarMatch, StarPlayer, StarRecord};
use halma_tools::stats::{elo_interval, median, show_elo};

/// Matches on the star board: two players play N games, each opening twice with colours
/// swapped.
#[derive(Parser)]
#[command(name = "star-match", after_help = PLAYERS)]
struct Args {
    /// Player A.
    #[arg(long, value_name = "PLAYER", default_value = "time:100", value_parser = StarPlayer::parse)]
    a: StarPlayer,
    /// Player B.
    #[arg(long, value_name = "PLAYER", default_value = "greedy", value_parser = StarPlayer::parse)]
    b: StarPlayer,
    #[command(flatten)]
    options: MatchOptions,
    /// The rules: openspiel (OpenSpiel's chinese_checkers) or standard.
    #[arg(long, default_value_t = StarRules::OpenSpiel)]
    rules: StarRules,
    /// The number of the first game, to play a match in parts.
    #[arg(long, default_value_t = 0)]
    first: usize,
}

/// The players `--a` and `--b` take.
const PLAYERS: &str = "players: greedy, random, time:MS, depth:N, nodes:N (engine limits \
     combined with + and followed by ,setting=value)";

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
    if records.is_empty() {
        say!("no games played");
        return;
    }
    let n = records.len() as f64;
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
    let args = Args::parse();
    let options = &args.options;
    let star_match = StarMatch {
        players: [args.a, args.b],
        rules: args.rules,
        random_plies: options.random_plies,
        seed: options.seed,
        table_mb: options.table_mb,
    };
    let todo: Vec<usize> = (args.first..args.first + options.games).collect();
    let progress = Progress::new(todo.len() as u64, "games", options.quiet);
    let mut score_a = 0.0;
    let played = play_games(
        &todo,
        usize::from(options.threads),
        |index| star_match.play(index),
        |record| {
            if options.verbose {
                progress.say(format_args!("{}", describe(record)));
            }
            score_a += record.score_a();
            progress.advance(1);
            progress.show(format!("(A scores {score_a})"));
            Ok(ControlFlow::Continue(()))
        },
    );
    drop(progress);
    match played {
        Ok(records) => {
            summarize(&records);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_are_read() {
        let args = Args::try_parse_from([
            "star-match",
            "--a",
            "nodes:500",
            "--b",
            "random",
            "--rules",
            "standard",
            "--first",
            "50",
        ])
        .expect("the command line parses");
        assert!(matches!(args.a, StarPlayer::Engine(_)));
        assert_eq!(args.b, StarPlayer::Random);
        assert_eq!(
            (args.rules, args.first, args.options.games),
            (StarRules::Standard, 50, 10)
        );
    }

    #[test]
    fn bad_players_rules_and_threads_are_refused() {
        for bad in [
            ["--a", "spoiler"],
            ["--rules", "sternhalma"],
            ["--threads", "3"],
        ] {
            let args = Args::try_parse_from(["star-match"].into_iter().chain(bad));
            assert!(args.is_err(), "{bad:?} parses");
        }
    }
}

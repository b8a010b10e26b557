//! Engine matches: two players play N games, colours alternated, each opening played twice
//! (once with each colour); prints how each game ended, the score, the win rate, an Elo
//! difference with its 95% error margin, the game lengths and the move times.
//!
//! ```text
//! cargo run --release -p halma-tools --bin match -- --a level:10 --b greedy --games 100
//! cargo run --release -p halma-tools --bin match -- --a time:100 --b spoiler --games 20
//! cargo run --release -p halma-tools --bin match -- --a time:50 --b time:50,lmr=off --games 40
//! cargo run --release -p halma-tools --bin match -- --a time:100 --b exec:/tmp/old/engine:time:100
//! ```
//!
//! Players (`--a`, `--b`): `greedy`, `lazy:K`, `spoiler`, `blocker`, `random`, `pendulum`,
//! `cycler`, `camper`, `NAME:N+PLAYER`, `ab2`, `level:N`, `paced-level:N`, `time:MS`,
//! `depth:N`, `nodes:N`, `exec:PATH[:LIMITS]` (the engine of another program, such as
//! another build's `engine`, started for each game; it loses a game by forfeit if it fails:
//! see `halma_tools::players`). Engines play each other at contempt 0 unless a player says
//! `contempt=N`; against a scripted player an engine keeps the default for people.
//!
//! `--help` lists the options. `--log FILE` writes each game to FILE as it ends (see
//! `halma_tools::log`); run the same command again after an interruption and the games
//! already in FILE are read back, not played again. `--sprt ELO0,ELO1[,ALPHA,BETA]` stops the
//! match once a sequential probability ratio test over the game pairs decides
//! (`halma_tools::sprt`; ALPHA and BETA 0.05 by default), `--games` then the most games
//! played: it prints the log-likelihood ratio with its bounds every 10 pairs and at the end.
//! On a terminal a bar on stderr shows the games played, the rate and the time left
//! (`--quiet`: none).

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use halma_tools::log::{Log, header};
use halma_tools::players::{Player, paired};
use halma_tools::progress::Progress;
use halma_tools::referee::Ending;
use halma_tools::say;
use halma_tools::schedule::{Match, MatchOptions, Record};
use halma_tools::sprt::{Pairs, Sprt, Verdict};
use halma_tools::stats::{Summary, show_elo};

/// Engine matches: two players play N games, each opening twice with colours swapped.
#[derive(Parser)]
#[command(name = "match", after_help = PLAYERS)]
struct Args {
    /// Player A.
    #[arg(long, value_name = "PLAYER", default_value = "time:100", value_parser = Player::parse)]
    a: Player,
    /// Player B.
    #[arg(long, value_name = "PLAYER", default_value = "greedy", value_parser = Player::parse)]
    b: Player,
    #[command(flatten)]
    options: MatchOptions,
    /// Plies after which a game is stopped and adjudicated by the race.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
    /// The final position of each game not won outright, and its last moves.
    #[arg(long)]
    dump_final: bool,
    /// The position text at these plies of each game.
    #[arg(long, value_name = "A,B,..", value_delimiter = ',')]
    dump_plies: Vec<usize>,
    /// The seconds an `exec:` player may take for a move before it forfeits (by default 10
    /// plus 3 times its time limit, 60 without one).
    #[arg(long, value_name = "S", value_parser = seconds)]
    move_timeout: Option<Duration>,
    /// Writes each game to FILE as it ends; the same command resumes from it.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Stops once a sequential probability ratio test over the game pairs decides.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = Sprt::parse, allow_hyphen_values = true)]
    sprt: Option<Sprt>,
}

/// The players `--a` and `--b` take.
const PLAYERS: &str = "players: greedy, lazy:K, spoiler, blocker, random, pendulum, cycler, \
     camper, NAME:N+PLAYER (NAME: random, pendulum, cycler or camper), ab2, level:N, \
     paced-level:N, time:MS, depth:N, nodes:N (engine limits combined with + and followed by \
     ,setting=value), exec:PATH[:LIMITS] (a program's engine)";

/// A positive number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|seconds| *seconds > 0.0)
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("seconds, not {text:?}"))
}

/// What the command line asks for.
struct Settings {
    played: Match,
    threads: usize,
    verbose: bool,
    dump_final: bool,
    dump_plies: Vec<usize>,
    log: Option<PathBuf>,
    sprt: Option<Sprt>,
    quiet: bool,
}

impl Settings {
    /// The settings `args` ask for, each engine paired with its opponent.
    fn new(args: Args) -> Settings {
        let mut players = [args.a, args.b];
        if let Some(timeout) = args.move_timeout {
            players = players.map(|player| player.with_move_timeout(timeout));
        }
        Settings {
            played: Match {
                players: paired(players),
                games: args.options.games,
                random_plies: args.options.random_plies,
                seed: args.options.seed,
                max_plies: args.max_plies,
                table_mb: args.options.table_mb,
            },
            threads: usize::from(args.options.threads),
            verbose: args.options.verbose,
            dump_final: args.dump_final,
            dump_plies: args.dump_plies,
            log: args.log,
            sprt: args.sprt,
            quiet: args.options.quiet,
        }
    }
}

/// The ending of `record` in a few letters: `A` or `B` won outright, `=r` a repetition
/// draw, `=n` a no-move draw, `cA`, `cB` or `c=` stopped at the cap and adjudicated, `fA` or
/// `fB` won by the other player's forfeit.
fn code(record: &Record) -> String {
    match record.played.ending {
        Ending::Win(side) => record.player_of(side).to_string(),
        Ending::Repetition => "=r".to_string(),
        Ending::NoMoves => "=n".to_string(),
        Ending::Capped(Some(side)) => format!("c{}", record.player_of(side)),
        Ending::Capped(None) => "c=".to_string(),
        Ending::Forfeit(side) => format!("f{}", record.player_of(side)),
    }
}

/// One line on `record`: the side A played, how the game ended, its length, A's score.
fn describe(record: &Record) -> String {
    let ending = record.played.ending;
    let winner = ending
        .winner()
        .map(|side| format!(" [{}]", record.player_of(side)))
        .unwrap_or_default();
    format!(
        "game {:>3}: A plays {}: {ending}{winner} after {} plies, A scores {}",
        record.index,
        record.a_side,
        record.plies(),
        record.score_a()
    )
}

/// The position text at each ply of `plies` that `record`'s game reached.
fn dump_plies(record: &Record, plies: &[usize]) {
    let positions = record.played.game.positions();
    for &ply in plies {
        if let Some(position) = positions.get(ply) {
            say!("game {} ply {ply}: {position}", record.index);
        }
    }
}

/// The final position of `record`'s game and its last 12 moves.
fn dump_final(record: &Record) {
    let game = &record.played.game;
    let moves = game.moves();
    let tail: Vec<String> = moves[moves.len().saturating_sub(12)..]
        .iter()
        .map(ToString::to_string)
        .collect();
    say!(
        "{}\n  final position: {}",
        describe(record),
        game.position()
    );
    say!("  last moves: ... {}", tail.join(" "));
}

/// The SPRT's state as a line: the pairs, the ratio and its bounds, and its verdict.
fn sprt_line(test: &Sprt, pairs: &Pairs) -> String {
    let pentanomial = pairs.pentanomial();
    let llr = test.llr(&pentanomial);
    let [lower, upper] = test.bounds();
    let verdict = match test.verdict(llr) {
        Some(Verdict::H0) => format!("H0 accepted (not {} Elo better)", test.elo1),
        Some(Verdict::H1) => format!("H1 accepted (better than {} Elo)", test.elo0),
        None => "no decision yet".to_string(),
    };
    format!(
        "{test}: after {} pairs LLR {llr:.2} (bounds {lower:.2}, {upper:.2}): {verdict}",
        pentanomial.total()
    )
}

fn main() -> ExitCode {
    let settings = Settings::new(Args::parse());
    match run(&settings) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Plays the match `settings` asks for (resumed from its log, if any) and prints its report.
fn run(settings: &Settings) -> Result<(), String> {
    let played = &settings.played;
    let [a, b] = &played.players;
    say!(
        "{} (A) vs {} (B): {} games, {} random opening plies, seed {}, ply cap {}",
        a.name,
        b.name,
        played.games,
        played.random_plies,
        played.seed,
        played.max_plies
    );
    let started = Instant::now();
    let (mut log, old) = match &settings.log {
        Some(path) => {
            let names = [a.name.as_str(), b.name.as_str()];
            let header = header(
                names,
                played.random_plies,
                played.seed,
                played.max_plies,
                played.table_mb,
            );
            let (log, old) = Log::open(path, &header)?;
            if !old.is_empty() {
                say!("resumed {} games from {}", old.len(), path.display());
            }
            (Some(log), old)
        }
        None => (None, Vec::new()),
    };
    let mut pairs = Pairs::default();
    for record in &old {
        pairs.add(record.index, record.half_points());
    }
    let decided = |pairs: &Pairs| {
        settings
            .sprt
            .is_some_and(|test| test.verdict(test.llr(&pairs.pentanomial())).is_some())
    };
    let mut records = if decided(&pairs) {
        Vec::new()
    } else {
        let done: HashSet<usize> = old.iter().map(|record| record.index).collect();
        let progress = Progress::new(played.games as u64, "games", settings.quiet);
        progress.advance(done.len() as u64);
        let mut score_a = old.iter().map(Record::score_a).sum::<f64>();
        played.run(settings.threads, &done, |record| {
            if settings.verbose {
                progress.say(format_args!("{}", describe(record)));
            }
            if let Some(reason) = &record.played.forfeit {
                progress.say(format_args!("game {:>3}: {reason}", record.index));
            }
            if let Some(log) = &mut log {
                log.write(record)?;
            }
            score_a += record.score_a();
            progress.advance(1);
            progress.show(format!("(A scores {score_a})"));
            let before = pairs.pentanomial().total();
            pairs.add(record.index, record.half_points());
            let Some(test) = &settings.sprt else {
                return Ok(ControlFlow::Continue(()));
            };
            let now = pairs.pentanomial().total();
            if now > before && now.is_multiple_of(10) {
                progress.say(format_args!("{}", sprt_line(test, &pairs)));
            }
            Ok(if decided(&pairs) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })?
    };
    records.extend(old);
    records.sort_by_key(|record| record.index);
    for record in &records {
        dump_plies(record, &settings.dump_plies);
        if settings.dump_final && !record.won_outright() {
            dump_final(record);
        }
    }
    let codes: Vec<String> = records.iter().map(code).collect();
    say!(
        "by game (A, B: won outright; =r, =n: drawn; c: at the cap, adjudicated to A, B or =; \
         f: by forfeit): {}",
        codes.join(" ")
    );
    say!(
        "{}",
        Summary::new(&records, played.max_plies)
            .to_string()
            .trim_end()
    );
    let pentanomial = pairs.pentanomial();
    if let Some((mean, elo)) = pentanomial.elo() {
        let [elo, low, high] = elo.map(show_elo);
        say!(
            "{pentanomial}; by pairs: score {:.1}%, Elo {elo} (95%: {low} .. {high})",
            100.0 * mean
        );
    }
    if let Some(test) = &settings.sprt {
        say!("{}", sprt_line(test, &pairs));
    }
    say!("wall time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_elo_bound_is_a_value_not_an_option() {
        let args = Args::try_parse_from(["match", "--sprt", "-20,0", "--games", "4"]);
        let sprt = args.expect("the command line parses").sprt;
        assert_eq!(sprt.map(|test| test.elo0), Some(-20.0));
    }

    #[test]
    fn a_third_thread_is_refused() {
        assert!(Args::try_parse_from(["match", "--threads", "3"]).is_err());
    }
}

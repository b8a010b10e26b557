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
//! Options: `--games N` (10), `--random-plies N` (4: random forward plies opening each pair
//! of games), `--seed N` (1), `--max-plies N` (600: then stopped and adjudicated by the
//! race), `--threads N` (1 or 2 games at once), `--table-mb N` (16), `--verbose` (a line per
//! game: its length and how it ended), `--dump-final` (the final position of each game not
//! won outright, and its last moves), `--dump-plies A,B,..` (the position text at those
//! plies), `--move-timeout S` (the seconds an `exec:` player may take for a move before it
//! forfeits; by default 10 plus 3 times its time limit, 60 without one). Each forfeit is
//! reported as its game ends, with what failed.
//!
//! `--log FILE` writes each game to FILE as it ends (see `halma_tools::log`); run the same
//! command again after an interruption and the games already in FILE are read back, not
//! played again. `--sprt ELO0,ELO1[,ALPHA,BETA]` stops the match once a sequential
//! probability ratio test over the game pairs decides (`halma_tools::sprt`; ALPHA and BETA
//! 0.05 by default), `--games` then the most games played: it prints the log-likelihood
//! ratio with its bounds every 10 pairs and at the end.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use halma_tools::cli::or_usage;
use halma_tools::log::{Log, header};
use halma_tools::players::{Player, paired};
use halma_tools::referee::Ending;
use halma_tools::say;
use halma_tools::schedule::{Match, Record};
use halma_tools::sprt::{Pairs, Sprt, Verdict};
use halma_tools::stats::{Summary, show_elo};

/// What the command line asks for.
struct Settings {
    played: Match,
    threads: usize,
    verbose: bool,
    dump_final: bool,
    dump_plies: Vec<usize>,
    log: Option<PathBuf>,
    sprt: Option<Sprt>,
}

fn parse_args() -> Result<Settings, String> {
    let mut args = std::env::args().skip(1);
    let mut move_timeout = None;
    let mut settings = Settings {
        played: Match {
            players: [Player::parse("time:100")?, Player::parse("greedy")?],
            games: 10,
            random_plies: 4,
            seed: 1,
            max_plies: 600,
            table_mb: 16,
        },
        threads: 1,
        verbose: false,
        dump_final: false,
        dump_plies: Vec::new(),
        log: None,
        sprt: None,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<usize>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
        };
        let played = &mut settings.played;
        match flag.as_str() {
            "--a" => played.players[0] = Player::parse(&value()?)?,
            "--b" => played.players[1] = Player::parse(&value()?)?,
            "--games" => played.games = number(value()?)?,
            "--random-plies" => played.random_plies = number(value()?)?,
            "--seed" => played.seed = number(value()?)? as u64,
            "--max-plies" => played.max_plies = number(value()?)?,
            "--table-mb" => played.table_mb = number(value()?)?,
            "--threads" => settings.threads = number(value()?)?.clamp(1, 2),
            "--move-timeout" => {
                let text = value()?;
                let seconds = text.parse::<f64>().ok().filter(|s| *s > 0.0);
                move_timeout = Some(
                    seconds
                        .and_then(|s| Duration::try_from_secs_f64(s).ok())
                        .ok_or_else(|| format!("{flag} takes seconds, not {text:?}"))?,
                );
            }
            "--log" => settings.log = Some(PathBuf::from(value()?)),
            "--sprt" => settings.sprt = Some(Sprt::parse(&value()?)?),
            "--verbose" => settings.verbose = true,
            "--dump-final" => settings.dump_final = true,
            "--dump-plies" => {
                settings.dump_plies = value()?
                    .split(',')
                    .map(|text| number(text.to_string()))
                    .collect::<Result<_, _>>()?
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    let players = &mut settings.played.players;
    if let Some(timeout) = move_timeout {
        *players = players
            .clone()
            .map(|player| player.with_move_timeout(timeout));
    }
    *players = paired(players.clone());
    Ok(settings)
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

/// The command line's usage.
const USAGE: &str = "usage: match --a PLAYER --b PLAYER [--games N] [--random-plies N] [--seed N] \
     [--max-plies N] [--threads 1|2] [--table-mb N] [--verbose] [--dump-final] \
     [--dump-plies A,B,..] [--move-timeout S] [--log FILE] [--sprt ELO0,ELO1[,ALPHA,BETA]]\n\
     players: greedy, lazy:K, spoiler, blocker, random, pendulum, cycler, camper, \
     NAME:N+PLAYER (NAME: random, pendulum, cycler or camper), ab2, \
     level:N, paced-level:N, time:MS, depth:N, nodes:N (engine limits combined \
     with + and followed by ,setting=value), exec:PATH[:LIMITS] (a program's engine)";

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
    let settings = match or_usage(parse_args(), USAGE) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
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
        played.run(settings.threads, &done, |record| {
            if settings.verbose {
                say!("{}", describe(record));
            }
            if let Some(reason) = &record.played.forfeit {
                say!("game {:>3}: {reason}", record.index);
            }
            if let Some(log) = &mut log {
                log.write(record)?;
            }
            let before = pairs.pentanomial().total();
            pairs.add(record.index, record.half_points());
            let Some(test) = &settings.sprt else {
                return Ok(ControlFlow::Continue(()));
            };
            let now = pairs.pentanomial().total();
            if now > before && now.is_multiple_of(10) {
                say!("{}", sprt_line(test, &pairs));
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

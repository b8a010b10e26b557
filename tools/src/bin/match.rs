//! Engine matches: two players play N games, colours alternated, each opening played twice
//! (once with each colour); prints the score, the win rate, an Elo difference with its 95%
//! error margin, the game lengths and the move times.
//!
//! ```text
//! cargo run --release -p halma-tools --bin match -- --a level:10 --b greedy --games 100
//! cargo run --release -p halma-tools --bin match -- --a time:100 --b ab2 --games 100
//! cargo run --release -p halma-tools --bin match -- --a time:50 --b time:50,lmr=off --games 40
//! ```
//!
//! Players (`--a`, `--b`):
//! - `greedy`: one ply, the move that most reduces the total distance to the goal corner;
//! - `ab2`: a plain depth-2 alpha-beta with the engine's evaluation (nothing pruned);
//! - `level:N`: difficulty level N (1..=10) without its minimum thinking time;
//! - `paced-level:N`: the same with it, as a host plays it;
//! - `time:MS`, `depth:N`, `nodes:N`: the engine at full strength with that limit
//!   (combine with `+`: `depth:6+time:500`);
//! - then settings after commas, for experiments: `time:100,beam_base=12,lmr=off`.
//!
//! Options: `--games N` (10), `--random-plies N` (4: random forward plies opening each pair
//! of games), `--seed N` (1), `--max-plies N` (800: then adjudicated by the race),
//! `--threads N` (1 or 2 games at once), `--table-mb N` (16), `--verbose` (a line per game),
//! `--dump-plies A,B,..` (print the position text at those plies).

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use halma::search::Options;
use halma::{Draw, Engine, Game, Limits, Move, Outcome, Position, Side};

#[derive(Clone, Debug)]
enum Kind {
    Greedy,
    Engine(Limits),
}

#[derive(Clone, Debug)]
struct Player {
    name: String,
    kind: Kind,
}

fn parse_player(spec: &str) -> Result<Player, String> {
    let mut parts = spec.split(',');
    let head = parts.next().unwrap_or_default();
    let mut limits: Option<Limits> = None;
    let mut greedy = false;
    for item in head.split('+') {
        let (key, value) = item.split_once(':').unwrap_or((item, ""));
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{key} takes a whole number, not {value:?}"))
        };
        let base = limits.take().unwrap_or_else(|| Limits::depth(0));
        limits = Some(match key {
            "greedy" => {
                greedy = true;
                base
            }
            "ab2" => Limits::depth(2).with_options(Options::exhaustive()),
            "level" => Limits::level(number()?.min(255) as u8).without_pace(),
            "paced-level" => Limits::level(number()?.min(255) as u8),
            "time" => base.with_time(Duration::from_millis(number()?)),
            "depth" => base.with_depth(number()?.min(u64::from(u32::MAX)) as u32),
            "nodes" => base.with_nodes(number()?),
            _ => return Err(format!("unknown player {item:?}")),
        });
    }
    let mut limits = limits.ok_or_else(|| format!("empty player {spec:?}"))?;
    let mut options = limits.options().clone();
    for setting in parts {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
        options.set(name, value)?;
    }
    limits = limits.with_options(options);
    Ok(Player {
        name: spec.to_string(),
        kind: if greedy {
            Kind::Greedy
        } else {
            Kind::Engine(limits)
        },
    })
}

/// The Manhattan distance of `square` to the far corner of `side`'s goal.
fn distance(side: Side, square: halma::Square) -> i32 {
    let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
    match side {
        Side::X => file + (15 - rank),
        Side::O => (15 - file) + rank,
    }
}

/// The total distance of `side`'s pieces to its goal corner, beyond the 60 of a full camp.
fn remaining(position: &Position, side: Side) -> i32 {
    position
        .pieces(side)
        .iter()
        .map(|square| distance(side, square))
        .sum::<i32>()
        - 60
}

/// The one-ply greedy player: a winning move, else the move that most reduces the total
/// distance to the goal (the first such in generation order).
fn greedy_move(game: &Game) -> Option<Move> {
    let position = game.position();
    let side = position.turn();
    let moves = game.legal_moves();
    let mut best: Option<(i32, Move)> = None;
    for &mv in moves.iter() {
        let mut next = *position;
        next.play_unchecked(mv);
        let value = if next.winner() == Some(side) {
            i32::MAX
        } else {
            distance(side, mv.from) - distance(side, mv.to)
        };
        if best.is_none_or(|(top, _)| value > top) {
            best = Some((value, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `plies` random moves that do not go backward, from a seed.
fn opening(seed: u64, plies: usize) -> Vec<Move> {
    let mut state = seed;
    let mut game = Game::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let side = game.position().turn();
        let forward: Vec<Move> = game
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| distance(side, mv.from) >= distance(side, mv.to))
            .collect();
        if forward.is_empty() {
            break;
        }
        let mv = forward[(splitmix(&mut state) % forward.len() as u64) as usize];
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    Win,
    Repetition,
    NoMoves,
    Capped,
}

struct GameRecord {
    /// 1, 0.5 or 0 for player A.
    score_a: f64,
    ending: Ending,
    plies: usize,
    /// Move times of A and of B.
    times: [Vec<Duration>; 2],
    a_side: Side,
    winner: Option<Side>,
}

struct Settings {
    a: Player,
    b: Player,
    games: usize,
    random_plies: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    table_mb: usize,
    verbose: bool,
    dump: Vec<usize>,
}

fn play_game(settings: &Settings, index: usize) -> Result<GameRecord, String> {
    let pair = index / 2;
    // Even games: A plays x; odd games: A plays o; both on the same opening.
    let a_side = if index.is_multiple_of(2) {
        Side::X
    } else {
        Side::O
    };
    let mut seed = settings
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(pair as u64);
    let opening = opening(splitmix(&mut seed), settings.random_plies);
    let mut game = Game::new();
    for &mv in &opening {
        game.play(mv).map_err(|e| format!("opening: {e}"))?;
    }
    let players = [&settings.a, &settings.b];
    let mut engines = [
        Engine::with_table_mb(settings.table_mb),
        Engine::with_table_mb(settings.table_mb),
    ];
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    while !game.outcome().is_over() && game.moves().len() < settings.max_plies {
        if settings.dump.contains(&game.moves().len()) {
            println!(
                "game {index} ply {}: {}",
                game.moves().len(),
                game.position()
            );
        }
        let turn = game.position().turn();
        let who = usize::from(turn != a_side);
        let started = Instant::now();
        let mv = match &players[who].kind {
            Kind::Greedy => greedy_move(&game).ok_or("greedy found no move")?,
            Kind::Engine(limits) => {
                engines[who]
                    .search(&game, limits)
                    .map_err(|e| format!("search: {e}"))?
                    .best_move
            }
        };
        times[who].push(started.elapsed());
        game.play(mv).map_err(|e| {
            format!(
                "{} played {mv}, {e}\n{}",
                players[who].name,
                game.position()
            )
        })?;
    }
    let plies = game.moves().len();
    if settings.verbose && !matches!(game.outcome(), Outcome::Win(_)) {
        let tail: Vec<String> = game.moves()[plies.saturating_sub(12)..]
            .iter()
            .map(Move::to_string)
            .collect();
        println!(
            "game {index} ends at {} after ... {}",
            game.position(),
            tail.join(" ")
        );
    }
    let (winner, ending) = match game.outcome() {
        Outcome::Win(side) => (Some(side), Ending::Win),
        Outcome::Draw(Draw::Repetition) => (None, Ending::Repetition),
        Outcome::Draw(Draw::NoMoves) => (None, Ending::NoMoves),
        Outcome::Ongoing => {
            // Adjudicated by the race: a lead of more than 4 distance units wins.
            let position = game.position();
            let lead = remaining(position, Side::O) - remaining(position, Side::X);
            let winner = match lead {
                l if l > 4 => Some(Side::X),
                l if l < -4 => Some(Side::O),
                _ => None,
            };
            (winner, Ending::Capped)
        }
    };
    let score_a = match winner {
        Some(side) if side == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Ok(GameRecord {
        score_a,
        ending,
        plies,
        times,
        a_side,
        winner,
    })
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
}

fn parse_args() -> Result<Settings, String> {
    let mut args = std::env::args().skip(1);
    let mut settings = Settings {
        a: parse_player("time:100")?,
        b: parse_player("greedy")?,
        games: 10,
        random_plies: 4,
        seed: 1,
        max_plies: 800,
        threads: 1,
        table_mb: 16,
        verbose: false,
        dump: Vec::new(),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<usize>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
        };
        match flag.as_str() {
            "--a" => settings.a = parse_player(&value()?)?,
            "--b" => settings.b = parse_player(&value()?)?,
            "--games" => settings.games = number(value()?)?,
            "--random-plies" => settings.random_plies = number(value()?)?,
            "--seed" => settings.seed = number(value()?)? as u64,
            "--max-plies" => settings.max_plies = number(value()?)?,
            "--threads" => settings.threads = number(value()?)?.clamp(1, 2),
            "--table-mb" => settings.table_mb = number(value()?)?,
            "--verbose" => settings.verbose = true,
            "--dump-plies" => {
                settings.dump = value()?
                    .split(',')
                    .map(|text| number(text.to_string()))
                    .collect::<Result<_, _>>()?
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(settings)
}

fn main() -> ExitCode {
    let settings = match parse_args() {
        Ok(settings) => settings,
        Err(error) => {
            if !error.is_empty() {
                eprintln!("error: {error}");
            }
            eprintln!(
                "usage: match --a PLAYER --b PLAYER [--games N] [--random-plies N] [--seed N] \
                 [--max-plies N] [--threads 1|2] [--table-mb N] [--verbose]\n\
                 players: greedy, ab2, level:N, paced-level:N, time:MS, depth:N, nodes:N, \
                 combined with + and followed by ,setting=value"
            );
            return ExitCode::from(2);
        }
    };
    println!(
        "{} (A) vs {} (B): {} games, {} random opening plies, seed {}, ply cap {}",
        settings.a.name,
        settings.b.name,
        settings.games,
        settings.random_plies,
        settings.seed,
        settings.max_plies
    );
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, GameRecord)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= settings.games {
                        break;
                    }
                    match play_game(&settings, index) {
                        Ok(record) => {
                            if settings.verbose {
                                let a = if record.a_side == Side::X { "x" } else { "o" };
                                let result = match (record.winner, record.ending) {
                                    (Some(side), Ending::Capped) => {
                                        format!("{side} wins on adjudication")
                                    }
                                    (Some(side), _) => format!("{side} wins"),
                                    (None, ending) => format!("draw ({ending:?})"),
                                };
                                println!(
                                    "game {index:>3}: A plays {a}: {result} after {} plies, A scores {}",
                                    record.plies, record.score_a
                                );
                            }
                            if let Ok(mut records) = records.lock() {
                                records.push((index, record));
                            }
                        }
                        Err(error) => {
                            if let Ok(mut failure) = failure.lock() {
                                *failure = Some(format!("game {index}: {error}"));
                            }
                            next.store(settings.games, Ordering::SeqCst);
                        }
                    }
                }
            });
        }
    });
    if let Ok(Some(error)) = failure.lock().map(|f| f.clone()) {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let records = match records.into_inner() {
        Ok(records) => records,
        Err(_) => return ExitCode::FAILURE,
    };
    report(&settings, &records, started.elapsed());
    ExitCode::SUCCESS
}

fn report(settings: &Settings, records: &[(usize, GameRecord)], elapsed: Duration) {
    let n = records.len() as f64;
    let wins = records.iter().filter(|(_, r)| r.score_a == 1.0).count();
    let losses = records.iter().filter(|(_, r)| r.score_a == 0.0).count();
    let draws = records.len() - wins - losses;
    let count = |ending| records.iter().filter(|(_, r)| r.ending == ending).count();
    let score: f64 = records.iter().map(|(_, r)| r.score_a).sum();
    let p = score / n.max(1.0);
    let variance = records
        .iter()
        .map(|(_, r)| (r.score_a - p).powi(2))
        .sum::<f64>()
        / n.max(1.0);
    let margin = 1.96 * (variance / n.max(1.0)).sqrt();
    let (low, high) = ((p - margin).max(0.0), (p + margin).min(1.0));
    println!(
        "A {}: +{wins} ={draws} -{losses}  score {score}/{}  ({:.1}%), A won {:.1}% of the games",
        settings.a.name,
        records.len(),
        100.0 * p,
        100.0 * wins as f64 / n.max(1.0)
    );
    let show = |elo: f64| {
        if elo.abs() >= 1000.0 {
            if elo > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        } else {
            format!("{elo:+.0}")
        }
    };
    println!(
        "Elo difference A - B: {} (95%: {} .. {})",
        show(elo(p)),
        show(elo(low)),
        show(elo(high))
    );
    println!(
        "endings: {} wins, {} repetition draws, {} no-move draws, {} at the ply cap",
        count(Ending::Win),
        count(Ending::Repetition),
        count(Ending::NoMoves),
        count(Ending::Capped)
    );
    let mut lengths: Vec<f64> = records.iter().map(|(_, r)| r.plies as f64).collect();
    println!(
        "game length: median {:.0} plies (min {:.0}, max {:.0})",
        median(&mut lengths),
        lengths.first().copied().unwrap_or(0.0),
        lengths.last().copied().unwrap_or(0.0)
    );
    for who in 0..2 {
        let mut times: Vec<f64> = records
            .iter()
            .flat_map(|(_, r)| r.times[who].iter().map(Duration::as_secs_f64))
            .collect();
        let slowest = times.iter().copied().fold(0.0, f64::max);
        println!(
            "{} move time: median {:.1} ms, slowest {:.1} ms over {} moves",
            if who == 0 { "A" } else { "B" },
            1e3 * median(&mut times),
            1e3 * slowest,
            times.len()
        );
    }
    println!("wall time {:.1} s", elapsed.as_secs_f64());
}

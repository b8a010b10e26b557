//! Helpers shared by the integration tests: a small seeded PRNG, square and position
//! shorthands, and generators of test positions (random dense placements, playouts).
//!
//! Each test binary uses only part of this module.
#![allow(dead_code)]

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use halma::{Bitboard, Move, Position, Side, Square};

/// The start position text of RULES.md.
pub const START: &str =
    "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";

/// Race positions from engine games (also the `solve --bench` set).
const RACES: &str = include_str!("../data/races.txt");

/// A far race, its placement without the side to move: x one move from filling its goal
/// (a11-a12), o's army strung along ranks 6 and 7, all 19 pieces outside its own: separated,
/// and far beyond a small budget's reach for o. Each of o's armies has a hundred moves or
/// more, and each costs the race solver tens of microseconds.
pub const FAR_RACE: &str =
    "xxxxx11/xxxxx11/xxxx12/xxx13/1x14/x15/16/16/16/oooooooooooooooo/ooo13/16/16/16/16/16";

/// The race positions of [`RACES`] (separated armies, some of them won already).
pub fn race_positions() -> Vec<Position> {
    RACES
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(pos)
        .collect()
}

/// The tools' seeded generator (SplitMix64): every failure message prints the seed, so a
/// failure reproduces.
pub use halma_opponents::Rng;

/// The square named `name` (`"l2"`); panics on a bad name (test input only).
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square {name:?} in a test: {e}"))
}

/// The set of the named squares.
pub fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|name| sq(name)).collect()
}

/// The names of the squares of a set, in index order.
pub fn names(set: Bitboard) -> Vec<String> {
    set.iter().map(|s| s.to_string()).collect()
}

/// The move `from-to` (`"l2-k3"`); panics on bad text (test input only).
pub fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("bad move {text:?} in a test: {e}"))
}

/// The position of this text; panics on bad text (test input only).
pub fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad position {text:?} in a test: {e}"))
}

/// A position made of named squares, for hand-built rule tests. Panics if invalid.
pub fn position_of(x: &[&str], o: &[&str], turn: Side) -> Position {
    Position::from_parts([squares(x), squares(o)], turn)
        .unwrap_or_else(|e| panic!("invalid test position x={x:?} o={o:?}: {e}"))
}

/// `count` distinct squares of `set` chosen at random.
fn pick(rng: &mut Rng, set: Bitboard, count: usize) -> Vec<Square> {
    let mut all: Vec<Square> = set.iter().collect();
    rng.shuffle(&mut all);
    all.truncate(count);
    all
}

/// A random dense placement: 19 pieces a side, many in goal camps, some with a goal almost
/// or entirely full, some with opponents' pieces left in a goal; valid (never both goals
/// filled). The side to move is random.
pub fn dense_placement(rng: &mut Rng) -> Position {
    loop {
        let mut pieces = [Bitboard::EMPTY; 2];
        let mut sides = Side::ALL;
        rng.shuffle(&mut sides);
        for side in sides {
            let free = !(pieces[0] | pieces[1]);
            // How many of this side's pieces go into its goal camp.
            let in_goal = match rng.below(8) {
                0 => 19,
                1 | 2 => 18,
                3 => 15 + rng.below(3),
                4 => rng.below(19),
                _ => rng.below(10),
            };
            let goal_free = side.goal() & free;
            let mut chosen = pick(rng, goal_free, in_goal);
            // A few in the home camp, the rest near the middle or anywhere.
            let placed: Bitboard = chosen.iter().copied().collect();
            let home_free = side.home() & (free - placed);
            let at_home = rng.below(5).min(19 - chosen.len());
            chosen.extend(pick(rng, home_free, at_home));
            let placed: Bitboard = chosen.iter().copied().collect();
            let rest = 19 - chosen.len();
            let pool = if rng.chance(1, 2) {
                // Bunched up in the middle of the board: many jump chains.
                middle_band() & (free - placed)
            } else {
                free - placed
            };
            chosen.extend(pick(rng, pool, rest));
            if chosen.len() < 19 {
                let placed: Bitboard = chosen.iter().copied().collect();
                let more = 19 - chosen.len();
                chosen.extend(pick(rng, free - placed, more));
            }
            pieces[side.index()] = chosen.into_iter().collect();
        }
        let turn = if rng.chance(1, 2) { Side::X } else { Side::O };
        if let Ok(position) = Position::from_parts(pieces, turn) {
            return position;
        }
    }
}

/// Ranks 4 to 13 (where a race crowds up).
fn middle_band() -> Bitboard {
    Square::all()
        .filter(|s| (3..13).contains(&s.rank_of().index()))
        .collect()
}

/// The position after `plies` moves picked by `rng` from the start (using the engine's
/// generator), stopping early when the position has no moves. With `greedy` in 0..=100 the
/// percentage of moves chosen to advance the most toward the goal.
pub fn playout(rng: &mut Rng, plies: usize, greedy: usize) -> Vec<Position> {
    let mut position = Position::start();
    let mut seen = vec![position];
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = if rng.below(100) < greedy {
            best_advance(&position, &moves, rng)
        } else {
            moves[rng.below(moves.len())]
        };
        position.play(mv).expect("a generated move is legal");
        seen.push(position);
    }
    seen
}

/// Among `moves`, one that brings the mover the most toward its goal corner
/// ([`Side::gain`]), ties broken at random.
pub fn best_advance(position: &Position, moves: &[Move], rng: &mut Rng) -> Move {
    let side = position.turn();
    let best = moves
        .iter()
        .map(|&mv| side.gain(mv))
        .max()
        .expect("moves is not empty");
    let top: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| side.gain(mv) == best)
        .collect();
    top[rng.below(top.len())]
}

/// Runs `f` on a thread of its own and returns its answer, failing the test when none comes
/// within `limit`: a watchdog, so that a hang fails the test in seconds instead of stalling
/// the suite (the hung thread is left behind; the process ends with the suite).
#[track_caller]
pub fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (answer, answered) = mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone only when the watchdog has already failed the test.
        let _ = answer.send(f());
    });
    match answered.recv_timeout(limit) {
        Ok(value) => value,
        Err(RecvTimeoutError::Timeout) => panic!("{what}: no answer within {limit:?}"),
        Err(RecvTimeoutError::Disconnected) => panic!("{what}: panicked (see above)"),
    }
}

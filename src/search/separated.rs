//! The race endgame at the root: once the armies are [separated](crate::race::separated),
//! the [race solver](crate::race) plays instead of the search.
//!
//! In a separated race no move of one side changes the other's, so the best move is the
//! first of a shortest sequence filling the goal, and the result is a count of tempi: the
//! side to move, needing `a` moves against the other's `b`, wins in `2a - 1` plies when
//! `a <= b` and loses in `2b` otherwise. The solver spends half the search's limits on the
//! side to move's count (each count's beam search has as much again: as many nodes, or time
//! to three quarters of the search's), and an eighth on the other side's: with a node limit
//! `n`, `5n / 4` nodes at most; a depth limit without a node limit (a time limit beside it
//! or not) stands for `DEPTH_ONLY_NODES`. When it proves the count, its move is optimal;
//! beyond its reach it plays the shortest sequence its beam search found, a better plan
//! than the search's distance estimate. The score is the forced result when the counts
//! decide the race, else the estimated race in hundredths of a move.

use crate::clock::Instant;
use crate::moves::Move;
use crate::position::Position;
use crate::race::{Budget, Race, Solver, race_for_mover};
use crate::side::Side;

use super::limits::Limits;
use super::report::Answer;
use super::score::{FORCED, SCORE_WIN};

/// The share of a search's time or node limit the solver may spend on the side to move's
/// count (the beam search it runs when the budget is spent first needs time too), and on
/// the other side's once the first is proven (for the result only).
const SHARE: u32 = 2;
const THEIR_SHARE: u32 = 8;

/// The share of a search's time after which the solver returns whatever it has (the search
/// plays in the rest when it has nothing).
const LAST_SHARE: f32 = 0.75;

/// The node limit the solver's shares are taken of when the search has a depth limit and no
/// node limit, or neither a node nor a time limit: bounded, so that a depth-limited search
/// ends soon (whatever time limit comes beside it) and, without a time limit, repeats
/// exactly. The side to move's share, 10,000 nodes for the exact search and as
/// many for the beam search, is a few tenths of a second in a race from engine games, and
/// 1.6 s of CPU time for the costliest race known (an army strung out far from its goal, a
/// hundred moves each army; 9 s before, at 100,000 nodes and an unbounded beam search).
/// Beyond its reach the search plays.
const DEPTH_ONLY_NODES: u64 = 20_000;

/// The solver's budget within `limits` for a `share` of them.
fn budget(limits: &Limits, share: u32) -> Budget {
    let bounded = limits.depth.is_some() || limits.time.is_none();
    let nodes = match limits.nodes {
        None if bounded => Some(DEPTH_ONLY_NODES),
        nodes => nodes,
    };
    Budget {
        nodes: nodes.map(|nodes| nodes / u64::from(share)),
        time: limits.time.map(|time| time / share),
    }
}

/// The solver's move in `position` (separated) within `limits`, scored as the forced
/// result when the counts decide the race, with the race interleaved as the principal
/// variation; `None` when no sequence was found (or `stopped` said to return first). The
/// search started at `start`.
pub(crate) fn solve(
    position: &Position,
    solver: &mut Solver,
    limits: &Limits,
    start: Instant,
    stopped: &dyn Fn() -> bool,
) -> Option<Answer<Move>> {
    if limits.time.is_none() {
        // Without a time limit a search is reproducible: nothing learned before counts.
        solver.clear();
    }
    let turn = position.turn();
    let budgets = [budget(limits, SHARE), budget(limits, THEIR_SHARE)];
    // The beam searches run past the budgets; nothing runs past this.
    let deadline = limits
        .time
        .map(|time| start.saturating_add(time.mul_f32(LAST_SHARE)));
    let late = || stopped() || deadline.is_some_and(Instant::has_passed);
    let race = race_for_mover(position, solver, budgets, &late)?;
    let (mine, theirs) = (race.count(turn), race.count(!turn));
    let best_move = race.best_move()?;
    let my_moves = mine.upper()?;
    let (score, plies) = match race.winner() {
        // The winner's count is exact or bounded from above: the result comes within it.
        Some(winner) if winner == turn => {
            let plies = 2 * my_moves - 1;
            (SCORE_WIN - plies as i32, plies)
        }
        Some(_) => {
            let plies = 2 * theirs.upper()?;
            (-(SCORE_WIN - plies as i32), plies)
        }
        None => {
            // Undecided: the best sequences found (or the other side's lower bound), one move
            // worth a hundred.
            let their_moves = theirs.upper().unwrap_or(theirs.lower);
            let lead = 100 * (i64::from(their_moves) - i64::from(my_moves)) + 50;
            let bound = i64::from(FORCED - 1);
            (
                lead.clamp(-bound, bound) as i32,
                2 * my_moves.min(their_moves),
            )
        }
    };
    Some(Answer {
        best_move,
        score,
        depth: 0,
        race_plies: Some(plies),
        nodes: mine.nodes + theirs.nodes,
        pv: interleaved(&race, turn, plies),
    })
}

/// The sides' sequences in turn, `turn`'s first, for `plies` plies or as far as they go.
fn interleaved(race: &Race, turn: Side, plies: u32) -> Vec<Move> {
    let sequence = |side| race.count(side).moves.as_deref().unwrap_or_default();
    let (mine, theirs) = (sequence(turn), sequence(!turn));
    (0..plies as usize)
        .map_while(|ply| {
            let moves = if ply % 2 == 0 { mine } else { theirs };
            moves.get(ply / 2).copied()
        })
        .collect()
}

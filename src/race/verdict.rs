//! [`Race`]: both sides' counts in a separated position, and who wins the race.

use super::puzzle::Puzzle;
use super::separation::Separation;
use super::solver::{Budget, Count, Solver};
use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;

/// The race of a separated position: each side's least number of moves to fill its goal
/// within its region (or bounds on it), and who wins when both race.
///
/// The side to move wins exactly when its count is not larger than the other's: with counts
/// `a` (to move) and `b`, its `a`-th move comes before the other's `b`-th when `a <= b`.
/// This is the result of the race: both sides keep to their [regions](Separation), where
/// the counts are exact. A side that leaves its region to meet the other army (to block
/// it) is outside what the counts say.
///
/// ```
/// use halma::{Position, Side};
/// use halma::race::{self, Solver};
///
/// // x needs one move (d13-c13), o needs more: x to move wins with it.
/// let position: Position =
///     "xxxxx11/xxxxx11/xxxx12/xx1x12/xx14/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
///         .parse()?;
/// let race = race::race(&position, &mut Solver::new()).expect("separated");
/// assert_eq!(race.count(Side::X).exact(), Some(1));
/// assert_eq!(race.winner(), Some(Side::X));
/// assert_eq!(race.plies(), Some(1));
/// let best = race.best_move().unwrap();
/// assert!(position.is_legal(best));
/// # Ok::<(), halma::ParsePositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Race {
    turn: Side,
    counts: [Count; 2],
}

/// The race of `position` when its armies are [separated](super::separated), each side
/// solved within `solver`'s budget; `None` when they are not.
///
/// ```
/// use halma::Position;
/// use halma::race::{self, Solver};
///
/// assert!(race::race(&Position::start(), &mut Solver::new()).is_none());
/// ```
pub fn race(position: &Position, solver: &mut Solver) -> Option<Race> {
    let separation = Separation::of(position)?;
    let counts = Side::ALL.map(|side| solver.count(&puzzle(position, &separation, side)));
    Some(Race {
        turn: position.turn(),
        counts,
    })
}

/// The race for the side to move: its count within `mine`; the other side's within `theirs`
/// when the side to move's count is proven, else only a first lower bound (the result needs
/// both counts, the move only the first). Each solve ends as soon as `stopped` says so.
/// `None` when the armies are not separated.
pub(crate) fn race_for_mover(
    position: &Position,
    solver: &mut Solver,
    [mine, theirs]: [Budget; 2],
    stopped: &dyn Fn() -> bool,
) -> Option<Race> {
    let separation = Separation::of(position)?;
    let turn = position.turn();
    solver.set_budget(mine);
    let my_count = solver.count_until(&puzzle(position, &separation, turn), true, stopped);
    let proven = my_count.exact().is_some();
    solver.set_budget(if proven { theirs } else { Budget::nodes(1) });
    let their_count = solver.count_until(&puzzle(position, &separation, !turn), proven, stopped);
    let mut counts = [my_count, their_count];
    if turn != Side::ALL[0] {
        counts.swap(0, 1);
    }
    Some(Race { turn, counts })
}

/// `side`'s puzzle in `position`, within its region of `separation`.
fn puzzle(position: &Position, separation: &Separation, side: Side) -> Puzzle {
    Puzzle::of(position, side)
        .within(separation.region(side))
        .expect("a side's region holds its pieces and its goal")
}

impl Race {
    /// What the solver found for `side` (example: [`Race`]).
    pub fn count(&self, side: Side) -> &Count {
        &self.counts[side.index()]
    }

    /// The winner of the race, when the bounds decide it: the side to move when it needs no
    /// more moves than the other side needs at least, the other side when it needs fewer
    /// than the side to move needs at least. Example: [`Race`].
    pub fn winner(&self) -> Option<Side> {
        let (me, them) = (self.count(self.turn), self.count(!self.turn));
        match (me.upper(), them.upper()) {
            (Some(mine), _) if mine <= them.lower => Some(self.turn),
            (_, Some(theirs)) if me.lower > theirs => Some(!self.turn),
            _ => None,
        }
    }

    /// The plies from now to the winner's last move (1: the side to move wins with its
    /// next move; 0: a side has won already), when both counts are exact. Example: [`Race`].
    pub fn plies(&self) -> Option<u32> {
        let mine = self.count(self.turn).exact()?;
        let theirs = self.count(!self.turn).exact()?;
        Some(if mine <= theirs {
            (2 * mine).saturating_sub(1)
        } else {
            2 * theirs
        })
    }

    /// The first move of the side to move's shortest sequence found (a move of an optimal
    /// race when its count is exact). Example: [`Race`].
    pub fn best_move(&self) -> Option<Move> {
        self.count(self.turn).moves.as_ref()?.first().copied()
    }
}

//! Admissible lower bounds on the moves an army needs to fill its goal camp.
//!
//! Every piece outside the goal makes exactly one move that takes it into the goal (a piece
//! in the goal never leaves it); call every other move *extra*. The bounds count the pieces
//! outside plus a lower bound on the extra moves, the largest of three:
//!
//! - [`class_extra`]: jumps keep a piece's parity class, so a class holding more pieces
//!   than the goal has squares of it must send the surplus away by steps;
//! - [`lonely_extra`]: a piece with no neighbour cannot jump, so it steps first, or another
//!   piece comes next to it first;
//! - [`straggler_extra`]: a piece enters the goal by a single move only along a chain of
//!   stones; a piece far from all others needs stones brought to it first, or moves of its
//!   own;
//! - [`gap_extra`]: every move lands next to a square occupied before it, so a gap between a
//!   straggler and the goal closes by one square a move at most.
//!
//! The perimeter ([`super::perimeter`]) adds exact distances near the goal.

use super::army::{Army, GOAL};
use crate::moves::Move;
use crate::position::parity::class_of;
use crate::side::Side;
use crate::square::Square;

/// The squares of the goal camp on each class board.
const GOAL_CLASSES: [u32; 4] = [
    GOAL.0[0].count_ones(),
    GOAL.0[1].count_ones(),
    GOAL.0[2].count_ones(),
    GOAL.0[3].count_ones(),
];

/// The king-step distance of each square to the nearest goal square: 0 in the goal, 1 on
/// its *shore*, and so on.
const GOAL_DISTANCE: [u8; 256] = {
    let goal = Side::X.goal();
    let mut table = [u8::MAX; 256];
    let mut index = 0;
    while index < 256 {
        let mut other = 0;
        while other < 256 {
            let target = Square::new(other as u8);
            if goal.contains(target) {
                let d = king_distance(Square::new(index as u8), target) as u8;
                if d < table[index] {
                    table[index] = d;
                }
            }
            other += 1;
        }
        index += 1;
    }
    table
};

/// The shore: the squares outside the goal next to it.
const SHORE: Army = {
    let mut set = crate::bitboard::Bitboard::EMPTY;
    let mut index = 0;
    while index < 256 {
        if GOAL_DISTANCE[index] == 1 {
            set = set.with(Square::new(index as u8));
        }
        index += 1;
    }
    Army::from_bitboard(set)
};

/// The squares two king steps or more from the goal.
const OFFSHORE: Army = {
    let mut set = crate::bitboard::Bitboard::EMPTY;
    let mut index = 0;
    while index < 256 {
        if GOAL_DISTANCE[index] >= 2 {
            set = set.with(Square::new(index as u8));
        }
        index += 1;
    }
    Army::from_bitboard(set)
};

/// The king steps from `square` to the nearest goal square.
#[inline]
pub(crate) fn goal_distance(square: Square) -> u32 {
    u32::from(GOAL_DISTANCE[square.index() as usize])
}

/// The king steps the pieces of `army` outside the goal still have to go to reach it, in
/// all: no bound, a measure of progress for ordering moves.
#[inline]
pub(crate) fn distance_left(army: Army) -> u32 {
    army.and_not(GOAL).squares().map(goal_distance).sum()
}

/// The number of king steps between two squares.
#[inline]
const fn king_distance(a: Square, b: Square) -> u32 {
    let file = a.file_of().index().abs_diff(b.file_of().index());
    let rank = a.rank_of().index().abs_diff(b.rank_of().index());
    (if file > rank { file } else { rank }) as u32
}

/// A lower bound on the moves `army` needs to fill the goal camp: its pieces outside the
/// goal, each moving in at least once, and the largest of the bounds on extra moves.
/// Admissible because each part is (see [`class_extra`], [`lonely_extra`] and
/// [`straggler_extra`]) and the extra moves are moves besides the entering move of each
/// piece outside.
pub(crate) fn lower_bound(army: Army) -> u32 {
    let tally = Tally::of(army);
    let outside = army.and_not(GOAL);
    tally.outside()
        + class_extra(army)
            .max(lonely_extra(army))
            .max(straggler_extra(outside, u32::MAX))
            .max(gap_extra(outside))
}

/// The counts of an army's pieces on each parity class that the cheap part of
/// [`lower_bound`] (the pieces outside and [`class_extra`]) is made of, kept per search node
/// so that the cheap bound of each move costs a few additions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tally {
    all: [u32; 4],
    outside: [u32; 4],
    shore: [u32; 4],
}

/// For each square: its class, and whether it is outside the goal and on its shore.
const KIND: [(usize, u32, u32); 256] = {
    let goal = Side::X.goal();
    let mut table = [(0, 0, 0); 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        table[index] = (
            class_of(square),
            !goal.contains(square) as u32,
            (GOAL_DISTANCE[index] == 1) as u32,
        );
        index += 1;
    }
    table
};

impl Tally {
    /// The counts of `army`.
    #[inline]
    pub(crate) fn of(army: Army) -> Tally {
        let counts = |set: Army| set.0.map(u64::count_ones);
        Tally {
            all: counts(army),
            outside: counts(army.and_not(GOAL)),
            shore: counts(army.and(SHORE)),
        }
    }

    /// The counts after `mv`.
    #[inline]
    pub(crate) fn after(mut self, mv: Move) -> Tally {
        let (from, to) = (KIND[mv.from.index() as usize], KIND[mv.to.index() as usize]);
        self.all[from.0] -= 1;
        self.outside[from.0] -= from.1;
        self.shore[from.0] -= from.2;
        self.all[to.0] += 1;
        self.outside[to.0] += to.1;
        self.shore[to.0] += to.2;
        self
    }

    /// The pieces outside the goal.
    #[inline]
    pub(crate) fn outside(&self) -> u32 {
        self.outside.iter().sum()
    }

    /// [`class_extra`] of the army.
    #[inline]
    pub(crate) fn class_extra(&self) -> u32 {
        (0..4)
            .map(|c| self.all[c].saturating_sub(GOAL_CLASSES[c] + self.shore[c]))
            .sum()
    }

    /// The pieces outside and [`class_extra`]: the cheap part of [`lower_bound`].
    #[inline]
    pub(crate) fn bound(&self) -> u32 {
        self.outside() + self.class_extra()
    }
}

/// A lower bound on the extra moves from the parity classes.
///
/// Why: group the pieces by the class they stand on now. The goal has `g_c` squares of
/// class `c`, so when it is filled at most `g_c` of the `n_c` pieces now in class `c` are
/// still in it: at least `n_c - g_c` of them end on another class, and only a step changes
/// a piece's class (a jump moves two files and/or two ranks). A piece that changes class
/// and is inside the goal now makes an extra move. One outside makes no extra move only if
/// its entering move is its only move and a step, so only if it stands on the shore. So
/// group `c` makes at least `n_c - g_c - a_c` extra moves, `a_c` being its pieces on the
/// shore, and the groups are disjoint.
#[inline]
pub(crate) fn class_extra(army: Army) -> u32 {
    Tally::of(army).class_extra()
}

/// A lower bound on the extra moves from lonely pieces: pieces two steps or more from the
/// goal with no piece next to them.
///
/// Why: a lonely piece `p` cannot enter the goal by a step, nor jump (a jump starts over a
/// neighbour), so before its entering move either `p` makes an extra move, or another piece
/// moves next to it, which is an extra move too (it ends outside the goal, as no goal
/// square is next to `p`). Take lonely pieces three steps or more apart: an extra move
/// serves at most two of them, the one it moves and the one it lands next to (no square is
/// next to two of them). So the extra moves are at least half their number.
pub(crate) fn lonely_extra(army: Army) -> u32 {
    let lonely = army.and(OFFSHORE).and_not(army.neighbours());
    let mut apart = [Square::new(0); 19];
    let mut count = 0;
    for p in lonely.squares() {
        if apart[..count].iter().all(|&q| king_distance(p, q) >= 3) {
            apart[count] = p;
            count += 1;
        }
    }
    count.div_ceil(2) as u32
}

/// A lower bound on the extra moves from stragglers: the most stones any one piece outside
/// lacks to reach the goal by a single move, `outside` being the pieces outside.
///
/// Why: a piece `p` outside enters the goal by one move only by a step from the shore, or
/// along a chain of jumps: the first stone next to `p`, each next stone within two king
/// steps of the last (both are next to the square between the hops), the last stone next
/// to the goal square the chain ends on. Count, for each `p`, the fewest squares `c(p)`
/// that would have to be added to the other pieces outside to make such a chain, every goal
/// square counting as a stone already (so `c(p)` is 0 on the shore). An extra move lowers
/// `c` of any piece by at most one: it adds one stone (a chain through it needs at most one
/// added square instead: its neighbours on the chain are within four steps of each other),
/// and a piece's own step moves it by one square, its jump runs along stones that were
/// there already. The entering move of `p` needs `c(p) = 0`; the entering move of another
/// takes a stone away (no help) into the goal (counted as a stone already). So the extra
/// moves are at least the largest `c(p)`.
///
/// This computes the bound, or a smaller value still at least `enough` (the search only
/// needs to know whether it reaches that much): the farthest pieces first, those that
/// cannot raise the bound skipped.
pub(crate) fn straggler_extra(outside: Army, enough: u32) -> u32 {
    let mut squares = [Square::new(0); 19];
    let mut count = 0;
    for square in outside.squares() {
        squares[count] = square;
        count += 1;
    }
    let pieces = &mut squares[..count];
    pieces.sort_unstable_by_key(|&p| core::cmp::Reverse(goal_distance(p)));
    let mut best = 0;
    for &p in pieces.iter() {
        // No chain needs more added squares than a straight one to the goal.
        if goal_distance(p) / 2 <= best || best >= enough {
            break;
        }
        best = best.max(stones_lacking(p, pieces));
    }
    best
}

/// A lower bound on the extra moves from gaps: the widest gap, less two, that a piece
/// outside must bridge to the goal, `outside` being the pieces outside.
///
/// Why: let `L(p)` be the bottleneck distance from a piece `p` outside to the goal: the
/// least, over paths from `p` through other pieces outside to a goal square, of the longest
/// step (in king steps) of the path. The entering move of `p` needs `L(p) <= 2`: from the
/// shore, or along a chain of stones each within two steps of the next, the last next to
/// the goal. Every move lands within one step of a square occupied before it: a step next
/// to its origin, a jump next to the last stone it jumps. So a move adds a stone at most one
/// step farther than an old one: a path through the new stone has a path through the old
/// one with each step at most one longer, and `L` of any piece falls by one at most (the
/// piece that moves included: its old square is one step from its new one, or joined to the
/// stone it lands by next by stones two steps apart). Taking a stone away never lowers `L`,
/// and a piece entering the goal adds nothing (every goal square counts already). So while
/// some piece has `L(p) > 2`, each extra move lowers the largest `L(p) - 2` by one at most,
/// and no entering move lowers it.
pub(crate) fn gap_extra(outside: Army) -> u32 {
    // The bottleneck distances from the goal, by Prim's order: the nearest piece first.
    let mut pieces = [(Square::new(0), u32::MAX); 19];
    let mut count = 0;
    for square in outside.squares() {
        pieces[count] = (square, goal_distance(square));
        count += 1;
    }
    let mut open = &mut pieces[..count];
    let mut widest = 0;
    while let Some(nearest) = (0..open.len()).min_by_key(|&i| open[i].1) {
        open.swap(0, nearest);
        let (square, distance) = open[0];
        widest = widest.max(distance);
        open = &mut open[1..];
        for (other, bottleneck) in open.iter_mut() {
            *bottleneck = (*bottleneck).min(distance.max(king_distance(square, *other)));
        }
    }
    widest.saturating_sub(2)
}

/// `c(p)` of [`straggler_extra`]: the fewest squares to add to `pieces` (less `p`) for a
/// chain of stones from `p` to the goal, by Dijkstra's algorithm over the pieces.
fn stones_lacking(p: Square, pieces: &[Square]) -> u32 {
    // From `p` the first stone must be next to it: `d / 2` added squares reach a stone `d`
    // steps away (or the goal). Between stones two steps are fine: `(d - 1) / 2` added.
    let first = |d: u32| d / 2;
    let between = |d: u32| d.saturating_sub(1) / 2;
    let mut best = first(goal_distance(p));
    // For each other piece: the fewest squares added to reach it, and whether it is done.
    let mut cost = [(Square::new(0), u32::MAX, true); 19];
    for (slot, &s) in cost.iter_mut().zip(pieces) {
        *slot = (s, first(king_distance(p, s)), s == p);
    }
    let cost = &mut cost[..pieces.len()];
    loop {
        let Some(next) = (0..cost.len())
            .filter(|&i| !cost[i].2 && cost[i].1 < best)
            .min_by_key(|&i| cost[i].1)
        else {
            return best;
        };
        let (s, c, _) = cost[next];
        cost[next].2 = true;
        best = best.min(c + between(goal_distance(s)));
        for (t, ct, done) in cost.iter_mut() {
            if !*done {
                *ct = (*ct).min(c + between(king_distance(s, *t)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::army::moved_out;

    #[test]
    fn the_filled_goal_needs_nothing() {
        assert_eq!(lower_bound(GOAL), 0);
    }

    #[test]
    fn a_piece_one_step_out_needs_one_move() {
        assert_eq!(lower_bound(moved_out(&[("e16", "f16")])), 1);
    }

    #[test]
    fn a_piece_off_its_class_away_from_the_shore_needs_a_step_and_more() {
        // a16 is on the class of odd ranks and even files; h9 on odd files and odd ranks,
        // three rings from the goal: that class then has one piece more than the goal has
        // squares of it, and no piece of it on the shore.
        let army = moved_out(&[("a16", "h9")]);
        assert_eq!(class_extra(army), 1);
        assert!(lower_bound(army) >= 2);
    }

    #[test]
    fn a_lone_straggler_lacks_stones() {
        // A piece on p1, alone, 13 king steps from the goal: a first stone next to it, then
        // one every two steps, the last within two of the goal: six stones short.
        let army = moved_out(&[("a16", "p1")]);
        let outside = army.and_not(GOAL);
        assert_eq!(goal_distance("p1".parse().unwrap()), 13);
        assert_eq!(straggler_extra(outside, u32::MAX), 6);
        assert_eq!(lonely_extra(army), 1);
        // A second piece next to it (o2, 12 steps away) is its first stone and saves p1 one,
        // but o2 has no stone ahead either.
        let pair = moved_out(&[("a16", "p1"), ("b16", "o2")]);
        assert_eq!(straggler_extra(pair.and_not(GOAL), u32::MAX), 6);
        assert_eq!(lonely_extra(pair), 0);
    }

    #[test]
    fn a_gap_closes_one_step_a_move() {
        // p1 alone, 13 steps from the goal: 11 extra moves before it can enter.
        assert_eq!(gap_extra(moved_out(&[("a16", "p1")]).and_not(GOAL)), 11);
        // A ladder of pieces every two steps from p1 to the goal: no gap at all.
        let ladder = moved_out(&[
            ("a16", "p1"),
            ("b16", "n3"),
            ("c16", "l5"),
            ("d16", "j7"),
            ("e16", "h9"),
            ("a15", "f11"),
            ("b15", "d13"),
        ]);
        assert_eq!(gap_extra(ladder.and_not(GOAL)), 0);
        // Take one rung out: a gap of four steps, two extra moves.
        let broken = moved_out(&[
            ("a16", "p1"),
            ("b16", "n3"),
            ("d16", "j7"),
            ("e16", "h9"),
            ("a15", "f11"),
            ("b15", "d13"),
        ]);
        assert_eq!(gap_extra(broken.and_not(GOAL)), 2);
    }

    #[test]
    fn lonely_pieces_apart_count_by_pairs() {
        // Three lonely pieces far apart: two extra moves at least.
        let army = moved_out(&[("a16", "p1"), ("b16", "p8"), ("c16", "h1")]);
        assert_eq!(lonely_extra(army), 2);
    }
}

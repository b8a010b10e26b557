//! Admissible lower bounds on the moves an army needs to fill its goal camp.
//!
//! Every piece outside the goal makes exactly one move that takes it into the goal (a piece
//! in the goal never leaves it); call every other move *extra*. The bounds count the pieces
//! outside plus a lower bound on the extra moves, the larger of two:
//!
//! - [`class_extra`]: jumps keep a piece's parity class, so a class holding more pieces
//!   than the goal has squares of it must send the surplus away by steps;
//! - [`straggler_extra`]: a piece enters the goal by a single move only along a chain of
//!   stones; a piece far from all others needs stones brought to it first, or moves of its
//!   own.
//!
//! And [`Perimeter`]: the exact number of moves of every army within a few moves of the
//! filled goal, found by a breadth-first search backward from it.

use std::collections::HashMap;

use super::army::{Army, GOAL, Rules};
use crate::side::Side;
use crate::square::Square;

/// The squares of the goal camp on each class board.
const GOAL_CLASSES: [u32; 4] = [
    GOAL.0[0].count_ones(),
    GOAL.0[1].count_ones(),
    GOAL.0[2].count_ones(),
    GOAL.0[3].count_ones(),
];

/// The king-step distance of each square to the nearest goal square, beyond the first: 0
/// for the goal and the squares next to it (the *shore*), 1 for the next ring, and so on.
const SHORE_DISTANCE: [u32; 256] = {
    let goal = Side::X.goal();
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let mut nearest = u32::MAX;
        let mut other = 0;
        while other < 256 {
            let target = Square::new(other as u8);
            if goal.contains(target) {
                let d = king_distance(square, target);
                if d < nearest {
                    nearest = d;
                }
            }
            other += 1;
        }
        table[index] = nearest.saturating_sub(1);
        index += 1;
    }
    table
};

/// The number of king steps between two squares.
#[inline]
const fn king_distance(a: Square, b: Square) -> u32 {
    let file = a.file().abs_diff(b.file());
    let rank = a.rank().abs_diff(b.rank());
    (if file > rank { file } else { rank }) as u32
}

/// A lower bound on the moves `army` needs to fill the goal camp: its pieces outside the
/// goal, each moving in at least once, and the larger of the two bounds on extra moves.
/// Admissible because each part is (see [`class_extra`] and [`straggler_extra`]) and the
/// extra moves are moves besides the entering move of each piece outside.
pub(crate) fn lower_bound(army: Army) -> u32 {
    let outside = army.and_not(GOAL);
    outside.count() + class_extra(army).max(straggler_extra(outside))
}

/// The cheap part of [`lower_bound`]: the pieces outside and [`class_extra`].
#[inline]
pub(crate) fn quick_bound(army: Army) -> u32 {
    army.and_not(GOAL).count() + class_extra(army)
}

/// A lower bound on the extra moves from the parity classes.
///
/// Why: group the pieces by the class they stand on now. The goal has `g_c` squares of
/// class `c`, so when it is filled at most `g_c` of the `n_c` pieces now in class `c` are
/// still in it: at least `n_c - g_c` of them end on another class, and only a step changes
/// a piece's class (a jump moves two files and/or two ranks). A piece that changes class
/// and is inside the goal now makes an extra move. One outside makes no extra move only if
/// its entering move is its only move and a step, so only if it stands on the shore. So group `c` makes at least `n_c - g_c - a_c` extra moves, `a_c`
/// being its pieces on the shore, and the groups are disjoint.
#[inline]
pub(crate) fn class_extra(army: Army) -> u32 {
    let all = army.class_counts();
    let shore = army.and_not(GOAL).and(SHORE).class_counts();
    (0..4)
        .map(|c| all[c].saturating_sub(GOAL_CLASSES[c] + shore[c]))
        .sum()
}

/// The shore: the squares outside the goal next to it.
const SHORE: Army = {
    let goal = Side::X.goal();
    let mut set = crate::bitboard::Bitboard::EMPTY;
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        if SHORE_DISTANCE[index] == 0 && !goal.contains(square) {
            set = set.with(square);
        }
        index += 1;
    }
    Army::from_bitboard(set)
};

/// A lower bound on the extra moves from stragglers: the most stones any one piece outside
/// lacks to reach the goal by a single move, `outside` being the pieces outside.
///
/// Why: a piece `p` outside enters the goal by one move only by a step from the shore, or
/// along a chain of jumps: the first stone next to `p`, each next stone within two king
/// steps of the last (both are next to the square between the hops), the last stone within
/// one step of the goal. Count, for each `p`, the fewest squares `c(p)` that would have to be
/// added to the other pieces outside to make such a chain, the goal and its shore counting
/// as stones already (so `c(p)` is 0 within two steps of the goal). An extra move lowers
/// `c` of any piece by at most one: it adds one stone (a chain through it needs at most one
/// added square instead: its neighbours on the chain are within four steps of each other),
/// and a piece's own step moves it by one square, its jump runs along stones that were
/// there already. The entering move of `p` needs `c(p) = 0`; the entering move of another
/// takes a stone away (no help) into the goal (a stone counted already). So the extra moves are at least the largest `c(p)`.
pub(crate) fn straggler_extra(outside: Army) -> u32 {
    let squares: Vec<Square> = outside.squares().collect();
    let far = |&p: &Square| SHORE_DISTANCE[p.index() as usize] > 1;
    if !squares.iter().any(far) {
        return 0;
    }
    squares
        .iter()
        .filter(|p| far(p))
        .map(|&p| stones_lacking(p, &squares))
        .max()
        .unwrap_or(0)
}

/// `c(p)` of [`straggler_extra`]: the fewest squares to add to `pieces` (less `p`) for a
/// chain of stones from `p` to the shore, by Dijkstra's algorithm over the pieces.
fn stones_lacking(p: Square, pieces: &[Square]) -> u32 {
    // From `p` the first stone must be next to it: `d / 2` added squares reach a stone `d`
    // steps away (or the shore). Between stones two steps are fine: `(d - 1) / 2` added.
    let first = |d: u32| d / 2;
    let between = |d: u32| d.saturating_sub(1) / 2;
    let mut best = first(SHORE_DISTANCE[p.index() as usize]);
    let mut cost: Vec<(Square, u32, bool)> = pieces
        .iter()
        .filter(|&&s| s != p)
        .map(|&s| (s, first(king_distance(p, s)), false))
        .collect();
    while let Some(next) = cost
        .iter()
        .enumerate()
        .filter(|(_, (_, c, done))| !done && *c < best)
        .min_by_key(|(_, (_, c, _))| *c)
        .map(|(i, _)| i)
    {
        let (s, c, _) = cost[next];
        cost[next].2 = true;
        best = best.min(c + between(SHORE_DISTANCE[s.index() as usize]));
        for (t, ct, done) in cost.iter_mut() {
            if !*done {
                *ct = (*ct).min(c + between(king_distance(s, *t)));
            }
        }
    }
    best
}

/// The armies within a few moves of the filled goal camp, with their exact distance to it.
///
/// Built by a breadth-first search backward from the filled goal with the inverse moves
/// ([`Rules::backward`]): level `d` holds exactly the armies whose least number of moves to
/// the goal is `d`. Such an army has at most `d` pieces outside the goal, so it is stored by
/// its pieces outside and the goal squares it leaves empty.
pub(crate) struct Perimeter {
    depth: u32,
    distances: HashMap<u128, u8>,
}

impl Perimeter {
    /// The perimeter of `depth` moves (at most 8).
    pub(crate) fn new(depth: u32) -> Perimeter {
        assert!(
            depth <= 8,
            "a perimeter key holds eight pieces outside at most"
        );
        let mut distances = HashMap::new();
        distances.insert(key(GOAL), 0);
        let mut level = vec![GOAL];
        let backward = Rules::backward();
        for d in 1..=depth {
            let mut next = Vec::new();
            for &army in &level {
                backward.for_each_move(army, |mv| {
                    let before = army.after(mv);
                    distances.entry(key(before)).or_insert_with(|| {
                        next.push(before);
                        d as u8
                    });
                });
            }
            level = next;
        }
        Perimeter { depth, distances }
    }

    /// The depth the perimeter reaches.
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of armies stored.
    pub(crate) fn len(&self) -> usize {
        self.distances.len()
    }

    /// A lower bound on the moves `army` needs, exact within the perimeter: its distance when
    /// it is in the perimeter, `depth + 1` when it could be (no more pieces outside than the
    /// depth) but is not, 0 otherwise.
    #[inline]
    pub(crate) fn bound(&self, army: Army, outside: u32) -> u32 {
        if outside > self.depth {
            return 0;
        }
        self.distances
            .get(&key(army))
            .map_or(self.depth + 1, |&d| u32::from(d))
    }
}

/// The army's pieces outside the goal and the goal squares it leaves empty, packed: the
/// empty goal squares as a 19-bit mask over the goal's squares in index order, then the
/// outside squares' indices, a byte each, in index order. The count of either is the mask's
/// population, so the key is exact for up to eight pieces outside.
fn key(army: Army) -> u128 {
    let outside = army.and_not(GOAL).to_bitboard();
    let empty = GOAL.and_not(army).to_bitboard();
    let mut mask = 0u128;
    for (i, square) in Side::X.goal().iter().enumerate() {
        if empty.contains(square) {
            mask |= 1 << i;
        }
    }
    outside.iter().enumerate().fold(mask, |key, (i, square)| {
        key | u128::from(square.index()) << (19 + 8 * i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;

    /// The goal filled but for the pieces moved from `from` to `to`.
    fn moved_out(pairs: &[(&str, &str)]) -> Army {
        let mut set = GOAL.to_bitboard();
        for (from, to) in pairs {
            set.remove(from.parse().unwrap());
            set.insert(to.parse().unwrap());
        }
        Army::from_bitboard(set)
    }

    #[test]
    fn the_filled_goal_needs_nothing() {
        assert_eq!(lower_bound(GOAL), 0);
        assert_eq!(Perimeter::new(1).bound(GOAL, 0), 0);
    }

    #[test]
    fn a_piece_one_step_out_needs_one_move() {
        let army = moved_out(&[("e16", "f16")]);
        assert_eq!(lower_bound(army), 1);
        assert_eq!(Perimeter::new(2).bound(army, 1), 1);
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
        // A piece on p1, alone, 13 king steps from the goal (12 from the shore): six stones
        // short.
        let army = moved_out(&[("a16", "p1")]);
        let outside = army.and_not(GOAL);
        assert_eq!(
            outside.to_bitboard(),
            Bitboard::from_square("p1".parse().unwrap())
        );
        assert_eq!(SHORE_DISTANCE[15], 12);
        assert_eq!(straggler_extra(outside), 6);
        // A second piece next to it (o2, 11 from the shore) is a stone: from it, one stone
        // every two squares.
        let pair = moved_out(&[("a16", "p1"), ("b16", "o2")]).and_not(GOAL);
        assert_eq!(straggler_extra(pair), 5);
    }

    #[test]
    fn the_perimeter_knows_what_is_beyond_it() {
        let perimeter = Perimeter::new(2);
        // Two steps out from the same square: not within two moves of the goal? It is: two
        // moves back. A piece three rings out is not.
        let near = moved_out(&[("e16", "g16")]);
        assert_eq!(perimeter.bound(near, 1), 2);
        let far = moved_out(&[("e16", "j16")]);
        assert_eq!(perimeter.bound(far, 1), 3);
    }
}

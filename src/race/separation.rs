//! Separation: when the two armies have passed each other for good, and the squares each
//! may use from then on.
//!
//! # Why a line
//!
//! A piece's move depends on another piece only when that piece stands within two squares
//! (king steps) of the mover's squares: a step needs its target empty, a hop needs a stone
//! next to it and an empty square beyond. Every square a piece lands on, by a step or by a
//! hop, is next to a square occupied before the move (its origin, or the stone it jumped).
//! So if every piece of `x` stands three squares or more from every piece of `o`, the
//! stones of a chain are always its own side's pieces, its landing squares are never the
//! other side's, and each side moves exactly as if the other were not on the board. This
//! holds for any chain, wherever its intermediate landings go.
//!
//! To keep it true for the rest of the game each side must stay on its own side of a line:
//! with `w(s) = a * file + b * rank`, `x`'s pieces on squares with `w >= c` and `o`'s on
//! squares with `w <= c - t`, where `t = 2 (|a| + |b|) + 1`. A king step changes `w` by at
//! most `|a| + |b|`, so any `x` square and any `o` square are then three king steps apart
//! or more. Each side's goal camp must lie on its own side, so that it can race within its
//! region. Any sequence of moves of one side that keeps its pieces in its region leaves the
//! other side's moves exactly as they were (the property test in `tests/race.rs` checks it
//! with the position's own move generator).
//!
//! # What the test does not claim
//!
//! No test can promise more for *every* sequence of moves: a piece outside its goal may
//! always walk back toward the other army, and then it can change that army's moves (the
//! test `a_retreat_can_reach_the_other_army` shows one). The solver therefore solves each
//! side's race within its region; a side's pieces never need to cross to the other side
//! for the count to be right, and they cannot without giving up the separation.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// A line between the armies: the weights `(a, b)` of `w = a * file + b * rank`, `x`'s side
/// the one where `w` is high (its goal camp is top left).
#[derive(Clone, Copy)]
struct Line {
    a: i32,
    b: i32,
}

/// The lines tried: diagonal, horizontal, vertical, and the two slopes between them.
const LINES: [Line; 5] = [
    Line { a: -1, b: 1 },
    Line { a: 0, b: 1 },
    Line { a: -1, b: 0 },
    Line { a: -1, b: 2 },
    Line { a: -2, b: 1 },
];

/// `w` of every line is in `-OFFSET..OFFSET`.
const OFFSET: i32 = 32;

impl Line {
    /// `w` of `square`.
    #[inline]
    const fn w(self, square: Square) -> i32 {
        self.a * square.file_of().index() as i32 + self.b * square.rank_of().index() as i32
    }

    /// How far apart the sides' squares must be: one more than two king steps' worth.
    const fn gap(self) -> i32 {
        2 * (self.a.abs() + self.b.abs()) + 1
    }

    /// The smallest and the largest `w` over `set` (`set` not empty).
    #[inline]
    fn range(self, set: Bitboard) -> (i32, i32) {
        set.iter()
            .map(|square| self.w(square))
            .fold((i32::MAX, i32::MIN), |(low, high), w| {
                (low.min(w), high.max(w))
            })
    }

    /// The first square of `x`'s region that may be chosen and the last, when there is
    /// room: `x`'s region is where `w` is at least the start, `o`'s where it is at most the
    /// start less the gap.
    #[inline]
    fn room(self, x: Bitboard, o: Bitboard) -> Option<(i32, i32)> {
        let (x_low, _) = self.range(x | Side::X.goal());
        let (_, o_high) = self.range(o | Side::O.goal());
        let low = o_high + self.gap();
        (low <= x_low).then_some((low, x_low))
    }
}

/// For each line and each value `v` (offset by [`OFFSET`]): the squares with `w >= v`.
const AT_LEAST: [[Bitboard; 2 * OFFSET as usize]; 5] = {
    let mut table = [[Bitboard::EMPTY; 2 * OFFSET as usize]; 5];
    let mut line = 0;
    while line < 5 {
        let mut v = 0;
        while v < 2 * OFFSET as usize {
            let mut index = 0;
            while index < 256 {
                let square = Square::new(index as u8);
                if LINES[line].w(square) + OFFSET >= v as i32 {
                    table[line][v] = table[line][v].with(square);
                }
                index += 1;
            }
            v += 1;
        }
        line += 1;
    }
    table
};

/// How two separated armies stand apart: a line between them and the region on each side
/// of it that the side's pieces keep to.
///
/// ```
/// use halma::Position;
/// use halma::race::Separation;
///
/// let race: Position =
///     "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
///         .parse()?;
/// let separation = Separation::of(&race).expect("the armies have passed each other");
/// let [x, o] = separation.regions();
/// assert!(x.is_superset(race.pieces(halma::Side::X)));
/// assert!(!x.intersects(o));
/// assert!(Separation::of(&Position::start()).is_none());
/// # Ok::<(), halma::ParsePositionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Separation {
    regions: [Bitboard; 2],
}

impl Separation {
    /// How the armies of `position` are separated, or `None` when they are not (or the test
    /// cannot prove it: it says no when unsure). Example: [`Separation`].
    ///
    /// Of the lines that separate them, the one leaving the sides the most room is used;
    /// the room is split evenly between the two sides.
    pub fn of(position: &Position) -> Option<Separation> {
        let (x, o) = (position.pieces(Side::X), position.pieces(Side::O));
        let (line, (low, high)) = (0..LINES.len())
            .filter_map(|line| Some((line, LINES[line].room(x, o)?)))
            .max_by_key(|&(_, (low, high))| high - low)?;
        let start = low + (high - low) / 2;
        let at_least = |v: i32| AT_LEAST[line][(v + OFFSET) as usize];
        Some(Separation {
            regions: [at_least(start), !at_least(start - LINES[line].gap() + 1)],
        })
    }

    /// The squares each side keeps to, `x`'s first: its pieces and its goal camp are in it,
    /// and every square of one region is three king steps or more from every square of the
    /// other. Example: [`Separation`].
    pub fn regions(&self) -> [Bitboard; 2] {
        self.regions
    }

    /// The region of `side`.
    ///
    /// ```
    /// use halma::{Position, Side};
    /// use halma::race::Separation;
    ///
    /// let race: Position =
    ///     "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
    ///         .parse()?;
    /// let separation = Separation::of(&race).unwrap();
    /// assert!(separation.region(Side::O).contains("p1".parse()?));
    /// assert_eq!(separation.region(Side::X), separation.regions()[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn region(&self, side: Side) -> Bitboard {
        self.regions[side.index()]
    }
}

/// Whether the armies of `position` have passed each other for good: no piece of either
/// side can interact with the other side's pieces again as long as each keeps to its
/// [region](Separation::regions). Cheap: a few passes over 38 pieces.
///
/// ```
/// use halma::{race, Position};
///
/// assert!(!race::separated(&Position::start()));
/// let race: Position =
///     "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
///         .parse()?;
/// assert!(race::separated(&race));
/// # Ok::<(), halma::ParsePositionError>(())
/// ```
pub fn separated(position: &Position) -> bool {
    let (x, o) = (position.pieces(Side::X), position.pieces(Side::O));
    LINES.iter().any(|line| line.room(x, o).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Chebyshev (king step) distance of two squares.
    fn king_distance(a: Square, b: Square) -> u8 {
        a.file_of()
            .index()
            .abs_diff(b.file_of().index())
            .max(a.rank_of().index().abs_diff(b.rank_of().index()))
    }

    #[test]
    fn regions_are_three_steps_apart_and_hold_pieces_and_goals() {
        let position: Position =
            "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
                .parse()
                .unwrap();
        let separation = Separation::of(&position).unwrap();
        for side in Side::ALL {
            let region = separation.region(side);
            assert!(region.is_superset(position.pieces(side) | side.goal()));
            for a in region {
                for b in separation.region(!side) {
                    assert!(king_distance(a, b) >= 3, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn armies_two_steps_apart_are_not_separated() {
        // The last o piece (m6) and the last x piece (k8) are two steps apart.
        let position: Position =
            "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x13/16/16/16/10x5/16/12o3/10oo1o1o/11oooo1/12ooo1/11oooo1/13ooo x"
                .parse()
                .unwrap();
        assert!(Separation::of(&position).is_none());
    }
}

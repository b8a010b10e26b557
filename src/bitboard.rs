//! [`Bitboard`]: a set of squares as 256 bits.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::square::Square;

/// A set of squares: bit `i` stands for the square with index `i` (see [`Square`]).
///
/// The 256 bits are four `u64` words in rank order, so each word holds four ranks of 16
/// files. The set operators `&`, `|`, `^`, `!` and `-` (difference) work as on integers.
///
/// ```
/// use halma::{Bitboard, Square};
///
/// let a1 = Square::new(0);
/// let p16: Square = "p16".parse()?;
/// let corners = Bitboard::from_square(a1) | Bitboard::from_square(p16);
/// assert_eq!(corners.count(), 2);
/// assert!(corners.contains(p16));
/// assert_eq!(corners.iter().collect::<Vec<_>>(), [a1, p16]);
/// # Ok::<(), halma::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub [u64; 4]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// All 256 squares.
    pub const FULL: Bitboard = Bitboard([u64::MAX; 4]);

    /// The set holding `square` only.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        let index = square.index() as usize;
        let mut words = [0; 4];
        words[index >> 6] = 1 << (index & 63);
        Bitboard(words)
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        let index = square.index() as usize;
        self.0[index >> 6] >> (index & 63) & 1 != 0
    }

    /// The set with `square` added.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        let index = square.index() as usize;
        let mut words = self.0;
        words[index >> 6] |= 1 << (index & 63);
        Bitboard(words)
    }

    /// The set with `square` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        let index = square.index() as usize;
        let mut words = self.0;
        words[index >> 6] &= !(1 << (index & 63));
        Bitboard(words)
    }

    /// Adds `square` to the set.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square` from the set.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// Adds `square` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, square: Square) {
        let index = square.index() as usize;
        self.0[index >> 6] ^= 1 << (index & 63);
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether every square of `other` is in `self`.
    #[inline]
    pub const fn is_superset(self, other: Bitboard) -> bool {
        (other.0[0] & !self.0[0])
            | (other.0[1] & !self.0[1])
            | (other.0[2] & !self.0[2])
            | (other.0[3] & !self.0[3])
            == 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    /// The lowest-index square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        let mut word = 0;
        while word < 4 {
            if self.0[word] != 0 {
                let index = word as u32 * 64 + self.0[word].trailing_zeros();
                return Some(Square::new(index as u8));
            }
            word += 1;
        }
        None
    }

    /// Removes and returns the lowest-index square of the set, if any.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        for word in 0..4 {
            let bits = self.0[word];
            if bits != 0 {
                self.0[word] = bits & (bits - 1);
                return Some(Square::new(
                    (word as u32 * 64 + bits.trailing_zeros()) as u8,
                ));
            }
        }
        None
    }

    /// The squares of the set, in index order.
    #[inline]
    pub fn iter(self) -> Squares {
        Squares(self)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & rhs.0[0],
            self.0[1] & rhs.0[1],
            self.0[2] & rhs.0[2],
            self.0[3] & rhs.0[3],
        ])
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | rhs.0[0],
            self.0[1] | rhs.0[1],
            self.0[2] | rhs.0[2],
            self.0[3] | rhs.0[3],
        ])
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] ^ rhs.0[0],
            self.0[1] ^ rhs.0[1],
            self.0[2] ^ rhs.0[2],
            self.0[3] ^ rhs.0[3],
        ])
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & !rhs.0[0],
            self.0[1] & !rhs.0[1],
            self.0[2] & !rhs.0[2],
            self.0[3] & !rhs.0[3],
        ])
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        *self = *self & rhs;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        *self = *self | rhs;
    }
}

impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        *self = *self ^ rhs;
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = *self - rhs;
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for square in squares {
            set.insert(square);
        }
        set
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

/// The squares of a [`Bitboard`] in index order; made by [`Bitboard::iter`].
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Squares {}

impl core::iter::FusedIterator for Squares {}

/// Draws the 16x16 grid, rank 16 on top: `x` for a member, `.` for the others.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..16).rev() {
            for file in 0..16 {
                let square = Square::new(rank * 16 + file);
                f.write_str(if self.contains(square) { "x" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Bitboard([{:#018x}, {:#018x}, {:#018x}, {:#018x}])",
            self.0[0], self.0[1], self.0[2], self.0[3]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn set_operations() {
        let a = Bitboard::from_square(sq("a1")) | Bitboard::from_square(sq("h9"));
        let b = Bitboard::from_square(sq("h9")) | Bitboard::from_square(sq("p16"));
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [sq("h9")]);
        assert_eq!((a | b).count(), 3);
        assert_eq!((a ^ b).count(), 2);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), [sq("a1")]);
        assert_eq!((!a).count(), 254);
        assert!(a.intersects(b));
        assert!((a | b).is_superset(a));
        assert!(!a.is_superset(b));
    }

    #[test]
    fn insert_remove_toggle() {
        let mut set = Bitboard::EMPTY;
        set.insert(sq("c5"));
        set.toggle(sq("p16"));
        assert!(set.contains(sq("c5")) && set.contains(sq("p16")));
        set.remove(sq("c5"));
        set.toggle(sq("p16"));
        assert!(set.is_empty());
    }

    #[test]
    fn iteration_is_ordered_and_exact() {
        let set: Bitboard = ["p16", "a1", "b5", "p4"].iter().map(|n| sq(n)).collect();
        let squares: Vec<_> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(squares, ["a1", "p4", "b5", "p16"]);
        assert_eq!(set.iter().len(), 4);
        assert_eq!(set.first(), Some(sq("a1")));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn display_draws_rank_16_on_top() {
        let text = Bitboard::from_square(sq("a16")).to_string();
        assert!(text.starts_with("x..............."));
        assert_eq!(text.lines().count(), 16);
    }
}

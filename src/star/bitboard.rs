//! [`StarBitboard`]: a set of the star's holes as 128 bits.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use super::geometry::{COLUMN, HOLES, ROW};
use super::hole::Hole;

/// A set of holes of the star board: bit `n` of the `u128` stands for the hole numbered
/// `n` ([`Hole`]); bits 121 to 127 are always clear. The set operators `&`, `|`, `^`, `!`
/// (the other holes of the board) and `-` (difference) work as on integers.
///
/// ```
/// use halma::{Hole, Side, StarBitboard};
///
/// let top = StarBitboard::home(Side::X);
/// assert_eq!(top.count(), 10);
/// assert!(top.contains(Hole::new(9).unwrap()));
/// assert_eq!((!top).count(), 111);
/// assert_eq!(top.iter().map(Hole::number).max(), Some(9));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct StarBitboard(pub(crate) u128);

impl StarBitboard {
    /// The empty set.
    pub const EMPTY: StarBitboard = StarBitboard(0);
    /// All 121 holes.
    pub const FULL: StarBitboard = StarBitboard((1 << HOLES) - 1);

    /// The set of the holes whose numbers are the set bits of `bits` (bits above 120
    /// ignored).
    #[inline]
    pub const fn from_bits(bits: u128) -> StarBitboard {
        StarBitboard(bits & StarBitboard::FULL.0)
    }

    /// The set as bits of hole numbers.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The triangle `side` starts in: holes 0 to 9 for `x`, 111 to 120 for `o`. Its
    /// target is the other side's home.
    #[inline]
    pub const fn home(side: crate::Side) -> StarBitboard {
        StarBitboard(super::geometry::home_bits(side))
    }

    /// The set holding `hole` only.
    #[inline]
    pub const fn from_hole(hole: Hole) -> StarBitboard {
        StarBitboard(1 << hole.number())
    }

    /// Whether `hole` is in the set.
    #[inline]
    pub const fn contains(self, hole: Hole) -> bool {
        self.0 >> hole.number() & 1 != 0
    }

    /// The set with `hole` added.
    #[inline]
    #[must_use]
    pub const fn with(self, hole: Hole) -> StarBitboard {
        StarBitboard(self.0 | 1 << hole.number())
    }

    /// The set with `hole` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, hole: Hole) -> StarBitboard {
        StarBitboard(self.0 & !(1 << hole.number()))
    }

    /// The number of holes in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a hole.
    #[inline]
    pub const fn intersects(self, other: StarBitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The hole of the lowest number in the set.
    #[inline]
    pub const fn first(self) -> Option<Hole> {
        if self.0 == 0 {
            None
        } else {
            Some(Hole::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The holes in number order.
    #[inline]
    pub fn iter(self) -> StarHoles {
        StarHoles(self.0)
    }
}

/// The holes of a [`StarBitboard`], in number order.
#[derive(Clone, Debug)]
pub struct StarHoles(u128);

impl Iterator for StarHoles {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let hole = Hole::new_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(hole)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for StarHoles {}

impl IntoIterator for StarBitboard {
    type Item = Hole;
    type IntoIter = StarHoles;
    fn into_iter(self) -> StarHoles {
        self.iter()
    }
}

impl FromIterator<Hole> for StarBitboard {
    fn from_iter<I: IntoIterator<Item = Hole>>(holes: I) -> StarBitboard {
        holes
            .into_iter()
            .fold(StarBitboard::EMPTY, StarBitboard::with)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for StarBitboard {
            type Output = StarBitboard;
            #[inline]
            fn $method(self, other: StarBitboard) -> StarBitboard {
                StarBitboard(self.0 $op other.0)
            }
        }

        impl $assign for StarBitboard {
            #[inline]
            fn $assign_method(&mut self, other: StarBitboard) {
                *self = *self $op other;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for StarBitboard {
    type Output = StarBitboard;
    /// The holes of `self` not in `other`.
    #[inline]
    fn sub(self, other: StarBitboard) -> StarBitboard {
        StarBitboard(self.0 & !other.0)
    }
}

impl SubAssign for StarBitboard {
    #[inline]
    fn sub_assign(&mut self, other: StarBitboard) {
        *self = *self - other;
    }
}

impl Not for StarBitboard {
    type Output = StarBitboard;
    /// The other holes of the board.
    #[inline]
    fn not(self) -> StarBitboard {
        StarBitboard(!self.0 & StarBitboard::FULL.0)
    }
}

impl fmt::Display for StarBitboard {
    /// The star, a row a line, `x` for a hole in the set and `.` for another, each hole at
    /// its doubled column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::new();
        for hole in Hole::all() {
            let number = hole.number() as usize;
            while line.len() < COLUMN[number] as usize {
                line.push(' ');
            }
            line.push(if self.contains(hole) { 'x' } else { '.' });
            let last_of_row = number + 1 == HOLES || ROW[number + 1] != ROW[number];
            if last_of_row {
                writeln!(f, "{line}")?;
                line.clear();
            }
        }
        Ok(())
    }
}

impl fmt::Debug for StarBitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_stay_on_the_board() {
        let home = StarBitboard::home(crate::Side::O);
        assert_eq!(home.first().map(Hole::number), Some(111));
        assert_eq!(!StarBitboard::EMPTY, StarBitboard::FULL);
        assert_eq!((!home).count(), 111);
        assert_eq!(StarBitboard::from_bits(u128::MAX), StarBitboard::FULL);
        let both = home | StarBitboard::home(crate::Side::X);
        assert_eq!((both - home), StarBitboard::home(crate::Side::X));
        assert_eq!(home.iter().len(), 10);
        assert_eq!(home.iter().collect::<StarBitboard>(), home);
    }

    #[test]
    fn the_picture_draws_the_star() {
        let picture = StarBitboard::home(crate::Side::X).to_string();
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 17);
        assert_eq!(lines[0], "            x");
        assert_eq!(lines[4], ". . . . . . . . . . . . .");
        assert_eq!(lines[16], "            .");
    }
}

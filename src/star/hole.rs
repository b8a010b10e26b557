//! [`Hole`]: one of the star's 121 holes, named by its number `0`..`120`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use super::geometry::{COLUMN, ROW};

/// One of the 121 holes of the star board, numbered as OpenSpiel's `chinese_checkers`
/// numbers them: row by row from the top tip, each row left to right. The 17 rows hold 1, 2,
/// 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2 and 1 holes: hole 0 is the top tip,
/// holes 10 to 22 the widest row under the top triangle, 60 the centre, 120 the bottom tip.
/// A hole's name is its number.
///
/// ```
/// use halma::Hole;
///
/// let centre: Hole = "60".parse()?;
/// assert_eq!((centre.row(), centre.column()), (8, 12));
/// assert_eq!(Hole::new(120).map(|hole| hole.row()), Some(16));
/// assert_eq!(Hole::new(121), None);
/// assert_eq!(centre.to_string(), "60");
/// # Ok::<(), halma::ParseHoleError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Hole(u8);

impl Hole {
    /// The number of holes.
    pub const COUNT: usize = 121;

    /// The hole numbered `number`, if there is one (0..=120).
    #[inline]
    pub const fn new(number: u8) -> Option<Hole> {
        if (number as usize) < Hole::COUNT {
            Some(Hole(number))
        } else {
            None
        }
    }

    /// The hole numbered `number`, which is below 121.
    #[inline(always)]
    pub(crate) const fn new_unchecked(number: u8) -> Hole {
        Hole(number)
    }

    /// Every hole, in number order.
    pub fn all() -> impl DoubleEndedIterator<Item = Hole> + ExactSizeIterator {
        (0..Hole::COUNT as u8).map(Hole)
    }

    /// The number, 0..=120.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The row, 0 (the top tip) to 16 (the bottom tip).
    #[inline]
    pub const fn row(self) -> u8 {
        ROW[self.0 as usize]
    }

    /// The column on a grid of doubled columns, 0 (the left end of the widest rows) to 24:
    /// neighbours in a row are 2 apart, and each hole's neighbours in the rows above and
    /// below are 1 column to its left and right (example: [`Hole`]).
    #[inline]
    pub const fn column(self) -> u8 {
        COLUMN[self.0 as usize]
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Hole {
    type Err = ParseHoleError;

    /// A number from `0` to `120`, in decimal without a sign or leading zeros.
    fn from_str(text: &str) -> Result<Hole, ParseHoleError> {
        let digits = text.bytes().all(|b| b.is_ascii_digit());
        let leading_zero = text.len() > 1 && text.starts_with('0');
        text.parse::<u8>()
            .ok()
            .filter(|_| digits && !leading_zero)
            .and_then(Hole::new)
            .ok_or_else(|| ParseHoleError {
                text: text.to_owned(),
            })
    }
}

/// Text that names no hole.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a hole: holes are numbered 0 to 120")]
pub struct ParseHoleError {
    text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_are_refused() {
        for hole in Hole::all() {
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
        }
        for bad in ["", "121", "-1", "+5", "05", "1 ", "x", "256"] {
            assert!(bad.parse::<Hole>().is_err(), "{bad:?}");
        }
    }
}

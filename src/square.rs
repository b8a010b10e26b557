//! [`Square`]: one of the 256 squares, named `a1`..`p16`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::coords::{File, Rank};

/// One of the 256 squares of the board.
///
/// A square is on a [`File`], `a`..`p` left to right, and a [`Rank`], `1`..`16` bottom to
/// top; both count from 1 in names and the rules ([`number`](File::number)) and from 0 as
/// indices ([`index`](File::index)). A square's index is `rank index * 16 + file index`:
/// `a1` is 0, `p1` is 15, `a16` is 240 and `p16` is 255. Every `u8` is a square, so the
/// conversion from an index cannot fail.
///
/// ```
/// use halma::{File, Rank, Square};
///
/// let square: Square = "l2".parse()?;
/// assert_eq!(square.index(), 27);
/// assert_eq!((square.file_of().char(), square.rank_of().number()), ('l', 2));
/// assert_eq!((square.file_of().index(), square.rank_of().index()), (11, 1));
/// assert_eq!(Square::at(File::ALL[11], Rank::ALL[1]), square);
/// assert_eq!(Square::new(255).to_string(), "p16");
/// # Ok::<(), halma::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square with this index.
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    /// The square on `file` and `rank` (example: [`Square`]).
    #[inline]
    pub const fn at(file: File, rank: Rank) -> Square {
        Square(rank.index() * 16 + file.index())
    }

    /// The index, `rank index * 16 + file index`, 0..=255.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, `a` to `p` (example: [`Square`]).
    #[inline]
    pub const fn file_of(self) -> File {
        match File::from_index(self.0 & 15) {
            Some(file) => file,
            None => unreachable!(),
        }
    }

    /// The rank, `1` to `16` (example: [`Square`]).
    #[inline]
    pub const fn rank_of(self) -> Rank {
        match Rank::from_index(self.0 >> 4) {
            Some(rank) => rank,
            None => unreachable!(),
        }
    }

    /// The square `file_delta` files and `rank_delta` ranks away, or `None` when that is off
    /// the board (for any deltas: the sums are taken wide enough never to overflow).
    ///
    /// ```
    /// use halma::Square;
    ///
    /// let l2: Square = "l2".parse()?;
    /// assert_eq!(l2.offset(-1, 1), Some("k3".parse()?));
    /// assert_eq!(l2.offset(0, -2), None);
    /// assert_eq!(l2.offset(i8::MAX, i8::MIN), None);
    /// # Ok::<(), halma::ParseSquareError>(())
    /// ```
    #[inline]
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Square> {
        let file = self.0 as i16 & 15;
        let rank = self.0 as i16 >> 4;
        let (file, rank) = (file + file_delta as i16, rank + rank_delta as i16);
        if 0 <= file && file < 16 && 0 <= rank && rank < 16 {
            Some(Square((rank * 16 + file) as u8))
        } else {
            None
        }
    }

    /// Parses a square name from the start of `bytes`, returning it and the bytes it took.
    ///
    /// Strict: a lower-case file `a`..`p`, then a rank `1`..`16` without a leading zero.
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<(Square, usize)> {
        let file = File::from_char(char::from(*bytes.first()?))?;
        let (rank, len) = Rank::parse_prefix(&bytes[1..])?;
        Some((Square::at(file, rank), 1 + len))
    }

    /// All 256 squares in index order.
    pub fn all() -> impl ExactSizeIterator<Item = Square> + DoubleEndedIterator {
        (0..=255).map(Square)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        match Square::parse_prefix(text.as_bytes()) {
            Some((square, len)) if len == text.len() => Ok(square),
            _ => Err(ParseSquareError {
                text: text.to_owned(),
            }),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_of(), self.rank_of())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Square> for u8 {
    #[inline]
    fn from(square: Square) -> u8 {
        square.0
    }
}

impl From<u8> for Square {
    #[inline]
    fn from(index: u8) -> Square {
        Square(index)
    }
}

/// Text that is not a square name (`a1`..`p16`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a square: squares are a1 to p16, file letter then rank")]
pub struct ParseSquareError {
    /// The text that failed to parse.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_follow_the_rules() {
        for (name, index) in [
            ("a1", 0),
            ("p1", 15),
            ("a16", 240),
            ("p16", 255),
            ("l2", 27),
        ] {
            let square: Square = name.parse().unwrap();
            assert_eq!(square.index(), index);
            assert_eq!(square.to_string(), name);
        }
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
        }
    }

    #[test]
    fn parsing_is_strict() {
        for bad in [
            "", "a", "a0", "a17", "q1", "A1", "a01", "a1 ", " a1", "a1x", "1a", "a-1",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 1).unwrap().to_string(), "b2");
        assert_eq!("p16".parse::<Square>().unwrap().offset(0, 1), None);
    }

    #[test]
    fn offsets_are_total_for_any_deltas() {
        for square in Square::all() {
            let (file, rank) = (
                i32::from(square.index() & 15),
                i32::from(square.index() >> 4),
            );
            for file_delta in i8::MIN..=i8::MAX {
                for rank_delta in i8::MIN..=i8::MAX {
                    let (f, r) = (file + i32::from(file_delta), rank + i32::from(rank_delta));
                    let expected = ((0..16).contains(&f) && (0..16).contains(&r))
                        .then(|| Square::new((r * 16 + f) as u8));
                    assert_eq!(square.offset(file_delta, rank_delta), expected);
                }
            }
        }
    }
}

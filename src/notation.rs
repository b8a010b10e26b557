//! Move text as a value: `from-to` (`l2-k3`) or a hop path (`n2-n4-n6`), read without a
//! position; [`Position::check_move_text`](crate::Position::check_move_text) then checks it
//! against one.

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;
use thiserror::Error;

use crate::moves::Move;
use crate::square::Square;

/// Well-formed move text, not yet checked against a position: two squares or more joined by
/// `-`, no square named twice (except in `from-to`, which is well-formed even when illegal).
///
/// A two-square text names a move by origin and destination; a longer one is a hop path, a
/// chain of jumps whose every hop a position must confirm.
///
/// ```
/// use halma::{Move, MoveText};
///
/// let path: MoveText = "n2-n4-n6".parse()?;
/// assert_eq!(path.squares().len(), 3);
/// assert!(path.is_path());
/// assert_eq!(path.to_move(), "n2-n6".parse::<Move>()?);
/// assert_eq!(path.to_string(), "n2-n4-n6");
/// # Ok::<(), halma::ParseMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MoveText {
    /// Never shorter than 2 squares, and never longer than the 64 squares of a parity class
    /// (a path repeats no square and a jump chain stays in one class).
    squares: SmallVec<[Square; 8]>,
}

impl MoveText {
    /// The squares as written: the origin, each landing, the destination.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The move from the first square to the last.
    pub fn to_move(&self) -> Move {
        Move::new(self.squares[0], self.squares[self.squares.len() - 1])
    }

    /// Whether the text is a hop path (three squares or more) rather than `from-to`.
    pub fn is_path(&self) -> bool {
        self.squares.len() > 2
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let bytes = text.as_bytes();
        let mut squares = SmallVec::new();
        let mut offset = 0;
        loop {
            let (square, len) = Square::parse_prefix(&bytes[offset..])
                .ok_or(ParseMoveError::ExpectedSquare { offset })?;
            squares.push(square);
            offset += len;
            match bytes.get(offset) {
                None => break,
                Some(b'-') => offset += 1,
                Some(_) => return Err(ParseMoveError::ExpectedDash { offset }),
            }
        }
        if squares.len() < 2 {
            return Err(ParseMoveError::SingleSquare);
        }
        if squares.len() > 2 {
            for (i, &square) in squares.iter().enumerate() {
                if squares[..i].contains(&square) {
                    return Err(ParseMoveError::RepeatedSquare { square });
                }
            }
        }
        Ok(MoveText { squares })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.squares.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `from-to`. A longer hop path needs a position to check it: see
    /// [`MoveText`] and [`Position::parse_move`](crate::Position::parse_move).
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let text: MoveText = text.parse()?;
        if text.is_path() {
            return Err(ParseMoveError::PathNotAllowed);
        }
        Ok(text.to_move())
    }
}

/// Text that is not move text: `from-to`, or a hop path `from-a-b-to`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is empty.
    #[error("the move text is empty")]
    Empty,
    /// A square name is expected at `offset`.
    #[error("expected a square (a1 to p16) at byte {offset} of the move text")]
    ExpectedSquare {
        /// Byte offset in the text.
        offset: usize,
    },
    /// Something other than `-` follows a square.
    #[error("expected '-' or the end of the move text at byte {offset}")]
    ExpectedDash {
        /// Byte offset in the text.
        offset: usize,
    },
    /// Only one square.
    #[error("a move needs two squares, origin and destination, like l2-k3")]
    SingleSquare,
    /// A hop path names a square twice.
    #[error("the hop path visits {square} twice")]
    RepeatedSquare {
        /// The square named twice.
        square: Square,
    },
    /// A hop path where only `from-to` is accepted (a path needs a position to check).
    #[error("a hop path needs a position to check it; here only from-to is accepted")]
    PathNotAllowed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips() {
        for text in ["l2-k3", "n2-n4-n6", "a1-a1", "p16-n14-l12-j10"] {
            assert_eq!(text.parse::<MoveText>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn only_from_to_is_a_move_without_a_position() {
        assert_eq!(
            "n2-n4-n6".parse::<Move>(),
            Err(ParseMoveError::PathNotAllowed)
        );
        assert_eq!("a1-a1".parse::<Move>().unwrap().to_string(), "a1-a1");
        assert_eq!(
            "n2-n4-n2".parse::<MoveText>(),
            Err(ParseMoveError::RepeatedSquare {
                square: "n2".parse().unwrap()
            })
        );
    }
}

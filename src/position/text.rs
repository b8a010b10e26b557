//! Position text (like chess FEN), strict in what it reads: 16 ranks from rank 16 down,
//! separated by `/`, runs of empty squares as numbers 1 to 16, then the side to move.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

use super::{InvalidPositionError, Position};

/// Reads the placement: 16 ranks from rank 16 down, separated by `/`. Returns the pieces and
/// the byte offset where the placement ends.
fn parse_placement(text: &str) -> Result<([Bitboard; 2], usize), PositionSyntaxError> {
    let bytes = text.as_bytes();
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut rank_index = 0; // 0 is rank 16
    let mut file = 0u8;
    let mut offset = 0;
    let rank_of = |rank_index: u8| 16 - rank_index;
    while offset < bytes.len() && bytes[offset] != b' ' {
        let byte = bytes[offset];
        match byte {
            b'/' => {
                if file != 16 {
                    return Err(PositionSyntaxError::RankTooShort {
                        rank: rank_of(rank_index),
                        squares: file,
                    });
                }
                rank_index += 1;
                file = 0;
                if rank_index == 16 {
                    return Err(PositionSyntaxError::TooManyRanks { offset: offset + 1 });
                }
                offset += 1;
            }
            b'x' | b'o' => {
                if file == 16 {
                    return Err(PositionSyntaxError::RankTooLong {
                        rank: rank_of(rank_index),
                        offset,
                    });
                }
                let side = if byte == b'x' { Side::X } else { Side::O };
                let square = Square::new((15 - rank_index) * 16 + file);
                pieces[side.index()].insert(square);
                file += 1;
                offset += 1;
            }
            b'0'..=b'9' => {
                let digits = bytes[offset..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let run = &text[offset..offset + digits];
                let value = match run.parse::<u8>() {
                    Ok(value @ 1..=16) if !run.starts_with('0') => value,
                    _ => {
                        return Err(PositionSyntaxError::InvalidRun {
                            run: run.to_owned(),
                            offset,
                        });
                    }
                };
                if file + value > 16 {
                    return Err(PositionSyntaxError::RankTooLong {
                        rank: rank_of(rank_index),
                        offset,
                    });
                }
                file += value;
                offset += digits;
            }
            _ => {
                let found = text[offset..].chars().next().unwrap_or('\u{fffd}');
                return Err(PositionSyntaxError::InvalidCharacter { found, offset });
            }
        }
    }
    if rank_index < 15 {
        return Err(PositionSyntaxError::TooFewRanks {
            ranks: rank_index + 1,
        });
    }
    if file != 16 {
        return Err(PositionSyntaxError::RankTooShort {
            rank: rank_of(rank_index),
            squares: file,
        });
    }
    Ok((pieces, offset))
}

/// Reads ` x` or ` o` at `offset`, the end of the placement, and checks nothing follows.
fn parse_turn(text: &str, offset: usize) -> Result<Side, PositionSyntaxError> {
    let rest = &text[offset..];
    let Some(field) = rest.strip_prefix(' ') else {
        return Err(PositionSyntaxError::MissingSideToMove);
    };
    let field_offset = offset + 1;
    let mut chars = field.chars();
    let turn = match chars.next() {
        None => return Err(PositionSyntaxError::MissingSideToMove),
        Some(c) => Side::from_char(c).ok_or_else(|| PositionSyntaxError::InvalidSideToMove {
            found: field.split(' ').next().unwrap_or_default().to_owned(),
            offset: field_offset,
        })?,
    };
    if field.len() > 1 {
        return Err(PositionSyntaxError::TrailingText {
            offset: field_offset + 1,
        });
    }
    Ok(turn)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses position text, e.g. the start:
    /// `ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x`.
    ///
    /// ```
    /// use halma::{ParsePositionError, Position};
    ///
    /// let text = "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";
    /// let position: Position = text.parse()?;
    /// assert_eq!(position, Position::start());
    /// assert_eq!(position.to_string(), text);
    ///
    /// let error = "16/16 x".parse::<Position>().unwrap_err();
    /// assert_eq!(error.to_string(), "invalid position text: 16 ranks are needed, found 2");
    /// # Ok::<(), ParsePositionError>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        if text.is_empty() {
            return Err(PositionSyntaxError::Empty.into());
        }
        let (pieces, offset) = parse_placement(text)?;
        let turn = parse_turn(text, offset)?;
        Ok(Position::from_parts(pieces, turn)?)
    }
}

impl fmt::Display for Position {
    /// Writes position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..16).rev() {
            let mut run = 0;
            for file in 0..16 {
                match self.piece_at(Square::new(rank * 16 + file)) {
                    None => run += 1,
                    Some(side) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{}", side.char())?;
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.turn().char())
    }
}

/// Text that is not position text; see [`ParsePositionError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionSyntaxError {
    /// The text is empty.
    #[error("the position text is empty")]
    Empty,
    /// A character that has no place in position text.
    #[error("unexpected character {found:?} at byte {offset}")]
    InvalidCharacter {
        /// The character.
        found: char,
        /// Byte offset in the text.
        offset: usize,
    },
    /// A run of empty squares that is not 1..16 without leading zeros.
    #[error(
        "invalid run of empty squares {run:?} at byte {offset}: runs are 1 to 16, without leading zeros"
    )]
    InvalidRun {
        /// The digits of the run.
        run: String,
        /// Byte offset in the text.
        offset: usize,
    },
    /// A rank describes more than 16 squares.
    #[error("rank {rank} has more than 16 squares (at byte {offset})")]
    RankTooLong {
        /// The rank, 1..=16.
        rank: u8,
        /// Byte offset where the rank overflows.
        offset: usize,
    },
    /// A rank describes fewer than 16 squares.
    #[error("rank {rank} has {squares} squares, not 16")]
    RankTooShort {
        /// The rank, 1..=16.
        rank: u8,
        /// How many squares it describes.
        squares: u8,
    },
    /// More than 16 ranks.
    #[error("more than 16 ranks (the 17th starts at byte {offset})")]
    TooManyRanks {
        /// Byte offset of the 17th rank.
        offset: usize,
    },
    /// Fewer than 16 ranks.
    #[error("16 ranks are needed, found {ranks}")]
    TooFewRanks {
        /// How many ranks the text has.
        ranks: u8,
    },
    /// No side to move after the placement.
    #[error("the side to move is missing: end the text with a space and x or o")]
    MissingSideToMove,
    /// The side to move is not `x` or `o`.
    #[error("the side to move must be x or o, found {found:?} at byte {offset}")]
    InvalidSideToMove {
        /// The text found instead.
        found: String,
        /// Byte offset in the text.
        offset: usize,
    },
    /// Text after the side to move.
    #[error("unexpected text after the side to move at byte {offset}")]
    TrailingText {
        /// Byte offset of the first extra byte.
        offset: usize,
    },
}

/// Position text that could not be read: either not position text at all, or a well-formed
/// text of an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not position text.
    #[error("invalid position text: {0}")]
    Syntax(#[from] PositionSyntaxError),
    /// Well-formed text of an impossible position.
    #[error("impossible position: {0}")]
    Invalid(#[from] InvalidPositionError),
}

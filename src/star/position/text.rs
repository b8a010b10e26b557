//! Star position text (like chess FEN): the 17 rows from the top, separated by `/`, each a
//! run of `x`, `o` and numbers of empty holes, then a space and the side to move.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::side::Side;

use super::super::bitboard::StarBitboard;
use super::super::geometry::{HOLES, ROW, ROW_LENGTHS};
use super::super::hole::Hole;
use super::super::rules::StarRules;
use super::{InvalidStarPositionError, StarPosition};

impl StarPosition {
    /// Reads position text under `rules`: the 17 rows from the top, separated by `/`, each
    /// listing its holes left to right, `x` and `o` for pieces and a number 1 to 13 for a
    /// run of empty holes; a space; the side to move, `x` or `o`. The text of the start:
    /// `x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x`. (`str::parse` reads it
    /// under the standard rules.)
    ///
    /// ```
    /// use halma::{StarPosition, StarRules};
    ///
    /// let text = "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x";
    /// let start = StarPosition::from_text(text, StarRules::OpenSpiel)?;
    /// assert_eq!(start, StarPosition::start(StarRules::OpenSpiel));
    /// assert_eq!(start.to_string(), text);
    /// let error = StarPosition::from_text("x/xx o", StarRules::Standard).unwrap_err();
    /// assert_eq!(error.to_string(), "invalid star position text: 17 rows are needed, found 2");
    /// # Ok::<(), halma::ParseStarPositionError>(())
    /// ```
    pub fn from_text(text: &str, rules: StarRules) -> Result<StarPosition, ParseStarPositionError> {
        let (placement, turn) = text
            .split_once(' ')
            .ok_or(StarPositionSyntaxError::MissingSideToMove)?;
        let turn = match turn {
            "x" => Side::X,
            "o" => Side::O,
            _ => {
                return Err(StarPositionSyntaxError::InvalidSideToMove {
                    found: turn.to_owned(),
                }
                .into());
            }
        };
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != ROW_LENGTHS.len() {
            return Err(StarPositionSyntaxError::RowCount { rows: rows.len() }.into());
        }
        let mut pieces = [StarBitboard::EMPTY; 2];
        let mut hole = 0u8;
        for (row, (text, &length)) in rows.iter().zip(&ROW_LENGTHS).enumerate() {
            let mut holes = 0u8;
            let mut rest = *text;
            while let Some(first) = rest.chars().next() {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let (count, side) = match first {
                    'x' => (1, Some(Side::X)),
                    'o' => (1, Some(Side::O)),
                    '1'..='9' => match rest[..digits].parse::<u8>() {
                        Ok(run @ 1..=13) => (run, None),
                        _ => return Err(syntax_run(row, &rest[..digits])),
                    },
                    '0' => return Err(syntax_run(row, &rest[..digits])),
                    found => {
                        return Err(StarPositionSyntaxError::InvalidCharacter { found, row }.into());
                    }
                };
                rest = &rest[if side.is_some() { 1 } else { digits }..];
                if holes + count > length {
                    break;
                }
                if let Some(side) = side {
                    let index = side.index();
                    pieces[index] = pieces[index].with(Hole::new_unchecked(hole + holes));
                }
                holes += count;
            }
            if holes != length || !rest.is_empty() {
                let text = (*text).to_owned();
                return Err(StarPositionSyntaxError::RowLength { row, length, text }.into());
            }
            hole += length;
        }
        Ok(StarPosition::from_parts(pieces, turn, rules)?)
    }
}

/// An invalid run of empty holes in row `row`.
fn syntax_run(row: usize, run: &str) -> ParseStarPositionError {
    StarPositionSyntaxError::InvalidRun {
        run: run.to_owned(),
        row,
    }
    .into()
}

impl FromStr for StarPosition {
    type Err = ParseStarPositionError;

    /// Reads position text under the standard rules (see [`StarPosition::from_text`]).
    fn from_str(text: &str) -> Result<StarPosition, ParseStarPositionError> {
        StarPosition::from_text(text, StarRules::Standard)
    }
}

impl fmt::Display for StarPosition {
    /// The position text (see [`StarPosition::from_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut empty = 0;
        for hole in Hole::all() {
            let number = hole.number() as usize;
            match self.piece_at(hole) {
                Some(side) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{side}")?;
                }
                None => empty += 1,
            }
            let last_of_row = number + 1 == HOLES || ROW[number + 1] != ROW[number];
            if last_of_row {
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                if number + 1 < HOLES {
                    f.write_str("/")?;
                }
            }
        }
        write!(f, " {}", self.turn())
    }
}

/// Text that is not star position text, or whose position is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseStarPositionError {
    /// Not position text.
    #[error("invalid star position text: {0}")]
    Syntax(#[from] StarPositionSyntaxError),
    /// Position text of an invalid position.
    #[error("invalid star position: {0}")]
    Invalid(#[from] InvalidStarPositionError),
}

/// What is wrong with star position text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StarPositionSyntaxError {
    /// No space and side to move after the rows.
    #[error("the side to move (x or o) is missing after the rows and a space")]
    MissingSideToMove,
    /// The side to move is not `x` or `o`.
    #[error("the side to move must be x or o, not {found:?}")]
    InvalidSideToMove {
        /// What stands there.
        found: String,
    },
    /// Not 17 rows.
    #[error("17 rows are needed, found {rows}")]
    RowCount {
        /// How many rows there are.
        rows: usize,
    },
    /// A character other than `x`, `o`, a digit or `/`.
    #[error("{found:?} in row {row} is not x, o or a number of empty holes")]
    InvalidCharacter {
        /// The character.
        found: char,
        /// The row, 0 at the top.
        row: usize,
    },
    /// A run of empty holes that is not a number from 1 to 13 without leading zeros.
    #[error("{run:?} in row {row} is not a run of 1 to 13 empty holes")]
    InvalidRun {
        /// The run as written.
        run: String,
        /// The row, 0 at the top.
        row: usize,
    },
    /// A row that does not describe exactly its holes.
    #[error("row {row} has {length} holes, but {text:?} describes another number")]
    RowLength {
        /// The row, 0 at the top.
        row: usize,
        /// Its holes.
        length: u8,
        /// The row's text.
        text: String,
    },
}

//! Position text (like chess FEN) and move text, both strict.

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::bitboard::Bitboard;
use crate::error::{
    IllegalMoveError, ParseLegalMoveError, ParseMoveError, ParsePositionError, PositionSyntaxError,
};
use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The squares of a hop path; never longer than the 64 squares of a parity class.
pub(crate) type Path = SmallVec<[Square; 8]>;

/// Parses `a-b-...` (two squares or more, none repeated unless the text is just `from-to`).
pub(crate) fn parse_path(text: &str) -> Result<Path, ParseMoveError> {
    if text.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let bytes = text.as_bytes();
    let mut path = Path::new();
    let mut offset = 0;
    loop {
        let (square, len) = Square::parse_prefix(&bytes[offset..])
            .ok_or(ParseMoveError::ExpectedSquare { offset })?;
        path.push(square);
        offset += len;
        match bytes.get(offset) {
            None => break,
            Some(b'-') => offset += 1,
            Some(_) => return Err(ParseMoveError::ExpectedDash { offset }),
        }
    }
    if path.len() < 2 {
        return Err(ParseMoveError::SingleSquare);
    }
    // `l2-l2` is well-formed (and illegal); a longer path never repeats a square.
    if path.len() > 2 {
        for (i, &square) in path.iter().enumerate() {
            if path[..i].contains(&square) {
                return Err(ParseMoveError::RepeatedSquare { square });
            }
        }
    }
    Ok(path)
}

impl Position {
    /// Reads move text as a legal move of this position: `from-to` (`l2-k3`), or a full hop
    /// path (`n2-n4-n6`) whose every hop is a jump of one chain under the goal-camp rule.
    ///
    /// ```
    /// use halma::{Position, ParseLegalMoveError};
    ///
    /// let position = Position::start();
    /// assert_eq!(position.parse_move("n3-n5")?.to_string(), "n3-n5");
    /// assert!(matches!(position.parse_move("n3-n7"), Err(ParseLegalMoveError::Illegal(_))));
    /// assert!(matches!(position.parse_move("n3+n5"), Err(ParseLegalMoveError::Syntax(_))));
    /// # Ok::<(), ParseLegalMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseLegalMoveError> {
        let path = parse_path(text)?;
        let mv = Move::new(path[0], path[path.len() - 1]);
        if path.len() > 2 {
            // Origin, side to move, finished position: the same checks as for `from-to`.
            if let Err(
                error @ (IllegalMoveError::PositionWon { .. }
                | IllegalMoveError::EmptyOrigin { .. }
                | IllegalMoveError::NotYourPiece { .. }),
            ) = self.check_move(mv)
            {
                return Err(error.into());
            }
            for hop in path.windows(2) {
                let (from, to) = (hop[0], hop[1]);
                if !self.is_hop(mv.from, from, to) {
                    let goal = self.turn().goal();
                    return Err(if goal.contains(from) && !goal.contains(to) {
                        IllegalMoveError::LeavesGoal { from, to }
                    } else {
                        IllegalMoveError::NotAJump { from, to }
                    }
                    .into());
                }
            }
        }
        self.check_move(mv)?;
        Ok(mv)
    }
}

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

//! Checked moves of the star: why a move is not legal, and move text checked against a
//! position.

use thiserror::Error;

use crate::side::Side;

use super::super::bitboard::StarBitboard;
use super::super::hole::Hole;
use super::super::moves::{ParseStarMoveError, StarMove};
use super::super::rules::StarRules;
use super::StarPosition;

impl StarPosition {
    /// Why `mv` is not legal here, or `Ok(())` when it is.
    pub fn check_move(&self, mv: StarMove) -> Result<(), IllegalStarMoveError> {
        let StarMove { from, to } = mv;
        if let Some(winner) = self.winner() {
            return Err(IllegalStarMoveError::PositionWon { winner });
        }
        if from == to {
            return Err(IllegalStarMoveError::SameHole { hole: from });
        }
        match self.piece_at(from) {
            None => return Err(IllegalStarMoveError::EmptyOrigin { from }),
            Some(owner) if owner != self.turn() => {
                return Err(IllegalStarMoveError::NotYourPiece { from, owner });
            }
            Some(_) => {}
        }
        if self.piece_at(to).is_some() {
            return Err(IllegalStarMoveError::OccupiedTarget { to });
        }
        let target = StarBitboard::home(!self.turn());
        if self.rules() == StarRules::Standard && target.contains(from) && !target.contains(to) {
            return Err(IllegalStarMoveError::LeavesTarget { from, to });
        }
        if !self.destinations(from).contains(to) {
            return Err(IllegalStarMoveError::Unreachable { from, to });
        }
        Ok(())
    }

    /// Whether `mv` is a legal move here.
    #[inline]
    pub fn is_legal(&self, mv: StarMove) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    pub fn play(&mut self, mv: StarMove) -> Result<(), IllegalStarMoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Reads move text (`from-to`, e.g. `3-14`) as a legal move of this position.
    ///
    /// ```
    /// use halma::{ParseLegalStarMoveError, StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::Standard);
    /// assert_eq!(start.parse_move("6-14")?.to_string(), "6-14");
    /// assert!(matches!(start.parse_move("6-26"), Err(ParseLegalStarMoveError::Illegal(_))));
    /// assert!(matches!(start.parse_move("6+14"), Err(ParseLegalStarMoveError::Syntax(_))));
    /// # Ok::<(), ParseLegalStarMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<StarMove, ParseLegalStarMoveError> {
        let mv: StarMove = text.parse()?;
        self.check_move(mv)?;
        Ok(mv)
    }
}

/// Why a move is not legal in a star position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalStarMoveError {
    /// The position is won: it has no moves.
    #[error("{winner} has won, so there are no moves")]
    PositionWon {
        /// The winner.
        winner: Side,
    },
    /// The move starts and ends on the same hole.
    #[error("a move must leave hole {hole}")]
    SameHole {
        /// The hole.
        hole: Hole,
    },
    /// No piece on the origin.
    #[error("hole {from} is empty")]
    EmptyOrigin {
        /// The origin.
        from: Hole,
    },
    /// The piece on the origin is the other side's.
    #[error("the piece on hole {from} is {owner}'s")]
    NotYourPiece {
        /// The origin.
        from: Hole,
        /// Whose piece it is.
        owner: Side,
    },
    /// The destination holds a piece.
    #[error("hole {to} is occupied")]
    OccupiedTarget {
        /// The destination.
        to: Hole,
    },
    /// Under the standard rules, a piece in its target leaves it.
    #[error(
        "the piece on hole {from} is in its target triangle, so it cannot leave it for hole {to}"
    )]
    LeavesTarget {
        /// The origin.
        from: Hole,
        /// The destination.
        to: Hole,
    },
    /// No step or hop chain leads there.
    #[error("no step or chain of hops leads from hole {from} to hole {to}")]
    Unreachable {
        /// The origin.
        from: Hole,
        /// The destination.
        to: Hole,
    },
}

/// Move text that names no legal move of a star position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseLegalStarMoveError {
    /// The text is not move text.
    #[error(transparent)]
    Syntax(#[from] ParseStarMoveError),
    /// The move is not legal.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalStarMoveError),
}

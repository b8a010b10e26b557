//! Checked moves: why a move is not legal, and move text checked against a position.

use thiserror::Error;

use crate::moves::Move;
use crate::notation::{MoveText, ParseMoveError};
use crate::side::Side;
use crate::square::Square;

use super::Position;

impl Position {
    /// Why `mv` is not legal here, or `Ok(())` when it is.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        let Move { from, to } = mv;
        if let Some(winner) = self.winner() {
            return Err(IllegalMoveError::PositionWon { winner });
        }
        if from == to {
            return Err(IllegalMoveError::SameSquare { square: from });
        }
        match self.piece_at(from) {
            None => return Err(IllegalMoveError::EmptyOrigin { from }),
            Some(owner) if owner != self.turn => {
                return Err(IllegalMoveError::NotYourPiece { from, owner });
            }
            Some(_) => {}
        }
        if self.piece_at(to).is_some() {
            return Err(IllegalMoveError::OccupiedTarget { to });
        }
        let goal = self.turn.goal();
        if goal.contains(from) && !goal.contains(to) {
            return Err(IllegalMoveError::LeavesGoal { from, to });
        }
        if !self.destinations(from).contains(to) {
            return Err(IllegalMoveError::Unreachable { from, to });
        }
        Ok(())
    }

    /// Whether `mv` is a legal move here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

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
        Ok(self.check_move_text(&text.parse()?)?)
    }

    /// The legal move that well-formed move text names here: `from-to`, or a hop path whose
    /// every hop is a jump of one chain under the goal-camp rule.
    ///
    /// ```
    /// use halma::{IllegalMoveError, MoveText, Position};
    ///
    /// let mut position = Position::start();
    /// position.play("m3-l3".parse()?)?;
    /// position.play("b14-d12".parse()?)?;
    /// // x's o1 jumps over n2 to m3, then over l2 to k1.
    /// let path: MoveText = "o1-m3-k1".parse()?;
    /// assert_eq!(position.check_move_text(&path)?.to_string(), "o1-k1");
    /// let wrong: MoveText = "o1-m4".parse()?;
    /// assert!(matches!(
    ///     position.check_move_text(&wrong),
    ///     Err(IllegalMoveError::Unreachable { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move_text(&self, text: &MoveText) -> Result<Move, IllegalMoveError> {
        let mv = text.to_move();
        if text.is_path() {
            // Origin, side to move, finished position: the same checks as for `from-to`.
            if let Err(
                error @ (IllegalMoveError::PositionWon { .. }
                | IllegalMoveError::EmptyOrigin { .. }
                | IllegalMoveError::NotYourPiece { .. }),
            ) = self.check_move(mv)
            {
                return Err(error);
            }
            for hop in text.squares().windows(2) {
                let (from, to) = (hop[0], hop[1]);
                if !self.is_hop(mv.from, from, to) {
                    let goal = self.turn().goal();
                    return Err(if goal.contains(from) && !goal.contains(to) {
                        IllegalMoveError::LeavesGoal { from, to }
                    } else {
                        IllegalMoveError::NotAJump { from, to }
                    });
                }
            }
        }
        self.check_move(mv)?;
        Ok(mv)
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMoveError {
    /// The position is already won, so it has no moves.
    #[error("the position is already won by {winner}")]
    PositionWon {
        /// The side that has won.
        winner: Side,
    },
    /// Origin and destination are the same square.
    #[error("{square} is both origin and destination; a move must go somewhere")]
    SameSquare {
        /// The square.
        square: Square,
    },
    /// No piece stands on the origin.
    #[error("there is no piece on {from}")]
    EmptyOrigin {
        /// The origin.
        from: Square,
    },
    /// The piece on the origin belongs to the side not to move.
    #[error("the piece on {from} belongs to {owner}, and it is not {owner}'s turn")]
    NotYourPiece {
        /// The origin.
        from: Square,
        /// The side it belongs to.
        owner: Side,
    },
    /// The destination is occupied.
    #[error("{to} is occupied")]
    OccupiedTarget {
        /// The destination.
        to: Square,
    },
    /// A piece in its goal camp may only move inside it.
    #[error("the piece on {from} is in its goal camp and may only move inside it, so not to {to}")]
    LeavesGoal {
        /// The origin (or the hop's start).
        from: Square,
        /// The square outside the goal camp.
        to: Square,
    },
    /// The destination is neither a step nor the end of a jump chain from the origin.
    #[error("the piece on {from} cannot reach {to} by a step or a chain of jumps")]
    Unreachable {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A hop of a hop path is not a jump over an adjacent piece to an empty square.
    #[error("{from}-{to} is not a jump over an adjacent piece onto an empty square")]
    NotAJump {
        /// The hop's start.
        from: Square,
        /// The hop's end.
        to: Square,
    },
}

/// Move text that could not be played: not move text, or not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseLegalMoveError {
    /// Not move text.
    #[error("invalid move text: {0}")]
    Syntax(#[from] ParseMoveError),
    /// Well-formed, but not legal in the position.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMoveError),
}

//! The error types, one per operation. Messages are lower case without a final period.

use thiserror::Error;

use crate::side::Side;
use crate::square::Square;

/// Text that is not a square name (`a1`..`p16`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a square: squares are a1 to p16, file letter then rank")]
pub struct ParseSquareError {
    /// The text that failed to parse.
    pub text: String,
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

/// A placement that no game of Halma can have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidPositionError {
    /// A side does not have exactly 19 pieces.
    #[error("{side} has {count} pieces; each side has exactly 19")]
    PieceCount {
        /// The side.
        side: Side,
        /// How many pieces it has.
        count: u32,
    },
    /// A square holds pieces of both sides.
    #[error("{square} holds pieces of both sides")]
    Overlap {
        /// The first such square.
        square: Square,
    },
    /// Both goal camps are filled: both sides would have won.
    #[error("both goal camps are filled, so both sides would have won")]
    BothGoalsFilled,
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

/// A move a [`Game`](crate::Game) refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move text is not move text.
    #[error("invalid move text: {0}")]
    Syntax(#[from] ParseMoveError),
    /// The game has ended; no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal in the current position.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMoveError),
}

impl From<ParseLegalMoveError> for PlayError {
    fn from(error: ParseLegalMoveError) -> PlayError {
        match error {
            ParseLegalMoveError::Syntax(e) => PlayError::Syntax(e),
            ParseLegalMoveError::Illegal(e) => PlayError::Illegal(e),
        }
    }
}

/// Undo at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("there is no move to undo")]
pub struct NothingToUndoError;

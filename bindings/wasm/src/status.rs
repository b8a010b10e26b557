//! Status codes: what every export that can fail returns (0 is success), with the error's
//! message in the output buffer.

/// Success: the output holds the result.
pub const OK: i32 = 0;
/// Text that does not read: position text, a game record, move text, a square.
pub const INVALID_TEXT: i32 = 1;
/// A well-formed move that is not legal in the position.
pub const ILLEGAL_MOVE: i32 = 2;
/// The game is over: no move can be played or searched.
pub const GAME_OVER: i32 = 3;
/// Undo at the start of a game.
pub const NOTHING_TO_UNDO: i32 = 4;
/// No game has this handle (never made, or freed).
pub const NO_GAME: i32 = 5;
/// Search limits or another number out of range.
pub const INVALID_ARGUMENT: i32 = 6;
/// The memory for an input could not be had.
pub const OUT_OF_MEMORY: i32 = 7;

/// A failed call: its status and message.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    /// One of the codes above, never [`OK`].
    pub status: i32,
    /// What went wrong, for a person.
    pub message: String,
}

impl Failure {
    /// A failure with `status` and the message `message`.
    pub fn new(status: i32, message: impl ToString) -> Failure {
        Failure {
            status,
            message: message.to_string(),
        }
    }
}

impl From<halma::PlayError> for Failure {
    fn from(error: halma::PlayError) -> Failure {
        let status = match error {
            halma::PlayError::Syntax(_) => INVALID_TEXT,
            halma::PlayError::GameOver => GAME_OVER,
            _ => ILLEGAL_MOVE,
        };
        Failure::new(status, error)
    }
}

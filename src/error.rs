//! [`ErrorKind`]: the few kinds of failure every error of the library belongs to, with the
//! stable names that the C ABI, the WebAssembly module, the Python package and the online
//! game's server all use, and [`Error`], the trait by which each error gives its kind.

use core::fmt;

use crate::game::{NothingToUndoError, PlayError};
use crate::position::{
    IllegalMoveError, InvalidPositionError, ParseLegalMoveError, ParsePositionError,
    PositionSyntaxError,
};
use crate::record::{ParseRecordError, TagError};
use crate::search::SearchError;
use crate::star::{
    IllegalStarMoveError, InvalidStarPositionError, ParseHoleError, ParseLegalStarMoveError,
    ParseStarMoveError, ParseStarPositionError, ParseStarRulesError, StarPlayError,
    StarPositionSyntaxError,
};
use crate::{ParseFileError, ParseMoveError, ParseRankError, ParseSideError, ParseSquareError};

/// What kind of failure an error is: the part of it a program acts on, where the message
/// is for a person. Every error of the library gives one ([`Error::kind`]); the bindings
/// turn a kind into their own form in one place each: the C ABI's status (`PARSE_ERROR`
/// is `HALMA_STATUS_PARSE_ERROR`), the WebAssembly module's status number and `halma.js`'s
/// error code (C's numbers and names), Python's exception class.
///
/// New kinds may come (the enum is `#[non_exhaustive]`); a kind's [name](ErrorKind::name)
/// never changes.
///
/// ```
/// use halma::{Error as _, ErrorKind, Game, Position};
///
/// let mut game = Game::new();
/// assert_eq!(game.play_text("l2-k9").unwrap_err().kind(), ErrorKind::IllegalMove);
/// assert_eq!(game.play_text("l2+k3").unwrap_err().kind(), ErrorKind::Parse);
/// assert_eq!(game.undo().unwrap_err().kind(), ErrorKind::NothingToUndo);
/// let error = "16/16 x".parse::<Position>().unwrap_err();
/// assert_eq!(error.kind().name(), "parse_error");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Text that does not read: a square, side, file, rank, move, position or game record
    /// (a record that reads as text but replays an illegal move is this kind too: the
    /// record as a whole does not read).
    Parse,
    /// Well-formed position text of a position no game can have (not 19 pieces a side,
    /// both goal camps filled).
    InvalidPosition,
    /// A well-formed move that is not legal in the position.
    IllegalMove,
    /// A move or search asked of a game that has ended.
    GameOver,
    /// Undo at the start of a game.
    NothingToUndo,
    /// An argument out of its range, such as search limits that set nothing.
    InvalidArgument,
    /// The object is busy with another call (an engine already searching); the library's
    /// own types cannot be (a search borrows its engine), but a binding that shares an
    /// engine between calls reports this kind.
    Busy,
}

impl ErrorKind {
    /// Every kind, in the order of the C ABI's status numbers.
    pub const ALL: [ErrorKind; 7] = [
        ErrorKind::InvalidArgument,
        ErrorKind::Parse,
        ErrorKind::InvalidPosition,
        ErrorKind::IllegalMove,
        ErrorKind::GameOver,
        ErrorKind::NothingToUndo,
        ErrorKind::Busy,
    ];

    /// The kind's stable name, lower case with underscores: the C ABI's status name without
    /// its `HALMA_STATUS_` prefix (`"parse_error"`, `"invalid_position"`, `"illegal_move"`,
    /// `"game_over"`, `"nothing_to_undo"`, `"invalid_argument"`, `"busy"`).
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse_error",
            ErrorKind::InvalidPosition => "invalid_position",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::GameOver => "game_over",
            ErrorKind::NothingToUndo => "nothing_to_undo",
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::Busy => "busy",
        }
    }
}

impl fmt::Display for ErrorKind {
    /// The [name](ErrorKind::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error of the library: a message for a person ([`Display`](fmt::Display), lower case
/// without a final period) and a [kind](ErrorKind) for a program. Every error type of the
/// crate implements it, so a host maps all of them with one function:
///
/// ```
/// use halma::{Error, ErrorKind};
///
/// fn status(error: &dyn Error) -> u16 {
///     match error.kind() {
///         ErrorKind::GameOver | ErrorKind::NothingToUndo => 409,
///         _ => 400,
///     }
/// }
/// let error = halma::Game::new().undo().unwrap_err();
/// assert_eq!(status(&error), 409);
/// ```
pub trait Error: std::error::Error + Send + Sync + 'static {
    /// What kind of failure this is.
    fn kind(&self) -> ErrorKind;
}

/// Errors that are of one kind whatever their variant.
macro_rules! of_kind {
    ($kind:ident: $($error:ty),+) => {
        $(impl Error for $error {
            fn kind(&self) -> ErrorKind {
                ErrorKind::$kind
            }
        })+
    };
}

of_kind!(
    Parse: ParseSquareError,
    ParseFileError,
    ParseRankError,
    ParseSideError,
    ParseMoveError,
    PositionSyntaxError,
    ParseRecordError,
    ParseHoleError,
    ParseStarMoveError,
    ParseStarRulesError,
    StarPositionSyntaxError
);
of_kind!(InvalidPosition: InvalidPositionError, InvalidStarPositionError);
of_kind!(InvalidArgument: TagError);
of_kind!(IllegalMove: IllegalMoveError, IllegalStarMoveError);
of_kind!(NothingToUndo: NothingToUndoError);

impl Error for ParsePositionError {
    fn kind(&self) -> ErrorKind {
        match self {
            ParsePositionError::Syntax(error) => error.kind(),
            ParsePositionError::Invalid(error) => error.kind(),
        }
    }
}

impl Error for ParseStarPositionError {
    fn kind(&self) -> ErrorKind {
        match self {
            ParseStarPositionError::Syntax(error) => error.kind(),
            ParseStarPositionError::Invalid(error) => error.kind(),
        }
    }
}

impl Error for ParseLegalStarMoveError {
    fn kind(&self) -> ErrorKind {
        match self {
            ParseLegalStarMoveError::Syntax(error) => error.kind(),
            ParseLegalStarMoveError::Illegal(error) => error.kind(),
        }
    }
}

impl Error for ParseLegalMoveError {
    fn kind(&self) -> ErrorKind {
        match self {
            ParseLegalMoveError::Syntax(error) => error.kind(),
            ParseLegalMoveError::Illegal(error) => error.kind(),
        }
    }
}

impl Error for PlayError {
    fn kind(&self) -> ErrorKind {
        match self {
            PlayError::Syntax(error) => error.kind(),
            PlayError::GameOver => ErrorKind::GameOver,
            PlayError::Illegal(error) => error.kind(),
        }
    }
}

impl Error for StarPlayError {
    fn kind(&self) -> ErrorKind {
        match self {
            StarPlayError::Syntax(error) => error.kind(),
            StarPlayError::GameOver => ErrorKind::GameOver,
            StarPlayError::Illegal(error) => error.kind(),
            StarPlayError::NoPass => ErrorKind::IllegalMove,
        }
    }
}

impl Error for SearchError {
    fn kind(&self) -> ErrorKind {
        match self {
            SearchError::GameOver => ErrorKind::GameOver,
            SearchError::NoLimits | SearchError::StopTokenUsed | SearchError::MustPass => {
                ErrorKind::InvalidArgument
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_lower_case_words() {
        let names: std::collections::BTreeSet<_> = ErrorKind::ALL.map(ErrorKind::name).into();
        assert_eq!(names.len(), ErrorKind::ALL.len());
        for name in names {
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}"
            );
        }
    }
}

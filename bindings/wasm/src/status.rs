//! Status codes: what every export that can fail returns (0 is success), with the error's
//! message in the output buffer.
//!
//! The numbers and names are the C ABI's (`HALMA_STATUS_*` in `include/halma.h`): a library
//! error gets the status of its kind ([`status_of`]), `halma.js` names each status as its
//! error code (C's name without the prefix, lower case: `parse_error`). The module's own
//! statuses, which C has no use for, come after C's.

use halma::ErrorKind;

/// Success: the output holds the result.
pub const OK: i32 = 0;
/// Search limits or another number out of range.
pub const INVALID_ARGUMENT: i32 = 2;
/// Text that does not read: position text, a game record, move text, a square (invalid
/// UTF-8 included).
pub const PARSE_ERROR: i32 = 3;
/// Well-formed position text of an impossible position.
pub const INVALID_POSITION: i32 = 4;
/// A well-formed move that is not legal in the position.
pub const ILLEGAL_MOVE: i32 = 5;
/// The game is over: no move can be played or searched.
pub const GAME_OVER: i32 = 6;
/// Undo at the start of a game.
pub const NOTHING_TO_UNDO: i32 = 8;
/// The engine is busy with another search (C's; `halma.js` reports it for its engine).
pub const BUSY: i32 = 10;
/// No game has this handle (never made, or freed): the module's own.
pub const NO_GAME: i32 = 11;
/// The memory for an input could not be had (`wasm_input` returns null; `halma.js` reports
/// it): the module's own.
pub const OUT_OF_MEMORY: i32 = 12;

/// The status of a library error of `kind`: the one place where the library's kinds become
/// the module's statuses.
pub fn status_of(kind: ErrorKind) -> i32 {
    match kind {
        ErrorKind::Parse => PARSE_ERROR,
        ErrorKind::InvalidPosition => INVALID_POSITION,
        ErrorKind::IllegalMove => ILLEGAL_MOVE,
        ErrorKind::GameOver => GAME_OVER,
        ErrorKind::NothingToUndo => NOTHING_TO_UNDO,
        ErrorKind::Busy => BUSY,
        // A kind newer than this module (the test of every kind keeps there being none).
        _ => INVALID_ARGUMENT,
    }
}

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

/// A library error: the status of its kind, and its message.
impl<E: halma::Error> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure::new(status_of(error.kind()), error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `HALMA_STATUS_*` constants of the committed C header, by name without the prefix.
    fn c_statuses() -> Vec<(String, i32)> {
        let header = include_str!("../../../include/halma.h");
        let statuses: Vec<(String, i32)> = header
            .lines()
            .filter_map(|line| line.strip_prefix("#define HALMA_STATUS_"))
            .map(|rest| {
                let (name, value) = rest.split_once(' ').expect("a name and a value");
                (name.to_owned(), value.parse().expect("a number"))
            })
            .collect();
        assert!(statuses.len() >= 11, "{statuses:?}");
        statuses
    }

    #[test]
    fn every_kind_has_cs_number_for_its_name() {
        let statuses = c_statuses();
        for kind in ErrorKind::ALL {
            let name = kind.name().to_uppercase();
            let c = statuses.iter().find(|(c_name, _)| *c_name == name);
            assert_eq!(c.map(|(_, value)| *value), Some(status_of(kind)), "{kind}");
        }
    }

    #[test]
    fn the_modules_own_statuses_come_after_cs() {
        let last = c_statuses().iter().map(|(_, value)| *value).max().unwrap();
        assert_eq!([NO_GAME, OUT_OF_MEMORY], [last + 1, last + 2]);
    }
}

//! The package's exceptions and the one place where the library's errors become them: each
//! a `ValueError` (through `HalmaError`) with the library's own message.

use std::fmt::Display;

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    halma,
    HalmaError,
    PyValueError,
    "The base of halma's exceptions (a ValueError): bad input or a call the game's state refuses."
);
create_exception!(
    halma,
    ParseError,
    HalmaError,
    "Text that is not what it should be: a square, move, position or game record."
);
create_exception!(
    halma,
    IllegalMoveError,
    HalmaError,
    "A well-formed move or action that is not legal now (or an action out of range)."
);
create_exception!(
    halma,
    GameOverError,
    HalmaError,
    "A move, search or step asked of a game that has ended."
);

/// Malformed text: a square, move, position or record that does not parse.
pub(crate) fn parse(error: impl Display) -> PyErr {
    ParseError::new_err(error.to_string())
}

/// A move the game refused: malformed, the game over, or illegal.
pub(crate) fn play(error: halma::PlayError) -> PyErr {
    match error {
        halma::PlayError::Syntax(_) => parse(error),
        halma::PlayError::GameOver => GameOverError::new_err(error.to_string()),
        _ => IllegalMoveError::new_err(error.to_string()),
    }
}

/// A search the engine refused.
pub(crate) fn search(error: halma::SearchError) -> PyErr {
    match error {
        halma::SearchError::GameOver => GameOverError::new_err(error.to_string()),
        _ => HalmaError::new_err(error.to_string()),
    }
}

/// Any other refusal, with its message.
pub(crate) fn other(error: impl Display) -> PyErr {
    HalmaError::new_err(error.to_string())
}

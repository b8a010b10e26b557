//! The package's exceptions and the one place where the library's errors become them: a
//! class for each kind of error (`halma::ErrorKind`), each a `ValueError` (through
//! `HalmaError`) with the library's own message and the kind's name as its `kind`.

use std::fmt::Display;

use halma::ErrorKind;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

create_exception!(
    halma,
    HalmaError,
    PyValueError,
    "The base of halma's exceptions (a ValueError): bad input or a call the game's state \
     refuses. Its `kind` names the kind of error, as the library, the C ABI and halma.js \
     name it (None for an error of no kind)."
);
create_exception!(
    halma,
    ParseError,
    HalmaError,
    "Text that is not what it should be: a square, move, position or game record."
);
create_exception!(
    halma,
    InvalidPositionError,
    ParseError,
    "Well-formed position text of a position no game can have (not 19 pieces a side, both \
     goal camps filled)."
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
create_exception!(
    halma,
    NothingToUndoError,
    HalmaError,
    "Undo at the start of a game."
);
create_exception!(
    halma,
    InvalidArgumentError,
    HalmaError,
    "An argument out of its range: a search limit, a table size, a side, an opponent's name."
);
create_exception!(
    halma,
    BusyError,
    HalmaError,
    "An engine asked to search while it searches already: one search at a time per engine."
);

/// The exception class of the errors of `kind`.
fn class(py: Python<'_>, kind: ErrorKind) -> Bound<'_, PyType> {
    match kind {
        ErrorKind::Parse => py.get_type::<ParseError>(),
        ErrorKind::InvalidPosition => py.get_type::<InvalidPositionError>(),
        ErrorKind::IllegalMove => py.get_type::<IllegalMoveError>(),
        ErrorKind::GameOver => py.get_type::<GameOverError>(),
        ErrorKind::NothingToUndo => py.get_type::<NothingToUndoError>(),
        ErrorKind::InvalidArgument => py.get_type::<InvalidArgumentError>(),
        ErrorKind::Busy => py.get_type::<BusyError>(),
        // A kind newer than this package: the base class.
        _ => py.get_type::<HalmaError>(),
    }
}

/// Adds the exception classes to `module`, each with the name of its kind as `kind`.
pub(crate) fn add_to(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let base = py.get_type::<HalmaError>();
    base.setattr("kind", py.None())?;
    module.add("HalmaError", base)?;
    for kind in ErrorKind::ALL {
        let class = class(py, kind);
        class.setattr("kind", kind.name())?;
        module.add(class.name()?, class)?;
    }
    Ok(())
}

/// An exception of `kind` with `message`.
pub(crate) fn of_kind(kind: ErrorKind, message: impl Display) -> PyErr {
    Python::attach(|py| PyErr::from_type(class(py, kind), message.to_string()))
}

/// A library error as the exception of its kind, with its message.
pub(crate) fn from(error: impl halma::Error) -> PyErr {
    of_kind(error.kind(), error)
}

/// A bad argument, with what is wrong with it.
pub(crate) fn argument(message: impl Display) -> PyErr {
    of_kind(ErrorKind::InvalidArgument, message)
}

/// A failure of no kind (an opponent without a move), with its message.
pub(crate) fn other(message: impl Display) -> PyErr {
    HalmaError::new_err(message.to_string())
}

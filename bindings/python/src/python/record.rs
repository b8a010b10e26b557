//! `halma.Record`: a game with its record's headers and a resignation, as text.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use super::errors;
use super::game::{Game, parse_side, side_name};

/// A game record: a game with the headers of its record (`Site`, `Date`, the players `X` and
/// `O`, the `Level`...) and a resignation. `str(record)` is its text: the headers, then the
/// moves numbered, then the result; `Record.parse` reads it back (and the earlier form, the
/// start position's text then the moves).
#[pyclass(module = "halma", name = "Record")]
#[derive(Clone)]
pub(crate) struct Record {
    inner: halma::Record,
}

#[pymethods]
impl Record {
    /// The record of a copy of `game`, with the headers given as keywords, in order:
    /// `Record(game, Site="https://...", X="Ann")`. `InvalidArgumentError` for a name or value a
    /// record cannot hold, or a header written from the game (`Result`, `Reason`,
    /// `Position`).
    #[new]
    #[pyo3(signature = (game, **tags))]
    fn new(game: PyRef<'_, Game>, tags: Option<&Bound<'_, PyDict>>) -> PyResult<Record> {
        let mut record = Record {
            inner: halma::Record::new(game.inner.clone()),
        };
        for (name, value) in tags.into_iter().flat_map(|tags| tags.iter()) {
            let (name, value): (String, String) = (name.extract()?, value.extract()?);
            record.set_tag(&name, &value)?;
        }
        Ok(record)
    }

    /// The record that `text` holds, its moves replayed: `ParseError` (saying what and
    /// where) for text that is not a game record or a move that cannot be played.
    #[classmethod]
    fn parse(_class: &Bound<'_, PyType>, text: &str) -> PyResult<Record> {
        text.parse()
            .map(|inner| Record { inner })
            .map_err(errors::from)
    }

    /// A copy of the record's game, with its history.
    #[getter]
    fn game(&self) -> Game {
        Game {
            inner: self.inner.game().clone(),
        }
    }

    /// The host's headers, in order: a new dict of name to value.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags = PyDict::new(py);
        for (name, value) in self.inner.tags() {
            tags.set_item(name, value)?;
        }
        Ok(tags)
    }

    /// The value of the header `name`, or `None`.
    fn tag(&self, name: &str) -> Option<String> {
        self.inner.tag(name).map(str::to_owned)
    }

    /// Sets the header `name` to `value` (in its place if the record has it).
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.inner.set_tag(name, value).map_err(errors::from)
    }

    /// Records that `side` (`"x"` or `"o"`) resigned: the other side wins. `GameOverError`
    /// once the game is over.
    fn resign(&mut self, side: &str) -> PyResult<()> {
        let side = parse_side(side)?;
        self.inner.resign(side).map_err(errors::from)
    }

    /// The side that resigned, or `None`.
    #[getter]
    fn resigned(&self) -> Option<&'static str> {
        self.inner.resigned().map(side_name)
    }

    /// The side that won (by the rules or a resignation), or `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(side_name)
    }

    /// Whether the game is over, by the rules or a resignation.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// `"1-0"` (x won), `"0-1"` (o won), `"1/2-1/2"` (drawn) or `"*"` (going on).
    #[getter]
    fn result(&self) -> &'static str {
        self.inner.result()
    }

    /// Why the game ended (by the rules `"goal_camp"`, `"repetition"`, `"no_moves"`; by its
    /// players `"resignation"`, `"agreement"`, `"time"`, `"abandonment"`), or `None` while it
    /// goes on.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.inner.reason()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {} after {} moves>",
            self.inner.result(),
            self.inner.game().moves().len()
        )
    }
}

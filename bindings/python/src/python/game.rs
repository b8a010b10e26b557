//! `halma.Game` and `halma.Outcome`: the rules, moves as text.

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use halma::{Move, Side, Square};

use super::errors;

/// The name of `side` in Python: `"x"` or `"o"`.
pub(crate) fn side_name(side: Side) -> &'static str {
    match side {
        Side::X => "x",
        Side::O => "o",
    }
}

/// The side named `name` (`"x"` or `"o"`).
pub(crate) fn parse_side(name: &str) -> PyResult<Side> {
    name.parse().map_err(errors::from)
}

/// The square named `name` (`"a1"` to `"p16"`).
fn parse_square(name: &str) -> PyResult<Square> {
    name.parse().map_err(errors::from)
}

/// Moves as their text.
fn texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    moves.into_iter().map(|mv| mv.to_string()).collect()
}

/// A game of Halma: the position it started from, the moves played, and the outcome.
///
/// Moves are text: `from-to` (`"l2-k3"`), or as input a hop path (`"n2-n4-n6"`). Games compare
/// equal when they started from the same position and played the same moves; they change, so
/// they have no hash. `str(game)` draws the board.
#[pyclass(module = "halma", name = "Game")]
#[derive(Clone)]
pub(crate) struct Game {
    pub(crate) inner: halma::Game,
}

#[pymethods]
impl Game {
    /// A game from the start position, or from `position` (position text).
    #[new]
    #[pyo3(signature = (position = None))]
    fn new(position: Option<&str>) -> PyResult<Game> {
        let start = match position {
            Some(text) => text.parse().map_err(errors::from)?,
            None => halma::Position::start(),
        };
        Ok(Game {
            inner: halma::Game::from_position(start),
        })
    }

    /// The game a game record describes (as `record()` or `Record` writes it, or the earlier
    /// form: the start position's text, then the moves), replayed move by move.
    #[classmethod]
    fn from_record(_class: &Bound<'_, PyType>, record: &str) -> PyResult<Game> {
        halma::Game::from_record(record)
            .map(|inner| Game { inner })
            .map_err(errors::from)
    }

    /// The game record: the result (and the start, when it is not the standard one) as
    /// headers, then the moves numbered. `Record` adds headers of a host's.
    fn record(&self) -> String {
        self.inner.to_record()
    }

    /// The position text of the current position.
    fn text(&self) -> String {
        self.inner.position().to_string()
    }

    /// The side to move: `"x"` or `"o"`.
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.inner.position().turn())
    }

    /// How the game stands.
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome(Kind::Halma(self.inner.outcome()))
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.outcome().is_over()
    }

    /// The moves played, in order, as `from-to`.
    #[getter]
    fn moves(&self) -> Vec<String> {
        texts(self.inner.moves().iter().copied())
    }

    /// The number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.moves().len()
    }

    /// How many times the current position has occurred in the game, this time included.
    fn occurrences(&self) -> usize {
        self.inner.occurrences(self.inner.position())
    }

    /// The legal moves as `from-to`; none once the game is over.
    fn legal_moves(&self) -> Vec<String> {
        texts(self.inner.legal_moves())
    }

    /// Whether `move` (`from-to` or a hop path) is legal now; `ParseError` if it is no move.
    fn is_legal(&self, r#move: &str) -> PyResult<bool> {
        match self.inner.parse_move(r#move) {
            Ok(_) => Ok(true),
            Err(halma::PlayError::Syntax(error)) => Err(errors::from(error)),
            Err(_) => Ok(false),
        }
    }

    /// Plays `move` (`from-to` or a hop path such as `n2-n4-n6`) and returns it as `from-to`.
    /// Raises `ParseError` for text that is no move, `GameOverError` once the game has ended,
    /// `IllegalMoveError` (saying why) for a move that is not legal now.
    fn play(&mut self, r#move: &str) -> PyResult<String> {
        self.inner
            .play_text(r#move)
            .map(|mv| mv.to_string())
            .map_err(errors::from)
    }

    /// Takes back the last move (also out of a finished game) and returns it.
    fn undo(&mut self) -> PyResult<String> {
        self.inner
            .undo()
            .map(|mv| mv.to_string())
            .map_err(errors::from)
    }

    /// The squares the piece on `square` can move to now; none if it is not the side to
    /// move's piece or the game is over.
    fn destinations(&self, square: &str) -> PyResult<Vec<String>> {
        let from = parse_square(square)?;
        if self.inner.outcome().is_over() {
            return Ok(Vec::new());
        }
        let targets = self.inner.position().destinations(from);
        Ok(targets.iter().map(|to| to.to_string()).collect())
    }

    /// The squares a legal `move` passes through, origin to destination (a shortest chain of
    /// jumps; a step gives its two squares), for an animation.
    fn path(&self, r#move: &str) -> PyResult<Vec<String>> {
        let mv = self.inner.parse_move(r#move).map_err(errors::from)?;
        let path = self.inner.position().jump_path(mv).unwrap_or_default();
        Ok(path.iter().map(|square| square.to_string()).collect())
    }

    /// The side with a piece on `square` (`"x"` or `"o"`), or `None`.
    fn piece_at(&self, square: &str) -> PyResult<Option<&'static str>> {
        Ok(self
            .inner
            .position()
            .piece_at(parse_square(square)?)
            .map(side_name))
    }

    /// A copy of the game, history included.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickles as its record.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let record = slf.borrow().inner.to_record();
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((from_record, PyTuple::new(slf.py(), [record])?))
    }

    /// Games are equal when they started from the same position and played the same moves.
    fn __eq__(&self, other: PyRef<'_, Game>) -> bool {
        self.inner.start_position() == other.inner.start_position()
            && self.inner.moves() == other.inner.moves()
    }

    fn __repr__(&self) -> String {
        match self.inner.moves().len() {
            0 => format!("Game('{}')", self.text()),
            1 => format!("<Game '{}' after 1 move>", self.text()),
            plies => format!("<Game '{}' after {plies} moves>", self.text()),
        }
    }

    /// The board as text, rank 16 on top.
    fn __str__(&self) -> String {
        crate::picture::text(&self.inner)
    }
}

/// How a game stands: going on, won by a side, or drawn; a 16x16 game's or a star game's.
#[pyclass(module = "halma", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Outcome(Kind);

/// The outcome of a game of either board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    /// A 16x16 game's.
    Halma(halma::Outcome),
    /// A star game's.
    Star(halma::StarOutcome),
}

impl Outcome {
    /// A star game's outcome.
    pub(crate) fn star(outcome: halma::StarOutcome) -> Outcome {
        Outcome(Kind::Star(outcome))
    }
}

#[pymethods]
impl Outcome {
    /// The side that won (`"x"` or `"o"`), or `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        match self.0 {
            Kind::Halma(outcome) => outcome.winner(),
            Kind::Star(outcome) => outcome.winner(),
        }
        .map(side_name)
    }

    /// Why the game is drawn (`"repetition"`, `"no_moves"` or, on the star under
    /// OpenSpiel's rules, `"turn_limit"`), or `None`.
    #[getter]
    fn draw(&self) -> Option<&'static str> {
        match self.0 {
            Kind::Halma(outcome @ halma::Outcome::Draw(_)) => outcome.reason_code(),
            Kind::Star(outcome @ halma::StarOutcome::Draw(_)) => outcome.reason_code(),
            _ => None,
        }
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        match self.0 {
            Kind::Halma(outcome) => outcome.is_over(),
            Kind::Star(outcome) => outcome.is_over(),
        }
    }

    fn __str__(&self) -> String {
        match self.0 {
            Kind::Halma(outcome) => outcome.to_string(),
            Kind::Star(outcome) => outcome.to_string(),
        }
    }

    fn __repr__(&self) -> String {
        match (self.winner(), self.draw()) {
            (Some(side), _) => format!("Outcome(winner='{side}')"),
            (_, Some(reason)) => format!("Outcome(draw='{reason}')"),
            _ => "Outcome(ongoing)".to_owned(),
        }
    }
}

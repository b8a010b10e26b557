//! `halma.StarGame`: the star board (Sternhalma, "Chinese checkers") with its two rule sets,
//! moves as `from-to` text or `(from, to)` pairs of holes, and OpenSpiel's cells, moves,
//! actions and winner.

use pyo3::prelude::*;
use pyo3::types::PyType;

use halma::{Hole, Side, StarBitboard, StarGame as Inner, StarMove, StarPosition, StarRules};

use super::engine::whole;
use super::errors;
use super::game::{Outcome, side_name};

/// The rules named `name` (`"standard"` or `"openspiel"`).
fn parse_rules(name: &str) -> PyResult<StarRules> {
    name.parse().map_err(errors::from)
}

/// The hole numbered `number`.
fn hole(number: i64) -> PyResult<Hole> {
    Hole::new(whole("hole", number, 0, 120u8)?)
        .ok_or_else(|| errors::argument(format!("holes are numbered 0 to 120, not {number}")))
}

/// A move given as `from-to` text or as a `(from, to)` pair of holes.
#[derive(FromPyObject)]
pub(crate) enum MoveArg {
    /// `from-to` text.
    Text(String),
    /// A pair of hole numbers.
    Pair(i64, i64),
}

impl MoveArg {
    /// The move, not checked against a position.
    fn to_move(&self) -> PyResult<StarMove> {
        match self {
            MoveArg::Text(text) => text.parse().map_err(errors::from),
            MoveArg::Pair(from, to) => Ok(StarMove::new(hole(*from)?, hole(*to)?)),
        }
    }
}

/// A move as OpenSpiel's pair of holes.
fn pair(mv: StarMove) -> (u8, u8) {
    (mv.from.number(), mv.to.number())
}

/// A game of the star board for two players: the position it started from, the turns played
/// (a move, or `None` for the pass of a side without a move) and the outcome, under the
/// `"standard"` rules (the default: the goal-camp rule, anti-spoiling, a draw by threefold
/// repetition) or `"openspiel"` ones (exactly OpenSpiel's `chinese_checkers` with two
/// players: a draw after 1,000 turns). Holes are numbered 0 to 120 as OpenSpiel numbers them;
/// `x` is OpenSpiel's player 0, on the top triangle, and moves first.
#[pyclass(module = "halma", name = "StarGame")]
#[derive(Clone)]
pub(crate) struct StarGame {
    pub(crate) inner: Inner,
}

#[pymethods]
impl StarGame {
    /// A game of `rules` from the start, or from `position` (star position text).
    #[new]
    #[pyo3(signature = (rules = "standard", position = None))]
    fn new(rules: &str, position: Option<&str>) -> PyResult<StarGame> {
        let rules = parse_rules(rules)?;
        let start = match position {
            Some(text) => StarPosition::from_text(text, rules).map_err(errors::from)?,
            None => StarPosition::start(rules),
        };
        Ok(StarGame {
            inner: Inner::from_position(start),
        })
    }

    /// A game from OpenSpiel's `cells` (121 occupants in hole order: 0 empty, 1 player 0, 2
    /// player 1) with player `to_move` (0 or 1) to move, under `rules`. Any placement of 10
    /// pieces a side is a game, won ones included.
    #[classmethod]
    #[pyo3(signature = (cells, to_move, rules = "standard"))]
    fn from_openspiel(
        _class: &Bound<'_, PyType>,
        cells: Vec<i64>,
        to_move: i64,
        rules: &str,
    ) -> PyResult<StarGame> {
        let rules = parse_rules(rules)?;
        let turn = match whole("to_move", to_move, 0, 1u8)? {
            0 => Side::X,
            _ => Side::O,
        };
        let cells: Vec<u8> = cells
            .into_iter()
            .map(|cell| whole("a cell", cell, 0, 2u8))
            .collect::<PyResult<_>>()?;
        let position = StarPosition::from_cells(&cells, turn, rules).map_err(errors::from)?;
        Ok(StarGame {
            inner: Inner::from_position(position),
        })
    }

    /// The rules: `"standard"` or `"openspiel"`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules().name()
    }

    /// The position text of the current position.
    fn text(&self) -> String {
        self.inner.position().to_string()
    }

    /// The side to move: `"x"` (OpenSpiel's player 0) or `"o"` (player 1).
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.inner.position().turn())
    }

    /// OpenSpiel's cells of the current position: for each hole, 0 empty, 1 player 0, 2
    /// player 1 (a list of ints, not bytes).
    fn cells(&self) -> Vec<u32> {
        let cells = self.inner.position().cells();
        cells.iter().map(|&cell| u32::from(cell)).collect()
    }

    /// How the game stands.
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome::star(self.inner.outcome())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.outcome().is_over()
    }

    /// Whether the side to move has no move in a game going on: its turn is `play(None)`, a
    /// pass.
    #[getter]
    fn must_pass(&self) -> bool {
        self.inner.must_pass()
    }

    /// The turns played, in order: `from-to`, or `None` for a pass.
    #[getter]
    fn turns(&self) -> Vec<Option<String>> {
        let text = |turn: &Option<StarMove>| turn.map(|mv| mv.to_string());
        self.inner.turns().iter().map(text).collect()
    }

    /// How many times the current position has occurred in the game, this time included.
    fn occurrences(&self) -> usize {
        self.inner.occurrences(self.inner.position())
    }

    /// The legal moves as `from-to`, each (from, to) pair once; none once the game is over
    /// or when the side to move must pass.
    fn legal_moves(&self) -> Vec<String> {
        self.inner
            .legal_moves()
            .iter()
            .map(|mv| mv.to_string())
            .collect()
    }

    /// The legal moves as OpenSpiel's `(from_hole, to_hole)` pairs, each pair once; `[]` once
    /// the game is over or for a side that must pass.
    fn openspiel_moves(&self) -> Vec<(u8, u8)> {
        self.inner
            .legal_moves()
            .iter()
            .map(|&mv| pair(mv))
            .collect()
    }

    /// The OpenSpiel actions that play the legal `move` (`from-to` or `(from, to)`): `hole *
    /// 6 + direction` for the step or each hop of one chain realising it, then Pass (726)
    /// where the chain could go on, so that a pyspiel state of this position replays it.
    /// Raises `IllegalMoveError` for a move that is not legal now.
    fn openspiel_actions(&self, r#move: MoveArg) -> PyResult<Vec<u16>> {
        let mv = self.legal(&r#move)?;
        Ok(self
            .inner
            .position()
            .openspiel_actions(mv)
            .unwrap_or_default())
    }

    /// The holes of a shortest chain that realises the legal `move`, origin to destination
    /// (a step gives its two holes).
    fn chain(&self, r#move: MoveArg) -> PyResult<Vec<u32>> {
        let mv = self.legal(&r#move)?;
        let chain = self.inner.position().chain(mv).unwrap_or_default();
        Ok(chain.iter().map(|hole| u32::from(hole.number())).collect())
    }

    /// The player (0 or 1) with all 10 pieces on its target, as OpenSpiel's winner is, under
    /// either rules (the side that moved last first, should both have); else `None`.
    fn openspiel_winner(&self) -> Option<u8> {
        let position = self.inner.position();
        let turn = position.turn();
        [!turn, turn]
            .into_iter()
            .find(|&side| position.pieces(side) == StarBitboard::home(!side))
            .map(|side| side.index() as u8)
    }

    /// Plays `move` (`from-to` text, a `(from, to)` pair of holes, or `None` for the pass of
    /// a side without a move) and returns it as `from-to` (`None` for a pass). Raises
    /// `ParseError` for text that is no move, `GameOverError` once the game has ended,
    /// `IllegalMoveError` for a move that is not legal now (or a pass with a move left).
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: Option<MoveArg>) -> PyResult<Option<String>> {
        let Some(r#move) = r#move else {
            self.inner.pass().map_err(errors::from)?;
            return Ok(None);
        };
        let mv = r#move.to_move()?;
        self.inner.play(mv).map_err(errors::from)?;
        Ok(Some(mv.to_string()))
    }

    /// Takes back the last turn (also out of a finished game) and returns it (`None` for a
    /// pass).
    fn undo(&mut self) -> PyResult<Option<String>> {
        self.inner
            .undo()
            .map(|turn| turn.map(|mv| mv.to_string()))
            .map_err(errors::from)
    }

    /// The number of turn sequences `depth` deep from the current position (a pass counted;
    /// no history), with the GIL released.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth = whole("depth", depth, 0, u32::MAX)?;
        let position = *self.inner.position();
        Ok(py.detach(|| halma::perft(&position, depth)))
    }

    /// A copy of the game, history included.
    fn copy(&self) -> StarGame {
        self.clone()
    }

    fn __copy__(&self) -> StarGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> StarGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<StarGame {} '{}' after {} turns>",
            self.rules(),
            self.text(),
            self.inner.turns().len()
        )
    }

    /// The star as text, the top triangle (x's home) first.
    fn __str__(&self) -> String {
        crate::picture::star_text(&self.inner)
    }
}

impl StarGame {
    /// The legal move `mv` names now, or the error saying why it is none.
    fn legal(&self, mv: &MoveArg) -> PyResult<StarMove> {
        let mv = mv.to_move()?;
        if self.inner.outcome().is_over() {
            return Err(errors::from(halma::StarPlayError::GameOver));
        }
        self.inner.position().check_move(mv).map_err(errors::from)?;
        Ok(mv)
    }
}

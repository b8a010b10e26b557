//! The core of the environments (`halma.pettingzoo`, `halma.gymnasium`): a game stepped by
//! actions, observed as numpy arrays built here, and the built-in opponents.

use numpy::ndarray::{Array1, Array3};
use numpy::{PyArray1, PyArray3};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

use halma::{Game, Limits, Move, MoveList, Side};
use halma_opponents::{Seat, Spec, Style};

use super::engine::whole;
use super::errors::{self, GameOverError, IllegalMoveError};
use crate::picture::{self, IMAGE_PX};
use crate::view::{self, ACTIONS, PLANES};

/// How the game stands after a step, as [`EnvCore::step`] returns it.
const ONGOING: u8 = 0;
/// The side that just moved has won.
const WON: u8 = 1;
/// The game is drawn (repetition, or no legal move).
const DRAWN: u8 = 2;
/// The ply cap is reached with the game undecided.
const TRUNCATED: u8 = 3;

/// The side of a Python side index: 0 for `x` (`player_0`), 1 for `o` (`player_1`).
fn side_of(index: u8) -> PyResult<Side> {
    match index {
        0 => Ok(Side::X),
        1 => Ok(Side::O),
        _ => Err(errors::argument(format!(
            "side index must be 0 or 1, not {index}"
        ))),
    }
}

/// An observation as numpy arrays: the planes and the action mask.
type Observation<'py> = (Bound<'py, PyArray3<f32>>, Bound<'py, PyArray1<i8>>);

/// The move `action` (a Python integer) names for `mover`, or an error if it is out of
/// range (a `TypeError` if it is no integer).
fn decode(action: &Bound<'_, PyAny>, mover: Side) -> PyResult<Move> {
    let code = match action.extract::<i64>() {
        Ok(value) => u16::try_from(value).ok(),
        Err(error) if error.is_instance_of::<PyOverflowError>(action.py()) => None,
        Err(error) => return Err(error),
    };
    match code {
        Some(code) => Ok(view::decode(code, mover)),
        None => Err(IllegalMoveError::new_err(format!(
            "action {action} is out of range: an action is from * 256 + to, 0 to 65535"
        ))),
    }
}

/// A game stepped by actions (see `halma_python::view`), with its legal moves kept for the
/// mask, and a cap on its length.
#[pyclass(module = "halma._halma", name = "EnvCore")]
pub(crate) struct EnvCore {
    game: Game,
    /// The legal moves now: none once the game is over or truncated.
    legal: MoveList,
    max_plies: usize,
    status: u8,
}

impl EnvCore {
    /// Plays `mv`, legal now, and returns the status after it.
    fn play(&mut self, mv: Move) -> PyResult<u8> {
        self.game.play(mv).map_err(errors::from)?;
        Ok(self.settle())
    }

    /// Brings the status and the legal moves up to date with the game; returns the status.
    fn settle(&mut self) -> u8 {
        self.status = self.judge();
        self.legal = if self.status == ONGOING {
            self.game.legal_moves()
        } else {
            MoveList::new()
        };
        self.status
    }

    /// The status of the game as it stands.
    fn judge(&self) -> u8 {
        match self.game.outcome() {
            halma::Outcome::Win(_) => WON,
            halma::Outcome::Draw(_) => DRAWN,
            _ if self.game.moves().len() >= self.max_plies => TRUNCATED,
            _ => ONGOING,
        }
    }

    /// An error unless the game goes on.
    fn check_ongoing(&self) -> PyResult<()> {
        match self.status {
            ONGOING => Ok(()),
            TRUNCATED => Err(GameOverError::new_err(format!(
                "the game was truncated at the ply cap of {} plies: reset the environment",
                self.max_plies
            ))),
            _ => Err(GameOverError::new_err(format!(
                "the game is over ({}): reset the environment",
                self.game.outcome()
            ))),
        }
    }
}

#[pymethods]
impl EnvCore {
    /// A game from the start, truncated after `max_plies` plies.
    #[new]
    fn new(max_plies: i64) -> PyResult<EnvCore> {
        let mut core = EnvCore {
            game: Game::new(),
            legal: MoveList::new(),
            max_plies: whole("max_plies", max_plies, 1, usize::MAX)?,
            status: ONGOING,
        };
        core.reset(None, None)?;
        Ok(core)
    }

    /// Starts again: from the start, from `position` (position text) or from the game a
    /// `record` describes (its history counts for repetitions); a game that is over already
    /// is refused.
    #[pyo3(signature = (position = None, record = None))]
    fn reset(&mut self, position: Option<&str>, record: Option<&str>) -> PyResult<()> {
        let game = match (position, record) {
            (None, None) => Game::new(),
            (Some(text), None) => Game::from_position(text.parse().map_err(errors::from)?),
            (None, Some(record)) => Game::from_record(record).map_err(errors::from)?,
            (Some(_), Some(_)) => {
                return Err(errors::argument("give a position or a record, not both"));
            }
        };
        if game.outcome().is_over() {
            return Err(GameOverError::new_err(format!(
                "that game is over already ({}): start from one that goes on",
                game.outcome()
            )));
        }
        if game.moves().len() >= self.max_plies {
            return Err(GameOverError::new_err(format!(
                "that game has {} plies, the ply cap is {}",
                game.moves().len(),
                self.max_plies
            )));
        }
        self.game = game;
        self.settle();
        Ok(())
    }

    /// Plays `action` of the side to move and returns the status: 0 the game goes on, 1 the
    /// mover won, 2 drawn, 3 truncated at the ply cap.
    fn step(&mut self, action: &Bound<'_, PyAny>) -> PyResult<u8> {
        self.check_ongoing()?;
        let mv = decode(action, self.game.position().turn())?;
        if !self.legal.contains(&mv) {
            let reason = match self.game.position().check_move(mv) {
                Err(error) => error.to_string(),
                Ok(()) => "not a legal move now".to_owned(),
            };
            let mover = self.game.position().turn();
            return Err(IllegalMoveError::new_err(format!(
                "action {action} ({mv} for {mover}) is not legal: {reason}"
            )));
        }
        self.play(mv)
    }

    /// Whether `action` is a legal action of the side to move (an error if it is out of range).
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .legal
            .contains(&decode(action, self.game.position().turn())?))
    }

    /// The observation of side `viewer` (0 `x`, 1 `o`): planes (16, 16, 5) `float32` from its
    /// side, and the action mask (65536,) `int8`, all zeros unless it is to move.
    fn observe<'py>(&self, py: Python<'py>, viewer: u8) -> PyResult<Observation<'py>> {
        let viewer = side_of(viewer)?;
        let progress = self.game.moves().len() as f32 / self.max_plies as f32;
        let planes = Array3::from_shape_vec(
            (16, 16, PLANES),
            view::observe(&self.game, viewer, progress),
        )
        .map_err(errors::other)?;
        let mask = if viewer == self.game.position().turn() {
            view::mask(&view::actions(&self.legal, viewer))
        } else {
            vec![0; ACTIONS]
        };
        Ok((
            PyArray3::from_owned_array(py, planes),
            PyArray1::from_vec(py, mask),
        ))
    }

    /// The legal actions of the side to move, increasing, as an `int64` array (empty once
    /// the game is over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let actions = view::actions(&self.legal, self.game.position().turn());
        PyArray1::from_owned_array(py, Array1::from_iter(actions.into_iter().map(i64::from)))
    }

    /// The side to move: 0 `x`, 1 `o`.
    #[getter]
    fn turn(&self) -> u8 {
        self.game.position().turn().index() as u8
    }

    /// The status, as `step` returns it.
    #[getter]
    fn status(&self) -> u8 {
        self.status
    }

    /// The plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The ply cap.
    #[getter]
    fn max_plies(&self) -> usize {
        self.max_plies
    }

    /// The game as a `halma.Game` (a copy).
    fn game(&self) -> super::game::Game {
        super::game::Game {
            inner: self.game.clone(),
        }
    }

    /// The board as text.
    fn render_text(&self) -> String {
        picture::text(&self.game)
    }

    /// The board as an RGB image, (384, 384, 3) `uint8`.
    fn render_rgb<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let image = Array3::from_shape_vec((IMAGE_PX, IMAGE_PX, 3), picture::rgb(&self.game))
            .map_err(errors::other)?;
        Ok(PyArray3::from_owned_array(py, image))
    }
}

/// `move` of `side` as an action.
#[pyfunction]
pub(crate) fn move_to_action(r#move: &str, side: &str) -> PyResult<u16> {
    let mv: Move = r#move.parse().map_err(errors::from)?;
    Ok(view::action(mv, super::game::parse_side(side)?))
}

/// The move (`from-to`, legal or not) that `action` names for `side`.
#[pyfunction]
pub(crate) fn action_to_move(action: &Bound<'_, PyAny>, side: &str) -> PyResult<String> {
    Ok(decode(action, super::game::parse_side(side)?)?.to_string())
}

/// What a built-in opponent is.
enum Kind {
    /// The engine within limits, its table kept across the game.
    Engine(Limits, Box<halma::Engine>),
    /// A scripted player (greedy, random, ...), deterministic given its seed.
    Scripted(Style),
}

/// A built-in opponent of the Gymnasium environment, named as the match tool names players:
/// `greedy`, `random`, `depth:N`, `nodes:N`, `level:N` (without its pacing), `lazy:K`,
/// `spoiler`, `blocker`, `pendulum`, `cycler`, `camper`, `random:N+PLAYER` ...; an engine
/// plays with the default contempt unless its spec sets `contempt=N`.
#[pyclass(module = "halma._halma", name = "Opponent")]
pub(crate) struct Opponent {
    kind: Kind,
    seed: u64,
    table_mb: usize,
}

#[pymethods]
impl Opponent {
    /// The opponent named `spec`, its engine (if it has one) with a table of `table_mb` MiB.
    #[new]
    #[pyo3(signature = (spec, table_mb = 4))]
    fn new(spec: &str, table_mb: i64) -> PyResult<Opponent> {
        if spec.starts_with("exec:") {
            return Err(errors::argument(
                "an exec: player cannot be an environment's opponent",
            ));
        }
        let table_mb = whole("table_mb", table_mb, 0, 1usize << 20)?;
        let kind = match Spec::parse(spec) {
            Ok(engine_spec) => {
                let mut engine = halma::Engine::with_table_mb(table_mb);
                engine_spec.apply(&mut engine);
                Kind::Engine(engine_spec.limits, Box::new(engine))
            }
            Err(_) => Kind::Scripted(Style::parse(spec).map_err(errors::argument)?),
        };
        Ok(Opponent {
            kind,
            seed: 0,
            table_mb,
        })
    }

    /// A new game: the random choices drawn from `seed`.
    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        if let Kind::Engine(_, engine) = &mut self.kind {
            engine.clear();
        }
    }

    /// Plays the opponent's move for the side to move of `core` (the engine with the GIL
    /// released); returns the status as `EnvCore.step` does, and the move played.
    fn play(&mut self, py: Python<'_>, mut core: PyRefMut<'_, EnvCore>) -> PyResult<(u8, String)> {
        core.check_ongoing()?;
        let game = &core.game;
        let mv = match &mut self.kind {
            Kind::Engine(limits, engine) => {
                let engine = &mut **engine;
                let limits = &*limits;
                py.detach(move || engine.search(game, limits))
                    .map_err(errors::from)?
                    .best_move
            }
            Kind::Scripted(style) => {
                // A seat for this move, seeded from the game's seed and ply: the same game
                // gets the same moves.
                let ply = game.moves().len() as u64;
                let seed = self.seed ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                Seat::new(style, seed, self.table_mb)
                    .choose(game)
                    .map_err(errors::other)?
            }
        };
        Ok((core.play(mv)?, mv.to_string()))
    }
}

//! `halma.Engine`, `halma.SearchResult` and `halma.perft`: the searches, run with the GIL
//! released.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use pyo3::prelude::*;

use halma::search::{DEFAULT_CONTEMPT, MAX_CONTEMPT};
use halma::{DEFAULT_LEVEL, Limits, Position};

use super::errors;
use super::game::Game;
use super::star::StarGame;

/// A game `Engine.search` takes: a 16x16 game or a star game.
#[derive(FromPyObject)]
enum Searched<'py> {
    /// A 16x16 game.
    Halma(PyRef<'py, Game>),
    /// A star game.
    Star(PyRef<'py, StarGame>),
}

/// `value` as a whole number from `min` to `max`, or a `HalmaError` naming `name`.
pub(crate) fn whole<T: TryFrom<i64>>(name: &str, value: i64, min: i64, max: T) -> PyResult<T>
where
    i64: TryFrom<T>,
{
    let top = i64::try_from(max).unwrap_or(i64::MAX);
    if (min..=top).contains(&value)
        && let Ok(value) = T::try_from(value)
    {
        return Ok(value);
    }
    Err(errors::argument(format!(
        "{name} must be a whole number from {min} to {top}, not {value}"
    )))
}

/// `contempt` as an engine's contempt (-`MAX_CONTEMPT` to `MAX_CONTEMPT`).
fn checked_contempt(contempt: i64) -> PyResult<i32> {
    whole("contempt", contempt, -i64::from(MAX_CONTEMPT), MAX_CONTEMPT)
}

/// The search limits of `Engine.search`'s arguments: a level (the default level when nothing
/// is given), then any depth, node and time limits on top of it.
fn limits(
    depth: Option<i64>,
    nodes: Option<i64>,
    time_ms: Option<i64>,
    level: Option<i64>,
    pace: bool,
) -> PyResult<Limits> {
    let mut limits = match level {
        Some(level) => Limits::level(whole("level", level, 1, 10u8)?),
        None if depth.is_none() && nodes.is_none() && time_ms.is_none() => {
            Limits::level(DEFAULT_LEVEL)
        }
        None => Limits::depth(0),
    };
    if let Some(depth) = depth {
        limits = limits.with_depth(whole("depth", depth, 1, u32::MAX)?);
    }
    if let Some(nodes) = nodes {
        limits = limits.with_nodes(whole("nodes", nodes, 1, u64::MAX)?);
    }
    if let Some(time_ms) = time_ms {
        limits = limits.with_time(Duration::from_millis(whole(
            "time_ms",
            time_ms,
            1,
            u64::MAX,
        )?));
    }
    Ok(if pace { limits } else { limits.without_pace() })
}

/// The computer opponent: an alpha-beta search with its transposition table. One search runs
/// at a time; `stop()` ends it from another thread.
#[pyclass(module = "halma", name = "Engine", frozen)]
pub(crate) struct Engine {
    engine: Mutex<halma::Engine>,
    stop: halma::StopHandle,
    table_mb: usize,
    /// The engine's contempt, readable while it searches.
    contempt: AtomicI32,
}

impl Engine {
    /// The engine, or an error if a search runs on it now.
    fn lock(&self) -> PyResult<MutexGuard<'_, halma::Engine>> {
        match self.engine.try_lock() {
            Ok(engine) => Ok(engine),
            // A panic in an earlier search left nothing half-done that matters: the table
            // is cleared or superseded by the next search.
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(errors::of_kind(
                halma::ErrorKind::Busy,
                "this engine is searching already: one search at a time per engine",
            )),
        }
    }
}

#[pymethods]
impl Engine {
    /// An engine with a transposition table of at most `table_mb` MiB and a `contempt`
    /// (`DEFAULT_CONTEMPT`, for play against people, unless given).
    #[new]
    #[pyo3(signature = (table_mb = 16, contempt = i64::from(DEFAULT_CONTEMPT)))]
    fn new(table_mb: i64, contempt: i64) -> PyResult<Engine> {
        let table_mb = whole("table_mb", table_mb, 0, 1usize << 20)?;
        let contempt = checked_contempt(contempt)?;
        let mut engine = halma::Engine::with_table_mb(table_mb);
        engine.set_contempt(contempt);
        Ok(Engine {
            stop: engine.stop_handle(),
            engine: Mutex::new(engine),
            table_mb,
            contempt: AtomicI32::new(contempt),
        })
    }

    /// How much less than an even game a draw is worth to the engine, in hundredths of a
    /// move: with it, the engine never steers into a repetition while it finds playing on
    /// worth more than minus the contempt. `DEFAULT_CONTEMPT` for a new engine (play
    /// against people), 0 for matches between engines and analysis, negative to seek
    /// draws; -1000 to 1000. Set while a search runs: `BusyError`.
    #[getter]
    fn contempt(&self) -> i32 {
        self.contempt.load(Ordering::Relaxed)
    }

    #[setter]
    fn set_contempt(&self, contempt: i64) -> PyResult<()> {
        let contempt = checked_contempt(contempt)?;
        self.lock()?.set_contempt(contempt);
        self.contempt.store(contempt, Ordering::Relaxed);
        Ok(())
    }

    /// Searches the current position of `game`, a `Game` or a `StarGame` (as it is now: the
    /// game can be changed meanwhile), with the GIL released, and returns the best move found.
    ///
    /// `level` (1 to 10) sets the play of a difficulty level; `depth`, `nodes` and `time_ms`
    /// limit the search (the first reached ends it), on top of the level if one is given; with
    /// none of them, the search plays `DEFAULT_LEVEL`. Levels 1 to 9 take 300 ms at least
    /// unless `pace=False`. Searches limited by depth and nodes only are deterministic.
    /// Raises `GameOverError` for a finished game, `HalmaError` for a limit out of range, when
    /// this engine is searching already, or for a star game whose side to move must pass.
    #[pyo3(signature = (game, depth = None, nodes = None, time_ms = None, level = None, pace = true))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        game: Searched<'_>,
        depth: Option<i64>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        level: Option<i64>,
        pace: bool,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, nodes, time_ms, level, pace)?;
        let mut engine = self.lock()?;
        let engine = &mut *engine;
        // Searched as it is now (a copy): the Python game may change while the GIL is
        // released.
        match game {
            Searched::Halma(game) => {
                let game = game.inner.clone();
                py.detach(move || engine.search(&game, &limits))
                    .map(SearchResult::new)
            }
            Searched::Star(game) => {
                let game = game.inner.clone();
                py.detach(move || engine.search(&game, &limits))
                    .map(SearchResult::new)
            }
        }
        .map_err(errors::from)
    }

    /// Stops the search running now on this engine, from any thread: it returns its best
    /// move so far within a few milliseconds. Does nothing when no search runs.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Forgets what earlier searches stored (for a new game).
    fn clear(&self) -> PyResult<()> {
        self.lock()?.clear();
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine(table_mb={}, contempt={})",
            self.table_mb,
            self.contempt()
        )
    }
}

/// What a search found.
#[pyclass(module = "halma", name = "SearchResult", frozen)]
pub(crate) struct SearchResult {
    /// The move to play, `from-to` (squares on the 16x16 board, holes on the star): always
    /// legal in the searched game.
    #[pyo3(get, name = "move")]
    best_move: String,
    /// Its score for the side to move, in hundredths of a move of race advantage; a forced
    /// win in n plies is 30000 - n.
    #[pyo3(get)]
    score: i32,
    /// The last completed iteration (in a separated race, the plies of the race the race
    /// solver saw to the end).
    #[pyo3(get)]
    depth: u32,
    /// The nodes visited.
    #[pyo3(get)]
    nodes: u64,
    /// The time the search took, in seconds.
    #[pyo3(get)]
    time: f64,
    /// The principal variation, starting with the move.
    #[pyo3(get)]
    pv: Vec<String>,
    /// A proven result: n > 0 when the side to move wins within n plies, -n when it loses
    /// within n plies; `None` if nothing is proven.
    #[pyo3(get)]
    forced: Option<i64>,
}

impl SearchResult {
    fn new<M: std::fmt::Display>(result: halma::SearchResult<M>) -> SearchResult {
        SearchResult {
            best_move: result.best_move.to_string(),
            score: result.score,
            depth: result.plies_ahead(),
            nodes: result.nodes,
            time: result.time.as_secs_f64(),
            pv: result.pv.iter().map(|mv| mv.to_string()).collect(),
            forced: result.forced.map(|forced| match forced {
                halma::ForcedResult::Win(plies) => i64::from(plies),
                halma::ForcedResult::Loss(plies) => -i64::from(plies),
            }),
        }
    }
}

#[pymethods]
impl SearchResult {
    /// The speed of the search: nodes a second.
    #[getter]
    fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.time.max(1e-9)
    }

    fn __repr__(&self) -> String {
        format!(
            "<SearchResult move={} score={} depth={} nodes={} time={:.3}s pv={}>",
            self.best_move,
            self.score,
            self.depth,
            self.nodes,
            self.time,
            self.pv.join(" ")
        )
    }
}

/// The number of leaf nodes of the tree of legal moves `depth` plies deep from `position`
/// (position text), with the GIL released. It grows about fiftyfold a ply.
#[pyfunction]
pub(crate) fn perft(py: Python<'_>, position: &str, depth: i64) -> PyResult<u64> {
    let position: Position = position.parse().map_err(errors::from)?;
    let depth = whole("depth", depth, 0, u32::MAX)?;
    Ok(py.detach(|| halma::perft(&position, depth)))
}

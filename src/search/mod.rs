//! The computer opponent: an [`Engine`] searches a [`Game`] within [`Limits`] and returns
//! its best move.
//!
//! The search is an iterative-deepening principal-variation alpha-beta search with a
//! transposition table, move ordering by the table move, killer moves and the distance a
//! move gains, and the pruning that Halma's width (40 moves at the start, up to
//! about 290 in a crowded middle game) needs: a beam of the best moves by static gain at
//! inner nodes, late-move reductions and null-move pruning. The evaluation counts the race:
//! each side's distance to its goal corner, stragglers left behind, opponent pieces shut in
//! its goal camp, and blocked or walled-in goal camps.
//!
//! Once the armies are [separated](crate::race::separated), the [race solver](crate::race)
//! plays instead: an optimal move whenever it proves the counts in time, the result scored
//! as forced when the counts decide it.
//!
//! The search sees the game's history: a position that repeats one of the game or of the
//! search path scores as a draw. It takes a win when it has one, prefers the faster win, and
//! always returns a legal move, even when stopped at once.
//!
//! # Scores
//! From the side to move's point of view, in hundredths of a move of race advantage. A
//! forced win in `n` plies is [`SCORE_WIN`]` - n`, a forced loss its negation; every other
//! score stays below `SCORE_WIN - 1000` in absolute value.
//!
//! # Determinism
//! A search on one thread (the default) limited only by depth and/or nodes (no time limit,
//! no stop) starts from an empty
//! transposition table and no killer moves, so the same game and limits give the same
//! move, score, depth and node count on any engine with the same table size, whatever it
//! searched before (the size decides which entries survive, so the node count at which a
//! depth completes can differ between sizes). A search with a time limit keeps the table
//! of earlier searches (it plays better for it) and depends on the machine's speed. A
//! search on more threads ([`Engine::set_threads`]) is never deterministic.
//!
//! # Stopping
//! A [`StopHandle`] stops the search running now (a stop with none running does nothing);
//! a [`StopToken`] is made for one search before it starts and stops it whenever it comes;
//! [`Engine::set_stop_poll`] has the search ask a host's function.
//!
//! ```
//! use halma::{Engine, Game, Limits};
//!
//! let mut engine = Engine::new();
//! let game = Game::new();
//! let result = engine.search(&game, &Limits::depth(3))?;
//! assert!(game.legal_moves().contains(&result.best_move));
//! assert_eq!(result.depth, 3);
//! # Ok::<(), halma::SearchError>(())
//! ```

use core::time::Duration;
use std::sync::Arc;

use thiserror::Error;

use crate::clock::{self, Instant};
use crate::game::Game;
use crate::moves::Move;

mod alphabeta;
mod block;
mod busy;
mod choice;
mod eval;
mod frame;
mod levels;
mod limits;
mod ordering;
mod params;
mod root;
mod separated;
mod stop;
mod threads;
mod time;
mod tt;

pub use limits::Limits;
#[cfg(feature = "tuning")]
pub use params::Params;
pub use stop::StopToken;

use crate::race::Solver;
use root::Answer;
use stop::{Signal, Stops};
use tt::Table;

/// The score of a win on the move; a forced win in `n` plies scores `SCORE_WIN - n`.
pub const SCORE_WIN: i32 = 30_000;

/// Scores at least this large in absolute value are forced results.
pub(crate) const FORCED: i32 = SCORE_WIN - 1000;

/// The difficulty level a host should offer first: a fair opponent for most players, and
/// every move answered within a second.
pub const DEFAULT_LEVEL: u8 = 5;

/// The default size of the transposition table, in mebibytes (small enough for a phone).
pub const DEFAULT_TABLE_MB: usize = 16;

/// The most threads an engine searches with ([`Engine::set_threads`]).
pub const MAX_THREADS: usize = 256;

/// Why a search was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The game is over: there is no move to find.
    #[error("the game is over, so there is no move to search for")]
    GameOver,
    /// The limits set no depth, node count or time, so the search would never end.
    #[error("the search limits set no depth, node count or time")]
    NoLimits,
    /// The [`StopToken`] was handed to an earlier search: a token is one search's.
    #[error("the stop token was handed to an earlier search; make a new one for each search")]
    StopTokenUsed,
}

/// What a search found. Fields may be added (it is `#[non_exhaustive]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchResult {
    /// The move to play: always legal in the searched game.
    pub best_move: Move,
    /// Its score, from the side to move's point of view (see the [module docs](self)).
    pub score: i32,
    /// The last completed iteration: below the depth limit only when a forced result was
    /// proven early, another limit or a stop ended the search first, or there is a single
    /// legal move; 0 when the search was stopped before it completed one (the move is then
    /// the best-ordered legal move), and when the race solver played (see `race_plies`).
    pub depth: u32,
    /// When the race solver played (the armies separated), the plies of the race it saw to
    /// the end, which can exceed the depth limit; `None` when the alpha-beta search played.
    pub race_plies: Option<u32>,
    /// The nodes visited.
    pub nodes: u64,
    /// The time the search took.
    pub time: Duration,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// The result the search proved, if any: `score` decoded.
    pub forced: Option<ForcedResult>,
}

/// A result a search proved whatever the opponent does.
///
/// In a separated race it is the [race solver's](crate::race::Race) result: forced as long
/// as both sides race; a side going back to meet the other army (to block it) leaves what
/// the counts say, and the next search sees the armies no longer separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcedResult {
    /// The side to move wins within this many plies (its own moves and the opponent's).
    Win(u32),
    /// The side to move loses within this many plies, however it defends.
    Loss(u32),
}

impl ForcedResult {
    /// The forced result a score stands for, if any (see the [module docs](self)).
    ///
    /// ```
    /// use halma::ForcedResult;
    /// use halma::search::SCORE_WIN;
    ///
    /// assert_eq!(ForcedResult::from_score(SCORE_WIN - 3), Some(ForcedResult::Win(3)));
    /// assert_eq!(ForcedResult::from_score(-(SCORE_WIN - 4)), Some(ForcedResult::Loss(4)));
    /// assert_eq!(ForcedResult::from_score(250), None);
    /// ```
    pub fn from_score(score: i32) -> Option<ForcedResult> {
        let magnitude = score.saturating_abs();
        if !(FORCED..=SCORE_WIN).contains(&magnitude) {
            return None;
        }
        let plies = (SCORE_WIN - magnitude) as u32;
        Some(if score > 0 {
            ForcedResult::Win(plies)
        } else {
            ForcedResult::Loss(plies)
        })
    }
}

/// Progress of a search, reported after each completed iteration. Fields may be added (it
/// is `#[non_exhaustive]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchInfo {
    /// The depth of the iteration just completed (0 for a race solver's answer, which is
    /// reported once, with its plies in `race_plies`).
    pub depth: u32,
    /// For a race solver's answer (the armies separated), the plies of the race it saw to
    /// the end; `None` for an iteration of the alpha-beta search.
    pub race_plies: Option<u32>,
    /// Its score, from the side to move's point of view.
    pub score: i32,
    /// The nodes visited so far.
    pub nodes: u64,
    /// The speed of the search so far.
    pub nodes_per_second: u64,
    /// The time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// How far the search saw: the race's plies when the race solver played, else the last
    /// completed iteration. What hosts show as the depth (the C ABI's `depth` means this).
    pub fn plies_ahead(&self) -> u32 {
        self.race_plies.unwrap_or(self.depth)
    }
}

impl SearchInfo {
    /// How far the search saw: the race's plies for a race solver's answer, else the
    /// iteration's depth. What hosts show as the depth (the C ABI's `depth` means this).
    pub fn plies_ahead(&self) -> u32 {
        self.race_plies.unwrap_or(self.depth)
    }
}

/// Stops the search running on an [`Engine`] from another thread.
///
/// A stop makes the running search return its best move so far within a few milliseconds.
/// With no search running it does nothing: the next search starts afresh.
///
/// ```
/// use std::thread;
/// use std::time::Duration;
/// use halma::{Engine, Game, Limits};
///
/// let mut engine = Engine::new();
/// let stop = engine.stop_handle();
/// let stopper = thread::spawn(move || {
///     thread::sleep(Duration::from_millis(50));
///     stop.stop();
/// });
/// // Would run for an hour.
/// let result = engine.search(&Game::new(), &Limits::time(Duration::from_secs(3600)))?;
/// assert!(Game::new().legal_moves().contains(&result.best_move));
/// stopper.join().unwrap();
/// # Ok::<(), halma::SearchError>(())
/// ```
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<Signal>);

impl StopHandle {
    /// Stops the search running now on the engine, if any.
    pub fn stop(&self) {
        self.0.stop();
    }
}

/// The computer opponent. It owns a transposition table; one search runs at a time
/// (`search` takes `&mut self`), on one thread or [more](Engine::set_threads); a
/// [`StopHandle`] or a [`StopToken`] stops it from another thread.
pub struct Engine {
    table: Table,
    signal: Arc<Signal>,
    /// The race solver, made at the first separated race (its table is as large as the
    /// transposition table).
    solver: Option<Box<Solver>>,
    table_mb: usize,
    threads: usize,
}

impl Engine {
    /// An engine with the default table size ([`DEFAULT_TABLE_MB`]).
    pub fn new() -> Engine {
        Engine::with_table_mb(DEFAULT_TABLE_MB)
    }

    /// An engine with a transposition table of at most `mb` mebibytes (rounded down to a
    /// power of two of 64-byte buckets; 0 gives a table of one bucket). The first separated
    /// race it searches adds the race solver's table, of about the same size.
    pub fn with_table_mb(mb: usize) -> Engine {
        Engine {
            table: Table::new(mb),
            signal: Arc::new(Signal::default()),
            solver: None,
            table_mb: mb,
            threads: 1,
        }
    }

    /// Searches on `threads` threads from now on (clamped to 1 ..= [`MAX_THREADS`]); 1 by
    /// default.
    ///
    /// More threads search the same position together (Lazy SMP: they share the
    /// transposition table), so that a time limit buys a deeper search; the calling thread is
    /// one of them, the others are started for each search and end with it. With one thread
    /// no thread is started, and searches limited by depth or nodes alone are deterministic;
    /// with more they are not (the threads race each other), and a node limit counts the
    /// nodes of all of them. More threads than the machine's cores only slow it down.
    ///
    /// ```
    /// use halma::{Engine, Game, Limits};
    ///
    /// let mut engine = Engine::new();
    /// engine.set_threads(2);
    /// assert_eq!(engine.threads(), 2);
    /// let result = engine.search(&Game::new(), &Limits::depth(4))?;
    /// assert!(Game::new().legal_moves().contains(&result.best_move));
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The threads each search runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A handle that stops this engine's running search, usable from any thread.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.signal))
    }

    /// Makes this engine's searches also ask `poll` whether to stop, about every 1024 nodes
    /// (none: only [`StopHandle`]s stop them). For a host whose stop cannot call a stop
    /// handle while the search runs: on WebAssembly the search runs on the host's only
    /// thread, and a browser page's stop is a `SharedArrayBuffer` flag that `poll` reads. A
    /// poll that says stop ends the running search as a stop handle does; the host clears
    /// what it reads before the next search.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::time::Duration;
    /// use halma::{Engine, Game, Limits};
    ///
    /// static STOP: AtomicBool = AtomicBool::new(true);
    /// let mut engine = Engine::new();
    /// engine.set_stop_poll(Some(|| STOP.load(Ordering::Relaxed)));
    /// // Would run for an hour; the poll ends it at once, with a legal move.
    /// let result = engine.search(&Game::new(), &Limits::time(Duration::from_secs(3600)))?;
    /// assert!(Game::new().legal_moves().contains(&result.best_move));
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn set_stop_poll(&mut self, poll: Option<fn() -> bool>) {
        self.signal.set_poll(poll);
    }

    /// Forgets what earlier searches stored (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(solver) = &mut self.solver {
            solver.clear();
        }
    }

    /// Searches the current position of `game` within `limits` and returns the best move.
    ///
    /// Blocks until a limit is reached or a [`StopHandle`] stops it. Refused for a finished
    /// game ([`SearchError::GameOver`]) and for limits that set nothing
    /// ([`SearchError::NoLimits`]).
    pub fn search(&mut self, game: &Game, limits: &Limits) -> Result<SearchResult, SearchError> {
        self.search_with_info(game, limits, &mut |_| {})
    }

    /// Like [`search`](Engine::search), calling `info` after each completed iteration.
    ///
    /// ```
    /// use halma::{Engine, Game, Limits};
    ///
    /// let mut depths = Vec::new();
    /// Engine::new().search_with_info(&Game::new(), &Limits::depth(3), &mut |info| {
    ///     depths.push(info.depth)
    /// })?;
    /// assert_eq!(depths, [1, 2, 3]);
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn search_with_info(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        self.search_stopped_by(game, limits, None, info)
    }

    /// Like [`search_with_info`](Engine::search_with_info), stopped by `stop` too: a stop a
    /// host makes before the search starts is not lost (see [`StopToken`]), unlike a
    /// [`StopHandle`]'s, which reaches only a running search. The token is this search's:
    /// one handed to an earlier search is refused ([`SearchError::StopTokenUsed`]).
    ///
    /// ```
    /// use std::thread;
    /// use std::time::Duration;
    /// use halma::{Engine, Game, Limits, StopToken};
    ///
    /// let stop = StopToken::new();
    /// let stopper = {
    ///     let stop = stop.clone();
    ///     thread::spawn(move || stop.stop()) // may come before the search starts
    /// };
    /// let mut engine = Engine::new();
    /// let hour = Limits::time(Duration::from_secs(3600));
    /// let result = engine.search_with_stop(&Game::new(), &hour, &stop, &mut |_| {})?;
    /// assert!(Game::new().legal_moves().contains(&result.best_move));
    /// stopper.join().unwrap();
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn search_with_stop(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &StopToken,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        self.search_stopped_by(game, limits, Some(stop), info)
    }

    /// The search of every entry point: stopped by the engine's handles and by `token`.
    fn search_stopped_by(
        &mut self,
        game: &Game,
        limits: &Limits,
        token: Option<&StopToken>,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        if game.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        if limits.is_unlimited() {
            return Err(SearchError::NoLimits);
        }
        if token.is_some_and(|token| !token.claim()) {
            return Err(SearchError::StopTokenUsed);
        }
        let start = Instant::now();
        if limits.time.is_none() {
            // Depth and node limits give the same result on any engine of this table size.
            self.table.clear();
        }
        self.table.new_search();
        let number = self.signal.begin();
        let stops = Stops {
            signal: &self.signal,
            number,
            token,
        };
        let solved = solve_race(&mut self.solver, self.table_mb, game, limits, start, stops);
        // The solver's answer has the plies of its race for its depth.
        let race_plies = solved.as_ref().map(|answer| answer.depth);
        let answer = match solved {
            Some(answer) => {
                info(&SearchInfo {
                    depth: 0,
                    race_plies,
                    score: answer.score,
                    nodes: answer.nodes,
                    nodes_per_second: per_second(answer.nodes, start.elapsed()),
                    time: start.elapsed(),
                    pv: answer.pv.clone(),
                });
                answer
            }
            None => threads::search(&self.table, stops, self.threads, game, limits, start, info),
        };
        // The level's minimum thinking time, outside the search proper: waited out here
        // where the platform can sleep (a stop ends the wait too), left to the host on
        // WebAssembly (see `Limits::pace`).
        clock::wait_until(start.saturating_add(limits.pace), || stops.stopped());
        self.signal.end(number);
        Ok(SearchResult {
            best_move: answer.best_move,
            score: answer.score,
            depth: if race_plies.is_some() {
                0
            } else {
                answer.depth
            },
            race_plies,
            nodes: answer.nodes,
            time: start.elapsed(),
            pv: answer.pv,
            forced: ForcedResult::from_score(answer.score),
        })
    }
}

/// The race solver's move in a separated race at full strength (levels choosing
/// imperfectly on purpose race as they search), if it finds one; the solver (of a table of
/// `table_mb`) is made at the first separated race.
fn solve_race(
    solver: &mut Option<Box<Solver>>,
    table_mb: usize,
    game: &Game,
    limits: &Limits,
    start: Instant,
    stops: Stops<'_>,
) -> Option<Answer> {
    if !limits.params.race_solver || limits.margin > 0 {
        return None;
    }
    let position = game.position();
    if !crate::race::separated(position) {
        return None;
    }
    let solver = solver.get_or_insert_with(|| Box::new(Solver::with_table_mb(table_mb)));
    separated::solve(position, solver, limits, start, &|| stops.stopped())
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

/// The static evaluation of `position` (for the side to move), with what the root of a
/// search of `game` would know (feature `tuning`: for tests that compare the search with a
/// plain negamax).
#[cfg(feature = "tuning")]
pub fn evaluate(game: &Game, params: &Params, position: &crate::Position) -> i32 {
    eval::Evaluator::new(params, game).evaluate(position)
}

/// `count` per second of `time`.
pub(crate) fn per_second(count: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(count) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

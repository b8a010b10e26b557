//! The computer opponent: an [`Engine`] searches a [`Game`](crate::Game) or a
//! [`StarGame`](crate::StarGame) within [`Limits`] and returns its best move.
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
//! # Draws and contempt
//! A draw (by repetition, or for want of moves) is worth the engine's
//! [contempt](Engine::set_contempt) less than an even game to the engine, and that much more
//! to its opponent: with contempt on, the engine plays on rather than repeat while its
//! evaluation of playing on stays above minus the contempt, and takes the draw when it is
//! further behind than that (a lost race). A new engine has the contempt for play against
//! people, [`DEFAULT_CONTEMPT`]; engine-against-engine matches and the `bench` tool set 0.
//! When the opponent truly blocks the engine's goal camp (keeps pieces there while the
//! engine has nothing left to do but wait), the game can only be drawn: contempt no longer
//! counts, and the engine repeats as soon as nothing improves.
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
//! A [`StopToken`] stops the search it is handed to, whenever its stop comes (before the
//! search starts too); a token [with a poll](StopToken::with_poll) also asks a host's
//! function. An engine's [`StopHandle`] holds a clone of the running search's token, so that
//! another thread can stop whatever search runs now (with none running, nothing).
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

use thiserror::Error;

use crate::clock;
use crate::clock::Instant;

mod alphabeta;
mod block;
mod busy;
mod choice;
mod eval;
mod frame;
mod game;
mod levels;
mod limits;
mod ordering;
mod params;
mod report;
mod root;
mod score;
mod separated;
mod split;
mod star;
mod stop;
mod threads;
mod time;
mod tt;

#[cfg(feature = "tuning")]
pub use eval::evaluate;
pub use game::{MoveOf, Searchable};
pub use levels::DEFAULT_LEVEL;
pub use limits::Limits;
#[cfg(feature = "tuning")]
pub use params::Params;
pub use report::{SearchInfo, SearchResult};
pub use score::{ForcedResult, SCORE_WIN};
pub use stop::{StopHandle, StopToken};

use crate::race::Solver;
use game::{Racing, SearchBoard};
use threads::Settings;
use tt::Table;

/// The default size of the transposition table, in mebibytes (small enough for a phone).
pub const DEFAULT_TABLE_MB: usize = 16;

/// The most threads an engine searches with ([`Engine::set_threads`]).
pub const MAX_THREADS: usize = 256;

/// The contempt of a new engine ([`Engine::set_contempt`]): a draw is worth a move and a
/// half less than an even game to it. Above the second mover's deficit in the opening (about
/// two thirds of a move, which a draw at 0 beat: a player who repeated moves drew), below the
/// margin of a race that is lost in earnest.
pub const DEFAULT_CONTEMPT: i32 = 150;

/// The largest contempt either way ([`Engine::set_contempt`]): ten moves.
pub const MAX_CONTEMPT: i32 = 1_000;

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
    /// On the star, the side to move has no move: its turn is a pass
    /// ([`StarGame::pass`](crate::StarGame::pass)), with nothing to search.
    #[error("the side to move has no move, so its turn is a pass")]
    MustPass,
}

/// The computer opponent. It owns a transposition table; one search runs at a time
/// (`search` takes `&mut self`), on one thread or [more](Engine::set_threads); a
/// [`StopHandle`] or a [`StopToken`] stops it from another thread.
pub struct Engine {
    table: Table,
    /// The running search's token, for the engine's stop handles.
    running: StopHandle,
    /// The race solver, made at the first separated race (its table is as large as the
    /// transposition table).
    solver: Option<Box<Solver>>,
    table_mb: usize,
    settings: Settings,
    /// The board of the last search ([`SearchBoard::KIND`]): a search of another board
    /// starts from an empty table.
    board: u8,
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
            running: StopHandle::default(),
            solver: None,
            table_mb: mb,
            settings: Settings {
                threads: 1,
                contempt: DEFAULT_CONTEMPT,
            },
            board: 0,
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
        self.settings.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The threads each search runs on.
    pub fn threads(&self) -> usize {
        self.settings.threads
    }

    /// Sets how much less than an even game a draw is worth to the engine, in hundredths of
    /// a move (the unit of scores), from now on: clamped to `-MAX_CONTEMPT ..=
    /// MAX_CONTEMPT`; [`DEFAULT_CONTEMPT`] by default, for play against people.
    ///
    /// With contempt `c`, a draw (by repetition or for want of moves) scores `-c` for the
    /// engine and `c` for its opponent: the engine never steers into a repetition while it
    /// finds playing on worth more than `-c`, and takes one when it is further behind. 0
    /// scores a draw as an even game, for matches between engines and analysis, where a
    /// draw is worth the same to both sides; a negative contempt makes the engine seek
    /// draws. A goal camp the opponent truly blocks is drawn whatever the contempt (see the
    /// [module docs](self)).
    ///
    /// ```
    /// use halma::{Engine, search::DEFAULT_CONTEMPT};
    ///
    /// let mut engine = Engine::new();
    /// assert_eq!(engine.contempt(), DEFAULT_CONTEMPT);
    /// engine.set_contempt(0);
    /// assert_eq!(engine.contempt(), 0);
    /// engine.set_contempt(i32::MAX);
    /// assert_eq!(engine.contempt(), halma::search::MAX_CONTEMPT);
    /// ```
    pub fn set_contempt(&mut self, contempt: i32) {
        self.settings.contempt = contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
    }

    /// How much less than an even game a draw is worth to the engine
    /// ([`Engine::set_contempt`]).
    pub fn contempt(&self) -> i32 {
        self.settings.contempt
    }

    /// A handle that stops this engine's running search, usable from any thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.running.clone()
    }

    /// Forgets what earlier searches stored (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(solver) = &mut self.solver {
            solver.clear();
        }
    }

    /// Searches the current position of `game`, a 16x16 [`Game`](crate::Game) or a
    /// [`StarGame`](crate::StarGame), within `limits` and returns the best move.
    ///
    /// Blocks until a limit is reached or a [`StopHandle`] stops it. Refused for a finished
    /// game ([`SearchError::GameOver`]), for a star game whose side to move must pass
    /// ([`SearchError::MustPass`]) and for limits that set nothing
    /// ([`SearchError::NoLimits`]).
    ///
    /// ```
    /// use halma::{Engine, Limits, StarGame, StarRules};
    ///
    /// let game = StarGame::new(StarRules::OpenSpiel);
    /// let result = Engine::new().search(&game, &Limits::depth(3))?;
    /// assert!(game.legal_moves().contains(&result.best_move));
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn search<G: Searchable>(
        &mut self,
        game: &G,
        limits: &Limits,
    ) -> Result<SearchResult<MoveOf<G>>, SearchError> {
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
    pub fn search_with_info<G: Searchable>(
        &mut self,
        game: &G,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo<MoveOf<G>>),
    ) -> Result<SearchResult<MoveOf<G>>, SearchError> {
        self.search_with_stop(game, limits, &StopToken::new(), info)
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
    pub fn search_with_stop<G: Searchable>(
        &mut self,
        game: &G,
        limits: &Limits,
        stop: &StopToken,
        info: &mut dyn FnMut(&SearchInfo<MoveOf<G>>),
    ) -> Result<SearchResult<MoveOf<G>>, SearchError> {
        if let Some(refusal) = game.refusal() {
            return Err(refusal);
        }
        if limits.is_unlimited() {
            return Err(SearchError::NoLimits);
        }
        if !stop.claim() {
            return Err(SearchError::StopTokenUsed);
        }
        let start = Instant::now();
        let board = <G::Board as SearchBoard>::KIND;
        if limits.time.is_none() || board != self.board {
            // Depth and node limits give the same result on any engine of this table size.
            self.table.clear();
            self.board = board;
        }
        self.table.new_search();
        self.running.hold(Some(stop));
        let racing = Racing {
            solver: &mut self.solver,
            table_mb: self.table_mb,
            limits,
            start,
            stop,
        };
        let solved = game.solved(racing);
        let answer = match solved {
            Some(answer) => {
                info(&answer.info(answer.nodes, start.elapsed()));
                answer
            }
            None => threads::search(&self.table, stop, self.settings, game, limits, start, info),
        };
        // The level's minimum thinking time, outside the search proper: waited out here
        // where the platform can sleep (a stop ends the wait too), left to the host on
        // WebAssembly (see `Limits::pace`).
        clock::wait_until(start.saturating_add(limits.pace), || stop.is_stopped());
        self.running.hold(None);
        Ok(answer.into_result(start.elapsed()))
    }
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

//! The engine's C ABI: `halma_engine`, its search limits, results and progress reports.
//!
//! The engine sits in a mutex and its stop handle beside it: a search holds the mutex (a
//! second call meanwhile gets `HALMA_STATUS_BUSY` at once, never waits), while
//! `halma_engine_stop` is an atomic store that any thread may make at any time.

use core::ffi::c_void;
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use crate::moves::Move;
use crate::search::{
    DEFAULT_CONTEMPT, DEFAULT_LEVEL, DEFAULT_TABLE_MB, Engine, Limits, MAX_CONTEMPT, MAX_THREADS,
    MoveOf, SCORE_WIN, SearchInfo, SearchResult, Searchable, StopHandle, StopToken,
};
use crate::star::StarMove;

use super::args::{Arg, Out, Shared, free, handle, safety};
use super::guard::{Error, call, guard};
use super::stop::halma_stop_token;
use super::types::*;

/// A forced win in `n` plies scores `HALMA_SCORE_WIN - n`, a forced loss the negation; every
/// other score stays below `HALMA_SCORE_WIN - 1000` in absolute value.
pub const HALMA_SCORE_WIN: i32 = 30_000;

/// The difficulty level to offer first (levels go from 1, a beginner, to 10, full
/// strength): a fair opponent for most players, every move within a second.
pub const HALMA_DEFAULT_LEVEL: i32 = 5;

/// The transposition table size of `halma_engine_new`, in mebibytes.
pub const HALMA_DEFAULT_TABLE_MB: usize = 16;

// The header needs literals; they are the Rust API's values.
const _: () = assert!(HALMA_SCORE_WIN == SCORE_WIN);
const _: () = assert!(HALMA_DEFAULT_LEVEL == DEFAULT_LEVEL as i32);
const _: () = assert!(HALMA_DEFAULT_TABLE_MB == DEFAULT_TABLE_MB);
// The contempt's default and range, written out in `halma_engine_set_contempt`'s doc.
const _: () = assert!(DEFAULT_CONTEMPT == 150 && MAX_CONTEMPT == 1_000);

/// When a search stops: each field 0 means no limit on it; the first limit reached ends
/// the search. All three 0 is `HALMA_STATUS_INVALID_ARGUMENT` (the search would never end).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct halma_search_limits {
    /// The depth in plies (iterations 1, 2, ... depth).
    pub depth: u32,
    /// The nodes to visit, about.
    pub nodes: u64,
    /// The time in milliseconds.
    pub time_ms: u64,
}

/// What a search found.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct halma_search_result {
    /// The move to play: always legal in the searched game.
    pub best_move: halma_move,
    /// Its score from the side to move's point of view, in hundredths of a move of race
    /// advantage (see `HALMA_SCORE_WIN`).
    pub score: i32,
    /// The last completed iteration: below the requested depth only when a forced result
    /// was proven early, another limit (nodes, time) or a stop ended the search first, or
    /// the game has a single legal move (played after one iteration); 0 when stopped before
    /// the first iteration ended (the move is then the best-ordered legal move). When the
    /// race solver played (the armies separated), the plies of the race it saw to the end,
    /// which can exceed the requested depth.
    pub depth: u32,
    /// The nodes visited.
    pub nodes: u64,
    /// The time the search took, in milliseconds.
    pub time_ms: u64,
}

/// Progress of a search, passed to the info callback after each completed iteration. The
/// pointer and the `pv` array it holds are valid during the callback only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct halma_search_info {
    /// The depth of the iteration just completed (a race solver's answer, in a separated
    /// race, is reported once, with the plies of its race as the depth).
    pub depth: u32,
    /// Its score, from the side to move's point of view.
    pub score: i32,
    /// The nodes visited so far.
    pub nodes: u64,
    /// The speed so far.
    pub nodes_per_second: u64,
    /// The time since the search started, in milliseconds.
    pub time_ms: u64,
    /// The principal variation: `pv_len` moves, the first being the best move (in a search
    /// of a star game, `halma_engine_search_star`, their `from` and `to` are holes).
    pub pv: *const halma_move,
    /// The number of moves in `pv`.
    pub pv_len: usize,
}

/// The info callback: called on the searching thread after each completed iteration, with
/// the `user` pointer given to `halma_engine_set_info_callback`. It must return (no
/// `longjmp` out of it) and must not call functions of the same engine but
/// `halma_engine_stop`.
pub type halma_info_callback =
    Option<unsafe extern "C" fn(info: *const halma_search_info, user: *mut c_void)>;

/// The host's callback and its pointer.
struct Callback {
    function: unsafe extern "C" fn(*const halma_search_info, *mut c_void),
    user: *mut c_void,
}

// SAFETY: the pointer is the host's, handed back to its callback on whichever thread calls
// `halma_engine_search`; the host vouches for that when it sets the callback (documented on
// `halma_engine_set_info_callback`). Rust never dereferences it.
unsafe impl Send for Callback {}

struct State {
    engine: Engine,
    info: Option<Callback>,
}

/// The computer opponent: an engine with its transposition table. Opaque: made by
/// `halma_engine_new` or `halma_engine_new_with_table_mb`, released by `halma_engine_free`.
///
/// Thread safety: an engine may move between threads. One search at a time: a call on an
/// engine that is searching returns `HALMA_STATUS_BUSY` at once (but `halma_engine_stop`,
/// which any thread may call at any time). Free it only when no call on it runs.
pub struct halma_engine {
    state: Mutex<State>,
    stop: StopHandle,
}

// The thread-safety rules of `halma_engine` rest on this.
const _: fn() = || {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<halma_engine>();
};

impl halma_engine {
    /// The state, or `BUSY` while another call holds it. A call that panicked with the
    /// state held left nothing half done that matters: each search starts afresh.
    fn lock(&self) -> Result<MutexGuard<'_, State>, Error> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(Error::new(
                HALMA_STATUS_BUSY,
                "the engine is busy with another search; stop it or wait for it to end",
            )),
        }
    }
}

/// A new engine handle.
fn engine_handle(engine: Engine) -> *mut halma_engine {
    let stop = engine.stop_handle();
    handle(halma_engine {
        state: Mutex::new(State { engine, info: None }),
        stop,
    })
}

/// A new engine with a transposition table of `HALMA_DEFAULT_TABLE_MB` mebibytes. Free it
/// with `halma_engine_free`. Returns NULL only after a panic.
#[unsafe(no_mangle)]
pub extern "C" fn halma_engine_new() -> *mut halma_engine {
    guard(|| Ok(engine_handle(Engine::new())))
}

/// A new engine with a transposition table of at most `mb` mebibytes (a power of two of
/// 64-byte buckets, at least one; less when the memory cannot be had). Free it with
/// `halma_engine_free`. Returns NULL only after a panic.
#[unsafe(no_mangle)]
pub extern "C" fn halma_engine_new_with_table_mb(mb: usize) -> *mut halma_engine {
    guard(|| Ok(engine_handle(Engine::with_table_mb(mb))))
}

/// Frees an engine. NULL is fine (nothing happens). No call on the engine may be running.
#[doc = safety!(freed(engine: halma_engine))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_free(engine: *mut halma_engine) {
    // SAFETY: this function's contract is `free`'s.
    unsafe { free(engine) }
}

/// Searches the current position of `game` within `limits` and writes the best move and
/// what the search found to `*out`. Blocks until a limit is reached or
/// `halma_engine_stop` is called. The search sees the game's history (repetitions).
///
/// NULL_ARGUMENT for any NULL; INVALID_ARGUMENT when all three limits are 0; BUSY while
/// another search on this engine runs; GAME_OVER for a finished game (in that order).
#[doc = safety!(
    live(engine: halma_engine),
    shared(game: halma_game),
    data(limits: halma_search_limits),
    out(out),
)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search(
    engine: *mut halma_engine,
    game: *const halma_game,
    limits: *const halma_search_limits,
    out: *mut halma_search_result,
) -> halma_status {
    let args = (searched(engine, game), Shared(limits, "limits"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |((engine, game), limits)| {
            game_result(engine, game, &limits_of(limits)?, None)
        })
    }
}

/// Like `halma_engine_search`, with the limits and the style of play of difficulty level
/// `level`: 1 (a beginner, a child can beat it) to 10 (full strength, up to about a
/// second a move); values outside are clamped. Every level takes a few hundred
/// milliseconds at least; `HALMA_DEFAULT_LEVEL` answers within a second.
#[doc = safety!(live(engine: halma_engine), shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search_level(
    engine: *mut halma_engine,
    game: *const halma_game,
    level: i32,
    out: *mut halma_search_result,
) -> halma_status {
    let limits = Limits::level(level.clamp(1, 10) as u8);
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(searched(engine, game), Out(out), |(engine, game)| {
            game_result(engine, game, &limits, None)
        })
    }
}

/// Like `halma_engine_search`, stopped also by `stop` (see `halma_stop_token`): a
/// `halma_stop_token_stop` made at any time, before this call has begun searching too,
/// makes it return its best move so far. The token is this search's: one handed to an
/// earlier search is INVALID_ARGUMENT.
///
/// NULL_ARGUMENT for any NULL; INVALID_ARGUMENT when all three limits are 0 or the token
/// was used; BUSY while another search on this engine runs; GAME_OVER for a finished game.
#[doc = safety!(
    live(engine: halma_engine),
    shared(game: halma_game),
    data(limits: halma_search_limits),
    live(stop: halma_stop_token),
    out(out),
)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search_with_stop(
    engine: *mut halma_engine,
    game: *const halma_game,
    limits: *const halma_search_limits,
    stop: *const halma_stop_token,
    out: *mut halma_search_result,
) -> halma_status {
    let args = (
        searched(engine, game),
        (Shared(limits, "limits"), Shared(stop, "stop")),
    );
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |((engine, game), (limits, stop))| {
            game_result(engine, game, &limits_of(limits)?, Some(&stop.token))
        })
    }
}

/// Like `halma_engine_search_level`, stopped also by `stop`, as
/// `halma_engine_search_with_stop` is.
#[doc = safety!(
    live(engine: halma_engine),
    shared(game: halma_game),
    live(stop: halma_stop_token),
    out(out),
)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search_level_with_stop(
    engine: *mut halma_engine,
    game: *const halma_game,
    level: i32,
    stop: *const halma_stop_token,
    out: *mut halma_search_result,
) -> halma_status {
    let limits = Limits::level(level.clamp(1, 10) as u8);
    let args = (searched(engine, game), Shared(stop, "stop"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |((engine, game), stop)| {
            game_result(engine, game, &limits, Some(&stop.token))
        })
    }
}

/// The arguments of a search: the engine (borrowed shared: `halma_engine_stop` may hold
/// it on another thread meanwhile) and the game (a `halma_game` or a `halma_star_game`).
pub(crate) fn searched<G>(
    engine: *mut halma_engine,
    game: *const G,
) -> (Shared<halma_engine>, Shared<G>) {
    (Shared(engine.cast_const(), "engine"), Shared(game, "game"))
}

/// The search limits of C's `limits`: INVALID_ARGUMENT when all are 0.
pub(crate) fn limits_of(limits: &halma_search_limits) -> Result<Limits, Error> {
    if limits.depth == 0 && limits.nodes == 0 && limits.time_ms == 0 {
        return Err(Error::new(
            HALMA_STATUS_INVALID_ARGUMENT,
            "the search limits are all 0 (no limit), so the search would never end; set a depth, a node count or a time",
        ));
    }
    Ok(Limits::depth(limits.depth)
        .with_nodes(limits.nodes)
        .with_time(Duration::from_millis(limits.time_ms)))
}

/// A move as the info callback's principal variation holds it: a 16x16 move's squares, a
/// star move's holes.
pub(crate) trait InfoMove: Copy {
    /// The move as C's.
    fn info_move(self) -> halma_move;
}

impl InfoMove for Move {
    fn info_move(self) -> halma_move {
        self.into()
    }
}

impl InfoMove for StarMove {
    fn info_move(self) -> halma_move {
        halma_move {
            from: self.from.number(),
            to: self.to.number(),
        }
    }
}

/// Searches `game` with `engine` within `limits`, reporting to the engine's info callback,
/// stopped by `stop` too if given.
pub(crate) fn search<G: Searchable>(
    engine: &halma_engine,
    game: &G,
    limits: &Limits,
    stop: Option<&StopToken>,
) -> Result<SearchResult<MoveOf<G>>, Error>
where
    MoveOf<G>: InfoMove,
{
    let mut state = engine.lock()?;
    let State { engine, info } = &mut *state;
    let mut report = |progress: &SearchInfo<MoveOf<G>>| {
        if let Some(callback) = info {
            let pv: Vec<halma_move> = progress.pv.iter().map(|&mv| mv.info_move()).collect();
            let info = halma_search_info {
                depth: progress.plies_ahead(),
                score: progress.score,
                nodes: progress.nodes,
                nodes_per_second: progress.nodes_per_second,
                time_ms: millis(progress.time),
                pv: pv.as_ptr(),
                pv_len: pv.len(),
            };
            // SAFETY: the callback may be called with `user` here, as the caller of
            // `halma_engine_set_info_callback` vouched; `info` and its `pv` live during
            // the call, as `halma_info_callback` promises.
            unsafe { (callback.function)(&info, callback.user) };
        }
    };
    let result = match stop {
        Some(stop) => engine.search_with_stop(game, limits, stop, &mut report),
        None => engine.search_with_info(game, limits, &mut report),
    };
    Ok(result?)
}

/// A search of the 16x16 game `game` as C's result.
fn game_result(
    engine: &halma_engine,
    game: &halma_game,
    limits: &Limits,
    stop: Option<&StopToken>,
) -> Result<halma_search_result, Error> {
    let result = search(engine, &game.game, limits, stop)?;
    Ok(halma_search_result {
        best_move: result.best_move.into(),
        score: result.score,
        // The documented meaning: the race's plies when the race solver played.
        depth: result.plies_ahead(),
        nodes: result.nodes,
        time_ms: millis(result.time),
    })
}

/// A duration in whole milliseconds.
pub(crate) fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// Stops the search running on `engine`, if any: it returns its best move so far within a
/// few milliseconds. With no search running it does nothing (the next search is not
/// affected). Callable from any thread at any time; NULL is fine (nothing happens).
#[doc = safety!(live(engine: halma_engine))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_stop(engine: *const halma_engine) {
    guard(|| {
        // SAFETY: this function's contract on `engine` is `Shared`'s; NULL is no error here.
        if let Ok(engine) = unsafe { Shared(engine, "engine").check() } {
            engine.stop.stop();
        }
    })
}

/// Forgets what earlier searches stored in the engine's table (for a new game). BUSY while
/// a search runs.
#[doc = safety!(live(engine: halma_engine))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_clear(engine: *mut halma_engine) -> halma_status {
    // SAFETY: this function's contract is `change_engine`'s.
    unsafe { change_engine(engine, |state| state.engine.clear()) }
}

/// Makes the engine's searches run on `threads` threads (1 by default, up to 256): the
/// calling thread and `threads - 1` helpers started for each search, sharing its table
/// (Lazy SMP), so that a time limit buys a deeper search. With 1 no thread is started and a
/// search limited by depth or nodes alone is deterministic; with more it is not, and a node
/// limit counts the nodes of every thread. More threads than the machine's cores only slow
/// it down. INVALID_ARGUMENT for 0 or more than 256; BUSY while a search runs.
#[doc = safety!(live(engine: halma_engine))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_set_threads(
    engine: *mut halma_engine,
    threads: u32,
) -> halma_status {
    let engine = Shared(engine.cast_const(), "engine");
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(engine, (), |engine| {
            let threads = usize::try_from(threads)
                .ok()
                .filter(|threads| (1..=MAX_THREADS).contains(threads))
                .ok_or_else(|| {
                    Error::new(
                        HALMA_STATUS_INVALID_ARGUMENT,
                        format_args!("threads: 1 to {MAX_THREADS}, not {threads}"),
                    )
                })?;
            engine.lock()?.engine.set_threads(threads);
            Ok(())
        })
    }
}

/// Sets how much less than an even game a draw (by repetition, or for want of moves) is
/// worth to the engine, in hundredths of a move (the unit of scores), from its next search
/// on: the engine then never steers into a repetition while it finds playing on worth more
/// than minus the contempt, and takes one when it is further behind. A new engine has 150,
/// for play against people; 0 scores a draw as an even game (matches between engines,
/// analysis), a negative contempt makes the engine seek draws. A goal camp the opponent
/// truly blocks is drawn whatever the contempt. INVALID_ARGUMENT outside -1000..=1000;
/// BUSY while a search runs.
#[doc = safety!(live(engine: halma_engine))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_set_contempt(
    engine: *mut halma_engine,
    contempt: i32,
) -> halma_status {
    let engine = Shared(engine.cast_const(), "engine");
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(engine, (), |engine| {
            if !(-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&contempt) {
                return Err(Error::new(
                    HALMA_STATUS_INVALID_ARGUMENT,
                    format_args!("contempt: -{MAX_CONTEMPT} to {MAX_CONTEMPT}, not {contempt}"),
                ));
            }
            engine.lock()?.engine.set_contempt(contempt);
            Ok(())
        })
    }
}

/// Sets the function called after each completed iteration of this engine's searches
/// (NULL: none), and the `user` pointer passed to it. The callback runs on the thread that
/// calls `halma_engine_search`, with whatever `user` is: the host makes sure that is
/// fine. BUSY while a search runs.
#[doc = safety!(live(engine: halma_engine), callback(callback, user))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_set_info_callback(
    engine: *mut halma_engine,
    callback: halma_info_callback,
    user: *mut c_void,
) -> halma_status {
    let info = callback.map(|function| Callback { function, user });
    // SAFETY: this function's contract is `change_engine`'s; the callback's is the one
    // `search` relies on when it calls it.
    unsafe { change_engine(engine, |state| state.info = info) }
}

/// The shape of the engine's settings: `change` of the state of `engine` (borrowed
/// shared), BUSY while a search runs.
///
/// # Safety
/// `engine` is NULL or meets `safety!(live ...)`, as for [`call`].
unsafe fn change_engine(
    engine: *mut halma_engine,
    change: impl FnOnce(&mut State),
) -> halma_status {
    let engine = Shared(engine.cast_const(), "engine");
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(engine, (), |engine| {
            change(&mut *engine.lock()?);
            Ok(())
        })
    }
}

//! Random sequences of the engine's C ABI calls on a few engine handles and game handles
//! (the games made through the C ABI too, from the `POSITIONS` texts, finished games
//! included, or by playing moves, each shadowed by a Rust `halma::Game`). Every search is
//! tiny (depth 1 to 3 and/or at most 4,000 nodes, or 1 ms; a level search only when its
//! info callback stops it after the first iteration), so an input runs in milliseconds.
//! Every call is checked against the contract of `include/halma.h`:
//! - the status is the one predicted: NULL_ARGUMENT for any NULL pointer first, then
//!   INVALID_ARGUMENT for all-zero limits, then BUSY, then GAME_OVER for a finished game;
//!   BUSY is checked from a thread that the info callback starts while a search runs, for
//!   every call but `halma_engine_stop`, with NULL_ARGUMENT and INVALID_ARGUMENT still
//!   first and GAME_OVER after;
//! - `*out` is untouched on failure; every failure leaves a last error message that is a
//!   sentence, a success leaves the message alone;
//! - on success: the best move is legal in the game (the shadow and `halma_game_is_legal`
//!   agree); the depth is at most the requested one, and for a search limited by depth
//!   alone it is the requested one unless a forced result was proven or there was a single
//!   legal move; at most a node or two over a node limit; the score is within
//!   `HALMA_SCORE_WIN`, a score beyond `HALMA_SCORE_WIN - 1000` is a forced result
//!   `HALMA_SCORE_WIN - n`, n plies odd for a win and even for a loss; a win in one is
//!   always taken and scored `HALMA_SCORE_WIN - 1` once an iteration completed; a loss in
//!   two is a move after which the opponent wins;
//! - determinism: a search without a time limit that no stop ended, repeated on a fresh
//!   engine of the same table size or on the same engine, gives the same move, score, depth
//!   and node count, whatever the engine searched, cleared or stopped before;
//! - the info callback (an `extern "C" fn` counting through its `user` pointer, or through
//!   a thread-local when `user` is NULL) is called exactly once per completed iteration,
//!   depths 1, 2, ... in order, nodes never going back, with a principal variation of legal
//!   moves that ends at a win, and a score within bounds; never after it is unset nor on a
//!   failed call; `halma_engine_stop` from the callback is fine (a level search stopped so
//!   skips its minimum thinking time of 300 ms); a search of another engine from the
//!   callback works;
//! - `halma_engine_stop` with no search running changes nothing (the next search is checked
//!   against a fresh engine), NULL included; `halma_engine_free(NULL)` is fine; every handle
//!   is freed exactly once (LeakSanitizer reports any leak).
//!
//! The entry points are `unsafe fn`s: each call is inside `unsafe`, with a `SAFETY` comment
//! saying why its pointers meet the contract (handles live until freed, buffers and
//! out-parameters live allocations of the sizes passed).
#![no_main]

use core::cell::{Cell, RefCell};
use core::ffi::c_void;
use std::any::Any;
use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

use halma::ffi::*;
use halma::{Game, Move, Position};
use halma_fuzz::c_abi::{check_last_error, last_error, value_call};
use halma_fuzz::{Bytes, POSITIONS, play_from_bytes};
use libfuzzer_sys::fuzz_target;

/// What an untouched result holds.
const UNSET: halma_search_result = halma_search_result {
    best_move: halma_move {
        from: 0xEE,
        to: 0xEE,
    },
    score: i32::MIN + 7,
    depth: u32::MAX - 7,
    nodes: u64::MAX - 7,
    time_ms: u64::MAX - 7,
};
/// Scores at least this large in absolute value are forced results.
const FORCED: i32 = HALMA_SCORE_WIN - 1000;
/// The most engine handles alive at once.
const MAX_ENGINES: usize = 3;
/// The most game handles alive at once.
const MAX_GAMES: usize = 4;
/// The most calls of an input.
const MAX_STEPS: usize = 40;
/// Limits that make a search tiny.
const DEPTH_1: halma_search_limits = halma_search_limits {
    depth: 1,
    nodes: 0,
    time_ms: 0,
};
/// All-zero limits (INVALID_ARGUMENT).
const NO_LIMITS: halma_search_limits = halma_search_limits {
    depth: 0,
    nodes: 0,
    time_ms: 0,
};

thread_local! {
    /// Calls of the info callback with a NULL `user` pointer.
    static NULL_USER_CALLS: Cell<u32> = const { Cell::new(0) };
    /// Set while the info callback searches another engine: callbacks then only count.
    static NESTED: Cell<bool> = const { Cell::new(false) };
}

/// What the info callback does during one search.
#[derive(Clone, Copy, Debug, Default)]
struct Plan {
    /// Stop the search from the callback after this iteration (0: never).
    stop_at: u32,
    /// After the first iteration, check from another thread that the engine is busy.
    busy: bool,
    /// After the first iteration, search another engine from the callback.
    nested: bool,
}

/// What the info callback of an engine knows: its `user` pointer.
struct Probe {
    /// The engine it belongs to.
    engine: Cell<*mut halma_engine>,
    /// The game searched, its handle, another engine (NULL: none) and another game handle.
    game: RefCell<Option<Game>>,
    game_ptr: Cell<*const halma_game>,
    other_engine: Cell<*mut halma_engine>,
    other_game: Cell<*const halma_game>,
    plan: Cell<Plan>,
    /// The calls of this search, the nodes last reported, calls during a nested search.
    calls: Cell<u32>,
    nodes: Cell<u64>,
    nested_calls: Cell<u32>,
    /// The first failed check inside the callback, raised again after the search returns.
    panic: RefCell<Option<Box<dyn Any + Send>>>,
}

impl Probe {
    fn new() -> Probe {
        Probe {
            engine: Cell::new(core::ptr::null_mut()),
            game: RefCell::new(None),
            game_ptr: Cell::new(core::ptr::null()),
            other_engine: Cell::new(core::ptr::null_mut()),
            other_game: Cell::new(core::ptr::null()),
            plan: Cell::new(Plan::default()),
            calls: Cell::new(0),
            nodes: Cell::new(0),
            nested_calls: Cell::new(0),
            panic: RefCell::new(None),
        }
    }

    /// Whether the searched game is a separated race (the race solver may answer it).
    fn race(&self) -> bool {
        self.game
            .borrow()
            .as_ref()
            .is_some_and(|game| halma::race::separated(game.position()))
    }

    /// The checks and actions of one report.
    fn report(&self, info: Option<&halma_search_info>) {
        let Some(info) = info else {
            panic!("the info callback got a NULL info");
        };
        if NESTED.get() {
            self.nested_calls.set(self.nested_calls.get() + 1);
            return;
        }
        let calls = self.calls.get() + 1;
        self.calls.set(calls);
        // The race solver reports once, its race's plies as the depth.
        if !(calls == 1 && self.race()) {
            assert_eq!(
                info.depth, calls,
                "the info callback comes once per completed iteration, in order"
            );
        }
        assert!(
            info.nodes >= self.nodes.get(),
            "the reported nodes went back"
        );
        self.nodes.set(info.nodes);
        assert!(
            info.pv_len >= 1 && !info.pv.is_null(),
            "an empty principal variation ({} moves)",
            info.pv_len
        );
        // SAFETY: the engine passes `pv_len` moves at `pv` (not NULL, checked), valid
        // during the call.
        let pv = unsafe { core::slice::from_raw_parts(info.pv, info.pv_len) };
        let pv: Vec<Move> = pv.iter().map(|&mv| mv.into()).collect();
        if let Some(game) = self.game.borrow().as_ref() {
            check_score(info.score);
            check_line(game.position(), &pv);
            if info.score == HALMA_SCORE_WIN - 1 {
                assert!(
                    wins(game.position(), pv[0]),
                    "iteration {calls} scores a win in one for {}, which does not win",
                    pv[0]
                );
            }
        }
        let plan = self.plan.get();
        if calls == 1 && plan.busy {
            self.check_busy();
        }
        if calls == 1 && plan.nested {
            self.search_other();
        }
        if calls == plan.stop_at {
            // SAFETY: `engine` is the engine searching, live (see `EngineHandle`).
            unsafe { halma_engine_stop(self.engine.get()) };
        }
    }

    /// From another thread, while this engine searches: every call on it but
    /// `halma_engine_stop` is BUSY, after NULL_ARGUMENT and INVALID_ARGUMENT.
    fn check_busy(&self) {
        let pointers = Pointers {
            engine: self.engine.get(),
            game: self.game_ptr.get(),
            other_game: self.other_game.get(),
        };
        let joined = std::thread::scope(|scope| scope.spawn(move || pointers.busy()).join());
        if let Err(panic) = joined {
            resume_unwind(panic);
        }
    }

    /// Searches another engine, one ply deep, from this engine's callback.
    fn search_other(&self) {
        let other = self.other_engine.get();
        if other.is_null() {
            return;
        }
        let mut out = UNSET;
        NESTED.set(true);
        // SAFETY: `other` and `game_ptr` are live handles during this search (set by
        // `run_search`); nothing changes the game meanwhile; `DEPTH_1` and `out` are live.
        // The other engine's callback, if any, is `on_info` with its own probe, which counts
        // this nested call and nothing else.
        let status = unsafe { halma_engine_search(other, self.game_ptr.get(), &DEPTH_1, &mut out) };
        NESTED.set(false);
        assert_eq!(
            status, HALMA_STATUS_OK,
            "a search of another engine from the info callback"
        );
        if let Some(game) = self.game.borrow().as_ref() {
            let best = Move::from(out.best_move);
            assert!(
                game.legal_moves().contains(&best),
                "the other engine's move {best} is not legal"
            );
            // A race solver's answer gives its race's plies as the depth (halma.h, `depth`).
            if !self.race() {
                assert_eq!(out.depth, 1, "the other engine's depth");
            }
        }
    }
}

/// The pointers the busy check needs on its thread.
#[derive(Clone, Copy)]
struct Pointers {
    engine: *mut halma_engine,
    game: *const halma_game,
    other_game: *const halma_game,
}

// SAFETY: the engine is made for calls from any thread (the busy answers are what is
// tested); the games are only read (`const halma_game *` calls may run on several threads
// at once) while the searching thread only reads them too.
unsafe impl Send for Pointers {}

impl Pointers {
    /// The calls of [`Probe::check_busy`], on a thread of their own.
    fn busy(self) {
        let Pointers {
            engine,
            game,
            other_game,
        } = self;
        let before = last_error();
        let mut out = UNSET;
        // SAFETY (every call): the engine and the games are live handles, the engine busy
        // with a search of `game` on the thread that started this one and waits for it;
        // nothing changes the games meanwhile (both threads only read them); the limits and
        // `out` are live, or NULL.
        let calls: [(&str, halma_status, halma_status); 9] = unsafe {
            [
                (
                    "search",
                    halma_engine_search(engine, game, &DEPTH_1, &mut out),
                    HALMA_STATUS_BUSY,
                ),
                (
                    // Another game, maybe finished: BUSY comes before GAME_OVER.
                    "search of another game",
                    halma_engine_search(engine, other_game, &DEPTH_1, &mut out),
                    HALMA_STATUS_BUSY,
                ),
                (
                    "search with all-zero limits",
                    halma_engine_search(engine, game, &NO_LIMITS, &mut out),
                    HALMA_STATUS_INVALID_ARGUMENT,
                ),
                (
                    "search with a NULL out",
                    halma_engine_search(engine, game, &DEPTH_1, core::ptr::null_mut()),
                    HALMA_STATUS_NULL_ARGUMENT,
                ),
                (
                    "search of a NULL game",
                    halma_engine_search(engine, core::ptr::null(), &DEPTH_1, &mut out),
                    HALMA_STATUS_NULL_ARGUMENT,
                ),
                (
                    "level search",
                    halma_engine_search_level(engine, game, 1, &mut out),
                    HALMA_STATUS_BUSY,
                ),
                (
                    "level search with a NULL out",
                    halma_engine_search_level(engine, game, 1, core::ptr::null_mut()),
                    HALMA_STATUS_NULL_ARGUMENT,
                ),
                ("clear", halma_engine_clear(engine), HALMA_STATUS_BUSY),
                (
                    "set_info_callback",
                    halma_engine_set_info_callback(engine, None, core::ptr::null_mut()),
                    HALMA_STATUS_BUSY,
                ),
            ]
        };
        for (what, status, want) in calls {
            assert_eq!(status, want, "{what} while the engine searches");
        }
        assert_eq!(out, UNSET, "a refused search wrote its result");
        check_last_error(&before, true, "a call on a busy engine");
    }
}

/// The info callback: counts through `user` (a [`Probe`], or NULL) and checks the report.
///
/// # Safety
/// `info` is NULL or valid during the call; `user` is NULL or the live [`Probe`] of the
/// engine searching, on the thread that owns it: what `halma_engine_set_info_callback` is
/// told below, and the engine keeps.
unsafe extern "C" fn on_info(info: *const halma_search_info, user: *mut c_void) {
    if user.is_null() {
        if !NESTED.get() {
            NULL_USER_CALLS.set(NULL_USER_CALLS.get() + 1);
        }
        return;
    }
    // SAFETY: a non-NULL `user` is a live `Probe` of this thread (this function's contract).
    let probe = unsafe { &*user.cast::<Probe>() };
    // SAFETY: `info` is NULL (a failed check) or valid during the call (the contract).
    let info = unsafe { info.as_ref() };
    if let Err(panic) = catch_unwind(AssertUnwindSafe(|| probe.report(info))) {
        probe.panic.borrow_mut().get_or_insert(panic);
    }
}

/// An engine's info callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Callback {
    None,
    /// [`on_info`] with the engine's [`Probe`].
    Probe,
    /// [`on_info`] with a NULL `user`.
    NullUser,
}

/// An engine handle and what the harness knows of it.
struct EngineHandle {
    /// Live (made by the C ABI) until the handle drops, with no call on it running then:
    /// what every entry point asks of an engine handle.
    ptr: *mut halma_engine,
    /// The table size it was made with (None: `halma_engine_new`'s).
    table_mb: Option<usize>,
    callback: Callback,
    /// `halma_engine_stop` was called on it with no search running.
    stopped: bool,
    /// Boxed: its address is the callback's `user` pointer.
    probe: Box<Probe>,
}

impl EngineHandle {
    fn new(table_mb: Option<usize>) -> EngineHandle {
        let ptr = match table_mb {
            None => halma_engine_new(),
            Some(mb) => halma_engine_new_with_table_mb(mb),
        };
        assert!(!ptr.is_null(), "a new engine is NULL");
        let probe = Box::new(Probe::new());
        probe.engine.set(ptr);
        EngineHandle {
            ptr,
            table_mb,
            callback: Callback::None,
            stopped: false,
            probe,
        }
    }

    fn user(&self) -> *mut c_void {
        (&raw const *self.probe).cast_mut().cast()
    }
}

impl Drop for EngineHandle {
    fn drop(&mut self) {
        // Every engine freed exactly once: here (the probe outlives it by a line).
        // SAFETY: `ptr` is live, no call on it runs, and it is not used again.
        unsafe { halma_engine_free(self.ptr) };
    }
}

/// A game handle and its shadow.
struct GameHandle {
    /// Live (made by the C ABI) until the handle drops, and changed only by this thread
    /// while no other call uses it: what every entry point asks of a game handle.
    ptr: *mut halma_game,
    shadow: Game,
}

impl Drop for GameHandle {
    fn drop(&mut self) {
        // SAFETY: `ptr` is live, no call on it runs, and it is not used again.
        unsafe { halma_game_free(self.ptr) };
    }
}

/// A game handle from position text, through the C ABI.
fn game_from_text(position: &Position) -> *mut halma_game {
    let text = CString::new(position.to_string()).unwrap_or_default();
    let mut out: *mut halma_game = core::ptr::null_mut();
    // SAFETY: `text` is a live C string, `out` a live pointer.
    let status = unsafe { halma_game_from_text(text.as_ptr(), &mut out) };
    assert_eq!(status, HALMA_STATUS_OK, "from_text of {text:?}");
    assert!(!out.is_null());
    out
}

/// Whether `mv` wins at once in `position`.
fn wins(position: &Position, mv: Move) -> bool {
    let mut next = *position;
    next.play_unchecked(mv);
    next.winner() == Some(position.turn())
}

/// Whether the side to move of `position` can win at once.
fn can_win(position: &Position) -> bool {
    position.winner().is_none() && position.legal_moves().iter().any(|&mv| wins(position, mv))
}

/// A score within bounds; beyond `HALMA_SCORE_WIN - 1000`, a forced result in n plies,
/// n odd for a win (the side to move makes the last move) and even for a loss.
fn check_score(score: i32) {
    assert!(
        score.abs() < HALMA_SCORE_WIN,
        "the score {score} is out of bounds"
    );
    if score.abs() >= FORCED {
        let plies = HALMA_SCORE_WIN - score.abs();
        assert_eq!(
            plies % 2 == 1,
            score > 0,
            "the score {score} claims a forced result in {plies} plies"
        );
    }
}

/// A principal variation: legal moves from `position`, none after a win.
fn check_line(position: &Position, pv: &[Move]) {
    let mut at = *position;
    for (i, &mv) in pv.iter().enumerate() {
        assert!(
            at.winner().is_none(),
            "the principal variation {pv:?} goes on after a win (from {position})"
        );
        assert!(
            at.is_legal(mv),
            "move {i} of the principal variation {pv:?} is illegal (from {position})"
        );
        at.play_unchecked(mv);
    }
}

/// The contract of a successful search of `game` (handle `game_ptr`) within `limits`
/// (None: a level); `stopped`: the callback stopped it.
fn check_result(
    game: &Game,
    game_ptr: *const halma_game,
    out: &halma_search_result,
    limits: Option<&halma_search_limits>,
    stopped: bool,
) {
    let position = game.position();
    let best = Move::from(out.best_move);
    assert!(
        game.legal_moves().contains(&best),
        "the best move {best} is not legal in {position}"
    );
    let mut legal: u8 = 2;
    // SAFETY: `game_ptr` is a live game handle; `legal` a live byte (a C `bool`).
    let status = unsafe { halma_game_is_legal(game_ptr, out.best_move, (&raw mut legal).cast()) };
    assert_eq!((status, legal), (HALMA_STATUS_OK, 1), "is_legal({best})");
    check_score(out.score);
    assert!(out.nodes >= 1, "a search visited no node");
    if can_win(position) {
        assert!(
            wins(position, best),
            "{best} misses the win in one in {position} (depth {})",
            out.depth
        );
        if out.depth >= 1 {
            assert_eq!(out.score, HALMA_SCORE_WIN - 1, "the score of a win in one");
        }
    } else {
        assert_ne!(
            out.score,
            HALMA_SCORE_WIN - 1,
            "a win in one claimed in {position}"
        );
    }
    if out.score == -(HALMA_SCORE_WIN - 2) {
        let mut next = *position;
        next.play_unchecked(best);
        assert!(
            can_win(&next),
            "a loss in two claimed for {best} in {position}, but the opponent cannot win"
        );
    }
    let Some(limits) = limits else {
        return;
    };
    let race = halma::race::separated(position);
    // A race answer's depth is the plies of the race to its end (halma.h, `depth`).
    if limits.depth > 0 && !race {
        assert!(
            out.depth <= limits.depth,
            "depth {} for a limit of {}",
            out.depth,
            limits.depth
        );
    }
    if limits.nodes > 0 {
        // "About" the limit (halma.h): the race solver of a separated race may spend a
        // quarter more (src/search/separated.rs: half for the mover's count, as much again
        // for its beam search, an eighth and an eighth for the other side's).
        let allowed = if race {
            limits.nodes + limits.nodes / 4
        } else {
            limits.nodes
        };
        assert!(
            out.nodes <= allowed + 2,
            "{} nodes for a limit of {}",
            out.nodes,
            limits.nodes
        );
    }
    if limits.nodes == 0 && limits.time_ms == 0 && !stopped {
        assert!(out.depth >= 1, "a search limited by depth alone ended at 0");
        // A race answer's depth is its race's plies, whatever the limit (above).
        assert!(
            race || out.depth == limits.depth
                || out.score.abs() >= FORCED
                || game.legal_moves().len() == 1,
            "depth {} of {} without a forced result ({}) in {position}",
            out.depth,
            limits.depth,
            out.score
        );
    }
}

/// Search limits from the bytes: all zero, or tiny (depth 1 to 3, up to 4,000 nodes, a
/// time limit only beside one of these or of 1 ms).
fn pick_limits(bytes: &mut Bytes<'_>) -> halma_search_limits {
    let kind = bytes.byte();
    let depth = u32::from(kind >> 4) % 3 + 1;
    let nodes = u64::from(bytes.u16() % 4000) + 1;
    let time_ms = match bytes.byte() % 4 {
        0 => u64::MAX,
        1 => 1 << 40,
        2 => 60_000,
        _ => 1,
    };
    let (depth, nodes, time_ms) = match kind % 8 {
        0 => (0, 0, 0),
        1 | 2 => (depth, 0, 0),
        3 => (0, nodes, 0),
        4 => (depth, nodes, 0),
        5 => (depth, 0, time_ms),
        6 => (0, nodes, time_ms),
        _ => (0, 0, 1),
    };
    halma_search_limits {
        depth,
        nodes,
        time_ms,
    }
}

/// Runs `call` (a search on `engine` with out-parameter `out`: NULL or a live result) with
/// the callback's probe set for `game` and `plan`; raises the callback's failed checks;
/// checks the callback's calls against the result. Returns the status and the result.
fn run_search(
    engine: &EngineHandle,
    game: Option<&GameHandle>,
    others: (*mut halma_engine, *const halma_game),
    plan: Plan,
    with_out: bool,
    call: impl FnOnce(*mut halma_search_result) -> halma_status,
) -> (halma_status, halma_search_result) {
    let probe = &engine.probe;
    probe.game.replace(game.map(|g| g.shadow.clone()));
    probe
        .game_ptr
        .set(game.map_or(core::ptr::null(), |g| g.ptr.cast_const()));
    probe.other_engine.set(others.0);
    probe.other_game.set(others.1);
    probe.plan.set(plan);
    probe.calls.set(0);
    probe.nodes.set(0);
    NULL_USER_CALLS.set(0);
    let (status, out) = value_call(with_out, UNSET, call);
    let race = probe.race();
    probe.game.replace(None);
    if let Some(panic) = probe.panic.borrow_mut().take() {
        resume_unwind(panic);
    }
    let (calls, null_calls) = (probe.calls.get(), NULL_USER_CALLS.get());
    if status != HALMA_STATUS_OK {
        assert_eq!(
            (calls, null_calls),
            (0, 0),
            "the callback of a failed search"
        );
        return (status, out);
    }
    // One report a completed iteration, or one for the race solver's answer.
    let reports = if race && calls + null_calls == 1 {
        1
    } else {
        out.depth
    };
    let expected = match engine.callback {
        Callback::None => (0, 0),
        Callback::Probe => (reports, 0),
        Callback::NullUser => (0, reports),
    };
    assert_eq!(
        (calls, null_calls),
        expected,
        "the info callback ({:?}) calls for a search of depth {}",
        engine.callback,
        out.depth
    );
    (status, out)
}

/// The engine handle chosen by the bytes, or None (NULL) for 1 call in 16 and when there
/// is none.
fn pick(bytes: &mut Bytes<'_>, len: usize) -> Option<usize> {
    let choice = bytes.byte();
    if len == 0 || choice.is_multiple_of(16) {
        None
    } else {
        Some(usize::from(choice >> 4) % len)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut engines: Vec<EngineHandle> = Vec::new();
    let mut games: Vec<GameHandle> = Vec::new();
    let mut steps = 0;
    while !bytes.is_empty() && steps < MAX_STEPS {
        steps += 1;
        let op = bytes.byte();
        let flags = bytes.byte();
        let before = last_error();
        match op % 16 {
            0 | 1 => {
                // halma_engine_new (its 16 MiB table takes long to make: rarely) or
                // _with_table_mb of 0 (one bucket) or 1 MiB.
                if engines.len() >= MAX_ENGINES {
                    engines.swap_remove(usize::from(flags) % engines.len());
                }
                let table_mb = if flags & 0xF8 == 0xF8 {
                    None
                } else {
                    Some(usize::from(flags % 2))
                };
                engines.push(EngineHandle::new(table_mb));
                check_last_error(&before, false, "halma_engine_new");
            }
            2 => {
                // halma_engine_free, NULL included.
                match pick(&mut bytes, engines.len()) {
                    Some(i) => drop(engines.swap_remove(i)),
                    // SAFETY: NULL is allowed.
                    None => unsafe { halma_engine_free(core::ptr::null_mut()) },
                }
                check_last_error(&before, false, "halma_engine_free");
            }
            3 | 4 => {
                // A game from one of the POSITIONS, or played from one by the bytes.
                let shadow = if op % 16 == 3 {
                    let text = POSITIONS[usize::from(flags) % POSITIONS.len()];
                    let position: Position = text
                        .parse()
                        .unwrap_or_else(|error| panic!("{text:?} does not parse: {error}"));
                    Game::from_position(position)
                } else {
                    play_from_bytes(&mut bytes, usize::from(flags % 48), false)
                };
                let ptr = game_from_text(shadow.start_position());
                let handle = GameHandle { ptr, shadow };
                for &mv in handle.shadow.moves() {
                    // SAFETY: `handle.ptr` is a live game handle that nothing else uses.
                    let status = unsafe { halma_game_play(handle.ptr, mv.into()) };
                    assert_eq!(status, HALMA_STATUS_OK, "replaying {mv}");
                }
                if games.len() >= MAX_GAMES {
                    games.swap_remove(usize::from(flags) % games.len());
                }
                games.push(handle);
                check_last_error(&before, false, "making a game");
            }
            5 => {
                // A move played, or one undone.
                let Some(i) = pick(&mut bytes, games.len()) else {
                    continue;
                };
                let handle = &mut games[i];
                let moves = handle.shadow.legal_moves();
                let (status, want) = if flags & 1 == 0 && !moves.is_empty() {
                    let mv = moves[bytes.below(moves.len())];
                    let played = handle.shadow.play(mv).map(|_| ());
                    assert!(played.is_ok(), "a legal move refused by the shadow");
                    // SAFETY: `handle.ptr` is a live game handle that nothing else uses.
                    (
                        unsafe { halma_game_play(handle.ptr, mv.into()) },
                        HALMA_STATUS_OK,
                    )
                } else {
                    let want = match handle.shadow.undo() {
                        Ok(_) => HALMA_STATUS_OK,
                        Err(_) => HALMA_STATUS_NOTHING_TO_UNDO,
                    };
                    // SAFETY: as above.
                    (unsafe { halma_game_undo(handle.ptr) }, want)
                };
                assert_eq!(status, want, "play or undo");
                check_last_error(&before, status != HALMA_STATUS_OK, "play or undo");
            }
            6 => {
                // halma_game_free.
                if let Some(i) = pick(&mut bytes, games.len()) {
                    games.swap_remove(i);
                }
            }
            7 => {
                // halma_engine_stop with no search running: harmless (NULL included).
                match pick(&mut bytes, engines.len()) {
                    Some(i) => {
                        // SAFETY: a live engine handle.
                        unsafe { halma_engine_stop(engines[i].ptr) };
                        engines[i].stopped = true;
                    }
                    // SAFETY: NULL is allowed.
                    None => unsafe { halma_engine_stop(core::ptr::null()) },
                }
                check_last_error(&before, false, "halma_engine_stop");
            }
            8 => {
                // halma_engine_clear.
                let index = pick(&mut bytes, engines.len());
                let ptr = index.map_or(core::ptr::null_mut(), |i| engines[i].ptr);
                // SAFETY: `ptr` is NULL or a live engine handle.
                let status = unsafe { halma_engine_clear(ptr) };
                let want = match index {
                    Some(_) => HALMA_STATUS_OK,
                    None => HALMA_STATUS_NULL_ARGUMENT,
                };
                assert_eq!(status, want, "halma_engine_clear");
                check_last_error(&before, status != HALMA_STATUS_OK, "halma_engine_clear");
            }
            9 => {
                // halma_engine_set_info_callback: none (with or without a user pointer),
                // the counting one with the probe or with NULL.
                let index = pick(&mut bytes, engines.len());
                let callback = match flags % 4 {
                    0 | 1 => Callback::None,
                    2 => Callback::Probe,
                    _ => Callback::NullUser,
                };
                let ptr = index.map_or(core::ptr::null_mut(), |i| engines[i].ptr);
                let user = match (index, callback, flags & 4 != 0) {
                    (Some(i), Callback::Probe, _) | (Some(i), Callback::None, true) => {
                        engines[i].user()
                    }
                    _ => core::ptr::null_mut(),
                };
                let function: halma_info_callback = match callback {
                    Callback::None => None,
                    _ => Some(on_info),
                };
                // SAFETY: `ptr` is NULL or a live engine handle; `on_info` may be called with
                // `user` on this thread during its searches: `user` is NULL or that
                // engine's probe, which lives as long as the engine (see `on_info`).
                let status = unsafe { halma_engine_set_info_callback(ptr, function, user) };
                match index {
                    Some(i) => {
                        assert_eq!(status, HALMA_STATUS_OK, "set_info_callback");
                        engines[i].callback = callback;
                    }
                    None => assert_eq!(status, HALMA_STATUS_NULL_ARGUMENT, "set_info_callback"),
                }
                check_last_error(&before, status != HALMA_STATUS_OK, "set_info_callback");
            }
            10..=14 => {
                // halma_engine_search, or (op 14) halma_engine_search_level.
                let level = op % 16 == 14;
                let engine = pick(&mut bytes, engines.len());
                let game = pick(&mut bytes, games.len());
                let limits = pick_limits(&mut bytes);
                let null_limits = flags & 0x0F == 0x0F && !level;
                let mut null_out = flags & 0x0F == 0x0E;
                let plan_byte = bytes.byte();
                let mut plan = Plan {
                    stop_at: u32::from(plan_byte % 4).saturating_sub(1),
                    busy: plan_byte & 0x70 == 0x70,
                    nested: plan_byte & 0x70 == 0x60,
                };
                let over = game.is_some_and(|i| games[i].shadow.outcome().is_over());
                if level {
                    // A level takes 300 ms at least unless its callback stops it: only with
                    // the counting callback, stopped after the first iteration.
                    let stoppable = engine.is_some_and(|i| engines[i].callback == Callback::Probe);
                    plan.stop_at = 1;
                    if !stoppable && game.is_some() && !over {
                        null_out = true;
                    }
                }
                let want = if engine.is_none() || game.is_none() || null_out || null_limits {
                    HALMA_STATUS_NULL_ARGUMENT
                } else if !level && limits == NO_LIMITS {
                    HALMA_STATUS_INVALID_ARGUMENT
                } else if over {
                    HALMA_STATUS_GAME_OVER
                } else {
                    HALMA_STATUS_OK
                };
                let engine_ptr = engine.map_or(core::ptr::null_mut(), |i| engines[i].ptr);
                let game_ptr = game.map_or(core::ptr::null(), |i| games[i].ptr.cast_const());
                let limits_ptr: *const halma_search_limits = if null_limits {
                    core::ptr::null()
                } else {
                    &limits
                };
                let other_engine = engines
                    .iter()
                    .map(|e| e.ptr)
                    .find(|&e| e != engine_ptr)
                    .unwrap_or(core::ptr::null_mut());
                let other_game = games
                    .get(usize::from(plan_byte >> 4) % games.len().max(1))
                    .map_or(core::ptr::null(), |g| g.ptr.cast_const());
                let level_number = i32::from(plan_byte as i8) >> 2;
                let call = |out| {
                    // SAFETY: `engine_ptr` and `game_ptr` are NULL or live handles, the game
                    // changed by nothing during the search; `limits_ptr` is NULL or the live
                    // `limits`; `out` is what `run_search` (or the code below) passes: NULL
                    // or a live result.
                    unsafe {
                        if level {
                            halma_engine_search_level(engine_ptr, game_ptr, level_number, out)
                        } else {
                            halma_engine_search(engine_ptr, game_ptr, limits_ptr, out)
                        }
                    }
                };
                let (status, out) = match engine {
                    Some(i) => run_search(
                        &engines[i],
                        game.map(|g| &games[g]),
                        (other_engine, other_game),
                        plan,
                        !null_out,
                        call,
                    ),
                    None => value_call(!null_out, UNSET, call),
                };
                let what = if level {
                    "halma_engine_search_level"
                } else {
                    "halma_engine_search"
                };
                assert_eq!(
                    status, want,
                    "{what} of {limits:?}, NULL limits {null_limits}, NULL out {null_out}"
                );
                check_last_error(&before, status != HALMA_STATUS_OK, what);
                let (Some(e), Some(g)) = (engine, game) else {
                    continue;
                };
                if status != HALMA_STATUS_OK {
                    continue;
                }
                let handle = &engines[e];
                let stopped = handle.callback == Callback::Probe && plan.stop_at > 0;
                let game = &games[g];
                check_result(
                    &game.shadow,
                    game_ptr,
                    &out,
                    (!level).then_some(&limits),
                    stopped,
                );
                // Determinism: no time limit, no stop during the search.
                if level || limits.time_ms > 0 || stopped {
                    continue;
                }
                // The same search again on `engine` gives the same result.
                let repeat = |engine: &EngineHandle, which: &str| {
                    let (status, again) = run_search(
                        engine,
                        Some(game),
                        (core::ptr::null_mut(), core::ptr::null()),
                        Plan::default(),
                        true,
                        // SAFETY: live handles, live `limits`; `out` as `run_search` passes it.
                        |out| unsafe { halma_engine_search(engine.ptr, game_ptr, &limits, out) },
                    );
                    assert_eq!(status, HALMA_STATUS_OK);
                    let key = |r: &halma_search_result| (r.best_move, r.score, r.depth, r.nodes);
                    assert_eq!(
                        key(&again),
                        key(&out),
                        "the same search on {which} of {:?} MiB of {limits:?} in {}",
                        engine.table_mb,
                        game.shadow.position()
                    );
                };
                if flags & 0x10 != 0 || handle.stopped {
                    // A fresh engine of the same table size (another size may search
                    // another tree: the table's hits and replacements differ).
                    repeat(&EngineHandle::new(handle.table_mb), "a fresh engine");
                }
                if flags & 0x40 != 0 {
                    repeat(handle, "the same engine");
                }
                engines[e].stopped = false;
            }
            _ => {
                // Free everything now and then: handles in any order.
                if flags & 1 == 0 {
                    engines.clear();
                } else {
                    games.clear();
                }
            }
        }
    }
    // Every handle is freed exactly once (by its Drop).
    drop(engines);
    drop(games);
});

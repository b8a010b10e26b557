//! The star board's C ABI: `halma_star_game` (a star game: its position, history, outcome),
//! its moves as `halma_star_move`s of holes, OpenSpiel's cells and actions, perft, and the
//! engine's searches of it (`halma_engine_search_star`).
//!
//! Holes are `uint8_t` numbers 0 to 120, OpenSpiel's numbering (row by row from the top tip);
//! a hole outside it is INVALID_ARGUMENT. Rules are `halma_star_rules` codes.

use core::ffi::{CStr, c_char};

use crate::game::NothingToUndoError;
use crate::side::Side;
use crate::star::{
    Hole, MAX_STAR_MOVES, OPENSPIEL_PASS, StarDraw, StarGame, StarMove, StarOutcome, StarPosition,
    StarRules,
};

use super::args::{
    Arg, CText, Exclusive, Out, OutArray, OutText, Output, Shared, free, handle, safety, utf8,
};
use super::engine::{halma_engine, halma_search_limits, limits_of, millis, search, searched};
use super::guard::{Error, call, guard};
use super::stop::halma_stop_token;
use super::types::*;

/// The rules a star game is played by.
pub type halma_star_rules = i32;

/// The rules for games between people: OpenSpiel's movement, the goal-camp rule,
/// anti-spoiling, a draw by threefold repetition.
pub const HALMA_STAR_RULES_STANDARD: halma_star_rules = 0;
/// Exactly OpenSpiel 2.0.2's `chinese_checkers` with `players=2` (a draw after 1,000 turns).
pub const HALMA_STAR_RULES_OPENSPIEL: halma_star_rules = 1;

/// The number of holes of the star: an array this long always suffices for
/// `halma_star_game_cells`.
pub const HALMA_STAR_HOLES: usize = 121;
/// The most legal moves any star position has: an array this long always suffices for
/// `halma_star_game_legal_moves`.
pub const HALMA_MAX_STAR_MOVES: usize = 420;
/// The most holes a chain has (it stays on the 37 holes of its class at most): an array this
/// long always suffices for `halma_star_game_chain` and `halma_star_game_openspiel_actions`.
pub const HALMA_MAX_STAR_CHAIN: usize = 37;
/// OpenSpiel's Pass action: it ends a hop chain that could go on, and is the turn of a side
/// without a move.
pub const HALMA_STAR_PASS_ACTION: u16 = 726;

const _: () = assert!(HALMA_MAX_STAR_MOVES == MAX_STAR_MOVES);
const _: () = assert!(HALMA_STAR_PASS_ACTION == OPENSPIEL_PASS);
const _: () = assert!(HALMA_STAR_HOLES == Hole::COUNT);

/// A move of the star board: the piece on hole `from` goes to hole `to`, by a step or a
/// chain of hops. Plain data, safe to copy between threads.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct halma_star_move {
    /// The hole the piece leaves.
    pub from: u8,
    /// The hole the piece ends on.
    pub to: u8,
}

/// What a search of a star game found.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct halma_star_search_result {
    /// The move to play: always legal in the searched game.
    pub best_move: halma_star_move,
    /// Its score from the side to move's point of view, in hundredths of a move (see
    /// `HALMA_SCORE_WIN`).
    pub score: i32,
    /// The last completed iteration (0 when stopped before the first ended).
    pub depth: u32,
    /// The nodes visited.
    pub nodes: u64,
    /// The time the search took, in milliseconds.
    pub time_ms: u64,
}

/// A star game: a position of the star with its rules and history. Opaque: made by
/// `halma_star_game_new`, `halma_star_game_from_text`, `halma_star_game_from_cells` or
/// `halma_star_game_clone`, released by `halma_star_game_free`. Thread safety as for
/// `halma_game`.
pub struct halma_star_game {
    pub(crate) game: StarGame,
}

// The thread-safety rules of `halma_star_game` rest on this.
const _: fn() = || {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<halma_star_game>();
};

/// The rules of a code: INVALID_ARGUMENT for another number.
fn rules_of(rules: halma_star_rules) -> Result<StarRules, Error> {
    match rules {
        HALMA_STAR_RULES_STANDARD => Ok(StarRules::Standard),
        HALMA_STAR_RULES_OPENSPIEL => Ok(StarRules::OpenSpiel),
        _ => Err(Error::new(
            HALMA_STATUS_INVALID_ARGUMENT,
            format_args!(
                "the rules are {HALMA_STAR_RULES_STANDARD} (standard) or \
                 {HALMA_STAR_RULES_OPENSPIEL} (openspiel), not {rules}"
            ),
        )),
    }
}

/// The hole numbered `hole`: INVALID_ARGUMENT for 121 and above.
fn hole_of(hole: u8) -> Result<Hole, Error> {
    Hole::new(hole).ok_or_else(|| {
        Error::new(
            HALMA_STATUS_INVALID_ARGUMENT,
            format_args!("holes are numbered 0 to 120, not {hole}"),
        )
    })
}

/// The move of C's `mv`: INVALID_ARGUMENT for a hole outside the star.
fn move_of(mv: halma_star_move) -> Result<StarMove, Error> {
    Ok(StarMove::new(hole_of(mv.from)?, hole_of(mv.to)?))
}

impl From<StarMove> for halma_star_move {
    fn from(mv: StarMove) -> halma_star_move {
        halma_star_move {
            from: mv.from.number(),
            to: mv.to.number(),
        }
    }
}

/// The outcome code of a star game: a win, or a draw by repetition or by the turn limit.
fn star_outcome_code(outcome: StarOutcome) -> halma_outcome {
    match outcome {
        StarOutcome::Ongoing => HALMA_OUTCOME_ONGOING,
        StarOutcome::Win(Side::X) => HALMA_OUTCOME_X_WINS,
        StarOutcome::Win(Side::O) => HALMA_OUTCOME_O_WINS,
        StarOutcome::Draw(StarDraw::Repetition) => HALMA_OUTCOME_DRAW_REPETITION,
        StarOutcome::Draw(StarDraw::TurnLimit) => HALMA_OUTCOME_DRAW_TURN_LIMIT,
    }
}

/// The side of a code: INVALID_ARGUMENT for another number.
fn side_of(side: halma_side) -> Result<Side, Error> {
    match side {
        HALMA_SIDE_X => Ok(Side::X),
        HALMA_SIDE_O => Ok(Side::O),
        _ => Err(Error::new(
            HALMA_STATUS_INVALID_ARGUMENT,
            format_args!("the side is HALMA_SIDE_X (0) or HALMA_SIDE_O (1), not {side}"),
        )),
    }
}

/// A new star game handle.
fn star_handle(game: StarGame) -> *mut halma_star_game {
    handle(halma_star_game { game })
}

/// A new star game of `rules` (a `halma_star_rules` code) from the start, x to move, into
/// `*out`, to free with `halma_star_game_free`. INVALID_ARGUMENT for other rules.
#[doc = safety!(out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_new(
    rules: halma_star_rules,
    out: *mut *mut halma_star_game,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call((), Out(out), |()| {
            Ok(star_handle(StarGame::new(rules_of(rules)?)))
        })
    }
}

/// Reads star position text (the start:
/// "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x") into a new game of `rules`
/// in `*out`, to free with `halma_star_game_free`. A won placement loads as a won game.
/// INVALID_ARGUMENT for other rules, PARSE_ERROR for text that is not star position text,
/// INVALID_POSITION for a placement without 10 pieces a side.
#[doc = safety!(input(position), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_from_text(
    position: *const c_char,
    rules: halma_star_rules,
    out: *mut *mut halma_star_game,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(CText(position, "position"), Out(out), |text| {
            let rules = rules_of(rules)?;
            let text = utf8(text, "position text")?;
            let position = StarPosition::from_text(text, rules)?;
            Ok(star_handle(StarGame::from_position(position)))
        })
    }
}

/// A new game of `rules` from OpenSpiel's cells in `*out`, to free with
/// `halma_star_game_free`: `cells[n]` for hole n, 0 empty, 1 a piece of x (player 0), 2 one
/// of o (player 1); `len` must be 121; `side_to_move` is HALMA_SIDE_X or HALMA_SIDE_O. Any
/// placement of 10 pieces a side is a game, won ones included. INVALID_ARGUMENT for other
/// rules or sides, INVALID_POSITION for cells that are no position.
#[doc = safety!(input_array(cells, len), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_from_cells(
    cells: *const u8,
    len: usize,
    side_to_move: halma_side,
    rules: halma_star_rules,
    out: *mut *mut halma_star_game,
) -> halma_status {
    let cells = Cells(cells, len);
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(cells, Out(out), |cells| {
            let (turn, rules) = (side_of(side_to_move)?, rules_of(rules)?);
            let position = StarPosition::from_cells(cells, turn, rules)?;
            Ok(star_handle(StarGame::from_position(position)))
        })
    }
}

/// `(const uint8_t *cells, size_t len)`, an input array: its contract is
/// `safety!(input_array ...)`. Gives the slice.
struct Cells(*const u8, usize);

impl Arg for Cells {
    type Checked<'a> = &'a [u8];

    unsafe fn check<'a>(self) -> Result<&'a [u8], Error> {
        if self.1 == 0 {
            return Ok(&[]);
        }
        if self.0.is_null() {
            return Err(Error::null("cells"));
        }
        // SAFETY: non-NULL with `len > 0`, so by the contract valid for reading `len` bytes
        // that nothing changes during `'a`.
        Ok(unsafe { core::slice::from_raw_parts(self.0, self.1) })
    }
}

/// A copy of `game` with its history, to free with `halma_star_game_free`; NULL for NULL
/// (with a last error message).
#[doc = safety!(shared(game: halma_star_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_clone(
    game: *const halma_star_game,
) -> *mut halma_star_game {
    guard(|| {
        // SAFETY: this function's contract on `game` is `Shared`'s.
        let game = unsafe { Shared(game, "game").check() }?;
        Ok(star_handle(game.game.clone()))
    })
}

/// Frees a star game made by this library. NULL is fine (nothing happens).
#[doc = safety!(freed(game: halma_star_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_free(game: *mut halma_star_game) {
    // SAFETY: this function's contract is `free`'s.
    unsafe { free(game) }
}

/// Writes the position text of the current position into `buf`.
#[doc = safety!(shared(game: halma_star_game), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_to_text(
    game: *const halma_star_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, out, |game| Ok(game.position().to_string())) }
}

/// Writes the rules of `game` (a `halma_star_rules` code) to `*out`.
#[doc = safety!(shared(game: halma_star_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_rules(
    game: *const halma_star_game,
    out: *mut halma_star_rules,
) -> halma_status {
    let rules = |game: &StarGame| {
        Ok(match game.rules() {
            StarRules::Standard => HALMA_STAR_RULES_STANDARD,
            StarRules::OpenSpiel => HALMA_STAR_RULES_OPENSPIEL,
        })
    };
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, Out(out), rules) }
}

/// Writes the side to move (HALMA_SIDE_X or HALMA_SIDE_O) to `*out`.
#[doc = safety!(shared(game: halma_star_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_side_to_move(
    game: *const halma_star_game,
    out: *mut halma_side,
) -> halma_status {
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, Out(out), |game| Ok(side_code(game.position().turn()))) }
}

/// Writes OpenSpiel's cells of the current position into `cells`: for each hole 0 to 120, 0
/// empty, 1 a piece of x, 2 one of o. HALMA_STAR_HOLES always suffices.
#[doc = safety!(shared(game: halma_star_game), array(cells, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_cells(
    game: *const halma_star_game,
    cells: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutArray(cells, cap, out_len, "cells");
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, out, |game| Ok(game.position().cells().to_vec())) }
}

/// Writes how the game stands to `*out`: HALMA_OUTCOME_ONGOING, _X_WINS, _O_WINS,
/// _DRAW_REPETITION (standard rules) or _DRAW_TURN_LIMIT (OpenSpiel's).
#[doc = safety!(shared(game: halma_star_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_outcome(
    game: *const halma_star_game,
    out: *mut halma_outcome,
) -> halma_status {
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, Out(out), |game| Ok(star_outcome_code(game.outcome()))) }
}

/// Writes the legal moves of the current position into `moves`, each (from, to) pair once;
/// none once the game is over or when the side to move must pass.
/// HALMA_MAX_STAR_MOVES always suffices.
#[doc = safety!(shared(game: halma_star_game), array(moves, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_legal_moves(
    game: *const halma_star_game,
    moves: *mut halma_star_move,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutArray(moves, cap, out_len, "moves");
    let moves = |game: &StarGame| Ok(game.legal_moves().iter().map(|&mv| mv.into()).collect());
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, out, moves) }
}

/// Writes to `*out` whether the side to move has no move in a game going on: its turn is
/// then `halma_star_game_pass`.
#[doc = safety!(shared(game: halma_star_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_must_pass(
    game: *const halma_star_game,
    out: *mut bool,
) -> halma_status {
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, Out(out), |game| Ok(game.must_pass())) }
}

/// Plays `move`. INVALID_ARGUMENT for a hole outside the star, GAME_OVER once the game is
/// over, ILLEGAL_MOVE for a move that is not legal; then nothing changes.
#[doc = safety!(exclusive(game: halma_star_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_play(
    game: *mut halma_star_game,
    r#move: halma_star_move,
) -> halma_status {
    // SAFETY: this function's contract is `change_star`'s.
    unsafe { change_star(game, |game| Ok(game.play(move_of(r#move)?)?)) }
}

/// Plays move text, "from-to" with the holes' numbers (e.g. "6-14"). PARSE_ERROR for text
/// that is not move text, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is
/// not legal; then nothing changes.
#[doc = safety!(exclusive(game: halma_star_game), input(move))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_play_text(
    game: *mut halma_star_game,
    r#move: *const c_char,
) -> halma_status {
    let args = (Exclusive(game, "game"), CText(r#move, "move"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, (), |(game, text): (&mut halma_star_game, &CStr)| {
            Ok(game.game.play_text(utf8(text, "move text")?).map(drop)?)
        })
    }
}

/// Passes: the turn of a side without a move. GAME_OVER once the game is over,
/// ILLEGAL_MOVE while the side has a move; then nothing changes.
#[doc = safety!(exclusive(game: halma_star_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_pass(game: *mut halma_star_game) -> halma_status {
    // SAFETY: this function's contract is `change_star`'s.
    unsafe { change_star(game, |game| Ok(game.pass()?)) }
}

/// Takes back the last turn (a move or a pass), also out of a finished game.
/// NOTHING_TO_UNDO at the start.
#[doc = safety!(exclusive(game: halma_star_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_undo(game: *mut halma_star_game) -> halma_status {
    let undo = |game: &mut StarGame| -> Result<(), NothingToUndoError> { game.undo().map(drop) };
    // SAFETY: this function's contract is `change_star`'s.
    unsafe { change_star(game, |game| Ok(undo(game)?)) }
}

/// Writes the holes of a shortest chain realising `move` into `holes`: its origin, each
/// landing, its destination (a step gives its two holes). INVALID_ARGUMENT for a hole
/// outside the star, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not
/// legal. HALMA_MAX_STAR_CHAIN always suffices.
#[doc = safety!(shared(game: halma_star_game), array(holes, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_chain(
    game: *const halma_star_game,
    r#move: halma_star_move,
    holes: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let chain = |game: &StarGame| {
        let mv = legal_move(game, r#move)?;
        let chain = game.position().chain(mv).unwrap_or_default();
        Ok(chain.into_iter().map(Hole::number).collect())
    };
    let out = OutArray(holes, cap, out_len, "holes");
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, out, chain) }
}

/// Writes the OpenSpiel actions that play `move` into `actions`: `hole * 6 + direction` for
/// the step or each hop of its chain (`halma_star_game_chain`), then
/// HALMA_STAR_PASS_ACTION where the chain could go on, so that OpenSpiel's state of this
/// position replays it. Errors as `halma_star_game_chain`'s. HALMA_MAX_STAR_CHAIN always
/// suffices.
#[doc = safety!(shared(game: halma_star_game), array(actions, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_game_openspiel_actions(
    game: *const halma_star_game,
    r#move: halma_star_move,
    actions: *mut u16,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let actions_of = |game: &StarGame| {
        let mv = legal_move(game, r#move)?;
        Ok(game.position().openspiel_actions(mv).unwrap_or_default())
    };
    let out = OutArray(actions, cap, out_len, "actions");
    // SAFETY: this function's contract is `read_star`'s.
    unsafe { read_star(game, out, actions_of) }
}

/// The legal move of C's `mv` in `game`: INVALID_ARGUMENT, GAME_OVER or ILLEGAL_MOVE.
fn legal_move(game: &StarGame, mv: halma_star_move) -> Result<StarMove, Error> {
    let mv = move_of(mv)?;
    if game.outcome().is_over() {
        return Err(crate::StarPlayError::GameOver.into());
    }
    game.position()
        .check_move(mv)
        .map_err(crate::StarPlayError::from)?;
    Ok(mv)
}

/// Writes the text of `move`, e.g. "6-14", into `buf` (at most 7 bytes and the NUL).
/// INVALID_ARGUMENT for a hole outside the star.
#[doc = safety!(text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_move_to_text(
    r#move: halma_star_move,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `call`'s.
    unsafe { call((), out, |()| Ok(move_of(r#move)?.to_string())) }
}

/// Writes perft(`depth`) of a star position given as text, under `rules`, to `*out`: the
/// number of turn sequences `depth` deep (a pass counted; no history). From the start 14,
/// 196, 4760, 115600, 3188520 and 87946884 at depths 1 to 6.
#[doc = safety!(input(position), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_star_perft(
    position: *const c_char,
    rules: halma_star_rules,
    depth: u32,
    out: *mut u64,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(CText(position, "position"), Out(out), |text| {
            let rules = rules_of(rules)?;
            let position = StarPosition::from_text(utf8(text, "position text")?, rules)?;
            Ok(crate::perft(&position, depth))
        })
    }
}

/// Searches the current position of the star game `game` within `limits` and writes the
/// best move and what the search found to `*out`, as `halma_engine_search` does for a
/// `halma_game` (the info callback's principal variation holds holes). INVALID_ARGUMENT also
/// when the side to move must pass (`halma_star_game_pass`).
#[doc = safety!(
    live(engine: halma_engine),
    shared(game: halma_star_game),
    data(limits: halma_search_limits),
    out(out),
)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search_star(
    engine: *mut halma_engine,
    game: *const halma_star_game,
    limits: *const halma_search_limits,
    out: *mut halma_star_search_result,
) -> halma_status {
    let args = (searched(engine, game), Shared(limits, "limits"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |((engine, game), limits)| {
            star_result(engine, game, limits, None)
        })
    }
}

/// Like `halma_engine_search_star`, stopped also by `stop`, as
/// `halma_engine_search_with_stop` is.
#[doc = safety!(
    live(engine: halma_engine),
    shared(game: halma_star_game),
    data(limits: halma_search_limits),
    live(stop: halma_stop_token),
    out(out),
)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_engine_search_star_with_stop(
    engine: *mut halma_engine,
    game: *const halma_star_game,
    limits: *const halma_search_limits,
    stop: *const halma_stop_token,
    out: *mut halma_star_search_result,
) -> halma_status {
    let args = (
        searched(engine, game),
        (Shared(limits, "limits"), Shared(stop, "stop")),
    );
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |((engine, game), (limits, stop))| {
            star_result(engine, game, limits, Some(stop))
        })
    }
}

/// A search of the star game `game` as C's result.
fn star_result(
    engine: &halma_engine,
    game: &halma_star_game,
    limits: &halma_search_limits,
    stop: Option<&halma_stop_token>,
) -> Result<halma_star_search_result, Error> {
    let limits = limits_of(limits)?;
    let result = search(engine, &game.game, &limits, stop.map(|stop| &stop.token))?;
    Ok(halma_star_search_result {
        best_move: result.best_move.into(),
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        time_ms: millis(result.time),
    })
}

/// The shape of the getters: `read` of the star game `game` (borrowed shared) into `out`.
///
/// # Safety
/// `game` and the pointers of `out` are NULL or meet their contracts, as for [`call`].
unsafe fn read_star<O: Output>(
    game: *const halma_star_game,
    out: O,
    read: impl FnOnce(&StarGame) -> Result<O::Value, Error>,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Shared(game, "game"), out, |game| read(&game.game)) }
}

/// The shape of the turns: `change` of the star game `game` (borrowed exclusive).
///
/// # Safety
/// `game` is NULL or meets `safety!(exclusive ...)`, as for [`call`].
unsafe fn change_star(
    game: *mut halma_star_game,
    change: impl FnOnce(&mut StarGame) -> Result<(), Error>,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Exclusive(game, "game"), (), |game| change(&mut game.game)) }
}

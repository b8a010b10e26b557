//! The functions of the C ABI on games, moves and positions. One with a pointer argument is
//! an `unsafe extern "C" fn` whose `# Safety` section is the C contract of its pointers;
//! its body is one call of a shape helper: [`call`], or one of those below for the shapes
//! that recur ([`read_game`], [`change_game`], [`read_position`]), which checks the
//! pointers, runs the rest inside the [`guard`] and writes the output.

use core::ffi::{CStr, c_char};

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

use super::args::{
    Arg, CText, Exclusive, Out, OutArray, OutText, Output, Shared, free, handle, safety, utf8,
};
use super::guard::{Error, Unrecorded, call, guard, run, with_last_error};
use super::types::*;

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => panic!("the crate version contains a NUL"),
    };

/// The version of the halma library, e.g. "0.1.0": a static string, never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn halma_version() -> *const c_char {
    guard(|| VERSION)
}

/// The name of a status, e.g. "HALMA_STATUS_OK": a static string for any value, unknown
/// values included ("HALMA_STATUS_UNKNOWN"), never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn halma_status_str(status: halma_status) -> *const c_char {
    guard(|| match status {
        HALMA_STATUS_OK => c"HALMA_STATUS_OK",
        HALMA_STATUS_NULL_ARGUMENT => c"HALMA_STATUS_NULL_ARGUMENT",
        HALMA_STATUS_INVALID_ARGUMENT => c"HALMA_STATUS_INVALID_ARGUMENT",
        HALMA_STATUS_PARSE_ERROR => c"HALMA_STATUS_PARSE_ERROR",
        HALMA_STATUS_INVALID_POSITION => c"HALMA_STATUS_INVALID_POSITION",
        HALMA_STATUS_ILLEGAL_MOVE => c"HALMA_STATUS_ILLEGAL_MOVE",
        HALMA_STATUS_GAME_OVER => c"HALMA_STATUS_GAME_OVER",
        HALMA_STATUS_BUFFER_TOO_SMALL => c"HALMA_STATUS_BUFFER_TOO_SMALL",
        HALMA_STATUS_NOTHING_TO_UNDO => c"HALMA_STATUS_NOTHING_TO_UNDO",
        HALMA_STATUS_PANIC => c"HALMA_STATUS_PANIC",
        HALMA_STATUS_BUSY => c"HALMA_STATUS_BUSY",
        _ => c"HALMA_STATUS_UNKNOWN",
    })
}

/// Copies the message of the latest failed call on this thread into `buf`: a sentence a
/// player could read, e.g. "Illegal move: l1 is occupied.", or the empty string before
/// any failure. A success does not clear it, and this function's own failures
/// (NULL_ARGUMENT, BUFFER_TOO_SMALL) do not replace it.
#[doc = safety!(text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_last_error_message(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `run`'s for `out`.
    guard(|| Unrecorded(unsafe { run((), out, |()| Ok(with_last_error(str::to_owned))) }))
}

/// A new game from the start position, x to move. Free it with `halma_game_free`.
/// Returns NULL only after a panic.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_new() -> *mut halma_game {
    guard(|| Ok(game_handle(Game::new())))
}

/// Reads position text (e.g. the start,
/// "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x")
/// into a new game in `*out`, to free with `halma_game_free`. A placement that fills a
/// side's goal camp loads as a game that side has won. PARSE_ERROR for text that is not
/// position text, INVALID_POSITION for an impossible position.
#[doc = safety!(input(position), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_from_text(
    position: *const c_char,
    out: *mut *mut halma_game,
) -> halma_status {
    // SAFETY: this function's contract is `read_position`'s.
    unsafe {
        read_position(position, out, |position| {
            game_handle(Game::from_position(position))
        })
    }
}

/// A copy of `game` with its history, to free with `halma_game_free`; NULL for NULL (with
/// a last error message).
#[doc = safety!(shared(game: halma_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_clone(game: *const halma_game) -> *mut halma_game {
    guard(|| {
        // SAFETY: this function's contract on `game` is `Shared`'s.
        let game = unsafe { Shared(game, "game").check() }?;
        Ok(game_handle(game.game.clone()))
    })
}

/// Frees a game made by this library. NULL is fine (nothing happens).
#[doc = safety!(freed(game: halma_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_free(game: *mut halma_game) {
    // SAFETY: this function's contract is `free`'s.
    unsafe { free(game) }
}

/// Writes the position text of the current position into `buf`.
#[doc = safety!(shared(game: halma_game), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_to_text(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, |game| Ok(game.position().to_string())) }
}

/// Writes the position text of the position the game started from into `buf` (with the
/// moves of `halma_game_moves`, what a saved game needs).
#[doc = safety!(shared(game: halma_game), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_start_to_text(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, |game| Ok(game.start_position().to_string())) }
}

/// Writes the side to move (HALMA_SIDE_X or HALMA_SIDE_O) to `*out`.
#[doc = safety!(shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_side_to_move(
    game: *const halma_game,
    out: *mut halma_side,
) -> halma_status {
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, Out(out), |game| Ok(side_code(game.position().turn()))) }
}

/// Writes what stands on `square` (0..=255) to `*out`: HALMA_PIECE_NONE, HALMA_PIECE_X or
/// HALMA_PIECE_O.
#[doc = safety!(shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_piece_at(
    game: *const halma_game,
    square: u8,
    out: *mut halma_piece,
) -> halma_status {
    let piece = |game: &Game| Ok(piece_code(game.position().piece_at(Square::new(square))));
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, Out(out), piece) }
}

/// Writes how the game stands to `*out`: a HALMA_OUTCOME_* value.
#[doc = safety!(shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_outcome(
    game: *const halma_game,
    out: *mut halma_outcome,
) -> halma_status {
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, Out(out), |game| Ok(outcome_code(game.outcome()))) }
}

/// Writes the legal moves of the current position into `moves`; none once the game is
/// over. HALMA_MAX_MOVES always suffices.
#[doc = safety!(shared(game: halma_game), array(moves, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_legal_moves(
    game: *const halma_game,
    moves: *mut halma_move,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutArray(moves, cap, out_len, "moves");
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, |game| Ok(move_codes(&game.legal_moves()))) }
}

/// Writes where the piece on `from` can go into `squares`, in increasing order (a UI
/// lights them up when the piece is picked up): none for an empty square, a piece of the
/// side not to move, or a finished game. HALMA_MAX_DESTINATIONS always suffices.
#[doc = safety!(shared(game: halma_game), array(squares, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_destinations(
    game: *const halma_game,
    from: u8,
    squares: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let destinations = |game: &Game| {
        Ok(if game.outcome().is_over() {
            Vec::new()
        } else {
            let destinations = game.position().destinations(Square::new(from));
            destinations.iter().map(Square::index).collect()
        })
    };
    let out = OutArray(squares, cap, out_len, "squares");
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, destinations) }
}

/// Writes to `*out` whether `move` is legal now (false once the game is over).
#[doc = safety!(shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_is_legal(
    game: *const halma_game,
    r#move: halma_move,
    out: *mut bool,
) -> halma_status {
    let legal =
        |game: &Game| Ok(!game.outcome().is_over() && game.position().is_legal(r#move.into()));
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, Out(out), legal) }
}

/// Reads move text, "l2-k3" or a hop path such as "n2-n4-n6", as a legal move of the
/// current position into `*out`, without playing it. PARSE_ERROR for text that is not
/// move text, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not legal.
#[doc = safety!(shared(game: halma_game), input(move), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_parse_move(
    game: *const halma_game,
    r#move: *const c_char,
    out: *mut halma_move,
) -> halma_status {
    let args = (Shared(game, "game"), CText(r#move, "move"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, Out(out), |(game, text)| {
            Ok(parse_move(&game.game, text)?.into())
        })
    }
}

/// Plays `move`. GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not
/// legal; then nothing changes.
#[doc = safety!(exclusive(game: halma_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_play(
    game: *mut halma_game,
    r#move: halma_move,
) -> halma_status {
    // SAFETY: this function's contract is `change_game`'s.
    unsafe { change_game(game, |game| Ok(game.play(r#move.into())?)) }
}

/// Plays move text: "l2-k3" or a hop path such as "n2-n4-n6". PARSE_ERROR for text that
/// is not move text, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not
/// legal; then nothing changes.
#[doc = safety!(exclusive(game: halma_game), input(move))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_play_text(
    game: *mut halma_game,
    r#move: *const c_char,
) -> halma_status {
    let args = (Exclusive(game, "game"), CText(r#move, "move"));
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, (), |(game, text)| {
            let mv = parse_move(&game.game, text)?;
            Ok(game.game.play(mv)?)
        })
    }
}

/// Takes back the last move, also out of a finished game. NOTHING_TO_UNDO at the start.
#[doc = safety!(exclusive(game: halma_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_undo(game: *mut halma_game) -> halma_status {
    // SAFETY: this function's contract is `change_game`'s.
    unsafe { change_game(game, |game| Ok(game.undo().map(drop)?)) }
}

/// Writes the number of moves played (plies, both sides counted) to `*out`.
#[doc = safety!(shared(game: halma_game), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_move_count(
    game: *const halma_game,
    out: *mut usize,
) -> halma_status {
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, Out(out), |game| Ok(game.moves().len())) }
}

/// Writes the moves played so far, in order, into `moves` (halma_game_move_count tells
/// how many there are).
#[doc = safety!(shared(game: halma_game), array(moves, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_moves(
    game: *const halma_game,
    moves: *mut halma_move,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutArray(moves, cap, out_len, "moves");
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, |game| Ok(move_codes(game.moves()))) }
}

/// Writes the squares `move` passes through into `squares`: its origin, each landing
/// square, its destination, along a shortest chain of jumps (a UI animates this); a step
/// gives its two squares. GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is
/// not legal. HALMA_MAX_PATH always suffices.
#[doc = safety!(shared(game: halma_game), array(squares, cap))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_jump_path(
    game: *const halma_game,
    r#move: halma_move,
    squares: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    let path = |game: &Game| {
        let mv = Move::from(r#move);
        if game.outcome().is_over() {
            return Err(crate::PlayError::GameOver.into());
        }
        let position = game.position();
        position.check_move(mv).map_err(crate::PlayError::from)?;
        let path = position.jump_path(mv).ok_or_else(|| {
            Error::new(
                HALMA_STATUS_ILLEGAL_MOVE,
                format_args!("illegal move: {mv}"),
            )
        })?;
        Ok(path.into_iter().map(Square::index).collect())
    };
    let out = OutArray(squares, cap, out_len, "squares");
    // SAFETY: this function's contract is `read_game`'s.
    unsafe { read_game(game, out, path) }
}

/// Writes the text of `move`, e.g. "l2-k3", into `buf` (at most 7 bytes and the NUL).
#[doc = safety!(text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_move_to_text(
    r#move: halma_move,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `call`'s.
    unsafe { call((), out, |()| Ok(Move::from(r#move).to_string())) }
}

/// Writes perft(`depth`) of a position given as text to `*out`: the number of move
/// sequences `depth` plies deep (no history, so no repetition draws; a won position has no
/// moves). The count, and the time, grow fast: from the start 40, 1600, 85440, 4562496 and
/// 289844520 at depths 1 to 5.
#[doc = safety!(input(position), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_perft(
    position: *const c_char,
    depth: u32,
    out: *mut u64,
) -> halma_status {
    // SAFETY: this function's contract is `read_position`'s.
    unsafe { read_position(position, out, |position| crate::perft(&position, depth)) }
}

/// The shape of the getters: `read` of the game `game` (borrowed shared) into `out`.
///
/// # Safety
/// `game` and the pointers of `out` are NULL or meet their contracts (`safety!(shared
/// ...)` for `game`), as for [`call`].
unsafe fn read_game<O: Output>(
    game: *const halma_game,
    out: O,
    read: impl FnOnce(&Game) -> Result<O::Value, Error>,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Shared(game, "game"), out, |game| read(&game.game)) }
}

/// The shape of the moves: `change` of the game `game` (borrowed exclusive).
///
/// # Safety
/// `game` is NULL or meets `safety!(exclusive ...)`, as for [`call`].
unsafe fn change_game(
    game: *mut halma_game,
    change: impl FnOnce(&mut Game) -> Result<(), Error>,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Exclusive(game, "game"), (), |game| change(&mut game.game)) }
}

/// The shape of the functions of a position text: `read` of the position that the C
/// string `position` holds into the out-parameter `out`.
///
/// # Safety
/// `position` and `out` are NULL or meet their contracts (`safety!(input ...)`,
/// `safety!(out ...)`), as for [`call`].
unsafe fn read_position<T>(
    position: *const c_char,
    out: *mut T,
    read: impl FnOnce(Position) -> T,
) -> halma_status {
    let read = |text: &CStr| Ok(read(utf8(text, "position text")?.parse()?));
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(CText(position, "position"), Out(out), read) }
}

/// The legal move that the move text `text` names in `game`.
fn parse_move(game: &Game, text: &CStr) -> Result<Move, Error> {
    Ok(game.parse_move(utf8(text, "move text")?)?)
}

/// Moves as the C ABI's moves.
fn move_codes(moves: &[Move]) -> Vec<halma_move> {
    moves.iter().map(|&mv| mv.into()).collect()
}

/// A new game handle.
fn game_handle(game: Game) -> *mut halma_game {
    handle(halma_game { game })
}

//! The functions of the C ABI. Each is a plain `extern "C" fn` whose body runs inside
//! [`guard`]; pointer arguments go through the NULL-checking helpers of [`super::guard`]
//! before anything else happens.

use core::ffi::{CStr, c_char};

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

use super::guard::{
    Error, Unrecorded, arg_cstr, arg_mut, arg_ref, guard, out_array, out_param, out_text, text,
    with_last_error,
};
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
#[unsafe(no_mangle)]
pub extern "C" fn halma_last_error_message(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a buffer of `len` bytes (or NULL) and a `size_t` (or NULL).
        let result = unsafe { out_text(buf, len, out_len) }
            .and_then(|out| with_last_error(|message| out.write(message)));
        Unrecorded(result.map_or_else(|error| error.status, |()| HALMA_STATUS_OK))
    })
}

/// A new game from the start position, x to move. Free it with `halma_game_free`.
/// Returns NULL only after a panic.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_new() -> *mut halma_game {
    guard(|| Ok(boxed(Game::new())))
}

/// Reads position text (e.g. the start,
/// "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x")
/// into a new game in `*out`, to free with `halma_game_free`. A placement that fills a
/// side's goal camp loads as a game that side has won. PARSE_ERROR for text that is not
/// position text, INVALID_POSITION for an impossible position.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_from_text(
    position: *const c_char,
    out: *mut *mut halma_game,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a NUL-terminated string (or NULL).
        let position = unsafe { arg_cstr(position, "position") }?;
        // SAFETY: the host passes a place for a pointer (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        let position: Position = text(position, "position text")?.parse()?;
        out.write(boxed(Game::from_position(position)));
        Ok(())
    })
}

/// A copy of `game` with its history, to free with `halma_game_free`; NULL for NULL (with
/// a last error message).
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_clone(game: *const halma_game) -> *mut halma_game {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        Ok(boxed(game.game.clone()))
    })
}

/// Frees a game made by this library. NULL is fine (nothing happens).
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_free(game: *mut halma_game) {
    guard(|| {
        if !game.is_null() {
            // SAFETY: a non-NULL `game` came from `boxed` (`Box::into_raw`) and the host
            // gives up its last use of it here.
            drop(unsafe { Box::from_raw(game) });
        }
    })
}

/// Writes the position text of the current position into `buf`.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_to_text(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a buffer of `len` bytes (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_text(buf, len, out_len) }?;
        out.write(&game.game.position().to_string())
    })
}

/// Writes the position text of the position the game started from into `buf` (with the
/// moves of `halma_game_moves`, what a saved game needs).
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_start_to_text(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a buffer of `len` bytes (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_text(buf, len, out_len) }?;
        out.write(&game.game.start_position().to_string())
    })
}

/// Writes the side to move (HALMA_SIDE_X or HALMA_SIDE_O) to `*out`.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_side_to_move(
    game: *const halma_game,
    out: *mut halma_side,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        out.write(side_code(game.game.position().turn()));
        Ok(())
    })
}

/// Writes what stands on `square` (0..=255) to `*out`: HALMA_PIECE_NONE, HALMA_PIECE_X or
/// HALMA_PIECE_O.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_piece_at(
    game: *const halma_game,
    square: u8,
    out: *mut halma_piece,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        out.write(piece_code(
            game.game.position().piece_at(Square::new(square)),
        ));
        Ok(())
    })
}

/// Writes how the game stands to `*out`: a HALMA_OUTCOME_* value.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_outcome(
    game: *const halma_game,
    out: *mut halma_outcome,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        out.write(outcome_code(game.game.outcome()));
        Ok(())
    })
}

/// Writes the legal moves of the current position into `moves`; none once the game is
/// over. HALMA_MAX_MOVES always suffices.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_legal_moves(
    game: *const halma_game,
    moves: *mut halma_move,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes an array of `cap` moves (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_array(moves, cap, out_len, "moves") }?;
        let moves: Vec<halma_move> = game
            .game
            .legal_moves()
            .iter()
            .map(|&mv| mv.into())
            .collect();
        out.write(&moves)
    })
}

/// Writes where the piece on `from` can go into `squares`, in increasing order (a UI
/// lights them up when the piece is picked up): none for an empty square, a piece of the
/// side not to move, or a finished game. HALMA_MAX_DESTINATIONS always suffices.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_destinations(
    game: *const halma_game,
    from: u8,
    squares: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes an array of `cap` bytes (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_array(squares, cap, out_len, "squares") }?;
        let squares: Vec<u8> = if game.game.outcome().is_over() {
            Vec::new()
        } else {
            let position = game.game.position();
            position
                .destinations(Square::new(from))
                .iter()
                .map(Square::index)
                .collect()
        };
        out.write(&squares)
    })
}

/// Writes to `*out` whether `move` is legal now (false once the game is over).
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_is_legal(
    game: *const halma_game,
    r#move: halma_move,
    out: *mut bool,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        let game = &game.game;
        out.write(!game.outcome().is_over() && game.position().is_legal(r#move.into()));
        Ok(())
    })
}

/// Reads move text, "l2-k3" or a hop path such as "n2-n4-n6", as a legal move of the
/// current position into `*out`, without playing it. PARSE_ERROR for text that is not
/// move text, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not legal.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_parse_move(
    game: *const halma_game,
    r#move: *const c_char,
    out: *mut halma_move,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a NUL-terminated string (or NULL).
        let r#move = unsafe { arg_cstr(r#move, "move") }?;
        // SAFETY: the host passes a place for the move (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        out.write(game.game.parse_move(text(r#move, "move text")?)?.into());
        Ok(())
    })
}

/// Plays `move`. GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not
/// legal; then nothing changes.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_play(game: *mut halma_game, r#move: halma_move) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game it does not use elsewhere meanwhile (or NULL).
        let game = unsafe { arg_mut(game, "game") }?;
        Ok(game.game.play(r#move.into())?)
    })
}

/// Plays move text: "l2-k3" or a hop path such as "n2-n4-n6". PARSE_ERROR for text that
/// is not move text, GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is not
/// legal; then nothing changes.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_play_text(
    game: *mut halma_game,
    r#move: *const c_char,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game it does not use elsewhere meanwhile (or NULL).
        let game = unsafe { arg_mut(game, "game") }?;
        // SAFETY: the host passes a NUL-terminated string (or NULL).
        let r#move = unsafe { arg_cstr(r#move, "move") }?;
        let mv = game.game.parse_move(text(r#move, "move text")?)?;
        Ok(game.game.play(mv)?)
    })
}

/// Takes back the last move, also out of a finished game. NOTHING_TO_UNDO at the start.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_undo(game: *mut halma_game) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game it does not use elsewhere meanwhile (or NULL).
        let game = unsafe { arg_mut(game, "game") }?;
        game.game.undo()?;
        Ok(())
    })
}

/// Writes the number of moves played (plies, both sides counted) to `*out`.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_move_count(game: *const halma_game, out: *mut usize) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        out.write(game.game.moves().len());
        Ok(())
    })
}

/// Writes the moves played so far, in order, into `moves` (halma_game_move_count tells
/// how many there are).
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_moves(
    game: *const halma_game,
    moves: *mut halma_move,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes an array of `cap` moves (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_array(moves, cap, out_len, "moves") }?;
        let moves: Vec<halma_move> = game.game.moves().iter().map(|&mv| mv.into()).collect();
        out.write(&moves)
    })
}

/// Writes the squares `move` passes through into `squares`: its origin, each landing
/// square, its destination, along a shortest chain of jumps (a UI animates this); a step
/// gives its two squares. GAME_OVER once the game is over, ILLEGAL_MOVE for a move that is
/// not legal. HALMA_MAX_PATH always suffices.
#[unsafe(no_mangle)]
pub extern "C" fn halma_game_jump_path(
    game: *const halma_game,
    r#move: halma_move,
    squares: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a live game (or NULL).
        let game = unsafe { arg_ref(game, "game") }?;
        // SAFETY: the host passes an array of `cap` bytes (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_array(squares, cap, out_len, "squares") }?;
        let mv = Move::from(r#move);
        if game.game.outcome().is_over() {
            return Err(crate::PlayError::GameOver.into());
        }
        let position = game.game.position();
        position.check_move(mv).map_err(crate::PlayError::from)?;
        let path = position.jump_path(mv).ok_or_else(|| {
            Error::new(
                HALMA_STATUS_ILLEGAL_MOVE,
                format_args!("illegal move: {mv}"),
            )
        })?;
        let path: Vec<u8> = path.into_iter().map(Square::index).collect();
        out.write(&path)
    })
}

/// Writes the text of `move`, e.g. "l2-k3", into `buf` (at most 7 bytes and the NUL).
#[unsafe(no_mangle)]
pub extern "C" fn halma_move_to_text(
    r#move: halma_move,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a buffer of `len` bytes (or NULL) and a `size_t` (or NULL).
        let out = unsafe { out_text(buf, len, out_len) }?;
        out.write(&Move::from(r#move).to_string())
    })
}

/// Writes perft(`depth`) of a position given as text to `*out`: the number of move
/// sequences `depth` plies deep (no history, so no repetition draws; a won position has no
/// moves). The count, and the time, grow fast: from the start 40, 1600, 85440, 4562496 and
/// 289844520 at depths 1 to 5.
#[unsafe(no_mangle)]
pub extern "C" fn halma_perft(position: *const c_char, depth: u32, out: *mut u64) -> halma_status {
    guard(|| {
        // SAFETY: the host passes a NUL-terminated string (or NULL).
        let position = unsafe { arg_cstr(position, "position") }?;
        // SAFETY: the host passes a place for the value (or NULL).
        let out = unsafe { out_param(out, "out") }?;
        let position: Position = text(position, "position text")?.parse()?;
        out.write(crate::perft(&position, depth));
        Ok(())
    })
}

/// A new game on the heap, handed to C.
fn boxed(game: Game) -> *mut halma_game {
    Box::into_raw(Box::new(halma_game { game }))
}

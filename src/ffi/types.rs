//! The plain data of the C ABI: status, outcome, side and piece codes, moves, sizes.
//!
//! Codes are integer types with named constants, never Rust enums: C may pass any value,
//! and an out-of-range enum would be undefined behaviour in Rust.

use crate::error::ErrorKind;
use crate::game::{Draw, Game, Outcome};
use crate::moves::{MAX_MOVES, Move};
use crate::side::Side;
use crate::square::Square;

/// The result of a call: `HALMA_STATUS_OK` or why it failed.
pub type halma_status = i32;

/// Success.
pub const HALMA_STATUS_OK: halma_status = 0;
/// A pointer argument is NULL.
pub const HALMA_STATUS_NULL_ARGUMENT: halma_status = 1;
/// An argument is out of its range (the rules functions accept every value of every
/// argument; the engine's search limits can be invalid).
pub const HALMA_STATUS_INVALID_ARGUMENT: halma_status = 2;
/// Text that is not position or move text (invalid UTF-8 included).
pub const HALMA_STATUS_PARSE_ERROR: halma_status = 3;
/// Well-formed position text of an impossible position.
pub const HALMA_STATUS_INVALID_POSITION: halma_status = 4;
/// A well-formed move or hop path that is not legal in the position.
pub const HALMA_STATUS_ILLEGAL_MOVE: halma_status = 5;
/// The game is over: no move can be played.
pub const HALMA_STATUS_GAME_OVER: halma_status = 6;
/// An output buffer is too small; `*out_len` tells the size needed.
pub const HALMA_STATUS_BUFFER_TOO_SMALL: halma_status = 7;
/// Undo at the start of a game.
pub const HALMA_STATUS_NOTHING_TO_UNDO: halma_status = 8;
/// A bug in halma: the call panicked and was stopped at the boundary.
pub const HALMA_STATUS_PANIC: halma_status = 9;
/// The object is busy with another call (an engine already searching).
pub const HALMA_STATUS_BUSY: halma_status = 10;

/// How a game stands.
pub type halma_outcome = i32;

/// The game goes on.
pub const HALMA_OUTCOME_ONGOING: halma_outcome = 0;
/// `x` has filled its goal camp.
pub const HALMA_OUTCOME_X_WINS: halma_outcome = 1;
/// `o` has filled its goal camp.
pub const HALMA_OUTCOME_O_WINS: halma_outcome = 2;
/// A position occurred for the third time.
pub const HALMA_OUTCOME_DRAW_REPETITION: halma_outcome = 3;
/// The side to move has no legal move.
pub const HALMA_OUTCOME_DRAW_NO_MOVES: halma_outcome = 4;
/// A star game under OpenSpiel's rules: 1,000 turns were played without a win.
pub const HALMA_OUTCOME_DRAW_TURN_LIMIT: halma_outcome = 5;

/// One of the two sides.
pub type halma_side = i32;

/// `x`: moves first, starts in the bottom-right camp.
pub const HALMA_SIDE_X: halma_side = 0;
/// `o`: starts in the top-left camp.
pub const HALMA_SIDE_O: halma_side = 1;

/// What stands on a square: nothing or a piece of a side (a side's piece is its side + 1).
pub type halma_piece = i32;

/// An empty square.
pub const HALMA_PIECE_NONE: halma_piece = 0;
/// A piece of `x`.
pub const HALMA_PIECE_X: halma_piece = 1;
/// A piece of `o`.
pub const HALMA_PIECE_O: halma_piece = 2;

/// The most legal moves any position has: an array this long always suffices for
/// `halma_game_legal_moves`.
pub const HALMA_MAX_MOVES: usize = 1349;
/// The most destinations one piece can have (8 steps and 63 jump destinations): an array
/// this long always suffices for `halma_game_destinations`.
pub const HALMA_MAX_DESTINATIONS: usize = 71;
/// The most squares a hop path has (jumps stay on the 64 squares of one parity class): an
/// array this long always suffices for `halma_game_jump_path`.
pub const HALMA_MAX_PATH: usize = 64;

const _: () = assert!(HALMA_MAX_MOVES == MAX_MOVES);
const _: () = assert!(HALMA_MAX_MOVES == 19 * HALMA_MAX_DESTINATIONS);

/// A move: the piece on `from` goes to `to`, by a step or a chain of jumps. Squares are
/// indices, `(rank - 1) * 16 + file`: a1 = 0, p1 = 15, a16 = 240, p16 = 255. Plain data,
/// safe to copy between threads.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct halma_move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square the piece ends on.
    pub to: u8,
}

impl From<halma_move> for Move {
    fn from(mv: halma_move) -> Move {
        Move::new(Square::new(mv.from), Square::new(mv.to))
    }
}

impl From<Move> for halma_move {
    fn from(mv: Move) -> halma_move {
        halma_move {
            from: mv.from.index(),
            to: mv.to.index(),
        }
    }
}

/// A game: a position and its history. Opaque: made by `halma_game_new`,
/// `halma_game_from_text` or `halma_game_clone`, released by `halma_game_free`.
///
/// Thread safety: a game may move between threads. Calls taking a `const halma_game *` may
/// run on one game from several threads at once; a call taking a `halma_game *` needs the
/// game to itself (no other call on it meanwhile).
pub struct halma_game {
    pub(crate) game: Game,
}

// The thread-safety rules of `halma_game` rest on this.
const _: fn() = || {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<halma_game>();
};

/// The status of a library error of `kind`: the one place where the library's kinds become
/// C's statuses (each kind's name is its status's name without the prefix).
pub(crate) fn status_of(kind: ErrorKind) -> halma_status {
    match kind {
        ErrorKind::Parse => HALMA_STATUS_PARSE_ERROR,
        ErrorKind::InvalidPosition => HALMA_STATUS_INVALID_POSITION,
        ErrorKind::IllegalMove => HALMA_STATUS_ILLEGAL_MOVE,
        ErrorKind::GameOver => HALMA_STATUS_GAME_OVER,
        ErrorKind::NothingToUndo => HALMA_STATUS_NOTHING_TO_UNDO,
        ErrorKind::InvalidArgument => HALMA_STATUS_INVALID_ARGUMENT,
        ErrorKind::Busy => HALMA_STATUS_BUSY,
    }
}

pub(crate) fn outcome_code(outcome: Outcome) -> halma_outcome {
    match outcome {
        Outcome::Ongoing => HALMA_OUTCOME_ONGOING,
        Outcome::Win(Side::X) => HALMA_OUTCOME_X_WINS,
        Outcome::Win(Side::O) => HALMA_OUTCOME_O_WINS,
        Outcome::Draw(Draw::Repetition) => HALMA_OUTCOME_DRAW_REPETITION,
        Outcome::Draw(Draw::NoMoves) => HALMA_OUTCOME_DRAW_NO_MOVES,
    }
}

pub(crate) fn side_code(side: Side) -> halma_side {
    match side {
        Side::X => HALMA_SIDE_X,
        Side::O => HALMA_SIDE_O,
    }
}

pub(crate) fn piece_code(piece: Option<Side>) -> halma_piece {
    match piece {
        None => HALMA_PIECE_NONE,
        Some(Side::X) => HALMA_PIECE_X,
        Some(Side::O) => HALMA_PIECE_O,
    }
}

//! Random sequences of C ABI calls on a few game handles, each handle shadowed by a Rust
//! `halma::Game` that receives the same operations. Every call is checked against the
//! contract of `include/halma.h`:
//! - the status is a known one, and the one the shadow game predicts (NULL_ARGUMENT first,
//!   then PARSE_ERROR, GAME_OVER, ILLEGAL_MOVE, as the precedence rule says);
//! - out-parameters are written only on success; on BUFFER_TOO_SMALL `*out_len` is the size
//!   needed, a text buffer with `len > 0` holds the empty string, an array is untouched;
//!   nothing is written past `len`/`cap` (buffers are allocated to the exact size, so the
//!   address sanitizer sees any overrun; the bytes past the text are checked too);
//! - text is always NUL-terminated, `halma_game_to_text` always parses as a position and
//!   matches the shadow; the handle's state matches the shadow after every change;
//! - every failure leaves a last error message that is a sentence, a success leaves the
//!   message alone, and `halma_last_error_message`'s own failures do not replace it;
//! - every handle is freed exactly once (LeakSanitizer reports any leak).
//!
//! The entry points are `unsafe fn`s: each call is inside `unsafe`, with a `SAFETY` comment
//! saying why its pointers meet the contract (handles live until freed, buffers and
//! out-parameters live allocations of the sizes passed).
#![no_main]

use core::ffi::{CStr, c_char};
use std::ffi::CString;

use halma::ffi::*;
use halma::{Game, Move, ParseLegalMoveError, PlayError, Position, Side, Square};
use halma_fuzz::c_abi::{FILL, UNSET, check_last_error, last_error, value_call};
use halma_fuzz::{Bytes, POSITIONS};
use libfuzzer_sys::fuzz_target;

/// What an untouched move holds.
const NO_MOVE: halma_move = halma_move {
    from: 0xEE,
    to: 0xEE,
};
/// The most handles alive at once.
const MAX_HANDLES: usize = 5;

/// A game handle and its shadow.
struct Handle {
    /// Live (made by the C ABI, not freed) until [`free`] takes it out of the list, and
    /// used by this thread alone: what every entry point asks of a game handle.
    ptr: *mut halma_game,
    shadow: Game,
}

/// How a call passes an output buffer or array of `len` items.
#[derive(Clone, Copy, Debug)]
enum Buffer {
    /// A real allocation of exactly `len` items (a dangling non-NULL pointer for 0).
    Sized(usize),
    /// `NULL` with this length (0 is allowed, anything else is NULL_ARGUMENT).
    Null(usize),
}

/// A buffer choice around `needed` (the items a full answer needs, NUL excluded) and
/// whether `out_len` is passed.
fn pick_buffer(bytes: &mut Bytes<'_>, needed: usize, text: bool) -> (Buffer, bool) {
    let room = needed + usize::from(text);
    let buffer = match bytes.byte() % 9 {
        0 => Buffer::Null(0),
        1 => Buffer::Sized(0),
        2 => Buffer::Sized(room.saturating_sub(1)),
        3 | 4 => Buffer::Sized(room),
        5 => Buffer::Sized(room + 1 + usize::from(bytes.byte() % 32)),
        6 => Buffer::Sized(bytes.below(room + 1)),
        7 => Buffer::Null(1 + usize::from(bytes.byte() % 8)),
        _ => Buffer::Sized(1),
    };
    (buffer, !bytes.byte().is_multiple_of(16))
}

/// The status an output call must return: NULL arguments first, then `failure` (a status
/// the shadow predicts before the output), then the buffer size.
fn expected_status(
    null_input: bool,
    buffer: Buffer,
    with_out_len: bool,
    failure: Option<halma_status>,
    needed: usize,
    text: bool,
) -> halma_status {
    let null_buffer = matches!(buffer, Buffer::Null(len) if len > 0);
    if null_input || null_buffer || !with_out_len {
        return HALMA_STATUS_NULL_ARGUMENT;
    }
    if let Some(status) = failure {
        return status;
    }
    let len = match buffer {
        Buffer::Sized(len) | Buffer::Null(len) => len,
    };
    if needed + usize::from(text) > len {
        HALMA_STATUS_BUFFER_TOO_SMALL
    } else {
        HALMA_STATUS_OK
    }
}

/// Calls an output function `f(items, cap, out_len)` with a buffer chosen by the bytes and
/// checks the output contract against `expected` (the items, or the status of a failure
/// that comes before any output); `terminator` is text's NUL, written after the items and,
/// in a buffer too small, alone; `null_input` tells that an input pointer is NULL. `f` gets
/// NULL or a live allocation of exactly `cap` items, and NULL or a live `size_t`. Nothing is
/// written past the output: the items past it keep `unset` (and the address sanitizer sees
/// a write past the allocation).
fn output_call<T: Copy + PartialEq + core::fmt::Debug>(
    bytes: &mut Bytes<'_>,
    unset: T,
    terminator: Option<T>,
    null_input: bool,
    expected: Result<&[T], halma_status>,
    f: impl FnOnce(*mut T, usize, *mut usize) -> halma_status,
) -> halma_status {
    let needed = expected.map_or(usize::from(bytes.byte() % 16), <[T]>::len);
    let text = terminator.is_some();
    let (buffer, with_out_len) = pick_buffer(bytes, needed, text);
    let want = expected_status(
        null_input,
        buffer,
        with_out_len,
        expected.err(),
        needed,
        text,
    );
    let (mut storage, cap) = match buffer {
        Buffer::Sized(len) => (vec![unset; len], len),
        Buffer::Null(len) => (Vec::new(), len),
    };
    let items = match buffer {
        Buffer::Sized(_) => storage.as_mut_ptr(),
        Buffer::Null(_) => core::ptr::null_mut(),
    };
    let mut out_len = UNSET;
    let out_len_ptr: *mut usize = if with_out_len {
        &mut out_len
    } else {
        core::ptr::null_mut()
    };
    let status = f(items, cap, out_len_ptr);
    assert_eq!(
        status, want,
        "output call with {buffer:?}, out_len {with_out_len}, expecting {expected:?}"
    );
    // What the call wrote and the `*out_len` it set: the items (and the terminator) on
    // success; on BUFFER_TOO_SMALL, the terminator alone where there is room, and the size
    // needed; on another failure, nothing.
    let (written, len): (Vec<T>, usize) = match status {
        HALMA_STATUS_OK => {
            let items = expected.unwrap_or_default();
            (
                items.iter().copied().chain(terminator).collect(),
                items.len(),
            )
        }
        HALMA_STATUS_BUFFER_TOO_SMALL => {
            let room = storage.len().min(1);
            (terminator.into_iter().take(room).collect(), needed)
        }
        _ => (Vec::new(), UNSET),
    };
    assert_eq!(out_len, len, "out_len after status {status}");
    assert_eq!(
        &storage[..written.len()],
        written,
        "the output after status {status}"
    );
    assert!(
        storage[written.len()..].iter().all(|&x| x == unset),
        "written past the output (status {status})"
    );
    status
}

/// [`output_call`] for a text-out function `f(buf, len, out_len)`: `expected` holds the
/// text. Returns the status, and the text on success.
fn text_call(
    bytes: &mut Bytes<'_>,
    null_input: bool,
    expected: Result<&str, halma_status>,
    f: impl FnOnce(*mut c_char, usize, *mut usize) -> halma_status,
) -> (halma_status, Option<String>) {
    let bytes_of = expected.map(str::as_bytes);
    let status = output_call(
        bytes,
        FILL,
        Some(0),
        null_input,
        bytes_of,
        |buf, len, out_len| f(buf.cast(), len, out_len),
    );
    let text = expected.ok().filter(|_| status == HALMA_STATUS_OK);
    (status, text.map(str::to_owned))
}

/// Checks a status against the known ones and its name.
fn check_status(status: halma_status) {
    assert!(
        (0..=9).contains(&status),
        "the rules API returned the status {status}"
    );
    // SAFETY: halma_status_str returns a static NUL-terminated string for any value.
    let name = unsafe { CStr::from_ptr(halma_status_str(status)) };
    let name = name.to_str().unwrap_or_default();
    assert!(name.starts_with("HALMA_STATUS_") && name != "HALMA_STATUS_UNKNOWN");
}

/// Bytes as a C string: everything up to the first NUL.
fn c_string(bytes: &[u8]) -> CString {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    CString::new(&bytes[..end]).unwrap_or_default()
}

/// Position text for `from_text` or `perft`: raw bytes, a handle's text, one of the
/// [`POSITIONS`], or one of these with a byte changed.
fn position_bytes(bytes: &mut Bytes<'_>, handles: &[Handle]) -> Vec<u8> {
    let kind = bytes.byte();
    let mut text = match kind % 4 {
        0 => {
            let len = usize::from(bytes.byte() % 128);
            return bytes.take(len).to_vec();
        }
        1 if !handles.is_empty() => {
            let handle = &handles[bytes.below(handles.len())];
            handle.shadow.position().to_string().into_bytes()
        }
        _ => POSITIONS[bytes.below(POSITIONS.len())].as_bytes().to_vec(),
    };
    if kind & 4 != 0 && !text.is_empty() {
        let at = bytes.below(text.len());
        text[at] = b"xo1/ 6\xff"[bytes.below(7)];
    }
    text
}

/// Move text: raw bytes, a legal move's hop path or from-to text, or two squares.
fn move_bytes(bytes: &mut Bytes<'_>, game: Option<&Game>) -> Vec<u8> {
    let moves = game.map(|g| g.position().legal_moves()).unwrap_or_default();
    match bytes.byte() % 4 {
        0 => {
            let len = usize::from(bytes.byte() % 24);
            bytes.take(len).to_vec()
        }
        1 | 2 if !moves.is_empty() => {
            let mv = moves[bytes.below(moves.len())];
            let path = game
                .and_then(|g| g.position().jump_path(mv))
                .unwrap_or_else(|| vec![mv.from, mv.to]);
            if bytes.byte() & 1 == 0 {
                mv.to_string().into_bytes()
            } else {
                let names: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                names.join("-").into_bytes()
            }
        }
        _ => Move::new(Square::new(bytes.byte()), Square::new(bytes.byte()))
            .to_string()
            .into_bytes(),
    }
}

/// A position text of a game handle: the C function's name, the function, and the position
/// whose text it writes.
type PositionText = (
    &'static str,
    unsafe extern "C" fn(*const halma_game, *mut c_char, usize, *mut usize) -> halma_status,
    fn(&Game) -> &Position,
);

/// A move list of a game handle: the C function's name, the function, and the moves it
/// writes.
type MoveList = (
    &'static str,
    unsafe extern "C" fn(*const halma_game, *mut halma_move, usize, *mut usize) -> halma_status,
    fn(&Game) -> Vec<Move>,
);

/// The position texts of a game.
const POSITION_TEXTS: [PositionText; 2] = [
    ("halma_game_to_text", halma_game_to_text, Game::position),
    (
        "halma_game_start_to_text",
        halma_game_start_to_text,
        Game::start_position,
    ),
];

/// The move lists of a game.
const MOVE_LISTS: [MoveList; 2] = [
    ("halma_game_legal_moves", halma_game_legal_moves, |g| {
        g.legal_moves().to_vec()
    }),
    ("halma_game_moves", halma_game_moves, |g| g.moves().to_vec()),
];

/// A call of a squares-out function (`items`, `cap`, `out_len`) on a game handle.
type SquaresCall = Box<dyn FnOnce(*mut u8, usize, *mut usize) -> halma_status>;

/// The square of a piece to move of `game` (`own`), or any square.
fn pick_from(bytes: &mut Bytes<'_>, game: Option<&Game>, own: bool) -> Square {
    match game {
        Some(g) if own => {
            let mine: Vec<Square> = g.position().pieces(g.position().turn()).iter().collect();
            mine.get(bytes.below(mine.len()))
                .copied()
                .unwrap_or(Square::new(0))
        }
        _ => Square::new(bytes.byte()),
    }
}

/// Where the piece on `from` can go in `game`, checked against its legal moves.
fn destinations(game: &Game, from: Square) -> Vec<u8> {
    if game.outcome().is_over() {
        return Vec::new();
    }
    let squares: Vec<u8> = game
        .position()
        .destinations(from)
        .iter()
        .map(|s| s.index())
        .collect();
    assert!(
        squares.windows(2).all(|w| w[0] < w[1]),
        "destinations in order"
    );
    let expected: Vec<u8> = game
        .legal_moves()
        .iter()
        .filter(|mv| mv.from == from)
        .map(|mv| mv.to.index())
        .collect::<std::collections::BTreeSet<u8>>()
        .into_iter()
        .collect();
    assert_eq!(squares, expected, "destinations agree with legal_moves");
    assert!(squares.len() <= HALMA_MAX_DESTINATIONS);
    squares
}

/// The hop path of `mv` in `game`, checked: its ends, its length; or the status refusing it.
fn jump_path(game: &Game, mv: Move) -> Result<Vec<u8>, halma_status> {
    if game.outcome().is_over() {
        return Err(HALMA_STATUS_GAME_OVER);
    }
    let path: Vec<u8> = game
        .position()
        .jump_path(mv)
        .ok_or(HALMA_STATUS_ILLEGAL_MOVE)?
        .iter()
        .map(|s| s.index())
        .collect();
    assert!(path.len() >= 2 && path.len() <= HALMA_MAX_PATH);
    assert_eq!(
        (path[0], path[path.len() - 1]),
        (mv.from.index(), mv.to.index())
    );
    Ok(path)
}

/// A move: a legal one of `game` by index, or any two squares.
fn pick_move(bytes: &mut Bytes<'_>, game: Option<&Game>) -> Move {
    let moves = game.map(|g| g.legal_moves()).unwrap_or_default();
    if bytes.byte() & 1 == 0 && !moves.is_empty() {
        moves[bytes.below(moves.len())]
    } else {
        Move::new(Square::new(bytes.byte()), Square::new(bytes.byte()))
    }
}

/// The status a Game error maps to.
fn play_status(error: &PlayError) -> halma_status {
    match error {
        PlayError::Syntax(_) => HALMA_STATUS_PARSE_ERROR,
        PlayError::GameOver => HALMA_STATUS_GAME_OVER,
        _ => HALMA_STATUS_ILLEGAL_MOVE,
    }
}

/// Checks that the handle and its shadow agree: position text, start, outcome, side to
/// move, move list.
fn check_sync(handle: &Handle) {
    let ptr = handle.ptr;
    let shadow = &handle.shadow;
    let text = shadow.position().to_string();
    let mut buf = vec![FILL; text.len() + 1];
    let mut out_len = UNSET;
    // SAFETY: `ptr` is a live handle (see `Handle`); `buf` is a live allocation of
    // `buf.len()` bytes, `out_len` a live `size_t`.
    let status =
        unsafe { halma_game_to_text(ptr, buf.as_mut_ptr().cast(), buf.len(), &mut out_len) };
    assert_eq!(status, HALMA_STATUS_OK);
    assert_eq!(out_len, text.len());
    assert_eq!(
        &buf[..out_len],
        text.as_bytes(),
        "the game's text differs from its shadow"
    );
    let parsed = std::str::from_utf8(&buf[..out_len])
        .ok()
        .and_then(|t| t.parse::<Position>().ok());
    assert_eq!(
        parsed.as_ref(),
        Some(shadow.position()),
        "to_text does not parse back"
    );

    let (statuses, (outcome, side, count)) = values(ptr, true);
    assert_eq!(statuses, [HALMA_STATUS_OK; 3]);
    let expected = match shadow.outcome() {
        halma::Outcome::Ongoing => HALMA_OUTCOME_ONGOING,
        halma::Outcome::Win(Side::X) => HALMA_OUTCOME_X_WINS,
        halma::Outcome::Win(Side::O) => HALMA_OUTCOME_O_WINS,
        halma::Outcome::Draw(halma::Draw::Repetition) => HALMA_OUTCOME_DRAW_REPETITION,
        halma::Outcome::Draw(halma::Draw::NoMoves) => HALMA_OUTCOME_DRAW_NO_MOVES,
    };
    assert_eq!(outcome, expected, "outcome");
    assert_eq!(count, shadow.moves().len(), "move count");
    let expected = match shadow.position().turn() {
        Side::X => HALMA_SIDE_X,
        Side::O => HALMA_SIDE_O,
    };
    assert_eq!(side, expected, "side to move");
}

/// The outcome, side to move and move count of the game handle `ptr` (NULL or live, see
/// [`Handle`]), each through [`value_call`] (`with_out` or with a NULL `out`): the three
/// statuses and the three values.
fn values(
    ptr: *mut halma_game,
    with_out: bool,
) -> ([halma_status; 3], (halma_outcome, halma_side, usize)) {
    // SAFETY (the three calls): `ptr` is NULL or a live handle; `out` is what `value_call`
    // passes, NULL or a live value of the type the function writes.
    let ((s1, outcome), (s2, side), (s3, count)) = unsafe {
        (
            value_call(with_out, -1, |out| halma_game_outcome(ptr, out)),
            value_call(with_out, -1, |out| halma_game_side_to_move(ptr, out)),
            value_call(with_out, UNSET, |out| halma_game_move_count(ptr, out)),
        )
    };
    ([s1, s2, s3], (outcome, side, count))
}

/// Takes a new handle `ptr` (made by the C ABI, used nowhere else) into the list, shadowed
/// by `shadow`, after freeing the oldest one when the list is full; checks that they agree.
fn adopt(handles: &mut Vec<Handle>, ptr: *mut halma_game, shadow: Game) {
    assert!(!ptr.is_null(), "a new game handle is NULL");
    if handles.len() >= MAX_HANDLES {
        free(handles, 0);
    }
    handles.push(Handle { ptr, shadow });
    if let Some(handle) = handles.last() {
        check_sync(handle);
    }
}

/// Frees a handle (once: it leaves the list).
fn free(handles: &mut Vec<Handle>, index: usize) {
    let handle = handles.swap_remove(index);
    // SAFETY: `handle.ptr` is live (see `Handle`) and, out of the list, never used again.
    unsafe { halma_game_free(handle.ptr) };
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut handles: Vec<Handle> = Vec::new();
    let mut steps = 0;
    while !bytes.is_empty() && steps < 64 {
        steps += 1;
        let op = bytes.byte();
        let flags = bytes.byte();
        // A NULL game for 1 call in 16, and always when there is no handle.
        let index = if handles.is_empty() || flags.is_multiple_of(16) {
            None
        } else {
            Some(bytes.below(handles.len()))
        };
        let ptr = index.map_or(core::ptr::null_mut(), |i| handles[i].ptr);
        let null_game = index.is_none();
        let shadow = index.map(|i| handles[i].shadow.clone());
        let before = last_error();
        let name;
        let mut status = HALMA_STATUS_OK;

        match op % 20 {
            0 => {
                name = "halma_game_new";
                adopt(&mut handles, halma_game_new(), Game::new());
            }
            1 => {
                name = "halma_game_from_text";
                let text = c_string(&position_bytes(&mut bytes, &handles));
                let null_text = flags & 0x10 != 0 && flags & 0x20 != 0;
                let null_out = flags & 0x10 != 0 && flags & 0x40 != 0;
                let expected = match text.to_str() {
                    Err(_) => Err(HALMA_STATUS_PARSE_ERROR),
                    Ok(text) => text.parse::<Position>().map_err(|error| match error {
                        halma::ParsePositionError::Invalid(_) => HALMA_STATUS_INVALID_POSITION,
                        _ => HALMA_STATUS_PARSE_ERROR,
                    }),
                };
                let unset = 0x10 as *mut halma_game;
                let text_ptr = if null_text {
                    core::ptr::null()
                } else {
                    text.as_ptr()
                };
                let (s, game) = value_call(!null_out, unset, |out| {
                    // SAFETY: `text_ptr` is NULL or the live C string `text`; `out` is NULL
                    // or a live pointer (`value_call`).
                    unsafe { halma_game_from_text(text_ptr, out) }
                });
                status = s;
                let want = if null_text || null_out {
                    HALMA_STATUS_NULL_ARGUMENT
                } else {
                    expected.map_or_else(|s| s, |_| HALMA_STATUS_OK)
                };
                assert_eq!(status, want, "from_text of {text:?}");
                if let Ok(position) = expected
                    && status == HALMA_STATUS_OK
                {
                    assert_ne!(game, unset);
                    adopt(&mut handles, game, Game::from_position(position));
                }
            }
            2 => {
                name = "halma_game_clone";
                // SAFETY: `ptr` is NULL or a live handle (see `Handle`).
                let game = unsafe { halma_game_clone(ptr) };
                status = if game.is_null() {
                    HALMA_STATUS_NULL_ARGUMENT
                } else {
                    HALMA_STATUS_OK
                };
                match shadow {
                    None => assert!(game.is_null(), "clone of NULL"),
                    Some(shadow) => {
                        assert_ne!(game, ptr, "clone of a game");
                        adopt(&mut handles, game, shadow);
                    }
                }
            }
            3 => {
                name = "halma_game_free";
                match index {
                    Some(i) => free(&mut handles, i),
                    // SAFETY: NULL is allowed.
                    None => unsafe { halma_game_free(core::ptr::null_mut()) },
                }
            }
            4 | 5 => {
                let (n, function, position_of) = POSITION_TEXTS[usize::from(op % 20 == 5)];
                name = n;
                let text = shadow.as_ref().map(|g| position_of(g).to_string());
                let expected = text.as_deref().ok_or(HALMA_STATUS_NULL_ARGUMENT);
                let (s, written) =
                    text_call(&mut bytes, null_game, expected, |buf, len, out_len| {
                        // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `buf`, `len`
                        // and `out_len` are what `output_call` passes: NULL or a live
                        // allocation of `len` bytes, NULL or a live `size_t`.
                        unsafe { function(ptr, buf, len, out_len) }
                    });
                status = s;
                if let Some(written) = written {
                    let parsed = written.parse::<Position>();
                    assert!(
                        parsed.is_ok(),
                        "{name} wrote {written:?}, which does not parse"
                    );
                }
            }
            6 | 7 => {
                let (n, function, moves_of) = MOVE_LISTS[usize::from(op % 20 == 7)];
                name = n;
                let moves: Option<Vec<halma_move>> = shadow
                    .as_ref()
                    .map(|g| moves_of(g).iter().map(|&mv| mv.into()).collect());
                let expected = moves.as_deref().ok_or(HALMA_STATUS_NULL_ARGUMENT);
                status = output_call(
                    &mut bytes,
                    NO_MOVE,
                    None,
                    null_game,
                    expected,
                    |items, cap, out_len| {
                        // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `items`,
                        // `cap` and `out_len` are what `output_call` passes: NULL or a live
                        // allocation of `cap` moves, NULL or a live `size_t`.
                        unsafe { function(ptr, items, cap, out_len) }
                    },
                );
            }
            8 | 9 => {
                // Squares out: where a piece can go, or the hop path of a move.
                let (expected, call): (Option<Result<Vec<u8>, halma_status>>, SquaresCall) = if op
                    % 20
                    == 8
                {
                    name = "halma_game_destinations";
                    let from = pick_from(&mut bytes, shadow.as_ref(), flags & 0x20 != 0);
                    let call = move |items, cap, out_len| {
                        // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `items`,
                        // `cap` and `out_len` are what `output_call` passes: NULL or a
                        // live allocation of `cap` bytes, NULL or a live `size_t`.
                        unsafe { halma_game_destinations(ptr, from.index(), items, cap, out_len) }
                    };
                    let squares = shadow.as_ref().map(|g| Ok(destinations(g, from)));
                    (squares, Box::new(call))
                } else {
                    name = "halma_game_jump_path";
                    let mv = pick_move(&mut bytes, shadow.as_ref());
                    let call = move |items, cap, out_len| {
                        // SAFETY: as for `halma_game_destinations` above.
                        unsafe { halma_game_jump_path(ptr, mv.into(), items, cap, out_len) }
                    };
                    (shadow.as_ref().map(|g| jump_path(g, mv)), Box::new(call))
                };
                let expected = match &expected {
                    None => Err(HALMA_STATUS_NULL_ARGUMENT),
                    Some(Ok(squares)) => Ok(squares.as_slice()),
                    Some(Err(status)) => Err(*status),
                };
                status = output_call(&mut bytes, 0xEE, None, null_game, expected, call);
            }
            10 => {
                name = "halma_game_play";
                let mv = pick_move(&mut bytes, shadow.as_ref());
                // SAFETY: `ptr` is NULL or a live handle (see `Handle`).
                status = unsafe { halma_game_play(ptr, mv.into()) };
                let want = match (index, &shadow) {
                    (Some(i), Some(_)) => match handles[i].shadow.play(mv) {
                        Ok(()) => HALMA_STATUS_OK,
                        Err(error) => play_status(&error),
                    },
                    _ => HALMA_STATUS_NULL_ARGUMENT,
                };
                assert_eq!(status, want, "play {mv}");
            }
            11 | 12 => {
                let play = op % 20 == 11;
                name = if play {
                    "halma_game_play_text"
                } else {
                    "halma_game_parse_move"
                };
                let text = c_string(&move_bytes(&mut bytes, shadow.as_ref()));
                let null_text = flags & 0x30 == 0x30;
                let text_ptr = if null_text {
                    core::ptr::null()
                } else {
                    text.as_ptr()
                };
                let parsed: Option<Result<Move, halma_status>> = shadow.as_ref().map(|g| {
                    let text = text.to_str().map_err(|_| HALMA_STATUS_PARSE_ERROR)?;
                    match g.position().parse_move(text) {
                        Err(ParseLegalMoveError::Syntax(_)) => Err(HALMA_STATUS_PARSE_ERROR),
                        _ if g.outcome().is_over() => Err(HALMA_STATUS_GAME_OVER),
                        Err(_) => Err(HALMA_STATUS_ILLEGAL_MOVE),
                        Ok(mv) => Ok(mv),
                    }
                });
                let want = match &parsed {
                    _ if null_text => HALMA_STATUS_NULL_ARGUMENT,
                    None => HALMA_STATUS_NULL_ARGUMENT,
                    Some(Ok(_)) => HALMA_STATUS_OK,
                    Some(Err(status)) => *status,
                };
                if play {
                    // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `text_ptr` NULL
                    // or the live C string `text`.
                    status = unsafe { halma_game_play_text(ptr, text_ptr) };
                    assert_eq!(status, want, "play_text {text:?}");
                    if let (Some(i), Some(Ok(mv))) = (index, &parsed)
                        && !null_text
                    {
                        let shadow = &mut handles[i].shadow;
                        let played = text.to_str().ok().map(|t| shadow.play_text(t));
                        assert_eq!(
                            played,
                            Some(Ok(*mv)),
                            "Game::play_text agrees with parse_move"
                        );
                    }
                } else {
                    let null_out = flags & 0x40 != 0 && flags & 0x80 != 0;
                    let (s, mv) = value_call(!null_out, NO_MOVE, |out| {
                        // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `text_ptr`
                        // NULL or the live C string `text`; `out` NULL or a live move
                        // (`value_call`).
                        unsafe { halma_game_parse_move(ptr, text_ptr, out) }
                    });
                    status = s;
                    let want = if null_out {
                        HALMA_STATUS_NULL_ARGUMENT
                    } else {
                        want
                    };
                    assert_eq!(status, want, "parse_move {text:?}");
                    if let (HALMA_STATUS_OK, Some(Ok(expected))) = (status, &parsed) {
                        assert_eq!(Move::from(mv), *expected);
                    }
                }
            }
            13 => {
                name = "halma_game_undo";
                // SAFETY: `ptr` is NULL or a live handle (see `Handle`).
                status = unsafe { halma_game_undo(ptr) };
                let want = match index {
                    Some(i) => match handles[i].shadow.undo() {
                        Ok(_) => HALMA_STATUS_OK,
                        Err(_) => HALMA_STATUS_NOTHING_TO_UNDO,
                    },
                    None => HALMA_STATUS_NULL_ARGUMENT,
                };
                assert_eq!(status, want, "undo");
            }
            14 => {
                name = "halma_game_is_legal";
                let mv = pick_move(&mut bytes, shadow.as_ref());
                let null_out = flags & 0x30 == 0x30;
                // A byte that is neither false nor true marks "not written".
                let mut value: u8 = 2;
                let out: *mut bool = if null_out {
                    core::ptr::null_mut()
                } else {
                    (&raw mut value).cast()
                };
                // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `out` NULL or the
                // live byte `value` (one byte, as a C `bool`).
                status = unsafe { halma_game_is_legal(ptr, mv.into(), out) };
                let want = if null_game || null_out {
                    HALMA_STATUS_NULL_ARGUMENT
                } else {
                    HALMA_STATUS_OK
                };
                assert_eq!(status, want);
                match &shadow {
                    Some(g) if status == HALMA_STATUS_OK => {
                        let legal = !g.outcome().is_over() && g.position().is_legal(mv);
                        assert_eq!(value, u8::from(legal), "is_legal {mv}");
                        assert_eq!(legal, g.legal_moves().contains(&mv));
                    }
                    _ => assert_eq!(value, 2, "is_legal wrote its out-parameter on failure"),
                }
            }
            15 => {
                name = "halma_game_piece_at";
                let square = bytes.byte();
                let null_out = flags & 0x30 == 0x30;
                let (s, piece) = value_call(!null_out, -1, |out| {
                    // SAFETY: `ptr` is NULL or a live handle (see `Handle`); `out` NULL or a
                    // live piece code (`value_call`).
                    unsafe { halma_game_piece_at(ptr, square, out) }
                });
                status = s;
                let want = if null_game || null_out {
                    HALMA_STATUS_NULL_ARGUMENT
                } else {
                    HALMA_STATUS_OK
                };
                assert_eq!(status, want);
                if let Some(g) = &shadow
                    && status == HALMA_STATUS_OK
                {
                    let expected = match g.position().piece_at(Square::new(square)) {
                        None => HALMA_PIECE_NONE,
                        Some(Side::X) => HALMA_PIECE_X,
                        Some(Side::O) => HALMA_PIECE_O,
                    };
                    assert_eq!(piece, expected, "piece_at {square}");
                }
            }
            16 => {
                name = "halma_game_outcome/side_to_move/move_count";
                let null_out = flags & 0x30 == 0x30;
                let want = if null_game || null_out {
                    HALMA_STATUS_NULL_ARGUMENT
                } else {
                    HALMA_STATUS_OK
                };
                let (statuses, _) = values(ptr, !null_out);
                assert_eq!(statuses, [want; 3]);
                status = statuses[2];
            }
            17 => {
                name = "halma_move_to_text";
                let mv = Move::new(Square::new(bytes.byte()), Square::new(bytes.byte()));
                let text = mv.to_string();
                let (s, written) = text_call(&mut bytes, false, Ok(&text), |buf, len, out_len| {
                    // SAFETY: `buf`, `len` and `out_len` are what `output_call` passes: NULL
                    // or a live allocation of `len` bytes, NULL or a live `size_t`.
                    unsafe { halma_move_to_text(mv.into(), buf, len, out_len) }
                });
                status = s;
                if let Some(written) = written {
                    assert!(written.len() <= 7);
                    assert_eq!(written.parse::<Move>(), Ok(mv), "move text round trip");
                }
            }
            18 => {
                name = "halma_last_error_message";
                let message = before.clone();
                text_call(&mut bytes, false, Ok(&message), |buf, len, out_len| {
                    // SAFETY: as for `halma_move_to_text` above.
                    unsafe { halma_last_error_message(buf, len, out_len) }
                });
                // Its own failures do not replace the message: checked below as a success.
            }
            _ => {
                name = "halma_perft/halma_status_str/halma_version";
                let text = c_string(&position_bytes(&mut bytes, &handles));
                let depth = u32::from(bytes.byte() % 3);
                let null_text = flags & 0x30 == 0x30;
                let text_ptr = if null_text {
                    core::ptr::null()
                } else {
                    text.as_ptr()
                };
                let (s, count) = value_call(true, u64::MAX, |out| {
                    // SAFETY: `text_ptr` is NULL or the live C string `text`; `out` a live
                    // `u64` (`value_call`).
                    unsafe { halma_perft(text_ptr, depth, out) }
                });
                status = s;
                match text.to_str().ok().map(str::parse::<Position>) {
                    _ if null_text => assert_eq!(status, HALMA_STATUS_NULL_ARGUMENT),
                    Some(Ok(position)) => {
                        assert_eq!(status, HALMA_STATUS_OK);
                        assert_eq!(count, halma::perft(&position, depth), "perft {depth}");
                        let moves = position.count_moves() as u64;
                        match depth {
                            0 => assert_eq!(count, 1),
                            1 => assert_eq!(count, moves),
                            _ => {}
                        }
                    }
                    Some(Err(halma::ParsePositionError::Invalid(_))) => {
                        assert_eq!(status, HALMA_STATUS_INVALID_POSITION);
                    }
                    _ => assert_eq!(status, HALMA_STATUS_PARSE_ERROR),
                }
                let code = i32::from_le_bytes([bytes.byte(), bytes.byte(), bytes.byte(), flags]);
                // SAFETY: halma_status_str and halma_version return static C strings.
                let (name_of, version) = unsafe {
                    (
                        CStr::from_ptr(halma_status_str(code)),
                        CStr::from_ptr(halma_version()),
                    )
                };
                let name_of = name_of.to_str().unwrap_or_default();
                if (0..=10).contains(&code) {
                    assert!(
                        name_of.starts_with("HALMA_STATUS_") && name_of != "HALMA_STATUS_UNKNOWN"
                    );
                } else {
                    assert_eq!(name_of, "HALMA_STATUS_UNKNOWN", "the name of status {code}");
                }
                let version = version.to_str().unwrap_or_default();
                assert!(!version.is_empty() && version.bytes().all(|b| b.is_ascii_graphic()));
            }
        }

        check_status(status);
        let failed = status != HALMA_STATUS_OK && name != "halma_last_error_message";
        check_last_error(&before, failed, name);
        if let Some(i) = index
            && i < handles.len()
            && name != "halma_game_free"
        {
            check_sync(&handles[i]);
        }
    }
    // Every handle is freed exactly once.
    while !handles.is_empty() {
        free(&mut handles, 0);
    }
});

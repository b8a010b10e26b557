//! The C ABI of game records: a game saved as text with its headers (`halma_record`), and a
//! game to and from its record alone (`halma_game_to_record`, `halma_game_from_record`).
//!
//! The format is the library's (`docs/RULES.md`, Notation): headers such as
//! `[Site "..."]`, then the moves numbered, then the result; records of the earlier form
//! (the start position's text, then the moves) read too.

use core::ffi::{CStr, c_char};

use crate::record::Record;
use crate::side::Side;

use super::args::{
    Arg, CText, Exclusive, Out, OutText, Output, Shared, free, handle, safety, utf8,
};
use super::guard::{Error, call, guard};
use super::types::*;

/// A game record: a game with the headers of its record (the players, the date, a
/// resignation...). Opaque: made by `halma_record_new` or `halma_record_from_text`,
/// released by `halma_record_free`.
///
/// Thread safety: as a `halma_game`'s. A record may move between threads; calls taking a
/// `const halma_record *` may run on one record from several threads at once; a call
/// taking a `halma_record *` needs the record to itself.
pub struct halma_record {
    record: Record,
}

// The thread-safety rules of `halma_record` rest on this.
const _: fn() = || {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<halma_record>();
};

/// Writes the game record of `game` into `buf`: its result (and its start position, when it
/// is not the standard one) as headers, then the moves numbered, a pair a line. For the
/// headers of a host (players, date...), use a `halma_record`.
#[doc = safety!(shared(game: halma_game), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_to_record(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Shared(game, "game"), out, |game| Ok(game.game.to_record())) }
}

/// Reads a game record (either form) into a new game in `*out`, its moves replayed, to free
/// with `halma_game_free`; the headers are checked and dropped. PARSE_ERROR for text that is
/// not a game record, whatever is wrong (invalid UTF-8, an impossible start position, a move
/// that cannot be played where it stands: the record as a whole does not read); the last
/// error message says what and where.
#[doc = safety!(input(record), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_game_from_record(
    record: *const c_char,
    out: *mut *mut halma_game,
) -> halma_status {
    // SAFETY: this function's contract is `read_record`'s.
    unsafe {
        read_record(record, out, |record| {
            handle(halma_game {
                game: record.into_game(),
            })
        })
    }
}

/// A new record of a copy of `game`, without headers, to free with `halma_record_free`;
/// NULL for NULL (with a last error message).
#[doc = safety!(shared(game: halma_game))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_new(game: *const halma_game) -> *mut halma_record {
    guard(|| {
        // SAFETY: this function's contract on `game` is `Shared`'s.
        let game = unsafe { Shared(game, "game").check() }?;
        Ok(record_handle(Record::new(game.game.clone())))
    })
}

/// Reads a game record (either form) into a new record in `*out`, to free with
/// `halma_record_free`. Failures as for `halma_game_from_record`.
#[doc = safety!(input(text), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_from_text(
    text: *const c_char,
    out: *mut *mut halma_record,
) -> halma_status {
    // SAFETY: this function's contract is `read_record`'s.
    unsafe { read_record(text, out, record_handle) }
}

/// Frees a record made by this library. NULL is fine (nothing happens).
#[doc = safety!(freed(record: halma_record))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_free(record: *mut halma_record) {
    // SAFETY: this function's contract is `free`'s.
    unsafe { free(record) }
}

/// Writes the record's text into `buf`: the host's headers in order, `Result`, `Reason`
/// once the game is over, `Position` for a start other than the standard one; a blank line;
/// the moves numbered, a pair a line; the result.
#[doc = safety!(shared(record: halma_record), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_to_text(
    record: *const halma_record,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `read`'s.
    unsafe { read(record, out, |record| Ok(record.to_string())) }
}

/// A copy of the record's game, with its history, into `*out`, to free with
/// `halma_game_free`.
#[doc = safety!(shared(record: halma_record), out(out))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_game(
    record: *const halma_record,
    out: *mut *mut halma_game,
) -> halma_status {
    let copy = |record: &Record| {
        Ok(handle(halma_game {
            game: record.game().clone(),
        }))
    };
    // SAFETY: this function's contract is `read`'s.
    unsafe { read(record, Out(out), copy) }
}

/// Writes the value of the header `name` (e.g. "Site", "X") into `buf`. INVALID_ARGUMENT
/// when the record has no such header; the headers written from the game (`Result`,
/// `Reason`, `Position`) are `halma_record_result`, `halma_record_reason` and the game's
/// start (`halma_game_start_to_text`).
#[doc = safety!(shared(record: halma_record), input(name), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_tag(
    record: *const halma_record,
    name: *const c_char,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let args = (Shared(record, "record"), CText(name, "name"));
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, out, |(record, name)| {
            let name = utf8(name, "header name")?;
            record.record.tag(name).map(str::to_owned).ok_or_else(|| {
                Error::new(
                    HALMA_STATUS_INVALID_ARGUMENT,
                    format_args!("the record has no {name} header"),
                )
            })
        })
    }
}

/// Sets the header `name` to `value`, in its place if the record has it, else after the
/// others. INVALID_ARGUMENT for a name that is not ASCII letters, digits and `_` after a
/// letter, for `Result`, `Reason` and `Position` (written from the game), and for a value
/// with a line break or another control character; PARSE_ERROR for invalid UTF-8.
#[doc = safety!(exclusive(record: halma_record), input(name), input(value))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_set_tag(
    record: *mut halma_record,
    name: *const c_char,
    value: *const c_char,
) -> halma_status {
    let args = (
        Exclusive(record, "record"),
        (CText(name, "name"), CText(value, "value")),
    );
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(args, (), |(record, (name, value))| {
            let name = utf8(name, "header name")?;
            let value = utf8(value, "header value")?;
            Ok(record.record.set_tag(name, value)?)
        })
    }
}

/// Records that `side` (HALMA_SIDE_X or HALMA_SIDE_O) resigned: the other side wins.
/// INVALID_ARGUMENT for another value, GAME_OVER once the game is over (by the rules or a
/// resignation).
#[doc = safety!(exclusive(record: halma_record))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_resign(
    record: *mut halma_record,
    side: halma_side,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe {
        call(Exclusive(record, "record"), (), |record| {
            let side = match side {
                HALMA_SIDE_X => Side::X,
                HALMA_SIDE_O => Side::O,
                _ => {
                    return Err(Error::new(
                        HALMA_STATUS_INVALID_ARGUMENT,
                        format_args!("{side} is not a side: HALMA_SIDE_X is 0, HALMA_SIDE_O 1"),
                    ));
                }
            };
            Ok(record.record.resign(side)?)
        })
    }
}

/// Writes the record's result into `buf`: "1-0" (x won), "0-1" (o won), "1/2-1/2" (drawn)
/// or "*" (going on).
#[doc = safety!(shared(record: halma_record), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_result(
    record: *const halma_record,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    // SAFETY: this function's contract is `read`'s.
    unsafe { read(record, out, |record| Ok(record.result().to_owned())) }
}

/// Writes why the game ended into `buf`: by the rules "goal_camp", "repetition" or
/// "no_moves"; by its players "resignation", "agreement", "time" or "abandonment"; the
/// empty string while it goes on.
#[doc = safety!(shared(record: halma_record), text(buf, len))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_record_reason(
    record: *const halma_record,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_status {
    let out = OutText(buf, len, out_len);
    let reason = |record: &Record| Ok(record.reason().unwrap_or_default().to_owned());
    // SAFETY: this function's contract is `read`'s.
    unsafe { read(record, out, reason) }
}

/// The shape of the getters: `read` of the record `record` (borrowed shared) into `out`.
///
/// # Safety
/// `record` and the pointers of `out` are NULL or meet their contracts (`safety!(shared
/// ...)` for `record`), as for [`call`].
unsafe fn read<O: Output>(
    record: *const halma_record,
    out: O,
    read: impl FnOnce(&Record) -> Result<O::Value, Error>,
) -> halma_status {
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(Shared(record, "record"), out, |record| read(&record.record)) }
}

/// The shape of the readers: the record that the C string `text` holds, made into a handle
/// by `made` and written to `out`.
///
/// # Safety
/// `text` and `out` are NULL or meet their contracts (`safety!(input ...)`,
/// `safety!(out ...)`), as for [`call`].
unsafe fn read_record<T>(
    text: *const c_char,
    out: *mut *mut T,
    made: impl FnOnce(Record) -> *mut T,
) -> halma_status {
    let read = |text: &CStr| Ok(made(utf8(text, "game record")?.parse()?));
    // SAFETY: this function's contract is `call`'s.
    unsafe { call(CText(text, "record"), Out(out), read) }
}

/// A new record handle.
fn record_handle(record: Record) -> *mut halma_record {
    handle(halma_record { record })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// The status and last error of reading `text` as a game.
    fn load(text: &CStr) -> (halma_status, String) {
        let mut game = core::ptr::null_mut();
        // SAFETY: a C string and a local out-parameter.
        let status = unsafe { halma_game_from_record(text.as_ptr(), &mut game) };
        // SAFETY: NULL or the game just made, not used again.
        unsafe { super::super::game::halma_game_free(game) };
        let message = super::super::guard::with_last_error(str::to_owned);
        (status, message)
    }

    #[test]
    fn every_record_error_is_a_parse_error_that_says_where() {
        let start = crate::Position::start();
        for (text, status) in [
            (c"".to_owned(), HALMA_STATUS_PARSE_ERROR),
            (c"[Site a]".to_owned(), HALMA_STATUS_PARSE_ERROR),
            (c"1. l2-k3 1-0".to_owned(), HALMA_STATUS_PARSE_ERROR),
            (c"16/16 x\n".to_owned(), HALMA_STATUS_PARSE_ERROR),
            (
                c"[Position \"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 x\"]".to_owned(),
                HALMA_STATUS_PARSE_ERROR,
            ),
            (c"1. l2-k3 l1-l2".to_owned(), HALMA_STATUS_PARSE_ERROR),
            (
                std::ffi::CString::new(format!(
                    "{start}\nl2-k3 e15-f14 k3-l2 f14-e15 l2-k3 e15-f14 k3-l2 f14-e15 l2-k3"
                ))
                .unwrap(),
                HALMA_STATUS_PARSE_ERROR,
            ),
            (c"1. l2-k3 e15-f14".to_owned(), HALMA_STATUS_OK),
        ] {
            let (got, message) = load(&text);
            assert_eq!(got, status, "{text:?}: {message}");
        }
        let (_, message) = load(c"1. l2-k3 l1-l2");
        assert!(
            message.starts_with("Move 2 (l1-l2) on line 1 of the game record cannot be played"),
            "{message}"
        );
    }

    #[test]
    fn a_bad_header_is_an_invalid_argument() {
        let mut record = record_handle(Record::new(Game::new()));
        for (name, value) in [(c"Result", c"1-0"), (c"Two words", c"v"), (c"X", c"a\nb")] {
            // SAFETY: the live record and C strings.
            let status = unsafe { halma_record_set_tag(record, name.as_ptr(), value.as_ptr()) };
            assert_eq!(status, HALMA_STATUS_INVALID_ARGUMENT, "{name:?}");
        }
        // SAFETY: the live record, not used again.
        unsafe { halma_record_free(core::mem::replace(&mut record, core::ptr::null_mut())) };
    }
}

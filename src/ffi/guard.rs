//! The boundary machinery shared by every entry point: the panic guard, the thread's last
//! error, NULL-checked arguments, and out-parameters written only on success.

use core::ffi::{CStr, c_char};
use core::fmt::Display;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::{NothingToUndoError, ParseLegalMoveError, ParsePositionError, PlayError};

use super::types::*;

/// A failed call: its status and the sentence for the last error message.
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) status: halma_status,
    pub(crate) message: String,
}

impl Error {
    /// A failure with `status`, explained by `reason` (a Rust error's message, lower case
    /// without a final period, or already a sentence), turned into a full sentence.
    pub(crate) fn new(status: halma_status, reason: impl Display) -> Error {
        let reason = reason.to_string();
        let mut chars = reason.chars();
        let mut message: String = match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => String::from("Unknown error"),
        };
        if !message.ends_with(['.', '!', '?']) {
            message.push('.');
        }
        Error { status, message }
    }

    fn null(name: &str) -> Error {
        Error::new(
            HALMA_STATUS_NULL_ARGUMENT,
            format_args!("the argument {name} is NULL, but it must point to valid memory"),
        )
    }
}

impl From<ParsePositionError> for Error {
    fn from(error: ParsePositionError) -> Error {
        let status = match error {
            ParsePositionError::Invalid(_) => HALMA_STATUS_INVALID_POSITION,
            _ => HALMA_STATUS_PARSE_ERROR,
        };
        Error::new(status, error)
    }
}

impl From<PlayError> for Error {
    fn from(error: PlayError) -> Error {
        let status = match error {
            PlayError::Syntax(_) => HALMA_STATUS_PARSE_ERROR,
            PlayError::GameOver => HALMA_STATUS_GAME_OVER,
            _ => HALMA_STATUS_ILLEGAL_MOVE,
        };
        Error::new(status, error)
    }
}

impl From<ParseLegalMoveError> for Error {
    fn from(error: ParseLegalMoveError) -> Error {
        PlayError::from(error).into()
    }
}

impl From<NothingToUndoError> for Error {
    fn from(error: NothingToUndoError) -> Error {
        Error::new(HALMA_STATUS_NOTHING_TO_UNDO, error)
    }
}

thread_local! {
    /// The message of the latest failed call on this thread.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// Calls `f` with the message of the latest failed call on this thread ("" before any).
pub(crate) fn with_last_error<R>(f: impl FnOnce(&str) -> R) -> R {
    LAST_ERROR.with(|last| f(&last.borrow()))
}

/// What an entry point's body returns, and what the C caller gets for it.
pub(crate) trait Boundary {
    /// The C return type.
    type Output;
    /// The return value for a body that finished (recording a failure, if any).
    fn finish(self) -> Self::Output;
    /// The return value for a body that panicked.
    fn panicked() -> Self::Output;
}

/// Status functions: a failure becomes its status and the thread's last error.
impl Boundary for Result<(), Error> {
    type Output = halma_status;
    fn finish(self) -> halma_status {
        match self {
            Ok(()) => HALMA_STATUS_OK,
            Err(error) => {
                set_last_error(error.message);
                error.status
            }
        }
    }
    fn panicked() -> halma_status {
        HALMA_STATUS_PANIC
    }
}

/// Functions returning an object: NULL on failure.
impl<T> Boundary for Result<*mut T, Error> {
    type Output = *mut T;
    fn finish(self) -> *mut T {
        self.unwrap_or_else(|error| {
            set_last_error(error.message);
            core::ptr::null_mut()
        })
    }
    fn panicked() -> *mut T {
        core::ptr::null_mut()
    }
}

/// Functions returning static text: the empty string after a panic.
impl Boundary for &'static CStr {
    type Output = *const c_char;
    fn finish(self) -> *const c_char {
        self.as_ptr()
    }
    fn panicked() -> *const c_char {
        c"".as_ptr()
    }
}

/// Functions returning nothing.
impl Boundary for () {
    type Output = ();
    fn finish(self) {}
    fn panicked() {}
}

/// A status that is not recorded as the last error (the last error's own accessor).
pub(crate) struct Unrecorded(pub(crate) halma_status);

impl Boundary for Unrecorded {
    type Output = halma_status;
    fn finish(self) -> halma_status {
        self.0
    }
    fn panicked() -> halma_status {
        HALMA_STATUS_PANIC
    }
}

/// The panic guard around every entry point: runs `body`, and turns a panic into the
/// failure value of its return type with a last error message saying what happened.
///
/// `AssertUnwindSafe`: after a panic, what the call was changing may be inconsistent; the
/// conventions tell the host to free it, and safe Rust keeps even that free of undefined
/// behaviour.
pub(crate) fn guard<R: Boundary>(body: impl FnOnce() -> R) -> R::Output {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result.finish(),
        Err(payload) => {
            set_last_error(
                Error::new(
                    HALMA_STATUS_PANIC,
                    format_args!(
                        "an internal error occurred (a bug in halma, please report it): {}",
                        panic_message(&*payload)
                    ),
                )
                .message,
            );
            R::panicked()
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(message) = payload.downcast_ref::<&str>() {
        message
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message
    } else {
        "no message"
    }
}

/// A reference from a pointer argument, or `NULL_ARGUMENT`.
///
/// # Safety
/// `ptr` is NULL or points to a valid `T` that nothing mutates during `'a`.
pub(crate) unsafe fn arg_ref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Error> {
    // SAFETY: by the caller's contract, a non-NULL `ptr` is valid and unaliased by writes.
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(name))
}

/// A mutable reference from a pointer argument, or `NULL_ARGUMENT`.
///
/// # Safety
/// `ptr` is NULL or points to a valid `T` that nothing else accesses during `'a`.
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Error> {
    // SAFETY: by the caller's contract, a non-NULL `ptr` is valid and exclusive.
    unsafe { ptr.as_mut() }.ok_or_else(|| Error::null(name))
}

/// Input text from a C string: `NULL_ARGUMENT` for NULL. Its bytes are checked for UTF-8
/// by [`text`], after every NULL check, as the status precedence requires.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that lives and stays unchanged
/// during `'a`.
pub(crate) unsafe fn arg_cstr<'a>(ptr: *const c_char, name: &str) -> Result<&'a CStr, Error> {
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    // SAFETY: non-NULL, and NUL-terminated and live by the caller's contract.
    Ok(unsafe { CStr::from_ptr(ptr) })
}

/// The UTF-8 text of `cstr`, or `PARSE_ERROR`; `what` names it ("position text").
pub(crate) fn text<'a>(cstr: &'a CStr, what: &str) -> Result<&'a str, Error> {
    cstr.to_str().map_err(|error| {
        Error::new(
            HALMA_STATUS_PARSE_ERROR,
            format_args!(
                "the {what} is not valid UTF-8 (invalid byte at offset {})",
                error.valid_up_to()
            ),
        )
    })
}

/// An out-parameter for one value, written only by [`Out::write`], on success.
pub(crate) struct Out<'a, T> {
    ptr: *mut MaybeUninit<T>,
    _lifetime: PhantomData<&'a mut T>,
}

/// An out-parameter, or `NULL_ARGUMENT`.
///
/// # Safety
/// `ptr` is NULL or valid for writing a `T` (possibly uninitialized) during `'a`.
pub(crate) unsafe fn out_param<'a, T: Copy>(ptr: *mut T, name: &str) -> Result<Out<'a, T>, Error> {
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    Ok(Out {
        ptr: ptr.cast(),
        _lifetime: PhantomData,
    })
}

impl<T: Copy> Out<'_, T> {
    pub(crate) fn write(self, value: T) {
        // SAFETY: non-NULL and valid for writes by the contract of `out_param`.
        unsafe { self.ptr.write(MaybeUninit::new(value)) };
    }
}

/// An array out-parameter `(items, cap, out_len)`.
pub(crate) struct OutArray<'a, T> {
    items: *mut T,
    cap: usize,
    out_len: Out<'a, usize>,
}

/// An array out-parameter: `NULL_ARGUMENT` for a NULL `out_len`, or a NULL `items` with a
/// non-zero `cap`.
///
/// # Safety
/// `items` is NULL or valid for writing `cap` values of `T`, and `out_len` NULL or valid
/// for writing a `size_t`, during `'a`.
pub(crate) unsafe fn out_array<'a, T: Copy>(
    items: *mut T,
    cap: usize,
    out_len: *mut usize,
    name: &str,
) -> Result<OutArray<'a, T>, Error> {
    if items.is_null() && cap > 0 {
        return Err(Error::null(name));
    }
    Ok(OutArray {
        items,
        cap,
        // SAFETY: the caller's contract on `out_len`.
        out_len: unsafe { out_param(out_len, "out_len") }?,
    })
}

impl<T: Copy> OutArray<'_, T> {
    /// Writes `values` and their count, or only the count needed when they do not fit.
    pub(crate) fn write(self, values: &[T]) -> Result<(), Error> {
        let needed = values.len();
        self.out_len.write(needed);
        if needed > self.cap {
            return Err(Error::new(
                HALMA_STATUS_BUFFER_TOO_SMALL,
                format_args!(
                    "the array is too small: it holds {} items, {needed} are needed",
                    self.cap
                ),
            ));
        }
        if needed > 0 {
            // SAFETY: `items` is non-NULL (`cap >= needed > 0`) and valid for `cap >= needed`
            // writes by the contract of `out_array`; `values` is a Rust slice, so the two
            // do not overlap.
            unsafe { self.items.copy_from_nonoverlapping(values.as_ptr(), needed) };
        }
        Ok(())
    }
}

/// A text out-parameter `(buf, len, out_len)`.
pub(crate) struct OutText<'a> {
    array: OutArray<'a, c_char>,
}

/// A text out-parameter: `NULL_ARGUMENT` for a NULL `out_len`, or a NULL `buf` with a
/// non-zero `len`.
///
/// # Safety
/// `buf` is NULL or valid for writing `len` bytes, and `out_len` NULL or valid for writing
/// a `size_t`, during `'a`.
pub(crate) unsafe fn out_text<'a>(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<OutText<'a>, Error> {
    Ok(OutText {
        // SAFETY: the caller's contract, passed on.
        array: unsafe { out_array(buf, len, out_len, "buf") }?,
    })
}

impl OutText<'_> {
    /// Writes `text` and a NUL, and its length without the NUL; or, when it does not fit,
    /// the length needed and (room permitting) the empty string.
    pub(crate) fn write(self, text: &str) -> Result<(), Error> {
        let OutArray {
            items: buf,
            cap: len,
            out_len,
        } = self.array;
        let needed = text.len();
        out_len.write(needed);
        if needed >= len {
            if len > 0 {
                // SAFETY: `buf` is non-NULL and valid for `len > 0` writes (`out_text`).
                unsafe { buf.write(0) };
            }
            return Err(Error::new(
                HALMA_STATUS_BUFFER_TOO_SMALL,
                format_args!(
                    "the text buffer is too small: it holds {len} bytes, the text needs {} with its terminating NUL",
                    needed + 1
                ),
            ));
        }
        // SAFETY: `buf` is non-NULL and valid for `len > needed` writes (`out_text`), and
        // `text` is a Rust string, so the two do not overlap.
        unsafe {
            buf.cast::<u8>()
                .copy_from_nonoverlapping(text.as_ptr(), needed);
            buf.add(needed).write(0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status call that fails with `status` and `reason`.
    fn fail(status: halma_status, reason: &str) -> halma_status {
        guard(|| -> Result<(), Error> { Err(Error::new(status, reason)) })
    }

    fn last_error() -> String {
        with_last_error(str::to_owned)
    }

    #[test]
    fn a_panic_becomes_the_panic_status_and_the_last_error() {
        let status = guard(|| -> Result<(), Error> { panic!("the board caught fire") });
        assert_eq!(status, HALMA_STATUS_PANIC);
        let message = last_error();
        assert!(
            message.starts_with("An internal error occurred"),
            "{message}"
        );
        assert!(message.contains("the board caught fire"), "{message}");
        assert!(message.ends_with('.'), "{message}");
    }

    #[test]
    fn a_panic_with_a_formatted_message_is_reported() {
        let pointer = guard(|| -> Result<*mut u8, Error> { panic!("square {}", 256) });
        assert!(pointer.is_null());
        assert!(last_error().contains("square 256"), "{}", last_error());
    }

    #[test]
    fn a_panic_in_a_static_text_function_gives_the_empty_string() {
        let text = guard(|| -> &'static CStr { panic!("no name") });
        // SAFETY: `guard` returns a pointer to a static NUL-terminated string.
        assert_eq!(unsafe { CStr::from_ptr(text) }, c"");
    }

    #[test]
    fn a_failure_sets_the_last_error_and_a_success_keeps_it() {
        let status = fail(HALMA_STATUS_GAME_OVER, "the game is over");
        assert_eq!(status, HALMA_STATUS_GAME_OVER);
        assert_eq!(last_error(), "The game is over.");
        assert_eq!(guard(|| -> Result<(), Error> { Ok(()) }), HALMA_STATUS_OK);
        assert_eq!(last_error(), "The game is over.");
        assert_eq!(guard(|| Unrecorded(HALMA_STATUS_NULL_ARGUMENT)), 1);
        assert_eq!(last_error(), "The game is over.");
    }

    #[test]
    fn the_last_error_is_per_thread() {
        fail(HALMA_STATUS_PARSE_ERROR, "bad text");
        assert_eq!(last_error(), "Bad text.");
        let other = std::thread::spawn(last_error).join().unwrap();
        assert_eq!(other, "");
    }

    #[test]
    fn null_pointers_are_refused_before_use() {
        // SAFETY: NULL is allowed by every helper's contract.
        unsafe {
            assert!(arg_ref::<u8>(core::ptr::null(), "game").is_err());
            assert!(arg_mut::<u8>(core::ptr::null_mut(), "game").is_err());
            assert!(arg_cstr(core::ptr::null(), "text").is_err());
            assert!(out_param::<u8>(core::ptr::null_mut(), "out").is_err());
            let mut len = 0;
            let error = out_array::<u8>(core::ptr::null_mut(), 1, &mut len, "items").err();
            assert_eq!(error.map(|e| e.status), Some(HALMA_STATUS_NULL_ARGUMENT));
            let error = out_text(core::ptr::null_mut(), 0, core::ptr::null_mut()).err();
            assert_eq!(error.map(|e| e.status), Some(HALMA_STATUS_NULL_ARGUMENT));
        }
    }

    #[test]
    fn text_out_fits_exactly_or_reports_the_size_needed() {
        let mut buf = [b'?' as c_char; 4];
        let mut len = 99;
        let write = |buf: &mut [c_char], cap: usize, len: &mut usize, text: &str| {
            // SAFETY: `buf` holds at least `cap` bytes; `len` is a valid `usize`.
            unsafe { out_text(buf.as_mut_ptr(), cap, len) }?.write(text)
        };
        assert!(write(&mut buf, 4, &mut len, "abc").is_ok());
        assert_eq!((buf.map(|b| b as u8), len), (*b"abc\0", 3));
        let error = write(&mut buf, 4, &mut len, "abcd").unwrap_err();
        assert_eq!(error.status, HALMA_STATUS_BUFFER_TOO_SMALL);
        assert_eq!((buf[0], len), (0, 4));
        // SAFETY: a NULL buffer with no room is allowed; `len` is a valid `usize`.
        let error = unsafe { out_text(core::ptr::null_mut(), 0, &mut len) }
            .and_then(|out| out.write("hello"))
            .unwrap_err();
        assert_eq!((error.status, len), (HALMA_STATUS_BUFFER_TOO_SMALL, 5));
    }

    #[test]
    fn arrays_too_small_stay_untouched() {
        let mut items = [7u8; 2];
        let mut len = 0;
        // SAFETY: `items` holds 2 bytes; `len` is a valid `usize`.
        let error = unsafe { out_array(items.as_mut_ptr(), 2, &mut len, "items") }
            .and_then(|out| out.write(&[1, 2, 3]))
            .unwrap_err();
        assert_eq!(
            (error.status, len, items),
            (HALMA_STATUS_BUFFER_TOO_SMALL, 3, [7, 7])
        );
        // SAFETY: as above.
        unsafe { out_array(items.as_mut_ptr(), 2, &mut len, "items") }
            .and_then(|out| out.write(&[1, 2]))
            .unwrap();
        assert_eq!((len, items), (2, [1, 2]));
    }
}

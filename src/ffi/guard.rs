//! The boundary machinery shared by every entry point: the panic guard, the thread's last
//! error, and [`call`], the guard around the checks of an entry point's arguments, its body
//! and its output.
//!
//! [`call`] checks and writes through two traits defined here, [`Arg`] and [`Output`]; each
//! kind of pointer argument implements them in [`super::args`], which builds on this module
//! (its errors, and the guard around a handle's release) and not the other way round.

use core::ffi::{CStr, c_char};
use core::fmt::Display;
use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

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

    /// `NULL_ARGUMENT` for the pointer argument `name`.
    pub(crate) fn null(name: &str) -> Error {
        Error::new(
            HALMA_STATUS_NULL_ARGUMENT,
            format_args!("the argument {name} is NULL, but it must point to valid memory"),
        )
    }
}

/// A library error: the status of its kind ([`status_of`]), and its message.
impl<E: crate::Error> From<E> for Error {
    fn from(error: E) -> Error {
        Error::new(status_of(error.kind()), error)
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

/// A status function whose failure is not recorded as the last error (the last error's
/// own accessor).
pub(crate) struct Unrecorded(pub(crate) Result<(), Error>);

impl Boundary for Unrecorded {
    type Output = halma_status;
    fn finish(self) -> halma_status {
        self.0
            .map_or_else(|error| error.status, |()| HALMA_STATUS_OK)
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

/// An input argument of an entry point (or two, as a pair, checked in order), turned into
/// what the body uses: `NULL_ARGUMENT` for a NULL pointer. Each kind, with its contract, is
/// in [`super::args`].
pub(crate) trait Arg {
    /// What the body gets.
    type Checked<'a>
    where
        Self: 'a;

    /// The checked argument, or `NULL_ARGUMENT` naming the first NULL pointer.
    ///
    /// # Safety
    /// Each pointer is NULL or meets the contract of its type during `'a`.
    unsafe fn check<'a>(self) -> Result<Self::Checked<'a>, Error>;
}

/// The output of an entry point: NULL-checked after its inputs, before the body runs, and
/// written with the body's value, only on success. Each kind, with its contract, is in
/// [`super::args`].
pub(crate) trait Output {
    /// What the body gives.
    type Value;

    /// `NULL_ARGUMENT`, naming it, for a NULL pointer that must not be NULL.
    fn check(&self) -> Result<(), Error>;

    /// Writes `value`: a failed write (`BUFFER_TOO_SMALL`) writes only the size needed.
    ///
    /// # Safety
    /// [`Output::check`] returned `Ok`, and each pointer meets the contract of the type.
    unsafe fn write(self, value: Self::Value) -> Result<(), Error>;
}

/// The body of an entry point with pointers, without the guard: checks `args` (in order),
/// then `out`, for NULL; runs `body` on the checked arguments; writes its value to `out`.
///
/// # Safety
/// Each pointer of `args` and `out` is NULL or meets the contract of its type (see
/// [`super::args`]) during the call.
pub(crate) unsafe fn run<A: Arg, O: Output>(
    args: A,
    out: O,
    body: impl FnOnce(A::Checked<'_>) -> Result<O::Value, Error>,
) -> Result<(), Error> {
    // SAFETY: this function's contract on `args`.
    let args = unsafe { args.check() }?;
    out.check()?;
    let value = body(args)?;
    // SAFETY: `out` passed `check`; its pointers meet their contract by this function's.
    unsafe { out.write(value) }
}

/// A status entry point with pointers: [`run`] inside the [`guard`].
///
/// # Safety
/// As for [`run`].
pub(crate) unsafe fn call<A: Arg, O: Output>(
    args: A,
    out: O,
    body: impl FnOnce(A::Checked<'_>) -> Result<O::Value, Error>,
) -> halma_status {
    // SAFETY: this function's contract is `run`'s.
    guard(|| unsafe { run(args, out, body) })
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
        let unrecorded = Unrecorded(Err(Error::new(HALMA_STATUS_NULL_ARGUMENT, "x")));
        assert_eq!(guard(|| unrecorded), HALMA_STATUS_NULL_ARGUMENT);
        assert_eq!(last_error(), "The game is over.");
    }

    #[test]
    fn the_last_error_is_per_thread() {
        fail(HALMA_STATUS_PARSE_ERROR, "bad text");
        assert_eq!(last_error(), "Bad text.");
        let other = std::thread::spawn(last_error).join().unwrap();
        assert_eq!(other, "");
    }
}

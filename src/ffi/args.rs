//! The pointer arguments of the entry points, one type per kind: what C passes, the
//! contract a C caller keeps for it, and the one `SAFETY` argument resting on that contract.
//!
//! Inputs ([`Arg`]: [`Shared`], [`Exclusive`], [`CText`], and pairs of them) become Rust
//! references; outputs ([`Output`]: [`Out`], [`OutArray`], [`OutText`], or `()` for none) are
//! NULL-checked with the inputs and written after the body, only on success. The two traits
//! are [`super::guard`]'s, whose [`call`](super::guard::call) uses them (re-exported here
//! with their implementations). Handles are
//! made by [`handle`] and released by [`free`]. [`safety!`] writes an entry point's
//! `# Safety` section from the same contracts.

use core::ffi::{CStr, c_char};

pub(crate) use super::guard::{Arg, Output};
use super::guard::{Error, guard};
use super::types::*;

/// The `# Safety` section of an entry point: one line per pointer argument, each the
/// contract of its kind, e.g. `#[doc = safety!(shared(game: halma_game), out(out))]`. A doc
/// attribute written by a macro: cbindgen copies only literal doc comments, so the header
/// stays as it was (a C caller knows that a pointer it passes must be valid).
macro_rules! safety {
    ($($kind:ident($($arg:tt)*)),+ $(,)?) => {
        concat!(
            "\n# Safety\n\nThe C contract (see the conventions of the module): each pointer is \
             NULL or, for the whole call, as follows.\n",
            $($crate::ffi::args::safety!(@ $kind $($arg)*),)+
        )
    };
    (@shared $name:ident: $ty:ident) => {
        $crate::ffi::args::safety!(@handle $name: $ty, "changes")
    };
    (@exclusive $name:ident: $ty:ident) => {
        $crate::ffi::args::safety!(@handle $name: $ty, "uses")
    };
    (@live $name:ident: $ty:ident) => {
        $crate::ffi::args::safety!(@handle $name: $ty, "frees")
    };
    (@handle $name:ident: $ty:ident, $verb:literal) => {
        concat!(
            "- `", stringify!($name), "` points to a live `", stringify!($ty),
            "` (made by this library and not freed yet) that no other call ", $verb, ".\n"
        )
    };
    (@freed $name:ident: $ty:ident) => {
        concat!(
            "- `", stringify!($name), "` is a `", stringify!($ty),
            "` made by this library and not freed yet, on which no other call runs; it is \
             not used again.\n"
        )
    };
    (@data $name:ident: $ty:ident) => {
        concat!(
            "- `", stringify!($name), "` points to a `", stringify!($ty),
            "` that no other call changes.\n"
        )
    };
    (@input_array $items:ident, $len:ident) => {
        concat!(
            "- `", stringify!($items), "` is valid for reading `", stringify!($len),
            "` items that no other call changes (it may be NULL when `", stringify!($len),
            "` is 0).\n"
        )
    };
    (@input $name:ident) => {
        concat!(
            "- `", stringify!($name),
            "` points to a NUL-terminated string that no other call changes.\n"
        )
    };
    (@out $name:ident) => {
        concat!(
            "- `", stringify!($name), "` is valid for writing one value of its type.\n"
        )
    };
    (@array $items:ident, $cap:ident) => {
        $crate::ffi::args::safety!(@buffer $items, $cap, "items")
    };
    (@text $buf:ident, $len:ident) => {
        $crate::ffi::args::safety!(@buffer $buf, $len, "bytes")
    };
    (@buffer $items:ident, $cap:ident, $unit:literal) => {
        concat!(
            "- `", stringify!($items), "` is valid for writing `", stringify!($cap), "` ",
            $unit, ", and `out_len` for writing a `size_t`.\n"
        )
    };
    (@callback $callback:ident, $user:ident) => {
        concat!(
            "- `", stringify!($callback), "` may be called with `", stringify!($user),
            "`, as `halma_info_callback` says, during every later search of this engine, on \
             the thread that calls `halma_engine_search`.\n"
        )
    };
}
pub(crate) use safety;

/// `const T *name`, borrowed shared: its contract is `safety!(shared ...)` (for a
/// `halma_engine`, `safety!(live ...)`: it synchronizes its own changes). Gives `&T`.
pub(crate) struct Shared<T>(pub(crate) *const T, pub(crate) &'static str);

impl<T> Arg for Shared<T> {
    type Checked<'a>
        = &'a T
    where
        Self: 'a;

    unsafe fn check<'a>(self) -> Result<&'a T, Error> {
        // SAFETY: by the contract, a non-NULL pointer points to a live `T` that nothing
        // changes but through shared references (its own synchronization) during `'a`.
        unsafe { self.0.as_ref() }.ok_or_else(|| Error::null(self.1))
    }
}

/// `T *name`, borrowed exclusive: its contract is `safety!(exclusive ...)`. Gives `&mut T`.
pub(crate) struct Exclusive<T>(pub(crate) *mut T, pub(crate) &'static str);

impl<T> Arg for Exclusive<T> {
    type Checked<'a>
        = &'a mut T
    where
        Self: 'a;

    unsafe fn check<'a>(self) -> Result<&'a mut T, Error> {
        // SAFETY: by the contract, a non-NULL pointer points to a live `T` that nothing
        // else accesses during `'a`.
        unsafe { self.0.as_mut() }.ok_or_else(|| Error::null(self.1))
    }
}

/// `const char *name`, input text: its contract is `safety!(input ...)`. Gives the C
/// string; [`utf8`] reads it after every NULL check, as the status precedence requires.
pub(crate) struct CText(pub(crate) *const c_char, pub(crate) &'static str);

impl Arg for CText {
    type Checked<'a> = &'a CStr;

    unsafe fn check<'a>(self) -> Result<&'a CStr, Error> {
        if self.0.is_null() {
            return Err(Error::null(self.1));
        }
        // SAFETY: non-NULL, so by the contract NUL-terminated and unchanged during `'a`.
        Ok(unsafe { CStr::from_ptr(self.0) })
    }
}

/// No input.
impl Arg for () {
    type Checked<'a> = ();

    unsafe fn check<'a>(self) -> Result<Self::Checked<'a>, Error> {
        Ok(())
    }
}

/// Two inputs, checked in order.
impl<A: Arg, B: Arg> Arg for (A, B) {
    type Checked<'a>
        = (A::Checked<'a>, B::Checked<'a>)
    where
        Self: 'a;

    unsafe fn check<'a>(self) -> Result<Self::Checked<'a>, Error> {
        // SAFETY: the caller's contract covers both.
        unsafe { Ok((self.0.check()?, self.1.check()?)) }
    }
}

/// The UTF-8 text of `cstr`, or `PARSE_ERROR`; `what` names it ("position text").
pub(crate) fn utf8<'a>(cstr: &'a CStr, what: &str) -> Result<&'a str, Error> {
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

/// No output.
impl Output for () {
    type Value = ();

    fn check(&self) -> Result<(), Error> {
        Ok(())
    }

    unsafe fn write(self, (): ()) -> Result<(), Error> {
        Ok(())
    }
}

/// `T *out`, an out-parameter: its contract is `safety!(out ...)`.
pub(crate) struct Out<T>(pub(crate) *mut T);

impl<T> Output for Out<T> {
    type Value = T;

    fn check(&self) -> Result<(), Error> {
        null_check(self.0, "out")
    }

    unsafe fn write(self, value: T) -> Result<(), Error> {
        // SAFETY: non-NULL (`check`), so valid for writing a `T` by the contract; the old
        // contents, maybe uninitialized, are not read or dropped.
        unsafe { self.0.write(value) };
        Ok(())
    }
}

/// `(T *items, size_t cap, size_t *out_len)`, an array out, `items` named by the last
/// field: its contract is `safety!(array ...)`.
pub(crate) struct OutArray<T>(
    pub(crate) *mut T,
    pub(crate) usize,
    pub(crate) *mut usize,
    pub(crate) &'static str,
);

impl<T: Copy> Output for OutArray<T> {
    type Value = Vec<T>;

    fn check(&self) -> Result<(), Error> {
        buffer_check(self.0, self.1, self.2, self.3)
    }

    /// Writes the items and their count, or only the count needed when they do not fit.
    unsafe fn write(self, values: Vec<T>) -> Result<(), Error> {
        let OutArray(items, cap, out_len, _) = self;
        let needed = values.len();
        // SAFETY: `out_len` passed `check` and meets the contract of `Self`, which is
        // `Out`'s for it.
        unsafe { Out(out_len).write(needed) }?;
        if needed > cap {
            return Err(Error::new(
                HALMA_STATUS_BUFFER_TOO_SMALL,
                format_args!("the array is too small: it holds {cap} items, {needed} are needed"),
            ));
        }
        if needed > 0 {
            // SAFETY: `items` is non-NULL (`check`, as `cap >= needed > 0`) and valid for
            // `cap >= needed` writes by the contract; `values` is Rust's, so the two do not
            // overlap.
            unsafe { items.copy_from_nonoverlapping(values.as_ptr(), needed) };
        }
        Ok(())
    }
}

/// `(char *buf, size_t len, size_t *out_len)`, a text out: its contract is
/// `safety!(text ...)`.
pub(crate) struct OutText(
    pub(crate) *mut c_char,
    pub(crate) usize,
    pub(crate) *mut usize,
);

impl Output for OutText {
    type Value = String;

    fn check(&self) -> Result<(), Error> {
        buffer_check(self.0, self.1, self.2, "buf")
    }

    /// Writes the text and a NUL, and its length without the NUL; or, when it does not fit,
    /// the length needed and (room permitting) the empty string.
    unsafe fn write(self, text: String) -> Result<(), Error> {
        let OutText(buf, len, out_len) = self;
        let needed = text.len();
        // SAFETY: `out_len` passed `check` and meets the contract of `Self`, which is
        // `Out`'s for it.
        unsafe { Out(out_len).write(needed) }?;
        if needed >= len {
            if len > 0 {
                // SAFETY: `buf` is non-NULL (`check`) and valid for `len > 0` writes.
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
        // SAFETY: `buf` is non-NULL (`check`) and valid for `len > needed` writes; `text` is
        // Rust's, so the two do not overlap.
        unsafe {
            buf.cast::<u8>()
                .copy_from_nonoverlapping(text.as_ptr(), needed);
            buf.add(needed).write(0);
        }
        Ok(())
    }
}

/// `NULL_ARGUMENT` naming `name` for a NULL `ptr`.
fn null_check<T>(ptr: *const T, name: &str) -> Result<(), Error> {
    if ptr.is_null() {
        Err(Error::null(name))
    } else {
        Ok(())
    }
}

/// The checks of `(items, cap, out_len)`: a NULL `items` only with `cap` 0, then `out_len`.
fn buffer_check<T>(
    items: *mut T,
    cap: usize,
    out_len: *mut usize,
    name: &str,
) -> Result<(), Error> {
    if cap > 0 {
        null_check(items, name)?;
    }
    null_check(out_len, "out_len")
}

/// A new handle for C: `value` on the heap, until [`free`].
pub(crate) fn handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Frees a handle; NULL does nothing: the shape of the `_free` functions, inside the guard.
///
/// # Safety
/// `handle` is NULL or meets `safety!(freed ...)`: made by [`handle`] with this `T`.
pub(crate) unsafe fn free<T>(handle: *mut T) {
    guard(|| {
        if !handle.is_null() {
            // SAFETY: by the contract, `handle` came from `Box::into_raw` and this is the
            // last use of it, with no other call on it running.
            drop(unsafe { Box::from_raw(handle) });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNSET: usize = 99;

    /// Checks `out` and writes `value` to it, as an entry point does.
    fn put<O: Output>(out: O, value: O::Value) -> Result<(), Error> {
        out.check()?;
        // SAFETY: checked; every test passes pointers to its own live locals, of the sizes
        // it says.
        unsafe { out.write(value) }
    }

    fn status(result: Result<(), Error>) -> halma_status {
        result.err().map_or(HALMA_STATUS_OK, |error| error.status)
    }

    #[test]
    fn null_pointers_are_refused_before_use() {
        // SAFETY: NULL is allowed by every kind's contract.
        unsafe {
            assert!(Shared::<u8>(core::ptr::null(), "game").check().is_err());
            assert!(
                Exclusive::<u8>(core::ptr::null_mut(), "game")
                    .check()
                    .is_err()
            );
            assert!(CText(core::ptr::null(), "text").check().is_err());
            let pair = (CText(c"x".as_ptr(), "a"), CText(core::ptr::null(), "b")).check();
            assert!(pair.err().unwrap().message.contains(" b "));
        }
        assert!(Out::<u8>(core::ptr::null_mut()).check().is_err());
        let mut len = UNSET;
        let items = OutArray::<u8>(core::ptr::null_mut(), 1, &mut len, "items");
        assert_eq!(status(items.check()), HALMA_STATUS_NULL_ARGUMENT);
        let text = OutText(core::ptr::null_mut(), 0, core::ptr::null_mut());
        assert!(text.check().unwrap_err().message.contains("out_len"));
        assert!(OutText(core::ptr::null_mut(), 0, &mut len).check().is_ok());
    }

    #[test]
    fn text_out_fits_exactly_or_reports_the_size_needed() {
        let mut buf = [b'?' as c_char; 4];
        let mut len = UNSET;
        assert!(put(OutText(buf.as_mut_ptr(), 4, &mut len), "abc".into()).is_ok());
        assert_eq!((buf.map(|b| b as u8), len), (*b"abc\0", 3));
        let result = put(OutText(buf.as_mut_ptr(), 4, &mut len), "abcd".into());
        assert_eq!(status(result), HALMA_STATUS_BUFFER_TOO_SMALL);
        assert_eq!((buf[0], len), (0, 4));
        let result = put(OutText(core::ptr::null_mut(), 0, &mut len), "hello".into());
        assert_eq!((status(result), len), (HALMA_STATUS_BUFFER_TOO_SMALL, 5));
    }

    #[test]
    fn arrays_too_small_stay_untouched() {
        let mut items = [7u8; 2];
        let mut len = UNSET;
        let result = put(
            OutArray(items.as_mut_ptr(), 2, &mut len, "items"),
            vec![1, 2, 3],
        );
        assert_eq!(
            (status(result), len, items),
            (HALMA_STATUS_BUFFER_TOO_SMALL, 3, [7, 7])
        );
        put(
            OutArray(items.as_mut_ptr(), 2, &mut len, "items"),
            vec![1, 2],
        )
        .unwrap();
        assert_eq!((len, items), (2, [1, 2]));
    }

    #[test]
    fn a_value_is_written_only_by_write() {
        let mut value = 0u64;
        let out = Out(&raw mut value);
        assert!(out.check().is_ok());
        assert_eq!(value, 0);
        put(out, 42).unwrap();
        assert_eq!(value, 42);
    }

    #[test]
    fn a_handle_is_freed_once_and_null_is_fine() {
        let counted = std::rc::Rc::new(());
        let ptr = handle(counted.clone());
        assert_eq!(std::rc::Rc::strong_count(&counted), 2);
        // SAFETY: `ptr` came from `handle` and is not used again; NULL is allowed.
        unsafe {
            free(ptr);
            free(core::ptr::null_mut::<u8>());
        }
        assert_eq!(std::rc::Rc::strong_count(&counted), 1);
    }
}

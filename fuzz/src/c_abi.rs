//! What the C ABI targets (`ffi_calls`, `engine_calls`) check alike: out-parameters written
//! only on success, and the thread's last error message, read the way a host reads it, and
//! its contract after each call.

use halma::ffi::{
    HALMA_STATUS_BUFFER_TOO_SMALL, HALMA_STATUS_OK, halma_last_error_message, halma_status,
};

/// What an untouched `size_t` holds.
pub const UNSET: usize = usize::MAX - 7;
/// What an untouched byte of a buffer holds.
pub const FILL: u8 = 0xAA;

/// Calls a one-value out function `f(out)` with `out` NULL or a live `T` set to `unset`,
/// checking that it is written exactly on success. Returns the status and the value.
pub fn value_call<T: Copy + PartialEq + core::fmt::Debug>(
    with_out: bool,
    unset: T,
    f: impl FnOnce(*mut T) -> halma_status,
) -> (halma_status, T) {
    let mut value = unset;
    let ptr: *mut T = if with_out {
        &mut value
    } else {
        core::ptr::null_mut()
    };
    let status = f(ptr);
    if status != HALMA_STATUS_OK {
        assert_eq!(
            value, unset,
            "an out-parameter written by a failed call ({status})"
        );
    }
    (status, value)
}

/// The thread's last error message, read the way a host reads it: ask for the length with
/// a NULL buffer, then read into a buffer of that size.
pub fn last_error() -> String {
    let mut needed = UNSET;
    // SAFETY: a NULL buffer of length 0 is allowed; `needed` is a live `size_t`.
    let status = unsafe { halma_last_error_message(core::ptr::null_mut(), 0, &mut needed) };
    assert_eq!(
        status, HALMA_STATUS_BUFFER_TOO_SMALL,
        "asking the length of the last error"
    );
    assert_ne!(needed, UNSET);
    let mut buf = vec![FILL; needed + 1];
    let mut out_len = UNSET;
    // SAFETY: `buf` is a live allocation of `buf.len()` bytes; `out_len` a live `size_t`.
    let status =
        unsafe { halma_last_error_message(buf.as_mut_ptr().cast(), buf.len(), &mut out_len) };
    assert_eq!((status, out_len), (HALMA_STATUS_OK, needed));
    assert_eq!(buf[needed], 0, "the last error message is NUL-terminated");
    buf.truncate(needed);
    String::from_utf8(buf).unwrap_or_else(|error| panic!("a last error not UTF-8: {error}"))
}

/// Checks the last error after a call that `failed` or not (`before`: the message before
/// the call): a failure leaves a sentence, a success leaves the message alone.
pub fn check_last_error(before: &str, failed: bool, what: &str) {
    let now = last_error();
    if failed {
        assert!(
            now.ends_with(['.', '!', '?']) && now.starts_with(|c: char| !c.is_lowercase()),
            "{what}: the last error {now:?} is not a sentence"
        );
        assert!(!now.contains('\0'));
    } else {
        assert_eq!(
            now, before,
            "{what} succeeded but changed the last error message"
        );
    }
}

//! Stop tokens: a stop for one search, made by the host before the search starts, so that
//! a stop that comes before the search has begun is never lost (unlike
//! `halma_engine_stop`'s, which reaches only a running search).

use crate::search::StopToken;

use super::args::{Arg, Shared, free, handle, safety};
use super::guard::guard;

/// A stop for one search. Opaque: made by `halma_stop_token_new`, handed to one
/// `halma_engine_search_with_stop` or `halma_engine_search_level_with_stop`, stopped by
/// `halma_stop_token_stop` from any thread at any time (before the search starts too: the
/// search then returns at once), released by `halma_stop_token_free`.
///
/// A token belongs to the first search it is handed to: another search refuses it with
/// `HALMA_STATUS_INVALID_ARGUMENT`, so a stop that comes after its search ended never
/// reaches a later one. Make a new token for each search.
pub struct halma_stop_token {
    pub(crate) token: StopToken,
}

/// A new stop token, not stopped. Free it with `halma_stop_token_free`. Returns NULL only
/// after a panic.
#[unsafe(no_mangle)]
pub extern "C" fn halma_stop_token_new() -> *mut halma_stop_token {
    guard(|| {
        Ok(handle(halma_stop_token {
            token: StopToken::new(),
        }))
    })
}

/// Stops the search `token` is handed to: now if it runs, at once when it starts if it has
/// not yet (it returns its best move so far within a few milliseconds, the best-ordered legal
/// move if it had not completed an iteration). Callable from any thread at any time, as often
/// as wanted; NULL is fine (nothing happens).
#[doc = safety!(live(token: halma_stop_token))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_stop_token_stop(token: *const halma_stop_token) {
    guard(|| {
        // SAFETY: this function's contract on `token` is `Shared`'s; NULL is no error here.
        if let Ok(token) = unsafe { Shared(token, "token").check() } {
            token.token.stop();
        }
    })
}

/// Frees a stop token. NULL is fine (nothing happens). No search it was handed to, and no
/// `halma_stop_token_stop` on it, may be running.
#[doc = safety!(freed(token: halma_stop_token))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn halma_stop_token_free(token: *mut halma_stop_token) {
    // SAFETY: this function's contract is `free`'s.
    unsafe { free(token) }
}

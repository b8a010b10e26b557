//! The library's one clock: every reading of time (a search's deadlines, the race solver's
//! time budget) and every wait (a level's minimum thinking time) goes through this module,
//! so that a platform without `std`'s clock can give its own.
//!
//! By default the clock is `std`'s monotonic clock. On `wasm32-unknown-unknown`, `std` has
//! none (`std::time::Instant::now` traps there): the host [sets](set) one, for instance
//! from a browser's `performance.now()`. Until it does, time reads as later than every
//! deadline, so a time limit is reached at once: a search with one returns its first
//! iteration's move instead of hanging. Nothing here sleeps on WebAssembly (a host applies
//! a level's minimum thinking time itself: [`Limits::pace`](crate::Limits::pace)), and
//! nothing here starts a thread.
//!
//! The clock is set for the whole process (a host has one clock); set it before the first
//! search.
//!
//! ```
//! use std::time::{Duration, Instant};
//!
//! // What a WebAssembly host does with `performance.now()`; any monotonic source works.
//! fn now() -> Duration {
//!     static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
//!     ORIGIN.get_or_init(Instant::now).elapsed()
//! }
//! halma::clock::set(now);
//! ```

use core::time::Duration;
use std::sync::{PoisonError, RwLock};

/// The host's clock, if it set one.
static HOST: RwLock<Option<fn() -> Duration>> = RwLock::new(None);

/// Makes `now` the clock the library reads from now on, for the whole process.
///
/// `now` gives the time since any fixed origin, and never goes back (a clock that does
/// counts as standing still until it is back). Example: [the module](self).
pub fn set(now: fn() -> Duration) {
    *HOST.write().unwrap_or_else(PoisonError::into_inner) = Some(now);
}

/// Whether `std` has a clock on this target.
const STD_CLOCK: bool = !cfg!(all(target_family = "wasm", target_os = "unknown"));

/// Whether this target can sleep (WebAssembly in a browser cannot block its thread).
const CAN_SLEEP: bool = !cfg!(target_family = "wasm");

/// A moment on the library's clock: the time since the clock's origin.
///
/// Arithmetic saturates: a deadline a [`Duration::MAX`] away is the end of time, not an
/// overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Instant(Duration);

impl Instant {
    /// The end of time: later than every reading of a clock.
    const END: Instant = Instant(Duration::MAX);

    /// Now.
    pub(crate) fn now() -> Instant {
        let host = *HOST.read().unwrap_or_else(PoisonError::into_inner);
        match host {
            Some(now) => Instant(now()),
            None if STD_CLOCK => Instant(std_now()),
            // No clock: every deadline has passed.
            None => Instant::END,
        }
    }

    /// The time from this moment to now (zero when now is not later).
    pub(crate) fn elapsed(self) -> Duration {
        Instant::now().0.saturating_sub(self.0)
    }

    /// The moment `time` after this one (the end of time at most).
    pub(crate) fn saturating_add(self, time: Duration) -> Instant {
        Instant(self.0.saturating_add(time))
    }

    /// Whether this moment has come.
    pub(crate) fn has_passed(self) -> bool {
        Instant::now() >= self
    }
}

/// `std`'s monotonic clock, from its first reading.
fn std_now() -> Duration {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// Waits until `moment` has passed or `stopped` says to return, where the platform can
/// sleep; returns at once where it cannot (WebAssembly).
pub(crate) fn wait_until(moment: Instant, stopped: impl Fn() -> bool) {
    if !CAN_SLEEP {
        return;
    }
    loop {
        let now = Instant::now();
        if now >= moment || stopped() {
            return;
        }
        // Short naps, so that a stop is seen within a few milliseconds.
        std::thread::sleep((moment.0 - now.0).min(Duration::from_millis(2)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_saturate() {
        let now = Instant::now();
        let end = now.saturating_add(Duration::MAX);
        assert_eq!(end, Instant::END);
        assert_eq!(end.saturating_add(Duration::MAX), Instant::END);
        assert!(!end.has_passed());
        assert!(now.has_passed());
        assert_eq!(end.elapsed(), Duration::ZERO);
    }

    #[test]
    fn a_moment_passed_needs_no_wait() {
        let start = std::time::Instant::now();
        wait_until(Instant::now(), || false);
        wait_until(Instant::END, || true);
        assert!(start.elapsed() < Duration::from_secs(1));
    }
}

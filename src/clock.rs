//! The library's one clock: [`Instant`] is std's where the platform has a clock, and on
//! `wasm32-unknown-unknown` (a browser or another WebAssembly host), where std's clock
//! traps, the host's.
//!
//! # WebAssembly hosts
//!
//! A `wasm32-unknown-unknown` build that searches imports two functions from the import
//! module `halma` (a build that only uses the rules imports nothing):
//!
//! - `now_ms() -> f64`: the host's monotonic clock in milliseconds from any fixed origin
//!   (`performance.now()` in a browser);
//! - `stop_requested() -> i32`: nonzero to stop the running search. A search that runs in
//!   a Web Worker cannot read a stop message until it ends, so it asks its host every 1024
//!   nodes; a browser host answers from a `SharedArrayBuffer` flag that the page sets. The
//!   host clears it before the next search.
//!
//! The library never sleeps there: a level's minimum thinking time is the host's to apply.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use host::Instant;

/// Whether the host asks the running search to stop (never, where stop handles reach it).
#[inline]
pub(crate) fn host_stop_requested() -> bool {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        host::stop_requested() != 0
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        false
    }
}

/// Whether this platform can sleep (a level's minimum time is then applied by the search).
pub(crate) const CAN_SLEEP: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use core::ops::Add;
    use core::time::Duration;

    // SAFETY: both imports take no argument and return a plain number, so whatever the host
    // returns is a valid value: calling them cannot break memory safety.
    #[allow(unsafe_code)]
    #[link(wasm_import_module = "halma")]
    unsafe extern "C" {
        safe fn now_ms() -> f64;
        pub(super) safe fn stop_requested() -> i32;
    }

    /// A moment of the host's clock: the time since its origin.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub(crate) struct Instant(Duration);

    impl Instant {
        /// Now (the host's origin, for a host whose clock reads no number).
        pub(crate) fn now() -> Instant {
            let seconds = now_ms() / 1000.0;
            Instant(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::ZERO))
        }

        /// The time since this moment (zero if the host's clock went back).
        pub(crate) fn elapsed(&self) -> Duration {
            Instant::now().0.saturating_sub(self.0)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, time: Duration) -> Instant {
            Instant(self.0.saturating_add(time))
        }
    }
}

//! The stop protocol between an [`Engine`](super::Engine) and its
//! [`StopHandle`](super::StopHandle)s.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock};

/// The stop signal shared by an engine and its stop handles.
///
/// `state` holds the number of the latest search times two, plus one while it runs; a stop
/// writes the number of the running search to `stop`, so a stop meant for a search that has
/// ended cannot reach the next one. `poll`, a host's own check, is asked with it (see
/// [`Engine::set_stop_poll`](super::Engine::set_stop_poll)).
#[derive(Debug, Default)]
pub(crate) struct Signal {
    state: AtomicU64,
    stop: AtomicU64,
    poll: RwLock<Option<fn() -> bool>>,
}

impl Signal {
    /// Marks a new search as running and returns its number.
    pub(crate) fn begin(&self) -> u64 {
        let number = (self.state.load(Ordering::SeqCst) >> 1) + 1;
        self.state.store(number << 1 | 1, Ordering::SeqCst);
        number
    }

    /// Marks search `number` as ended.
    pub(crate) fn end(&self, number: u64) {
        self.state.store(number << 1, Ordering::SeqCst);
    }

    /// Stops the running search, if any.
    pub(crate) fn stop(&self) {
        let state = self.state.load(Ordering::SeqCst);
        if state & 1 == 1 {
            self.stop.store(state >> 1, Ordering::SeqCst);
        }
    }

    /// Makes the stop check also ask `poll` (none: only the stop handles).
    pub(crate) fn set_poll(&self, poll: Option<fn() -> bool>) {
        *self.poll.write().unwrap_or_else(PoisonError::into_inner) = poll;
    }

    /// Whether search `number` was told to stop, by a stop handle or by the poll.
    #[inline]
    pub(crate) fn stopped(&self, number: u64) -> bool {
        self.stop.load(Ordering::Relaxed) == number
            || self
                .poll
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some_and(|poll| poll())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reaches_only_the_running_search() {
        let signal = Signal::default();
        signal.stop(); // nothing runs: no effect on the next search
        let first = signal.begin();
        assert!(!signal.stopped(first));
        signal.stop();
        assert!(signal.stopped(first));
        signal.end(first);
        let second = signal.begin();
        assert!(!signal.stopped(second));
        signal.end(second);
    }

    #[test]
    fn a_poll_stops_what_runs_while_it_says_so() {
        static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        let signal = Signal::default();
        signal.set_poll(Some(|| STOP.load(Ordering::Relaxed)));
        let first = signal.begin();
        assert!(!signal.stopped(first));
        STOP.store(true, Ordering::Relaxed);
        assert!(signal.stopped(first));
        signal.set_poll(None);
        assert!(!signal.stopped(first));
        signal.end(first);
    }
}

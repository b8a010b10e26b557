//! The stop protocol between an [`Engine`](super::Engine) and its
//! [`StopHandle`](super::StopHandle)s.

use std::sync::atomic::{AtomicU64, Ordering};

/// The stop signal shared by an engine and its stop handles.
///
/// `state` holds the number of the latest search times two, plus one while it runs; a stop
/// writes the number of the running search to `stop`, so a stop meant for a search that has
/// ended cannot reach the next one.
#[derive(Debug, Default)]
pub(crate) struct Signal {
    state: AtomicU64,
    stop: AtomicU64,
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

    /// Whether search `number` was told to stop (by a stop handle, or by a WebAssembly
    /// host).
    #[inline]
    pub(crate) fn stopped(&self, number: u64) -> bool {
        self.stop.load(Ordering::Relaxed) == number || crate::clock::host_stop_requested()
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
}

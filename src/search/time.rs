//! Time management: when a search must stop, whether another iteration can still end in
//! time, and the minimum thinking time of a level.

use std::time::Duration;

use crate::clock::{CAN_SLEEP, Instant};

use super::limits::Limits;

/// A search's clock, started when the search is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// The time limit, if any.
    budget: Option<Duration>,
    /// `start + budget`.
    deadline: Option<Instant>,
    /// The shortest time the search takes.
    pace: Duration,
}

/// The share of the time limit after which no new iteration starts: the next one takes
/// several times longer than the last, so it would not end in time.
const ITERATION_SHARE: f32 = 0.4;

impl Clock {
    /// The clock of a search started at `start` within `limits`.
    pub(crate) fn new(start: Instant, limits: &Limits) -> Clock {
        Clock {
            start,
            budget: limits.time,
            deadline: limits.time.map(|time| start + time),
            pace: limits.pace,
        }
    }

    /// The time since the search started.
    #[inline]
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the time limit is reached.
    #[inline]
    pub(crate) fn expired(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether another iteration may start: not when it could not end in time.
    pub(crate) fn next_iteration_fits(&self) -> bool {
        self.budget
            .is_none_or(|budget| self.elapsed() <= budget.mul_f32(ITERATION_SHARE))
    }

    /// Waits until the search has taken its minimum time (a level answers neither
    /// instantly nor slowly), or until `stopped` says to return now; where the platform
    /// cannot sleep (WebAssembly), the host applies it.
    pub(crate) fn wait_for_pace(&self, stopped: impl Fn() -> bool) {
        while CAN_SLEEP && self.elapsed() < self.pace && !stopped() {
            let left = self.pace.saturating_sub(self.elapsed());
            std::thread::sleep(left.min(Duration::from_millis(2)));
        }
    }
}

//! Time management: when a search must stop, and whether another iteration can still end
//! in time.

use core::time::Duration;

use super::limits::Limits;
use crate::clock::Instant;

/// A search's clock, started when the search is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// The time limit, if any.
    budget: Option<Duration>,
    /// `start + budget`.
    deadline: Option<Instant>,
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
            deadline: limits.time.map(|time| start.saturating_add(time)),
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
        self.deadline.is_some_and(Instant::has_passed)
    }

    /// Whether another iteration may start: not when it could not end in time.
    pub(crate) fn next_iteration_fits(&self) -> bool {
        self.budget
            .is_none_or(|budget| self.elapsed() <= budget.mul_f32(ITERATION_SHARE))
    }
}

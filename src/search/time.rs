//! Time management: when a search must stop (its hard limit, never past the host's time),
//! and whether another iteration starts (its soft limit, shorter when the best move has
//! stayed the same for a while, longer when it just changed).

use core::time::Duration;

use super::limits::Limits;
use crate::clock::Instant;

/// How the best move fared over the last iterations, for the soft limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stability {
    /// The last iteration found another best move than the one before.
    Changed,
    /// The same best move for [`SETTLED`] iterations or more.
    Settled,
    /// Neither.
    Steady,
}

/// After how many iterations with the same best move it counts as settled.
pub(crate) const SETTLED: u32 = 4;

/// A search's clock, started when the search is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// The time limit, if any.
    budget: Option<Duration>,
    /// When the search must stop: the hard share of the budget after the start.
    deadline: Option<Instant>,
    /// The shares of the budget after which no new iteration starts, in percent, by
    /// [`Stability`] (changed, settled, steady).
    soft: [u32; 3],
}

/// `percent` percent of `time` (saturating: no overflow for the longest times).
fn percent_of(time: Duration, percent: u32) -> Duration {
    (time / 100).saturating_mul(percent)
}

impl Clock {
    /// The clock of a search started at `start` within `limits` (their time limit, and the
    /// shares of it their parameters set).
    pub(crate) fn new(start: Instant, limits: &Limits) -> Clock {
        let params = &limits.params;
        let percent = |value: i32, most: i32| value.clamp(1, most) as u32;
        let (soft, hard) = (
            percent(params.time_soft, 100),
            percent(params.time_hard, 100),
        );
        let scaled = |factor: i32| (soft * percent(factor, 1000) / 100).clamp(1, hard);
        Clock {
            start,
            budget: limits.time,
            deadline: limits
                .time
                .map(|time| start.saturating_add(percent_of(time, hard))),
            soft: [
                scaled(params.time_unstable),
                scaled(params.time_stable),
                soft.min(hard),
            ],
        }
    }

    /// The time since the search started.
    #[inline]
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard limit is reached.
    #[inline]
    pub(crate) fn expired(&self) -> bool {
        self.deadline.is_some_and(Instant::has_passed)
    }

    /// Whether another iteration starts after one that left the best move `stability`.
    pub(crate) fn next_iteration(&self, stability: Stability) -> bool {
        let share = match stability {
            Stability::Changed => self.soft[0],
            Stability::Settled => self.soft[1],
            Stability::Steady => self.soft[2],
        };
        self.budget
            .is_none_or(|budget| self.elapsed() <= percent_of(budget, share))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Params;

    /// The clock of a search with `params` and a time of a second.
    fn clock(params: Params) -> Clock {
        let limits = Limits {
            time: Some(Duration::from_secs(1)),
            params,
            ..Limits::NONE
        };
        Clock::new(Instant::now(), &limits)
    }

    #[test]
    fn at_full_strength_an_iteration_starts_while_time_is_left() {
        assert_eq!(clock(Params::FULL).soft, [100; 3]);
    }

    #[test]
    fn the_soft_limit_is_scaled_by_the_best_moves_stability_within_the_hard_limit() {
        let params = Params {
            time_soft: 40,
            time_stable: 50,
            time_unstable: 300,
            time_hard: 90,
            ..Params::FULL
        };
        // Changed: 40% times 3, at most the hard 90%; settled: half of 40%; steady: 40%.
        assert_eq!(clock(params).soft, [90, 20, 40]);
    }

    #[test]
    fn no_iteration_starts_after_the_soft_limit_and_the_search_stops_at_the_hard_one() {
        let limits = Limits {
            time: Some(Duration::from_millis(1)),
            ..Limits::NONE
        };
        let clock = Clock::new(Instant::now(), &limits);
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.expired());
        assert!(!clock.next_iteration(Stability::Steady));
        let unlimited = Clock::new(Instant::now(), &Limits::NONE);
        assert!(!unlimited.expired());
        assert!(unlimited.next_iteration(Stability::Settled));
    }
}

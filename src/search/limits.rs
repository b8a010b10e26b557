//! [`Limits`]: when a search stops.

use core::time::Duration;

use super::params::Params;

/// When a search stops: a depth, a node count, a time, in any combination (the first one
/// reached ends the search), or a difficulty [level](Limits::level).
///
/// A zero depth, node count or time means "no limit" on that count; a search needs at
/// least one limit (a [stop](super::StopToken::stop) aside), else it is refused with
/// [`SearchError::NoLimits`](super::SearchError::NoLimits).
///
/// ```
/// use std::time::Duration;
/// use halma::Limits;
///
/// let quick = Limits::depth(4).with_time(Duration::from_millis(200));
/// assert_eq!(quick.max_depth(), Some(4));
/// assert_eq!(quick.max_time(), Some(Duration::from_millis(200)));
/// assert_eq!(quick.max_nodes(), None);
/// let easy = Limits::level(2);
/// assert!(easy.max_depth().is_some() || easy.max_time().is_some());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    pub(crate) time: Option<Duration>,
    /// Deliberate imperfection: among the root moves scoring within `margin` of the best,
    /// one is picked by a pseudo-random number seeded from the game.
    pub(crate) margin: i32,
    /// The shortest time a search takes (levels answer neither instantly nor slowly).
    pub(crate) pace: Duration,
    pub(crate) params: Params,
}

impl Limits {
    pub(crate) const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
        margin: 0,
        pace: Duration::ZERO,
        params: Params::FULL,
    };

    /// Search `depth` plies deep (iterations 1, 2, ... `depth`); 0 is no limit.
    pub fn depth(depth: u32) -> Limits {
        Limits::NONE.with_depth(depth)
    }

    /// Search until about `nodes` nodes are visited; 0 is no limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits::NONE.with_nodes(nodes)
    }

    /// Search for at most `time`; zero is no limit.
    pub fn time(time: Duration) -> Limits {
        Limits::NONE.with_time(time)
    }

    /// These limits with a depth limit (0: none).
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = (depth > 0).then_some(depth);
        self
    }

    /// These limits with a node limit (0: none).
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = (nodes > 0).then_some(nodes);
        self
    }

    /// These limits with a time limit (zero: none).
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = (!time.is_zero()).then_some(time);
        self
    }

    /// The depth limit, if any.
    pub fn max_depth(&self) -> Option<u32> {
        self.depth
    }

    /// The node limit, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit, if any.
    pub fn max_time(&self) -> Option<Duration> {
        self.time
    }

    /// The shortest time a search within these limits takes: a [level](Limits::level)'s
    /// minimum thinking time, so that its reply is neither instant nor slow (zero for other
    /// limits and [without it](Limits::without_pace)).
    ///
    /// The pace is applied outside the search proper: [`Engine::search`](super::Engine::search)
    /// waits it out after finding its move (a [stop](super::StopToken::stop) ends the wait
    /// too), where the platform can sleep. On WebAssembly, which cannot block its thread, the
    /// search returns as soon as it has its move, and the host waits the rest itself (say,
    /// with a timer) before showing it: `pace - time`, the time the search took.
    ///
    /// ```
    /// use std::time::Duration;
    /// use halma::{Engine, Game, Limits};
    ///
    /// let limits = Limits::level(2);
    /// assert_eq!(limits.pace(), Duration::from_millis(300));
    /// assert_eq!(Limits::level(10).pace(), Duration::ZERO);
    /// let result = Engine::new().search(&Game::new(), &limits)?;
    /// let left_to_wait = limits.pace().saturating_sub(result.time);
    /// # #[cfg(not(target_family = "wasm"))]
    /// assert_eq!(left_to_wait, Duration::ZERO); // waited out here already
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn pace(&self) -> Duration {
        self.pace
    }

    /// Whether no limit is set.
    pub(crate) fn is_unlimited(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none()
    }

    /// These limits without the minimum thinking time of a [level](Limits::level): the same
    /// play, answered as soon as it is found (for engine matches and analysis, where the pace
    /// is no part of the strength).
    ///
    /// ```
    /// use halma::Limits;
    ///
    /// assert_eq!(Limits::level(10).without_pace(), Limits::level(10));
    /// assert_ne!(Limits::level(3).without_pace(), Limits::level(3));
    /// ```
    #[must_use]
    pub fn without_pace(mut self) -> Limits {
        self.pace = Duration::ZERO;
        self
    }

    /// These limits with other search parameters (feature `tuning`: tests and experiments).
    #[cfg(feature = "tuning")]
    #[must_use]
    pub fn with_params(mut self, params: Params) -> Limits {
        self.params = params;
        self
    }

    /// The search parameters (feature `tuning`).
    #[cfg(feature = "tuning")]
    pub fn params(&self) -> &Params {
        &self.params
    }
}

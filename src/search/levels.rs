//! The difficulty levels: how a level searches and how imperfectly it chooses.

use core::time::Duration;

use super::limits::Limits;

/// The difficulty level a host should offer first: a fair opponent for most players, and
/// every move answered within a second.
pub const DEFAULT_LEVEL: u8 = 5;

/// The shortest time a level takes to answer (all but the strongest, which takes longer
/// anyway).
const PACE: Duration = Duration::from_millis(300);

impl Limits {
    /// The play of difficulty level `level`, from 1 (a beginner, a child can beat it) to 10
    /// (full strength, up to a second a move); out-of-range values are clamped.
    ///
    /// A level fully defines the play: levels 1 to 5 search 1 to 4 plies deep and choose,
    /// pseudo-randomly but reproducibly for the same game, among the forward moves scoring
    /// near the best (less so as the race ends, so that they finish their games); levels 6
    /// to 9 search 10,000 to 300,000 nodes, about three times more each; level 10 searches
    /// for a second. Every level answers within a second, and levels 1 to 9 take 300 ms at
    /// least, so that a reply is neither instant nor slow (their [pace](Limits::pace), which
    /// a WebAssembly host applies itself).
    ///
    /// ```
    /// use halma::{Limits, DEFAULT_LEVEL};
    ///
    /// assert_eq!(Limits::level(0), Limits::level(1));
    /// assert_eq!(Limits::level(99), Limits::level(10));
    /// assert_ne!(Limits::level(DEFAULT_LEVEL), Limits::level(10));
    /// ```
    pub fn level(level: u8) -> Limits {
        let level = level.clamp(1, 10);
        let second = Duration::from_secs(1);
        // (depth, nodes, time, margin, pace)
        let (depth, nodes, time, margin, pace) = match level {
            1 => (1, 0, second, 300, PACE),
            2 => (1, 0, second, 120, PACE),
            3 => (2, 0, second, 80, PACE),
            4 => (3, 0, second, 40, PACE),
            5 => (4, 0, second, 15, PACE),
            6 => (0, 10_000, second, 0, PACE),
            7 => (0, 30_000, second, 0, PACE),
            8 => (0, 100_000, second, 0, PACE),
            9 => (0, 300_000, second, 0, PACE),
            _ => (0, 0, second, 0, Duration::ZERO),
        };
        Limits {
            depth: (depth > 0).then_some(depth),
            nodes: (nodes > 0).then_some(nodes),
            time: Some(time),
            margin,
            pace,
            ..Limits::NONE
        }
    }
}

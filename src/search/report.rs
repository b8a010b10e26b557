//! What a search reports: its [`SearchResult`], its progress ([`SearchInfo`]) as it goes,
//! and the [`Answer`] each part of it (the iterative deepening, the race solver) gives the
//! engine.

use core::time::Duration;

use crate::moves::Move;

use super::score::ForcedResult;

/// What a search found, its moves of type `M`: [`Move`] on the 16x16 board,
/// [`StarMove`](crate::StarMove) on the star. Fields may be added (it is
/// `#[non_exhaustive]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchResult<M = Move> {
    /// The move to play: always legal in the searched game.
    pub best_move: M,
    /// Its score, from the side to move's point of view (see the [module docs](super)).
    pub score: i32,
    /// The last completed iteration of the alpha-beta search: below the depth limit only
    /// when a forced result was proven early, another limit or a stop ended the search
    /// first, or there is a single legal move; 0 when the search was stopped before it
    /// completed one (the move is then the best-ordered legal move), and when the race
    /// solver played (its plies are `race_plies`).
    pub depth: u32,
    /// When the race solver played (the armies separated), the plies of the race it saw to
    /// the end, which can exceed the depth limit; `None` when the alpha-beta search played.
    pub race_plies: Option<u32>,
    /// The nodes visited.
    pub nodes: u64,
    /// The time the search took.
    pub time: Duration,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// The result the search proved, if any: `score` decoded.
    pub forced: Option<ForcedResult>,
}

impl<M> SearchResult<M> {
    /// How far the search saw: the race's plies when the race solver played, else the last
    /// completed iteration. What hosts show as the depth (the C ABI's `depth` means this).
    pub fn plies_ahead(&self) -> u32 {
        self.race_plies.unwrap_or(self.depth)
    }
}

/// Progress of a search, reported after each completed iteration, its moves of type `M` (as
/// [`SearchResult`]'s). Fields may be added (it is `#[non_exhaustive]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchInfo<M = Move> {
    /// The depth of the iteration just completed (0 for a race solver's answer, which is
    /// reported once, with its plies in `race_plies`).
    pub depth: u32,
    /// For a race solver's answer (the armies separated), the plies of the race it saw to
    /// the end; `None` for an iteration of the alpha-beta search.
    pub race_plies: Option<u32>,
    /// Its score, from the side to move's point of view.
    pub score: i32,
    /// The nodes visited so far.
    pub nodes: u64,
    /// The speed of the search so far.
    pub nodes_per_second: u64,
    /// The time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// How far the search saw: the race's plies for a race solver's answer, else the
    /// iteration's depth. What hosts show as the depth (the C ABI's `depth` means this).
    pub fn plies_ahead(&self) -> u32 {
        self.race_plies.unwrap_or(self.depth)
    }
}

/// What a part of the search found: the iterative deepening (at `depth`) or the race solver
/// (seeing `race_plies` ahead, at depth 0).
#[derive(Clone, Debug)]
pub struct Answer<M> {
    pub(crate) best_move: M,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) race_plies: Option<u32>,
    pub(crate) nodes: u64,
    pub(crate) pv: Vec<M>,
}

impl<M: Clone> Answer<M> {
    /// The progress this answer reports, `time` after the search started.
    pub(crate) fn info(&self, nodes: u64, time: Duration) -> SearchInfo<M> {
        SearchInfo {
            depth: self.depth,
            race_plies: self.race_plies,
            score: self.score,
            nodes,
            nodes_per_second: per_second(nodes, time),
            time,
            pv: self.pv.clone(),
        }
    }

    /// The result of a search that found this answer in `time`.
    pub(crate) fn into_result(self, time: Duration) -> SearchResult<M> {
        SearchResult {
            best_move: self.best_move,
            score: self.score,
            depth: self.depth,
            race_plies: self.race_plies,
            nodes: self.nodes,
            time,
            pv: self.pv,
            forced: ForcedResult::from_score(self.score),
        }
    }
}

/// `count` per second of `time`.
fn per_second(count: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(count) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

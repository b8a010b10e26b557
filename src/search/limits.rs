//! [`Limits`]: when a search stops, and the difficulty levels.

use core::time::Duration;

/// The shortest time a level takes to answer (all but the strongest, which takes longer
/// anyway).
const PACE: Duration = Duration::from_millis(300);

/// When a search stops: a depth, a node count, a time, in any combination (the first one
/// reached ends the search), or a difficulty [level](Limits::level).
///
/// A zero depth, node count or time means "no limit" on that count; a search needs at
/// least one limit (a [stop](super::StopHandle::stop) aside), else it is refused with
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
    pub(crate) options: Options,
}

impl Limits {
    const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
        margin: 0,
        pace: Duration::ZERO,
        options: Options::FULL,
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

    /// The play of difficulty level `level`, from 1 (a beginner, a child can beat it) to 10
    /// (full strength, up to a second a move); out-of-range values are clamped.
    ///
    /// A level fully defines the play: levels 1 to 5 search 1 to 4 plies deep and choose,
    /// pseudo-randomly but reproducibly for the same game, among the forward moves scoring
    /// near the best (less so as the race ends, so that they finish their games); levels 6
    /// to 9 search 10,000 to 300,000 nodes, about three times more each; level 10 searches
    /// for a second. Every level answers within a second, and levels 1 to 9 take 300 ms at
    /// least, so that a reply is neither instant nor slow.
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

    /// Whether no limit is set.
    pub(crate) fn is_unlimited(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none()
    }

    /// These limits without the minimum thinking time of a level (for engine matches,
    /// where the pace is no part of the strength).
    #[doc(hidden)]
    #[must_use]
    pub fn without_pace(mut self) -> Limits {
        self.pace = Duration::ZERO;
        self
    }

    /// These limits with other search settings (tests and experiments).
    #[doc(hidden)]
    #[must_use]
    pub fn with_options(mut self, options: Options) -> Limits {
        self.options = options;
        self
    }

    /// The search settings.
    #[doc(hidden)]
    pub fn options(&self) -> &Options {
        &self.options
    }
}

/// Search and evaluation settings, for tests and engine matches that measure each
/// enhancement. Not a stable API.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Options {
    /// Use the transposition table.
    pub table: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// Search only the best `beam_base + beam_step * depth` moves by static gain (the table
    /// move and killers aside) at inner nodes.
    pub beam: bool,
    pub beam_base: u32,
    pub beam_step: u32,
    /// Late-move reductions.
    pub lmr: bool,
    /// Late-move reductions at the root too.
    pub root_lmr: bool,
    /// Among moves of equal gain, order those of the pieces further behind first.
    pub rear_first: bool,
    /// Null-move pruning (a pass searched with a reduced depth).
    pub null_move: bool,
    /// Recognise blocked and walled goal camps.
    pub block_detection: bool,
    /// Evaluation weights, in hundredths of a move.
    pub distance: i32,
    pub outside: i32,
    pub straggler: i32,
    pub straggler_gap: i32,
    /// Per square of distance from the main diagonal toward the goal corner.
    pub lateral: i32,
    pub tempo: i32,
}

impl Options {
    /// Full strength.
    pub const FULL: Options = Options {
        table: true,
        killers: true,
        beam: true,
        beam_base: 6,
        beam_step: 2,
        lmr: true,
        root_lmr: true,
        rear_first: true,
        null_move: true,
        block_detection: true,
        distance: 25,
        outside: 0,
        straggler: 30,
        straggler_gap: 8,
        lateral: 5,
        tempo: 75,
    };

    /// Every move searched, nothing pruned or reduced: alpha-beta with the table and the
    /// ordering, which must return the plain negamax score.
    pub fn exhaustive() -> Options {
        Options {
            beam: false,
            lmr: false,
            root_lmr: false,
            null_move: false,
            ..Options::FULL
        }
    }

    /// Sets a setting by name (`beam=off`, `beam_base=12`, ...).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let flag = || match value {
            "on" | "true" | "1" => Ok(true),
            "off" | "false" | "0" => Ok(false),
            _ => Err(format!("{name} takes on or off, not {value:?}")),
        };
        let number = || {
            value
                .parse::<i32>()
                .map_err(|_| format!("{name} takes a number, not {value:?}"))
        };
        match name {
            "table" => self.table = flag()?,
            "killers" => self.killers = flag()?,
            "beam" => self.beam = flag()?,
            "beam_base" => self.beam_base = number()?.max(1) as u32,
            "beam_step" => self.beam_step = number()?.max(0) as u32,
            "lmr" => self.lmr = flag()?,
            "root_lmr" => self.root_lmr = flag()?,
            "rear_first" => self.rear_first = flag()?,
            "null_move" => self.null_move = flag()?,
            "block_detection" => self.block_detection = flag()?,
            "distance" => self.distance = number()?,
            "outside" => self.outside = number()?,
            "straggler" => self.straggler = number()?,
            "straggler_gap" => self.straggler_gap = number()?,
            "lateral" => self.lateral = number()?,
            "tempo" => self.tempo = number()?,
            _ => return Err(format!("no setting named {name:?}")),
        }
        Ok(())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::FULL
    }
}

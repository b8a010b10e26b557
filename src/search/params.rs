//! The engine's tunable parameters: which enhancements run, and the evaluation's weights.

/// Search and evaluation parameters: the engine's tuning, which tests and engine matches
/// vary to measure each enhancement. Public only with the feature `tuning`; not a stable API.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "tuning", allow(missing_docs))]
pub struct Params {
    /// Use the transposition table.
    pub table: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// The counter move (the last refutation of the opponent's last move) in the ordering.
    pub counter_move: bool,
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
    /// In a separated race, play the race solver's optimal move when it proves the result.
    pub race_solver: bool,
    /// The weight of the history heuristic in the move ordering: the key (in 1024ths of a
    /// square of gain) of a move with the greatest history; 0 turns it off.
    pub history: i32,
    /// Reverse futility pruning: at nodes at most `rfp_depth` plies deep off the principal
    /// variation, a static evaluation beating beta by `rfp_margin` a ply returns at once;
    /// a margin of 0 turns it off.
    pub rfp_margin: i32,
    pub rfp_depth: i32,
    /// The aspiration window's first half-width at the root (the window around the last
    /// iteration's score, doubled each time it fails); 0 turns it off.
    pub aspiration: i32,
    /// Internal iterative reduction: a node at least this deep without a table move is
    /// searched a ply shallower; 0 turns it off.
    pub iir_depth: i32,
    /// Simplified ABDADA: with more than one thread, a node at least this deep leaves a move
    /// (but its first) that another thread is searching for after its other moves; 0 turns
    /// it off.
    pub defer_depth: i32,
    /// Time management, in percent of the time limit: no iteration starts after `time_soft`
    /// (scaled by `time_unstable` percent when the last iteration changed the best move, by
    /// `time_stable` percent when it has stayed the same for a while), and the search stops
    /// at `time_hard`. At full strength an iteration starts while any time is left: with a
    /// time a move (no clock to save for later moves) the time not searched is lost, and
    /// an iteration the limit cuts short still gives its move when that beat the last
    /// iteration's (soft limit 100% against 40%: +61 Elo at 100 ms, `docs/SEARCH.md`).
    pub time_soft: i32,
    pub time_stable: i32,
    pub time_unstable: i32,
    pub time_hard: i32,
    /// Evaluation weights, in hundredths of a move.
    pub distance: i32,
    pub outside: i32,
    pub straggler: i32,
    pub straggler_gap: i32,
    /// Per square of distance from the main diagonal toward the goal corner.
    pub lateral: i32,
    pub tempo: i32,
}

impl Params {
    /// Full strength.
    pub const FULL: Params = Params {
        table: true,
        killers: true,
        counter_move: false,
        beam: true,
        beam_base: 6,
        beam_step: 2,
        lmr: true,
        root_lmr: true,
        rear_first: true,
        null_move: true,
        block_detection: true,
        race_solver: true,
        history: 0,
        rfp_margin: 100,
        rfp_depth: 3,
        aspiration: 0,
        iir_depth: 0,
        defer_depth: 3,
        time_soft: 100,
        time_stable: 100,
        time_unstable: 100,
        time_hard: 100,
        distance: 25,
        outside: 0,
        straggler: 30,
        straggler_gap: 8,
        lateral: 5,
        tempo: 75,
    };

    /// Every move searched, nothing pruned or reduced: alpha-beta with the table and the
    /// ordering, which must return the plain negamax score.
    #[cfg(any(test, feature = "tuning"))]
    pub fn exhaustive() -> Params {
        Params {
            beam: false,
            lmr: false,
            root_lmr: false,
            null_move: false,
            rfp_margin: 0,
            ..Params::FULL
        }
    }

    /// Sets a setting by name (`beam=off`, `beam_base=12`, ...).
    #[cfg(feature = "tuning")]
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
            "counter_move" => self.counter_move = flag()?,
            "beam" => self.beam = flag()?,
            "beam_base" => self.beam_base = number()?.max(1) as u32,
            "beam_step" => self.beam_step = number()?.max(0) as u32,
            "lmr" => self.lmr = flag()?,
            "root_lmr" => self.root_lmr = flag()?,
            "rear_first" => self.rear_first = flag()?,
            "null_move" => self.null_move = flag()?,
            "block_detection" => self.block_detection = flag()?,
            "race_solver" => self.race_solver = flag()?,
            "history" => self.history = number()?,
            "rfp_margin" => self.rfp_margin = number()?.max(0),
            "rfp_depth" => self.rfp_depth = number()?,
            "aspiration" => self.aspiration = number()?.max(0),
            "iir_depth" => self.iir_depth = number()?.max(0),
            "defer_depth" => self.defer_depth = number()?.max(0),
            "time_soft" => self.time_soft = number()?.clamp(1, 100),
            "time_stable" => self.time_stable = number()?.clamp(1, 1000),
            "time_unstable" => self.time_unstable = number()?.clamp(1, 1000),
            "time_hard" => self.time_hard = number()?.clamp(1, 100),
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

impl Default for Params {
    fn default() -> Params {
        Params::FULL
    }
}

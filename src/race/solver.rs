//! [`Solver`]: the least number of moves for one army to fill its goal camp, by
//! iterative-deepening A* (IDA*).
//!
//! Each iteration searches depth-first every sequence whose length so far plus a lower bound
//! on the rest (see [`super::bounds`]) stays within a threshold, starting from the root's
//! bound and raising the threshold to the smallest value that exceeded it. With admissible
//! bounds the first sequence found is a shortest one. A transposition table keeps, for every
//! army whose search failed, the lower bound that failure proved (one more move than the
//! rest of the threshold allowed, or more): meeting it again, by another order of the same
//! moves or in a later iteration, costs one lookup. Nothing is cut for being on the current
//! path, so every bound stored is a property of the army alone and holds wherever it turns
//! up (no pruning here depends on the path: a move cut for where the search came from would
//! make a stored bound too high for an army met again by another way).
//!
//! Once the small iterations are done, a beam search ([`super::beam`]) finds a sequence:
//! the iterations then only have to prove that nothing shorter exists. The beam's sequence
//! is most often a shortest one, and the last iteration, the costliest, is never run.

use core::time::Duration;
use std::sync::OnceLock;

use super::army::{Army, GOAL, Orientation, Rules};
use super::beam::beam;
use super::bounds::{Tally, distance_left, gap_extra, lonely_extra, straggler_extra};
use super::perimeter::Perimeter;
use super::puzzle::Puzzle;
use super::table::BoundTable;
use crate::clock::Instant;
use crate::moves::Move;

/// The depth of the perimeter every solver shares.
const PERIMETER_DEPTH: u32 = 3;

/// The perimeter every solver shares, built on first use.
fn perimeter() -> &'static Perimeter {
    static PERIMETER: OnceLock<Perimeter> = OnceLock::new();
    PERIMETER.get_or_init(|| Perimeter::new(PERIMETER_DEPTH))
}

/// What a solve may spend: nodes (armies whose moves the exact search generated, armies the
/// beam search judged) and time, either or both. A [`Solver`] starts with [`Budget::DEFAULT`].
///
/// A budget bounds the whole solve, each limit the same way: the exact search within it,
/// and the beam search it runs (in the middle, or after the budget for a
/// [count](Solver::count)) within as much again: as long again for a time, as many nodes
/// again for nodes (each army the beam judges is a node). A node budget gives the same
/// answer on any machine; its nodes cost a few microseconds each in a race, tens of them
/// for an army far from its goal.
///
/// ```
/// use std::time::Duration;
/// use halma::race::Budget;
///
/// let budget = Budget::nodes(1_000_000).and_time(Duration::from_millis(100));
/// assert_eq!(budget.nodes, Some(1_000_000));
/// assert_eq!(Budget::default(), Budget::DEFAULT);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// The most nodes, if limited.
    pub nodes: Option<u64>,
    /// The most time, if limited.
    pub time: Option<Duration>,
}

impl Budget {
    /// A second: a [solve](Solver::solve) ends within it, a [count](Solver::count) within
    /// about two (the beam search after the exact one), whatever the puzzle. It depends on
    /// the machine's speed; a node budget gives the same answer anywhere.
    pub const DEFAULT: Budget = Budget::time(Duration::from_secs(1));

    /// No limit: a puzzle far from its goal can take hours (example: [`Budget`]).
    pub const UNLIMITED: Budget = Budget {
        nodes: None,
        time: None,
    };

    /// At most `nodes` nodes (example: [`Budget`]).
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            time: None,
        }
    }

    /// At most `time`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use halma::race::Budget;
    ///
    /// assert_eq!(Budget::time(Duration::from_secs(1)).nodes, None);
    /// ```
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: None,
            time: Some(time),
        }
    }

    /// This budget, also limited to `time` (example: [`Budget`]).
    pub const fn and_time(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }
}

impl Default for Budget {
    /// [`Budget::DEFAULT`].
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// A shortest sequence of moves filling the goal camp: its length is the least number of
/// moves.
///
/// ```
/// use halma::{Position, Side};
/// use halma::race::{Puzzle, Solver};
///
/// // x's goal lacks a12, b12 and c13; x's pieces outside are on c12, d12 and d13.
/// let position: Position =
///     "xxxxx11/xxxxx11/xxxx12/xx1x12/2xx12/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
///         .parse()?;
/// let solution = Solver::new().solve(&Puzzle::of(&position, Side::X)).unwrap();
/// let mut game = halma::Game::from_position(position);
/// for mv in &solution.moves {
///     game.play(*mv)?; // x's moves, o's in between
///     if game.position().winner().is_none() {
///         let reply = game.legal_moves()[0];
///         game.play(reply)?;
///     }
/// }
/// assert_eq!(game.position().winner(), Some(Side::X));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The moves, in the order played (on the real board, not turned).
    pub moves: Vec<Move>,
    /// The nodes searched to find and prove it.
    pub nodes: u64,
}

/// What a solve within a budget learned: the least number of moves bracketed by a proven
/// lower bound and the length of the shortest sequence found, equal when the search
/// finished (then the sequence is a shortest one).
///
/// ```
/// use halma::{Position, Side};
/// use halma::race::{Budget, Puzzle, Solver};
///
/// // Just separated, eight x pieces outside the goal: a thousand nodes prove 10 moves or
/// // more, too few for the beam search to find a sequence (it judges as many armies).
/// let position: Position =
///     "xxx13/xx14/xxxx12/2xxx1x1x7/1x4x9/2x1xx5o4/16/16/16/8o3o3/7o1o4oo/12o3/11o1o2/11o2o1/12oooo/13ooo x"
///         .parse()?;
/// let puzzle = Puzzle::of(&position, Side::X);
/// let mut solver = Solver::new();
/// solver.set_budget(Budget::nodes(1_000));
/// let count = solver.count(&puzzle);
/// assert!(count.lower >= 10);
/// assert!(count.upper().is_none_or(|upper| upper >= count.lower));
/// # Ok::<(), halma::ParsePositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Count {
    /// No sequence of fewer moves fills the goal (every shorter one was searched).
    pub lower: u32,
    /// The shortest sequence found (on the real board), if any: a shortest one when its
    /// length is `lower`.
    pub moves: Option<Vec<Move>>,
    /// The nodes spent: the exact search's, and the beam search's (see [`Budget`]).
    pub nodes: u64,
}

impl Count {
    /// The length of the shortest sequence found: no more moves are needed (example:
    /// [`Count`]).
    pub fn upper(&self) -> Option<u32> {
        self.moves.as_ref().map(|moves| moves.len() as u32)
    }

    /// The least number of moves, when proven (example: [`Count`]).
    pub fn exact(&self) -> Option<u32> {
        self.upper().filter(|&upper| upper == self.lower)
    }
}

/// Solves races: holds the transposition table (reused from one solve to the next) and the
/// budget of each solve.
///
/// ```
/// use halma::{Bitboard, Side, Square};
/// use halma::race::{Puzzle, Solver};
///
/// // x's goal filled but for e16, whose piece stands on g16: two steps, or one jump?
/// let e16: Square = "e16".parse()?;
/// let g16: Square = "g16".parse()?;
/// let pieces = Side::X.goal() - Bitboard::from_square(e16) | g16.into();
/// let puzzle = Puzzle::new(Side::X, pieces).unwrap();
/// let solution = Solver::new().solve(&puzzle).unwrap();
/// assert_eq!(solution.moves.len(), 2);
/// # Ok::<(), halma::ParseSquareError>(())
/// ```
pub struct Solver {
    table: BoundTable,
    /// The region (in x's orientation) of the puzzle the table's bounds were learned in.
    region: Option<Army>,
    budget: Budget,
    /// Reused buffers: the moves of each ply, the moves of the sequence found.
    plies: Vec<Vec<Child>>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 16 MiB table and the [default budget](Budget::DEFAULT) (example:
    /// [`Solver`]).
    pub fn new() -> Solver {
        Solver::with_table_mb(16)
    }

    /// A solver with a table of about `megabytes` MiB.
    ///
    /// ```
    /// use halma::Side;
    /// use halma::race::{Puzzle, Solver};
    ///
    /// let mut small = Solver::with_table_mb(1);
    /// let home = Puzzle::new(Side::X, Side::X.goal()).unwrap();
    /// assert!(small.solve(&home).unwrap().moves.is_empty());
    /// ```
    pub fn with_table_mb(megabytes: usize) -> Solver {
        Solver {
            table: BoundTable::new(megabytes),
            region: None,
            budget: Budget::DEFAULT,
            plies: Vec::new(),
        }
    }

    /// Sets the budget of each solve from now on (example: [`Count`]).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The least number of moves and a shortest sequence for `puzzle`, or `None` when the
    /// budget ran out first (or no sequence exists). Examples: [`Solver`], [`Solution`].
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Solution> {
        let late = self.late();
        let count = self.run(puzzle, false, &late);
        let nodes = count.nodes;
        count
            .exact()
            .and(count.moves)
            .map(|moves| Solution { moves, nodes })
    }

    /// Solves `puzzle` within the budget: exactly when the search finishes; otherwise its
    /// proven lower bound, and the best sequence a beam search finds (run after the budget
    /// when the search has not run it yet: tens of milliseconds for a race, within the
    /// budget's time or nodes again at most) for an upper bound, if it finds one within
    /// them. Example: [`Count`].
    pub fn count(&mut self, puzzle: &Puzzle) -> Count {
        let late = self.late();
        self.run(puzzle, true, &late)
    }

    /// Whether a solve started now is past its time, beam search included: twice the time
    /// budget.
    fn late(&self) -> impl Fn() -> bool + use<> {
        let deadline = self
            .budget
            .time
            .map(|time| Instant::now().saturating_add(time.saturating_mul(2)));
        move || deadline.is_some_and(Instant::has_passed)
    }

    /// Like [`count`](Solver::count) (without any beam search unless `beam`), ending the
    /// search as soon as `stopped` says so (read with the clock, every 1024 nodes, and
    /// before each army the beam search moves) instead of at twice the time budget: the
    /// engine's own deadline bounds it.
    pub(crate) fn count_until(
        &mut self,
        puzzle: &Puzzle,
        beam: bool,
        stopped: &dyn Fn() -> bool,
    ) -> Count {
        self.run(puzzle, beam, stopped)
    }

    /// Forgets every bound learned (a solve then depends on its puzzle and budget alone).
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// The search: IDA* iterations while the budget lasts. Once the small iterations are
    /// done, a beam search finds a sequence of some length `n`; the iterations then need to go
    /// up to `n - 1` only: finding none that short proves the beam's sequence shortest (most
    /// often it is, and the last, costliest iteration is saved). With `finish`, a budget
    /// spent before the beam search ran is followed by it. Both end when `stopped` says so.
    fn run(&mut self, puzzle: &Puzzle, finish: bool, stopped: &dyn Fn() -> bool) -> Count {
        let (orientation, root, region) = turned(puzzle);
        if self.region != Some(region) {
            self.table.clear();
            self.region = Some(region);
        }
        let rules = Rules::forward(region);
        let node_limit = self.budget.nodes.unwrap_or(u64::MAX);
        let mut search = Search {
            table: &mut self.table,
            perimeter: perimeter(),
            rules,
            nodes: 0,
            node_limit,
            deadline: self
                .budget
                .time
                .map(|time| Instant::now().saturating_add(time)),
            stopped,
            plies: &mut self.plies,
            moves: Vec::new(),
        };
        // The beam search (run once at most) has a node limit of its own, the exact search's.
        let mut beam_nodes = 0;
        let mut run_beam = || {
            let found = beam(root, &rules, BEAM_WIDTH, BEAM_MOVES, node_limit, stopped);
            beam_nodes = found.nodes;
            found.moves
        };
        let mut best: Option<Vec<Move>> = None;
        let mut beamed = false;
        let mut lower = search.bound(root);
        loop {
            if best
                .as_ref()
                .is_some_and(|moves| moves.len() as u32 <= lower)
            {
                break;
            }
            if !beamed && search.nodes >= BEAM_AFTER {
                best = run_beam();
                beamed = true;
                continue;
            }
            match search.search(root, 0, lower) {
                Step::Found => {
                    search.moves.reverse();
                    best = Some(std::mem::take(&mut search.moves));
                    break;
                }
                Step::Exceeded(next) if next < UNSOLVABLE => lower = next,
                Step::Exceeded(_) | Step::Stopped => {
                    if finish && !beamed {
                        best = run_beam();
                    }
                    break;
                }
            }
        }
        Count {
            lower,
            moves: best.map(|moves| moves.into_iter().map(|mv| orientation.mv(mv)).collect()),
            nodes: search.nodes + beam_nodes,
        }
    }
}

/// The orientation of `puzzle`'s side, and its pieces and region seen in it.
fn turned(puzzle: &Puzzle) -> (Orientation, Army, Army) {
    let orientation = Orientation::of(puzzle.side());
    let army = |set| Army::from_bitboard(orientation.set(set));
    (orientation, army(puzzle.pieces()), army(puzzle.region()))
}

/// The armies a level of the beam search keeps.
const BEAM_WIDTH: usize = 256;

/// The nodes the exact search spends before it asks the beam search for a sequence (small
/// races are solved before: the beam would cost more than the whole search).
const BEAM_AFTER: u64 = 2_000;

/// The longest sequence the beam search looks for.
const BEAM_MOVES: usize = 200;

/// A bound standing for "no sequence at all".
const UNSOLVABLE: u32 = u8::MAX as u32;

/// A move of the army at some ply, with the army after it and a lower bound on what it
/// needs then.
#[derive(Clone, Copy)]
struct Child {
    army: Army,
    mv: Move,
    bound: u32,
}

/// How a search from an army ended.
enum Step {
    /// It found a sequence within the threshold (its moves are pushed, last first).
    Found,
    /// None within the threshold: the smallest length of a sequence through this army
    /// beyond it (a lower bound, as every shorter one was searched).
    Exceeded(u32),
    /// The budget ran out.
    Stopped,
}

/// One solve: the table, the rules and the budget, and the moves found.
struct Search<'a> {
    table: &'a mut BoundTable,
    perimeter: &'a Perimeter,
    rules: Rules,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Whether the caller wants the search to end now.
    stopped: &'a dyn Fn() -> bool,
    plies: &'a mut Vec<Vec<Child>>,
    moves: Vec<Move>,
}

impl Search<'_> {
    /// The best lower bound known for `army`: every bound, the cheap ones first.
    #[inline]
    fn bound(&self, army: Army) -> u32 {
        self.bound_to(army, Tally::of(army), u32::MAX)
    }

    /// A lower bound for `army`, whose counts are `tally`: the best known, or one above
    /// `budget` as soon as a bound shows one (the search prunes the army then).
    #[inline]
    fn bound_to(&self, army: Army, tally: Tally, budget: u32) -> u32 {
        let count = tally.outside();
        let (near, exact) = self.perimeter.bound(army, count);
        if exact {
            return near;
        }
        let outside = army.and_not(GOAL);
        let mut bound = tally.bound().max(near).max(count + lonely_extra(army));
        if bound <= budget {
            bound = bound.max(count + gap_extra(outside));
        }
        if bound <= budget {
            let enough = budget.saturating_add(1).saturating_sub(count);
            bound = bound.max(count + straggler_extra(outside, enough));
        }
        if bound <= budget {
            bound = bound.max(self.table.get(army));
        }
        bound
    }

    /// Whether the budget is spent or the caller stops the search (the clock and the stop
    /// are read every 1024 nodes).
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(1024)
                && (self.deadline.is_some_and(Instant::has_passed) || (self.stopped)()))
    }

    /// Searches the sequences from `army`, `depth` moves into the sequence, of length at most
    /// `threshold` in all.
    fn search(&mut self, army: Army, depth: u32, threshold: u32) -> Step {
        if army == GOAL {
            return Step::Found;
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return Step::Stopped;
        }
        let ply = depth as usize;
        if self.plies.len() <= ply {
            self.plies.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.plies[ply]);
        children.clear();
        let mut exceeded = UNSOLVABLE;
        let budget = threshold - depth - 1;
        let tally = Tally::of(army);
        self.rules.for_each_move(army, |mv| {
            let after = tally.after(mv);
            let quick = after.bound();
            if quick > budget {
                exceeded = exceeded.min(depth + 1 + quick);
            } else {
                children.push(Child {
                    army: army.after(mv),
                    mv,
                    bound: quick,
                });
            }
        });
        children.retain_mut(|child| {
            child.bound = self.bound_to(child.army, tally.after(child.mv), budget);
            if child.bound > budget {
                exceeded = exceeded.min(depth + 1 + child.bound);
                false
            } else {
                true
            }
        });
        // The most promising first: the lowest bound, then the least distance left.
        children.sort_by_cached_key(|child| (child.bound, distance_left(child.army)));
        let mut result = None;
        for child in &children {
            match self.search(child.army, depth + 1, threshold) {
                Step::Found => {
                    self.moves.push(child.mv);
                    result = Some(Step::Found);
                    break;
                }
                Step::Exceeded(next) => exceeded = exceeded.min(next),
                Step::Stopped => {
                    result = Some(Step::Stopped);
                    break;
                }
            }
        }
        self.plies[ply] = children;
        result.unwrap_or_else(|| {
            self.table.put(army, exceeded - depth);
            Step::Exceeded(exceeded)
        })
    }
}

//! Move generation of the star: steps in bulk for each class and direction, hop chains by a
//! flood fill on the class boards (see [`geometry`](super::super::geometry)), two pieces at
//! a time in one SIMD register, with the goal-camp rule of the standard rules applied at
//! every hop.

use crate::moves::Appender;
use crate::position::flood::{Flood, Reach};
use crate::position::pair::Pair;
use crate::position::parity::Bits;

use super::super::bitboard::StarBitboard;
use super::super::geometry::{
    ClassBoard, HOLE_OF, HOP, LANDING, NEIGHBOUR, NONE, Plane, STEP, TARGET, VALID, shift,
};
use super::super::hole::Hole;
use super::super::moves::{STAR_STORAGE, StarMove, StarMoveList};
use super::super::rules::StarRules;
use super::StarPosition;

/// The shift of a hop in each direction, the same on every class board (`HOP[c][d].shift`).
const HOP_SHIFT: [i32; 6] = [-7, -6, -1, 1, 6, 7];

/// Runs `$body` once for each direction index 0..6, bound to the constant `$d`: unrolled, so
/// that table entries indexed by it fold into the code.
macro_rules! each_direction {
    ($d:ident => $body:block) => {{
        each_direction!(@ $d $body 0 1 2 3 4 5)
    }};
    (@ $d:ident $body:block $($index:literal)*) => {{
        $({
            const $d: usize = $index;
            $body
        })*
    }};
}

/// Runs `$body` once for each class 0..4, bound to the constant `$c`: unrolled, so that the
/// class's tables fold into the code.
macro_rules! each_class {
    ($c:ident => $body:block) => {{
        each_class!(@ $c $body 0 1 2 3)
    }};
    (@ $c:ident $body:block $($index:literal)*) => {{
        $({
            const $c: usize = $index;
            $body
        })*
    }};
}

/// For each class and direction, indexed by the bit of the destination on its class board:
/// the step from a hole of that class in that direction.
const STEP_MOVES: [[[StarMove; 64]; 6]; 4] = {
    let none = StarMove::new(Hole::new_unchecked(0), Hole::new_unchecked(0));
    let mut table = [[[none; 64]; 6]; 4];
    let mut hole = 0;
    while hole < 121 {
        let mut d = 0;
        while d < 6 {
            let to = NEIGHBOUR[hole][d];
            if to != NONE {
                let class = super::super::geometry::CLASS[hole] as usize;
                let bit = super::super::geometry::BIT[to as usize] as usize;
                table[class][d][bit] =
                    StarMove::new(Hole::new_unchecked(hole as u8), Hole::new_unchecked(to));
            }
            d += 1;
        }
        hole += 1;
    }
    table
};

/// The hole of bit `bit` of class `class`.
#[inline(always)]
fn hole_of(class: usize, bit: u32) -> Hole {
    Hole::new_unchecked(HOLE_OF[class][bit as usize])
}

/// The hop graph of one class: what the hop floods of all its pieces share, flooded as
/// [`Flood`] does.
struct ClassJumps {
    /// `bridges[d]`: the holes with a piece next to them in direction `d` and a hole to
    /// land on beyond it (in both lanes).
    bridges: [Pair; 6],
    reach: Reach,
}

impl ClassJumps {
    /// The hop graph of class `class` with the pieces `occupied` (of both sides).
    #[inline(always)]
    fn new(class: usize, occupied: &Plane) -> ClassJumps {
        let empty = VALID.0[class] & !occupied.0[class];
        let mut bridges = [Pair::splat(0); 6];
        let mut jumpable = 0;
        let mut crossings = 0;
        each_direction!(D => {
            // The hole hopped over is a step away, on the board of another class.
            let over = STEP[class][D];
            let bridge = shift(occupied.0[over.to_class], -over.shift) & HOP[class][D].from;
            let hops = bridge & shift(empty, -HOP_SHIFT[D]);
            crossings |= jumpable & hops;
            jumpable |= hops;
            bridges[D] = Pair::splat(bridge);
        });
        ClassJumps {
            bridges,
            reach: Reach {
                empty,
                jumpable,
                crossings,
            },
        }
    }
}

impl Flood for ClassJumps {
    /// The holes one hop away from any hole of `from`, empty or not, for each lane. The
    /// bridges keep only holes with a landing, so the shifts need no masks.
    #[inline(always)]
    fn hop(&self, from: Pair) -> Pair {
        let b = &self.bridges;
        let part = |d: usize| from.and(b[d]);
        part(0)
            .shr(7)
            .or(part(1).shr(6))
            .or(part(2).shr(1))
            .or(part(3).shl(1))
            .or(part(4).shl(6))
            .or(part(5).shl(7))
    }

    #[inline(always)]
    fn reach(&self) -> Reach {
        self.reach
    }
}

/// The pieces of the side to move split by the goal-camp rule, and the board they move on.
struct Movers {
    /// Pieces free to go anywhere: outside the target, or all of them without the rule.
    free: [ClassBoard; 4],
    /// Pieces inside the target under the goal-camp rule, which move only inside it.
    bound: [ClassBoard; 4],
    any_bound: bool,
    /// The target under the goal-camp rule, else nothing.
    goal: [ClassBoard; 4],
    occupied: Plane,
    empty: [ClassBoard; 4],
}

impl Movers {
    #[inline(always)]
    fn new<const LOCK: bool>(position: &StarPosition) -> Movers {
        let turn = position.turn();
        let own = position.planes(turn);
        let goal = if LOCK { TARGET[turn.index()].0 } else { [0; 4] };
        let bound = [0, 1, 2, 3].map(|c| own.0[c] & goal[c]);
        let occupied = own.union(position.planes(!turn));
        Movers {
            free: [0, 1, 2, 3].map(|c| own.0[c] & !goal[c]),
            bound,
            any_bound: bound.iter().any(|&b| b != 0),
            goal,
            occupied,
            empty: [0, 1, 2, 3].map(|c| VALID.0[c] & !occupied.0[c]),
        }
    }

    /// The same movers with only the piece on `hole` left (one of them).
    fn only(mut self, hole: Hole) -> Movers {
        let (class, bit) = class_and_bit(hole);
        for c in 0..4 {
            let keep = if c == class { bit } else { 0 };
            self.free[c] &= keep;
            self.bound[c] &= keep;
        }
        self.any_bound = self.bound.iter().any(|&b| b != 0);
        self
    }

    /// The holes a step in direction `d` from the pieces of class `class` reaches: the
    /// class they land in and the holes on its board. `bound`: whether to look at the
    /// pieces bound to the target (none there when false).
    #[inline(always)]
    fn step_targets(&self, class: usize, d: usize, bound: bool) -> (usize, ClassBoard) {
        let step = STEP[class][d];
        let mut targets = step.apply(self.free[class] & step.from);
        if bound {
            targets |= step.apply(self.bound[class] & step.from) & self.goal[step.to_class];
        }
        (step.to_class, targets & self.empty[step.to_class])
    }

    /// Calls `visit(class, d, targets)` for each class and direction: the step targets of
    /// the pieces of `class` in direction `d`. `BOUND` false leaves out the pieces bound to
    /// the target, right only when there are none: a constant, so that the test folds away.
    #[inline(always)]
    fn for_each_step_set<const BOUND: bool>(
        &self,
        mut visit: impl FnMut(usize, usize, ClassBoard),
    ) {
        each_class!(C => {
            each_direction!(D => {
                visit(C, D, self.step_targets(C, D, BOUND).1);
            });
        });
    }

    /// The number of steps, `BOUND` as for [`for_each_step_set`](Movers::for_each_step_set).
    #[inline(always)]
    fn count_steps<const BOUND: bool>(&self) -> u32 {
        let mut count = 0;
        self.for_each_step_set::<BOUND>(|_, _, targets| count += targets.count_ones());
        count
    }

    /// Calls `visit(class, origin, hops)` for every piece with a hop.
    #[inline(always)]
    fn for_each_jumper<const LOCK: bool>(
        &self,
        mut visit: impl FnMut(usize, ClassBoard, ClassBoard),
    ) {
        each_class!(C => {
            let pieces = self.free[C] | self.bound[C];
            if pieces != 0 {
                ClassJumps::new(C, &self.occupied).for_each_jumper::<LOCK>(
                    pieces,
                    self.goal[C],
                    |origin, reached| visit(C, origin, reached),
                );
            }
        });
    }
}

/// The class of `hole` and its bit on the class board.
#[inline(always)]
fn class_and_bit(hole: Hole) -> (usize, ClassBoard) {
    let number = hole.number() as usize;
    (
        super::super::geometry::CLASS[number] as usize,
        1 << super::super::geometry::BIT[number],
    )
}

impl StarPosition {
    /// The legal turns but a pass: all steps, then all hop chains' destinations, each
    /// (from, to) pair once, in a fixed order. Empty for a won position and for a side that
    /// has no move (it passes).
    ///
    /// ```
    /// use halma::{StarPosition, StarRules};
    ///
    /// let moves = StarPosition::start(StarRules::OpenSpiel).legal_moves();
    /// assert_eq!(moves.len(), 14);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "3-14"));
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> StarMoveList {
        let mut moves = StarMoveList::new();
        self.generate(&mut moves);
        moves
    }

    /// Replaces the contents of `moves` with the legal moves, in the order of
    /// [`legal_moves`](StarPosition::legal_moves); reusing one list saves its set-up.
    pub fn generate(&self, moves: &mut StarMoveList) {
        moves.refill(|moves| {
            if self.winner().is_some() {
                return;
            }
            match self.rules() {
                StarRules::Standard => self.generate_for::<true>(moves),
                StarRules::OpenSpiel => self.generate_for::<false>(moves),
            }
        });
    }

    /// [`generate`](StarPosition::generate) under the goal-camp rule or not (`LOCK`).
    #[inline(always)]
    fn generate_for<const LOCK: bool>(&self, moves: &mut Appender<'_, StarMove, STAR_STORAGE>) {
        let movers = Movers::new::<LOCK>(self);
        let mut emit_steps = |class: usize, d: usize, targets: ClassBoard| {
            for bit in Bits(targets) {
                moves.push(STEP_MOVES[class][d][bit as usize]);
            }
        };
        if LOCK && movers.any_bound {
            movers.for_each_step_set::<true>(&mut emit_steps);
        } else {
            movers.for_each_step_set::<false>(&mut emit_steps);
        }
        movers.for_each_jumper::<LOCK>(|class, origin, targets| {
            let from = hole_of(class, origin.trailing_zeros());
            for bit in Bits(targets) {
                moves.push(StarMove::new(from, hole_of(class, bit)));
            }
        });
    }

    /// The number of legal moves (a pass not counted), counted without building a list.
    pub fn count_moves(&self) -> usize {
        if self.winner().is_some() {
            return 0;
        }
        match self.rules() {
            StarRules::Standard => self.count_for::<true>(),
            StarRules::OpenSpiel => self.count_for::<false>(),
        }
    }

    #[inline(always)]
    fn count_for<const LOCK: bool>(&self) -> usize {
        let movers = Movers::new::<LOCK>(self);
        let mut count = if LOCK && movers.any_bound {
            movers.count_steps::<true>()
        } else {
            movers.count_steps::<false>()
        };
        movers.for_each_jumper::<LOCK>(|_, _, hops| count += hops.count_ones());
        count as usize
    }

    /// Whether the side to move has a legal move (none in a won position): a step is looked
    /// for first, the hops only without one.
    pub fn has_legal_move(&self) -> bool {
        if self.winner().is_some() {
            return false;
        }
        let lock = self.rules() == StarRules::Standard;
        let movers = if lock {
            Movers::new::<true>(self)
        } else {
            Movers::new::<false>(self)
        };
        if movers.count_steps::<true>() > 0 {
            return true;
        }
        let mut hops = 0;
        if lock {
            movers.for_each_jumper::<true>(|_, _, reached| hops += reached.count_ones());
        } else {
            movers.for_each_jumper::<false>(|_, _, reached| hops += reached.count_ones());
        }
        hops > 0
    }

    /// Where the piece on `from` can go: empty unless it belongs to the side to move (a UI
    /// lights these holes up when the piece is picked up).
    ///
    /// ```
    /// use halma::{Hole, StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::OpenSpiel);
    /// let targets: Vec<u8> = start.destinations(Hole::new(6).unwrap()).iter().map(Hole::number).collect();
    /// assert_eq!(targets, [14, 15]);
    /// ```
    pub fn destinations(&self, from: Hole) -> StarBitboard {
        if self.winner().is_some() || self.piece_at(from) != Some(self.turn()) {
            return StarBitboard::EMPTY;
        }
        let mut targets = Plane::default();
        let mut collect = |movers: Movers, lock: bool| {
            movers.for_each_step_set::<true>(|class, d, steps| {
                targets.0[STEP[class][d].to_class] |= steps;
            });
            let mut add = |class: usize, _, hops: ClassBoard| targets.0[class] |= hops;
            if lock {
                movers.for_each_jumper::<true>(&mut add);
            } else {
                movers.for_each_jumper::<false>(&mut add);
            }
        };
        match self.rules() {
            StarRules::Standard => collect(Movers::new::<true>(self).only(from), true),
            StarRules::OpenSpiel => collect(Movers::new::<false>(self).only(from), false),
        }
        StarBitboard::from_bits(targets.to_bits())
    }

    /// A chain of holes that realises the legal move `mv`: its origin, each landing, its
    /// destination, along a shortest chain of hops that visits no hole twice (a step gives
    /// its two holes). `None` when `mv` is not legal. OpenSpiel plays it as the action
    /// `hole * 6 + direction` of each step or hop
    /// ([`openspiel_actions`](StarPosition::openspiel_actions)).
    ///
    /// ```
    /// use halma::{Hole, StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::OpenSpiel);
    /// let chain = start.chain("3-14".parse()?).unwrap();
    /// assert_eq!(chain.iter().map(|hole| hole.number()).collect::<Vec<_>>(), [3, 14]);
    /// # Ok::<(), halma::ParseStarMoveError>(())
    /// ```
    pub fn chain(&self, mv: StarMove) -> Option<Vec<Hole>> {
        if !self.is_legal(mv) {
            return None;
        }
        let (from, to) = (mv.from.number() as usize, mv.to.number() as usize);
        if NEIGHBOUR[from].contains(&(to as u8)) {
            return Some(vec![mv.from, mv.to]);
        }
        let occupied = self.occupied().without(mv.from);
        let goal = match self.rules() {
            StarRules::Standard => StarBitboard::home(!self.turn()),
            StarRules::OpenSpiel => StarBitboard::EMPTY,
        };
        let hole = |number: u8| Hole::new_unchecked(number);
        // Breadth first from the origin; a hole in the goal leads only to holes in it.
        let mut parent = [NONE; 121];
        let mut queue = vec![from as u8];
        parent[from] = from as u8;
        let mut next = 0;
        while next < queue.len() && parent[to] == NONE {
            let at = queue[next];
            next += 1;
            for d in 0..6 {
                let (over, land) = (NEIGHBOUR[at as usize][d], LANDING[at as usize][d]);
                if land == NONE
                    || !occupied.contains(hole(over))
                    || occupied.contains(hole(land))
                    || parent[land as usize] != NONE
                    || (goal.contains(hole(at)) && !goal.contains(hole(land)))
                {
                    continue;
                }
                parent[land as usize] = at;
                queue.push(land);
            }
        }
        let mut chain = vec![mv.to];
        let mut at = to;
        while at != from {
            at = parent[at] as usize;
            chain.push(hole(at as u8));
        }
        chain.reverse();
        Some(chain)
    }

    /// The OpenSpiel actions that play the legal move `mv`: `hole * 6 + direction` for the
    /// step or for each hop of its [chain](StarPosition::chain), then Pass (726) where the
    /// chain could go on (OpenSpiel ends a chain with no hop left by itself), so that a
    /// pyspiel state of this position replays it. `None` when `mv` is not legal.
    ///
    /// ```
    /// use halma::{StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::OpenSpiel);
    /// assert_eq!(start.openspiel_actions("6-14".parse()?), Some(vec![6 * 6 + 4]));
    /// assert_eq!(start.openspiel_actions("3-14".parse()?), Some(vec![3 * 6 + 4]));
    /// # Ok::<(), halma::ParseStarMoveError>(())
    /// ```
    pub fn openspiel_actions(&self, mv: StarMove) -> Option<Vec<u16>> {
        let chain = self.chain(mv)?;
        let direction = |from: Hole, to: Hole, table: &[[u8; 6]; 121]| {
            (0..6).find(|&d| table[from.number() as usize][d] == to.number())
        };
        if let Some(d) = direction(mv.from, mv.to, &NEIGHBOUR) {
            return Some(vec![u16::from(mv.from.number()) * 6 + d as u16]);
        }
        let mut actions = Vec::with_capacity(chain.len());
        for pair in chain.windows(2) {
            let d = direction(pair[0], pair[1], &LANDING)?;
            actions.push(u16::from(pair[0].number()) * 6 + d as u16);
        }
        // OpenSpiel's continuation: a hop from the last hole over a piece to an empty hole
        // the chain has not visited (the piece now on the destination, its origin empty).
        let occupied = (self.occupied().without(mv.from)).with(mv.to);
        let visited: StarBitboard = chain.iter().copied().collect();
        let last = mv.to.number() as usize;
        let goes_on = (0..6).any(|d| {
            let (over, land) = (NEIGHBOUR[last][d], LANDING[last][d]);
            land != NONE
                && occupied.contains(Hole::new_unchecked(over))
                && !occupied.contains(Hole::new_unchecked(land))
                && !visited.contains(Hole::new_unchecked(land))
        });
        if goes_on {
            actions.push(OPENSPIEL_PASS);
        }
        Some(actions)
    }
}

/// OpenSpiel's Pass action: ends a hop chain, or is a blocked side's turn.
pub const OPENSPIEL_PASS: u16 = 726;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hop_shifts_are_the_same_for_every_class() {
        for (class, hops) in HOP.iter().enumerate() {
            for (hop, shift) in hops.iter().zip(HOP_SHIFT) {
                assert_eq!(hop.shift, shift, "class {class}");
                assert_eq!(hop.to_class, class);
            }
        }
    }

    #[test]
    fn the_start_has_fourteen_moves_under_both_rules() {
        for rules in [StarRules::Standard, StarRules::OpenSpiel] {
            let start = StarPosition::start(rules);
            assert_eq!(start.legal_moves().len(), 14);
            assert_eq!(start.count_moves(), 14);
            assert!(start.has_legal_move());
        }
    }
}

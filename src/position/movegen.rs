//! Move generation: steps from a table, jump chains by a flood fill on the parity-class
//! boards (see [`super::parity`]), with the goal-camp rule applied at every hop.

use crate::bitboard::Bitboard;
use crate::moves::{Appender, Move, MoveList};
use crate::side::Side;
use crate::square::Square;

use super::Position;
use super::flood::{Flood, Reach};
use super::pair::Pair;
use super::parity::{
    Bits, ClassBoard, DIRECTIONS, GOALS, ParityBoard, Shift, class_bit, class_of, shift, square_of,
};

/// Where a step in direction `d` from a square of class `class` lands: the class, and the
/// offset (dx, dy) on the class boards. The square (2x + fp, 2y + rp) moved by (df, dr) lies
/// in the class with parities (fp + df, rp + dr) mod 2, at
/// (x + floor((fp + df) / 2), y + floor((rp + dr) / 2)).
const fn step_target(class: usize, d: usize) -> (usize, i8, i8) {
    let file_parity = (class & 1) as i8;
    let rank_parity = (class >> 1) as i8;
    let (df, dr) = DIRECTIONS[d];
    let to_class = (((rank_parity + dr) & 1) * 2 + ((file_parity + df) & 1)) as usize;
    let dx = (file_parity + df).div_euclid(2);
    let dy = (rank_parity + dr).div_euclid(2);
    (to_class, dx, dy)
}

/// For each class and direction: the class one step away and the shift between the two
/// class boards: forward (a square to its neighbour) or, for `back`, from the neighbour
/// back to the square, keeping only squares with room for a jump over that neighbour.
const fn step_table(back: bool) -> [[(usize, Shift); 8]; 4] {
    let mut table = [[(0, Shift::new(0, 0)); 8]; 4];
    let mut class = 0;
    while class < 4 {
        let mut d = 0;
        while d < 8 {
            let (to_class, dx, dy) = step_target(class, d);
            let (df, dr) = DIRECTIONS[d];
            table[class][d] = if back {
                (
                    to_class,
                    Shift::new(-dx, -dy).keeping(shift(u64::MAX, -df, -dr)),
                )
            } else {
                (to_class, Shift::new(dx, dy))
            };
            d += 1;
        }
        class += 1;
    }
    table
}

/// For each class and direction: the class a step lands in, and the shift that takes the
/// squares of the first class board to their neighbours on the second.
pub(crate) const STEP: [[(usize, Shift); 8]; 4] = step_table(false);

/// For each class and direction: the class of the square a jump goes over, and the shift
/// that brings that square back to the jumping square (where there is room to land).
const OVER: [[(usize, Shift); 8]; 4] = step_table(true);

/// For each class and direction, indexed by the bit of the destination on its class board:
/// the step from a square of that class in that direction (unused entries stay `a1-a1`).
pub(crate) const STEP_MOVES: [[[Move; 64]; 8]; 4] = {
    let none = Move::new(Square::new(0), Square::new(0));
    let mut table = [[[none; 64]; 8]; 4];
    let mut index = 0;
    while index < 256 {
        let from = Square::new(index as u8);
        let class = class_of(from);
        let mut d = 0;
        while d < 8 {
            if let Some(to) = from.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                let bit = class_bit(to).trailing_zeros() as usize;
                table[class][d][bit] = Move::new(from, to);
            }
            d += 1;
        }
        index += 1;
    }
    table
};

/// For each direction: the shift from a landing square back to the jumping square. It wraps
/// around the edges: it is only ever and-ed with the bridges, which leave out the squares
/// without room to land.
const LAND: [Shift; 8] = {
    let mut table = [Shift::new(0, 0); 8];
    let mut d = 0;
    while d < 8 {
        table[d] = Shift::wrapping(-DIRECTIONS[d].0, -DIRECTIONS[d].1);
        d += 1;
    }
    table
};

/// Runs `$body` once for each direction index 0..8, bound to the constant `$d`: unrolled, so
/// that table entries indexed by it fold into the code.
macro_rules! each_direction {
    ($d:ident => $body:block) => {{
        each_direction!(@ $d $body 0 1 2 3 4 5 6 7)
    }};
    (@ $d:ident $body:block $($index:literal)*) => {{
        $({
            const $d: usize = $index;
            $body
        })*
    }};
}

/// The jump graph of one parity class: what the jump floods of all its pieces share (the
/// position's move generation and the race solver's), flooded as [`Flood`] does.
pub(crate) struct ClassJumps {
    /// `bridges[d]`: the squares with a piece next to them in direction `d` and room to land
    /// beyond it, so a jump in direction `d` has something to jump over (in both lanes).
    bridges: [Pair; 8],
    reach: Reach,
}

impl ClassJumps {
    /// The jump graph of class `class` with the pieces `occupied` (of both sides).
    #[inline(always)]
    pub(crate) fn new(class: usize, occupied: &ParityBoard) -> ClassJumps {
        let empty = !occupied.0[class];
        let empty_pair = Pair::splat(empty);
        let mut bridges = [Pair::splat(0); 8];
        let mut jumpable = Pair::splat(0);
        let mut crossings = Pair::splat(0);
        each_direction!(D => {
            // The square jumped over is one step away, on the board of another class.
            let (over_class, back) = OVER[class][D];
            bridges[D] = Pair::splat(occupied.0[over_class]).shift(back);
            let jumps = bridges[D].and(empty_pair.shift(LAND[D]));
            crossings = crossings.or(jumpable.and(jumps));
            jumpable = jumpable.or(jumps);
        });
        ClassJumps {
            bridges,
            reach: Reach {
                empty,
                jumpable: jumpable.lanes()[0],
                crossings: crossings.lanes()[0],
            },
        }
    }

    /// A shortest hop path from `from` to `to`, bits of this class, as squares of class
    /// `class`, both ends included; `None` if `to` is not a jump destination of `from`.
    fn path(
        &self,
        class: usize,
        from: ClassBoard,
        to: ClassBoard,
        goal: ClassBoard,
    ) -> Option<Vec<Square>> {
        let open = self.reach.empty | from;
        // Breadth-first layers; a square in the goal only leads to squares in the goal.
        let mut layers = vec![from];
        let mut reached = from;
        while reached & to == 0 {
            let last = *layers.last()?;
            let hop = |from: ClassBoard| self.hop(Pair::splat(from)).lanes()[0];
            let next = (hop(last & !goal) | (hop(last & goal) & goal)) & open & !reached;
            if next == 0 {
                return None;
            }
            reached |= next;
            layers.push(next);
        }
        let mut path = vec![square_of(class, to.trailing_zeros())];
        let mut current = to;
        for layer in layers.iter().rev().skip(1) {
            current = DIRECTIONS
                .iter()
                .enumerate()
                .map(|(d, &(dx, dy))| (d, shift(current, -dx, -dy)))
                .find(|&(d, before)| {
                    before & layer & self.bridges[d].lanes()[0] != 0
                        && (before & goal == 0 || current & goal != 0)
                })?
                .1;
            path.push(square_of(class, current.trailing_zeros()));
        }
        path.reverse();
        Some(path)
    }
}

impl Flood for ClassJumps {
    /// The squares one jump away from any square of `from`, empty or not, for each lane. The
    /// bridges exclude the edges, so the shifts need no masks.
    #[inline(always)]
    fn hop(&self, from: Pair) -> Pair {
        let b = &self.bridges;
        let part = |d: usize| from.and(b[d]);
        part(0)
            .shl(1)
            .or(part(1).shr(1))
            .or(part(2).shl(8))
            .or(part(3).shr(8))
            .or(part(4).shl(9))
            .or(part(5).shl(7))
            .or(part(6).shr(7))
            .or(part(7).shr(9))
    }

    #[inline(always)]
    fn reach(&self) -> Reach {
        self.reach
    }
}

/// The pieces of the side to move split by the goal-camp rule, and the board they move on.
struct Movers {
    /// Pieces outside the goal camp.
    free: [ClassBoard; 4],
    /// Pieces inside the goal camp, which may only move inside it.
    bound: [ClassBoard; 4],
    any_bound: bool,
    goal: [ClassBoard; 4],
    occupied: ParityBoard,
}

impl Movers {
    #[inline(always)]
    fn new(position: &Position, turn: Side) -> Movers {
        let own = position.parity_pieces(turn);
        let goal = GOALS[turn.index()];
        let bound = [0, 1, 2, 3].map(|c| own.0[c] & goal.0[c]);
        Movers {
            free: [0, 1, 2, 3].map(|c| own.0[c] & !goal.0[c]),
            bound,
            any_bound: bound.iter().any(|&b| b != 0),
            goal: goal.0,
            occupied: own.union(position.parity_pieces(!turn)),
        }
    }

    /// The same movers with only the piece on `square` left (one of them).
    fn only(mut self, square: Square) -> Movers {
        let (class, bit) = (class_of(square), class_bit(square));
        for c in 0..4 {
            let keep = if c == class { bit } else { 0 };
            self.free[c] &= keep;
            self.bound[c] &= keep;
        }
        self.any_bound = self.bound.iter().any(|&b| b != 0);
        self
    }

    /// Calls `visit(class, d, targets)` for each class and direction: the
    /// [`step_targets`](Movers::step_targets) of the pieces of `class` in direction `d`.
    /// Unrolled, which pays for building a list but not for counting. `BOUND` false leaves
    /// out the pieces inside the goal camp, right only when there are none (`any_bound`
    /// false): a constant, so that the goal-camp test folds away.
    #[inline(always)]
    fn for_each_step_set<const BOUND: bool>(
        &self,
        mut visit: impl FnMut(usize, usize, ClassBoard),
    ) {
        self.for_each_step_set_of::<0, BOUND>(&mut visit);
        self.for_each_step_set_of::<1, BOUND>(&mut visit);
        self.for_each_step_set_of::<2, BOUND>(&mut visit);
        self.for_each_step_set_of::<3, BOUND>(&mut visit);
    }

    /// [`for_each_step_set`](Movers::for_each_step_set) for the pieces of one class.
    #[inline(always)]
    fn for_each_step_set_of<const CLASS: usize, const BOUND: bool>(
        &self,
        visit: &mut impl FnMut(usize, usize, ClassBoard),
    ) {
        each_direction!(D => {
            visit(CLASS, D, self.step_targets(CLASS, D, BOUND).1);
        });
    }

    /// The number of steps of the pieces of class `CLASS`.
    #[inline(always)]
    fn count_steps<const CLASS: usize>(&self) -> u32 {
        (0..8)
            .map(|d| self.step_targets(CLASS, d, self.any_bound).1.count_ones())
            .sum()
    }

    /// The squares a step in direction `d` from the pieces of class `class` reaches: the
    /// class they land in and the squares on its board. `bound`: whether to look at the
    /// pieces inside the goal camp (none there when false).
    #[inline(always)]
    fn step_targets(&self, class: usize, d: usize, bound: bool) -> (usize, ClassBoard) {
        let (to_class, step) = STEP[class][d];
        let mut targets = step.apply(self.free[class]);
        if bound {
            targets |= step.apply(self.bound[class]) & self.goal[to_class];
        }
        (to_class, targets & !self.occupied.0[to_class])
    }

    /// Calls `visit(class, origin, jumps)` for every piece with a jump.
    #[inline(always)]
    fn for_each_jumper(&self, mut visit: impl FnMut(usize, ClassBoard, ClassBoard)) {
        self.for_each_jumper_of::<0>(&mut visit);
        self.for_each_jumper_of::<1>(&mut visit);
        self.for_each_jumper_of::<2>(&mut visit);
        self.for_each_jumper_of::<3>(&mut visit);
    }

    /// [`for_each_jumper`](Movers::for_each_jumper) for the pieces of one class, a constant
    /// so that the shifts of the class's tables fold into the code.
    #[inline(always)]
    fn for_each_jumper_of<const CLASS: usize>(
        &self,
        visit: &mut impl FnMut(usize, ClassBoard, ClassBoard),
    ) {
        let pieces = self.free[CLASS] | self.bound[CLASS];
        ClassJumps::new(CLASS, &self.occupied).for_each_jumper::<true>(
            pieces,
            self.goal[CLASS],
            |origin, reached| visit(CLASS, origin, reached),
        );
    }
}

impl Position {
    /// The legal moves: all steps, then all jumps, in a fixed order.
    ///
    /// ```
    /// use halma::Position;
    ///
    /// let moves = Position::start().legal_moves();
    /// assert_eq!(moves.len(), 40);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "n3-n5"));
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
    }

    /// Replaces the contents of `moves` with the legal moves, in the order of
    /// [`legal_moves`](Position::legal_moves); reusing one list saves its set-up.
    pub fn generate(&self, moves: &mut MoveList) {
        moves.refill(|moves| {
            if self.winner().is_some() {
                return;
            }
            // A copy for each side, with its goal camp as constants: fewer registers, no
            // selection at run time.
            match self.turn() {
                Side::X => self.generate_for(Side::X, moves),
                Side::O => self.generate_for(Side::O, moves),
            }
        });
    }

    /// [`generate`](Position::generate) for `turn`, the side to move.
    #[inline(always)]
    fn generate_for(&self, turn: Side, moves: &mut Appender<'_, Move, { crate::moves::STORAGE }>) {
        let movers = Movers::new(self, turn);
        let mut emit_steps = |class: usize, d: usize, targets: ClassBoard| {
            for bit in Bits(targets) {
                moves.push(STEP_MOVES[class][d][bit as usize]);
            }
        };
        // Two copies, each with the goal-camp test decided once.
        if movers.any_bound {
            movers.for_each_step_set::<true>(&mut emit_steps);
        } else {
            movers.for_each_step_set::<false>(&mut emit_steps);
        }
        movers.for_each_jumper(|class, origin, targets| {
            let from = square_of(class, origin.trailing_zeros());
            for bit in Bits(targets) {
                moves.push(Move {
                    from,
                    to: square_of(class, bit),
                });
            }
        });
    }

    /// The number of legal moves, counted without building a list.
    #[inline]
    pub fn count_moves(&self) -> usize {
        if self.winner().is_some() {
            return 0;
        }
        let movers = Movers::new(self, self.turn());
        let mut count = 0;
        count += movers.count_steps::<0>() + movers.count_steps::<1>();
        count += movers.count_steps::<2>() + movers.count_steps::<3>();
        movers.for_each_jumper(|_, _, jumps| count += jumps.count_ones());
        count as usize
    }

    /// Whether the side to move has a legal move: a step is looked for first, and only
    /// without one the jumps, which cost many times more (a game judges every position it
    /// reaches by this).
    pub fn has_legal_move(&self) -> bool {
        if self.winner().is_some() {
            return false;
        }
        let movers = Movers::new(self, self.turn());
        let steps = movers.count_steps::<0>()
            + movers.count_steps::<1>()
            + movers.count_steps::<2>()
            + movers.count_steps::<3>();
        if steps > 0 {
            return true;
        }
        let mut jumps = 0;
        movers.for_each_jumper(|_, _, targets| jumps += targets.count_ones());
        jumps > 0
    }

    /// Where the piece on `from` can go: empty unless it belongs to the side to move (a UI
    /// lights these squares up when the piece is picked up).
    ///
    /// ```
    /// use halma::{Position, Square};
    ///
    /// let n2: Square = "n2".parse()?;
    /// let targets: Vec<String> = Position::start().destinations(n2).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(targets, ["l4"]);
    /// # Ok::<(), halma::ParseSquareError>(())
    /// ```
    pub fn destinations(&self, from: Square) -> Bitboard {
        if self.winner().is_some() || self.piece_at(from) != Some(self.turn()) {
            return Bitboard::EMPTY;
        }
        // The generator's own sets, for this piece alone.
        let mut targets = ParityBoard::default();
        let movers = Movers::new(self, self.turn()).only(from);
        movers.for_each_step_set::<true>(|class, d, steps| targets.0[STEP[class][d].0] |= steps);
        movers.for_each_jumper(|class, _, jumps| targets.0[class] |= jumps);
        targets.to_bitboard()
    }

    /// The squares `mv` passes through: origin, each landing square, destination, along a
    /// shortest chain of jumps (a UI animates this); a step gives its two squares. `None`
    /// when `mv` is not legal.
    ///
    /// ```
    /// use halma::Position;
    ///
    /// let mut position = Position::start();
    /// for text in ["n4-n5", "b12-b11"] {
    ///     let mv = position.parse_move(text)?;
    ///     position.play(mv)?;
    /// }
    /// let path = position.jump_path(position.parse_move("n2-n6")?).unwrap();
    /// assert_eq!(path.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["n2", "n4", "n6"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump_path(&self, mv: Move) -> Option<Vec<Square>> {
        if !self.is_legal(mv) {
            return None;
        }
        if mv.from.file_of().index().abs_diff(mv.to.file_of().index()) <= 1
            && mv.from.rank_of().index().abs_diff(mv.to.rank_of().index()) <= 1
        {
            return Some(vec![mv.from, mv.to]);
        }
        let occupied = self
            .parity_pieces(Side::X)
            .union(self.parity_pieces(Side::O));
        let class = class_of(mv.from);
        ClassJumps::new(class, &occupied).path(
            class,
            class_bit(mv.from),
            class_bit(mv.to),
            GOALS[self.turn().index()].0[class],
        )
    }

    /// Whether the piece of the side to move on `from` can jump to `to` as one hop of a
    /// chain that started on `origin` (vacated), under the goal-camp rule.
    pub(crate) fn is_hop(&self, origin: Square, from: Square, to: Square) -> bool {
        let df = to.file_of().index() as i8 - from.file_of().index() as i8;
        let dr = to.rank_of().index() as i8 - from.rank_of().index() as i8;
        if !matches!((df, dr), (-2 | 0 | 2, -2 | 0 | 2)) || (df, dr) == (0, 0) {
            return false;
        }
        let over = from.offset(df / 2, dr / 2);
        let occupied = self.occupied().without(origin);
        let goal = self.turn().goal();
        over.is_some_and(|over| occupied.contains(over))
            && !occupied.contains(to)
            && (!goal.contains(from) || goal.contains(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_forty_moves() {
        assert_eq!(Position::start().legal_moves().len(), 40);
        assert_eq!(Position::start().count_moves(), 40);
    }
}

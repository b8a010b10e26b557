//! [`Army`]: one side's pieces alone on the board, seen from `x`'s side, and their moves.
//!
//! Once the armies are separated a side's moves depend on its own pieces only (see
//! [`super::separation`]), so the solver works on one army: 19 pieces, the goal camp of `x`
//! (top left). `o`'s pieces are turned half a turn ([`Frame`]) to stand where `x`'s would.
//! The pieces are kept as four 8x8 class boards (see [`super::classes`]): a jump is a king
//! step on a class board over a square of another class, so a jump flood costs a few shifts
//! a hop.

use super::classes::{
    ClassSquares, KING, Offset, bit_of, bits, class_of, split, square_at, squares,
};
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::side::Side;
use crate::square::Square;

/// A side's view of the board: `x`'s as it is, `o`'s turned half a turn, so that every army
/// races toward `x`'s goal camp (`a12`..`e16`). Turning maps square `i` to `255 - i` and
/// keeps every step, jump and camp shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Frame(Side);

impl Frame {
    /// The frame of `side`.
    pub(crate) const fn of(side: Side) -> Frame {
        Frame(side)
    }

    /// `square` seen in this frame (and back: turning twice is the identity).
    #[inline]
    pub(crate) const fn square(self, square: Square) -> Square {
        match self.0 {
            Side::X => square,
            Side::O => Square::new(255 - square.index()),
        }
    }

    /// `mv` seen in this frame (and back).
    #[inline]
    pub(crate) const fn mv(self, mv: Move) -> Move {
        Move::new(self.square(mv.from), self.square(mv.to))
    }

    /// `set` seen in this frame (and back).
    pub(crate) const fn set(self, set: Bitboard) -> Bitboard {
        match self.0 {
            Side::X => set,
            Side::O => {
                let w = set.0;
                Bitboard([
                    w[3].reverse_bits(),
                    w[2].reverse_bits(),
                    w[1].reverse_bits(),
                    w[0].reverse_bits(),
                ])
            }
        }
    }
}

/// The goal camp every army fills: `x`'s goal, in the parity layout.
pub(crate) const GOAL: Army = Army(split(Side::X.goal()));

/// The whole board in the parity layout.
pub(crate) const FULL: Army = Army([u64::MAX; 4]);

/// A set of squares in the parity layout: the pieces of one army, or a set of squares the
/// rules of a search work with (the goal camp, a region).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Army(pub(crate) [u64; 4]);

impl Army {
    /// The set of `squares` (already in the frame wanted).
    pub(crate) const fn from_bitboard(squares: Bitboard) -> Army {
        Army(split(squares))
    }

    /// The squares of the set, class by class.
    #[inline]
    pub(crate) fn squares(self) -> ClassSquares {
        squares(self.0)
    }

    /// The set after `mv` (a piece from `mv.from` to `mv.to`).
    #[inline]
    pub(crate) fn after(self, mv: Move) -> Army {
        let mut words = self.0;
        words[class_of(mv.from)] ^= bit_of(mv.from);
        words[class_of(mv.to)] ^= bit_of(mv.to);
        Army(words)
    }

    /// The squares in both sets.
    #[inline]
    pub(crate) fn and(self, other: Army) -> Army {
        Army([0, 1, 2, 3].map(|c| self.0[c] & other.0[c]))
    }

    /// The squares of `self` not in `other`.
    #[inline]
    pub(crate) fn and_not(self, other: Army) -> Army {
        Army([0, 1, 2, 3].map(|c| self.0[c] & !other.0[c]))
    }

    /// The squares next to a square of the set (king steps).
    #[inline]
    pub(crate) fn neighbours(self) -> Army {
        let mut next = [0; 4];
        for (class, &board) in self.0.iter().enumerate() {
            for &(to, step) in &TABLES.step[class] {
                next[to] |= step.apply(board);
            }
        }
        Army(next)
    }

    /// A 64-bit digest of the set, for table indices (not an identity: tables compare the
    /// sets themselves).
    #[inline]
    pub(crate) fn digest(self) -> u64 {
        let [a, b, c, d] = self.0;
        let mixed = a.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ b.rotate_left(17).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ c.rotate_left(31).wrapping_mul(0x1656_67b1_9e37_79f9)
            ^ d.rotate_left(47).wrapping_mul(0xff51_afd7_ed55_8ccd);
        mixed ^ (mixed >> 32)
    }
}

/// For a square of class `class`: the class of its neighbour in direction `d` and the
/// shift that takes the square's bit on its class board to the neighbour's bit on the
/// neighbour's board. Read off an inner square of the class (`c3`, `d3`, `c4`, `d4`).
const fn neighbour(class: usize, d: usize) -> (usize, i8, i8) {
    let square = Square::new(((2 + (class >> 1)) * 16 + 2 + (class & 1)) as u8);
    let (df, dr) = KING[d];
    let next = square.offset(df, dr).unwrap();
    let dx = (next.file() >> 1) as i8 - (square.file() >> 1) as i8;
    let dy = (next.rank() >> 1) as i8 - (square.rank() >> 1) as i8;
    (class_of(next), dx, dy)
}

/// For each class and direction: the class a step lands in and the shift of the class
/// boards; for jumps, the class of the square jumped over and the shift that brings a stone
/// back to the squares that can jump it (those with room to land beyond it).
struct Tables {
    step: [[(usize, Offset); 8]; 4],
    over: [[(usize, Offset); 8]; 4],
}

const TABLES: Tables = {
    let mut tables = Tables {
        step: [[(0, Offset::new(0, 0)); 8]; 4],
        over: [[(0, Offset::new(0, 0)); 8]; 4],
    };
    let mut class = 0;
    while class < 4 {
        let mut d = 0;
        while d < 8 {
            let (to, dx, dy) = neighbour(class, d);
            let (df, dr) = KING[d];
            tables.step[class][d] = (to, Offset::new(dx, dy));
            let room = Offset::new(-df, -dr).apply(u64::MAX);
            tables.over[class][d] = (to, Offset::new(-dx, -dy).keeping(room));
            d += 1;
        }
        class += 1;
    }
    tables
};

/// A king step on a class board in each direction, forward (`sign` 1) or back (-1).
const fn king_steps(sign: i8) -> [Offset; 8] {
    let mut table = [Offset::new(0, 0); 8];
    let mut d = 0;
    while d < 8 {
        table[d] = Offset::new(sign * KING[d].0, sign * KING[d].1);
        d += 1;
    }
    table
}

/// Where a jump in each direction lands, on the class board of its squares.
const LAND: [Offset; 8] = king_steps(1);

/// From where a jump in each direction lands back to where it starts.
const BACK: [Offset; 8] = king_steps(-1);

/// What limits an army's moves besides the board: the squares a piece may not leave once it
/// stands on them (every hop of a chain included), and the squares a move may end on.
///
/// Forward moves confine to the goal camp (the goal-camp rule). The moves *into* a set of
/// pieces, the inverse of the forward moves, are the same moves with the complement of the
/// goal as confinement: read backward, a chain that stays in the goal once in it is a chain
/// that stays outside once out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    confine: Army,
    region: Army,
}

impl Rules {
    /// The rules of the game, moves ending in `region` only.
    pub(crate) const fn forward(region: Army) -> Rules {
        Rules {
            confine: GOAL,
            region,
        }
    }

    /// The inverse of the game's moves on the whole board: `to-from` is one of these in a
    /// set of pieces exactly when `from-to` is a legal move of the set with `to` moved back
    /// to `from`.
    pub(crate) const fn backward() -> Rules {
        let goal = GOAL.0;
        Rules {
            confine: Army([!goal[0], !goal[1], !goal[2], !goal[3]]),
            region: FULL,
        }
    }

    /// Calls `visit(mv)` for every move of `army` under these rules: steps first, then
    /// jumps, each piece's in square order.
    #[inline]
    pub(crate) fn for_each_move(&self, army: Army, mut visit: impl FnMut(Move)) {
        let pieces = army.0;
        let empty = pieces.map(|board| !board);
        for (class, (&board, &confine)) in pieces.iter().zip(&self.confine.0).enumerate() {
            let (bound, free) = (board & confine, board & !confine);
            for (d, &(to_class, step)) in TABLES.step[class].iter().enumerate() {
                let open = empty[to_class] & self.region.0[to_class];
                let targets =
                    (step.apply(free) | (step.apply(bound) & self.confine.0[to_class])) & open;
                let (df, dr) = KING[d];
                for to in bits(targets) {
                    let to = square_at(to_class, to);
                    let from = to.offset(-df, -dr).expect("a step comes from the board");
                    visit(Move::new(from, to));
                }
            }
        }
        for (class, (&board, &confine)) in pieces.iter().zip(&self.confine.0).enumerate() {
            let flood = Flood::new(class, &pieces, confine);
            for origin in bits(board & flood.jumpers()) {
                let reached = flood.reach(1 << origin) & self.region.0[class];
                let from = square_at(class, origin);
                for to in bits(reached) {
                    visit(Move::new(from, square_at(class, to)));
                }
            }
        }
    }
}

/// The jump graph of one class board: for each direction, the squares that have a stone to
/// jump over in that direction and room to land.
struct Flood {
    bridges: [u64; 8],
    empty: u64,
    confine: u64,
}

impl Flood {
    #[inline]
    fn new(class: usize, pieces: &[u64; 4], confine: u64) -> Flood {
        let over = &TABLES.over[class];
        Flood {
            bridges: [0, 1, 2, 3, 4, 5, 6, 7].map(|d| over[d].1.apply(pieces[over[d].0])),
            empty: !pieces[class],
            confine,
        }
    }

    /// The squares one hop away from `from`, empty or not.
    #[inline]
    fn hop(&self, from: u64) -> u64 {
        self.bridges
            .iter()
            .zip(&LAND)
            .fold(0, |to, (&bridge, land)| to | land.apply(from & bridge))
    }

    /// The squares with a hop to an empty square: only pieces there have jumps.
    #[inline]
    fn jumpers(&self) -> u64 {
        self.bridges
            .iter()
            .zip(&BACK)
            .fold(0, |from, (&bridge, back)| {
                from | (bridge & back.apply(self.empty))
            })
    }

    /// The empty squares a piece on `origin` reaches by one jump or more. The stones are in
    /// other classes, so the origin never is one; a hop from a confining square lands in
    /// the confining set only.
    #[inline]
    fn reach(&self, origin: u64) -> u64 {
        let mut reached = origin;
        let mut frontier = origin & !self.confine;
        while frontier != 0 {
            let landed = self.hop(frontier) & self.empty & !reached;
            reached |= landed;
            frontier = landed & !self.confine;
        }
        // Hops on from every confining square reached (and an origin there), inside it.
        let mut frontier = reached & self.confine;
        while frontier != 0 {
            let landed = self.hop(frontier) & self.empty & self.confine & !reached;
            reached |= landed;
            frontier = landed;
        }
        reached & !origin
    }
}

/// The filled goal with the pieces on the first square of each pair moved to the second
/// (square names): an army for tests.
#[cfg(test)]
pub(crate) fn moved_out(pairs: &[(&str, &str)]) -> Army {
    let mut set = Side::X.goal();
    for (from, to) in pairs {
        set.remove(from.parse().unwrap());
        set.insert(to.parse().unwrap());
    }
    Army::from_bitboard(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// The moves of the side to move, as the position's generator gives them, sorted.
    fn reference(position: &Position) -> Vec<Move> {
        let mut moves: Vec<Move> = position.legal_moves().to_vec();
        moves.sort();
        moves
    }

    /// The moves of `side`'s army alone (the other army's pieces far away in these tests).
    fn army_moves(position: &Position, side: Side) -> Vec<Move> {
        let frame = Frame::of(side);
        let army = Army::from_bitboard(frame.set(position.pieces(side)));
        let mut moves = Vec::new();
        Rules::forward(FULL).for_each_move(army, |mv| moves.push(frame.mv(mv)));
        moves.sort();
        moves
    }

    #[test]
    fn an_army_far_from_the_other_moves_as_in_the_game() {
        // Both armies near their goals, far apart; each side to move in turn.
        for text in [
            "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x",
            "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo o",
        ] {
            let position: Position = text.parse().unwrap();
            assert_eq!(army_moves(&position, position.turn()), reference(&position));
        }
    }

    #[test]
    fn turning_is_its_own_inverse() {
        let set = Side::X.home() | Bitboard::from_square(Square::new(100));
        let frame = Frame::of(Side::O);
        assert_eq!(frame.set(frame.set(set)), set);
        assert_eq!(frame.set(Side::O.goal()), Side::X.goal());
        for square in Square::all() {
            assert_eq!(
                frame.set(Bitboard::from_square(square)),
                frame.square(square).into()
            );
        }
    }

    #[test]
    fn backward_moves_undo_forward_moves() {
        let position: Position =
            "xxxxx11/xxxx12/xxx1x11/xx3x10/x1x2x10/16/16/16/16/16/16/10oo1o1o/11oooo1/12ooo1/11ooooo/13ooo x"
                .parse()
                .unwrap();
        let army = Army::from_bitboard(position.pieces(Side::X));
        let mut forward = Vec::new();
        Rules::forward(FULL).for_each_move(army, |mv| forward.push(mv));
        assert!(!forward.is_empty());
        for mv in forward {
            let after = army.after(mv);
            let mut back = Vec::new();
            Rules::backward().for_each_move(after, |m| back.push(m));
            assert!(back.contains(&Move::new(mv.to, mv.from)), "{mv}");
        }
    }
}

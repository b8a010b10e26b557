//! [`Army`]: one side's pieces alone on the board, seen from `x`'s side, and their moves.
//!
//! Once the armies are separated a side's moves depend on its own pieces only (see
//! [`super::separation`]), so the solver works on one army: 19 pieces, the goal camp of `x`
//! (top left). `o`'s pieces are turned half a turn ([`Orientation`]) to stand where `x`'s
//! would. The pieces are kept in the position's parity layout (four 8x8 class boards, see
//! [`crate::position::parity`]), and move by the position's move generation: its step
//! tables and its jump floods ([`ClassJumps`]), under [`Rules`] of their own (a region, and
//! the goal-camp rule read forward or backward).

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::flood::Flood;
use crate::position::movegen::{ClassJumps, STEP, STEP_MOVES};
use crate::position::parity::{
    Bits, ParityBoard, ParitySquares, class_bit, class_of, split, square_of,
};
use crate::side::Side;
use crate::square::Square;

/// A side's view of the board: `x`'s as it is, `o`'s turned half a turn, so that every army
/// races toward `x`'s goal camp (`a12`..`e16`). Turning maps square `i` to `255 - i` and
/// keeps every step, jump and camp shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Orientation(Side);

impl Orientation {
    /// The orientation of `side`.
    pub(crate) const fn of(side: Side) -> Orientation {
        Orientation(side)
    }

    /// `square` seen in this orientation (and back: turning twice is the identity).
    #[inline]
    pub(crate) const fn square(self, square: Square) -> Square {
        match self.0 {
            Side::X => square,
            Side::O => Square::new(255 - square.index()),
        }
    }

    /// `mv` seen in this orientation (and back).
    #[inline]
    pub(crate) const fn mv(self, mv: Move) -> Move {
        Move::new(self.square(mv.from), self.square(mv.to))
    }

    /// `set` seen in this orientation (and back).
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
    /// The set of `squares` (already in the orientation wanted).
    pub(crate) const fn from_bitboard(squares: Bitboard) -> Army {
        Army(split(squares))
    }

    /// The squares of the set, class by class.
    #[inline]
    pub(crate) fn squares(self) -> ParitySquares {
        ParityBoard(self.0).squares()
    }

    /// The set after `mv` (a piece from `mv.from` to `mv.to`).
    #[inline]
    pub(crate) fn after(self, mv: Move) -> Army {
        let mut words = self.0;
        words[class_of(mv.from)] ^= class_bit(mv.from);
        words[class_of(mv.to)] ^= class_bit(mv.to);
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
            for &(to, step) in &STEP[class] {
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

/// The step directions (indices of
/// [`DIRECTIONS`](crate::position::parity::DIRECTIONS)) in the order the solver tries them: by
/// rank delta, then file delta. Its search tries equally bounded moves in generation order,
/// so this order is part of what it searches (its node counts, which shortest sequence it
/// finds).
const STEP_ORDER: [usize; 8] = [7, 3, 6, 1, 0, 5, 2, 4];

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
    /// jumps, each piece's in square order. The position's generator's tables and jump
    /// floods, with the confinement for the goal camp and the region for the board.
    #[inline]
    pub(crate) fn for_each_move(&self, army: Army, mut visit: impl FnMut(Move)) {
        let pieces = army.0;
        let confine = self.confine.0;
        for (class, &board) in pieces.iter().enumerate() {
            let (bound, free) = (board & confine[class], board & !confine[class]);
            for d in STEP_ORDER {
                let (to_class, step) = STEP[class][d];
                let open = !pieces[to_class] & self.region.0[to_class];
                let targets = (step.apply(free) | (step.apply(bound) & confine[to_class])) & open;
                for bit in Bits(targets) {
                    visit(STEP_MOVES[class][d][bit as usize]);
                }
            }
        }
        let occupied = ParityBoard(pieces);
        for (class, &board) in pieces.iter().enumerate() {
            let region = self.region.0[class];
            ClassJumps::new(class, &occupied).for_each_jumper::<true>(
                board,
                confine[class],
                |origin, reached| {
                    let from = square_of(class, origin.trailing_zeros());
                    for bit in Bits(reached & region) {
                        visit(Move::new(from, square_of(class, bit)));
                    }
                },
            );
        }
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
        let orientation = Orientation::of(side);
        let army = Army::from_bitboard(orientation.set(position.pieces(side)));
        let mut moves = Vec::new();
        Rules::forward(FULL).for_each_move(army, |mv| moves.push(orientation.mv(mv)));
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
    fn steps_are_tried_by_rank_then_file_delta() {
        use crate::position::parity::DIRECTIONS;
        let deltas = STEP_ORDER.map(|d| (DIRECTIONS[d].1, DIRECTIONS[d].0));
        let mut sorted = DIRECTIONS.map(|(df, dr)| (dr, df));
        sorted.sort();
        assert_eq!(deltas, sorted);
    }

    #[test]
    fn turning_is_its_own_inverse() {
        let set = Side::X.home() | Bitboard::from_square(Square::new(100));
        let orientation = Orientation::of(Side::O);
        assert_eq!(orientation.set(orientation.set(set)), set);
        assert_eq!(orientation.set(Side::O.goal()), Side::X.goal());
        for square in Square::all() {
            assert_eq!(
                orientation.set(Bitboard::from_square(square)),
                orientation.square(square).into()
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

//! Move generation: steps from a table, jump chains by a flood fill on the parity-class
//! boards (see [`crate::parity`]), with the goal-camp rule applied at every hop.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::parity::{self, ClassBoard, DIRECTIONS, class_bit, class_of, shift, square_of};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The up to eight neighbours of each square.
const NEIGHBOURS: [Bitboard; 256] = {
    let mut table = [Bitboard::EMPTY; 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let mut d = 0;
        while d < 8 {
            if let Some(target) = square.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                table[index] = table[index].with(target);
            }
            d += 1;
        }
        index += 1;
    }
    table
};

/// Each side's goal camp split into the four class boards.
const GOAL_CLASSES: [[ClassBoard; 4]; 2] =
    [parity::split(Side::X.goal()), parity::split(Side::O.goal())];

/// What the jump floods of all pieces of a position share: the empty squares and, for
/// every class and direction, the squares with a piece to jump over in that direction.
pub(crate) struct JumpBoard {
    empty: [ClassBoard; 4],
    bridges: [[ClassBoard; 8]; 4],
}

impl JumpBoard {
    pub(crate) fn new(occupied: Bitboard) -> JumpBoard {
        let occupied = parity::split(occupied);
        let mut bridges = [[0; 8]; 4];
        for (class, class_bridges) in bridges.iter_mut().enumerate() {
            let file_parity = (class & 1) as i8;
            let rank_parity = (class >> 1) as i8;
            for (bridge, &(df, dr)) in class_bridges.iter_mut().zip(&DIRECTIONS) {
                // The square jumped over from (2x + fp, 2y + rp) lies in the class with the
                // parities flipped where the direction moves, at (x + dx, y + dy).
                let over_class = (((rank_parity + dr) & 1) * 2 + ((file_parity + df) & 1)) as usize;
                let dx = (file_parity + df).div_euclid(2);
                let dy = (rank_parity + dr).div_euclid(2);
                *bridge = shift(occupied[over_class], -dx, -dy);
            }
        }
        JumpBoard {
            empty: occupied.map(|board| !board),
            bridges,
        }
    }

    /// The squares one jump away from any square of `from`, a set of class `class`, that
    /// have a piece to jump over (empty or not).
    #[inline(always)]
    fn hop(&self, class: usize, from: ClassBoard) -> ClassBoard {
        let bridges = &self.bridges[class];
        let mut to = 0;
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            to |= shift(from & bridges[d], dx, dy);
        }
        to
    }

    /// The squares a piece on `from` reaches by one jump or more, on the board of its class,
    /// for a side whose goal camp is `goal`.
    #[inline(always)]
    pub(crate) fn jumps(&self, from: Square, goal: &[ClassBoard; 4]) -> ClassBoard {
        let class = class_of(from);
        let origin = class_bit(from);
        let goal = goal[class];
        // The moving piece has left its origin: the chain may pass it.
        let open = self.empty[class] | origin;
        let mut reached = origin;
        if origin & goal == 0 {
            // Outside the goal: hop anywhere, but hops landing in the goal go no further here.
            let mut frontier = origin;
            loop {
                let new = self.hop(class, frontier & !goal) & open & !reached;
                if new == 0 {
                    break;
                }
                reached |= new;
                frontier = new;
            }
        }
        // Inside the goal: hop on inside it only.
        let mut frontier = reached & goal;
        while frontier != 0 {
            frontier = self.hop(class, frontier) & open & goal & !reached;
            reached |= frontier;
        }
        reached & !origin
    }

    /// A shortest hop path from `from` to `to` (both in one class) as squares, both ends
    /// included, or `None` if `to` is not a jump destination of the piece on `from`.
    fn path(&self, from: Square, to: Square, goal: &[ClassBoard; 4]) -> Option<Vec<Square>> {
        let class = class_of(from);
        let goal = goal[class];
        let open = self.empty[class] | class_bit(from);
        let target = class_bit(to);
        // Breadth-first layers; a square in the goal only leads to squares in the goal.
        let mut layers = vec![class_bit(from)];
        let mut reached = class_bit(from);
        while reached & target == 0 {
            let last = *layers.last()?;
            let next = (self.hop(class, last & !goal) | (self.hop(class, last & goal) & goal))
                & open
                & !reached;
            if next == 0 {
                return None;
            }
            reached |= next;
            layers.push(next);
        }
        let mut path = vec![to];
        let mut current = target;
        for layer in layers.iter().rev().skip(1) {
            current = DIRECTIONS
                .iter()
                .enumerate()
                .map(|(d, &(dx, dy))| (d, shift(current, -dx, -dy)))
                .find(|&(d, before)| {
                    before & layer & self.bridges[class][d] != 0
                        && (before & goal == 0 || current & goal != 0)
                })?
                .1;
            path.push(square_of(class, current.trailing_zeros()));
        }
        path.reverse();
        Some(path)
    }
}

impl Position {
    /// Calls `visit(from, steps, class, jumps)` for every piece of the side to move: its
    /// step destinations, and its jump destinations on the board of its class.
    #[inline(always)]
    fn for_each_piece(&self, mut visit: impl FnMut(Square, Bitboard, usize, ClassBoard)) {
        if self.winner().is_some() {
            return;
        }
        let turn = self.turn();
        let occupied = self.occupied();
        let empty = !occupied;
        let goal = turn.goal();
        let goal_classes = &GOAL_CLASSES[turn.index()];
        let board = JumpBoard::new(occupied);
        for from in self.pieces(turn) {
            let mut steps = NEIGHBOURS[from.index() as usize] & empty;
            if goal.contains(from) {
                steps &= goal;
            }
            visit(from, steps, class_of(from), board.jumps(from, goal_classes));
        }
    }

    /// The legal moves: for each piece in square order, its steps, then its jumps.
    ///
    /// ```
    /// use halma::Position;
    ///
    /// let moves = Position::start().legal_moves();
    /// assert_eq!(moves.len(), 40);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "n3-n5"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_piece(|from, steps, class, mut jumps| {
            for to in steps {
                moves.push(Move { from, to });
            }
            while jumps != 0 {
                let to = square_of(class, jumps.trailing_zeros());
                jumps &= jumps - 1;
                moves.push(Move { from, to });
            }
        });
        moves
    }

    /// The number of legal moves, counted without building a list.
    pub fn count_moves(&self) -> usize {
        let mut count = 0;
        self.for_each_piece(|_, steps, _, jumps| {
            count += steps.count() + jumps.count_ones();
        });
        count as usize
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_moves() > 0
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
        let turn = self.turn();
        if !self.pieces(turn).contains(from) || self.winner().is_some() {
            return Bitboard::EMPTY;
        }
        let goal = turn.goal();
        let mut steps = NEIGHBOURS[from.index() as usize] - self.occupied();
        if goal.contains(from) {
            steps &= goal;
        }
        let board = JumpBoard::new(self.occupied());
        steps
            | parity::merge(
                class_of(from),
                board.jumps(from, &GOAL_CLASSES[turn.index()]),
            )
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
        if NEIGHBOURS[mv.from.index() as usize].contains(mv.to) {
            return Some(vec![mv.from, mv.to]);
        }
        JumpBoard::new(self.occupied()).path(mv.from, mv.to, &GOAL_CLASSES[self.turn().index()])
    }

    /// Whether the piece of the side to move on `from` can jump to `to` as one hop of a
    /// chain that started on `origin` (vacated), under the goal-camp rule.
    pub(crate) fn is_hop(&self, origin: Square, from: Square, to: Square) -> bool {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
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
    fn neighbours_count_edges_and_corners() {
        assert_eq!(NEIGHBOURS[0].count(), 3);
        assert_eq!(NEIGHBOURS[1].count(), 5);
        assert_eq!(NEIGHBOURS[17].count(), 8);
        assert_eq!(NEIGHBOURS[255].count(), 3);
    }

    #[test]
    fn the_start_has_forty_moves() {
        assert_eq!(Position::start().legal_moves().len(), 40);
        assert_eq!(Position::start().count_moves(), 40);
    }
}

//! The four parity classes of the board as 8x8 boards, the layout the race solver's move
//! generation works in.
//!
//! A jump moves a piece two files and/or two ranks, so it never leaves the class of squares
//! with its file's and rank's parities, and the square it jumps over lies in another class.
//! Class `c = rank parity * 2 + file parity` holds the square on file `2x + file parity`,
//! rank `2y + rank parity` at bit `8y + x` of a `u64`. On such a board a jump is a king step
//! and a flood of jumps costs a few shifts a hop for all squares at once.

use crate::bitboard::Bitboard;
use crate::square::Square;

/// The eight king directions as (file, rank) deltas: every pair of -1, 0 and 1 but (0, 0).
pub(crate) const KING: [(i8, i8); 8] = {
    let mut directions = [(0, 0); 8];
    let mut next = 0;
    let mut index = 0;
    while index < 9 {
        let (df, dr) = (index % 3 - 1, index / 3 - 1);
        if df != 0 || dr != 0 {
            directions[next] = (df, dr);
            next += 1;
        }
        index += 1;
    }
    directions
};

/// The class of `square`.
#[inline]
pub(crate) const fn class_of(square: Square) -> usize {
    ((square.rank() & 1) * 2 + (square.file() & 1)) as usize
}

/// The bit of `square` on its class board.
#[inline]
pub(crate) const fn bit_of(square: Square) -> u64 {
    1 << ((square.rank() >> 1) * 8 + (square.file() >> 1))
}

/// The square at bit index `index` (0..64) of class `class`.
#[inline]
pub(crate) const fn square_at(class: usize, index: u32) -> Square {
    let (x, y) = ((index & 7) as u8, (index >> 3) as u8);
    Square::new((2 * y + (class >> 1) as u8) * 16 + 2 * x + (class & 1) as u8)
}

/// The four class boards of `set`.
pub(crate) const fn split(set: Bitboard) -> [u64; 4] {
    let mut boards = [0; 4];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        if set.contains(square) {
            boards[class_of(square)] |= bit_of(square);
        }
        index += 1;
    }
    boards
}

/// The squares of the four class boards, class by class.
#[inline]
pub(crate) fn squares(boards: [u64; 4]) -> ClassSquares {
    ClassSquares { boards, class: 0 }
}

/// The squares of four class boards, class by class, each in bit order.
pub(crate) struct ClassSquares {
    boards: [u64; 4],
    class: usize,
}

impl Iterator for ClassSquares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.class < 4 {
            let board = &mut self.boards[self.class];
            if *board != 0 {
                let index = board.trailing_zeros();
                *board &= *board - 1;
                return Some(square_at(self.class, index));
            }
            self.class += 1;
        }
        None
    }
}

/// The indices of the set bits of `board`, lowest first.
#[inline]
pub(crate) fn bits(mut board: u64) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        if board == 0 {
            return None;
        }
        let index = board.trailing_zeros();
        board &= board - 1;
        Some(index)
    })
}

/// A move of every square of a class board by a king step or none, `(dx, dy)` each in
/// -1..=1, squares leaving the board dropped: a rotation of the word and a mask, without
/// branches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Offset {
    rotation: u32,
    keep: u64,
}

impl Offset {
    /// The move by `(dx, dy)`.
    pub(crate) const fn new(dx: i8, dy: i8) -> Offset {
        // Squares of column 7 moving east, or column 0 moving west, would come back on the
        // other side: the mask keeps the columns and rows they cannot land on.
        let mut keep = u64::MAX;
        if dx == 1 {
            keep &= !0x0101_0101_0101_0101;
        }
        if dx == -1 {
            keep &= !0x8080_8080_8080_8080;
        }
        if dy == 1 {
            keep &= !0xff;
        }
        if dy == -1 {
            keep &= !(0xff << 56);
        }
        Offset {
            rotation: (8 * dy as i32 + dx as i32).rem_euclid(64) as u32,
            keep,
        }
    }

    /// The same move, also dropping the squares (after the move) outside `keep`.
    pub(crate) const fn keeping(self, keep: u64) -> Offset {
        Offset {
            rotation: self.rotation,
            keep: self.keep & keep,
        }
    }

    /// Moves the squares of `board`.
    #[inline(always)]
    pub(crate) const fn apply(self, board: u64) -> u64 {
        board.rotate_left(self.rotation) & self.keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_bits_correspond() {
        for square in Square::all() {
            let (class, bit) = (class_of(square), bit_of(square));
            assert_eq!(square_at(class, bit.trailing_zeros()), square);
            let alone = Bitboard::from_square(square);
            assert_eq!(squares(split(alone)).collect::<Bitboard>(), alone);
        }
    }

    #[test]
    fn offsets_are_king_steps_of_the_class_boards() {
        for square in Square::all() {
            for (dx, dy) in KING {
                let moved = Offset::new(dx, dy).apply(bit_of(square));
                match square.offset(2 * dx, 2 * dy) {
                    Some(target) => assert_eq!(moved, bit_of(target), "{square} {dx} {dy}"),
                    None => assert_eq!(moved, 0, "{square} {dx} {dy}"),
                }
            }
        }
    }
}

//! The four parity classes: the board split by the parity of file and rank.
//!
//! A jump moves two files and/or two ranks, so a jumping piece never leaves the class of its
//! origin, and the square it jumps over always lies in another class. Each class has 64
//! squares and is kept as an 8x8 board in one `u64`: bit `y * 8 + x` of class
//! `rank_parity * 2 + file_parity` is the square on file `2x + file_parity`, rank
//! `2y + rank_parity`. On that board a jump is a king step, so a jump flood fill costs a few
//! shifts per hop for every piece of the class at once.

use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

/// An 8x8 board of one parity class.
pub(crate) type ClassBoard = u64;

/// The eight directions as (file delta, rank delta); jumps and steps both use them.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

const NOT_COLUMN_0: u64 = !0x0101_0101_0101_0101;
const NOT_COLUMN_7: u64 = !0x8080_8080_8080_8080;

/// Moves every square of an 8x8 board by (`dx`, `dy`), each in -1..=1; squares pushed off the
/// edge vanish.
#[inline(always)]
pub(crate) const fn shift(board: ClassBoard, dx: i8, dy: i8) -> ClassBoard {
    let moved = match dy {
        1 => board << 8,
        -1 => board >> 8,
        _ => board,
    };
    match dx {
        1 => (moved << 1) & NOT_COLUMN_0,
        -1 => (moved >> 1) & NOT_COLUMN_7,
        _ => moved,
    }
}

/// The index of `square` in the parity layout: `class * 64 + bit`.
const fn parity_index(square: Square) -> u8 {
    let class = (square.rank_of().index() & 1) * 2 + (square.file_of().index() & 1);
    class * 64 + (square.rank_of().index() >> 1) * 8 + (square.file_of().index() >> 1)
}

const PARITY_INDEX: [u8; 256] = {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        table[index] = parity_index(Square::new(index as u8));
        index += 1;
    }
    table
};

const SQUARE_OF: [Square; 256] = {
    let mut table = [Square::new(0); 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        table[parity_index(square) as usize] = square;
        index += 1;
    }
    table
};

/// A shift of an 8x8 board by (`dx`, `dy`) as a rotation and a mask: the same result as
/// [`shift`], without branches, so loops over tables of shifts stay cheap.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    rotation: u32,
    mask: ClassBoard,
}

impl Shift {
    /// The shift by (`dx`, `dy`), each in -1..=1.
    pub(crate) const fn new(dx: i8, dy: i8) -> Shift {
        Shift {
            rotation: (8 * dy + dx).rem_euclid(64) as u32,
            mask: shift(u64::MAX, dx, dy),
        }
    }

    /// The shift by (`dx`, `dy`) without its mask: squares pushed off one edge come back on
    /// the other, for callers that drop those squares anyway.
    pub(crate) const fn wrapping(dx: i8, dy: i8) -> Shift {
        Shift {
            rotation: Shift::new(dx, dy).rotation,
            mask: u64::MAX,
        }
    }

    /// The same shift, also dropping the squares outside `keep`.
    pub(crate) const fn keeping(self, keep: ClassBoard) -> Shift {
        Shift {
            rotation: self.rotation,
            mask: self.mask & keep,
        }
    }

    /// The distance each square moves, in bits: positive toward bit 63.
    #[inline(always)]
    pub(crate) const fn offset(self) -> i32 {
        if self.rotation < 32 {
            self.rotation as i32
        } else {
            self.rotation as i32 - 64
        }
    }

    /// The squares a shifted board keeps.
    #[inline(always)]
    pub(crate) const fn mask(self) -> ClassBoard {
        self.mask
    }

    /// Shifts `board`.
    #[inline(always)]
    pub(crate) const fn apply(self, board: ClassBoard) -> ClassBoard {
        board.rotate_left(self.rotation) & self.mask
    }
}

/// The class of `square`, 0..4.
#[inline(always)]
pub(crate) const fn class_of(square: Square) -> usize {
    (PARITY_INDEX[square.index() as usize] >> 6) as usize
}

/// The bit of `square` on the board of its class.
#[inline(always)]
pub(crate) const fn class_bit(square: Square) -> ClassBoard {
    1 << (PARITY_INDEX[square.index() as usize] & 63)
}

/// The square of bit `bit` (0..64) of class `class`.
#[inline(always)]
pub(crate) const fn square_of(class: usize, bit: u32) -> Square {
    SQUARE_OF[class * 64 + bit as usize]
}

/// The indices of the set bits of a class board, lowest first.
pub(crate) struct Bits(pub(crate) ClassBoard);

impl Iterator for Bits {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// The squares of a [`ParityBoard`], class by class, each class in bit order.
pub(crate) struct ParitySquares {
    boards: [ClassBoard; 4],
    class: usize,
}

impl Iterator for ParitySquares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.class < 4 {
            let board = &mut self.boards[self.class];
            if *board != 0 {
                let bit = board.trailing_zeros();
                *board &= *board - 1;
                return Some(square_of(self.class, bit));
            }
            self.class += 1;
        }
        None
    }
}

/// A set of squares in the parity layout: the board of class `c` in word `c`. The same 256
/// bits as a [`Bitboard`], in another order; positions keep their pieces this way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub(crate) struct ParityBoard(pub(crate) [ClassBoard; 4]);

impl ParityBoard {
    /// The same set in the parity layout.
    #[inline]
    pub(crate) const fn from_bitboard(board: Bitboard) -> ParityBoard {
        ParityBoard(split(board))
    }

    /// The same set as a [`Bitboard`].
    #[inline]
    pub(crate) const fn to_bitboard(self) -> Bitboard {
        merge(self.0)
    }

    /// The squares of the set, class by class, each class in bit order.
    #[inline]
    pub(crate) const fn squares(self) -> ParitySquares {
        ParitySquares {
            boards: self.0,
            class: 0,
        }
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub(crate) const fn contains(self, square: Square) -> bool {
        let index = PARITY_INDEX[square.index() as usize];
        self.0[(index >> 6) as usize] >> (index & 63) & 1 != 0
    }

    /// Adds `square` if absent, removes it if present.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, square: Square) {
        let index = PARITY_INDEX[square.index() as usize];
        self.0[(index >> 6) as usize] ^= 1 << (index & 63);
    }

    /// The union of the two sets.
    #[inline(always)]
    pub(crate) const fn union(self, other: ParityBoard) -> ParityBoard {
        ParityBoard([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }
}

/// Keeps the even bits of `word` and packs each 16-bit lane's eight of them into the low
/// byte of that lane.
#[inline(always)]
const fn pack_lanes(word: u64) -> u64 {
    let mut x = word & 0x5555_5555_5555_5555;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0f0f_0f0f_0f0f_0f0f;
    (x | (x >> 4)) & 0x00ff_00ff_00ff_00ff
}

/// Spreads the low byte of each 16-bit lane over that lane's even bits: the inverse of
/// [`pack_lanes`].
#[inline(always)]
const fn spread_lanes(word: u64) -> u64 {
    let mut x = word & 0x00ff_00ff_00ff_00ff;
    x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

/// Splits a bitboard into the boards of its four classes.
#[inline]
pub(crate) const fn split(board: Bitboard) -> [ClassBoard; 4] {
    let mut classes = [0; 4];
    let mut word = 0;
    while word < 4 {
        // A word holds ranks 4w .. 4w+3, one per 16-bit lane; rank 4w + j has parity j & 1
        // and is row 2w + j / 2 of its class.
        let mut file_parity = 0;
        while file_parity < 2 {
            let packed = pack_lanes(board.0[word] >> file_parity);
            let even_ranks = (packed & 0xff) | ((packed >> 24) & 0xff00);
            let odd_ranks = ((packed >> 16) & 0xff) | ((packed >> 40) & 0xff00);
            classes[file_parity] |= even_ranks << (16 * word);
            classes[2 + file_parity] |= odd_ranks << (16 * word);
            file_parity += 1;
        }
        word += 1;
    }
    classes
}

/// The bitboard of the squares of the four class boards: the inverse of [`split`].
#[inline]
pub(crate) const fn merge(classes: [ClassBoard; 4]) -> Bitboard {
    let mut words = [0; 4];
    let mut word = 0;
    while word < 4 {
        // Ranks 4w .. 4w+3 are rows 2w and 2w+1 of the classes of even and of odd rank: the
        // rows of even ranks go to the low bytes of 16-bit lanes 0 and 2, the odd ones to
        // lanes 1 and 3, and one spread places both files of a parity.
        let mut file_parity = 0;
        while file_parity < 2 {
            let even = (classes[file_parity] >> (16 * word)) & 0xffff;
            let odd = (classes[2 + file_parity] >> (16 * word)) & 0xffff;
            let lanes = (even & 0xff)
                | ((odd & 0xff) << 16)
                | ((even & 0xff00) << 24)
                | ((odd & 0xff00) << 40);
            words[word] |= spread_lanes(lanes) << file_parity;
            file_parity += 1;
        }
        word += 1;
    }
    Bitboard(words)
}

/// Each side's goal camp in the parity layout.
pub(super) const GOALS: [ParityBoard; 2] = [
    ParityBoard::from_bitboard(Side::X.goal()),
    ParityBoard::from_bitboard(Side::O.goal()),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_bits_correspond() {
        for square in Square::all() {
            let class = class_of(square);
            let bit = class_bit(square);
            let alone = ParityBoard::from_bitboard(Bitboard::from_square(square));
            assert!(alone.contains(square));
            assert_eq!(alone.to_bitboard(), Bitboard::from_square(square));
            let mut toggled = ParityBoard::default();
            toggled.toggle(square);
            assert_eq!(toggled, alone);
            assert_eq!(square_of(class, bit.trailing_zeros()), square);
            let mut classes = [0; 4];
            classes[class] = bit;
            assert_eq!(split(Bitboard::from_square(square)), classes);
            assert_eq!(merge(classes), Bitboard::from_square(square));
        }
    }

    #[test]
    fn split_then_merge_is_identity() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100 {
            let mut words = [0; 4];
            for word in &mut words {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *word = state ^ (state >> 29);
            }
            let board = Bitboard(words);
            let classes = split(board);
            assert_eq!(merge(classes), board);
        }
    }

    #[test]
    fn shifts_are_king_steps_on_the_class_board() {
        for square in Square::all() {
            let class = class_of(square);
            for (dx, dy) in DIRECTIONS {
                let moved = shift(class_bit(square), dx, dy);
                match square.offset(2 * dx, 2 * dy) {
                    Some(target) => assert_eq!(moved, class_bit(target)),
                    None => assert_eq!(moved, 0),
                }
                assert_eq!(
                    class_of(square.offset(2 * dx, 2 * dy).unwrap_or(square)),
                    class
                );
            }
        }
    }
}

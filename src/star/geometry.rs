//! The star's geometry as constant tables: the holes' rows and columns, their neighbours
//! and hop landings in OpenSpiel's direction order, the triangles, and the class layout the
//! move generator works in.
//!
//! # The class layout
//! On axial coordinates (`q`, `r`: `r` the row, `q` the doubled column less the row, halved
//! and moved to start at 0), a step changes `q` or `r` by one, so a hop, two steps in one
//! direction, keeps the parity of both: a hopping piece never leaves its class (one of four
//! by the parities of `q` and `r`), and the hole it hops over always lies in another class.
//! On a class's own coordinates (`q / 2`, `r / 2`) a hop is a step of the same axial
//! directions, so with bit `q / 2 + 7 * (r / 2)` (below 59 for every hole) a hop in each
//! direction is one shift of a `u64`, the same for every hole of every class; a step from a
//! class to another is a shift too, the same for every hole of the class. Masks of the holes
//! with a neighbour (or a landing) in each direction keep the shifts from wrapping.

use crate::side::Side;

/// The holes in each row, top to bottom.
pub(crate) const ROW_LENGTHS: [u8; 17] =
    [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

/// The doubled column of each row's first hole.
const ROW_FIRST_COLUMN: [u8; 17] = [12, 11, 10, 9, 0, 1, 2, 3, 4, 3, 2, 1, 0, 9, 10, 11, 12];

/// The number of holes.
pub(crate) const HOLES: usize = 121;

/// Each hole's row and doubled column (indexed by hole number).
const ROW_AND_COLUMN: ([u8; HOLES], [u8; HOLES]) = {
    let mut rows = [0; HOLES];
    let mut columns = [0; HOLES];
    let mut hole = 0;
    let mut row = 0;
    while row < 17 {
        let mut i = 0;
        while i < ROW_LENGTHS[row] {
            rows[hole] = row as u8;
            columns[hole] = ROW_FIRST_COLUMN[row] + 2 * i;
            hole += 1;
            i += 1;
        }
        row += 1;
    }
    (rows, columns)
};

/// Each hole's row, 0..=16.
pub(crate) const ROW: [u8; HOLES] = ROW_AND_COLUMN.0;

/// Each hole's doubled column, 0..=24.
pub(crate) const COLUMN: [u8; HOLES] = ROW_AND_COLUMN.1;

/// The hole at (`row`, `column`), if there is one.
const fn hole_at(row: i32, column: i32) -> Option<usize> {
    if row < 0 || row > 16 || column < 0 {
        return None;
    }
    let row = row as usize;
    let first = ROW_FIRST_COLUMN[row] as i32;
    let offset = column - first;
    if offset < 0 || offset % 2 != 0 || offset / 2 >= ROW_LENGTHS[row] as i32 {
        return None;
    }
    let mut hole = 0;
    let mut above = 0;
    while above < row {
        hole += ROW_LENGTHS[above] as usize;
        above += 1;
    }
    Some(hole + (offset / 2) as usize)
}

/// The six directions in OpenSpiel's order (an action is `hole * 6 + direction`): up-left,
/// up-right, left, right, down-left, down-right, as (row, doubled column) offsets.
pub(crate) const DIRECTIONS: [(i8, i8); 6] = [(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)];

/// No hole (in the tables of holes).
pub(crate) const NONE: u8 = u8::MAX;

/// The hole `steps` steps from `hole` in direction `d`, or [`NONE`].
const fn away(hole: usize, d: usize, steps: i32) -> u8 {
    let (dr, dc) = DIRECTIONS[d];
    match hole_at(
        ROW[hole] as i32 + steps * dr as i32,
        COLUMN[hole] as i32 + steps * dc as i32,
    ) {
        Some(target) => target as u8,
        None => NONE,
    }
}

/// The table of the holes `steps` away from each hole in each direction.
const fn away_table(steps: i32) -> [[u8; 6]; HOLES] {
    let mut table = [[NONE; 6]; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let mut d = 0;
        while d < 6 {
            table[hole][d] = away(hole, d, steps);
            d += 1;
        }
        hole += 1;
    }
    table
}

/// Each hole's neighbour in each direction, or [`NONE`].
pub(crate) const NEIGHBOUR: [[u8; 6]; HOLES] = away_table(1);

/// Where a hop from each hole in each direction lands (two steps away), or [`NONE`]; the
/// hole hopped over, one step away, is then on the board too.
pub(crate) const LANDING: [[u8; 6]; HOLES] = away_table(2);

/// The axial coordinates (`q`, `r`) of a hole, `q` from 0 to 16.
const fn axial(hole: usize) -> (usize, usize) {
    let (row, column) = (ROW[hole] as usize, COLUMN[hole] as usize);
    ((column + 12 - row) / 2, row)
}

/// A board of one class: bit `q / 2 + 7 * (r / 2)`.
pub(crate) type ClassBoard = u64;

/// Each hole's class, 0..4: the parity of `q` plus twice that of `r`.
pub(crate) const CLASS: [u8; HOLES] = {
    let mut table = [0; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let (q, r) = axial(hole);
        table[hole] = ((q & 1) | (r & 1) << 1) as u8;
        hole += 1;
    }
    table
};

/// Each hole's bit on its class's board.
pub(crate) const BIT: [u8; HOLES] = {
    let mut table = [0; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let (q, r) = axial(hole);
        table[hole] = (q / 2 + 7 * (r / 2)) as u8;
        hole += 1;
    }
    table
};

/// The hole of each bit of each class's board ([`NONE`] for the bits of no hole).
pub(crate) const HOLE_OF: [[u8; 64]; 4] = {
    let mut table = [[NONE; 64]; 4];
    let mut hole = 0;
    while hole < HOLES {
        table[CLASS[hole] as usize][BIT[hole] as usize] = hole as u8;
        hole += 1;
    }
    table
};

/// A set of holes in the class layout: the board of class `c` in word `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub(crate) struct Plane(pub(crate) [ClassBoard; 4]);

impl Plane {
    /// The plane of the holes whose numbers `holes` holds as bits.
    pub(crate) const fn from_bits(holes: u128) -> Plane {
        let mut boards = [0; 4];
        let mut hole = 0;
        while hole < HOLES {
            if holes >> hole & 1 != 0 {
                boards[CLASS[hole] as usize] |= 1 << BIT[hole];
            }
            hole += 1;
        }
        Plane(boards)
    }

    /// The holes as bits of their numbers.
    pub(crate) const fn to_bits(self) -> u128 {
        let mut holes = 0;
        let mut class = 0;
        while class < 4 {
            let mut board = self.0[class];
            while board != 0 {
                let bit = board.trailing_zeros() as usize;
                board &= board - 1;
                holes |= 1 << HOLE_OF[class][bit];
            }
            class += 1;
        }
        holes
    }

    /// Whether the hole numbered `hole` is in the set.
    #[inline(always)]
    pub(crate) const fn contains(self, hole: u8) -> bool {
        self.0[CLASS[hole as usize] as usize] >> BIT[hole as usize] & 1 != 0
    }

    /// Adds or removes the hole numbered `hole`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, hole: u8) {
        self.0[CLASS[hole as usize] as usize] ^= 1 << BIT[hole as usize];
    }

    /// The holes of either plane.
    #[inline(always)]
    pub(crate) const fn union(self, other: Plane) -> Plane {
        Plane([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }
}

/// The holes of rows `first` to `last`, as bits of their numbers.
const fn rows(first: u8, last: u8) -> u128 {
    let mut holes = 0;
    let mut hole = 0;
    while hole < HOLES {
        if ROW[hole] >= first && ROW[hole] <= last {
            holes |= 1 << hole;
        }
        hole += 1;
    }
    holes
}

/// The top triangle (holes 0 to 9, `x`'s home) and the bottom one (111 to 120, `o`'s), as
/// bits of hole numbers, indexed by [`Side::index`] of the side starting there.
pub(crate) const HOME_BITS: [u128; 2] = [rows(0, 3), rows(13, 16)];

/// Each side's home triangle in the class layout.
pub(crate) const HOME: [Plane; 2] = [
    Plane::from_bits(HOME_BITS[0]),
    Plane::from_bits(HOME_BITS[1]),
];

/// Each side's target triangle (the other side's home) in the class layout.
pub(crate) const TARGET: [Plane; 2] = [HOME[1], HOME[0]];

/// Every hole in the class layout.
pub(crate) const VALID: Plane = Plane::from_bits((1 << HOLES) - 1);

/// The holes `side` still has to travel from each hole to the far tip of its target
/// triangle (hole 120 for `x`, 0 for `o`), stepping only: `max(rows, (rows + columns) /
/// 2)` for the rows and doubled columns between them. The 10 holes of a triangle lie 0 to 3
/// from its tip, 20 together.
pub(crate) const DISTANCE: [[i32; HOLES]; 2] = {
    let mut table = [[0; HOLES]; 2];
    let tips = [120, 0];
    let mut side = 0;
    while side < 2 {
        let tip = tips[side];
        let mut hole = 0;
        while hole < HOLES {
            let rows = ROW[hole].abs_diff(ROW[tip]) as i32;
            let columns = COLUMN[hole].abs_diff(COLUMN[tip]) as i32;
            let sloped = (rows + columns) / 2;
            table[side][hole] = if rows > sloped { rows } else { sloped };
            hole += 1;
        }
        side += 1;
    }
    table
};

/// The sum of [`DISTANCE`] over a filled target triangle.
pub(crate) const FILLED_DISTANCE: i32 = 20;

/// A step or a hop from the holes of one class in one direction: the class it lands in,
/// the shift of the bits, and the holes of the class it leaves from that have somewhere to
/// land (so that the shift never wraps).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Move {
    pub(crate) to_class: usize,
    pub(crate) shift: i32,
    pub(crate) from: ClassBoard,
}

impl Move {
    /// `board` moved by the shift (holes outside `from` must be cleared first).
    #[inline(always)]
    pub(crate) const fn apply(self, board: ClassBoard) -> ClassBoard {
        shift(board, self.shift)
    }
}

/// `board` moved `by` bits up (toward bit 63; down when negative).
#[inline(always)]
pub(crate) const fn shift(board: ClassBoard, by: i32) -> ClassBoard {
    if by >= 0 { board << by } else { board >> -by }
}

/// The steps (`steps` 1) or hops (2) of each class in each direction.
const fn move_table(steps: i32) -> [[Move; 6]; 4] {
    let none = Move {
        to_class: 0,
        shift: 0,
        from: 0,
    };
    let mut table = [[none; 6]; 4];
    let mut hole = 0;
    while hole < HOLES {
        let class = CLASS[hole] as usize;
        let mut d = 0;
        while d < 6 {
            let target = away(hole, d, steps);
            if target != NONE {
                let target = target as usize;
                let entry = &mut table[class][d];
                entry.to_class = CLASS[target] as usize;
                entry.shift = BIT[target] as i32 - BIT[hole] as i32;
                entry.from |= 1 << BIT[hole];
            }
            d += 1;
        }
        hole += 1;
    }
    table
}

/// The steps of each class in each direction.
pub(crate) const STEP: [[Move; 6]; 4] = move_table(1);

/// The hops of each class in each direction (each lands in its own class).
pub(crate) const HOP: [[Move; 6]; 4] = move_table(2);

/// The home triangle of `side` as bits of hole numbers.
#[inline]
pub(crate) const fn home_bits(side: Side) -> u128 {
    HOME_BITS[side.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_hold_121_holes_and_the_numbering_reads_back() {
        assert_eq!(
            ROW_LENGTHS.iter().map(|&n| n as usize).sum::<usize>(),
            HOLES
        );
        for hole in 0..HOLES {
            assert_eq!(hole_at(ROW[hole] as i32, COLUMN[hole] as i32), Some(hole));
        }
        assert_eq!((ROW[60], COLUMN[60]), (8, 12));
    }

    #[test]
    fn neighbours_and_landings_are_openspiels() {
        // A few rows of OpenSpiel's kNeighbor and kHopDest (-1 as NONE).
        let none = NONE;
        assert_eq!(NEIGHBOUR[0], [none, none, none, none, 1, 2]);
        assert_eq!(NEIGHBOUR[10], [none, none, none, 11, none, 23]);
        assert_eq!(NEIGHBOUR[64], [54, 55, 63, none, 73, 74]);
        assert_eq!(NEIGHBOUR[102], [89, 90, 101, 103, none, 111]);
        assert_eq!(LANDING[3], [none, 0, none, 5, 14, 16]);
        assert_eq!(LANDING[47], [24, 26, none, 49, 65, 67]);
        assert_eq!(LANDING[116], [103, 105, none, none, none, none]);
        for hole in 0..HOLES {
            for d in 0..6 {
                if LANDING[hole][d] != NONE {
                    assert_ne!(NEIGHBOUR[hole][d], NONE, "{hole} {d}");
                }
            }
        }
    }

    #[test]
    fn the_class_layout_is_one_to_one_and_its_shifts_match_the_tables() {
        let mut seen = std::collections::HashSet::new();
        for hole in 0..HOLES {
            assert!(BIT[hole] < 59);
            assert!(seen.insert((CLASS[hole], BIT[hole])));
            assert_eq!(
                HOLE_OF[CLASS[hole] as usize][BIT[hole] as usize],
                hole as u8
            );
            for d in 0..6 {
                let (class, bit) = (CLASS[hole] as usize, 1u64 << BIT[hole]);
                for (table, targets) in [(&STEP, &NEIGHBOUR), (&HOP, &LANDING)] {
                    let entry = table[class][d];
                    let target = targets[hole][d];
                    assert_eq!(entry.from & bit != 0, target != NONE);
                    if target != NONE {
                        assert_eq!(entry.to_class, CLASS[target as usize] as usize);
                        assert_eq!(entry.apply(bit), 1 << BIT[target as usize]);
                    }
                }
            }
        }
        assert_eq!(VALID.to_bits().count_ones(), 121);
        assert_eq!(Plane::from_bits(VALID.to_bits()), VALID);
    }

    #[test]
    fn distances_count_steps_to_the_far_tip() {
        assert_eq!(DISTANCE[0][120], 0);
        assert_eq!(DISTANCE[0][0], 16);
        assert_eq!(DISTANCE[1][0], 0);
        assert_eq!(DISTANCE[0][60], 8);
        for side in 0..2 {
            let filled: i32 = (0..HOLES)
                .filter(|&h| TARGET[side].contains(h as u8))
                .map(|h| DISTANCE[side][h])
                .sum();
            assert_eq!(filled, FILLED_DISTANCE);
        }
    }
}

//! Distances toward a side's goal corner, square by square: what the evaluation, the move
//! ordering and the blocked-camp detection measure progress by.

use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The file and rank distances of the square with index `index` to the far corner of a
/// side's goal camp: `a16` for `x`, `p1` for `o`.
const fn to_corner(side: Side, index: usize) -> (i32, i32) {
    let square = Square::new(index as u8);
    let (file, rank) = (
        square.file_of().index() as i32,
        square.rank_of().index() as i32,
    );
    match side {
        Side::X => (file, 15 - rank),
        Side::O => (15 - file, rank),
    }
}

/// The Manhattan distance of each square to the far corner of a side's goal camp (see
/// [`to_corner`]). A camp square lies at distance 0 to 5 from its corner.
const fn corner_distances(side: Side) -> [i32; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        let (df, dr) = to_corner(side, index);
        table[index] = df + dr;
        index += 1;
    }
    table
}

/// [`corner_distances`] for both sides, indexed by [`Side::index`].
pub(crate) const DISTANCE: [[i32; 256]; 2] = [corner_distances(Side::X), corner_distances(Side::O)];

/// The distance of each square from the main diagonal through a side's goal corner (the
/// difference of its file and rank distances to the corner).
const fn lateral_distances(side: Side) -> [i32; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        let (df, dr) = to_corner(side, index);
        table[index] = (df - dr).abs();
        index += 1;
    }
    table
}

/// [`lateral_distances`] for both sides.
pub(crate) const LATERAL: [[i32; 256]; 2] =
    [lateral_distances(Side::X), lateral_distances(Side::O)];

/// How far the move `from`-`to` brings `side` toward its goal corner (negative: backward).
#[inline(always)]
pub(crate) fn gain(side: Side, from: Square, to: Square) -> i32 {
    let table = &DISTANCE[side.index()];
    table[from.index() as usize] - table[to.index() as usize]
}

/// The distance `side` still has to cover: the sum of its pieces' distances to the goal
/// corner beyond the 60 of a filled goal camp.
pub(crate) fn remaining(position: &Position, side: Side) -> i32 {
    let table = &DISTANCE[side.index()];
    position
        .pieces(side)
        .iter()
        .map(|square| table[square.index() as usize])
        .sum::<i32>()
        - 60
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_distances() {
        let a16: Square = "a16".parse().unwrap();
        let p1: Square = "p1".parse().unwrap();
        assert_eq!(DISTANCE[Side::X.index()][a16.index() as usize], 0);
        assert_eq!(DISTANCE[Side::X.index()][p1.index() as usize], 30);
        assert_eq!(DISTANCE[Side::O.index()][p1.index() as usize], 0);
        let camp: i32 = Side::X
            .goal()
            .iter()
            .map(|s| DISTANCE[0][s.index() as usize])
            .sum();
        assert_eq!(camp, 60);
        assert!(gain(Side::X, p1, a16) > 0);
    }
}

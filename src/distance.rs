//! Distances toward a side's goal corner, square by square: the measure of progress in the
//! race that the search (its evaluation, move ordering and blocked-camp detection), the
//! scripted opponents, the tools and the tests share. Public as [`Side::distance_to_goal`],
//! [`Side::gain`] and [`Position::distance_left`].

use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The file and rank distances of the square with index `index` to the corner of a side's
/// goal camp ([`Side::goal_corner`]).
const fn to_corner(side: Side, index: usize) -> (i32, i32) {
    let (square, corner) = (Square::new(index as u8), side.goal_corner());
    (
        square.file_of().index().abs_diff(corner.file_of().index()) as i32,
        square.rank_of().index().abs_diff(corner.rank_of().index()) as i32,
    )
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
pub(crate) const fn gain(side: Side, from: Square, to: Square) -> i32 {
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

impl Side {
    /// The Manhattan distance (files plus ranks) of `square` to this side's goal corner
    /// ([`Side::goal_corner`]): 0 there, 30 on the side's own home corner; the squares of
    /// the goal camp are 0 to 5 from it, 60 together.
    ///
    /// ```
    /// use halma::Side;
    ///
    /// assert_eq!(Side::X.distance_to_goal("a16".parse()?), 0);
    /// assert_eq!(Side::X.distance_to_goal("p1".parse()?), 30);
    /// assert_eq!(Side::O.distance_to_goal("b3".parse()?), 16);
    /// # Ok::<(), halma::ParseSquareError>(())
    /// ```
    #[inline]
    pub const fn distance_to_goal(self, square: Square) -> u32 {
        DISTANCE[self.index()][square.index() as usize] as u32
    }

    /// How far `mv`, a move of this side, brings its piece toward the goal corner: the
    /// [distance](Side::distance_to_goal) of its origin less that of its destination
    /// (negative for a move backward).
    ///
    /// ```
    /// use halma::Side;
    ///
    /// assert_eq!(Side::X.gain("n3-n5".parse()?), 2);
    /// assert_eq!(Side::X.gain("n5-n3".parse()?), -2);
    /// # Ok::<(), halma::ParseMoveError>(())
    /// ```
    #[inline]
    pub const fn gain(self, mv: Move) -> i32 {
        gain(self, mv.from, mv.to)
    }
}

impl Position {
    /// The distance `side`'s pieces still have to cover: the sum of their
    /// [distances](Side::distance_to_goal) to the goal corner beyond the 60 of a filled goal
    /// camp, so 0 once the side has filled it. Both sides have 450 at the start.
    ///
    /// ```
    /// use halma::{Position, Side};
    ///
    /// assert_eq!(Position::start().distance_left(Side::X), 450);
    /// assert_eq!(Position::start().distance_left(Side::O), 450);
    /// ```
    pub fn distance_left(&self, side: Side) -> u32 {
        remaining(self, side) as u32
    }
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

    #[test]
    fn each_home_corner_is_thirty_from_its_goal_corner() {
        for side in Side::ALL {
            let corner = side.home_corner();
            assert!(side.home().contains(corner));
            assert!(side.goal().contains(side.goal_corner()));
            assert_eq!(side.distance_to_goal(corner), 30);
            assert_eq!(side.other().distance_to_goal(corner), 0);
        }
    }
}

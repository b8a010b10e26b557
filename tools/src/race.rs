//! The race: how far pieces stand from their goal, the measure of progress that the scripted
//! players, the random openings and the ply-cap adjudication share.

use halma::{Move, Position, Side, Square};

/// The Manhattan distance of `square` to the far corner of `side`'s goal camp (`a16` for
/// `x`, `p1` for `o`): 0 there, 30 on `side`'s own home corner.
pub fn distance(side: Side, square: Square) -> i32 {
    let (file, rank) = (
        i32::from(square.file_of().index()),
        i32::from(square.rank_of().index()),
    );
    match side {
        Side::X => file + (15 - rank),
        Side::O => (15 - file) + rank,
    }
}

/// How far `mv` of `side` brings its piece nearer to the goal corner (negative backward).
pub fn gain(side: Side, mv: Move) -> i32 {
    distance(side, mv.from) - distance(side, mv.to)
}

/// The total distance of `side`'s pieces to its goal corner beyond the 60 of a full goal
/// camp: 0 once every piece is in the goal.
pub fn remaining(position: &Position, side: Side) -> i32 {
    position
        .pieces(side)
        .iter()
        .map(|square| distance(side, square))
        .sum::<i32>()
        - 60
}

/// The square of `side`'s home camp farthest from its goal: `p1` for `x`, `a16` for `o`.
pub fn home_corner(side: Side) -> Square {
    match side {
        Side::X => Square::new(15),
        Side::O => Square::new(240),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_the_same_race_for_both_sides() {
        let start = Position::start();
        assert_eq!(remaining(&start, Side::X), remaining(&start, Side::O));
        // 19 pieces, each 30 minus its distance from the goal corner: 19 * 30 - 60 - 60.
        assert_eq!(remaining(&start, Side::X), 450);
    }

    #[test]
    fn the_home_corner_is_thirty_from_the_goal_corner() {
        for side in Side::ALL {
            let corner = home_corner(side);
            assert!(side.home().contains(corner));
            assert_eq!(distance(side, corner), 30);
            assert_eq!(distance(side.other(), corner), 0);
        }
    }

    #[test]
    fn a_move_forward_gains_and_backward_loses() {
        let forward: Move = "n3-n5".parse().unwrap();
        assert_eq!(gain(Side::X, forward), 2);
        assert_eq!(gain(Side::X, Move::new(forward.to, forward.from)), -2);
    }
}

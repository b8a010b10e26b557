//! `blocker`: a plain depth-2 alpha-beta (like `ab2`) with an evaluation of its own that
//! likes its pieces standing in the opponent's goal, the more when they cannot move: the
//! worst case of a player who keeps pieces home, as it wants to be walled in.

use halma::{Game, Move, Position};

/// What the evaluation adds for each of the blocker's pieces in the opponent's goal (its own
/// home camp), in half units of the race (a unit is one square nearer the goal corner): a
/// unit and a half, so a piece there leaves by a step gaining two only when no other piece
/// gains, and by a jump gaining more.
pub const IN_GOAL: i32 = 3;

/// What the evaluation adds on top of [`IN_GOAL`] for such a piece that has no legal move,
/// in half units of the race: three units more, so it stands still there rather than gain
/// a diagonal step elsewhere.
pub const STUCK: i32 = 6;

/// The value of a won position, beyond any evaluation.
const WIN: i32 = 1_000_000;

/// The blocker's move: the best by a depth-2 alpha-beta over its evaluation (see
/// [`evaluate`]), a win taken at once; the first of the best in generation order.
pub fn blocker(game: &Game) -> Option<Move> {
    let position = game.position();
    let side = position.turn();
    let mut top: Option<(i32, Move)> = None;
    for mv in position.legal_moves() {
        let mut next = *position;
        next.play_unchecked(mv);
        let value = if next.winner() == Some(side) {
            WIN
        } else {
            worst_reply(&next, top.map(|(value, _)| value))
        };
        if top.is_none_or(|(most, _)| value > most) {
            top = Some((value, mv));
        }
    }
    top.map(|(_, mv)| mv)
}

/// The blocker's value of the opponent's best reply in `position` (the opponent to move):
/// its evaluation after the reply, with the blocker to move; stops looking (a cut-off) as
/// soon as a reply holds the blocker to `floor` or less, what it already has from another
/// move.
fn worst_reply(position: &Position, floor: Option<i32>) -> i32 {
    let replies = position.legal_moves();
    if replies.is_empty() {
        return 0; // the draw by no legal move
    }
    let mut worst = i32::MAX;
    for reply in replies {
        let mut next = *position;
        next.play_unchecked(reply);
        let value = if next.winner().is_some() {
            -WIN
        } else {
            evaluate(&next)
        };
        worst = worst.min(value);
        if floor.is_some_and(|floor| worst <= floor) {
            break;
        }
    }
    worst
}

/// The blocker's evaluation for the side to move, in half units of the race: twice the race
/// (the opponent's remaining distance minus its own), plus [`IN_GOAL`] for each of its
/// pieces in the opponent's goal and [`STUCK`] more for each of those with no legal move.
pub fn evaluate(position: &Position) -> i32 {
    let side = position.turn();
    let race = position.distance_left(side.other()) as i32 - position.distance_left(side) as i32;
    let kept: i32 = (position.pieces(side) & side.home())
        .iter()
        .map(|square| {
            let stuck = position.destinations(square).is_empty();
            IN_GOAL + if stuck { STUCK } else { 0 }
        })
        .sum();
    2 * race + kept
}

#[cfg(test)]
mod tests {
    use halma::{Game, Side};

    use super::*;
    use crate::fixtures::{block, position, squares};
    use crate::styles::greedy;

    #[test]
    fn blocker_keeps_its_piece_in_the_opponents_goal_where_greedy_leaves() {
        // o to move: its goal (x's home) is full, so only its piece on c14, in its home camp
        // (x's goal), can move: out by c14-d13 (a gain of 2) or inside by a gain of 1.
        let x_home = squares("p1");
        let x = x_home | block('h'..='m', 7..=9);
        let o = (Side::X.home() - x_home) | squares("c14");
        let game = Game::from_position(position(x, o, Side::O));
        let out = greedy(&game).unwrap();
        assert!(!Side::O.home().contains(out.to), "greedy leaves: {out}");
        let kept = blocker(&game).unwrap();
        assert!(Side::O.home().contains(kept.to), "blocker leaves: {kept}");
    }

    #[test]
    fn a_piece_in_the_opponents_goal_is_worth_more_than_one_as_far_outside_it() {
        // e15 (in o's home camp, x's goal) and f16 (outside) are as far from o's goal corner.
        let x = block('h'..='m', 6..=8) | squares("h9");
        let o = block('i'..='n', 2..=4);
        let inside = position(x, o | squares("e15"), Side::O);
        let outside = position(x, o | squares("f16"), Side::O);
        assert_eq!(evaluate(&inside) - evaluate(&outside), IN_GOAL);
    }

    #[test]
    fn a_piece_walled_in_the_opponents_goal_is_worth_more_than_a_free_one() {
        // o's piece on a16, its home corner and x's goal, with x around it: walled in when
        // x also holds c16, free to jump over b16 when that piece stands on d16 instead.
        let wall = squares("a15 b15 b16 a14 c14");
        let rest = block('e'..='i', 8..=10) - squares("e8 f8");
        let o = squares("a16") | block('i'..='n', 2..=4);
        let walled = position(wall | squares("c16") | rest, o, Side::O);
        let free = position(wall | squares("d16") | rest, o, Side::O);
        let a16 = "a16".parse().unwrap();
        assert!(walled.destinations(a16).is_empty());
        assert!(!free.destinations(a16).is_empty());
        // d16 is one square farther from x's goal corner than c16: o's race is one better
        // in the free position, and still the walled one is worth more.
        assert!(evaluate(&walled) > evaluate(&free));
    }

    #[test]
    fn blocker_takes_a_win() {
        // o's goal (x's home) holds 18 o pieces; the last steps in from n5 to n4.
        let x = squares("a16") | block('h'..='m', 7..=9);
        let o = (Side::X.home() - squares("n4")) | squares("n5");
        let game = Game::from_position(position(x, o, Side::O));
        let mv = blocker(&game).unwrap();
        let mut next = *game.position();
        next.play_unchecked(mv);
        assert_eq!(next.winner(), Some(Side::O));
    }
}

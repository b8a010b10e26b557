//! The scripted racers: a greedy racer and its variants that hold pieces back, and a random
//! mover. Each reads only the rules (legal moves, positions) and the race's distances
//! ([`Side::gain`]).

use halma::{Bitboard, Game, Move, Position, Side, Square};

use crate::rng::Rng;

/// The one-ply greedy racer: a winning move, else the move that most reduces the total
/// distance to the goal corner (the first such in generation order).
pub fn greedy(game: &Game) -> Option<Move> {
    best(game.position(), game.legal_moves().iter().copied()).map(|(_, mv)| mv)
}

/// `lazy:K`: races greedily but keeps its `keep` rearmost home pieces (see [`rearmost`])
/// where they are while any other piece has a move that gains; they leave only when nothing
/// else gains.
pub fn lazy(game: &Game, keep: usize) -> Option<Move> {
    let position = game.position();
    sparing(game, rearmost(position, position.turn(), keep), 1)
}

/// `spoiler`: races greedily but never moves the piece on its home corner square while it
/// has any other legal move.
pub fn spoiler(game: &Game) -> Option<Move> {
    let corner = game.position().turn().home_corner();
    sparing(game, Bitboard::from_square(corner), i32::MIN)
}

/// `random`: a legal move drawn uniformly from `rng`.
pub fn random(game: &Game, rng: &mut Rng) -> Option<Move> {
    let moves = game.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The `count` pieces of `side` in its home camp farthest from its goal: nearest to the
/// home corner first, then nearest to the camp's diagonal, then the one on the corner's
/// file (the same squares, mirrored, for both sides).
pub fn rearmost(position: &Position, side: Side, count: usize) -> Bitboard {
    let corner = side.home_corner();
    let offset = |square: Square| {
        let files = square.file_of().index().abs_diff(corner.file_of().index());
        let ranks = square.rank_of().index().abs_diff(corner.rank_of().index());
        (files + ranks, files.abs_diff(ranks), ranks)
    };
    let mut home: Vec<Square> = (position.pieces(side) & side.home()).iter().collect();
    home.sort_by_key(|&square| offset(square));
    home.into_iter().take(count).collect()
}

/// Greedy with the pieces on `spared` held back: the best move of the other pieces when it
/// is worth at least `enough` (see [`best`]), else the best move of all.
fn sparing(game: &Game, spared: Bitboard, enough: i32) -> Option<Move> {
    let position = game.position();
    let moves = game.legal_moves();
    let others = moves.iter().copied().filter(|mv| !spared.contains(mv.from));
    match best(position, others) {
        Some((value, mv)) if value >= enough => Some(mv),
        _ => greedy(game),
    }
}

/// The greedy choice among `moves` with its value: `i32::MAX` for a winning move, else what
/// the move gains; the first of the best in the order given.
fn best(position: &Position, moves: impl Iterator<Item = Move>) -> Option<(i32, Move)> {
    let side = position.turn();
    let mut top: Option<(i32, Move)> = None;
    for mv in moves {
        let mut next = *position;
        next.play_unchecked(mv);
        let value = if next.winner() == Some(side) {
            i32::MAX
        } else {
            side.gain(mv)
        };
        if top.is_none_or(|(most, _)| value > most) {
            top = Some((value, mv));
        }
    }
    top
}

#[cfg(test)]
mod tests {
    use halma::{Bitboard, Game, Move, Position, Side, Square};

    use super::*;
    use crate::fixtures::{block, position, squares};

    /// `x`'s goal camp filled (so none of its pieces there can move), with `o` holding the
    /// goal squares in `taken` and `x` the others.
    fn full_goal(taken: &str) -> (Bitboard, Bitboard) {
        let taken = squares(taken);
        (Side::X.goal() - taken, taken)
    }

    fn moved(game: &Game, mv: Option<Move>) -> Move {
        mv.unwrap_or_else(|| panic!("no move in {}", game.position()))
    }

    #[test]
    fn spoiler_keeps_its_corner_piece_while_another_piece_can_move() {
        // x's corner piece on p1 can jump over o2 and n4 to n5; the piece on h8 can step.
        let (goal, held) = full_goal("a16 b16");
        let x = goal | squares("p1 h8");
        let o = held | squares("o2 n4") | block('a'..='e', 4..=6);
        let game = Game::from_position(position(x, o, Side::X));
        let corner: Square = "p1".parse().unwrap();
        assert_eq!(
            moved(&game, greedy(&game)).from,
            corner,
            "greedy races the corner piece"
        );
        let mv = moved(&game, spoiler(&game));
        assert_eq!(mv.from, "h8".parse().unwrap());
    }

    #[test]
    fn spoiler_moves_its_corner_piece_when_nothing_else_can() {
        let (goal, held) = full_goal("a16");
        let x = goal | squares("p1");
        let o = held | block('a'..='e', 4..=6) | squares("a7 b7 c7");
        let game = Game::from_position(position(x, o, Side::X));
        assert_eq!(moved(&game, spoiler(&game)).from, "p1".parse().unwrap());
    }

    #[test]
    fn spoiler_never_moves_its_corner_piece_in_a_game_while_it_has_another_move() {
        let mut game = Game::new();
        while !game.outcome().is_over() && game.moves().len() < 400 {
            let mv = moved(&game, spoiler(&game));
            let corner = game.position().turn().home_corner();
            if mv.from == corner {
                assert!(game.legal_moves().iter().all(|other| other.from == corner));
            }
            game.play(mv).unwrap();
        }
        // Both corner pieces stay home to the end: neither side wins.
        assert!(
            !matches!(game.outcome(), halma::Outcome::Win(_)),
            "{}",
            game.position()
        );
        for side in Side::ALL {
            assert_eq!(game.position().piece_at(side.home_corner()), Some(side));
        }
    }

    /// x's three rearmost home pieces (p1, o1, p2) with a jump for o1 over n2 to m3, 15
    /// pieces in the goal camp (filled up by o), and one more on `others`.
    fn lazy_position(others: &str) -> Position {
        let (goal, held) = full_goal("a16 b16 a15 c16");
        let x = goal | squares("p1 o1 p2") | squares(others);
        let o = held | squares("n2") | (block('a'..='e', 4..=6) - squares("a4"));
        position(x, o, Side::X)
    }

    #[test]
    fn lazy_keeps_its_rearmost_home_pieces_while_another_piece_gains() {
        let game = Game::from_position(lazy_position("h8"));
        let held = rearmost(game.position(), Side::X, 3);
        assert_eq!(held, squares("p1 o1 p2"));
        assert!(
            held.contains(moved(&game, greedy(&game)).from),
            "greedy moves a held piece"
        );
        let mv = moved(&game, lazy(&game, 3));
        assert_eq!(mv.from, "h8".parse().unwrap());
        assert!(Side::X.gain(mv) > 0);
        // With only two held, the third (p2) is free to race.
        assert!(!rearmost(game.position(), Side::X, 2).contains("p2".parse().unwrap()));
    }

    #[test]
    fn lazy_moves_its_rearmost_home_pieces_when_nothing_else_gains() {
        // The piece on a11 can only move away from the goal.
        let game = Game::from_position(lazy_position("a11"));
        let a11: Square = "a11".parse().unwrap();
        assert!(game.legal_moves().iter().any(|mv| mv.from == a11));
        let mv = moved(&game, lazy(&game, 3));
        assert!(squares("p1 o1 p2").contains(mv.from));
        assert!(Side::X.gain(mv) > 0);
        assert_eq!(Some(mv), greedy(&game));
    }

    #[test]
    fn rearmost_pieces_are_the_same_squares_mirrored_for_both_sides() {
        let mirror = |square: Square| Square::new(255 - square.index());
        let start = Position::start();
        for count in 0..=19 {
            let x: Bitboard = rearmost(&start, Side::X, count)
                .iter()
                .map(mirror)
                .collect();
            assert_eq!(x, rearmost(&start, Side::O, count));
            assert_eq!(x.count() as usize, count);
        }
        assert_eq!(rearmost(&start, Side::X, 5), squares("p1 o1 p2 o2 n1"));
    }

    #[test]
    fn random_plays_legal_moves_and_follows_its_seed() {
        let game = Game::new();
        let draw = |seed| {
            let mut rng = Rng::new(seed);
            (0..8)
                .map(|_| random(&game, &mut rng).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
        assert!(draw(5).iter().all(|&mv| game.position().is_legal(mv)));
    }
}

//! A game as a learning agent sees it from its side: observation planes, actions and their
//! mask, in PettingZoo's conventions for board games.
//!
//! Everything is seen from the viewer's side. `x` sees the board as it is; `o` sees it turned
//! half a circle, square `s` as `255 - s` (`a1` as `p16`), so that both sides start in the
//! bottom-right camp and race to the top-left one, and one policy can play either side.
//!
//! An action is a move of seen squares, `from * 256 + to`: 65,536 actions, of which a position
//! has a few hundred legal ones at most. An observation is 16 x 16 x [`PLANES`] `f32`s,
//! channels last, indexed `[rank, file, plane]` of the seen square (`[0, 0]` is the viewer's
//! bottom-left corner), the planes named in [`plane`].
//!
//! ```
//! use halma::{Game, Side};
//! use halma_python::view::{self, plane, PLANES};
//!
//! let game = Game::new();
//! let mv = game.parse_move("l2-k3")?;
//! // l2 is square 27, k3 square 42; o sees them turned, as e15 (228) and f14 (213).
//! assert_eq!(view::action(mv, Side::X), 27 * 256 + 42);
//! assert_eq!(view::action(mv, Side::O), 228 * 256 + 213);
//! assert_eq!(view::decode(228 * 256 + 213, Side::O), mv);
//!
//! let observation = view::observe(&game, Side::X, 0.0);
//! // x's own pieces: its home camp, bottom right (p1 is square 15).
//! assert_eq!(observation[15 * PLANES + plane::OWN], 1.0);
//! # Ok::<(), halma::PlayError>(())
//! ```

use halma::{Game, Move, Side, Square};

/// The squares of the board.
pub const SQUARES: usize = 256;
/// The number of actions: a seen origin and destination square for each.
pub const ACTIONS: usize = SQUARES * SQUARES;
/// The number of planes of an observation.
pub const PLANES: usize = 5;
/// The number of values of an observation: 16 x 16 squares x [`PLANES`].
pub const OBSERVATION_LEN: usize = SQUARES * PLANES;

/// The planes of an observation, each 16 x 16 values of the seen squares.
pub mod plane {
    /// 1 where the viewer has a piece.
    pub const OWN: usize = 0;
    /// 1 where the viewer's opponent has a piece.
    pub const OPPONENT: usize = 1;
    /// 1 on the viewer's goal camp (after the turn, the top-left camp for either side).
    pub const GOAL: usize = 2;
    /// How often the position has occurred in the game, everywhere the same: 0 the first
    /// time, 0.5 the second, 1 the third (the game is then drawn).
    pub const REPETITION: usize = 3;
    /// The plies played so far over the ply cap, everywhere the same, from 0 to 1.
    pub const PLY: usize = 4;
}

/// `square` as `viewer` sees it: itself for `x`, turned half a circle (`255 - s`) for `o`.
/// Seeing twice gives the square back.
#[inline]
pub fn seen(square: Square, viewer: Side) -> Square {
    match viewer {
        Side::X => square,
        Side::O => Square::new(255 - square.index()),
    }
}

/// The action naming `mv` for `viewer`: `from * 256 + to` of the seen squares.
#[inline]
pub fn action(mv: Move, viewer: Side) -> u16 {
    u16::from(seen(mv.from, viewer).index()) << 8 | u16::from(seen(mv.to, viewer).index())
}

/// The move that `action` names for `viewer` (legal or not): the inverse of [`action`].
#[inline]
pub fn decode(action: u16, viewer: Side) -> Move {
    let [from, to] = action.to_be_bytes();
    Move::new(
        seen(Square::new(from), viewer),
        seen(Square::new(to), viewer),
    )
}

/// The actions naming `moves` for `viewer`, in increasing order.
pub fn actions(moves: &[Move], viewer: Side) -> Vec<u16> {
    let mut actions: Vec<u16> = moves.iter().map(|&mv| action(mv, viewer)).collect();
    actions.sort_unstable();
    actions
}

/// The action mask of `actions`: [`ACTIONS`] values, 1 at each of `actions`, 0 elsewhere.
pub fn mask(actions: &[u16]) -> Vec<i8> {
    let mut mask = vec![0; ACTIONS];
    for &action in actions {
        mask[usize::from(action)] = 1;
    }
    mask
}

/// The observation of `game` by `viewer`: [`OBSERVATION_LEN`] values, `[rank][file][plane]`
/// of the seen squares (see [`plane`]), with `progress` (the plies played over the cap,
/// clamped to 0..=1) on the ply plane.
pub fn observe(game: &Game, viewer: Side, progress: f32) -> Vec<f32> {
    let position = game.position();
    let mut values = vec![0.0; OBSERVATION_LEN];
    let mut mark = |squares: halma::Bitboard, plane: usize| {
        for square in squares {
            values[usize::from(seen(square, viewer).index()) * PLANES + plane] = 1.0;
        }
    };
    mark(position.pieces(viewer), plane::OWN);
    mark(position.pieces(!viewer), plane::OPPONENT);
    mark(viewer.goal(), plane::GOAL);
    let repetition = (game.occurrences(position).saturating_sub(1) as f32 / 2.0).min(1.0);
    let progress = progress.clamp(0.0, 1.0);
    for square in values.chunks_exact_mut(PLANES) {
        square[plane::REPETITION] = repetition;
        square[plane::PLY] = progress;
    }
    values
}

#[cfg(test)]
mod tests {
    use halma::{Game, Position};

    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn o_sees_the_board_turned_half_a_circle() {
        assert_eq!(seen(square("a1"), Side::O), square("p16"));
        assert_eq!(seen(square("l2"), Side::O), square("e15"));
        assert_eq!(seen(square("l2"), Side::X), square("l2"));
        for square in Square::all() {
            assert_eq!(seen(seen(square, Side::O), Side::O), square);
        }
        // o's home camp, seen by o, is where x's is.
        let turned: halma::Bitboard = Side::O.home().iter().map(|s| seen(s, Side::O)).collect();
        assert_eq!(turned, Side::X.home());
    }

    #[test]
    fn actions_are_from_times_256_plus_to_and_decode_back() {
        let mv = Move::new(square("l2"), square("k3"));
        // l2 is 1 * 16 + 11 = 27, k3 is 2 * 16 + 10 = 42.
        assert_eq!(action(mv, Side::X), 27 * 256 + 42);
        assert_eq!(action(mv, Side::O), (255 - 27) * 256 + (255 - 42));
        for side in Side::ALL {
            for value in [0, 1, 255, 256, 27 * 256 + 42, u16::MAX] {
                assert_eq!(action(decode(value, side), side), value);
            }
        }
    }

    #[test]
    fn the_mask_marks_exactly_the_legal_actions() {
        let game = Game::new();
        let moves = game.legal_moves();
        for side in Side::ALL {
            let actions = actions(&moves, side);
            assert_eq!(actions.len(), 40);
            assert!(actions.is_sorted());
            let mask = mask(&actions);
            assert_eq!(mask.iter().filter(|&&m| m == 1).count(), 40);
            for &action in &actions {
                assert_eq!(mask[usize::from(action)], 1);
                assert!(moves.contains(&decode(action, side)));
            }
        }
    }

    #[test]
    fn each_side_sees_its_own_pieces_racing_to_the_top_left() {
        let game = Game::new();
        let x = observe(&game, Side::X, 0.25);
        let o = observe(&game, Side::O, 0.25);
        // At the start the position is symmetric: both sides see the same planes.
        assert_eq!(x, o);
        let at = |values: &[f32], name: &str, plane: usize| {
            values[usize::from(square(name).index()) * PLANES + plane]
        };
        assert_eq!(at(&x, "p1", plane::OWN), 1.0);
        assert_eq!(at(&x, "a16", plane::OPPONENT), 1.0);
        assert_eq!(at(&x, "a16", plane::GOAL), 1.0);
        assert_eq!(at(&x, "p1", plane::GOAL), 0.0);
        assert_eq!(at(&x, "h8", plane::PLY), 0.25);
        assert_eq!(at(&x, "h8", plane::REPETITION), 0.0);
        let count = |values: &[f32], plane: usize| {
            values
                .chunks_exact(PLANES)
                .filter(|s| s[plane] == 1.0)
                .count()
        };
        for plane in [plane::OWN, plane::OPPONENT, plane::GOAL] {
            assert_eq!(count(&x, plane), 19);
        }
    }

    #[test]
    fn after_a_move_o_sees_its_pieces_turned_and_x_as_the_opponent() {
        let mut game = Game::new();
        game.play_text("l2-k3").unwrap();
        let o = observe(&game, Side::O, 0.0);
        let position: &Position = game.position();
        for square in Square::all() {
            let at = usize::from(seen(square, Side::O).index()) * PLANES;
            let own = f32::from(u8::from(position.pieces(Side::O).contains(square)));
            let theirs = f32::from(u8::from(position.pieces(Side::X).contains(square)));
            assert_eq!(o[at + plane::OWN], own, "{square}");
            assert_eq!(o[at + plane::OPPONENT], theirs, "{square}");
        }
    }

    #[test]
    fn the_repetition_plane_counts_occurrences() {
        let mut game = Game::new();
        let plane_of = |game: &Game| observe(game, Side::X, 0.0)[plane::REPETITION];
        assert_eq!(plane_of(&game), 0.0);
        for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(plane_of(&game), 0.5);
        for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
            game.play_text(text).unwrap();
        }
        assert!(game.outcome().is_over());
        assert_eq!(plane_of(&game), 1.0);
    }

    #[test]
    fn progress_is_clamped() {
        let game = Game::new();
        assert_eq!(observe(&game, Side::X, 7.0)[plane::PLY], 1.0);
        assert_eq!(observe(&game, Side::X, -1.0)[plane::PLY], 0.0);
    }
}

//! Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
//! generator. Positions have no history here, so there are no repetition draws; a won
//! position has no moves.

use crate::moves::Move;
use crate::position::Position;

/// The number of move sequences `depth` plies deep from `position`.
///
/// ```
/// use halma::{Position, perft};
///
/// assert_eq!(perft(&Position::start(), 2), 1_600);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        _ => {
            let mut position = *position;
            let mut nodes = 0;
            for &mv in position.legal_moves().iter() {
                position.play_unchecked(mv);
                nodes += perft(&position, depth - 1);
                position.undo_unchecked(mv);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it (`depth - 1` plies
/// after it). Empty for depth 0.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut position = *position;
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            position.play_unchecked(mv);
            let nodes = perft(&position, depth - 1);
            position.undo_unchecked(mv);
            (mv, nodes)
        })
        .collect()
}

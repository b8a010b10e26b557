//! Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
//! generator, on either board. Positions have no history here, so there are no repetition
//! draws and no turn limit; a won position has no moves. On the star, a side without a move
//! passes, and its pass counts as a move (as a turn of OpenSpiel's game does).

use crate::board::Board;

/// The number of move sequences `depth` plies deep from `position`.
///
/// ```
/// use halma::{Position, StarPosition, StarRules, perft};
///
/// assert_eq!(perft(&Position::start(), 2), 1_600);
/// assert_eq!(perft(&StarPosition::start(StarRules::OpenSpiel), 2), 196);
/// ```
pub fn perft<B: Board>(position: &B, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let count = position.count_moves() as u64;
            if B::PASSES && count == 0 && position.winner().is_none() {
                1
            } else {
                count
            }
        }
        _ => {
            let mut position = *position;
            let moves = position.legal_moves();
            if B::PASSES && moves.is_empty() && position.winner().is_none() {
                position.pass();
                return perft(&position, depth - 1);
            }
            let mut nodes = 0;
            for &mv in moves.iter() {
                position.play_unchecked(mv);
                nodes += perft(&position, depth - 1);
                position.undo_unchecked(mv);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it (`depth - 1` plies
/// after it). Empty for depth 0 (and for a star position whose side to move must pass).
pub fn divide<B: Board>(position: &B, depth: u32) -> Vec<(B::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut position = *position;
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            position.play_unchecked(mv);
            let nodes = perft(&position, depth - 1);
            position.undo_unchecked(mv);
            (mv, nodes)
        })
        .collect()
}

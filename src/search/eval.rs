//! The static evaluation: the race to the goal camps, stragglers, the endgame of filling the
//! last goal squares, and goal camps held by the opponent (see [`block`](super::block)).
//!
//! Scores are in hundredths of a move, from the point of view of the side to move.

use crate::bitboard::Bitboard;
use crate::game::Game;
use crate::position::Position;
use crate::side::Side;

use crate::distance::{DISTANCE, LATERAL};

use super::block::{Board, fill_cost, held_back_cost, is_blocked, trapped_cost, walled_in};
use super::params::Params;
use super::score::DRAW;

/// The largest score the evaluation gives; forced results lie above it.
pub(crate) const MAX_EVAL: i32 = 20_000;

/// How far below a draw a side scores when its own goal camp walls an opponent's piece in.
const WALLED: i32 = 300;

/// What a side loses for each opponent piece it shuts in its goal camp (see
/// [`trapped_cost`]).
const TRAPPED: i32 = 150;

/// What a side loses for each opponent piece in its goal camp that it leaves no move forward
/// (see [`held_back_cost`]).
const HELD_BACK: i32 = 60;

/// The most a blocked side scores below a draw while it can still fill goal squares.
const BLOCKED: i32 = 250;

/// Hundredths per unit of distance left to fill the goal squares a blocked side can still
/// fill.
const FILL: i32 = 5;

/// The static evaluation of `position` (for the side to move), with what the root of a
/// search of `game` (a 16x16 [`Game`] or a [`StarGame`](crate::StarGame)) would know
/// (feature `tuning`: for tests that compare the search with a plain negamax).
#[cfg(feature = "tuning")]
pub fn evaluate<G: super::Searchable>(
    game: &G,
    params: &Params,
    position: &<G as super::game::SearchGame>::Board,
) -> i32 {
    use super::game::Evaluate;
    game.evaluator(params).evaluate(position)
}

/// The evaluation with its weights and what the root learned from the game's history.
#[derive(Clone, Debug)]
pub struct Evaluator {
    params: Params,
    /// `blocked[s]`: `s` is the side to move at the root, the opponent keeps pieces in `s`'s
    /// goal camp (its own home) and `s` has nothing else left to do; `s` cannot win unless
    /// they leave.
    blocked: [bool; 2],
}

impl Evaluator {
    /// The evaluator for a search from the current position of `game`.
    pub(crate) fn new(params: &Params, game: &Game) -> Evaluator {
        // Only the side to move at the root looks for a block against itself: blocking the
        // opponent is no plan of the engine's (it plays for the win), and the evaluation
        // stays one function of the position for the whole search.
        let root = game.position().turn();
        let blocked =
            Side::ALL.map(|side| params.block_detection && side == root && is_blocked(game, side));
        Evaluator {
            params: params.clone(),
            blocked,
        }
    }

    /// Whether the root found `side`'s goal blocked by the opponent.
    pub(crate) fn blocked(&self, side: Side) -> bool {
        self.blocked[side.index()]
    }

    /// The score of `position` for the side to move. A finished position is not evaluated
    /// here (the search scores wins itself).
    pub(crate) fn evaluate(&self, position: &Position) -> i32 {
        let o = &self.params;
        let board = Board::new(position);
        let me = position.turn();
        let them = !me;
        if o.block_detection {
            // A goal camp with an opponent's piece walled in for good: neither side can win.
            // Still a draw, but the side whose goal it is walled it in: it scores a little
            // below the draw, so that it never does.
            let mine = !walled_in(&board, me).is_empty();
            let theirs = !walled_in(&board, them).is_empty();
            if mine || theirs {
                return match (mine, theirs) {
                    (true, false) => DRAW - WALLED,
                    (false, true) => DRAW + WALLED,
                    _ => DRAW,
                };
            }
        }
        let mut score = self.race_cost(board.pieces(them), them)
            - self.race_cost(board.pieces(me), me)
            + o.tempo;
        if o.block_detection {
            score += trapped_cost(&board, them, TRAPPED) - trapped_cost(&board, me, TRAPPED)
                + held_back_cost(&board, them, HELD_BACK)
                - held_back_cost(&board, me, HELD_BACK);
        }
        // A blocked side cannot win while the opponent's pieces stay: at best a draw, a bit
        // less while it can still fill goal squares (so it does) or leaves the kept pieces no
        // way forward (so it opens one), never as low as walling them in.
        if self.blocked[me.index()] && board.pieces(them).intersects(me.goal()) {
            score = (score.min(DRAW) - self.waiting_cost(&board, me)).max(DRAW - BLOCKED);
        }
        if self.blocked[them.index()] && board.pieces(me).intersects(them.goal()) {
            score = (score.max(DRAW) + self.waiting_cost(&board, them)).min(DRAW + BLOCKED);
        }
        score.clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// What a blocked `side` can still improve while it waits: the goal squares it can fill,
    /// and a way forward for each opponent piece it holds back.
    fn waiting_cost(&self, board: &Board, side: Side) -> i32 {
        fill_cost(board, side, &DISTANCE[side.index()]) * FILL
            + held_back_cost(board, side, HELD_BACK)
    }

    /// What `side` still has to do, in hundredths of a move: distances to the goal corner,
    /// pieces outside the goal, stragglers far behind the rest.
    fn race_cost(&self, pieces: Bitboard, side: Side) -> i32 {
        let o = &self.params;
        let table = &DISTANCE[side.index()];
        let lateral = &LATERAL[side.index()];
        let mut distances = [0i32; 19];
        let mut sum = 0;
        let mut off_diagonal = 0;
        for (slot, square) in distances.iter_mut().zip(pieces) {
            *slot = table[square.index() as usize];
            sum += *slot;
            off_diagonal += lateral[square.index() as usize];
        }
        let outside = (pieces - side.goal()).count() as i32;
        let mut cost = sum * o.distance + outside * o.outside + off_diagonal * o.lateral;
        if o.straggler != 0 {
            // Pieces further behind the mean than the gap.
            let limit = sum / 19 + o.straggler_gap;
            let behind: i32 = distances.iter().map(|&d| (d - limit).max(0)).sum();
            cost += behind * o.straggler;
        }
        cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let params = Params::default();
        let eval = Evaluator::new(&params, &Game::new());
        assert_eq!(eval.evaluate(&Position::start()), params.tempo);
    }
}

//! The root of a search: iterative deepening over the root moves, each iteration searching
//! them with the [alpha-beta](super::alphabeta) search below.

use super::alphabeta::Searcher;
use super::frame::MAX_PLY;
use super::game::{Evaluate, SearchBoard, SearchGame};
use super::limits::Limits;
use super::ordering::root_order;
use super::report::{Answer, SearchInfo};
use super::score::{FORCED, INFINITY, SCORE_WIN};
use super::time::{SETTLED, Stability};

/// The first iteration searched with an aspiration window.
const ASPIRATION_DEPTH: u32 = 4;

/// The widest aspiration window's half: beyond it the whole window is searched.
const ASPIRATION_WIDEST: i32 = 1_000;

/// A root move and what the last search of it found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove<M> {
    pub(crate) mv: M,
    /// Exact when `exact`, else an upper bound.
    pub(crate) score: i32,
    pub(crate) exact: bool,
}

/// Puts the moves of `root` but its first (the iteration's best) back in the order of
/// `order`, the same moves: a helper's iteration ends in the main thread's order.
fn restore<M: Copy + Eq>(root: &mut [RootMove<M>], order: &[RootMove<M>]) {
    let best = root[0].mv;
    let others = order.iter().filter(|entry| entry.mv != best);
    for (slot, entry) in root[1..].iter_mut().zip(others) {
        *slot = *entry;
    }
}

impl<B: SearchBoard> Searcher<'_, B> {
    /// Iterative deepening from the current position of `game` (which has a legal move).
    pub(crate) fn run<G: SearchGame<Board = B>>(
        &mut self,
        game: &G,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo<B::Move>),
    ) -> Answer<B::Move> {
        let mut position = *game.position();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        let mut root = self.root_moves(&position);
        let fallback = root[0].mv;
        let mut best = Answer {
            best_move: fallback,
            score: self.eval.evaluate(&position),
            depth: 0,
            race_plies: None,
            nodes: 0,
            pv: vec![fallback],
        };
        let margin = limits.margin;
        let mut completed = root.clone();
        // The iterations in a row that ended with the same best move.
        let mut same_best = 0;
        if self.main && self.stop.is_stopped() {
            // Stopped before it began (a host's token): the best-ordered move at once.
            self.halt();
        }
        for depth in 1..=max_depth {
            if self.aborted {
                break;
            }
            if let Some(helper) = self.helper {
                helper.reorder(&mut root);
            }
            let score = self.aspirated(&mut position, &mut root, depth, best.score, margin);
            if self.helper.is_some() {
                restore(&mut root, &completed);
            }
            if self.aborted {
                // A move of the unfinished iteration that beat the first one is better.
                if self.best_changed && root[0].exact {
                    best.best_move = root[0].mv;
                    best.score = root[0].score;
                    best.pv = vec![root[0].mv];
                }
                break;
            }
            let changed = best.depth > 0 && root[0].mv != best.best_move;
            same_best = if changed { 1 } else { same_best + 1 };
            completed = root.clone();
            best = Answer {
                best_move: root[0].mv,
                score,
                depth,
                race_plies: None,
                nodes: self.nodes,
                pv: self.stack.root_pv().to_vec(),
            };
            if best.pv.first() != Some(&best.best_move) {
                best.pv = vec![best.best_move];
            }
            info(&best.info(self.total_nodes(), self.clock.elapsed()));
            if root.len() == 1 && margin == 0 {
                break;
            }
            if score.abs() >= FORCED && (SCORE_WIN - score.abs()) as u32 <= depth {
                break;
            }
            let stability = if changed {
                Stability::Changed
            } else if same_best >= SETTLED {
                Stability::Settled
            } else {
                Stability::Steady
            };
            // Helpers search on until the search halts.
            if self.main && !self.clock.next_iteration(stability) {
                break;
            }
        }
        best.nodes = self.nodes;
        if best.depth > 0 && self.main {
            self.choose(game, &completed, &mut best, margin);
        }
        best
    }

    /// The root moves, the best-ordered first: a winning move, else by gain toward the goal
    /// (among those the board's filters keep, [`SearchBoard::root_moves`]).
    fn root_moves(&self, position: &B) -> Vec<RootMove<B::Move>> {
        let legal = position.root_moves(position.legal_moves().to_vec(), &self.params);
        root_order::<B>(&legal, position.turn(), position.winning_move())
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                exact: false,
            })
            .collect()
    }

    /// One iteration at the root, first with a window around the `previous` iteration's
    /// score (an aspiration window, [`Params::aspiration`](super::Params::aspiration) wide each way), widened on the
    /// side it failed until the score falls inside; with the whole window when off, at the
    /// first iterations, with a margin (it needs exact scores) and near forced results.
    fn aspirated(
        &mut self,
        position: &mut B,
        root: &mut [RootMove<B::Move>],
        depth: u32,
        previous: i32,
        margin: i32,
    ) -> i32 {
        let mut delta = self.params.aspiration;
        if delta <= 0 || margin > 0 || depth < ASPIRATION_DEPTH || previous.abs() >= FORCED {
            return self.root(position, root, depth, -INFINITY, INFINITY, margin);
        }
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.root(position, root, depth, alpha, beta, margin);
            if self.aborted || (alpha < score && score < beta) {
                return score;
            }
            delta = delta.saturating_mul(2);
            if score <= alpha {
                alpha = score.saturating_sub(delta).max(-INFINITY);
            } else {
                beta = score.saturating_add(delta).min(INFINITY);
            }
            if delta >= ASPIRATION_WIDEST {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// One iteration at the root. Afterwards the best move is first; with a `margin`, every
    /// move scoring within it of the best has an exact score.
    fn root(
        &mut self,
        position: &mut B,
        root: &mut [RootMove<B::Move>],
        depth: u32,
        mut alpha: i32,
        beta: i32,
        margin: i32,
    ) -> i32 {
        self.nodes += 1;
        self.stack[0].pv_len = 0;
        self.stack.enter(0, position.hash());
        self.best_changed = false;
        let depth = depth as i32;
        let window_low = alpha;
        let mut best = -INFINITY;
        for index in 0..root.len() {
            let mv = root[index].mv;
            // The lower end of this move's window: with a margin, moves near the best need
            // exact scores.
            let low = if index == 0 {
                alpha
            } else if margin > 0 {
                window_low.max(best - margin - 1)
            } else {
                alpha
            };
            position.play_unchecked(mv);
            let winner = position.winner();
            let score = if winner.is_some() {
                self.stack[1].pv_len = 1;
                // On the star a move can fill the opponent's target for it.
                if winner == Some(position.turn()) {
                    -(SCORE_WIN - 1)
                } else {
                    SCORE_WIN - 1
                }
            } else if index == 0 {
                -self.node(position, depth - 1, 1, -beta, -low)
            } else {
                // Late moves first searched one ply shallower (not with a margin: it needs
                // exact scores).
                let reduction =
                    i32::from(self.params.root_lmr && margin == 0 && depth >= 3 && index >= 4);
                let mut score = -self.node(position, depth - 1 - reduction, 1, -low - 1, -low);
                if score > low && reduction > 0 {
                    score = -self.node(position, depth - 1, 1, -low - 1, -low);
                }
                if score > low && score < beta {
                    score = -self.node(position, depth - 1, 1, -beta, -low);
                }
                score
            };
            position.undo_unchecked(mv);
            if self.aborted {
                break;
            }
            root[index].score = score;
            root[index].exact = score > low && score < beta;
            if score > best {
                best = score;
                if index > 0 {
                    self.best_changed = true;
                }
                // Move it to the front, keeping the order of the others.
                root[..=index].rotate_right(1);
                self.stack.update_pv(0, mv);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::search::split::Helper;
    use crate::square::Square;

    /// Root moves `0 -> 100`, `1 -> 101`, ...: their number tells them.
    fn moves(count: u8) -> Vec<RootMove<Move>> {
        (0..count)
            .map(|from| RootMove {
                mv: Move::new(Square::new(from), Square::new(100 + from)),
                score: -INFINITY,
                exact: false,
            })
            .collect()
    }

    fn numbers(root: &[RootMove<Move>]) -> Vec<u8> {
        root.iter().map(|entry| entry.mv.from.index()).collect()
    }

    #[test]
    fn a_helpers_iteration_ends_in_the_main_threads_order_with_its_best_first() {
        let order = moves(5);
        let mut root = order.clone();
        Helper::new(0, 1).reorder(&mut root);
        // The iteration found move 2 best: it went to the front.
        root[..=3].rotate_right(1);
        root[0].score = 7;
        assert_eq!(numbers(&root), [2, 0, 4, 3, 1]);
        restore(&mut root, &order);
        assert_eq!(numbers(&root), [2, 0, 1, 3, 4]);
        assert_eq!(root[0].score, 7);
    }
}

//! The final choice among the root moves: deliberate imperfection for the lower levels (that
//! never chooses a draw), and the repetition that ends a drawn game.

use super::alphabeta::Searcher;
use super::game::{MoveCode, SearchBoard, SearchGame};
use super::report::Answer;
use super::root::RootMove;
use super::score::FORCED;

impl<B: SearchBoard> Searcher<'_, B> {
    /// The final choice: with a margin (scaled down as the race ends), a pseudo-random
    /// forward move among those near the best (and, while playing on beats a draw, not
    /// drawing); a drawn best score prefers a move that
    /// [repeats](Searcher::repeating) (a blocked game then ends by repetition instead of
    /// going on forever).
    pub(crate) fn choose<G: SearchGame<Board = B>>(
        &mut self,
        game: &G,
        root: &[RootMove<B::Move>],
        best: &mut Answer<B::Move>,
        margin: i32,
    ) {
        let position = game.position();
        let side = position.turn();
        // The imperfection fades as the race ends: a weak player still finishes its games.
        let left = position.remaining(side);
        let margin = if left <= 20 {
            0
        } else {
            margin * left.min(150) / 150
        };
        if margin > 0 && best.score.abs() < FORCED {
            // Near-best moves, never a backward one (unless it is the best), and, while
            // playing on scores better than a draw, never a draw by accident: none that
            // scores no better than a draw, none after which the opponent can repeat a
            // position of the game (a search one ply deep does not see that reply). With
            // none left, the best. Behind by more than the contempt, the level keeps its
            // imperfection: it does not turn into the best player of its depth.
            let playing_on = best.score > self.draw;
            let gain = |mv: B::Move| {
                let (from, to) = B::distances(side, mv);
                from - to
            };
            let candidates: Vec<&RootMove<B::Move>> = root
                .iter()
                .filter(|rm| {
                    rm.exact
                        && rm.score >= best.score - margin
                        && rm.score < FORCED
                        && (gain(rm.mv) >= 0 || rm.mv == best.best_move)
                        && (!playing_on
                            || (rm.score > self.draw && !self.lets_repeat(position, rm.mv)))
                })
                .collect();
            let total: i64 = candidates
                .iter()
                .map(|rm| i64::from(margin + 1 - (best.score - rm.score)))
                .sum();
            if total > 0 {
                let seed = position.hash() ^ (game.ply() as u64).wrapping_mul(0x2545_f491);
                let mut pick = (splitmix(seed) % total as u64) as i64;
                for rm in &candidates {
                    pick -= i64::from(margin + 1 - (best.score - rm.score));
                    if pick < 0 {
                        if rm.mv != best.best_move {
                            best.best_move = rm.mv;
                            best.score = rm.score;
                            best.pv = vec![rm.mv];
                        }
                        break;
                    }
                }
            }
        }
        if best.score == self.draw
            && let Some(rm) = self.repeating(game, root)
            && rm.mv != best.best_move
        {
            best.best_move = rm.mv;
            best.pv = vec![rm.mv];
        }
    }
}

impl<B: SearchBoard> Searcher<'_, B> {
    /// Whether after `mv` in `position` the game repeats a position: at once, or by a reply
    /// of the opponent.
    fn lets_repeat(&self, position: &B, mv: B::Move) -> bool {
        let mut next = *position;
        next.play_unchecked(mv);
        self.in_game(&next)
            || next.legal_moves().iter().any(|&reply| {
                let mut after = next;
                after.play_unchecked(reply);
                self.in_game(&after)
            })
    }

    /// Whether `position` is one of the game's.
    fn in_game(&self, position: &B) -> bool {
        self.game_hashes.binary_search(&position.hash()).is_ok()
    }

    /// A drawn root move that repeats: one back to a position of the game, else one that
    /// takes back our previous move, so that a game nobody can win ends by repetition as soon
    /// as the opponent repeats too.
    fn repeating<'r, G: SearchGame<Board = B>>(
        &self,
        game: &G,
        root: &'r [RootMove<B::Move>],
    ) -> Option<&'r RootMove<B::Move>> {
        let position = game.position();
        // A move back to a position of the game scores a draw by itself.
        let back = root.iter().find(|rm| {
            let mut next = *position;
            next.play_unchecked(rm.mv);
            self.in_game(&next)
        });
        back.or_else(|| {
            let previous = game.previous_own_move()?;
            root.iter()
                .find(|rm| rm.score == self.draw && rm.mv.reverses(previous))
        })
    }
}

/// A pseudo-random number from `seed` (SplitMix64's output function).
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

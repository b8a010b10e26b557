//! Upper bounds: a sequence that fills the goal, found quickly by a beam search, for races
//! beyond the exact solver's reach.
//!
//! Level by level, the beam keeps the `width` most promising armies a move from the last
//! level's (each army once), judged by the solver's lower bound first and the distance its
//! pieces outside still have to go second, until one fills the goal. Its length is no
//! optimum, only an upper bound; with the solver's proven lower bound it brackets the least
//! number of moves.
//!
//! Judging the armies is most of its cost (the lower bound's straggler part above all), and
//! their number grows with the moves each army has: a beam of a race judges 30,000 to
//! 200,000 armies, a few microseconds each; one far from the goal (19 pieces in a line, a
//! hundred moves each) 500,000, ten times dearer each. So the armies judged are counted, as
//! the beam's nodes, and a search may limit them.

use std::collections::HashSet;

use super::army::{Army, GOAL, Rules};
use super::bounds::{distance_left, lower_bound};
use crate::moves::Move;

/// What a beam search found, and what it cost.
pub(crate) struct Beam {
    /// The sequence, if one was found.
    pub(crate) moves: Option<Vec<Move>>,
    /// The armies judged.
    pub(crate) nodes: u64,
}

/// A sequence of moves filling the goal from `root` under `rules`, keeping `width` armies a
/// level, at most `max_moves` long, judging `node_limit` armies at most; none when the beam
/// dies out, runs longer or reaches the limit before a level holds the goal, or when
/// `stopped` (asked before each army's moves) says so.
pub(crate) fn beam(
    root: Army,
    rules: &Rules,
    width: usize,
    max_moves: usize,
    node_limit: u64,
    stopped: &dyn Fn() -> bool,
) -> Beam {
    // Every army of every level, with the index of the army it came from and the move.
    let mut tree: Vec<(Army, Option<(usize, Move)>)> = vec![(root, None)];
    let mut level = 0..1;
    let mut seen = HashSet::new();
    seen.insert(root);
    let mut nodes = 0;
    let ended = |nodes| Beam { moves: None, nodes };
    for _ in 0..max_moves {
        if let Some(found) = tree[level.clone()]
            .iter()
            .position(|(army, ..)| *army == GOAL)
        {
            let moves = Some(path(&tree, level.start + found));
            return Beam { moves, nodes };
        }
        let mut next: Vec<(u32, Army, usize, Move)> = Vec::new();
        for index in level.clone() {
            if nodes >= node_limit || stopped() {
                return ended(nodes);
            }
            let army = tree[index].0;
            rules.for_each_move(army, |mv| {
                let after = army.after(mv);
                // The limit may come within an army's moves: the rest go unjudged.
                if nodes < node_limit && seen.insert(after) {
                    next.push((score(after), after, index, mv));
                    nodes += 1;
                }
            });
        }
        if next.is_empty() {
            return ended(nodes);
        }
        if next.len() > width {
            next.select_nth_unstable_by_key(width, |&(score, ..)| score);
            next.truncate(width);
        }
        let start = tree.len();
        tree.extend(
            next.into_iter()
                .map(|(_, army, parent, mv)| (army, Some((parent, mv)))),
        );
        level = start..tree.len();
    }
    ended(nodes)
}

/// How far `army` seems from the goal, lower is nearer: the lower bound, then the distance
/// its pieces outside have to go.
fn score(army: Army) -> u32 {
    lower_bound(army) * 64 + distance_left(army)
}

/// The moves from the root to the army at `index` of `tree`.
fn path(tree: &[(Army, Option<(usize, Move)>)], mut index: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some((parent, mv)) = tree[index].1 {
        moves.push(mv);
        index = parent;
    }
    moves.reverse();
    moves
}

//! The search proper: iterative deepening over a principal-variation alpha-beta search.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

use super::eval::{DISTANCE, DRAW, Evaluator, gain, remaining, spoiling};
use super::limits::{Limits, Options};
use super::tt::{Bound, Table, encode};
use super::{SCORE_WIN, SearchInfo};

/// The deepest a search path goes.
pub(crate) const MAX_PLY: usize = 96;

/// Above every score.
const INFINITY: i32 = SCORE_WIN + 1;

/// Scores at least this large (in absolute value) are forced results.
const FORCED: i32 = SCORE_WIN - 1000;

/// The stop signal shared by an engine and its stop handles.
///
/// `state` holds the number of the latest search times two, plus one while it runs; a stop
/// writes the number of the running search to `stop`, so a stop meant for a search that has
/// ended cannot reach the next one.
#[derive(Debug, Default)]
pub(crate) struct Signal {
    state: AtomicU64,
    stop: AtomicU64,
}

impl Signal {
    /// Marks a new search as running and returns its number.
    pub(crate) fn begin(&self) -> u64 {
        let number = (self.state.load(Ordering::SeqCst) >> 1) + 1;
        self.state.store(number << 1 | 1, Ordering::SeqCst);
        number
    }

    /// Marks search `number` as ended.
    pub(crate) fn end(&self, number: u64) {
        self.state.store(number << 1, Ordering::SeqCst);
    }

    /// Stops the running search, if any.
    pub(crate) fn stop(&self) {
        let state = self.state.load(Ordering::SeqCst);
        if state & 1 == 1 {
            self.stop.store(state >> 1, Ordering::SeqCst);
        }
    }

    /// Whether search `number` was told to stop.
    #[inline]
    pub(crate) fn stopped(&self, number: u64) -> bool {
        self.stop.load(Ordering::Relaxed) == number
    }
}

/// A root move and what the last search of it found.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    /// Exact when `exact`, else an upper bound.
    score: i32,
    exact: bool,
}

/// What a finished search found.
pub(crate) struct Outcome {
    pub(crate) best_move: Move,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) pv: Vec<Move>,
}

/// One search.
pub(crate) struct Searcher<'a> {
    table: &'a mut Table,
    signal: &'a Signal,
    number: u64,
    options: Options,
    eval: Evaluator,
    salt: u64,
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    nodes: u64,
    aborted: bool,
    /// Whether the current root iteration found a better move than its first.
    best_changed: bool,
    /// The hashes of every position of the game, sorted.
    game_hashes: Vec<u64>,
    path: [u64; MAX_PLY + 1],
    /// Whether the move into each ply was a pass (null move).
    passed: [bool; MAX_PLY + 1],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    buffers: Vec<Vec<(i32, Move)>>,
    /// The legal moves of the node being expanded, before they are keyed into its buffer.
    moves: Box<MoveList>,
    /// Two moves per ply that caused a cutoff lately (cleared for each search, so that a
    /// search does not depend on the one before).
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
}

const NO_MOVE: Move = Move::new(Square::new(0), Square::new(0));

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        table: &'a mut Table,
        signal: &'a Signal,
        number: u64,
        game: &Game,
        limits: &Limits,
        start: Instant,
    ) -> Searcher<'a> {
        let options = limits.options.clone();
        let eval = Evaluator::new(&options, game);
        let mut salt = 0;
        for side in Side::ALL {
            if eval.blocked(side) {
                salt ^= 0x9e37_79b9_7f4a_7c15_u64.rotate_left(7 + side.index() as u32 * 13);
            }
        }
        let mut game_hashes: Vec<u64> = game.positions().iter().map(Position::hash).collect();
        game_hashes.sort_unstable();
        Searcher {
            table,
            signal,
            number,
            options,
            eval,
            salt,
            start,
            deadline: limits.time.map(|time| start + time),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            aborted: false,
            best_changed: false,
            game_hashes,
            path: [0; MAX_PLY + 1],
            passed: [false; MAX_PLY + 1],
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            moves: Box::default(),
            killers: [[None; 2]; MAX_PLY + 1],
        }
    }

    /// Iterative deepening from the current position of `game` (which has a legal move).
    pub(crate) fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Outcome {
        let mut position = *game.position();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        let mut root = self.root_moves(&position);
        let fallback = root[0].mv;
        let mut best = Outcome {
            best_move: fallback,
            score: self.eval.evaluate(&position),
            depth: 0,
            nodes: 0,
            pv: vec![fallback],
        };
        let margin = limits.margin;
        let mut completed = root.clone();
        for depth in 1..=max_depth {
            let score = self.root(&mut position, &mut root, depth, -INFINITY, INFINITY, margin);
            if self.aborted {
                // A move of the unfinished iteration that beat the first one is better.
                if self.best_changed && root[0].exact {
                    best.best_move = root[0].mv;
                    best.score = root[0].score;
                    best.pv = vec![root[0].mv];
                }
                break;
            }
            completed = root.clone();
            best = Outcome {
                best_move: root[0].mv,
                score,
                depth,
                nodes: self.nodes,
                pv: self.pv[0][..self.pv_len[0]].to_vec(),
            };
            if best.pv.first() != Some(&best.best_move) {
                best.pv = vec![best.best_move];
            }
            let time = self.start.elapsed();
            info(&SearchInfo {
                depth,
                score,
                nodes: self.nodes,
                nodes_per_second: per_second(self.nodes, time),
                time,
                pv: best.pv.clone(),
            });
            if root.len() == 1 && margin == 0 {
                break;
            }
            if score.abs() >= FORCED && (SCORE_WIN - score.abs()) as u32 <= depth {
                break;
            }
            if let Some(time) = limits.time {
                // The next iteration takes several times longer than this one: do not start
                // it when it cannot end in time.
                if self.start.elapsed() > time.mul_f32(0.4) {
                    break;
                }
            }
        }
        best.nodes = self.nodes;
        if best.depth > 0 {
            self.choose(game, &completed, &mut best, margin);
        }
        best
    }

    /// The root moves, the best-ordered first: a winning move, else by gain toward the goal.
    fn root_moves(&self, position: &Position) -> Vec<RootMove> {
        let side = position.turn();
        let win = winning_move(position);
        let mut legal = position.legal_moves().to_vec();
        if self.options.block_detection {
            let kept = spoiling(position);
            if !kept.is_empty() {
                // No spoiling: the pieces kept at home leave it (or at least move), whatever
                // the search thinks of the race that follows.
                let home = side.home();
                let leaving: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|mv| kept.contains(mv.from) && !home.contains(mv.to))
                    .collect();
                let moving: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|mv| kept.contains(mv.from))
                    .collect();
                if !leaving.is_empty() {
                    legal = leaving;
                } else if !moving.is_empty() {
                    legal = moving;
                }
            }
        }
        let mut moves: Vec<(i32, Move)> = legal
            .iter()
            .map(|&mv| {
                let key = if Some(mv) == win {
                    i32::MAX
                } else {
                    gain(side, mv.from, mv.to)
                };
                (key, mv)
            })
            .collect();
        // Stable: equal gains keep the generation order.
        moves.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
            .into_iter()
            .map(|(_, mv)| RootMove {
                mv,
                score: -INFINITY,
                exact: false,
            })
            .collect()
    }

    /// One iteration at the root. Afterwards the best move is first; with a `margin`, every
    /// move scoring within it of the best has an exact score.
    fn root(
        &mut self,
        position: &mut Position,
        root: &mut [RootMove],
        depth: u32,
        mut alpha: i32,
        beta: i32,
        margin: i32,
    ) -> i32 {
        self.nodes += 1;
        self.pv_len[0] = 0;
        self.path[0] = position.hash();
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
            let score = if position.winner().is_some() {
                self.pv_len[1] = 1;
                SCORE_WIN - 1
            } else if index == 0 {
                -self.node(position, depth - 1, 1, -beta, -low)
            } else {
                // Late moves first searched one ply shallower (not with a margin: it needs
                // exact scores).
                let reduction =
                    i32::from(self.options.root_lmr && margin == 0 && depth >= 3 && index >= 4);
                let mut score = -self.node(position, depth - 1 - reduction, 1, -low - 1, -low);
                if score > low && reduction > 0 {
                    score = -self.node(position, depth - 1, 1, -low - 1, -low);
                }
                if score > low && score < beta {
                    score = -self.node(position, depth - 1, 1, -beta, -low);
                }
                score
            };
            position.undo(mv);
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
                self.pv[0][0] = mv;
                let len = self.pv_len[1].max(1);
                for ply in 1..len {
                    self.pv[0][ply] = self.pv[1][ply];
                }
                self.pv_len[0] = len;
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

    /// The final choice: with a margin (scaled down as the race ends), a pseudo-random
    /// forward move among those near the best; a
    /// drawn best score prefers a move that repeats an earlier position (a blocked game then
    /// ends by repetition instead of going on forever).
    fn choose(&mut self, game: &Game, root: &[RootMove], best: &mut Outcome, margin: i32) {
        let position = game.position();
        let side = position.turn();
        // The imperfection fades as the race ends: a weak player still finishes its games.
        let left = remaining(position, side);
        let margin = if left <= 20 {
            0
        } else {
            margin * left.min(150) / 150
        };
        if margin > 0 && best.score.abs() < FORCED {
            // Near-best moves, never a backward one (unless it is the best).
            let candidates: Vec<&RootMove> = root
                .iter()
                .filter(|rm| {
                    rm.exact
                        && rm.score >= best.score - margin
                        && rm.score < FORCED
                        && (gain(side, rm.mv.from, rm.mv.to) >= 0 || rm.mv == best.best_move)
                })
                .collect();
            let total: i64 = candidates
                .iter()
                .map(|rm| i64::from(margin + 1 - (best.score - rm.score)))
                .sum();
            if total > 0 {
                let seed = position.hash() ^ (game.moves().len() as u64).wrapping_mul(0x2545_f491);
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
        if best.score == DRAW {
            let repeating = root.iter().find(|rm| {
                let mut next = *position;
                next.play_unchecked(rm.mv);
                self.game_hashes.binary_search(&next.hash()).is_ok()
            });
            if let Some(rm) = repeating
                && rm.mv != best.best_move
            {
                best.best_move = rm.mv;
                best.pv = vec![rm.mv];
            }
        }
    }

    #[inline]
    fn poll(&mut self) {
        let limited = self.nodes >= self.max_nodes;
        let checked = self.nodes & 1023 == 0
            && (self.signal.stopped(self.number)
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline));
        if limited || checked {
            self.aborted = true;
        }
    }

    fn is_repetition(&self, hash: u64, ply: usize) -> bool {
        self.path[..ply].contains(&hash) || self.game_hashes.binary_search(&hash).is_ok()
    }

    /// The alpha-beta search of a node `ply` plies below the root, `depth` plies deep.
    fn node(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        let hash = position.hash();
        if self.is_repetition(hash, ply) {
            return DRAW;
        }
        self.path[ply] = hash;
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.eval.evaluate(position);
        }
        // No score here can beat a win with this move or a loss after the next one.
        let ply_score = ply as i32;
        alpha = alpha.max(-(SCORE_WIN - ply_score - 2));
        beta = beta.min(SCORE_WIN - ply_score - 1);
        if alpha >= beta {
            return alpha;
        }
        if let Some(win) = winning_move(position) {
            self.pv[ply][ply] = win;
            self.pv_len[ply] = ply + 1;
            return SCORE_WIN - ply_score - 1;
        }
        let pv_node = beta - alpha > 1;
        let key = hash ^ self.salt;
        let mut table_move = None;
        if self.options.table
            && let Some(hit) = self.table.probe(key)
        {
            table_move = hit.mv;
            if !pv_node && hit.depth >= depth as u32 {
                let score = from_table(hit.score, ply_score);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        if self.options.null_move
            && !pv_node
            && depth >= 3
            && !self.passed[ply]
            && beta.abs() < FORCED
            && self.eval.evaluate(position) >= beta
        {
            // Passing is no move in Halma, but a side that passes and still beats beta
            // would surely beat it with a move.
            let pieces = [position.pieces(Side::X), position.pieces(Side::O)];
            if let Ok(mut passed) = Position::from_parts(pieces, !position.turn()) {
                self.passed[ply + 1] = true;
                let reduction = 2 + depth / 4;
                let score = -self.node(
                    &mut passed,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                );
                self.passed[ply + 1] = false;
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return score.min(FORCED - 1);
                }
            }
        }
        position.generate(&mut self.moves);
        if self.moves.is_empty() {
            return DRAW;
        }
        let side = position.turn();
        let killers = if self.options.killers {
            self.killers[ply]
        } else {
            [None; 2]
        };
        let distance = &DISTANCE[side.index()];
        // Among equal gains, the piece further behind first.
        let rear_weight = if self.options.rear_first { 16 } else { 0 };
        let mut list = core::mem::take(&mut self.buffers[ply]);
        list.clear();
        // Moves compared as numbers, a missing one as 0, which no move encodes to; a `move`
        // closure, so that its copies of the keys' inputs stay in registers.
        let code = |mv: Option<Move>| mv.map_or(0, encode);
        let (table_code, first_killer, second_killer) =
            (code(table_move), code(killers[0]), code(killers[1]));
        list.extend(self.moves.iter().map(move |&mv| {
            let mv_code = encode(mv);
            let key = if mv_code == table_code {
                1 << 28
            } else if mv_code == first_killer {
                1 << 27
            } else if mv_code == second_killer {
                (1 << 27) - 1
            } else {
                let from = distance[usize::from(mv.from.index())];
                let to = distance[usize::from(mv.to.index())];
                (from - to) * 1024 + from * rear_weight
            };
            (key, mv)
        }));
        let width = if self.options.beam {
            (self.options.beam_base + self.options.beam_step * depth as u32) as usize
        } else {
            usize::MAX
        };
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for index in 0..list.len() {
            // Selection: the best-keyed remaining move comes next.
            let mut top = index;
            for other in index + 1..list.len() {
                if list[other].0 > list[top].0 {
                    top = other;
                }
            }
            list.swap(index, top);
            let (key, mv) = list[index];
            let special = key >= (1 << 27) - 1;
            if index >= width && !special {
                break;
            }
            position.play_unchecked(mv);
            let score = if index == 0 {
                -self.node(position, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let mut reduction = 0;
                if self.options.lmr && depth >= 3 && index >= 3 && !special {
                    reduction = if index >= 8 && depth >= 5 { 2 } else { 1 };
                }
                let mut score =
                    -self.node(position, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduction > 0 {
                    score = -self.node(position, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta {
                    score = -self.node(position, depth - 1, ply + 1, -beta, -alpha);
                }
                score
            };
            position.undo(mv);
            if self.aborted {
                self.buffers[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][ply] = mv;
                    let len = self.pv_len[ply + 1].max(ply + 1);
                    for next in ply + 1..len {
                        self.pv[ply][next] = self.pv[ply + 1][next];
                    }
                    self.pv_len[ply] = len;
                    if score >= beta {
                        if !special {
                            let slot = &mut self.killers[ply];
                            if slot[0] != Some(mv) {
                                slot[1] = slot[0];
                                slot[0] = Some(mv);
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = list;
        if self.options.table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(
                key,
                best_move,
                to_table(best, ply_score),
                depth as u32,
                bound,
            );
        }
        best
    }
}

/// The move that wins at once, if the side to move has one: 18 pieces in the goal camp and
/// the last one able to reach the last empty goal square.
pub(crate) fn winning_move(position: &Position) -> Option<Move> {
    let side = position.turn();
    let goal = side.goal();
    let mine = position.pieces(side);
    if (mine & goal).count() != 18 {
        return None;
    }
    let hole = (goal - position.occupied()).first()?;
    let from = (mine - goal).first()?;
    position
        .destinations(from)
        .contains(hole)
        .then_some(Move::new(from, hole))
}

/// A score as stored in the table: forced results counted from the node, not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= FORCED {
        score + ply
    } else if score <= -FORCED {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= FORCED {
        score - ply
    } else if score <= -FORCED {
        score + ply
    } else {
        score
    }
}

pub(crate) fn per_second(count: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(count) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

//! The search proper: a principal-variation alpha-beta search of one node and its subtree,
//! with the transposition table, null-move pruning, a beam and late-move reductions.

use smallvec::SmallVec;

use crate::clock::Instant;
use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;

use super::busy::move_key;
use super::frame::{MAX_PLY, Stack};
use super::game::{Evaluate, MoveCode, SearchBoard, SearchGame};
use super::limits::Limits;
use super::ordering::{Counters, History, Keys, Picker, is_special};
use super::params::Params;
use super::score::{DRAW, FORCED, INFINITY, SCORE_WIN};
use super::split::Helper;
use super::stop::{Shared, StopToken};
use super::time::Clock;
use super::tt::{Bound, Table};

/// How many of the moves a node searched before a cutoff the history marks down.
const TRIED: usize = 32;

/// How many moves of a node can be left for later because another thread is searching
/// them (simplified ABDADA); more are searched at once.
const DEFERRED: usize = 8;

/// How many nodes a thread counts before it adds them to the search's count and looks at
/// the clock and the stops.
const POLL: u64 = 1024;

/// One thread of a search of a game on the board `B`: its settings, its counters and its
/// path.
pub(crate) struct Searcher<'a, B: SearchBoard> {
    pub(crate) table: &'a Table,
    pub(crate) stop: &'a StopToken,
    shared: &'a Shared,
    /// The main thread: it reads the clock, hears the stops, reports and chooses; the
    /// others (helpers) search until the search halts, filling the table, and a helper's
    /// deeper completed iteration may give the move (`threads::Vote`).
    pub(crate) main: bool,
    /// A helper's share of the root moves: where it begins its pass over them.
    pub(crate) helper: Option<Helper>,
    /// The only thread: the node limit is then counted exactly (a deterministic search).
    alone: bool,
    pub(crate) params: Params,
    pub(crate) eval: B::Eval,
    /// Mixed into the table keys when the evaluation depends on the root (a blocked goal),
    /// so that entries of other searches do not apply.
    salt: u64,
    pub(crate) clock: Clock,
    max_nodes: u64,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    /// Whether the current root iteration found a better move than its first.
    pub(crate) best_changed: bool,
    /// What a draw (by repetition or for want of moves) is worth to the side to move at the
    /// root: minus the engine's contempt, but for a blocked side the value of its position
    /// as it stands, so that it prefers any improvement to a repetition and a repetition to
    /// anything worse.
    pub(crate) draw: i32,
    /// The side to move at the root.
    root_side: Side,
    /// The hashes of every position of the game, sorted.
    pub(crate) game_hashes: Vec<u64>,
    pub(crate) stack: Stack<B::Move>,
    /// The legal moves of the node being expanded, before they are keyed into its frame.
    moves: Box<B::MoveList>,
    /// How well each move did in this search.
    history: History,
    /// The last refutation of each move in this search.
    counters: Counters,
}

/// The threads of a search as one searcher sees them: what they share, its number (0 for
/// the main thread) and how many they are.
#[derive(Clone, Copy)]
pub(crate) struct Team<'a> {
    pub(crate) shared: &'a Shared,
    pub(crate) number: usize,
    pub(crate) threads: usize,
}

impl<'a, B: SearchBoard> Searcher<'a, B> {
    /// A thread of a search of `game` within `limits` started at `start`, ended by `stop`,
    /// a draw worth `contempt` less than an even game to the side to move.
    pub(crate) fn new<G: SearchGame<Board = B>>(
        table: &'a Table,
        stop: &'a StopToken,
        team: Team<'a>,
        game: &G,
        limits: &Limits,
        start: Instant,
        contempt: i32,
    ) -> Searcher<'a, B> {
        let params = limits.params.clone();
        let eval = game.evaluator(&params);
        let mut salt = 0;
        for side in Side::ALL {
            if eval.blocked(side) {
                salt ^= 0x9e37_79b9_7f4a_7c15_u64.rotate_left(7 + side.index() as u32 * 13);
            }
        }
        let root_side = game.position().turn();
        // A blocked side can at best draw: contempt would only make it spoil its position
        // to put the draw off.
        let draw = if eval.blocked(root_side) {
            eval.evaluate(game.position()).min(DRAW)
        } else {
            if contempt != 0 {
                // The scores of draws depend on the side they are worth less to, and how
                // much: entries of searches for the other side or another contempt differ.
                salt ^= (u64::from(contempt as u32) << 1 | root_side.index() as u64)
                    .wrapping_mul(0xbf58_476d_1ce4_e5b9);
            }
            DRAW - contempt
        };
        let mut game_hashes: Vec<u64> = game.positions().iter().map(B::hash).collect();
        game_hashes.sort_unstable();
        Searcher {
            table,
            stop,
            shared: team.shared,
            main: team.number == 0,
            helper: (team.number > 0)
                .then(|| Helper::new(team.number - 1, team.threads.saturating_sub(1))),
            alone: team.threads <= 1,
            params,
            eval,
            salt,
            draw,
            root_side,
            clock: Clock::new(start, limits),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            aborted: false,
            best_changed: false,
            game_hashes,
            stack: Stack::new(),
            moves: Box::default(),
            history: History::new(),
            counters: Counters::new(),
        }
    }

    /// Aborts the search when a limit is reached or a stop came: the node limit counted at
    /// every node when the thread is alone, everything else every [`POLL`] nodes.
    #[inline]
    fn poll(&mut self) {
        if self.alone && self.nodes >= self.max_nodes {
            self.aborted = true;
            return;
        }
        if self.nodes.is_multiple_of(POLL) {
            let total = self.shared.count(POLL);
            let limited = !self.alone && total >= self.max_nodes;
            let told = self.main && (self.stop.is_stopped() || self.clock.expired());
            if limited || told || self.shared.halted() {
                self.halt();
            }
        }
    }

    /// Aborts this thread and halts the others.
    pub(crate) fn halt(&mut self) {
        self.aborted = true;
        self.shared.halt();
    }

    /// Adds the nodes not counted yet to the search's count, at the thread's end.
    pub(crate) fn flush(&mut self) {
        self.shared.count(self.nodes % POLL);
    }

    /// The nodes the search visited so far, all threads together (this thread's exactly
    /// when alone).
    pub(crate) fn total_nodes(&self) -> u64 {
        if self.alone {
            self.nodes
        } else {
            self.shared.nodes() + self.nodes % POLL
        }
    }

    /// The score of a draw for `side` to move (see [`draw`](Searcher::draw)).
    #[inline]
    fn draw_for(&self, side: Side) -> i32 {
        if side == self.root_side {
            self.draw
        } else {
            -self.draw
        }
    }

    /// Whether the position with `hash` at `ply` repeats one of the path or of the game.
    pub(crate) fn is_repetition(&self, hash: u64, ply: usize) -> bool {
        self.stack.on_path(hash, ply) || self.game_hashes.binary_search(&hash).is_ok()
    }

    /// The alpha-beta search of a node `ply` plies below the root, `depth` plies deep.
    pub(crate) fn node(
        &mut self,
        position: &mut B,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.aborted {
            // A re-search asked for after the search stopped: not a node.
            return 0;
        }
        self.stack[ply].pv_len = ply;
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if B::OPPONENT_CAN_WIN
            && let Some(winner) = position.winner()
        {
            // The last move won, or (on the star) filled the target of the side to move.
            let win = SCORE_WIN - ply as i32;
            return if winner == position.turn() { win } else { -win };
        }
        let hash = position.hash();
        if self.is_repetition(hash, ply) {
            return self.draw_for(position.turn());
        }
        self.stack.enter(ply, hash);
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
        if let Some(win) = position.winning_move() {
            self.stack[ply].pv[ply] = win;
            self.stack[ply].pv_len = ply + 1;
            return SCORE_WIN - ply_score - 1;
        }
        let pv_node = beta - alpha > 1;
        let key = hash ^ self.salt;
        let mut table_move = None;
        if self.params.table
            && let Some(hit) = self.table.probe(key)
        {
            table_move = (hit.code != 0).then(|| B::Move::from_code(hit.code));
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
        // The static evaluation, computed once when a pruning needs it.
        let mut static_eval = None;
        let mut evaluate =
            |searcher: &Self| *static_eval.get_or_insert_with(|| searcher.eval.evaluate(position));
        let rfp = self.params.rfp_margin;
        if rfp > 0 && !pv_node && depth <= self.params.rfp_depth && beta.abs() < FORCED {
            // Reverse futility: far enough above beta, nothing the opponent does in the
            // depth left brings the score back.
            let eval = evaluate(self);
            if eval - rfp * depth >= beta {
                return eval;
            }
        }
        if self.params.null_move
            && !pv_node
            && depth >= 3
            && !self.stack[ply].passed
            && beta.abs() < FORCED
            && evaluate(self) >= beta
        {
            // Passing is no move in Halma, but a side that passes and still beats beta
            // would surely beat it with a move.
            let mut passed = *position;
            passed.pass();
            self.stack[ply + 1].passed = true;
            self.stack[ply + 1].entered_by = None;
            let reduction = 2 + depth / 4;
            let score = -self.node(
                &mut passed,
                depth - 1 - reduction,
                ply + 1,
                -beta,
                -beta + 1,
            );
            self.stack[ply + 1].passed = false;
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score.min(FORCED - 1);
            }
        }
        let iir = self.params.iir_depth;
        let depth = if iir > 0 && depth >= iir && table_move.is_none() {
            // Nothing known of this node: a shallower search finds a move to start from.
            depth - 1
        } else {
            depth
        };
        let killers = if self.params.killers {
            self.stack[ply].killers
        } else {
            [None; 2]
        };
        let table_move = table_move.filter(|&mv| position.is_legal(mv));
        let list = core::mem::take(&mut self.stack[ply].moves);
        let history_weight = self.params.history;
        let previous = self.stack[ply].entered_by;
        let counter = match previous {
            Some(previous) if self.params.counter_move => {
                self.counters.get(position.turn(), previous)
            }
            _ => None,
        };
        let keys = Keys {
            killers,
            counter,
            rear_first: self.params.rear_first,
            history_weight,
        };
        let width = if self.params.beam {
            (self.params.beam_base + self.params.beam_step * depth as u32) as usize
        } else {
            usize::MAX
        };
        let mut picker = Picker::new(list, table_move, keys, width);
        // The moves searched before the one that cuts off, which the history marks down.
        let mut tried = [B::Move::NONE; TRIED];
        let mut tried_count = 0;
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut index = 0;
        // The moves another thread was searching when they came, searched after the others.
        let defers = self.shared.busy.shared()
            && self.params.defer_depth > 0
            && depth >= self.params.defer_depth;
        let mut deferred = SmallVec::<[(i32, B::Move); DEFERRED]>::new();
        let mut replayed = 0;
        let mut picking = true;
        loop {
            let picked = if picking {
                picker.next(position, &mut self.moves, &self.history)
            } else {
                None
            };
            let (key, mv) = match picked {
                Some((key, mv)) if index + deferred.len() < width || is_special(key) => (key, mv),
                _ => {
                    picking = false;
                    match deferred.get(replayed) {
                        Some(&later) => {
                            replayed += 1;
                            later
                        }
                        None => break,
                    }
                }
            };
            let special = is_special(key);
            let busy_key = defers.then(|| move_key(hash, mv));
            if let Some(busy_key) = busy_key
                && picking
                && index > 0
                && deferred.len() < DEFERRED
                && self.shared.busy.is_busy(busy_key)
            {
                deferred.push((key, mv));
                continue;
            }
            let reduction = if index == 0 {
                None
            } else if self.params.lmr && depth >= 3 && index >= 3 && !special {
                Some(if index >= 8 && depth >= 5 { 2 } else { 1 })
            } else {
                Some(0)
            };
            if let Some(busy_key) = busy_key {
                self.shared.busy.enter(busy_key);
            }
            let score = self.search_move(position, mv, reduction, depth, ply, alpha, beta);
            if let Some(busy_key) = busy_key {
                self.shared.busy.leave(busy_key);
            }
            index += 1;
            if self.aborted {
                self.stack[ply].moves = picker.into_list();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.stack.update_pv(ply, mv);
                    if score >= beta {
                        if !special {
                            self.stack[ply].add_killer(mv);
                            if let Some(previous) = previous
                                && self.params.counter_move
                            {
                                self.counters.set(position.turn(), previous, mv);
                            }
                        }
                        if history_weight != 0 {
                            let tried = &tried[..tried_count];
                            self.history.reward(position.turn(), mv, tried, depth);
                        }
                        break;
                    }
                }
            }
            if tried_count < TRIED {
                tried[tried_count] = mv;
                tried_count += 1;
            }
        }
        self.stack[ply].moves = picker.into_list();
        if index == 0 {
            return self.no_move(position, depth, ply, alpha, beta);
        }
        if self.params.table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(
                key,
                best_move.map_or(0, B::Move::code),
                to_table(best, ply_score),
                depth as u32,
                bound,
            );
        }
        best
    }
}

impl<B: SearchBoard> Searcher<'_, B> {
    /// The score of a node without a legal move: a draw on the 16x16 board; on the star
    /// the side passes, and the node scores as the position after the pass.
    fn no_move(&mut self, position: &B, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if !B::PASSES {
            return self.draw_for(position.turn());
        }
        let mut passed = *position;
        passed.pass();
        self.stack[ply + 1].entered_by = None;
        -self.node(&mut passed, depth - 1, ply + 1, -beta, -alpha)
    }

    /// The score of `mv` at a node `depth` plies deep at `ply` with the window
    /// (`alpha`, `beta`): the first move (`reduction` `None`) searched with the whole window,
    /// the others with a null window first, `reduction` plies shallower, and again when they
    /// beat `alpha` (first to the full depth, then with the whole window).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_move(
        &mut self,
        position: &mut B,
        mv: B::Move,
        reduction: Option<i32>,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        position.play_unchecked(mv);
        self.stack[ply + 1].entered_by = Some(mv);
        let score = match reduction {
            None => -self.node(position, depth - 1, ply + 1, -beta, -alpha),
            Some(reduction) => {
                let mut score =
                    -self.node(position, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduction > 0 {
                    score = -self.node(position, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta {
                    score = -self.node(position, depth - 1, ply + 1, -beta, -alpha);
                }
                score
            }
        };
        position.undo_unchecked(mv);
        score
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

/// A score read from the table at `ply`: forced results counted from the root again.
fn from_table(score: i32, ply: i32) -> i32 {
    if score >= FORCED {
        score - ply
    } else if score <= -FORCED {
        score + ply
    } else {
        score
    }
}

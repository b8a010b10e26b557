//! The static evaluation: the race to the goal camps, stragglers, the endgame of filling the
//! last goal squares, and blocked goals.
//!
//! Scores are in hundredths of a move, from the point of view of the side to move.

use crate::bitboard::Bitboard;
use crate::game::Game;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

use super::params::Params;

/// The score of a draw.
pub(crate) const DRAW: i32 = 0;

/// The largest score the evaluation gives; forced results lie above it.
pub(crate) const MAX_EVAL: i32 = 20_000;

/// How far below a draw a side scores when its own goal camp walls an opponent's piece in.
const WALLED: i32 = 100;

/// What a side loses for each opponent piece it shuts in its goal camp (see
/// [`trapped_cost`]).
const TRAPPED: i32 = 150;

/// The most a blocked side scores below a draw while it can still fill goal squares.
const BLOCKED: i32 = 90;

/// Hundredths per unit of distance left to fill the goal squares a blocked side can still
/// fill.
const FILL: i32 = 5;

/// The Manhattan distance of each square to the far corner of a side's goal camp: `a16` for
/// `x`, `p1` for `o`. A camp square lies at distance 0 to 5 from its corner.
const fn corner_distances(side: Side) -> [i32; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        table[index] = match side {
            Side::X => file + (15 - rank),
            Side::O => (15 - file) + rank,
        };
        index += 1;
    }
    table
}

/// [`corner_distances`] for both sides, indexed by [`Side::index`].
pub(crate) const DISTANCE: [[i32; 256]; 2] = [corner_distances(Side::X), corner_distances(Side::O)];

/// The distance of each square from the main diagonal through a side's goal corner (the
/// difference of its file and rank distances to the corner).
const fn lateral_distances(side: Side) -> [i32; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        let (df, dr) = match side {
            Side::X => (file, 15 - rank),
            Side::O => (15 - file, rank),
        };
        table[index] = (df - dr).abs();
        index += 1;
    }
    table
}

/// [`lateral_distances`] for both sides.
const LATERAL: [[i32; 256]; 2] = [lateral_distances(Side::X), lateral_distances(Side::O)];

/// How far the move `from`-`to` brings `side` toward its goal corner (negative: backward).
#[inline(always)]
pub(crate) fn gain(side: Side, from: Square, to: Square) -> i32 {
    let table = &DISTANCE[side.index()];
    table[from.index() as usize] - table[to.index() as usize]
}

/// The distance `side` still has to cover: the sum of its pieces' distances to the goal
/// corner beyond the 60 of a filled goal camp.
pub(crate) fn remaining(position: &Position, side: Side) -> i32 {
    let table = &DISTANCE[side.index()];
    position
        .pieces(side)
        .iter()
        .map(|square| table[square.index() as usize])
        .sum::<i32>()
        - 60
}

/// For each square, the squares within `radius` king steps of it, itself excluded.
const fn within(radius: i8) -> [Bitboard; 256] {
    let mut table = [Bitboard::EMPTY; 256];
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let mut dr = -radius;
        while dr <= radius {
            let mut df = -radius;
            while df <= radius {
                if (df != 0 || dr != 0)
                    && let Some(target) = square.offset(df, dr)
                {
                    table[index] = table[index].with(target);
                }
                df += 1;
            }
            dr += 1;
        }
        index += 1;
    }
    table
}

/// The up to eight neighbours of each square.
const NEIGHBOURS: [Bitboard; 256] = within(1);

/// The squares within two steps (king moves) of each square, itself excluded: the
/// neighbours and jump landing squares.
const AROUND: [Bitboard; 256] = within(2);

/// The pieces of a position as bitboards, converted once per evaluation.
struct Board {
    pieces: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    fn new(position: &Position) -> Board {
        let pieces = [position.pieces(Side::X), position.pieces(Side::O)];
        Board {
            pieces,
            occupied: pieces[0] | pieces[1],
        }
    }

    #[inline]
    fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }
}

/// The evaluation with its weights and what the root learned from the game's history.
#[derive(Clone, Debug)]
pub(crate) struct Evaluator {
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
            let mine = walled(&board, me);
            let theirs = walled(&board, them);
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
            score += trapped_cost(&board, them) - trapped_cost(&board, me);
        }
        // A blocked side cannot win while the opponent's pieces stay: at best a draw, a bit
        // less while it can still fill goal squares (so it does), never as low as walling
        // the blocker in.
        if self.blocked[me.index()] && board.pieces(them).intersects(me.goal()) {
            score = (score.min(DRAW) - fill_cost(&board, me) * FILL).max(DRAW - BLOCKED);
        }
        if self.blocked[them.index()] && board.pieces(me).intersects(them.goal()) {
            score = (score.max(DRAW) + fill_cost(&board, them) * FILL).min(DRAW + BLOCKED);
        }
        score.clamp(-MAX_EVAL, MAX_EVAL)
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

/// The work left to `side` on the goal squares it can still fill while the opponent's pieces
/// hold the others: the distances to the goal of its nearest pieces outside, one per empty
/// goal square.
fn fill_cost(board: &Board, side: Side) -> i32 {
    let goal = side.goal();
    let empty = (goal - board.occupied).count() as usize;
    if empty == 0 {
        return 0;
    }
    let table = &DISTANCE[side.index()];
    let mut distances: Vec<i32> = (board.pieces(side) - goal)
        .iter()
        .map(|square| (table[square.index() as usize] - 4).max(1))
        .collect();
    distances.sort_unstable();
    distances.iter().take(empty).sum()
}

/// Whether pieces of `side`'s opponent are walled into `side`'s goal camp for good: the camp
/// is full, so `side`'s pieces there cannot move (the goal-camp rule keeps them inside), and
/// some opponent pieces have no way out even if every square outside the camp were free.
/// Then neither side can ever win.
fn walled(board: &Board, side: Side) -> bool {
    let goal = side.goal();
    let mut stuck = board.pieces(!side) & goal;
    if stuck.is_empty() || !(goal - board.occupied).is_empty() {
        return false;
    }
    let mut inside = board.occupied & goal;
    loop {
        let mut freed = false;
        for square in stuck {
            if can_leave(square, inside, goal) {
                stuck.remove(square);
                inside.remove(square);
                freed = true;
            }
        }
        if stuck.is_empty() {
            return false;
        }
        if !freed {
            return true;
        }
    }
}

/// Whether a piece on `square` in the camp `goal`, with `inside` the occupied camp squares,
/// has a step or a jump to somewhere free, assuming squares outside the camp free or
/// occupied as it suits.
fn can_leave(square: Square, inside: Bitboard, goal: Bitboard) -> bool {
    let neighbours = NEIGHBOURS[square.index() as usize];
    if !(neighbours - inside).is_empty() {
        return true;
    }
    for dr in -1..=1i8 {
        for df in -1..=1i8 {
            if (df, dr) == (0, 0) {
                continue;
            }
            let (Some(over), Some(land)) = (square.offset(df, dr), square.offset(2 * df, 2 * dr))
            else {
                continue;
            };
            let bridge = inside.contains(over) || !goal.contains(over);
            if bridge && !inside.contains(land) {
                return true;
            }
        }
    }
    false
}

/// Whether the piece on `square` has a move: a step, or a first jump, to an empty square.
/// (For a piece standing in its own home camp the goal-camp rule does not apply.)
fn mobile(occupied: Bitboard, square: Square) -> bool {
    if !(NEIGHBOURS[square.index() as usize] - occupied).is_empty() {
        return true;
    }
    for dr in -1..=1i8 {
        for df in -1..=1i8 {
            if let (Some(over), Some(land)) = (square.offset(df, dr), square.offset(2 * df, 2 * dr))
                && occupied.contains(over)
                && !occupied.contains(land)
            {
                return true;
            }
        }
    }
    false
}

/// Whether the opponent has a few pieces (`kept`, at most three) in `side`'s goal camp and
/// `side` at most two pieces outside it besides those they shut out: the late phase where
/// those pieces decide whether `side` can win.
fn nearly_done(board: &Board, side: Side, kept: Bitboard) -> bool {
    kept.count() <= 3 && (board.pieces(side) - side.goal()).count() <= kept.count() + 2
}

/// What `side` loses for opponent pieces that stand without a move in its goal camp with
/// `side`'s pieces among those that shut them in: [`TRAPPED`] each. `side` cannot fill its
/// goal before they leave, so it must not shut them in; pieces the opponent shut in itself
/// (its own home crowded at the start) cost nothing.
fn trapped_cost(board: &Board, side: Side) -> i32 {
    let kept = board.pieces(!side) & side.goal();
    if kept.is_empty() {
        return 0;
    }
    let mine = board.pieces(side);
    let trapped = kept
        .iter()
        .filter(|&square| {
            AROUND[square.index() as usize].intersects(mine) && !mobile(board.occupied, square)
        })
        .count();
    TRAPPED * trapped as i32
}

/// The pieces the side to move would keep at home to spoil the opponent's win: the pieces it
/// still has in its home camp (the opponent's goal), when all its other pieces are in its own
/// goal and the opponent is [nearly done](nearly_done). Empty otherwise.
pub(crate) fn spoiling(position: &Position) -> Bitboard {
    let board = Board::new(position);
    let side = position.turn();
    let kept = board.pieces(side) & side.home();
    if kept.is_empty()
        || !(board.pieces(side) - side.goal() - kept).is_empty()
        || !nearly_done(&board, !side, kept)
    {
        return Bitboard::EMPTY;
    }
    kept
}

/// Whether `side` is blocked in `game`: the opponent has kept pieces on squares of `side`'s
/// goal camp (its own home) for the last `KEEP_PLIES` plies although they can move and all
/// its other pieces are home, and `side` is [nearly done](nearly_done).
fn is_blocked(game: &Game, side: Side) -> bool {
    const KEEP_PLIES: usize = 12;
    let board = Board::new(game.position());
    let goal = side.goal();
    let kept = board.pieces(!side) & goal;
    if kept.is_empty() {
        return false;
    }
    // Pieces that cannot move are not kept by choice: `side` must open a way out. And while
    // the opponent has other pieces to bring home, it may just not have come to them yet.
    let elsewhere = board.pieces(!side) - (!side).goal() - kept;
    if !nearly_done(&board, side, kept)
        || !elsewhere.is_empty()
        || !kept.iter().all(|square| mobile(board.occupied, square))
    {
        return false;
    }
    let positions = game.positions();
    if positions.len() <= KEEP_PLIES {
        return false;
    }
    positions[positions.len() - 1 - KEEP_PLIES..]
        .iter()
        .all(|earlier| earlier.pieces(!side).is_superset(kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_distances() {
        let a16: Square = "a16".parse().unwrap();
        let p1: Square = "p1".parse().unwrap();
        assert_eq!(DISTANCE[Side::X.index()][a16.index() as usize], 0);
        assert_eq!(DISTANCE[Side::X.index()][p1.index() as usize], 30);
        assert_eq!(DISTANCE[Side::O.index()][p1.index() as usize], 0);
        let camp: i32 = Side::X
            .goal()
            .iter()
            .map(|s| DISTANCE[0][s.index() as usize])
            .sum();
        assert_eq!(camp, 60);
        assert!(gain(Side::X, p1, a16) > 0);
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let params = Params::default();
        let eval = Evaluator::new(&params, &Game::new());
        assert_eq!(eval.evaluate(&Position::start()), params.tempo);
    }

    #[test]
    fn a_straggler_walled_in_by_a_full_camp() {
        // An x straggler on p1, in its home (o's goal), walled in by 18 o pieces that fill
        // the rest of o's goal.
        let text = "xxxxx11/xxxxx11/xxxx12/xxx13/x15/16/16/16/8o7/16/16/14oo/13ooo/12oooo/11ooooo/11oooox o";
        let position: Position = text.parse().unwrap();
        assert_eq!((position.pieces(Side::O) & Side::O.goal()).count(), 18);
        let board = Board::new(&position);
        assert!(walled(&board, Side::O));
        assert!(!walled(&board, Side::X));
    }
}

//! Goal camps held by the opponent. A side wins only by filling all 19 squares of its goal
//! camp, which is the opponent's home: while an opponent piece stands there, that side cannot
//! win. What the engine knows of it:
//! - a piece *walled in* for good (no way out of the camp even if every square outside it
//!   were free, the camp owner's pieces there counted as fixed, since the goal-camp rule
//!   keeps them inside) makes the game a certain draw, and the engine never walls one in;
//! - a piece *trapped* without a move now, shut in partly by the camp owner's pieces;
//! - a *block*: the opponent keeps pieces there while the blocked side has nothing left to
//!   do but wait (the game can then only end by repetition, unless the blocker is forced
//!   out);
//! - *spoiling*: keeping one's own pieces home to stop the opponent's win, which the engine
//!   never does.

use crate::bitboard::Bitboard;
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::position::parity::DIRECTIONS;
use crate::side::Side;
use crate::square::Square;

use crate::distance::DISTANCE;

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

/// The squares of `side`'s goal camp whose neighbours all lie in the camp: the only ones
/// where a piece can be walled in (from any other a step leaves the camp).
const fn enclosed(side: Side) -> Bitboard {
    let goal = side.goal();
    let mut squares = Bitboard::EMPTY;
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        if goal.contains(square) && goal.is_superset(NEIGHBOURS[index]) {
            squares = squares.with(square);
        }
        index += 1;
    }
    squares
}

/// [`enclosed`] for both sides, indexed by [`Side::index`].
const ENCLOSED: [Bitboard; 2] = [enclosed(Side::X), enclosed(Side::O)];

/// For each square, its neighbours closer to `side`'s goal corner (by the distance of
/// [`DISTANCE`]): the steps that gain.
const fn forward_neighbours(side: Side) -> [Bitboard; 256] {
    let mut table = [Bitboard::EMPTY; 256];
    let mut index = 0;
    while index < 256 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            if let Some(target) = Square::new(index as u8).offset(df, dr)
                && DISTANCE[side.index()][target.index() as usize] < DISTANCE[side.index()][index]
            {
                table[index] = table[index].with(target);
            }
            d += 1;
        }
        index += 1;
    }
    table
}

/// [`forward_neighbours`] of both sides, indexed by [`Side::index`].
const FORWARD: [[Bitboard; 256]; 2] = [forward_neighbours(Side::X), forward_neighbours(Side::O)];

/// The jumps from `square`: (the square jumped over, the landing square) per direction.
fn jumps(square: Square) -> impl Iterator<Item = (Square, Square)> {
    DIRECTIONS
        .into_iter()
        .filter_map(move |(df, dr)| Some((square.offset(df, dr)?, square.offset(2 * df, 2 * dr)?)))
}

/// The pieces of a position as bitboards, converted once per evaluation.
pub(crate) struct Board {
    pieces: [Bitboard; 2],
    pub(crate) occupied: Bitboard,
}

impl Board {
    /// The pieces of `position`.
    pub(crate) fn new(position: &Position) -> Board {
        let pieces = [position.pieces(Side::X), position.pieces(Side::O)];
        Board {
            pieces,
            occupied: pieces[0] | pieces[1],
        }
    }

    /// The pieces of `side`.
    #[inline]
    pub(crate) fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// The opponent pieces standing in `side`'s goal camp.
    #[inline]
    pub(crate) fn kept(&self, side: Side) -> Bitboard {
        self.pieces(!side) & side.goal()
    }
}

/// The opponent pieces in `side`'s goal camp that can never get out: from each, no chain of
/// steps and jumps leaves the camp, with `side`'s pieces in the camp fixed (the goal-camp rule
/// keeps them inside), the other squares of the camp passable, and every square outside the
/// camp free or occupied as suits the piece. Then neither side can ever win.
pub(crate) fn walled_in(board: &Board, side: Side) -> Bitboard {
    let goal = side.goal();
    // A piece on the camp's edge steps out (the first test of `escapes`).
    let kept = board.kept(side) & ENCLOSED[side.index()];
    let walls = board.pieces(side) & goal;
    if kept.is_empty() || walls.is_empty() {
        return Bitboard::EMPTY;
    }
    kept.iter()
        .filter(|&square| !escapes(square, goal, walls, board.occupied & goal))
        .collect()
}

/// Whether a piece on `start` in the camp `goal` can get out, `walls` never moving and the
/// camp's squares in `occupied` available to jump over.
fn escapes(start: Square, goal: Bitboard, walls: Bitboard, occupied: Bitboard) -> bool {
    // On the camp's edge with a neighbour outside: a step out.
    if !(NEIGHBOURS[start.index() as usize] - goal).is_empty() {
        return true;
    }
    let mut reached = Bitboard::from_square(start);
    // The squares reached and not yet left: camp squares, each pushed once.
    let mut todo = [start; 19];
    let mut waiting = 1;
    while waiting > 0 {
        waiting -= 1;
        let square = todo[waiting];
        let steps = NEIGHBOURS[square.index() as usize] - walls;
        if !(steps - goal).is_empty() {
            return true;
        }
        let landings = jumps(square)
            .filter(|&(over, _)| occupied.contains(over) || !goal.contains(over))
            .map(|(_, land)| land);
        for next in steps.iter().chain(landings) {
            if walls.contains(next) || reached.contains(next) {
                continue;
            }
            if !goal.contains(next) {
                return true;
            }
            reached.insert(next);
            todo[waiting] = next;
            waiting += 1;
        }
    }
    false
}

/// Whether the piece on `square` has a move now: a step, or a first jump, to an empty square.
/// (For a piece standing in its own home camp the goal-camp rule does not apply.)
fn mobile(occupied: Bitboard, square: Square) -> bool {
    !(NEIGHBOURS[square.index() as usize] - occupied).is_empty()
        || jumps(square).any(|(over, land)| occupied.contains(over) && !occupied.contains(land))
}

/// The opponent pieces in `side`'s goal camp without a move now, with `side`'s pieces in the
/// camp among those around them: shut in (for now at least) partly by `side`.
fn trapped(board: &Board, side: Side) -> Bitboard {
    let walls = board.pieces(side) & side.goal();
    if walls.is_empty() {
        return Bitboard::EMPTY;
    }
    board
        .kept(side)
        .iter()
        .filter(|&square| {
            AROUND[square.index() as usize].intersects(walls) && !mobile(board.occupied, square)
        })
        .collect()
}

/// The opponent pieces in `side`'s goal camp with no move forward now (no step and no first
/// jump toward their goal corner), `side`'s pieces in the camp among those in their way. An
/// opponent that leaves only to gain (a beginner keeping its back pieces home) never leaves
/// then, and `side` cannot win.
fn held_back(board: &Board, side: Side) -> Bitboard {
    let walls = board.pieces(side) & side.goal();
    if walls.is_empty() {
        return Bitboard::EMPTY;
    }
    let them = !side;
    let distance = &DISTANCE[them.index()];
    let occupied = board.occupied;
    board
        .kept(side)
        .iter()
        .filter(|&square| {
            let ahead = FORWARD[them.index()][square.index() as usize];
            if !(ahead - occupied).is_empty() {
                return false;
            }
            let here = distance[square.index() as usize];
            let mut in_way = ahead & walls;
            for (over, land) in jumps(square) {
                if distance[land.index() as usize] < here && occupied.contains(over) {
                    if !occupied.contains(land) {
                        return false;
                    }
                    if walls.contains(land) {
                        in_way.insert(land);
                    }
                }
            }
            !in_way.is_empty()
        })
        .collect()
}

/// What `side` loses for the opponent pieces in its goal camp that it holds back (see
/// [`held_back`]), `weight` each.
pub(crate) fn held_back_cost(board: &Board, side: Side, weight: i32) -> i32 {
    weight * held_back(board, side).count() as i32
}

/// What `side` loses for each opponent piece [trapped] in its goal camp: `side`
/// cannot fill its goal before they leave, so it must not shut them in. Pieces the opponent
/// shut in itself (its own home crowded at the start) cost nothing.
pub(crate) fn trapped_cost(board: &Board, side: Side, weight: i32) -> i32 {
    weight * trapped(board, side).count() as i32
}

/// Whether `mv` (of the side to move) shuts an opponent piece in the mover's goal camp in:
/// walls it in for good, or leaves it without a move with the mover's pieces around it,
/// where it was not so before. The engine never plays such a move unless it wins.
pub(crate) fn shuts_in(position: &Position, mv: Move) -> bool {
    let side = position.turn();
    let stuck = |position: &Position| {
        let board = Board::new(position);
        walled_in(&board, side) | trapped(&board, side)
    };
    let before = stuck(position);
    let mut after = *position;
    after.play_unchecked(mv);
    after.winner() != Some(side) && !(stuck(&after) - before).is_empty()
}

/// The work left to `side` on the goal squares it can still fill while the opponent's pieces
/// hold the others: the distances to the goal of its nearest pieces outside, one per empty
/// goal square.
pub(crate) fn fill_cost(board: &Board, side: Side, distance: &[i32; 256]) -> i32 {
    let goal = side.goal();
    let empty = (goal - board.occupied).count() as usize;
    if empty == 0 {
        return 0;
    }
    let mut distances: Vec<i32> = (board.pieces(side) - goal)
        .iter()
        .map(|square| (distance[square.index() as usize] - 4).max(1))
        .collect();
    distances.sort_unstable();
    distances.iter().take(empty).sum()
}

/// Whether the opponent holds `kept` pieces in `side`'s goal camp and `side` has at most two
/// pieces outside it besides those they shut out: the late phase where those pieces decide
/// whether `side` can win.
fn nearly_done(board: &Board, side: Side, kept: Bitboard) -> bool {
    (board.pieces(side) - side.goal()).count() <= kept.count() + 2
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

/// How many plies the opponent must have held `side`'s goal camp for a block.
const KEEP_PLIES: usize = 12;

/// How near its goal corner ([`DISTANCE`]) each piece of a blocked side waits: one further
/// back still has its race to run. (A side's pieces all fit within 8 of the corner with the
/// opponent's 19 kept in the camp.)
const WAITING_DISTANCE: i32 = 10;

/// Whether every piece of `side` outside its goal camp waits within [`WAITING_DISTANCE`] of
/// the goal corner.
fn waiting(board: &Board, side: Side) -> bool {
    let distance = &DISTANCE[side.index()];
    (board.pieces(side) - side.goal())
        .iter()
        .all(|square| distance[square.index() as usize] <= WAITING_DISTANCE)
}

/// Whether `side` is blocked in `game`: the opponent has held squares of `side`'s goal camp
/// (its own home) for the last [`KEEP_PLIES`] plies, `side` is [nearly done](nearly_done)
/// and its pieces outside the goal [wait](waiting) near it: `side` can fill what it can and
/// wait, but not win unless they leave. (An opponent that keeps its army at home in the
/// opening, repeating moves, blocks nothing yet: `side` has its race to run.)
pub(crate) fn is_blocked(game: &Game, side: Side) -> bool {
    let board = Board::new(game.position());
    let kept = board.kept(side);
    if kept.is_empty() || !nearly_done(&board, side, kept) || !waiting(&board, side) {
        return false;
    }
    let positions = game.positions();
    positions.len() > KEEP_PLIES
        && positions[positions.len() - 1 - KEEP_PLIES..]
            .iter()
            .all(|earlier| earlier.pieces(!side).intersects(side.goal()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(names: &[&str]) -> Bitboard {
        names
            .iter()
            .map(|name| name.parse::<Square>().unwrap())
            .collect()
    }

    fn position(x: Bitboard, o: Bitboard, turn: Side) -> Position {
        Position::from_parts([x, o], turn).unwrap()
    }

    #[test]
    fn a_straggler_walled_in_by_a_full_camp() {
        // An x straggler on p1, in its home (o's goal), walled in by 18 o pieces that fill
        // the rest of o's goal.
        let text = "xxxxx11/xxxxx11/xxxx12/xxx13/x15/16/16/16/8o7/16/16/14oo/13ooo/12oooo/11ooooo/11oooox o";
        let board = Board::new(&text.parse().unwrap());
        assert_eq!(walled_in(&board, Side::O), squares(&["p1"]));
        assert!(walled_in(&board, Side::X).is_empty());
    }

    #[test]
    fn a_camp_with_a_hole_can_still_wall_a_piece_in() {
        // o on a16, x on every square around it and every landing square of a jump from it
        // (a15, b15, b16; a14, c14, c16): walled in although x's camp has empty squares.
        let walls = squares(&["a15", "b15", "b16", "a14", "c14", "c16"]);
        let x = walls
            | squares(&["h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "i1"])
            | squares(&["i2", "i3", "i4"]);
        let o = (Side::O.goal() - squares(&["p1"])) | squares(&["a16"]);
        let board = Board::new(&position(x, o, Side::X));
        assert_eq!(walled_in(&board, Side::X), squares(&["a16"]));
    }

    #[test]
    fn a_path_through_the_camp_is_a_way_out() {
        // The same, but c16 empty: a16 jumps over b16 to c16 and gets out from there.
        let walls = squares(&["a15", "b15", "b16", "a14", "c14"]);
        let x = walls
            | squares(&[
                "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "i1", "i2",
            ])
            | squares(&["i3", "i4", "i5"]);
        let o = (Side::O.goal() - squares(&["p1"])) | squares(&["a16"]);
        let board = Board::new(&position(x, o, Side::X));
        assert!(walled_in(&board, Side::X).is_empty());
        assert!(!trapped(&board, Side::X).contains("a16".parse().unwrap()));
    }

    #[test]
    fn only_enclosed_camp_squares_can_wall_a_piece_in() {
        for side in Side::ALL {
            let enclosed = ENCLOSED[side.index()];
            assert!(side.goal().is_superset(enclosed));
            assert!(!enclosed.is_empty() && enclosed.count() < 19);
            for square in side.goal() - enclosed {
                assert!(!(NEIGHBOURS[square.index() as usize] - side.goal()).is_empty());
            }
        }
        assert!(ENCLOSED[Side::X.index()].contains("a16".parse().unwrap()));
    }

    #[test]
    fn closing_the_last_way_out_shuts_in() {
        // x's goal full but for a16 (o's straggler) and c16: a16 gets out by a16-c16-e14.
        // x's d16-c16 closes that way for good; a move outside the camp does not.
        let x = (Side::X.goal() - squares(&["a16", "c16"])) | squares(&["h9", "j7"]);
        let o = (Side::O.goal() - squares(&["p1"])) | squares(&["a16"]);
        let start = position(x, o, Side::X);
        assert!(walled_in(&Board::new(&start), Side::X).is_empty());
        assert!(!shuts_in(&start, "h9-h10".parse().unwrap()));
        assert!(shuts_in(&start, "d16-c16".parse().unwrap()));
    }
}

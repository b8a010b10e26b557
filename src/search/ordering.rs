//! Move ordering: which moves a node searches first, and which it may prune or reduce.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::side::Side;

use super::eval::{DISTANCE, gain};
use super::tt::encode;

/// The key of the table move: above every other.
const TABLE_KEY: i32 = 1 << 28;

/// The keys of the two killer moves, below the table move and above every gain.
const KILLER_KEYS: [i32; 2] = [1 << 27, (1 << 27) - 1];

/// Weight of a move's gain in its key (against its origin's distance, for `rear_first`).
const GAIN_WEIGHT: i32 = 1024;

/// Weight of the origin's distance from the goal in a key, so that among equal gains the
/// piece further behind goes first.
const REAR_WEIGHT: i32 = 16;

/// Whether `key` marks the table move or a killer: such moves are never pruned or reduced.
#[inline]
pub(crate) fn is_special(key: i32) -> bool {
    key >= KILLER_KEYS[1]
}

/// Fills `list` with `moves` (of `side`) and their keys: the table move, then the killers,
/// then by the distance each gains toward the goal, among equal gains (with `rear_first`)
/// the piece further behind first.
#[inline]
pub(crate) fn key_moves(
    list: &mut Vec<(i32, Move)>,
    moves: &[Move],
    side: Side,
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    rear_first: bool,
) {
    let distance = &DISTANCE[side.index()];
    let rear_weight = if rear_first { REAR_WEIGHT } else { 0 };
    // Moves compared as numbers, a missing one as 0, which no move encodes to; a `move`
    // closure, so that its copies of the keys' inputs stay in registers.
    let code = |mv: Option<Move>| mv.map_or(0, encode);
    let (table_code, first_killer, second_killer) =
        (code(table_move), code(killers[0]), code(killers[1]));
    list.clear();
    list.extend(moves.iter().map(move |&mv| {
        let mv_code = encode(mv);
        let key = if mv_code == table_code {
            TABLE_KEY
        } else if mv_code == first_killer {
            KILLER_KEYS[0]
        } else if mv_code == second_killer {
            KILLER_KEYS[1]
        } else {
            let from = distance[usize::from(mv.from.index())];
            let to = distance[usize::from(mv.to.index())];
            (from - to) * GAIN_WEIGHT + from * rear_weight
        };
        (key, mv)
    }));
}

/// Brings the best-keyed move of `list[index..]` to `index` and returns it: a selection sort
/// one step per move searched, as most nodes cut off after a few moves.
#[inline]
pub(crate) fn select(list: &mut [(i32, Move)], index: usize) -> (i32, Move) {
    let mut top = index;
    for other in index + 1..list.len() {
        if list[other].0 > list[top].0 {
            top = other;
        }
    }
    list.swap(index, top);
    list[index]
}

/// Hands a node its moves in search order, one at a time (a staged picker): the table move
/// first, before the others are generated, since it often cuts off alone; then every legal
/// move by its key ([`key_moves`]), the table move, already searched, left out.
pub(crate) struct Picker {
    /// The moves with their keys once generated (a frame's list, lent for the node).
    list: Vec<(i32, Move)>,
    /// The table move, legal in the node's position.
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    rear_first: bool,
    /// How many moves were handed out.
    handed: usize,
    generated: bool,
}

impl Picker {
    /// A picker over the moves of a node whose table move is `table_move` (checked legal by
    /// the caller), with the `killers` of its ply; `list` is the buffer its keyed moves go
    /// into (given back by [`into_list`](Picker::into_list)).
    pub(crate) fn new(
        list: Vec<(i32, Move)>,
        table_move: Option<Move>,
        killers: [Option<Move>; 2],
        rear_first: bool,
    ) -> Picker {
        Picker {
            list,
            table_move,
            killers,
            rear_first,
            handed: 0,
            generated: false,
        }
    }

    /// The next move of `position` and its key, `None` once every move was handed out;
    /// `moves` is the buffer the moves are generated into.
    #[inline]
    pub(crate) fn next(
        &mut self,
        position: &Position,
        moves: &mut MoveList,
    ) -> Option<(i32, Move)> {
        if !self.generated {
            if self.handed == 0
                && let Some(mv) = self.table_move
            {
                self.handed = 1;
                return Some((TABLE_KEY, mv));
            }
            position.generate(moves);
            key_moves(
                &mut self.list,
                moves,
                position.turn(),
                self.table_move,
                self.killers,
                self.rear_first,
            );
            self.generated = true;
            if self.handed == 1 {
                // The table move, keyed above all, comes to the front: handed out already.
                let (_, first) = select(&mut self.list, 0);
                debug_assert_eq!(Some(first), self.table_move);
            }
        }
        if self.handed >= self.list.len() {
            return None;
        }
        let picked = select(&mut self.list, self.handed);
        self.handed += 1;
        Some(picked)
    }

    /// The buffer of keyed moves, for the next node at this ply.
    pub(crate) fn into_list(self) -> Vec<(i32, Move)> {
        self.list
    }
}

/// The root moves of `side` in search order: `win` (a move that wins at once) first, then
/// by gain toward the goal, equal gains in the order given.
pub(crate) fn root_order(legal: &[Move], side: Side, win: Option<Move>) -> Vec<Move> {
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
    moves.into_iter().map(|(_, mv)| mv).collect()
}

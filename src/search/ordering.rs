//! Move ordering: which moves a node searches first, and which it may prune or reduce.

use crate::side::Side;

use super::game::{MoveCode, SearchBoard};

/// The key of the table move: above every other.
const TABLE_KEY: i32 = 1 << 28;

/// The keys of the two killer moves, below the table move and above every gain.
const KILLER_KEYS: [i32; 2] = [1 << 27, (1 << 27) - 1];

/// The key of the counter move, below the killers.
const COUNTER_KEY: i32 = (1 << 27) - 2;

/// Weight of a move's gain in its key (against its origin's distance, for `rear_first`).
const GAIN_WEIGHT: i32 = 1024;

/// Weight of the origin's distance from the goal in a key, so that among equal gains the
/// piece further behind goes first.
const REAR_WEIGHT: i32 = 16;

/// The largest magnitude of a history score.
const HISTORY_MAX: i32 = 1 << 14;

/// How well each move did lately, by side and from-to squares: raised when the move caused a
/// cutoff, lowered when another move did after it was tried (with "gravity": the nearer the
/// bound, the smaller the change, so scores stay within [`HISTORY_MAX`] and old results fade).
pub(crate) struct History(Vec<i16>);

impl History {
    /// A history with no move known.
    pub(crate) fn new() -> History {
        History(vec![0; 2 << 16])
    }

    /// The slot of `mv` for `side`.
    #[inline]
    fn slot(side: Side, mv: impl MoveCode) -> usize {
        side.index() << 16 | usize::from(mv.code())
    }

    /// The score of `mv` for `side`.
    #[inline]
    pub(crate) fn get(&self, side: Side, mv: impl MoveCode) -> i32 {
        i32::from(self.0[History::slot(side, mv)])
    }

    /// Adds `bonus` (negative: a malus) to the score of `mv` for `side`.
    #[inline]
    fn add(&mut self, side: Side, mv: impl MoveCode, bonus: i32) {
        let slot = &mut self.0[History::slot(side, mv)];
        let old = i32::from(*slot);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *slot = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
    }

    /// Records a cutoff by `good` at a node `depth` plies deep, after `tried` failed to cut.
    pub(crate) fn reward<M: MoveCode>(&mut self, side: Side, good: M, tried: &[M], depth: i32) {
        let bonus = (depth * depth).min(400) * 32;
        self.add(side, good, bonus);
        for &mv in tried {
            self.add(side, mv, -bonus);
        }
    }
}

/// Whether `key` marks the table move, a killer or the counter move: such moves are never
/// pruned or reduced.
#[inline]
pub(crate) fn is_special(key: i32) -> bool {
    key >= COUNTER_KEY
}

/// The move that last refuted each move, by the side that refuted it and the refuted move
/// (`counters[side][from-to of the opponent's move]`): tried early against the same move.
pub(crate) struct Counters(Vec<u16>);

impl Counters {
    /// No counter move known.
    pub(crate) fn new() -> Counters {
        Counters(vec![0; 2 << 16])
    }

    /// The counter move of `side` to the opponent's `previous`, if any.
    #[inline]
    pub(crate) fn get<M: MoveCode>(&self, side: Side, previous: M) -> Option<M> {
        let code = self.0[side.index() << 16 | usize::from(previous.code())];
        (code != 0).then(|| M::from_code(code))
    }

    /// Records `mv` as `side`'s answer to `previous`.
    #[inline]
    pub(crate) fn set<M: MoveCode>(&mut self, side: Side, previous: M, mv: M) {
        self.0[side.index() << 16 | usize::from(previous.code())] = mv.code();
    }
}

/// How a node keys its moves besides the table move: its killers, whether the piece further
/// behind goes first among equal gains, and the weight of the history (0: unused).
#[derive(Clone, Copy)]
pub(crate) struct Keys<M> {
    pub(crate) killers: [Option<M>; 2],
    /// The counter move to the opponent's last move, if any.
    pub(crate) counter: Option<M>,
    pub(crate) rear_first: bool,
    /// The key a move gets per [`HISTORY_MAX`] of history, in 1024ths of a unit of gain.
    pub(crate) history_weight: i32,
}

/// A move and its key in one number, the key (biased positive) above the move's code: numbers
/// compare as keys do, moves of equal keys by their codes, so that any sort of a node's moves
/// gives one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Keyed(u64);

/// Added to a key to make it positive.
const KEY_BIAS: i64 = 1 << 31;

impl Keyed {
    #[inline]
    fn new(key: i32, mv: impl MoveCode) -> Keyed {
        Keyed(((i64::from(key) + KEY_BIAS) as u64) << 16 | u64::from(mv.code()))
    }

    /// The key.
    #[inline]
    pub(crate) fn key(self) -> i32 {
        ((self.0 >> 16) as i64 - KEY_BIAS) as i32
    }

    /// The move.
    #[inline]
    pub(crate) fn mv<M: MoveCode>(self) -> M {
        M::from_code(self.0 as u16)
    }
}

/// Fills `list` with `moves` (of `side`) and their keys: the table move, then the killers and
/// the counter move, then by the distance each gains toward the goal plus its weighted
/// `history`, among equal keys (with `rear_first`) the piece further behind first.
#[inline]
pub(crate) fn key_moves<B: SearchBoard>(
    list: &mut Vec<Keyed>,
    moves: &[B::Move],
    side: Side,
    table_move: Option<B::Move>,
    keys: Keys<B::Move>,
    history: &History,
) {
    let Keys {
        killers,
        counter,
        rear_first,
        history_weight,
    } = keys;
    let rear_weight = if rear_first { REAR_WEIGHT } else { 0 };
    // Moves compared as numbers, a missing one as 0, which no move encodes to; a `move`
    // closure, so that its copies of the keys' inputs stay in registers.
    let code = |mv: Option<B::Move>| mv.map_or(0, MoveCode::code);
    let (table_code, first_killer, second_killer) =
        (code(table_move), code(killers[0]), code(killers[1]));
    let counter_code = code(counter);
    list.clear();
    list.extend(moves.iter().map(move |&mv| {
        let mv_code = mv.code();
        let key = if mv_code == table_code {
            TABLE_KEY
        } else if mv_code == first_killer {
            KILLER_KEYS[0]
        } else if mv_code == second_killer {
            KILLER_KEYS[1]
        } else if mv_code == counter_code {
            COUNTER_KEY
        } else {
            let (from, to) = B::distances(side, mv);
            let learned = if history_weight == 0 {
                0
            } else {
                history.get(side, mv) * history_weight / HISTORY_MAX
            };
            (from - to) * GAIN_WEIGHT + from * rear_weight + learned
        };
        Keyed::new(key, mv)
    }));
}

/// Brings the best-keyed move of `list[index..]` to `index` and returns it (one scan).
#[inline]
fn select(list: &mut [Keyed], index: usize) -> Keyed {
    let mut top = index;
    for other in index + 1..list.len() {
        if list[other] > list[top] {
            top = other;
        }
    }
    list.swap(index, top);
    list[index]
}

/// How many special moves (the table move, killers, the counter move) a node can have.
const SPECIALS: usize = 4;

/// Hands a node its moves in search order, one at a time (a staged picker): the table move
/// first, before the others are generated, since it often cuts off alone; then the best
/// keyed move ([`key_moves`]) by one scan, as most nodes cut off after a move or two; then,
/// sorted once, the best of the rest as far as the node's beam can reach. The table move is
/// handed out once.
pub(crate) struct Picker<M> {
    /// The moves with their keys once generated (a frame's list, lent for the node).
    list: Vec<Keyed>,
    /// The table move, legal in the node's position.
    table_move: Option<M>,
    keys: Keys<M>,
    /// The most moves the node searches but its special ones (its beam).
    width: usize,
    /// How many moves were handed out.
    handed: usize,
    /// How many moves from the front of `list` are in order: the first from the scan, then
    /// the sorted ones.
    ordered: usize,
    generated: bool,
}

impl<M: MoveCode> Picker<M> {
    /// A picker over the moves of a node whose table move is `table_move` (checked legal by
    /// the caller), the others keyed by `keys`, which searches at most `width` moves besides
    /// its special ones; `list` is the buffer its keyed moves go into (given back by
    /// [`into_list`](Picker::into_list)).
    pub(crate) fn new(
        list: Vec<Keyed>,
        table_move: Option<M>,
        keys: Keys<M>,
        width: usize,
    ) -> Picker<M> {
        Picker {
            list,
            table_move,
            keys,
            width,
            handed: 0,
            ordered: 0,
            generated: false,
        }
    }

    /// The next move of `position` and its key, `None` once every move was handed out;
    /// `moves` is the buffer the moves are generated into, `history` the search's.
    #[inline]
    pub(crate) fn next<B: SearchBoard<Move = M>>(
        &mut self,
        position: &B,
        moves: &mut B::MoveList,
        history: &History,
    ) -> Option<(i32, M)> {
        if !self.generated {
            if self.handed == 0
                && let Some(mv) = self.table_move
            {
                self.handed = 1;
                return Some((TABLE_KEY, mv));
            }
            position.generate(moves);
            key_moves::<B>(
                &mut self.list,
                moves,
                position.turn(),
                self.table_move,
                self.keys,
                history,
            );
            self.generated = true;
            if self.handed == 1 {
                // The table move, keyed above all, comes to the front: handed out already.
                let first = select(&mut self.list, 0);
                debug_assert_eq!(Some(first.mv()), self.table_move);
                self.ordered = 1;
            }
        }
        let len = self.list.len();
        if self.handed >= len {
            return None;
        }
        if self.handed >= self.ordered {
            if self.handed == usize::from(self.table_move.is_some()) {
                select(&mut self.list, self.handed);
                self.ordered = self.handed + 1;
            } else {
                // Past the first pick: the rest in order, as far as the beam reaches.
                let reach = self.width.saturating_add(SPECIALS).min(len);
                let rest = &mut self.list[self.handed..];
                let wanted = reach.saturating_sub(self.handed).clamp(1, rest.len());
                if wanted < rest.len() {
                    rest.select_nth_unstable_by(wanted, |a, b| b.cmp(a));
                }
                rest[..wanted].sort_unstable_by(|a, b| b.cmp(a));
                self.ordered = self.handed + wanted;
            }
        }
        let picked = self.list[self.handed];
        self.handed += 1;
        Some((picked.key(), picked.mv()))
    }

    /// The buffer of keyed moves, for the next node at this ply.
    pub(crate) fn into_list(self) -> Vec<Keyed> {
        self.list
    }
}

/// The root moves of `side` in search order: `win` (a move that wins at once) first, then
/// by gain toward the goal, equal gains in the order given.
pub(crate) fn root_order<B: SearchBoard>(
    legal: &[B::Move],
    side: Side,
    win: Option<B::Move>,
) -> Vec<B::Move> {
    let mut moves: Vec<(i32, B::Move)> = legal
        .iter()
        .map(|&mv| {
            let key = if Some(mv) == win {
                i32::MAX
            } else {
                let (from, to) = B::distances(side, mv);
                from - to
            };
            (key, mv)
        })
        .collect();
    // Stable: equal gains keep the generation order.
    moves.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
    moves.into_iter().map(|(_, mv)| mv).collect()
}

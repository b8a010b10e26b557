//! [`History`]: the positions of a game and the turns between them, with the count of each
//! position for the repetition rule, in constant time; what the 16x16 board's
//! [`Game`](crate::Game) and the star's [`StarGame`](crate::StarGame) keep.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::board::Board;

/// Every position of a game, the first one included (the last is the current one), the turn
/// (`T`) that led to each after the first, and how many times each position occurs.
#[derive(Clone, Debug)]
pub(crate) struct History<P, T> {
    positions: Vec<P>,
    turns: Vec<T>,
    /// How many times each position of `positions` occurs there: the repetition check
    /// looks a position up here, in constant time, instead of scanning the game.
    seen: HashMap<Seen<P>, u32>,
}

/// A position as a key of a [`History`]'s counts: hashed by its Zobrist hash, which the
/// position keeps up to date, and compared whole, so that two positions whose hashes collide
/// are still told apart. The map's hasher is keyed at random per process (the standard
/// library's), so that nobody can choose positions that fall into one bucket.
#[derive(Clone, Copy, Debug)]
struct Seen<P>(P);

impl<P: Board> Hash for Seen<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash());
    }
}

impl<P: Board> PartialEq for Seen<P> {
    fn eq(&self, other: &Seen<P>) -> bool {
        #[cfg(test)]
        COMPARISONS.with(|count| count.set(count.get() + 1));
        self.0 == other.0
    }
}

impl<P: Board> Eq for Seen<P> {}

#[cfg(test)]
thread_local! {
    /// Whole positions compared by the repetition counts on this thread.
    pub(crate) static COMPARISONS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

impl<P: Board, T> History<P, T> {
    /// The history of a game starting from `start`.
    pub(crate) fn new(start: P) -> History<P, T> {
        History {
            positions: vec![start],
            turns: Vec::new(),
            seen: HashMap::from([(Seen(start), 1)]),
        }
    }

    /// The current position.
    #[inline]
    pub(crate) fn position(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    /// Every position, from the start to the current one.
    #[inline]
    pub(crate) fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The turns played, in order.
    #[inline]
    pub(crate) fn turns(&self) -> &[T] {
        &self.turns
    }

    /// How many times `position` occurs, the current position included.
    pub(crate) fn occurrences(&self, position: &P) -> usize {
        self.seen
            .get(&Seen(*position))
            .map_or(0, |&count| count as usize)
    }

    /// Adds `turn`, which led to `position`.
    pub(crate) fn push(&mut self, turn: T, position: P) {
        self.positions.push(position);
        self.turns.push(turn);
        *self.seen.entry(Seen(position)).or_insert(0) += 1;
    }

    /// Takes back the last turn, if any.
    pub(crate) fn pop(&mut self) -> Option<T> {
        let turn = self.turns.pop()?;
        if let Some(position) = self.positions.pop()
            && let Some(count) = self.seen.get_mut(&Seen(position))
        {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&Seen(position));
            }
        }
        Some(turn)
    }
}

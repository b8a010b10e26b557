//! The moves some thread of a search is searching now, so that another thread that meets
//! one of them leaves it for after its other moves (simplified ABDADA, Tom Kerrigan's
//! variant of Weill's ABDADA): the threads of a Lazy SMP search then spread over different
//! moves of a node instead of searching the same subtree at once, each later finding the
//! other's result in the table.

use std::sync::atomic::{AtomicU64, Ordering};

use super::game::MoveCode;

/// How many moves can be marked at once: far more than the threads' paths hold (a mark per
/// node deep enough, [`Params::defer_depth`](super::Params::defer_depth), on each path), so
/// that two marks seldom share a slot; a shared slot costs only a needless deferral.
const SLOTS: usize = 4096;

/// The marks of the moves being searched: each slot holds the key of the last move marked
/// in it, 0 when it is free. Empty, and never marked, for a search on one thread.
#[derive(Debug, Default)]
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    /// The marks of a search on `threads` threads: none for one.
    pub(crate) fn new(threads: usize) -> Busy {
        let size = if threads > 1 { SLOTS } else { 0 };
        Busy {
            slots: (0..size).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Whether another thread can be searching moves at all.
    #[inline]
    pub(crate) fn shared(&self) -> bool {
        !self.slots.is_empty()
    }

    /// The slot of `key` (a search of more than one thread).
    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize % self.slots.len()]
    }

    /// Whether a thread is searching `key` (a [`move_key`]).
    #[inline]
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    #[inline]
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key`, unless another move took its slot since.
    #[inline]
    pub(crate) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The key of `mv` played in the position of `hash`: never 0 (a free slot).
#[inline]
pub(crate) fn move_key(hash: u64, mv: impl MoveCode) -> u64 {
    let mixed = (u64::from(mv.code()) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (hash ^ mixed).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn a_move_is_busy_from_its_mark_to_its_clearing() {
        let busy = Busy::new(2);
        let mv = Move::new("l2".parse().unwrap(), "k3".parse().unwrap());
        let key = move_key(12345, mv);
        assert_ne!(key, move_key(12346, mv));
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key));
        // Another key in the same slot takes it; the first's clearing leaves it marked.
        let other = key + SLOTS as u64;
        busy.enter(other);
        assert!(!busy.is_busy(key) && busy.is_busy(other));
        busy.leave(key);
        assert!(busy.is_busy(other));
        busy.leave(other);
        assert!(!busy.is_busy(other));
    }

    #[test]
    fn one_thread_marks_nothing() {
        assert!(!Busy::new(1).shared());
        assert!(Busy::new(2).shared());
    }
}

//! The transposition table: buckets of four entries, replacement by depth and age.

use crate::moves::Move;
use crate::square::Square;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true score is exactly the stored one.
    Exact,
    /// The true score is at least the stored one (a cutoff).
    Lower,
    /// The true score is at most the stored one (every move failed low).
    Upper,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    /// `from << 8 | to`; 0 for none (a move never has `from == to`).
    mv: u16,
    score: i16,
    depth: u8,
    /// Bits 0-1: the bound (0 = empty slot); bits 2-7: the generation.
    flags: u8,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) mv: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) bound: Bound,
}

const BUCKET: usize = 4;

/// The largest table: 64 GiB.
const MAX_MB: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// A fixed-size hash table of search results, indexed by Zobrist key.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    generation: u8,
    /// Whether anything was stored since the last clear.
    dirty: bool,
}

impl Table {
    /// A table of at most `mb` mebibytes (at least one bucket), a power of two of buckets;
    /// halved until the memory can be had.
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb
            .min(MAX_MB)
            .saturating_mul(1 << 20)
            .max(size_of::<Bucket>());
        let count = bytes / size_of::<Bucket>();
        // The largest power of two not above `count`.
        let mut count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        buckets.resize(count, Bucket::default());
        Table {
            buckets,
            generation: 0,
            dirty: false,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        if self.dirty {
            self.buckets.fill(Bucket::default());
            self.dirty = false;
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket(key)];
        bucket.0.iter().find_map(|entry| {
            let bound = match entry.flags & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                3 => Bound::Upper,
                _ => return None,
            };
            (entry.key == key).then(|| Hit {
                mv: decode(entry.mv),
                score: i32::from(entry.score),
                depth: u32::from(entry.depth),
                bound,
            })
        })
    }

    /// Stores a result, replacing the same key, else an empty slot, else the entry of least
    /// value (shallow and old).
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: u32,
        bound: Bound,
    ) {
        self.dirty = true;
        let generation = self.generation;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let age = |entry: &Entry| (generation.wrapping_sub(entry.flags >> 2)) & 63;
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (slot, entry) in bucket.0.iter().enumerate() {
            if entry.key == key || entry.flags & 3 == 0 {
                victim = slot;
                break;
            }
            let value = i32::from(entry.depth) - 4 * i32::from(age(entry));
            if value < worst {
                worst = value;
                victim = slot;
            }
        }
        let entry = &mut bucket.0[victim];
        // Keep the old best move when the new result has none.
        let mv = match mv {
            Some(mv) => encode(mv),
            None if entry.key == key => entry.mv,
            None => 0,
        };
        *entry = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: depth.min(255) as u8,
            flags: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        };
    }
}

/// `mv` as one number, never 0 (`from << 8 | to`): how the table keeps a move, and how the
/// search compares moves quickly.
#[inline]
pub(crate) fn encode(mv: Move) -> u16 {
    u16::from(mv.from.index()) << 8 | u16::from(mv.to.index())
}

#[inline]
fn decode(bits: u16) -> Option<Move> {
    (bits != 0).then(|| Move::new(Square::new((bits >> 8) as u8), Square::new(bits as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = Table::new(1);
        assert_eq!(table.buckets.len(), (1 << 20) / 64);
        let mv = Move::new(Square::new(3), Square::new(40));
        table.store(0xdead_beef, Some(mv), -123, 5, Bound::Lower);
        let hit = table.probe(0xdead_beef).unwrap();
        assert_eq!(hit.mv, Some(mv));
        assert_eq!((hit.score, hit.depth, hit.bound), (-123, 5, Bound::Lower));
        assert!(table.probe(0xdead_beee).is_none());
        table.clear();
        assert!(table.probe(0xdead_beef).is_none());
    }

    #[test]
    fn a_zero_size_table_still_works() {
        let mut table = Table::new(0);
        assert_eq!(table.buckets.len(), 1);
        table.store(7, None, 1, 1, Bound::Exact);
        assert_eq!(table.probe(7).unwrap().score, 1);
    }
}

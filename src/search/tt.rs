//! The transposition table: buckets of four entries, replacement by depth and age, shared
//! without locks by the threads of a search.
//!
//! An entry is two atomic words: the data (move, score, depth, bound and generation packed
//! in 64 bits) and the key XORed with the data. A probe accepts an entry
//! only when the two words XOR to the key it looks for, so an entry torn by two threads
//! writing it at once (one word from each) reads as a miss, never as another position's
//! result. Every access is a relaxed atomic load or store: no lock, no `unsafe`.

use std::sync::atomic::{AtomicU64, Ordering};

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

/// One slot: the key XOR the data, and the data.
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The unpacked data of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    /// The move's code (`MoveCode::code`); 0 for none.
    mv: u16,
    score: i16,
    depth: u8,
    /// Bits 0-1: the bound (0 = empty slot); bits 2-7: the generation.
    flags: u8,
}

impl Data {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.flags) << 40
    }

    fn unpack(bits: u64) -> Data {
        Data {
            mv: bits as u16,
            score: (bits >> 16) as u16 as i16,
            depth: (bits >> 32) as u8,
            flags: (bits >> 40) as u8,
        }
    }

    fn bound(self) -> Option<Bound> {
        match self.flags & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// The code of the best move found (0 for none): a move of this position but for a key
    /// collision (one in 2^64), so checked before it is played.
    pub(crate) code: u16,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) bound: Bound,
}

const BUCKET: usize = 4;

/// The largest table: 64 GiB.
const MAX_MB: usize = 1 << 16;

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// A fixed-size hash table of search results, indexed by Zobrist key, shared by the threads
/// of a search (`probe` and `store` take `&self`).
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    generation: u8,
    /// Whether a search ran since the last clear.
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
        buckets.resize_with(count, Bucket::default);
        Table {
            buckets,
            generation: 0,
            dirty: false,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        if self.dirty {
            for bucket in &mut self.buckets {
                for entry in &mut bucket.0 {
                    *entry.check.get_mut() = 0;
                    *entry.data.get_mut() = 0;
                }
            }
            self.dirty = false;
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
        self.dirty = true;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key as usize) & (self.buckets.len() - 1)]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        self.bucket(key).0.iter().find_map(|entry| {
            let bits = entry.data.load(Ordering::Relaxed);
            if entry.check.load(Ordering::Relaxed) ^ bits != key {
                return None;
            }
            let data = Data::unpack(bits);
            Some(Hit {
                code: data.mv,
                score: i32::from(data.score),
                depth: u32::from(data.depth),
                bound: data.bound()?,
            })
        })
    }

    /// Stores a result with the code of its best move (0 for none), replacing the same key,
    /// else an empty slot, else the entry of least value (shallow and old).
    #[inline]
    pub(crate) fn store(&self, key: u64, code: u16, score: i32, depth: u32, bound: Bound) {
        let generation = self.generation;
        let bucket = self.bucket(key);
        let age = |data: Data| (generation.wrapping_sub(data.flags >> 2)) & 63;
        let mut victim = 0;
        let mut kept = None;
        let mut worst = i32::MAX;
        for (slot, entry) in bucket.0.iter().enumerate() {
            let bits = entry.data.load(Ordering::Relaxed);
            let data = Data::unpack(bits);
            if entry.check.load(Ordering::Relaxed) ^ bits == key {
                victim = slot;
                kept = Some(data);
                break;
            }
            if data.bound().is_none() {
                victim = slot;
                break;
            }
            let value = i32::from(data.depth) - 4 * i32::from(age(data));
            if value < worst {
                worst = value;
                victim = slot;
            }
        }
        // Keep the old best move when the new result has none.
        let mv = match code {
            0 => kept.map_or(0, |data| data.mv),
            code => code,
        };
        let data = Data {
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: depth.min(255) as u8,
            flags: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        }
        .pack();
        let entry = &bucket.0[victim];
        entry.check.store(key ^ data, Ordering::Relaxed);
        entry.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = Table::new(1);
        table.new_search();
        assert_eq!(table.buckets.len(), (1 << 20) / 64);
        let mv = 3 << 8 | 40;
        table.store(0xdead_beef, mv, -123, 5, Bound::Lower);
        let hit = table.probe(0xdead_beef).unwrap();
        assert_eq!(hit.code, mv);
        assert_eq!((hit.score, hit.depth, hit.bound), (-123, 5, Bound::Lower));
        assert!(table.probe(0xdead_beee).is_none());
        // A result without a move keeps the old one.
        table.store(0xdead_beef, 0, 7, 6, Bound::Upper);
        let hit = table.probe(0xdead_beef).unwrap();
        assert_eq!((hit.code, hit.score), (mv, 7));
        table.clear();
        assert!(table.probe(0xdead_beef).is_none());
    }

    #[test]
    fn a_zero_size_table_still_works() {
        let table = Table::new(0);
        assert_eq!(table.buckets.len(), 1);
        table.store(7, 0, 1, 1, Bound::Exact);
        assert_eq!(table.probe(7).unwrap().score, 1);
    }

    #[test]
    fn data_packs_and_unpacks_whatever_its_values() {
        for data in [
            Data {
                mv: 0xffff,
                score: i16::MIN,
                depth: 255,
                flags: 0xff,
            },
            Data {
                mv: 1,
                score: -1,
                depth: 0,
                flags: 1,
            },
        ] {
            assert_eq!(Data::unpack(data.pack()), data);
        }
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = Table::new(0);
        table.store(11, 0, 5, 3, Bound::Exact);
        table.store(11 + 4096, 0, 9, 3, Bound::Exact);
        // Half of one write and half of another, as two threads writing at once can leave.
        let [first, second] = [&table.buckets[0].0[0], &table.buckets[0].0[1]];
        let data = second.data.load(Ordering::Relaxed);
        first.data.store(data, Ordering::Relaxed);
        assert!(table.probe(11).is_none());
        assert_eq!(table.probe(11 + 4096).unwrap().score, 9);
    }

    #[test]
    fn threads_writing_one_bucket_at_once_never_read_another_key() {
        // Keys of one bucket (a one-bucket table), each stored with its own score: a probe
        // finds a key's own score or nothing.
        let table = Table::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        let key = ((round % 16) << 8) | thread;
                        let score = (key % 1000) as i32;
                        table.store(key, 0, score, 1, Bound::Exact);
                        let probed = ((round * 7 % 16) << 8) | ((thread + 1) % 4);
                        if let Some(hit) = table.probe(probed) {
                            assert_eq!(hit.score, (probed % 1000) as i32);
                        }
                    }
                });
            }
        });
    }
}

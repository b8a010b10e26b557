//! The solver's transposition table: lower bounds on the moves armies need, learned by the
//! search, stored under the army itself (never a hash alone, so a lookup is never wrong).

use super::army::Army;

/// One slot: an army and the least number of moves it was proven to need, in the table's
/// epoch `epoch`.
#[derive(Clone, Copy, Default)]
struct Slot {
    army: Army,
    bound: u8,
    epoch: u16,
}

/// A table of lower bounds, one army a slot, indexed by the army's digest, two slots tried
/// per army. An army's bound is a property of the army alone (the region of the search
/// aside, which stays the same for the life of a table's contents: see
/// [`BoundTable::clear`]), so it holds wherever the army turns up again.
pub(crate) struct BoundTable {
    slots: Vec<Slot>,
    mask: usize,
    /// Slots of other epochs are empty: clearing is starting a new epoch.
    epoch: u16,
}

/// The largest table: 64 GiB.
const MAX_MEGABYTES: usize = 1 << 16;

/// The slots of a table of at most `megabytes` MiB (at most the largest): a power of two,
/// at least two.
fn slots_in(megabytes: usize) -> usize {
    let wanted = megabytes.min(MAX_MEGABYTES).saturating_mul(1 << 20) / size_of::<Slot>();
    1 << wanted.max(2).ilog2()
}

impl BoundTable {
    /// A table of at most `megabytes` MiB (at least two slots), a power of two of slots;
    /// halved until the memory can be had.
    pub(crate) fn new(megabytes: usize) -> BoundTable {
        let mut len = slots_in(megabytes);
        let mut slots = Vec::new();
        while slots.try_reserve_exact(len).is_err() && len > 2 {
            len /= 2;
        }
        slots.resize(len, Slot::default());
        BoundTable {
            slots,
            mask: len - 2,
            epoch: 1,
        }
    }

    /// Forgets everything (the bounds hold for one region), at once: the slots are wiped
    /// only when the epochs wrap around.
    pub(crate) fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.slots.fill(Slot::default());
            self.epoch = 1;
        }
    }

    /// The bound stored for `army`, 0 when none.
    #[inline]
    pub(crate) fn get(&self, army: Army) -> u32 {
        let index = army.digest() as usize & self.mask;
        self.slots[index..index + 2]
            .iter()
            .find(|slot| slot.army == army && slot.epoch == self.epoch)
            .map_or(0, |slot| u32::from(slot.bound))
    }

    /// Stores `bound` for `army`, replacing its slot or the slot with the smaller bound
    /// of the pair (small bounds are quick to learn again). A slot of an old epoch is an
    /// empty one, whatever it holds, so that what a table holds after a clear never
    /// depends on what it held before (a depth- or node-limited search repeats exactly).
    #[inline]
    pub(crate) fn put(&mut self, army: Army, bound: u32) {
        let index = army.digest() as usize & self.mask;
        let epoch = self.epoch;
        let pair = &mut self.slots[index..index + 2];
        let current = |slot: &Slot| if slot.epoch == epoch { slot.bound } else { 0 };
        let mine = |slot: &Slot| slot.army == army && slot.epoch == epoch;
        let slot = match pair.iter().position(mine) {
            Some(i) => i,
            None => usize::from(current(&pair[1]) < current(&pair[0])),
        };
        pair[slot] = Slot {
            army,
            bound: bound.min(u32::from(u8::MAX)) as u8,
            epoch,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_kept_per_army() {
        let mut table = BoundTable::new(1);
        let a = Army([1, 2, 3, 4]);
        let b = Army([5, 6, 7, 8]);
        assert_eq!(table.get(a), 0);
        table.put(a, 7);
        table.put(b, 3);
        assert_eq!(table.get(a), 7);
        assert_eq!(table.get(b), 3);
        table.put(a, 9);
        assert_eq!(table.get(a), 9);
        table.clear();
        assert_eq!(table.get(a), 0);
    }

    #[test]
    fn a_cleared_table_fills_as_a_new_one_does() {
        // One pair of slots. Before, an army left in the second slot by an old epoch was
        // stored there again, and a tie then evicted another army than in a new table (a
        // depth-limited search of a race repeated with other nodes: fuzz/engine_calls).
        let [p, x, y, z] = [1, 2, 3, 4].map(|n| Army([n, 0, 0, 0]));
        let mut used = BoundTable::new(0);
        used.put(p, 5);
        used.put(x, 5);
        used.clear();
        let mut new = BoundTable::new(0);
        for table in [&mut used, &mut new] {
            table.put(x, 3);
            table.put(y, 3);
            table.put(z, 3);
        }
        for army in [p, x, y, z] {
            assert_eq!(used.get(army), new.get(army));
        }
    }

    #[test]
    fn any_size_asked_for_is_a_table() {
        for megabytes in [0, 1, 3, 16] {
            let len = BoundTable::new(megabytes).slots.len();
            assert!(len.is_power_of_two() && len >= 2);
            assert!(len == 2 || len * size_of::<Slot>() <= megabytes << 20);
            assert!(len * 2 * size_of::<Slot>() > megabytes << 20);
        }
        // Far beyond the memory: capped (and halved until it can be had), never an overflow.
        assert_eq!(slots_in(usize::MAX), slots_in(MAX_MEGABYTES));
        assert!(slots_in(usize::MAX) * size_of::<Slot>() <= MAX_MEGABYTES << 20);
    }
}

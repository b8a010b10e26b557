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
/// [`Table::clear`]), so it holds wherever the army turns up again.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    /// Slots of other epochs are empty: clearing is starting a new epoch.
    epoch: u16,
}

impl Table {
    /// A table of about `megabytes` MiB (at least two slots).
    pub(crate) fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / size_of::<Slot>();
        // The largest power of two not above what is wanted.
        let len = (wanted.max(2) + 1).next_power_of_two() / 2;
        Table {
            slots: vec![Slot::default(); len],
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
    /// of the pair (small bounds are quick to learn again; an old epoch's bound counts 0).
    #[inline]
    pub(crate) fn put(&mut self, army: Army, bound: u32) {
        let index = army.digest() as usize & self.mask;
        let epoch = self.epoch;
        let pair = &mut self.slots[index..index + 2];
        let current = |slot: &Slot| if slot.epoch == epoch { slot.bound } else { 0 };
        let slot = match pair.iter().position(|slot| slot.army == army) {
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
        let mut table = Table::new(1);
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
}

//! [`Perimeter`]: the exact number of moves of every army within a few moves of the filled
//! goal camp, found by a breadth-first search backward from it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::army::{Army, GOAL, Rules};

/// The armies within a few moves of the filled goal camp, with their exact distance to it.
///
/// Built by a breadth-first search backward from the filled goal with the inverse moves
/// ([`Rules::backward`]): level `d` holds exactly the armies whose least number of moves to
/// the goal is `d`. Such an army has at most `d` pieces outside the goal, so it is stored by
/// its pieces outside and the goal squares it leaves empty.
pub(crate) struct Perimeter {
    depth: u32,
    distances: HashMap<u128, u8, BuildHasherDefault<KeyHasher>>,
}

impl Perimeter {
    /// The perimeter of `depth` moves (at most 8).
    pub(crate) fn new(depth: u32) -> Perimeter {
        assert!(
            depth <= 8,
            "a perimeter key holds eight pieces outside at most"
        );
        let mut distances = HashMap::default();
        distances.insert(key(GOAL), 0);
        let mut level = vec![GOAL];
        let backward = Rules::backward();
        for d in 1..=depth {
            let mut next = Vec::new();
            for &army in &level {
                backward.for_each_move(army, |mv| {
                    let before = army.after(mv);
                    distances.entry(key(before)).or_insert_with(|| {
                        next.push(before);
                        d as u8
                    });
                });
            }
            level = next;
        }
        Perimeter { depth, distances }
    }

    /// A lower bound on the moves `army` (with `outside` pieces outside the goal) needs,
    /// and whether it is exact: its distance when it is in the perimeter, `depth + 1` when it
    /// could be (no more pieces outside than the depth) but is not, 0 otherwise.
    #[inline]
    pub(crate) fn bound(&self, army: Army, outside: u32) -> (u32, bool) {
        if outside > self.depth {
            return (0, false);
        }
        self.distances
            .get(&key(army))
            .map_or((self.depth + 1, false), |&d| (u32::from(d), true))
    }
}

/// The army's pieces outside the goal and the goal squares it leaves empty, packed: the
/// empty goal squares as a 19-bit mask (class by class, a class's goal squares in bit
/// order), then the squares of the pieces outside, 8 bits each (class, then bit on the class
/// board), class by class in bit order. The count of either is the mask's population, so
/// the key is exact for up to 13 pieces outside.
#[inline]
fn key(army: Army) -> u128 {
    let mut key = 0u128;
    let mut shift = 0;
    for (&pieces, &goal) in army.0.iter().zip(&GOAL.0) {
        let mut empty = goal & !pieces;
        while empty != 0 {
            let bit = empty & empty.wrapping_neg();
            key |= 1 << (shift + (goal & (bit - 1)).count_ones());
            empty ^= bit;
        }
        shift += goal.count_ones();
    }
    for (class, (&pieces, &goal)) in army.0.iter().zip(&GOAL.0).enumerate() {
        let mut outside = pieces & !goal;
        while outside != 0 {
            let code = (class as u32) << 6 | outside.trailing_zeros();
            key |= u128::from(code) << shift;
            shift += 8;
            outside &= outside - 1;
        }
    }
    key
}

/// A hasher for perimeter keys: one multiply folds the 128 bits (keys are far from
/// adversarial, and the table is built once).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        let mixed = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::army::moved_out;

    #[test]
    fn the_perimeter_knows_what_is_beyond_it() {
        let perimeter = Perimeter::new(2);
        assert_eq!(perimeter.bound(GOAL, 0), (0, true));
        assert_eq!(perimeter.bound(moved_out(&[("e16", "f16")]), 1), (1, true));
        // Two squares out: two steps back, or one jump with a stone on the way (none here).
        assert_eq!(perimeter.bound(moved_out(&[("e16", "g16")]), 1), (2, true));
        // Five squares out, alone: more than two moves.
        assert_eq!(perimeter.bound(moved_out(&[("e16", "j16")]), 1), (3, false));
        // Three pieces out: beyond what the perimeter holds.
        let three = moved_out(&[("e16", "f16"), ("d16", "g16"), ("c16", "h16")]);
        assert_eq!(perimeter.bound(three, 3), (0, false));
    }

    #[test]
    fn keys_tell_armies_apart() {
        let armies = [
            moved_out(&[("e16", "f16")]),
            moved_out(&[("d16", "f16")]),
            moved_out(&[("e16", "g16")]),
            moved_out(&[("e16", "f16"), ("a12", "a11")]),
            moved_out(&[("e16", "a11"), ("d16", "f16")]),
        ];
        let keys: Vec<u128> = armies.iter().map(|&army| key(army)).collect();
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}

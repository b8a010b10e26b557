//! [`Pair`]: two class boards worked on together, in one SIMD register where the target has
//! one (SSE2 on every x86-64), through the `wide` crate: safe code, portable.

use super::parity::{ClassBoard, Shift};

/// Two class boards (lanes), every operation applied to both.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair(wide::u64x2);

impl Pair {
    /// The pair of `first` and `second`.
    #[inline(always)]
    pub(crate) fn new(first: ClassBoard, second: ClassBoard) -> Pair {
        Pair(wide::u64x2::new([first, second]))
    }

    /// `board` in both lanes.
    #[inline(always)]
    pub(crate) fn splat(board: ClassBoard) -> Pair {
        Pair(wide::u64x2::splat(board))
    }

    /// The two boards.
    #[inline(always)]
    pub(crate) fn lanes(self) -> [ClassBoard; 2] {
        self.0.to_array()
    }

    /// Whether both boards are empty.
    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        let [first, second] = self.lanes();
        first | second == 0
    }

    /// Intersection, lane by lane.
    #[inline(always)]
    pub(crate) fn and(self, other: Pair) -> Pair {
        Pair(self.0 & other.0)
    }

    /// Union, lane by lane.
    #[inline(always)]
    pub(crate) fn or(self, other: Pair) -> Pair {
        Pair(self.0 | other.0)
    }

    /// The squares of `self` not in `other`, lane by lane.
    #[inline(always)]
    pub(crate) fn and_not(self, other: Pair) -> Pair {
        Pair(self.0 & !other.0)
    }

    /// Both boards' bits moved `n` places up (toward bit 63).
    #[inline(always)]
    pub(crate) fn shl(self, n: u32) -> Pair {
        Pair(self.0 << n)
    }

    /// Both boards' bits moved `n` places down (toward bit 0).
    #[inline(always)]
    pub(crate) fn shr(self, n: u32) -> Pair {
        Pair(self.0 >> n)
    }

    /// Both boards moved by `by`, the same as [`Shift::apply`] on each.
    #[inline(always)]
    pub(crate) fn shift(self, by: Shift) -> Pair {
        let offset = by.offset();
        let moved = if offset >= 0 {
            self.shl(offset.unsigned_abs())
        } else {
            self.shr(offset.unsigned_abs())
        };
        moved.and(Pair::splat(by.mask()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_are_independent() {
        let pair = Pair::new(0x8000_0000_0000_0001, 0x0100);
        assert_eq!(pair.shl(1).lanes(), [0x2, 0x0200]);
        assert_eq!(pair.shr(8).lanes(), [0x0080_0000_0000_0000, 0x1]);
        let other = Pair::new(0x1, 0x1);
        assert_eq!(pair.and(other).lanes(), [0x1, 0]);
        assert_eq!(pair.or(other).lanes(), [0x8000_0000_0000_0001, 0x0101]);
        assert_eq!(pair.and_not(other).lanes(), [0x8000_0000_0000_0000, 0x0100]);
        assert!(Pair::splat(0).is_empty());
        assert!(!Pair::new(0, 4).is_empty());
    }

    #[test]
    fn shifts_agree_with_the_scalar_ones() {
        let board = 0x8142_2418_1824_4281_u64 ^ 0x00ff_0000_ff00_00f0;
        for dx in -1..=1 {
            for dy in -1..=1 {
                let exact = Shift::new(dx, dy);
                let pair = Pair::new(board, !board).shift(exact);
                assert_eq!(pair.lanes(), [exact.apply(board), exact.apply(!board)]);
                // Without a mask, only the squares that come back over an edge differ.
                let wrapped = Pair::splat(board).shift(Shift::wrapping(dx, dy)).lanes()[0];
                assert_eq!(wrapped & exact.mask(), exact.apply(board), "{dx} {dy}");
            }
        }
    }
}

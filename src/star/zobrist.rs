//! The star's Zobrist keys: a random 64-bit key per (side, hole) and one for `o` to move.

use crate::position::zobrist::splitmix64;
use crate::side::Side;

use super::geometry::HOLES;

const PIECE_KEYS: [[u64; HOLES]; 2] = {
    let mut keys = [[0; HOLES]; 2];
    let mut i = 0;
    while i < 2 * HOLES {
        keys[i / HOLES][i % HOLES] =
            splitmix64(0xd1b5_4a32_d192_ed03_u64.wrapping_mul(i as u64 + 1));
        i += 1;
    }
    keys
};

/// The key of a piece of `side` on the hole numbered `hole`.
#[inline(always)]
pub(crate) const fn piece(side: Side, hole: u8) -> u64 {
    PIECE_KEYS[side.index()][hole as usize]
}

/// The key xored in when `o` is to move.
pub(crate) const O_TO_MOVE: u64 = splitmix64(0x2545_f491_4f6c_dd1d);

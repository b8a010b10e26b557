//! Zobrist keys: a random 64-bit key per (side, square) and one for the side to move.

use crate::side::Side;
use crate::square::Square;

pub(crate) const fn splitmix64(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const PIECE_KEYS: [[u64; 256]; 2] = {
    let mut keys = [[0; 256]; 2];
    let mut i = 0;
    while i < 512 {
        keys[i / 256][i % 256] = splitmix64(0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1));
        i += 1;
    }
    keys
};

/// The key of a piece of `side` on `square`.
#[inline(always)]
pub(crate) const fn piece(side: Side, square: Square) -> u64 {
    PIECE_KEYS[side.index()][square.index() as usize]
}

/// The key xored in when `o` is to move.
pub(crate) const O_TO_MOVE: u64 = splitmix64(0x5851_f42d_4c95_7f2d);

//! Positions for the tests, written as the squares each side holds.

use std::ops::RangeInclusive;

use halma::{Bitboard, Position, Side, Square};

/// The squares named in `names`, separated by spaces.
pub fn squares(names: &str) -> Bitboard {
    names
        .split_whitespace()
        .map(|name| name.parse::<Square>().expect("a square name"))
        .collect()
}

/// The squares of a rectangle: `files` (letters) by `ranks` (from 1).
pub fn block(files: RangeInclusive<char>, ranks: RangeInclusive<u8>) -> Bitboard {
    files
        .flat_map(|file| ranks.clone().map(move |rank| format!("{file}{rank}")))
        .map(|name| name.parse::<Square>().expect("a square name"))
        .collect()
}

/// The position with `x` and `o` on those squares and `turn` to move.
pub fn position(x: Bitboard, o: Bitboard, turn: Side) -> Position {
    Position::from_parts([x, o], turn).expect("a valid position")
}

//! Positions built from bytes rather than typed: the bytes place 19 pieces of each side
//! (optionally filling most of a goal camp first, where the goal-camp rule and wins live),
//! choose the side to move, and then mutate the position's text a few characters at a
//! time. `Position::from_parts` must agree with the text reader and the reference about
//! validity; every valid position must pass `check_position`; every mutated text is
//! checked like `position_text` checks its input.
#![no_main]

use halma::{Bitboard, InvalidPositionError, Position, Side, Square};
use halma_fuzz::{Bytes, check_position_text};
use libfuzzer_sys::fuzz_target;

/// Characters that position text is made of, and a few that it is not.
const ALPHABET: &[u8] = b"xo123456789/ 1016xo/ X-\x00\xc3\xa9";

/// Places `side`'s pieces: first up to `in_goal` on its goal camp (squares chosen by
/// bytes), then the rest anywhere free (chosen by bytes, scanning on from a taken square).
fn place(bytes: &mut Bytes<'_>, taken: &mut Bitboard, side: Side, in_goal: usize) -> Bitboard {
    let mut pieces = Bitboard::EMPTY;
    let goal: Vec<Square> = side.goal().iter().collect();
    for _ in 0..in_goal.min(19) {
        let start = bytes.below(goal.len());
        if let Some(&square) = (0..goal.len())
            .map(|i| &goal[(start + i) % goal.len()])
            .find(|s| !taken.contains(**s))
        {
            pieces.insert(square);
            taken.insert(square);
        }
    }
    while pieces.count() < 19 {
        let start = bytes.byte();
        let Some(square) = (0..=255u8)
            .map(|i| Square::new(start.wrapping_add(i)))
            .find(|s| !taken.contains(*s))
        else {
            break;
        };
        pieces.insert(square);
        taken.insert(square);
    }
    pieces
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let header = bytes.byte();
    let turn = if header & 1 == 0 { Side::X } else { Side::O };
    // Goal-camp filling: 0, a few, most, or all 19 of a side's pieces.
    let in_goal = |bits: u8| [0, 5, 17, 19][usize::from(bits & 3)];
    let (x_goal, o_goal) = (in_goal(header >> 1), in_goal(header >> 3));
    let mut taken = Bitboard::EMPTY;
    let x = place(&mut bytes, &mut taken, Side::X, x_goal);
    let o = place(&mut bytes, &mut taken, Side::O, o_goal);
    // Sometimes a piece short or one too many, to hit the count checks.
    let (x, o) = match header >> 5 {
        1 => (x.without(x.first().unwrap_or(Square::new(0))), o),
        2 => (
            x,
            o.with(
                Square::all()
                    .find(|s| !taken.contains(*s))
                    .unwrap_or(Square::new(0)),
            ),
        ),
        _ => (x, o),
    };
    let from_parts = Position::from_parts([x, o], turn);
    let both_won = x == Side::X.goal() && o == Side::O.goal();
    let counts_ok = x.count() == 19 && o.count() == 19 && !x.intersects(o);
    match &from_parts {
        Ok(position) => {
            assert!(counts_ok && !both_won);
            assert_eq!(position.pieces(Side::X), x);
            assert_eq!(position.pieces(Side::O), o);
            assert_eq!(position.turn(), turn);
            // The text reader and `check_position`, on the position's text.
            let text = position.to_string();
            assert_eq!(check_position_text(&text), Some(*position));
        }
        Err(InvalidPositionError::BothGoalsFilled) => assert!(both_won && counts_ok),
        Err(error) => {
            assert!(!counts_ok, "{error} for a placement with 19 pieces a side");
            assert!(!error.to_string().is_empty());
        }
    }

    // Mutations of the text of the position (or of the start when it is invalid).
    let text = from_parts.map_or_else(|_| Position::start().to_string(), |p| p.to_string());
    let mut text = text.into_bytes();
    let rounds = usize::from(bytes.byte() % 4) + 1;
    for _ in 0..rounds {
        let at = bytes.below(text.len() + 1);
        let c = ALPHABET[bytes.below(ALPHABET.len())];
        match bytes.byte() % 4 {
            0 if at < text.len() => text[at] = c,
            1 => text.insert(at, c),
            3 if at + 1 < text.len() => text.swap(at, at + 1),
            2 if at < text.len() => {
                text.remove(at);
            }
            _ => text.push(c),
        }
    }
    check_position_text(&String::from_utf8_lossy(&text));
});

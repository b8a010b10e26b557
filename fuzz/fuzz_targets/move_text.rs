//! Move text against positions. The input picks a game: one of the RULES.md positions or
//! of the endings in `halma_fuzz::POSITIONS`, then up to 127 moves chosen by its bytes
//! (random, progress-biased or shuffling back, so games reach crowded goal camps, wins and
//! repetitions). Then it gives move text, either raw (the rest of the input) or made from a
//! legal move's hop path and mutated (squares dropped, repeated, swapped, replaced;
//! characters changed). `Position::parse_move` must agree with a reference reader of
//! RULES.md (same move, or the same kind of error); a parsed move must be generated, legal,
//! with a shortest jump path from its origin to its destination; `Game::play_text` must
//! agree with `parse_move` (errors in the order syntax, game over, illegal) and change
//! nothing when it fails.
#![no_main]

use halma::Square;
use halma_fuzz::{Bytes, check_move_text, check_outcome, check_position, play_from_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mode = bytes.byte();
    let plies = usize::from(bytes.byte() % 128);
    let game = play_from_bytes(&mut bytes, plies, false);
    check_outcome(&game);
    if mode & 2 != 0 {
        check_position(game.position());
    }
    let position = game.position();

    if mode & 1 == 0 {
        // Raw text (lossy, so that every input is tried as text).
        let text = String::from_utf8_lossy(bytes.rest());
        check_move_text(&game, &text);
        return;
    }

    // A legal move's hop path (or any two squares when there is none), then mutations.
    let moves = position.legal_moves();
    let mut path: Vec<Square> = if moves.is_empty() {
        vec![Square::new(bytes.byte()), Square::new(bytes.byte())]
    } else {
        let mv = moves[bytes.below(moves.len())];
        position
            .jump_path(mv)
            .unwrap_or_else(|| vec![mv.from, mv.to])
    };
    let rounds = usize::from(bytes.byte() % 4);
    for _ in 0..rounds {
        let at = bytes.below(path.len());
        match bytes.byte() % 6 {
            0 if path.len() > 2 => {
                path.remove(at);
            }
            1 => path.insert(at, path[at]),
            2 => {
                let other = bytes.below(path.len());
                path.swap(at, other);
            }
            3 => path[at] = Square::new(bytes.byte()),
            4 => path.reverse(),
            _ => path.truncate(at.max(1)),
        }
    }
    let names: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    let mut text = names.join("-").into_bytes();
    if mode & 4 != 0 {
        // Character-level damage: a changed, inserted or deleted byte.
        let at = bytes.below(text.len() + 1);
        let c = b"-a1p16q0 A\xff"[bytes.below(11)];
        match bytes.byte() % 3 {
            0 if at < text.len() => text[at] = c,
            1 => text.insert(at, c),
            _ if at < text.len() => {
                text.remove(at);
            }
            _ => text.push(c),
        }
    }
    check_move_text(&game, &String::from_utf8_lossy(&text));
});

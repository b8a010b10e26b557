//! Position text: arbitrary bytes as position text. Valid UTF-8 is parsed and compared with
//! a naive reader of RULES.md (same verdict: valid, syntax error or impossible position;
//! same pieces); a parsed position must print back as the same text, keep its hash equal to
//! the recomputed one, and pass every move-generation invariant of `check_position`
//! (legal_moves against a reference generator, count_moves, is_legal, destinations, jump
//! paths, move text, play/undo). Every error has a message.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match std::str::from_utf8(data) {
        Ok(text) => {
            halma_fuzz::check_position_text(text);
        }
        Err(_) => {
            // Not UTF-8: the C ABI reports such bytes as a parse error; from Rust a &str
            // cannot hold them. Check the lossy reading instead, which is still text.
            halma_fuzz::check_position_text(&String::from_utf8_lossy(data));
        }
    }
});

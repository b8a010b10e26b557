//! The same bad inputs (`tests/data/bad_inputs.txt`) given to the Rust API and to the C ABI:
//! each reports the kind of error the file names, the Rust error by [`Error::kind`], C by
//! the status of the same name (`HALMA_STATUS_` and the kind's name in upper case). The
//! JavaScript and Python tests read the same file.

use std::ffi::{CStr, CString};

use halma::ffi::{
    halma_engine, halma_engine_free, halma_engine_new, halma_engine_search, halma_game,
    halma_game_free, halma_game_from_text, halma_game_new, halma_game_play_text, halma_game_undo,
    halma_search_limits, halma_search_result, halma_status, halma_status_str,
};
use halma::{Error, ErrorKind, Game, Limits, Position};

/// One line of the file: the kind, the call, its input, the moves played before it.
struct Case {
    kind: String,
    call: String,
    input: String,
    moves: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/bad_inputs.txt");
    let cases: Vec<Case> = text
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut columns = line.split('\t');
            let mut next = || columns.next().unwrap_or("").to_owned();
            let (kind, call, input, moves) = (next(), next(), next(), next());
            Case {
                kind,
                call,
                input: input.replace("\\n", "\n"),
                moves: moves.split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    cases
}

/// The game of `case`: the start and its moves.
fn game_of(case: &Case) -> Game {
    let mut game = Game::new();
    for mv in &case.moves {
        game.play_text(mv)
            .expect("the moves before the call are legal");
    }
    game
}

/// What the Rust API reports for `case`.
fn rust_kind(case: &Case) -> Option<ErrorKind> {
    let kind = |error: &dyn Error| error.kind();
    let mut game = game_of(case);
    match case.call.as_str() {
        "position" => case.input.parse::<Position>().err().map(|e| kind(&e)),
        "record" => Game::from_record(&case.input).err().map(|e| kind(&e)),
        "play" => game.play_text(&case.input).err().map(|e| kind(&e)),
        "undo" => game.undo().err().map(|e| kind(&e)),
        "search" => {
            let depth = case.input.parse().expect("a depth");
            let limits = Limits::depth(depth);
            halma::Engine::new()
                .search(&game, &limits)
                .err()
                .map(|e| kind(&e))
        }
        call => panic!("unknown call {call}"),
    }
}

/// A game made through the C ABI, freed when dropped.
struct CGame(*mut halma_game);

impl Drop for CGame {
    fn drop(&mut self) {
        // SAFETY: the pointer came from the C ABI and is freed once.
        unsafe { halma_game_free(self.0) }
    }
}

/// A C string of `text`.
fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in the test's text")
}

/// What the C ABI reports for `case`: the name of its status; `None` for a call C has no
/// function for.
fn c_status(case: &Case) -> Option<halma_status> {
    let game = CGame(halma_game_new());
    for mv in &case.moves {
        let text = c(mv);
        // SAFETY: a live game and a NUL-terminated string.
        let status = unsafe { halma_game_play_text(game.0, text.as_ptr()) };
        assert_eq!(status, 0, "{mv}");
    }
    let input = c(&case.input);
    // SAFETY (every call below): a live game, a NUL-terminated string, out-pointers to
    // locals or NULL where the C ABI allows it.
    Some(match case.call.as_str() {
        "position" => {
            let mut out: *mut halma_game = std::ptr::null_mut();
            let status = unsafe { halma_game_from_text(input.as_ptr(), &mut out) };
            drop(CGame(out));
            status
        }
        "record" => return None,
        "play" => unsafe { halma_game_play_text(game.0, input.as_ptr()) },
        "undo" => unsafe { halma_game_undo(game.0) },
        "search" => {
            let engine: *mut halma_engine = halma_engine_new();
            let limits = halma_search_limits {
                depth: case.input.parse().expect("a depth"),
                nodes: 0,
                time_ms: 0,
            };
            let mut result = std::mem::MaybeUninit::<halma_search_result>::uninit();
            let status =
                unsafe { halma_engine_search(engine, game.0, &limits, result.as_mut_ptr()) };
            unsafe { halma_engine_free(engine) };
            status
        }
        call => panic!("unknown call {call}"),
    })
}

/// The name of a C status, as `halma_status_str` gives it.
fn status_name(status: halma_status) -> String {
    // SAFETY: `halma_status_str` returns a static NUL-terminated string for any value.
    unsafe { CStr::from_ptr(halma_status_str(status)) }
        .to_str()
        .expect("status names are ASCII")
        .to_owned()
}

#[test]
fn rust_and_c_report_the_kind_of_each_bad_input() {
    for case in cases() {
        let what = format!("{} {:?} after {:?}", case.call, case.input, case.moves);
        let kind = rust_kind(&case).unwrap_or_else(|| panic!("{what}: Rust accepted it"));
        assert_eq!(kind.name(), case.kind, "Rust: {what}");
        if let Some(status) = c_status(&case) {
            let expected = format!("HALMA_STATUS_{}", case.kind.to_uppercase());
            assert_eq!(status_name(status), expected, "C: {what}");
        }
    }
}

#[test]
fn every_kind_but_busy_has_a_bad_input() {
    let cases = cases();
    for kind in ErrorKind::ALL {
        let named = cases.iter().any(|case| case.kind == kind.name());
        assert_eq!(named, kind != ErrorKind::Busy, "{kind}");
    }
}

//! The halma engine as a WebAssembly module with plain exports, for the small hand-written
//! ES module beside this crate (`halma.js`, typed by `halma.d.ts`): the rules of a game
//! held by handle, and the engine's search, reporting its progress as it goes.
//!
//! # Calling convention
//!
//! Text crosses through two buffers in the module's memory: the host asks for the input
//! buffer with [`wasm_input`], writes a call's UTF-8 text there and passes its length; a
//! call's result (JSON text, a game record) or error message is read from
//! [`wasm_output`] / [`wasm_output_len`] until the next call. Calls that can fail return a
//! status ([`status`]): 0 for success, else the kind of error, the message in the output.
//! Nothing a host passes can make a call fail other than by a status: a handle that names no
//! game, text that does not read, numbers out of range are all refused.
//!
//! # Imports
//!
//! From the import module `halma`: `now_ms()` (the host's monotonic clock in milliseconds,
//! `performance.now()`: the library's clock, `halma::clock::set`), `stop_requested()`
//! (nonzero to stop the running search: asked about every 1024 nodes, through
//! `StopToken::with_poll`), `info(text, len)` (each completed iteration of a search, JSON)
//! and `panic(text, len)` (a panic's message, just before the module traps: it is built with
//! `panic = "abort"`, and an instance that trapped is dropped by its host).

mod engine;
mod games;
mod host;
mod io;
mod json;
mod records;
pub mod status;

use status::{Failure, OK};

/// Writes a call's outcome to the output and returns its status.
fn finish(outcome: Result<String, Failure>) -> i32 {
    match outcome {
        Ok(text) => {
            io::set_output(&text);
            OK
        }
        Err(failure) => {
            io::set_output(&failure.message);
            failure.status
        }
    }
}

/// Runs `f` on the input text of `len` bytes (a failure when it is not UTF-8).
fn on_input(len: usize, f: impl FnOnce(&str) -> Result<String, Failure>) -> i32 {
    finish(
        io::with_input(len, f)
            .map_err(|message| Failure::new(status::PARSE_ERROR, message))
            .and_then(|outcome| outcome),
    )
}

/// The input buffer, made `len` bytes long for the host to write a call's text into; null
/// when the memory cannot be had.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_input(len: usize) -> *mut u8 {
    io::reserve_input(len).unwrap_or(core::ptr::null_mut())
}

/// Where the last call's output starts.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_output() -> *const u8 {
    io::output().0
}

/// The length of the last call's output, in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_output_len() -> usize {
    io::output().1
}

/// Connects the module to its host: the library reads the host's clock, and a panic tells
/// the host its message before the trap. Call it once after instantiating.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_init() {
    host::connect();
}

/// Traps, as a panic would: lets a host test how it recovers from a crashed instance.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_abort() {
    panic!("wasm_abort was called: the module traps on purpose");
}

/// A new game from the input text: empty for the start position, one line of position text,
/// or a game record (a position, then the moves played); its handle (never 0) in the output.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_new(len: usize) -> i32 {
    on_input(len, |text| {
        games::parse(text).map(|game| games::insert(game).to_string())
    })
}

/// A copy of the game `game`: its handle in the output.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_clone(game: u32) -> i32 {
    finish(games::with(game, |game| Ok(game.clone())).map(|copy| games::insert(copy).to_string()))
}

/// Forgets the game `game`; 0 if it existed, else [`status::NO_GAME`].
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_free(game: u32) -> i32 {
    if games::remove(game) {
        OK
    } else {
        status::NO_GAME
    }
}

/// The state of a game as JSON: `{position, start, turn, moves, outcome, pieces,
/// last_move, destinations}`.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_state(game: u32) -> i32 {
    finish(games::with(game, |game| Ok(games::state(game))))
}

/// The game record (its result as a header, then the moves numbered), to save or share.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_record(game: u32) -> i32 {
    finish(games::with(game, |game| Ok(game.to_record())))
}

/// Reads the input game record (either form: headers and numbered moves, or the start
/// position's text then the moves): `{start, moves, tags, result, reason, resigned, winner}`
/// in the output, `tags` an object of the host's headers in order.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_record_read(len: usize) -> i32 {
    on_input(len, records::read)
}

/// The game record of `game` with the host's headers of the input (`[Name "value"]` a line,
/// maybe none) and its ending beyond the rules (`ending`: 0 none, 1 x resigned, 2 o
/// resigned, 3 a draw agreed, 4 x lost on time, 5 o lost on time, 6 x left and o claimed
/// the win, 7 o left), to save or share.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_record_write(game: u32, ending: u32, len: usize) -> i32 {
    on_input(len, |headers| {
        games::with(game, |game| records::write(game, ending, headers))
    })
}

/// The legal moves, a JSON array of `from-to`.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_legal_moves(game: u32) -> i32 {
    finish(games::with(game, |game| Ok(games::legal_moves(game))))
}

/// Where the piece on the input square can go, a JSON array of squares.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_destinations(game: u32, len: usize) -> i32 {
    on_input(len, |from| {
        games::with(game, |game| games::destinations(game, from))
    })
}

/// The squares the legal input move (`from-to` or a hop path) passes through, a JSON array.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_path(game: u32, len: usize) -> i32 {
    on_input(len, |text| {
        games::with(game, |game| games::move_path(game, text))
    })
}

/// Plays the input move (`from-to` or a hop path): `{move, path, side}` in the output.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_play(game: u32, len: usize) -> i32 {
    on_input(len, |text| {
        games::with(game, |game| games::play(game, text))
    })
}

/// Takes back the last move: the move, as a JSON string, in the output.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_undo(game: u32) -> i32 {
    finish(games::with(game, games::undo))
}

/// perft: the leaf count `depth` plies deep (at most 5), in the output.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_game_perft(game: u32, depth: u32) -> i32 {
    finish(games::with(game, |game| games::perft(game, depth)).map(|count| count.to_string()))
}

/// Makes this instance's engine anew with a table of `table_mb` MiB (1 to 1024; the default
/// engine, made at the first search, has 16).
#[unsafe(no_mangle)]
pub extern "C" fn wasm_engine_new(table_mb: u32) -> i32 {
    finish(engine::create(table_mb).map(|()| String::new()))
}

/// Sets the contempt of this instance's engine from its next search on: what a draw is
/// worth less than an even game to it, in hundredths of a move (-1000 to 1000; a new engine
/// has 150, for play against people).
#[unsafe(no_mangle)]
pub extern "C" fn wasm_engine_set_contempt(contempt: i32) -> i32 {
    finish(engine::set_contempt(contempt).map(|()| String::new()))
}

/// Forgets what earlier searches stored (for a new game).
#[unsafe(no_mangle)]
pub extern "C" fn wasm_engine_clear() {
    engine::clear();
}

/// Searches the game `game`: at a `level` (1 to 10), or within a depth, a node count and a
/// time in milliseconds (0 for no limit on each; at least one). Each completed iteration
/// goes to the host's `info`; the result `{move, path, score, depth, nodes, time_ms, pv,
/// forced_win_in, pace_ms}` is in the output, `pace_ms` being the level's minimum thinking
/// time, which the host waits out (`pace_ms - time_ms`) before it shows the move.
#[unsafe(no_mangle)]
pub extern "C" fn wasm_search(game: u32, depth: u32, nodes: f64, time_ms: f64, level: u32) -> i32 {
    finish(
        engine::limits(depth, nodes, time_ms, level)
            .and_then(|limits| engine::search(game, &limits)),
    )
}

#[cfg(test)]
mod tests;

//! The C ABI of the rules engine, declared in `include/halma.h`.
//!
//! Link `libhalma` (static or shared) and include `halma.h`. A game is an opaque
//! `halma_game`: create it with `halma_game_new` or `halma_game_from_text`, release it with
//! `halma_game_free`. Squares are `uint8_t` indices, `(rank - 1) * 16 + file`: a1 = 0,
//! p1 = 15, a16 = 240, p16 = 255. A move is a `halma_move` of two squares. A saved game is
//! its game record, text with headers (the players, the result...) and the moves
//! numbered: `halma_game_to_record` and `halma_game_from_record` for the game alone, a
//! `halma_record` (`halma_record_new`, `halma_record_from_text`, `halma_record_free`) for
//! its headers too.
//!
//! The star board (Sternhalma, "Chinese checkers", for two players) is a `halma_star_game`
//! (`halma_star_game_new`, `halma_star_game_from_text`, `halma_star_game_from_cells`,
//! released by `halma_star_game_free`): holes are `uint8_t` numbers 0 to 120, OpenSpiel's
//! numbering, a move is a `halma_star_move` of two holes, and `halma_engine_search_star`
//! searches it.
//!
//! Conventions, which every function follows:
//!
//! - Every fallible function returns a `halma_status`; `HALMA_STATUS_OK` (0) is success.
//!   Results go out through pointer parameters, written only on success (the one exception
//!   is `HALMA_STATUS_BUFFER_TOO_SMALL`, below): a failed call changes nothing.
//! - Every pointer is checked: a NULL one gives `HALMA_STATUS_NULL_ARGUMENT`. Functions
//!   returning a pointer return NULL instead. `halma_game_free(NULL)` does nothing.
//! - When several failures apply, the first of `NULL_ARGUMENT`, `INVALID_ARGUMENT`,
//!   `PARSE_ERROR`, `GAME_OVER`, `ILLEGAL_MOVE` is reported.
//! - `PARSE_ERROR`: text that is not position or move text, invalid UTF-8 included.
//!   `INVALID_POSITION`: well-formed position text of an impossible position (not 19
//!   pieces a side, both goal camps filled). `ILLEGAL_MOVE`: a well-formed move or hop path
//!   that is not legal here. `GAME_OVER`: any move of a finished game.
//! - Text out: `(char *buf, size_t len, size_t *out_len)`. On success `buf` holds the text
//!   and its terminating NUL and `*out_len` is the text's length without the NUL. When
//!   `len` is too small (a NULL `buf` with `len` 0 included) the call returns
//!   `HALMA_STATUS_BUFFER_TOO_SMALL`, sets `*out_len` to the length needed (without the
//!   NUL) and, when `len > 0`, writes the empty string: text is always NUL-terminated.
//! - Arrays out: `(T *items, size_t cap, size_t *out_len)`. On success `*out_len` is the
//!   number of items written. When `cap` is too small (a NULL `items` with `cap` 0
//!   included) the call returns `HALMA_STATUS_BUFFER_TOO_SMALL`, sets `*out_len` to the
//!   number needed and leaves the array untouched. So a host can ask first, then allocate;
//!   or use the `HALMA_MAX_*` sizes.
//! - Every failure sets this thread's last error message, a full sentence a player could
//!   read; `halma_last_error_message` copies out the message of the latest failed call on
//!   the calling thread (the empty string before any failure). Success leaves it alone.
//! - Every function body runs inside a panic guard: a panic (a bug in halma) never unwinds
//!   into C; the call returns `HALMA_STATUS_PANIC` (or NULL) instead. An object a
//!   panicking call was changing may be left inconsistent: free it.
//! - Thread safety: a `halma_game` may move between threads. Functions taking a
//!   `const halma_game *` may run on one game from several threads at once; a function
//!   taking a `halma_game *` needs exclusive access (no other call on that game meanwhile).
//!   Functions without a game are callable from any thread at any time.
//!
//! How the ABI grows: within a major version (`HALMA_VERSION_MAJOR`, the 0 of the SONAME
//! `libhalma.so.0`) every name, constant value and struct layout declared here stays as it
//! is, so that a host compiled against an older header runs with a newer library. New
//! features come as new functions (and new constants); an existing struct never gains,
//! loses or moves a field, since a host allocates it at the size it was compiled with. At
//! the next major version, the structs a host fills in or reads (`halma_search_limits`,
//! `halma_search_result`, `halma_search_info`) become size-prefixed (a first field holding
//! the struct's size, which the library reads before any other) or opaque with accessor
//! functions, so that they can grow after it without breaking a host. The repository's
//! tests compare the layout of every struct and the value of every constant with a
//! committed record of them.

// The one place in the crate where `unsafe` is allowed: the boundary with C. An entry point
// that takes a pointer is an `unsafe fn`: its `# Safety` section is the C contract.
#![allow(unsafe_code)]
// The C names (`halma_status`, `halma_move`, ...) are the ABI contract.
#![allow(non_camel_case_types)]

mod args;
mod engine;
mod game;
mod guard;
mod record;
mod star;
mod stop;
mod types;
mod version;

pub use engine::*;
pub use game::*;
pub use record::*;
pub use star::*;
pub use stop::*;
pub use types::*;
pub use version::*;

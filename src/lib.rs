//! A fast, correct engine for Halma, the 2-player game on a 16x16 board: 19 pieces a side
//! start in opposite corner camps, move by steps and chained jumps (no captures), and race to
//! fill the other camp.
//!
//! - The rules: [`Position`] (a placement and the side to move: move generation, checked
//!   and unchecked moves, position text), [`Game`] (a position with its history:
//!   repetitions, the outcome, move text, saved games), [`perft`].
//! - The values: [`Square`] (`a1`..`p16`), [`Side`] with its camps, [`Bitboard`], [`Move`]
//!   (`l2-k3`), [`MoveText`] (a hop path such as `n2-n4-n6`), [`MoveList`].
//! - The computer opponent: [`Engine`] searches a game within [`Limits`] (depth, nodes,
//!   time, or a difficulty level) and can be stopped from another thread ([`search`]).
//!   It starts no thread, and reads time from one [`clock`], which a WebAssembly host sets.
//! - The C ABI: [`ffi`], declared in `include/halma.h`.
//!
//! The rules are those of `docs/RULES.md` in the repository: squares, notation and perft
//! counts follow it exactly.
//!
//! # Quick start
//!
//! ```
//! use halma::{Engine, Game, Limits, Outcome, Position, Side};
//!
//! // A game from the start position, moves as text or as `Move`s.
//! let mut game = Game::new();
//! game.play_text("l2-k3")?; // x steps
//! game.play_text("b14-d12")?; // o jumps (a hop path like n2-n4-n6 works too)
//! assert_eq!(game.position().turn(), Side::X);
//!
//! // Where a picked-up piece can go, and the hops of a move for an animation.
//! let piece = "n3".parse()?;
//! for to in game.position().destinations(piece) {
//!     let path = game.position().jump_path(halma::Move::new(piece, to)).unwrap();
//!     assert_eq!(path.first(), Some(&piece));
//! }
//!
//! // The computer's reply.
//! let mut engine = Engine::new();
//! let reply = engine.search(&game, &Limits::level(3))?;
//! game.play(reply.best_move)?;
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//!
//! // Position text (like chess FEN) in and out, and perft.
//! let start: Position = "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x".parse()?;
//! assert_eq!(start, Position::start());
//! assert_eq!(halma::perft(&start, 3), 85_440);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Side`], [`Move`] and [`Position`],
//!   as their text forms (`"l2"`, `"x"`, `"l2-k3"`, position text).

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod bitboard;
mod game;
mod moves;
mod notation;
mod perft;
mod position;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use game::{Draw, Game, NothingToUndoError, Outcome, PlayError};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{MoveText, ParseMoveError};
pub use perft::{divide, perft};
pub use position::{
    IllegalMoveError, InvalidPositionError, ParseLegalMoveError, ParsePositionError, Position,
    PositionSyntaxError,
};
pub use record::ParseRecordError;
pub use search::{
    DEFAULT_LEVEL, Engine, ForcedResult, Limits, SearchError, SearchInfo, SearchResult, StopHandle,
    StopToken,
};
pub use side::{ParseSideError, Side};
pub use square::{ParseSquareError, Square};

pub mod clock;
pub mod ffi;
pub mod race;
pub mod search;

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

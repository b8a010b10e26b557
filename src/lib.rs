//! A fast, correct engine for Halma, the 2-player game on a 16x16 board: 19 pieces a side
//! start in opposite corner camps, move by steps and chained jumps (no captures), and race to
//! fill the other camp; and for its star board, Sternhalma ("Chinese checkers"), for two
//! players ([`star`]).
//!
//! - The rules: [`Position`] (a placement and the side to move: move generation, checked
//!   and unchecked moves, position text), [`Game`] (a position with its history:
//!   repetitions, the outcome, move text, saved games), [`perft()`].
//! - The values: [`Square`] (`a1`..`p16`) on its [`File`] (`a`..`p`) and [`Rank`]
//!   (`1`..`16`), [`Side`] with its camps, [`Bitboard`], [`Move`]
//!   (`l2-k3`), [`MoveText`] (a hop path such as `n2-n4-n6`), [`MoveList`].
//! - The star board ([`star`]): [`StarPosition`] under [`StarRules`] (the standard rules, or
//!   exactly OpenSpiel's `chinese_checkers`), [`StarMove`] (`3-14`: two [`Hole`]s),
//!   [`StarGame`], OpenSpiel's cells and actions. [`Board`] is what both boards' positions
//!   share: [`perft()`] takes either.
//! - The computer opponent: [`Engine`] searches a game of either board within [`Limits`]
//!   (depth, nodes, time, or a difficulty level) and can be stopped from another thread
//!   ([`search`]).
//!   It starts no thread unless asked to ([`Engine::set_threads`]), and reads time from
//!   one [`clock`], which a WebAssembly host sets.
//! - The errors: a type per operation (such as [`PlayError`] or [`ParsePositionError`]),
//!   each with a message for people and an [`ErrorKind`] for programs ([`Error::kind`]),
//!   whose names every binding shares.
//! - The C ABI is no part of this Rust API: the repository's `halma-capi` crate builds it
//!   into `libhalma.a` and `libhalma.so` for C and C++ hosts (`include/halma.h`,
//!   `include/halma.hpp`).
//!
//! The rules are those of `docs/RULES.md` in the repository: squares, notation and perft
//! counts follow it exactly.
//!
//! # Coordinates
//!
//! Files run `a` to `p` left to right and ranks `1` to `16` bottom to top, `x` starting at
//! the bottom right (`p1`) and `o` at the top left (`a16`). A [`File`] and a [`Rank`] each
//! have a [number](Rank::number), 1 to 16, as square names and the rules count, and an
//! [index](Rank::index), 0 to 15, as arrays count: `l2` is on file `l` (number 12, index
//! 11) and rank 2 (index 1), and its [`Square::index`] is `1 * 16 + 11 = 27`. The C++
//! header's `halma::File` and `halma::Rank` are the same.
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
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`File`], [`Rank`], [`Side`], [`Move`]
//!   and [`Position`],
//!   as their text forms (`"l2"`, `"x"`, `"l2-k3"`, position text).
//! - `tuning`: the search's tunable parameters (`search::Params`), for tests and engine
//!   matches; not a stable API.
//! - `capi`: compiles the C ABI's `halma_*` functions into the library, for `halma-capi`;
//!   not for Rust users (its Rust side is hidden and follows the C header, not semver).

#![deny(missing_docs)]
#![deny(unsafe_code)]
// docs.rs (`--cfg docsrs`, nightly) marks each item that needs a feature with a badge.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bitboard;
mod board;
mod coords;
mod distance;
mod error;
mod game;
mod history;
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
pub use board::Board;
pub use coords::{File, ParseFileError, ParseRankError, Rank};
pub use error::{Error, ErrorKind};
pub use game::{Draw, Game, NothingToUndoError, Outcome, PlayError};
pub use moves::{MAX_MOVES, Move, MoveBuffer, MoveList};
pub use notation::{MoveText, ParseMoveError};
pub use perft::{divide, perft};
pub use position::{
    IllegalMoveError, InvalidPositionError, ParseLegalMoveError, ParsePositionError, Position,
    PositionSyntaxError,
};
pub use record::{Ending, ParseRecordError, Record, TagError};
pub use search::{
    DEFAULT_LEVEL, Engine, ForcedResult, Limits, SearchError, SearchInfo, SearchResult, StopHandle,
    StopToken,
};
pub use side::{ParseSideError, Side};
pub use square::{ParseSquareError, Square};
pub use star::{
    Hole, IllegalStarMoveError, InvalidStarPositionError, ParseHoleError, ParseLegalStarMoveError,
    ParseStarMoveError, ParseStarPositionError, ParseStarRulesError, StarBitboard, StarDraw,
    StarGame, StarMove, StarMoveList, StarOutcome, StarPlayError, StarPosition, StarRules,
};

pub mod clock;
// The C ABI, for halma-capi (libhalma) and the fuzz targets: hidden, since its contract is
// include/halma.h rather than this crate's Rust API and its semver.
#[cfg(feature = "capi")]
#[doc(hidden)]
pub mod ffi;
pub mod race;
pub mod search;
pub mod star;

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The example of the crate's page on crates.io, run as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.crates.md")]
pub struct CratesReadmeDoctests;

#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod bitboard;
mod error;
mod game;
mod movegen;
mod moves;
mod notation;
mod pair;
mod parity;
mod perft;
mod position;
mod record;
mod side;
mod square;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use error::{
    IllegalMoveError, InvalidPositionError, NothingToUndoError, ParseLegalMoveError,
    ParseMoveError, ParsePositionError, ParseSquareError, PlayError, PositionSyntaxError,
};
pub use game::{Draw, Game, Outcome};
pub use moves::{IntoIter, MAX_MOVES, Move, MoveList};
pub use perft::{divide, perft};
pub use position::Position;
pub use record::ParseRecordError;
pub use search::{
    DEFAULT_LEVEL, Engine, Limits, SCORE_WIN, SearchError, SearchInfo, SearchResult, StopHandle,
};
pub use side::Side;
pub use square::Square;

pub mod ffi;
pub mod search;

//! Sternhalma, the star board most people own as "Chinese checkers", for two players: 121
//! holes, 10 pieces a side racing from its triangle to the opposite one, by steps and
//! chains of hops.
//!
//! - [`StarPosition`]: the placement, the side to move and the [`StarRules`] (the standard
//!   rules, or exactly OpenSpiel's `chinese_checkers`): turns as (from, to) pairs
//!   ([`StarMove`], text `3-14`), a [chain](StarPosition::chain) realising each, make and
//!   unmake, the winner, position text, OpenSpiel's cells and actions.
//! - [`StarGame`]: a position with its history, the passes of a side without a move,
//!   repetitions and OpenSpiel's turn limit, the outcome.
//! - [`Hole`] (`0`..`120`, OpenSpiel's numbering) and [`StarBitboard`] (a set of holes in a
//!   `u128`).
//! - [`perft`](crate::perft) works on the star as on the 16x16 board.

mod bitboard;
mod game;
pub(crate) mod geometry;
mod hole;
mod moves;
pub(crate) mod position;
mod rules;
mod zobrist;

pub use bitboard::{StarBitboard, StarHoles};
pub use game::{StarDraw, StarGame, StarOutcome, StarPlayError};
pub use hole::{Hole, ParseHoleError};
pub use moves::{MAX_STAR_MOVES, ParseStarMoveError, StarMove, StarMoveList};
pub use position::movegen::OPENSPIEL_PASS;
pub use position::{
    IllegalStarMoveError, InvalidStarPositionError, ParseLegalStarMoveError,
    ParseStarPositionError, StarPosition, StarPositionSyntaxError,
};
pub use rules::{ParseStarRulesError, StarRules};

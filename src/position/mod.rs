//! [`Position`]: the placement of both sides and the side to move, with its move generation
//! ([`movegen`]), checked moves ([`legal`]) and position text ([`text`]), over the geometry
//! of the parity classes ([`parity`], [`pair`]) and the Zobrist keys ([`zobrist`]).

pub(crate) mod flood;
mod legal;
pub(crate) mod movegen;
pub(crate) mod pair;
pub(crate) mod parity;
mod text;
pub(crate) mod zobrist;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::side::Side;
use crate::square::Square;

pub use legal::{IllegalMoveError, ParseLegalMoveError};
pub use text::{ParsePositionError, PositionSyntaxError};

use parity::{GOALS, ParityBoard};

/// A valid Halma position: 19 pieces a side, the side to move, and a Zobrist hash kept up to
/// date by [`play`](Position::play) and [`undo_unchecked`](Position::undo_unchecked).
///
/// A position knows nothing of the game that led to it (for repetitions and undo, see
/// [`Game`](crate::Game)). A position whose placement fills a side's goal camp is won by that
/// side and has no moves.
///
/// ```
/// use halma::{Position, Side};
///
/// let mut position = Position::start();
/// assert_eq!(position.turn(), Side::X);
/// assert_eq!(position.legal_moves().len(), 40);
///
/// let mv = position.parse_move("l2-k3")?;
/// position.play(mv)?;
/// assert_eq!(position.turn(), Side::O);
/// position.undo_unchecked(mv);
/// assert_eq!(position, Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of `x` and `o`, in the parity layout the move generator works in.
    pieces: [ParityBoard; 2],
    turn: Side,
    hash: u64,
}

impl Position {
    /// The start position: each side's home camp filled, `x` to move.
    pub const fn start() -> Position {
        Position::new_unchecked([Side::X.home(), Side::O.home()], Side::X)
    }

    /// The position with `pieces[0]` for `x`, `pieces[1]` for `o` and `turn` to move, when
    /// it is valid: 19 pieces a side, no square shared, not both goal camps filled.
    ///
    /// ```
    /// use halma::{Position, Side, InvalidPositionError};
    ///
    /// let start = Position::from_parts([Side::X.home(), Side::O.home()], Side::X)?;
    /// assert_eq!(start, Position::start());
    /// let both_won = Position::from_parts([Side::X.goal(), Side::O.goal()], Side::X);
    /// assert_eq!(both_won, Err(InvalidPositionError::BothGoalsFilled));
    /// # Ok::<(), InvalidPositionError>(())
    /// ```
    pub fn from_parts(pieces: [Bitboard; 2], turn: Side) -> Result<Position, InvalidPositionError> {
        if let Some(square) = (pieces[0] & pieces[1]).first() {
            return Err(InvalidPositionError::Overlap { square });
        }
        for side in Side::ALL {
            let count = pieces[side.index()].count();
            if count != 19 {
                return Err(InvalidPositionError::PieceCount { side, count });
            }
        }
        if pieces[0] == Side::X.goal() && pieces[1] == Side::O.goal() {
            return Err(InvalidPositionError::BothGoalsFilled);
        }
        Ok(Position::new_unchecked(pieces, turn))
    }

    const fn new_unchecked(pieces: [Bitboard; 2], turn: Side) -> Position {
        let pieces = [
            ParityBoard::from_bitboard(pieces[0]),
            ParityBoard::from_bitboard(pieces[1]),
        ];
        Position {
            pieces,
            turn,
            hash: Position::compute_hash(pieces, turn),
        }
    }

    /// The Zobrist hash of a placement and side to move, computed from scratch.
    const fn compute_hash(pieces: [ParityBoard; 2], turn: Side) -> u64 {
        let mut hash = match turn {
            Side::X => 0,
            Side::O => zobrist::O_TO_MOVE,
        };
        let mut index = 0;
        while index < 256 {
            let square = Square::new(index as u8);
            if pieces[0].contains(square) {
                hash ^= zobrist::piece(Side::X, square);
            }
            if pieces[1].contains(square) {
                hash ^= zobrist::piece(Side::O, square);
            }
            index += 1;
        }
        hash
    }

    /// The pieces of `side`.
    #[inline]
    pub const fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()].to_bitboard()
    }

    /// The squares holding a piece of either side.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces(Side::X) | self.pieces(Side::O)
    }

    /// The pieces of `side` in the parity layout.
    #[inline(always)]
    pub(crate) const fn parity_pieces(&self, side: Side) -> ParityBoard {
        self.pieces[side.index()]
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// The Zobrist hash of the placement and side to move, kept up to date incrementally.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The side whose piece stands on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.pieces[side.index()].contains(square))
    }

    /// The side whose pieces fill its goal camp, if any: that side has won and the position
    /// has no moves.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.pieces[side.index()] == GOALS[side.index()])
    }

    /// Plays `mv` without checking it. An illegal move corrupts the position (it may then
    /// break the invariants of a [`Position`]: 19 pieces a side, no square shared), but it
    /// is never undefined behaviour, and nothing done with the corrupt position panics: its
    /// answers are only meaningless (its [move list](crate::MoveList) may lack moves).
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.toggle_move(self.turn, mv);
        self.turn = !self.turn;
    }

    /// Takes back `mv`, which must be the last move played; anything else corrupts the
    /// position (never undefined behaviour). [`Game::undo`](crate::Game::undo) is the
    /// checked take-back.
    #[inline(always)]
    pub fn undo_unchecked(&mut self, mv: Move) {
        self.turn = !self.turn;
        self.toggle_move(self.turn, mv);
    }

    /// Passes: the other side to move, the pieces unchanged. Halma has no passing, so this is
    /// never a legal move; a search uses it as the null move, and a tool to see the position
    /// from the other side's turn.
    ///
    /// ```
    /// use halma::{Position, Side};
    ///
    /// let mut position = Position::start();
    /// position.pass();
    /// assert_eq!(position.turn(), Side::O);
    /// assert_eq!(position, Position::from_parts([Side::X.home(), Side::O.home()], Side::O)?);
    /// # Ok::<(), halma::InvalidPositionError>(())
    /// ```
    #[inline]
    pub fn pass(&mut self) {
        self.turn = !self.turn;
        self.hash ^= zobrist::O_TO_MOVE;
    }

    #[inline(always)]
    fn toggle_move(&mut self, side: Side, mv: Move) {
        let plane = &mut self.pieces[side.index()];
        plane.toggle(mv.from);
        plane.toggle(mv.to);
        self.hash ^=
            zobrist::piece(side, mv.from) ^ zobrist::piece(side, mv.to) ^ zobrist::O_TO_MOVE;
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::start()
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({self})")
    }
}

/// A placement that no game of Halma can have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidPositionError {
    /// A side does not have exactly 19 pieces.
    #[error("{side} has {count} pieces; each side has exactly 19")]
    PieceCount {
        /// The side.
        side: Side,
        /// How many pieces it has.
        count: u32,
    },
    /// A square holds pieces of both sides.
    #[error("{square} holds pieces of both sides")]
    Overlap {
        /// The first such square.
        square: Square,
    },
    /// Both goal camps are filled: both sides would have won.
    #[error("both goal camps are filled, so both sides would have won")]
    BothGoalsFilled,
}

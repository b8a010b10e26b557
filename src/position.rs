//! [`Position`]: the placement of both sides and the side to move.

use crate::bitboard::Bitboard;
use crate::error::{IllegalMoveError, InvalidPositionError};
use crate::moves::Move;
use crate::parity::ParityBoard;
use crate::side::Side;
use crate::square::Square;
use crate::zobrist;

/// A valid Halma position: 19 pieces a side, the side to move, and a Zobrist hash kept up to
/// date by [`play`](Position::play) and [`undo`](Position::undo).
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
/// position.undo(mv);
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

    /// The hash computed from scratch; always equal to [`hash`](Position::hash).
    pub fn recomputed_hash(&self) -> u64 {
        Position::compute_hash(self.pieces, self.turn)
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

    /// Why `mv` is not legal here, or `Ok(())` when it is.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        let Move { from, to } = mv;
        if let Some(winner) = self.winner() {
            return Err(IllegalMoveError::PositionWon { winner });
        }
        if from == to {
            return Err(IllegalMoveError::SameSquare { square: from });
        }
        match self.piece_at(from) {
            None => return Err(IllegalMoveError::EmptyOrigin { from }),
            Some(owner) if owner != self.turn => {
                return Err(IllegalMoveError::NotYourPiece { from, owner });
            }
            Some(_) => {}
        }
        if self.piece_at(to).is_some() {
            return Err(IllegalMoveError::OccupiedTarget { to });
        }
        let goal = self.turn.goal();
        if goal.contains(from) && !goal.contains(to) {
            return Err(IllegalMoveError::LeavesGoal { from, to });
        }
        if !self.destinations(from).contains(to) {
            return Err(IllegalMoveError::Unreachable { from, to });
        }
        Ok(())
    }

    /// Whether `mv` is a legal move here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it. An illegal move corrupts the position (it may then
    /// break the invariants of a [`Position`]), but it is never undefined behaviour.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.toggle_move(self.turn, mv);
        self.turn = !self.turn;
    }

    /// Takes back `mv`, which must be the last move played; anything else corrupts the
    /// position (never undefined behaviour).
    #[inline(always)]
    pub fn undo(&mut self, mv: Move) {
        self.turn = !self.turn;
        self.toggle_move(self.turn, mv);
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

/// Each side's goal camp in the parity layout.
pub(crate) const GOALS: [ParityBoard; 2] = [
    ParityBoard::from_bitboard(Side::X.goal()),
    ParityBoard::from_bitboard(Side::O.goal()),
];

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

//! [`Board`]: what the library's two boards share, the 16x16 [`Position`] and the star's
//! [`StarPosition`], so that what works on any board (perft, the search) is written once.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::Deref;

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::side::Side;
use crate::star::{StarMove, StarMoveList, StarPosition};

/// The boards' shared part, private so that no other type implements [`Board`].
mod sealed {
    /// A board of this library.
    pub trait Sealed {}
}

/// A position of one of the library's boards: the 16x16 [`Position`] or the star's
/// [`StarPosition`]. Implemented by those two only; each has the same methods of its own,
/// with its documentation.
///
/// ```
/// use halma::{Board, Position, StarPosition, StarRules};
///
/// fn moves<B: Board>(position: &B) -> usize {
///     position.legal_moves().len()
/// }
/// assert_eq!(moves(&Position::start()), 40);
/// assert_eq!(moves(&StarPosition::start(StarRules::OpenSpiel)), 14);
/// ```
pub trait Board: Copy + Eq + Debug + Display + sealed::Sealed {
    /// A move of this board.
    type Move: Copy + Eq + Hash + Debug + Display;
    /// A list of its moves that any position's moves fit in.
    type MoveList: Deref<Target = [Self::Move]> + Default;
    /// Whether a side without a move passes (the star), rather than the game being drawn
    /// (the 16x16 board).
    const PASSES: bool;

    /// The side to move.
    fn turn(&self) -> Side;
    /// The Zobrist hash of the placement and the side to move.
    fn hash(&self) -> u64;
    /// The side that has won, if any (a won position has no moves).
    fn winner(&self) -> Option<Side>;
    /// Replaces the contents of `moves` with the legal moves.
    fn generate(&self, moves: &mut Self::MoveList);
    /// The legal moves.
    fn legal_moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.generate(&mut moves);
        moves
    }
    /// The number of legal moves, counted without a list.
    fn count_moves(&self) -> usize;
    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool;
    /// Plays `mv` without checking it (an illegal move corrupts the position, never
    /// undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);
    /// Takes back `mv`, the last move played.
    fn undo_unchecked(&mut self, mv: Self::Move);
    /// The other side to move, the pieces unchanged: a search's null move, and on the star
    /// the turn of a side without a move.
    fn pass(&mut self);
}

impl sealed::Sealed for Position {}

impl Board for Position {
    type Move = Move;
    type MoveList = MoveList;
    const PASSES: bool = false;

    #[inline(always)]
    fn turn(&self) -> Side {
        Position::turn(self)
    }
    #[inline(always)]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }
    #[inline(always)]
    fn winner(&self) -> Option<Side> {
        Position::winner(self)
    }
    #[inline(always)]
    fn generate(&self, moves: &mut MoveList) {
        Position::generate(self, moves);
    }
    #[inline(always)]
    fn count_moves(&self) -> usize {
        Position::count_moves(self)
    }
    #[inline(always)]
    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }
    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }
    #[inline(always)]
    fn undo_unchecked(&mut self, mv: Move) {
        Position::undo_unchecked(self, mv);
    }
    #[inline(always)]
    fn pass(&mut self) {
        Position::pass(self);
    }
}

impl sealed::Sealed for StarPosition {}

impl Board for StarPosition {
    type Move = StarMove;
    type MoveList = StarMoveList;
    const PASSES: bool = true;

    #[inline(always)]
    fn turn(&self) -> Side {
        StarPosition::turn(self)
    }
    #[inline(always)]
    fn hash(&self) -> u64 {
        StarPosition::hash(self)
    }
    #[inline(always)]
    fn winner(&self) -> Option<Side> {
        StarPosition::winner(self)
    }
    #[inline(always)]
    fn generate(&self, moves: &mut StarMoveList) {
        StarPosition::generate(self, moves);
    }
    #[inline(always)]
    fn count_moves(&self) -> usize {
        StarPosition::count_moves(self)
    }
    #[inline(always)]
    fn is_legal(&self, mv: StarMove) -> bool {
        StarPosition::is_legal(self, mv)
    }
    #[inline(always)]
    fn play_unchecked(&mut self, mv: StarMove) {
        StarPosition::play_unchecked(self, mv);
    }
    #[inline(always)]
    fn undo_unchecked(&mut self, mv: StarMove) {
        StarPosition::undo_unchecked(self, mv);
    }
    #[inline(always)]
    fn pass(&mut self) {
        StarPosition::pass(self);
    }
}

//! [`StarPosition`]: the placement of both sides on the star, the side to move and the
//! rules, with its move generation ([`movegen`]), checked moves ([`legal`]) and position
//! text ([`text`]).

mod legal;
pub(crate) mod movegen;
mod text;

use thiserror::Error;

use crate::side::Side;

use super::bitboard::StarBitboard;
use super::geometry::{DISTANCE, FILLED_DISTANCE, HOLES, HOME, Plane, TARGET};
use super::hole::Hole;
use super::moves::StarMove;
use super::rules::StarRules;
use super::zobrist;

pub use legal::{IllegalStarMoveError, ParseLegalStarMoveError};
pub use text::{ParseStarPositionError, StarPositionSyntaxError};

/// A valid position of the star board: 10 pieces a side, the side to move, the rules it is
/// played by, and a Zobrist hash kept up to date by [`play`](StarPosition::play),
/// [`undo_unchecked`](StarPosition::undo_unchecked) and [`pass`](StarPosition::pass).
///
/// `x` starts on the top triangle (holes 0 to 9) and moves first, `o` on the bottom one
/// (111 to 120); each side's target is the other's home. A position knows nothing of the
/// game that led to it (repetitions, the turn count). A won position has no moves.
///
/// ```
/// use halma::{Side, StarPosition, StarRules};
///
/// let mut position = StarPosition::start(StarRules::OpenSpiel);
/// assert_eq!(position.turn(), Side::X);
/// assert_eq!(position.legal_moves().len(), 14);
///
/// let mv = position.parse_move("3-14")?; // a hop over 6
/// position.play(mv)?;
/// assert_eq!(position.turn(), Side::O);
/// position.undo_unchecked(mv);
/// assert_eq!(position, StarPosition::start(StarRules::OpenSpiel));
/// assert_eq!(halma::perft(&position, 3), 4_760);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StarPosition {
    /// The pieces of `x` and `o`, in the class layout the move generator works in.
    pieces: [Plane; 2],
    turn: Side,
    rules: StarRules,
    hash: u64,
}

impl StarPosition {
    /// The start position of `rules`: each side's home filled, `x` to move.
    pub const fn start(rules: StarRules) -> StarPosition {
        StarPosition::new_unchecked(HOME, Side::X, rules)
    }

    /// The position with `pieces[0]` for `x`, `pieces[1]` for `o`, `turn` to move and
    /// `rules`, when it is valid: 10 pieces a side, no hole shared. Any such placement is a
    /// position, won ones included (see [`winner`](StarPosition::winner)).
    ///
    /// ```
    /// use halma::{InvalidStarPositionError, Side, StarBitboard, StarPosition, StarRules};
    ///
    /// let homes = [StarBitboard::home(Side::X), StarBitboard::home(Side::O)];
    /// let start = StarPosition::from_parts(homes, Side::X, StarRules::Standard)?;
    /// assert_eq!(start, StarPosition::start(StarRules::Standard));
    /// let error = StarPosition::from_parts([homes[0], homes[0]], Side::X, StarRules::Standard);
    /// assert!(matches!(error, Err(InvalidStarPositionError::Overlap { .. })));
    /// # Ok::<(), InvalidStarPositionError>(())
    /// ```
    pub fn from_parts(
        pieces: [StarBitboard; 2],
        turn: Side,
        rules: StarRules,
    ) -> Result<StarPosition, InvalidStarPositionError> {
        if let Some(hole) = (pieces[0] & pieces[1]).first() {
            return Err(InvalidStarPositionError::Overlap { hole });
        }
        for side in Side::ALL {
            let count = pieces[side.index()].count();
            if count != 10 {
                return Err(InvalidStarPositionError::PieceCount { side, count });
            }
        }
        let planes = pieces.map(|set| Plane::from_bits(set.bits()));
        Ok(StarPosition::new_unchecked(planes, turn, rules))
    }

    /// The position of OpenSpiel's cells: `cells[n]` is what stands on hole `n`, 0 for
    /// nothing, 1 for a piece of player 0 (`x`), 2 for one of player 1 (`o`); 121 cells, 10
    /// pieces a side.
    ///
    /// ```
    /// use halma::{Side, StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::OpenSpiel);
    /// let cells = start.cells();
    /// assert_eq!(&cells[..11], &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    /// assert_eq!(StarPosition::from_cells(&cells, Side::X, StarRules::OpenSpiel), Ok(start));
    /// assert!(StarPosition::from_cells(&cells[..120], Side::X, StarRules::OpenSpiel).is_err());
    /// ```
    pub fn from_cells(
        cells: &[u8],
        turn: Side,
        rules: StarRules,
    ) -> Result<StarPosition, InvalidStarPositionError> {
        if cells.len() != HOLES {
            return Err(InvalidStarPositionError::CellCount { count: cells.len() });
        }
        let mut pieces = [StarBitboard::EMPTY; 2];
        for (hole, &cell) in Hole::all().zip(cells) {
            match cell {
                0 => {}
                1 | 2 => pieces[usize::from(cell - 1)] = pieces[usize::from(cell - 1)].with(hole),
                _ => return Err(InvalidStarPositionError::CellValue { hole, value: cell }),
            }
        }
        StarPosition::from_parts(pieces, turn, rules)
    }

    /// OpenSpiel's cells of the position: for each hole in number order, 0 for nothing, 1
    /// for a piece of `x` (player 0), 2 for one of `o` (player 1).
    pub fn cells(&self) -> [u8; HOLES] {
        let mut cells = [0; HOLES];
        for (cell, hole) in cells.iter_mut().zip(Hole::all()) {
            *cell = self.piece_at(hole).map_or(0, |side| side.index() as u8 + 1);
        }
        cells
    }

    pub(crate) const fn new_unchecked(
        pieces: [Plane; 2],
        turn: Side,
        rules: StarRules,
    ) -> StarPosition {
        StarPosition {
            pieces,
            turn,
            rules,
            hash: StarPosition::compute_hash(pieces, turn),
        }
    }

    /// The Zobrist hash of a placement and side to move, computed from scratch.
    const fn compute_hash(pieces: [Plane; 2], turn: Side) -> u64 {
        let mut hash = match turn {
            Side::X => 0,
            Side::O => zobrist::O_TO_MOVE,
        };
        let mut hole = 0;
        while hole < HOLES as u8 {
            if pieces[0].contains(hole) {
                hash ^= zobrist::piece(Side::X, hole);
            }
            if pieces[1].contains(hole) {
                hash ^= zobrist::piece(Side::O, hole);
            }
            hole += 1;
        }
        hash
    }

    /// The pieces of `side`.
    #[inline]
    pub const fn pieces(&self, side: Side) -> StarBitboard {
        StarBitboard::from_bits(self.pieces[side.index()].to_bits())
    }

    /// The holes holding a piece of either side.
    #[inline]
    pub const fn occupied(&self) -> StarBitboard {
        StarBitboard::from_bits(self.pieces[0].union(self.pieces[1]).to_bits())
    }

    /// The pieces of `side` in the class layout.
    #[inline(always)]
    pub(crate) const fn planes(&self, side: Side) -> Plane {
        self.pieces[side.index()]
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// The rules the position is played by.
    #[inline]
    pub const fn rules(&self) -> StarRules {
        self.rules
    }

    /// The Zobrist hash of the placement and side to move, kept up to date incrementally
    /// (the same placement has the same hash under either rules).
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The side whose piece stands on `hole`, if any.
    #[inline]
    pub fn piece_at(&self, hole: Hole) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.pieces[side.index()].contains(hole.number()))
    }

    /// The side that has won, if any: under [`OpenSpiel`](StarRules::OpenSpiel) rules a
    /// side with its 10 pieces on its target; under [`Standard`](StarRules::Standard)
    /// rules a side whose target is full with at least one of its own pieces in it
    /// (anti-spoiling: the opponent's pieces left there cannot stop it). When both sides
    /// have, the side that moved last (not to move) is the winner: its turn ended the game.
    /// A won position has no moves.
    ///
    /// ```
    /// use halma::{Side, StarBitboard, StarPosition, StarRules};
    ///
    /// let (top, bottom) = (StarBitboard::home(Side::X), StarBitboard::home(Side::O));
    /// // x fills o's home but for one hole, which a piece of o holds.
    /// let spoiled = StarPosition::from_parts(
    ///     [bottom ^ StarBitboard::from_bits(1 << 120) ^ StarBitboard::from_bits(1 << 60),
    ///      top ^ StarBitboard::from_bits(1 << 0) ^ StarBitboard::from_bits(1 << 120)],
    ///     Side::O,
    ///     StarRules::Standard,
    /// )?;
    /// assert_eq!(spoiled.winner(), Some(Side::X));
    /// let openspiel = StarPosition::from_parts(
    ///     [spoiled.pieces(Side::X), spoiled.pieces(Side::O)], Side::O, StarRules::OpenSpiel)?;
    /// assert_eq!(openspiel.winner(), None);
    /// # Ok::<(), halma::InvalidStarPositionError>(())
    /// ```
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        let last = !self.turn;
        if self.has_won(last) {
            Some(last)
        } else if self.has_won(self.turn) {
            Some(self.turn)
        } else {
            None
        }
    }

    /// Whether `side` has won (see [`winner`](StarPosition::winner)).
    #[inline(always)]
    fn has_won(&self, side: Side) -> bool {
        let target = TARGET[side.index()].0;
        let own = self.pieces[side.index()].0;
        let other = self.pieces[(!side).index()].0;
        let (mut missing, mut inside, mut differ) = (0, 0, 0);
        for c in 0..4 {
            missing |= target[c] & !(own[c] | other[c]);
            inside |= own[c] & target[c];
            differ |= own[c] ^ target[c];
        }
        match self.rules {
            StarRules::OpenSpiel => differ == 0,
            StarRules::Standard => missing == 0 && inside != 0,
        }
    }

    /// The distance `side`'s pieces still have to travel: the sum of the steps from each to
    /// the far tip of its target, less the 20 of a filled target (0 once it is filled; 120 a
    /// side at the start).
    ///
    /// ```
    /// use halma::{Side, StarPosition, StarRules};
    ///
    /// let start = StarPosition::start(StarRules::Standard);
    /// assert_eq!(start.distance_left(Side::X), 120);
    /// assert_eq!(start.distance_left(Side::O), 120);
    /// ```
    pub fn distance_left(&self, side: Side) -> u32 {
        let table = &DISTANCE[side.index()];
        let sum: i32 = self
            .pieces(side)
            .iter()
            .map(|hole| table[hole.number() as usize])
            .sum();
        (sum - FILLED_DISTANCE) as u32
    }

    /// Plays `mv` without checking it. An illegal move corrupts the position (10 pieces a
    /// side, no hole shared may no longer hold), never undefined behaviour, and nothing done
    /// with the corrupt position panics: its answers are only meaningless.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: StarMove) {
        self.toggle_move(self.turn, mv);
        self.turn = !self.turn;
    }

    /// Takes back `mv`, which must be the last move played; anything else corrupts the
    /// position (never undefined behaviour).
    #[inline(always)]
    pub fn undo_unchecked(&mut self, mv: StarMove) {
        self.turn = !self.turn;
        self.toggle_move(self.turn, mv);
    }

    /// Passes: the other side to move, the pieces unchanged. The rules let a side pass only
    /// when it has no move ([`must_pass`](StarPosition::must_pass)); unchecked here, as a
    /// search's null move.
    #[inline]
    pub fn pass(&mut self) {
        self.turn = !self.turn;
        self.hash ^= zobrist::O_TO_MOVE;
    }

    /// Whether the side to move has no move in a position nobody has won: its turn is then
    /// a pass.
    pub fn must_pass(&self) -> bool {
        self.winner().is_none() && !self.has_legal_move()
    }

    #[inline(always)]
    fn toggle_move(&mut self, side: Side, mv: StarMove) {
        let (from, to) = (mv.from.number(), mv.to.number());
        let plane = &mut self.pieces[side.index()];
        plane.toggle(from);
        plane.toggle(to);
        self.hash ^= zobrist::piece(side, from) ^ zobrist::piece(side, to) ^ zobrist::O_TO_MOVE;
    }
}

impl core::fmt::Debug for StarPosition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "StarPosition({self}, {})", self.rules)
    }
}

/// A placement that is no position of the star board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidStarPositionError {
    /// A side does not have exactly 10 pieces.
    #[error("{side} has {count} pieces; each side has exactly 10")]
    PieceCount {
        /// The side.
        side: Side,
        /// How many pieces it has.
        count: u32,
    },
    /// A hole holds pieces of both sides.
    #[error("hole {hole} holds pieces of both sides")]
    Overlap {
        /// The first such hole.
        hole: Hole,
    },
    /// Not 121 cells.
    #[error("{count} cells were given; the star has 121 holes")]
    CellCount {
        /// How many were given.
        count: usize,
    },
    /// A cell other than 0 (empty), 1 (player 0) or 2 (player 1).
    #[error("cell {hole} is {value}; a cell is 0 (empty), 1 (player 0) or 2 (player 1)")]
    CellValue {
        /// The hole.
        hole: Hole,
        /// What it holds.
        value: u8,
    },
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `x` on its home triangle walled in by eleven pieces of `o` (no valid position has
    /// that many: ten pieces cannot wall ten in, but the rules still say what happens).
    pub(crate) fn walled_in(rules: StarRules) -> StarPosition {
        let walls: u128 = [14, 15, 16, 17, 18, 26, 27, 28, 29, 30, 31]
            .iter()
            .fold(0, |bits, &hole| bits | 1 << hole);
        StarPosition::new_unchecked([HOME[0], Plane::from_bits(walls)], Side::X, rules)
    }

    #[test]
    fn a_side_without_a_move_passes_and_its_pass_is_a_turn_of_perft() {
        for rules in [StarRules::Standard, StarRules::OpenSpiel] {
            let mut position = walled_in(rules);
            assert!(position.must_pass());
            assert_eq!(position.count_moves(), 0);
            assert_eq!(crate::perft(&position, 1), 1);
            let mut passed = position;
            passed.pass();
            assert_eq!(passed.turn(), Side::O);
            assert_eq!(
                crate::perft(&position, 2),
                passed.count_moves() as u64,
                "{rules}"
            );
            assert!(crate::divide(&position, 2).is_empty());
            position.pass();
            assert_eq!(
                position.hash(),
                StarPosition::compute_hash(position.pieces, Side::O)
            );
        }
    }
}

//! [`Puzzle`]: one side's race, the problem the solver solves.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::side::Side;

/// One side's race to fill its goal camp: its 19 pieces, and the region its pieces keep to
/// (the whole board unless [narrowed](Puzzle::within)). The other side plays no part.
///
/// ```
/// use halma::{Position, Side};
/// use halma::race::Puzzle;
///
/// let puzzle = Puzzle::of(&Position::start(), Side::X);
/// assert_eq!(puzzle.side(), Side::X);
/// assert_eq!(puzzle.pieces(), Side::X.home());
/// assert_eq!(puzzle.region().count(), 256);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Puzzle {
    side: Side,
    pieces: Bitboard,
    region: Bitboard,
}

impl Puzzle {
    /// The race of `side`'s 19 `pieces` on the whole board; `None` unless there are 19.
    ///
    /// ```
    /// use halma::Side;
    /// use halma::race::Puzzle;
    ///
    /// assert!(Puzzle::new(Side::O, Side::O.home()).is_some());
    /// let eighteen = Side::O.home().without("a16".parse()?);
    /// assert!(Puzzle::new(Side::O, eighteen).is_none());
    /// # Ok::<(), halma::ParseSquareError>(())
    /// ```
    pub fn new(side: Side, pieces: Bitboard) -> Option<Puzzle> {
        (pieces.count() == 19).then_some(Puzzle {
            side,
            pieces,
            region: Bitboard::FULL,
        })
    }

    /// The race of `side`'s pieces in `position`, on the whole board.
    ///
    /// ```
    /// use halma::{Position, Side};
    /// use halma::race::Puzzle;
    ///
    /// let puzzle = Puzzle::of(&Position::start(), Side::O);
    /// assert_eq!(puzzle.pieces(), Side::O.home());
    /// ```
    pub fn of(position: &Position, side: Side) -> Puzzle {
        Puzzle {
            side,
            pieces: position.pieces(side),
            region: Bitboard::FULL,
        }
    }

    /// The same race with every move ending in `region` (a piece's hops on the way may
    /// leave it); `None` unless the region holds the pieces and the goal camp.
    ///
    /// ```
    /// use halma::{Position, Side};
    /// use halma::race::Puzzle;
    ///
    /// let puzzle = Puzzle::of(&Position::start(), Side::X);
    /// assert!(puzzle.within(Side::X.home() | Side::X.goal()).is_some());
    /// assert!(puzzle.within(Side::X.goal()).is_none());
    /// ```
    pub fn within(self, region: Bitboard) -> Option<Puzzle> {
        region
            .is_superset(self.pieces | self.side.goal())
            .then_some(Puzzle { region, ..self })
    }

    /// The side racing (see [`Puzzle`] for an example).
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its pieces (see [`Puzzle`] for an example).
    pub fn pieces(&self) -> Bitboard {
        self.pieces
    }

    /// The squares its moves may end on (see [`Puzzle`] for an example).
    pub fn region(&self) -> Bitboard {
        self.region
    }
}

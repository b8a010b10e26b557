//! [`StarMove`] and [`StarMoveList`].

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::moves::{MoveBuffer, sealed::Placeholder};

use super::hole::{Hole, ParseHoleError};

/// A turn of the star board: the piece on `from` goes to `to`, by a step or a chain of hops.
///
/// Origin and destination identify a turn (a step and a hop chain never share a
/// destination: a hop keeps the parity of both axial coordinates, a step changes one), so a
/// chain is not part of it: [`StarPosition::chain`](crate::StarPosition::chain) gives one
/// that realises it. Text is `from-to` with the holes' numbers, e.g. `3-14`.
///
/// ```
/// use halma::StarMove;
///
/// let mv: StarMove = "3-14".parse()?;
/// assert_eq!((mv.from.number(), mv.to.number()), (3, 14));
/// assert_eq!(mv.to_string(), "3-14");
/// # Ok::<(), halma::ParseStarMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StarMove {
    /// The hole the piece leaves.
    pub from: Hole,
    /// The hole the piece ends on.
    pub to: Hole,
}

impl StarMove {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Hole, to: Hole) -> StarMove {
        StarMove { from, to }
    }
}

impl Placeholder for StarMove {
    const PLACEHOLDER: StarMove = StarMove::new(Hole::new_unchecked(0), Hole::new_unchecked(0));
}

impl fmt::Display for StarMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for StarMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for StarMove {
    type Err = ParseStarMoveError;

    /// `from-to`, two hole numbers joined by `-`.
    fn from_str(text: &str) -> Result<StarMove, ParseStarMoveError> {
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| ParseStarMoveError::NoDash(text.to_owned()))?;
        let hole = |hole: &str| {
            hole.parse().map_err(|error| ParseStarMoveError::Hole {
                text: text.to_owned(),
                error,
            })
        };
        Ok(StarMove::new(hole(from)?, hole(to)?))
    }
}

/// Text that is not a star move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseStarMoveError {
    /// No `-` between two holes.
    #[error("{0:?} is not a move: a move is two holes joined by '-', such as 3-14")]
    NoDash(String),
    /// A side of the `-` is not a hole.
    #[error("{text:?} is not a move: {error}")]
    Hole {
        /// The move text.
        text: String,
        /// What is wrong with the hole.
        error: ParseHoleError,
    },
}

/// The most turns a valid star position can have: each of 10 pieces has at most 6 steps and
/// at most 36 hop destinations (the other holes of its class).
pub const MAX_STAR_MOVES: usize = 10 * (6 + 36);

/// The room a [`StarMoveList`] has: a power of two above [`MAX_STAR_MOVES`].
pub(crate) const STAR_STORAGE: usize = MAX_STAR_MOVES.next_power_of_two();

/// The legal turns of a star position, in a buffer on the stack that no position can
/// overflow (a position corrupted by illegal unchecked moves keeps only some of its turns,
/// without a panic). Dereferences to a slice of [`StarMove`]s.
pub type StarMoveList = MoveBuffer<StarMove, STAR_STORAGE>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_reads_back_and_bad_text_is_refused() {
        let mv: StarMove = "120-118".parse().unwrap();
        assert_eq!(mv.to_string().parse::<StarMove>(), Ok(mv));
        for bad in ["", "3", "3-", "-3", "3-121", "3--4", "3-4-5", "a-b"] {
            assert!(bad.parse::<StarMove>().is_err(), "{bad:?}");
        }
    }
}

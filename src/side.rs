//! [`Side`] and the camps.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// One of the two sides.
///
/// `X` moves first and starts in the bottom-right camp; `O` starts in the top-left camp.
/// A side's goal camp is the other side's home camp.
///
/// ```
/// use halma::Side;
///
/// assert_eq!(!Side::X, Side::O);
/// assert_eq!(Side::X.goal(), Side::O.home());
/// assert_eq!(Side::X.home().count(), 19);
/// assert!(Side::X.home().contains("p1".parse()?));
/// # Ok::<(), halma::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The first player, starting bottom-right (`l1`..`p5`).
    X = 0,
    /// The second player, starting top-left (`a12`..`e16`).
    O = 1,
}

/// The 19 squares of a camp in the corner at (`corner_file`, `corner_rank`): the squares at
/// file distance `dc` and rank distance `dr` from the corner with `dr < 5`, `dc < 5` and
/// `dr + dc <= 5`.
const fn camp(corner_file: u8, corner_rank: u8) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let mut index = 0;
    while index < 256 {
        let square = Square::new(index as u8);
        let dc = square.file_of().index().abs_diff(corner_file);
        let dr = square.rank_of().index().abs_diff(corner_rank);
        if dc < 5 && dr < 5 && dc + dr <= 5 {
            set = set.with(square);
        }
        index += 1;
    }
    set
}

/// `x`'s home camp: `l1`-`p1`, `l2`-`p2`, `m3`-`p3`, `n4`-`p4`, `o5`-`p5`.
pub const X_HOME: Bitboard = camp(15, 0);
/// `o`'s home camp: `a16`-`e16`, `a15`-`e15`, `a14`-`d14`, `a13`-`c13`, `a12`-`b12`.
pub const O_HOME: Bitboard = camp(0, 15);

impl Side {
    /// Both sides, `X` first.
    pub const ALL: [Side; 2] = [Side::X, Side::O];

    /// 0 for `X`, 1 for `O`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// The camp this side starts in.
    #[inline]
    pub const fn home(self) -> Bitboard {
        match self {
            Side::X => X_HOME,
            Side::O => O_HOME,
        }
    }

    /// The camp this side must fill to win: the other side's home.
    #[inline]
    pub const fn goal(self) -> Bitboard {
        self.other().home()
    }

    /// The corner square of this side's goal camp, the farthest from its home: `a16` for
    /// `x`, `p1` for `o`.
    #[inline]
    pub const fn goal_corner(self) -> Square {
        match self {
            Side::X => Square::new(240),
            Side::O => Square::new(15),
        }
    }

    /// The corner square of this side's home camp, the farthest from its goal: `p1` for
    /// `x`, `a16` for `o` (the other side's [goal corner](Side::goal_corner)).
    #[inline]
    pub const fn home_corner(self) -> Square {
        self.other().goal_corner()
    }

    /// The letter of the side in position text: `'x'` or `'o'`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }

    /// The side written with `c` (`'x'` or `'o'`), if any.
    #[inline]
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            'x' => Some(Side::X),
            'o' => Some(Side::O),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Parses `x` or `o`, the letters of position text.
    ///
    /// ```
    /// use halma::Side;
    ///
    /// assert_eq!("o".parse(), Ok(Side::O));
    /// assert!("X".parse::<Side>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Side, ParseSideError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Side::from_char), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(ParseSideError {
                text: text.to_owned(),
            }),
        }
    }
}

/// Text that is not a side (`x` or `o`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a side: sides are x and o")]
pub struct ParseSideError {
    /// The text that failed to parse.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: Bitboard) -> Vec<String> {
        set.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn camps_are_the_staircases_of_the_rules() {
        assert_eq!(
            names(X_HOME),
            [
                "l1", "m1", "n1", "o1", "p1", "l2", "m2", "n2", "o2", "p2", "m3", "n3", "o3", "p3",
                "n4", "o4", "p4", "o5", "p5"
            ]
        );
        assert_eq!(
            names(O_HOME),
            [
                "a12", "b12", "a13", "b13", "c13", "a14", "b14", "c14", "d14", "a15", "b15", "c15",
                "d15", "e15", "a16", "b16", "c16", "d16", "e16"
            ]
        );
        assert!(!X_HOME.intersects(O_HOME));
    }

    #[test]
    fn goals_are_the_other_homes() {
        assert_eq!(Side::X.goal(), O_HOME);
        assert_eq!(Side::O.goal(), X_HOME);
        assert_eq!(!Side::O, Side::X);
        assert_eq!(Side::from_char('o'), Some(Side::O));
        assert_eq!(Side::from_char('X'), None);
    }

    #[test]
    fn sides_parse_from_their_letters_only() {
        assert_eq!("x".parse(), Ok(Side::X));
        assert_eq!("o".parse(), Ok(Side::O));
        for text in ["", "X", "xo", " x", "o ", "-"] {
            let error = text.parse::<Side>().unwrap_err();
            assert_eq!(error.text, text);
        }
    }
}

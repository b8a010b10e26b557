//! [`File`] and [`Rank`]: the board's coordinates, each with its number (1 to 16, as the
//! rules and square names count) and its index (0 to 15, as arrays count).

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

/// The parts `File` and `Rank` share: the type, its constants and its two counts.
macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $what:literal, $first:literal, $last:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            #[doc = concat!("Every ", $what, ", `", $first, "` to `", $last, "`.")]
            pub const ALL: [$name; 16] = {
                let mut all = [$name(0); 16];
                let mut index = 0;
                while index < 16 {
                    all[index] = $name(index as u8);
                    index += 1;
                }
                all
            };

            #[doc = concat!("The ", $what, " with this index, 0 (`", $first, "`) to 15 (`",
                $last, "`); `None` for any other.")]
            #[inline]
            pub const fn from_index(index: u8) -> Option<$name> {
                if index < 16 { Some($name(index)) } else { None }
            }

            #[doc = concat!("The ", $what, " with this number, 1 (`", $first, "`) to 16 (`",
                $last, "`); `None` for any other.")]
            #[inline]
            pub const fn from_number(number: u8) -> Option<$name> {
                match number.checked_sub(1) {
                    Some(index) => $name::from_index(index),
                    None => None,
                }
            }

            #[doc = concat!("The index, 0 (`", $first, "`) to 15 (`", $last, "`).")]
            #[inline]
            pub const fn index(self) -> u8 {
                self.0
            }

            #[doc = concat!("The number, 1 (`", $first, "`) to 16 (`", $last, "`).")]
            #[inline]
            pub const fn number(self) -> u8 {
                self.0 + 1
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    };
}

coordinate!(
    /// A file of the board: `a` (the left edge, as `x` sees the board) to `p`.
    ///
    /// Its [number](File::number) counts from 1 like the rules (`a` is file 1), its
    /// [index](File::index) from 0 like arrays (`a` is 0). Text is the letter.
    ///
    /// ```
    /// use halma::File;
    ///
    /// let l: File = "l".parse()?;
    /// assert_eq!((l.number(), l.index(), l.char()), (12, 11, 'l'));
    /// assert_eq!(File::from_number(12), Some(l));
    /// assert_eq!(File::from_index(11), Some(l));
    /// assert_eq!(File::from_index(16), None);
    /// let letters: String = File::ALL.iter().map(|file| file.char()).collect();
    /// assert_eq!(letters, "abcdefghijklmnop");
    /// # Ok::<(), halma::ParseFileError>(())
    /// ```
    File, "file", "a", "p"
);

coordinate!(
    /// A rank of the board: `1` (the bottom edge, `x`'s home side) to `16`.
    ///
    /// Its [number](Rank::number) counts from 1 like the rules and square names (`l2` is on
    /// rank 2), its [index](Rank::index) from 0 like arrays (rank 2 has index 1). Text is
    /// the number.
    ///
    /// ```
    /// use halma::Rank;
    ///
    /// let second: Rank = "2".parse()?;
    /// assert_eq!((second.number(), second.index()), (2, 1));
    /// assert_eq!(second.to_string(), "2");
    /// assert_eq!(Rank::from_number(0), None);
    /// assert_eq!(Rank::from_number(16), Some(Rank::ALL[15]));
    /// # Ok::<(), halma::ParseRankError>(())
    /// ```
    Rank, "rank", "1", "16"
);

impl File {
    /// The letter, `'a'` to `'p'`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file of the letter `c` (`'a'` to `'p'`, lower case), if any.
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='p' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl Rank {
    /// Parses a rank number from the start of `bytes`, returning it and the bytes it took:
    /// `1` to `16` without a leading zero (a `1` followed by `7` to `9` is rank 1).
    #[inline]
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<(Rank, usize)> {
        let (number, len) = match bytes {
            [b'1', d @ b'0'..=b'6', ..] => (10 + d - b'0', 2),
            [d @ b'1'..=b'9', ..] => (d - b'0', 1),
            _ => return None,
        };
        Some((Rank(number - 1), len))
    }
}

impl fmt::Display for File {
    /// The letter, padded as the format asks (`{:>2}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.char(), f)
    }
}

impl fmt::Display for Rank {
    /// The number, padded as the format asks (`{:>2}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.number(), f)
    }
}

impl FromStr for File {
    type Err = ParseFileError;

    /// Parses a file letter, `a` to `p` (example: [`File`]).
    fn from_str(text: &str) -> Result<File, ParseFileError> {
        let mut chars = text.chars();
        match (chars.next().and_then(File::from_char), chars.next()) {
            (Some(file), None) => Ok(file),
            _ => Err(ParseFileError {
                text: text.to_owned(),
            }),
        }
    }
}

impl FromStr for Rank {
    type Err = ParseRankError;

    /// Parses a rank number, `1` to `16` without a leading zero (example: [`Rank`]).
    fn from_str(text: &str) -> Result<Rank, ParseRankError> {
        match Rank::parse_prefix(text.as_bytes()) {
            Some((rank, len)) if len == text.len() => Ok(rank),
            _ => Err(ParseRankError {
                text: text.to_owned(),
            }),
        }
    }
}

/// Text that is not a file letter (`a`..`p`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a file: files are the letters a to p")]
pub struct ParseFileError {
    /// The text that failed to parse.
    pub text: String,
}

/// Text that is not a rank number (`1`..`16`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a rank: ranks are the numbers 1 to 16")]
pub struct ParseRankError {
    /// The text that failed to parse.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_indices_are_one_apart_and_text_round_trips() {
        for index in 0..16u8 {
            let (file, rank) = (File::ALL[index as usize], Rank::ALL[index as usize]);
            assert_eq!((file.index(), rank.index()), (index, index));
            assert_eq!((file.number(), rank.number()), (index + 1, index + 1));
            assert_eq!(File::from_number(index + 1), Some(file));
            assert_eq!(Rank::from_number(index + 1), Some(rank));
            assert_eq!(file.to_string().parse::<File>(), Ok(file));
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            assert_eq!(rank.to_string(), (index + 1).to_string());
        }
        for bad in [16, 17, u8::MAX] {
            assert_eq!(File::from_index(bad), None);
            assert_eq!(Rank::from_index(bad), None);
        }
        assert_eq!(File::from_number(0), None);
        assert_eq!(Rank::from_number(17), None);
        assert_eq!(
            format!("{:>2}|{:<3}|", Rank::ALL[1], File::ALL[0]),
            " 2|a  |"
        );
    }

    #[test]
    fn parsing_is_strict() {
        for bad in ["", "q", "A", "aa", "a ", " a", "1"] {
            assert!(bad.parse::<File>().is_err(), "{bad:?}");
        }
        for bad in ["", "0", "17", "01", "1 ", "+1", "a", "-1", "160"] {
            assert!(bad.parse::<Rank>().is_err(), "{bad:?}");
        }
        assert_eq!(
            "17".parse::<Rank>().unwrap_err().to_string(),
            "\"17\" is not a rank: ranks are the numbers 1 to 16"
        );
    }
}

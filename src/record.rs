//! Game records: a game saved as text, to load it again or share it with another host.
//!
//! A record is the position text of the position the game started from on its first line,
//! then the moves played, in order, as `from-to` separated by whitespace (spaces, tabs or
//! line breaks). [`Game::to_record`] writes one move pair per line (a turn of each side);
//! [`Game::from_record`] reads any whitespace layout. Lines may end with `\n` or `\r\n`.
//!
//! ```text
//! ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x
//! l2-k3 e15-f14
//! n4-n5
//! ```
//!
//! Reading is strict: the first line must be valid position text with nothing around it,
//! every move is `from-to` (hop paths are for typing, not for records), and every move must
//! be legal when it is replayed, so a record that reads is a game that happened.

use core::fmt;

use thiserror::Error;

use crate::game::Game;
use crate::game::PlayError;
use crate::moves::Move;
use crate::notation::ParseMoveError;
use crate::position::ParsePositionError;
use crate::position::Position;

/// A game record that [`Game::from_record`] could not read: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseRecordError {
    /// The text is empty: not even a start position.
    #[error("the game record is empty: its first line must be the start position text")]
    Empty,
    /// The first line is not valid position text.
    #[error("line 1 of the game record is not a position: {0}")]
    Position(#[source] ParsePositionError),
    /// A move is not `from-to` move text.
    #[error("move {number} ({text:?}) on line {line} of the game record: {error}")]
    MoveSyntax {
        /// The move's number, counted from 1.
        number: usize,
        /// The line it is on, counted from 1.
        line: usize,
        /// The text of the move.
        text: String,
        /// What is wrong with it.
        #[source]
        error: ParseMoveError,
    },
    /// A move cannot be played at its point in the game.
    #[error("move {number} ({mv}) on line {line} of the game record cannot be played: {error}")]
    Unplayable {
        /// The move's number, counted from 1.
        number: usize,
        /// The line it is on, counted from 1.
        line: usize,
        /// The move.
        mv: Move,
        /// Why it cannot be played (illegal, or the game was already over).
        #[source]
        error: PlayError,
    },
}

/// The text of a game record, as written by [`Game::to_record`].
struct Record<'a>(&'a Game);

impl fmt::Display for Record<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.0.start_position())?;
        for pair in self.0.moves().chunks(2) {
            match pair {
                [first, second] => writeln!(f, "{first} {second}")?,
                [only] => writeln!(f, "{only}")?,
                _ => {}
            }
        }
        Ok(())
    }
}

impl Game {
    /// The game record of this game: the text to save it, load it again with
    /// [`Game::from_record`], or share it with another host.
    ///
    /// The first line is the position text of the position the game started from; then come
    /// the moves played, in order, as `from-to`, a pair (a turn of each side) per line.
    ///
    /// ```
    /// use halma::Game;
    ///
    /// let mut game = Game::new();
    /// game.play_text("l2-k3")?;
    /// game.play_text("e15-f14")?;
    /// game.play_text("n4-n5")?;
    /// let record = game.to_record();
    /// assert!(record.ends_with(" x\nl2-k3 e15-f14\nn4-n5\n"));
    ///
    /// let again = Game::from_record(&record)?;
    /// assert_eq!(again.moves(), game.moves());
    /// assert_eq!(again.position(), game.position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_record(&self) -> String {
        Record(self).to_string()
    }

    /// Reads a game record and replays it: the game with its whole history, so undo and
    /// repetitions work as if it had been played here.
    ///
    /// The format is [`Game::to_record`]'s, read leniently only in layout: the moves may be
    /// separated by any ASCII whitespace, lines may end with `\n` or `\r\n`. Otherwise it
    /// is strict: the first line is exactly a position text, every move is `from-to` (hop
    /// paths are for typing, not for records), and every move must be legal when it is
    /// replayed, so a record that reads is a game that happened.
    ///
    /// ```
    /// use halma::{Game, ParseRecordError};
    ///
    /// let start = halma::Position::start().to_string();
    /// let game = Game::from_record(&format!("{start}\nl2-k3\ne15-f14\n"))?;
    /// assert_eq!(game.moves().len(), 2);
    ///
    /// // Two moves in a row by x: the second is not legal.
    /// let error = Game::from_record(&format!("{start}\nl2-k3 k3-j4\n")).unwrap_err();
    /// assert!(matches!(error, ParseRecordError::Unplayable { number: 2, line: 2, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_record(text: &str) -> Result<Game, ParseRecordError> {
        if text.trim().is_empty() {
            return Err(ParseRecordError::Empty);
        }
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let start: Position = first.parse().map_err(ParseRecordError::Position)?;
        let mut game = Game::from_position(start);
        let mut number = 0;
        for (index, line) in lines.enumerate() {
            for token in line.split_ascii_whitespace() {
                number += 1;
                play_token(&mut game, token, number, index + 2)?;
            }
        }
        Ok(game)
    }
}

/// Plays the record's move `number`, written `text` on `line`.
fn play_token(
    game: &mut Game,
    text: &str,
    number: usize,
    line: usize,
) -> Result<(), ParseRecordError> {
    let mv: Move = text.parse().map_err(|error| ParseRecordError::MoveSyntax {
        number,
        line,
        text: text.to_owned(),
        error,
    })?;
    game.play(mv).map_err(|error| ParseRecordError::Unplayable {
        number,
        line,
        mv,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;

    const START: &str =
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";

    /// A game of `plies` moves, each the first legal move (deterministic).
    fn played(plies: usize) -> Game {
        let mut game = Game::new();
        for _ in 0..plies {
            let Some(&mv) = game.legal_moves().first() else {
                break;
            };
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn the_empty_game_is_its_start_line() {
        assert_eq!(Game::new().to_record(), format!("{START}\n"));
        let game = Game::from_record(START).unwrap();
        assert!(game.moves().is_empty());
        assert_eq!(*game.position(), Position::start());
    }

    #[test]
    fn round_trip_keeps_moves_positions_and_outcome() {
        for plies in [1, 2, 7, 40] {
            let game = played(plies);
            let again = Game::from_record(&game.to_record()).unwrap();
            assert_eq!(again.moves(), game.moves());
            assert_eq!(again.positions(), game.positions());
            assert_eq!(again.outcome(), game.outcome());
            assert_eq!(again.to_record(), game.to_record());
        }
    }

    #[test]
    fn random_playouts_round_trip() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..50 {
            let mut game = Game::new();
            for _ in 0..120 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                game.play(moves[(seed % moves.len() as u64) as usize])
                    .unwrap();
            }
            let again = Game::from_record(&game.to_record()).unwrap();
            assert_eq!(again.positions(), game.positions());
            assert_eq!(again.outcome(), game.outcome());
        }
    }

    #[test]
    fn a_repetition_draw_survives_the_round_trip() {
        let mut game = Game::new();
        for _ in 0..2 {
            for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
                game.play_text(text).unwrap();
            }
        }
        assert_eq!(game.outcome(), Outcome::Draw(crate::game::Draw::Repetition));
        let again = Game::from_record(&game.to_record()).unwrap();
        assert_eq!(again.outcome(), game.outcome());
    }

    #[test]
    fn any_whitespace_layout_and_crlf_read() {
        let text = format!("{START}\r\nl2-k3\te15-f14\r\n\r\n  n4-n5  \n");
        let game = Game::from_record(&text).unwrap();
        assert_eq!(game.moves().len(), 3);
    }

    #[test]
    fn a_record_from_another_start_position() {
        let text = "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o";
        let mut game = Game::from_position(text.parse().unwrap());
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
        let again = Game::from_record(&game.to_record()).unwrap();
        assert_eq!(again.start_position().to_string(), text);
        assert_eq!(again.moves(), [mv]);
    }

    #[test]
    fn empty_text_is_refused() {
        for text in ["", "\n", "  \n\n"] {
            assert_eq!(
                Game::from_record(text).unwrap_err(),
                ParseRecordError::Empty
            );
        }
    }

    #[test]
    fn a_bad_first_line_is_a_position_error() {
        for text in [
            "garbage",
            "l2-k3",
            &format!(" {START}"),
            &format!("{START} "),
        ] {
            assert!(matches!(
                Game::from_record(text),
                Err(ParseRecordError::Position(_))
            ));
        }
    }

    #[test]
    fn bad_move_text_says_which_move_and_line() {
        let error = Game::from_record(&format!("{START}\nl2-k3 e15-f14\nn4-n5 zz9")).unwrap_err();
        match error {
            ParseRecordError::MoveSyntax {
                number, line, text, ..
            } => {
                assert_eq!((number, line, text.as_str()), (4, 3, "zz9"));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn hop_paths_are_not_record_text() {
        let text = format!("{START}\nn4-n5 b12-b11 n2-n4-n6");
        assert!(matches!(
            Game::from_record(&text),
            Err(ParseRecordError::MoveSyntax {
                number: 3,
                error: ParseMoveError::PathNotAllowed,
                ..
            })
        ));
    }

    #[test]
    fn illegal_moves_are_refused_with_their_reason() {
        let text = format!("{START}\nl2-k3 l1-l2");
        match Game::from_record(&text).unwrap_err() {
            ParseRecordError::Unplayable {
                number,
                line,
                mv,
                error: PlayError::Illegal(_),
            } => assert_eq!((number, line, mv.to_string().as_str()), (2, 2, "l1-l2")),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let mut game = Game::new();
        for _ in 0..2 {
            for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
                game.play_text(text).unwrap();
            }
        }
        let text = format!("{}l2-k3\n", game.to_record());
        assert!(matches!(
            Game::from_record(&text),
            Err(ParseRecordError::Unplayable {
                number: 9,
                error: PlayError::GameOver,
                ..
            })
        ));
    }

    #[test]
    fn errors_read_as_sentences_in_lower_case() {
        let error = Game::from_record(&format!("{START}\nl2-k3 l1-l2")).unwrap_err();
        let message = error.to_string();
        assert!(message.starts_with("move 2 (l1-l2) on line 2"), "{message}");
        assert!(!message.ends_with('.'));
    }
}

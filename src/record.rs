//! Game records: a game saved as text, with its headers, to load it again, replay it or share
//! it with another host.
//!
//! A record is a chess PGN's kind of text: headers, one a line, then the moves numbered, a
//! pair (a turn of each side) a line, then the result.
//!
//! ```text
//! [Site "https://halma.example/g/4f0c9e1d8b7a4c2e9a1b3c5d7e9f1a2b"]
//! [Date "2026-12-01"]
//! [X "Anonymous"]
//! [O "halma level 5"]
//! [Level "5"]
//! [Result "0-1"]
//! [Reason "resignation"]
//!
//! 1. n4-n5 e15-f14
//! 2. n2-n4-n6 b12-b11
//! 0-1
//! ```
//!
//! - **Headers** are `[Name "value"]`, a name of ASCII letters, digits and `_` (a letter
//!   first), a value in double quotes with `\"` and `\\` for a quote and a backslash. The
//!   game writes three: `Result` (`1-0` x won, `0-1` o won, `1/2-1/2` drawn, `*` going on),
//!   `Reason` once it is over (`goal_camp`, `repetition`, `no_moves`: [`Outcome::reason_code`],
//!   or an [`Ending`] beyond the rules: `resignation`, `agreement`, `time`, `abandonment`)
//!   and `Position`, the position text of the start, when the game did not
//!   start from the standard one. The others are the host's, kept as they are, in order: by
//!   convention `Site` (where it was played, its link), `Date` (`YYYY-MM-DD`), `X` and `O`
//!   (the players of each side), `Level` (the computer's level).
//! - **Moves** are `from-to`, or a hop path (`n2-n4-n6`), each checked to be legal when it
//!   is replayed. A move number `N.` (or `N...` before o's move) may precede a move: x's
//!   moves and o's replies share a number, the first move's is 1. A record written here
//!   numbers every pair; a move of o that opens the game is numbered `1...`.
//! - **The result** (`1-0`, `0-1`, `1/2-1/2`, `*`) may end the moves, and must then agree
//!   with the `Result` header. Both must agree with the moves: a game that the rules ended
//!   has that result, and one still going on is `*`, or ended beyond the rules, with the
//!   result that ending gives: won by the side whose opponent resigned (`Reason
//!   "resignation"`), ran out of time (`"time"`) or left (`"abandonment"`), or drawn by
//!   agreement (`Result "1/2-1/2"`, `Reason "agreement"`).
//!
//! The earlier form, which records written before the headers still use, reads too: the start
//! position's text on the first line, then the moves (`from-to`). So does a list of moves
//! alone, from the standard start. Any ASCII whitespace separates moves, lines may end with
//! `\n` or `\r\n`, blank lines are skipped and a leading byte order mark is ignored.

mod read;

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::game::{Draw, Game, Outcome, PlayError};
use crate::moves::Move;
use crate::notation::ParseMoveError;
use crate::position::{ParsePositionError, Position};
use crate::side::Side;

/// The headers written from the game, never set by a host.
const RESERVED: [&str; 3] = ["Result", "Reason", "Position"];

/// How a game between people ended beyond the rules: what a [`Record`] writes as its
/// `Reason` header, with the `Result` that ending gives. Each side named is the side that
/// lost.
///
/// ```
/// use halma::{Ending, Side};
///
/// assert_eq!(Ending::Time(Side::X).reason_code(), "time");
/// assert_eq!(Ending::Time(Side::X).winner(), Some(Side::O));
/// assert_eq!(Ending::Agreement.winner(), None);
/// assert_eq!(Ending::from_reason("abandonment", Some(Side::O)), Some(Ending::Abandonment(Side::X)));
/// assert_eq!(Ending::from_reason("agreement", Some(Side::O)), None); // an agreement is a draw
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side resigned: the other side won (`Reason "resignation"`).
    Resignation(Side),
    /// The players agreed a draw (`Result "1/2-1/2"`, `Reason "agreement"`).
    Agreement,
    /// The side's clock ran out (its flag fell): the other side won (`Reason "time"`).
    Time(Side),
    /// The side left the game and the other claimed the win (`Reason "abandonment"`).
    Abandonment(Side),
}

impl Ending {
    /// The reason codes of the endings beyond the rules, as the `Reason` header writes them.
    pub const REASON_CODES: [&'static str; 4] = ["resignation", "agreement", "time", "abandonment"];

    /// The reason code, as the `Reason` header writes it: `"resignation"`, `"agreement"`,
    /// `"time"` or `"abandonment"`.
    pub fn reason_code(self) -> &'static str {
        let index = match self {
            Ending::Resignation(_) => 0,
            Ending::Agreement => 1,
            Ending::Time(_) => 2,
            Ending::Abandonment(_) => 3,
        };
        Ending::REASON_CODES[index]
    }

    /// The side that won; `None` for a draw (an agreement).
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Resignation(side) | Ending::Time(side) | Ending::Abandonment(side) => {
                Some(side.other())
            }
            Ending::Agreement => None,
        }
    }

    /// The ending of the reason code `reason` that `winner` won (`None`: drawn), if that
    /// ending gives that result: an agreement is drawn, the others are won.
    pub fn from_reason(reason: &str, winner: Option<Side>) -> Option<Ending> {
        match (reason, winner) {
            ("agreement", None) => Some(Ending::Agreement),
            ("resignation", Some(side)) => Some(Ending::Resignation(side.other())),
            ("time", Some(side)) => Some(Ending::Time(side.other())),
            ("abandonment", Some(side)) => Some(Ending::Abandonment(side.other())),
            _ => None,
        }
    }
}

impl fmt::Display for Ending {
    /// The reason code (see [`Ending::reason_code`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason_code())
    }
}

/// A game with its record's headers: what a game record holds.
///
/// ```
/// use halma::{Ending, Game, Record, Side};
///
/// let mut game = Game::new();
/// game.play_text("l2-k3")?;
/// game.play_text("e15-f14")?;
/// let mut record = Record::new(game);
/// record.set_tag("X", "Anonymous")?;
/// record.set_tag("O", "halma level 5")?;
/// record.resign(Side::X)?;
/// let text = record.to_string();
/// assert!(text.contains("[X \"Anonymous\"]\n"));
/// assert!(text.ends_with("[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. l2-k3 e15-f14\n0-1\n"));
///
/// let again: Record = text.parse()?;
/// assert_eq!(again.tag("O"), Some("halma level 5"));
/// assert_eq!(again.resigned(), Some(Side::X));
/// assert_eq!(again.winner(), Some(Side::O));
/// assert_eq!(again.game().moves(), record.game().moves());
///
/// // A draw agreed by the players, read back.
/// let mut drawn = Record::new(again.into_game());
/// drawn.end(Ending::Agreement)?;
/// assert!(drawn.to_string().contains("[Result \"1/2-1/2\"]\n[Reason \"agreement\"]\n"));
/// assert_eq!(drawn.to_string().parse::<Record>()?.ending(), Some(Ending::Agreement));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Record {
    game: Game,
    /// The host's headers, in order; never one of [`RESERVED`].
    tags: Vec<(String, String)>,
    /// How the game ended beyond the rules, only while the rules have not ended it.
    ending: Option<Ending>,
}

impl Record {
    /// The record of `game`, without headers of the host's.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            tags: Vec::new(),
            ending: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, the record's headers dropped.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The value of the host's header `name` (`"Site"`, `"X"`...), if the record has it; the
    /// headers written from the game (`Result`, `Reason`, `Position`) are [`Record::result`],
    /// [`Record::reason`] and the game's start position.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The host's headers, in order: `(name, value)`.
    pub fn tags(&self) -> impl ExactSizeIterator<Item = (&str, &str)> {
        self.tags
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
    }

    /// Sets the header `name` to `value`, in its place if the record has it, else after the
    /// others. Refused: a name that is not ASCII letters, digits and `_` after a letter, the
    /// names written from the game (`Result`, `Reason`, `Position`), a value with a line
    /// break or another control character.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        check_tag(name, value)?;
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => value.clone_into(old),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        Ok(())
    }

    /// Records that the game ended beyond the rules: a resignation, a draw agreed, a flag
    /// fallen, a player gone. Refused ([`PlayError::GameOver`]) once the game is over, by
    /// the rules or such an ending.
    pub fn end(&mut self, ending: Ending) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.ending = Some(ending);
        Ok(())
    }

    /// Records that `side` resigned: the other side wins ([`Record::end`] with
    /// [`Ending::Resignation`]).
    pub fn resign(&mut self, side: Side) -> Result<(), PlayError> {
        self.end(Ending::Resignation(side))
    }

    /// How the game ended beyond the rules, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        match self.ending {
            Some(Ending::Resignation(side)) => Some(side),
            _ => None,
        }
    }

    /// Whether the game is over: by the rules, or an ending beyond them.
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.game.outcome().is_over()
    }

    /// The side that won, by the rules or an ending beyond them; `None` while the game goes
    /// on, and for a draw.
    pub fn winner(&self) -> Option<Side> {
        match (self.ending, self.game.outcome()) {
            (Some(ending), _) => ending.winner(),
            (None, Outcome::Win(side)) => Some(side),
            _ => None,
        }
    }

    /// The result as the `Result` header writes it: `"1-0"` (x won), `"0-1"` (o won),
    /// `"1/2-1/2"` (drawn) or `"*"` (going on).
    pub fn result(&self) -> &'static str {
        Head::of(&self.game, self.ending).result
    }

    /// Why the game ended, as the `Reason` header writes it: the rules' reason
    /// ([`Outcome::reason_code`]: `"goal_camp"`, `"repetition"`, `"no_moves"`) or an
    /// ending's ([`Ending::reason_code`]: `"resignation"`, `"agreement"`, `"time"`,
    /// `"abandonment"`); `None` while it goes on.
    pub fn reason(&self) -> Option<&'static str> {
        Head::of(&self.game, self.ending).reason
    }
}

impl From<Game> for Record {
    fn from(game: Game) -> Record {
        Record::new(game)
    }
}

impl fmt::Display for Record {
    /// Writes the record: the host's headers, `Result`, `Reason` once the game is over,
    /// `Position` when it did not start from the standard start; a blank line; the moves, a
    /// numbered pair a line; the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_record(f, &self.game, &self.tags, self.ending)
    }
}

impl FromStr for Record {
    type Err = ParseRecordError;

    /// Reads a game record, in either form (see [`Record`]), and replays its moves.
    fn from_str(text: &str) -> Result<Record, ParseRecordError> {
        read::record(text)
    }
}

/// The result and reason of `game`, maybe ended beyond the rules by `ending`, as the headers
/// write them.
struct Head {
    result: &'static str,
    reason: Option<&'static str>,
}

impl Head {
    fn of(game: &Game, ending: Option<Ending>) -> Head {
        let outcome = game.outcome();
        match ending {
            Some(ending) if !outcome.is_over() => Head {
                result: result_of(ending.winner()),
                reason: Some(ending.reason_code()),
            },
            _ => Head {
                result: match outcome {
                    Outcome::Ongoing => "*",
                    Outcome::Win(side) => result_of(Some(side)),
                    Outcome::Draw(_) => result_of(None),
                },
                reason: outcome.reason_code(),
            },
        }
    }
}

/// The result token of a game won by `winner`, or drawn.
fn result_of(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::X) => "1-0",
        Some(Side::O) => "0-1",
        None => "1/2-1/2",
    }
}

/// Writes the record of `game` with the headers `tags` and its `ending` beyond the rules.
fn write_record(
    f: &mut fmt::Formatter<'_>,
    game: &Game,
    tags: &[(String, String)],
    ending: Option<Ending>,
) -> fmt::Result {
    let head = Head::of(game, ending);
    for (name, value) in tags {
        write_tag(f, name, value)?;
    }
    write_tag(f, "Result", head.result)?;
    if let Some(reason) = head.reason {
        write_tag(f, "Reason", reason)?;
    }
    let start = game.start_position();
    if *start != Position::start() {
        write_tag(f, "Position", &start.to_string())?;
    }
    writeln!(f)?;
    let first = start.turn();
    for (ply, mv) in game.moves().iter().enumerate() {
        let side = if ply % 2 == 0 { first } else { first.other() };
        let number = move_number(first, ply);
        match (side, ply) {
            (Side::X, 0) => write!(f, "{number}. {mv}")?,
            (Side::X, _) => write!(f, "\n{number}. {mv}")?,
            (Side::O, 0) => write!(f, "{number}... {mv}")?,
            (Side::O, _) => write!(f, " {mv}")?,
        }
    }
    if !game.moves().is_empty() {
        writeln!(f)?;
    }
    writeln!(f, "{}", head.result)
}

/// Writes the header `[name "value"]` and its line break, `"` and `\` escaped.
fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            write!(f, "\\")?;
        }
        write!(f, "{c}")?;
    }
    writeln!(f, "\"]")
}

/// The number of the move `ply` plies (from 0) into a game that `first` opened: x's move and
/// o's reply share one, the first move's is 1.
fn move_number(first: Side, ply: usize) -> usize {
    (ply + first.index()) / 2 + 1
}

/// Checks a header the host sets.
fn check_tag(name: &str, value: &str) -> Result<(), TagError> {
    if !is_tag_name(name) {
        return Err(TagError::Name(name.to_owned()));
    }
    if RESERVED.contains(&name) {
        return Err(TagError::Reserved(name.to_owned()));
    }
    if value.chars().any(char::is_control) {
        return Err(TagError::Value(name.to_owned()));
    }
    Ok(())
}

/// Whether `name` can name a header: ASCII letters, digits and `_`, a letter first.
fn is_tag_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The text of the record of `game` alone: its result, and its start when it is not the
/// standard one, as headers.
pub(crate) struct GameRecord<'a>(pub(crate) &'a Game);

impl fmt::Display for GameRecord<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_record(f, self.0, &[], None)
    }
}

impl Game {
    /// The game record of this game: the text to save it, load it again with
    /// [`Game::from_record`], or share it with another host. Its headers are the ones the
    /// game knows (`Result`, `Reason` once it is over, `Position` when it did not start from
    /// the standard start); a [`Record`] adds the host's (the players, the date...).
    ///
    /// ```
    /// use halma::Game;
    ///
    /// let mut game = Game::new();
    /// game.play_text("l2-k3")?;
    /// game.play_text("e15-f14")?;
    /// game.play_text("n4-n5")?;
    /// assert_eq!(game.to_record(), "[Result \"*\"]\n\n1. l2-k3 e15-f14\n2. n4-n5\n*\n");
    ///
    /// let again = Game::from_record(&game.to_record())?;
    /// assert_eq!(again.moves(), game.moves());
    /// assert_eq!(again.position(), game.position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_record(&self) -> String {
        GameRecord(self).to_string()
    }

    /// Reads a game record and replays it: the game with its whole history, so undo and
    /// repetitions work as if it had been played here. Its headers are checked and dropped
    /// (a [`Record`] keeps them).
    ///
    /// Both forms read (see the [`Record`] format): headers and numbered moves, as
    /// [`Game::to_record`] writes them, and the earlier one, the start position's text on the
    /// first line, then the moves. Every move must be legal when it is replayed, so a record
    /// that reads is a game that happened.
    ///
    /// ```
    /// use halma::{Game, ParseRecordError};
    ///
    /// let game = Game::from_record("1. n4-n5 b12-b11\n2. n2-n4-n6\n")?;
    /// assert_eq!(game.moves().last().map(ToString::to_string).as_deref(), Some("n2-n6"));
    ///
    /// // The earlier form: the start position's text, then the moves.
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
        text.parse().map(Record::into_game)
    }
}

/// A header a [`Record`] refused to set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TagError {
    /// The name is not ASCII letters, digits and `_` after a letter.
    #[error("{0:?} cannot name a header: use ASCII letters, digits and _, a letter first")]
    Name(String),
    /// The header is written from the game (`Result`, `Reason`, `Position`).
    #[error("the {0} header is written from the game; it cannot be set")]
    Reserved(String),
    /// The value holds a line break or another control character.
    #[error("the value of the {0} header holds a line break or another control character")]
    Value(String),
}

/// A game record that could not be read: what is wrong and where (lines counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseRecordError {
    /// The text is empty: no headers, no start position, no moves.
    #[error("the game record is empty: its first line must be the start position text")]
    Empty,
    /// The first line of a record of the earlier form is not valid position text.
    #[error("line 1 of the game record is not a position: {0}")]
    Position(#[source] ParsePositionError),
    /// A line among the headers is not a header `[Name "value"]`, or repeats one.
    #[error("line {line} of the game record is not a header like [Site \"...\"] (or repeats one)")]
    Header {
        /// The line.
        line: usize,
    },
    /// The `Position` header is not valid position text.
    #[error("the Position header on line {line} of the game record is not a position: {error}")]
    PositionHeader {
        /// The line of the header.
        line: usize,
        /// What is wrong with it.
        #[source]
        error: ParsePositionError,
    },
    /// A move number other than the move's.
    #[error(
        "move number {text:?} on line {line} of the game record: the move there is number {expected}"
    )]
    MoveNumber {
        /// The line it is on.
        line: usize,
        /// The number as written.
        text: String,
        /// The number of the move that follows it.
        expected: usize,
    },
    /// A move is not move text (`from-to` or a hop path).
    #[error("move {number} ({text:?}) on line {line} of the game record: {error}")]
    MoveSyntax {
        /// The move's number, counted from 1 (each side's move counts).
        number: usize,
        /// The line it is on.
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
        /// The move's number, counted from 1 (each side's move counts).
        number: usize,
        /// The line it is on.
        line: usize,
        /// The move (origin and destination, for a hop path too).
        mv: Move,
        /// Why it cannot be played (illegal, or the game was already over).
        #[source]
        error: PlayError,
    },
    /// A result (the `Result` header, the moves' last word) or a reason (the `Reason` header)
    /// that is none of those a record knows.
    #[error(
        "{text:?} on line {line} of the game record is not a result (1-0, 0-1, 1/2-1/2, *) \
         or a reason (goal_camp, repetition, no_moves, resignation, agreement, time, \
         abandonment)"
    )]
    Result {
        /// The line it is on.
        line: usize,
        /// The text.
        text: String,
    },
    /// Text after the result that ends the moves.
    #[error("{text:?} on line {line} of the game record comes after the result, which ends it")]
    AfterResult {
        /// The line it is on.
        line: usize,
        /// The text.
        text: String,
    },
    /// The result disagrees with the moves, or the `Result` header with the moves' last word.
    #[error("the game record says {said}, but {actual}")]
    ResultMismatch {
        /// What the record says: `"1-0"`, `"0-1 (resignation)"`, `"1-0 (agreement)"`...
        said: String,
        /// What its moves, or its other result, say.
        actual: String,
    },
}

/// The words for `outcome` in a [`ParseRecordError::ResultMismatch`].
fn outcome_words(outcome: Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "its moves leave the game going on".to_owned(),
        Outcome::Win(side) => format!("its moves end the game won by {side}"),
        Outcome::Draw(Draw::Repetition) => "its moves end the game drawn by repetition".to_owned(),
        Outcome::Draw(Draw::NoMoves) => "its moves end the game drawn, no move left".to_owned(),
    }
}

#[cfg(test)]
mod tests;

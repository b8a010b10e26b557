//! Reading a game record: the headers, the start, the moves replayed one by one, the result
//! checked against them.

use crate::game::{Game, PlayError};
use crate::notation::MoveText;
use crate::position::Position;
use crate::side::Side;

use super::{Ending, Head, ParseRecordError, Record, is_tag_name, move_number, outcome_words};

/// The results a record can state.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The reasons a record can state: the rules' ([`crate::Outcome::reason_code`]) and the
/// endings beyond them ([`Ending::REASON_CODES`]).
const REASONS: [&str; 7] = [
    "goal_camp",
    "repetition",
    "no_moves",
    Ending::REASON_CODES[0],
    Ending::REASON_CODES[1],
    Ending::REASON_CODES[2],
    Ending::REASON_CODES[3],
];

/// A line of the text: its number (from 1) and its text.
type Line<'a> = (usize, &'a str);

/// Reads a record in either form and replays its moves.
pub(super) fn record(text: &str) -> Result<Record, ParseRecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| !line.trim().is_empty())
        .peekable();
    let &(_, first) = lines.peek().ok_or(ParseRecordError::Empty)?;
    let mut headers = Headers::default();
    let start = if first.trim_start().starts_with('[') {
        while let Some(&(line, text)) = lines.peek() {
            if !text.trim_start().starts_with('[') {
                break;
            }
            headers.add(line, text)?;
            lines.next();
        }
        headers.start()?
    } else if first
        .split_ascii_whitespace()
        .next()
        .is_some_and(|word| word.contains('/'))
    {
        // The earlier form: the start position's text alone on the first line.
        lines.next();
        first.parse().map_err(ParseRecordError::Position)?
    } else {
        Position::start()
    };
    let mut replay = Replay {
        game: Game::from_position(start),
        result: None,
    };
    for (line, text) in lines {
        for word in text.split_ascii_whitespace() {
            replay.read(line, word)?;
        }
    }
    let ending = headers.settle(&replay)?;
    Ok(Record {
        game: replay.game,
        tags: headers.tags,
        ending,
    })
}

/// The headers read so far.
#[derive(Default)]
struct Headers {
    /// The host's, in order.
    tags: Vec<(String, String)>,
    /// `Result`, `Reason` and `Position`, with their lines.
    result: Option<(usize, String)>,
    reason: Option<(usize, String)>,
    position: Option<(usize, String)>,
}

impl Headers {
    /// Reads the header on `line`: a header once in the record.
    fn add(&mut self, line: usize, text: &str) -> Result<(), ParseRecordError> {
        let refused = ParseRecordError::Header { line };
        let (name, value) = header(text).ok_or_else(|| refused.clone())?;
        let slot = match name {
            "Result" => &mut self.result,
            "Reason" => &mut self.reason,
            "Position" => &mut self.position,
            _ if self.tags.iter().any(|(tag, _)| tag == name) => return Err(refused),
            _ => {
                self.tags.push((name.to_owned(), value));
                return Ok(());
            }
        };
        if slot.is_some() {
            return Err(refused);
        }
        *slot = Some((line, value));
        Ok(())
    }

    /// The start position: the `Position` header's, else the standard one.
    fn start(&self) -> Result<Position, ParseRecordError> {
        match &self.position {
            None => Ok(Position::start()),
            Some((line, text)) => text
                .parse()
                .map_err(|error| ParseRecordError::PositionHeader { line: *line, error }),
        }
    }

    /// Checks the result and the reason against each other and against the game replayed:
    /// the ending beyond the rules, if the record says the game had one.
    fn settle(&self, replay: &Replay) -> Result<Option<Ending>, ParseRecordError> {
        let result = known(&self.result, &RESULTS)?;
        let reason = known(&self.reason, &REASONS)?;
        if let (Some(header), Some((_, last))) = (result, replay.result)
            && header != last
        {
            return Err(ParseRecordError::ResultMismatch {
                said: header.to_owned(),
                actual: format!("its moves end with {last}"),
            });
        }
        let said = replay.result.map(|(_, last)| last).or(result);
        let game = Head::of(&replay.game, None);
        let agrees = said.is_none_or(|said| said == game.result)
            && reason.is_none_or(|reason| Some(reason) == game.reason);
        if agrees {
            return Ok(None);
        }
        let winner = match said {
            Some("1-0") => Some(Some(Side::X)),
            Some("0-1") => Some(Some(Side::O)),
            Some("1/2-1/2") => Some(None),
            _ => None,
        };
        let ending = match (winner, reason) {
            (Some(winner), Some(reason)) if !replay.game.outcome().is_over() => {
                Ending::from_reason(reason, winner)
            }
            _ => None,
        };
        let mismatch = || ParseRecordError::ResultMismatch {
            said: match (said, reason) {
                (Some(result), Some(reason)) => format!("{result} ({reason})"),
                (result, reason) => result.or(reason).unwrap_or_default().to_owned(),
            },
            actual: outcome_words(replay.game.outcome()),
        };
        ending.map(Some).ok_or_else(mismatch)
    }
}

/// The value of a header that must be one of `known`, if the record has it.
fn known<'a>(
    header: &'a Option<(usize, String)>,
    known: &[&str],
) -> Result<Option<&'a str>, ParseRecordError> {
    match header {
        None => Ok(None),
        Some((_, value)) if known.contains(&value.as_str()) => Ok(Some(value)),
        Some((line, value)) => Err(ParseRecordError::Result {
            line: *line,
            text: value.clone(),
        }),
    }
}

/// The name and value of the header `[Name "value"]` (with `\"` and `\\` in the value), if
/// `text` is one.
fn header(text: &str) -> Option<(&str, String)> {
    let inside = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inside.split_once(|c: char| c.is_ascii_whitespace())?;
    if !is_tag_name(name) {
        return None;
    }
    let quoted = rest.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|c| matches!(c, '"' | '\\'))?),
            '"' => return None,
            c if c.is_control() => return None,
            c => value.push(c),
        }
    }
    Some((name, value))
}

/// The game replayed from the record's moves.
struct Replay<'a> {
    game: Game,
    /// The result that ended the moves, with its line.
    result: Option<Line<'a>>,
}

impl<'a> Replay<'a> {
    /// Reads the word `word` of the moves, on `line`: a result, or a move maybe after its
    /// number.
    fn read(&mut self, line: usize, word: &'a str) -> Result<(), ParseRecordError> {
        if self.result.is_some() {
            return Err(ParseRecordError::AfterResult {
                line,
                text: word.to_owned(),
            });
        }
        if RESULTS.contains(&word) {
            self.result = Some((line, word));
            return Ok(());
        }
        let rest = self.numbered(line, word)?;
        if rest.is_empty() {
            Ok(())
        } else {
            self.play(line, rest)
        }
    }

    /// `word` after its move number (`12.`, `12...`), checked to be the next move's.
    fn numbered<'w>(&self, line: usize, word: &'w str) -> Result<&'w str, ParseRecordError> {
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let dots = word[digits..].len() - word[digits..].trim_start_matches('.').len();
        if digits == 0 || dots == 0 {
            return Ok(word);
        }
        let first = self.game.start_position().turn();
        let expected = move_number(first, self.game.moves().len());
        if word[..digits].parse() != Ok(expected) {
            return Err(ParseRecordError::MoveNumber {
                line,
                text: word[..digits + dots].to_owned(),
                expected,
            });
        }
        Ok(&word[digits + dots..])
    }

    /// Plays the move `text` (`from-to` or a hop path) on `line`.
    fn play(&mut self, line: usize, text: &str) -> Result<(), ParseRecordError> {
        let number = self.game.moves().len() + 1;
        let path: MoveText = text.parse().map_err(|error| ParseRecordError::MoveSyntax {
            number,
            line,
            text: text.to_owned(),
            error,
        })?;
        let mv = path.to_move();
        let unplayable = |error| ParseRecordError::Unplayable {
            number,
            line,
            mv,
            error,
        };
        if self.game.outcome().is_over() {
            return Err(unplayable(PlayError::GameOver));
        }
        let mv = self
            .game
            .position()
            .check_move_text(&path)
            .map_err(|error| unplayable(error.into()))?;
        self.game.play(mv).map_err(unplayable)
    }
}

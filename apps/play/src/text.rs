//! What the game says, in the player's language: the library's values (errors, scores,
//! moves, camps) put into words of the language files (`i18n/*.json`, keys `play.*`).
//!
//! The library's errors are English; each kind the game can meet is said again here in the
//! player's language. A kind added to the library later shows in English until it is.

use std::fmt::Display;
use std::io;

use halma::{
    Bitboard, ForcedResult, IllegalMoveError, InvalidPositionError, Move, ParseMoveError,
    ParsePositionError, ParseRecordError, PlayError, PositionSyntaxError, Side, Square,
};
use halma_i18n::Catalog;
use unicode_width::UnicodeWidthStr;

/// The player's language.
pub type Words = &'static Catalog;

/// Rows of (what to type, what it does) as an indented table: the second column starts at
/// the same place on every line, a row's further lines too, whatever the script (widths as
/// a terminal shows them: Thai vowel and tone marks take no column).
pub fn table(rows: &[(String, String)]) -> String {
    let column = 2 + rows.iter().map(|(left, _)| left.width()).max().unwrap_or(0) + 3;
    let mut text = String::new();
    for (left, right) in rows {
        let mut lines = right.lines();
        let first = lines.next().unwrap_or("");
        text.push_str(&format!(
            "  {left}{:pad$}{first}\n",
            "",
            pad = column - 2 - left.width()
        ));
        for line in lines {
            text.push_str(&format!("{:column$}{line}\n", ""));
        }
    }
    text.pop();
    text
}

/// `text` broken into lines of at most `width` columns at its spaces (a word longer than a
/// line stays whole).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        if !line.is_empty() && line.width() + 1 + word.width() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// The 1-based character at byte `offset` of `text` (where a mistake in typed text is).
fn character_at(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(offset, |before| before.chars().count())
        + 1
}

/// Square names separated by spaces.
pub fn names(squares: Bitboard) -> String {
    squares
        .iter()
        .map(|square| square.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `mv` with the landing squares of its `path` (origin, landings, destination), if any:
/// `"e15-f14"`, `"n2-n6 via n4"`, `"n2-n10 via n4, n6, n8"`.
pub fn describe_move(words: Words, mv: Move, path: &[Square]) -> String {
    let landings = &path[1.min(path.len())..path.len().saturating_sub(1)];
    if landings.is_empty() {
        return mv.to_string();
    }
    let squares: Vec<String> = landings.iter().map(Square::to_string).collect();
    words.format(
        "play.via",
        &[("move", &mv), ("squares", &squares.join(", "))],
    )
}

/// Where a side's home camp is: `"bottom right"`.
pub fn home(words: Words, side: Side) -> &'static str {
    match side {
        Side::X => words.text("play.home.x"),
        Side::O => words.text("play.home.o"),
    }
}

/// A score for people: `+1.25` (moves of race advantage for the side that searched), or a
/// forced result, `wins in 3` / `loses in 4` (plies).
pub fn score(words: Words, score: i32) -> String {
    match ForcedResult::from_score(score) {
        Some(ForcedResult::Win(plies)) => words.format("play.score.wins_in", &[("plies", &plies)]),
        Some(ForcedResult::Loss(plies)) => {
            words.format("play.score.loses_in", &[("plies", &plies)])
        }
        None => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

/// Why a file could not be read or written.
pub fn io_error(words: Words, error: &io::Error) -> String {
    let key = match error.kind() {
        io::ErrorKind::NotFound => "play.io.not_found",
        io::ErrorKind::PermissionDenied => "play.io.permission",
        io::ErrorKind::IsADirectory => "play.io.directory",
        io::ErrorKind::InvalidData => "play.io.not_text",
        // The system's own words (English) for the rarer failures.
        _ => return error.to_string(),
    };
    words.text(key).to_owned()
}

/// A move the game refused; `text` is what the player typed.
pub fn play_error(words: Words, error: &PlayError, text: &str) -> String {
    match error {
        PlayError::Syntax(error) => words.format(
            "play.move.invalid",
            &[("reason", &move_syntax(words, error, text))],
        ),
        PlayError::GameOver => words.text("play.move.game_over").to_owned(),
        PlayError::Illegal(error) => {
            words.format("play.move.illegal", &[("reason", &illegal(words, error))])
        }
        other => other.to_string(),
    }
}

/// Move text that is not move text; `text` is the text.
fn move_syntax(words: Words, error: &ParseMoveError, text: &str) -> String {
    match error {
        ParseMoveError::Empty => words.text("play.syntax.empty").to_owned(),
        ParseMoveError::ExpectedSquare { offset } => words.format(
            "play.syntax.square",
            &[("at", &character_at(text, *offset))],
        ),
        ParseMoveError::ExpectedDash { offset } => {
            words.format("play.syntax.dash", &[("at", &character_at(text, *offset))])
        }
        ParseMoveError::SingleSquare => words.text("play.syntax.single").to_owned(),
        ParseMoveError::RepeatedSquare { square } => {
            words.format("play.syntax.repeated", &[("square", square)])
        }
        ParseMoveError::PathNotAllowed => words.text("play.syntax.path").to_owned(),
        other => other.to_string(),
    }
}

/// Why a well-formed move is not legal.
fn illegal(words: Words, error: &IllegalMoveError) -> String {
    let from_to =
        |key: &str, from: &Square, to: &Square| words.format(key, &[("from", from), ("to", to)]);
    match error {
        IllegalMoveError::PositionWon { winner } => {
            words.format("play.illegal.won", &[("side", winner)])
        }
        IllegalMoveError::SameSquare { square } => {
            words.format("play.illegal.same", &[("square", square)])
        }
        IllegalMoveError::EmptyOrigin { from } => {
            words.format("play.illegal.empty", &[("square", from)])
        }
        IllegalMoveError::NotYourPiece { from, owner } => words.format(
            "play.illegal.not_yours",
            &[("square", from), ("side", owner)],
        ),
        IllegalMoveError::OccupiedTarget { to } => {
            words.format("play.illegal.occupied", &[("square", to)])
        }
        IllegalMoveError::LeavesGoal { from, to } => from_to("play.illegal.leaves_goal", from, to),
        IllegalMoveError::Unreachable { from, to } => from_to("play.illegal.unreachable", from, to),
        IllegalMoveError::NotAJump { from, to } => from_to("play.illegal.not_a_jump", from, to),
        other => other.to_string(),
    }
}

/// A game record that could not be read; `text` is the record.
pub fn record_error(words: Words, error: &ParseRecordError, text: &str) -> String {
    match error {
        ParseRecordError::Empty => words.text("play.record.empty").to_owned(),
        ParseRecordError::Position(error) => {
            let first = text.lines().next().unwrap_or("");
            words.format(
                "play.record.position",
                &[("reason", &position_error(words, error, first))],
            )
        }
        ParseRecordError::MoveSyntax {
            number,
            line,
            text: mv,
            error,
        } => words.format(
            "play.record.move_text",
            &[
                ("number", number),
                ("line", line),
                ("text", &format!("{mv:?}")),
                ("reason", &move_syntax(words, error, mv)),
            ],
        ),
        ParseRecordError::Unplayable {
            number,
            line,
            mv,
            error,
        } => words.format(
            "play.record.unplayable",
            &[
                ("number", number),
                ("line", line),
                ("move", mv),
                ("reason", &play_error(words, error, &mv.to_string())),
            ],
        ),
        other => other.to_string(),
    }
}

/// Position text that could not be read; `text` is the text.
fn position_error(words: Words, error: &ParsePositionError, text: &str) -> String {
    match error {
        ParsePositionError::Syntax(error) => words.format(
            "play.position.syntax",
            &[("reason", &position_syntax(words, error, text))],
        ),
        ParsePositionError::Invalid(error) => words.format(
            "play.position.impossible",
            &[("reason", &impossible(words, error))],
        ),
        other => other.to_string(),
    }
}

/// Text that is not position text.
fn position_syntax(words: Words, error: &PositionSyntaxError, text: &str) -> String {
    let at = |offset: &usize| character_at(text, *offset);
    let with = |key: &str, args: &[(&str, &dyn Display)]| words.format(key, args);
    match error {
        PositionSyntaxError::Empty => words.text("play.position.empty").to_owned(),
        PositionSyntaxError::InvalidCharacter { found, offset } => with(
            "play.position.character",
            &[("found", &format!("{found:?}")), ("at", &at(offset))],
        ),
        PositionSyntaxError::InvalidRun { run, offset } => with(
            "play.position.run",
            &[("run", &format!("{run:?}")), ("at", &at(offset))],
        ),
        PositionSyntaxError::RankTooLong { rank, .. } => {
            with("play.position.rank_long", &[("rank", rank)])
        }
        PositionSyntaxError::RankTooShort { rank, squares } => with(
            "play.position.rank_short",
            &[("rank", rank), ("squares", squares)],
        ),
        PositionSyntaxError::TooManyRanks { .. } => {
            words.text("play.position.too_many_ranks").to_owned()
        }
        PositionSyntaxError::TooFewRanks { ranks } => {
            with("play.position.too_few_ranks", &[("ranks", ranks)])
        }
        PositionSyntaxError::MissingSideToMove => words.text("play.position.no_side").to_owned(),
        PositionSyntaxError::InvalidSideToMove { found, .. } => with(
            "play.position.bad_side",
            &[("found", &format!("{found:?}"))],
        ),
        PositionSyntaxError::TrailingText { offset } => {
            with("play.position.trailing", &[("at", &at(offset))])
        }
        other => other.to_string(),
    }
}

/// A placement no game can have.
fn impossible(words: Words, error: &InvalidPositionError) -> String {
    match error {
        InvalidPositionError::PieceCount { side, count } => words.format(
            "play.position.piece_count",
            &[("side", side), ("count", count)],
        ),
        InvalidPositionError::Overlap { square } => {
            words.format("play.position.overlap", &[("square", square)])
        }
        InvalidPositionError::BothGoalsFilled => words.text("play.position.both_goals").to_owned(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_by_what_the_terminal_shows() {
        let rows = [
            ("ab".to_owned(), "one\ntwo".to_owned()),
            ("ช่อง".to_owned(), "three".to_owned()),
        ];
        // ช่อง is four characters but three columns: its tone mark takes none.
        assert_eq!(table(&rows), "  ab    one\n        two\n  ช่อง   three");
    }

    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(wrap("aa bb cc dd", 5), "aa bb\ncc dd");
        assert_eq!(wrap("a verylongword b", 4), "a\nverylongword\nb");
        assert_eq!(wrap("", 4), "");
    }

    #[test]
    fn a_mistake_is_placed_by_character_not_byte() {
        assert_eq!(character_at("l2-k3", 3), 4);
        assert_eq!(character_at("ก-k3", 3), 2);
        assert_eq!(character_at("ab", 10), 11);
    }

    #[test]
    fn library_errors_are_said_in_the_language() {
        let thai = halma_i18n::find("th").expect("th.json");
        let mut game = halma::Game::new();
        let error = game.play_text("p1-p6").expect_err("illegal");
        let said = play_error(thai, &error, "p1-p6");
        assert!(said.contains("p1") && said.contains("p6"), "{said}");
        assert!(
            halma_i18n::check::english_words(&said, thai).is_empty(),
            "{said}"
        );
        let error = halma::Game::from_record("").expect_err("empty");
        let said = record_error(thai, &error, "");
        assert!(
            halma_i18n::check::english_words(&said, thai).is_empty(),
            "{said}"
        );
    }
}

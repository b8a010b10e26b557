//! The JSON views of a game: its state (what every endpoint that returns a game shows) and a
//! move played or suggested.

use std::collections::BTreeMap;

use halma::{Game, Move, Outcome, Side, Square};
use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use super::life::{self, Life, View};
use super::stored::Loaded;
use super::{Session, now_ms};
use crate::engines::{Progress, Report};

/// A move played or suggested.
#[derive(Serialize, ToSchema)]
pub struct Played<'a> {
    /// `from-to`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The squares it passes through.
    pub path: Vec<String>,
    /// The search that found it, for the computer's moves and hints.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Report>,
    /// The game after it, for moves played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<State<'a>>,
}

/// How the game stands, `result` first.
#[derive(Serialize, ToSchema)]
#[schema(as = Outcome)]
struct OutcomeJson {
    /// `"ongoing"`, `"win"` or `"draw"`.
    result: &'static str,
    /// `"x"` or `"o"` for a win.
    winner: Option<String>,
    /// Why the game ended, in English, for people reading the API.
    reason: Option<String>,
    /// Why the game ended, as a stable code for programs (the page shows it in the player's
    /// language): `"goal_camp"`, `"repetition"` or `"no_moves"` by the rules; in a game
    /// between two people also by its players (`halma::Ending::reason_code`).
    reason_code: Option<&'static str>,
}

/// How the game `session` stands: ended by its players, else by its rules.
fn session_outcome(session: &Session) -> OutcomeJson {
    match session.ending() {
        Some(ending) => OutcomeJson {
            result: if ending.winner().is_some() {
                "win"
            } else {
                "draw"
            },
            winner: ending.winner().map(|side| side.to_string()),
            reason: Some(life::reason(ending)),
            reason_code: Some(ending.reason_code()),
        },
        None => outcome_json(session.game.outcome()),
    }
}

/// The outcome in the library's words.
fn outcome_json(outcome: Outcome) -> OutcomeJson {
    OutcomeJson {
        result: outcome.result_code(),
        winner: outcome.winner().map(|side| side.to_string()),
        reason: outcome.reason(),
        reason_code: outcome.reason_code(),
    }
}

/// Squares per side.
#[derive(Serialize, ToSchema)]
struct BySide {
    /// x's.
    x: Vec<String>,
    /// o's.
    o: Vec<String>,
}

/// The last move and the squares it passed through.
#[derive(Serialize, ToSchema)]
struct LastMove {
    /// `from-to`.
    #[serde(rename = "move")]
    mv: String,
    /// The squares it passed through.
    path: Vec<String>,
    /// The side that played it.
    side: String,
}

/// The state of a game, as every endpoint that returns one shows it (fields in this order).
#[derive(Serialize, ToSchema)]
#[schema(as = GameState)]
pub struct State<'a> {
    /// The game's id: 32 hex digits, unguessable, its capability.
    id: &'a str,
    /// The page that plays the game.
    link: String,
    /// The game's version: every change makes it larger (the live stream's event id), so
    /// that a client orders what it gets, by answer and by stream alike.
    version: i64,
    /// `"your_turn"`, `"computer_turn"`, `"thinking"` (a search runs) or `"over"`.
    status: &'static str,
    /// The side to move, `"x"` or `"o"`.
    turn: String,
    /// Who plays the other side: `"computer"` or `"friend"` (a game between two people).
    opponent: &'static str,
    /// The person's side; in a game between two people, its creator's.
    human: String,
    /// The computer's side and level, in a game against the computer only.
    #[serde(skip_serializing_if = "Option::is_none")]
    computer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 10)]
    level: Option<u8>,
    /// How the game stands.
    outcome: OutcomeJson,
    /// The position now, as text (`halma::Position`'s).
    position: String,
    /// The position the game started from: with `moves`, the game record a client's engine
    /// searches.
    start: String,
    /// Each side's pieces.
    pieces: BySide,
    /// Each side's home camp (the other side's goal).
    camps: BySide,
    /// The moves played, `from-to` each.
    #[schema(value_type = Vec<String>)]
    moves: Texts<'a, Move>,
    /// The last move, `null` before the first.
    last_move: Option<LastMove>,
    /// Where each piece of the side to move can go, when a person is to move.
    destinations: BTreeMap<String, Vec<String>>,
    /// The progress of the search running for the game, `null` when none runs.
    #[schema(value_type = Option<Progress>)]
    thinking: Option<&'a Progress>,
    /// Whether `undo` can take back a move of the person's.
    can_undo: bool,
    /// A game between two people's offers, rematch and clock.
    #[serde(flatten)]
    life: View,
}

/// Items serialized as a list of their texts, written straight into the JSON (a long
/// game's moves, without a string each).
struct Texts<'a, T>(&'a [T]);

impl<T: std::fmt::Display> Serialize for Texts<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Text))
    }
}

/// An item serialized as its text.
struct Text<'a, T>(&'a T);

impl<T: std::fmt::Display> Serialize for Text<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

fn squares(board: halma::Bitboard) -> Vec<String> {
    board.iter().map(|square| square.to_string()).collect()
}

/// Square names.
pub fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(Square::to_string).collect()
}

/// The squares `mv` passes through in `game`'s position.
pub fn path_of(game: &Game, mv: Move) -> Vec<Square> {
    game.position()
        .jump_path(mv)
        .unwrap_or_else(|| vec![mv.from, mv.to])
}

/// The side that played move number `index` (0-based) of a game starting with `start` to move.
pub fn mover(start: Side, index: usize) -> Side {
    if index.is_multiple_of(2) {
        start
    } else {
        start.other()
    }
}

/// The state of `loaded`.
pub fn state(loaded: &Loaded) -> State<'_> {
    let (id, session) = (loaded.id.as_str(), &loaded.session);
    let game = &session.game;
    let position = game.position();
    let turn = position.turn();
    let status = if session.over() {
        "over"
    } else if session.thinking.is_some() {
        "thinking"
    } else if turn == session.person() {
        "your_turn"
    } else {
        "computer_turn"
    };
    let mut destinations = BTreeMap::new();
    if status == "your_turn" {
        for from in position.pieces(turn).iter() {
            let to = position.destinations(from);
            if !to.is_empty() {
                destinations.insert(from.to_string(), squares(to));
            }
        }
    }
    let start = game.start_position().turn();
    let last_move = match (game.moves().last(), game.positions().iter().rev().nth(1)) {
        (Some(&mv), Some(before)) => Some(LastMove {
            mv: mv.to_string(),
            path: names(&before.jump_path(mv).unwrap_or_else(|| vec![mv.from, mv.to])),
            side: mover(start, game.moves().len() - 1).to_string(),
        }),
        _ => None,
    };
    let can_undo = session.thinking.is_none()
        && !session.between_people()
        && (0..game.moves().len()).any(|i| mover(start, i) == session.human);
    State {
        id,
        link: format!("/g/{id}"),
        version: loaded.version,
        status,
        turn: turn.to_string(),
        opponent: session.opponent.name(),
        human: session.human.to_string(),
        computer: session.level().map(|_| session.computer().to_string()),
        level: session.level(),
        outcome: session_outcome(session),
        position: position.to_string(),
        start: game.start_position().to_string(),
        pieces: BySide {
            x: squares(position.pieces(Side::X)),
            o: squares(position.pieces(Side::O)),
        },
        camps: BySide {
            x: squares(Side::X.home()),
            o: squares(Side::O.home()),
        },
        moves: Texts(game.moves()),
        last_move,
        destinations,
        thinking: session.thinking.as_ref().map(|t| &t.progress),
        can_undo,
        life: Life::view(session.life(), turn, now_ms()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::Draw;

    #[test]
    fn every_draw_reason_has_a_code_and_the_page_a_text_for_it_in_every_language() {
        for draw in [Draw::Repetition, Draw::NoMoves] {
            let outcome = outcome_json(Outcome::Draw(draw));
            let code = outcome.reason_code.expect("a draw has a reason code");
            assert!(outcome.reason.is_some());
            // The page shows a draw's reason by the text `page.outcome.<code>` (app.js).
            for catalog in halma_i18n::catalogs() {
                let key = format!("page.outcome.{code}");
                assert!(
                    catalog.messages().contains_key(key.as_str()),
                    "{} lacks {key}",
                    catalog.tag()
                );
            }
        }
        let won = outcome_json(Outcome::Win(Side::O));
        assert_eq!(won.reason_code, Some("goal_camp"));
        assert_eq!(won.winner.as_deref(), Some("o"));
        let ongoing = outcome_json(Outcome::Ongoing);
        assert_eq!((ongoing.reason, ongoing.reason_code), (None, None));
    }
}

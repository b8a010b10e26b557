//! A new game as a client asks for it (`POST /api/games`): its fields checked in turn, the
//! first wrong one refused by name, into a [`Start`] of either kind of game; and the
//! client's share of new games ([`allowed`]).

use std::time::Instant;

use halma::search::DEFAULT_LEVEL;
use halma::{Game, Position, Side};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{AdditionalProperties, Object, ObjectBuilder, SchemaType, Type};

use super::error::{GameError, Reading};
use super::life::Clock;
use super::rules::level;
use crate::clients::{Client, RateLimit};
use crate::metrics::{METRICS, Refusal};

/// Takes a new game from `client`'s share of `creations` (`--games-per-minute`), before
/// anything is stored: every new game, a rematch agreed as much as a game asked for, comes
/// out of the share of the client whose request makes it; `TooManyGames` (with the
/// seconds until the next) when it is used up.
pub fn allowed(creations: &RateLimit, client: Client) -> Result<(), GameError> {
    creations.take(client, Instant::now()).map_err(|wait| {
        let error = GameError::TooManyGames(wait.as_secs() + 1);
        METRICS.refused(Refusal::GamesPerMinute, &error.to_string());
        error
    })
}

/// A new game: all optional.
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The computer's level, 1 to 10 (default 5).
    #[schema(minimum = 1, maximum = 10)]
    level: Option<u8>,
    /// The side the creator plays, `"x"` (the default, moves first) or `"o"`.
    human: Option<String>,
    /// The position to start from, as text (`halma::Position`'s); the start by default.
    position: Option<String>,
    /// `"computer"` (the default) or `"friend"`: a game between two people.
    opponent: Option<String>,
    /// A game between two people's clocks: `{"initial": SECONDS, "increment": SECONDS}`.
    #[schema(schema_with = clock_schema)]
    clock: Option<serde_json::Value>,
}

/// The schema of a new game's clock, which [`Clock::preset`] reads.
fn clock_schema() -> Object {
    let seconds = |description| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .description(Some(description))
    };
    ObjectBuilder::new()
        .schema_type(
            [Type::Object, Type::Null]
                .into_iter()
                .collect::<SchemaType>(),
        )
        .description(Some("A game between two people's clocks, `null` for none"))
        .property(
            "initial",
            seconds("Each side's time at the start, in seconds"),
        )
        .property("increment", seconds("Seconds added after each move"))
        .required("initial")
        .required("increment")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build()
}

/// A new game, checked: what it starts from, and who plays it.
#[derive(Debug)]
pub enum Start {
    /// Against the computer: the person plays `human`, the computer at `level`.
    Computer {
        /// The game, at its start.
        game: Game,
        /// The person's side.
        human: Side,
        /// The computer's level.
        level: u8,
    },
    /// Between two people: the creator plays `creator`, with `clock` if any.
    Friend {
        /// The game, at its start.
        game: Game,
        /// The creator's side.
        creator: Side,
        /// The clocks, if it is played with them.
        clock: Option<Clock>,
    },
}

impl NewGame {
    /// The game this asks for, or the first of its fields that is wrong: the level, the
    /// side, the clock, the opponent, the clock again (for a game against the computer),
    /// the position.
    pub fn check(self) -> Result<Start, GameError> {
        let level = level(self.level.unwrap_or(DEFAULT_LEVEL))?;
        let human = match self.human.as_deref() {
            None | Some("x") => Side::X,
            Some("o") => Side::O,
            Some(other) => return Err(GameError::BadSide(other.to_owned())),
        };
        let clock = match &self.clock {
            Some(value) => Clock::preset(value)?,
            None => None,
        };
        let friends = match self.opponent.as_deref() {
            None | Some("computer") => false,
            Some("friend") => true,
            Some(other) => return Err(GameError::BadOpponent(other.to_owned())),
        };
        if clock.is_some() && !friends {
            return Err(GameError::BadClock(
                "clocks are for games between two people".to_owned(),
            ));
        }
        let game = match self.position.as_deref() {
            Some(text) => Game::from_position(
                text.parse::<Position>()
                    .map_err(|error| GameError::refused(Reading::Position, &error))?,
            ),
            None => Game::new(),
        };
        Ok(if friends {
            Start::Friend {
                game,
                creator: human,
                clock,
            }
        } else {
            Start::Computer { game, human, level }
        })
    }
}

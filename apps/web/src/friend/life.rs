//! A game between two people beyond its rules (`docs/live.md`): the endings the players
//! make (a resignation, a draw by agreement), the offers standing between them, and the
//! game that follows it. It is stored with the game (`halma_games.life`, JSON), so that
//! every change of it is a change of the game: one compare-and-swap on the row's version,
//! decided once across processes, and one version more for the live streams.

use halma::Side;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;

/// Why a game between two people ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A player resigned: the other wins.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
}

/// How a game between two people ended off the board: why, and who won (`None`: a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Why.
    pub reason: Reason,
    /// The winner, `None` for a draw.
    #[serde(with = "side_text")]
    pub winner: Option<Side>,
}

impl Ending {
    /// The stable code of its reason, for programs (the page shows it in the player's
    /// language).
    pub fn reason_code(self) -> &'static str {
        match self.reason {
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
        }
    }

    /// Its reason in English, for people reading the API.
    pub fn reason(self) -> String {
        let loser = self.winner.map(Side::other);
        match (self.reason, loser) {
            (Reason::Resignation, Some(loser)) => format!("{loser} resigned"),
            _ => "the players agreed to a draw".to_owned(),
        }
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} won: {}", self.reason()),
            None => write!(f, "a draw: {}", self.reason()),
        }
    }
}

/// The offers standing: each the side that made it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// A draw, offered by this side.
    #[serde(with = "side_text")]
    pub draw: Option<Side>,
    /// A rematch, offered by this side.
    #[serde(with = "side_text")]
    pub rematch: Option<Side>,
}

/// What a player does with an offer (`{"action": ...}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Makes one (or accepts the opponent's, if one stands).
    Offer,
    /// Accepts the opponent's.
    Accept,
    /// Declines the opponent's.
    Decline,
}

/// What an answer to an offer comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The offer stands, or was declined: nothing more happens.
    Stands,
    /// Both players want it: it happens.
    Agreed,
}

/// Answers `action` of `side` on the offer `standing` (the side that made it, if any), which
/// it changes; one field: a player has at most one offer of each kind standing.
pub fn answer(standing: &mut Option<Side>, side: Side, action: Action) -> Result<Answer, ApiError> {
    match (action, *standing) {
        (Action::Offer, None) => {
            *standing = Some(side);
            Ok(Answer::Stands)
        }
        (Action::Offer, Some(maker)) if maker == side => Err(ApiError::OfferPending),
        (Action::Decline, Some(maker)) if maker != side => {
            *standing = None;
            Ok(Answer::Stands)
        }
        (Action::Offer | Action::Accept, Some(maker)) if maker != side => {
            *standing = None;
            Ok(Answer::Agreed)
        }
        // An answer to no offer, or to one's own.
        _ => Err(ApiError::NoOffer),
    }
}

/// The life of a game between two people, as stored with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Life {
    /// How it ended off the board, if it did.
    pub ending: Option<Ending>,
    /// The offers standing.
    pub offers: Offers,
    /// The game that followed it (a rematch), if any.
    pub rematch: Option<String>,
}

impl Life {
    /// A move was played: a standing draw offer lapses (its maker moved, or the opponent
    /// played on).
    pub fn moved(&mut self) {
        self.offers.draw = None;
    }

    /// The game ended as `ending`: no offer of a draw stands any more.
    pub fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.offers.draw = None;
    }

    /// Its fields in a game's state (`life` is `None` for a game against the computer: no
    /// offers, no rematch, no clock).
    pub fn view(life: Option<&Life>) -> View {
        View {
            offers: life.map(|life| life.offers).unwrap_or_default(),
            rematch: life.and_then(|life| life.rematch.clone()),
            clock: None,
        }
    }
}

/// A game's life as its state shows it, after the other fields: `offers`, `rematch` and
/// `clock`.
#[derive(Serialize)]
pub struct View {
    offers: Offers,
    rematch: Option<String>,
    clock: Option<Value>,
}

/// A side as its text (`"x"`, `"o"`) in the stored JSON, `null` for none.
mod side_text {
    use halma::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(side: &Option<Side>, serializer: S) -> Result<S::Ok, S::Error> {
        match side {
            Some(side) => serializer.collect_str(side),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Side>, D::Error> {
        match Option::<String>::deserialize(deserializer)?.as_deref() {
            None => Ok(None),
            Some("x") => Ok(Some(Side::X)),
            Some("o") => Ok(Some(Side::O)),
            Some(other) => Err(serde::de::Error::custom(format!("no side {other:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offer_is_one_field_answered_by_the_other_side() {
        let mut standing = None;
        assert_eq!(
            answer(&mut standing, Side::X, Action::Accept)
                .unwrap_err()
                .to_string(),
            ApiError::NoOffer.to_string()
        );
        assert_eq!(
            answer(&mut standing, Side::X, Action::Offer).unwrap(),
            Answer::Stands
        );
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Offer),
            Err(ApiError::OfferPending)
        ));
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Accept),
            Err(ApiError::NoOffer)
        ));
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Decline),
            Err(ApiError::NoOffer)
        ));
        assert_eq!(standing, Some(Side::X));
        assert_eq!(
            answer(&mut standing, Side::O, Action::Decline).unwrap(),
            Answer::Stands
        );
        assert_eq!(standing, None);
        answer(&mut standing, Side::O, Action::Offer).unwrap();
        // Offering while the opponent's offer stands accepts it.
        assert_eq!(
            answer(&mut standing, Side::X, Action::Offer).unwrap(),
            Answer::Agreed
        );
        assert_eq!(standing, None);
    }

    #[test]
    fn a_life_survives_its_json() {
        let mut life = Life::default();
        life.offers.draw = Some(Side::O);
        life.moved();
        assert_eq!(life.offers.draw, None);
        life.offers.rematch = Some(Side::X);
        life.end(Ending {
            reason: Reason::Resignation,
            winner: Some(Side::O),
        });
        let text = serde_json::to_string(&life).unwrap();
        assert_eq!(serde_json::from_str::<Life>(&text).unwrap(), life);
        let ending = life.ending.unwrap();
        assert_eq!(
            (ending.reason_code(), ending.reason().as_str()),
            ("resignation", "x resigned")
        );
        assert!(
            serde_json::from_str::<Life>(
                r#"{"ending":null,"offers":{"draw":"z","rematch":null},"rematch":null}"#
            )
            .is_err()
        );
    }
}

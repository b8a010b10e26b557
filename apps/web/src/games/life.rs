//! A game between two people beyond its rules (`docs/live.md`): the endings the players
//! make (a resignation, a draw by agreement), the offers standing between them, and the
//! game that follows it. It is stored with the game (`halma_games.life`, JSON), so that
//! every change of it is a change of the game: one compare-and-swap on the row's version,
//! decided once across processes, and one version more for the live streams.

use halma::{Ending, Side};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::games::error::GameError;

/// How a game between two people ended off the board, in English, for people reading the
/// API (the stable code is [`Ending::reason_code`]).
pub fn reason(ending: Ending) -> String {
    match ending {
        Ending::Resignation(loser) => format!("{loser} resigned"),
        Ending::Time(loser) => format!("{loser} ran out of time"),
        Ending::Abandonment(loser) => format!("{loser} left the game"),
        Ending::Agreement => "the players agreed to a draw".to_owned(),
    }
}

/// The result and reason of `ending` in English: "o won: x resigned".
pub fn describe(ending: Ending) -> String {
    match ending.winner() {
        Some(winner) => format!("{winner} won: {}", reason(ending)),
        None => format!("a draw: {}", reason(ending)),
    }
}

/// The offers standing: each the side that made it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Offers {
    /// A draw, offered by this side (`"x"` or `"o"`).
    #[schema(value_type = Option<String>)]
    pub draw: Option<Side>,
    /// A rematch, offered by this side (`"x"` or `"o"`).
    #[schema(value_type = Option<String>)]
    pub rematch: Option<Side>,
}

/// What a player does with an offer (`{"action": ...}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
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
pub fn answer(
    standing: &mut Option<Side>,
    side: Side,
    action: Action,
) -> Result<Answer, GameError> {
    match (action, *standing) {
        (Action::Offer, None) => {
            *standing = Some(side);
            Ok(Answer::Stands)
        }
        (Action::Offer, Some(maker)) if maker == side => Err(GameError::OfferPending),
        (Action::Decline, Some(maker)) if maker != side => {
            *standing = None;
            Ok(Answer::Stands)
        }
        (Action::Offer | Action::Accept, Some(maker)) if maker != side => {
            *standing = None;
            Ok(Answer::Agreed)
        }
        // An answer to no offer, or to one's own.
        _ => Err(GameError::NoOffer),
    }
}

/// The longest and shortest time a clock may start with, in seconds.
const INITIAL: std::ops::RangeInclusive<u64> = 10..=3600;

/// The most and least time a move may add to its mover's clock, in seconds.
const INCREMENT: std::ops::RangeInclusive<u64> = 0..=60;

/// A game's clocks, kept by the server only: each side's time left, and since when the
/// running one runs (server time, Unix ms). The side to move's clock runs from the moment
/// both seats are taken until the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Each side's time at the start, in seconds.
    pub initial: u64,
    /// Added to a side's time by each of its moves, in seconds.
    pub increment: u64,
    /// x's time left when its clock last stopped (or at the start), in ms.
    pub x_ms: i64,
    /// o's time left likewise.
    pub o_ms: i64,
    /// Since when the side to move's clock runs; `None` while no clock runs.
    pub since: Option<i64>,
}

impl Clock {
    /// A clock of `initial` seconds and `increment` seconds a move, not running;
    /// `bad_clock` out of the presets' bounds.
    pub fn new(initial: u64, increment: u64) -> Result<Clock, GameError> {
        if !INITIAL.contains(&initial) || !INCREMENT.contains(&increment) {
            return Err(GameError::BadClock(format!(
                "initial must be {} to {} seconds and increment {} to {}, not {initial} and {increment}",
                INITIAL.start(),
                INITIAL.end(),
                INCREMENT.start(),
                INCREMENT.end()
            )));
        }
        let ms = i64::try_from(initial * 1000).unwrap_or(i64::MAX);
        Ok(Clock {
            initial,
            increment,
            x_ms: ms,
            o_ms: ms,
            since: None,
        })
    }

    /// The clock a new game asks for (`{"initial": SECONDS, "increment": SECONDS}`, whole
    /// numbers in the presets' bounds); `null` is none. Anything else is `BadClock`.
    pub fn preset(value: &serde_json::Value) -> Result<Option<Clock>, GameError> {
        if value.is_null() {
            return Ok(None);
        }
        let field = |name| value.get(name).and_then(serde_json::Value::as_u64);
        let fields = value.as_object().map_or(0, serde_json::Map::len);
        match (field("initial"), field("increment"), fields) {
            (Some(initial), Some(increment), 2) => Clock::new(initial, increment).map(Some),
            _ => Err(GameError::BadClock(
                r#"a clock is {"initial": SECONDS, "increment": SECONDS}"#.to_owned(),
            )),
        }
    }

    /// The clock of `side`, as stored.
    fn stored(&mut self, side: Side) -> &mut i64 {
        match side {
            Side::X => &mut self.x_ms,
            Side::O => &mut self.o_ms,
        }
    }

    /// `side`'s time left at `now` (ms), `turn` being the side to move.
    pub fn left(&self, side: Side, turn: Side, now: i64) -> i64 {
        let stored = match side {
            Side::X => self.x_ms,
            Side::O => self.o_ms,
        };
        match self.since {
            Some(since) if side == turn => (stored - (now - since).max(0)).max(0),
            _ => stored,
        }
    }

    /// Stops the running clock of `turn` at `now`, charging it the time it ran.
    fn stop(&mut self, turn: Side, now: i64) {
        let left = self.left(turn, turn, now);
        *self.stored(turn) = left;
        self.since = None;
    }
}

/// The life of a game between two people, as stored with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Life {
    /// How it ended off the board, if it did.
    #[serde(with = "ending_json")]
    pub ending: Option<Ending>,
    /// The offers standing.
    pub offers: Offers,
    /// The game that followed it (a rematch), if any.
    pub rematch: Option<String>,
    /// Its clocks, if it is played with them.
    #[serde(default)]
    pub clock: Option<Clock>,
}

impl Life {
    /// The life of a new game, played with `clock` (if any).
    pub fn new(clock: Option<Clock>) -> Life {
        Life {
            clock,
            ..Life::default()
        }
    }

    /// The life of a rematch of this game: the same clock, afresh, running from `now` (both
    /// seats are taken).
    pub fn rematch(&self, now: i64) -> Life {
        let clock = self.clock.and_then(|clock| {
            let mut fresh = Clock::new(clock.initial, clock.increment).ok()?;
            fresh.since = Some(now);
            Some(fresh)
        });
        Life::new(clock)
    }

    /// Both seats are taken at `now`: the side to move's clock starts, if the game has one
    /// that has not started; whether it did.
    pub fn start_clock(&mut self, now: i64) -> bool {
        match &mut self.clock {
            Some(clock) if clock.since.is_none() && self.ending.is_none() => {
                clock.since = Some(now);
                true
            }
            _ => false,
        }
    }

    /// No server ran from `down` to `up` (Unix ms): a running clock is charged none of that
    /// time (it had run until `down`, and runs on from `up`); whether one ran.
    pub fn resume(&mut self, down: i64, up: i64) -> bool {
        match &mut self.clock {
            Some(Clock {
                since: Some(since), ..
            }) if self.ending.is_none() => {
                *since = (*since + (up - down).max(0)).min(up);
                true
            }
            _ => false,
        }
    }

    /// Whether a clock runs.
    pub fn clock_runs(&self) -> bool {
        self.clock.is_some_and(|clock| clock.since.is_some())
    }

    /// When the flag of `turn`, the side to move, falls (Unix ms), while its clock runs.
    pub fn flag_at(&self, turn: Side) -> Option<i64> {
        let clock = self.clock?;
        Some(clock.since? + clock.left(turn, turn, clock.since?))
    }

    /// The ending of a flag fallen at `now` (`turn` to move), if it fell.
    pub fn flag_fallen(&self, turn: Side, now: i64) -> Option<Ending> {
        (self.ending.is_none() && self.flag_at(turn).is_some_and(|at| at <= now))
            .then_some(Ending::Time(turn))
    }

    /// Ends the game if the flag of `turn` fell by `now`; whether it did.
    pub fn settle(&mut self, turn: Side, now: i64) -> bool {
        match self.flag_fallen(turn, now) {
            Some(ending) => {
                self.end(ending, turn, now);
                true
            }
            None => false,
        }
    }

    /// `mover` played a move at `now`, which ended the game by its rules if `over`: a
    /// standing draw offer lapses (its maker moved, or the opponent played on), and the
    /// mover's clock, if running, is charged its time and given the increment, the other
    /// side's clock starting (none if over).
    pub fn moved(&mut self, mover: Side, now: i64, over: bool) {
        self.offers.draw = None;
        if let Some(clock) = &mut self.clock
            && clock.since.is_some()
        {
            clock.stop(mover, now);
            let increment = i64::try_from(clock.increment * 1000).unwrap_or(0);
            *clock.stored(mover) += increment;
            clock.since = (!over).then_some(now);
        }
    }

    /// The game ended as `ending` at `now`, `turn` to move: no offer of a draw stands any
    /// more, and the clocks stop.
    pub fn end(&mut self, ending: Ending, turn: Side, now: i64) {
        self.ending = Some(ending);
        self.offers.draw = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(turn, now);
        }
    }

    /// Its fields in a game's state at `now`, `turn` to move (`life` is `None` for a game
    /// against the computer: no offers, no rematch, no clock).
    pub fn view(life: Option<&Life>, turn: Side, now: i64) -> View {
        let clock = life.and_then(|life| life.clock).map(|clock| ClockView {
            initial: clock.initial,
            increment: clock.increment,
            x_ms: clock.left(Side::X, turn, now),
            o_ms: clock.left(Side::O, turn, now),
            running: clock.since.map(|_| turn.to_string()),
        });
        View {
            offers: life.map(|life| life.offers).unwrap_or_default(),
            rematch: life.and_then(|life| life.rematch.clone()),
            clock,
        }
    }
}

/// The clocks as the state shows them: each side's time left as of the moment the state
/// was written, and the side whose clock runs.
#[derive(Serialize, ToSchema)]
#[schema(as = Clock)]
struct ClockView {
    /// Each side's time at the start, in seconds.
    initial: u64,
    /// The seconds added to a side's time after each of its moves.
    increment: u64,
    /// x's time left, in milliseconds.
    x_ms: i64,
    /// o's time left, in milliseconds.
    o_ms: i64,
    /// The side whose clock runs (`"x"` or `"o"`), `null` while none does.
    running: Option<String>,
}

/// A game's life as its state shows it, after the other fields: `offers`, `rematch` and
/// `clock`.
#[derive(Serialize, ToSchema)]
pub struct View {
    /// The offers standing (none in a game against the computer).
    offers: Offers,
    /// The id of the rematch, once both players agreed to one.
    rematch: Option<String>,
    /// The clocks, in a game between two people played with them.
    clock: Option<ClockView>,
}

/// A side as its text (`"x"`, `"o"`) in the stored JSON, `null` for none.
mod ending_json {
    use halma::{Ending, Side};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// An ending as stored: its reason code and its winner (`None`: a draw).
    #[derive(Serialize, Deserialize)]
    struct Stored {
        reason: String,
        winner: Option<Side>,
    }

    pub fn serialize<S: Serializer>(
        ending: &Option<Ending>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        ending
            .map(|ending| Stored {
                reason: ending.reason_code().to_owned(),
                winner: ending.winner(),
            })
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Ending>, D::Error> {
        Option::<Stored>::deserialize(deserializer)?
            .map(|Stored { reason, winner }| {
                Ending::from_reason(&reason, winner).ok_or_else(|| {
                    serde::de::Error::custom(format!("no ending {reason:?} won by {winner:?}"))
                })
            })
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_runs_for_the_side_to_move_from_both_seats_taken_to_its_flag() {
        assert!(Clock::new(9, 0).is_err() && Clock::new(10, 61).is_err());
        let mut life = Life::new(Some(Clock::new(10, 2).unwrap()));
        assert_eq!(
            life.flag_at(Side::X),
            None,
            "no clock before both seats are taken"
        );
        assert!(life.start_clock(1_000) && !life.start_clock(2_000));
        assert_eq!(life.flag_at(Side::X), Some(11_000));
        // x moves after 3 s: 7 s left, 2 more; o's clock runs.
        life.moved(Side::X, 4_000, false);
        let clock = life.clock.unwrap();
        assert_eq!(
            (clock.x_ms, clock.o_ms, clock.since),
            (9_000, 10_000, Some(4_000))
        );
        assert_eq!(clock.left(Side::O, Side::O, 5_500), 8_500);
        assert_eq!(clock.left(Side::X, Side::O, 5_500), 9_000);
        assert_eq!(life.flag_fallen(Side::O, 13_999), None);
        assert!(!life.settle(Side::O, 13_999));
        assert!(life.settle(Side::O, 14_000));
        let ending = life.ending.unwrap();
        assert_eq!(
            (ending.reason_code(), ending.winner()),
            ("time", Some(Side::X))
        );
        assert_eq!(reason(ending), "o ran out of time");
        let clock = life.clock.unwrap();
        assert_eq!((clock.o_ms, clock.since), (0, None));
        assert!(!life.settle(Side::O, 20_000), "decided once");
        // A rematch: the same preset, afresh, running.
        let next = life.rematch(30_000).clock.unwrap();
        assert_eq!(
            (next.x_ms, next.o_ms, next.since),
            (10_000, 10_000, Some(30_000))
        );
    }

    #[test]
    fn a_running_clock_is_charged_none_of_the_downtime() {
        let mut life = Life::new(Some(Clock::new(60, 0).unwrap()));
        assert!(!life.resume(5_000, 13_000), "no clock runs yet");
        life.start_clock(1_000);
        // Down from 5 s to 13 s: x had used 4 s, and uses 1 s more after.
        assert!(life.resume(5_000, 13_000));
        assert_eq!(life.clock.unwrap().left(Side::X, Side::X, 14_000), 55_000);
        // A clock started after the last mark runs from the start again.
        let mut late = Life::new(Some(Clock::new(60, 0).unwrap()));
        late.start_clock(6_000);
        assert!(late.resume(5_000, 13_000));
        assert_eq!(late.clock.unwrap().since, Some(13_000));
        late.end(Ending::Time(Side::X), Side::X, 14_000);
        assert!(!late.resume(20_000, 30_000), "over: no clock runs");
    }

    #[test]
    fn an_offer_is_one_field_answered_by_the_other_side() {
        let mut standing = None;
        assert_eq!(
            answer(&mut standing, Side::X, Action::Accept)
                .unwrap_err()
                .to_string(),
            GameError::NoOffer.to_string()
        );
        assert_eq!(
            answer(&mut standing, Side::X, Action::Offer).unwrap(),
            Answer::Stands
        );
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Offer),
            Err(GameError::OfferPending)
        ));
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Accept),
            Err(GameError::NoOffer)
        ));
        assert!(matches!(
            answer(&mut standing, Side::X, Action::Decline),
            Err(GameError::NoOffer)
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
        life.moved(Side::X, 0, false);
        assert_eq!(life.offers.draw, None);
        life.offers.rematch = Some(Side::X);
        life.end(Ending::Resignation(Side::X), Side::X, 0);
        let text = serde_json::to_string(&life).unwrap();
        assert_eq!(serde_json::from_str::<Life>(&text).unwrap(), life);
        let ending = life.ending.unwrap();
        assert_eq!(
            (ending.reason_code(), reason(ending).as_str()),
            ("resignation", "x resigned")
        );
        assert!(
            text.contains(r#""ending":{"reason":"resignation","winner":"o"}"#),
            "{text}"
        );
        assert!(
            serde_json::from_str::<Life>(
                r#"{"ending":{"reason":"agreement","winner":"o"},"offers":{"draw":null,"rematch":null},"rematch":null}"#
            )
            .is_err(),
            "an agreement is a draw"
        );
        assert!(
            serde_json::from_str::<Life>(
                r#"{"ending":null,"offers":{"draw":"z","rematch":null},"rematch":null}"#
            )
            .is_err()
        );
    }
}

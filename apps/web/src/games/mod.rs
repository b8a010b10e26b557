//! The games, the domain's core: a [`Session`] (the game, the sides, who the opponent is, a
//! running search; a game between two people's life beyond its rules, [`life`], and its
//! seats, [`seats`]), read from and written to the store on every request ([`stored`]), so
//! that every process sharing the database serves every game, and a restart loses nothing;
//! the checks every change passes ([`rules`]), a move played ([`moves`]), and the game's
//! JSON views ([`state`]). Plain Rust types and [`GameError`]s: nothing here knows HTTP.

pub mod error;
pub mod life;
pub mod moves;
pub mod new;
pub mod replays;
pub mod rules;
pub mod seats;
pub mod state;
pub mod stored;

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use halma::{Ending, Game, Side};

use crate::engines::Progress;
use life::Life;

/// A new game id: 128 random bits from the operating system, as 32 hex digits.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random numbers");
    hex(&bytes)
}

/// Whether `id` looks like an id at all (32 lower-case hex digits).
pub fn valid_id(id: &str) -> bool {
    is_hex(id, 32)
}

/// `bytes` in lower-case hex, two digits each.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` is exactly `digits` lower-case hex digits.
pub fn is_hex(text: &str, digits: usize) -> bool {
    text.len() == digits && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A search holding a game: no other change is made to it until the search ends.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// Names the search, so that only it clears its mark.
    pub token: String,
    /// When the mark lapses (Unix ms), should the process running the search die.
    pub until_ms: i64,
    /// How far it got.
    pub progress: Progress,
}

/// Who plays the other side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer, at its level (1 to 10).
    Computer {
        /// The computer's level.
        level: u8,
    },
    /// A friend: a game between two people, both sides a person's, with its life beyond its
    /// rules (its endings, offers, clocks and rematch).
    Friend(Life),
}

impl Opponent {
    /// The opponent's name in a game's state and in the store: `"computer"` or `"friend"`.
    pub fn name(&self) -> &'static str {
        match self {
            Opponent::Computer { .. } => "computer",
            Opponent::Friend(_) => "friend",
        }
    }
}

/// One game against the computer, or between two people.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game itself, shared with the kept replays (`replays.rs`) while unchanged.
    pub game: Arc<Game>,
    /// The side the person plays (the computer plays the other); in a game between two
    /// people, its creator's side.
    pub human: Side,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// Set while a search for this game runs (the computer's move or a hint).
    pub thinking: Option<Thinking>,
}

impl Session {
    /// The game, to change: a copy of its own if it was shared.
    pub fn game_mut(&mut self) -> &mut Game {
        Arc::make_mut(&mut self.game)
    }

    /// The side of the computer.
    pub fn computer(&self) -> Side {
        self.human.other()
    }

    /// Whether both sides are people's (a game between two people).
    pub fn between_people(&self) -> bool {
        matches!(self.opponent, Opponent::Friend(_))
    }

    /// The computer's level, in a game against the computer.
    pub fn level(&self) -> Option<u8> {
        match self.opponent {
            Opponent::Computer { level } => Some(level),
            Opponent::Friend(_) => None,
        }
    }

    /// A game between two people's life beyond its rules.
    pub fn life(&self) -> Option<&Life> {
        match &self.opponent {
            Opponent::Friend(life) => Some(life),
            Opponent::Computer { .. } => None,
        }
    }

    /// A game between two people's life, to change it.
    pub fn life_mut(&mut self) -> Option<&mut Life> {
        match &mut self.opponent {
            Opponent::Friend(life) => Some(life),
            Opponent::Computer { .. } => None,
        }
    }

    /// The side whose moves a person makes now: the person's, or in a game between two
    /// people the side to move.
    pub fn person(&self) -> Side {
        if self.between_people() {
            self.game.position().turn()
        } else {
            self.human
        }
    }

    /// Whether the game is over, by its rules or by its players.
    pub fn over(&self) -> bool {
        self.ending().is_some() || self.game.outcome().is_over()
    }

    /// Whether a clock of the game runs (its state then changes with time).
    pub fn clock_runs(&self) -> bool {
        self.life().is_some_and(Life::clock_runs)
    }

    /// The ending of the side to move's flag, if it fell by `now` and is not stored yet.
    pub fn flag_fallen(&self, now: i64) -> Option<Ending> {
        let turn = self.game.position().turn();
        self.life()?.flag_fallen(turn, now)
    }

    /// Ends the game if the side to move's flag fell by `now`; whether it did.
    pub fn settle(&mut self, now: i64) -> bool {
        let turn = self.game.position().turn();
        self.life_mut().is_some_and(|life| life.settle(turn, now))
    }

    /// When the side to move's flag falls (Unix ms), while its clock runs.
    pub fn flag_at(&self) -> Option<i64> {
        let turn = self.game.position().turn();
        self.life()?.flag_at(turn)
    }

    /// How the players ended the game off the board, if they did.
    pub fn ending(&self) -> Option<Ending> {
        self.life()?.ending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_random_bits_in_hex() {
        let a = new_id();
        let b = new_id();
        assert!(valid_id(&a) && valid_id(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!valid_id("0123456789abcdef"));
        assert!(!valid_id(&a.to_uppercase()));
        assert!(!valid_id(&format!("{}g", &a[..31])));
    }
}

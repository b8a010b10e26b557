//! The checks a change of a game passes before it is made: each refuses with the
//! [`GameError`] that says what stands in its way.

use super::error::GameError;
use super::life;
use super::{Session, now_ms};
use crate::engines::Purpose;

/// Checks a computer's level: 1 to 10.
pub fn level(level: u8) -> Result<u8, GameError> {
    if (1..=10).contains(&level) {
        Ok(level)
    } else {
        Err(GameError::BadLevel(level))
    }
}

/// Refuses a change while a search holds the game.
pub fn not_thinking(session: &Session) -> Result<(), GameError> {
    match &session.thinking {
        Some(thinking) => Err(match thinking.progress.purpose {
            Purpose::Move => GameError::Thinking,
            Purpose::Hint => GameError::ThinkingOfHint,
        }),
        None => Ok(()),
    }
}

/// Refuses what only a game against the computer has (its moves, hints, undo, level) in a
/// game between two people.
pub fn computer_plays(session: &Session) -> Result<(), GameError> {
    if session.between_people() {
        Err(GameError::FriendGame)
    } else {
        Ok(())
    }
}

/// Refuses a change of a game that is over, by its rules or by its players.
pub fn ongoing(session: &Session) -> Result<(), GameError> {
    let outcome = session.game.outcome();
    // A flag that fell is an ending, stored or not yet.
    match session.ending().or_else(|| session.flag_fallen(now_ms())) {
        Some(ending) => Err(GameError::GameOver(life::describe(ending))),
        None if outcome.is_over() => Err(GameError::GameOver(outcome.to_string())),
        None => Ok(()),
    }
}

/// Refuses a move (or a search for one) in a finished game, and in a game that has
/// `max_plies` moves: the rules bound no game's length, the server does, so that each
/// request's work on a game (reading its record, judging it) stays bounded.
pub fn playable(session: &Session, max_plies: usize) -> Result<(), GameError> {
    ongoing(session)?;
    if session.game.moves().len() >= max_plies {
        return Err(GameError::TooLong(max_plies));
    }
    Ok(())
}

/// Refuses a change made for a game of `ply` moves when the game has another number.
pub fn at_ply(session: &Session, ply: Option<u64>) -> Result<(), GameError> {
    let moves = session.game.moves().len();
    match ply {
        Some(ply) if usize::try_from(ply) != Ok(moves) => Err(GameError::StalePly { ply, moves }),
        _ => Ok(()),
    }
}

/// Refuses a move of `side` when it is not `side`'s turn.
pub fn turn_of(session: &Session, side: halma::Side) -> Result<(), GameError> {
    let turn = session.game.position().turn();
    if turn == side {
        Ok(())
    } else if turn == session.human {
        Err(GameError::NotComputerTurn(turn))
    } else {
        Err(GameError::NotYourTurn(turn))
    }
}

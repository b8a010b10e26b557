//! A search for a game (the computer's move, or a hint): the game marked as thinking, so
//! that no other change is made to it meanwhile (on any process sharing the database), the
//! search's progress written to the game for its state to show, and the mark released
//! with the search's result, or cleared when the request ends without one.

use std::time::Duration;

use halma::{Move, Side, Square};
use tokio::sync::watch;

use crate::app::App;
use crate::clients::Client;
use crate::error::ApiError;
use crate::friend::life;
use crate::games::{Games, Loaded, Session, Thinking, new_id, now_ms};
use crate::state::path_of;
use crate::think::{Progress, Purpose, Report};

/// Hints come from at least this level (full strength, a quarter second), whatever the
/// computer's level: a beginner gets good advice from a weak opponent.
const HINT_LEVEL: u8 = 8;

/// A search's progress is written to the database at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Refuses a change while a search holds the game.
pub fn not_thinking(session: &Session) -> Result<(), ApiError> {
    match &session.thinking {
        Some(thinking) => Err(match thinking.progress.purpose {
            Purpose::Move => ApiError::Thinking,
            Purpose::Hint => ApiError::ThinkingOfHint,
        }),
        None => Ok(()),
    }
}

/// Refuses what only a game against the computer has (its moves, hints, undo, level) in a
/// game between two people.
pub fn computer_plays(session: &Session) -> Result<(), ApiError> {
    if session.between_people() {
        Err(ApiError::FriendGame)
    } else {
        Ok(())
    }
}

/// Refuses a change of a game that is over, by its rules or by its players.
pub fn ongoing(session: &Session) -> Result<(), ApiError> {
    let outcome = session.game.outcome();
    // A flag that fell is an ending, stored or not yet.
    match session.ending().or_else(|| session.flag_fallen(now_ms())) {
        Some(ending) => Err(ApiError::GameOver(life::describe(ending))),
        None if outcome.is_over() => Err(ApiError::GameOver(outcome.to_string())),
        None => Ok(()),
    }
}

/// Refuses a move (or a search for one) in a finished game, and in a game that has
/// `max_plies` moves: the rules bound no game's length, the server does, so that each
/// request's work on a game (reading its record, judging it) stays bounded.
pub fn playable(session: &Session, max_plies: usize) -> Result<(), ApiError> {
    ongoing(session)?;
    if session.game.moves().len() >= max_plies {
        return Err(ApiError::TooLong(max_plies));
    }
    Ok(())
}

/// Refuses a change made for a game of `ply` moves when the game has another number.
pub fn at_ply(session: &Session, ply: Option<u64>) -> Result<(), ApiError> {
    let moves = session.game.moves().len();
    match ply {
        Some(ply) if usize::try_from(ply) != Ok(moves) => Err(ApiError::StalePly { ply, moves }),
        _ => Ok(()),
    }
}

/// Refuses a move of `side` when it is not `side`'s turn.
pub fn turn_of(session: &Session, side: Side) -> Result<(), ApiError> {
    let turn = session.game.position().turn();
    if turn == side {
        Ok(())
    } else if turn == session.human {
        Err(ApiError::NotComputerTurn(turn))
    } else {
        Err(ApiError::NotYourTurn(turn))
    }
}

/// A search's hold on its game: while it lives the game is marked as thinking; dropped
/// before [`Mark::release`] (an error, or the client went away), it clears the mark.
pub struct Mark {
    games: Games,
    id: String,
    token: String,
    /// The game as the mark was written: the release changes it without reading it again.
    marked: Option<Loaded>,
    armed: bool,
}

impl Mark {
    /// Ends the hold, applying `change` to the game under the same write as the clearing.
    pub async fn release<T>(
        mut self,
        mut change: impl FnMut(&mut Session) -> Result<T, ApiError>,
    ) -> Result<(T, Loaded), ApiError> {
        let token = self.token.clone();
        let result = self
            .games
            .modify(&self.id, self.marked.take(), |session| {
                match &session.thinking {
                    Some(thinking) if thinking.token == token => {}
                    _ => {
                        return Err(ApiError::Conflict(
                            "the search took so long that its hold on the game lapsed; ask again"
                                .into(),
                        ));
                    }
                }
                session.thinking = None;
                change(session)
            })
            .await;
        self.armed = result.is_err();
        result
    }
}

impl Drop for Mark {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let games = self.games.clone();
        let id = std::mem::take(&mut self.id);
        let token = std::mem::take(&mut self.token);
        // Outside a runtime (never, in the server) the mark simply lapses.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let cleared = games.modify(&id, None, |session| match &session.thinking {
                    Some(thinking) if thinking.token == token => {
                        session.thinking = None;
                        Ok(())
                    }
                    _ => Err(ApiError::Conflict("held by another search".into())),
                });
                let _ = cleared.await;
            });
        }
    }
}

/// Writes a search's progress to the database as it comes, at most every
/// [`PROGRESS_EVERY`], until the search drops its sender.
async fn forward_progress(
    games: Games,
    id: String,
    token: String,
    mut progress: watch::Receiver<Option<Progress>>,
) {
    while progress.changed().await.is_ok() {
        let latest = progress.borrow_and_update().clone();
        if let Some(latest) = latest {
            games.set_progress(&id, &token, &latest).await;
        }
        tokio::time::sleep(PROGRESS_EVERY).await;
    }
}

/// What a search found, with its hold on the game.
pub struct Found {
    /// The move.
    pub mv: Move,
    /// The squares it passes through.
    pub path: Vec<Square>,
    /// The search's figures.
    pub report: Report,
    /// The game's mark, to release.
    pub mark: Mark,
}

/// Runs a search for `purpose` in the game `id`, whose side to move must be the computer's
/// (a move) or the person's (a hint), and which must have `ply` moves if that is given. The
/// game stays marked as thinking, refusing changes, until the returned mark is released.
pub async fn search(
    app: &App,
    id: &str,
    client: Client,
    purpose: Purpose,
    ply: Option<u64>,
) -> Result<Found, ApiError> {
    let token = new_id();
    let until_ms = now_ms() + i64::try_from(app.mark_lifetime.as_millis()).unwrap_or(i64::MAX);
    let ((game, level), marked) = app
        .games
        .modify(id, None, |session| -> Result<_, ApiError> {
            computer_plays(session)?;
            at_ply(session, ply)?;
            not_thinking(session)?;
            playable(session, app.max_plies)?;
            let (side, level) = match purpose {
                Purpose::Move => (session.computer(), session.level),
                Purpose::Hint => (session.human, session.level.max(HINT_LEVEL)),
            };
            turn_of(session, side)?;
            session.thinking = Some(Thinking {
                token: token.clone(),
                until_ms,
                progress: Progress::started(purpose),
            });
            Ok((halma::Game::clone(&session.game), level))
        })
        .await?;
    let mark = Mark {
        games: app.games.clone(),
        id: id.to_owned(),
        token: token.clone(),
        marked: Some(marked),
        armed: true,
    };
    let (sender, receiver) = watch::channel(None);
    tokio::spawn(forward_progress(
        app.games.clone(),
        id.to_owned(),
        token,
        receiver,
    ));
    let on_progress = Box::new(move |info: &halma::SearchInfo| {
        sender.send_replace(Some(Progress::after(purpose, info)));
    });
    let (mv, report) = app
        .pool
        .think(client, purpose, game.clone(), level, on_progress)
        .await?;
    Ok(Found {
        mv,
        path: path_of(&game, mv),
        report,
        mark,
    })
}

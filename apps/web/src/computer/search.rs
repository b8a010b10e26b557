//! A search for a game (the computer's move, or a hint): the game marked as thinking, so
//! that no other change is made to it meanwhile (on any process sharing the database), the
//! search's progress written to the game for its state to show, and the mark released
//! with the search's result, or cleared when the request ends without one.

use std::time::Duration;

use halma::{Move, Square};
use tokio::sync::watch;

use crate::clients::Client;
use crate::engines::{Pool, Progress, Purpose, Report};
use crate::games::error::GameError;
use crate::games::rules::{at_ply, computer_plays, not_thinking, playable, turn_of};
use crate::games::state::path_of;
use crate::games::stored::{Games, Loaded};
use crate::games::{Session, Thinking, new_id, now_ms};

/// Hints come from at least this level (full strength, a quarter second), whatever the
/// computer's level: a beginner gets good advice from a weak opponent.
const HINT_LEVEL: u8 = 8;

/// A search's progress is written to the database at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

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
        mut change: impl FnMut(&mut Session) -> Result<T, GameError>,
    ) -> Result<(T, Loaded), GameError> {
        let token = self.token.clone();
        let result = self
            .games
            .modify(&self.id, self.marked.take(), |session| {
                match &session.thinking {
                    Some(thinking) if thinking.token == token => {}
                    _ => {
                        return Err(GameError::MarkLapsed);
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
                    _ => Err(GameError::MarkLapsed),
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

/// What a search needs of the server: the stored games, the engines, and the bounds of a
/// search's game.
#[derive(Clone)]
pub struct Searcher {
    /// The stored games.
    pub games: Games,
    /// The engines.
    pub pool: Pool,
    /// Moves (plies) one game may have: no search past them.
    pub max_plies: usize,
    /// How long a search may hold a game, waiting and thinking, before its mark lapses.
    pub mark_lifetime: Duration,
}

impl Searcher {
    /// Runs a search for `purpose` in the game `id`, whose side to move must be the
    /// computer's (a move) or the person's (a hint), and which must have `ply` moves if that
    /// is given. The game stays marked as thinking, refusing changes, until the returned
    /// mark is released.
    pub async fn search(
        &self,
        id: &str,
        client: Client,
        purpose: Purpose,
        ply: Option<u64>,
    ) -> Result<Found, GameError> {
        let token = new_id();
        let lifetime = i64::try_from(self.mark_lifetime.as_millis()).unwrap_or(i64::MAX);
        let until_ms = now_ms() + lifetime;
        let ((game, level), marked) = self
            .games
            .modify(id, None, |session| -> Result<_, GameError> {
                computer_plays(session)?;
                at_ply(session, ply)?;
                not_thinking(session)?;
                playable(session, self.max_plies)?;
                let level = session.level().ok_or(GameError::FriendGame)?;
                let (side, level) = match purpose {
                    Purpose::Move => (session.computer(), level),
                    Purpose::Hint => (session.human, level.max(HINT_LEVEL)),
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
            games: self.games.clone(),
            id: id.to_owned(),
            token: token.clone(),
            marked: Some(marked),
            armed: true,
        };
        let (sender, receiver) = watch::channel(None);
        tokio::spawn(forward_progress(
            self.games.clone(),
            id.to_owned(),
            token,
            receiver,
        ));
        let on_progress = Box::new(move |info: &halma::SearchInfo| {
            sender.send_replace(Some(Progress::after(purpose, info)));
        });
        let (mv, report) = self
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
}

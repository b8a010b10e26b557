//! Games against the computer: the person's moves, the computer's (searched by the server's
//! engines, [`pool`], on a game held for the search, [`search`], or by the client and sent
//! as any move), hints, taking moves back and the computer's level. Each action is checked
//! against the game's rules, stored, and announced to the game's live streams.

pub mod search;

use std::sync::Arc;

use halma::{Game, Move, Position, Side, Square};

use crate::clients::Client;
use crate::engines::{Pool, Purpose, Report};
use crate::games::error::{GameError, Reading};
use crate::games::moves::{self, Moved};
use crate::games::rules::{computer_plays, level, not_thinking};
use crate::games::state::mover;
use crate::games::stored::{Games, Loaded};
use crate::games::{Opponent, Session};
use crate::live::Live;
use search::Searcher;

/// A move the server's engine found, with its search's figures (none for a move found
/// played already: a request sent again).
#[derive(Debug)]
pub struct Searched {
    /// The move, and the game after it.
    pub moved: Moved,
    /// The search that found it.
    pub report: Option<Report>,
}

/// A hint: the move the engine suggests to the person, with its search's figures.
#[derive(Debug)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The squares it passes through.
    pub path: Vec<Square>,
    /// The search that found it.
    pub report: Report,
}

/// Games against the computer: what the person does in them, and what the computer does.
#[derive(Clone)]
pub struct Computer {
    searcher: Searcher,
    live: Arc<Live>,
    /// Whether the server searches (`--no-engine`: only clients' moves are taken).
    engine: bool,
    /// Games stored at most.
    max_games: u64,
}

impl Computer {
    /// Games against the computer through `searcher`'s games and engines, announced through
    /// `live`; the server searches if `engine`; `max_games` stored at most.
    pub fn new(searcher: Searcher, live: Arc<Live>, engine: bool, max_games: u64) -> Computer {
        Computer {
            searcher,
            live,
            engine,
            max_games,
        }
    }

    /// The engines, for the operator's figures.
    pub fn pool(&self) -> &Pool {
        &self.searcher.pool
    }

    fn games(&self) -> &Games {
        &self.searcher.games
    }

    /// A new game against the computer at `level` from `game`, the person playing `human`:
    /// the game as stored.
    pub async fn create(&self, game: Game, human: Side, level: u8) -> Result<Loaded, GameError> {
        let session = Session {
            game: Arc::new(game),
            human,
            opponent: Opponent::Computer { level },
            thinking: None,
        };
        self.games().create(&session, self.max_games).await
    }

    /// Plays the person's move `text` (made when the game had `ply` moves, if given) in the
    /// game `read`, `id`.
    pub async fn play(
        &self,
        read: Loaded,
        id: &str,
        text: &str,
        ply: Option<u64>,
    ) -> Result<Moved, GameError> {
        let max_plies = self.searcher.max_plies;
        let moved = moves::play(self.games(), read, id, text, ply, max_plies, |session| {
            session.human
        })
        .await?;
        self.live.changed(id);
        Ok(moved)
    }

    /// The computer's move in the game `id` (made when the game had `ply` moves, if given):
    /// `text`, searched by the client, checked and played as any move; else searched by the
    /// server for `client`.
    pub async fn computer(
        &self,
        id: &str,
        client: Client,
        text: Option<&str>,
        ply: Option<u64>,
    ) -> Result<Searched, GameError> {
        if let Some(text) = text {
            let read = self.games().load(id).await?;
            computer_plays(&read.session)?;
            let max_plies = self.searcher.max_plies;
            let moved = moves::play(
                self.games(),
                read,
                id,
                text,
                ply,
                max_plies,
                Session::computer,
            )
            .await?;
            self.live.changed(id);
            return Ok(Searched {
                moved,
                report: None,
            });
        }
        if !self.engine {
            return Err(GameError::NoEngine);
        }
        if ply.is_some() {
            let read = self.games().load(id).await?;
            computer_plays(&read.session)?;
            let computer = read.session.computer();
            let by_computer = |session: &Session, index, _: &Position, _| {
                mover(session.game.start_position().turn(), index) == computer
            };
            if let Some(answer) = moves::replayed(&read, ply, by_computer) {
                return answer.map(|moved| Searched {
                    moved,
                    report: None,
                });
            }
        }
        let found = self.searcher.search(id, client, Purpose::Move, ply).await?;
        let mv = found.mv;
        let ((), game) = found
            .mark
            .release(|session| {
                // Every change to the game is refused while it thinks, so the move is still
                // legal.
                session.game_mut().play(mv).map_err(|error| {
                    tracing::error!("a bug: the engine's move {mv} failed: {error}");
                    GameError::Bug("the engine's move could not be played")
                })
            })
            .await?;
        self.live.changed(id);
        Ok(Searched {
            moved: Moved {
                mv,
                path: found.path,
                game,
            },
            report: Some(found.report),
        })
    }

    /// The engine's suggestion for the person in the game `id`, searched for `client`;
    /// plays nothing.
    pub async fn hint(&self, id: &str, client: Client) -> Result<Hint, GameError> {
        if !self.engine {
            return Err(GameError::NoEngine);
        }
        let found = self
            .searcher
            .search(id, client, Purpose::Hint, None)
            .await?;
        found.mark.release(|_| Ok(())).await?;
        Ok(Hint {
            mv: found.mv,
            path: found.path,
            report: found.report,
        })
    }

    /// Takes back the person's last move in the game `id`, and the computer's moves after it.
    pub async fn undo(&self, id: &str) -> Result<Loaded, GameError> {
        let ((), game) = self
            .games()
            .modify(id, None, |session| -> Result<_, GameError> {
                computer_plays(session)?;
                not_thinking(session)?;
                let human = session.human;
                let start = session.game.start_position().turn();
                let count = session.game.moves().len();
                // Take back the person's last move and every computer move after it.
                let last_human = (0..count)
                    .rev()
                    .find(|&i| mover(start, i) == human)
                    .ok_or(GameError::NothingToUndo)?;
                for _ in last_human..count {
                    session
                        .game_mut()
                        .undo()
                        .map_err(|error| GameError::refused(Reading::Undo, &error))?;
                }
                Ok(())
            })
            .await?;
        self.live.changed(id);
        Ok(game)
    }

    /// Sets the computer's level in the game `id` to `asked` (1 to 10).
    pub async fn set_level(&self, id: &str, asked: u8) -> Result<Loaded, GameError> {
        let level = level(asked)?;
        let ((), game) = self
            .games()
            .modify(id, None, |session| {
                computer_plays(session)?;
                session.opponent = Opponent::Computer { level };
                Ok::<_, GameError>(())
            })
            .await?;
        Ok(game)
    }
}

//! The stored games: every request reads its game from the [`Store`] and writes it back
//! with a compare-and-swap on the row's version ([`Games::modify`]); games long enough for
//! their replay to matter are kept replayed between requests (`replays.rs`), with their
//! state as JSON. What goes wrong is a [`GameError`] (no such game, a change overtaken, the
//! store full or unavailable).

use std::sync::Arc;

use bytes::Bytes;
use halma::{Game, Side};

use super::error::GameError;
use super::life::Life;
use super::replays::Replays;
use super::{Opponent, Session, Thinking, new_id, now_ms, valid_id};
use crate::engines::Progress;
use crate::metrics::{METRICS, Refusal};
use crate::store::{Committed, Store, StoredGame, Write};

/// Changes retried after a conflict with another writer, at most.
const ATTEMPTS: usize = 16;

/// A record longer than this (about 800 plies) is replayed on a thread for blocking work,
/// not on the thread serving requests.
const BLOCKING_RECORD_BYTES: usize = 8 << 10;

impl Session {
    /// The session `stored` holds, its game replayed from its record as `game`.
    fn from_stored(stored: &StoredGame, game: Arc<Game>, now: i64) -> Result<Session, GameError> {
        let broken = |what: String| unreadable(&stored.id, &what);
        let human = match stored.human.as_str() {
            "x" => Side::X,
            "o" => Side::O,
            other => return Err(broken(format!("side {other:?}"))),
        };
        let opponent = match (stored.opponent.as_str(), stored.level, &stored.life) {
            ("computer", Some(level), _) => Opponent::Computer {
                level: u8::try_from(level).map_err(|e| broken(e.to_string()))?,
            },
            ("friend", _, Some(life)) => {
                Opponent::Friend(serde_json::from_str(life).map_err(|e| broken(e.to_string()))?)
            }
            // A game between two people stored before its life was: none of it yet.
            ("friend", _, None) => Opponent::Friend(Life::default()),
            (other, level, _) => return Err(broken(format!("opponent {other:?} at {level:?}"))),
        };
        let thinking = match (
            &stored.thinking,
            &stored.thinking_token,
            stored.thinking_until,
        ) {
            (Some(progress), Some(token), Some(until_ms)) if until_ms > now => Some(Thinking {
                token: token.clone(),
                until_ms,
                progress: serde_json::from_str(progress).map_err(|e| broken(e.to_string()))?,
            }),
            _ => None,
        };
        Ok(Session {
            game,
            human,
            opponent,
            thinking,
        })
    }

    /// The row of this [`Session`] as the game `id` at `version`, made at `created_ms` and
    /// changed at `now`.
    fn to_stored(&self, id: &str, version: i64, created_ms: i64, now: i64) -> StoredGame {
        let thinking = self.thinking.as_ref();
        StoredGame {
            id: id.to_owned(),
            record: self.game.to_record(),
            human: self.human.to_string(),
            opponent: self.opponent.name().to_owned(),
            level: self.level().map(i64::from),
            version,
            thinking: thinking.map(|t| serde_json::to_string(&t.progress).unwrap_or_default()),
            thinking_token: thinking.map(|t| t.token.clone()),
            thinking_until: thinking.map(|t| t.until_ms),
            finished: self.over(),
            life: self
                .life()
                .map(|life| serde_json::to_string(life).unwrap_or_default()),
            created_ms,
            updated_ms: now,
        }
    }
}

/// Says in the log that the stored game `id` cannot be read, and why.
fn unreadable(id: &str, why: &str) -> GameError {
    tracing::error!(id, "stored game is unreadable: {why}");
    GameError::Bug(UNREADABLE)
}

/// What a game whose stored row cannot be read back is (a bug).
const UNREADABLE: &str = "this game's stored record is unreadable";

/// The game `record` holds, replayed.
fn replay(id: &str, record: &str) -> Result<Game, GameError> {
    Game::from_record(record).map_err(|error| unreadable(id, &error.to_string()))
}

/// `session` as a new game under a fresh id, made now, stored only while fewer than
/// `max_games` are: the game as it will be stored, and its write (for
/// [`Games::commit`] with what goes with it).
pub fn inserting(session: &Session, max_games: u64) -> (Loaded, Write<GameError>) {
    let id = new_id();
    let now = now_ms();
    let stored = session.to_stored(&id, 1, now, now);
    let game = Loaded {
        id,
        session: session.clone(),
        version: 1,
        created_ms: now,
    };
    (game, Write::Insert(stored, max_games))
}

/// The store is full, at `max_games`: refused, and counted.
fn full(max_games: u64) -> GameError {
    let message = format!("the server holds the most games it may ({max_games})");
    METRICS.refused(Refusal::MaxGames, &message);
    GameError::Full(max_games)
}

/// A game as read from the store: the session, and the row's version that a write of it
/// names (so that a change made from it is checked against it, not read again).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game's id.
    pub id: String,
    /// The game.
    pub session: Session,
    /// The row's version: every change makes it larger.
    pub version: i64,
    created_ms: i64,
}

impl Loaded {
    /// The write that stores this game as changed since it was read, at `now`, over the
    /// version read (for [`Games::commit`]: `Overtaken` if another writer came first).
    pub fn update(&self, now: i64) -> Write<GameError> {
        let version = self.version + 1;
        Write::Update(
            self.session
                .to_stored(&self.id, version, self.created_ms, now),
        )
    }
}

/// The stored games, and the long ones replayed lately.
#[derive(Clone)]
pub struct Games {
    store: Store,
    replays: Arc<Replays>,
}

impl Games {
    /// The games in `store`.
    pub fn new(store: Store) -> Games {
        Games {
            store,
            replays: Arc::default(),
        }
    }

    /// The database underneath.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Stores `session` as a new game, unless `max_games` are stored: the game as stored,
    /// under its new id.
    pub async fn create(&self, session: &Session, max_games: u64) -> Result<Loaded, GameError> {
        self.create_with(session, max_games, |_| Vec::new()).await
    }

    /// [`Games::create`], with what `also` writes for the new game's id in the same
    /// transaction (its seats): the game is stored with them or not at all.
    pub async fn create_with(
        &self,
        session: &Session,
        max_games: u64,
        also: impl Fn(&str) -> Vec<Write<GameError>>,
    ) -> Result<Loaded, GameError> {
        loop {
            let (new, insert) = inserting(session, max_games);
            let mut writes = vec![insert];
            writes.extend(also(&new.id));
            match self.commit(&writes).await {
                Ok(()) => return Ok(new),
                // Its id was taken (128 random bits: never, but a new one is drawn).
                Err(GameError::Overtaken) => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Makes `writes` in one transaction, all or none: `Overtaken` when a game they change
    /// had changed, `Full` when a game they store finds the store full, and what a
    /// statement that must find its row says when it does not.
    pub async fn commit(&self, writes: &[Write<GameError>]) -> Result<(), GameError> {
        match self.store.commit(writes).await? {
            Committed::Done => Ok(()),
            Committed::Conflict => Err(GameError::Overtaken),
            Committed::Full(max_games) => Err(full(max_games)),
            Committed::Missed(error) => Err(error),
        }
    }

    /// The game `id`: a long one kept from an earlier request if its row is still at the
    /// version kept (its record not read again), else replayed from its record (a long
    /// record on a thread for blocking work) and kept.
    pub async fn load(&self, id: &str) -> Result<Loaded, GameError> {
        let not_found = || GameError::NotFound(id.to_owned());
        if !valid_id(id) {
            return Err(not_found());
        }
        let kept = self.replays.get(id);
        let known = kept.as_ref().map(|(version, _)| *version);
        let stored = self.store.load(id, known).await?.ok_or_else(not_found)?;
        let game = match kept {
            Some((version, game)) if version == stored.version => game,
            _ => self.replay_and_keep(&stored).await?,
        };
        Ok(Loaded {
            id: stored.id.clone(),
            session: Session::from_stored(&stored, game, now_ms())?,
            version: stored.version,
            created_ms: stored.created_ms,
        })
    }

    /// The game `stored` holds, replayed (a long record on a thread for blocking work), and
    /// kept if long.
    async fn replay_and_keep(&self, stored: &StoredGame) -> Result<Arc<Game>, GameError> {
        let game = if stored.record.len() > BLOCKING_RECORD_BYTES {
            let (id, record) = (stored.id.clone(), stored.record.clone());
            tokio::task::spawn_blocking(move || replay(&id, &record))
                .await
                .map_err(|error| unreadable(&stored.id, &error.to_string()))??
        } else {
            replay(&stored.id, &stored.record)?
        };
        METRICS.replayed(game.moves().len());
        let game = Arc::new(game);
        self.replays
            .keep(&stored.id, stored.version, Arc::clone(&game));
        Ok(game)
    }

    /// The state of `loaded`, the game `id`, as JSON, written by `write`: kept beside a
    /// long game for the reads after it while the game is unchanged and no search runs
    /// (a running search's progress changes without a new version).
    pub fn shown(&self, loaded: &Loaded, write: impl FnOnce() -> Vec<u8>) -> Bytes {
        let id = &loaded.id;
        let keepable = loaded.session.thinking.is_none() && !loaded.session.clock_runs();
        if keepable && let Some(body) = self.replays.shown(id, loaded.version) {
            return body;
        }
        let body = Bytes::from(write());
        if keepable {
            self.replays.show(id, loaded.version, body.clone());
        }
        body
    }

    /// Changes the game `id` with `change`, which sees the game as `read` holds it (read from
    /// the store when `None`); a change that another writer overtook is made again on the
    /// newer game. Returns `change`'s result and the game as stored.
    pub async fn modify<T, E: From<GameError>>(
        &self,
        id: &str,
        read: Option<Loaded>,
        mut change: impl FnMut(&mut Session) -> Result<T, E>,
    ) -> Result<(T, Loaded), E> {
        self.modify_with(id, read, |session| Ok((change(session)?, Vec::new())))
            .await
    }

    /// [`Games::modify`], `change` also giving what to write with the change, in the same
    /// transaction (a new game, seats): all of it is written, or none. What stands in the
    /// way of those writes is answered as [`Games::commit`] says, but for another writer's
    /// change of the game: the change is then made again on the newer game.
    pub async fn modify_with<T, E: From<GameError>>(
        &self,
        id: &str,
        read: Option<Loaded>,
        mut change: impl FnMut(&mut Session) -> Result<(T, Vec<Write<GameError>>), E>,
    ) -> Result<(T, Loaded), E> {
        let mut read = read;
        for _ in 0..ATTEMPTS {
            let mut game = match read.take() {
                Some(game) => game,
                None => self.load(id).await?,
            };
            let (result, mut writes) = change(&mut game.session)?;
            game.version += 1;
            let next = game
                .session
                .to_stored(id, game.version, game.created_ms, now_ms());
            let written = if writes.is_empty() {
                // A change alone is one statement, without a transaction around it.
                if self.store.update(&next).await.map_err(GameError::from)? {
                    Ok(())
                } else {
                    Err(GameError::Overtaken)
                }
            } else {
                writes.push(Write::Update(next));
                self.commit(&writes).await
            };
            match written {
                Ok(()) => {
                    let kept = Arc::clone(&game.session.game);
                    self.replays.keep(id, game.version, kept);
                    return Ok((result, game));
                }
                Err(GameError::Overtaken) => {}
                Err(error) => return Err(error.into()),
            }
        }
        Err(GameError::Overtaken.into())
    }

    /// Records a search's progress for the state to show.
    pub async fn set_progress(&self, id: &str, token: &str, progress: &Progress) {
        let text = serde_json::to_string(progress).unwrap_or_default();
        if let Err(error) = self.store.set_progress(id, token, &text).await {
            tracing::warn!(id, "could not record a search's progress: {error}");
        }
    }

    /// Deletes the game `id`.
    pub async fn delete(&self, id: &str) -> Result<(), GameError> {
        if valid_id(id) && self.store.delete(id).await? {
            Ok(())
        } else {
            Err(GameError::NotFound(id.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_survives_the_database_and_a_lapsed_mark_is_gone() {
        let mut game = Game::new();
        game.play_text("l2-k3").unwrap();
        let session = Session {
            game: Arc::new(game),
            human: Side::O,
            opponent: Opponent::Computer { level: 7 },
            thinking: Some(Thinking {
                token: "t".to_owned(),
                until_ms: 2_000,
                progress: Progress::started(crate::engines::Purpose::Hint),
            }),
        };
        let stored = session.to_stored("id", 3, 10, 1_000);
        assert_eq!(stored.updated_ms, 1_000);
        let replayed = |stored: &StoredGame| Arc::new(replay(&stored.id, &stored.record).unwrap());
        let back = Session::from_stored(&stored, replayed(&stored), 1_500).unwrap();
        assert_eq!(back.game.moves(), session.game.moves());
        assert_eq!((back.human, back.level()), (Side::O, Some(7)));
        assert_eq!(back.thinking.map(|t| t.token), Some("t".to_owned()));
        assert!(
            Session::from_stored(&stored, replayed(&stored), 2_000)
                .unwrap()
                .thinking
                .is_none()
        );
        assert_eq!(
            replay("id", "nonsense").unwrap_err(),
            GameError::Bug(UNREADABLE)
        );
        let mut broken = stored;
        broken.human = "z".to_owned();
        assert_eq!(
            Session::from_stored(&broken, Arc::default(), 0).unwrap_err(),
            GameError::Bug(UNREADABLE)
        );
    }

    #[tokio::test]
    async fn a_long_game_read_again_unchanged_is_shared_and_its_state_written_once() {
        let dir = std::env::temp_dir().join(format!("halma-games-{}", new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        let store = Store::connect(&url, 2).await.unwrap();
        let games = Games::new(store.clone());
        let long = crate::games::replays::tests::game(crate::games::replays::MIN_PLIES + 10);
        let session = Session {
            game: Arc::clone(&long),
            human: Side::X,
            opponent: Opponent::Computer { level: 3 },
            thinking: None,
        };
        let id = games.create(&session, u64::MAX).await.unwrap().id;
        let first = games.load(&id).await.unwrap();
        let second = games.load(&id).await.unwrap();
        assert!(
            Arc::ptr_eq(&first.session.game, &second.session.game),
            "the second read shares the game the first replayed"
        );
        let mut writes = 0;
        for loaded in [&first, &second] {
            let body = games.shown(loaded, || {
                writes += 1;
                b"state".to_vec()
            });
            assert_eq!(&body[..], b"state");
        }
        assert_eq!(writes, 1, "the state of an unchanged game is written once");

        // Another process changes the game: the next read has the change.
        let mut stored = store.load(&id, None).await.unwrap().unwrap();
        let mut changed = Game::clone(&long);
        changed.undo().unwrap();
        stored.record = changed.to_record();
        stored.version += 1;
        assert!(store.update(&stored).await.unwrap());
        let third = games.load(&id).await.unwrap();
        assert_eq!(third.session.game.moves(), changed.moves());
        games.shown(&third, || {
            writes += 1;
            b"changed".to_vec()
        });
        assert_eq!(writes, 2, "a changed game's state is written again");
        store.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

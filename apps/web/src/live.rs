//! Live games: a page follows a game through a stream of its changes ([`Live::follow`],
//! served as server-sent events by `http/live.rs`, `docs/live.md`), and every change of the
//! game reaches it at once, through whichever process made the change.
//!
//! A change is announced by the game's id alone ([`Live::changed`]): on PostgreSQL with
//! `NOTIFY halma_live`, which every process `LISTEN`s to (each on a connection of its own,
//! [`listen`]), on SQLite (one process) straight to this process. A process that has
//! streams of the game reads it once and hands the same update to all of them through the
//! game's broadcast channel: a bounded ring of the latest updates, so that a stream whose
//! reader is slow skips to the newest (each update is the whole game) instead of holding
//! more, and a reader that reads nothing at all is closed by the connection layer's send
//! timeout. Updates carry the row's version, so that a stream never goes back to an older
//! state than the one it sent.
//!
//! Presence is the players' own streams: a process holding a player's stream marks that
//! side here in the database, under its own name, until a little after its next refresh
//! ([`PRESENCE_TTL`]), refreshes it every [`PRESENCE_EVERY`] while the stream lasts and
//! takes its mark back when its last one ends, announcing each change. The side is here
//! while any process's mark is, and away from the moment the last one is taken back
//! (`seats::gone`); a process that died stops refreshing, and its mark lapses.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::stream::{self, Stream, StreamExt};
use halma::Side;
use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

use crate::clients::{Client, ConnectionSlot, Connections};
use crate::games::error::GameError;
use crate::games::now_ms;
use crate::games::seats::{self, Secret, players_json};
use crate::games::state::state;
use crate::games::stored::{Games, Loaded};
use crate::locks::lock;
use crate::store::StoreError;

/// The channel of PostgreSQL's notifications of changed games.
const CHANNEL: &str = "halma_live";

/// A stream ends after this long; the client reconnects and catches up (`Last-Event-ID`).
/// No connection is held for good by one request.
const LIFETIME: Duration = Duration::from_secs(30 * 60);

/// How often a process renews the presence of the players whose streams it holds, and
/// reads the presence of the games it streams.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(10);

/// How long a presence mark lasts unless renewed: a process that died loses its players'
/// presence within this.
const PRESENCE_TTL: i64 = 25_000;

/// Updates a game's channel keeps for streams that have not taken them yet.
const RING: usize = 8;

/// How a game stands for its streams: its state and its players, as JSON.
#[derive(Debug)]
struct Update {
    /// The stored row's version: later changes have larger ones (the events' `id`).
    version: i64,
    /// When the flag of the side to move falls (Unix ms), while a clock runs.
    flag_at: Option<i64>,
    /// The game's state (as `GET /api/games/{id}` answers it).
    state: Arc<str>,
    /// How the seats stood (`None` for a game against the computer), and whether the game
    /// is over: each stream writes its players' event from them, for its own side.
    players: (Option<seats::View>, bool),
}

/// The streams of one game in this process.
struct Watched {
    updates: broadcast::Sender<Arc<Update>>,
    /// Taken while the game is read and its update sent: updates go out in the order of the
    /// reads, so each is newer than the last.
    reading: tokio::sync::Mutex<()>,
    /// Whether the game is between two people (its presence is read on every round).
    friends: bool,
    /// When its flag falls, for the timer that decides it ([`flag_timer`]).
    flag: watch::Sender<Option<i64>>,
}

/// The live streams of this process, and where changes are announced.
pub struct Live {
    games: Games,
    /// This process's name among those on the database (its presence marks').
    process: String,
    /// Whether changes go through PostgreSQL's notifications (else straight here).
    notify: bool,
    watched: Mutex<HashMap<String, Arc<Watched>>>,
    /// Players' streams in this process, by game and side.
    present: Mutex<HashMap<(String, Side), usize>>,
    per_client: Arc<Connections>,
    open: AtomicUsize,
    max: usize,
    /// How long (ms) a player is away before the opponent may claim the win.
    abandon_after: i64,
}

/// A stream's admission: counted, for its client and in all, until dropped.
struct Admitted {
    live: Arc<Live>,
    _slot: ConnectionSlot,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.live.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A stream's hold on its game's channel; the channel goes with the last.
struct Subscription {
    live: Arc<Live>,
    id: String,
    updates: Option<broadcast::Receiver<Arc<Update>>>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        drop(self.updates.take());
        let mut watched = lock(&self.live.watched);
        if watched
            .get(&self.id)
            .is_some_and(|game| game.updates.receiver_count() == 0)
        {
            watched.remove(&self.id);
        }
    }
}

/// A player's stream, which keeps their side here until dropped.
struct Presence {
    live: Arc<Live>,
    id: String,
    side: Side,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let key = (self.id.clone(), self.side);
        let gone = {
            let mut present = lock(&self.live.present);
            let count = present.get_mut(&key).map_or(0, |count| {
                *count -= 1;
                *count
            });
            if count == 0 {
                present.remove(&key);
            }
            count == 0
        };
        if gone {
            let live = Arc::clone(&self.live);
            let (id, side) = key;
            // Away from now on, unless another process holds a stream of the side.
            tokio::spawn(async move {
                let gone = seats::gone(live.games.store(), &id, side, &live.process, now_ms());
                live.announce_presence(&id, gone.await);
            });
        }
    }
}

impl Live {
    /// The live streams of `games`, at most `max` in all and `per_client` for each client;
    /// `notify`: announce changes through PostgreSQL; `abandon_after`: how long a player is
    /// away before the opponent may claim the win.
    pub fn new(
        games: Games,
        notify: bool,
        max: usize,
        per_client: usize,
        abandon_after: Duration,
    ) -> Arc<Live> {
        Arc::new(Live {
            games,
            process: crate::games::new_id(),
            notify,
            watched: Mutex::new(HashMap::new()),
            present: Mutex::new(HashMap::new()),
            per_client: Connections::new(per_client),
            open: AtomicUsize::new(0),
            max,
            abandon_after: i64::try_from(abandon_after.as_millis()).unwrap_or(i64::MAX),
        })
    }

    /// The live streams open in this process now (`/metrics`).
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// How long (ms) a player is away before the opponent may claim the win.
    pub fn abandon_after(&self) -> i64 {
        self.abandon_after
    }

    /// Admits a stream of `client`, or refuses it over the limits.
    fn admit(self: &Arc<Live>, client: Client) -> Result<Admitted, GameError> {
        let slot = self.per_client.open(client).ok_or(GameError::TooManyLive)?;
        if self.open.fetch_add(1, Ordering::Relaxed) >= self.max {
            self.open.fetch_sub(1, Ordering::Relaxed);
            return Err(GameError::TooManyLive);
        }
        Ok(Admitted {
            live: Arc::clone(self),
            _slot: slot,
        })
    }

    /// Announces that the game `id` changed, to every process's streams of it; does not
    /// wait.
    pub fn changed(self: &Arc<Live>, id: &str) {
        let live = Arc::clone(self);
        let id = id.to_owned();
        tokio::spawn(async move {
            if live.notify {
                let store = live.games.store();
                let query = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(id.clone())
                    .execute(store.pool());
                if store
                    .timed(crate::metrics::Query::Other, query)
                    .await
                    .is_ok()
                {
                    return;
                }
                // The database does not take it: this process's streams at least.
            }
            live.refresh(&id).await;
        });
    }

    /// Reads the game `id` and hands it to this process's streams of it, if any.
    async fn refresh(self: &Arc<Live>, id: &str) {
        let Some(watched) = lock(&self.watched).get(id).cloned() else {
            return;
        };
        let _reading = watched.reading.lock().await;
        match self.update(id).await {
            Ok(update) => {
                watched.flag.send_replace(update.flag_at);
                let _ = watched.updates.send(Arc::new(update));
            }
            Err(error) => tracing::debug!("a live game could not be read: {error:?}"),
        }
    }

    /// Refreshes every game this process streams (after notifications may have been lost).
    async fn refresh_all(self: &Arc<Live>) {
        let ids: Vec<String> = lock(&self.watched).keys().cloned().collect();
        for id in ids {
            self.refresh(&id).await;
        }
    }

    /// The game `id`, its flag decided: if the clock of the side to move has run out, the
    /// game is lost on time, stored (a compare-and-swap on its version: decided once, by
    /// whichever request or process comes first) and announced.
    pub async fn read(self: &Arc<Live>, id: &str) -> Result<Loaded, GameError> {
        let read = self.games.load(id).await?;
        if read.session.flag_fallen(now_ms()).is_none() {
            return Ok(read);
        }
        let settled = self
            .games
            .modify(id, Some(read), |session| {
                if session.settle(now_ms()) {
                    Ok(())
                } else {
                    Err(Settled::Already)
                }
            })
            .await;
        match settled {
            Ok(((), game)) => {
                self.changed(id);
                Ok(game)
            }
            Err(Settled::Already) => self.games.load(id).await,
            Err(Settled::Failed(error)) => Err(error),
        }
    }

    /// The game `id` as its streams show it.
    async fn update(self: &Arc<Live>, id: &str) -> Result<Update, GameError> {
        let game = self.read(id).await?;
        let seats = seats::load(self.games.store(), id).await?;
        Ok(Update {
            version: game.version,
            flag_at: game.session.flag_at(),
            state: serde_json::to_string(&state(&game))
                .unwrap_or_default()
                .into(),
            players: (seats.map(|seats| seats.view(now_ms())), game.session.over()),
        })
    }

    /// Announces a change of presence in the game `id`, once `stored`.
    fn announce_presence(self: &Arc<Live>, id: &str, stored: Result<(), StoreError>) {
        match stored {
            Ok(()) => self.changed(id),
            Err(error) => tracing::debug!("a presence could not be stored: {error}"),
        }
    }

    /// Renews the presence of the players whose streams this process holds, and reads the
    /// presence of the games between people it streams, every [`PRESENCE_EVERY`], forever.
    pub async fn keep_presence(self: Arc<Live>) {
        loop {
            tokio::time::sleep(PRESENCE_EVERY).await;
            let present: Vec<(String, Side)> = lock(&self.present).keys().cloned().collect();
            for (id, side) in present {
                let until = now_ms() + PRESENCE_TTL;
                let store = self.games.store();
                if let Err(error) = seats::present(store, &id, side, &self.process, until).await {
                    tracing::debug!("a presence could not be renewed: {error}");
                }
            }
            let friends: Vec<String> = lock(&self.watched)
                .iter()
                .filter(|(_, game)| game.friends)
                .map(|(id, _)| id.clone())
                .collect();
            for id in friends {
                self.refresh(&id).await;
            }
        }
    }

    /// The changes of the game `id` for `client`, who holds `secret` (a player's, counted
    /// present while the stream lasts) or none (a watcher), and has seen the game at the
    /// version `since`: the game as it is (unless `since` is its version) and its players,
    /// then every change, for [`LIFETIME`] at most.
    pub async fn follow(
        self: &Arc<Live>,
        id: &str,
        client: Client,
        secret: Option<&Secret>,
        since: Option<u64>,
    ) -> Result<impl Stream<Item = Change> + Send + 'static, GameError> {
        self.read(id).await?;
        let seats = seats::load(self.games.store(), id).await?;
        let side = seats.as_ref().and_then(|seats| seats.side_of(secret));
        let admitted = self.admit(client)?;
        // Subscribed before the first read: no change falls between them.
        let subscription = self.subscribe(id, seats.is_some());
        let presence = match side {
            Some(side) => Some(self.arrive(id, side).await),
            None => None,
        };
        let first = self.update(id).await?;
        if let Some(watched) = lock(&self.watched).get(id) {
            watched.flag.send_replace(first.flag_at);
        }
        let caught_up = since.is_some_and(|since| i64::try_from(since) == Ok(first.version));
        let sent = Sent {
            version: if caught_up { first.version } else { 0 },
            players: None,
            you: side,
            abandon_after: self.abandon_after,
        };
        Ok(changes(first, sent, subscription, (admitted, presence)))
    }

    /// A receiver of the game `id`'s updates.
    fn subscribe(self: &Arc<Live>, id: &str, friends: bool) -> Subscription {
        let mut watched = lock(&self.watched);
        let game = watched.entry(id.to_owned()).or_insert_with(|| {
            let (flag, flag_at) = watch::channel(None);
            if friends {
                tokio::spawn(flag_timer(Arc::clone(self), id.to_owned(), flag_at));
            }
            Arc::new(Watched {
                updates: broadcast::channel(RING).0,
                reading: tokio::sync::Mutex::new(()),
                friends,
                flag,
            })
        });
        Subscription {
            live: Arc::clone(self),
            id: id.to_owned(),
            updates: Some(game.updates.subscribe()),
        }
    }

    /// Counts a stream of `side`'s player; the first marks the side here.
    async fn arrive(self: &Arc<Live>, id: &str, side: Side) -> Presence {
        let first = {
            let mut present = lock(&self.present);
            let count = present.entry((id.to_owned(), side)).or_insert(0);
            *count += 1;
            *count == 1
        };
        if first {
            let until = now_ms() + PRESENCE_TTL;
            let store = self.games.store();
            let stored = seats::present(store, id, side, &self.process, until).await;
            self.announce_presence(id, stored);
        }
        Presence {
            live: Arc::clone(self),
            id: id.to_owned(),
            side,
        }
    }
}

/// Why a flag was not stored.
enum Settled {
    /// It was, by another request or process.
    Already,
    /// The game could not be read or written.
    Failed(GameError),
}

impl From<GameError> for Settled {
    fn from(error: GameError) -> Settled {
        Settled::Failed(error)
    }
}

/// Decides the flag of the game `id` at the moment it falls (as `flag_at` says, while this
/// process streams the game), so that its streams are told without waiting for a request;
/// ends when the game's streams in this process are gone.
async fn flag_timer(live: Arc<Live>, id: String, mut flag_at: watch::Receiver<Option<i64>>) {
    loop {
        let at = *flag_at.borrow_and_update();
        if let Some(at) = at {
            // Just past the moment: the flag has fallen by the clock that then reads it.
            let wait = u64::try_from(at - now_ms()).unwrap_or(0) + 1;
            tokio::select! {
                changed = flag_at.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    continue;
                }
                () = tokio::time::sleep(Duration::from_millis(wait)) => {
                    if let Err(error) = live.read(&id).await {
                        tracing::debug!("a flag could not be decided: {error:?}");
                    }
                }
            }
        }
        if flag_at.changed().await.is_err() {
            return;
        }
    }
}

/// What a stream has sent, and to whom.
struct Sent {
    version: i64,
    /// The seats and ending its last players' event showed (their time since is written
    /// when sent, not compared: it is no change).
    players: Option<(Option<seats::View>, bool)>,
    /// The side whose player reads the stream, if any.
    you: Option<Side>,
    abandon_after: i64,
}

/// A change of a game, as a stream of it tells it.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The game's state (as `GET /api/games/{id}` answers it) at its `version`.
    State {
        /// The version of the game it is.
        version: i64,
        /// The state, as JSON.
        json: Arc<str>,
    },
    /// Its players: who holds a seat, who is here (`players_json`).
    Players(serde_json::Value),
}

impl Sent {
    /// The changes that bring a reader who has seen `self` to `update`.
    fn changes(&mut self, update: &Update) -> Vec<Change> {
        let mut changes = Vec::new();
        if update.version > self.version {
            self.version = update.version;
            changes.push(Change::State {
                version: update.version,
                json: Arc::clone(&update.state),
            });
        }
        if self.players != Some(update.players) {
            self.players = Some(update.players);
            let (seats, over) = update.players;
            let players =
                players_json(seats.as_ref(), self.you, over, now_ms(), self.abandon_after);
            changes.push(Change::Players(players));
        }
        changes
    }
}

/// The changes of a stream: `first`, then every update newer than what was sent, until the
/// game's channel closes or the stream's [`LIFETIME`] is over; `held` (its admission and
/// presence) lasts as long.
fn changes<H: Send + 'static>(
    first: Update,
    sent: Sent,
    subscription: Subscription,
    held: H,
) -> impl Stream<Item = Change> + Send + 'static {
    let end = Instant::now() + LIFETIME;
    let start = (Some(Arc::new(first)), sent, subscription, held);
    stream::unfold(
        start,
        move |(mut pending, mut sent, mut subscription, held)| async move {
            loop {
                if let Some(update) = pending.take() {
                    let changes = sent.changes(&update);
                    if !changes.is_empty() {
                        return Some((changes, (None, sent, subscription, held)));
                    }
                }
                let updates = subscription.updates.as_mut()?;
                tokio::select! {
                    received = updates.recv() => match received {
                        Ok(update) => pending = Some(update),
                        // Each update is the whole game: the newest ones are all a reader needs.
                        Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return None,
                    },
                    () = tokio::time::sleep_until(end) => return None,
                }
            }
        },
    )
    .flat_map(stream::iter)
}

/// Hands PostgreSQL's notifications of changed games at `url` to `live`'s streams,
/// forever, on a connection of its own (opened again when it fails; every streamed game is
/// read again then, as notifications may have been missed meanwhile).
pub async fn listen(live: Arc<Live>, url: String) {
    loop {
        match PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => loop {
                    live.refresh_all().await;
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(notification)) => {
                                let live = Arc::clone(&live);
                                let id = notification.payload().to_owned();
                                tokio::spawn(async move { live.refresh(&id).await });
                            }
                            // The connection was lost; the next call opens it again.
                            Ok(None) => break,
                            Err(error) => {
                                tracing::warn!("live notifications failed: {error}");
                                tokio::time::sleep(Duration::from_secs(1)).await;
                                break;
                            }
                        }
                    }
                },
                Err(error) => tracing::warn!("cannot listen for live notifications: {error}"),
            },
            Err(error) => tracing::warn!("cannot connect for live notifications: {error}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

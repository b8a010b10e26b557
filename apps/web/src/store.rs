//! The games on disk: one table, in SQLite (a file, the default) or PostgreSQL (shared by
//! several server processes), through sqlx's `Any` driver so that both run the same SQL.
//! The schema is the migrations of `migrations/` (a folder per kind of database), applied
//! at start-up: its first is the schema the server kept before it had a history, so a
//! database of that time opens and goes on.
//!
//! Every change is a compare-and-swap on the row's `version`, so two processes (or two
//! requests) changing one game cannot lose either change: the loser sees a conflict and
//! starts over from the new row (see `games/stored.rs`).
//!
//! The number of stored games is kept by the database too, in `halma_counts`, changed in
//! the same transaction as every insert and delete: one truth for every process, and a new
//! game is stored only while the count is under the bound (the count's row lock orders
//! concurrent creations, so the bound is never passed, not even by one).
//!
//! A database that stops answering is found out by a probe of its own (a connection of its
//! own, a `SELECT 1` every 200 ms, given 600 ms): while it fails, every operation fails at
//! once, and those waiting are let go, so that requests answer `unavailable` within a
//! second instead of waiting out the pool's 10 s; the first probe that passes lets them
//! through again.

use std::future::Future;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use tokio::sync::watch;

use crate::database_url::redacted;
use crate::metrics::{METRICS, Query};

/// One game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id (32 hex digits).
    pub id: String,
    /// The game record (`Game::to_record`): start position and moves.
    pub record: String,
    /// The person's side, `"x"` or `"o"` (a game between two people: its creator's).
    pub human: String,
    /// Who plays the other side: `"computer"` or `"friend"` (a game between two people).
    pub opponent: String,
    /// The computer's level; `None` in a game between two people.
    pub level: Option<i64>,
    /// Bumped by every change; a change names the version it read.
    pub version: i64,
    /// While a search for this game runs: its progress as JSON.
    pub thinking: Option<String>,
    /// The running search's token, so only it clears its mark.
    pub thinking_token: Option<String>,
    /// When the thinking mark lapses (Unix ms) if its process died.
    pub thinking_until: Option<i64>,
    /// Whether the game is over.
    pub finished: bool,
    /// Created (Unix ms).
    pub created_ms: i64,
    /// Last changed (Unix ms).
    pub updated_ms: i64,
    /// A game between two people's life beyond its rules, as JSON (`games/life.rs`);
    /// `None` for a game against the computer.
    pub life: Option<String>,
}

/// The database failed or did not answer (the detail, for the log): the store is
/// unavailable. What it answers otherwise (a game or none, stored or not, changed or not)
/// is in each operation's result.
#[derive(Debug)]
pub struct StoreError(pub String);

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        StoreError(error.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> StoreError {
        StoreError(error.to_string())
    }
}

impl StoreError {
    /// The probe found the database not answering.
    fn down() -> StoreError {
        StoreError("the database does not answer its probe".to_owned())
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "database error: {}", self.0)
    }
}

type Result<T> = std::result::Result<T, StoreError>;

/// The schema's history for SQLite, applied in order at start-up (`migrations/sqlite`).
static SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");

/// The schema's history for PostgreSQL (`migrations/postgres`).
static POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// The WAL file is cut back to this size after a checkpoint (SQLite), and checkpointed as
/// soon as it is seen past it (`prune.rs`).
pub const WAL_LIMIT_BYTES: u64 = 4 << 20;

/// How often the probe asks the database whether it answers.
const PROBE_EVERY: Duration = Duration::from_millis(200);

/// How long the probe waits for the answer (connecting included).
const PROBE_WAIT: Duration = Duration::from_millis(600);

/// A value bound to a parameter of a [`Statement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number, or `NULL`.
    Int(Option<i64>),
    /// A text, or `NULL`.
    Text(Option<String>),
}

impl From<i64> for Value {
    fn from(value: i64) -> Value {
        Value::Int(Some(value))
    }
}

impl From<Option<i64>> for Value {
    fn from(value: Option<i64>) -> Value {
        Value::Int(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Value {
        Value::Text(Some(value.to_owned()))
    }
}

impl From<String> for Value {
    fn from(value: String) -> Value {
        Value::Text(Some(value))
    }
}

impl From<Option<String>> for Value {
    fn from(value: Option<String>) -> Value {
        Value::Text(value)
    }
}

/// One SQL statement with its parameters (`$1`, `$2`, ... in the order bound), to run in a
/// transaction ([`Store::commit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    sql: &'static str,
    values: Vec<Value>,
}

impl Statement {
    /// `sql`, no parameter bound yet.
    pub fn new(sql: &'static str) -> Statement {
        Statement {
            sql,
            values: Vec::new(),
        }
    }

    /// The statement with `value` bound to its next parameter.
    pub fn bind(mut self, value: impl Into<Value>) -> Statement {
        self.values.push(value.into());
        self
    }

    /// The query to run.
    fn query(&self) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
        self.values
            .iter()
            .fold(sqlx::query(self.sql), |query, value| match value {
                Value::Int(int) => query.bind(*int),
                Value::Text(text) => query.bind(text.clone()),
            })
    }
}

/// One write of a transaction ([`Store::commit`]); `M` says, to the caller, what it means
/// when a [`Write::One`] finds no row (the store never reads it).
#[derive(Clone, Debug)]
pub enum Write<M> {
    /// A new game, stored if its id is free and fewer than the number given are stored
    /// (counted in `halma_counts`, whose row lock orders concurrent creations).
    Insert(StoredGame, u64),
    /// A change of a game still at `version - 1` (the compare-and-swap of
    /// [`Store::update`]).
    Update(StoredGame),
    /// A statement that must change exactly one row.
    One(Statement, M),
    /// A statement that may change any number of rows.
    Any(Statement),
}

/// What became of a transaction: written whole, or not at all, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Committed<M> {
    /// Every write was made.
    Done,
    /// An insert's id was taken, or an update's game had changed (or gone): nothing written.
    Conflict,
    /// An insert found the most games stored that it allows (this many): nothing written.
    Full(u64),
    /// A [`Write::One`] changed no row (what its caller said that means): nothing written.
    Missed(M),
}

const COLUMNS: &str = "id, record, human, level, version, thinking, thinking_token, \
                       thinking_until, finished, created_ms, updated_ms, life, opponent";

/// [`COLUMNS`] as a load reads them: the record left out (empty) when the version is `$2`'s.
const LOADED: &str = "id, CASE WHEN version = $2 THEN '' ELSE record END, human, level, \
                      version, thinking, thinking_token, thinking_until, finished, created_ms, \
                      updated_ms, life, opponent";

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// The URL it was opened with (credentials included: never logged, only
    /// [`redacted`]).
    url: String,
    backend: &'static str,
    /// Whether the database answered its latest probe.
    up: watch::Receiver<bool>,
    /// SQLite's WAL file, if the database is a file.
    wal: Option<PathBuf>,
}

/// `query` with `game`'s columns bound as `$1` to `$13`, in the order of [`COLUMNS`].
fn bind_columns<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    game: &StoredGame,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(game.id.clone())
        .bind(game.record.clone())
        .bind(game.human.clone())
        .bind(game.level)
        .bind(game.version)
        .bind(game.thinking.clone())
        .bind(game.thinking_token.clone())
        .bind(game.thinking_until)
        .bind(i64::from(game.finished))
        .bind(game.created_ms)
        .bind(game.updated_ms)
        .bind(game.life.clone())
        .bind(game.opponent.clone())
}

/// The compare-and-swap of `game` over its version before.
fn bind_update(
    game: &StoredGame,
) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
    let query = sqlx::query(
        "UPDATE halma_games SET record = $2, human = $3, level = $4, version = $5, \
         thinking = $6, thinking_token = $7, thinking_until = $8, finished = $9, \
         created_ms = $10, updated_ms = $11, life = $12, opponent = $13 \
         WHERE id = $1 AND version = $14",
    );
    bind_columns(query, game).bind(game.version - 1)
}

/// Inserts `game` in `transaction` if its id is free and fewer than `max_games` are
/// stored, counting it; why not, if not.
async fn insert<M>(
    transaction: &mut AnyConnection,
    game: &StoredGame,
    max_games: u64,
) -> std::result::Result<Option<Committed<M>>, sqlx::Error> {
    let max = i64::try_from(max_games).unwrap_or(i64::MAX);
    // The count's row lock: concurrent creations on every process wait here in turn.
    let room = sqlx::query(
        "UPDATE halma_counts SET value = value + 1 WHERE name = 'games' AND value < $1",
    )
    .bind(max)
    .execute(&mut *transaction)
    .await?;
    if room.rows_affected() != 1 {
        return Ok(Some(Committed::Full(max_games)));
    }
    let sql = format!(
        "INSERT INTO halma_games ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
         ON CONFLICT (id) DO NOTHING"
    );
    let done = bind_columns(sqlx::query(&sql), game)
        .execute(&mut *transaction)
        .await?;
    Ok((done.rows_affected() != 1).then_some(Committed::Conflict))
}

/// The WAL file of the SQLite database at `url` (`sqlite://PATH?...`), unless in memory.
fn wal_of(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let path = rest.strip_prefix("//").unwrap_or(rest);
    let path = path.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.starts_with(':')).then(|| PathBuf::from(format!("{path}-wal")))
}

/// `url` with what SQLite needs to create the file on first start.
fn with_create(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") {
        let joiner = if url.contains('?') { '&' } else { '?' };
        format!("{url}{joiner}mode=rwc")
    } else {
        url.to_owned()
    }
}

impl Store {
    /// Connects to `url` (`sqlite://PATH` or `postgres://...`) and brings its schema up to
    /// date.
    pub async fn connect(url: &str, connections: u32) -> Result<Store> {
        install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            "sqlite"
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            "postgres"
        } else {
            return Err(StoreError(format!(
                "unsupported database URL {:?}: use sqlite://PATH or postgres://...",
                redacted(url)
            )));
        };
        let sqlite = backend == "sqlite";
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        // Readers never wait for the writer; a commit is on the disk (the
                        // WAL synced) before it returns, so that a move answered `200`
                        // survives a power cut (`NORMAL` syncs only at checkpoints).
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *connection)
                            .await?;
                        sqlx::query("PRAGMA synchronous = FULL")
                            .execute(&mut *connection)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 10000")
                            .execute(&mut *connection)
                            .await?;
                        // Without it the WAL file keeps the size of its largest burst.
                        sqlx::query(&format!("PRAGMA journal_size_limit = {WAL_LIMIT_BYTES}"))
                            .execute(&mut *connection)
                            .await?;
                        // The checkpoints are the server's own (`prune.rs`): a writer's
                        // automatic checkpoint at its commit holds the checkpoint lock, which
                        // a checkpoint asked for does not wait for but gives up on, so under
                        // a stream of writes they would keep the WAL from being cut back.
                        sqlx::query("PRAGMA wal_autocheckpoint = 0")
                            .execute(&mut *connection)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&with_create(url))
            .await?;
        let (answers, up) = watch::channel(true);
        tokio::spawn(probe(with_create(url), answers));
        let wal = sqlite.then(|| wal_of(url)).flatten();
        let store = Store {
            pool,
            url: url.to_owned(),
            backend,
            up,
            wal,
        };
        // Two processes starting at once on one database may race to apply a migration (on
        // SQLite, which has no lock for it): the loser's error is gone on a second try.
        if store.migrate().await.is_err() {
            tokio::time::sleep(Duration::from_millis(200)).await;
            store.migrate().await?;
        }
        Ok(store)
    }

    /// Applies the migrations the database lacks.
    async fn migrate(&self) -> Result<()> {
        let migrator = if self.backend == "sqlite" {
            &SQLITE
        } else {
            &POSTGRES
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// The connections, for the tables of other modules (`games/seats.rs`), whose queries
    /// go through [`Store::timed`] as this module's do.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The URL the store was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// `"sqlite"` or `"postgres"`.
    pub fn backend(&self) -> &'static str {
        self.backend
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<()> {
        self.timed(Query::Other, sqlx::query("SELECT 1").execute(&self.pool))
            .await?;
        Ok(())
    }

    /// Makes `writes`, in order, in one transaction: all of them, or none (the first that
    /// cannot be made says why). A request cut off meanwhile writes nothing: the
    /// transaction is rolled back with its connection.
    pub async fn commit<M: Clone>(&self, writes: &[Write<M>]) -> Result<Committed<M>> {
        let kind = if writes
            .iter()
            .any(|write| matches!(write, Write::Insert(..)))
        {
            Query::Create
        } else {
            Query::Update
        };
        self.timed(kind, async {
            let mut transaction = self.pool.begin().await?;
            for write in writes {
                let refused = match write {
                    Write::Insert(game, max_games) => {
                        insert(&mut transaction, game, *max_games).await?
                    }
                    Write::Update(game) => {
                        let query = bind_update(game);
                        let changed = query.execute(&mut *transaction).await?.rows_affected();
                        (changed != 1).then_some(Committed::Conflict)
                    }
                    Write::One(statement, missed) => {
                        let changed = statement.query().execute(&mut *transaction).await?;
                        (changed.rows_affected() != 1).then(|| Committed::Missed(missed.clone()))
                    }
                    Write::Any(statement) => {
                        statement.query().execute(&mut *transaction).await?;
                        None
                    }
                };
                if let Some(refused) = refused {
                    transaction.rollback().await?;
                    return Ok(refused);
                }
            }
            transaction.commit().await?;
            Ok::<_, StoreError>(Committed::Done)
        })
        .await
    }

    /// The game `id`, if stored; its record left empty if it is still at `known_version`
    /// (the caller holds the game of that version: a long record is not read for nothing).
    pub async fn load(&self, id: &str, known_version: Option<i64>) -> Result<Option<StoredGame>> {
        let sql = format!("SELECT {LOADED} FROM halma_games WHERE id = $1");
        // Versions start at 1.
        let known = known_version.unwrap_or(0);
        let query = sqlx::query(&sql)
            .bind(id)
            .bind(known)
            .fetch_optional(&self.pool);
        let row = self.timed(Query::Load, query).await?;
        row.map(|row| -> Result<StoredGame> {
            Ok(StoredGame {
                id: row.try_get(0)?,
                record: row.try_get(1)?,
                human: row.try_get(2)?,
                level: row.try_get(3)?,
                version: row.try_get(4)?,
                thinking: row.try_get(5)?,
                thinking_token: row.try_get(6)?,
                thinking_until: row.try_get(7)?,
                finished: row.try_get::<i64, _>(8)? != 0,
                created_ms: row.try_get(9)?,
                updated_ms: row.try_get(10)?,
                life: row.try_get(11)?,
                opponent: row.try_get(12)?,
            })
        })
        .transpose()
    }

    /// Replaces the game if it is still at `game.version - 1`; `false` on a conflict (or if
    /// it was deleted).
    pub async fn update(&self, game: &StoredGame) -> Result<bool> {
        let query = bind_update(game).execute(&self.pool);
        Ok(self.timed(Query::Update, query).await?.rows_affected() == 1)
    }

    /// Records a running search's progress, if the search `token` still holds the game.
    pub async fn set_progress(&self, id: &str, token: &str, progress: &str) -> Result<()> {
        let query = sqlx::query(
            "UPDATE halma_games SET thinking = $1 WHERE id = $2 AND thinking_token = $3",
        )
        .bind(progress)
        .bind(id)
        .bind(token)
        .execute(&self.pool);
        self.timed(Query::Update, query).await?;
        Ok(())
    }

    /// Deletes the game `id`; whether it existed.
    pub async fn delete(&self, id: &str) -> Result<bool> {
        let query = sqlx::query("DELETE FROM halma_games WHERE id = $1").bind(id);
        Ok(self.delete_counted(query).await? == 1)
    }

    /// Deletes finished games unchanged since `finished_before` and unfinished ones unchanged
    /// since `idle_before` (Unix ms); how many.
    pub async fn prune(&self, finished_before: i64, idle_before: i64) -> Result<u64> {
        let query = sqlx::query(
            "DELETE FROM halma_games WHERE (finished = 1 AND updated_ms < $1) \
             OR (finished = 0 AND updated_ms < $2)",
        )
        .bind(finished_before)
        .bind(idle_before);
        self.delete_counted(query).await
    }

    /// Runs the `DELETE` in `query` and takes what it deleted off the count, in one
    /// transaction; how many it deleted.
    async fn delete_counted<'q>(
        &self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<u64> {
        self.timed(Query::Delete, async {
            let mut transaction = self.pool.begin().await?;
            let deleted = query.execute(&mut *transaction).await?.rows_affected();
            if deleted > 0 {
                sqlx::query("UPDATE halma_counts SET value = value - $1 WHERE name = 'games'")
                    .bind(i64::try_from(deleted).unwrap_or(i64::MAX))
                    .execute(&mut *transaction)
                    .await?;
            }
            transaction.commit().await?;
            Ok::<_, StoreError>(deleted)
        })
        .await
    }

    /// How many games are stored, by the database's count.
    pub async fn count(&self) -> Result<u64> {
        let query = sqlx::query("SELECT value FROM halma_counts WHERE name = 'games'")
            .fetch_one(&self.pool);
        let row = self.timed(Query::Other, query).await?;
        Ok(u64::try_from(row.try_get::<i64, _>(0)?).unwrap_or(0))
    }

    /// Moves what the WAL holds into the database and cuts the WAL file back (SQLite; nothing
    /// on PostgreSQL). SQLite's own checkpoints never shrink the file, and under a steady
    /// stream of readers they may never finish either. A passive checkpoint first copies
    /// what it can while writers go on; the truncating one then holds them off only for the
    /// rest.
    pub async fn checkpoint(&self) -> Result<()> {
        if self.backend == "sqlite" {
            for mode in ["PASSIVE", "TRUNCATE"] {
                let sql = format!("PRAGMA wal_checkpoint({mode})");
                let query = sqlx::query(&sql).execute(&self.pool);
                self.timed(Query::Other, query).await?;
            }
        }
        Ok(())
    }

    /// The size of SQLite's WAL file now (0 on PostgreSQL, in memory, or with no file).
    pub fn wal_bytes(&self) -> u64 {
        self.wal
            .as_ref()
            .and_then(|path| std::fs::metadata(path).ok())
            .map_or(0, |metadata| metadata.len())
    }

    /// Closes the connections (after the last write).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

impl Store {
    /// `query`, its time recorded for the metrics under `kind`; failed at once while the
    /// database does not answer its probe, and given up when the probe fails meanwhile.
    pub async fn timed<T, E: Into<StoreError>>(
        &self,
        kind: Query,
        query: impl Future<Output = std::result::Result<T, E>>,
    ) -> Result<T> {
        let mut up = self.up.clone();
        if !*up.borrow_and_update() {
            return Err(StoreError::down());
        }
        let down = async {
            // A probe that ended (never, while the server runs) lets the query run.
            if up.wait_for(|up| !*up).await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        let start = Instant::now();
        let result = tokio::select! {
            result = query => result.map_err(Into::into),
            () = down => Err(StoreError::down()),
        };
        METRICS.queried(kind, start.elapsed());
        result
    }
}

/// Asks the database at `url` whether it answers, every [`PROBE_EVERY`], on a connection
/// of its own (so that a pool busy with requests does not delay it), and says so on
/// `answers`; ends when nobody listens.
async fn probe(url: String, answers: watch::Sender<bool>) {
    let mut connection: Option<AnyConnection> = None;
    while !answers.is_closed() {
        let asked = tokio::time::timeout(PROBE_WAIT, async {
            let open = match connection.as_mut() {
                Some(open) => open,
                None => connection.insert(AnyConnection::connect(&url).await?),
            };
            sqlx::query("SELECT 1").execute(open).await.map(drop)
        })
        .await;
        let answered = matches!(asked, Ok(Ok(())));
        if !answered {
            connection = None;
        }
        answers.send_if_modified(|up| {
            let changed = *up != answered;
            if changed {
                match &asked {
                    Ok(Ok(())) => tracing::warn!("the database answers again"),
                    Ok(Err(error)) => tracing::error!("the database does not answer: {error}"),
                    Err(_) => tracing::error!("the database does not answer within {PROBE_WAIT:?}"),
                }
            }
            *up = answered;
            changed
        });
        tokio::time::sleep(PROBE_EVERY).await;
    }
}

/// The store contract, run against SQLite always and against PostgreSQL when
/// `HALMA_TEST_POSTGRES` names one.
#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, finished: bool, updated_ms: i64) -> StoredGame {
        StoredGame {
            id: id.to_owned(),
            record: "16/16 x\n".to_owned(),
            human: "x".to_owned(),
            opponent: "computer".to_owned(),
            level: Some(5),
            version: 1,
            thinking: None,
            thinking_token: None,
            thinking_until: None,
            finished,
            created_ms: updated_ms,
            updated_ms,
            life: None,
        }
    }

    fn fresh_id() -> String {
        crate::games::new_id()
    }

    /// Stores `game` alone, fewer than `max_games` being stored.
    async fn insert(store: &Store, game: &StoredGame, max_games: u64) -> Committed<()> {
        store
            .commit(&[Write::Insert(game.clone(), max_games)])
            .await
            .unwrap()
    }

    async fn contract(store: Store) {
        store.ping().await.unwrap();
        let id = fresh_id();
        assert_eq!(store.load(&id, None).await.unwrap(), None);
        let mut stored = game(&id, false, 1_000);
        let count = store.count().await.unwrap();
        assert_eq!(insert(&store, &stored, u64::MAX).await, Committed::Done);
        assert_eq!(
            insert(&store, &stored, u64::MAX).await,
            Committed::Conflict,
            "an id is stored once"
        );
        // The bound is the count: a database holding as many as the bound takes no more.
        let full = store.count().await.unwrap();
        assert!(full > count, "{full} after {count}");
        let other = game(&fresh_id(), false, 1_000);
        assert_eq!(insert(&store, &other, full).await, Committed::Full(full));
        assert_eq!(store.load(&other.id, None).await.unwrap(), None);
        assert_eq!(store.load(&id, None).await.unwrap().as_ref(), Some(&stored));

        // A change names the version it read: a second change from the same read conflicts.
        stored.version = 2;
        stored.record.push_str("l2-k3\n");
        stored.thinking = Some("{\"purpose\":\"move\"}".to_owned());
        stored.thinking_token = Some("t1".to_owned());
        stored.thinking_until = Some(5_000);
        assert!(store.update(&stored).await.unwrap());
        assert!(
            !store.update(&stored).await.unwrap(),
            "a stale version conflicts"
        );
        assert_eq!(store.load(&id, None).await.unwrap().as_ref(), Some(&stored));

        // Progress goes only to the search that holds the game.
        store.set_progress(&id, "other", "{}").await.unwrap();
        assert_eq!(
            store.load(&id, None).await.unwrap().unwrap().thinking,
            stored.thinking
        );
        store
            .set_progress(&id, "t1", "{\"depth\":3}")
            .await
            .unwrap();
        let loaded = store.load(&id, None).await.unwrap().unwrap();
        assert_eq!(loaded.thinking.as_deref(), Some("{\"depth\":3}"));
        assert_eq!(loaded.version, 2, "progress is not a change of the game");
        // A reader holding the game of this version is not sent its record again.
        let known = store.load(&id, Some(2)).await.unwrap().unwrap();
        assert_eq!((known.record.as_str(), known.version), ("", 2));
        assert_eq!(known.thinking, loaded.thinking);
        let older = store.load(&id, Some(1)).await.unwrap().unwrap();
        assert_eq!(older.record, stored.record);

        // A transaction is written whole or not at all: a new game with a change of
        // another, and a statement that must find its row.
        let counted = store.count().await.unwrap();
        let before = store.load(&id, None).await.unwrap();
        let linked = game(&fresh_id(), false, 1_000);
        let mut link = stored.clone();
        link.version = 3;
        link.life = Some(linked.id.clone());
        let find = |id: &str| {
            Statement::new("UPDATE halma_games SET thinking = $1 WHERE id = $2")
                .bind(Some("{}".to_owned()))
                .bind(id)
        };
        let stale = StoredGame {
            version: 2,
            ..link.clone()
        };
        for (writes, refused) in [
            (
                vec![
                    Write::Insert(linked.clone(), u64::MAX),
                    Write::Update(stale),
                ],
                Committed::Conflict,
            ),
            (
                vec![
                    Write::Insert(linked.clone(), u64::MAX),
                    Write::One(find(&fresh_id()), "nobody"),
                    Write::Update(link.clone()),
                ],
                Committed::Missed("nobody"),
            ),
            (
                vec![
                    Write::Update(link.clone()),
                    Write::Insert(linked.clone(), 0),
                ],
                Committed::Full(0),
            ),
        ] {
            assert_eq!(store.commit(&writes).await.unwrap(), refused);
            assert_eq!(store.load(&linked.id, None).await.unwrap(), None);
            assert_eq!(store.load(&id, None).await.unwrap(), before);
            assert_eq!(store.count().await.unwrap(), counted, "nothing counted");
        }
        let writes = [
            Write::Insert(linked.clone(), u64::MAX),
            Write::One(find(&id), "nobody"),
            Write::Update(link.clone()),
        ];
        assert_eq!(store.commit(&writes).await.unwrap(), Committed::Done);
        assert_eq!(
            store.load(&linked.id, None).await.unwrap(),
            Some(linked.clone())
        );
        assert_eq!(store.load(&id, None).await.unwrap(), Some(link.clone()));
        assert_eq!(store.count().await.unwrap(), counted + 1);
        assert!(store.delete(&linked.id).await.unwrap());

        // Pruning: old finished games go, games in play and recent ones stay.
        let old_finished = fresh_id();
        let new_finished = fresh_id();
        let old_playing = fresh_id();
        let ancient_playing = fresh_id();
        for (id, finished, updated_ms) in [
            (&old_finished, true, 100),
            (&new_finished, true, 10_000),
            (&old_playing, false, 100),
            (&ancient_playing, false, 10),
        ] {
            let stored = game(id, finished, updated_ms);
            assert_eq!(insert(&store, &stored, u64::MAX).await, Committed::Done);
        }
        assert!(store.count().await.unwrap() >= 5);
        assert!(store.prune(200, 50).await.unwrap() >= 2);
        assert_eq!(store.load(&old_finished, None).await.unwrap(), None);
        assert_eq!(store.load(&ancient_playing, None).await.unwrap(), None);
        for kept in [&new_finished, &old_playing, &id] {
            assert!(
                store.load(kept, None).await.unwrap().is_some(),
                "{kept} is kept"
            );
        }

        assert!(store.delete(&id).await.unwrap());
        assert!(!store.delete(&id).await.unwrap());
        assert_eq!(store.load(&id, None).await.unwrap(), None);
        for id in [&new_finished, &old_playing] {
            store.delete(id).await.unwrap();
        }
    }

    #[tokio::test]
    async fn sqlite_keeps_the_contract_and_creates_its_file() {
        let dir = std::env::temp_dir().join(format!("halma-store-{}", fresh_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite3");
        let url = format!("sqlite://{}", path.display());
        contract(Store::connect(&url, 4).await.unwrap()).await;
        assert!(path.exists());
        // The file outlives the connection: a game stored before is there after.
        let store = Store::connect(&url, 1).await.unwrap();
        let id = fresh_id();
        insert(&store, &game(&id, false, 1), u64::MAX).await;
        store.close().await;
        let store = Store::connect(&url, 1).await.unwrap();
        assert!(store.load(&id, None).await.unwrap().is_some());
        // Every connection syncs each commit: an answered write survives a power cut.
        let mode: (String, i64) = sqlx::query_as(
            "SELECT journal_mode, synchronous FROM pragma_journal_mode, pragma_synchronous",
        )
        .fetch_one(store.pool())
        .await
        .unwrap();
        assert_eq!(
            mode,
            ("wal".to_owned(), 2),
            "WAL with synchronous = FULL (2)"
        );
        // The count is the database's: what is stored, whoever stored it.
        assert_eq!(store.count().await.unwrap(), 1);
        insert(&store, &game(&fresh_id(), false, 1), u64::MAX).await;
        assert!(store.wal_bytes() > 0, "the insert is in the WAL");
        store.checkpoint().await.unwrap();
        assert_eq!(store.wal_bytes(), 0, "a checkpoint cuts the WAL back");
        store.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test]
    async fn postgres_keeps_the_contract() {
        let Some(url) = crate::postgres_for_tests() else {
            return;
        };
        // A schema of its own: the contract counts the games, and other tests add theirs.
        let url = tokio::task::spawn_blocking(move || crate::postgres_schema(&url))
            .await
            .unwrap();
        contract(Store::connect(&url, 4).await.unwrap()).await;
    }

    #[test]
    fn the_wal_is_found_beside_a_database_file_only() {
        let wal = |url: &str| wal_of(url).map(|path| path.display().to_string());
        assert_eq!(
            wal("sqlite:///d/g.db?mode=rwc").as_deref(),
            Some("/d/g.db-wal")
        );
        assert_eq!(wal("sqlite://g.db").as_deref(), Some("g.db-wal"));
        assert_eq!(wal("sqlite:g.db").as_deref(), Some("g.db-wal"));
        assert_eq!(wal("sqlite::memory:"), None);
        assert_eq!(wal("postgres://h/db"), None);
    }

    #[tokio::test]
    async fn other_databases_are_refused() {
        let error = Store::connect("mysql://localhost/x", 1)
            .await
            .err()
            .unwrap();
        assert!(error.0.contains("unsupported"), "{error}");
    }
}

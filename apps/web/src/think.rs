//! The computer's thinking: a small pool of engines shared by all games, and searches whose
//! time is capped whatever the level asks for, so that one client cannot hold the machine.

use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use halma::{Game, Move};

use halma::search::{Engine, Limits, SCORE_WIN, SearchInfo, SearchResult};

/// Transposition table size of each pooled engine: small, since several run at once.
const TABLE_MB: usize = 16;

/// What a finished search reports to the client.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// The move chosen, `from-to`.
    #[serde(rename = "move")]
    pub mv: String,
    /// Score from the mover's point of view, hundredths of a move of race advantage.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used, in milliseconds.
    pub time_ms: u64,
    /// Principal variation, `from-to` each.
    pub pv: Vec<String>,
    /// For a proven result: plies to the mover's win (positive) or loss (negative).
    pub forced_win_in: Option<i32>,
}

/// Progress of a running search, as the state shows it while the computer thinks.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Progress {
    /// `"move"` for the computer's reply, `"hint"` for a hint.
    pub purpose: &'static str,
    /// Depth of the last completed iteration (0 before the first one ends).
    pub depth: u32,
    /// Its score, from the mover's point of view.
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nodes_per_second: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Principal variation so far.
    pub pv: Vec<String>,
    /// For a proven result: plies to the mover's win (positive) or loss (negative).
    pub forced_win_in: Option<i32>,
}

impl Progress {
    pub fn started(purpose: &'static str) -> Progress {
        Progress {
            purpose,
            ..Progress::default()
        }
    }

    fn update(&mut self, info: &SearchInfo) {
        self.depth = info.depth;
        self.score = info.score;
        self.nodes = info.nodes;
        self.nodes_per_second = info.nodes_per_second;
        self.time_ms = millis(info.time);
        self.pv = info.pv.iter().map(Move::to_string).collect();
        self.forced_win_in = forced(info.score);
    }
}

/// Plies to a forced win (positive) or loss (negative) when `score` proves one.
fn forced(score: i32) -> Option<i32> {
    let plies = SCORE_WIN.checked_sub(score.checked_abs()?)?;
    (plies <= 1000).then_some(if score > 0 { plies } else { -plies })
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Engines for the searches that may run at the same time; an empty pool means "busy".
pub struct Pool {
    engines: Mutex<Vec<Engine>>,
    cap: Duration,
}

/// Why no move came back.
#[derive(Debug)]
pub enum ThinkError {
    /// Every engine is in use by other games.
    Busy,
    /// The engine refused (the game is over).
    Engine(String),
}

impl Pool {
    /// `size` engines; every search stops after `cap` at the latest.
    pub fn new(size: usize, cap: Duration) -> Pool {
        Pool {
            engines: Mutex::new(
                (0..size.max(1))
                    .map(|_| Engine::with_table_mb(TABLE_MB))
                    .collect(),
            ),
            cap,
        }
    }

    fn take(&self) -> Option<Engine> {
        self.engines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop()
    }

    fn give_back(&self, engine: Engine) {
        self.engines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(engine);
    }

    /// Reserves an engine, or says that all are busy.
    pub fn reserve(&self) -> Result<Reserved<'_>, ThinkError> {
        self.take()
            .map(|engine| Reserved {
                pool: self,
                engine: Some(engine),
            })
            .ok_or(ThinkError::Busy)
    }
}

/// An engine taken from the pool; it goes back when this is dropped (panics included).
pub struct Reserved<'a> {
    pool: &'a Pool,
    engine: Option<Engine>,
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            self.pool.give_back(engine);
        }
    }
}

impl Reserved<'_> {
    /// Searches `game` at `level` for at most the pool's cap, calling `progress` after each
    /// completed iteration.
    pub fn think(
        &mut self,
        game: &Game,
        level: u8,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> Result<(Move, Report), ThinkError> {
        let Some(engine) = self.engine.as_mut() else {
            return Err(ThinkError::Busy);
        };
        let stop = engine.stop_handle();
        let cap = self.pool.cap;
        let (done, finished) = mpsc::channel::<()>();
        let result = std::thread::scope(|scope| {
            // The watchdog: stop the search at the cap. A stop that arrives before the search
            // has started is ignored by the engine, so repeat it until the search returns.
            scope.spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(cap) {
                    loop {
                        stop.stop();
                        if !matches!(
                            finished.recv_timeout(Duration::from_millis(20)),
                            Err(mpsc::RecvTimeoutError::Timeout)
                        ) {
                            break;
                        }
                    }
                }
            });
            let limits = Limits::level(level);
            let limits = match limits.max_time() {
                Some(time) if time <= cap => limits,
                _ => limits.with_time(cap),
            };
            let result = engine.search_with_info(game, &limits, progress);
            drop(done);
            result
        });
        let result: SearchResult = result.map_err(|error| ThinkError::Engine(error.to_string()))?;
        let report = Report {
            mv: result.best_move.to_string(),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            time_ms: millis(result.time),
            pv: result.pv.iter().map(Move::to_string).collect(),
            forced_win_in: forced(result.score),
        };
        Ok((result.best_move, report))
    }
}

/// Records a search's progress in `slot`.
pub fn record(slot: &mut Option<Progress>, info: &SearchInfo) {
    if let Some(progress) = slot.as_mut() {
        progress.update(info);
    }
}

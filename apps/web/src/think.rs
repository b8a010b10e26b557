//! The computer's thinking: a fixed set of engines, each on a thread of its own, fed from
//! one bounded queue in a fair order.
//!
//! - A computer move (a player waiting for the reply) goes before any hint.
//! - A client runs at most its share of the engines at once, and has at most a few searches
//!   running or waiting; past that, or past the queue's bound, the answer is "busy" (503).
//! - Among the rest, the client running the fewest searches goes first, then the oldest.
//! - A search whose requester went away is taken out of the queue, or stopped.
//! - Every search stops at its level's limit and at the cap, whichever comes first.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use halma::search::{Engine, Limits, SCORE_WIN, SearchInfo};
use halma::{Game, Move, StopHandle};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::clients::Client;

/// Transposition table size of each engine: small, since several run at once.
const TABLE_MB: usize = 16;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// The computer's own move: goes first.
    Move,
    /// A hint for the person.
    Hint,
}

/// What a finished search reports to the client.
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Progress {
    /// `"move"` for the computer's reply, `"hint"` for a hint.
    pub purpose: Purpose,
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
    /// A search for `purpose` that has not completed an iteration yet.
    pub fn started(purpose: Purpose) -> Progress {
        Progress {
            purpose,
            depth: 0,
            score: 0,
            nodes: 0,
            nodes_per_second: 0,
            time_ms: 0,
            pv: Vec::new(),
            forced_win_in: None,
        }
    }

    /// The progress after the iteration `info`.
    pub fn after(purpose: Purpose, info: &SearchInfo) -> Progress {
        Progress {
            purpose,
            depth: info.depth,
            score: info.score,
            nodes: info.nodes,
            nodes_per_second: info.nodes_per_second,
            time_ms: millis(info.time),
            pv: info.pv.iter().map(Move::to_string).collect(),
            forced_win_in: forced(info.score),
        }
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

/// Why no move came back.
#[derive(Debug)]
pub enum ThinkError {
    /// No room: the queue is full, the client has its share, or the wait was too long.
    Busy(String),
    /// The engine refused (the game is over) or failed.
    Engine(String),
}

/// The scheduler's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Engines, each on its own thread.
    pub engines: usize,
    /// Searches one client may run at once.
    pub per_client: usize,
    /// Searches one client may have running or waiting.
    pub outstanding_per_client: usize,
    /// Searches that may wait.
    pub queue: usize,
    /// Longest wait before a search starts.
    pub queue_wait: Duration,
    /// Longest search.
    pub cap: Duration,
}

/// Called after each completed iteration.
pub type OnProgress = Box<dyn FnMut(&SearchInfo) + Send>;

/// The answer to a search.
pub type Answer = Result<(Move, Report), ThinkError>;

/// A request to stop a search, whether it waits or runs.
#[derive(Default)]
struct Cancel {
    stopped: AtomicBool,
    handle: Mutex<Option<StopHandle>>,
}

impl Cancel {
    fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        if let Some(handle) = lock(&self.handle).as_ref() {
            handle.stop();
        }
    }

    fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }
}

struct Job {
    seq: u64,
    client: Client,
    purpose: Purpose,
    game: Game,
    level: u8,
    queued: Instant,
    cancel: Arc<Cancel>,
    on_progress: OnProgress,
    answer: oneshot::Sender<Answer>,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Job>,
    running: HashMap<Client, usize>,
    outstanding: HashMap<Client, usize>,
    next_seq: u64,
}

impl Queue {
    fn running_of(&self, client: Client) -> usize {
        self.running.get(&client).copied().unwrap_or(0)
    }

    /// The next job to run: computer moves first, then the client running fewest searches,
    /// then the oldest; never a client already at its share.
    fn pick(&mut self, per_client: usize) -> Option<Job> {
        let index = (0..self.waiting.len())
            .filter(|&i| self.running_of(self.waiting[i].client) < per_client)
            .min_by_key(|&i| {
                let job = &self.waiting[i];
                (job.purpose, self.running_of(job.client), job.seq)
            })?;
        let job = self.waiting.remove(index);
        *self.running.entry(job.client).or_insert(0) += 1;
        Some(job)
    }

    fn release(&mut self, client: Client, was_running: bool) {
        if was_running {
            decrement(&mut self.running, client);
        }
        decrement(&mut self.outstanding, client);
    }
}

fn decrement(counts: &mut HashMap<Client, usize>, client: Client) {
    if let Some(count) = counts.get_mut(&client) {
        *count -= 1;
        if *count == 0 {
            counts.remove(&client);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    config: Config,
}

/// The engines and their queue.
#[derive(Clone)]
pub struct Pool {
    shared: Arc<Shared>,
}

/// How busy the engines are.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Load {
    /// Searches running.
    pub running: usize,
    /// Searches waiting.
    pub waiting: usize,
    /// Engines.
    pub engines: usize,
}

/// Takes a search out of the queue, or stops it, when the request that asked for it is
/// dropped (its client went away) before the answer came.
struct Pending {
    shared: Arc<Shared>,
    seq: u64,
    cancel: Arc<Cancel>,
    done: bool,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut queue = lock(&self.shared.queue);
        if let Some(index) = queue.waiting.iter().position(|job| job.seq == self.seq) {
            let job = queue.waiting.remove(index);
            queue.release(job.client, false);
            tracing::info!("a waiting search was dropped: its client went away");
        } else {
            drop(queue);
            self.cancel.stop();
        }
    }
}

impl Pool {
    /// Starts `config.engines` engine threads.
    pub fn new(config: Config) -> Pool {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            config,
        });
        for n in 0..shared.config.engines {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("engine-{n}"))
                .spawn(move || run_engine(&shared))
                .expect("an engine thread starts");
        }
        Pool { shared }
    }

    /// How busy the engines are now.
    pub fn load(&self) -> Load {
        let queue = lock(&self.shared.queue);
        Load {
            running: queue.running.values().sum(),
            waiting: queue.waiting.len(),
            engines: self.shared.config.engines,
        }
    }

    /// Searches `game` at `level` for `client`, when an engine is free for it. Dropping the
    /// future (the client went away) takes the search out of the queue or stops it.
    pub async fn think(
        &self,
        client: Client,
        purpose: Purpose,
        game: Game,
        level: u8,
        on_progress: OnProgress,
    ) -> Answer {
        let config = &self.shared.config;
        let cancel = Arc::new(Cancel::default());
        let (answer, answered) = oneshot::channel();
        let seq = {
            let mut queue = lock(&self.shared.queue);
            let outstanding = queue.outstanding.get(&client).copied().unwrap_or(0);
            if outstanding >= config.outstanding_per_client {
                return Err(ThinkError::Busy(format!(
                    "you have {outstanding} searches running or waiting already, the most one client may; try again when one ends"
                )));
            }
            if queue.waiting.len() >= config.queue {
                return Err(ThinkError::Busy(format!(
                    "all engines are busy and {} searches are waiting; try again in a moment",
                    queue.waiting.len()
                )));
            }
            *queue.outstanding.entry(client).or_insert(0) += 1;
            let seq = queue.next_seq;
            queue.next_seq += 1;
            queue.waiting.push(Job {
                seq,
                client,
                purpose,
                game,
                level,
                queued: Instant::now(),
                cancel: Arc::clone(&cancel),
                on_progress,
                answer,
            });
            seq
        };
        self.shared.ready.notify_all();
        let mut pending = Pending {
            shared: Arc::clone(&self.shared),
            seq,
            cancel,
            done: false,
        };
        // The engine answers by itself (busy after the queue wait, a move by the cap); this
        // bound only guards against a lost answer.
        let bound = config.queue_wait + config.cap + Duration::from_secs(5);
        match tokio::time::timeout(bound, answered).await {
            Ok(Ok(result)) => {
                pending.done = true;
                result
            }
            Ok(Err(_)) => Err(ThinkError::Engine("the search was lost".to_owned())),
            Err(_) => Err(ThinkError::Busy(
                "no engine answered in time; try again in a moment".to_owned(),
            )),
        }
    }
}

/// One engine's thread: takes jobs in the fair order and runs them, until the process ends.
fn run_engine(shared: &Shared) {
    let config = &shared.config;
    let mut engine = Engine::with_table_mb(TABLE_MB);
    loop {
        let mut job = {
            let mut queue = lock(&shared.queue);
            loop {
                if let Some(job) = queue.pick(config.per_client) {
                    break job;
                }
                queue = shared
                    .ready
                    .wait(queue)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        };
        let answer = if job.queued.elapsed() > config.queue_wait {
            Err(ThinkError::Busy(
                "waited too long for a free engine; try again in a moment".to_owned(),
            ))
        } else {
            *lock(&job.cancel.handle) = Some(engine.stop_handle());
            if job.cancel.is_stopped() {
                Err(ThinkError::Busy("stopped before it started".to_owned()))
            } else {
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    search(&mut engine, &mut job, config.cap)
                }));
                outcome.unwrap_or_else(|_| {
                    tracing::error!("a bug: a search panicked; the engine is replaced");
                    engine = Engine::with_table_mb(TABLE_MB);
                    Err(ThinkError::Engine("the search failed".to_owned()))
                })
            }
        };
        *lock(&job.cancel.handle) = None;
        lock(&shared.queue).release(job.client, true);
        shared.ready.notify_all();
        let _ = job.answer.send(answer);
    }
}

fn search(engine: &mut Engine, job: &mut Job, cap: Duration) -> Answer {
    let limits = Limits::level(job.level);
    let limits = match limits.max_time() {
        Some(time) if time <= cap => limits,
        _ => limits.with_time(cap),
    };
    let cancel = Arc::clone(&job.cancel);
    let on_progress = &mut job.on_progress;
    let result = engine
        .search_with_info(&job.game, &limits, &mut |info: &SearchInfo| {
            // A stop that came before the search started was ignored: repeat it.
            if cancel.is_stopped() {
                cancel.stop();
            }
            on_progress(info);
        })
        .map_err(|error| ThinkError::Engine(error.to_string()))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn client(n: u8) -> Client {
        Client::of(std::net::IpAddr::from([127, 0, 0, n]))
    }

    fn job(queue: &mut Queue, client: Client, purpose: Purpose) -> u64 {
        let seq = queue.next_seq;
        queue.next_seq += 1;
        let (answer, _) = oneshot::channel();
        queue.waiting.push(Job {
            seq,
            client,
            purpose,
            game: Game::new(),
            level: 1,
            queued: Instant::now(),
            cancel: Arc::default(),
            on_progress: Box::new(|_| {}),
            answer,
        });
        seq
    }

    #[test]
    fn computer_moves_first_then_the_least_served_client_then_the_oldest() {
        let mut queue = Queue::default();
        let flooder = client(2);
        let hint_a = job(&mut queue, flooder, Purpose::Hint);
        let hint_b = job(&mut queue, flooder, Purpose::Hint);
        let other_hint = job(&mut queue, client(3), Purpose::Hint);
        let mv = job(&mut queue, client(4), Purpose::Move);
        assert_eq!(queue.pick(2).map(|j| j.seq), Some(mv));
        assert_eq!(queue.pick(2).map(|j| j.seq), Some(hint_a));
        // The flooder has one running: the other client's hint goes before its second.
        assert_eq!(queue.pick(2).map(|j| j.seq), Some(other_hint));
        assert_eq!(queue.pick(2).map(|j| j.seq), Some(hint_b));
        assert!(queue.pick(2).is_none());
    }

    #[test]
    fn a_client_at_its_share_waits() {
        let mut queue = Queue::default();
        let flooder = client(2);
        job(&mut queue, flooder, Purpose::Move);
        job(&mut queue, flooder, Purpose::Move);
        assert!(queue.pick(1).is_some());
        assert!(queue.pick(1).is_none(), "one engine per client");
        queue.release(flooder, true);
        assert!(queue.pick(1).is_some());
    }

    fn pool(queue: usize, cap: Duration) -> Pool {
        Pool::new(Config {
            engines: 1,
            per_client: 1,
            outstanding_per_client: 2,
            queue,
            queue_wait: Duration::from_secs(5),
            cap,
        })
    }

    #[tokio::test]
    async fn a_search_answers_a_legal_move_and_reports_progress() {
        let pool = pool(4, Duration::from_millis(200));
        let iterations = Arc::new(Mutex::new(0));
        let counter = Arc::clone(&iterations);
        let (mv, report) = pool
            .think(
                client(2),
                Purpose::Move,
                Game::new(),
                3,
                Box::new(move |_| *lock(&counter) += 1),
            )
            .await
            .unwrap();
        assert!(Game::new().legal_moves().contains(&mv));
        assert_eq!(report.mv, mv.to_string());
        assert!(*lock(&iterations) >= 1);
        assert_eq!(pool.load().running, 0);
    }

    #[tokio::test]
    async fn past_the_bounds_the_answer_is_busy_and_a_dropped_request_leaves_the_queue() {
        let pool = pool(1, Duration::from_secs(10));
        let level10 = || {
            let pool = pool.clone();
            async move {
                pool.think(client(2), Purpose::Hint, Game::new(), 10, Box::new(|_| {}))
                    .await
            }
        };
        let running = tokio::spawn(level10());
        while pool.load().running == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waiting = tokio::spawn(level10());
        while pool.load().waiting == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Client 2 has two outstanding, its most; and the queue (one) is full for others.
        let busy = pool
            .think(client(2), Purpose::Move, Game::new(), 1, Box::new(|_| {}))
            .await;
        assert!(matches!(busy, Err(ThinkError::Busy(m)) if m.contains("running or waiting")));
        let full = pool
            .think(client(3), Purpose::Move, Game::new(), 1, Box::new(|_| {}))
            .await;
        assert!(matches!(full, Err(ThinkError::Busy(m)) if m.contains("waiting")));
        waiting.abort();
        let _ = waiting.await;
        assert_eq!(pool.load().waiting, 0, "the dropped request left the queue");
        // Dropping the running one stops its search long before the cap (10 s): the engine
        // is free for the next at once.
        running.abort();
        let _ = running.await;
        let start = Instant::now();
        let answer = pool
            .think(client(3), Purpose::Move, Game::new(), 1, Box::new(|_| {}))
            .await;
        assert!(answer.is_ok());
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}

//! The computer's thinking: a fixed set of engines, each on a thread of its own, fed from
//! bounded queues in a fair order.
//!
//! - Computer moves and hints are admitted separately: each has a queue of its own (of
//!   `--queue` places), and a client has at most `--searches-per-client` of each running or
//!   waiting, so a flood of hints never keeps a computer move out.
//! - A computer move (a player waiting for the reply) runs before any hint.
//! - A client runs at most its share of the engines at once.
//! - Among the rest, the client running the fewest searches goes first, then the one with
//!   the fewest outstanding, then the senior one: the one first seen asking for a search
//!   earliest, in a stretch of asking with no gap of [`SENIORITY_GAP`]. Players who were
//!   playing before a crowd arrived keep their turn however many addresses the crowd asks
//!   from, and the crowd's newest addresses are refused first. Being refused costs a client
//!   nothing: a request asked again is the same demand, not a greater one.
//! - When a queue is full, the newest waiting search of the client with the greatest claim
//!   in that order gives way to a newcomer with a smaller one (it is answered "busy"); a
//!   waiting search never gives way to a client junior to its own.
//! - A search whose requester went away is taken out of the queue, or stopped.
//! - Every search stops at its level's limit and at the cap, whichever comes first.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use halma::search::{Engine, Limits, SCORE_WIN, SearchInfo};
use halma::{Game, Move, StopToken};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;
use utoipa::ToSchema;

use crate::clients::Client;
use crate::locks::lock;
use crate::metrics::{METRICS, Refusal, Work};

/// Transposition table size of each engine: small, since several run at once.
const TABLE_MB: usize = 16;

/// A client that asks for no search this long is new again when it next asks.
const SENIORITY_GAP: Duration = Duration::from_secs(600);

/// Clients whose seniority is remembered at most; past them a newcomer counts as new at
/// every request, and no senior client is forgotten to make room for it.
const MAX_SENIOR_CLIENTS: usize = 16_384;

/// What a search is for.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// The computer's own move: goes first.
    Move,
    /// A hint for the person.
    Hint,
}

/// What a finished search reports to the client.
#[derive(Clone, Debug, Serialize, ToSchema)]
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
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, ToSchema)]
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

impl Purpose {
    fn work(self) -> Work {
        match self {
            Purpose::Move => Work::Move,
            Purpose::Hint => Work::Hint,
        }
    }
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
            depth: info.plies_ahead(),
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
    /// The threads each engine searches on (engines times threads within the cores).
    pub threads: usize,
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

struct Job {
    seq: u64,
    client: Client,
    purpose: Purpose,
    game: Game,
    level: u8,
    queued: Instant,
    cancel: StopToken,
    on_progress: OnProgress,
    answer: oneshot::Sender<Answer>,
}

/// When a client was first seen asking for a search, and last.
#[derive(Clone, Copy, Debug)]
struct Seen {
    first: Instant,
    last: Instant,
}

#[derive(Default)]
struct Queue {
    /// Set when the pool is dropped: its engines end.
    closed: bool,
    waiting: Vec<Job>,
    running: HashMap<Client, usize>,
    outstanding: HashMap<(Client, Purpose), usize>,
    /// Each client asking lately, by when it was first and last seen asking.
    seen: HashMap<Client, Seen>,
    next_seq: u64,
}

/// How much of the engines a client holds, in the order of who is served first (less first):
/// searches running, searches outstanding, when it was first seen asking (later is junior).
type Claim = (usize, usize, Instant);

impl Queue {
    fn running_of(&self, client: Client) -> usize {
        self.running.get(&client).copied().unwrap_or(0)
    }

    fn outstanding_of(&self, client: Client, purpose: Purpose) -> usize {
        self.outstanding
            .get(&(client, purpose))
            .copied()
            .unwrap_or(0)
    }

    /// When `client` was first seen asking, in its current stretch of asking; `now` for a
    /// client not remembered.
    fn first_seen(&self, client: Client, now: Instant) -> Instant {
        self.seen.get(&client).map_or(now, |seen| seen.first)
    }

    /// Notes that `client` asks for a search `now`: it keeps its seniority if it asked within
    /// [`SENIORITY_GAP`], and is new otherwise.
    fn saw(&mut self, client: Client, now: Instant) {
        let lapsed = |seen: &Seen| now.saturating_duration_since(seen.last) > SENIORITY_GAP;
        if self.seen.len() >= MAX_SENIOR_CLIENTS && !self.seen.contains_key(&client) {
            self.seen.retain(|_, seen| !lapsed(seen));
            if self.seen.len() >= MAX_SENIOR_CLIENTS {
                return;
            }
        }
        let seen = self.seen.entry(client).or_insert(Seen {
            first: now,
            last: now,
        });
        if lapsed(seen) {
            seen.first = now;
        }
        seen.last = now;
    }

    /// What `client` holds: searches running, searches for `purpose` running or waiting
    /// (with `extra` more), when it was first seen asking.
    fn claim(&self, client: Client, purpose: Purpose, extra: usize, now: Instant) -> Claim {
        (
            self.running_of(client),
            self.outstanding_of(client, purpose) + extra,
            self.first_seen(client, now),
        )
    }

    fn waiting_for(&self, purpose: Purpose) -> usize {
        self.waiting
            .iter()
            .filter(|job| job.purpose == purpose)
            .count()
    }

    /// The next job to run: computer moves first, then the client with the least claim on
    /// the engines, then the oldest search; never a client already at its share.
    fn pick(&mut self, per_client: usize, now: Instant) -> Option<Job> {
        let index = (0..self.waiting.len())
            .filter(|&i| self.running_of(self.waiting[i].client) < per_client)
            .min_by_key(|&i| {
                let job = &self.waiting[i];
                (
                    job.purpose,
                    self.claim(job.client, job.purpose, 0, now),
                    job.seq,
                )
            })?;
        let job = self.waiting.remove(index);
        *self.running.entry(job.client).or_insert(0) += 1;
        Some(job)
    }

    /// Makes room in the full queue of `purpose` for `client`: the newest waiting search of
    /// the client with the greatest claim gives way, if that claim is greater than the
    /// newcomer's would be. The job given up, to be answered "busy".
    fn displace(&mut self, client: Client, purpose: Purpose, now: Instant) -> Option<Job> {
        let newcomer = self.claim(client, purpose, 1, now);
        let index = (0..self.waiting.len())
            .filter(|&i| self.waiting[i].purpose == purpose)
            .max_by_key(|&i| {
                let job = &self.waiting[i];
                (self.claim(job.client, purpose, 0, now), job.seq)
            })?;
        let victim = &self.waiting[index];
        if self.claim(victim.client, purpose, 0, now) <= newcomer {
            return None;
        }
        Some(self.take_waiting(index))
    }

    /// Answers "busy" to every search that waited longer than `wait`, so that none waits
    /// longer however far back its claim puts it.
    fn expire(&mut self, wait: Duration, now: Instant) {
        while let Some(index) = self
            .waiting
            .iter()
            .position(|job| now.saturating_duration_since(job.queued) > wait)
        {
            let job = self.take_waiting(index);
            METRICS.refused(Refusal::QueueWait, "a search waited too long for an engine");
            let _ = job.answer.send(Err(ThinkError::Busy(
                "waited too long for a free engine; try again in a moment".to_owned(),
            )));
        }
    }

    /// Takes the waiting job at `index` out of the queue.
    fn take_waiting(&mut self, index: usize) -> Job {
        let job = self.waiting.remove(index);
        self.release(job.client, job.purpose, false);
        job
    }

    fn release(&mut self, client: Client, purpose: Purpose, was_running: bool) {
        if was_running {
            decrement(&mut self.running, client);
        }
        decrement(&mut self.outstanding, (client, purpose));
    }
}

fn decrement<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    if let Some(count) = counts.get_mut(&key) {
        *count -= 1;
        if *count == 0 {
            counts.remove(&key);
        }
    }
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    config: Config,
}

/// The engines and their queue; its engines end when the last clone of it is dropped.
#[derive(Clone)]
pub struct Pool {
    shared: Arc<Shared>,
    _open: Arc<Open>,
}

/// Held by every clone of a pool: dropped with the last, it ends the pool's engines (once
/// each finishes its search).
struct Open(Arc<Shared>);

impl Drop for Open {
    fn drop(&mut self) {
        lock(&self.0.queue).closed = true;
        self.0.ready.notify_all();
    }
}

/// How busy the engines are.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct Load {
    /// Searches running.
    pub running: usize,
    /// Searches waiting, computer moves and hints.
    pub waiting: usize,
    /// Engines.
    pub engines: usize,
    /// Of the waiting, hints.
    #[serde(skip)]
    pub waiting_hints: usize,
}

/// Takes a search out of the queue, or stops it, when the request that asked for it is
/// dropped (its client went away) before the answer came.
struct Pending {
    shared: Arc<Shared>,
    seq: u64,
    cancel: StopToken,
    done: bool,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut queue = lock(&self.shared.queue);
        if let Some(index) = queue.waiting.iter().position(|job| job.seq == self.seq) {
            queue.take_waiting(index);
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
        Pool {
            _open: Arc::new(Open(Arc::clone(&shared))),
            shared,
        }
    }

    /// How busy the engines are now.
    pub fn load(&self) -> Load {
        let queue = lock(&self.shared.queue);
        Load {
            running: queue.running.values().sum(),
            waiting: queue.waiting.len(),
            engines: self.shared.config.engines,
            waiting_hints: queue.waiting_for(Purpose::Hint),
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
        let cancel = StopToken::new();
        let (answer, answered) = oneshot::channel();
        let seq = {
            let mut queue = lock(&self.shared.queue);
            let now = Instant::now();
            queue.saw(client, now);
            let outstanding = queue.outstanding_of(client, purpose);
            if outstanding >= config.outstanding_per_client {
                let what = match purpose {
                    Purpose::Move => "computer moves",
                    Purpose::Hint => "hints",
                };
                let message = format!(
                    "you have {outstanding} searches running or waiting already, the most one client may; try again when one ends"
                );
                METRICS.refused(Refusal::ClientSearches, &format!("a client's {what}"));
                return Err(ThinkError::Busy(message));
            }
            let waiting = queue.waiting_for(purpose);
            if waiting >= config.queue {
                let message = format!(
                    "all engines are busy and {waiting} searches are waiting; try again in a moment"
                );
                METRICS.refused(Refusal::QueueFull, &message);
                match queue.displace(client, purpose, now) {
                    Some(job) => {
                        let _ = job.answer.send(Err(ThinkError::Busy(message)));
                    }
                    None => return Err(ThinkError::Busy(message)),
                }
            }
            *queue.outstanding.entry((client, purpose)).or_insert(0) += 1;
            let seq = queue.next_seq;
            queue.next_seq += 1;
            queue.waiting.push(Job {
                seq,
                client,
                purpose,
                game,
                level,
                queued: now,
                cancel: cancel.clone(),
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
            Err(_) => {
                METRICS.refused(Refusal::QueueWait, "no engine answered in time");
                Err(ThinkError::Busy(
                    "no engine answered in time; try again in a moment".to_owned(),
                ))
            }
        }
    }
}

/// An engine as `config` sets it: its table size and its threads.
fn new_engine(config: &Config) -> Engine {
    let mut engine = Engine::with_table_mb(TABLE_MB);
    engine.set_threads(config.threads);
    engine
}

/// One engine's thread: takes jobs in the fair order and runs them, until the pool is
/// dropped.
fn run_engine(shared: &Shared) {
    let config = &shared.config;
    let mut engine = new_engine(config);
    loop {
        let mut job = {
            let mut queue = lock(&shared.queue);
            loop {
                if queue.closed {
                    return;
                }
                let now = Instant::now();
                queue.expire(config.queue_wait, now);
                if let Some(job) = queue.pick(config.per_client, now) {
                    break job;
                }
                queue = shared
                    .ready
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let waited = job.queued.elapsed();
        let started = Instant::now();
        let answer = if waited > config.queue_wait {
            METRICS.refused(Refusal::QueueWait, "a search waited too long for an engine");
            Err(ThinkError::Busy(
                "waited too long for a free engine; try again in a moment".to_owned(),
            ))
        } else {
            METRICS.started(job.purpose.work(), waited);
            if job.cancel.is_stopped() {
                Err(ThinkError::Busy("stopped before it started".to_owned()))
            } else {
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    search(&mut engine, &mut job, config.cap)
                }));
                outcome.unwrap_or_else(|_| {
                    tracing::error!("a bug: a search panicked; the engine is replaced");
                    engine = new_engine(config);
                    Err(ThinkError::Engine("the search failed".to_owned()))
                })
            }
        };
        if answer.is_ok() {
            METRICS.searched(job.purpose.work(), started.elapsed());
        }
        lock(&shared.queue).release(job.client, job.purpose, true);
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
    let on_progress = &mut job.on_progress;
    let result = engine
        .search_with_stop(&job.game, &limits, &job.cancel, &mut |info: &SearchInfo| {
            on_progress(info)
        })
        .map_err(|error| ThinkError::Engine(error.to_string()))?;
    let report = Report {
        mv: result.best_move.to_string(),
        score: result.score,
        depth: result.plies_ahead(),
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
            cancel: StopToken::new(),
            on_progress: Box::new(|_| {}),
            answer,
        });
        seq
    }

    #[test]
    fn computer_moves_first_then_the_least_served_client_then_the_oldest() {
        let mut queue = Queue::default();
        let now = Instant::now();
        let flooder = client(2);
        let hint_a = job(&mut queue, flooder, Purpose::Hint);
        let hint_b = job(&mut queue, flooder, Purpose::Hint);
        let other_hint = job(&mut queue, client(3), Purpose::Hint);
        let mv = job(&mut queue, client(4), Purpose::Move);
        assert_eq!(queue.pick(2, now).map(|j| j.seq), Some(mv));
        assert_eq!(queue.pick(2, now).map(|j| j.seq), Some(hint_a));
        // The flooder has one running: the other client's hint goes before its second.
        assert_eq!(queue.pick(2, now).map(|j| j.seq), Some(other_hint));
        assert_eq!(queue.pick(2, now).map(|j| j.seq), Some(hint_b));
        assert!(queue.pick(2, now).is_none());
    }

    #[test]
    fn the_senior_client_goes_first_and_a_gap_makes_a_client_new() {
        let mut queue = Queue::default();
        let now = Instant::now();
        let (senior, junior) = (client(2), client(3));
        queue.saw(senior, now);
        queue.saw(junior, now + Duration::from_secs(1));
        let junior_move = job(&mut queue, junior, Purpose::Move);
        let senior_move = job(&mut queue, senior, Purpose::Move);
        assert_eq!(queue.pick(1, now).map(|j| j.seq), Some(senior_move));
        assert_eq!(queue.pick(1, now).map(|j| j.seq), Some(junior_move));
        // Asking again within the gap keeps a client's seniority; after a longer silence it
        // is new.
        let later = now + SENIORITY_GAP;
        queue.saw(senior, later);
        assert_eq!(queue.first_seen(senior, later), now);
        let much_later = later + SENIORITY_GAP + Duration::from_secs(1);
        queue.saw(senior, much_later);
        assert_eq!(queue.first_seen(senior, much_later), much_later);
        // A client never seen is the newest of all.
        assert_eq!(queue.first_seen(client(9), much_later), much_later);
    }

    #[test]
    fn a_client_at_its_share_waits() {
        let mut queue = Queue::default();
        let now = Instant::now();
        let flooder = client(2);
        job(&mut queue, flooder, Purpose::Move);
        job(&mut queue, flooder, Purpose::Move);
        assert!(queue.pick(1, now).is_some());
        assert!(queue.pick(1, now).is_none(), "one engine per client");
        queue.release(flooder, Purpose::Move, true);
        assert!(queue.pick(1, now).is_some());
    }

    #[test]
    fn in_a_full_queue_the_heaviest_client_gives_way_to_a_lighter_one() {
        let mut queue = Queue::default();
        let now = Instant::now();
        let (flooder, other, player) = (client(2), client(3), client(4));
        let add = |queue: &mut Queue, client: Client| {
            *queue
                .outstanding
                .entry((client, Purpose::Move))
                .or_insert(0) += 1;
            job(queue, client, Purpose::Move)
        };
        add(&mut queue, flooder);
        let newest = add(&mut queue, flooder);
        let other_one = add(&mut queue, other);
        // The player would hold one place; the flooder holds two: its newest gives way.
        assert_eq!(
            queue.displace(player, Purpose::Move, now).map(|j| j.seq),
            Some(newest)
        );
        assert_eq!(queue.outstanding_of(flooder, Purpose::Move), 1);
        // Now everyone holds one: nobody gives way to a newcomer holding as much.
        assert!(queue.displace(player, Purpose::Move, now).is_none());
        // A client's hints are another queue: they take nothing from its moves.
        assert!(queue.displace(player, Purpose::Hint, now).is_none());
        let _ = other_one;
    }

    #[test]
    fn in_a_full_queue_the_newest_of_a_crowd_gives_way_to_a_senior_player() {
        let mut queue = Queue::default();
        let now = Instant::now();
        let (player, late) = (client(2), client(200));
        let crowd: Vec<Client> = (10..14).map(client).collect();
        queue.saw(player, now);
        for (n, &flooder) in crowd.iter().enumerate() {
            queue.saw(flooder, now + Duration::from_millis(10 * (n as u64 + 1)));
        }
        let add = |queue: &mut Queue, client: Client| {
            *queue
                .outstanding
                .entry((client, Purpose::Move))
                .or_insert(0) += 1;
            job(queue, client, Purpose::Move)
        };
        // The crowd holds the queue, one place each, as the player would: the newest of
        // the crowd gives way to the player, however often the player was refused before.
        let seqs: Vec<u64> = crowd.iter().map(|&c| add(&mut queue, c)).collect();
        let gave_way = queue.displace(player, Purpose::Move, now);
        assert_eq!(gave_way.map(|j| j.seq), Some(seqs[3]));
        let mine = add(&mut queue, player);
        // A client newer than the whole crowd displaces none of it.
        queue.saw(late, now + Duration::from_secs(1));
        assert!(queue.displace(late, Purpose::Move, now).is_none());
        // The player's search runs first, though it came last; then the crowd, senior first.
        let order: Vec<u64> = std::iter::from_fn(|| {
            let job = queue.pick(1, now)?;
            queue.release(job.client, job.purpose, true);
            Some(job.seq)
        })
        .collect();
        assert_eq!(order, [mine, seqs[0], seqs[1], seqs[2]]);
    }

    fn pool(queue: usize, cap: Duration) -> Pool {
        Pool::new(Config {
            engines: 1,
            threads: 1,
            per_client: 1,
            outstanding_per_client: 1,
            queue,
            queue_wait: Duration::from_secs(5),
            cap,
        })
    }

    #[test]
    fn the_engines_end_with_the_pool() {
        let pool = pool(1, Duration::from_millis(100));
        let clone = pool.clone();
        let shared = Arc::downgrade(&pool.shared);
        drop(pool);
        assert_eq!(clone.load().engines, 1, "a clone keeps the engines");
        drop(clone);
        let deadline = Instant::now() + Duration::from_secs(10);
        while shared.upgrade().is_some() {
            assert!(Instant::now() < deadline, "an engine outlived its pool");
            std::thread::sleep(Duration::from_millis(5));
        }
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
        let level10 = |n: u8| {
            let pool = pool.clone();
            async move {
                pool.think(client(n), Purpose::Hint, Game::new(), 10, Box::new(|_| {}))
                    .await
            }
        };
        let running = tokio::spawn(level10(2));
        while pool.load().running == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waiting = tokio::spawn(level10(3));
        while pool.load().waiting == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Client 2 has its one hint running, its most; and the hint queue (one place) is
        // full, held by a client that holds no more than a newcomer would.
        let busy = pool
            .think(client(2), Purpose::Hint, Game::new(), 1, Box::new(|_| {}))
            .await;
        assert!(matches!(busy, Err(ThinkError::Busy(m)) if m.contains("running or waiting")));
        let full = pool
            .think(client(4), Purpose::Hint, Game::new(), 1, Box::new(|_| {}))
            .await;
        assert!(matches!(full, Err(ThinkError::Busy(m)) if m.contains("waiting")));
        // A computer move is admitted on its own: the hints hold none of its places.
        let mv = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.think(client(4), Purpose::Move, Game::new(), 1, Box::new(|_| {}))
                    .await
            }
        });
        while pool.load().waiting < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        waiting.abort();
        let _ = waiting.await;
        assert_eq!(pool.load().waiting, 1, "the dropped request left the queue");
        // Dropping the running one stops its search long before the cap (10 s): the engine
        // is free for the move at once.
        let start = Instant::now();
        running.abort();
        let _ = running.await;
        assert!(mv.await.unwrap().is_ok());
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}

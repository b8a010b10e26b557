//! What an operator watches: counters, gauges and histograms for `/metrics` (the Prometheus
//! text format), and refusals logged at `warn`, at most one line per reason every ten
//! seconds with a count of the ones in between.
//!
//! Every label takes a bounded set of values (a status code, a reason, a purpose, a
//! database operation): never a game id or a client's address. Recording is a few relaxed
//! atomic additions, cheap enough for every request.

use std::fmt::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Why a request or a connection was turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The queue of computer moves or of hints was full (503).
    QueueFull,
    /// The client had its most searches running or waiting (503).
    ClientSearches,
    /// No engine came free within `--queue-wait-ms` (503).
    QueueWait,
    /// `--max-connections` open and none idle to close (503, connection closed).
    Connections,
    /// The client had `--connections-per-client` open (503, connection closed).
    ClientConnections,
    /// The client started `--games-per-minute` games in the last minute (429).
    GamesPerMinute,
    /// `--max-games` are stored (503).
    MaxGames,
    /// The database did not answer (503).
    Database,
    /// A `Host` that is not one of the server's names (421).
    Host,
}

impl Refusal {
    /// Every reason, in the order `/metrics` lists them.
    const ALL: [Refusal; 9] = [
        Refusal::QueueFull,
        Refusal::ClientSearches,
        Refusal::QueueWait,
        Refusal::Connections,
        Refusal::ClientConnections,
        Refusal::GamesPerMinute,
        Refusal::MaxGames,
        Refusal::Database,
        Refusal::Host,
    ];

    /// The label value.
    pub fn name(self) -> &'static str {
        match self {
            Refusal::QueueFull => "queue_full",
            Refusal::ClientSearches => "client_searches",
            Refusal::QueueWait => "queue_wait",
            Refusal::Connections => "connections",
            Refusal::ClientConnections => "client_connections",
            Refusal::GamesPerMinute => "games_per_minute",
            Refusal::MaxGames => "max_games",
            Refusal::Database => "database",
            Refusal::Host => "host",
        }
    }
}

/// What a search was for, as the metrics label it (the engines' queues).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// The computer's move.
    Move,
    /// A hint.
    Hint,
}

impl Work {
    const ALL: [Work; 2] = [Work::Move, Work::Hint];

    fn name(self) -> &'static str {
        match self {
            Work::Move => "move",
            Work::Hint => "hint",
        }
    }
}

/// A database operation, as the latency histogram labels it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Reading a game.
    Load,
    /// A compare-and-swap write of a game (and a search's progress).
    Update,
    /// Storing a new game with the count.
    Create,
    /// Deleting games (one, or pruning) with the count.
    Delete,
    /// Anything else: pings, counts, checkpoints.
    Other,
}

impl Query {
    const ALL: [Query; 5] = [
        Query::Load,
        Query::Update,
        Query::Create,
        Query::Delete,
        Query::Other,
    ];

    fn name(self) -> &'static str {
        match self {
            Query::Load => "load",
            Query::Update => "update",
            Query::Create => "create",
            Query::Delete => "delete",
            Query::Other => "other",
        }
    }
}

/// The statuses counted one by one; any other is counted as `other`.
const STATUSES: [u16; 18] = [
    200, 201, 400, 403, 404, 405, 408, 409, 413, 415, 421, 422, 429, 431, 500, 502, 503, 504,
];

/// Upper bounds of the histograms' buckets, in seconds.
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// A histogram of durations: counts per bucket (not cumulative; added up when shown) and
/// the sum in microseconds.
struct Histogram {
    buckets: [AtomicU64; BUCKETS.len() + 1],
    sum_micros: AtomicU64,
}

impl Histogram {
    const fn new() -> Histogram {
        Histogram {
            buckets: [const { AtomicU64::new(0) }; BUCKETS.len() + 1],
            sum_micros: AtomicU64::new(0),
        }
    }

    fn observe(&self, duration: Duration) {
        let seconds = duration.as_secs_f64();
        let index = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        self.buckets[index].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(duration.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
    }

    fn render(&self, out: &mut String, name: &str, label: &str) {
        let mut total = 0;
        for (index, count) in self.buckets.iter().enumerate() {
            total += count.load(Ordering::Relaxed);
            let bound = BUCKETS
                .get(index)
                .map_or_else(|| "+Inf".to_owned(), |b| b.to_string());
            let _ = writeln!(out, "{name}_bucket{{{label},le=\"{bound}\"}} {total}");
        }
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum{{{label}}} {sum}");
        let _ = writeln!(out, "{name}_count{{{label}}} {total}");
    }
}

/// The log side of a refusal reason: when it was last logged, and how many came since.
struct Quiet {
    last_ms: AtomicU64,
    since: AtomicU64,
}

/// How often one refusal reason may be logged.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// Every figure the server keeps.
pub struct Metrics {
    requests: [AtomicU64; STATUSES.len() + 1],
    refusals: [AtomicU64; Refusal::ALL.len()],
    quiet: [Quiet; Refusal::ALL.len()],
    connections_accepted: AtomicU64,
    connections_evicted: AtomicU64,
    connections_cut: AtomicU64,
    plies_replayed: AtomicU64,
    engine_micros: [AtomicU64; Work::ALL.len()],
    searches: [AtomicU64; Work::ALL.len()],
    queue_wait: [Histogram; Work::ALL.len()],
    database: [Histogram; Query::ALL.len()],
}

/// The server's figures: one set per process.
pub static METRICS: Metrics = Metrics {
    requests: [const { AtomicU64::new(0) }; STATUSES.len() + 1],
    refusals: [const { AtomicU64::new(0) }; Refusal::ALL.len()],
    quiet: [const {
        Quiet {
            last_ms: AtomicU64::new(0),
            since: AtomicU64::new(0),
        }
    }; Refusal::ALL.len()],
    connections_accepted: AtomicU64::new(0),
    connections_evicted: AtomicU64::new(0),
    connections_cut: AtomicU64::new(0),
    plies_replayed: AtomicU64::new(0),
    engine_micros: [const { AtomicU64::new(0) }; Work::ALL.len()],
    searches: [const { AtomicU64::new(0) }; Work::ALL.len()],
    queue_wait: [const { Histogram::new() }; Work::ALL.len()],
    database: [const { Histogram::new() }; Query::ALL.len()],
};

/// Milliseconds since the process first asked, never 0 (0 means "never logged").
fn clock_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX) + 1
}

/// What the gauges read at the time of a scrape.
pub struct Gauges {
    /// Computer moves waiting for an engine.
    pub waiting_moves: usize,
    /// Hints waiting for an engine.
    pub waiting_hints: usize,
    /// Searches running.
    pub running: usize,
    /// Engines.
    pub engines: usize,
    /// Connections open.
    pub connections: usize,
    /// `--max-connections`.
    pub max_connections: usize,
    /// Live streams of games open.
    pub live_streams: usize,
    /// Games stored (`None` when the database did not answer).
    pub games: Option<u64>,
    /// Bytes the allocator holds for the server (`None` if it cannot say).
    pub allocated: Option<u64>,
}

impl Metrics {
    /// A response sent with `status`.
    pub fn request(&self, status: u16) {
        let index = STATUSES
            .iter()
            .position(|&s| s == status)
            .unwrap_or(STATUSES.len());
        self.requests[index].fetch_add(1, Ordering::Relaxed);
    }

    /// A refusal for `reason`: counted, and logged at `warn` unless this reason was logged in
    /// the last ten seconds (then counted for the next line).
    pub fn refused(&self, reason: Refusal, detail: &str) {
        let index = Refusal::ALL
            .iter()
            .position(|&r| r == reason)
            .unwrap_or_default();
        self.refusals[index].fetch_add(1, Ordering::Relaxed);
        let quiet = &self.quiet[index];
        let now = clock_ms();
        let last = quiet.last_ms.load(Ordering::Relaxed);
        let due = last == 0 || now.saturating_sub(last) >= millis(LOG_EVERY);
        if due
            && quiet
                .last_ms
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let before = quiet.since.swap(0, Ordering::Relaxed);
            tracing::warn!(
                reason = reason.name(),
                "refused: {detail} ({before} more of these in the last {} s, not logged)",
                if last == 0 { 0 } else { (now - last) / 1000 }
            );
        } else {
            quiet.since.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// A connection accepted.
    pub fn accepted(&self) {
        self.connections_accepted.fetch_add(1, Ordering::Relaxed);
    }

    /// An idle connection closed to make room for a new one.
    pub fn evicted(&self) {
        self.connections_evicted.fetch_add(1, Ordering::Relaxed);
    }

    /// A connection reset because its client did not read its answers.
    pub fn cut(&self) {
        self.connections_cut.fetch_add(1, Ordering::Relaxed);
    }

    /// A stored game's record of `plies` moves replayed to read it.
    pub fn replayed(&self, plies: usize) {
        let plies = u64::try_from(plies).unwrap_or(u64::MAX);
        self.plies_replayed.fetch_add(plies, Ordering::Relaxed);
    }

    /// A search for `work` that waited `waited` for its engine.
    pub fn started(&self, work: Work, waited: Duration) {
        self.queue_wait[work as usize].observe(waited);
    }

    /// A search for `work` that held its engine for `took`.
    pub fn searched(&self, work: Work, took: Duration) {
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.engine_micros[work as usize].fetch_add(micros, Ordering::Relaxed);
        self.searches[work as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// A database operation that took `took`.
    pub fn queried(&self, query: Query, took: Duration) {
        self.database[query as usize].observe(took);
    }

    /// Everything, in the Prometheus text format (version 0.0.4).
    pub fn render(&self, gauges: &Gauges) -> String {
        let mut out = String::with_capacity(8 * 1024);
        let load = |value: &AtomicU64| value.load(Ordering::Relaxed);
        let statuses = self.requests.iter().enumerate().map(|(index, count)| {
            let status = STATUSES
                .get(index)
                .map_or_else(|| "other".to_owned(), u16::to_string);
            (format!("status=\"{status}\""), load(count).to_string())
        });
        family(
            &mut out,
            "halma_requests_total",
            "counter",
            "HTTP responses sent, by status code.",
            statuses,
        );
        let reasons = Refusal::ALL
            .iter()
            .zip(&self.refusals)
            .map(|(reason, count)| {
                (
                    format!("reason=\"{}\"", reason.name()),
                    load(count).to_string(),
                )
            });
        family(
            &mut out,
            "halma_refusals_total",
            "counter",
            "Requests and connections turned away, by reason.",
            reasons,
        );
        let one = |value: String| std::iter::once((String::new(), value));
        family(
            &mut out,
            "halma_connections_open",
            "gauge",
            "Connections open now.",
            one(gauges.connections.to_string()),
        );
        family(
            &mut out,
            "halma_connections_max",
            "gauge",
            "Connections open at most (--max-connections).",
            one(gauges.max_connections.to_string()),
        );
        family(
            &mut out,
            "halma_live_streams_open",
            "gauge",
            "Live streams of games open now (--max-live at most).",
            one(gauges.live_streams.to_string()),
        );
        family(
            &mut out,
            "halma_connections_accepted_total",
            "counter",
            "Connections accepted.",
            one(load(&self.connections_accepted).to_string()),
        );
        family(
            &mut out,
            "halma_connections_evicted_total",
            "counter",
            "Idle connections closed to admit new ones at the connection cap.",
            one(load(&self.connections_evicted).to_string()),
        );
        family(
            &mut out,
            "halma_connections_cut_total",
            "counter",
            "Connections reset because their client left answers unread past --send-timeout-ms.",
            one(load(&self.connections_cut).to_string()),
        );
        family(
            &mut out,
            "halma_plies_replayed_total",
            "counter",
            "Moves replayed from stored records to read games (a long game read again unchanged is not replayed).",
            one(load(&self.plies_replayed).to_string()),
        );
        let per_work = |values: [String; Work::ALL.len()]| {
            Work::ALL
                .iter()
                .zip(values)
                .map(|(work, value)| (format!("purpose=\"{}\"", work.name()), value))
        };
        let waiting = [
            gauges.waiting_moves.to_string(),
            gauges.waiting_hints.to_string(),
        ];
        family(
            &mut out,
            "halma_searches_waiting",
            "gauge",
            "Searches waiting for an engine, by purpose.",
            per_work(waiting),
        );
        family(
            &mut out,
            "halma_searches_running",
            "gauge",
            "Searches running now.",
            one(gauges.running.to_string()),
        );
        family(
            &mut out,
            "halma_engines",
            "gauge",
            "Engines (searches that may run at once).",
            one(gauges.engines.to_string()),
        );
        let searches = self
            .searches
            .each_ref()
            .map(|count| load(count).to_string());
        family(
            &mut out,
            "halma_searches_total",
            "counter",
            "Searches run to their end, by purpose.",
            per_work(searches),
        );
        let seconds = self
            .engine_micros
            .each_ref()
            .map(|micros| (load(micros) as f64 / 1e6).to_string());
        family(
            &mut out,
            "halma_engine_seconds_total",
            "counter",
            "Engine time spent searching, by purpose.",
            per_work(seconds),
        );
        header(
            &mut out,
            "halma_queue_wait_seconds",
            "histogram",
            "Time a search waited for an engine, by purpose.",
        );
        for (work, histogram) in Work::ALL.iter().zip(&self.queue_wait) {
            let label = format!("purpose=\"{}\"", work.name());
            histogram.render(&mut out, "halma_queue_wait_seconds", &label);
        }
        header(
            &mut out,
            "halma_database_seconds",
            "histogram",
            "Time of database operations, by operation.",
        );
        for (query, histogram) in Query::ALL.iter().zip(&self.database) {
            let label = format!("operation=\"{}\"", query.name());
            histogram.render(&mut out, "halma_database_seconds", &label);
        }
        if let Some(bytes) = gauges.allocated {
            family(
                &mut out,
                "halma_memory_allocated_bytes",
                "gauge",
                "Bytes the allocator holds for the server (in use, not freed memory it keeps).",
                one(bytes.to_string()),
            );
        }
        if let Some(games) = gauges.games {
            family(
                &mut out,
                "halma_games_stored",
                "gauge",
                "Games stored (all processes on this database).",
                one(games.to_string()),
            );
        }
        out
    }
}

/// A family's `# HELP` and `# TYPE` lines.
fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A family: its header, then a line per sample (its labels, or none, and its value).
fn family(
    out: &mut String,
    name: &str,
    kind: &str,
    help: &str,
    samples: impl Iterator<Item = (String, String)>,
) {
    header(out, name, kind, help);
    for (labels, value) in samples {
        if labels.is_empty() {
            let _ = writeln!(out, "{name} {value}");
        } else {
            let _ = writeln!(out, "{name}{{{labels}}} {value}");
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_add_up_their_buckets() {
        let histogram = Histogram::new();
        histogram.observe(Duration::from_micros(500));
        histogram.observe(Duration::from_millis(7));
        histogram.observe(Duration::from_secs(99));
        let mut out = String::new();
        histogram.render(&mut out, "h", "a=\"b\"");
        assert!(out.contains("h_bucket{a=\"b\",le=\"0.001\"} 1\n"), "{out}");
        assert!(out.contains("h_bucket{a=\"b\",le=\"0.005\"} 1\n"), "{out}");
        assert!(out.contains("h_bucket{a=\"b\",le=\"0.01\"} 2\n"), "{out}");
        assert!(out.contains("h_bucket{a=\"b\",le=\"30\"} 2\n"), "{out}");
        assert!(out.contains("h_bucket{a=\"b\",le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("h_count{a=\"b\"} 3\n"), "{out}");
        assert!(out.contains("h_sum{a=\"b\"} 99.0075\n"), "{out}");
    }

    #[test]
    fn every_family_is_declared_once_and_every_sample_is_a_number() {
        METRICS.request(200);
        METRICS.request(299);
        METRICS.refused(Refusal::Host, "a test");
        let text = METRICS.render(&Gauges {
            waiting_moves: 1,
            waiting_hints: 2,
            running: 3,
            engines: 4,
            connections: 5,
            max_connections: 6,
            live_streams: 9,
            games: Some(7),
            allocated: Some(8),
        });
        let mut declared = std::collections::HashSet::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                let name = rest.split(' ').next().unwrap();
                assert!(declared.insert(name.to_owned()), "{name} twice");
            } else if !line.starts_with('#') {
                let (series, value) = line.rsplit_once(' ').unwrap();
                assert!(value.parse::<f64>().is_ok(), "{line}");
                let name = series.split('{').next().unwrap();
                let family = ["_bucket", "_sum", "_count"]
                    .iter()
                    .find_map(|suffix| name.strip_suffix(suffix))
                    .filter(|family| declared.contains(*family))
                    .unwrap_or(name);
                assert!(declared.contains(family), "{line} before its TYPE");
            }
        }
        assert!(text.contains("halma_requests_total{status=\"other\"} "));
        assert!(text.contains("halma_searches_waiting{purpose=\"hint\"} 2\n"));
        assert!(text.contains("halma_games_stored 7\n"));
        assert!(text.contains("halma_live_streams_open 9\n"));
        assert!(text.contains("halma_memory_allocated_bytes 8\n"));
    }
}

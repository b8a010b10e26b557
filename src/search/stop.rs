//! What stops a search: the engine's [`StopHandle`](super::StopHandle)s (a stop reaches the
//! running search only), a host's [`StopToken`] (made for one search, honoured even when it
//! comes before the search starts), and, between the threads of one search, the [`Shared`]
//! halt and node count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use super::busy::Busy;

/// The stop signal shared by an engine and its stop handles.
///
/// `state` holds the number of the latest search times two, plus one while it runs; a stop
/// writes the number of the running search to `stop`, so a stop meant for a search that has
/// ended cannot reach the next one. `poll`, a host's own check, is asked with it (see
/// [`Engine::set_stop_poll`](super::Engine::set_stop_poll)).
#[derive(Debug, Default)]
pub(crate) struct Signal {
    state: AtomicU64,
    stop: AtomicU64,
    poll: RwLock<Option<fn() -> bool>>,
}

impl Signal {
    /// Marks a new search as running and returns its number.
    pub(crate) fn begin(&self) -> u64 {
        let number = (self.state.load(Ordering::SeqCst) >> 1) + 1;
        self.state.store(number << 1 | 1, Ordering::SeqCst);
        number
    }

    /// Marks search `number` as ended.
    pub(crate) fn end(&self, number: u64) {
        self.state.store(number << 1, Ordering::SeqCst);
    }

    /// Stops the running search, if any.
    pub(crate) fn stop(&self) {
        let state = self.state.load(Ordering::SeqCst);
        if state & 1 == 1 {
            self.stop.store(state >> 1, Ordering::SeqCst);
        }
    }

    /// Makes the stop check also ask `poll` (none: only the stop handles).
    pub(crate) fn set_poll(&self, poll: Option<fn() -> bool>) {
        *self.poll.write().unwrap_or_else(PoisonError::into_inner) = poll;
    }

    /// Whether search `number` was told to stop, by a stop handle or by the poll.
    #[inline]
    pub(crate) fn stopped(&self, number: u64) -> bool {
        self.stop.load(Ordering::Relaxed) == number
            || self
                .poll
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some_and(|poll| poll())
    }
}

/// A stop for one search, made by the host before the search starts and handed to it
/// ([`Engine::search_with_stop`](super::Engine::search_with_stop)).
///
/// A stop made at any time, before the search has begun too, makes that search return its
/// best move so far within milliseconds (at once, with the best-ordered legal move, if it
/// had not completed an iteration). Clones share the token, so one can go to the thread
/// that searches and one to the thread that stops. A token belongs to the first search it
/// is handed to: another search refuses it ([`SearchError::StopTokenUsed`]), so a stop
/// that comes late, after its search ended, never reaches a later one. Make a new token
/// for each search.
///
/// [`SearchError::StopTokenUsed`]: super::SearchError::StopTokenUsed
///
/// ```
/// use std::time::Duration;
/// use halma::{Engine, Game, Limits, SearchError, StopToken};
///
/// let mut engine = Engine::new();
/// let hour = Limits::time(Duration::from_secs(3600));
/// let stop = StopToken::new();
/// stop.stop(); // before the search: not lost
/// let result = engine.search_with_stop(&Game::new(), &hour, &stop, &mut |_| {})?;
/// assert!(Game::new().legal_moves().contains(&result.best_move));
/// assert_eq!(result.depth, 0);
/// // The token was that search's: a later one refuses it.
/// let again = engine.search_with_stop(&Game::new(), &hour, &stop, &mut |_| {});
/// assert_eq!(again.unwrap_err(), SearchError::StopTokenUsed);
/// # Ok::<(), SearchError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopToken(Arc<Token>);

/// What the clones of a [`StopToken`] share.
#[derive(Debug, Default)]
struct Token {
    stopped: AtomicBool,
    claimed: AtomicBool,
}

impl StopToken {
    /// A token not stopped yet, for one search.
    pub fn new() -> StopToken {
        StopToken::default()
    }

    /// Stops the search this token is handed to (now, or as soon as it starts). Callable
    /// from any thread at any time, as often as wanted.
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::SeqCst);
    }

    /// Whether [`stop`](StopToken::stop) was called.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed)
    }

    /// Claims the token for a search: false when a search had it already.
    pub(crate) fn claim(&self) -> bool {
        !self.0.claimed.swap(true, Ordering::SeqCst)
    }
}

/// What ends one search from outside: the engine's stop handles (for the search numbered
/// `number`) and the host's token, if it gave one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stops<'a> {
    pub(crate) signal: &'a Signal,
    pub(crate) number: u64,
    pub(crate) token: Option<&'a StopToken>,
}

impl Stops<'_> {
    /// Whether the search was told to stop.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.signal.stopped(self.number) || self.token.is_some_and(StopToken::is_stopped)
    }
}

/// What the threads of one search share besides the table: whether to halt (set by the
/// thread that reaches a limit or hears a stop, and by the main thread when it is done),
/// the nodes counted so far (each thread adds its count in batches) and the moves being
/// searched.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    halt: AtomicBool,
    nodes: AtomicU64,
    pub(crate) busy: Busy,
}

impl Shared {
    /// What the `threads` threads of a search share.
    pub(crate) fn new(threads: usize) -> Shared {
        Shared {
            busy: Busy::new(threads),
            ..Shared::default()
        }
    }

    /// Tells every thread of the search to return.
    pub(crate) fn halt(&self) {
        self.halt.store(true, Ordering::Relaxed);
    }

    /// Whether the search is halting.
    #[inline]
    pub(crate) fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    /// Adds `nodes` to the count and returns the new total.
    #[inline]
    pub(crate) fn count(&self, nodes: u64) -> u64 {
        self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes
    }

    /// The nodes counted so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reaches_only_the_running_search() {
        let signal = Signal::default();
        signal.stop(); // nothing runs: no effect on the next search
        let first = signal.begin();
        assert!(!signal.stopped(first));
        signal.stop();
        assert!(signal.stopped(first));
        signal.end(first);
        let second = signal.begin();
        assert!(!signal.stopped(second));
        signal.end(second);
    }

    #[test]
    fn a_token_stops_its_search_whenever_it_is_stopped() {
        let signal = Signal::default();
        let token = StopToken::new();
        let number = signal.begin();
        let stops = Stops {
            signal: &signal,
            number,
            token: Some(&token),
        };
        assert!(!stops.stopped());
        token.clone().stop();
        assert!(stops.stopped() && token.is_stopped());
        let without = Stops {
            token: None,
            ..stops
        };
        assert!(!without.stopped());
        assert!(token.claim(), "a new token is free");
        assert!(!token.clone().claim(), "a token is one search's");
    }

    #[test]
    fn the_threads_count_together() {
        let shared = Shared::default();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..1000 {
                        shared.count(3);
                    }
                });
            }
        });
        assert_eq!(shared.nodes(), 12_000);
        assert!(!shared.halted());
        shared.halt();
        assert!(shared.halted());
    }

    #[test]
    fn a_poll_stops_what_runs_while_it_says_so() {
        static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        let signal = Signal::default();
        signal.set_poll(Some(|| STOP.load(Ordering::Relaxed)));
        let first = signal.begin();
        assert!(!signal.stopped(first));
        STOP.store(true, Ordering::Relaxed);
        assert!(signal.stopped(first));
        signal.set_poll(None);
        assert!(!signal.stopped(first));
        signal.end(first);
    }
}

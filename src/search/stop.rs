//! What stops a search: a [`StopToken`], made for one search, and a [`StopHandle`], which
//! holds a clone of the token of the search running on its engine; between the threads of
//! one search, the [`Shared`] halt and node count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::busy::Busy;

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
    /// A host's own check, asked with the flag.
    poll: Option<fn() -> bool>,
}

impl StopToken {
    /// A token not stopped yet, for one search.
    pub fn new() -> StopToken {
        StopToken::default()
    }

    /// A token that also stops its search whenever `poll` says so (asked about every 1024
    /// nodes), for a host whose stop cannot reach the searching thread: on WebAssembly the
    /// search runs on the host's only thread, and a browser page's stop is a
    /// `SharedArrayBuffer` flag that `poll` reads. The host clears what `poll` reads before
    /// the next search.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::time::Duration;
    /// use halma::{Engine, Game, Limits, StopToken};
    ///
    /// static STOP: AtomicBool = AtomicBool::new(true);
    /// let stop = StopToken::with_poll(|| STOP.load(Ordering::Relaxed));
    /// let hour = Limits::time(Duration::from_secs(3600));
    /// // Would run for an hour; the poll ends it at once, with a legal move.
    /// let result = Engine::new().search_with_stop(&Game::new(), &hour, &stop, &mut |_| {})?;
    /// assert!(Game::new().legal_moves().contains(&result.best_move));
    /// # Ok::<(), halma::SearchError>(())
    /// ```
    pub fn with_poll(poll: fn() -> bool) -> StopToken {
        StopToken(Arc::new(Token {
            poll: Some(poll),
            ..Token::default()
        }))
    }

    /// Stops the search this token is handed to (now, or as soon as it starts). Callable
    /// from any thread at any time, as often as wanted.
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::SeqCst);
    }

    /// Whether [`stop`](StopToken::stop) was called (or the token's poll says stop).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed) || self.0.poll.is_some_and(|poll| poll())
    }

    /// Claims the token for a search: false when a search had it already.
    pub(crate) fn claim(&self) -> bool {
        !self.0.claimed.swap(true, Ordering::SeqCst)
    }
}

/// Stops the search running on an [`Engine`](super::Engine) from another thread: it holds a
/// clone of the running search's [`StopToken`] (the host's, or one the engine made), and a
/// stop stops that token.
///
/// A stop makes the running search return its best move so far within a few milliseconds.
/// With no search running it does nothing: the next search starts afresh.
///
/// ```
/// use std::thread;
/// use std::time::Duration;
/// use halma::{Engine, Game, Limits};
///
/// let mut engine = Engine::new();
/// let stop = engine.stop_handle();
/// let stopper = thread::spawn(move || {
///     thread::sleep(Duration::from_millis(50));
///     stop.stop();
/// });
/// // Would run for an hour.
/// let result = engine.search(&Game::new(), &Limits::time(Duration::from_secs(3600)))?;
/// assert!(Game::new().legal_moves().contains(&result.best_move));
/// stopper.join().unwrap();
/// # Ok::<(), halma::SearchError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<Mutex<Option<StopToken>>>);

impl StopHandle {
    /// Stops the search running now on the engine, if any.
    pub fn stop(&self) {
        if let Some(token) = &*self.running() {
            token.stop();
        }
    }

    /// Makes `token` the running search's (none: no search runs).
    pub(crate) fn hold(&self, token: Option<&StopToken>) {
        *self.running() = token.cloned();
    }

    /// The running search's token. A panic while the lock was held left nothing half
    /// written (an `Option` is replaced whole), so a poisoned lock is used as it is.
    fn running(&self) -> MutexGuard<'_, Option<StopToken>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
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
    fn a_handle_stops_only_the_token_it_holds() {
        let handle = StopHandle::default();
        handle.stop(); // nothing runs: no effect
        let first = StopToken::new();
        handle.hold(Some(&first));
        handle.clone().stop();
        assert!(first.is_stopped());
        handle.hold(None);
        let second = StopToken::new();
        handle.stop();
        handle.hold(Some(&second));
        assert!(
            !second.is_stopped(),
            "a stop with no search running reached the next"
        );
    }

    #[test]
    fn a_token_is_one_searchs_and_its_clones_stop_it() {
        let token = StopToken::new();
        assert!(!token.is_stopped());
        token.clone().stop();
        assert!(token.is_stopped());
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
    fn a_poll_stops_its_token_while_it_says_so() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let token = StopToken::with_poll(|| STOP.load(Ordering::Relaxed));
        assert!(!token.is_stopped());
        STOP.store(true, Ordering::Relaxed);
        assert!(token.clone().is_stopped());
        STOP.store(false, Ordering::Relaxed);
        assert!(!token.is_stopped());
    }
}

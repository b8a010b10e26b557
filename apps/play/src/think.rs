//! The computer thinks on a background thread while this thread shows its progress.
//!
//! This is the pattern a game host copies: the search runs on a worker thread with
//! [`Engine::search_with_info`], its per-iteration info comes back over a channel, and the
//! thread that owns the screen stays free (here: it animates a spinner). Each search gets a
//! [`StopToken`] of its own ([`Engine::search_with_stop`]); a stop from anywhere (here: the
//! Ctrl-C handler) makes it return its best move so far, even when the stop comes before
//! the search has begun, and never reaches the next search.

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use halma::{Engine, Game, Limits, SearchResult, StopToken};

use crate::text::{self, Words};

/// How often the spinner turns.
const TICK: Duration = Duration::from_millis(100);
const SPINNER: [char; 4] = ['|', '/', '-', '\\'];

/// What the progress line shows: the latest completed iteration.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    depth: u32,
    score: i32,
    nodes: u64,
}

/// The running search's stop, shared with the Ctrl-C handler: Ctrl-C stops a running
/// search and quits otherwise.
#[derive(Clone, Default)]
pub struct Thinking {
    /// The token of the search that runs, if one does.
    running: Arc<Mutex<Option<StopToken>>>,
}

impl Thinking {
    /// No search running yet.
    pub fn new() -> Thinking {
        Thinking::default()
    }

    /// Called on Ctrl-C: stops the running search and returns `true`, or returns `false`
    /// when no search runs.
    pub fn interrupt(&self) -> bool {
        match &*self.current() {
            Some(token) => {
                token.stop();
                true
            }
            None => false,
        }
    }

    /// Makes `token` the running search's (or none).
    fn set(&self, token: Option<StopToken>) {
        *self.current() = token;
    }

    /// The running search's token. A panic while the lock was held left nothing half
    /// written (an `Option` is replaced whole), so a poisoned lock is used as it is.
    fn current(&self) -> MutexGuard<'_, Option<StopToken>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// How a search is shown: on a terminal (`live`) or not, who thinks (`label`), in which
/// language.
pub struct Show<'a> {
    /// Stdout is a terminal: animate the progress line.
    pub live: bool,
    /// Who thinks: `"the computer (o) thinks"`.
    pub label: &'a str,
    /// The player's language.
    pub words: Words,
}

/// Searches `game` with `engine` on a worker thread. With `show.live` set (stdout is a
/// terminal) a spinner with the depth and score reached turns on one line until the search
/// ends. The error is a one-line message.
pub fn think(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    thinking: &Thinking,
    show: &Show,
) -> Result<SearchResult, String> {
    let (sender, receiver) = mpsc::channel::<Progress>();
    let stop = StopToken::new();
    thinking.set(Some(stop.clone()));
    let result = thread::scope(|scope| {
        let worker = scope.spawn(move || {
            engine.search_with_stop(game, limits, &stop, &mut |info| {
                let progress = Progress {
                    depth: info.plies_ahead(),
                    score: info.score,
                    nodes: info.nodes,
                };
                // The receiver lives until this thread ends; a failed send only means
                // nobody watches.
                let _ = sender.send(progress);
            })
        });
        watch(&receiver, show);
        worker.join()
    });
    thinking.set(None);
    match result {
        Ok(Ok(result)) => Ok(result),
        Ok(Err(error)) => Err(show
            .words
            .format("play.error.cannot_move", &[("reason", &error)])),
        Err(_) => Err(show.words.text("play.error.search_failed").to_owned()),
    }
}

/// Shows progress until the worker drops its sender (the search ended).
fn watch(receiver: &mpsc::Receiver<Progress>, show: &Show) {
    let started = Instant::now();
    if !show.live {
        // No animation in a pipe: one line says a search started.
        let _ = writeln!(io::stdout(), "{}...", show.label);
    }
    let mut progress = None;
    let mut turn = 0;
    loop {
        match receiver.recv_timeout(TICK) {
            Ok(update) => progress = Some(update),
            Err(RecvTimeoutError::Timeout) => turn += 1,
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if show.live {
            spin(SPINNER[turn % SPINNER.len()], show, progress, started);
        }
    }
    if show.live {
        // Clear the progress line.
        print!("\r\x1b[K");
        let _ = io::stdout().flush();
    }
}

/// Redraws the progress line.
fn spin(spinner: char, show: &Show, progress: Option<Progress>, started: Instant) {
    let words = show.words;
    let mut line = format!("\r{spinner} {}", show.label);
    if let Some(progress) = progress {
        let done = words.format(
            "play.progress",
            &[
                ("depth", &progress.depth),
                ("score", &text::score(words, progress.score)),
                ("nodes", &progress.nodes),
            ],
        );
        line.push_str(&format!(": {done}"));
    }
    let seconds = format!("{:.1}", started.elapsed().as_secs_f64());
    let time = words.format("play.progress.time", &[("seconds", &seconds)]);
    line.push_str(&format!(", {time}\x1b[K"));
    print!("{line}");
    let _ = io::stdout().flush();
}

//! The computer thinks on a background thread while this thread shows its progress.
//!
//! This is the pattern a game host copies: the search runs on a worker thread with
//! [`Engine::search_with_info`], its per-iteration info comes back over a channel, and the
//! thread that owns the screen stays free (here: it animates a spinner). A [`StopHandle`]
//! ends the search from anywhere (here: the Ctrl-C handler) and the search then returns
//! its best move so far.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use halma::{Engine, Game, Limits, SearchResult, StopHandle};

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

/// Whether a search runs, shared with the Ctrl-C handler: Ctrl-C stops a running search
/// and quits otherwise.
#[derive(Clone)]
pub struct Thinking {
    running: Arc<AtomicBool>,
    /// Ctrl-C came during this search.
    interrupted: Arc<AtomicBool>,
    stop: StopHandle,
}

impl Thinking {
    /// The flag for searches of the engine whose stop handle is `stop`.
    pub fn new(stop: StopHandle) -> Thinking {
        Thinking {
            running: Arc::new(AtomicBool::new(false)),
            interrupted: Arc::new(AtomicBool::new(false)),
            stop,
        }
    }

    /// Called on Ctrl-C: stops the running search and returns `true`, or returns `false`
    /// when no search runs.
    pub fn interrupt(&self) -> bool {
        if self.running.load(Ordering::SeqCst) {
            self.interrupted.store(true, Ordering::SeqCst);
            self.stop.stop();
            true
        } else {
            false
        }
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
    thinking.interrupted.store(false, Ordering::SeqCst);
    thinking.running.store(true, Ordering::SeqCst);
    let result = thread::scope(|scope| {
        let worker = scope.spawn(move || {
            engine.search_with_info(game, limits, &mut |info| {
                // A stop that came before the search started is ignored by the engine:
                // repeat it from inside the search.
                if thinking.interrupted.load(Ordering::SeqCst) {
                    thinking.stop.stop();
                }
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
    thinking.running.store(false, Ordering::SeqCst);
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

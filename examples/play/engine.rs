//! TEMPORARY stand-in for `halma::search`, with the same API, until the engine lands.
//!
//! It plays the one-ply greedy move (the move that brings its pieces closest to the goal
//! corner). Once `halma::search` exists this file becomes a plain re-export.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use halma::{Game, Move, Position, Side, Square};

/// A win in `n` plies scores `SCORE_WIN - n`.
pub const SCORE_WIN: i32 = 30_000;
/// The level a new game starts with.
pub const DEFAULT_LEVEL: u8 = 5;

/// What may end a search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Limits {
    /// The limits of a difficulty level.
    pub fn level(level: u8) -> Limits {
        Limits::depth(u32::from(level.clamp(1, 10)))
    }
    /// A depth limit.
    pub fn depth(depth: u32) -> Limits {
        Limits::default().with_depth(depth)
    }
    /// Adds a depth limit.
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = (depth > 0).then_some(depth);
        self
    }
    /// Adds a node limit.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = (nodes > 0).then_some(nodes);
        self
    }
    /// Adds a time limit.
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = (!time.is_zero()).then_some(time);
        self
    }
}

/// Stops a running search.
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the running search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The engine's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play.
    pub best_move: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// Progress of a search.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// The completed depth.
    pub depth: u32,
    /// Its score.
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
}

/// Why a search cannot run.
#[derive(Debug)]
pub enum SearchError {
    /// The game is over.
    GameOver,
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the game is over")
    }
}

/// The greedy stand-in engine.
#[derive(Debug)]
pub struct Engine {
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// A new engine.
    pub fn new() -> Engine {
        Engine {
            stop: Arc::new(AtomicBool::new(false)),
        }
    }
    /// The handle that stops this engine's searches.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }
    /// Forgets what it learnt.
    pub fn clear(&mut self) {}

    /// The greedy move, reporting one iteration.
    pub fn search_with_info(
        &mut self,
        game: &Game,
        _limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        self.stop.store(false, Ordering::SeqCst);
        let started = Instant::now();
        let position = game.position();
        let moves = game.legal_moves();
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&mv| gain(position, mv))
            .ok_or(SearchError::GameOver)?;
        let score = gain(position, best) * 100;
        let nodes = moves.len() as u64;
        info(&SearchInfo {
            depth: 1,
            score,
            nodes,
        });
        Ok(SearchResult {
            best_move: best,
            score,
            depth: 1,
            nodes,
            time: started.elapsed(),
        })
    }
}

/// How much closer `mv` brings the mover to its goal corner.
fn gain(position: &Position, mv: Move) -> i32 {
    let corner = match position.turn() {
        Side::X => Square::new(240),
        Side::O => Square::new(15),
    };
    distance(mv.from, corner) - distance(mv.to, corner)
}

/// King distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file()) - i32::from(b.file())).abs();
    let ranks = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    files.max(ranks)
}

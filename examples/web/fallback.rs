//! TEMPORARY stand-in for `halma::search` with the same API, used only until the real engine
//! lands: a one-ply greedy player (the move that most reduces its distance to the goal).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use halma::{Game, Move, Side, Square};

pub const DEFAULT_LEVEL: u8 = 5;
pub const SCORE_WIN: i32 = 1_000_000;

#[derive(Clone)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

pub struct Engine {
    stop: Arc<AtomicBool>,
}

#[derive(Clone, Debug)]
pub struct Limits {
    time: Option<Duration>,
}

impl Limits {
    pub fn level(level: u8) -> Limits {
        Limits {
            time: Some(Duration::from_millis(50 * u64::from(level.clamp(1, 10)))),
        }
    }
}

pub struct SearchResult {
    pub best_move: Move,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

pub struct SearchInfo {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub nodes_per_second: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

#[derive(Debug)]
pub enum SearchError {
    GameOver,
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the game is over")
    }
}

fn distance(square: Square, side: Side) -> i32 {
    // Chebyshev distance to the far corner of the goal camp.
    let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
    match side {
        Side::X => file.max(15 - rank),
        Side::O => (15 - file).max(rank),
    }
}

impl Engine {
    pub fn with_table_mb(_mb: usize) -> Engine {
        Engine {
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(self.stop.clone())
    }

    pub fn search_with_info(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let start = Instant::now();
        self.stop.store(false, Ordering::Relaxed);
        let side = game.position().turn();
        let moves = game.legal_moves();
        let best = moves
            .iter()
            .max_by_key(|mv| {
                (
                    distance(mv.from, side) - distance(mv.to, side),
                    mv.to.index(),
                )
            })
            .copied()
            .ok_or(SearchError::GameOver)?;
        let score = (distance(best.from, side) - distance(best.to, side)) * 100;
        // Pretend to think a little so that the host's progress display can be seen.
        let budget = limits.time.unwrap_or(Duration::from_millis(100));
        while start.elapsed() < budget && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let result = SearchResult {
            best_move: best,
            score,
            depth: 1,
            nodes: moves.len() as u64,
            time: start.elapsed(),
            pv: vec![best],
        };
        info(&SearchInfo {
            depth: 1,
            score,
            nodes: result.nodes,
            nodes_per_second: 0,
            time: result.time,
            pv: result.pv.clone(),
        });
        Ok(result)
    }
}

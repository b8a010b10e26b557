//! The host's clock, as a WebAssembly host sets it: the library reads time from it alone,
//! and a clock that reads as the end of time (what a browser build has before its host sets
//! one) reaches every time limit at once. One test, in its own process: the clock is the
//! process's.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use halma::race::{Budget, Puzzle, Solver};
use halma::{Engine, Game, Limits, Position, Side};

/// Milliseconds on the fast clock.
static MILLIS: AtomicU64 = AtomicU64::new(0);

/// A clock that runs 50 ms a reading.
fn fast() -> Duration {
    Duration::from_millis(MILLIS.fetch_add(50, Ordering::Relaxed))
}

/// A clock past every deadline.
fn end_of_time() -> Duration {
    Duration::MAX
}

#[test]
fn the_library_reads_the_host_clock() {
    let game = Game::new();
    halma::clock::set(fast);
    // 20 s on the fast clock are 400 readings (one every 1024 nodes).
    let before = MILLIS.load(Ordering::Relaxed);
    let limits = Limits::time(Duration::from_secs(20));
    let result = Engine::new().search(&game, &limits).unwrap();
    // An iteration starts while time is left (full strength), and the limit stops the
    // last one: the search ends at the limit, read on the host clock.
    assert!(result.time >= Duration::from_secs(20), "{:?}", result.time);
    assert!(
        result.time.as_millis().is_multiple_of(50),
        "{:?}",
        result.time
    );
    assert!(MILLIS.load(Ordering::Relaxed) - before <= 21_000);
    // The pace is waited out on the host clock too.
    let result = Engine::new().search(&game, &Limits::level(1)).unwrap();
    assert!(result.time >= Duration::from_millis(300));
    // And the race solver's time budget.
    let position: Position =
        "xxx13/xx14/xxxx12/2xxx1x1x7/1x4x9/2x1xx5o4/16/16/16/8o3o3/7o1o4oo/12o3/11o1o2/11o2o1/12oooo/13ooo x"
            .parse()
            .unwrap();
    let puzzle = Puzzle::of(&position, Side::X);
    let mut solver = Solver::new();
    solver.set_budget(Budget::time(Duration::from_secs(1)));
    let count = solver.count(&puzzle);
    assert!(count.nodes <= 25 * 1024, "{} nodes", count.nodes);

    // A clock at the end of time: every time limit is reached at once.
    halma::clock::set(end_of_time);
    let hour = Limits::time(Duration::from_secs(3600));
    let result = Engine::new().search(&game, &hour).unwrap();
    assert!(game.legal_moves().contains(&result.best_move));
    assert!(result.nodes <= 1024, "{} nodes", result.nodes); // the first reading
    assert_eq!(result.time, Duration::ZERO);
    let count = solver.count(&puzzle);
    assert!(count.nodes <= 1024, "{} nodes", count.nodes);
}

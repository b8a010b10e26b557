//! The engine on many threads (Lazy SMP) and stop tokens: legal moves under any limits with
//! more threads than cores (a watchdog fails a search that hangs instead of hanging the
//! suite), depth limits met, a stop made before a search starts not lost.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use halma::{Engine, Game, Limits, Move, StopToken};

/// Runs `work` on a thread of its own and returns its result, failing the test if it takes
/// longer than `patience`.
fn watchdog<T: Send + 'static>(patience: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(patience) {
        Ok(result) => result,
        Err(error) => panic!("no answer within {patience:?} ({error}): a search hung"),
    }
}

/// A game of `plies` plies: each side plays its first legal move that goes forward.
fn forward_game(plies: usize) -> Game {
    let mut game = Game::new();
    for ply in 0..plies {
        let side = game.position().turn();
        let moves = game.legal_moves();
        let gain = |mv: &Move| {
            let (from, to) = (
                i32::from(mv.from.rank_of().index()),
                i32::from(mv.to.rank_of().index()),
            );
            if side == halma::Side::X {
                to - from
            } else {
                from - to
            }
        };
        let forward: Vec<Move> = moves.iter().copied().filter(|mv| gain(mv) > 0).collect();
        let pick = forward
            .get(ply * 7 % forward.len().max(1))
            .copied()
            .unwrap_or(moves[0]);
        game.play(pick).unwrap();
    }
    game
}

#[test]
fn eight_threads_on_any_limits_play_only_legal_moves() {
    let plies = watchdog(Duration::from_secs(120), || {
        let mut engine = Engine::with_table_mb(1);
        engine.set_threads(8);
        let mut game = forward_game(6);
        let limits = [
            Limits::time(Duration::from_millis(15)),
            Limits::nodes(2_000),
            Limits::depth(3),
            Limits::time(Duration::from_millis(1)),
            Limits::nodes(1),
        ];
        let mut plies = 0;
        while !game.outcome().is_over() && plies < 120 {
            let result = engine.search(&game, &limits[plies % limits.len()]).unwrap();
            assert!(result.nodes > 0);
            game.play(result.best_move)
                .unwrap_or_else(|e| panic!("ply {plies}: {e}"));
            plies += 1;
        }
        plies
    });
    assert!(plies >= 100, "{plies}");
}

#[test]
fn more_threads_complete_the_depth_asked_and_count_every_node() {
    let game = forward_game(20);
    let mut one = Engine::new();
    let alone = one.search(&game, &Limits::depth(5)).unwrap();
    let mut engine = Engine::new();
    engine.set_threads(3);
    let together = watchdog(Duration::from_secs(60), move || {
        let depth = engine.search(&game, &Limits::depth(5)).unwrap();
        let nodes = engine.search(&game, &Limits::nodes(50_000)).unwrap();
        (depth, nodes, game)
    });
    let (depth, nodes, game) = together;
    assert_eq!(depth.depth, 5);
    assert!(game.legal_moves().contains(&depth.best_move));
    // The helpers' nodes count too.
    assert!(
        depth.nodes > alone.nodes / 2,
        "{} {}",
        depth.nodes,
        alone.nodes
    );
    assert!(
        nodes.nodes >= 50_000 && nodes.nodes < 50_000 + 3 * 4096,
        "{}",
        nodes.nodes
    );
}

#[test]
fn the_thread_count_is_clamped() {
    let mut engine = Engine::new();
    assert_eq!(engine.threads(), 1);
    engine.set_threads(0);
    assert_eq!(engine.threads(), 1);
    engine.set_threads(usize::MAX);
    assert_eq!(engine.threads(), halma::search::MAX_THREADS);
}

#[test]
fn a_stop_token_stopped_before_the_search_stops_it_at_once() {
    for threads in [1, 2] {
        let game = forward_game(10);
        let mut engine = Engine::new();
        engine.set_threads(threads);
        let stop = StopToken::new();
        stop.stop();
        let started = Instant::now();
        let hour = Limits::time(Duration::from_secs(3600));
        let result = watchdog(Duration::from_secs(30), move || {
            engine
                .search_with_stop(&game, &hour, &stop, &mut |_| {})
                .unwrap()
        });
        assert_eq!(result.depth, 0, "{threads} threads");
        assert!(started.elapsed() < Duration::from_secs(30));
        assert!(forward_game(10).legal_moves().contains(&result.best_move));
    }
}

#[test]
fn a_stop_token_ends_its_search_and_no_other() {
    let game = forward_game(16);
    let mut engine = Engine::new();
    engine.set_threads(2);
    let stop = StopToken::new();
    let stopper = {
        let stop = stop.clone();
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(100));
            stop.stop();
        })
    };
    let result = watchdog(Duration::from_secs(60), move || {
        let deep = Limits::depth(1000);
        let stopped = engine
            .search_with_stop(&game, &deep, &stop, &mut |_| {})
            .unwrap();
        // A new token, and the engine's own search: neither is stopped by the old token.
        let fresh = StopToken::new();
        let next = engine
            .search_with_stop(&game, &Limits::depth(3), &fresh, &mut |_| {})
            .unwrap();
        let plain = engine.search(&game, &Limits::depth(2)).unwrap();
        (stopped, next, plain, game)
    });
    stopper.join().unwrap();
    let (stopped, next, plain, game) = result;
    assert!(game.legal_moves().contains(&stopped.best_move));
    assert!(stopped.depth < 95);
    assert_eq!((next.depth, plain.depth), (3, 2));
}

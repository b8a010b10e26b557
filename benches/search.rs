//! Fixed-depth searches of named positions (one per phase of a game), reported as nodes/s.
//! Depth-limited searches are deterministic, so each iteration does the same work. The race
//! solver is off: its nodes are not the search's (`solve --bench` measures it).
//!
//! The `stop` group measures how fast a stop is answered: the time from
//! [`StopToken::stop`], made while an hour-long search of the opening runs, to the search's
//! return, with 1 and 2 threads.
//!
//! `cargo bench --bench search`

use std::hint::black_box;
use std::thread;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use halma::search::Params;
use halma::{Engine, Game, Limits, Position, StopToken};

/// The depth every position is searched to.
const DEPTH: u32 = 5;

use halma_tools::positions;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut engine = Engine::new();
    for (name, text) in positions::SEARCH {
        let position: Position = text.parse().expect("benchmark positions are valid");
        let game = Game::from_position(position);
        let limits = Limits::depth(DEPTH).with_params(Params {
            race_solver: false,
            ..Params::FULL
        });
        let nodes = engine
            .search(&game, &limits)
            .expect("benchmark positions are not finished")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth {DEPTH}"), |b| {
            b.iter(|| engine.search(black_box(&game), &limits))
        });
    }
    group.finish();
}

/// How long a search runs before it is stopped: past its first iterations, deep in the tree.
const RUN_BEFORE_STOP: Duration = Duration::from_millis(30);

fn stop(c: &mut Criterion) {
    let mut group = c.benchmark_group("stop");
    group.sample_size(20);
    let (_, opening) = positions::SEARCH[1];
    let game = Game::from_position(opening.parse().expect("benchmark positions are valid"));
    let hour = Limits::time(Duration::from_secs(3600));
    for threads in [1, 2] {
        let mut engine = Engine::new();
        engine.set_threads(threads);
        group.bench_function(format!("answered/{threads} threads"), |b| {
            b.iter_custom(|runs| {
                let mut answering = Duration::ZERO;
                for _ in 0..runs {
                    let token = StopToken::new();
                    let answered = thread::scope(|scope| {
                        let stopper = scope.spawn(|| {
                            thread::sleep(RUN_BEFORE_STOP);
                            token.stop();
                            Instant::now()
                        });
                        engine
                            .search_with_stop(&game, &hour, &token, &mut |_| {})
                            .expect("the opening is not finished");
                        let returned = Instant::now();
                        let stopped_at = stopper.join().expect("the stopper does not panic");
                        returned.saturating_duration_since(stopped_at)
                    });
                    answering += answered;
                }
                answering
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search, stop);
criterion_main!(benches);

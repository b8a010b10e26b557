//! Fixed-depth searches of named positions (one per phase of a game), reported as nodes/s.
//! Depth-limited searches are deterministic, so each iteration does the same work. The race
//! solver is off: its nodes are not the search's (`solve --bench` measures it).
//!
//! `cargo bench --bench search`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use halma::search::Params;
use halma::{Engine, Game, Limits, Position};

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

criterion_group!(benches, search);
criterion_main!(benches);

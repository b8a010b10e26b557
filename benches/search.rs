//! Fixed-depth searches of named positions (one per phase of a game), reported as nodes/s.
//! Depth-limited searches are deterministic, so each iteration does the same work.
//!
//! `cargo bench --bench search`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use halma::{Engine, Game, Limits, Position};

/// (name, position text, depth).
const POSITIONS: [(&str, &str, u32); 5] = [
    (
        "opening",
        "o2oo11/o1oo12/ooo2o10/ooo3oo8/oo14/9o6/10o5/16/11x4/12x3/11xx3/13xxx/12xx2/11xxx1x/12xx2/10xxx1x1 x",
        5,
    ),
    (
        "crowded",
        "3oo11/o3o11/1o3o10/1o14/1o1o2oxx7/2o3xo8/8o1x5/8ooxx4/8x1xx4/8ooxx1o2/11x4/9ox2x1x/11x4/11x3x/16/10x5 x",
        5,
    ),
    (
        "middlegame",
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
        5,
    ),
    (
        "race",
        "1xx13/xxoxx1x9/1x3o10/6x9/x6x1x6/6ox1x6/3o12/4o3o2o4/8o1x1o3/9o1o1o2/12o1x1/9o2ox1o/14oo/11x4/11o4/10x5 x",
        5,
    ),
    (
        "late",
        "xxxx2x9/xx1xx11/1x1x1x10/6xx8/x4xo1o7/7o8/8x7/4o4x6/5o10/16/10o1o3/15o/14oo/13ooo/11oo2o/10xo1oo1 x",
        5,
    ),
];

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut engine = Engine::new();
    for (name, text, depth) in POSITIONS {
        let position: Position = text.parse().expect("benchmark positions are valid");
        let game = Game::from_position(position);
        let limits = Limits::depth(depth);
        let nodes = engine
            .search(&game, &limits)
            .expect("benchmark positions are not finished")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth {depth}"), |b| {
            b.iter(|| engine.search(black_box(&game), &limits))
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);

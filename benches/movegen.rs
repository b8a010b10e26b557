//! Move generation, counting and make/unmake over the named positions.
//!
//! `cargo bench --bench movegen`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use halma::{MoveList, Position};

use halma_tools::positions;

fn positions() -> Vec<(&'static str, Position)> {
    positions::MOVEGEN
        .iter()
        .map(|&(name, text)| (name, text.parse().expect("benchmark positions are valid")))
        .collect()
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    for (name, position) in positions() {
        group.throughput(Throughput::Elements(position.count_moves() as u64));
        let mut moves = MoveList::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&position).generate(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

fn count_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_moves");
    for (name, position) in positions() {
        group.throughput(Throughput::Elements(position.count_moves() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(&position).count_moves()));
    }
    group.finish();
}

fn play_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_undo");
    for (name, position) in positions() {
        let moves = position.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |b| {
            let mut position = position;
            b.iter(|| {
                for &mv in black_box(&moves).iter() {
                    position.play_unchecked(mv);
                    position.undo_unchecked(mv);
                }
                black_box(position.hash())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate, count_moves, play_undo);
criterion_main!(benches);

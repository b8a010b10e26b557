//! Move generation, counting and make/unmake over the named positions, of the 16x16 board and
//! of the star (its groups prefixed `star_`), and the star's bulk-counted perft.
//!
//! `cargo bench --bench movegen`, `cargo bench --bench movegen -- star`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use halma::{Board, Position, StarPosition, StarRules, perft};

use halma_tools::positions;

fn positions() -> Vec<(&'static str, Position)> {
    positions::MOVEGEN
        .iter()
        .map(|&(name, text)| (name, text.parse().expect("benchmark positions are valid")))
        .collect()
}

fn star_positions() -> Vec<(&'static str, StarPosition)> {
    positions::STAR
        .iter()
        .map(|&(name, text)| {
            let position = StarPosition::from_text(text, StarRules::OpenSpiel);
            (name, position.expect("benchmark positions are valid"))
        })
        .collect()
}

/// Generating the moves of each of `positions` into a reused list: the group `group`.
fn generate_group<B: Board>(c: &mut Criterion, group: &str, positions: Vec<(&str, B)>) {
    let mut group = c.benchmark_group(group);
    for (name, position) in positions {
        group.throughput(Throughput::Elements(position.count_moves() as u64));
        let mut moves = B::MoveList::default();
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&position).generate(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

/// Counting the moves of each of `positions` without a list.
fn count_group<B: Board>(c: &mut Criterion, group: &str, positions: Vec<(&str, B)>) {
    let mut group = c.benchmark_group(group);
    for (name, position) in positions {
        group.throughput(Throughput::Elements(position.count_moves() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(&position).count_moves()));
    }
    group.finish();
}

/// Playing and taking back every move of each of `positions`.
fn play_undo_group<B: Board>(c: &mut Criterion, group: &str, positions: Vec<(&str, B)>) {
    let mut group = c.benchmark_group(group);
    for (name, position) in positions {
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

fn generate(c: &mut Criterion) {
    generate_group(c, "generate", positions());
}

fn count_moves(c: &mut Criterion) {
    count_group(c, "count_moves", positions());
}

fn play_undo(c: &mut Criterion) {
    play_undo_group(c, "play_undo", positions());
}

fn star_generate(c: &mut Criterion) {
    generate_group(c, "star_generate", star_positions());
}

fn star_count_moves(c: &mut Criterion) {
    count_group(c, "star_count_moves", star_positions());
}

fn star_play_undo(c: &mut Criterion) {
    play_undo_group(c, "star_play_undo", star_positions());
}

/// Perft, its last ply counted without a list: 4 deep from the start (115,600 leaves), 3 deep
/// elsewhere.
fn star_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("star_perft");
    group.sample_size(20);
    for (name, position) in star_positions() {
        let depth = if name == "opening" { 4 } else { 3 };
        group.throughput(Throughput::Elements(perft(&position, depth)));
        group.bench_function(format!("{name}/{depth}"), |b| {
            b.iter(|| perft(black_box(&position), depth))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    generate,
    count_moves,
    play_undo,
    star_generate,
    star_count_moves,
    star_play_undo,
    star_perft
);
criterion_main!(benches);

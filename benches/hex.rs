//! Hex: solver against oracle across N, the solver alone at N = 2000, and a whole official-format file.
//!
//! `cargo bench --features bench --bench hex`; one group:
//! `cargo bench --features bench --bench hex -- solver-2000`.

use std::hint::black_box;

use cases::case_rng;
use cases::hex::{Shape, generate_shape};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::problems::Hex;
use gamecheck::registry::Engine;
use gamecheck::{Problem, find};
use games::Sizes;

fn solver_against_oracle(c: &mut Criterion) {
    let mut group = c.benchmark_group("hex/solver-vs-oracle");
    for n in [4, 8, 16, 32] {
        // Boards from played games: the oracle's worst case is a winner with many stones to remove one by one.
        let board = generate_shape(&mut case_rng(1, n as u64), Sizes::new(n, n), Shape::PlayedGame);
        group.bench_with_input(BenchmarkId::new("solver", n), &board, |b, board| {
            b.iter(|| Hex::solve(black_box(board)))
        });
        group.bench_with_input(BenchmarkId::new("oracle", n), &board, |b, board| {
            b.iter(|| Hex::oracle(black_box(board)))
        });
    }
    group.finish();
}

fn solver_at_2000(c: &mut Criterion) {
    let mut group = c.benchmark_group("hex/solver-2000");
    group.sample_size(10);
    for (name, shape) in [
        ("played-game", Shape::PlayedGame),
        ("full", Shape::Full),
        ("bottleneck", Shape::Bottleneck),
        ("two-chains", Shape::TwoChains),
    ] {
        let board = generate_shape(&mut case_rng(2000, 0), Sizes::new(2000, 2000), shape);
        group.bench_function(name, |b| b.iter(|| Hex::solve(black_box(&board))));
    }
    group.finish();
}

/// The official large-input shape: 100 boards of N = 100, parsed, solved and printed as `gamecheck solve` does.
fn official_file(c: &mut Criterion) {
    let hex = find("hex").expect("hex is registered");
    let input = hex.generate(100, 0, 100, Sizes::new(100, 100));
    c.bench_function("hex/file-100x100", |b| b.iter(|| hex.solve(black_box(&input), Engine::Solver).unwrap()));
}

criterion_group!(benches, solver_against_oracle, solver_at_2000, official_file);
criterion_main!(benches);

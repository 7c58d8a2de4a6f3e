//! Adjacent and Consecutive: solver against oracle across N, the official-limit file (100 games of N = 50), and one
//! game of N = 10^5, solved alone and with a winning move named at every state.
//!
//! `cargo bench --features bench --bench adjacent_consecutive`; one group:
//! `cargo bench --features bench --bench adjacent_consecutive -- winning-move`.

use std::hint::black_box;

use cases::adjacent_consecutive::{Shape, generate_shape};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::problems::{AdjacentConsecutive, SolverReferee};
use gamecheck::registry::Engine;
use gamecheck::{Problem, find};

use cases::case_rng;
use games::Sizes;
use solvers::adjacent_consecutive::Position;

fn solver_against_oracle(c: &mut Criterion) {
    let mut group = c.benchmark_group("adjacent-consecutive/solver-vs-oracle");
    group.sample_size(10);
    for n in [4, 5, 6, 7, 8] {
        // Blunders keep the game open to the end, so the oracle has no early pair to stop its search.
        let referee = &mut SolverReferee::default();
        let game = generate_shape(&mut case_rng(1, n as u64), Sizes::new(n, n), Shape::Blunders, Some(referee));
        group.bench_with_input(BenchmarkId::new("solver", n), &game, |b, game| {
            b.iter(|| AdjacentConsecutive::solve(black_box(game)))
        });
        group.bench_with_input(BenchmarkId::new("oracle", n), &game, |b, game| {
            b.iter(|| AdjacentConsecutive::oracle(black_box(game)))
        });
    }
    group.finish();
}

/// The official large-input shape: 100 games of N = 50, parsed, solved and printed as `gamecheck solve` does.
fn official_file(c: &mut Criterion) {
    let problem = find("adjacent-consecutive").expect("adjacent-consecutive is registered");
    let input = problem.generate(50, 0, 100, Sizes::new(50, 50));
    c.bench_function("adjacent-consecutive/file-100x50", |b| {
        b.iter(|| problem.solve(black_box(&input), Engine::Solver).unwrap())
    });
}

/// One game of N = 10^5, of the kinds that keep it open: pair-free to the end (every state is decided in full) and
/// random play for comparison, where a pair soon ends all the work.
fn solver_at_100000(c: &mut Criterion) {
    let mut group = c.benchmark_group("adjacent-consecutive/solver-100000");
    group.sample_size(10);
    for (name, shape) in [("no-pair", Shape::NoPair), ("random", Shape::Random)] {
        let game = generate_shape(&mut case_rng(100_000, 0), Sizes::new(100_000, 100_000), shape, None);
        group.bench_function(name, |b| b.iter(|| AdjacentConsecutive::solve(black_box(&game))));
    }
    group.finish();
}

/// The same games, solved and then walked with `winning_move` at every state: what a checker that asks for a move
/// keeping each win, as well as the verdict, costs on top of the solver.
fn winning_move_at_100000(c: &mut Criterion) {
    let mut group = c.benchmark_group("adjacent-consecutive/winning-move-100000");
    group.sample_size(10);
    for (name, shape) in [("no-pair", Shape::NoPair), ("random", Shape::Random)] {
        let game = generate_shape(&mut case_rng(100_000, 0), Sizes::new(100_000, 100_000), shape, None);
        group.bench_function(name, |b| {
            b.iter(|| {
                let answer = AdjacentConsecutive::solve(black_box(&game));
                let mut position = Position::new(game.n);
                let mut named = 0usize;
                for &m in &game.moves {
                    named += usize::from(position.winning_move().is_some());
                    position.play(m);
                }
                (answer, named)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver_against_oracle, official_file, solver_at_100000, winning_move_at_100000);
criterion_main!(benches);

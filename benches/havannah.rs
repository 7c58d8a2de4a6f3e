//! Havannah: solver against both oracles across S, the solver alone on the largest official shape (S = 3000,
//! M = 10 000) and at the project's limits (S = 10^9, M = 10^6), a whole official-format file, and whole files at
//! the project's limits as `gamecheck solve` reads them.
//!
//! `cargo bench --features bench --bench havannah`; one group:
//! `cargo bench --features bench --bench havannah -- solver-1e9`.

use std::hint::black_box;

use cases::case_rng;
use cases::havannah::{Shape, generate_game};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::check::DEFAULT_SEED;
use gamecheck::problems::Havannah;
use gamecheck::registry::Engine;
use gamecheck::{Problem, find};
use games::havannah::{Cell, Game, MAX_M, MAX_S};
use games::{Contest, Sizes};

fn solver_against_oracles(c: &mut Criterion) {
    let mut group = c.benchmark_group("havannah/solver-vs-oracles");
    for s in [4u32, 8, 16] {
        // A loop drawn in walking order with no win before it: the oracles recompute after every move.
        let cells = Game::cell_count(s) as usize;
        let game = generate_game(&mut case_rng(1, u64::from(s)), s, cells / 2, Shape::Loop);
        group.bench_with_input(BenchmarkId::new("solver", s), &game, |b, g| b.iter(|| Havannah::solve(black_box(g))));
        group.bench_with_input(BenchmarkId::new("naive", s), &game, |b, g| {
            b.iter(|| oracles::havannah::naive::answer(black_box(g)))
        });
        group.bench_with_input(BenchmarkId::new("backward", s), &game, |b, g| {
            b.iter(|| oracles::havannah::backward::answer(black_box(g)))
        });
    }
    group.finish();
}

/// The official large shape: S = 3000 with 10 000 moves, for each generator shape.
fn solver_at_3000(c: &mut Criterion) {
    let mut group = c.benchmark_group("havannah/solver-3000");
    for shape in [Shape::Scattered, Shape::Clusters, Shape::Loop, Shape::Paths, Shape::Patch] {
        let game = generate_game(&mut case_rng(3000, 0), 3000, 10_000, shape);
        group.bench_function(format!("{shape:?}"), |b| b.iter(|| Havannah::solve(black_box(&game))));
    }
    group.finish();
}

/// A solid w × w parallelogram round the centre, filled row by row: every stone after the first row joins its
/// group to itself (the ring test's busiest path) and none closes a ring, so all M moves are played.
fn solid_patch(size: u32, moves: usize) -> Game {
    let w = (moves as f64).sqrt() as u32;
    let (x0, y0) = (size - w / 2, size - w / 2);
    Game { size, moves: (0..w).flat_map(|dy| (0..w).map(move |dx| Cell { x: x0 + dx, y: y0 + dy })).collect() }
}

/// The project's limits: S = 10^9, M = 10^6. Scattered stones never touch (one map insertion and six missed
/// lookups each); the solid patch touches on every move; the generator's loop and paths add their own stones
/// first and then grow clusters or scatter.
fn solver_at_1e9(c: &mut Criterion) {
    let mut group = c.benchmark_group("havannah/solver-1e9");
    group.sample_size(10);
    let games = [
        ("scattered", generate_game(&mut case_rng(9, 0), MAX_S, MAX_M, Shape::Scattered)),
        ("solid-patch", solid_patch(MAX_S, MAX_M)),
        ("loop", generate_game(&mut case_rng(9, 1), MAX_S, MAX_M, Shape::Loop)),
        ("paths", generate_game(&mut case_rng(9, 2), MAX_S, MAX_M, Shape::Paths)),
    ];
    for (name, game) in &games {
        group.bench_function(*name, |b| b.iter(|| Havannah::solve(black_box(game))));
    }
    group.finish();
}

/// The official large input's shape: 20 games of S = 3000 and M = 10 000, parsed, solved and printed as
/// `gamecheck solve` does.
fn official_file(c: &mut Criterion) {
    let havannah = find("havannah").expect("havannah is registered");
    let shapes = [Shape::Scattered, Shape::Clusters, Shape::Loop, Shape::Paths, Shape::Patch];
    let games: Vec<Game> =
        (0..20).map(|i| generate_game(&mut case_rng(20, i), 3000, 10_000, shapes[i as usize % shapes.len()])).collect();
    let input = games::havannah::Havannah::write(&games);
    c.bench_function("havannah/file-20x3000", |b| {
        b.iter(|| havannah.solve(black_box(&input), Engine::Solver).unwrap())
    });
}

/// One game of S = 10^9 and M = 10^6 in a file, from the UTF-8 check to the printed answer, as `gamecheck solve`
/// takes it: the input of `gamecheck gen havannah --size 1000000000 --cases 1 --from K` for a K of each shape the
/// generator draws (at this size every shape is padded to 10^6 moves; a game won early is all parsing).
fn file_at_1e9(c: &mut Criterion) {
    let havannah = find("havannah").expect("havannah is registered");
    let largest = Sizes::new(MAX_S as usize, MAX_S as usize);
    let mut group = c.benchmark_group("havannah/file-1e9");
    group.sample_size(10);
    let shapes = [
        (0, "scattered"),
        (4, "clusters"),
        (16, "loop"),
        (2, "paths"),
        (8, "combined"),
        (3, "junction"),
        (31, "patch"),
        (10, "smallest"),
        (11, "empty"),
    ];
    for (from, shape) in shapes {
        let input = havannah.generate(DEFAULT_SEED, from, 1, largest).into_bytes();
        group.bench_function(format!("{shape}-{from}"), |b| {
            b.iter(|| {
                let text = games::contest::text(havannah.name(), black_box(&input)).unwrap();
                havannah.solve(text, Engine::Solver).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver_against_oracles, solver_at_3000, solver_at_1e9, official_file, file_at_1e9);
criterion_main!(benches);

//! Inventor Outlasting: solver against oracle as the spots grow, the solver alone on the worst shapes at R·C = 200,
//! and whole official-limit files.
//!
//! `cargo bench --bench inventor_outlasting`; one group: `cargo bench --bench inventor_outlasting -- worst-200`.

use std::hint::black_box;

use cases::case_rng;
use cases::inventor_outlasting::{Shape, generate_shape};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::registry::Engine;
use gamecheck::{Problem, find};
use games::Contest;
use games::Sizes;
use games::inventor_outlasting::{Board, InventorOutlasting};

fn solver_against_oracle(c: &mut Criterion) {
    let mut group = c.benchmark_group("inventor-outlasting/solver-vs-oracle");
    for spots in [4, 8, 12] {
        // Spots packed into a window: the most interaction, so the oracle's game tree is at its largest.
        let board = generate_shape(&mut case_rng(1, spots as u64), Sizes::new(spots, spots), Shape::Cluster);
        group.bench_with_input(BenchmarkId::new("solver", spots), &board, |b, board| {
            b.iter(|| InventorOutlasting::solve(black_box(board)))
        });
        group.bench_with_input(BenchmarkId::new("oracle", spots), &board, |b, board| {
            b.iter(|| InventorOutlasting::oracle(black_box(board)))
        });
    }
    group.finish();
}

/// Every cell a spot: the most rectangles per parity. The thin shapes are the worst (each parity is a chain of ~100
/// spots, O(n²) rectangles of O(n) moves each); 14×14 is the squarest shape near the limit.
fn full(rows: usize, cols: usize) -> Board {
    let mut board = Board::new(rows, cols);
    for cell in board.cells() {
        board.set_spot(cell.row, cell.col, true);
    }
    board
}

const WORST_SHAPES: [(usize, usize); 7] = [(1, 200), (200, 1), (2, 100), (4, 50), (5, 40), (10, 20), (14, 14)];

fn solver_at_200(c: &mut Criterion) {
    let mut group = c.benchmark_group("inventor-outlasting/worst-200");
    group.sample_size(20);
    for (rows, cols) in WORST_SHAPES {
        let board = full(rows, cols);
        group
            .bench_function(format!("full-{rows}x{cols}"), |b| b.iter(|| InventorOutlasting::solve(black_box(&board))));
    }
    group.finish();
}

/// Whole files of 100 boards at R·C = 200, parsed, solved and printed as `gamecheck solve` does: the generator's
/// boards with 200 spots (`gamecheck gen inventor-outlasting --size 200 --cases 100`: full boards of random shapes,
/// one in eight left empty), and 100 copies of the single worst board, 1×200 full.
fn official_files(c: &mut Criterion) {
    let problem = find("inventor-outlasting").expect("inventor-outlasting is registered");
    let generated = problem.generate(200, 0, 100, Sizes::new(200, 200));
    let worst = InventorOutlasting::write(&vec![full(1, 200); 100]);
    let mut group = c.benchmark_group("inventor-outlasting/file-100");
    group.sample_size(10);
    for (name, input) in [("generated-200-spots", &generated), ("full-1x200", &worst)] {
        group.bench_function(name, |b| b.iter(|| problem.solve(black_box(input), Engine::Solver).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, solver_against_oracle, solver_at_200, official_files);
criterion_main!(benches);

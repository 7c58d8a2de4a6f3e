//! Inventor Outlasting: solver against oracle as the spots grow, the solver alone on the worst shapes at R·C = 200,
//! and whole official-limit files.
//!
//! `cargo bench --features bench --bench inventor_outlasting`; one group:
//! `cargo bench --features bench --bench inventor_outlasting -- worst-200`.

use std::hint::black_box;

use cases::case_rng;
use cases::inventor_outlasting::{Shape, generate_shape};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::registry::Engine;
use gamecheck::{Problem, find};
use games::Contest;
use games::Sizes;
use games::inventor_outlasting::{Board, InventorOutlasting};
use rand::RngExt;

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

/// 100 boards shaped like the official large set: R·C ≤ 200, shapes from 1×1 to 14×14 and 1×200 (most at most 14
/// rows, half of them as wide as the limit allows), a little over half the cells spots on average, some boards full.
fn official_like() -> Vec<Board> {
    let mut rng = case_rng(18, 0);
    let mut boards = vec![Board::new(1, 1), full(14, 14), full(1, 200), full(200, 1)];
    while boards.len() < 100 {
        let rows = if rng.random_bool(0.7) { rng.random_range(1..=14) } else { rng.random_range(1..=200) };
        let widest = 200 / rows;
        let cols = if rng.random_bool(0.5) { widest } else { rng.random_range(1..=widest) };
        let percent = if rng.random_bool(0.15) { 100 } else { rng.random_range(20..=90) };
        let mut board = Board::new(rows, cols);
        for cell in board.cells().collect::<Vec<_>>() {
            board.set_spot(cell.row, cell.col, rng.random_range(0..100) < percent);
        }
        boards.push(board);
    }
    boards
}

/// One full board of each shape at R·C = 200 (and near it), round and round: 100 boards.
fn full_shapes() -> Vec<Board> {
    let shapes = [(1, 200), (200, 1), (2, 100), (100, 2), (4, 50), (50, 4), (5, 40), (40, 5), (8, 25), (25, 8)];
    let more = [(10, 20), (20, 10), (14, 14)];
    shapes.iter().chain(&more).cycle().take(100).map(|&(rows, cols)| full(rows, cols)).collect()
}

/// Whole files of 100 boards, parsed, solved and printed as `gamecheck solve` does: the official-like file, 100 full
/// boards of every shape at R·C = 200, the generator's boards with 200 spots (`gamecheck gen inventor-outlasting
/// --size 200 --cases 100`: full boards of random shapes, one in eight left empty), and 100 copies of 1×200 full.
/// `cargo bench --features bench --bench inventor_outlasting -- --list` names them; `gamecheck gen` cannot write the
/// first two, so the bench prints where it saved them (`target/inventor-outlasting-*.in`) for timing the CLI on them.
fn official_files(c: &mut Criterion) {
    let problem = find("inventor-outlasting").expect("inventor-outlasting is registered");
    let official = InventorOutlasting::write(&official_like());
    let full_file = InventorOutlasting::write(&full_shapes());
    for (name, input) in [("official-like", &official), ("full-shapes", &full_file)] {
        let path = format!("{}/target/inventor-outlasting-{name}.in", env!("CARGO_MANIFEST_DIR"));
        if std::fs::write(&path, input).is_ok() {
            eprintln!("saved {path}");
        }
    }
    let generated = problem.generate(200, 0, 100, Sizes::new(200, 200));
    let worst = InventorOutlasting::write(&vec![full(1, 200); 100]);
    let mut group = c.benchmark_group("inventor-outlasting/file-100");
    group.sample_size(10);
    let files = [
        ("official-like", &official),
        ("full-shapes", &full_file),
        ("generated-200-spots", &generated),
        ("full-1x200", &worst),
    ];
    for (name, input) in files {
        group.bench_function(name, |b| b.iter(|| problem.solve(black_box(input), Engine::Solver).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, solver_against_oracle, solver_at_200, official_files);
criterion_main!(benches);

//! Order and Chaos: the strategy's answer, whole games, the grader's judge, the oracle's 2^18 final boards, and games
//! through the protocol.
//!
//! `cargo bench --features bench --bench order_chaos`; one group:
//! `cargo bench --features bench --bench order_chaos -- final-boards`.

use std::hint::black_box;
use std::time::Duration;

use cases::case_rng;
use cases::order_chaos::generate_board;
use criterion::{Criterion, criterion_group, criterion_main};
use gamecheck::interactive::JudgeOptions;
use gamecheck::problems::OrderChaos;
use gamecheck::problems::order_chaos::judge::{self, exact_five};
use games::order_chaos::{Cell, Letter, Move, Pairing};
use solvers::order_chaos::Strategy;

/// All 72 ORDER moves (each cell, each letter) answered: the O(1) claim.
fn answer(c: &mut Criterion) {
    let strategy = Strategy::tester();
    let moves: Vec<Move> = Cell::all().flat_map(|cell| Letter::ALL.map(|letter| Move::new(cell, letter))).collect();
    c.bench_function("order-chaos/answer-72-moves", |b| {
        b.iter(|| moves.iter().map(|&m| strategy.answer(black_box(m)).cell.index()).sum::<usize>())
    });
}

fn games(c: &mut Criterion) {
    let problem = OrderChaos::tester();
    c.bench_function("order-chaos/self-play-game", |b| {
        let mut index = 0;
        b.iter(|| {
            index += 1;
            problem.self_play(1, black_box(index))
        })
    });
    let boards: Vec<_> = (0..64).map(|i| generate_board(&mut case_rng(1, i))).collect();
    c.bench_function("order-chaos/exact-five-64-boards", |b| {
        b.iter(|| boards.iter().filter(|board| exact_five(black_box(board)).is_some()).count())
    });
}

fn final_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("order-chaos/final-boards");
    group.sample_size(10);
    group.bench_function("tester", |b| b.iter(|| oracles::order_chaos::final_boards(black_box(&Pairing::TESTER))));
    group.finish();
}

/// 100 games of our player through the protocol, in process: what `check` and the judge spend per game.
fn protocol(c: &mut Criterion) {
    let options = JudgeOptions { seed: 1, from: 0, games: 100, timeout: Duration::from_secs(10), per_game: false };
    let problem = OrderChaos::tester();
    let mut group = c.benchmark_group("order-chaos/protocol");
    group.sample_size(10);
    group.bench_function("100-games", |b| {
        b.iter(|| {
            let mut program = problem.our_program().expect("a thread starts");
            judge::run(&mut program, &options, problem.strategy(), |game| game.won())
        })
    });
    group.finish();
}

criterion_group!(benches, answer, games, final_boards, protocol);
criterion_main!(benches);

//! Shrinking that scales: the largest cases each problem accepts must shrink to small ones in few candidates,
//! holding only a chunk of cases at a time, within a deadline, and the same way on any number of threads.

use std::time::{Duration, Instant};

use gamecheck::Problem;
use gamecheck::problem::{Shrunk, shrink_while};
use gamecheck::problems::{AdjacentConsecutive, Havannah, Hex};
use games::hex::{Board, Stone};

use cases::Cases;
use cases::adjacent_consecutive::Shrinking;
use cases::case_rng;
use games::Sizes;

/// A full N = 2000 board: every cell a stone, a Red one in about one cell of three.
fn full_hex() -> Board {
    let mut board = Board::new(games::hex::MAX_N);
    for cell in board.cells() {
        let red = (cell.row * 7 + cell.col * 13) % 3 == 0;
        board.set(cell, Some(if red { Stone::Red } else { Stone::Blue }));
    }
    board
}

fn has_red(board: &Board) -> bool {
    board.as_slice().contains(&Some(Stone::Red))
}

/// From the largest board to one Red stone on a 1×1 board, in a few hundred candidates.
#[test]
fn a_2000_hex_board_shrinks_to_one_stone() {
    let shrunk = shrink_while::<Hex>(full_hex(), has_red, None, None);
    assert!(shrunk.complete);
    assert_eq!(shrunk.case, Board::from_rows(&["R"]).unwrap());
    assert!(shrunk.tried < 1_000, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// Counts two apart (what the broken solver of tests/harness.rs gets wrong) survive the coarse steps down to the
/// smallest board that has them.
#[test]
fn a_2000_hex_board_with_unbalanced_counts_shrinks_to_two_stones() {
    let unbalanced = |b: &Board| b.count(Stone::Blue).abs_diff(b.count(Stone::Red)) > 1;
    let shrunk = shrink_while::<Hex>(full_hex(), unbalanced, None, None);
    assert!(shrunk.complete);
    let stones = shrunk.case.count(Stone::Blue) + shrunk.case.count(Stone::Red);
    assert_eq!((shrunk.case.size(), stones), (2, 2), "{:?}", shrunk.case);
    assert!(shrunk.tried < 3_000, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// A million moves on a board of side 10^9 come down to one stone on the smallest board.
#[test]
fn the_largest_havannah_game_shrinks_to_one_move_on_side_2() {
    let game = cases::havannah::generate_game(
        &mut case_rng(1, 0),
        games::havannah::MAX_S,
        games::havannah::MAX_M,
        cases::havannah::Shape::Clusters,
    );
    let shrunk = shrink_while::<Havannah>(game, |g| !g.moves.is_empty(), None, None);
    assert!(shrunk.complete);
    assert_eq!((shrunk.case.size, shrunk.case.moves.len()), (2, 1));
    assert!(shrunk.tried < 200, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// Three stones in a row somewhere in a cluster of 10^6 far from the centre of the largest board: the cut to the
/// stones' extent keeps their shape, so the line survives down to a small board.
#[test]
fn a_havannah_line_far_from_the_centre_shrinks_to_a_small_board() {
    let game = cases::havannah::generate_game(
        &mut case_rng(2, 0),
        games::havannah::MAX_S,
        games::havannah::MAX_M,
        cases::havannah::Shape::Clusters,
    );
    let line = |g: &games::havannah::Game| {
        let stones: std::collections::HashSet<_> = g.moves.iter().map(|c| (c.x, c.y)).collect();
        stones.iter().any(|&(x, y)| stones.contains(&(x + 1, y)) && stones.contains(&(x + 2, y)))
    };
    assert!(line(&game));
    let shrunk = shrink_while::<Havannah>(game, line, None, None);
    assert!(shrunk.complete);
    assert_eq!(shrunk.case.moves.len(), 3, "{:?}", shrunk.case);
    assert!(shrunk.case.size <= 3, "{:?}", shrunk.case);
    assert!(shrunk.tried < 2_000, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// A game of 10^5 moves whose final row has consecutive tiles side by side shrinks to four or five moves.
#[test]
fn the_largest_adjacent_game_shrinks_to_the_smallest() {
    let game = AdjacentConsecutive::draw(&mut case_rng(3, 0), Sizes::new(100_000, 100_000));
    let pair = |g: &games::adjacent_consecutive::Game| {
        let row = g.row_after(g.moves.len());
        row.windows(2).any(|w| matches!(w, [Some(a), Some(b)] if a.abs_diff(*b) == 1))
    };
    assert!(pair(&game));
    let shrunk = shrink_while::<AdjacentConsecutive>(game, pair, None, None);
    assert!(shrunk.complete);
    assert!((4..=5).contains(&shrunk.case.n), "{:?}", shrunk.case);
    assert!(shrunk.tried < 500, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// A blunder game of 10^5 moves (the first failing case of `gamecheck stress adjacent-consecutive --size 100000` with
/// a program that always answers `0 0`) whose mistakes all come in its last few hundred moves: the neutral early
/// moves go first, and the game ends small.
#[test]
fn a_100000_adjacent_game_with_mistakes_shrinks_to_a_small_one() {
    let game = AdjacentConsecutive::draw(&mut case_rng(2026, 3), Sizes::new(100_000, 100_000));
    let mistakes = |g: &games::adjacent_consecutive::Game| {
        let answer = AdjacentConsecutive::solve(g);
        answer.a_mistakes + answer.b_mistakes > 0
    };
    let answer = AdjacentConsecutive::solve(&game);
    let first = answer.winning.windows(2).position(|w| w[0] && w[1]).expect("a mistake");
    assert!(first > 99_000, "the first mistake is move {}", first + 1);
    let deadline = Instant::now() + Duration::from_secs(600);
    let shrunk = shrink_while::<AdjacentConsecutive>(game, mistakes, Some(deadline), None);
    assert!(shrunk.case.n <= 12, "{:?}", shrunk);
    assert!(shrunk.tried < 1_000, "{} candidates tried in {} steps", shrunk.tried, shrunk.steps);
}

/// Without its neutral early moves a game's last states are the same positions, so the solver's verdicts on them
/// (and the mistakes among them) are the same, whatever the kind of game, long or short.
#[test]
fn neutral_early_moves_leave_the_late_verdicts_as_they_were() {
    for (seed, index, n) in [(2026, 3, 100_000), (2026, 5, 100_000), (7, 0, 2_000), (8, 0, 300), (9, 0, 40)] {
        let game = AdjacentConsecutive::draw(&mut case_rng(seed, index), Sizes::new(n, n));
        let before = AdjacentConsecutive::solve(&game).winning;
        let mut late = 2;
        while late < n {
            if let Some(smaller) = game.without_neutral_before(late) {
                let after = AdjacentConsecutive::solve(&smaller).winning;
                let tail = |w: &[bool]| w[w.len() - late..].to_vec();
                assert_eq!(tail(&after), tail(&before), "seed {seed}, case {index}, late part {late}");
            }
            late = late * 3 / 2;
        }
    }
}

/// A deadline already passed: the case comes back at once, untouched, marked incomplete.
#[test]
fn a_passed_deadline_returns_the_case_as_it_was() {
    let board = full_hex();
    let shrunk = shrink_while::<Hex>(board.clone(), has_red, Some(Instant::now()), None);
    assert_eq!(shrunk, Shrunk { case: board, steps: 0, tried: 0, complete: false });
    // A deadline far off does not cut a small shrink short.
    let far = Instant::now() + Duration::from_secs(3600);
    let small = Board::from_rows(&["BR.", ".RB", "R.B"]).unwrap();
    assert!(shrink_while::<Hex>(small, has_red, Some(far), None).complete);
}

/// One thread or two, the same candidates are tried in the same order and the same case wins each step.
#[test]
fn shrinking_is_the_same_on_one_and_two_threads() {
    let board = Hex::generate(&mut case_rng(4, 0), Sizes::new(40, 40));
    let unbalanced = |b: &Board| b.count(Stone::Blue).abs_diff(b.count(Stone::Red)) > 1 || has_red(b) && b.size() > 3;
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| shrink_while::<Hex>(board.clone(), unbalanced, None, None))
    };
    let (one, two) = (on(1), on(2));
    assert!(one.steps > 3, "{one:?}");
    assert_eq!(one, two);
}

//! Bounded-exhaustive: solver against oracle on every case up to a size, where "every" is small enough to run in
//! seconds. Larger sizes run through the release CLI (`gamecheck exhaust PROBLEM --size ..`, see the README).

use gamecheck::find;
use indicatif::ProgressBar;

fn exhaust(problem: &str, sizes: std::ops::RangeInclusive<usize>, expected: &[u64]) {
    let entry = find(problem).expect("a registered problem");
    for (size, &count) in sizes.zip(expected) {
        let result = entry.exhaust(size, &ProgressBar::hidden());
        // The count proves the enumeration is complete, not merely that what it produced agreed.
        assert_eq!(result.checked, count, "{problem} size {size}: wrong number of cases enumerated");
        assert!(
            result.failures.is_empty(),
            "{problem} size {size}: {} disagreements, e.g.\n{}",
            result.failures.len(),
            result.failures[0]
        );
    }
}

/// Every Hex board with N ≤ 3: 3, 81 and 19 683 boards.
#[test]
fn hex_every_board_up_to_3() {
    exhaust("hex", 1..=3, &[3, 81, 19_683]);
}

/// Every Havannah game on S = 2: all 13 700 sequences of distinct cells of the 7-cell board (bridges only: no edge
/// exists there, and any loop round the centre joins two neighbouring corners first).
#[test]
fn havannah_every_game_on_side_2() {
    exhaust("havannah", 2..=2, &[13_700]);
}

/// Every Havannah game of up to five moves on S = 3 up to symmetry: the 19 cells fall into four orbits under the
/// board's 12 symmetries (the centre, the six cells round it, the six corners, the six edge cells), so the games
/// whose first move is (3, 3), (2, 2), (1, 1) or (1, 2) stand for all of them: 314 645 games, every bridge along
/// an edge, every fork of three edge cells, every loop one move short of a ring. (All 1 494 560 games of up to five
/// moves take about 19 s of CPU in the test profile; the metamorphic tests check the symmetry this relies on.)
/// The first rings need six moves: `gamecheck exhaust havannah --size 3` runs all 21 029 600 games of up to six
/// moves in release (see the README).
#[test]
fn havannah_every_game_of_up_to_5_moves_on_side_3_up_to_symmetry() {
    use gamecheck::Problem;
    use gamecheck::problem::Verdicts;
    use gamecheck::problems::Havannah;
    use games::havannah::{Cell, all_games};
    use rayon::iter::{ParallelBridge, ParallelIterator};
    let firsts = [Cell { x: 3, y: 3 }, Cell { x: 2, y: 2 }, Cell { x: 1, y: 1 }, Cell { x: 1, y: 2 }];
    let checked = std::sync::atomic::AtomicU64::new(0);
    let failures: Vec<String> = all_games(3, 5)
        .filter(|game| game.moves.first().is_none_or(|first| firsts.contains(first)))
        .par_bridge()
        .filter_map(|game| {
            checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            (!Verdicts::<Havannah>::of(&game).agree()).then(|| Havannah::write(&[game]))
        })
        .collect();
    // The empty game, then per first move every sequence of up to four of the other 18 cells.
    let per_first: u64 = (0..=4u64).map(|k| (18 - k + 1..=18).product::<u64>()).sum();
    assert_eq!(checked.into_inner(), 1 + 4 * per_first);
    assert_eq!(1 + 4 * per_first, 314_645);
    assert!(failures.is_empty(), "{} disagreements, e.g.\n{}", failures.len(), failures[0]);
}

/// Every spot pattern of every shape with R·C ≤ 12: for each cell count k, each shape R×C with R·C = k and each of its
/// 2^k patterns (35 978 boards; 3×4 alone has 4 096).
#[test]
fn inventor_outlasting_every_board_up_to_12_cells() {
    let shapes = |k: usize| (1..=k).filter(|r| k % r == 0).count() as u64;
    let counts: Vec<u64> = (1..=12).map(|k| shapes(k) << k).collect();
    assert_eq!(counts, [2, 8, 16, 48, 64, 256, 256, 1024, 1536, 4096, 4096, 24_576]);
    exhaust("inventor-outlasting", 1..=12, &counts);
}

/// Every Adjacent and Consecutive game with N ≤ 5: all (N!)² move sequences, 576 and 14 400 games, every state of
/// each compared.
#[test]
fn adjacent_consecutive_every_game_up_to_5() {
    exhaust("adjacent-consecutive", 4..=5, &[576, 14_400]);
}

/// Every position of N = 6 with a move left, through the 5 950 games of `covering_games(6)` (that they reach every
/// position is checked in the games crate). N = 7 runs through the CLI: `gamecheck exhaust adjacent-consecutive
/// --size 7`.
#[test]
fn adjacent_consecutive_every_position_of_6() {
    exhaust("adjacent-consecutive", 6..=6, &[5_950]);
}

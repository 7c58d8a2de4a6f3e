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

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

/// Every spot pattern of every shape with R·C ≤ 12: for each cell count k, each shape R×C with R·C = k and each of its
/// 2^k patterns (35 978 boards; 3×4 alone has 4 096).
#[test]
fn inventor_outlasting_every_board_up_to_12_cells() {
    let shapes = |k: usize| (1..=k).filter(|r| k % r == 0).count() as u64;
    let counts: Vec<u64> = (1..=12).map(|k| shapes(k) << k).collect();
    assert_eq!(counts, [2, 8, 16, 48, 64, 256, 256, 1024, 1536, 4096, 4096, 24_576]);
    exhaust("inventor-outlasting", 1..=12, &counts);
}

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

/// Order and Chaos has no cases to enumerate; what is exhaustive is the proof of the CHAOS strategy (the oracle) and
/// the pairing search.
mod order_chaos {
    use gamecheck::problems::order_chaos::recipe_tables;
    use games::order_chaos::Pairing;
    use oracles::order_chaos::{final_boards, walk};
    use solvers::order_chaos::Strategy;

    /// Under a pairing the final board is fixed by one binary choice per pair, whatever ORDER does, so the 2^18
    /// final boards are every game ORDER can force: none may hold an exact five.
    #[test]
    fn the_editorial_tables_win_every_final_board() {
        for table in [Pairing::TESTER, Pairing::EDITORIALIST] {
            assert_eq!(final_boards(&table).map_err(|c| c.to_string()), Ok(1 << 18), "\n{table}");
        }
    }

    /// The game tree of ORDER's choices (cell and letter) against the strategy itself: CHAOS always has a legal
    /// answer and every full board is a CHAOS win. It visits 3^18 positions, minutes of work, so it stays out of the
    /// default run: `cargo test --release --test exhaustive -- --ignored`, or `gamecheck prove order-chaos`.
    #[test]
    #[ignore = "minutes: the whole game tree; run with --ignored in release, or `gamecheck prove order-chaos`"]
    fn the_tester_table_wins_its_game_tree() {
        let strategy = Strategy::tester();
        match walk(strategy.pairing(), &|board, order| strategy.reply(board, order)) {
            Ok(positions) => assert!(positions > 0),
            Err(counter) => panic!("{counter}"),
        }
    }

    /// How many tables the recipe allows, worked out by hand. The corner pairs are forced. A border cell next to a
    /// corner lies on a length-5 diagonal and on a row or column where it is an end cell, so it can only pair on
    /// that diagonal, and only with the diagonal's other end (its three middle cells are inner cells of rows and
    /// columns that need them, as counting shows: 18 lines, 18 pairs). That leaves rows 1 and 6 and columns 1 and 6
    /// their two middle cells, and the inner 4×4 square to the four inner rows and columns, one pair each. Mark the
    /// cells of the square that pair along their row: every row and every column of the square has exactly two
    /// marks, and each such 0/1 matrix gives exactly one table. So the count is the number of those matrices.
    fn recipe_count() -> usize {
        (0u32..1 << 16)
            .filter(|m| {
                let bit = |r: u32, c: u32| m >> (4 * r + c) & 1;
                (0..4).all(|r| (0..4).map(|c| bit(r, c)).sum::<u32>() == 2)
                    && (0..4).all(|c| (0..4).map(|r| bit(r, c)).sum::<u32>() == 2)
            })
            .count()
    }

    #[test]
    fn the_pairing_search_finds_every_recipe_table_and_each_wins() {
        let tables = recipe_tables();
        assert_eq!(tables.len(), recipe_count());
        let mut distinct: Vec<Pairing> = tables.iter().map(Pairing::renumbered).collect();
        distinct.sort_by_key(|t| t.ids);
        distinct.dedup();
        assert_eq!(distinct.len(), tables.len(), "the search found a table twice");
        for editorial in [Pairing::TESTER, Pairing::EDITORIALIST] {
            assert!(distinct.contains(&editorial.renumbered()), "the search misses\n{editorial}");
        }
        for table in &tables {
            assert!(Strategy::new(*table).is_ok(), "a recipe table the strategy refuses:\n{table}");
            assert_eq!(final_boards(table).map_err(|c| c.to_string()), Ok(1 << 18), "\n{table}");
        }
    }
}

//! Bounded-exhaustive checks that belong to one problem: Havannah up to symmetry, and the Order and Chaos proof and
//! pairing search. Every problem's `exhaust` counts are in `suites.rs`; larger sizes run through the release CLI
//! (`gamecheck exhaust PROBLEM --size ..`, see docs/cli.md).

mod common;

use games::Contest;

/// Every Havannah game of up to five moves on S = 3 up to symmetry: the 19 cells fall into four orbits under the
/// board's 12 symmetries (the centre, the six cells round it, the six corners, the six edge cells), so the games
/// whose first move is (3, 3), (2, 2), (1, 1) or (1, 2) stand for all of them: 314 645 games, every bridge along
/// an edge, every fork of three edge cells, every loop one move short of a ring. (All 1 494 560 games of up to five
/// moves take about 19 s of CPU in the test profile; the metamorphic tests check the symmetry this relies on.)
/// The first rings need six moves: `gamecheck exhaust havannah --size 3` runs all 21 029 600 games of up to six
/// moves in release (see the README).
#[test]
fn havannah_every_game_of_up_to_5_moves_on_side_3_up_to_symmetry() {
    use cases::havannah::all_games;
    use gamecheck::problem::Verdicts;
    use gamecheck::problems::Havannah;
    use games::havannah::Cell;

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

/// Order and Chaos has no cases to enumerate; what is exhaustive is the proof of the CHAOS strategy (the oracle) and
/// the pairing search.
mod order_chaos {
    use cases::order_chaos::recipe_tables;
    use gamecheck::interactive::ProveOptions;
    use games::order_chaos::{Cell, Pairing, Symmetry};
    use oracles::order_chaos::final_boards;
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
    /// default run: `cargo test --release --test exhaustive -- --ignored`, or `gamecheck prove order-chaos`. It goes
    /// through the registered problem's own `prove`, the one the command line runs, on the strategy `play` plays.
    #[test]
    #[ignore = "minutes: the whole game tree; run with --ignored in release, or `gamecheck prove order-chaos`"]
    fn the_tester_table_wins_its_game_tree() {
        let problem = gamecheck::registry::find_interactive("order-chaos").expect("a registered problem");
        let mut report = Vec::new();
        let proved = problem.prove(&ProveOptions { all: false, walk: false, strategy: None, game: None }, &mut report);
        let report = String::from_utf8(report).unwrap();
        assert!(proved.unwrap(), "{report}");
        assert!(report.starts_with("the tester's table:\n") && report.contains("game tree: 387420489 positions"));
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
        let mut proved = std::collections::HashSet::new();
        for table in &tables {
            assert!(Strategy::new(*table).is_ok(), "a recipe table the strategy refuses:\n{table}");
            // The judge reads every row, column and diagonal alike, so a table's image under a symmetry of the
            // square wins exactly the final boards' images: by default one table of each class is proved (the
            // 90 tables make 17 classes), the deeper tier proves all 90 (docs/testing.md#two-tiers).
            if !super::common::deep() && Symmetry::ALL.iter().any(|&s| proved.contains(&image(table, s))) {
                continue;
            }
            assert_eq!(final_boards(table).map_err(|c| c.to_string()), Ok(1 << 18), "\n{table}");
            proved.insert(table.renumbered());
        }
        assert!(proved.len() >= 2, "only {} tables proved", proved.len());
    }

    /// `table` with each cell's id moved to the cell `symmetry` carries it to, renumbered.
    fn image(table: &Pairing, symmetry: Symmetry) -> Pairing {
        let mut image = *table;
        for cell in Cell::all() {
            let to = symmetry.apply(cell);
            image.ids[usize::from(to.row)][usize::from(to.col)] = table.id(cell);
        }
        image.renumbered()
    }
}

/// Order and Chaos variants small enough for the plain minimax: the search's winner against the minimax's, and the
/// search's certificate replayed by the independent checker, which must accept it and refuse it without the blank
/// board's entry or with the winner flipped. Past the minimax's reach (5×5 with runs of four under the moment rules)
/// the checker alone stands against the search.
#[test]
fn order_chaos_variants_search_minimax_and_checker_agree() {
    use games::order_chaos::certificate::Certificate;
    use games::order_chaos::variant::{Position, Rules, Variant};
    use oracles::order_chaos::{certificate, minimax};
    use solvers::order_chaos::search::{Limits, Search};

    let mut checked = 0;
    // With runs as long as the side the three rules are one game, which `oracles`' unit test
    // `runs_the_length_of_the_side_make_the_three_rules_one_game` holds the minimax to: those boards are searched
    // once, not once a rule (the 4×4 one takes over a second).
    let mut one_game = std::collections::HashMap::new();
    for rules in Rules::ALL {
        for (side, run) in [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 4)] {
            if side == 5 && rules == Rules::FullBoard {
                continue;
            }
            let variant = Variant::new(side, run, rules).expect("a small variant");
            let mut search = Search::new(variant, Limits { memory: 32 << 20, ..Limits::default() });
            let winner = search.solve(Position::empty(side)).expect("no file is written").expect("no limit is set");
            if side <= 4 {
                let plain = if run == side {
                    one_game.entry(side).or_insert_with(|| minimax::winner(variant)).clone()
                } else {
                    minimax::winner(variant)
                };
                assert_eq!(plain, Ok(winner), "{variant}");
            }
            let text = search.certificate_text().expect("written in memory");
            let proof = Certificate::parse(&text).unwrap_or_else(|e| panic!("{variant}: {e}"));
            assert_eq!((proof.variant, proof.winner), (variant, winner));
            if let Err(rejection) = certificate::check(&proof) {
                panic!("{variant}: the checker refuses the search's certificate: {rejection}");
            }
            let mut without_start = proof.clone();
            without_start.entries.retain(|(position, _)| *position != Position::empty(side));
            assert_ne!(without_start.entries.len(), proof.entries.len(), "{variant}: an entry for the blank board");
            assert!(certificate::check(&without_start).is_err(), "{variant}: accepted without the first move");
            let flipped = Certificate { winner: winner.other(), ..proof.clone() };
            assert!(certificate::check(&flipped).is_err(), "{variant}: accepted for the other side");
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}

/// The certificates committed in tests/data/order-chaos, which `prove order-chaos --rules` regenerates, replayed by
/// the independent checker: each names its variant in its file name and proves ORDER's win.
#[test]
fn order_chaos_committed_certificates_pass_the_independent_checker() {
    use games::order_chaos::Side;
    use games::order_chaos::certificate::Certificate;

    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/order-chaos");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).expect("the certificates' folder") {
        let path = entry.expect("a directory entry").path();
        let text = std::fs::read_to_string(&path).expect("a certificate is text");
        let proof = Certificate::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (rules, side, run) = (proof.variant.rules, proof.variant.side(), proof.variant.run());
        let name = format!("{rules}-{side}x{side}-run{run}.cert");
        assert_eq!(path.file_name().and_then(|n| n.to_str()), Some(name.as_str()));
        assert_eq!(proof.winner, Side::Order, "{name}");
        if let Err(rejection) = oracles::order_chaos::certificate::check(&proof) {
            panic!("{name}: {rejection}");
        }
        checked += 1;
    }
    assert_eq!(checked, 11);
}

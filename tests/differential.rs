//! Differential properties that belong to one problem: the two Havannah oracles against each other and the solver,
//! and the Order and Chaos judges. Solver against oracle on every registered problem is in `suites.rs`. Failures are
//! kept in `differential.proptest-regressions` beside this file and replayed first on every run.

mod common;

use gamecheck::problems::{AdjacentConsecutive, Havannah};
use gamecheck::{Problem, strategy};
use games::Sizes;
use games::havannah::{Answer, Game};

use games::Contest;
use proptest::prelude::*;

/// The two Havannah oracles and the solver on the same small boards: a bug in one oracle shows as a three-way split
/// instead of hiding behind the pairing `Havannah::oracle` picks.
fn havannah_three_way(game: &Game) -> Result<(), TestCaseError> {
    let solver = Havannah::solve(game);
    let naive = oracles::havannah::naive::answer(game);
    let backward = oracles::havannah::backward::answer(game);
    prop_assert!(
        solver == naive && naive == backward,
        "solver: {solver}\nnaive oracle: {naive}\nbackward oracle: {backward}\ninput:\n{}",
        Havannah::write(std::slice::from_ref(game))
    );
    Ok(())
}

/// The backward oracle's ring alone (bridges and forks ignored) against the solver's answer, on boards too big for
/// the naive oracle: a ring at the solver's winning move must be the first ring, and a win without one must come
/// before any ring.
fn havannah_first_ring(game: &Game) -> Result<(), TestCaseError> {
    let answer = Havannah::solve(game);
    let ring = oracles::havannah::backward::first_ring(game);
    let consistent = match answer {
        Answer::None => ring.is_none(),
        Answer::Win { structures, at_move } if structures.ring => ring == Some(at_move),
        Answer::Win { at_move, .. } => ring.is_none_or(|r| r > at_move),
    };
    prop_assert!(
        consistent,
        "solver: {answer}\nbackward oracle's first ring: {ring:?}\ninput:\n{}",
        Havannah::write(std::slice::from_ref(game))
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]
    #[test]
    fn havannah_solver_and_both_oracles(game in strategy::cases::<Havannah>(Sizes::new(2, 10))) {
        havannah_three_way(&game)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]
    #[test]
    fn havannah_first_ring_on_large_boards(game in strategy::cases::<Havannah>(Sizes::new(60, 300))) {
        havannah_first_ring(&game)?;
    }
}

/// Order and Chaos has no solver answer to compare; what two sides compute independently is the judge of a full
/// board (the grader's, in the harness, and the oracle's), and what the strategy must never do is lose.
mod order_chaos {
    use cases::case_rng;
    use cases::order_chaos::{Script, generate, generate_board};
    use gamecheck::problems::order_chaos::judge::{exact_five, verdict};
    use games::order_chaos::{Board, Cell, Letter, Move, ROUNDS, Verdict};
    use proptest::prelude::*;
    use solvers::order_chaos::Strategy;

    fn judges_agree(board: &Board) -> Result<(), TestCaseError> {
        let ours = exact_five(board);
        prop_assert_eq!(ours.is_some(), oracles::order_chaos::order_wins(board), "grader: {:?}\n{}", ours, board);
        Ok(())
    }

    /// The game of `script` against the tester's table: every answer legal, and a CHAOS win by both judges.
    fn chaos_wins(script: &Script) -> Result<(), TestCaseError> {
        let strategy = Strategy::tester();
        let mut board = Board::new();
        let mut moves = Vec::new();
        // Rounds counted, not a board waited on to fill: see ROUNDS.
        for _ in 0..ROUNDS {
            let Some(order) = script.next_move(&board) else { break };
            board.play(order);
            let answer = strategy.reply(&board, order);
            prop_assert!(answer.is_some(), "no answer to {}\n{}", order, games::order_chaos::drawing(&moves));
            let answer = answer.unwrap();
            board.play(answer);
            moves.extend([order, answer]);
        }
        let drawing = games::order_chaos::drawing(&moves);
        prop_assert_eq!(verdict(&board), Some(Verdict::ChaosWins), "{}", drawing);
        prop_assert!(!oracles::order_chaos::order_wins(&board), "the oracle says ORDER wins\n{}", drawing);
        Ok(())
    }

    fn board_of(letters: &[bool]) -> Board {
        let mut board = Board::new();
        for (cell, &x) in Cell::all().zip(letters) {
            board.set(cell, Some(if x { Letter::X } else { Letter::O }));
        }
        board
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        /// Boards from the generator, which plants fives, sixes and fives with one hole.
        #[test]
        fn judges_agree_on_generated_boards(seed in any::<u64>(), index in any::<u64>()) {
            judges_agree(&generate_board(&mut case_rng(seed, index)))?;
        }

        /// Any full board, shrunk cell by cell.
        #[test]
        fn judges_agree_on_any_board(letters in prop::collection::vec(any::<bool>(), 36)) {
            judges_agree(&board_of(&letters))?;
        }

        /// Scripts from the generator: one letter, a line first, board order, random.
        #[test]
        fn generated_order_scripts_never_win(seed in any::<u64>(), index in any::<u64>()) {
            chaos_wins(&generate(&mut case_rng(seed, index)))?;
        }

        /// Any list of ORDER's moves, shrunk move by move.
        #[test]
        fn any_order_script_never_wins(moves in prop::collection::vec((0..36usize, any::<bool>()), 0..=36)) {
            let moves = moves
                .into_iter()
                .map(|(cell, x)| Move::new(Cell::from_index(cell), if x { Letter::X } else { Letter::O }))
                .collect();
            chaos_wins(&Script { moves })?;
        }
    }
}

/// Adjacent and Consecutive past the oracle's whole-game reach: every state of a game with at most six moves left,
/// the solver's verdict against the oracle's search from that state (whose cost grows with the moves left, not
/// with N). The runs and closed form the solver reasons with only reach some of their cases with long runs of free
/// tiles or cells beside isolated ones, which N ≤ 9 has no room for.
fn adjacent_consecutive_late_states_agree(game: &games::adjacent_consecutive::Game) -> Result<(), String> {
    late_states_agree(game, &AdjacentConsecutive::solve(game))
}

/// [`adjacent_consecutive_late_states_agree`] with the solver's answer already at hand; the metamorphic draws of
/// `metamorphic.rs` hold it too.
pub fn late_states_agree(
    game: &games::adjacent_consecutive::Game,
    solver: &games::adjacent_consecutive::Answer,
) -> Result<(), String> {
    let n = game.moves.len();
    for i in n.saturating_sub(6)..n {
        let oracle = oracles::adjacent_consecutive::winning_after(game.n, &game.moves[..i]);
        if solver.winning[i] != oracle {
            return Err(format!("the state after {i} moves: solver {}, oracle {oracle}", solver.winning[i]));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    #[test]
    fn adjacent_consecutive_late_states_of_larger_games(
        game in strategy::cases::<AdjacentConsecutive>(Sizes::new(10, 15))
    ) {
        let agree = adjacent_consecutive_late_states_agree(&game);
        prop_assert!(agree.is_ok(), "{}; input:\n{}", agree.unwrap_err(), AdjacentConsecutive::write(std::slice::from_ref(&game)));
    }
}

/// The same at every N the solver accepts, up to 10^5, on 300 more fixed draws than the metamorphic suite's
/// (`metamorphic::adjacent_consecutive_transforms_and_late_states_keep_every_verdict` holds the late states by default
/// on its own 400 draws, of the same limits): a deeper repetition, in the deeper tier (docs/testing.md#two-tiers).
/// Log-uniform in N with one in 16 at the top tenth, of every generator shape (the perfect-play and blunder games
/// steer long games into their endgames). A failure is shrunk and printed as contest input.
#[test]
fn adjacent_consecutive_late_states_at_every_n() {
    if !common::deep() {
        eprintln!("skipped: 300 more late-state draws run with GAMECHECK_DEEP=1");
        return;
    }
    let limits = AdjacentConsecutive::LIMITS;
    common::holds::<AdjacentConsecutive>(
        "adjacent late states",
        300,
        // Another seed than the metamorphic suite's, which draws from the same limits.
        |i| common::mixed_case::<AdjacentConsecutive>(common::SEED + 100, i, limits),
        late_states_agree,
    );
}

/// Late states where B wins only by cutting a run of free tiles at the right place, found by the property above
/// against solvers that tried too few cuts (about one game in 5 000 reaches such a state). In both, B is to move
/// with six moves left, the empty cells are a pair and four isolated cells, and B puts a tile into an isolated cell:
/// - after nine moves of the first, tiles 6 and 8–12 are unused: tile 9 cuts the run of five 1 + 3 (2 + 2 would
///   keep Σ⌊x/2⌋ at 3, and A wins with 2·3 > 5 moves left);
/// - after seven moves of the second, tiles 5–7 and 9–11 are unused: tile 6 or 10 cuts one run of three 1 + 1,
///   leaving Σ⌊x/2⌋ = 2.
#[test]
fn adjacent_consecutive_b_cuts_runs_of_free_tiles() {
    for input in [
        "1\n15\n3 2\n4 6\n14 13\n1 5\n15 4\n7 7\n5 8\n2 11\n13 10\n10 12\n11 15\n12 1\n9 14\n8 9\n6 3\n",
        "1\n13\n2 7\n1 3\n12 11\n3 9\n13 5\n4 13\n8 12\n7 2\n9 8\n6 6\n11 4\n5 1\n10 10\n",
    ] {
        let game = &games::adjacent_consecutive::AdjacentConsecutive::parse(input).expect("valid input")[0];
        adjacent_consecutive_late_states_agree(game).unwrap();
    }
}

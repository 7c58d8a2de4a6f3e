//! The harness must catch a wrong solver and shrink its failure: a Hex "solver" that forgets the stone-count rule is
//! run through `check` and through the proptest strategy, and both must end on a board where every smaller
//! candidate agrees again.

mod common;
mod pages;

use gamecheck::check::{CheckOptions, check};
use gamecheck::problem::{Verdicts, run};
use gamecheck::problems::Hex;
use gamecheck::{Outcome, Problem, strategy};
use games::hex::{Board, Stone, Verdict, Witness};

use cases::Cases;
use games::Contest;
use games::{ParseError, Sizes};
use indicatif::ProgressBar;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use rand_chacha::ChaCha8Rng;

/// Hex with one of three flaws. `BROKEN`: a solver that never answers `Impossible` for unbalanced counts.
/// `UNPROVEN`: right answers, but the witness of a win names a stone that does not cut every chain, which `check`
/// must not count as agreeing. `LARGE`: a solver that swaps the winner on boards larger than the check sizes, a fault
/// the default sizes cannot see. Its shrinker also hands each board back among the smaller ones, as a slipped shrink
/// step would: shrinking must still end.
struct Flawed<const FLAW: u8>;
const BROKEN: u8 = 0;
const UNPROVEN: u8 = 1;
const LARGE: u8 = 2;
type BrokenHex = Flawed<BROKEN>;
type UnprovenHex = Flawed<UNPROVEN>;
type LargeBrokenHex = Flawed<LARGE>;

impl<const FLAW: u8> Contest for Flawed<FLAW> {
    const NAME: &'static str = ["broken-hex", "unproven-hex", "large-broken-hex"][FLAW as usize];
    const LIMITS: Sizes = Hex::LIMITS;
    const MAX_T: u64 = Hex::MAX_T;
    type Case = Board;
    type Answer = Verdict;

    fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
        Hex::parse(input)
    }
    fn write_case(case: &Board, out: &mut String) {
        Hex::write_case(case, out)
    }
    fn read_answer(text: &str) -> Result<String, String> {
        Hex::read_answer(text)
    }
    fn size(case: &Board) -> usize {
        Hex::size(case)
    }
}

impl<const FLAW: u8> Cases for Flawed<FLAW> {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Board {
        Hex::generate(rng, sizes)
    }
    fn shrink(case: &Board) -> Box<dyn Iterator<Item = Board>> {
        let mut candidates = Hex::shrink(case);
        let first = candidates.next();
        Box::new(first.into_iter().chain([case.clone()]).chain(candidates))
    }
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Board> {
        Hex::arbitrary(u)
    }
}

impl<const FLAW: u8> Problem for Flawed<FLAW> {
    type Game = Self;
    const CHECK_SIZES: Sizes = Hex::CHECK_SIZES;
    const CHECK_CASES: u64 = 5_000;
    const CHECK_TOP: Option<(Sizes, u64)> = Hex::CHECK_TOP;
    const ORACLE_REACH: gamecheck::problem::Reach = Hex::ORACLE_REACH;

    fn solve(case: &Board) -> Verdict {
        match Hex::solve(case) {
            Verdict::Impossible if FLAW == BROKEN && case.count(Stone::Blue).abs_diff(case.count(Stone::Red)) > 1 => {
                Verdict::NobodyWins
            }
            verdict if FLAW == LARGE && case.size() > Hex::CHECK_SIZES.max => verdict.swapped(),
            other => other,
        }
    }
    fn certify(case: &Board, answer: &Verdict) -> Option<Result<(), String>> {
        if FLAW != UNPROVEN {
            return None;
        }
        let (verdict, mut witness) = solvers::hex::certified(case);
        // The stone after the cut on the chain: on boards with one bottleneck, taking it away leaves a chain.
        if let Witness::Win { chain, cut } = &mut witness
            && let Some(next) = chain.iter().skip_while(|&c| c != cut).nth(1)
        {
            *cut = *next;
        }
        assert_eq!(verdict, *answer);
        Some(oracles::hex::witness::check(case, verdict, &witness))
    }
    fn oracle(case: &Board) -> Verdict {
        Hex::oracle(case)
    }
}

fn disagree(board: &Board) -> bool {
    !Verdicts::<BrokenHex>::of(board).agree()
}

/// Minimal: it fails, and no shrink step of it does.
fn assert_minimal(board: &Board) {
    assert!(disagree(board), "the reported board must still fail:\n{board}");
    for smaller in gamecheck::smaller_cases::<BrokenHex>(board) {
        assert!(!disagree(&smaller), "the reported board is not minimal; this smaller one fails too:\n{smaller}");
    }
}

#[test]
fn check_catches_the_bug_and_shrinks_it() {
    let summary = check::<BrokenHex>(&CheckOptions::default(), &ProgressBar::hidden());
    let failure = summary.failure.expect("the broken solver is caught");
    assert_eq!(summary.checked, failure.index + 1, "check stops at the first disagreement");
    assert_eq!(summary.agreed, failure.index);
    let minimal = &Hex::parse(&failure.minimal).expect("the report is contest input")[0];
    assert_minimal(minimal);
    // The smallest board where counts differ by two holds exactly two stones of one colour.
    assert_eq!((minimal.size(), minimal.count(Stone::Blue) + minimal.count(Stone::Red)), (2, 2), "{minimal}");
    assert_eq!(failure.oracle, "Impossible");
    assert_eq!(failure.solver, "Nobody wins");
    assert_eq!(
        failure.command,
        format!("gamecheck check broken-hex --seed {} --from {} --cases 1", summary.seed, failure.index)
    );
    // The command's case is the one that failed: regenerate it from (seed, index) alone.
    let again = check::<BrokenHex>(
        &CheckOptions { from: failure.index, cases: Some(1), ..CheckOptions::default() },
        &ProgressBar::hidden(),
    );
    assert_eq!(again.failure.expect("the same case fails again").original, failure.original);
}

/// `check --report` on a broken solver, through the library calls the command line makes: the page parses as HTML,
/// holds a section per problem of the run, and shows the failure with its minimal case drawn (the drawing's stones
/// are the minimal board's), both answers and the command that reproduces it. The page is left in the target
/// directory (`report-broken-hex/index.html`) for a person to open.
#[test]
fn check_report_draws_the_minimal_case_of_a_broken_solver() {
    let broken = check::<BrokenHex>(&CheckOptions::default(), &ProgressBar::hidden());
    let passing = check::<Hex>(&CheckOptions { cases: Some(200), ..CheckOptions::default() }, &ProgressBar::hidden());
    let failure = broken.failure.clone().expect("the broken solver is caught");
    let minimal = &Hex::parse(&failure.minimal).expect("the report is contest input")[0];
    let page = gamecheck::report::check_page("gamecheck check broken-hex hex", &[broken, passing], &[], &[]);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-broken-hex");
    let html = std::fs::read_to_string(gamecheck::report::write(&dir, &page).expect("the page is written")).unwrap();
    let document = pages::page(&html);
    let body = document.root_element();

    let rows = pages::select(body, "table.summary tbody tr");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].value().attr("class"), Some("failed"));
    assert!(pages::text(rows[0]).contains("FAILED") && !pages::text(rows[1]).contains("FAILED"));
    for problem in ["broken-hex", "hex"] {
        let section = pages::select(body, &format!("section.problem#problem-{problem}"));
        assert_eq!(section.len(), 1, "{problem} has its section");
        assert_eq!(pages::select(section[0], "div.chart svg").len(), 2, "{problem}: answer bars and time chart");
    }

    let failures = pages::select(body, "section.failure");
    assert_eq!(failures.len(), 1, "one failure, shown once");
    let shown = failures[0];
    assert!(html.contains(&failure.drawing), "the minimal case's drawing is inline in the page");
    let drawing = pages::svg(&failure.drawing);
    let case = drawing.descendants().find(|n| n.attribute("class") == Some("case")).expect("the minimal case");
    let stones: Vec<String> = case
        .descendants()
        .filter(|n| n.attribute("class") == Some("stone"))
        .map(|stone| stone.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect())
        .collect();
    let expected: Vec<String> = minimal.rows().concat().chars().filter(|&c| c != '.').map(|c| c.to_string()).collect();
    assert_eq!(
        stones, expected,
        "a stone drawn per stone of the minimal board:
{minimal}"
    );
    let hexagons = case.descendants().filter(|n| n.tag_name().name() == "polygon").count();
    assert_eq!(hexagons, minimal.size() * minimal.size(), "the whole minimal board");
    assert_eq!(pages::select(shown, "div.drawing g.stone").len(), expected.len(), "and so in the page");

    let answers: Vec<String> = pages::select(shown, "table.answers tr").into_iter().map(pages::text).collect();
    assert_eq!(answers, ["solverNobody wins", "oracleImpossible"]);
    let reproduce = pages::select(shown, "pre.reproduce");
    assert_eq!(pages::text(reproduce[0]), failure.command);
    assert!(pages::text(pages::select(shown, "h3")[0]).contains(&format!("disagree on case {}", failure.index)));
}

/// Right answers with a witness that proves nothing fail `check` like wrong answers, and the report says why.
#[test]
fn check_catches_a_witness_that_does_not_prove_the_answer() {
    let summary = check::<UnprovenHex>(&CheckOptions::default(), &ProgressBar::hidden());
    let failure = summary.failure.expect("the witness that names the wrong cut is caught");
    assert_eq!(failure.oracle, failure.solver.split(" (").next().unwrap(), "the answers themselves agree");
    assert!(failure.solver.contains("its witness is rejected: "), "{}", failure.solver);
    let minimal = &Hex::parse(&failure.minimal).expect("the report is contest input")[0];
    assert!(!Verdicts::<UnprovenHex>::of(minimal).agree());
}

/// What the top run of a bare `check` is for: a fault that switches on only past the check sizes passes the
/// default sizes and fails at the top of the oracle's reach, with a reproduce command that names those sizes.
#[test]
fn the_top_run_catches_a_fault_of_large_boards_only() {
    let bare = CheckOptions { shrink_time: std::time::Duration::ZERO, ..CheckOptions::default() };
    let default = check::<LargeBrokenHex>(&bare, &ProgressBar::hidden());
    assert!(default.failure.is_none() && default.checked == LargeBrokenHex::CHECK_CASES);
    let (sizes, cases) = LargeBrokenHex::CHECK_TOP.expect("Hex has a top run");
    let top = CheckOptions { sizes: Some(sizes), cases: Some(cases), ..bare };
    let failure = check::<LargeBrokenHex>(&top, &ProgressBar::hidden()).failure.expect("caught at the top");
    assert!(failure.command.ends_with(&format!("--cases 1 --size {sizes}")), "{}", failure.command);
}

/// Each top run lies past the check sizes and ends at the oracle's measured reach, inside the contest's limits.
#[test]
fn every_top_run_ends_at_the_oracle_reach() {
    for p in gamecheck::PROBLEMS {
        let (sizes, cases) = p.check_top().unwrap_or_else(|| panic!("{} has no top run", p.name()));
        assert_eq!(sizes.max, p.oracle_reach().max_size, "{}", p.name());
        assert!(sizes.min > p.check_sizes().max && sizes.min >= p.size_limits().min, "{}: {sizes}", p.name());
        assert!(cases > 0, "{}", p.name());
    }
}

#[test]
fn the_proptest_strategy_shrinks_to_a_minimal_board() {
    let mut runner = TestRunner::new(Config { cases: 2_000, failure_persistence: None, ..Config::default() });
    let result = runner.run(&strategy::cases::<BrokenHex>(Sizes::new(1, 12)), |board| {
        if disagree(&board) { Err(TestCaseError::fail("disagree")) } else { Ok(()) }
    });
    match result {
        Err(TestError::Fail(_, board)) => assert_minimal(&board),
        other => panic!("expected a shrunk failure, got {other:?}"),
    }
}

/// With no time to shrink, proptest reports the failing case as generated: big boards are shown, not lost.
#[test]
fn the_proptest_strategy_stops_shrinking_at_its_time_limit() {
    let mut runner = TestRunner::new(Config { cases: 2_000, failure_persistence: None, ..Config::default() });
    let strategy = strategy::cases::<BrokenHex>(Sizes::new(30, 40)).shrink_time(std::time::Duration::ZERO);
    let result =
        runner.run(&strategy, |board| if disagree(&board) { Err(TestCaseError::fail("disagree")) } else { Ok(()) });
    match result {
        Err(TestError::Fail(_, board)) => {
            assert!(disagree(&board));
            assert!(board.size() >= 30, "shrunk although out of time:\n{board}");
        }
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn a_panicking_engine_is_an_outcome_not_a_crash() {
    fn explode(_: &Board) -> Verdict {
        panic!("boom at N = 1")
    }
    let board = Board::new(1);
    std::panic::set_hook(Box::new(|_| {}));
    let outcome = run(explode, &board);
    let _ = std::panic::take_hook();
    assert_eq!(outcome, Outcome::Panic("boom at N = 1".into()));
    assert_eq!(outcome.to_string(), "panicked: boom at N = 1");
}

/// Two answers that print the same counts but differ state by state must not be reported as "1 0" against "1 0".
#[test]
fn answers_that_print_alike_are_shown_in_full() {
    use gamecheck::problems::AdjacentConsecutive;
    use games::adjacent_consecutive::Answer;
    let answer = |winning: Vec<bool>| Outcome::Answer(Answer { a_mistakes: 1, b_mistakes: 0, winning });
    let split = Verdicts::<AdjacentConsecutive> {
        solver: answer(vec![true, true, false, true]),
        oracle: answer(vec![true, true, true, true]),
        rejected: None,
    };
    let (solver, oracle) = split.shown();
    assert!(solver.contains("winning: [true, true, false, true]"), "{solver}");
    assert!(oracle.contains("winning: [true, true, true, true]"), "{oracle}");
    let same =
        Verdicts::<AdjacentConsecutive> { solver: answer(vec![true]), oracle: answer(vec![true]), rejected: None };
    assert_eq!(same.shown(), ("1 0".to_string(), "1 0".to_string()));
    // Same answers, but the solver's proof of its own does not hold: that is a failure, and it shows why.
    let unproven = Verdicts::<AdjacentConsecutive> {
        solver: answer(vec![true]),
        oracle: answer(vec![true]),
        rejected: Some("a gap".into()),
    };
    assert!(!unproven.agree());
    assert_eq!(unproven.shown().0, "1 0 (its witness is rejected: a gap)");
}

/// Order and Chaos: the proof must catch a broken table, and what it reports must be a real game against that table
/// that ORDER wins.
mod order_chaos {
    use cases::order_chaos::recipe_tables;
    use gamecheck::problems::order_chaos::judge::verdict;
    use games::order_chaos::{Board, Cell, Pairing, Verdict};
    use std::time::Duration;

    use gamecheck::Interactive;
    use gamecheck::check::CheckOptions;
    use gamecheck::interactive::{JudgeOptions, ProveOptions};
    use gamecheck::problems::OrderChaos;
    use indicatif::ProgressBar;
    use oracles::order_chaos::prover::walk;
    use oracles::order_chaos::{CounterPlay, final_boards};
    use solvers::order_chaos::Strategy;

    /// ORDER and CHAOS alternate, every CHAOS move is the table's answer, and the full board it ends on is the one
    /// reported and holds an exact five by the grader's judge.
    fn assert_real_counter_play(strategy: &Strategy, counter: &CounterPlay) {
        assert_eq!(counter.moves.len(), 36, "{counter}");
        let mut board = Board::new();
        for pair in counter.moves.chunks(2) {
            let (order, chaos) = (pair[0], pair[1]);
            assert!(board.is_blank(order.cell), "ORDER writes into a written cell: {order}\n{counter}");
            board.play(order);
            assert_eq!(Some(chaos), strategy.reply(&board, order), "not the table's answer to {order}\n{counter}");
            board.play(chaos);
        }
        assert_eq!(board, counter.board, "{counter}");
        assert!(matches!(verdict(&board), Some(Verdict::OrderWins(_))), "{counter}");
        // Readable: the report draws the final board.
        let text = counter.to_string();
        let rows = board.rows();
        assert!(rows.iter().all(|row| text.contains(&row.chars().map(String::from).collect::<Vec<_>>().join(" "))));
    }

    /// The ids of (2,2) and (3,3) swapped: rows 2 and 3 each get two pairs and columns 2 and 3 none, yet both new
    /// pairs lie on a row, so the strategy accepts the table and only the proof can reject it.
    #[test]
    fn a_table_with_two_ids_swapped_is_rejected_with_its_counter_play() {
        let broken = Pairing::TESTER.with_swapped(Cell::new(1, 1), Cell::new(2, 2));
        let strategy = Strategy::new(broken).expect("both new pairs lie on a row");
        let counter = final_boards(&broken).expect_err("column 2 is open to ORDER");
        assert_real_counter_play(&strategy, &counter);
        // The walk from the blank board meets the same hole only after most of the game tree, the costliest test of
        // the default tier (docs/testing.md#two-tiers), so only the deeper tier repeats the proof's second part
        // here. By default the prover's own tests see the walk catch a broken table from a late position and a
        // wrong letter from the blank board.
        if super::common::deep() {
            let counter = walk(&broken, &|board, order| strategy.reply(board, order)).expect_err("the same hole");
            assert_real_counter_play(&strategy, &counter);
        }
    }

    /// Every swap of two ids in the tester's table that still makes a pairing the strategy accepts either gives
    /// another recipe table or loses, and the proof shows how.
    #[test]
    fn every_swap_that_breaks_the_tester_table_is_caught() {
        let recipe: Vec<Pairing> = recipe_tables().iter().map(Pairing::renumbered).collect();
        let (mut caught, mut recipe_swaps) = (0, 0);
        for a in Cell::all() {
            for b in Cell::all().filter(|&b| a < b && Pairing::TESTER.id(a) != Pairing::TESTER.id(b)) {
                let table = Pairing::TESTER.with_swapped(a, b);
                let Ok(strategy) = Strategy::new(table) else { continue };
                match final_boards(&table) {
                    Ok(_) => {
                        assert!(recipe.contains(&table.renumbered()), "a winning table outside the recipe:\n{table}");
                        recipe_swaps += 1;
                    }
                    Err(counter) => {
                        assert_real_counter_play(&strategy, &counter);
                        caught += 1;
                    }
                }
            }
        }
        assert!(caught > 0, "no swap broke the table");
        eprintln!("{caught} breaking swaps caught, {recipe_swaps} swaps give another recipe table");
    }

    /// `judge` plays `problem`'s strategy as its own player: 200 games of the grader's ORDER players against it, 40
    /// of them replays of the table's own hardest lines. The 1000 games of a default run go through the real protocol
    /// in `cli::order_chaos::judge_finds_our_player_wins_every_seeded_game`; here the point is which strategy plays.
    fn judge_our_player(problem: &OrderChaos) -> (gamecheck::interactive::Judged, String) {
        let options =
            JudgeOptions { seed: 2026, from: 0, games: 200, timeout: Duration::from_secs(10), per_game: false };
        let program = problem.our_program().expect("a thread starts");
        let mut report = Vec::new();
        let judged = problem.judge(program, &options, &mut report).expect("the report is written");
        (judged, String::from_utf8(report).expect("a text report"))
    }

    /// What is proved is what is played: one strategy value goes to `prove`, `check`, `judge` and `play`. A strategy
    /// whose table is not the tester's (the ids of (2,2) and (3,3) swapped: column 2's pair becomes a second pair of
    /// row 3, column 3's a second pair of row 2) is one `Strategy::new` accepts, so only a proof of that very value
    /// can reject it; `prove` must, and `check` and `judge`, playing it, must find it losing. Proving the tester's
    /// table instead, whatever is played, would pass it.
    #[test]
    fn prove_check_and_judge_all_take_the_strategy_they_are_given() {
        let table = Pairing::TESTER.with_swapped(Cell::new(1, 1), Cell::new(2, 2));
        assert_ne!(table.renumbered(), Pairing::TESTER.renumbered(), "the table must differ from the tester's");
        let wrong = OrderChaos::new(Strategy::new(table).expect("both new pairs lie on a row"));
        let quiet = ProgressBar::hidden();

        let mut report = Vec::new();
        let proved =
            wrong.prove(&ProveOptions { all: false, walk: false, strategy: None, game: None }, &mut report).unwrap();
        let report = String::from_utf8(report).unwrap();
        assert!(!proved, "prove passed a losing strategy:\n{report}");
        assert!(report.starts_with(&format!("the strategy's table:\n{table}")), "{report}");
        assert!(report.contains("final boards: ORDER wins"), "{report}");

        let checked = wrong.check(&CheckOptions::default(), &quiet);
        let failure = checked.failure.expect("check passed a losing strategy");
        assert!(failure.starts_with("the strategy's table loses:"), "{failure}");

        let (judged, report) = judge_our_player(&wrong);
        assert_eq!((judged.played, judged.fault), (200, None), "{report}");
        assert!(judged.won < judged.played, "judge found no lost game:\n{report}");
        assert!(report.contains(": LOST"), "{report}");

        // The tester's strategy passes the same `check` and `judge`; its `prove` walks the whole game tree, minutes
        // of work, so it is the ignored test in tests/exhaustive.rs.
        let tester = OrderChaos::tester();
        let checked = tester.check(&CheckOptions::default(), &quiet);
        assert!(checked.failure.is_none(), "{:?}", checked.failure);
        assert_eq!(checked.summary.checked, 1000);
        let (judged, report) = judge_our_player(&tester);
        assert_eq!((judged.played, judged.won, judged.fault), (200, 200, None), "{report}");
    }
}

/// The report's chart of time against size.
mod timing {
    use std::time::Duration;

    use gamecheck::check::{TIME_BUCKETS, Timing};
    use games::Sizes;

    /// Few sizes keep a bucket each; any spread of sizes keeps at most TIME_BUCKETS, and no case or time is lost.
    #[test]
    fn timing_keeps_bounded_buckets_and_every_case() {
        let ms = Duration::from_millis;
        let mut small = Timing::new(Sizes::new(1, 12));
        for size in [1, 1, 5, 12] {
            small.add(size, ms(1), ms(2));
        }
        let buckets: Vec<_> = small.buckets().map(|b| (b.sizes, b.cases, b.tested, b.reference)).collect();
        assert_eq!(buckets, [((1, 1), 2, ms(2), ms(4)), ((5, 5), 1, ms(1), ms(2)), ((12, 12), 1, ms(1), ms(2))]);

        let mut wide = Timing::new(Sizes::new(2, 1_000_000_000));
        let mut size = 2usize;
        for _ in 0..100_000 {
            wide.add(size, ms(1), ms(1));
            size = (size * 7919 + 13) % 999_999_999 + 2;
        }
        assert!(wide.buckets().count() <= TIME_BUCKETS, "{} buckets", wide.buckets().count());
        assert_eq!(wide.buckets().map(|b| b.cases).sum::<u64>(), 100_000);
        assert!(wide.buckets().all(|b| b.sizes.0 <= b.sizes.1 && b.tested == ms(b.cases)));

        // Sizes outside the run's keep buckets of their own, not mixed into the run's: a board of no spots in a run
        // of 13 spots is its own point, at 0.
        let mut top = Timing::new(Sizes::new(13, 13));
        for size in [13, 0, 13, 1_000_000_007, 999_999_000, 20] {
            top.add(size, ms(1), ms(1));
        }
        let sizes: Vec<_> = top.buckets().map(|b| (b.sizes, b.cases)).collect();
        assert_eq!(sizes, [((0, 0), 1), ((13, 13), 2), ((20, 20), 1), ((999_999_000, 1_000_000_007), 2)]);
        let mut anywhere = Timing::new(Sizes::new(5, 5));
        for size in (0..usize::BITS).map(|bit| 1usize << bit).chain([0, 3, usize::MAX]) {
            anywhere.add(size, ms(1), ms(1));
        }
        assert!(anywhere.buckets().count() <= 16 + 4 * usize::BITS as usize);
    }
}

/// The Order and Chaos grader under `--rules`, its judge, and the search's options and checkpoints.
mod order_chaos_grader {
    mod search {
        use std::path::Path;

        use gamecheck::problems::order_chaos::search::{
            depth_line, fuzz_checkpoint, machine_memory, parse_memory, parse_memory_within,
        };

        #[test]
        fn memory_sizes_read_with_their_units() {
            let parse_memory = |text| parse_memory_within(text, Some(64 << 30));
            assert_eq!(parse_memory("8G"), Ok(8 << 30));
            assert_eq!(parse_memory("512m"), Ok(512 << 20));
            assert_eq!(parse_memory("4096"), Ok(4096));
            assert_eq!(parse_memory("2KiB"), Ok(2048));
            assert_eq!(parse_memory("8T"), Err("expected a size like 512M or 8G, found `8T`".into()));
            assert_eq!(parse_memory("G"), Err("expected a size like 512M or 8G, found `G`".into()));
            assert_eq!(
                parse_memory("12"),
                Err("expected a size like 512M or 8G, found `12`: the table needs at least 1K".into())
            );
        }

        #[test]
        fn memory_past_the_machine_or_an_address_is_refused_with_the_most_there_is() {
            let machine = Some(16 << 30);
            let within = |text| parse_memory_within(text, machine);
            assert_eq!(within("16G"), Ok(16 << 30));
            assert_eq!(
                within("16385M"),
                Err("`16385M` is more than this machine's memory: at most 16384M (MemTotal in /proc/meminfo)".into())
            );
            // Issue 29: each of these overflowed the unit arithmetic or asked the allocator for petabytes and aborted.
            for text in ["100000G", "4294967296K", "18446744073709551615", "9999999999999M", "18446744073709551616"] {
                let e = within(text).unwrap_err();
                assert!(
                    e.ends_with("is more than this machine's memory: at most 16384M (MemTotal in /proc/meminfo)"),
                    "{e}"
                );
            }
            let digits = "9".repeat(200) + "G";
            assert!(within(&digits).unwrap_err().contains("(201 bytes)"), "a long number is cut in the message");
            // Without /proc/meminfo the bound is what an address holds.
            assert_eq!(parse_memory_within("8G", None), Ok(8 << 30));
            assert_eq!(
                parse_memory_within("18446744073709551616", None),
                Err("`18446744073709551616` is more than an address can hold".into())
            );
            assert_eq!(
                within("1023"),
                Err("expected a size like 512M or 8G, found `1023`: the table needs at least 1K".into())
            );
            assert_eq!(within(""), Err("expected a size like 512M or 8G, found ``".into()));
            // This machine's own bound is its memory as the system reports it, so its 1G default is allowed.
            if let Some(total) = machine_memory() {
                assert!(
                    parse_memory(&format!("{}K", (total >> 10) + 1)).unwrap_err().contains("more than this machine's")
                );
                assert_eq!(parse_memory(&format!("{}K", total >> 10)), Ok((total >> 10 << 10) as usize));
            }
        }

        #[test]
        fn the_committed_checkpoint_corpus_passes_its_fuzz_target() {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/order_chaos_checkpoint");
            let mut inputs = 0;
            for entry in std::fs::read_dir(&dir).expect("the corpus of order_chaos_checkpoint") {
                fuzz_checkpoint(&std::fs::read(entry.expect("a corpus entry").path()).expect("a corpus input"));
                inputs += 1;
            }
            assert!(inputs >= 10, "{inputs} inputs in {}", dir.display());
        }

        #[test]
        fn depths_print_only_where_there_were_nodes() {
            assert_eq!(depth_line(&[1, 0, 5, 7]), "0:1 2:5 3:7");
        }
    }

    mod judge {
        use gamecheck::problems::order_chaos::judge::{exact_five, variant_winner, verdict};
        use games::order_chaos::variant::{Rules, Variant};
        use games::order_chaos::{Board, Cell, Letter, Side, Verdict};

        fn board(rows: [&str; 6]) -> Board {
            Board::from_rows(&rows).expect("a hand-made board")
        }

        #[test]
        fn exact_fives_and_what_is_not_one() {
            let none = ["XOXOXO", "OXOXOX", "OXOXOX", "XOXOXO", "XOXOXO", "OXOXOX"];
            assert_eq!(exact_five(&board(none)), None);
            // A row of five with the other letter at its end.
            let row = ["XXXXXO", "OXOXOX", "OXOXOX", "XOXOXO", "XOXOXO", "OXOXOX"];
            let five = exact_five(&board(row)).expect("row 1 holds five X");
            assert_eq!((five.letter, five.cells[0], five.cells[4]), (Letter::X, Cell::new(0, 0), Cell::new(0, 4)));
            // A row of six is no exact five.
            let six = ["XXXXXX", "OXOXOX", "OXOXOX", "XOXOXO", "XOXOXO", "OXOXOX"];
            assert_eq!(exact_five(&board(six)), None);
            // A length-5 diagonal needs no end cell of the other letter: it has none.
            let diagonal = ["OOXOXO", "OXOXOX", "OXOOOX", "XOXOOO", "XOXOXO", "OXOXOX"];
            let five = exact_five(&board(diagonal)).expect("the diagonal from (1,2) holds five O");
            assert_eq!((five.letter, five.cells[0], five.cells[4]), (Letter::O, Cell::new(0, 1), Cell::new(4, 5)));
            assert_eq!(verdict(&board(row)).map(Verdict::winner), Some(Side::Order));
            assert_eq!(verdict(&Board::new()), None);
        }

        #[test]
        fn variants_are_judged_after_every_move() {
            let judge = |rules, run, text: &str| {
                variant_winner(Variant::new(4, run, rules).unwrap(), text.parse().expect("a position"))
            };
            assert_eq!(judge(Rules::MomentAny, 3, "XXX./..../..../...."), Some(Side::Order));
            assert_eq!(judge(Rules::MomentExact, 3, "XXX./..../..../...."), Some(Side::Order));
            assert_eq!(judge(Rules::FullBoard, 3, "XXX./..../..../...."), None);
            // Four in a row: a run of three or more, but no exact run of three.
            assert_eq!(judge(Rules::MomentAny, 3, "XXXX/..../..../...."), Some(Side::Order));
            assert_eq!(judge(Rules::MomentExact, 3, "XXXX/..../..../...."), None);
            // A diagonal beside the anti-diagonal.
            assert_eq!(judge(Rules::MomentExact, 3, ".O../..O./...O/...."), Some(Side::Order));
            // A full board with no three in a line: XXOO rows shifted by two.
            let full = "XXOO/OOXX/XXOO/OOXX";
            assert_eq!(judge(Rules::FullBoard, 3, full), Some(Side::Chaos));
            assert_eq!(judge(Rules::FullBoard, 2, full), Some(Side::Order));
        }
    }

    mod variants {

        use gamecheck::interactive::{Connection, JudgeOptions};
        use gamecheck::problems::order_chaos::judge::variant_winner;
        use gamecheck::problems::order_chaos::variants::{judge, parse_placed, variant_of};
        use games::order_chaos::variant::{Placed, Position, Rules, Variant};
        use games::order_chaos::{Letter, Reader, Side};

        #[test]
        fn moves_name_what_is_wrong_with_them() {
            let position: Position = "X../.../...".parse().unwrap();
            assert_eq!(parse_placed(4, "2 3 O", position), Ok(Placed { row: 1, col: 2, letter: Letter::O }));
            let fault = |text| parse_placed(4, text, position).map_err(|e| format!("line {}: {}", e.line, e.message));
            assert_eq!(fault("4 1 X"), Err("line 4: r = 4 is out of range 1..=3".to_string()));
            assert_eq!(fault("1 1 O"), Err("line 4: row 1, column 1 is not blank: it holds X".to_string()));
            assert_eq!(fault("1 2 Z"), Err("line 4: expected the letter n to be `X` or `O`, found `Z`".to_string()));
            assert_eq!(fault("1 2"), Err("line 4: expected a move `r c n`, found `1 2`".to_string()));
        }

        /// A CHAOS program that writes O into the first blank cell, judging the game itself to know when it ends: under
        /// `moment-any` on 6×6 it meets the contest's ORDER players and the greedy and random ones, every game ends at
        /// ORDER's run or a full board, and the protocol stays in step across 40 games.
        #[test]
        fn games_under_moment_rules_end_at_the_run_and_the_next_one_starts() {
            let variant = Variant::new(6, 5, Rules::MomentAny).unwrap();
            let program = Connection::in_process(move |input, output| {
                let mut reader = Reader::new(input);
                let games = reader.game_count().unwrap();
                for _ in 0..games {
                    writeln!(output, "CHAOS").unwrap();
                    let mut position = Position::empty(6);
                    while variant_winner(variant, position).is_none() {
                        let placed = if position.to_move() == Side::Order {
                            let (line, text) = reader.next_line("ORDER's move").unwrap();
                            parse_placed(line, text, position).unwrap()
                        } else {
                            let placed = position.moves().find(|m| m.letter == Letter::O).unwrap();
                            writeln!(output, "{placed}").unwrap();
                            placed
                        };
                        output.flush().unwrap();
                        position = position.play(placed);
                    }
                }
            })
            .unwrap();
            let options = JudgeOptions {
                seed: 3,
                from: 0,
                games: 40,
                timeout: std::time::Duration::from_secs(5),
                per_game: true,
            };
            let mut report = Vec::new();
            let judged = judge(variant, program, &options, &mut report).unwrap();
            let report = String::from_utf8(report).unwrap();
            assert_eq!((judged.played, judged.fault.as_deref()), (40, None), "{report}");
            assert!(judged.won < 40, "{report}");
            for kind in ["greedy ORDER", "random ORDER", "script (", "hard-line replay"] {
                assert!(report.contains(&format!("against {kind}")), "no game against {kind}:\n{report}");
            }
        }

        #[test]
        fn sizes_read_or_say_why_not() {
            assert_eq!(variant_of(Rules::MomentAny, None, None).unwrap().to_string(), "moment-any 6×6, runs of 5");
            assert_eq!(
                variant_of(Rules::MomentExact, Some(4), None).unwrap().to_string(),
                "moment-exact 4×4, runs of 4"
            );
            assert_eq!(
                variant_of(Rules::FullBoard, Some(4), Some(5)).unwrap_err().to_string(),
                "--side 4 --run 5: expected a run of 2 to the side 4, found 5"
            );
        }
    }
}

/// Adjacent and Consecutive's referee settles every candidate of A's at once where three runs of three stand on each
/// side, instead of playing each: on the generators' own games, each judgement must be the one the solver gives when
/// the candidate is played, judged and taken back, and both ways of judging must be met.
mod adjacent_consecutive {
    use cases::adjacent_consecutive::{Referee, Shape, generate_shape};
    use cases::case_rng;
    use gamecheck::problems::SolverReferee;
    use games::Sizes;
    use games::adjacent_consecutive::Move;
    use solvers::adjacent_consecutive::Position;

    /// The referee under test beside a position that plays every candidate.
    #[derive(Default)]
    struct Both {
        referee: SolverReferee,
        plain: Option<(Position, usize)>,
        /// Calls where A was to move with three runs of three a side, and calls that had to play.
        settled: usize,
        by_play: usize,
    }

    impl Referee for Both {
        fn judge(&mut self, n: u32, played: &[Move], candidates: &[Move]) -> Vec<bool> {
            let got = self.referee.judge(n, played, candidates);
            if !matches!(&self.plain, Some((p, upto)) if p.size() == n && *upto <= played.len()) {
                self.plain = Some((Position::new(n), 0));
            }
            let (p, upto) = self.plain.as_mut().expect("set just above");
            for &m in &played[*upto..] {
                p.play(m);
            }
            *upto = played.len();
            // Which way the referee took, for the count alone: each judgement is compared with the plain one below.
            if SolverReferee::settles_every_candidate(p) {
                self.settled += 1
            } else {
                self.by_play += 1
            }
            let want: Vec<bool> = candidates
                .iter()
                .map(|&m| {
                    p.play(m);
                    let winning = p.winning();
                    p.undo(m);
                    winning
                })
                .collect();
            if let Some(i) = (0..want.len()).find(|&i| got.get(i) != Some(&want[i])) {
                panic!(
                    "N = {n}, after {} moves: {:?} judged {:?}, played {}",
                    played.len(),
                    candidates[i],
                    got.get(i),
                    want[i]
                );
            }
            assert_eq!(got.len(), want.len(), "one judgement a candidate");
            got
        }
    }

    /// Small rows played out at random, without a pair while a quiet move is found, so they pass through every count
    /// of runs of three; every legal move is a candidate.
    fn judge_every_move_of_random_games(both: &mut Both) {
        use rand::seq::IndexedRandom;
        for (i, n) in [7u32, 9, 12, 16].into_iter().cycle().take(400).enumerate() {
            let rng = &mut case_rng(8, i as u64);
            let mut row = vec![0u32; n as usize + 2];
            let mut played: Vec<Move> = Vec::new();
            while played.len() + 2 <= n as usize {
                let legal: Vec<Move> = (1..=n)
                    .filter(|&t| !played.iter().any(|m| m.tile == t))
                    .flat_map(|tile| (1..=n).filter(|&c| row[c as usize] == 0).map(move |cell| Move { tile, cell }))
                    .collect();
                // Each game starts with no move played, so the referee and the plain position start afresh.
                both.judge(n, &played, &legal);
                let quiet = |m: &&Move| {
                    let c = m.cell as usize;
                    ![row[c - 1], row[c + 1]].iter().any(|&t| t != 0 && t.abs_diff(m.tile) == 1)
                };
                let quiet: Vec<Move> = legal.iter().filter(quiet).copied().collect();
                let m = *quiet.choose(rng).or(legal.choose(rng)).expect("a move is left");
                row[m.cell as usize] = m.tile;
                played.push(m);
            }
        }
    }

    #[test]
    fn the_referee_judges_every_candidate_as_playing_it_would() {
        let mut both = Both::default();
        for (i, shape) in [Shape::OnePerfect, Shape::Blunders].into_iter().cycle().take(12).enumerate() {
            let n = [40, 300, 3000][i % 3];
            generate_shape(&mut case_rng(7, i as u64), Sizes::new(n, n), shape, Some(&mut both));
        }
        judge_every_move_of_random_games(&mut both);
        assert!(both.settled > 1000 && both.by_play > 1000, "{} settled, {} by play", both.settled, both.by_play);
    }
}

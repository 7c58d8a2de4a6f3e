//! `stress` against other people's programs: the deliberately wrong contest solutions in `tests/programs/stress/`
//! (single Rust files, no dependencies, compiled here with rustc) must each be caught within the default budget and
//! shrunk to a case where removing any stone or move makes the program right again; our own solver run as a program
//! must pass; and jobs and shards must not change any result.

mod common;
mod pages;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use gamecheck::check::{CheckOptions, Shard, Summary};
use gamecheck::interactive::{Connection, JudgeOptions};
use gamecheck::problems::{Havannah, Hex};
use gamecheck::registry::Engine;
use gamecheck::stress::{
    DEFAULT_TIMEOUT, FaultKind, STRESS_CASES, StressFailure, StressOptions, StressSummary, judge, shown, stress,
};
use gamecheck::{PROBLEMS, Problem, generate_case};
use games::hex::{Board, Stone};

use common::assert_gone;
use gamecheck::Case;
use games::Contest;
use indicatif::ProgressBar;

/// A program of `tests/programs/stress/`, compiled once per test run.
fn compiled(name: &'static str) -> PathBuf {
    static HEX: OnceLock<PathBuf> = OnceLock::new();
    static HAVANNAH: OnceLock<PathBuf> = OnceLock::new();
    let cell = match name {
        "hex" => &HEX,
        "havannah" => &HAVANNAH,
        _ => panic!("no program {name}"),
    };
    cell.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/programs/stress/{name}.rs"));
        let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stress-{name}"));
        common::build_in_place(&binary, |out| {
            let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
            let status = std::process::Command::new(rustc)
                .args(["-O", "--edition", "2021", "-o"])
                .arg(out)
                .arg(&source)
                .status()
                .expect("rustc runs");
            assert!(status.success(), "compiling {}", source.display());
        });
        binary
    })
    .clone()
}

fn command(name: &'static str, args: &[&str]) -> Vec<OsString> {
    std::iter::once(compiled(name).into_os_string()).chain(args.iter().map(OsString::from)).collect()
}

fn options() -> StressOptions {
    StressOptions { cases: CheckOptions::default(), batch: 1, timeout: DEFAULT_TIMEOUT, against: Engine::Solver }
}

/// Runs on a pool of the test's own, as many threads as the current one: the runs wait on the program (a hanging
/// one for its whole time limit), and waiting on the global pool's threads held up the draws of the test running
/// beside this one, which share them, leaving both cores idle for seconds (docs/testing.md#what-the-suite-costs).
fn run<P: Problem>(program: &[OsString], options: &StressOptions) -> StressSummary {
    in_pool(rayon::current_num_threads(), || stress::<P>(program, options, &ProgressBar::hidden()))
        .expect("the program starts")
}

fn caught<P: Problem>(program: &[OsString], options: &StressOptions) -> (StressFailure, Case<P>) {
    let summary = run::<P>(program, options);
    let failure = summary.failure.unwrap_or_else(|| panic!("{} cases passed: not caught", summary.passed));
    assert!(!failure.batch_only, "{}", failure.report(P::Game::NAME));
    assert_eq!(summary.checked, failure.index + 1 - summary.from, "stress stops at the first failure");
    let minimal = P::Game::parse(&failure.minimal).expect("the report is contest input").remove(0);
    (failure, minimal)
}

/// How the program does on one case: `None` when it answers as our solver does.
fn fault<P: Problem>(program: &[OsString], case: &Case<P>, timeout: Duration) -> Option<FaultKind> {
    let expected = vec![P::solve(case).to_string()];
    judge::<P>(program, std::slice::from_ref(case), &expected, timeout)
        .expect("the program starts")
        .err()
        .map(|f| f.kind)
}

/// The board with one stone removed, for every stone.
fn hex_without_one_stone(board: &Board) -> Vec<Board> {
    board
        .cells()
        .filter(|&cell| board.get(cell).is_some())
        .map(|cell| {
            let mut smaller = board.clone();
            smaller.set(cell, None);
            smaller
        })
        .collect()
}

fn havannah_without_one_move(game: &games::havannah::Game) -> Vec<games::havannah::Game> {
    (0..game.moves.len())
        .map(|k| {
            let mut smaller = game.clone();
            smaller.moves.remove(k);
            smaller
        })
        .collect()
}

#[test]
fn a_hex_program_that_ignores_the_stone_count_is_caught_and_shrunk() {
    let program = command("hex", &["ignore-count"]);
    let (failure, minimal) = caught::<Hex>(&program, &options());
    assert_eq!(failure.fault.kind, FaultKind::WrongAnswer, "{}", failure.report("hex"));
    assert_eq!(fault::<Hex>(&program, &minimal, DEFAULT_TIMEOUT), Some(FaultKind::WrongAnswer));
    for smaller in hex_without_one_stone(&minimal) {
        assert_eq!(fault::<Hex>(&program, &smaller, DEFAULT_TIMEOUT), None, "not minimal:\n{}", Hex::write(&[smaller]));
    }
    // Counts two apart: two stones of one colour, on the smallest board that holds them.
    let stones = minimal.count(Stone::Blue) + minimal.count(Stone::Red);
    assert_eq!((minimal.size(), stones), (2, 2), "{}", failure.report("hex"));
}

/// Out of shrinking time, the report shows the failing case as found and says that shrinking was cut short.
#[test]
fn shrinking_out_of_time_shows_the_case_found_and_says_so() {
    let program = command("hex", &["ignore-count"]);
    let cut = StressOptions { cases: CheckOptions { shrink_time: Duration::ZERO, ..Default::default() }, ..options() };
    let (failure, minimal) = caught::<Hex>(&program, &cut);
    let report = failure.report("hex");
    assert!(!failure.shrink_complete, "{report}");
    assert_eq!(failure.shrink_steps, 0);
    assert!(
        report.contains("shrinking stopped at the 0 s budget after 0 step(s): the smallest failing case found, size"),
        "{report}"
    );
    assert_eq!(fault::<Hex>(&program, &minimal, DEFAULT_TIMEOUT), Some(FaultKind::WrongAnswer));
    let (whole, _) = caught::<Hex>(&program, &options());
    assert!(whole.shrink_complete && whole.report("hex").contains("shrunk in "), "{}", whole.report("hex"));
    assert_eq!(whole.index, failure.index);
    assert!(minimal.size() > 2, "the generated case, not the shrunk one:\n{}", failure.minimal);
}

/// `gamecheck stress --report DIR`: the same terminal output as without it, and a page that shows the failure with
/// its minimal game drawn (a stone per move, numbered), our answer and the program's, and the reproduce command.
#[test]
fn stress_report_draws_the_minimal_game_the_program_fails_on() {
    let program = command("havannah", &["corners-as-edges"]);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-stress-havannah");
    let _ = std::fs::remove_dir_all(&dir);
    let gamecheck = || assert_cmd::Command::cargo_bin("gamecheck").expect("the gamecheck binary is built");
    let with = gamecheck()
        .args(["stress", "havannah", "--report"])
        .arg(&dir)
        .arg("--")
        .args(&program)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let without = gamecheck().args(["stress", "havannah", "--"]).args(&program).assert().code(1).get_output().clone();
    let report = String::from_utf8(without.stdout).unwrap();
    let (_, failure_text) = report.split_once("\n\n").expect("a failure report after the summary line");
    assert!(String::from_utf8(with.stdout).unwrap().ends_with(failure_text), "the terminal report is unchanged");

    let html = std::fs::read_to_string(dir.join("index.html")).expect("the page is written");
    let document = pages::page(&html);
    let shown = pages::select(document.root_element(), "section.failure");
    assert_eq!(shown.len(), 1);
    let minimal_input = pages::text(pages::select(shown[0], "pre")[0]);
    let minimal = Havannah::parse(&minimal_input).expect("the page shows the minimal input").remove(0);
    let mut numbers: Vec<usize> = pages::select(shown[0], "div.drawing g.stone")
        .into_iter()
        .map(|stone| pages::text(stone).parse().expect("a numbered stone"))
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=minimal.moves.len()).collect::<Vec<_>>(), "a stone per move of\n{minimal_input}");
    let answers: Vec<String> = pages::select(shown[0], "table.answers td").into_iter().map(pages::text).collect();
    assert_eq!(answers.len(), 2);
    assert!(answers[0].contains("Case #1: ") && answers[1].contains("Case #1: ") && answers[0] != answers[1]);
    let reproduce = pages::text(pages::select(shown[0], "pre.reproduce")[0]);
    assert!(reproduce.starts_with("gamecheck stress havannah --seed 2026 --from ") && report.contains(&reproduce));
    assert_eq!(pages::select(document.root_element(), "section.problem#problem-havannah div.chart svg").len(), 2);
}

#[test]
fn a_hex_program_that_crashes_on_n_1_is_caught_and_shrunk() {
    let program = command("hex", &["crash-on-one"]);
    let (failure, minimal) = caught::<Hex>(&program, &options());
    assert_eq!(failure.fault.kind, FaultKind::NonZeroExit, "{}", failure.report("hex"));
    assert!(failure.fault.stderr.contains("index out of bounds"), "{}", failure.report("hex"));
    // The empty 1×1 board: no stone left to remove.
    assert_eq!((minimal.size(), minimal.count(Stone::Blue) + minimal.count(Stone::Red)), (1, 0));
}

#[test]
fn a_havannah_program_that_counts_corners_as_edges_is_caught_and_shrunk() {
    let program = command("havannah", &["corners-as-edges"]);
    let (failure, minimal) = caught::<Havannah>(&program, &options());
    assert_eq!(failure.fault.kind, FaultKind::WrongAnswer, "{}", failure.report("havannah"));
    assert_eq!(fault::<Havannah>(&program, &minimal, DEFAULT_TIMEOUT), Some(FaultKind::WrongAnswer));
    for smaller in havannah_without_one_move(&minimal) {
        let kind = fault::<Havannah>(&program, &smaller, DEFAULT_TIMEOUT);
        assert_eq!(kind, None, "not minimal:\n{}", Havannah::write(&[smaller]));
    }
    assert!(minimal.moves.len() <= 8, "a few moves, not {}:\n{}", minimal.moves.len(), failure.minimal);
}

#[test]
fn a_program_that_hangs_times_out_is_shrunk_and_leaves_no_process() {
    let pids = fresh_file("stress-sleeper-pids");
    // SAFETY: no other test of this binary reads the variable, and the programs started here inherit it.
    unsafe { std::env::set_var("GAMECHECK_TEST_PIDS", &pids) };
    let program = command("havannah", &["sleep-from", "4"]);
    let timeout = Duration::from_millis(300);
    let (failure, minimal) = caught::<Havannah>(&program, &StressOptions { timeout, ..options() });
    assert_eq!(failure.fault.kind, FaultKind::Timeout, "{}", failure.report("havannah"));
    assert_eq!(minimal.moves.len(), 4, "{}", failure.minimal);
    for smaller in havannah_without_one_move(&minimal) {
        assert_eq!(fault::<Havannah>(&program, &smaller, timeout), None);
    }
    let pids = std::fs::read_to_string(&pids).expect("the sleeper wrote its children's ids");
    assert!(pids.lines().count() > 1, "the sleeper ran more than once while shrinking");
    // The `sleep 60` children were in the killed process groups.
    for pid in pids.lines() {
        assert_gone(pid);
    }
}

/// [`common::leaving_a_sleeper`] as the words a program is run by.
fn leaving_a_sleeper(pids: &Path, script: &str, args: &[&str]) -> Vec<OsString> {
    common::leaving_a_sleeper(pids, script, args).into_iter().map(OsString::from).collect()
}

fn fresh_file(name: &str) -> PathBuf {
    common::fresh_file(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

#[test]
fn a_grandchild_that_leaves_the_process_group_does_not_outlive_stress() {
    let pids = fresh_file("stress-setsid-pids");
    let program = leaving_a_sleeper(&pids, r#"exec "$2" solve hex"#, &[env!("CARGO_BIN_EXE_gamecheck")]);
    let cases = CheckOptions { cases: Some(3), ..Default::default() };
    let summary = run::<Hex>(&program, &StressOptions { cases, ..options() });
    assert!(summary.failure.is_none(), "{}", summary.failure.unwrap().report("hex"));
    assert_eq!(summary.passed, 3);
    let pids = std::fs::read_to_string(&pids).expect("the program wrote its children's ids");
    assert_eq!(pids.lines().count(), 3, "one sleeper a run");
    for pid in pids.lines() {
        assert_gone(pid);
    }
}

#[test]
fn a_grandchild_that_leaves_the_process_group_does_not_outlive_judge() {
    let pids = fresh_file("judge-setsid-pids");
    let quits = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/order-chaos/quits.sh");
    let program = leaving_a_sleeper(&pids, r#"exec sh "$2""#, &[quits.to_str().unwrap()]);
    let order_chaos = gamecheck::registry::find_interactive("order-chaos").unwrap();
    let options = JudgeOptions { seed: 5, from: 0, games: 2, timeout: Duration::from_secs(5), per_game: true };
    let connection = Connection::spawn(&program).expect("sh starts");
    let judged = order_chaos.judge(connection, &options, &mut Vec::<u8>::new()).expect("the report is written");
    assert!(judged.fault.is_some(), "the program quits in the first game");
    let pids = std::fs::read_to_string(&pids).expect("the program wrote its child's id");
    assert_eq!(pids.lines().count(), 1);
    assert_gone(pids.trim());
}

/// `sh -c SCRIPT` that reads its input, then prints far more than 64 MiB (the cap) and is killed by SIGPIPE when the
/// reader stops.
fn flooding(script: &str) -> Vec<OsString> {
    ["sh", "-c", &format!("cat > /dev/null; {script}")].map(OsString::from).to_vec()
}

#[test]
fn a_flood_is_malformed_output_whatever_ends_the_program() {
    let case = generate_case::<Hex>(2026, 0, Hex::CHECK_SIZES);
    let expected = vec![Hex::solve(&case).to_string()];
    // The shell exits 141 after `tr` dies of SIGPIPE; `yes` dies of it itself; the last one exits 0 regardless.
    for script in ["head -c 1G /dev/zero | tr '\\0' x", "exec yes", "yes 2>/dev/null; exit 0"] {
        let fault = judge::<Hex>(&flooding(script), std::slice::from_ref(&case), &expected, DEFAULT_TIMEOUT)
            .expect("sh starts")
            .expect_err("a flood is a fault");
        assert_eq!(fault.kind, FaultKind::MalformedOutput, "{script}: {}", fault.message);
        assert_eq!(fault.message, "more than 64 MiB of output", "{script}");
    }
}

#[test]
fn the_report_of_a_flooding_program_is_short_and_says_what_it_leaves_out() {
    let program = flooding("yes 'Case #1: flood' | head -c 70M; head -c 30000 /dev/zero | tr '\\0' e >&2");
    let cases = CheckOptions { cases: Some(1), ..Default::default() };
    let failure = run::<Hex>(&program, &StressOptions { cases, ..options() }).failure.expect("caught");
    let report = failure.report("hex");
    assert!(report.len() < 64 << 10, "{} bytes of report", report.len());
    assert!(report.contains("more than 64 MiB of output"), "{report}");
    assert!(
        report.contains("--- program output ---\nCase #1: flood\nCase #1: flood\n"),
        "the start of the output is shown: {report}"
    );
    // 64 MiB read, of which 50 lines of 15 bytes shown.
    let left = (64 << 20) - 50 * 15;
    assert!(
        report.contains(&format!(
            "… ({:.1} MiB more not shown; nothing past 64 MiB was read)\n",
            left as f64 / 1048576.0
        )),
        "{report}"
    );
    // Standard error: 30 000 bytes, 4 KiB of them on one line kept.
    assert!(report.contains(&format!("\n… ({:.1} KiB more not shown)\n", (30000 - 4096) as f64 / 1024.0)), "{report}");
}

#[test]
fn short_output_is_shown_whole_and_long_output_cut_at_a_line_or_a_char() {
    assert_eq!(shown("Case #1: 3\n", 0, false), "Case #1: 3\n");
    assert_eq!(shown("", 0, false), "");
    assert_eq!(shown("abc", 5, false), "abc\n… (5 byte(s) more not shown)\n");
    let lines = "line\n".repeat(60);
    assert_eq!(shown(&lines, 0, false), "line\n".repeat(50) + "… (50 byte(s) more not shown)\n");
    // 'é' is two bytes: the cut falls inside one and backs off to its start.
    let text = format!("a{}", "é".repeat(3000));
    let cut = shown(&text, 0, false);
    assert!(cut.starts_with(&format!("a{}\n… (", "é".repeat(2047))), "{cut}");
    assert!(cut.ends_with(&format!("({:.1} KiB more not shown)\n", (6001 - 4095) as f64 / 1024.0)), "{cut}");
}

#[test]
fn malformed_output_is_a_failure_of_its_own() {
    let program: Vec<OsString> =
        ["sh", "-c", "cat > /dev/null; echo 'Case #1: Blue wins'; echo 'Case #3: ?'"].map(OsString::from).to_vec();
    let summary = run::<Hex>(
        &program,
        &StressOptions { cases: CheckOptions { cases: Some(5), ..Default::default() }, ..options() },
    );
    let failure = summary.failure.expect("caught");
    assert_eq!(failure.fault.kind, FaultKind::MalformedOutput);
    assert!(failure.fault.message.contains("line 2"), "{}", failure.fault.message);
    assert!(failure.fault.message.contains("Case #2: "), "{}", failure.fault.message);
}

#[test]
fn batches_find_the_same_case_as_single_runs() {
    let program = command("hex", &["ignore-count"]);
    let (single, _) = caught::<Hex>(&program, &options());
    let (batched, _) = caught::<Hex>(&program, &StressOptions { batch: 7, ..options() });
    assert_eq!((batched.index, &batched.minimal), (single.index, &single.minimal));
}

#[test]
fn our_solvers_run_as_programs_pass() {
    for problem in PROBLEMS {
        let program: Vec<OsString> =
            [env!("CARGO_BIN_EXE_gamecheck"), "solve", problem.name()].map(OsString::from).to_vec();
        let cases = CheckOptions { cases: Some(100), ..Default::default() };
        let options = StressOptions { cases, batch: 10, ..options() };
        let summary = problem.stress(&program, &options, &ProgressBar::hidden()).expect("gamecheck starts");
        assert!(summary.failure.is_none(), "{}", summary.failure.unwrap().report(problem.name()));
        assert_eq!((summary.checked, summary.passed), (100, 100), "{}", problem.name());
    }
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool").install(f)
}

/// What must not depend on jobs or shards: everything but the times.
fn results(s: &Summary) -> (u64, u64, Vec<(String, u64)>, Option<String>) {
    let failure = s.failure.as_ref().map(|f| f.minimal.clone());
    (s.checked, s.agreed, s.answers.clone().into_iter().collect(), failure)
}

#[test]
fn check_gives_the_same_results_whatever_the_jobs_and_shards() {
    // Five checks of every problem: 900 cases by default, 3000 in the deeper tier (docs/testing.md#two-tiers).
    let cases = if common::deep() { 3000 } else { 900 };
    for problem in PROBLEMS {
        let whole = CheckOptions { cases: Some(cases), from: 11, ..Default::default() };
        let one = in_pool(1, || problem.check(&whole, &ProgressBar::hidden()));
        let two = in_pool(2, || problem.check(&whole, &ProgressBar::hidden()));
        assert_eq!(results(&one), results(&two), "{}", problem.name());
        let mut covered = Vec::new();
        let mut answers = std::collections::BTreeMap::new();
        for index in 1..=3 {
            let shard = CheckOptions { shard: Shard { index, count: 3 }, ..whole.clone() };
            let part = in_pool(2, || problem.check(&shard, &ProgressBar::hidden()));
            covered.push(part.from..part.from + part.checked);
            for (kind, n) in part.answers {
                *answers.entry(kind).or_insert(0) += n;
            }
        }
        let third = cases / 3;
        let thirds = [11..11 + third, 11 + third..11 + 2 * third, 11 + 2 * third..11 + cases];
        assert_eq!(covered, thirds, "{}", problem.name());
        assert_eq!(answers, one.answers, "{}", problem.name());
    }
}

#[test]
fn stress_gives_the_same_failure_whatever_the_jobs_and_shards() {
    let program = command("havannah", &["corners-as-edges"]);
    let one = in_pool(1, || caught::<Havannah>(&program, &options()).0);
    let two = in_pool(2, || caught::<Havannah>(&program, &options()).0);
    assert_eq!((one.index, &one.minimal, one.shrink_steps), (two.index, &two.minimal, two.shrink_steps));
    // The shard that holds the failing case finds it; the ones before it pass.
    let whole = options();
    for index in 1..=4 {
        let cases = CheckOptions { shard: Shard { index, count: 4 }, ..whole.cases.clone() };
        let part = cases.range(STRESS_CASES);
        let summary = run::<Havannah>(&program, &StressOptions { cases, ..whole.clone() });
        if part.contains(&one.index) {
            let found = summary.failure.expect("the shard with the failing case finds it");
            assert_eq!((found.index, &found.minimal), (one.index, &one.minimal));
        } else if part.end <= one.index {
            assert!(summary.failure.is_none() && summary.passed == part.end - part.start);
        }
    }
}

#[test]
fn a_saved_failure_is_a_case_file_the_official_runner_reads() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-save");
    let _ = std::fs::remove_dir_all(&dir);
    let program = compiled("hex");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["stress", "hex", "--save"])
        .arg(&dir)
        .arg("--")
        .arg(&program)
        .arg("ignore-count")
        .output()
        .expect("gamecheck runs");
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stdout));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("--- reproduce ---\ngamecheck stress hex --seed 2026 --from "), "{stdout}");
    let files: Vec<PathBuf> = std::fs::read_dir(dir.join("hex")).expect("saved").map(|e| e.unwrap().path()).collect();
    let input = files.iter().find(|p| p.extension().is_some_and(|e| e == "in")).expect("an .in file");
    let answers = std::fs::read_to_string(input.with_extension("ans")).expect("its .ans file");
    let input = std::fs::read_to_string(input).unwrap();
    // What tests/official.rs does with every case file.
    let hex = gamecheck::find("hex").unwrap();
    assert_eq!(hex.solve(&input, Engine::Solver).unwrap(), answers);
    assert_eq!(hex.solve(&input, Engine::Oracle).unwrap(), answers);
}

#[test]
fn a_program_that_cannot_start_is_a_usage_error_not_a_failure() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["stress", "hex", "--", "/nonexistent/solution"])
        .output()
        .expect("gamecheck runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("running /nonexistent/solution"), "{stderr}");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["check", "hex", "--shard", "3/2"])
        .output()
        .expect("gamecheck runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected K/N with 1 <= K <= N"));
}

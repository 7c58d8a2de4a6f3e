//! Every registered problem's suites, from one declaration each.
//!
//! `suites!` takes one entry per batch problem and emits a module named after it holding the differential
//! properties, the snapshots (a readable corpus and digests of generated inputs and of the fuzz corpus), the official
//! data, the bounded-exhaustive counts, the fuzz-corpus replay and the command-line round trip. A problem that is
//! registered but not declared here fails `every_registered_problem_has_its_suites`. What differs between problems is
//! data in the entry (sizes, counts, how a case is drawn for people); properties that belong to one problem
//! (symmetries, named hard cases, the Havannah oracles against each other) stay hand-written in the other suites.
//!
//! Test names start with the problem's module (`hex::differential_check_sizes`), so a name filter (`cargo test
//! --test suites hex::`, or `.ci/mutants hex`) runs one problem's suites.

mod common;

use common::{fnv1a, snapshot};

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use gamecheck::problem::Verdicts;
use gamecheck::registry::{Engine, Entry, INTERACTIVE, PROBLEMS};
use gamecheck::{Case, Problem, generate_case, strategy};
use games::{Contest, Sizes};
use indicatif::ProgressBar;
use predicates::prelude::*;
use proptest::prelude::*;

/// Emits every suite of every problem listed; see the module doc. Per problem:
/// `module: Problem { differential: [name: (min, max) x cases, ..], exhaustive: [size => cases, ..],
/// corpus: (cases, (min, max), header, keep, draw), inputs: [(kind, cases, (min, max)), ..] }`.
/// `name [alone]: ..` is a property that replays only its own failures' seeds (see [`persistence`]).
macro_rules! suites {
    ($(
        $module:ident: $problem:ty {
            differential: [$($property:ident $([$alone:ident])?: ($low:expr, $high:expr) x $cases:expr),* $(,)?],
            exhaustive: [$($size:expr => $count:expr),* $(,)?],
            corpus: ($corpus_cases:expr, ($corpus_low:expr, $corpus_high:expr), $header:expr, $keep:expr, $draw:expr),
            inputs: [$(($kind:expr, $input_cases:expr, ($input_low:expr, $input_high:expr))),* $(,)?] $(,)?
        }
    ),* $(,)?) => {
        $(
            mod $module {
                use super::*;

                type P = $problem;

                fn entry() -> &'static dyn Entry {
                    gamecheck::find(<P as Problem>::Game::NAME).expect("a registered batch problem")
                }

                $(
                    proptest! {
                        #![proptest_config(ProptestConfig {
                            cases: $cases,
                            failure_persistence: persistence(None $(.or({
                                let _ = stringify!($alone);
                                Some(concat!(
                                    env!("CARGO_MANIFEST_DIR"), "/tests/suites-", stringify!($module), "-",
                                    stringify!($property), ".proptest-regressions"
                                ))
                            }))?),
                            ..ProptestConfig::default()
                        })]
                        #[test]
                        fn $property(case in strategy::cases::<P>(Sizes::new($low, $high))) {
                            agree::<P>(&case)?;
                        }
                    }
                )*

                #[test]
                fn official_data_answers_as_recorded() {
                    answers_as_recorded(entry());
                }

                #[test]
                fn official_data_drawn() {
                    drawn_as_recorded(entry());
                }

                #[test]
                fn exhaustive_counts_every_case() {
                    exhaust(entry(), &[$(($size, $count)),*]);
                }

                #[test]
                fn corpus_drawn() {
                    corpus::<P>(entry().name(), $corpus_cases, Sizes::new($corpus_low, $corpus_high), $header, $keep, $draw);
                }

                #[test]
                fn generated_input_fingerprint() {
                    let problem = entry();
                    input_fingerprint(problem, "generated-input", problem.check_cases().min(5_000), problem.check_sizes());
                }

                #[test]
                fn large_input_fingerprints() {
                    let inputs: &[(&str, u64, (usize, usize))] = &[$(($kind, $input_cases, ($input_low, $input_high))),*];
                    for &(kind, cases, (low, high)) in inputs {
                        input_fingerprint(entry(), kind, cases, Sizes::new(low, high));
                    }
                }

                #[test]
                fn fuzz_corpus_cases_fingerprint() {
                    fuzz_corpus_cases::<P>();
                }

                #[test]
                fn fuzz_corpus_inputs_pass_their_targets() {
                    let problem = entry();
                    let target = problem.name().replace('-', "_");
                    replay(&target, |data| problem.fuzz_differential(data));
                    replay(&format!("{target}_parse"), |data| problem.fuzz_parse(data));
                }

                #[test]
                fn fuzz_targets_and_rules_page_are_there() {
                    files_of_a_problem(entry().name());
                }

                #[test]
                fn command_line_round_trip() {
                    round_trip::<P>(entry(), [$(($size, $count)),*][0]);
                }
            }
        )*

        #[test]
        fn every_registered_problem_has_its_suites() {
            let mut declared = vec![$(<$problem as Problem>::Game::NAME),*];
            let mut registered: Vec<&str> = PROBLEMS.iter().map(|p| p.name()).collect();
            declared.sort();
            registered.sort();
            assert_eq!(declared, registered, "every registered batch problem needs one line in suites!");
        }
    };
}

/// Where a differential property keeps the seeds of the failures it finds, to replay them first on every run. By
/// default every property of this file keeps them in `suites.proptest-regressions` and replays all of them, whoever
/// found them: each seed becomes a case of the property's own sizes, so where a case is a game of 10^6 moves the 19
/// seeds there cost about 20 s of a property that draws one or two games of its own (issue 30). A property marked
/// `[alone]` keeps its own file, `tests/suites-MODULE-PROPERTY.proptest-regressions`, made at its first failure.
fn persistence(alone: Option<&'static str>) -> Option<Box<dyn proptest::test_runner::FailurePersistence>> {
    match alone {
        None => ProptestConfig::default().failure_persistence,
        Some(path) => Some(Box::new(proptest::test_runner::FileFailurePersistence::Direct(path))),
    }
}

suites! {
    hex: gamecheck::problems::Hex {
        differential: [differential_check_sizes: (1, 12) x 3000, differential_top_of_reach [alone]: (100, 150) x 8],
        exhaustive: [1 => 3, 2 => 81, 3 => 19_683],
        corpus: (40, (1, 7), "", |_| true, |index, board| {
            let verdict = solvers::hex::verdict(board);
            format!("case {index} (N = {}): {verdict}\n{}\n", board.size(), board.drawing())
        }),
        inputs: [],
    },
    // Up to S = 20 the Havannah pairing asks the naive oracle; above it, the backward one, and past S = 300 the
    // intervals engine.
    havannah: gamecheck::problems::Havannah {
        differential: [
            differential_check_sizes: (2, 12) x 2000,
            differential_medium: (21, 70) x 150,
            differential_top_of_the_backward_reach: (100, 300) x 16,
            // Generated games past S = 578 have 10^6 moves each, about a second each; the metamorphic draws hold the
            // many small games laid far apart on boards up to 10^9.
            // Fresh seeds beside the metamorphic draws' fixed ones, which hold the solver to the same intervals engine
            // on 500 games, 15 of them generated at S 578..10^9: one case each by default, the deeper tier 4 and 2,
            // and no other property's seeds replayed as games of 10^6 moves.
            differential_past_the_backward_reach [alone]: (301, 1_000_000_000) x if common::deep() { 4 } else { 1 },
            differential_top_of_reach [alone]: (900_000_000, 1_000_000_000) x if common::deep() { 2 } else { 1 },
        ],
        exhaustive: [2 => 13_700],
        corpus: (40, (2, 5),
            "Rows run from y = 2S−1 at the top to y = 1 at the bottom, x grows to the right; a number is the move that\n\
             put a stone there, `.` an empty cell. (1, 1) is the lower left corner.\n\n",
            |_| true,
            |index, game| {
                let answer = solvers::havannah::answer(game);
                format!("case {index} (S = {}, M = {}): {answer}\n{}\n", game.size, game.moves.len(), game.drawing())
            }),
        // Boards of more cells than a game may have moves: every game of the largest input is MAX_M moves long.
        inputs: [("large-input", 60, (17, 300)), ("largest-input", 1, (600, 600))],
    },
    // Boards of up to 10 spots drawn (and, to stay readable, at most 16 cells a side and 60 in all).
    inventor_outlasting: gamecheck::problems::InventorOutlasting {
        // Up to 13 spots the pairing asks the naive oracle; above, the split engine, up to the contest's 200.
        differential: [
            differential_check_sizes: (0, 12) x 1500,
            differential_top_of_the_naive_reach: (13, 13) x 60,
            differential_past_the_naive_reach: (14, 179) x 30,
            differential_top_of_reach: (180, 200) x 10,
        ],
        // Size is the number of cells: every shape R×C with R·C = k, each with its 2^k spot patterns.
        exhaustive: [
            1 => 2, 2 => 8, 3 => 16, 4 => 48, 5 => 64, 6 => 256, 7 => 256, 8 => 1024, 9 => 1536, 10 => 4096,
            11 => 4096, 12 => 24_576,
        ],
        corpus: (40, (0, 10),
            "W: a spot where Izabella's first move wins; X: any other spot; .: not a spot\n\n",
            |board| board.rows() <= 16 && board.cols() <= 16 && board.cell_count() <= 60,
            |index, board| {
                let answer = solvers::inventor_outlasting::answer(board);
                let wins = solvers::inventor_outlasting::winning_first_moves(board);
                format!(
                    "case {index} ({}×{}, {} spots): {} winning first move(s), Grundy number {}\n{}\n",
                    board.rows(),
                    board.cols(),
                    board.spot_count(),
                    answer.winning_moves,
                    answer.grundy,
                    board.drawing(&wins)
                )
            }),
        inputs: [("large-input", 2_000, (13, 200))],
    },
    // The Answer holds the verdict on every state, so the differential compares state by state, not only the counts.
    adjacent_consecutive: gamecheck::problems::AdjacentConsecutive {
        differential: [differential_check_sizes: (4, 9) x 400, differential_top_of_reach [alone]: (10, 10) x 4],
        // Every game up to N = 5, all (N!)² move sequences; then every position of N = 6 with a move left, through
        // the 5 950 games of `covering_games(6)`. N = 7 runs through the CLI: `gamecheck exhaust
        // adjacent-consecutive --size 7`.
        exhaustive: [4 => 576, 5 => 14_400, 6 => 5_950],
        corpus: (30, (4, 8), "", |_| true, |index, game| {
            let answer = solvers::adjacent_consecutive::answer(game);
            format!("case {index}: {}\n", game.drawing(&answer))
        }),
        inputs: [("large-input", 300, (8, 3_000))],
    },
}

/// The interactive problems (see `gamecheck::interactive`) have no cases to compare: what every one of them shares
/// is its fuzz targets, which play games, and their committed corpora replay here. Their other suites are written by
/// hand, as each plays its own protocol.
macro_rules! interactive_suites {
    ($($module:ident),* $(,)?) => {
        $(
            mod $module {
                use super::*;

                #[test]
                fn fuzz_corpus_inputs_pass_their_targets() {
                    let name = stringify!($module).replace('_', "-");
                    let problem = gamecheck::registry::find_interactive(&name).expect("a registered interactive problem");
                    replay(stringify!($module), |data| problem.fuzz_differential(data));
                    replay(concat!(stringify!($module), "_parse"), |data| problem.fuzz_parse(data));
                }
            }
        )*

        #[test]
        fn every_registered_interactive_problem_has_its_suites() {
            let declared = [$(stringify!($module).replace('_', "-")),*];
            for problem in INTERACTIVE.iter() {
                assert!(declared.iter().any(|d| d == problem.name()), "{}: one line in interactive_suites!", problem.name());
            }
        }
    };
}

interactive_suites! {
    order_chaos,
}

const SNAPSHOT_SEED: u64 = 7;

fn gamecheck() -> Command {
    Command::cargo_bin("gamecheck").expect("the gamecheck binary is built")
}

fn agree<P: Problem>(case: &Case<P>) -> Result<(), TestCaseError> {
    let verdicts = Verdicts::<P>::of(case);
    let (solver, oracle) = verdicts.shown();
    prop_assert!(
        verdicts.agree(),
        "solver: {solver}\noracle: {oracle}\ninput:\n{}",
        P::Game::write(std::slice::from_ref(case))
    );
    Ok(())
}

/// A fixed seeded corpus drawn for people, kept in `snapshots/NAME.snap`: a change in any answer (or in the
/// generator) shows as a readable diff under `cargo insta review`. `keep` leaves out cases too big to read.
fn corpus<P: Problem>(
    name: &str,
    cases: usize,
    sizes: Sizes,
    header: &str,
    keep: impl Fn(&Case<P>) -> bool,
    draw: impl Fn(u64, &Case<P>) -> String,
) {
    let mut text = header.to_string();
    let drawn = (0..).map(|index| (index, generate_case::<P>(SNAPSHOT_SEED, index, sizes)));
    for (index, case) in drawn.filter(|(_, case)| keep(case)).take(cases) {
        text.push_str(&draw(index, &case));
    }
    snapshot(name, text);
}

/// The first cases of a run as `gamecheck gen` writes them, reduced to a digest in `snapshots/NAME-KIND.snap`. The
/// readable corpus sees only 30–40 small cases; this pins thousands at the check sizes (`generated-input`), and
/// boards past the oracle's reach that only `gen --size`, the metamorphic suite and the benchmarks make
/// (`large-input`): their properties hold for any board, so they would not notice a generator that stopped making
/// some shape. Seeds must keep reproducing the same cases: a failure report names a seed and index.
fn input_fingerprint(problem: &dyn Entry, kind: &str, cases: u64, sizes: Sizes) {
    let input = problem.generate(gamecheck::check::DEFAULT_SEED, 0, cases, sizes);
    snapshot(
        &format!("{}-{kind}", problem.name()),
        format!(
            "seed {}, cases 0..{cases} at sizes {}..={}: {} lines, {} bytes, FNV-1a {:#018x}\n",
            gamecheck::check::DEFAULT_SEED,
            sizes.min,
            sizes.max,
            input.lines().count(),
            input.len(),
            fnv1a(&input)
        ),
    );
}

/// The files of one directory, sorted.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .collect();
    files.sort();
    files
}

/// The inputs of a fuzz target's committed corpus, sorted, each with its contents.
fn fuzz_corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let files = files_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target));
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read(&p).expect("a readable corpus file"))).collect()
}

/// A case file as text, or a panic naming it.
fn read_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The cases the committed differential corpus of a problem stands for, as its fuzz target builds them, reduced to a
/// digest. `cargo fuzz cmin` kept each input for the coverage its case reached; if the bytes came to mean other cases
/// (a change in `arbitrary` or in the generator), the corpus would silently stop covering what it was kept for.
fn fuzz_corpus_cases<P: Problem>() {
    let files = fuzz_corpus(&P::Game::NAME.replace('-', "_"));
    let (mut built, mut skipped, mut cases) = (0, 0, String::new());
    for (_, data) in &files {
        match gamecheck::fuzzing::case_of::<P>(data) {
            Some(case) => {
                built += 1;
                cases.push_str(&P::Game::write(std::slice::from_ref(&case)));
            }
            None => skipped += 1,
        }
    }
    snapshot(
        &format!("{}-corpus-cases", P::Game::NAME),
        format!(
            "{} inputs: {built} cases, {skipped} skipped; FNV-1a of the cases {:#018x}\n",
            files.len(),
            fnv1a(&cases)
        ),
    );
}

/// Every input of a fuzz target's committed corpus through the target's own body, on stable, so `cargo test` covers
/// what fuzzing found; a panic is a failure naming the file.
fn replay(target: &str, run: impl Fn(&[u8])) {
    let corpus = fuzz_corpus(target);
    assert!(corpus.len() >= 10, "{target}: the seed corpus must be committed");
    for (name, data) in corpus {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&data)));
        assert!(outcome.is_ok(), "{name} fails the {target} target");
    }
}

/// What a problem needs beside its code and its suite line, and that nothing would otherwise miss: its two fuzz
/// targets, declared in the fuzz manifest (stable builds never read it), and its page of rules in `docs/problems/`,
/// which its oracle is read against.
fn files_of_a_problem(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).expect("the fuzz manifest");
    let target = name.replace('-', "_");
    for target in [target.clone(), format!("{target}_parse")] {
        let path = format!("fuzz_targets/{target}.rs");
        let declared = format!("name = \"{target}\"\npath = \"{path}\"");
        assert!(manifest.contains(&declared), "fuzz/Cargo.toml has no [[bin]] for {target} at {path}");
        assert!(root.join("fuzz").join(&path).is_file(), "fuzz/{path} is missing");
    }
    let page = root.join("docs/problems").join(format!("{name}.md"));
    let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    assert!(text.len() > 500, "{} is too short to hold the rules", page.display());
}

/// The official `.ans` files may lack the final newline our output has; nothing else may differ.
fn same_output(ours: &str, official: &str) -> bool {
    ours.strip_suffix('\n').unwrap_or(ours) == official.strip_suffix('\n').unwrap_or(official)
}

/// Every case file under `tests/data/<problem>/` (the official sample and small set, and any case that once exposed
/// a bug) through the same parse, solve and print path as `gamecheck solve`, with the solver and with the oracle.
/// All mismatches are collected and reported together.
/// `gamecheck draw` on the official sample and small set: one well-formed SVG document with a panel per case, in
/// order, each captioned with the recorded answer; every case of the sample is drawn, not noted as too large.
fn drawn_as_recorded(problem: &dyn Entry) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(problem.name());
    for set in ["sample", "small"] {
        let path = dir.join(format!("{set}.in"));
        let (input, answers) = (read_text(&path), read_text(&path.with_extension("ans")));
        let mut svg = Vec::new();
        problem.draw_to(&input, &mut svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let svg = String::from_utf8(svg).expect("SVG is text");
        let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", path.display()));
        let class = |node: &roxmltree::Node, class: &str| node.attribute("class") == Some(class);
        let cases: Vec<_> = document.descendants().filter(|n| class(n, "case")).collect();
        let captions: Vec<String> = cases
            .iter()
            .map(|case| {
                let caption = case.descendants().find(|n| class(n, "caption")).expect("every case has a caption");
                caption.text().unwrap_or_default().to_string()
            })
            .collect();
        let recorded: Vec<&str> = answers.lines().collect();
        assert_eq!(captions, recorded, "{}: a panel per case, captioned with the recorded answer", path.display());
        let notes = cases.iter().filter(|case| case.descendants().any(|n| class(&n, "note"))).count();
        if set == "sample" {
            assert_eq!(notes, 0, "{}: every sample case is drawn", path.display());
        }
    }
}

fn answers_as_recorded(problem: &dyn Entry) {
    let name = problem.name();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let inputs: Vec<PathBuf> =
        files_in(&dir).into_iter().filter(|file| file.extension().is_some_and(|e| e == "in")).collect();
    let names: Vec<String> =
        inputs.iter().map(|file| file.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert!(
        names.iter().any(|n| n == "sample.in") && names.iter().any(|n| n == "small.in"),
        "{name}: the official sample and small set must be in tests/data, found {names:?}"
    );
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &inputs {
        let (input, answers) = (read_text(path), read_text(&path.with_extension("ans")));
        let file = path.display();
        for engine in [Engine::Solver, Engine::Oracle] {
            checked += 1;
            match problem.solve(&input, engine) {
                Ok(output) if same_output(&output, &answers) => {}
                Ok(output) => {
                    let diff: Vec<String> = output
                        .lines()
                        .zip(answers.lines())
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| format!("    ours {a:?}, recorded {b:?}"))
                        .take(5)
                        .collect();
                    failures.push(format!("{file} with the {engine:?}:\n{}", diff.join("\n")))
                }
                Err(e) => failures.push(format!("{file} with the {engine:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} runs differ:\n{}", failures.len(), failures.join("\n"));
}

/// Solver against oracle on every case of each size; the count proves the enumeration is complete, not merely that
/// what it produced agreed.
fn exhaust(problem: &dyn Entry, expected: &[(usize, u64)]) {
    assert!(!expected.is_empty(), "{}: declare at least one exhaustive size", problem.name());
    for &(size, count) in expected {
        let result = problem.exhaust(size, &ProgressBar::hidden());
        assert_eq!(result.checked, count, "{} size {size}: wrong number of cases enumerated", problem.name());
        assert!(
            result.disagreements == 0,
            "{} size {size}: {} disagreements, e.g.\n{}",
            problem.name(),
            result.disagreements,
            result.examples[0]
        );
    }
}

/// The command line as a user meets it, for one problem: `solve` answers the official sample from stdin and from a
/// file, with the solver and the oracle; `gen` prints input that both engines answer alike, and `--from` reprints
/// one case of it alone; `check` ends with its table and exit 0; `exhaust` counts the smallest exhaustive size.
fn round_trip<P: Problem>(problem: &dyn Entry, (size, count): (usize, u64)) {
    let name = problem.name();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name).join("sample.in");
    let expected = format!("{}\n", read_text(&path.with_extension("ans")).trim_end());
    let sample = read_text(&path);
    let file = path.to_str().expect("the checkout's path is UTF-8");
    gamecheck().args(["solve", name]).write_stdin(sample).assert().success().stdout(expected.clone());
    gamecheck().args(["solve", name, file]).assert().success().stdout(expected.clone());
    gamecheck().args(["solve", name, "--oracle", file]).assert().success().stdout(expected);

    let sizes = problem.check_sizes().to_string();
    let gen_args = ["gen", name, "--seed", "3", "--size", &sizes];
    let input = gamecheck().args(gen_args).args(["--cases", "25"]).assert().success().get_output().stdout.clone();
    let input = String::from_utf8(input).expect("contest input is text");
    assert!(input.starts_with("25\n"), "{name}: {input}");
    let solver = gamecheck().args(["solve", name]).write_stdin(input.clone()).assert().success();
    let oracle = gamecheck().args(["solve", name, "--oracle"]).write_stdin(input.clone()).assert().success();
    assert_eq!(String::from_utf8_lossy(&solver.get_output().stdout).lines().count(), 25);
    assert_eq!(solver.get_output().stdout, oracle.get_output().stdout, "{name}: the engines differ on\n{input}");
    // Case 17 alone, by --from, is case 17 of the whole run.
    let alone = gamecheck().args(gen_args).args(["--from", "17", "--cases", "1"]).assert().success();
    let alone = String::from_utf8(alone.get_output().stdout.clone()).expect("contest input is text");
    let cases = P::Game::parse(&input).expect("generated input reads back");
    assert_eq!(P::Game::parse(&alone).expect("generated input reads back"), vec![cases[17].clone()]);

    gamecheck()
        .args(["check", name, "--cases", "200", "--seed", "11"])
        .assert()
        .success()
        .stdout(predicate::str::contains(name).and(predicate::str::contains("200")));
    gamecheck()
        .args(["exhaust", name, "--size", &size.to_string()])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("{name} size {size}: {count} cases, 0 disagreements")));
}

/// The Hex shapes that only large boards hold, drawn in every decade of sizes up to the contest's limit: each shape
/// makes what its features name (a winding chain longer than N²/4, a bottleneck far from both edges) or, in its
/// variants, an `Impossible` whose counts are in range, in every band as counted by `check --stats`; and the
/// witness checker accepts the solver's witness on every board, which is all that judges it past the oracle's reach.
#[test]
fn hex_large_shapes_reach_their_features_in_every_band() {
    use cases::hex::{Shape, generate_shape};
    use gamecheck::check::Band;
    use games::hex::Verdict;
    use std::collections::BTreeMap;

    let shapes: [(Shape, u64, &[&str]); 2] = [
        (Shape::Winding, 7, &["winding chain", "chain longer than N²/4"]),
        (Shape::FarBottleneck, 7, &["bottleneck far from the edges"]),
    ];
    for (low, high) in [(16, 99), (100, 999), (1800, 2000)] {
        for &(shape, draws, named) in &shapes {
            let mut seen: BTreeMap<Band, BTreeMap<&str, u64>> = BTreeMap::new();
            for index in 0..draws {
                let mut rng = cases::case_rng(gamecheck::check::DEFAULT_SEED, index);
                let board = generate_shape(&mut rng, Sizes::new(low, high), shape);
                let n = board.size();
                let verdict = solvers::hex::verdict(&board);
                let certified = <gamecheck::problems::Hex as Problem>::certify(&board, &verdict);
                assert_eq!(certified, Some(Ok(())), "{shape:?} draw {index} (N = {n}): the witness of `{verdict}`");
                let features = gamecheck::problems::Hex::features(&board, &verdict);
                // Each draw is what the shape promises: a win with every named feature, or a hard Impossible.
                let hard = verdict == Verdict::Impossible && features.contains(&"Impossible with counts in range");
                let win = verdict != Verdict::Impossible && named.iter().all(|f| features.contains(f));
                assert!(hard || win, "{shape:?} draw {index} (N = {n}): `{verdict}` with {features:?}\n{board}");
                let band = seen.entry(Band::of(n)).or_default();
                for feature in features {
                    *band.entry(feature).or_default() += 1;
                }
            }
            for (band, counts) in &seen {
                for feature in named.iter().chain(&["Impossible with counts in range"]) {
                    assert!(
                        counts.get(feature).is_some_and(|&k| k > 0),
                        "{shape:?} at N {band}: no `{feature}` in {counts:?}"
                    );
                }
            }
        }
    }
}

/// The Inventor Outlasting shapes that only some sizes hold: strips one and two cells wide and boards of 180 cells
/// or more, at every density band their spot counts allow (a board of k spots has density k/200 or more, so past 100
/// spots only the two upper bands exist), each reached within a few dozen draws, as `check --stats` names them.
#[test]
fn inventor_outlasting_strips_and_full_size_boards_reach_every_density() {
    use cases::inventor_outlasting::{Shape, generate_shape};
    use std::collections::BTreeSet;

    let bands = |shape: &str, densities: &[&str]| -> Vec<String> {
        densities.iter().map(|density| format!("{shape}, density {density}")).collect()
    };
    let all = ["≤ 20%", "20–50%", "50–90%", "≥ 90%"];
    let upper = ["50–90%", "≥ 90%"];
    let runs: [(Shape, (usize, usize), Vec<String>); 6] = [
        (Shape::Strip, (10, 99), [bands("strip 1×n", &all), bands("strip 2×n", &all)].concat()),
        (Shape::Strip, (100, 200), [bands("strip 1×n", &upper), bands("strip 2×n", &upper)].concat()),
        // At most 99 spots in 180 cells or more: 55% at the most.
        (Shape::FullSize, (10, 99), bands("full-size board", &all[..3])),
        (Shape::FullSize, (100, 200), bands("full-size board", &upper)),
        (Shape::Thinnest, (100, 200), [bands("strip 1×n", &upper), bands("strip 2×n", &upper)].concat()),
        (Shape::Full, (180, 200), bands("full-size board", &["≥ 90%"])),
    ];
    for (shape, (low, high), expected) in runs {
        let mut seen = BTreeSet::new();
        for index in 0..60 {
            let board = generate_shape(
                &mut cases::case_rng(gamecheck::check::DEFAULT_SEED, index),
                Sizes::new(low, high),
                shape,
            );
            let answer = solvers::inventor_outlasting::answer(&board);
            seen.extend(
                gamecheck::problems::InventorOutlasting::features(&board, &answer).into_iter().map(String::from),
            );
        }
        for feature in &expected {
            assert!(seen.contains(feature), "{shape:?} at {low}..{high} spots: no `{feature}` in 60 draws: {seen:?}");
        }
    }
}

/// The Adjacent and Consecutive states only the runs shape keeps, at large N: every branch of the closed form that
/// `features` names (K = 1, K = 2 both ways, even K, odd K on both sides of 2Z = K and at it, the run of three
/// or more on either side or neither), the early states on both sides of it, and every choice of B's free side,
/// each reached within a few dozen draws per band; and the certificate accepts every state of each game, which is
/// all that judges the solver past the oracle's reach.
#[test]
fn adjacent_consecutive_runs_reach_every_closed_form_class_at_large_n() {
    use cases::adjacent_consecutive::{Shape, generate_shape};
    use std::collections::BTreeSet;

    let named = [
        "A, closed form: K = 1",
        "A, closed form: K = 2, a run of two each side",
        "A, closed form: K = 2, two singles on a side",
        "A, closed form: K even ≥ 4",
        "A, closed form: K odd ≥ 3, 2Z = K + 1",
        "A, closed form: K odd ≥ 3, 2Z ≥ K + 3",
        "A, closed form: K odd ≥ 3, 2Z = K − 1",
        "A, closed form: K odd ≥ 3, 2Z ≤ K − 3",
        "A, closed form: a run ≥ 3 of cells",
        "A, closed form: a run ≥ 3 of tiles",
        "A, closed form: runs of one and two only",
        "A, closed form, K ≥ N/3: 2Z > K",
        "A, closed form, K ≥ N/3: 2Z ≤ K",
        "A, closed form, K > N/2",
        "B, no threat, K ≥ N/3",
        "B, no threat, free side: runs of one and two only",
        "B, no threat, free side: one run ≥ 3, of 5",
        "B, no threat, free side: one run ≥ 3, of another length",
        "B, no threat, free side: two or more runs ≥ 3",
    ];
    for (low, high, draws) in [(100, 999, 80), (3_000, 6_000, 80)] {
        let mut seen = BTreeSet::new();
        for index in 0..draws {
            let mut rng = cases::case_rng(gamecheck::check::DEFAULT_SEED, index);
            let game = generate_shape(&mut rng, Sizes::new(low, high), Shape::Runs, None);
            let answer = solvers::adjacent_consecutive::answer(&game);
            let certified = <gamecheck::problems::AdjacentConsecutive as Problem>::certify(&game, &answer);
            assert_eq!(certified, Some(Ok(())), "draw {index} (N = {})", game.n);
            seen.extend(gamecheck::problems::AdjacentConsecutive::features(&game, &answer));
        }
        for class in named {
            assert!(seen.contains(class), "N {low}..{high}: no `{class}` in {draws} draws: {seen:?}");
        }
    }
}

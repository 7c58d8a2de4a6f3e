//! Every case file under `tests/data/<problem>/` (the official sample and small set, and any case that once exposed
//! a bug) through the same parse, solve and print path as `gamecheck solve`, with the solver and with the oracle.
//! All mismatches are collected and reported together.

use std::path::Path;

use gamecheck::PROBLEMS;
use gamecheck::registry::Engine;

/// The `.in` files of one problem, sorted, each with its `.ans`.
fn case_files(problem: &str) -> Vec<(String, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(problem);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|input| {
            let answers = input.with_extension("ans");
            let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (input.file_name().unwrap().to_string_lossy().into_owned(), read(&input), read(&answers))
        })
        .collect()
}

/// The official `.ans` files may lack the final newline our output has; nothing else may differ.
fn same_output(ours: &str, official: &str) -> bool {
    ours.strip_suffix('\n').unwrap_or(ours) == official.strip_suffix('\n').unwrap_or(official)
}

/// Every case file of one problem, with the solver and with the oracle; all mismatches reported together.
fn answers_as_recorded(name: &str) {
    let problem = gamecheck::registry::find(name).expect("a registered batch problem");
    let files = case_files(name);
    let names: Vec<&str> = files.iter().map(|(file, _, _)| file.as_str()).collect();
    assert!(
        names.contains(&"sample.in") && names.contains(&"small.in"),
        "{name}: the official sample and small set must be in tests/data, found {names:?}"
    );
    let mut failures = Vec::new();
    let mut checked = 0;
    for (file, input, answers) in &files {
        for engine in [Engine::Solver, Engine::Oracle] {
            checked += 1;
            match problem.solve(input, engine) {
                Ok(output) if same_output(&output, answers) => {}
                Ok(output) => {
                    let diff: Vec<String> = output
                        .lines()
                        .zip(answers.lines())
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| format!("    ours {a:?}, recorded {b:?}"))
                        .take(5)
                        .collect();
                    failures.push(format!("{name}/{file} with the {engine:?}:\n{}", diff.join("\n")))
                }
                Err(e) => failures.push(format!("{name}/{file} with the {engine:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} runs differ:\n{}", failures.len(), failures.join("\n"));
}

// One test per problem, named after it, so that a test-name filter (as `.ci/mutants hex` uses) runs only that
// problem's files.
macro_rules! case_files {
    ($($test:ident: $problem:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                answers_as_recorded($problem);
            }
        )*

        #[test]
        fn every_problem_has_its_case_files_test() {
            let tested = [$($problem),*];
            for problem in PROBLEMS {
                assert!(tested.contains(&problem.name()), "{}: add it to the case_files! list", problem.name());
            }
        }
    };
}

case_files! {
    hex_case_files_answer_as_recorded: "hex",
    havannah_case_files_answer_as_recorded: "havannah",
    inventor_outlasting_case_files_answer_as_recorded: "inventor-outlasting",
    adjacent_consecutive_case_files_answer_as_recorded: "adjacent-consecutive",
}

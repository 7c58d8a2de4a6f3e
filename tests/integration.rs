//! Every integration suite of `tests/` in one test binary: each file links the whole workspace, so one binary per
//! file linked it a dozen times and compiled the harness's generic code once per file (issue 30). The files stay
//! where they are and keep their own module (`cargo test --test integration suites::` runs one), and
//! `every_suite_file_is_a_module_here` fails when a new `tests/*.rs` is not declared below, as Cargo no longer finds
//! one by itself (`autotests = false`).

// Each suite declares the helpers it uses (`mod common;`, `mod pages;`) as it did as a binary of its own, so that a
// file moves between binaries unchanged; those modules are small and only what each suite calls is compiled.
#![allow(clippy::duplicate_mod)]

#[path = "cli.rs"]
mod cli;
#[path = "differential.rs"]
mod differential;
#[path = "exhaustive.rs"]
mod exhaustive;
#[path = "harness.rs"]
mod harness;
#[path = "metamorphic.rs"]
mod metamorphic;
#[path = "report.rs"]
mod report;
#[path = "robustness.rs"]
mod robustness;
#[path = "shrinking.rs"]
mod shrinking;
#[path = "snapshots.rs"]
mod snapshots;
#[path = "stress.rs"]
mod stress;
#[path = "stress_any.rs"]
mod stress_any;
#[path = "suites.rs"]
mod suites;

/// As many tests at a time as there are cores and half as many again, rounded up (3 on 2), unless `--test-threads`
/// or `RUST_TEST_THREADS` says otherwise. Many tests here wait on programs they started: a hanging one for its whole
/// time limit, a Ctrl-C, Python's start; two of those side by side left both cores idle, while the rest of the binary
/// is bound by its CPU. libtest takes the count from that variable or the flag only, so it is set before `main`; a
/// fixed number in `.cargo/config.toml` would give a 16-core machine fewer threads than its default
/// (docs/testing.md#what-the-suite-costs).
#[ctor::ctor(unsafe)]
fn half_as_many_tests_again_as_cores() {
    if std::env::var_os("RUST_TEST_THREADS").is_none() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // SAFETY: before `main`, no other thread reads or writes the environment.
        unsafe { std::env::set_var("RUST_TEST_THREADS", (cores + cores.div_ceil(2)).to_string()) };
    }
}

/// The count above is in place by the time the tests run, as libtest reads it: a positive number.
#[test]
fn the_test_threads_are_set_before_main() {
    let threads = std::env::var("RUST_TEST_THREADS").expect("set before main, unless the user set it");
    assert!(threads.parse::<usize>().is_ok_and(|n| n > 0), "RUST_TEST_THREADS={threads:?}");
}

#[test]
fn every_suite_file_is_a_module_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let root = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/integration.rs"))
        .expect("tests/integration.rs reads");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/ lists") {
        let name = entry.expect("tests/ lists").file_name().into_string().expect("a UTF-8 file name");
        let Some(stem) = name.strip_suffix(".rs") else { continue };
        if stem != "integration" && !root.contains(&format!("#[path = \"{name}\"]\nmod {stem};")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{} would never run: Cargo builds tests/integration.rs alone (autotests = false in Cargo.toml); \
         declare each as `#[path = \"NAME.rs\"] mod NAME;` in tests/integration.rs",
        missing.join(", tests/")
    );
}

/// The harness library and binary are built without a test harness of their own (`test = false` under `[lib]` and
/// `[[bin]]` in Cargo.toml): a second build of the library for a handful of unit tests cost a fresh clone 30 s of CPU
/// (issue 30). Their behaviour is tested here, through the public API and the command line, and a unit test written
/// in `src/` would never run, so this fails on one.
#[test]
fn the_harness_library_holds_no_unit_tests() {
    let found: Vec<String> = rust_files("src")
        .into_iter()
        .filter(|(_, text)| text.contains("#[test]") || text.contains("#[cfg(test)]"))
        .map(|(path, _)| path)
        .collect();
    assert!(
        found.is_empty(),
        "{} would never run: the library is built without its unit tests; test it from tests/ instead",
        found.join(", ")
    );
}

/// No crate runs rustdoc's tests (`doctest = false` in each Cargo.toml: six starts of rustdoc that found none), so
/// an example written in a doc comment would never run, and this fails on one: a fenced block whose fence names no
/// language or only Rust's test attributes, or a block indented four spaces after a blank line, as rustdoc reads them.
#[test]
fn no_doc_comment_holds_an_example() {
    const RUST: [&str; 6] = ["rust", "ignore", "no_run", "should_panic", "compile_fail", "test_harness"];
    let is_rust = |info: &str| {
        info.split(',').map(str::trim).all(|w| w.is_empty() || RUST.contains(&w) || w.starts_with("edition"))
    };
    let mut found = Vec::new();
    for krate in std::iter::once("src".to_string()).chain(workspace_members().into_iter().map(|m| format!("{m}/src"))) {
        for (path, text) in rust_files(&krate) {
            let (mut fenced, mut after_blank) = (false, false);
            for (i, line) in text.lines().enumerate() {
                let line = line.trim_start();
                let Some(doc) = line.strip_prefix("///").or_else(|| line.strip_prefix("//!")) else {
                    after_blank = false;
                    continue;
                };
                // `////` is a plain comment.
                if doc.starts_with('/') {
                    continue;
                }
                let doc = doc.strip_prefix(' ').unwrap_or(doc);
                if let Some(info) = doc.trim_start().strip_prefix("```") {
                    if !fenced && is_rust(info) {
                        found.push(format!("{path}:{}", i + 1));
                    }
                    fenced = !fenced;
                } else if !fenced && after_blank && doc.starts_with("    ") && !doc.trim().is_empty() {
                    found.push(format!("{path}:{}", i + 1));
                }
                after_blank = doc.trim().is_empty();
            }
        }
    }
    assert!(
        found.is_empty(),
        "a Rust example in a doc comment at {} would never run: doc tests are off; write it as a test, or fence it as \
         ```text",
        found.join(", ")
    );
}

/// The workspace's member crates as the root Cargo.toml lists them (`members = [...]`, on one line), so a crate
/// added there is checked too.
fn workspace_members() -> Vec<String> {
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).expect("Cargo.toml reads");
    let list = manifest
        .lines()
        .find_map(|line| line.strip_prefix("members = [")?.strip_suffix(']'))
        .expect("Cargo.toml lists the workspace's members on one line");
    let members: Vec<String> = list.split(',').map(|m| m.trim().trim_matches('"').to_string()).collect();
    assert!(members.iter().all(|m| !m.is_empty()), "members = [{list}]");
    members
}

/// Every `.rs` file under `dir` (relative to the workspace root), with its text.
fn rust_files(dir: &str) -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{} lists: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                found.push((path.display().to_string(), text));
            }
        }
    }
    let mut found = Vec::new();
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut found);
    assert!(!found.is_empty(), "no source file under {dir}");
    found
}

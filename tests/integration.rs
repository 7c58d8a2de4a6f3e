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

/// The harness library is built without a test harness of its own (`test = false` under `[lib]` in Cargo.toml): a
/// second build of it for a handful of unit tests cost a fresh clone 30 s of CPU (issue 30). Its behaviour is tested
/// here, through its public API, and a unit test written in `src/` would never run, so this fails on one.
#[test]
fn the_harness_library_holds_no_unit_tests() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("src/ lists") {
            let path = entry.expect("src/ lists").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                if text.contains("#[test]") || text.contains("#[cfg(test)]") {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")), &mut found);
    assert!(
        found.is_empty(),
        "{} would never run: the library is built without its unit tests; test it from tests/ instead",
        found.join(", ")
    );
}

//! Replays every committed fuzz corpus through the fuzz targets' own bodies, on stable, so `cargo test` covers what
//! fuzzing found. Corpus folders: `fuzz/corpus/<problem>` (differential) and `fuzz/corpus/<problem>_parse`, with `-`
//! in the problem name written `_`.

use std::path::Path;

use gamecheck::PROBLEMS;
use gamecheck::registry::INTERACTIVE;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .collect();
    files.sort();
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read(&p).expect("a readable corpus file"))).collect()
}

#[test]
fn every_corpus_input_passes_its_target() {
    for problem in PROBLEMS {
        let target = problem.name().replace('-', "_");
        let differential = inputs(&target);
        let parse = inputs(&format!("{target}_parse"));
        assert!(differential.len() >= 10 && parse.len() >= 10, "{target}: the seed corpora must be committed");
        for (name, data) in differential {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.fuzz_differential(&data)));
            assert!(outcome.is_ok(), "{name} fails the {target} target");
        }
        for (name, data) in parse {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.fuzz_parse(&data)));
            assert!(outcome.is_ok(), "{name} fails the {target}_parse target");
        }
    }
}

/// The same for the interactive problems, whose targets play games rather than compare answers.
#[test]
fn every_corpus_input_passes_its_interactive_target() {
    for problem in INTERACTIVE {
        let target = problem.name().replace('-', "_");
        let differential = inputs(&target);
        let parse = inputs(&format!("{target}_parse"));
        assert!(differential.len() >= 10 && parse.len() >= 10, "{target}: the seed corpora must be committed");
        for (name, data) in differential {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.fuzz_differential(&data)));
            assert!(outcome.is_ok(), "{name} fails the {target} target");
        }
        for (name, data) in parse {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.fuzz_parse(&data)));
            assert!(outcome.is_ok(), "{name} fails the {target}_parse target");
        }
    }
}

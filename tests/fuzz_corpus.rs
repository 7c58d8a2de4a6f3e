//! Replays the committed fuzz corpora of the interactive problems through the fuzz targets' own bodies, on stable, so
//! `cargo test` covers what fuzzing found (the batch problems' corpora replay in `suites.rs`). Corpus folders: `fuzz/corpus/<problem>` (differential) and `fuzz/corpus/<problem>_parse`, with `-`
//! in the problem name written `_`.

use std::path::Path;

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

/// Runs every input of a target's corpus through `run`; a panic is a failure naming the file.
fn replay(target: &str, run: impl Fn(&[u8])) {
    let corpus = inputs(target);
    assert!(corpus.len() >= 10, "{target}: the seed corpus must be committed");
    for (name, data) in corpus {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&data)));
        assert!(outcome.is_ok(), "{name} fails the {target} target");
    }
}

/// The interactive problems' targets play games rather than compare answers.
fn interactive(name: &str) {
    let problem = gamecheck::registry::find_interactive(name).expect("a registered interactive problem");
    let target = name.replace('-', "_");
    replay(&target, |data| problem.fuzz_differential(data));
    replay(&format!("{target}_parse"), |data| problem.fuzz_parse(data));
}

// One test per interactive problem, named after it, so that a test-name filter (as `.ci/mutants` uses) replays only
// that problem's corpora.
macro_rules! corpora {
    ($($test:ident: $problem:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                interactive($problem);
            }
        )*

        #[test]
        fn every_interactive_problem_has_its_corpus_test() {
            let tested = [$($problem),*];
            for name in INTERACTIVE.iter().map(|p| p.name()) {
                assert!(tested.contains(&name), "{name}: add it to the corpora! list");
            }
        }
    };
}

corpora! {
    order_chaos_corpus_inputs_pass_their_targets: "order-chaos",
}

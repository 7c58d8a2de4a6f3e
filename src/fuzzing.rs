//! The bodies of the fuzz targets, kept here so that `tests/suites.rs` replays the committed corpora through
//! exactly what `cargo fuzz run` executes.

use arbitrary::Unstructured;

use crate::problem::Case;
use crate::problem::Verdicts;
use crate::{Problem, generate_case};
use cases::Cases;
use games::Contest;

/// Solver against oracle on one case built from fuzzer bytes: the first byte picks between a case built directly
/// from the bytes (the fuzzer steers every cell) and a case from the generator at a fuzzer-chosen seed and index
/// (the fuzzer steers toward the generator's structured shapes). Panics on a disagreement, with the case.
pub fn differential<P: Problem>(data: &[u8]) {
    let Some(case) = case_of::<P>(data) else { return };
    let verdicts = Verdicts::<P>::of(&case);
    let (solver, oracle) = verdicts.shown();
    assert!(
        verdicts.agree(),
        "{}: solver and oracle disagree\nsolver: {solver}\noracle: {oracle}\ninput:\n{}",
        P::Game::NAME,
        P::Game::write(std::slice::from_ref(&case))
    );
}

/// The case the differential target builds from fuzzer bytes, or `None` where it skips them (see [`differential`]).
pub fn case_of<P: Problem>(data: &[u8]) -> Option<Case<P>> {
    let mut u = Unstructured::new(data);
    if u.arbitrary::<bool>().ok()? {
        match P::Game::arbitrary(&mut u) {
            Ok(case) if P::Game::size(&case) <= P::FUZZ_SIZES.max => Some(case),
            // Too few bytes for a whole case: skip rather than pad with zeros, which would mostly be empty boards.
            // Past the oracle's reach: skip rather than time out.
            _ => None,
        }
    } else {
        let (seed, index) = (u.arbitrary::<u64>().ok()?, u.arbitrary::<u64>().ok()?);
        Some(generate_case::<P>(seed, index, P::FUZZ_SIZES))
    }
}

/// Arbitrary bytes as contest input: a clean error, or cases the solver answers and that print back to input which
/// parses to the same cases. Never a panic.
pub fn parse<P: Problem>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(cases) = P::Game::parse(&text) else { return };
    for case in &cases {
        P::solve(case);
    }
    let written = P::Game::write(&cases);
    let again = P::Game::parse(&written)
        .unwrap_or_else(|e| panic!("{}: our own output does not parse: {e}\n{written}", P::Game::NAME));
    assert_eq!(P::Game::write(&again), written, "{}: parse and write do not round-trip", P::Game::NAME);
}

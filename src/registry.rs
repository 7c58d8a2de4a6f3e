//! The problem registry: one line per problem, and the object-safe face the CLI works through.

use std::ffi::OsString;
use std::io;
use std::marker::PhantomData;

use games::{ParseError, Sizes};
use indicatif::ProgressBar;

use crate::check::{CheckOptions, Exhaustive, Summary, check, exhaust};
use crate::interactive::Interactive;
use crate::problems::{AdjacentConsecutive, Havannah, Hex, InventorOutlasting, OrderChaos};
use crate::stress::{StressOptions, StressSummary, stress};
use crate::{Problem, generate_case};

/// Every registered problem. Adding a problem: its modules in games, solvers, oracles and `src/problems/`, then one
/// line here.
pub static PROBLEMS: &[&dyn Entry] = &[
    &Registered::<Hex>::NEW,
    &Registered::<Havannah>::NEW,
    &Registered::<InventorOutlasting>::NEW,
    &Registered::<AdjacentConsecutive>::NEW,
];

pub fn find(name: &str) -> Option<&'static dyn Entry> {
    PROBLEMS.iter().copied().find(|p| p.name() == name)
}

/// Every registered interactive problem (see [`crate::interactive`]): a program plays it over a protocol, so it has
/// `play`, `judge` and `prove` where the problems above have `solve`, `gen` and `exhaust`. One line per problem.
pub static INTERACTIVE: &[&dyn Interactive] = &[&OrderChaos];

pub fn find_interactive(name: &str) -> Option<&'static dyn Interactive> {
    INTERACTIVE.iter().copied().find(|p| p.name() == name)
}

/// A problem of either kind, for the commands that take both (`check`, `list`).
#[derive(Clone, Copy)]
pub enum AnyProblem {
    Batch(&'static dyn Entry),
    Interactive(&'static dyn Interactive),
}

impl AnyProblem {
    pub fn name(&self) -> &'static str {
        match self {
            AnyProblem::Batch(p) => p.name(),
            AnyProblem::Interactive(p) => p.name(),
        }
    }

    pub fn check_cases(&self) -> u64 {
        match self {
            AnyProblem::Batch(p) => p.check_cases(),
            AnyProblem::Interactive(p) => p.check_cases(),
        }
    }
}

/// Every registered problem, batch ones first.
pub fn all_problems() -> impl Iterator<Item = AnyProblem> {
    PROBLEMS.iter().map(|&p| AnyProblem::Batch(p)).chain(INTERACTIVE.iter().map(|&p| AnyProblem::Interactive(p)))
}

pub fn find_any(name: &str) -> Option<AnyProblem> {
    all_problems().find(|p| p.name() == name)
}

/// Which engine answers in `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Solver,
    Oracle,
}

/// A problem seen through the registry, without its types.
pub trait Entry: Sync {
    fn name(&self) -> &'static str;
    fn check_sizes(&self) -> Sizes;
    fn check_cases(&self) -> u64;
    /// Contest input to contest output.
    fn solve(&self, input: &str, engine: Engine) -> Result<String, ParseError>;
    /// Cases `from..from + cases` of `seed` as one contest input.
    fn generate(&self, seed: u64, from: u64, cases: u64, sizes: Sizes) -> String;
    fn check(&self, options: &CheckOptions, progress: &ProgressBar) -> Summary;
    /// Someone else's program against our answers (see [`crate::stress`]).
    fn stress(
        &self,
        program: &[OsString],
        options: &StressOptions,
        progress: &ProgressBar,
    ) -> io::Result<StressSummary>;
    /// Solver against oracle on every case of one size.
    fn exhaust(&self, size: usize, progress: &ProgressBar) -> Exhaustive;
    /// The `PROBLEM` fuzz target's body (see [`crate::fuzzing::differential`]).
    fn fuzz_differential(&self, data: &[u8]);
    /// The `PROBLEM_parse` fuzz target's body (see [`crate::fuzzing::parse`]).
    fn fuzz_parse(&self, data: &[u8]);
}

pub struct Registered<P>(PhantomData<fn() -> P>);

impl<P> Registered<P> {
    pub const NEW: Registered<P> = Registered(PhantomData);
}

impl<P: Problem> Entry for Registered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn check_sizes(&self) -> Sizes {
        P::CHECK_SIZES
    }

    fn check_cases(&self) -> u64 {
        P::CHECK_CASES
    }

    fn solve(&self, input: &str, engine: Engine) -> Result<String, ParseError> {
        let engine = match engine {
            Engine::Solver => P::solve,
            Engine::Oracle => P::oracle,
        };
        Ok(games::contest::write_answers(P::parse(input)?.iter().map(engine)))
    }

    fn generate(&self, seed: u64, from: u64, cases: u64, sizes: Sizes) -> String {
        let cases: Vec<P::Case> = (from..from + cases).map(|i| generate_case::<P>(seed, i, sizes)).collect();
        P::write(&cases)
    }

    fn check(&self, options: &CheckOptions, progress: &ProgressBar) -> Summary {
        check::<P>(options, progress)
    }

    fn stress(
        &self,
        program: &[OsString],
        options: &StressOptions,
        progress: &ProgressBar,
    ) -> io::Result<StressSummary> {
        stress::<P>(program, options, progress)
    }

    fn exhaust(&self, size: usize, progress: &ProgressBar) -> Exhaustive {
        exhaust::<P>(size, progress)
    }

    fn fuzz_differential(&self, data: &[u8]) {
        crate::fuzzing::differential::<P>(data)
    }

    fn fuzz_parse(&self, data: &[u8]) {
        crate::fuzzing::parse::<P>(data)
    }
}

//! The problem registry: one line per problem, and the object-safe face the CLI works through.

use std::ffi::OsString;
use std::io::{self, Write};
use std::marker::PhantomData;
use std::sync::LazyLock;

use cases::{Cases, case_rng};
use games::Sizes;
use indicatif::ProgressBar;

use crate::check::{CheckOptions, Exhaustive, Summary, check, exhaust};
use crate::interactive::Interactive;
use crate::problem::{Reach, run};
use crate::problems::{self, OrderChaos};
use crate::stress::{StressOptions, StressSummary, stress};
use crate::{Problem, generate_case};
use games::Contest;

/// Every registered batch problem, one line each (README, "Adding a problem", lists the rest).
pub static PROBLEMS: &[&dyn Entry] = &[
    &Registered::<problems::Hex>::NEW,
    &Registered::<problems::Havannah>::NEW,
    &Registered::<problems::InventorOutlasting>::NEW,
    &Registered::<problems::AdjacentConsecutive>::NEW,
];

pub fn find(name: &str) -> Option<&'static dyn Entry> {
    PROBLEMS.iter().copied().find(|p| p.name() == name)
}

/// Every registered interactive problem (see [`crate::interactive`]): a program plays it over a protocol, so it has
/// `play`, `judge` and `prove` where the problems above have `solve`, `gen` and `exhaust`. One line per problem.
/// Built on first use: a problem value holds its strategy, which is validated when it is made.
pub static INTERACTIVE: LazyLock<[&dyn Interactive; 1]> = LazyLock::new(|| [&*ORDER_CHAOS]);

static ORDER_CHAOS: LazyLock<OrderChaos> = LazyLock::new(OrderChaos::tester);

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
    /// The sizes and case count of the default `check`'s run at the top of the oracle's reach (see
    /// [`Problem::CHECK_TOP`]).
    fn check_top(&self) -> Option<(Sizes, u64)>;
    /// The bare `check`'s row at the contest's limit, judged by the certificate alone (see [`Problem::LIMIT_RUN`]).
    fn limit_run(&self) -> Option<(Sizes, u64)>;
    /// Whether every answer is proved by its certificate past the oracle's reach (see [`Problem::CERTIFIED`]).
    fn certified(&self) -> bool;
    /// Every size the contest allows (see [`Problem::SIZE_LIMITS`]).
    fn size_limits(&self) -> Sizes;
    /// The most cases one contest input may hold (T), which `gen` must not pass.
    fn max_cases(&self) -> u64;
    /// How far the oracle answers (see [`Problem::ORACLE_REACH`]).
    fn oracle_reach(&self) -> Reach;
    /// The sizes `exhaust` enumerates, if any (see [`Problem::EXHAUSTIVE_SIZES`]).
    fn exhaustive_sizes(&self) -> Option<Sizes>;
    /// Contest input to contest output, written answer by answer. Bad input, or a case past the oracle's reach when
    /// the oracle answers, is an error before anything is written.
    fn solve_to(&self, input: &str, engine: Engine, out: &mut dyn Write) -> anyhow::Result<()>;
    /// [`Entry::solve_to`] into a string.
    fn solve(&self, input: &str, engine: Engine) -> anyhow::Result<String> {
        let mut out = Vec::new();
        self.solve_to(input, engine, &mut out)?;
        Ok(String::from_utf8(out).expect("answers are text"))
    }
    /// Every case of contest input drawn as one SVG document, each under `Case #i: ` and the solver's answer (see
    /// [`crate::draw`]). Bad input is an error before anything is written.
    fn draw_to(&self, input: &str, out: &mut dyn Write) -> anyhow::Result<()>;
    /// Whether `input` is contest input of this problem, with the parser's error where it is not.
    fn parses(&self, input: &str) -> Result<(), games::contest::ParseError>;
    /// Cases `from..from + cases` of `seed` as one contest input, written case by case.
    fn generate_to(&self, seed: u64, from: u64, cases: u64, sizes: Sizes, out: &mut dyn Write) -> io::Result<()>;
    /// Cases `from..from + cases` of the preset `name` and `seed` as one contest input; an unknown name is an error
    /// naming the presets there are, before anything is written.
    fn generate_preset_to(
        &self,
        name: &str,
        seed: u64,
        from: u64,
        cases: u64,
        out: &mut dyn Write,
    ) -> anyhow::Result<()>;
    /// [`Entry::generate_to`] into a string.
    fn generate(&self, seed: u64, from: u64, cases: u64, sizes: Sizes) -> String {
        let mut out = Vec::new();
        self.generate_to(seed, from, cases, sizes, &mut out).expect("writing to memory");
        String::from_utf8(out).expect("contest input is text")
    }
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

/// Cases `from..from + cases` as one contest input, `case(i)` drawing case `i`, written case by case so that a large
/// input is never held whole.
fn write_input<P: Problem>(
    from: u64,
    cases: u64,
    out: &mut dyn Write,
    mut case: impl FnMut(u64) -> io::Result<crate::problem::Case<P>>,
) -> io::Result<()> {
    writeln!(out, "{cases}")?;
    let mut text = String::new();
    for i in from..from.saturating_add(cases) {
        text.clear();
        P::Game::write_case(&case(i)?, &mut text);
        out.write_all(text.as_bytes())?;
    }
    out.flush()
}

impl<P: Problem> Entry for Registered<P> {
    fn name(&self) -> &'static str {
        P::Game::NAME
    }

    fn check_sizes(&self) -> Sizes {
        P::CHECK_SIZES
    }

    fn check_cases(&self) -> u64 {
        P::CHECK_CASES
    }

    fn check_top(&self) -> Option<(Sizes, u64)> {
        P::CHECK_TOP
    }

    fn limit_run(&self) -> Option<(Sizes, u64)> {
        P::LIMIT_RUN
    }

    fn certified(&self) -> bool {
        P::CERTIFIED
    }

    fn size_limits(&self) -> Sizes {
        P::Game::LIMITS
    }

    fn max_cases(&self) -> u64 {
        P::Game::MAX_T
    }

    fn oracle_reach(&self) -> Reach {
        P::ORACLE_REACH
    }

    fn exhaustive_sizes(&self) -> Option<Sizes> {
        P::EXHAUSTIVE_SIZES
    }

    fn solve_to(&self, input: &str, engine: Engine, out: &mut dyn Write) -> anyhow::Result<()> {
        let cases = P::Game::parse(input)?;
        let engine = match engine {
            Engine::Solver => P::solve,
            Engine::Oracle => {
                // Every case is looked at before the first answer, so a refusal does not come after half the output.
                if let Some((i, why)) = cases.iter().enumerate().find_map(|(i, c)| Some((i, P::oracle_refuses(c)?))) {
                    anyhow::bail!("case {} of the input: {why}; the fast solver answers it without --oracle", i + 1);
                }
                P::oracle
            }
        };
        for (i, case) in cases.iter().enumerate() {
            out.write_all(games::contest::answer_line(i + 1, engine(case)).as_bytes())?;
        }
        out.flush()?;
        Ok(())
    }

    fn parses(&self, input: &str) -> Result<(), games::contest::ParseError> {
        P::Game::parse(input).map(drop)
    }

    fn draw_to(&self, input: &str, out: &mut dyn Write) -> anyhow::Result<()> {
        let cases = P::Game::parse(input)?;
        let answers: Vec<String> = cases.iter().map(|case| run(P::solve, case).to_string()).collect();
        crate::draw::write_document(&cases, |i| format!("Case #{}: {}", i + 1, answers[i]), out)?;
        Ok(())
    }

    fn generate_to(&self, seed: u64, from: u64, cases: u64, sizes: Sizes, out: &mut dyn Write) -> io::Result<()> {
        write_input::<P>(from, cases, out, |i| Ok(generate_case::<P>(seed, i, sizes)))
    }

    fn generate_preset_to(
        &self,
        name: &str,
        seed: u64,
        from: u64,
        cases: u64,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let known = <P::Game as Cases>::PRESETS;
        if !known.iter().any(|&(preset, _)| preset == name) {
            let names: Vec<&str> = known.iter().map(|&(preset, _)| preset).collect();
            anyhow::bail!(
                "--preset {name}: {} has {}",
                P::Game::NAME,
                if names.is_empty() { "no presets".to_string() } else { format!("the presets {}", names.join(", ")) }
            );
        }
        write_input::<P>(from, cases, out, |i| {
            <P::Game as Cases>::preset(name, &mut case_rng(seed, i), i)
                .ok_or_else(|| io::Error::other(format!("preset {name} listed but not drawn")))
        })?;
        Ok(())
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

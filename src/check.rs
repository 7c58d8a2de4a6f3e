//! The differential runner: generate cases, run solver and oracle, shrink the first disagreement.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use games::Sizes;
use indicatif::ProgressBar;

use crate::problem::{Outcome, Verdicts, run, shrink_while};
use crate::{Problem, generate_case};

/// What one `check` run covers. Case `i` of a run is case `i` of its seed whatever else runs.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub seed: u64,
    /// The first case index.
    pub from: u64,
    /// How many cases; `None` takes the problem's default.
    pub cases: Option<u64>,
    /// Stop starting new cases after this long.
    pub time: Option<Duration>,
    /// Board sizes; `None` takes the problem's default, sized for its oracle.
    pub sizes: Option<Sizes>,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions { seed: DEFAULT_SEED, from: 0, cases: None, time: None, sizes: None }
    }
}

/// The seed a bare `gamecheck check` uses, so that two runs of it are the same run.
pub const DEFAULT_SEED: u64 = 2026;

/// The outcome of checking one problem.
#[derive(Clone, Debug)]
pub struct Summary {
    pub problem: &'static str,
    pub seed: u64,
    pub from: u64,
    pub sizes: Sizes,
    /// Cases run, from index `from` on.
    pub checked: u64,
    pub agreed: u64,
    /// How often each kind of (oracle) answer came up.
    pub answers: BTreeMap<String, u64>,
    pub solver_time: Duration,
    pub oracle_time: Duration,
    pub failure: Option<Failure>,
}

/// A disagreement, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    pub index: u64,
    /// The generated case, as contest input.
    pub original: String,
    /// The minimal case that still disagrees, as contest input.
    pub minimal: String,
    pub minimal_size: usize,
    pub shrink_steps: usize,
    pub solver: String,
    pub oracle: String,
    /// The command that regenerates the case and shrinks it again.
    pub command: String,
}

/// Check `P` on `options`, ticking `progress` once per case.
pub fn check<P: Problem>(options: &CheckOptions, progress: &ProgressBar) -> Summary {
    let sizes = options.sizes.unwrap_or(P::CHECK_SIZES);
    let cases = options.cases.unwrap_or(P::CHECK_CASES);
    let started = Instant::now();
    let mut summary = Summary {
        problem: P::NAME,
        seed: options.seed,
        from: options.from,
        sizes,
        checked: 0,
        agreed: 0,
        answers: BTreeMap::new(),
        solver_time: Duration::ZERO,
        oracle_time: Duration::ZERO,
        failure: None,
    };
    for index in options.from..options.from.saturating_add(cases) {
        if options.time.is_some_and(|limit| started.elapsed() >= limit) {
            break;
        }
        let case = generate_case::<P>(options.seed, index, sizes);
        let clock = Instant::now();
        let solver = run(P::solve, &case);
        summary.solver_time += clock.elapsed();
        let clock = Instant::now();
        let oracle = run(P::oracle, &case);
        summary.oracle_time += clock.elapsed();
        summary.checked += 1;
        progress.inc(1);
        let kind = match &oracle {
            Outcome::Answer(a) => P::kind(a),
            Outcome::Panic(_) => "oracle panicked".into(),
        };
        *summary.answers.entry(kind).or_default() += 1;
        if (Verdicts::<P> { solver, oracle }).agree() {
            summary.agreed += 1;
        } else {
            summary.failure = Some(failure::<P>(case, options, index, sizes));
            break;
        }
    }
    summary
}

fn failure<P: Problem>(case: P::Case, options: &CheckOptions, index: u64, sizes: Sizes) -> Failure {
    let original = P::write(std::slice::from_ref(&case));
    let (minimal, shrink_steps) = shrink_while::<P>(case, |c| !Verdicts::<P>::of(c).agree());
    let (solver, oracle) = Verdicts::<P>::of(&minimal).shown();
    let size_flag = if sizes == P::CHECK_SIZES { String::new() } else { format!(" --size {sizes}") };
    Failure {
        index,
        original,
        minimal: P::write(std::slice::from_ref(&minimal)),
        minimal_size: P::size(&minimal),
        shrink_steps,
        solver,
        oracle,
        command: format!("gamecheck check {} --seed {} --from {index} --cases 1{size_flag}", P::NAME, options.seed),
    }
}

impl Failure {
    /// The report a person reads: the minimal case as contest input, both answers, and how to get it back.
    pub fn report(&self, problem: &str) -> String {
        format!(
            "{problem}: solver and oracle disagree on case {index} (shrunk in {steps} step(s) to size {size})\n\
             --- minimal input ---\n{minimal}--- answers ---\nsolver: {solver}\noracle: {oracle}\n\
             --- reproduce ---\n{command}\n\
             (or save the input above and compare `gamecheck solve {problem} FILE` with `--oracle`)\n",
            index = self.index,
            steps = self.shrink_steps,
            size = self.minimal_size,
            minimal = self.minimal,
            solver = self.solver,
            oracle = self.oracle,
            command = self.command,
        )
    }
}

/// The outcome of checking every case of one size.
#[derive(Clone, Debug)]
pub struct Exhaustive {
    pub problem: &'static str,
    pub size: usize,
    pub checked: u64,
    /// Every disagreeing case, as contest input, in no particular order.
    pub failures: Vec<String>,
}

/// Solver against oracle on every case of `size` (see [`Problem::all_cases`]), on all cores.
pub fn exhaust<P: Problem>(size: usize, progress: &ProgressBar) -> Exhaustive {
    use rayon::iter::{ParallelBridge, ParallelIterator};
    let failures = std::sync::Mutex::new(Vec::new());
    let checked = std::sync::atomic::AtomicU64::new(0);
    P::all_cases(size).par_bridge().for_each(|case| {
        checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        progress.inc(1);
        if !Verdicts::<P>::of(&case).agree() {
            failures.lock().expect("no panic while holding the lock").push(P::write(&[case]));
        }
    });
    Exhaustive {
        problem: P::NAME,
        size,
        checked: checked.into_inner(),
        failures: failures.into_inner().expect("no panic while holding the lock"),
    }
}

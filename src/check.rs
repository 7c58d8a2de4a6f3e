//! The differential runner: generate cases, run solver and oracle, shrink the first disagreement.

use std::collections::BTreeMap;
use std::ops::{ControlFlow, Range};
use std::time::{Duration, Instant};

use games::Sizes;
use indicatif::ProgressBar;

use crate::problem::Case;
use crate::problem::{
    DEFAULT_SHRINK_TIME, Outcome, Shrunk, Verdicts, oracle_or_certificate, rejection, run, shrink_while,
};
use crate::{Problem, generate_case};
use cases::Cases;
use games::Contest;

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
    /// The part of the cases this run covers.
    pub shard: Shard,
    /// How long to shrink a failure before showing the smallest failing case found so far.
    pub shrink_time: Duration,
    /// Whether to count each case's [`Problem::features`] (`check --stats`): only that table reads them, and a
    /// problem's features may cost a solve (Havannah's read the solver's witness).
    pub stats: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            seed: DEFAULT_SEED,
            from: 0,
            cases: None,
            time: None,
            sizes: None,
            shard: Shard::WHOLE,
            shrink_time: DEFAULT_SHRINK_TIME,
            stats: false,
        }
    }
}

impl CheckOptions {
    /// The indices of the whole run, before sharding: `from..from + cases`.
    pub fn whole(&self, default_cases: u64) -> Range<u64> {
        self.from..self.from.saturating_add(self.cases.unwrap_or(default_cases))
    }

    /// The indices this run covers: its shard of [`CheckOptions::whole`].
    pub fn range(&self, default_cases: u64) -> Range<u64> {
        self.shard.of(self.whole(default_cases))
    }
}

/// Shard `index` of `count` (1-based, `--shard 2/3`): one of `count` contiguous, disjoint parts of a run's case
/// indices that together cover it, so machines given the same seed and different shards split the run exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// This shard's part of `range`. Parts differ in length by at most one.
    pub fn of(self, range: Range<u64>) -> Range<u64> {
        let len = u128::from(range.end - range.start);
        let at = |k: u64| range.start + (len * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected K/N with 1 <= K <= N, such as 2/4, found `{text}`");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if (1..=count).contains(&index) { Ok(Shard { index, count }) } else { Err(bad()) }
    }
}

/// Runs `case(i)` for the indices of `range` on the current rayon pool (`--jobs`) and hands the results to `take`
/// in index order, until `take` breaks or `deadline` passes (looked at between chunks of cases). Whatever the number
/// of threads, `take` sees the same results in the same order, so a run's summary and first failure do not depend
/// on it; work on cases past a break is thrown away.
pub fn in_order<T: Send>(
    range: Range<u64>,
    deadline: Option<Instant>,
    case: impl Fn(u64) -> T + Sync,
    mut take: impl FnMut(u64, T) -> ControlFlow<()>,
) {
    use rayon::iter::{IntoParallelIterator, ParallelIterator};
    // Chunks grow while they are quick, so fast cases amortise the fork and join and slow ones still see the clock.
    let mut chunk = rayon::current_num_threads() as u64;
    let mut start = range.start;
    while start < range.end && deadline.is_none_or(|d| Instant::now() < d) {
        let end = range.end.min(start.saturating_add(chunk));
        let clock = Instant::now();
        let results: Vec<T> = (start..end).into_par_iter().map(&case).collect();
        if clock.elapsed() < Duration::from_millis(50) {
            chunk = (chunk * 2).min(1 << 16);
        }
        for (index, result) in (start..end).zip(results) {
            if take(index, result).is_break() {
                return;
            }
        }
        start = end;
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
    /// The whole run's indices, and the shard of them this run was given (starting at `from`).
    pub whole: Range<u64>,
    pub shard: Shard,
    /// Cases run, from index `from` on.
    pub checked: u64,
    pub agreed: u64,
    /// How often each kind of (oracle) answer came up.
    pub answers: BTreeMap<String, u64>,
    /// How often each feature of [`Problem::features`] came up, per decade of case sizes, so that a structure a
    /// generator reaches at small sizes and loses at large ones shows.
    pub features: BTreeMap<Band, BandCounts>,
    pub solver_time: Duration,
    pub oracle_time: Duration,
    /// Solver and oracle time against case size, in buckets (for `--report`).
    pub timing: Timing,
    pub failure: Option<Failure>,
}

/// A decade of case sizes (1–9, 10–99, …; 0 alone), the bands `check --stats` counts features in: decades, and not
/// the run's own quantiles, so that two runs' tables line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Band {
    pub min: usize,
    pub max: usize,
}

impl Band {
    pub fn of(size: usize) -> Band {
        if size == 0 {
            return Band { min: 0, max: 0 };
        }
        let min = 10usize.pow(size.ilog10());
        Band { min, max: min.saturating_mul(10) - 1 }
    }
}

impl std::fmt::Display for Band {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max { write!(f, "{}", self.min) } else { write!(f, "{}–{}", self.min, self.max) }
    }
}

/// The cases of one [`Band`] and how often each feature came up among them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BandCounts {
    pub cases: u64,
    pub features: BTreeMap<&'static str, u64>,
}

/// How many buckets [`Timing`] keeps at most over the run's sizes.
pub const TIME_BUCKETS: usize = 48;

/// Time against case size, for the report's chart: the run's sizes cut into at most [`TIME_BUCKETS`] buckets of
/// equal width, each holding a count and two sums, so the memory is the same for ten cases or ten million. A case
/// whose size lies outside the run's (a generator may draw a board with no spots whatever size was asked) goes to a
/// bucket of its own kind: its exact size below 16, else its size rounded down to three significant bits (four
/// buckets a doubling), at most a few hundred over all sizes. What the two times are is the run's to say: `check`
/// times the solver (tested) and the oracle (reference), `stress` the program (tested) and our engine (reference).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    /// The run's sizes, and how many sizes one bucket spans.
    sizes: Option<Sizes>,
    width: usize,
    /// Buckets of the run's sizes, and of sizes outside them, each by its smallest possible size.
    within: BTreeMap<usize, Bucket>,
    outside: BTreeMap<usize, Bucket>,
}

/// The cases of one size bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bucket {
    /// The smallest and largest size seen in the bucket.
    pub sizes: (usize, usize),
    pub cases: u64,
    pub tested: Duration,
    pub reference: Duration,
}

impl Timing {
    /// Buckets for a run over `sizes`.
    pub fn new(sizes: Sizes) -> Timing {
        let width = (sizes.max - sizes.min + 1).div_ceil(TIME_BUCKETS).max(1);
        Timing { sizes: Some(sizes), width, ..Timing::default() }
    }

    /// One case of `size`, with the time of each engine.
    pub fn add(&mut self, size: usize, tested: Duration, reference: Duration) {
        let (map, key) = match self.sizes {
            Some(run) if (run.min..=run.max).contains(&size) => {
                (&mut self.within, run.min + (size - run.min) / self.width * self.width)
            }
            _ => {
                let kept = (usize::BITS - size.leading_zeros()).saturating_sub(3);
                (&mut self.outside, if size < 16 { size } else { size >> kept << kept })
            }
        };
        let bucket = map.entry(key).or_insert(Bucket { sizes: (size, size), ..Bucket::default() });
        bucket.sizes = (bucket.sizes.0.min(size), bucket.sizes.1.max(size));
        bucket.cases += 1;
        bucket.tested += tested;
        bucket.reference += reference;
    }

    /// The buckets that hold cases, smallest sizes first.
    pub fn buckets(&self) -> impl Iterator<Item = &Bucket> {
        let mut all: Vec<&Bucket> = self.within.values().chain(self.outside.values()).collect();
        all.sort_by_key(|b| b.sizes);
        all.into_iter()
    }
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
    /// Whether shrinking ended on a minimal case; false when it ran out of its time budget.
    pub shrink_complete: bool,
    /// The time budget shrinking had.
    pub shrink_time: Duration,
    pub solver: String,
    pub oracle: String,
    /// The oracle's answer to the minimal case as contest output; `None` if the oracle panicked.
    pub expected: Option<String>,
    /// The command that regenerates the case and shrinks it again.
    pub command: String,
    /// The minimal case drawn in its geometry, an SVG document (see [`crate::draw`]).
    pub drawing: String,
}

/// What one case of `check` gave.
struct Checked<P: Problem> {
    case: Case<P>,
    verdicts: Verdicts<P>,
    solver_time: Duration,
    oracle_time: Duration,
}

/// Check `P` on `options`, ticking `progress` once per case, on the current rayon pool.
pub fn check<P: Problem>(options: &CheckOptions, progress: &ProgressBar) -> Summary {
    let sizes = options.sizes.unwrap_or(P::CHECK_SIZES);
    let range = options.range(P::CHECK_CASES);
    let started = Instant::now();
    let mut summary = Summary {
        problem: P::Game::NAME,
        seed: options.seed,
        from: range.start,
        sizes,
        whole: options.whole(P::CHECK_CASES),
        shard: options.shard,
        checked: 0,
        agreed: 0,
        answers: BTreeMap::new(),
        features: BTreeMap::new(),
        solver_time: Duration::ZERO,
        oracle_time: Duration::ZERO,
        timing: Timing::new(sizes),
        failure: None,
    };
    let one = |index| {
        let case = generate_case::<P>(options.seed, index, sizes);
        let clock = Instant::now();
        let solver = run(P::solve, &case);
        let solver_time = clock.elapsed();
        // The independent side's time: the certificate's check and the oracle's answer.
        let clock = Instant::now();
        let rejected = rejection::<P>(&case, &solver);
        let oracle = oracle_or_certificate::<P>(&case, &solver);
        let oracle_time = clock.elapsed();
        progress.inc(1);
        Checked::<P> { case, verdicts: Verdicts { solver, oracle, rejected }, solver_time, oracle_time }
    };
    in_order(range, options.time.map(|limit| started + limit), one, |index, checked| {
        summary.checked += 1;
        summary.solver_time += checked.solver_time;
        summary.oracle_time += checked.oracle_time;
        let size = P::Game::size(&checked.case);
        summary.timing.add(size, checked.solver_time, checked.oracle_time);
        let band = summary.features.entry(Band::of(size)).or_default();
        band.cases += 1;
        let kind = match &checked.verdicts.oracle {
            Outcome::Answer(a) => {
                if options.stats {
                    for feature in P::features(&checked.case, a) {
                        *band.features.entry(feature).or_default() += 1;
                    }
                }
                P::kind(a)
            }
            Outcome::Panic(_) => "oracle panicked".into(),
        };
        *summary.answers.entry(kind).or_default() += 1;
        if checked.verdicts.agree() {
            summary.agreed += 1;
            ControlFlow::Continue(())
        } else {
            summary.failure = Some(failure::<P>(checked.case, options, index, sizes, progress));
            ControlFlow::Break(())
        }
    });
    summary
}

fn failure<P: Problem>(
    case: Case<P>,
    options: &CheckOptions,
    index: u64,
    sizes: Sizes,
    progress: &ProgressBar,
) -> Failure {
    let original = P::Game::write(std::slice::from_ref(&case));
    let deadline = Instant::now().checked_add(options.shrink_time);
    let shrunk = shrink_while::<P>(case, |c| !Verdicts::<P>::of(c).agree(), deadline, Some(&shrinking(progress)));
    let Shrunk { case: minimal, steps: shrink_steps, complete: shrink_complete, .. } = shrunk;
    let verdicts = Verdicts::<P>::of(&minimal);
    let (solver, mut oracle) = verdicts.shown();
    // Past the oracle's reach the certificate alone judged the solver: there is no answer of the oracle to show or
    // to save as the expected one.
    let unasked = P::CERTIFIED && P::oracle_refuses(&minimal).is_some();
    if unasked {
        oracle = "not asked, past its reach: the certificate judged the solver's answer".into();
    }
    let expected = match verdicts.oracle {
        Outcome::Answer(answer) if !unasked => Some(games::contest::write_answers([answer])),
        _ => None,
    };
    let size_flag = if sizes == P::CHECK_SIZES { String::new() } else { format!(" --size {sizes}") };
    Failure {
        index,
        original,
        minimal: P::Game::write(std::slice::from_ref(&minimal)),
        drawing: crate::draw::document(std::slice::from_ref(&minimal), |_| String::new()),
        minimal_size: P::Game::size(&minimal),
        shrink_steps,
        shrink_complete,
        shrink_time: options.shrink_time,
        solver,
        oracle,
        expected,
        command: format!(
            "gamecheck check {} --seed {} --from {index} --cases 1{size_flag}",
            P::Game::NAME,
            options.seed
        ),
    }
}

impl Failure {
    /// The report a person reads: the minimal case as contest input, both answers, and how to get it back.
    pub fn report(&self, problem: &str) -> String {
        format!(
            "{problem}: solver and oracle disagree on case {index} ({shrunk})\n\
             --- minimal input ---\n{minimal}--- answers ---\nsolver: {solver}\noracle: {oracle}\n\
             --- reproduce ---\n{command}\n\
             (or save the input above and compare `gamecheck solve {problem} FILE` with `--oracle`)\n",
            index = self.index,
            shrunk = shrunk_how(self.shrink_complete, self.shrink_steps, self.minimal_size, self.shrink_time),
            minimal = self.minimal,
            solver = self.solver,
            oracle = self.oracle,
            command = self.command,
        )
    }
}

/// How shrinking went, for a report: `shrunk in N step(s) to size X`, or where the time budget stopped it.
pub fn shrunk_how(complete: bool, steps: usize, size: usize, budget: Duration) -> String {
    if complete {
        format!("shrunk in {steps} step(s) to size {size}")
    } else {
        format!(
            "shrinking stopped at the {} s budget after {steps} step(s): the smallest failing case found, size {size}",
            budget.as_secs_f64()
        )
    }
}

/// `bar` turned into a line that shows shrinking's progress (its message); it keeps its prefix, the problem.
pub fn shrinking(bar: &ProgressBar) -> ProgressBar {
    let style = indicatif::ProgressStyle::with_template("{prefix:>22} {msg} {elapsed}").expect("a valid template");
    bar.set_style(style);
    bar.clone()
}

/// Writes a failing case and its right answers as `DIR/PROBLEM/seed-S-case-I.in` and `.ans`, the layout of
/// `tests/data`, so that moving the two files into `tests/data/PROBLEM/` makes the case a regression test of the
/// official-data runner. Returns the path of the `.in` file.
pub fn save_case(
    dir: &std::path::Path,
    problem: &str,
    seed: u64,
    index: u64,
    input: &str,
    answers: &str,
) -> std::io::Result<std::path::PathBuf> {
    let dir = dir.join(problem);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("seed-{seed}-case-{index}.in"));
    std::fs::write(&path, input)?;
    std::fs::write(path.with_extension("ans"), answers)?;
    Ok(path)
}

/// The outcome of checking every case of one size.
#[derive(Clone, Debug)]
pub struct Exhaustive {
    pub problem: &'static str,
    pub size: usize,
    pub checked: u64,
    pub disagreements: u64,
    /// The first few disagreeing cases found (at most [`EXHAUSTIVE_EXAMPLES`]), as contest input, in no particular
    /// order: a broken solver can disagree on millions of cases, and memory stays that of a few.
    pub examples: Vec<String>,
}

/// How many disagreeing cases [`exhaust`] keeps to show.
pub const EXHAUSTIVE_EXAMPLES: usize = 5;

/// Solver against oracle on every case of `size` (see [`Problem::all_cases`]), on all cores.
pub fn exhaust<P: Problem>(size: usize, progress: &ProgressBar) -> Exhaustive {
    use rayon::iter::{ParallelBridge, ParallelIterator};
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let examples = std::sync::Mutex::new(Vec::new());
    let (checked, disagreements) = (AtomicU64::new(0), AtomicU64::new(0));
    P::Game::all_cases(size).par_bridge().for_each(|case| {
        checked.fetch_add(1, Relaxed);
        progress.inc(1);
        if !Verdicts::<P>::of(&case).agree() && disagreements.fetch_add(1, Relaxed) < EXHAUSTIVE_EXAMPLES as u64 {
            examples.lock().expect("no panic while holding the lock").push(P::Game::write(&[case]));
        }
    });
    Exhaustive {
        problem: P::Game::NAME,
        size,
        checked: checked.into_inner(),
        disagreements: disagreements.into_inner(),
        examples: examples.into_inner().expect("no panic while holding the lock"),
    }
}

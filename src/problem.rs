//! What the harness needs to know about one problem.

use std::fmt::{Debug, Display};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use games::{ParseError, Sizes, case_rng};
use indicatif::ProgressBar;
use rand_chacha::ChaCha8Rng;

/// One problem: its cases and answers, contest format, generator, shrinking steps, solver and oracle.
pub trait Problem: 'static {
    /// The name on the command line, as in `gamecheck check hex`.
    const NAME: &'static str;
    /// What `check` generates when no `--size` is given: boards the oracle answers quickly.
    const CHECK_SIZES: Sizes;
    /// How many cases `check` runs per problem by default.
    const CHECK_CASES: u64;
    /// The sizes the differential fuzz target asks the oracle about: the check sizes, unless the oracle's worst case
    /// there passes a fuzzer's per-input time limit once the build is instrumented (several times slower).
    const FUZZ_SIZES: Sizes = Self::CHECK_SIZES;

    type Case: Clone + PartialEq + Debug + Send + Sync + 'static;
    type Answer: Clone + PartialEq + Debug + Display + Send + Sync + 'static;

    fn parse(input: &str) -> Result<Vec<Self::Case>, ParseError>;
    fn write(cases: &[Self::Case]) -> String;
    /// The size knob of a case (N for Hex), for reports.
    fn size(case: &Self::Case) -> usize;
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Self::Case;
    /// Strictly smaller cases to try when this one exposes a bug, most promising first (the coarse steps of a big
    /// case before the single ones). Built as they are asked for: a big case has millions of candidates, and
    /// shrinking must hold only the few it is trying.
    fn shrink(case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>>;
    /// One answer of someone else's contest output (the text after `Case #x: `), printed again as we print answers,
    /// so that it compares with an [`Self::Answer`]'s `to_string()`; `Err` says what was expected.
    fn read_answer(text: &str) -> Result<String, String>;
    fn solve(case: &Self::Case) -> Self::Answer;
    fn oracle(case: &Self::Case) -> Self::Answer;
    /// A case built from fuzzer bytes; running out of bytes is an error, not a default case.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Self::Case>;
    /// Every case of one size, for bounded-exhaustive checks; empty where that is not meaningful.
    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Self::Case> + Send> {
        let _ = size;
        Box::new(std::iter::empty())
    }
    /// The class an answer counts under in the `check` distribution.
    fn kind(answer: &Self::Answer) -> String {
        answer.to_string()
    }
    /// The features of a case (with the oracle's answer) that `check --stats` counts beside the answer kinds: the
    /// structures a generator must not forget to draw. Read off the case and answer only; no game logic.
    fn features(case: &Self::Case, answer: &Self::Answer) -> Vec<&'static str> {
        let _ = (case, answer);
        Vec::new()
    }
}

/// Case `index` of the run seeded with `seed`: the same case on every machine, thread and shard.
pub fn generate_case<P: Problem>(seed: u64, index: u64, sizes: Sizes) -> P::Case {
    P::generate(&mut case_rng(seed, index), sizes)
}

/// An answer, or the panic message of an engine that crashed on the case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<A> {
    Answer(A),
    Panic(String),
}

impl<A: Display> Display for Outcome<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Answer(a) => write!(f, "{a}"),
            Outcome::Panic(msg) => write!(f, "panicked: {msg}"),
        }
    }
}

/// Run an engine, turning a panic into an outcome so one crash is reported (and shrunk) like a wrong answer.
pub fn run<C, A>(engine: fn(&C) -> A, case: &C) -> Outcome<A> {
    match catch_unwind(AssertUnwindSafe(|| engine(case))) {
        Ok(answer) => Outcome::Answer(answer),
        Err(payload) => Outcome::Panic(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string panic payload".into()),
        ),
    }
}

/// Solver and oracle on one case, and whether they agree.
pub struct Verdicts<P: Problem> {
    pub solver: Outcome<P::Answer>,
    pub oracle: Outcome<P::Answer>,
}

impl<P: Problem> Verdicts<P> {
    pub fn of(case: &P::Case) -> Verdicts<P> {
        Verdicts { solver: run(P::solve, case), oracle: run(P::oracle, case) }
    }

    pub fn agree(&self) -> bool {
        matches!((&self.solver, &self.oracle), (Outcome::Answer(a), Outcome::Answer(b)) if a == b)
    }

    /// Solver's and oracle's outcomes as a person should read them: as printed, unless they print the same and still
    /// differ (an answer may carry more than the contest prints, such as per-state verdicts), then in full.
    pub fn shown(&self) -> (String, String) {
        let (solver, oracle) = (self.solver.to_string(), self.oracle.to_string());
        if solver == oracle && !self.agree() {
            (format!("{:?}", self.solver), format!("{:?}", self.oracle))
        } else {
            (solver, oracle)
        }
    }
}

/// [`Problem::shrink`]'s candidates, less any equal to the case itself. Every greedy shrinking loop (ours, proptest's
/// and quickcheck's) goes through this: a shrinker that handed its input back, by a slip in a problem's shrink steps,
/// would otherwise loop for ever on the same failing case instead of ending on it.
pub fn smaller_cases<P: Problem>(case: &P::Case) -> Box<dyn Iterator<Item = P::Case>> {
    let own = case.clone();
    Box::new(P::shrink(case).filter(move |c| *c != own))
}

/// How long `check` and `stress` shrink a failure by default before showing the smallest failing case found.
pub const DEFAULT_SHRINK_TIME: Duration = Duration::from_secs(60);

/// What greedy shrinking ended on.
#[derive(Clone, Debug, PartialEq)]
pub struct Shrunk<C> {
    /// The smallest failing case found: minimal if `complete`.
    pub case: C,
    /// Smaller failing cases taken, one after another.
    pub steps: usize,
    /// Candidates tried, counted as one thread would try them: up to the failing one of each step, and all of them
    /// for the last case.
    pub tried: u64,
    /// Whether no candidate of `case` fails; false when the deadline stopped the search first.
    pub complete: bool,
}

/// Greedy shrinking: take the first smaller candidate that still fails, until none does or `deadline` passes.
///
/// Candidates are drawn lazily in chunks of the current rayon pool's size and each chunk is tried in parallel; the
/// first failing one in the problem's order wins, so the result does not depend on the number of threads (unless
/// the deadline cuts it short, which is looked at between chunks). Memory stays at a chunk of cases. `progress`, if
/// given, shows steps, candidates tried and the current size as its message. Every candidate is strictly smaller,
/// so this ends.
pub fn shrink_while<P: Problem>(
    case: P::Case,
    fails: impl Fn(&P::Case) -> bool + Sync,
    deadline: Option<Instant>,
    progress: Option<&ProgressBar>,
) -> Shrunk<P::Case> {
    use rayon::iter::{IndexedParallelIterator, IntoParallelRefIterator};
    let threads = rayon::current_num_threads().max(1);
    let mut shrunk = Shrunk { case, steps: 0, tried: 0, complete: false };
    let show = |shrunk: &Shrunk<P::Case>| {
        if let Some(bar) = progress {
            let size = P::size(&shrunk.case);
            bar.set_message(format!("shrinking: {} step(s), {} tried, size {size}", shrunk.steps, shrunk.tried));
        }
    };
    'cases: loop {
        show(&shrunk);
        let mut candidates = smaller_cases::<P>(&shrunk.case);
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return shrunk;
            }
            let chunk: Vec<P::Case> = candidates.by_ref().take(threads).collect();
            if chunk.is_empty() {
                shrunk.complete = true;
                show(&shrunk);
                return shrunk;
            }
            match chunk.par_iter().position_first(&fails) {
                Some(at) => {
                    shrunk.tried += at as u64 + 1;
                    shrunk.steps += 1;
                    shrunk.case = chunk.into_iter().nth(at).expect("the failing candidate is in the chunk");
                    continue 'cases;
                }
                None => {
                    shrunk.tried += chunk.len() as u64;
                    show(&shrunk);
                }
            }
        }
    }
}

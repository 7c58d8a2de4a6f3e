//! What the harness needs to know about one problem.

use std::fmt::{Debug, Display};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use cases::{Cases, case_rng};

use crate::draw::Picture;
use games::{Contest, Sizes};
use indicatif::ProgressBar;
use rand_chacha::ChaCha8Rng;

/// One problem as the harness runs it: a game's vocabulary and cases (its `games` type, which also implements
/// [`Cases`]) paired with a fast solver and a naive oracle, and what a run needs to know about them: the sizes to
/// check, how far the oracle reaches, the answer kinds and features to count. Nothing here reads input or draws a
/// case: that is the game type's, reached through [`Problem::Game`].
pub trait Problem: 'static {
    /// The game: its case and answer types, contest format ([`Contest`]) and where its cases come from ([`Cases`]);
    /// its cases are drawn as pictures in its own geometry (one module per problem in [`crate::draw`]).
    type Game: Cases<Case: Picture>;

    /// What `check` generates when no `--size` is given: boards the oracle answers quickly.
    const CHECK_SIZES: Sizes;
    /// How many cases `check` runs per problem by default.
    const CHECK_CASES: u64;
    /// A second, smaller run of a bare `check` (no `--size`, no `--cases`) at the top of the oracle's reach: sizes
    /// near [`Reach::max_size`] and a case count that keeps the whole default `check` under a minute. The check
    /// sizes are where the oracle is quick; faults that switch on only on large boards need this run to be seen.
    /// `check --size A..B` runs exactly those sizes and nothing else. No default: a problem says what its top run is
    /// (the harness suite holds every top run to end at the reach), or `None` with a reason.
    const CHECK_TOP: Option<(Sizes, u64)>;
    /// A third row of a bare `check`, at sizes the other two do not draw: at the contest's own limit past the
    /// oracle's reach, for a problem whose every answer has a proof there that [`Problem::certify`] checks (those
    /// cases are judged by the certificate alone, see [`Problem::CERTIFIED`]); or, where the oracle reaches the
    /// limit itself, a band whose answers the top row cannot hold (Havannah's bridges and forks). `None` otherwise.
    const LIMIT_RUN: Option<(Sizes, u64)> = None;
    /// Whether [`Problem::certify`] proves every answer of every case the contest allows, so that past the oracle's
    /// reach `check` and `check --size` judge the solver by its certificate alone instead of refusing the sizes.
    const CERTIFIED: bool = false;
    /// The sizes the differential fuzz target asks the oracle about: the check sizes, unless the oracle's worst case
    /// there passes a fuzzer's per-input time limit once the build is instrumented (several times slower).
    const FUZZ_SIZES: Sizes = Self::CHECK_SIZES;
    /// How far the oracle answers within [`ORACLE_BUDGET`] on this machine, measured: past it `solve --oracle`,
    /// `check` and `stress --against oracle` refuse the case or the sizes instead of running without bound.
    const ORACLE_REACH: Reach;
    /// The sizes `exhaust` enumerates (the knob of [`Cases::all_cases`]), each within the oracle's reach and a run
    /// of at most about an hour here; `None` when the problem has no enumeration.
    const EXHAUSTIVE_SIZES: Option<Sizes> = None;

    fn solve(case: &Case<Self>) -> Answer<Self>;
    fn oracle(case: &Case<Self>) -> Answer<Self>;
    /// How the harness draws a case: the game's own generator, unless the pairing steers it with an engine (as
    /// Adjacent and Consecutive's generator asks the solver which moves keep a win). Tests that mean "the case the
    /// harness draws" call this, not `Cases::generate`, which for such a problem draws other cases.
    fn draw(rng: &mut ChaCha8Rng, sizes: Sizes) -> Case<Self> {
        Self::Game::generate(rng, sizes)
    }
    /// The solver's proof of `answer`, where the answer has a short one, judged by an independent checker in
    /// `oracles`: `Some(Err(why))` when the witness does not prove the answer, `None` where there is nothing to
    /// check. Witness and check are linear in the case, so this reaches every size the solver does.
    fn certify(case: &Case<Self>, answer: &Answer<Self>) -> Option<Result<(), String>> {
        let _ = (case, answer);
        None
    }
    /// Why the oracle is not asked about `case`, if it is past the oracle's reach.
    fn oracle_refuses(case: &Case<Self>) -> Option<String> {
        let size = Self::Game::size(case);
        Self::ORACLE_REACH.refuses(Self::Game::NAME, Sizes::new(size, size))
    }
    /// The class an answer counts under in the `check` distribution.
    fn kind(answer: &Answer<Self>) -> String {
        answer.to_string()
    }
    /// The features of a case (with the oracle's answer) that `check --stats` counts beside the answer kinds: the
    /// structures a generator must not forget to draw. Read off the case and answer only; no game logic.
    fn features(case: &Case<Self>, answer: &Answer<Self>) -> Vec<&'static str> {
        let _ = (case, answer);
        Vec::new()
    }
}

/// The case type of problem `P`.
pub type Case<P> = <<P as Problem>::Game as Contest>::Case;
/// The answer type of problem `P`.
pub type Answer<P> = <<P as Problem>::Game as Contest>::Answer;

/// The time and memory one oracle call may take at the edge of its reach, on this machine (2 cores, 24 GiB).
pub const ORACLE_BUDGET: &str = "10 s and 1 GiB a case";

/// The largest case an oracle is asked about, and what was measured there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The largest [`Problem::size`] the oracle answers within [`ORACLE_BUDGET`].
    pub max_size: usize,
    /// The knob's name in the rules (`N`, `S`, `spots`), for messages.
    pub knob: &'static str,
    /// The worst seen at `max_size`, and how it was measured, for messages and docs.
    pub measured: &'static str,
}

impl Reach {
    /// Why sizes `sizes` are past the oracle of `problem`, if they are.
    pub fn refuses(&self, problem: &str, sizes: Sizes) -> Option<String> {
        (sizes.max > self.max_size).then(|| {
            format!(
                "{size} is past the reach of the {problem} oracle: it answers {knob} <= {max} within {ORACLE_BUDGET} \
                 ({measured})",
                size = if sizes.min == sizes.max {
                    format!("{} = {}", self.knob, sizes.max)
                } else {
                    format!("{} up to {}", self.knob, sizes.max)
                },
                knob = self.knob,
                max = self.max_size,
                measured = self.measured,
            )
        })
    }
}

/// Case `index` of the run seeded with `seed`: the same case on every machine, thread and shard.
pub fn generate_case<P: Problem>(seed: u64, index: u64, sizes: Sizes) -> Case<P> {
    P::draw(&mut case_rng(seed, index), sizes)
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

thread_local! {
    static CAUGHT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether this thread is inside [`run`], whose panics become outcomes: the CLI's panic hook stays quiet for those
/// (they are reported as answers) and speaks for every other panic, which is a bug of gamecheck's own.
pub fn panic_is_caught() -> bool {
    CAUGHT.get()
}

/// Run an engine, turning a panic into an outcome so one crash is reported (and shrunk) like a wrong answer.
pub fn run<C, A>(engine: fn(&C) -> A, case: &C) -> Outcome<A> {
    let outer = CAUGHT.replace(true);
    let caught = catch_unwind(AssertUnwindSafe(|| engine(case)));
    CAUGHT.set(outer);
    match caught {
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
    pub solver: Outcome<Answer<P>>,
    pub oracle: Outcome<Answer<P>>,
    /// Why the solver's witness does not prove its answer (see [`Problem::certify`]), if it does not.
    pub rejected: Option<String>,
}

impl<P: Problem> Verdicts<P> {
    pub fn of(case: &Case<P>) -> Verdicts<P> {
        let solver = run(P::solve, case);
        let rejected = rejection::<P>(case, &solver);
        Verdicts { oracle: oracle_or_certificate::<P>(case, &solver), solver, rejected }
    }

    /// Same answers, and the solver's proven where it has a witness.
    pub fn agree(&self) -> bool {
        self.rejected.is_none()
            && matches!((&self.solver, &self.oracle), (Outcome::Answer(a), Outcome::Answer(b)) if a == b)
    }

    /// Solver's and oracle's outcomes as a person should read them: as printed, unless they print the same and still
    /// differ (an answer may carry more than the contest prints, such as per-state verdicts), then in full.
    pub fn shown(&self) -> (String, String) {
        let (solver, oracle) = (self.solver.to_string(), self.oracle.to_string());
        if let Some(why) = &self.rejected {
            (format!("{solver} (its witness is rejected: {why})"), oracle)
        } else if solver == oracle && !self.agree() {
            (format!("{:?}", self.solver), format!("{:?}", self.oracle))
        } else {
            (solver, oracle)
        }
    }
}

/// The oracle's outcome on `case`; past its reach, for a [`Problem::CERTIFIED`] problem, the solver's own `outcome`,
/// which then stands or falls by its certificate ([`rejection`]) alone.
pub fn oracle_or_certificate<P: Problem>(case: &Case<P>, solver: &Outcome<Answer<P>>) -> Outcome<Answer<P>> {
    if P::CERTIFIED && P::oracle_refuses(case).is_some() { solver.clone() } else { run(P::oracle, case) }
}

/// Why the witness behind the solver's `outcome` does not prove it, if it does not; a checker that panics rejects.
pub fn rejection<P: Problem>(case: &Case<P>, outcome: &Outcome<Answer<P>>) -> Option<String> {
    let Outcome::Answer(answer) = outcome else { return None };
    match run(|(case, answer): &(&Case<P>, &Answer<P>)| P::certify(case, answer), &(case, answer)) {
        Outcome::Answer(Some(Err(why))) => Some(why),
        Outcome::Answer(_) => None,
        Outcome::Panic(message) => Some(format!("the witness or its check panicked: {message}")),
    }
}

/// [`Problem::shrink`]'s candidates, less any equal to the case itself. Every greedy shrinking loop (ours, proptest's
/// and quickcheck's) goes through this: a shrinker that handed its input back, by a slip in a problem's shrink steps,
/// would otherwise loop for ever on the same failing case instead of ending on it.
pub fn smaller_cases<P: Problem>(case: &Case<P>) -> Box<dyn Iterator<Item = Case<P>>> {
    let own = case.clone();
    Box::new(P::Game::shrink(case).filter(move |c| *c != own))
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
    case: Case<P>,
    fails: impl Fn(&Case<P>) -> bool + Sync,
    deadline: Option<Instant>,
    progress: Option<&ProgressBar>,
) -> Shrunk<Case<P>> {
    use rayon::iter::{IndexedParallelIterator, IntoParallelRefIterator};
    let threads = rayon::current_num_threads().max(1);
    let mut shrunk = Shrunk { case, steps: 0, tried: 0, complete: false };
    let show = |shrunk: &Shrunk<Case<P>>| {
        if let Some(bar) = progress {
            let size = P::Game::size(&shrunk.case);
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
            let chunk: Vec<Case<P>> = candidates.by_ref().take(threads).collect();
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

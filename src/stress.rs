//! `stress`: someone else's program (a contest submission in any language) against our solver or oracle, on the
//! cases `check` generates, through contest input and output. The first failure is shrunk by running the program
//! again on smaller cases.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use games::Sizes;
use indicatif::ProgressBar;

use crate::check::{CheckOptions, Shard, Timing, in_order, shrinking, shrunk_how};
use crate::problem::Case;
use crate::problem::{Outcome, Shrunk, rejection, run, shrink_while};
use crate::registry::Engine;
use crate::{Problem, generate_case, program};
use games::Contest;

/// How many cases a `stress` run tries when `--cases` is not given: each is a run of the program, so far fewer than
/// `check` runs in process.
pub const STRESS_CASES: u64 = 1000;

/// What one `stress` run covers and how the program is run.
#[derive(Clone, Debug)]
pub struct StressOptions {
    /// Seed, indices, sizes, time budget and shard, as for `check` (`cases: None` means [`STRESS_CASES`]).
    pub cases: CheckOptions,
    /// Cases per run of the program.
    pub batch: u64,
    /// How long one run may take.
    pub timeout: Duration,
    /// Whose answers are expected.
    pub against: Engine,
}

/// How a run of the program went wrong. Shrinking keeps the kind, so a wrong answer does not shrink into a crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    WrongAnswer,
    /// Killed by a signal (a segmentation fault, an abort).
    RuntimeError,
    NonZeroExit,
    MalformedOutput,
    Timeout,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::WrongAnswer => "wrong answer",
            FaultKind::RuntimeError => "runtime error",
            FaultKind::NonZeroExit => "non-zero exit",
            FaultKind::MalformedOutput => "malformed output",
            FaultKind::Timeout => "time-out",
        })
    }
}

/// One failed run: what kind, in a line what happened, and what the program printed.
#[derive(Clone, Debug)]
pub struct Fault {
    pub kind: FaultKind,
    pub message: String,
    /// The start of the program's output, then a line saying how much is not shown (see [`shown`]).
    pub output: String,
    /// The start of its standard error, cut the same way.
    pub stderr: String,
}

impl Fault {
    /// A fault of `kind` in `ran`, its output and standard error cut to what a report shows. Cut here rather than in
    /// the report: a fault is cloned and kept while shrinking, 64 MiB of output with it.
    pub fn of(ran: &program::Ran, kind: FaultKind, message: String) -> Fault {
        Fault {
            kind,
            message,
            output: shown(&String::from_utf8_lossy(&ran.stdout), 0, ran.flooded),
            stderr: shown(&ran.stderr, ran.stderr_left_out, false),
        }
    }

    /// How a run failed before its output is read, if it did: a flood, then a time-out, then an exit by a signal or
    /// with a status other than 0.
    pub fn of_run(ran: &program::Ran, timeout: Duration) -> Option<Fault> {
        // A flood is the first thing that went wrong, whatever ended the program after it: often the SIGPIPE of
        // writing on after we stopped reading.
        if ran.flooded {
            let message = format!("more than {} MiB of output", program::MAX_OUTPUT >> 20);
            return Some(Fault::of(ran, FaultKind::MalformedOutput, message));
        }
        let Some(status) = ran.status else {
            let message = format!("no exit within the time limit of {:.2} s", timeout.as_secs_f64());
            return Some(Fault::of(ran, FaultKind::Timeout, message));
        };
        match status.code() {
            _ if status.success() => None,
            Some(code) => Some(Fault::of(ran, FaultKind::NonZeroExit, format!("exit status {code}"))),
            None => Some(Fault::of(ran, FaultKind::RuntimeError, format!("ended by a signal ({status})"))),
        }
    }
}

/// How much of a program's output or standard error a fault keeps: enough to see what went wrong, and a report that
/// stays readable when a program prints megabytes.
pub const SHOWN_BYTES: usize = 4096;
/// The most lines kept, for output of many short lines.
pub const SHOWN_LINES: usize = 50;

/// The start of `text` (at most [`SHOWN_LINES`] lines and [`SHOWN_BYTES`] bytes), then, if anything is cut, a line
/// `… (63.9 MiB more not shown)` counting what is left out of `text` plus `left_out` bytes not even kept. `flooded`
/// says the program printed more than was read, so the count is a lower bound and says so.
pub fn shown(text: &str, left_out: u64, flooded: bool) -> String {
    let mut end = text.len().min(SHOWN_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if let Some((at, _)) = text[..end].match_indices('\n').nth(SHOWN_LINES - 1) {
        end = at + 1;
    }
    let rest = (text.len() - end) as u64 + left_out;
    if rest == 0 && !flooded {
        return text.to_string();
    }
    let mut kept = text[..end].to_string();
    if !kept.is_empty() && !kept.ends_with('\n') {
        kept.push('\n');
    }
    let past =
        if flooded { format!("; nothing past {} MiB was read", program::MAX_OUTPUT >> 20) } else { String::new() };
    kept + &format!("… ({} more not shown{past})\n", amount(rest))
}

/// A byte count as a person reads it.
fn amount(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} byte(s)"),
        1024..0x10_0000 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0)),
    }
}

/// The outcome of a `stress` run on one problem.
#[derive(Clone, Debug)]
pub struct StressSummary {
    pub problem: &'static str,
    pub seed: u64,
    /// The whole run's indices, the shard of them this run was given, and how many it checked from the shard's start.
    pub whole: std::ops::Range<u64>,
    pub shard: Shard,
    pub from: u64,
    pub sizes: Sizes,
    pub checked: u64,
    pub passed: u64,
    pub program_time: Duration,
    /// How often each kind of our answer came up (see [`Problem::kind`]), over the cases run.
    pub answers: BTreeMap<String, u64>,
    /// The program's time (tested) and our engine's (reference) against case size; a batch's time is shared
    /// evenly among its cases.
    pub timing: Timing,
    pub failure: Option<StressFailure>,
}

/// The first failing case, shrunk.
#[derive(Clone, Debug)]
pub struct StressFailure {
    /// The index of the failing case (with `--batch`, the first case of its run if no case fails alone).
    pub index: u64,
    pub fault: Fault,
    /// Set when the batch failed but none of its cases fails alone: then nothing is shrunk.
    pub batch_only: bool,
    /// The minimal failing input and our answers to it, as contest input and output.
    pub minimal: String,
    pub expected: String,
    pub minimal_size: usize,
    pub shrink_steps: usize,
    /// Whether shrinking ended on a minimal case; false when it ran out of its time budget.
    pub shrink_complete: bool,
    /// The time budget shrinking had.
    pub shrink_time: Duration,
    pub against: Engine,
    pub command: String,
    /// The minimal input drawn, each case under our answer: an SVG document (see [`crate::draw`]).
    pub drawing: String,
}

/// Our answers to `cases`, as we print them.
fn answers<P: Problem>(cases: &[Case<P>], against: Engine) -> Vec<String> {
    cases.iter().map(|case| answer::<P>(case, against).0).collect()
}

/// Our answer to `case` as we print it, and its kind for the answer distribution.
fn answer<P: Problem>(case: &Case<P>, against: Engine) -> (String, String) {
    let engine = match against {
        Engine::Solver => P::solve,
        Engine::Oracle => P::oracle,
    };
    // A panic here is ours, not the program's: it shows as the expected answer, which no program prints. So does an
    // answer of our solver whose witness is rejected.
    let outcome = run(engine, case);
    let kind = match &outcome {
        Outcome::Answer(a) => P::kind(a),
        Outcome::Panic(_) => format!("our {} panicked", if against == Engine::Solver { "solver" } else { "oracle" }),
    };
    let shown = match (against, rejection::<P>(case, &outcome)) {
        (Engine::Solver, Some(why)) => format!("{outcome} (our witness is rejected: {why})"),
        _ => outcome.to_string(),
    };
    (shown, kind)
}

/// Runs `program` on `cases` and compares its output with `expected`: `Ok(())` when every answer matches.
pub fn judge<P: Problem>(
    program: &[OsString],
    cases: &[Case<P>],
    expected: &[String],
    timeout: Duration,
) -> std::io::Result<Result<(), Fault>> {
    let ran = program::run(program, P::Game::write(cases).as_bytes(), timeout)?;
    if let Some(fault) = Fault::of_run(&ran, timeout) {
        return Ok(Err(fault));
    }
    let fault = |kind, message: String| Fault::of(&ran, kind, message);
    let Ok(text) = std::str::from_utf8(&ran.stdout) else {
        return Ok(Err(fault(FaultKind::MalformedOutput, "the output is not UTF-8 text".into())));
    };
    let read = match games::contest::read_answers(P::Game::NAME, text) {
        Ok(read) => read,
        Err(e) => return Ok(Err(fault(FaultKind::MalformedOutput, e.to_string()))),
    };
    if read.len() != cases.len() {
        let message = format!("expected {} answer line(s), found {}", cases.len(), read.len());
        return Ok(Err(fault(FaultKind::MalformedOutput, message)));
    }
    for (case, ((line, text), expected)) in read.into_iter().zip(expected).enumerate() {
        let got = match P::Game::read_answer(text) {
            Ok(got) => got,
            Err(e) => return Ok(Err(fault(FaultKind::MalformedOutput, format!("output line {line}: {e}")))),
        };
        if got != *expected {
            let message = format!("case {} (output line {line}): expected `{expected}`, found `{got}`", case + 1);
            return Ok(Err(fault(FaultKind::WrongAnswer, message)));
        }
    }
    Ok(Ok(()))
}

/// One batch of `stress`: its first index, cases, and how the run went.
struct Batch<P: Problem> {
    cases: Vec<Case<P>>,
    /// The kind of our answer to each case.
    kinds: Vec<String>,
    result: std::io::Result<Result<(), Fault>>,
    time: Duration,
    /// How long our answers took.
    ours: Duration,
}

/// Stress `program` on `P`, ticking `progress` once per case, on the current rayon pool. An error is a program that
/// cannot be started at all.
pub fn stress<P: Problem>(
    program: &[OsString],
    options: &StressOptions,
    progress: &ProgressBar,
) -> std::io::Result<StressSummary> {
    let cases = &options.cases;
    let sizes = cases.sizes.unwrap_or(P::CHECK_SIZES);
    let range = cases.range(STRESS_CASES);
    let batch = options.batch.max(1);
    let started = Instant::now();
    let mut summary = StressSummary {
        problem: P::Game::NAME,
        seed: cases.seed,
        whole: cases.whole(STRESS_CASES),
        shard: cases.shard,
        from: range.start,
        sizes,
        checked: 0,
        passed: 0,
        program_time: Duration::ZERO,
        answers: BTreeMap::new(),
        timing: Timing::new(sizes),
        failure: None,
    };
    let batches = (range.end - range.start).div_ceil(batch);
    let first_of = |b: u64| range.start + b * batch;
    let one = |b: u64| {
        let indices = first_of(b)..range.end.min(first_of(b) + batch);
        let cases: Vec<Case<P>> = indices.map(|i| generate_case::<P>(cases.seed, i, sizes)).collect();
        let clock = Instant::now();
        let (expected, kinds): (Vec<String>, Vec<String>) =
            cases.iter().map(|case| answer::<P>(case, options.against)).unzip();
        let ours = clock.elapsed();
        let clock = Instant::now();
        let result = judge::<P>(program, &cases, &expected, options.timeout);
        progress.inc(cases.len() as u64);
        Batch::<P> { cases, kinds, result, time: clock.elapsed(), ours }
    };
    let mut error = None;
    in_order(0..batches, cases.time.map(|limit| started + limit), one, |b, ran| {
        summary.program_time += ran.time;
        summary.checked += ran.cases.len() as u64;
        let share = ran.cases.len().max(1) as u32;
        for (case, kind) in ran.cases.iter().zip(ran.kinds) {
            summary.timing.add(P::Game::size(case), ran.time / share, ran.ours / share);
            *summary.answers.entry(kind).or_default() += 1;
        }
        match ran.result {
            Ok(Ok(())) => {
                summary.passed += ran.cases.len() as u64;
                return ControlFlow::Continue(());
            }
            Ok(Err(fault)) => {
                let failure = failure::<P>(program, options, first_of(b), ran.cases, fault, progress);
                // Cases before the failing one in its batch passed alone; a batch that fails only as a whole
                // counts whole.
                if !failure.batch_only {
                    summary.checked = failure.index + 1 - range.start;
                }
                summary.passed = failure.index - range.start;
                summary.failure = Some(failure);
            }
            Err(e) => error = Some(e),
        }
        ControlFlow::Break(())
    });
    match error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Finds the failing case of a failed batch, shrinks it, and builds the report.
fn failure<P: Problem>(
    program: &[OsString],
    options: &StressOptions,
    first: u64,
    cases: Vec<Case<P>>,
    fault: Fault,
    progress: &ProgressBar,
) -> StressFailure {
    let fails_as = |kind: FaultKind| {
        move |case: &Case<P>| {
            let cases = std::slice::from_ref(case);
            let expected = answers::<P>(cases, options.against);
            // A program that started once and cannot start now is a failure of the machine, not of the case.
            matches!(judge::<P>(program, cases, &expected, options.timeout), Ok(Err(fault)) if fault.kind == kind)
        }
    };
    // A failure of the whole batch is looked for case by case; the batch is kept when no case fails alone (the
    // program may carry state from case to case).
    let single = if cases.len() == 1 {
        Some((0, fault.clone()))
    } else {
        cases.iter().enumerate().find_map(|(i, case)| {
            let expected = answers::<P>(std::slice::from_ref(case), options.against);
            match judge::<P>(program, std::slice::from_ref(case), &expected, options.timeout) {
                Ok(Err(fault)) => Some((i, fault)),
                _ => None,
            }
        })
    };
    let command = |index: u64, cases: u64| reproduce::<P>(program, options, index, cases);
    let Some((i, fault)) = single else {
        let ours = answers::<P>(&cases, options.against);
        let drawing = crate::draw::document(&cases, |i| format!("Case #{}: {}", i + 1, ours[i]));
        let expected = games::contest::write_answers(ours);
        return StressFailure {
            index: first,
            fault,
            batch_only: true,
            minimal: P::Game::write(&cases),
            expected,
            minimal_size: cases.iter().map(P::Game::size).max().unwrap_or(0),
            shrink_steps: 0,
            shrink_complete: true,
            shrink_time: options.cases.shrink_time,
            against: options.against,
            command: command(first, cases.len() as u64),
            drawing,
        };
    };
    let index = first + i as u64;
    let case = cases.into_iter().nth(i).expect("the failing case is in the batch");
    let deadline = Instant::now().checked_add(options.cases.shrink_time);
    let shrunk = shrink_while::<P>(case, fails_as(fault.kind), deadline, Some(&shrinking(progress)));
    let Shrunk { case: minimal, steps: shrink_steps, complete: shrink_complete, .. } = shrunk;
    let cases = std::slice::from_ref(&minimal);
    let expected = answers::<P>(cases, options.against);
    // The minimal case's own fault (its message and output), run once more.
    let fault = match judge::<P>(program, cases, &expected, options.timeout) {
        Ok(Err(minimal_fault)) => minimal_fault,
        _ => fault,
    };
    StressFailure {
        index,
        fault,
        batch_only: false,
        minimal: P::Game::write(cases),
        drawing: crate::draw::document(cases, |_| format!("Case #1: {}", expected[0])),
        expected: games::contest::write_answers(expected),
        minimal_size: P::Game::size(&minimal),
        shrink_steps,
        shrink_complete,
        shrink_time: options.cases.shrink_time,
        against: options.against,
        command: command(index, 1),
    }
}

/// The command that runs the failing case again (and shrinks it again).
fn reproduce<P: Problem>(program: &[OsString], options: &StressOptions, index: u64, cases: u64) -> String {
    let mut command =
        format!("gamecheck stress {} --seed {} --from {index} --cases {cases}", P::Game::NAME, options.cases.seed);
    if let Some(sizes) = options.cases.sizes.filter(|&s| s != P::CHECK_SIZES) {
        command.push_str(&format!(" --size {sizes}"));
    }
    if cases > 1 {
        command.push_str(&format!(" --batch {cases}"));
    }
    if options.against == Engine::Oracle {
        command.push_str(" --against oracle");
    }
    if options.timeout != DEFAULT_TIMEOUT {
        command.push_str(&format!(" --timeout {}", options.timeout.as_secs_f64()));
    }
    command.push_str(" --");
    for arg in program {
        let arg = arg.to_string_lossy();
        command.push(' ');
        command.push_str(&shlex::try_quote(&arg).unwrap_or(arg.clone()));
    }
    command
}

/// How long one run of the program may take by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

impl StressFailure {
    /// The report a person reads: the minimal input, our answers and the program's, and how to get it back.
    pub fn report(&self, problem: &str) -> String {
        let against = match self.against {
            Engine::Solver => "solver",
            Engine::Oracle => "oracle",
        };
        let shrunk = if self.batch_only {
            "no case of the batch fails alone, so the whole batch is shown, not shrunk".to_string()
        } else {
            shrunk_how(self.shrink_complete, self.shrink_steps, self.minimal_size, self.shrink_time)
        };
        let mut report = format!(
            "{problem}: the program fails on case {index}: {kind} ({shrunk})\n{message}\n\
             --- minimal input ---\n{minimal}--- expected output ({against}) ---\n{expected}\
             --- program output ---\n{output}",
            index = self.index,
            kind = self.fault.kind,
            message = self.fault.message,
            minimal = self.minimal,
            expected = self.expected,
            output = with_newline(&self.fault.output),
        );
        if !self.fault.stderr.is_empty() {
            report.push_str(&format!("--- program standard error (start) ---\n{}", with_newline(&self.fault.stderr)));
        }
        report.push_str(&format!("--- reproduce ---\n{}\n", self.command));
        report
    }
}

fn with_newline(text: &str) -> String {
    if text.is_empty() || text.ends_with('\n') { text.to_string() } else { format!("{text}\n") }
}

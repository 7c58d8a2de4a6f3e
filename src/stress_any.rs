//! `stress --generator G --reference R -- PROGRAM`: stress-test a program for any problem, with a generator, a
//! reference (usually a brute force) and, optionally, a testlib-style checker, all commands we did not write. Each
//! case is a sequence of choice bytes fed to the generator's standard input; a failure is shrunk by shrinking those
//! bytes ([`crate::shrinker`]) and running the generator again, so every candidate is a case the generator could
//! make, whatever the input format (docs/stress-any.md).

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Read as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use crate::check::{CheckOptions, Shard, in_order};
use crate::program::{self, Ran};
use crate::shrinker::Verdict;
use crate::stress::{DEFAULT_TIMEOUT, Fault, FaultKind, shown};

/// How many choice bytes a case offers, and the bytes of case `index` of a seed: the shrinker's input.
pub use shrinker::{CHOICE_BYTES, case_choices};

/// The longest choice sequence the reproduce command spells out in hex; a longer one is written with `--save` and
/// named with `--choices-file`.
const INLINE_CHOICES: usize = 512;

/// The most `--choices-file` reads: the hex of a whole case's choice bytes, with room for line breaks.
const CHOICES_FILE_BYTES: u64 = 4 * CHOICE_BYTES as u64;

/// The options of `stress` without a PROBLEM: the three commands beside the program, and a choice sequence to run
/// instead of the seeded cases.
#[derive(clap::Args, Debug, Default)]
pub struct AnyArgs {
    /// Instead of PROBLEM: the generator, one command line split as a shell would (`'python3 gen.py'`). It reads
    /// choice bytes on standard input (zeros past their end) and prints one input; see docs/stress-any.md.
    #[arg(long, value_name = "CMD", conflicts_with = "problem", requires = "reference")]
    pub generator: Option<String>,
    /// With --generator: the program whose output is right (a brute force), one command line.
    #[arg(long, value_name = "CMD", requires = "generator")]
    pub reference: Option<String>,
    /// With --generator: a testlib-style checker, run as `CMD input output answer` (exit 0 accepts, 1 or 2 rejects,
    /// anything else is the checker's own failure). Without it outputs are compared token by token.
    #[arg(long, value_name = "CMD", requires = "generator")]
    pub checker: Option<String>,
    /// With --generator: run this one choice sequence (hex) instead of the seeded cases, as it is (not shrunk):
    /// what the reproduce command of a failure gives.
    #[arg(long, value_name = "HEX", requires = "generator", conflicts_with = "choices_file")]
    pub choices: Option<String>,
    /// As --choices, the hex read from a file (`--save` writes one beside each failing case).
    #[arg(long, value_name = "PATH", requires = "generator")]
    pub choices_file: Option<PathBuf>,
}

impl AnyArgs {
    /// Whether the run is one of these (a generator given) rather than of a built-in problem.
    pub fn given(&self) -> bool {
        self.generator.is_some()
    }
}

/// Everything one run needs.
#[derive(Clone, Debug)]
pub struct AnyOptions {
    /// Seed, indices, time budget, shard and shrink time, as for `check` (`cases: None` means
    /// [`crate::stress::STRESS_CASES`]).
    pub cases: CheckOptions,
    pub timeout: Duration,
    pub generator: Vec<OsString>,
    pub reference: Vec<OsString>,
    pub checker: Option<Vec<OsString>>,
    pub program: Vec<OsString>,
    /// The one sequence to run instead of the seeded cases.
    pub choices: Option<Vec<u8>>,
    /// Where `--save` writes the failing case, if anywhere.
    pub save: Option<PathBuf>,
}

impl AnyOptions {
    /// The options from the command line's pieces: each command split as a shell would, the choices read.
    pub fn new(
        args: &AnyArgs,
        cases: CheckOptions,
        timeout: Duration,
        program: Vec<OsString>,
        save: Option<PathBuf>,
    ) -> anyhow::Result<AnyOptions> {
        let generator = split("--generator", args.generator.as_deref().unwrap_or_default())?;
        let reference = match &args.reference {
            Some(command) => split("--reference", command)?,
            None => anyhow::bail!("--generator needs --reference CMD, the program whose output is right"),
        };
        let checker = args.checker.as_deref().map(|c| split("--checker", c)).transpose()?;
        let choices = match (&args.choices, &args.choices_file) {
            (Some(hex), _) => Some(parse_hex(hex).context("--choices")?),
            (None, Some(path)) => {
                // Read with a bound, so that a wrong path (/dev/zero, a huge log) is refused instead of filling memory.
                let mut text = String::new();
                std::fs::File::open(path)
                    .and_then(|file| file.take(CHOICES_FILE_BYTES + 1).read_to_string(&mut text))
                    .with_context(|| format!("--choices-file: reading {}", path.display()))?;
                anyhow::ensure!(
                    text.len() as u64 <= CHOICES_FILE_BYTES,
                    "--choices-file {}: longer than {CHOICES_FILE_BYTES} bytes, more than the hex of a case's {CHOICE_BYTES} \
                     choice bytes",
                    path.display()
                );
                Some(parse_hex(&text).with_context(|| format!("--choices-file {}", path.display()))?)
            }
            (None, None) => None,
        };
        Ok(AnyOptions { cases, timeout, generator, reference, checker, program, choices, save })
    }
}

/// One command line split as a shell would split it (no shell runs it: no pipes, no globs).
pub fn split(flag: &str, command: &str) -> anyhow::Result<Vec<OsString>> {
    let words = shlex::split(command)
        .with_context(|| format!("{flag} `{command}`: unbalanced quotes or a trailing backslash"))?;
    anyhow::ensure!(!words.is_empty(), "{flag} takes a command, such as 'python3 gen.py', not an empty string");
    Ok(words.into_iter().map(OsString::from).collect())
}

/// Hex digits, whitespace ignored, as bytes.
pub fn parse_hex(text: &str) -> anyhow::Result<Vec<u8>> {
    let digits: Vec<(usize, char)> = text.char_indices().filter(|(_, c)| !c.is_whitespace()).collect();
    if let Some(&(at, c)) = digits.iter().find(|(_, c)| !c.is_ascii_hexdigit()) {
        anyhow::bail!("expected hex digits (0-9, a-f), found `{}` at character {}", c.escape_debug(), at + 1);
    }
    anyhow::ensure!(
        digits.len().is_multiple_of(2),
        "expected an even number of hex digits (two per byte), found {}",
        digits.len()
    );
    Ok(digits
        .chunks(2)
        .map(|pair| {
            let digit = |c: char| c.to_digit(16).expect("checked above") as u8;
            digit(pair[0].1) << 4 | digit(pair[1].1)
        })
        .collect())
}

/// Bytes as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(2 * bytes.len()), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A generator, reference or checker that did not do its part: the candidate is not a case, and says nothing of
/// the program.
#[derive(Clone, Debug)]
pub struct Invalid {
    /// "generator", "reference" or "checker".
    pub who: &'static str,
    pub message: String,
    /// The start of its standard error.
    pub stderr: String,
}

/// One choice sequence run through generator, reference and program (and checker).
#[derive(Clone, Debug)]
pub struct Trial {
    pub input: Vec<u8>,
    /// The reference's output.
    pub answer: Vec<u8>,
    /// How the program failed; `None` when it passed.
    pub fault: Option<Fault>,
    /// The program's run time.
    pub time: Duration,
}

/// A helper's output, or why it is not usable.
fn helper_output(who: &'static str, ran: Ran, timeout: Duration) -> Result<Vec<u8>, Invalid> {
    let stderr = shown(&ran.stderr, ran.stderr_left_out, false);
    let invalid = |message: String| Invalid { who, message, stderr: stderr.clone() };
    if ran.flooded {
        return Err(invalid(format!("printed more than {} MiB", program::MAX_OUTPUT >> 20)));
    }
    match ran.status {
        None => Err(invalid(format!("did not exit within the time limit of {:.2} s", timeout.as_secs_f64()))),
        Some(status) if !status.success() => Err(invalid(match status.code() {
            Some(code) => format!("exited with status {code}"),
            None => format!("was ended by a signal ({status})"),
        })),
        Some(_) => Ok(ran.stdout),
    }
}

/// Where the first difference of two outputs compared token by token (whitespace-insensitive) lies, if they differ.
pub fn token_difference(expected: &str, got: &str) -> Option<String> {
    let tokens = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .flat_map(|(line, l)| l.split_ascii_whitespace().map(move |t| (line + 1, t.to_string())))
            .collect()
    };
    let (expected, got) = (tokens(expected), tokens(got));
    for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
        if e.1 != g.1 {
            return Some(format!("token {} (output line {}): expected `{}`, found `{}`", i + 1, g.0, e.1, g.1));
        }
    }
    match expected.len().cmp(&got.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!(
            "the output ends after {} token(s); expected {}, the next `{}`",
            got.len(),
            expected.len(),
            expected[got.len()].1
        )),
        std::cmp::Ordering::Less => Some(format!(
            "expected {} token(s), found {}: `{}` (output line {}) is one too many",
            expected.len(),
            got.len(),
            got[expected.len()].1,
            got[expected.len()].0
        )),
    }
}

/// Runs the testlib-style checker on files in a directory of its own: `Ok(None)` accepted, `Ok(Some(why))` rejected.
fn check(
    checker: &[OsString],
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    timeout: Duration,
) -> std::io::Result<Result<Option<String>, Invalid>> {
    let dir = program::TempDir::new("checker")?;
    let files = [("input", input), ("output", output), ("answer", answer)].map(|(name, bytes)| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).map(|()| path.into_os_string())
    });
    let ran = files.into_iter().collect::<std::io::Result<Vec<_>>>().and_then(|paths| {
        let command: Vec<OsString> = checker.iter().cloned().chain(paths).collect();
        program::run(&command, b"", timeout)
    });
    drop(dir);
    let ran = ran?;
    let said = || {
        let text = format!("{}{}", String::from_utf8_lossy(&ran.stdout), ran.stderr);
        text.lines().find(|l| !l.trim().is_empty()).unwrap_or("no message").trim().to_string()
    };
    Ok(match ran.status.and_then(|s| s.code()) {
        Some(0) if !ran.flooded => Ok(None),
        Some(1 | 2) if !ran.flooded => Ok(Some(format!("the checker rejects the output: {}", said()))),
        _ => {
            let status = ran.status.map_or("did not exit in time".to_string(), |s| s.to_string());
            Err(Invalid { who: "checker", message: format!("failed ({status}): {}", said()), stderr: ran.stderr })
        }
    })
}

/// Runs one choice sequence: generator, reference, program, then the comparison. An error is a command that could
/// not be started at all.
pub fn trial(options: &AnyOptions, choices: &[u8]) -> std::io::Result<Result<Trial, Invalid>> {
    let timeout = options.timeout;
    let ran = program::run(&options.generator, choices, timeout)?;
    match helper_output("generator", ran, timeout) {
        Ok(input) => judged(options, input),
        Err(invalid) => Ok(Err(invalid)),
    }
}

/// Runs reference and program on a generated input, then the comparison.
fn judged(options: &AnyOptions, input: Vec<u8>) -> std::io::Result<Result<Trial, Invalid>> {
    let timeout = options.timeout;
    // Reference and program side by side: shrinking runs thousands of candidates one after another, and most of a
    // run of a small case is starting an interpreter.
    let (reference, (ran, time)) = std::thread::scope(|scope| {
        let reference = scope.spawn(|| program::run(&options.reference, &input, timeout));
        let clock = Instant::now();
        let ran = program::run(&options.program, &input, timeout);
        let time = clock.elapsed();
        (reference.join().expect("running the reference does not panic"), (ran, time))
    });
    let answer = match helper_output("reference", reference?, timeout) {
        Ok(answer) => answer,
        Err(invalid) => return Ok(Err(invalid)),
    };
    let ran = ran?;
    let mut fault = Fault::of_run(&ran, timeout);
    if fault.is_none() {
        let difference = match &options.checker {
            Some(checker) => match check(checker, &input, &ran.stdout, &answer, timeout)? {
                Ok(verdict) => verdict,
                Err(invalid) => return Ok(Err(invalid)),
            },
            None => token_difference(&String::from_utf8_lossy(&answer), &String::from_utf8_lossy(&ran.stdout)),
        };
        fault = difference.map(|message| Fault::of(&ran, FaultKind::WrongAnswer, message));
    }
    Ok(Ok(Trial { input, answer, fault, time }))
}

/// The outcome of a run.
#[derive(Clone, Debug)]
pub struct AnySummary {
    pub seed: u64,
    /// The whole run's indices and the shard of them this run was given (`None` for a `--choices` run).
    pub cases: Option<(std::ops::Range<u64>, Shard)>,
    pub from: u64,
    pub checked: u64,
    pub passed: u64,
    pub program_time: Duration,
    pub failure: Option<AnyFailure>,
}

/// The first failure, shrunk through its choices when the generator allows.
#[derive(Clone, Debug)]
pub struct AnyFailure {
    /// The failing case's index; `None` when it came from `--choices`.
    pub index: Option<u64>,
    /// How the smallest failing case fails.
    pub fault: Fault,
    /// The smallest failing case, its right answer and its choice bytes.
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub choices: Vec<u8>,
    /// The case as first found: its input's size and its choice bytes' length.
    pub found_input: Vec<u8>,
    pub found_choices: usize,
    /// How shrinking went; `None` when it was not tried.
    pub shrunk: Option<ShrinkReport>,
    /// Why shrinking was not tried, when it was not.
    pub notice: Option<String>,
    /// Where `--save` put the case, or why it could not.
    pub saved: Option<Result<PathBuf, String>>,
    /// The one command that runs this case again.
    pub command: String,
}

/// How shrinking went.
#[derive(Clone, Debug)]
pub struct ShrinkReport {
    /// Whether the generator marked its draws, so that whole draws could be deleted.
    pub drawn: bool,
    /// Candidates per pass.
    pub passes: Vec<crate::shrinker::PassCount>,
    pub steps: usize,
    pub tried: usize,
    pub complete: bool,
    pub time: Duration,
    pub budget: Duration,
}

/// Runs the whole `stress` of `options`, the first failure shrunk. An error is a command that cannot be started, or
/// a generator, reference or checker that fails on a seeded case.
pub fn stress(options: &AnyOptions, progress: &ProgressBar) -> anyhow::Result<AnySummary> {
    if let Some(choices) = &options.choices {
        let ran = trial(options, choices).with_context(|| starting(options))?;
        let ran = ran.map_err(|invalid| not_a_case(options, &invalid, None))?;
        let mut summary = AnySummary {
            seed: options.cases.seed,
            cases: None,
            from: 0,
            checked: 1,
            passed: u64::from(ran.fault.is_none()),
            program_time: ran.time,
            failure: None,
        };
        if ran.fault.is_some() {
            summary.failure = Some(failure(options, None, choices.clone(), ran, progress));
        }
        return Ok(summary);
    }
    let cases = &options.cases;
    let range = cases.range(crate::stress::STRESS_CASES);
    let mut summary = AnySummary {
        seed: cases.seed,
        cases: Some((cases.whole(crate::stress::STRESS_CASES), cases.shard)),
        from: range.start,
        checked: 0,
        passed: 0,
        program_time: Duration::ZERO,
        failure: None,
    };
    let started = Instant::now();
    let one = |index: u64| {
        let choices = case_choices(cases.seed, index);
        let ran = trial(options, &choices);
        progress.inc(1);
        (choices, ran)
    };
    let mut error = None;
    in_order(range.clone(), cases.time.map(|limit| started + limit), one, |index, (choices, ran)| {
        let ran = match ran {
            Ok(Ok(ran)) => ran,
            Ok(Err(invalid)) => {
                error = Some(not_a_case(options, &invalid, Some(index)));
                return ControlFlow::Break(());
            }
            Err(e) => {
                error = Some(anyhow::Error::new(e).context(starting(options)));
                return ControlFlow::Break(());
            }
        };
        summary.checked += 1;
        summary.program_time += ran.time;
        if ran.fault.is_none() {
            summary.passed += 1;
            return ControlFlow::Continue(());
        }
        summary.failure = Some(failure(options, Some(index), choices, ran, progress));
        ControlFlow::Break(())
    });
    match error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

fn starting(options: &AnyOptions) -> String {
    let names: Vec<String> = [&options.generator, &options.reference, &options.program]
        .into_iter()
        .chain(&options.checker)
        .map(|c| c[0].to_string_lossy().into_owned())
        .collect();
    format!("starting one of {}", names.join(", "))
}

/// How reports name a run: `case I` of the seed, or the choice bytes given with `--choices`.
pub fn case_name(index: Option<u64>) -> String {
    index.map_or("the choices given".to_string(), |i| format!("case {i}"))
}

/// The error for a seeded case the generator, reference or checker could not make or judge.
fn not_a_case(options: &AnyOptions, invalid: &Invalid, index: Option<u64>) -> anyhow::Error {
    let case = case_name(index);
    let again = match index {
        Some(i) => reproduce(options, &Choices::Seeded(i)),
        None => reproduce(options, &Choices::Hex(options.choices.clone().unwrap_or_default())),
    };
    let mut text = format!(
        "on {case} the {who} {message}: this is a fault of the {who}, not of the program under test, so the run \
         stops here (a time-out may need a larger --timeout)",
        who = invalid.who,
        message = invalid.message
    );
    if !invalid.stderr.is_empty() {
        let _ = write!(text, "\n--- {} standard error (start) ---\n{}", invalid.who, invalid.stderr.trim_end());
    }
    let _ = write!(text, "\n--- reproduce ---\n{again}");
    anyhow::anyhow!(text)
}

/// How a reproduce command names its case.
enum Choices {
    Seeded(u64),
    Hex(Vec<u8>),
    File(PathBuf),
}

/// The command that runs one case again: a seeded case is shrunk again, a choice sequence runs as it is.
fn reproduce(options: &AnyOptions, choices: &Choices) -> String {
    let quote = |arg: &OsString| {
        let arg = arg.to_string_lossy();
        shlex::try_quote(&arg).map(|q| q.into_owned()).unwrap_or_else(|_| arg.into_owned())
    };
    let line = |command: &[OsString]| {
        let joined = command.iter().map(&quote).collect::<Vec<_>>().join(" ");
        quote(&OsString::from(joined))
    };
    let mut command =
        format!("gamecheck stress --generator {} --reference {}", line(&options.generator), line(&options.reference));
    if let Some(checker) = &options.checker {
        let _ = write!(command, " --checker {}", line(checker));
    }
    if options.timeout != DEFAULT_TIMEOUT {
        let _ = write!(command, " --timeout {}", options.timeout.as_secs_f64());
    }
    match choices {
        Choices::Seeded(index) => {
            let _ = write!(command, " --seed {} --from {index} --cases 1", options.cases.seed);
        }
        Choices::Hex(bytes) => {
            let _ = write!(command, " --choices '{}'", hex(bytes));
        }
        Choices::File(path) => {
            let _ = write!(command, " --choices-file {}", quote(&path.clone().into_os_string()));
        }
    }
    command.push_str(" --");
    for arg in &options.program {
        command.push(' ');
        command.push_str(&quote(arg));
    }
    command
}

/// Whether the generator draws from the stream: the marks of its run again on `choices` ([`generate`]) when it
/// does, or when that cannot be told; else why the case cannot be shrunk.
fn stream_marks(
    options: &AnyOptions,
    choices: &[u8],
    input: &[u8],
    marks: Option<&Path>,
) -> Result<Vec<usize>, String> {
    let Ok(again) = generate(options, choices, marks) else { return Ok(Vec::new()) };
    let Ok(again_input) = again.input else { return Ok(again.marks) };
    if again_input != input {
        return Err("the generator printed a different input for the same choice bytes: it takes its randomness from \
             somewhere else (its own seed, the clock), so this case cannot be shrunk or run again from its choices. \
             Shrinking needs the generator to draw from standard input: see docs/stress-any.md. With --save DIR the \
             input is kept."
            .to_string());
    }
    let empty = program::run(&options.generator, b"", options.timeout);
    let prints_input = |ran| helper_output("generator", ran, options.timeout).is_ok_and(|printed| printed == input);
    if !choices.is_empty() && empty.is_ok_and(prints_input) {
        return Err(
            "the generator prints this same input with no choice bytes at all: it ignores standard input, so there \
             is nothing to shrink. Shrinking needs the generator to draw from standard input: see \
             docs/stress-any.md."
                .to_string(),
        );
    }
    Ok(again.marks)
}

/// The environment variable naming the file where the helpers write their draws' boundaries (docs/stress-any.md).
pub const MARKS_VARIABLE: &str = "GAMECHECK_CHOICE_MARKS";

/// The most a marks file is read: a decimal offset and a newline for each of a case's choice bytes, with room.
const MARKS_FILE_BYTES: u64 = 16 * CHOICE_BYTES as u64;

/// A generator's run: the input it printed (or why it is not one) and the marks it wrote.
struct Generated {
    input: Result<Vec<u8>, Invalid>,
    marks: Vec<usize>,
}

/// Runs the generator on `choices`, with [`MARKS_VARIABLE`] naming `marks` when there is a file for them: its input,
/// and the marks it wrote (empty when it wrote none, or none that read as offsets: the shrinker then works without
/// them).
fn generate(options: &AnyOptions, choices: &[u8], marks: Option<&Path>) -> std::io::Result<Generated> {
    let Some(marks) = marks else {
        let ran = program::run(&options.generator, choices, options.timeout)?;
        return Ok(Generated { input: helper_output("generator", ran, options.timeout), marks: Vec::new() });
    };
    // A file left by an earlier run must not pass for this one's.
    let _ = std::fs::remove_file(marks);
    let ran = program::run_with(&options.generator, &[(MARKS_VARIABLE, marks.as_os_str())], choices, options.timeout)?;
    Ok(Generated { input: helper_output("generator", ran, options.timeout), marks: read_marks(marks) })
}

/// The offsets in a marks file; empty when there is none, or it holds anything but offsets.
fn read_marks(marks: &Path) -> Vec<usize> {
    let mut text = String::new();
    match std::fs::File::open(marks).and_then(|file| file.take(MARKS_FILE_BYTES).read_to_string(&mut text)) {
        Ok(_) => text.split_ascii_whitespace().map(str::parse).collect::<Result<Vec<usize>, _>>().unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}

/// Shrinks a failing case through its choices (when the generator draws from them), saves it with `--save`, and
/// builds the report.
fn failure(
    options: &AnyOptions,
    index: Option<u64>,
    choices: Vec<u8>,
    found: Trial,
    progress: &ProgressBar,
) -> AnyFailure {
    let kind = found.fault.as_ref().expect("a failing trial").kind;
    // The generators' marks go to a directory of this shrinking's own: runs with --jobs may shrink side by side.
    // Without the directory, the generator is not asked for marks and shrinking works byte by byte.
    let marks_dir = program::TempDir::new("marks").ok();
    let marks = marks_dir.as_ref().map(|dir| dir.path().join("marks"));
    // A sequence given with --choices is a reproduction: run as it is, not shrunk again.
    let (notice, start_marks) = match index {
        Some(_) => match stream_marks(options, &choices, &found.input, marks.as_deref()) {
            Ok(marks) => (None, Some(marks)),
            Err(notice) => (Some(notice), None),
        },
        None => (None, None),
    };
    let found_input = found.input.clone();
    let found_choices = choices.len();
    let (mut best, mut best_choices, mut shrunk) = (found, choices, None);
    if let Some(start_marks) = start_marks {
        progress.set_style(ProgressStyle::with_template("{prefix:>22} {msg} {elapsed}").expect("a valid template"));
        let clock = Instant::now();
        let deadline = clock.checked_add(options.cases.shrink_time);
        let mut last = None;
        // Choices the generator does not read, or reads to the same effect, make an input met before: the
        // reference and the program need not run on it again.
        let mut passed_inputs = std::collections::HashSet::new();
        let mut test = |candidate: &[u8]| {
            let Ok(Generated { input, marks }) = generate(options, candidate, marks.as_deref()) else {
                return Verdict::default();
            };
            let Ok(input) = input else { return Verdict { fails: false, marks } };
            let key = crate::shrinker::fingerprint(&input);
            if passed_inputs.contains(&key) {
                return Verdict { fails: false, marks };
            }
            match judged(options, input) {
                Ok(Ok(ran)) if ran.fault.as_ref().is_some_and(|f| f.kind == kind) => {
                    last = Some(ran);
                    Verdict { fails: true, marks }
                }
                _ => {
                    passed_inputs.insert(key);
                    Verdict { fails: false, marks }
                }
            }
        };
        let shrinking =
            crate::shrinker::shrink_drawn(best_choices.clone(), start_marks, &mut test, deadline, |c, steps| {
                progress.set_message(format!("shrinking: step {steps}, {} choice byte(s)", c.len()));
            });
        if let Some(ran) = last {
            best = ran;
        }
        best_choices = shrinking.choices;
        shrunk = Some(ShrinkReport {
            drawn: shrinking.drawn,
            passes: shrinking.passes,
            steps: shrinking.steps,
            tried: shrinking.tried,
            complete: shrinking.complete,
            time: clock.elapsed(),
            budget: options.cases.shrink_time,
        });
    }
    drop(marks_dir);
    let name = match index {
        Some(i) => format!("seed-{}-case-{i}", options.cases.seed),
        None => format!("choices-{}", &hex(&best_choices).chars().take(16).collect::<String>()),
    };
    let saved = options.save.as_deref().map(|dir| {
        // Choices that do not make the case are not worth keeping.
        let choices = notice.is_none().then_some(best_choices.as_slice());
        save(dir, &name, &best.input, &best.answer, choices)
            .map_err(|e| format!("saving the case under {}: {e}", dir.display()))
    });
    // A case the generator does not make from its choices is run again only from its seed and index, when it has
    // them; the others from their choices, spelled out when short.
    let command = match (&notice, index, &saved) {
        (Some(_), Some(i), _) => reproduce(options, &Choices::Seeded(i)),
        (None, _, Some(Ok(path))) if best_choices.len() > INLINE_CHOICES => {
            reproduce(options, &Choices::File(path.with_extension("choices")))
        }
        // Too long to spell out and not saved: the seeded case, which shrinks the same way again.
        (None, Some(i), _) if best_choices.len() > INLINE_CHOICES => reproduce(options, &Choices::Seeded(i)),
        _ => reproduce(options, &Choices::Hex(best_choices.clone())),
    };
    AnyFailure {
        index,
        fault: best.fault.clone().expect("a failing trial"),
        input: best.input,
        answer: best.answer,
        choices: best_choices,
        found_input,
        found_choices,
        shrunk,
        notice,
        saved,
        command,
    }
}

/// Writes `DIR/any/NAME.in`, `.ans` (the reference's output) and, when given, `.choices` (hex); the path of the
/// `.in` file.
fn save(dir: &Path, name: &str, input: &[u8], answer: &[u8], choices: Option<&[u8]>) -> std::io::Result<PathBuf> {
    let dir = dir.join("any");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{name}.in"));
    std::fs::write(&path, input)?;
    std::fs::write(path.with_extension("ans"), answer)?;
    if let Some(choices) = choices {
        let mut text = hex(choices);
        text.push('\n');
        std::fs::write(path.with_extension("choices"), text)?;
    }
    Ok(path)
}

/// An input's size as a person reads it: bytes, lines and tokens.
pub fn size(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    format!(
        "{} byte(s), {} line(s), {} token(s)",
        text.len(),
        text.lines().count(),
        text.split_ascii_whitespace().count()
    )
}

impl AnySummary {
    /// The report a person reads.
    pub fn report(&self) -> String {
        let mut out = match &self.cases {
            Some((whole, shard)) => {
                let covered = if *shard == Shard::WHOLE {
                    format!("cases {}..{}", whole.start, whole.end)
                } else {
                    let part = shard.of(whole.clone());
                    format!(
                        "shard {shard} of cases {}..{} (cases {}..{})",
                        whole.start, whole.end, part.start, part.end
                    )
                };
                format!(
                    "stress: seed {}, {covered}: ran cases {}..{}, {} passed, {:.2} s in the program\n",
                    self.seed,
                    self.from,
                    self.from + self.checked,
                    self.passed,
                    self.program_time.as_secs_f64()
                )
            }
            None => format!(
                "stress: ran the choices given, {}, {:.2} s in the program\n",
                if self.passed == 1 { "passed" } else { "failed" },
                self.program_time.as_secs_f64()
            ),
        };
        if let Some(failure) = &self.failure {
            out.push('\n');
            out.push_str(&failure.report());
        }
        out
    }
}

impl AnyFailure {
    pub fn report(&self) -> String {
        let case = case_name(self.index);
        let how = match &self.shrunk {
            Some(s) => {
                let ended = if s.complete {
                    format!("shrunk in {} step(s)", s.steps)
                } else {
                    format!("shrinking stopped at the {} s budget after {} step(s)", s.budget.as_secs_f64(), s.steps)
                };
                let passes: Vec<String> = s
                    .passes
                    .iter()
                    .filter(|p| p.tried > 0)
                    .map(|p| format!("{} {}/{}", p.pass, p.accepted, p.tried))
                    .collect();
                format!(
                    "{ended} ({} tried, {:.1} s): choices {} → {} byte(s), input {} → {}\n\
                     {}; accepted/tried per pass: {}",
                    s.tried,
                    s.time.as_secs_f64(),
                    self.found_choices,
                    self.choices.len(),
                    size(&self.found_input),
                    size(&self.input),
                    if s.drawn {
                        "the generator marked its draws"
                    } else {
                        "the generator did not mark its draws (no helper, or an old one): shrunk byte by byte"
                    },
                    passes.join(", ")
                )
            }
            None => format!("not shrunk: input {}", size(&self.input)),
        };
        let text = |bytes: &[u8]| with_newline(&shown(&String::from_utf8_lossy(bytes), 0, false));
        let mut out = format!(
            "stress: the program fails on {case}: {kind}\n{how}\n{message}\n",
            kind = self.fault.kind,
            message = self.fault.message
        );
        if let Some(notice) = &self.notice {
            let _ = writeln!(out, "note: {notice}");
        }
        let _ = write!(
            out,
            "--- {} input ---\n{}--- expected output (reference) ---\n{}--- program output ---\n{}",
            if self.shrunk.is_some() { "minimal" } else { "failing" },
            text(&self.input),
            text(&self.answer),
            with_newline(&self.fault.output)
        );
        if !self.fault.stderr.is_empty() {
            let _ = write!(out, "--- program standard error (start) ---\n{}", with_newline(&self.fault.stderr));
        }
        if self.notice.is_none() {
            let shown_choices = if self.choices.len() > INLINE_CHOICES {
                format!("{}… ({} bytes in all; --save writes them all)", hex(&self.choices[..64]), self.choices.len())
            } else {
                hex(&self.choices)
            };
            let _ = write!(out, "--- choice bytes ({}, hex) ---\n{shown_choices}\n", self.choices.len());
        }
        match &self.saved {
            Some(Ok(path)) => {
                let choices = if self.notice.is_none() { " and .choices" } else { "" };
                let _ = writeln!(out, "saved as {} with .ans (the reference's output){choices}", path.display());
            }
            Some(Err(e)) => eprintln!("error: {e}"),
            None => {}
        }
        let _ = write!(out, "--- reproduce ---\n{}\n", self.command);
        out
    }
}

fn with_newline(text: &str) -> String {
    if text.is_empty() || text.ends_with('\n') { text.to_string() } else { format!("{text}\n") }
}

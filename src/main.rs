//! The gamecheck command line: `solve`, `draw`, `gen`, `check`, `stress`, `exhaust`, `list`, and for interactive
//! problems `play`, `judge` and `prove`.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use gamecheck::check::{CheckOptions, DEFAULT_SEED, Shard, Summary, save_case};
use gamecheck::interactive::{Connection, JudgeOptions, ProveOptions};
use gamecheck::problems::order_chaos::variants as order_chaos_variants;
use gamecheck::registry::{AnyProblem, Engine, INTERACTIVE, all_problems};
use gamecheck::stress::StressOptions;
use gamecheck::{Entry, Interactive, PROBLEMS};
use games::Sizes;
use indicatif::{ProgressBar, ProgressStyle};

/// Fast solvers for five board and tile games, checked against naive oracles.
#[derive(Parser)]
#[command(version, about, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXIT_CODES: &str = "Exit status: 0 all good; 1 solver and oracle disagree, a proof fails, or a judged program \
                          lost or broke the protocol; 2 bad input or usage.";

#[derive(Subcommand)]
enum Command {
    /// Answer contest input (a file, or standard input) with contest output.
    Solve {
        #[arg(value_parser = problem)]
        problem: &'static dyn Entry,
        /// The input file; standard input when absent.
        file: Option<PathBuf>,
        /// Answer with the naive oracle instead of the fast solver.
        #[arg(long)]
        oracle: bool,
    },
    /// Draw every case of contest input (a file, or standard input) as one SVG document on standard output, each
    /// in its problem's geometry under the solver's answer. For order-chaos the input is games: blocks of `r c n`
    /// move lines, or boards of six rows of X, O and `.`, separated by blank lines.
    Draw {
        #[arg(value_parser = any_problem)]
        problem: AnyProblem,
        /// The input file; standard input when absent.
        file: Option<PathBuf>,
    },
    /// Print generated cases as contest input.
    Gen {
        #[arg(value_parser = problem)]
        problem: &'static dyn Entry,
        #[arg(long, default_value_t = 10)]
        cases: u64,
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// The first case index: `--from 17 --cases 1` prints case 17 of the seed alone.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Board sizes, `7` or `3..12` (inclusive); the problem's check sizes by default.
        #[arg(long, conflicts_with = "preset")]
        size: Option<Sizes>,
        /// A named family of cases instead of the generator's mix: `inventor-outlasting --preset contest` draws the
        /// bulk of the official large set (10x20 and 20x10, spots at 50% or 70%), the benchmark that matters.
        #[arg(long)]
        preset: Option<String>,
    },
    /// Generate cases, answer each with solver and oracle, and shrink the first disagreement.
    Check {
        /// The problems to check; all of them when none is named. An interactive problem runs its proof and plays
        /// `--cases` games through its protocol.
        #[arg(value_parser = any_problem)]
        problems: Vec<AnyProblem>,
        #[command(flatten)]
        run: Run,
        /// Print, per problem, how often each answer kind and each feature of the generated cases came up, and flag
        /// any answer kind under 5%: a generator that never draws a class of case shows here.
        #[arg(long)]
        stats: bool,
        #[command(flatten)]
        scale: Scale,
        /// Write each failing case and the oracle's answers as DIR/PROBLEM/seed-S-case-I.in and .ans; moved into
        /// tests/data/PROBLEM/ they become regression tests.
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
        /// Also write DIR/index.html: the summary, the answers and times per problem as charts, and every failure
        /// with its minimal case drawn. Self-contained: open it in any browser, offline.
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
    },
    /// Run someone else's program (a contest submission in any language) on generated cases as contest input,
    /// compare its output with our answers, and shrink the first failure by running it on smaller cases:
    /// `gamecheck stress hex -- ./my-solution`. For any other problem, give a generator and a reference instead of
    /// PROBLEM: `gamecheck stress --generator 'python3 gen.py' --reference ./brute -- ./my-solution`
    /// (docs/stress-any.md).
    #[command(mut_arg("cases", |arg| arg.help("Cases to run the program on; 1000 when absent")))]
    Stress {
        /// The problem whose contest input the program reads: hex, havannah, inventor-outlasting or
        /// adjacent-consecutive (`gamecheck list`); absent with --generator.
        #[arg(value_parser = problem)]
        problem: Option<&'static dyn Entry>,
        #[command(flatten)]
        any: gamecheck::stress_any::AnyArgs,
        #[command(flatten)]
        run: Run,
        /// Cases per run of the program (its input holds T = K cases).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
        batch: u64,
        /// Seconds one run may take before it is killed and reported as a time-out.
        #[arg(long, default_value_t = gamecheck::stress::DEFAULT_TIMEOUT.as_secs_f64())]
        timeout: f64,
        /// Whose answers the program must match.
        #[arg(long, value_enum, default_value_t = Against::Solver)]
        against: Against,
        #[command(flatten)]
        scale: Scale,
        /// Write the minimal failing case and our answers as DIR/PROBLEM/seed-S-case-I.in and .ans.
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
        /// Also write DIR/index.html: the summary, our answers and the times as charts, and the failure with its
        /// minimal case drawn. Self-contained: open it in any browser, offline.
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, num_args = 1..)]
        command: Vec<OsString>,
    },
    /// Check every case of the given sizes (every N×N board for Hex), on all cores.
    Exhaust {
        #[arg(value_parser = problem)]
        problem: &'static dyn Entry,
        /// The sizes to enumerate, `4` or `1..4` (inclusive).
        #[arg(long)]
        size: Sizes,
    },
    /// List the registered problems and their check defaults.
    List,
    /// Play our side of an interactive problem on standard input and output, flushing every line (CHAOS for
    /// order-chaos, speaking the CodeChef protocol).
    Play {
        #[arg(value_parser = interactive)]
        problem: &'static dyn Interactive,
        #[command(flatten)]
        variant: VariantArgs,
        /// order-chaos: play the winning side of this certificate (its variant unless --rules says the same),
        /// answering from its entries through the board's symmetries and the letter swap. The independent checker
        /// replays it first, and a certificate it rejects is refused before the first line.
        #[arg(long)]
        certificate: Option<PathBuf>,
        /// With --certificate: play it without the check first (minutes on a 6×6 certificate), for one checked
        /// already with `prove order-chaos --check`.
        #[arg(long, requires = "certificate")]
        unchecked: bool,
    },
    /// The local grader: run a program as a child process, play the other side of seeded games against it, and
    /// report each game and the total: `gamecheck judge order-chaos -- CMD [ARGS..]`.
    Judge {
        /// The interactive problem whose other side we play: order-chaos.
        #[arg(value_parser = interactive)]
        problem: &'static dyn Interactive,
        /// Games in the run (T).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// The index of the first game, counted from 0 (messages count games from 1): `--from 17 --games 1`
        /// replays game 18 of the seed alone.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Seconds the program may take for each line.
        #[arg(long, default_value_t = 2.0)]
        timeout: f64,
        /// Only the total and what went wrong, not a line per game.
        #[arg(long)]
        quiet: bool,
        #[command(flatten)]
        variant: VariantArgs,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, num_args = 1..)]
        command: Vec<OsString>,
    },
    /// Prove our side never loses, exhaustively (for order-chaos: every final board of the pairing, then the game
    /// tree of ORDER's choices).
    Prove {
        /// The interactive problem to prove: `order-chaos` (see `gamecheck list`).
        #[arg(value_parser = interactive)]
        problem: &'static dyn Interactive,
        /// The pairing search: enumerate every table that follows the editorial's recipe and prove each.
        #[arg(long)]
        all_tables: bool,
        /// With --all-tables: walk each table's game tree too, not only its final boards.
        #[arg(long, requires = "all_tables")]
        walk: bool,
        /// The table to prove: `tester` (the default), `editorialist`, or a file of six rows of six pair ids.
        #[arg(long)]
        table: Option<String>,
        /// With --rules: search that variant exactly instead of proving the pairing.
        #[command(flatten)]
        variant: VariantArgs,
        /// With --rules: write the certificate of the proof here.
        #[arg(long, requires = "rules")]
        certificate: Option<PathBuf>,
        /// With --rules: resume from this checkpoint if it exists, and write it every --checkpoint-every seconds,
        /// on Ctrl-C and at the end.
        #[arg(long, requires = "rules")]
        checkpoint: Option<PathBuf>,
        /// With --checkpoint: seconds between two checkpoints written during the search; 300 when absent.
        #[arg(long, value_name = "SECS", requires = "checkpoint")]
        checkpoint_every: Option<f64>,
        /// With --rules: stop searching after this many seconds (the checkpoint keeps the work).
        #[arg(long, value_name = "SECS", requires = "rules")]
        time_limit: Option<f64>,
        /// With --rules: the transposition table's size, `512M` or `8G` (1G when absent), at most this machine's
        /// memory.
        #[arg(long, value_name = "SIZE", requires = "rules", value_parser = gamecheck::problems::order_chaos::search::parse_memory)]
        memory: Option<usize>,
        /// Search nothing: replay this certificate with the independent checker and say whether it holds.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["rules", "all_tables", "table"])]
        check: Option<PathBuf>,
    },
}

/// Order and Chaos under other rules: `--rules R [--side N] [--run K]`. Without `--rules`, the contest as it is.
#[derive(clap::Args)]
struct VariantArgs {
    /// order-chaos: the rules, `full-board`, `moment-any` or `moment-exact` (see docs/problems/order-chaos.md).
    #[arg(long, value_parser = rules)]
    rules: Option<games::order_chaos::variant::Rules>,
    /// With --rules: the board's side, 2 to 8; 6 when absent.
    #[arg(long, requires = "rules")]
    side: Option<u8>,
    /// With --rules: the run that wins, 2 to the side; 5 when absent (or the side, when that is smaller).
    #[arg(long, requires = "rules")]
    run: Option<u8>,
}

impl VariantArgs {
    /// The variant named, if any; an error for a problem other than order-chaos.
    fn variant(&self, problem: &dyn Interactive) -> anyhow::Result<Option<games::order_chaos::variant::Variant>> {
        let Some(rules) = self.rules else { return Ok(None) };
        order_chaos_only(problem, "--rules")?;
        Ok(Some(order_chaos_variants::variant_of(rules, self.side, self.run)?))
    }
}

/// An error unless `problem` is order-chaos, the only one `flag` is for.
fn order_chaos_only(problem: &dyn Interactive, flag: &str) -> anyhow::Result<()> {
    anyhow::ensure!(problem.name() == games::order_chaos::NAME, "{flag} is for order-chaos, not {}", problem.name());
    Ok(())
}

fn rules(text: &str) -> Result<games::order_chaos::variant::Rules, String> {
    text.parse()
}

/// Which generated cases a run covers.
#[derive(clap::Args)]
struct Run {
    /// Cases per problem; when absent, each problem's own default (`gamecheck list` shows them).
    #[arg(long)]
    cases: Option<u64>,
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// The first case index.
    #[arg(long, default_value_t = 0)]
    from: u64,
    /// Stop starting new cases of a problem after this many seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Board sizes, `7` or `3..12` (inclusive); each problem's oracle-sized default when absent.
    #[arg(long)]
    size: Option<Sizes>,
    /// Shrink a failure for at most this many seconds, then show the smallest failing case found so far.
    #[arg(long, value_name = "SECS", default_value_t = gamecheck::problem::DEFAULT_SHRINK_TIME.as_secs_f64())]
    shrink_time: f64,
}

impl Run {
    fn options(&self, shard: Shard) -> anyhow::Result<CheckOptions> {
        anyhow::ensure!(self.cases != Some(0), "--cases takes at least 1: a run of no cases checks nothing");
        let time = self.time.map(Duration::try_from_secs_f64).transpose().context("--time takes seconds")?;
        let shrink_time = Duration::try_from_secs_f64(self.shrink_time).context("--shrink-time takes seconds")?;
        Ok(CheckOptions {
            seed: self.seed,
            from: self.from,
            cases: self.cases,
            time,
            sizes: self.size,
            shard,
            shrink_time,
            stats: false,
        })
    }
}

/// The most threads `--jobs` starts: far more than any machine here has cores, far fewer than the thread limit of a
/// machine shared with others (100 000 threads took 35 s to fail).
const MAX_JOBS: usize = 256;

/// How a long run uses this machine and others.
#[derive(clap::Args)]
struct Scale {
    /// Threads to run cases on; all cores when absent. Results do not depend on it.
    #[arg(long)]
    jobs: Option<usize>,
    /// Run only part K of N of the cases (`--shard 2/4`): N machines with the same seed and shards 1/N..N/N cover
    /// the run exactly once, in disjoint index ranges.
    #[arg(long, default_value = "1/1")]
    shard: Shard,
}

impl Scale {
    fn start(&self) -> anyhow::Result<()> {
        if let Some(jobs) = self.jobs {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            anyhow::ensure!(
                (1..=MAX_JOBS).contains(&jobs),
                "--jobs takes 1 to {MAX_JOBS} threads (this machine has {cores} cores), not {jobs}"
            );
            rayon::ThreadPoolBuilder::new().num_threads(jobs).build_global().context("starting the threads")?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Against {
    Solver,
    Oracle,
}

fn problem(name: &str) -> Result<&'static dyn Entry, String> {
    gamecheck::find(name).ok_or_else(|| {
        let names: Vec<_> = PROBLEMS.iter().map(|p| p.name()).collect();
        format!("no problem `{name}`; the problems are: {}", names.join(", "))
    })
}

fn interactive(name: &str) -> Result<&'static dyn Interactive, String> {
    gamecheck::registry::find_interactive(name).ok_or_else(|| {
        let names: Vec<_> = INTERACTIVE.iter().map(|p| p.name()).collect();
        format!("no interactive problem `{name}`; the interactive problems are: {}", names.join(", "))
    })
}

fn any_problem(name: &str) -> Result<AnyProblem, String> {
    gamecheck::registry::find_any(name).ok_or_else(|| {
        let names: Vec<_> = all_problems().map(|p| p.name()).collect();
        format!("no problem `{name}`; the problems are: {}", names.join(", "))
    })
}

fn main() -> ExitCode {
    // Engines' panics inside `check`, `stress` and `exhaust` are caught and reported as answers, so the hook stays
    // quiet for those; any other panic is ours, and says so before the exit status 101.
    std::panic::set_hook(Box::new(|info| {
        if !gamecheck::problem::panic_is_caught() {
            eprintln!("gamecheck: internal error: {info}");
            eprintln!("this is a bug in gamecheck, not in the input: please report it with the command that caused it");
        }
    }));
    let cli = Cli::parse();
    if stdout_is_closed() {
        eprintln!("error: standard output is closed, so nothing could be written: give it a file or a pipe");
        return ExitCode::from(2);
    }
    match run(cli) {
        Ok(code) => code,
        // A reader that stopped early (`gamecheck gen ... | head`) wanted no more: end quietly, as `head` expects.
        Err(error) if closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// Standard output, buffered; every write error (a full disk, a closed pipe) reaches the caller naming standard
/// output, its kind kept so that a closed pipe is still seen as one.
fn stdout() -> Stdout<io::BufWriter<io::StdoutLock<'static>>> {
    Stdout(io::BufWriter::new(io::stdout().lock()))
}

/// Standard output as `prove` writes it, a line at a time as results are found (the standard lock flushes at each
/// line), its errors named as [`stdout`]'s.
fn stdout_by_line() -> Stdout<io::StdoutLock<'static>> {
    Stdout(io::stdout().lock())
}

/// A writer to standard output whose write errors say that it was standard output they could not write.
struct Stdout<W>(W);

fn writing_stdout(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("writing standard output: {e}"))
}

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes).map_err(writing_stdout)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(writing_stdout)
    }
}

/// Whether descriptor 1 was closed when gamecheck started (`gamecheck ... >&-`). Rust's runtime opens /dev/null
/// read-write in place of a closed standard descriptor, so such a run would write into nothing and end with status
/// 0. A shell's `> /dev/null` opens it write-only, so only the runtime's stand-in is read-write: that one means the
/// descriptor was closed.
#[cfg(unix)]
fn stdout_is_closed() -> bool {
    // SAFETY: fstat and fcntl(F_GETFL) only read the descriptor's state into memory we own.
    unsafe {
        let (mut out, mut null): (libc::stat, libc::stat) = (std::mem::zeroed(), std::mem::zeroed());
        let read_write = libc::fcntl(1, libc::F_GETFL) & libc::O_ACCMODE == libc::O_RDWR;
        read_write
            && libc::fstat(1, &mut out) == 0
            && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
            && (out.st_mode & libc::S_IFMT) == libc::S_IFCHR
            && out.st_rdev == null.st_rdev
    }
}

#[cfg(not(unix))]
fn stdout_is_closed() -> bool {
    false
}

/// Writes a report that comes after the work, keeping the run's exit status if the reader has gone: a `check` that
/// failed still exits 1 when its output went into a closed pipe.
fn report(code: ExitCode, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> anyhow::Result<ExitCode> {
    let mut out = stdout();
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(code),
        Err(e) => Err(e.into()),
    }
}

/// The sizes a run draws: `--size` or the problem's check sizes, refused when past the contest's limits or, when the
/// oracle is asked, past its reach.
fn sizes_for(problem: &dyn Entry, size: Option<Sizes>, oracle: bool) -> anyhow::Result<Sizes> {
    let sizes = size.unwrap_or(problem.check_sizes());
    let limits = problem.size_limits();
    anyhow::ensure!(
        limits.min <= sizes.min && sizes.max <= limits.max,
        "--size {sizes} is outside what {} allows: {limits}",
        problem.name()
    );
    if oracle
        && !problem.certified()
        && let Some(why) = problem.oracle_reach().refuses(problem.name(), sizes)
    {
        anyhow::bail!("--size {sizes}: {why}");
    }
    Ok(sizes)
}

/// A time limit in seconds, from a flag.
fn seconds(value: f64, flag: &str) -> anyhow::Result<Duration> {
    // `{:e}` keeps `1e300` one short word where `{}` writes all 301 digits.
    let shown = if value.abs() < 1e9 { value.to_string() } else { format!("{value:e}") };
    let duration = Duration::try_from_secs_f64(value).with_context(|| format!("{flag} takes seconds, not {shown}"))?;
    anyhow::ensure!(!duration.is_zero(), "{flag} takes a positive number of seconds, not {shown}");
    Ok(duration)
}

/// The rows a bare `check` (no `--size`, no `--cases`) adds to a problem's own, each with its sizes and cases: the
/// top of the oracle's reach, and, where the certificate proves every answer, the contest's limit judged by it alone.
fn bare_rows(problem: &dyn Entry, sizes: Option<Sizes>, cases: Option<u64>) -> Vec<(Sizes, u64)> {
    if sizes.is_some() || cases.is_some() {
        return Vec::new();
    }
    [problem.check_top(), problem.limit_run()].into_iter().flatten().collect()
}

/// Refuses a run whose case indices `from..from + cases` would pass the last index: it could not be run in full,
/// and a run that does less than it was asked must not pass for one that did it all.
/// `what` names the option that counts them (`--cases`, `--games`).
fn whole_run(from: u64, cases: u64, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        from.checked_add(cases).is_some(),
        "--from {from} with {what} {cases} passes the last index, {}: give a smaller --from",
        u64::MAX
    );
    Ok(())
}

/// Contest input from a file, or standard input when there is none, read as it comes (see
/// [`games::contest::read_text`]): bad input is an error at its line as soon as it is read, and an endless input
/// is refused instead of filling memory. `parse` decides whether a prefix can still grow into a valid input.
fn read_input(
    problem: &'static str,
    file: Option<&Path>,
    parse: Option<games::contest::Prefix>,
) -> anyhow::Result<String> {
    let (mut reader, name): (Box<dyn Read>, String) = match file {
        Some(path) => {
            let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
            (Box::new(file), path.display().to_string())
        }
        None => (Box::new(std::io::stdin().lock()), "standard input".into()),
    };
    games::contest::read_text(problem, &mut reader, parse).map_err(|e| match e {
        games::contest::ReadError::Input(e) => anyhow::Error::new(e),
        games::contest::ReadError::Io(e) => anyhow::Error::new(e).context(format!("reading {name}")),
    })
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve { problem, file, oracle } => {
            let input = read_input(problem.name(), file.as_deref(), Some(&|text| problem.parses(text)))?;
            let engine = if oracle { Engine::Oracle } else { Engine::Solver };
            problem.solve_to(&input, engine, &mut stdout())?;
        }
        Command::Draw { problem, file } => match problem {
            AnyProblem::Batch(problem) => {
                let input = read_input(problem.name(), file.as_deref(), Some(&|text| problem.parses(text)))?;
                let mut out = stdout();
                problem.draw_to(&input, &mut out)?;
                out.flush()?;
            }
            // Games of order-chaos have no count of cases: any number of them may follow.
            AnyProblem::Interactive(problem) => {
                let input = read_input(problem.name(), file.as_deref(), None)?;
                let mut out = stdout();
                problem.draw_to(&input, &mut out)?;
                out.flush()?;
            }
        },
        Command::Gen { problem, cases, seed, from, size, preset } => {
            let most = problem.max_cases();
            anyhow::ensure!(
                (1..=most).contains(&cases),
                "--cases takes 1 to {most}: a {} input holds 1 to {most} cases",
                problem.name()
            );
            whole_run(from, cases, "--cases")?;
            if let Some(preset) = preset {
                problem.generate_preset_to(&preset, seed, from, cases, &mut stdout())?;
            } else {
                let sizes = sizes_for(problem, size, false)?;
                problem.generate_to(seed, from, cases, sizes, &mut stdout())?;
            }
        }
        Command::Check { problems, run, stats, scale, save, report } => {
            let problems = if problems.is_empty() { all_problems().collect() } else { problems };
            // Every problem's sizes and case indices before the first case, so a refusal costs nothing.
            for problem in &problems {
                whole_run(run.from, run.cases.unwrap_or(problem.check_cases()), "--cases")?;
                if let AnyProblem::Batch(problem) = problem {
                    sizes_for(*problem, run.size, true)?;
                    for (_, cases) in bare_rows(*problem, run.size, run.cases) {
                        whole_run(run.from, cases, "--cases")?;
                    }
                }
            }
            let save = save.map(|dir| writable_dir("--save", dir)).transpose()?;
            let report = report.map(|dir| writable_dir("--report", dir)).transpose()?;
            scale.start()?;
            let options = CheckOptions { stats, ..run.options(scale.shard)? };
            return check(&problems, &options, save.as_deref(), report.as_deref());
        }
        Command::Stress { problem, any, run, batch, timeout, against, scale, save, report, command } => {
            let timeout = seconds(timeout, "--timeout")?;
            let Some(problem) = problem else {
                anyhow::ensure!(
                    any.given(),
                    "stress needs a PROBLEM ({}) or --generator CMD --reference CMD for any other problem",
                    PROBLEMS.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
                );
                // What only a built-in problem has: sizes, batches of cases, our engines, a drawn report.
                anyhow::ensure!(
                    run.size.is_none(),
                    "--size is for a built-in PROBLEM: a generator draws its own sizes"
                );
                anyhow::ensure!(
                    batch == 1,
                    "--batch is for a built-in PROBLEM: with --generator each run is one input"
                );
                anyhow::ensure!(matches!(against, Against::Solver), "--against is for a built-in PROBLEM");
                whole_run(run.from, run.cases.unwrap_or(gamecheck::stress::STRESS_CASES), "--cases")?;
                let save = save.map(|dir| writable_dir("--save", dir)).transpose()?;
                let report = report.map(|dir| writable_dir("--report", dir)).transpose()?;
                let options =
                    gamecheck::stress_any::AnyOptions::new(&any, run.options(scale.shard)?, timeout, command, save)?;
                scale.start()?;
                gamecheck::program::end_all_on_interrupt(STRESS_INTERRUPTED);
                return stress_any(&options, report.as_deref());
            };
            let against = match against {
                Against::Solver => Engine::Solver,
                Against::Oracle => Engine::Oracle,
            };
            let sizes = sizes_for(problem, run.size, against == Engine::Oracle)?;
            // Our expected answers come from the oracle itself here: a certificate does not stand in for it.
            if against == Engine::Oracle
                && let Some(why) = problem.oracle_reach().refuses(problem.name(), sizes)
            {
                anyhow::bail!("--size {sizes}: {why}");
            }
            whole_run(run.from, run.cases.unwrap_or(gamecheck::stress::STRESS_CASES), "--cases")?;
            let save = save.map(|dir| writable_dir("--save", dir)).transpose()?;
            let report = report.map(|dir| writable_dir("--report", dir)).transpose()?;
            scale.start()?;
            gamecheck::program::end_all_on_interrupt(STRESS_INTERRUPTED);
            let cases = run.options(scale.shard)?;
            let options = StressOptions { cases, batch, timeout, against };
            return stress(problem, &command, &options, save.as_deref(), report.as_deref());
        }
        Command::Exhaust { problem, size } => return exhaust(problem, size),
        Command::List => {
            return report(ExitCode::SUCCESS, |out| {
                for p in PROBLEMS {
                    let (sizes, reach) = (p.check_sizes().to_string(), p.oracle_reach());
                    writeln!(
                        out,
                        "{:<24} check sizes {sizes:<8} cases {:<8} oracle up to {} = {}",
                        p.name(),
                        p.check_cases(),
                        reach.knob,
                        reach.max_size
                    )?;
                }
                for p in INTERACTIVE.iter() {
                    writeln!(
                        out,
                        "{:<24} interactive: play, judge, prove; check plays {} games",
                        p.name(),
                        p.check_cases()
                    )?;
                }
                Ok(())
            });
        }
        Command::Play { problem, variant, certificate, unchecked } => {
            let variant = variant.variant(problem)?;
            let mut input = std::io::stdin().lock();
            let mut output = std::io::stdout().lock();
            match (variant, certificate) {
                (_, Some(path)) => {
                    order_chaos_only(problem, "--certificate")?;
                    let mut entries = order_chaos_variants::read_certificate(&path)?;
                    if let Some(variant) = variant.filter(|&v| v != entries.variant()) {
                        let (file, proved) = (path.display(), entries.variant());
                        anyhow::bail!("--rules names {variant}, but the certificate {file} is for {proved}");
                    }
                    // What is played is what the checker accepted: a certificate it rejects may still win some
                    // games, and must not look as if it proved anything.
                    if !unchecked {
                        let blank = games::order_chaos::variant::Position::empty(entries.variant().side());
                        oracles::order_chaos::certificate::check_entries(&mut entries, blank, 0, &mut |_| {}).map_err(
                            |rejection| {
                                anyhow::anyhow!(
                                    "{}: the independent checker rejects the certificate, so it is not played \
                                     (--unchecked plays it anyway): {rejection}",
                                    path.display()
                                )
                            },
                        )?;
                    }
                    order_chaos_variants::play(&entries, &mut input, &mut output)?;
                }
                (Some(variant), None) if variant != games::order_chaos::variant::Variant::ORDNCHS => {
                    anyhow::bail!(
                        "there is no built-in strategy for {variant}: give --certificate FILE, a proof of who wins it"
                    );
                }
                // The contest's game under its own rules: our pairing strategy, as without --rules.
                _ => {
                    problem.play(&mut input, &mut output)?;
                }
            }
        }
        Command::Judge { problem, games, seed, from, timeout, quiet, variant, command } => {
            let variant = variant.variant(problem)?;
            let timeout = seconds(timeout, "--timeout")?;
            anyhow::ensure!(games >= 1, "--games takes at least 1: a run of no games judges nothing");
            whole_run(from, games, "--games")?;
            gamecheck::program::end_all_on_interrupt("the games printed above are all that was played");
            let options = JudgeOptions { seed, from, games, timeout, per_game: !quiet };
            let program =
                Connection::spawn(&command).with_context(|| format!("starting {}", command[0].to_string_lossy()))?;
            let mut report = std::io::stdout().lock();
            let judged = match variant {
                Some(variant) => order_chaos_variants::judge(variant, program, &options, &mut report)?,
                None => problem.judge(program, &options, &mut report)?,
            };
            return Ok(if judged.all_won(games) { ExitCode::SUCCESS } else { ExitCode::from(1) });
        }
        Command::Prove {
            problem,
            all_tables,
            walk,
            table,
            variant,
            certificate,
            checkpoint,
            checkpoint_every,
            time_limit,
            memory,
            check,
        } => {
            if let Some(path) = check {
                order_chaos_only(problem, "--check")?;
                let mut out = stdout_by_line();
                let accepted = gamecheck::problems::order_chaos::search::check_file(&path, &mut out)?;
                out.flush()?;
                return Ok(if accepted { ExitCode::SUCCESS } else { ExitCode::from(1) });
            }
            let seconds = |secs: Option<f64>, what: &str| {
                secs.map(Duration::try_from_secs_f64).transpose().with_context(|| format!("{what} takes seconds"))
            };
            let game = match variant.variant(problem)? {
                None => None,
                Some(variant) => Some(gamecheck::problems::order_chaos::search::GameSearch {
                    variant,
                    certificate,
                    checkpoint,
                    checkpoint_every: seconds(checkpoint_every, "--checkpoint-every")?
                        .unwrap_or(Duration::from_secs(300)),
                    time_limit: seconds(time_limit, "--time-limit")?,
                    memory: memory.unwrap_or(1 << 30),
                }),
            };
            let options = ProveOptions { all: all_tables, walk, strategy: table, game };
            let mut out = stdout_by_line();
            let proved = problem.prove(&options, &mut out)?;
            out.flush()?;
            return Ok(if proved { ExitCode::SUCCESS } else { ExitCode::from(1) });
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn stress(
    problem: &'static dyn Entry,
    command: &[OsString],
    options: &StressOptions,
    save: Option<&Path>,
    report_to: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let total = options.cases.range(gamecheck::stress::STRESS_CASES).count() as u64;
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("a valid template")
        .progress_chars("=> ");
    let bar = ProgressBar::new(total).with_style(style).with_prefix(problem.name());
    let summary =
        problem.stress(command, options, &bar).with_context(|| format!("running {}", command[0].to_string_lossy()))?;
    bar.finish_and_clear();
    let code = if summary.failure.is_some() { ExitCode::from(1) } else { ExitCode::SUCCESS };
    let printed = report(code, |out| {
        writeln!(
            out,
            "{}: seed {}, {}: ran cases {}..{}, {} passed, {:.2} s in the program",
            summary.problem,
            summary.seed,
            covered(summary.whole.clone(), summary.shard),
            summary.from,
            summary.from + summary.checked,
            summary.passed,
            summary.program_time.as_secs_f64()
        )?;
        let Some(failure) = &summary.failure else { return Ok(()) };
        writeln!(out, "\n{}", failure.report(summary.problem))?;
        if let Some(dir) = save {
            let saved =
                save_case(dir, summary.problem, summary.seed, failure.index, &failure.minimal, &failure.expected);
            saved_line(out, dir, saved, "")?;
        }
        Ok(())
    });
    if let Some(dir) = report_to {
        write_report(dir, &gamecheck::report::stress_page(&command_line(), &summary));
    }
    printed
}

/// What an interrupted `stress` leaves: the report and the files come at the end of a run, and only then.
const STRESS_INTERRUPTED: &str = "stress prints no report and saves nothing (--save, --report): the same command \
     runs the same cases again, and --time and --shrink-time end a run early with its report";

fn stress_any(options: &gamecheck::stress_any::AnyOptions, report_to: Option<&Path>) -> anyhow::Result<ExitCode> {
    let total = options.cases.range(gamecheck::stress::STRESS_CASES).count() as u64;
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("a valid template")
        .progress_chars("=> ");
    let bar =
        ProgressBar::new(if options.choices.is_some() { 1 } else { total }).with_style(style).with_prefix("stress");
    let summary = gamecheck::stress_any::stress(options, &bar)?;
    bar.finish_and_clear();
    let code = if summary.failure.is_some() { ExitCode::from(1) } else { ExitCode::SUCCESS };
    let printed = report(code, |out| write!(out, "{}", summary.report()));
    if let Some(dir) = report_to {
        write_report(dir, &gamecheck::report::any_page(&command_line(), &summary));
    }
    printed
}

/// Says where `--save` put a case. A case that could not be saved is said on standard error and does not change the
/// exit status: the run found what it found.
fn saved_line(out: &mut dyn Write, dir: &Path, saved: io::Result<PathBuf>, whose: &str) -> io::Result<()> {
    match saved {
        Ok(path) => writeln!(out, "saved as {} and .ans{whose}", path.display()),
        Err(e) => {
            eprintln!("error: saving the case under {}: {e}", dir.display());
            Ok(())
        }
    }
}

/// Which part of a run this was: the whole index range, or a shard of it.
fn covered(whole: std::ops::Range<u64>, shard: Shard) -> String {
    if shard == Shard::WHOLE {
        format!("cases {}..{}", whole.start, whole.end)
    } else {
        let part = shard.of(whole.clone());
        format!("shard {shard} of cases {}..{} (cases {}..{})", whole.start, whole.end, part.start, part.end)
    }
}

/// An output directory (`--report DIR`, `--save DIR`), made and tried before the run, so that one that cannot be
/// written is refused before any work rather than after it.
fn writable_dir(flag: &str, dir: PathBuf) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(&dir).with_context(|| format!("{flag}: making the directory {}", dir.display()))?;
    let probe = dir.join(format!(".gamecheck-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .with_context(|| format!("{flag}: writing into {}", dir.display()))?;
    std::fs::remove_file(&probe).with_context(|| format!("{flag}: removing {}", probe.display()))?;
    Ok(dir)
}

/// Writes a report page and says where on standard error, leaving standard output as it is without `--report`. A
/// page that cannot be written is said there too and does not change the exit status, as with `--save`.
fn write_report(dir: &Path, page: &gamecheck::report::Page) {
    match gamecheck::report::write(dir, page) {
        Ok(path) => eprintln!("report: {}", path.display()),
        Err(e) => eprintln!("error: writing the report under {}: {e}", dir.display()),
    }
}

/// This run's command line as a person would type it again, for the report.
fn command_line() -> String {
    let args = std::env::args_os().skip(1).map(|arg| {
        let arg = arg.to_string_lossy().into_owned();
        shlex::try_quote(&arg).map(|q| q.into_owned()).unwrap_or(arg)
    });
    std::iter::once("gamecheck".to_string()).chain(args).collect::<Vec<_>>().join(" ")
}

fn check(
    problems: &[AnyProblem],
    options: &CheckOptions,
    save: Option<&Path>,
    report_to: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let clock = std::time::Instant::now();
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("a valid template")
        .progress_chars("=> ");
    let mut summaries = Vec::new();
    let mut proofs = Vec::new();
    let mut game_failures = Vec::new();
    for problem in problems {
        let total = options.cases.unwrap_or(problem.check_cases());
        let bar = ProgressBar::new(total).with_style(style.clone()).with_prefix(problem.name());
        match problem {
            AnyProblem::Batch(problem) => {
                summaries.push(problem.check(options, &bar));
                // A failure in a bare run's extra rows reproduces with `--size`, which `check --size` alone runs
                // exactly as before.
                for (sizes, cases) in bare_rows(*problem, options.sizes, options.cases) {
                    bar.inc_length(cases);
                    let top = CheckOptions { sizes: Some(sizes), cases: Some(cases), ..options.clone() };
                    summaries.push(problem.check(&top, &bar));
                }
            }
            AnyProblem::Interactive(problem) => {
                let checked = problem.check(options, &bar);
                summaries.push(checked.summary);
                proofs.push(checked.proof);
                game_failures.extend(checked.failure.map(|failure| (problem.name(), failure, checked.drawing)));
            }
        }
        bar.finish_and_clear();
    }
    let failed = !game_failures.is_empty() || summaries.iter().any(|s| s.failure.is_some());
    let checked: u64 = summaries.iter().map(|s| s.checked).sum();
    // A run that met no case proved nothing (a `--time` too short to start one): it must not pass.
    let code = if failed {
        ExitCode::from(1)
    } else if checked == 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    };
    let mut failing: Vec<&str> = summaries.iter().filter(|s| s.failure.is_some()).map(|s| s.problem).collect();
    failing.extend(game_failures.iter().map(|(problem, _, _)| *problem));
    failing.dedup();
    let seconds = clock.elapsed().as_secs_f64();
    let verdict = if !failing.is_empty() {
        format!("FAILED: {} (see above); {checked} cases in {seconds:.1} s", failing.join(", "))
    } else if checked == 0 {
        "checked no case: nothing was proved (is --time too short?)".to_string()
    } else {
        let problems = summaries.iter().map(|s| s.problem).collect::<std::collections::BTreeSet<_>>().len();
        format!("all agree: {checked} cases of {problems} problem(s) in {seconds:.1} s")
    };
    let printed = report(code, |out| {
        writeln!(out, "{}", table(&summaries))?;
        if options.stats {
            writeln!(out, "{}", distribution(&summaries))?;
        }
        if options.shard != Shard::WHOLE {
            for s in &summaries {
                writeln!(out, "{}: seed {}, {}", s.problem, s.seed, covered(s.whole.clone(), s.shard))?;
            }
        }
        for proof in &proofs {
            writeln!(out, "{proof}")?;
        }
        for (_, failure, _) in &game_failures {
            writeln!(out, "\n{failure}")?;
        }
        for summary in &summaries {
            let Some(failure) = &summary.failure else { continue };
            writeln!(out, "\n{}", failure.report(summary.problem))?;
            if let (Some(dir), Some(expected)) = (save, &failure.expected) {
                let saved = save_case(dir, summary.problem, summary.seed, failure.index, &failure.minimal, expected);
                saved_line(out, dir, saved, " (the oracle's answers)")?;
            }
        }
        writeln!(out, "{verdict}")?;
        Ok(())
    });
    if let Some(dir) = report_to {
        write_report(dir, &gamecheck::report::check_page(&command_line(), &summaries, &proofs, &game_failures));
    }
    printed
}

fn exhaust(problem: &'static dyn Entry, sizes: Sizes) -> anyhow::Result<ExitCode> {
    let Some(reach) = problem.exhaustive_sizes() else {
        anyhow::bail!("{} has no exhaustive enumeration", problem.name());
    };
    anyhow::ensure!(
        reach.min <= sizes.min && sizes.max <= reach.max,
        "--size {sizes} is outside the sizes {} enumerates: {reach}",
        problem.name()
    );
    let mut code = ExitCode::SUCCESS;
    for size in sizes.min..=sizes.max {
        let bar = ProgressBar::new_spinner().with_prefix(format!("{} size {size}", problem.name()));
        bar.set_style(
            ProgressStyle::with_template("{prefix:>22} {spinner} {human_pos} cases {elapsed}")
                .expect("a valid template"),
        );
        let clock = std::time::Instant::now();
        let result = problem.exhaust(size, &bar);
        bar.finish_and_clear();
        // A sweep that met no case proved nothing; it must not pass as one that met no disagreement.
        anyhow::ensure!(result.checked > 0, "{} size {size}: the enumeration yielded no case", result.problem);
        if result.disagreements > 0 {
            code = ExitCode::from(1);
        }
        let printed = report(ExitCode::SUCCESS, |out| {
            writeln!(
                out,
                "{} size {size}: {} cases, {} disagreements, {:.1} s",
                result.problem,
                result.checked,
                result.disagreements,
                clock.elapsed().as_secs_f64()
            )?;
            for input in &result.examples {
                writeln!(out, "--- disagreement (solve it with and without --oracle) ---\n{input}")?;
            }
            Ok(())
        });
        printed?;
    }
    Ok(code)
}

/// Below this share an answer kind is flagged by `--stats`.
const RARE: f64 = 0.05;

/// `check --stats`: every answer kind with its count and share, rare kinds flagged; then per decade of sizes its cases
/// and every feature of the run with its count and share of those cases, a feature seen in other sizes but not in
/// these flagged, so that a structure the generator stops reaching at large sizes shows as a zero.
fn distribution(summaries: &[Summary]) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(["problem", "", "class", "sizes", "cases", "share", ""]);
    for s in summaries {
        let share = |n: u64, of: u64| format!("{:.1}%", 100.0 * n as f64 / of.max(1) as f64);
        let mut rows: Vec<[String; 6]> = Vec::new();
        for (kind, &n) in &s.answers {
            let flag = if (n as f64) < RARE * s.checked as f64 { "under 5%" } else { "" };
            rows.push(["answer".into(), kind.clone(), "all".into(), n.to_string(), share(n, s.checked), flag.into()]);
        }
        let seen: std::collections::BTreeSet<&str> =
            s.features.values().flat_map(|band| band.features.keys().copied()).collect();
        for (band, counts) in &s.features {
            let cases = counts.cases;
            rows.push([
                "cases".into(),
                String::new(),
                band.to_string(),
                cases.to_string(),
                share(cases, s.checked),
                String::new(),
            ]);
            for &feature in &seen {
                let n = counts.features.get(feature).copied().unwrap_or(0);
                let flag = if n == 0 { "none in these sizes" } else { "" };
                rows.push([
                    "feature".into(),
                    feature.into(),
                    band.to_string(),
                    n.to_string(),
                    share(n, cases),
                    flag.into(),
                ]);
            }
        }
        for (i, [what, class, sizes, n, share, flag]) in rows.into_iter().enumerate() {
            table.add_row(vec![
                Cell::new(if i == 0 { s.problem } else { "" }),
                Cell::new(what),
                Cell::new(class),
                Cell::new(sizes),
                Cell::new(n).set_alignment(CellAlignment::Right),
                Cell::new(share).set_alignment(CellAlignment::Right),
                Cell::new(flag),
            ]);
        }
    }
    table
}

fn table(summaries: &[Summary]) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_header(["problem", "seed", "cases", "sizes", "agree", "answers", "solver", "oracle"]);
    for s in summaries {
        let answers: Vec<String> = s
            .answers
            .iter()
            .map(|(kind, n)| format!("{kind}: {n} ({:.1}%)", 100.0 * *n as f64 / s.checked.max(1) as f64))
            .collect();
        let cases = format!("{}..{}", s.from, s.from + s.checked);
        let agree = if s.failure.is_some() { format!("{} FAILED", s.agreed) } else { s.agreed.to_string() };
        table.add_row(vec![
            Cell::new(s.problem),
            Cell::new(s.seed),
            Cell::new(cases),
            Cell::new(s.sizes),
            Cell::new(agree).set_alignment(CellAlignment::Right),
            Cell::new(answers.join("\n")),
            Cell::new(format!("{:.1} ms", s.solver_time.as_secs_f64() * 1e3)).set_alignment(CellAlignment::Right),
            Cell::new(format!("{:.1} ms", s.oracle_time.as_secs_f64() * 1e3)).set_alignment(CellAlignment::Right),
        ]);
    }
    table
}

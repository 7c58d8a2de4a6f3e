//! The gamecheck command line: `solve`, `gen`, `check`, `exhaust`, `list`, and for interactive problems `play`,
//! `judge` and `prove`.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use gamecheck::check::{CheckOptions, DEFAULT_SEED, Shard, Summary, save_case};
use gamecheck::interactive::{Connection, JudgeOptions, ProveOptions};
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
        #[arg(long)]
        size: Option<Sizes>,
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
    },
    /// Run someone else's program (a contest submission in any language) on generated cases as contest input,
    /// compare its output with our answers, and shrink the first failure by running it on smaller cases:
    /// `gamecheck stress hex -- ./my-solution`.
    Stress {
        #[arg(value_parser = problem)]
        problem: &'static dyn Entry,
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
    },
    /// The local grader: run a program as a child process, play the other side of seeded games against it, and
    /// report each game and the total: `gamecheck judge order-chaos -- CMD [ARGS..]`.
    Judge {
        #[arg(value_parser = interactive)]
        problem: &'static dyn Interactive,
        /// Games in the run (T).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// The index of the first game: `--from 17 --games 1` replays game 17 of the seed alone.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Seconds the program may take for each line.
        #[arg(long, default_value_t = 2.0)]
        timeout: f64,
        /// Only the total and what went wrong, not a line per game.
        #[arg(long)]
        quiet: bool,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, num_args = 1..)]
        command: Vec<OsString>,
    },
    /// Prove our side never loses, exhaustively (for order-chaos: every final board of the pairing, then the game
    /// tree of ORDER's choices).
    Prove {
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
    },
}

/// Which generated cases a run covers.
#[derive(clap::Args)]
struct Run {
    /// Cases per problem; the problem's own default when absent (for `stress`, 1000).
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
        })
    }
}

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
            anyhow::ensure!(jobs >= 1, "--jobs takes at least 1");
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
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve { problem, file, oracle } => {
            let input = match &file {
                Some(path) => std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?,
                None => {
                    let mut input = String::new();
                    std::io::stdin().read_to_string(&mut input).context("reading standard input")?;
                    input
                }
            };
            let engine = if oracle { Engine::Oracle } else { Engine::Solver };
            print(&problem.solve(&input, engine)?)?;
        }
        Command::Gen { problem, cases, seed, from, size } => {
            print(&problem.generate(seed, from, cases, size.unwrap_or(problem.check_sizes())))?;
        }
        Command::Check { problems, run, stats, scale, save } => {
            scale.start()?;
            let problems = if problems.is_empty() { all_problems().collect() } else { problems };
            return check(&problems, &run.options(scale.shard)?, stats, save.as_deref());
        }
        Command::Stress { problem, run, batch, timeout, against, scale, save, command } => {
            scale.start()?;
            gamecheck::program::end_all_on_interrupt();
            let timeout = Duration::try_from_secs_f64(timeout).context("--timeout takes seconds")?;
            let against = match against {
                Against::Solver => Engine::Solver,
                Against::Oracle => Engine::Oracle,
            };
            let cases = run.options(scale.shard)?;
            let options = StressOptions { cases, batch, timeout, against };
            return stress(problem, &command, &options, save.as_deref());
        }
        Command::Exhaust { problem, size } => return Ok(exhaust(problem, size)),
        Command::List => {
            for p in PROBLEMS {
                println!("{:<24} check sizes {:<8} cases {}", p.name(), p.check_sizes().to_string(), p.check_cases());
            }
            for p in INTERACTIVE {
                println!("{:<24} interactive: play, judge, prove; check plays {} games", p.name(), p.check_cases());
            }
        }
        Command::Play { problem } => {
            let mut input = std::io::stdin().lock();
            let mut output = std::io::stdout().lock();
            problem.play(&mut input, &mut output)?;
        }
        Command::Judge { problem, games, seed, from, timeout, quiet, command } => {
            let timeout = Duration::try_from_secs_f64(timeout).context("--timeout takes seconds")?;
            gamecheck::program::end_all_on_interrupt();
            let options = JudgeOptions { seed, from, games, timeout, per_game: !quiet };
            let program =
                Connection::spawn(&command).with_context(|| format!("starting {}", command[0].to_string_lossy()))?;
            let judged = problem.judge(program, &options, &mut std::io::stdout().lock())?;
            return Ok(if judged.all_won(games) { ExitCode::SUCCESS } else { ExitCode::from(1) });
        }
        Command::Prove { problem, all_tables, walk, table } => {
            let options = ProveOptions { all: all_tables, walk, strategy: table };
            let proved = problem.prove(&options, &mut std::io::stdout().lock())?;
            return Ok(if proved { ExitCode::SUCCESS } else { ExitCode::from(1) });
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    // A closed pipe (`gamecheck gen ... | head`) is not an error worth a message.
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("writing standard output"),
    }
}

fn stress(
    problem: &'static dyn Entry,
    command: &[OsString],
    options: &StressOptions,
    save: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    // Our engines' panics are caught and shown as expected answers; the default hook would print each one again.
    std::panic::set_hook(Box::new(|_| {}));
    let total = options.cases.range(gamecheck::stress::STRESS_CASES).count() as u64;
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("a valid template")
        .progress_chars("=> ");
    let bar = ProgressBar::new(total).with_style(style).with_prefix(problem.name());
    let summary =
        problem.stress(command, options, &bar).with_context(|| format!("running {}", command[0].to_string_lossy()))?;
    bar.finish_and_clear();
    println!(
        "{}: seed {}, {}: ran cases {}..{}, {} passed, {:.2} s in the program",
        summary.problem,
        summary.seed,
        covered(summary.whole.clone(), summary.shard),
        summary.from,
        summary.from + summary.checked,
        summary.passed,
        summary.program_time.as_secs_f64()
    );
    let Some(failure) = &summary.failure else { return Ok(ExitCode::SUCCESS) };
    println!("\n{}", failure.report(summary.problem));
    if let Some(dir) = save {
        let path = save_case(dir, summary.problem, summary.seed, failure.index, &failure.minimal, &failure.expected)
            .with_context(|| format!("saving the case under {}", dir.display()))?;
        println!("saved as {} and .ans", path.display());
    }
    Ok(ExitCode::from(1))
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

fn check(
    problems: &[AnyProblem],
    options: &CheckOptions,
    stats: bool,
    save: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    // Panics are caught and reported as failures; the default hook would print each one again while shrinking.
    std::panic::set_hook(Box::new(|_| {}));
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
            AnyProblem::Batch(problem) => summaries.push(problem.check(options, &bar)),
            AnyProblem::Interactive(problem) => {
                let checked = problem.check(options, &bar);
                summaries.push(checked.summary);
                proofs.push(checked.proof);
                game_failures.extend(checked.failure);
            }
        }
        bar.finish_and_clear();
    }
    println!("{}", table(&summaries));
    if stats {
        println!("{}", distribution(&summaries));
    }
    if options.shard != Shard::WHOLE {
        for s in &summaries {
            println!("{}: seed {}, {}", s.problem, s.seed, covered(s.whole.clone(), s.shard));
        }
    }
    for proof in &proofs {
        println!("{proof}");
    }
    let mut code = ExitCode::SUCCESS;
    for failure in &game_failures {
        println!("\n{failure}");
        code = ExitCode::from(1);
    }
    for summary in &summaries {
        if let Some(failure) = &summary.failure {
            println!("\n{}", failure.report(summary.problem));
            code = ExitCode::from(1);
            if let (Some(dir), Some(expected)) = (save, &failure.expected) {
                let path = save_case(dir, summary.problem, summary.seed, failure.index, &failure.minimal, expected)
                    .with_context(|| format!("saving the case under {}", dir.display()))?;
                println!("saved as {} and .ans (the oracle's answers)", path.display());
            }
        }
    }
    Ok(code)
}

fn exhaust(problem: &'static dyn Entry, sizes: Sizes) -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
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
        println!(
            "{} size {size}: {} cases, {} disagreements, {:.1} s",
            result.problem,
            result.checked,
            result.failures.len(),
            clock.elapsed().as_secs_f64()
        );
        for input in result.failures.iter().take(5) {
            println!("--- disagreement (solve it with and without --oracle) ---\n{input}");
            code = ExitCode::from(1);
        }
    }
    code
}

/// Below this share an answer kind is flagged by `--stats`.
const RARE: f64 = 0.05;

/// `check --stats`: every answer kind and feature with its count and share, rare kinds flagged.
fn distribution(summaries: &[Summary]) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(["problem", "", "class", "cases", "share", ""]);
    for s in summaries {
        let share = |n: u64| n as f64 / s.checked.max(1) as f64;
        let kinds = s.answers.iter().map(|(kind, &n)| ("answer", kind.as_str(), n));
        let features = s.features.iter().map(|(&feature, &n)| ("feature", feature, n));
        for (i, (what, class, n)) in kinds.chain(features).enumerate() {
            let flag = if what == "answer" && share(n) < RARE { "under 5%" } else { "" };
            table.add_row(vec![
                Cell::new(if i == 0 { s.problem } else { "" }),
                Cell::new(what),
                Cell::new(class),
                Cell::new(n).set_alignment(CellAlignment::Right),
                Cell::new(format!("{:.1}%", 100.0 * share(n))).set_alignment(CellAlignment::Right),
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

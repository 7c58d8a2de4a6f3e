//! The gamecheck command line: `solve`, `gen`, `check`, `list`.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use gamecheck::check::{CheckOptions, DEFAULT_SEED, Summary};
use gamecheck::registry::Engine;
use gamecheck::{Entry, PROBLEMS};
use games::Sizes;
use indicatif::{ProgressBar, ProgressStyle};

/// Fast solvers for five board and tile games, checked against naive oracles.
#[derive(Parser)]
#[command(version, about, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXIT_CODES: &str = "Exit status: 0 all good; 1 solver and oracle disagree; 2 bad input or usage.";

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
        /// The problems to check; all of them when none is named.
        #[arg(value_parser = problem)]
        problems: Vec<&'static dyn Entry>,
        /// Cases per problem; each problem's own default when absent.
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
}

fn problem(name: &str) -> Result<&'static dyn Entry, String> {
    gamecheck::find(name).ok_or_else(|| {
        let names: Vec<_> = PROBLEMS.iter().map(|p| p.name()).collect();
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
        Command::Check { problems, cases, seed, from, time, size } => {
            let problems = if problems.is_empty() { PROBLEMS.to_vec() } else { problems };
            let time = time.map(Duration::try_from_secs_f64).transpose().context("--time takes seconds")?;
            let options = CheckOptions { seed, from, cases, time, sizes: size };
            return Ok(check(&problems, &options));
        }
        Command::Exhaust { problem, size } => return Ok(exhaust(problem, size)),
        Command::List => {
            for p in PROBLEMS {
                println!("{:<24} check sizes {:<8} cases {}", p.name(), p.check_sizes().to_string(), p.check_cases());
            }
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

fn check(problems: &[&'static dyn Entry], options: &CheckOptions) -> ExitCode {
    // Panics are caught and reported as failures; the default hook would print each one again while shrinking.
    std::panic::set_hook(Box::new(|_| {}));
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("a valid template")
        .progress_chars("=> ");
    let mut summaries = Vec::new();
    for problem in problems {
        let total = options.cases.unwrap_or(problem.check_cases());
        let bar = ProgressBar::new(total).with_style(style.clone()).with_prefix(problem.name());
        summaries.push(problem.check(options, &bar));
        bar.finish_and_clear();
    }
    println!("{}", table(&summaries));
    let mut code = ExitCode::SUCCESS;
    for summary in &summaries {
        if let Some(failure) = &summary.failure {
            println!("\n{}", failure.report(summary.problem));
            code = ExitCode::from(1);
        }
    }
    code
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

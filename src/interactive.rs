//! Interactive problems: the program plays one side of a game over a line protocol, so there is no case file to
//! answer and no answer to compare. What the harness checks instead is a proof that our side never loses, games
//! through the real protocol, and a local grader for any program.
//!
//! Such a problem is an [`Interactive`] in its own registry list ([`crate::registry::INTERACTIVE`]) rather than a
//! [`crate::Problem`]: `solve`, `gen`, `exhaust` and the differential runner have nothing to work on, while `play`,
//! `judge` and `prove` do. `check` runs both kinds. This module also holds what any interactive grader needs: a
//! [`Connection`] to a program (a child process or a player on a thread) with per-line timeouts, which never
//! leaves a process behind.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use crate::check::{CheckOptions, Summary};
use crate::program::Running;

/// An interactive problem, seen through the registry.
pub trait Interactive: Sync {
    /// The name on the command line, as in `gamecheck play order-chaos`.
    fn name(&self) -> &'static str;
    /// How many games a bare `check` plays.
    fn check_cases(&self) -> u64;
    /// What `check` runs: the proof that fits in a second or so, then games of our player through the protocol.
    fn check(&self, options: &CheckOptions, progress: &ProgressBar) -> GameCheck;
    /// Our player: the grader's lines on `input`, ours on `output`, flushed line by line. Returns the games played;
    /// a bad or missing grader line is an error naming the line.
    fn play(&self, input: &mut dyn BufRead, output: &mut dyn Write) -> anyhow::Result<u64>;
    /// The local grader: games against `program`, a line per game and a total on `report`.
    fn judge(&self, program: Connection, options: &JudgeOptions, report: &mut dyn Write) -> io::Result<Judged>;
    /// The exhaustive proof, with its figures on `report`; `Ok(false)` when it fails (the counter-play is reported).
    fn prove(&self, options: &ProveOptions, report: &mut dyn Write) -> anyhow::Result<bool>;
    /// Games drawn as one SVG document (see [`crate::draw`]), each under its verdict; the problem says what input
    /// it reads. Bad input is an error before anything is written.
    fn draw_to(&self, input: &str, out: &mut dyn Write) -> anyhow::Result<()>;
    /// The `PROBLEM` fuzz target's body: our side against fuzzer-built play.
    fn fuzz_differential(&self, data: &[u8]);
    /// The `PROBLEM_parse` fuzz target's body: fuzzer bytes as the grader's lines.
    fn fuzz_parse(&self, data: &[u8]);
}

/// The outcome of `check` on an interactive problem.
#[derive(Clone, Debug)]
pub struct GameCheck {
    /// For the `check` table: games played, won and the classes of opponent; `failure` stays `None` (see below).
    pub summary: Summary,
    /// What the proof established, one line.
    pub proof: String,
    /// A readable report of the first thing that went wrong: the counter-play, or the game that was lost.
    pub failure: Option<String>,
    /// That game drawn as an SVG document (see [`crate::draw`]), for `--report`.
    pub drawing: Option<String>,
}

#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub seed: u64,
    /// The index of the first game, counted from 0 (messages count games from 1): `--from 17 --games 1` replays game
    /// 18 of the seed alone.
    pub from: u64,
    pub games: u64,
    /// How long the program may take for one line.
    pub timeout: Duration,
    /// A line per game, or only the total and what went wrong.
    pub per_game: bool,
}

/// The total of a judged run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub played: u64,
    pub won: u64,
    /// How the program broke the protocol, in a sentence naming the game as `--from` counts it, if it did; no game
    /// is played after that.
    pub fault: Option<String>,
}

impl Judged {
    pub fn all_won(&self, games: u64) -> bool {
        self.fault.is_none() && self.won == games
    }
}

#[derive(Clone, Debug, Default)]
pub struct ProveOptions {
    /// Prove every strategy the problem's search finds, not only the default one.
    pub all: bool,
    /// With `all`: walk each one's game tree too, not only its final positions.
    pub walk: bool,
    /// A strategy to prove instead of the default: a name the problem knows, or a file.
    pub strategy: Option<String>,
    /// Search a variant of the game exactly instead (order-chaos `--rules`).
    pub game: Option<crate::problems::order_chaos::search::GameSearch>,
}

/// How a program failed to give a line.
#[derive(Debug)]
pub enum Fault {
    /// Nothing within the time limit.
    Timeout(Duration),
    /// Its output ended: it exited or closed standard output.
    Closed,
    /// The line at this number is not UTF-8 text.
    NotText(usize),
    /// The line at this number runs past [`MAX_LINE`] bytes without ending.
    TooLong(usize),
}

/// The longest line a program may send; a protocol line is a few bytes, so anything longer is garbage, and reading
/// it whole could take all memory.
pub const MAX_LINE: u64 = 4096;

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout(limit) => write!(f, "no line within the time limit of {:.2} s", limit.as_secs_f64()),
            Fault::Closed => f.write_str("the program's output ended early (it quit or closed standard output)"),
            Fault::NotText(line) => write!(f, "the program's output line {line} is not UTF-8 text"),
            Fault::TooLong(line) => write!(f, "the program's output line {line} runs past {MAX_LINE} bytes"),
        }
    }
}

/// A line-by-line connection to a program. Writes never block the grader (a thread does them) and reads wait at
/// most the given time (a thread does them too), so a program that hangs, stops reading or floods its output
/// cannot hang the grader. Dropping the connection kills the program's whole process group.
pub struct Connection {
    to_program: Option<Sender<Vec<u8>>>,
    from_program: Receiver<Received>,
    /// Lines received so far, blank ones included, for line numbers in messages.
    line: usize,
    program: Option<Running>,
}

impl Connection {
    /// Run `command` (program and arguments) with piped standard input and output; standard error is passed
    /// through. On Unix it gets a process group of its own, so that the grader can end anything it starts.
    pub fn spawn(command: &[OsString]) -> io::Result<Connection> {
        let mut program = crate::program::spawn(command, [Stdio::piped(), Stdio::piped(), Stdio::inherit()])?;
        let stdin = program.child().stdin.take().expect("stdin is piped");
        let stdout = program.child().stdout.take().expect("stdout is piped");
        Ok(Connection::over(stdin, stdout, Some(program)))
    }

    /// A player on a thread of this process, speaking through two OS pipes (`std::io::pipe`): the protocol without
    /// process start-up costs, for `check` and tests. The player's side of each pipe closes when it returns, which is
    /// the end of its output; closing ours (see [`Connection::finish`]) is the end of its input.
    pub fn in_process(
        player: impl FnOnce(&mut dyn BufRead, &mut dyn Write) + Send + 'static,
    ) -> io::Result<Connection> {
        let (their_input, our_output) = io::pipe()?;
        let (our_input, their_output) = io::pipe()?;
        std::thread::Builder::new().name("in-process player".into()).spawn(move || {
            let mut input = BufReader::new(their_input);
            let mut output = their_output;
            player(&mut input, &mut output);
        })?;
        Ok(Connection::over(our_output, our_input, None))
    }

    fn over(
        input: impl Write + Send + 'static,
        output: impl Read + Send + 'static,
        program: Option<Running>,
    ) -> Connection {
        let (to_program, lines_out) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            let mut input = input;
            for line in lines_out {
                // A program that quit shows up as `Fault::Closed` on the next read; nothing to add here.
                if input.write_all(&line).and_then(|()| input.flush()).is_err() {
                    break;
                }
            }
        });
        // Bounded, so a program that floods its output waits for the grader instead of filling memory.
        let (lines_in, from_program) = mpsc::sync_channel(64);
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut line = Vec::new();
                let received = match (&mut output).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(n) if n as u64 == MAX_LINE && line.last() != Some(&b'\n') => Received::TooLong,
                    Ok(_) => Received::Line(line),
                };
                let stop = matches!(received, Received::TooLong);
                if lines_in.send(received).is_err() || stop {
                    break;
                }
            }
        });
        Connection { to_program: Some(to_program), from_program, line: 0, program }
    }

    /// Send one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        if let Some(to_program) = &self.to_program {
            // The writer thread only stops when the program's input closed; the next read reports that.
            let _ = to_program.send(format!("{line}\n").into_bytes());
        }
    }

    /// The program's next non-blank line (trailing white space removed) and its number, waiting at most `timeout`.
    pub fn receive(&mut self, timeout: Duration) -> Result<(usize, String), Fault> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let received = self.from_program.recv_timeout(left);
            self.line += 1;
            let bytes = match received {
                Ok(Received::Line(bytes)) => bytes,
                Ok(Received::TooLong) => return Err(Fault::TooLong(self.line)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Closed),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(timeout)),
            };
            let text = String::from_utf8(bytes).map_err(|_| Fault::NotText(self.line))?;
            let text = text.trim_end();
            if !text.is_empty() {
                return Ok((self.line, text.to_string()));
            }
        }
    }

    /// Close the program's input and give it `grace` to exit on its own, then end its process group. The exit
    /// status, if it is a process; `None` for a thread, or for a process that had to be killed.
    pub fn finish(mut self, grace: Duration) -> Option<ExitStatus> {
        self.to_program = None;
        let program = self.program.as_mut()?;
        let exited = program.wait_until(Instant::now() + grace);
        let status = program.end();
        if exited { status } else { None }
    }

    /// [`Connection::finish`] after the last game, as a grader's fault: the program should end on its own once its
    /// input closes, and a failing exit status is a fault.
    pub fn exit_fault(self, grace: Duration) -> Option<String> {
        self.finish(grace)
            .filter(|status| !status.success())
            .map(|status| format!("after the last game the program exited with {status}"))
    }
}

/// What the reader thread passes on: a line (with its newline, unless the output ended without one), or the news
/// that the next line is too long to be one.
enum Received {
    Line(Vec<u8>),
    TooLong,
}

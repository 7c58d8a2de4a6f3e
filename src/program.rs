//! Someone else's program as a child process: started in a process group of its own, so that everything it starts
//! can be ended with it, and ended for sure — on a time-out, when it is done, and when gamecheck itself is
//! interrupted (see [`end_all_on_interrupt`]).

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// The process groups of programs that are running now, so an interrupt can end them.
static RUNNING: Mutex<Option<HashSet<u32>>> = Mutex::new(None);

/// On Ctrl-C, SIGTERM or SIGHUP, end every program still running, then exit with 130. A program has a process group
/// of its own, so the terminal's interrupt does not reach it: without this it would outlive gamecheck.
pub fn end_all_on_interrupt() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Another handler (a test harness, say) may be installed already; then that one decides.
        let _ = ctrlc::set_handler(|| {
            let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
            for &group in running.iter().flatten() {
                kill_group(group);
            }
            std::process::exit(130);
        });
    });
}

/// Start `command` (program and arguments) in a process group of its own, its standard streams set by `stdio`
/// (input, output, error).
pub fn spawn(command: &[OsString], stdio: [Stdio; 3]) -> io::Result<Running> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program to run was given"))?;
    let [stdin, stdout, stderr] = stdio;
    let mut command = Command::new(program);
    command.args(args).stdin(stdin).stdout(stdout).stderr(stderr);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    // Registered before the child exists would need its id; registered after, an interrupt in between would miss it.
    // Holding the lock across the spawn closes that gap.
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    running.get_or_insert_with(HashSet::new).insert(child.id());
    Ok(Running { child: Some(child) })
}

/// A started program. Dropping it ends its whole process group.
pub struct Running {
    child: Option<Child>,
}

impl Running {
    pub fn child(&mut self) -> &mut Child {
        self.child.as_mut().expect("the program is not ended yet")
    }

    /// Whether the program has exited, without reaping it: its process group id stays reserved until [`Running::end`].
    pub fn has_exited(&mut self) -> bool {
        self.child.as_mut().is_none_or(has_exited)
    }

    /// Wait until the program exits or `deadline` passes; whether it exited.
    pub fn wait_until(&mut self, deadline: Instant) -> bool {
        // Short naps first: most runs of a contest program take a few milliseconds.
        let mut nap = Duration::from_micros(50);
        while !self.has_exited() {
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            std::thread::sleep(nap.min(deadline - now));
            nap = (nap * 2).min(Duration::from_millis(5));
        }
        true
    }

    /// Kill the process group (before reaping the leader, so the group id cannot have been reused), then reap. The
    /// leader's exit status; killed by us if it had not exited yet.
    pub fn end(&mut self) -> Option<ExitStatus> {
        let mut child = self.child.take()?;
        kill_group(child.id());
        #[cfg(not(unix))]
        let _ = child.kill();
        let status = child.wait().ok();
        if let Some(running) = RUNNING.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            running.remove(&child.id());
        }
        status
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.end();
    }
}

fn kill_group(group: u32) {
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals that process group; it has no memory effects.
    unsafe {
        libc::kill(-(group as libc::pid_t), libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

#[cfg(unix)]
fn has_exited(child: &mut Child) -> bool {
    // SAFETY: waitid(2) only writes into the zeroed siginfo we pass; WNOWAIT leaves the child waitable.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOWAIT | libc::WNOHANG;
        libc::waitid(libc::P_PID, child.id() as libc::id_t, &mut info, flags) == 0 && info.si_pid() != 0
    }
}

#[cfg(not(unix))]
fn has_exited(child: &mut Child) -> bool {
    matches!(child.try_wait(), Ok(Some(_)))
}

/// The most output a run may print: far beyond any answer file, and small enough to hold.
pub const MAX_OUTPUT: usize = 64 << 20;
/// How much of a run's standard error is kept for the report.
const KEPT_STDERR: usize = 4096;

/// One finished run of a program on one input.
#[derive(Clone, Debug)]
pub struct Ran {
    /// `None` when the run passed its time limit and was killed.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    /// Whether the output ran past [`MAX_OUTPUT`] (and was cut there).
    pub flooded: bool,
    /// The start of its standard error.
    pub stderr: String,
    pub elapsed: Duration,
}

/// Run `command` once on `input` with a time limit, collecting its output. Whatever it does, when this returns its
/// whole process group is gone.
pub fn run(command: &[OsString], input: &[u8], timeout: Duration) -> io::Result<Ran> {
    let started = Instant::now();
    let mut program = spawn(command, [Stdio::piped(), Stdio::piped(), Stdio::piped()])?;
    let child = program.child();
    let (mut stdin, stdout, stderr) = (
        child.stdin.take().expect("stdin is piped"),
        child.stdout.take().expect("stdout is piped"),
        child.stderr.take().expect("stderr is piped"),
    );
    std::thread::scope(|scope| {
        // A program may stop reading early: the write fails then, and what it printed still counts.
        scope.spawn(move || {
            let _ = stdin.write_all(input);
        });
        let output = scope.spawn(move || {
            let mut kept = Vec::new();
            let read = stdout.take(MAX_OUTPUT as u64 + 1).read_to_end(&mut kept);
            (kept, read.is_ok())
        });
        let errors = scope.spawn(move || {
            let mut kept = Vec::new();
            let mut stderr = stderr;
            let _ = (&mut stderr).take(KEPT_STDERR as u64).read_to_end(&mut kept);
            // Drain the rest so the program never blocks on a full pipe.
            let _ = io::copy(&mut stderr, &mut io::sink());
            String::from_utf8_lossy(&kept).into_owned()
        });
        let exited = program.wait_until(started + timeout);
        // Ending the group also closes the pipes of anything it left running, so the readers finish.
        let status = program.end().filter(|_| exited);
        let (mut stdout, _) = output.join().expect("the output reader does not panic");
        let flooded = stdout.len() > MAX_OUTPUT;
        stdout.truncate(MAX_OUTPUT);
        let stderr = errors.join().expect("the error reader does not panic");
        Ok(Ran { status, stdout, flooded, stderr, elapsed: started.elapsed() })
    })
}

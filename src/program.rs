//! Someone else's program as a child process: started in a process group of its own, so that everything it starts
//! can be ended with it, and ended for sure — on a time-out, when it is done, and when gamecheck itself is
//! interrupted (see [`end_all_on_interrupt`]).
//!
//! The guarantee: on Linux, when [`Running::end`] returns (and before an interrupted gamecheck exits), no process the
//! program started is left, even one that left its process group (`setsid`, a double fork): the first [`spawn`]
//! makes this process the child subreaper of what it starts, so such processes become its children when their
//! parents die, and ending a run ends and reaps every such child that is not a program still running (with its
//! process group). A process that leaves its program's group may be ended as soon as any run ends, not only its own.
//! A child started elsewhere in this process, outside [`spawn`], is spared as long as it shares this process's group.
//! Elsewhere on Unix only the program's process group is ended: a process that leaves it outlives the run.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// The process groups of programs that are running now, so an interrupt can end them.
static RUNNING: Mutex<Option<HashSet<u32>>> = Mutex::new(None);

/// On Ctrl-C, SIGTERM or SIGHUP, end every program still running, say so on standard error with `lost` (what the
/// interrupted command does not print or write), then exit with 130. A program has a process group of its own, so the
/// terminal's interrupt does not reach it: without this it would outlive gamecheck.
pub fn end_all_on_interrupt(lost: &'static str) {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Another handler (a test harness, say) may be installed already; then that one decides.
        let _ = ctrlc::set_handler(move || {
            let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
            for &group in running.iter().flatten() {
                kill_group(group);
            }
            // Orphans would go to init when we exit, alive: end them now. Leaders stay for their own threads to reap.
            #[cfg(target_os = "linux")]
            orphans::end(running.as_ref().unwrap_or(&HashSet::new()), true);
            // Exiting skips the destructors that remove them.
            for dir in TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                let _ = std::fs::remove_dir_all(dir);
            }
            // A silent exit would look like a crash of gamecheck, or like a run that ended with nothing to say.
            eprintln!("\ngamecheck: interrupted; every program it started is ended; {lost}");
            std::process::exit(130);
        });
    });
}

/// The [`TempDir`]s that exist now, so an interrupt can remove them.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A directory of files for programs (a checker's input and answers, a generator's marks), removed when dropped and
/// when gamecheck is interrupted (see [`end_all_on_interrupt`]), so neither leaves it in the temporary directory.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Makes `gamecheck-NAME-PID-K` in the system's temporary directory, `K` new in this process.
    pub fn new(name: &str) -> io::Result<TempDir> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = std::env::temp_dir().join(format!(
            "gamecheck-{name}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        // Registered before it exists: an interrupt in between finds nothing to remove rather than missing it.
        TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()).push(path.clone());
        let dir = TempDir { path };
        std::fs::create_dir_all(&dir.path)?;
        Ok(dir)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()).retain(|dir| *dir != self.path);
    }
}

/// Start `command` (program and arguments) in a process group of its own, its standard streams set by `stdio`
/// (input, output, error).
pub fn spawn(command: &[OsString], stdio: [Stdio; 3]) -> io::Result<Running> {
    spawn_with(command, &[], stdio)
}

/// As [`spawn`], with `env` added to the program's environment.
fn spawn_with(command: &[OsString], env: &[(&str, &OsStr)], stdio: [Stdio; 3]) -> io::Result<Running> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program to run was given"))?;
    let [stdin, stdout, stderr] = stdio;
    let mut command = Command::new(program);
    command.args(args).envs(env.iter().copied()).stdin(stdin).stdout(stdout).stderr(stderr);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    become_subreaper();
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
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        let running = running.get_or_insert_with(HashSet::new);
        running.remove(&child.id());
        // Under the lock: one sweep at a time (two could reap and kill the same pid), and none while a program is
        // being started and is not in `RUNNING` yet.
        #[cfg(target_os = "linux")]
        orphans::end(running, false);
        status
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.end();
    }
}

/// Makes this process the child subreaper of its descendants (Linux): an orphan of a program becomes our child
/// instead of init's, so it can be found and ended.
fn become_subreaper() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: Once = Once::new();
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER only sets a flag of this process. If it fails, orphans go to
        // init as before and only process groups are ended.
        ONCE.call_once(|| unsafe {
            libc::prctl(
                libc::PR_SET_CHILD_SUBREAPER,
                1 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
            );
        });
    }
}

#[cfg(target_os = "linux")]
mod orphans {
    use std::collections::HashSet;

    /// A child of this process, from `/proc/PID/stat`.
    struct Child {
        pid: u32,
        group: u32,
        zombie: bool,
    }

    /// End this process's children that are orphans of programs, and the orphans those leave in turn, until none is
    /// left. `running` holds the leaders (= process groups) of programs still running: they and the processes in
    /// their groups are spared, unless `all`, when gamecheck is about to exit. Children in our own process group were
    /// started by something else in this process (a test harness) and are left alone. Only the pids found are
    /// reaped: the leaders are reaped by the threads that run them.
    pub(super) fn end(running: &HashSet<u32>, all: bool) {
        // SAFETY: getpgrp(2) has no failure and no memory effects.
        let ours = unsafe { libc::getpgrp() } as u32;
        // Each round waits for the orphans it kills, so that their own children have been handed to us before the
        // next round looks. A process killed with SIGKILL cannot start another.
        let orphans_of = |children: Vec<Child>| -> Vec<Child> {
            children
                .into_iter()
                .filter(|c| c.group != ours && c.group > 1)
                .filter(|c| all || !(running.contains(&c.pid) || running.contains(&c.group)))
                .filter(|c| !(all && c.zombie))
                .collect()
        };
        loop {
            let mut orphans = orphans_of(children());
            // The kernel's `children` files are not reliable while children exit and are handed over (proc(5)): one
            // listing missed a sleeper just handed to us, which went to init when gamecheck exited. An empty listing
            // is only believed once a scan of every process agrees.
            if orphans.is_empty() {
                orphans = orphans_of(scanned_children());
            }
            if orphans.is_empty() {
                return;
            }
            for orphan in &orphans {
                // SAFETY: kill(2) has no memory effects. The pid is our child and not reaped yet, so neither it nor
                // its group id can have been reused; the group is not ours nor a running program's.
                unsafe {
                    if !running.contains(&orphan.group) || all {
                        libc::kill(-(orphan.group as libc::pid_t), libc::SIGKILL);
                    }
                    libc::kill(orphan.pid as libc::pid_t, libc::SIGKILL);
                }
            }
            for orphan in &orphans {
                let pid = orphan.pid as libc::pid_t;
                // SAFETY: waitid/waitpid on one pid of ours; they write only into the locals passed.
                unsafe {
                    if running.contains(&orphan.pid) {
                        // A leader: wait for it to die (its children are ours then) but leave it to its thread.
                        let mut info: libc::siginfo_t = std::mem::zeroed();
                        libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT);
                    } else {
                        let mut status = 0;
                        libc::waitpid(pid, &mut status, 0);
                    }
                }
            }
        }
    }

    /// The children of this process: listed per thread in `/proc/self/task/*/children` where the kernel has that
    /// file, else found by a scan of every process's parent.
    fn children() -> Vec<Child> {
        let listed = std::fs::read_dir("/proc/self/task").ok().and_then(|tasks| {
            let mut pids = Vec::new();
            for task in tasks.flatten() {
                match std::fs::read_to_string(task.path().join("children")) {
                    Ok(text) => pids.extend(text.split_whitespace().filter_map(|p| p.parse::<u32>().ok())),
                    // A thread that ended since the listing has no children left: they went to another thread.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound && task.path().exists() => return None,
                    Err(_) => {}
                }
            }
            Some(pids)
        });
        match listed {
            Some(pids) => ours(pids),
            None => scanned_children(),
        }
    }

    /// The children of this process, found by a scan of every process's parent.
    fn scanned_children() -> Vec<Child> {
        let Ok(all) = std::fs::read_dir("/proc") else { return Vec::new() };
        ours(all.flatten().filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok()).collect())
    }

    /// Of `pids`, the processes whose parent is this process.
    fn ours(pids: Vec<u32>) -> Vec<Child> {
        // SAFETY: getpid(2) has no failure and no memory effects.
        let me = unsafe { libc::getpid() } as u32;
        pids.into_iter()
            .filter_map(|pid| stat(pid).filter(|&(parent, _)| parent == me).map(|(_, child)| child))
            .collect()
    }

    /// The parent and the child fields of `/proc/PID/stat`, if the process still exists.
    fn stat(pid: u32) -> Option<(u32, Child)> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name in parentheses may hold anything, spaces and parentheses included: read after the last.
        let mut fields = text.rsplit_once(')')?.1.split_whitespace();
        let state = fields.next()?;
        let parent = fields.next()?.parse().ok()?;
        let group = fields.next()?.parse().ok()?;
        Some((parent, Child { pid, group, zombie: state == "Z" }))
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
    /// The start of its standard error (at most 4 KiB).
    pub stderr: String,
    /// How many bytes of standard error came after that start.
    pub stderr_left_out: u64,
}

/// Run `command` once on `input` with a time limit, collecting its output. Whatever it does, when this returns its
/// whole process group is gone.
pub fn run(command: &[OsString], input: &[u8], timeout: Duration) -> io::Result<Ran> {
    run_with(command, &[], input, timeout)
}

/// As [`run`], with `env` added to the program's environment.
pub fn run_with(command: &[OsString], env: &[(&str, &OsStr)], input: &[u8], timeout: Duration) -> io::Result<Ran> {
    let started = Instant::now();
    let mut program = spawn_with(command, env, [Stdio::piped(), Stdio::piped(), Stdio::piped()])?;
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
            let left_out = io::copy(&mut stderr, &mut io::sink()).unwrap_or(0);
            (String::from_utf8_lossy(&kept).into_owned(), left_out)
        });
        let exited = program.wait_until(started + timeout);
        // Ending the group also closes the pipes of anything it left running, so the readers finish.
        let status = program.end().filter(|_| exited);
        let (mut stdout, _) = output.join().expect("the output reader does not panic");
        let flooded = stdout.len() > MAX_OUTPUT;
        stdout.truncate(MAX_OUTPUT);
        let (stderr, stderr_left_out) = errors.join().expect("the error reader does not panic");
        Ok(Ran { status, stdout, flooded, stderr, stderr_left_out })
    })
}

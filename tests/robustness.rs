//! What a hostile but fair user tries on the release binary, kept true: every command ends with the exit status
//! and the message it should, inside a memory limit set in the child (`setrlimit(RLIMIT_AS)`), never with a panic,
//! a silent exit or an unbounded run. Exit status: 0 all good, 1 a failure found, 2 bad input or usage.

use std::io::Read;
use std::process::{Command, Output, Stdio};

/// Address space allowed to each run: far above what any of these needs when bounded, far below what the unbounded
/// versions took (gigabytes).
const MEMORY: u64 = 1 << 30;

fn gamecheck(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    command.args(args).stdin(Stdio::null());
    limit_memory(&mut command, MEMORY);
    command
}

fn limit_memory(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit(2) is async-signal-safe and touches only the child, between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
        });
    }
}

fn run(command: &mut Command) -> Output {
    command.output().expect("gamecheck starts")
}

/// Runs `args`, expects exit `code` and every one of `messages` in standard error, and returns the output.
fn expect(args: &[&str], code: i32, messages: &[&str]) -> Output {
    let output = run(&mut gamecheck(args));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "gamecheck {}: {}\n{stderr}", args.join(" "), output.status);
    for message in messages {
        assert!(stderr.contains(message), "gamecheck {}: no `{message}` in\n{stderr}", args.join(" "));
    }
    assert!(!stderr.contains("panicked"), "gamecheck {}: a panic\n{stderr}", args.join(" "));
    output
}

#[test]
fn exhaust_refuses_sizes_it_does_not_enumerate() {
    // One past the top of every problem's enumeration, and the named edges of a few.
    let past_the_top = gamecheck::PROBLEMS.iter().map(|p| {
        let sizes = p.exhaustive_sizes().expect("every batch problem enumerates some size");
        (p.name(), (sizes.max + 1).to_string(), sizes.to_string())
    });
    let edges = [("hex", "0", "1..4"), ("inventor-outlasting", "201", "1..16"), ("inventor-outlasting", "0", "1..16")];
    let edges = edges.map(|(problem, size, range)| (problem, size.to_string(), range.to_string()));
    for (problem, size, range) in past_the_top.chain(edges) {
        let output = expect(&["exhaust", problem, "--size", &size], 2, &["enumerates", &range]);
        assert!(output.stdout.is_empty(), "no `0 cases, 0 disagreements` for {problem} --size {size}");
    }
}

#[test]
fn past_an_oracles_reach_check_and_stress_refuse_before_starting() {
    for problem in gamecheck::PROBLEMS {
        let (name, reach) = (problem.name(), problem.oracle_reach());
        let (size, says) = ((reach.max_size + 1).to_string(), format!("{} <= {}", reach.knob, reach.max_size));
        expect(&["check", name, "--size", &size, "--cases", "1"], 2, &[&says, "past the reach"]);
        expect(&["stress", name, "--size", &size, "--against", "oracle", "--", "true"], 2, &[&says]);
    }
    // Sizes past the contest's own limits are refused, not clamped while the summary shows them.
    expect(&["check", "hex", "--size", "2001"], 2, &["outside what hex allows: 1..2000"]);
    expect(&["gen", "havannah", "--size", "1"], 2, &["outside what havannah allows"]);
}

#[test]
fn solve_with_the_oracle_refuses_a_case_past_its_reach_before_any_answer() {
    let dir = tempdir();
    let input = dir.join("mixed.in");
    // Case 1 is in reach; case 2 is not. No answer may be printed for case 1 before the refusal.
    std::fs::write(&input, "2\n3 1\n2 2\n3001 1\n5 5\n").expect("writing the input");
    let output = expect(&["solve", "havannah", "--oracle", input.to_str().unwrap()], 2, &["case 2", "S <= 300"]);
    assert!(output.stdout.is_empty());
    let adjacent = dir.join("adjacent.in");
    let moves: Vec<String> = (1..=16).map(|i| format!("{i} {i}")).collect();
    std::fs::write(&adjacent, format!("1\n16\n{}\n", moves.join("\n"))).expect("writing the input");
    expect(&["solve", "adjacent-consecutive", "--oracle", adjacent.to_str().unwrap()], 2, &["N <= 10"]);
    // The solver answers the same cases.
    let solved = expect(&["solve", "havannah", input.to_str().unwrap()], 0, &[]);
    assert_eq!(String::from_utf8_lossy(&solved.stdout).lines().count(), 2);
}

#[test]
fn usage_slips_are_errors() {
    expect(&["gen", "hex", "--cases", "0"], 2, &["--cases takes at least 1"]);
    expect(&["stress", "hex", "--timeout", "0", "--", "true"], 2, &["--timeout takes a positive number"]);
    expect(&["judge", "order-chaos", "--timeout", "0", "--", "true"], 2, &["--timeout takes a positive number"]);
    expect(&["check", "hex", "--time=-1"], 2, &["--time takes seconds"]);
}

#[test]
fn a_full_disk_is_exit_2_with_its_cause() {
    for args in [&["list"][..], &["gen", "hex", "--cases", "3"], &["check", "hex", "--cases", "10"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full exists on Linux");
        let output = run(gamecheck(args).stdout(full));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "gamecheck {}: {stderr}", args.join(" "));
        assert!(stderr.contains("No space left on device"), "gamecheck {}: {stderr}", args.join(" "));
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // 2000 boards of N = 500 are 500 MB of input: far more than a pipe holds, so gamecheck is still writing when the
    // reader goes, and it must stop then, not write on or complain.
    let mut child = gamecheck(&["gen", "hex", "--size", "500", "--cases", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    let mut first = [0u8; 16];
    child.stdout.take().expect("piped").read_exact(&mut first).expect("the first bytes of the input");
    let output = child.wait_with_output().expect("gamecheck ends");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(first.starts_with(b"2000\n500\n"));
}

#[test]
fn gen_streams_case_by_case() {
    // 24 boards of N = 2000 are 96 MB of contest input. Built whole, input and boards took twice that beside the
    // generator's own 64 MB a board; written case by case, they fit.
    let mut command = gamecheck(&["gen", "hex", "--size", "2000", "--cases", "24"]);
    limit_memory(&mut command, 160 << 20);
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("gamecheck starts");
    let mut stdout = child.stdout.take().expect("piped");
    let written = std::io::copy(&mut stdout, &mut std::io::sink()).expect("reading the input");
    let output = child.wait_with_output().expect("gamecheck ends");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(written, "24\n".len() as u64 + 24 * ("2000\n".len() as u64 + 2000 * 2001));
}

#[test]
fn a_failed_save_keeps_the_failure_exit() {
    // A program whose every answer is malformed fails on the first case; the save directory cannot be made.
    let output = expect(
        &["stress", "hex", "--cases", "1", "--save", "/dev/null/found", "--", "sh", "-c", "echo 'Case #1: purple'"],
        1,
        &["saving the case under /dev/null/found"],
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("--- reproduce ---"));
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "robustness-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A program that prints the same answer to every case, whatever the input: wrong on most of them.
fn always(answer: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), format!("cat > /dev/null; echo 'Case #1: {answer}'")]
}

/// Stress at the largest sizes: the first failing case is shrunk in bounded memory, and the report shows a small
/// case (the shrinker's coarse steps first), not a copy of the board per candidate.
fn stress_shrinks_at_the_largest_size(problem: &str, size: &str, cases: &str, answer: &str) -> String {
    let mut args = vec!["stress", problem, "--size", size, "--cases", cases, "--"];
    let program = always(answer);
    args.extend(program.iter().map(String::as_str));
    let output = expect(&args, 1, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(stdout.contains("--- minimal input ---"), "{stdout}");
    assert!(stdout.contains("shrunk in"), "shrinking did not finish within its budget:\n{stdout}");
    stdout
}

#[test]
fn stress_shrinks_a_hex_board_of_n_2000() {
    let report = stress_shrinks_at_the_largest_size("hex", "2000", "1", "Nobody wins");
    assert!(report.contains("to size 1)"), "{report}");
}

#[test]
fn stress_shrinks_a_havannah_game_of_a_million_moves_at_s_1e9() {
    let report = stress_shrinks_at_the_largest_size("havannah", "1000000000", "50", "none");
    assert!(report.contains("to size 2)"), "{report}");
}

#[test]
fn stress_shrinks_an_adjacent_game_of_n_100000() {
    let report = stress_shrinks_at_the_largest_size("adjacent-consecutive", "100000", "50", "0 0");
    let size: usize = report.split("to size ").nth(1).and_then(|s| s.split(')').next()?.parse().ok()).unwrap_or(0);
    assert!((4..=12).contains(&size), "{report}");
}

// Order and Chaos certificates from hostile files (issue 29): read as a stream, a line at a time, so a file with no
// line breaks is refused at its first line within the memory limit, and every fault names the file and the line.

/// A certificate of moment-any 4×4 with runs of four, as committed: 1 255 entries.
fn committed_certificate() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/order-chaos/moment-any-4x4-run4.cert");
    std::fs::read_to_string(path).expect("a committed certificate")
}

#[test]
fn a_certificate_check_of_dev_zero_names_line_1_at_once() {
    let clock = std::time::Instant::now();
    expect(&["prove", "order-chaos", "--check", "/dev/zero"], 2, &["/dev/zero: line 1:", "a line longer than"]);
    assert!(clock.elapsed().as_secs() < 10, "{:?} to refuse /dev/zero", clock.elapsed());
}

#[test]
fn a_sparse_certificate_of_2_gb_is_refused_at_line_1() {
    let path = tempdir().join("sparse.cert");
    std::fs::File::create(&path).and_then(|file| file.set_len(2 << 30)).expect("a sparse file");
    let shown = path.display().to_string();
    expect(&["prove", "order-chaos", "--check", &shown], 2, &[&format!("{shown}: line 1:"), "a line longer than"]);
    expect(&["play", "order-chaos", "--certificate", &shown], 2, &[&format!("{shown}: line 1:")]);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_certificate_with_a_byte_that_is_not_utf8_names_its_line_and_column() {
    let mut bytes = committed_certificate().into_bytes();
    // Line 9 is the third entry: its fourth byte made 0xff.
    let start = bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(7).expect("nine lines").0 + 1;
    bytes[start + 3] = 0xff;
    let path = tempdir().join("not-utf8.cert");
    std::fs::write(&path, bytes).expect("writing the certificate");
    let shown = path.display().to_string();
    let says = format!("{shown}: line 9: expected entry 3 of 1255");
    expect(&["prove", "order-chaos", "--check", &shown], 2, &[&says, "not UTF-8 text: the byte 0xff at byte column 4"]);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_truncated_certificate_names_the_line_where_it_ends() {
    let text = committed_certificate();
    // Cut in the middle of entry 1000 (line 1006): the entry's line is incomplete.
    let line = text.lines().nth(1005).expect("1255 entries");
    let at = text.find(line).expect("the line") + line.len() / 2;
    let path = tempdir().join("truncated.cert");
    std::fs::write(&path, &text[..at]).expect("writing the certificate");
    let shown = path.display().to_string();
    expect(&["prove", "order-chaos", "--check", &shown], 2, &[&format!("{shown}: line 1006: entry 1000:")]);
    // Cut after a whole line: the count of entries is not met.
    let at = text.find(line).expect("the line") + line.len() + 1;
    std::fs::write(&path, &text[..at]).expect("writing the certificate");
    let says = format!("{shown}: line 1007: expected entry 1001 of 1255, `position r c n`, found the end of the input");
    expect(&["prove", "order-chaos", "--check", &shown], 2, &[&says]);
    expect(&["play", "order-chaos", "--certificate", &shown], 2, &[&says]);
    let _ = std::fs::remove_file(path);
}

#[test]
fn play_refuses_a_corrupted_certificate() {
    let text = committed_certificate();
    // Entry 1's move, X in the corner, made O in the same cell: legal to read, and played by the checker to a
    // position with no entry.
    let corrupted = text.replacen("..../..../..../.... 1 1 X", "..../..../..../.... 2 2 O", 1);
    assert_ne!(corrupted, text, "the first entry as expected");
    let path = tempdir().join("corrupted.cert");
    std::fs::write(&path, corrupted).expect("writing the certificate");
    let shown = path.display().to_string();
    let mut command = gamecheck(&["play", "order-chaos", "--certificate", &shown]);
    let output =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().expect("piped").write_all(b"1\n")?;
            child.wait_with_output()
        });
    let output = output.expect("gamecheck runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "played before the check: {}", String::from_utf8_lossy(&output.stdout));
    assert!(stderr.contains("the independent checker rejects the certificate"), "{stderr}");
    let _ = std::fs::remove_file(path);
}

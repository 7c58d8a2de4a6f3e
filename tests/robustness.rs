//! What a hostile but fair user tries on the release binary, kept true: every command ends with the exit status
//! and the message it should, inside a memory limit set in the child (`setrlimit(RLIMIT_AS)`), never with a panic,
//! a silent exit or an unbounded run. Exit status: 0 all good, 1 a failure found, 2 bad input or usage.

mod common;

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
        // An oracle that reaches every size the contest allows has nothing past it: those sizes are refused below.
        if reach.max_size >= problem.size_limits().max {
            continue;
        }
        let (size, says) = ((reach.max_size + 1).to_string(), format!("{} <= {}", reach.knob, reach.max_size));
        // Where every answer has a certificate, check goes on past the oracle with the certificate alone; stress
        // against the oracle cannot.
        if problem.certified() {
            expect(&["check", name, "--size", &size, "--cases", "1"], 0, &[]);
            expect(&["stress", name, "--size", &size, "--against", "oracle", "--", "true"], 2, &[&says]);
            continue;
        }
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
    let dir = common::scratch_dir("robustness");
    let input = dir.join("mixed.in");
    // Case 1 is in reach; case 2 is not. No answer may be printed for case 1 before the refusal.
    let big = format!("{}\n", ".".repeat(151)).repeat(151);
    std::fs::write(&input, format!("2\n1\nB\n151\n{big}")).expect("writing the input");
    let output = expect(&["solve", "hex", "--oracle", input.to_str().unwrap()], 2, &["case 2", "N <= 150"]);
    assert!(output.stdout.is_empty());
    let adjacent = dir.join("adjacent.in");
    let moves: Vec<String> = (1..=16).map(|i| format!("{i} {i}")).collect();
    std::fs::write(&adjacent, format!("1\n16\n{}\n", moves.join("\n"))).expect("writing the input");
    expect(&["solve", "adjacent-consecutive", "--oracle", adjacent.to_str().unwrap()], 2, &["N <= 10"]);
    // The solver answers the same cases.
    let solved = expect(&["solve", "hex", input.to_str().unwrap()], 0, &[]);
    assert_eq!(String::from_utf8_lossy(&solved.stdout).lines().count(), 2);
}

#[test]
fn usage_slips_are_errors() {
    expect(&["gen", "hex", "--cases", "0"], 2, &["--cases takes 1 to 100000"]);
    expect(&["stress", "hex", "--timeout", "0", "--", "true"], 2, &["--timeout takes a positive number"]);
    expect(&["judge", "order-chaos", "--timeout", "0", "--", "true"], 2, &["--timeout takes a positive number"]);
    expect(&["check", "hex", "--time=-1"], 2, &["--time takes seconds"]);
    // A number too large for any clock is named in a few characters, not its 301 digits.
    let output =
        expect(&["stress", "hex", "--timeout", "1e300", "--", "true"], 2, &["--timeout takes seconds, not 1e300"]);
    assert!(output.stderr.len() < 200, "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_full_disk_is_exit_2_naming_standard_output() {
    let dir = common::scratch_dir("robustness");
    let input = dir.join("full.in");
    std::fs::write(&input, "1\n1\nB\n").expect("writing the input");
    let input = input.to_str().unwrap();
    let commands = [
        &["list"][..],
        &["gen", "hex", "--cases", "3"],
        &["check", "hex", "--cases", "10"],
        &["solve", "hex", input],
        &["draw", "hex", input],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full exists on Linux");
        let output = run(gamecheck(args).stdout(full));
        expect_output(&output, &args.join(" "), 2, &["writing standard output", "No space left on device"]);
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
    // 8 boards of N = 2000 are 32 MB of contest input, and 32 MB more as boards. Written case by case, the run
    // needs 40 to 50 MB of address space, the limit set here (`(ulimit -v 51200; target/debug/gamecheck gen hex
    // --size 2000 --cases 8 | wc -c)`); the input kept whole as text would add 32 MB to that, and the boards kept
    // too 32 MB more.
    let mut command = gamecheck(&["gen", "hex", "--size", "2000", "--cases", "8"]);
    limit_memory(&mut command, 64 << 20);
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("gamecheck starts");
    let mut stdout = child.stdout.take().expect("piped");
    let written = std::io::copy(&mut stdout, &mut std::io::sink()).expect("reading the input");
    let output = child.wait_with_output().expect("gamecheck ends");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(written, "8\n".len() as u64 + 8 * ("2000\n".len() as u64 + 2000 * 2001));
}

#[test]
fn an_output_directory_that_cannot_be_written_is_refused_before_any_work() {
    // A program whose every answer is malformed would fail on the first case; the save directory cannot be made,
    // and that is said before the program runs, not after the failure it would have saved.
    let program = ["--", "sh", "-c", "echo ran >&2; echo 'Case #1: purple'"];
    for flag in ["--save", "--report"] {
        let mut args = vec!["stress", "hex", "--cases", "1", flag, "/dev/null/found"];
        args.extend(program);
        let output = expect(&args, 2, &[&format!("{flag}: making the directory /dev/null/found")]);
        assert!(!String::from_utf8_lossy(&output.stderr).contains("ran"), "the program ran first");
        expect(&["check", "hex", "--cases", "1", flag, "/dev/null/found"], 2, &[flag]);
    }
}

/// Runs `args` with `input` written to standard input for ever (after `head`), as `(echo …; yes …) | gamecheck`
/// does: the run must end on its own, with an error, within the memory limit.
fn endless_stdin(args: &[&str], head: &str, repeat: &str) -> Output {
    let mut child = gamecheck(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    let mut stdin = child.stdin.take().expect("piped");
    let (head, repeat) = (head.to_string(), repeat.repeat(4096));
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // Ends when gamecheck closes the pipe: the write fails then.
        let _ = stdin.write_all(head.as_bytes());
        while stdin.write_all(repeat.as_bytes()).is_ok() {}
    });
    let output = child.wait_with_output().expect("gamecheck ends");
    writer.join().expect("the writer ends with the pipe");
    output
}

fn expect_output(output: &Output, what: &str, code: i32, messages: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{what}: {}\n{stderr}", output.status);
    for message in messages {
        assert!(stderr.contains(message), "{what}: no `{message}` in\n{stderr}");
    }
    assert!(!stderr.contains("panicked"), "{what}: a panic\n{stderr}");
}

#[test]
fn endless_input_is_refused_at_the_first_line_that_cannot_belong() {
    // `(echo 1; echo 2; yes BR) | gamecheck solve hex`: the board ends at line 4, so line 5 is junk.
    let output = endless_stdin(&["solve", "hex"], "1\n2\n", "BR\n");
    expect_output(&output, "solve hex, endless rows", 2, &["line 5", "expected the end of the input"]);
    assert!(output.stdout.is_empty(), "no answer before the input is whole");
    // Cases past T, for ever, in every batch problem's format.
    let cases = [
        ("havannah", "1\n2 1\n1 1\n", "2 1\n1 1\n", "line 4"),
        ("inventor-outlasting", "1\n1 1\nX\n", "1 1\nX\n", "line 4"),
        ("adjacent-consecutive", "1\n4\n1 1\n2 2\n3 3\n4 4\n", "4\n", "line 7"),
    ];
    for (problem, head, repeat, line) in cases {
        let output = endless_stdin(&["solve", problem], head, repeat);
        expect_output(&output, problem, 2, &[line, "expected the end of the input"]);
        let output = endless_stdin(&["draw", problem], head, repeat);
        expect_output(&output, problem, 2, &[line, "expected the end of the input"]);
    }
    // A line without end, from a pipe and from a file.
    let output = endless_stdin(&["solve", "hex"], "1\n", "0");
    expect_output(&output, "an endless line", 2, &["line 2", "longer than"]);
    expect(&["solve", "hex", "/dev/zero"], 2, &["line 1", "longer than"]);
    expect(&["draw", "order-chaos", "/dev/zero"], 2, &["line 1", "longer than"]);
}

#[test]
fn counts_of_cases_and_indices_past_their_limits_are_refused() {
    expect(&["gen", "hex", "--cases", "100001"], 2, &["--cases takes 1 to 100000"]);
    let last = u64::MAX.to_string();
    let near = (u64::MAX - 4).to_string();
    expect(&["gen", "hex", "--from", &near, "--cases", "10"], 2, &["--cases 10 passes the last index"]);
    expect(&["check", "hex", "--from", &near, "--cases", "10"], 2, &["--cases 10 passes the last index"]);
    expect(&["check", "hex", "--from", &near], 2, &["passes the last index"]);
    expect(&["stress", "hex", "--from", &near, "--", "true"], 2, &["--cases 1000 passes the last index"]);
    // Games are counted as games.
    expect(&["judge", "order-chaos", "--from", &last, "--games", "3", "--", "true"], 2, &["--games 3 passes the last"]);
    // The last index itself is a run of one.
    expect(&["gen", "hex", "--from", &near, "--cases", "4"], 0, &[]);
    for args in [&["check", "hex", "--cases", "0"][..], &["stress", "hex", "--cases", "0", "--", "true"]] {
        expect(args, 2, &["--cases takes at least 1"]);
    }
    expect(&["judge", "order-chaos", "--games", "0", "--", "true"], 2, &["--games takes at least 1"]);
    let clock = std::time::Instant::now();
    expect(&["check", "hex", "--cases", "100", "--jobs", "100000"], 2, &["--jobs takes 1 to 256"]);
    assert!(clock.elapsed().as_secs() < 5, "the refusal comes before any thread starts");
}

#[test]
fn a_closed_standard_output_is_an_error() {
    use std::os::unix::process::CommandExt;
    let dir = common::scratch_dir("robustness");
    let input = dir.join("closed.in");
    std::fs::write(&input, "1\n1\nB\n").expect("writing the input");
    let input = input.to_str().unwrap();
    for args in
        [&["solve", "hex", input][..], &["gen", "hex"], &["check", "hex", "--cases", "5"], &["draw", "hex", input]]
    {
        let mut command = gamecheck(args);
        // SAFETY: close(2) is async-signal-safe and touches only the child, between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::close(1);
                Ok(())
            });
        }
        let output = run(&mut command);
        expect_output(&output, &args.join(" "), 2, &["standard output is closed"]);
    }
}

#[test]
fn a_report_does_not_follow_a_link_out_of_its_directory() {
    let dir = common::scratch_dir("robustness").join("linked-report");
    std::fs::create_dir_all(&dir).expect("the report directory");
    let outside = dir.with_file_name("outside.txt");
    std::fs::write(&outside, "keep me").expect("a file outside");
    let index = dir.join("index.html");
    let _ = std::fs::remove_file(&index);
    std::os::unix::fs::symlink(&outside, &index).expect("a link to it");
    expect(&["check", "hex", "--cases", "5", "--report", dir.to_str().unwrap()], 0, &["report:"]);
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep me");
    let written = std::fs::symlink_metadata(&index).expect("the page");
    assert!(written.file_type().is_file(), "index.html is a page of its own, not the link");
    assert!(std::fs::read_to_string(&index).unwrap().contains("<html"));
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["index.html"], "no partial page or probe left behind");
}

#[test]
fn check_ends_with_one_verdict_line() {
    let output = expect(&["check", "hex", "inventor-outlasting", "--cases", "20"], 0, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("all agree: 40 cases of 2 problem(s) in "), "{stdout}");
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

// ---- prove order-chaos --rules: --memory, checkpoints and output (issue 29) ----

/// A search of 4×4 runs of four under moment-any, settled in a second or two, with `extra` arguments; a table of
/// 64M unless they say otherwise (the default 1G does not fit in the address space of these runs).
fn prove_4x4<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["prove", "order-chaos", "--rules", "moment-any", "--side", "4", "--run", "4"];
    args.extend_from_slice(extra);
    if !extra.contains(&"--memory") {
        args.extend(["--memory", "64M"]);
    }
    args
}

#[test]
fn prove_refuses_memory_past_the_machine_before_any_work() {
    // Each of these aborted (exit 134) or overflowed (exit 101) in the unit arithmetic or the allocator.
    for memory in ["100000G", "4294967296K", "18446744073709551615", "9999999999999M", "99999999999999999999999G"] {
        let output =
            expect(&prove_4x4(&["--memory", memory]), 2, &["--memory", "more than this machine's memory: at most"]);
        assert!(output.stdout.is_empty(), "--memory {memory}: nothing searched");
    }
    // Within the machine but past the address space this run may have (1 GiB): the allocator's refusal, said.
    for memory in ["2G", "8g"] {
        let output = expect(&prove_4x4(&["--memory", memory]), 2, &["--memory", "the system refused a table"]);
        assert!(output.stdout.is_empty(), "--memory {memory}: nothing searched");
    }
    expect(&prove_4x4(&["--memory", "12"]), 2, &["--memory", "the table needs at least 1K"]);
}

#[test]
fn prove_checks_its_output_paths_before_searching() {
    let dir = common::scratch_dir("robustness").join("outputs");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_string();
    // A directory that is not there, or a file where a directory should be: refused before the search, so that
    // the result is not lost behind the error.
    let missing = path("no-such-dir/a.ckpt");
    let output = expect(
        &prove_4x4(&["--checkpoint", &missing]),
        2,
        &[&format!("--checkpoint {missing}: cannot be written"), "creating", "No such file or directory"],
    );
    assert!(output.stdout.is_empty());
    let output = expect(
        &prove_4x4(&["--certificate", "/dev/null/a.cert"]),
        2,
        &["--certificate /dev/null/a.cert: cannot be written", "creating /dev/null/a.entries.partial"],
    );
    assert!(output.stdout.is_empty());
    expect(&prove_4x4(&["--checkpoint", dir.to_str().unwrap()]), 2, &["a directory, expected a file"]);
    // One file named twice, through a symbolic link, or as the certificate's scratch file.
    let (checkpoint, link) = (path("one.ckpt"), path("link.cert"));
    expect(
        &prove_4x4(&["--checkpoint", &checkpoint, "--certificate", &checkpoint]),
        2,
        &["the same file", "name two files"],
    );
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&checkpoint, &link).expect("a symbolic link");
    expect(&prove_4x4(&["--checkpoint", &checkpoint, "--certificate", &link]), 2, &["the same file"]);
    let scratch = path("c.entries.partial");
    expect(&prove_4x4(&["--checkpoint", &scratch, "--certificate", &path("c.cert")]), 2, &["its scratch file"]);
    let left = |p: &str| std::path::Path::new(p).exists();
    assert!(!left(&checkpoint) && !left(&scratch), "the checks leave no file behind");
    // Two good paths: the search runs, writes both, and resumes from the checkpoint.
    let certificate = path("two.cert");
    let output = expect(&prove_4x4(&["--checkpoint", &checkpoint, "--certificate", &certificate]), 0, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("winner: ORDER") && stdout.contains("independent check: accepted"), "{stdout}");
    let output = expect(&prove_4x4(&["--checkpoint", &checkpoint]), 0, &[]);
    assert!(String::from_utf8_lossy(&output.stdout).contains(&format!("resumed from {checkpoint}")));
}

#[test]
fn prove_refuses_a_bad_checkpoint_naming_the_file_and_the_byte() {
    let dir = common::scratch_dir("robustness").join("checkpoints");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let good = dir.join("good.ckpt");
    let good_path = good.to_str().unwrap();
    expect(&prove_4x4(&["--checkpoint", good_path]), 0, &[]);
    let bytes = std::fs::read(&good).expect("the checkpoint written");
    let count_at = 16 + 3 + 3 * 8 + 17 * 8;
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        // Issue 29: 16 bytes gave "failed to fill whole buffer".
        ("short", bytes[..16].to_vec(), "byte 16: the file ends early, expected the variant".into()),
        (
            "cut",
            bytes[..count_at + 8 + 40].to_vec(),
            format!("byte {}: the file ends early, expected entry 2 of", count_at + 8 + 28),
        ),
        (
            "huge",
            [&bytes[..count_at], &u64::MAX.to_le_bytes()[..], &bytes[count_at + 8..]].concat(),
            format!("byte {count_at}: {} entries, more than this table's", u64::MAX),
        ),
        (
            "damaged",
            {
                let mut b = bytes.clone();
                b[count_at + 8 + 26] ^= 1;
                b
            },
            "a damaged file".into(),
        ),
        (
            "future",
            {
                let mut b = bytes.clone();
                b[14] = b'7';
                b
            },
            "byte 14: a checkpoint of format version `7`".into(),
        ),
        ("text", b"order-chaos certificate\nrules moment-any\n".to_vec(), "found another file".into()),
    ];
    for (name, content, message) in cases {
        let file = dir.join(format!("{name}.ckpt"));
        std::fs::write(&file, content).expect("writing a checkpoint");
        let reading = format!("reading the checkpoint {}: ", file.display());
        let output = expect(&prove_4x4(&["--checkpoint", file.to_str().unwrap()]), 2, &[&reading, &message]);
        assert!(output.stdout.is_empty(), "{name}: nothing searched");
    }
    // A count that the table of --memory cannot hold says how much it needs; the same file with enough reads.
    expect(
        &prove_4x4(&["--checkpoint", good_path, "--memory", "1K"]),
        2,
        &["more than this table's 32 slots", "--memory"],
    );
    // Another variant's checkpoint is refused as before.
    let other = prove_4x4(&["--checkpoint", good_path]);
    let other: Vec<&str> = other.into_iter().map(|a| if a == "moment-any" { "moment-exact" } else { a }).collect();
    expect(&other, 2, &["the checkpoint is of another variant, moment-any"]);
}

#[test]
fn prove_says_each_result_of_the_pairing_proof_as_it_is_found() {
    // The final boards take about a second, the game tree minutes: the first must be on standard output while the
    // second is still being walked.
    let mut child = gamecheck(&["prove", "order-chaos"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().expect("piped")));
    let first = lines.find(|line| line.as_ref().map_or(true, |l| l.starts_with("final boards:")));
    let still_running = child.try_wait().expect("waiting on gamecheck").is_none();
    child.kill().expect("ending gamecheck");
    child.wait().expect("gamecheck ends");
    let first = first.expect("a line before the end").expect("a line of text");
    assert!(first.contains("262144, none with an exact five-in-a-row"), "{first}");
    assert!(still_running, "the final boards were said only when the game tree was done");
}

#[test]
fn prove_names_standard_output_when_it_cannot_write_it() {
    for args in [&["prove", "order-chaos"][..], &prove_4x4(&[])[..]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full exists on Linux");
        let output = run(gamecheck(args).stdout(full));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "gamecheck {}: {stderr}", args.join(" "));
        assert!(stderr.contains("writing standard output: No space left on device"), "{}: {stderr}", args.join(" "));
    }
}

#[test]
fn prove_help_describes_every_argument() {
    let output = expect(&["prove", "--help"], 0, &[]);
    let help = String::from_utf8_lossy(&output.stdout);
    for (argument, said) in
        [("<PROBLEM>", "The interactive problem to prove"), ("--checkpoint-every", "seconds between")]
    {
        let line = help.lines().find(|line| line.trim_start().starts_with(argument)).expect("the argument in the help");
        assert!(line.contains(said), "no `{said}` beside {argument} in\n{help}");
    }
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
    let path = common::scratch_dir("robustness").join("sparse.cert");
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
    let path = common::scratch_dir("robustness").join("not-utf8.cert");
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
    let path = common::scratch_dir("robustness").join("truncated.cert");
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
    let path = common::scratch_dir("robustness").join("corrupted.cert");
    std::fs::write(&path, corrupted).expect("writing the certificate");
    let shown = path.display().to_string();
    let mut command = gamecheck(&["play", "order-chaos", "--certificate", &shown]);
    let output =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().and_then(|mut child| {
            use std::io::Write;
            // gamecheck may refuse the certificate, and exit, before it reads a byte: a broken pipe here is that,
            // not a failure (the exit status and stderr below are the test).
            let _ = child.stdin.take().expect("piped").write_all(b"1\n");
            child.wait_with_output()
        });
    let output = output.expect("gamecheck runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "played before the check: {}", String::from_utf8_lossy(&output.stdout));
    assert!(stderr.contains("the independent checker rejects the certificate"), "{stderr}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn play_refuses_a_grader_line_that_never_ends() {
    // The grader's lines are a few bytes; one that never ends is refused once it passes the longest line, within the
    // memory limit, instead of being read to its end.
    let output = endless_stdin(&["play", "order-chaos"], "1\n", "7");
    expect_output(&output, "play, an endless line", 2, &["line 2", "a line longer than 1048576 bytes"]);
}

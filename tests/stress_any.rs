//! `stress --generator G --reference R -- PROGRAM` on classic problems and wrong programs of `tests/programs/any/`
//! (Python, and C++ where g++ exists): each failure is found from generators drawing sizes up to 10^5, shrunk through
//! the choice bytes to an input a person would write by hand, and its printed command reproduces it. The helpers of
//! `stress-helpers/` agree byte for byte and read the end of the stream as documented.

#[path = "../stress-helpers/choices.rs"]
mod choices;
mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use assert_cmd::cargo::cargo_bin;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/any")
}

/// The interpreter `python3` names here, found once, run with `-S`: the suite starts Python thousands of times, and
/// a version manager's shim (pyenv's is a shell script) and the site-packages start-up cost about 90 ms a start,
/// against 9 ms for the interpreter itself without them. The programs import nothing past the standard library and
/// their own directory. `None` (saying why the test is skipped) where `python3` does not run.
fn python3() -> Option<&'static str> {
    static INTERPRETER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let found = INTERPRETER.get_or_init(|| {
        let output = Command::new("python3").args(["-S", "-c", "import sys; print(sys.executable)"]).output().ok()?;
        let path = String::from_utf8(output.stdout).ok()?.trim().to_string();
        (output.status.success() && !path.is_empty()).then_some(path)
    });
    if found.is_none() {
        eprintln!("skipped: `python3` is not on this machine");
    }
    found.as_deref()
}

/// Whether Python runs here (see [`python3`]).
fn have_python() -> bool {
    python3().is_some()
}

/// The program `python3 -S tests/programs/any/NAME`, as words.
fn python(name: &str) -> [String; 3] {
    let interpreter = python3().expect("the test checked for python3").to_string();
    [interpreter, "-S".to_string(), dir().join(name).display().to_string()]
}

/// The same as one command line, as `--generator` and the others take it.
fn py(name: &str) -> String {
    shlex::try_join(python(name).iter().map(String::as_str)).expect("no NUL byte")
}

/// The same as a [`Command`].
fn python_command(name: &str) -> Command {
    let [interpreter, args @ ..] = python(name);
    let mut command = Command::new(interpreter);
    command.args(args);
    command
}

/// Whether `tool --version` runs here; when it does not, says why the test is skipped.
fn have(tool: &str) -> bool {
    let ran = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    if !ran {
        eprintln!("skipped: `{tool}` is not on this machine");
    }
    ran
}

/// Builds `binary` once per test run: tests side by side share the binaries they compile, and one compiling a
/// binary while another runs it was a "No such file" or a "Text file busy" now and then.
fn built_once(binary: PathBuf, build: impl FnOnce(&Path)) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if !built.contains(&binary) {
        common::build_in_place(&binary, build);
        built.push(binary.clone());
    }
    binary
}

/// A C++ program of `tests/programs/any/` compiled with the C++ helper's directory on the include path.
fn compiled(name: &str) -> PathBuf {
    built_once(Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("any-{name}")), |binary| compile_cpp(name, binary))
}

fn compile_cpp(name: &str, binary: &Path) {
    let status = Command::new("g++")
        .args(["-O2", "-std=c++17", "-I"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("stress-helpers"))
        .arg("-o")
        .arg(binary)
        .arg(dir().join(format!("{name}.cpp")))
        .status()
        .expect("g++ runs");
    assert!(status.success(), "compiling {name}.cpp");
}

/// `gamecheck stress` with `args`, then `--` and the program.
fn stress(args: &[impl AsRef<OsStr>], program: &[impl AsRef<OsStr>]) -> Output {
    stress_command(args, program).output().expect("gamecheck runs")
}

fn stress_command(args: &[impl AsRef<OsStr>], program: &[impl AsRef<OsStr>]) -> Command {
    let mut command = Command::new(cargo_bin("gamecheck"));
    command.arg("stress").args(args).arg("--").args(program);
    command
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The text of a report's section `--- NAME ... ---`, up to the next section.
fn section<'a>(report: &'a str, name: &str) -> &'a str {
    let start = report.find(&format!("--- {name}")).unwrap_or_else(|| panic!("no section {name} in:\n{report}"));
    let body = &report[start..];
    let body = &body[body.find('\n').expect("a heading line") + 1..];
    &body[..body.find("\n--- ").map_or(body.len(), |end| end + 1)]
}

/// Runs the report's reproduce command and returns its report.
fn reproduced(report: &str) -> String {
    let line = section(report, "reproduce").trim();
    let words = shlex::split(line).expect("the reproduce command splits as a shell would");
    assert_eq!(words[0], "gamecheck");
    let output = Command::new(cargo_bin("gamecheck")).args(&words[1..]).output().expect("gamecheck runs");
    assert_eq!(output.status.code(), Some(1), "the reproduce command fails again: {line}");
    stdout(&output)
}

/// A failing report's minimal input: at most `lines` lines and `tokens` tokens; and the reproduce command finds the
/// same input again.
fn small_and_reproduced(output: &Output, lines: usize, tokens: usize) -> String {
    let report = stdout(output);
    assert_eq!(output.status.code(), Some(1), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    let minimal = section(&report, "minimal input");
    assert!(
        minimal.lines().count() <= lines && minimal.split_whitespace().count() <= tokens,
        "not shrunk to at most {lines} lines of {tokens} tokens:\n{report}"
    );
    let again = reproduced(&report);
    assert_eq!(section(&again, "failing input"), minimal, "the reproduce command gives another case:\n{again}");
    minimal.to_string()
}

#[test]
fn an_off_by_one_on_prefix_sums_shrinks_to_one_number() {
    if !have_python() {
        return;
    }
    let output = stress(
        &[
            "--generator",
            &py("gen_ranges.py"),
            "--reference",
            &py("ranges.py"),
            "--timeout",
            "20",
            "--shrink-time",
            "300",
        ],
        &python("ranges_off_by_one.py"),
    );
    let minimal = small_and_reproduced(&output, 3, 5);
    // One number, one query of it: the query's right end is the one the program leaves out.
    let tokens: Vec<u64> = minimal.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!((tokens[0], tokens[1], tokens[3], tokens[4]), (1, 1, 1, 1), "{minimal}");
    assert_ne!(tokens[2], 0, "{minimal}");
}

#[test]
fn a_sum_that_overflows_an_int_shrinks_to_three_numbers() {
    // Hundreds of candidates, each a compiled program and Python's sum: minutes of CPU, so this runs in the deeper
    // tier (docs/testing.md). The default tier shrinks end to end through the off-by-one above, and runs the C++
    // helper against the Rust one below.
    if !common::deep() {
        eprintln!("skipped: the C++ overflow shrink runs with GAMECHECK_DEEP=1");
        return;
    }
    if !have_python() || !have("g++") {
        return;
    }
    let (generator, wrong) = (compiled("gen_sum"), compiled("sum_int"));
    let output = stress(
        &[
            "--generator",
            generator.to_str().unwrap(),
            "--reference",
            &py("sum.py"),
            "--timeout",
            "20",
            "--shrink-time",
            "300",
        ],
        &[wrong.to_str().unwrap()],
    );
    let minimal = small_and_reproduced(&output, 2, 4);
    let numbers: Vec<u64> = minimal.split_whitespace().map(|t| t.parse().unwrap()).collect();
    // Three numbers of at most 10^9 are the fewest whose sum passes 2^31 - 1.
    assert_eq!(numbers[0], 3, "{minimal}");
    assert!(numbers[1..].iter().sum::<u64>() > i32::MAX as u64, "{minimal}");
}

#[test]
fn a_crash_does_not_shrink_into_a_wrong_answer() {
    if !have_python() {
        return;
    }
    // sum_kinds.py exits with an error from 50 numbers on and answers wrongly below on odd numbers: the first case,
    // of thousands of numbers, exits with an error, and its minimal case must too, at exactly 50 numbers.
    let output = stress(
        &["--generator", &py("gen_sum.py"), "--reference", &py("sum.py"), "--timeout", "20", "--shrink-time", "300"],
        &python("sum_kinds.py"),
    );
    let report = stdout(&output);
    assert!(report.contains("fails on case 0: non-zero exit"), "{report}");
    let minimal = section(&report, "minimal input");
    assert_eq!(minimal.lines().next(), Some("50"), "{report}");
    assert!(minimal.split_whitespace().skip(1).all(|t| t == "0"), "{report}");
}

#[test]
fn a_generator_on_the_clock_still_finds_the_failure_and_says_it_cannot_shrink() {
    if !have_python() {
        return;
    }
    let output = stress(
        &["--generator", &py("gen_ranges_clock.py"), "--reference", &py("ranges.py")],
        &python("ranges_off_by_one.py"),
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("wrong answer") && report.contains("not shrunk"), "{report}");
    assert!(report.contains("a different input for the same choice bytes"), "{report}");
    assert!(report.contains("Shrinking needs the generator to draw from standard input"), "{report}");
}

#[test]
fn a_generator_with_a_seed_of_its_own_says_it_ignores_the_stream() {
    if !have_python() {
        return;
    }
    let output = stress(
        &["--generator", &py("gen_ranges_fixed.py"), "--reference", &py("ranges.py")],
        &python("ranges_off_by_one.py"),
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("it ignores standard input, so there is nothing to shrink"), "{report}");
    // The seeded case is the same input every time: its command finds it again.
    assert_eq!(section(&reproduced(&report), "failing input"), section(&report, "failing input"));
}

#[test]
fn a_checker_accepts_another_right_answer_and_rejects_a_wrong_one() {
    if !have_python() {
        return;
    }
    let args = |checker: bool| {
        let mut args = vec!["--generator".to_string(), py("gen_digits.py"), "--reference".into(), py("max_index.py")];
        if checker {
            args.extend(["--checker".into(), py("max_index_checker.py")]);
        }
        args.extend(["--cases", "8", "--timeout", "20", "--shrink-time", "300"].map(String::from));
        args
    };
    let run = |checker: bool, name: &str| stress(&args(checker), &python(name));
    // The last index of a maximum is right, but not the reference's first one: only the checker knows.
    let accepted = run(true, "max_index_any.py");
    assert_eq!(accepted.status.code(), Some(0), "{}", stdout(&accepted));
    let compared = run(false, "max_index_any.py");
    assert_eq!(compared.status.code(), Some(1), "{}", stdout(&compared));
    let rejected = run(true, "max_index_last.py");
    let report = stdout(&rejected);
    assert!(report.contains("the checker rejects the output"), "{report}");
    let minimal = small_and_reproduced(&rejected, 2, 2);
    assert_eq!(minimal.split_whitespace().next(), Some("1"), "{minimal}");
}

#[test]
fn a_broken_generator_is_not_the_programs_failure() {
    if !have_python() {
        return;
    }
    let output = stress(&["--generator", &py("gen_broken.py"), "--reference", &py("sum.py")], &python("sum.py"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("on case 0 the generator exited with status 1"), "{stderr}");
    assert!(stderr.contains("not of the program under test"), "{stderr}");
    assert!(stderr.contains("the generator's own bug"), "{stderr}");
}

/// gen_digits.py's cases with sum_past_900.py, which fails on those of more than 900 numbers only: arguments for
/// `stress` with `extra` added, and the program.
fn past_900(extra: &[&str]) -> (Vec<String>, Vec<String>) {
    let mut args = vec!["--generator".to_string(), py("gen_digits.py"), "--reference".into(), py("sum.py")];
    args.extend(["--timeout", "20"].iter().chain(extra).map(|a| a.to_string()));
    (args, python("sum_past_900.py").to_vec())
}

fn run_past_900(extra: &[&str]) -> Output {
    let (args, program) = past_900(extra);
    stress(&args, &program)
}

/// The index of the case a report says the program fails on.
fn failing_case(report: &str) -> u64 {
    let at = report.find("fails on case ").unwrap_or_else(|| panic!("no failing case in:\n{report}"));
    let digits: String = report[at + 14..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a case index")
}

#[test]
fn jobs_find_the_same_first_failure_as_one_job() {
    if !have_python() {
        return;
    }
    let one = run_past_900(&["--cases", "40", "--shrink-time", "1"]);
    let two = run_past_900(&["--cases", "40", "--shrink-time", "1", "--jobs", "2"]);
    let (one, two) = (stdout(&one), stdout(&two));
    let first = failing_case(&one);
    assert!(first > 0, "case 0 fails already: the test needs passing cases before the failure\n{one}");
    assert_eq!(failing_case(&two), first, "--jobs 2 reports another case:\n{two}");
    assert!(two.contains(&format!("ran cases 0..{}, {first} passed", first + 1)), "{two}");
}

#[test]
fn a_shard_runs_its_part_of_the_cases_only() {
    if !have_python() {
        return;
    }
    let first = failing_case(&stdout(&run_past_900(&["--cases", "40", "--shrink-time", "1"])));
    // The shard after the first failure starts past it: its first failure is a later case, or none.
    // Which case fails is the point here, not its shrunk form.
    let cases = (2 * (first + 1)).to_string();
    let output = run_past_900(&["--from", "0", "--cases", &cases, "--shard", "2/2", "--shrink-time", "0"]);
    let report = stdout(&output);
    let part = format!("shard 2/2 of cases 0..{} (cases {}..{})", 2 * (first + 1), first + 1, 2 * (first + 1));
    assert!(report.contains(&part), "{report}");
    if output.status.code() == Some(1) {
        assert!(failing_case(&report) > first, "{report}");
    } else {
        assert_eq!(output.status.code(), Some(0), "{report}");
    }
}

#[test]
fn time_ends_a_passing_run_early() {
    if !have_python() {
        return;
    }
    // sum.py against itself always passes: only --time ends a run of 100000 cases.
    let mut args = vec!["--generator".to_string(), py("gen_digits.py"), "--reference".into(), py("sum.py")];
    // A second is enough: the run keeps both cores busy with Python starts until then.
    args.extend(["--cases", "100000", "--time", "1"].map(String::from));
    let clock = std::time::Instant::now();
    let output = stress(&args, &python("sum.py"));
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    let ran: u64 = report
        .split("ran cases 0..")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of cases in:\n{report}"));
    assert!(ran < 100_000, "{report}");
    assert!(report.contains(&format!("{ran} passed")), "{report}");
    // Well below the 100000 cases' hours: the budget was heeded, whatever the machine's load.
    assert!(clock.elapsed() < std::time::Duration::from_secs(120), "{report}");
}

#[test]
fn a_report_page_shows_the_shrunk_case_its_choices_and_command() {
    if !have_python() {
        return;
    }
    let scratch = common::scratch_dir("stress-any-report");
    let page_dir = scratch.join("report");
    let output = run_past_900(&["--cases", "40", "--shrink-time", "300", "--report", page_dir.to_str().unwrap()]);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("index.html"), "the page is named on standard error: {stderr}");
    let page = std::fs::read_to_string(page_dir.join("index.html")).expect("the page is written");
    // What the terminal report shows of the minimal case is on the page too.
    for name in ["minimal input", "expected output (reference)", "program output", "choice bytes"] {
        let text = section(&report, name).trim();
        assert!(!text.is_empty(), "{name} is empty:\n{report}");
        let first_line = text.lines().next().unwrap();
        assert!(page.contains(first_line), "the page lacks the {name} `{first_line}`");
    }
    let command = section(&report, "reproduce").trim();
    let escaped = command.replace('&', "&amp;").replace('\'', "&#39;").replace('<', "&lt;").replace('>', "&gt;");
    assert!(page.contains(command) || page.contains(&escaped), "the page lacks the command {command}");
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn usage_errors_name_what_is_missing() {
    let cases: [(&[&str], &str); 5] = [
        (&[], "stress needs a PROBLEM"),
        (&["--generator", "gen"], "--reference"),
        (&["--generator", "gen", "--reference", "ref", "--choices", "0g"], "found `g` at character 2"),
        (&["--generator", "gen 'x", "--reference", "ref"], "unbalanced quotes"),
        (&["hex", "--generator", "gen", "--reference", "ref"], "cannot be used with"),
    ];
    for (args, expected) in cases {
        let output = stress(args, &["true"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: expected `{expected}` in {stderr}");
    }
}

/// A choices file is read with a bound, and a character that is no hex digit is shown even when invisible.
#[test]
fn a_choices_file_too_long_or_not_hex_is_refused() {
    let dir = common::scratch_dir("stress-any");
    let (long, tab) = (dir.join("long.hex"), dir.join("tab.hex"));
    std::fs::write(&long, "00".repeat(3 << 20)).unwrap();
    std::fs::write(&tab, "00\t0x").unwrap();
    let cases = [(&long, "longer than 4194304 bytes"), (&tab, "found `x` at character 5")];
    for (path, expected) in cases {
        let args = ["--generator", "gen", "--reference", "ref", "--choices-file", path.to_str().unwrap()];
        let output = stress(&args, &["true"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path:?}: {stderr}");
        assert!(stderr.contains(expected), "{path:?}: expected `{expected}` in {stderr}");
    }
    let output = stress(&["--generator", "gen", "--reference", "ref", "--choices", "0\u{200b}"], &["true"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("found `\\u{200b}` at character 2"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The draws of draws.py and draws.cpp, in Rust.
fn rust_draws(bytes: &[u8]) -> String {
    let mut c = choices::Choices::new(bytes.to_vec());
    let mut items = vec![1i64, 2, 3, 4, 5, 6];
    let mut out = vec![
        c.integer(1, 100_000),
        c.integer(-5, 5),
        c.integer(7, 7),
        c.integer(0, i64::MAX),
        *c.choice(&[10, 20, 30]),
    ];
    c.shuffle(&mut items);
    out.extend(items);
    out.push(i64::from(c.boolean()));
    out.push(c.integer(i64::MIN, i64::MAX));
    out.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

/// Streams that end before, within and after the draws.
fn streams() -> Vec<Vec<u8>> {
    let random: Vec<u8> = (0u32..64).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    vec![Vec::new(), vec![1], vec![0, 0, 5, 9], random[..20].to_vec(), random]
}

#[test]
fn an_empty_stream_draws_the_smallest_of_everything() {
    // lo of every range, the first choice, the order unchanged, false, and the smallest 64-bit integer.
    assert_eq!(rust_draws(&[]), format!("1 -5 7 0 10 1 2 3 4 5 6 0 {}", i64::MIN));
}

#[test]
fn a_draw_cut_short_by_the_end_reads_what_is_left() {
    // integer(1, 100000) reads three bytes; the one left reads as the value's low byte, the rest as the empty stream.
    assert_eq!(rust_draws(&[1]), format!("2 -5 7 0 10 1 2 3 4 5 6 0 {}", i64::MIN));
    let mut c = choices::Choices::new(vec![0x01, 0x86, 0x9f, 0xa0]);
    assert_eq!(c.integer(1, 100_000), 100_000, "0x01869f is 99 999, the top of the range");
    assert_eq!(c.integer(0, 255), 0xa0);
    assert_eq!(c.integer(0, 255), 0, "past the end");
}

#[test]
fn smaller_bytes_draw_smaller_values() {
    let draw = |bytes: &[u8]| choices::Choices::new(bytes.to_vec()).integer(0, 1_000_000_000);
    assert!(draw(&[0, 0, 0, 9]) < draw(&[0, 0, 1, 0]));
    assert!(draw(&[0, 0, 1]) < draw(&[0, 0, 1, 0]), "a shorter stream is a smaller value");
    assert_eq!(draw(&[0, 0, 0, 0, 0]), 0);
}

#[test]
fn the_python_helper_draws_as_the_rust_one() {
    if !have_python() {
        return;
    }
    for bytes in streams() {
        assert_eq!(draws(&mut python_command("draws.py"), &bytes), rust_draws(&bytes), "{bytes:?}");
    }
}

#[test]
fn the_cpp_helper_draws_as_the_rust_one() {
    if !have("g++") {
        return;
    }
    let binary = compiled("draws");
    for bytes in streams() {
        assert_eq!(draws(&mut Command::new(&binary), &bytes), rust_draws(&bytes), "{bytes:?}");
    }
}

/// draws.rs compiled alone with rustc, as a generator pasting the helper beside it is.
fn rustc_draws() -> PathBuf {
    built_once(Path::new(env!("CARGO_TARGET_TMPDIR")).join("any-draws-rs"), |binary| {
        let status = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(binary)
            .arg(dir().join("draws.rs"))
            .status()
            .expect("rustc runs");
        assert!(status.success(), "compiling draws.rs with the Rust helper");
    })
}

/// The Rust worked example of docs/stress-any.md, compiled as a newcomer would (`rustc -O`: the 2015 edition, here
/// with warnings denied), makes from each choice sequence the very input the Python generator makes.
#[test]
fn the_rust_worked_example_draws_the_python_generators_input() {
    if !have("rustc") || !have_python() {
        return;
    }
    let binary = built_once(Path::new(env!("CARGO_TARGET_TMPDIR")).join("any-gen-ranges-rs"), |binary| {
        let status = Command::new("rustc")
            .args(["-O", "-D", "warnings", "-o"])
            .arg(binary)
            .arg(dir().join("gen_ranges.rs"))
            .status()
            .expect("rustc runs");
        assert!(status.success(), "compiling gen_ranges.rs with the Rust helper, edition 2015");
    });
    for bytes in streams() {
        let python = draws(&mut python_command("gen_ranges.py"), &bytes);
        assert_eq!(draws(&mut Command::new(&binary), &bytes), python, "choice bytes {bytes:?}");
    }
}

#[test]
fn the_rust_helper_compiled_alone_draws_as_the_python_and_cpp_ones() {
    if !have("rustc") {
        return;
    }
    let binary = rustc_draws();
    // The end of the stream, read alone: an empty stream draws the smallest of everything, and one byte is the
    // first draw's low byte.
    assert_eq!(draws(&mut Command::new(&binary), &[]), format!("1 -5 7 0 10 1 2 3 4 5 6 0 {}", i64::MIN));
    assert_eq!(draws(&mut Command::new(&binary), &[1]), format!("2 -5 7 0 10 1 2 3 4 5 6 0 {}", i64::MIN));
    let mut others = Vec::new();
    if have_python() {
        others.push(("python", python_command("draws.py")));
    }
    if have("g++") {
        others.push(("c++", Command::new(compiled("draws"))));
    }
    for bytes in streams() {
        let rust = draws(&mut Command::new(&binary), &bytes);
        assert_eq!(rust, rust_draws(&bytes), "{bytes:?}");
        for (name, command) in &mut others {
            assert_eq!(draws(command, &bytes), rust, "{name} on {bytes:?}");
        }
    }
}

/// Each helper, with GAMECHECK_CHOICE_MARKS set, writes where each of draws' draws starts and where the last ended:
/// 3 bytes for integer(1, 100000), 1 for integer(-5, 5), none for integer(7, 7), 8 for integer(0, 2^63 - 1), 1 for
/// the choice, 1 for each of the shuffle's 5 draws, 1 for the boolean and 8 for the last. The same for every stream
/// (the sizes depend on the ranges only), and nothing is written without the variable.
#[test]
fn the_three_helpers_mark_the_same_draw_boundaries() {
    let expected = "0 3 4 12 13 14 15 16 17 18 19 27";
    let mut helpers: Vec<(&str, Command)> = Vec::new();
    if have_python() {
        helpers.push(("python", python_command("draws.py")));
    }
    if have("g++") {
        helpers.push(("c++", Command::new(compiled("draws"))));
    }
    if have("rustc") {
        helpers.push(("rust", Command::new(rustc_draws())));
    }
    let scratch = common::scratch_dir("stress-any-marks");
    for (name, command) in &mut helpers {
        for bytes in streams() {
            let marks = scratch.join(format!("{name}.marks"));
            let _ = std::fs::remove_file(&marks);
            command.env("GAMECHECK_CHOICE_MARKS", &marks);
            draws(command, &bytes);
            let written = std::fs::read_to_string(&marks).unwrap_or_else(|e| panic!("{name} wrote no marks: {e}"));
            assert_eq!(written.split_whitespace().collect::<Vec<_>>().join(" "), expected, "{name} on {bytes:?}");
            std::fs::remove_file(&marks).unwrap();
            command.env_remove("GAMECHECK_CHOICE_MARKS");
            draws(command, &bytes);
            assert!(!marks.exists(), "{name} wrote marks without the variable");
        }
    }
    std::fs::remove_dir_all(scratch).unwrap();
}

/// What a draws program prints on `bytes`.
fn draws(command: &mut Command, bytes: &[u8]) -> String {
    use std::io::Write;
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the draws program starts");
    child.stdin.take().expect("piped").write_all(bytes).expect("the bytes are written");
    let output = child.wait_with_output().expect("the draws program ends");
    assert!(output.status.success());
    String::from_utf8(output.stdout).expect("UTF-8").trim().to_string()
}

/// The ids in a file that programs append one a line to; empty while none has written.
fn pids_in(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap_or_default().lines().map(str::to_string).collect()
}

#[test]
fn a_program_that_hangs_times_out_is_shrunk_as_a_time_out_and_leaves_no_process() {
    if !have_python() {
        return;
    }
    let scratch = common::scratch_dir("stress-any-hangs");
    let pids = common::fresh_file(&scratch, "pids");
    // sum_hangs_from_50.py hangs from 50 numbers on and answers wrongly below on odd numbers: the first case, of
    // hundreds of numbers, hangs, and its minimal case must too, at exactly 50 numbers.
    // Each hanging run costs the whole time limit, so it is short; but not so short that a slow run of the program
    // on a loaded machine ends in it, a time-out below 50 numbers that shrinking would take: such a run is one
    // interpreter start (about 10 ms without site-packages) and a sum of fewer than 50 numbers, a fiftieth of it.
    // The hanging runs idle a test thread, so each half-second counts (docs/testing.md#what-the-suite-costs).
    let args = ["--generator", &py("gen_digits.py"), "--reference", &py("sum.py"), "--timeout", "0.5"];
    let output = stress_command(
        &[&args[..], &["--shrink-time", "300", "--jobs", "1"]].concat(),
        &python("sum_hangs_from_50.py"),
    )
    .env("GAMECHECK_TEST_PIDS", &pids)
    .output()
    .expect("gamecheck runs");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("fails on case 0: time-out\nshrunk in "), "{report}");
    assert!(report.contains("no exit within the time limit of 0.50 s"), "{report}");
    let minimal = section(&report, "minimal input");
    assert_eq!(minimal.lines().next(), Some("50"), "{report}");
    assert!(minimal.split_whitespace().skip(1).all(|t| t == "0"), "{report}");
    let again = reproduced(&report);
    assert!(again.contains("fails on the choices given: time-out"), "{again}");
    // Each hanging run wrote itself and its two children, one of which left the process group.
    let pids = pids_in(&pids);
    assert!(pids.len() > 3, "the program hung more than once while shrinking: {pids:?}");
    for pid in &pids {
        common::assert_gone(pid);
    }
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn a_grandchild_that_leaves_the_process_group_does_not_outlive_stress_whoever_starts_it() {
    if !have_python() {
        return;
    }
    let scratch = common::scratch_dir("stress-any-setsid");
    let files = ["generator", "reference", "program"].map(|who| common::fresh_file(&scratch, who));
    let wrapped = |pids: &Path, name: &str| {
        let python = python(name);
        common::leaving_a_sleeper(pids, r#"shift; exec "$@""#, &python.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // `--generator` and `--reference` take one command line, the program its words.
    let line = |words: Vec<String>| shlex::try_join(words.iter().map(String::as_str)).expect("no NUL byte");
    let (generator, reference) = (line(wrapped(&files[0], "gen_digits.py")), line(wrapped(&files[1], "sum.py")));
    let output = stress(
        &["--generator", &generator, "--reference", &reference, "--cases", "3", "--timeout", "20"],
        &wrapped(&files[2], "sum.py"),
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("ran cases 0..3, 3 passed"), "{report}");
    for (who, file) in ["generator", "reference", "program"].iter().zip(&files) {
        let pids = pids_in(file);
        assert_eq!(pids.len(), 3, "one sleeper a run of the {who}");
        for pid in &pids {
            common::assert_gone(pid);
        }
    }
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn a_program_that_floods_is_cut_and_reported_short() {
    if !have_python() {
        return;
    }
    let output = stress(
        &["--generator", &py("gen_digits.py"), "--reference", &py("sum.py"), "--cases", "1", "--shrink-time", "2"],
        &["sh", "-c", "cat > /dev/null; exec yes flood"],
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.len() < 64 << 10, "{} bytes of report", report.len());
    assert!(report.contains("fails on case 0: malformed output"), "{report}");
    assert!(report.contains("more than 64 MiB of output"), "{report}");
    assert!(report.contains("--- program output ---\nflood\nflood\n"), "the start of the output is shown: {report}");
    assert!(report.contains("nothing past 64 MiB was read"), "{report}");
}

#[test]
fn a_generator_that_floods_or_a_reference_that_hangs_on_a_case_stops_the_run_and_says_whose_fault() {
    if !have_python() {
        return;
    }
    let flood = "sh -c 'cat > /dev/null; exec yes 1'";
    let runs: [([&str; 4], &str); 2] = [
        ([flood, &py("sum.py"), "20", "the generator printed more than 64 MiB"], "generator"),
        (
            [&py("gen_digits.py"), "sleep 60", "1", "the reference did not exit within the time limit of 1.00 s"],
            "reference",
        ),
    ];
    for ([generator, reference, timeout, expected], who) in runs {
        let clock = std::time::Instant::now();
        let output =
            stress(&["--generator", generator, "--reference", reference, "--timeout", timeout], &python("sum.py"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{who}: {stderr}");
        assert!(stderr.contains(&format!("on case 0 {expected}")), "{who}: {stderr}");
        assert!(stderr.contains(&format!("this is a fault of the {who}, not of the program under test")), "{stderr}");
        assert!(stdout(&output).is_empty(), "no report of a failure of the program: {}", stdout(&output));
        // Not the `sleep 60` waited out: the time limit ended it.
        assert!(clock.elapsed() < std::time::Duration::from_secs(50), "{who}");
    }
}

#[test]
fn candidates_the_generator_floods_or_the_reference_hangs_on_are_not_the_programs_failure() {
    if !have_python() {
        return;
    }
    // Below 10 numbers the generator floods, below 20 the reference hangs, and the program is wrong on every input:
    // the smallest case that is a case is 20 zeros, and the program's failure there a wrong answer.
    let output = stress(
        &[
            "--generator",
            &py("gen_digits_floods_below_10.py"),
            "--reference",
            &py("sum_hangs_below_20.py"),
            // Each candidate below 20 numbers waits out the limit: short, as above.
            "--timeout",
            "0.5",
            "--shrink-time",
            "300",
            "--jobs",
            "1",
        ],
        &python("sum_plus_one.py"),
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("fails on case 0: wrong answer\nshrunk in "), "{report}");
    let minimal = small_and_reproduced(&output, 2, 21);
    assert_eq!(minimal.lines().next(), Some("20"), "{report}");
    assert!(minimal.split_whitespace().skip(1).all(|t| t == "0"), "{report}");
}

#[test]
fn a_saved_failure_keeps_its_input_and_choices_and_the_choices_file_command_reproduces_it() {
    if !have_python() {
        return;
    }
    let scratch = common::scratch_dir("stress-any-save");
    let save = scratch.join("saved");
    // Not shrunk (no time for it): a whole case's 1 MiB of choices, too long to spell out in the command.
    let output = run_past_900(&["--cases", "40", "--shrink-time", "0", "--save", save.to_str().unwrap()]);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let case = failing_case(&report);
    let input = save.join(format!("any/seed-2026-case-{case}.in"));
    assert!(report.contains(&format!("saved as {} with .ans", input.display())), "{report}");
    let saved = |extension: &str| {
        std::fs::read_to_string(input.with_extension(extension)).unwrap_or_else(|e| panic!(".{extension}: {e}"))
    };
    assert_eq!(saved("in"), section(&report, "minimal input"));
    assert_eq!(saved("ans"), section(&report, "expected output (reference)"));
    let choices = saved("choices");
    assert_eq!(choices.trim().len(), 2 << 20, "the whole case's choice bytes, in hex");
    let shown = section(&report, "choice bytes");
    assert!(shown.starts_with(&choices[..128]) && shown.contains("1048576 bytes in all"), "{report}");
    let command = section(&report, "reproduce").trim();
    let file = input.with_extension("choices");
    let file = shlex::try_quote(file.to_str().unwrap()).unwrap().into_owned();
    assert!(command.contains(&format!("--choices-file {file} ")), "{command}");
    let again = reproduced(&report);
    assert_eq!(section(&again, "failing input"), saved("in"), "{again}");
    assert_eq!(section(&again, "program output"), section(&report, "program output"), "{again}");
    std::fs::remove_dir_all(scratch).unwrap();
}

/// Starts `stress` with a program that hangs and leaves a sleeper out of its process group, sends SIGINT once the
/// program has started `runs` times, and returns how gamecheck ended, the ids the programs wrote, and what
/// gamecheck left in its temporary directory.
fn interrupted_after(runs: usize, name: &str) -> (Output, Vec<String>, Vec<PathBuf>) {
    let scratch = common::scratch_dir(name);
    let pids = common::fresh_file(&scratch, "pids");
    let temporary = scratch.join("tmp");
    std::fs::create_dir_all(&temporary).unwrap();
    let program = common::leaving_a_sleeper(&pids, r#"echo $$ >> "$1"; exec sleep 60"#, &[]);
    // Case 0's run must time out before shrinking starts: the limit is all the second pass waits, so it is short.
    let args = ["--generator", &py("gen_digits.py"), "--reference", &py("sum.py"), "--timeout", "1", "--jobs", "1"];
    let mut child = stress_command(&args, &program)
        .env("TMPDIR", &temporary)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    // Each run of the program writes two ids: its sleeper's and its own.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while pids_in(&pids).len() < 2 * runs {
        assert!(std::time::Instant::now() < deadline, "the program did not run {runs} time(s)");
        assert!(child.try_wait().unwrap().is_none(), "gamecheck ended before the program ran {runs} time(s)");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // SAFETY: kill(2) on our own child, not reaped yet, so its id is not reused.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("gamecheck did not end within 20 s of SIGINT");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let written = pids_in(&pids);
    let left = std::fs::read_dir(&temporary).unwrap().map(|entry| entry.unwrap().path()).collect();
    std::fs::remove_dir_all(scratch).unwrap();
    (output, written, left)
}

#[test]
fn ctrl_c_while_a_case_runs_or_shrinks_ends_every_child_and_says_so() {
    if !have_python() {
        return;
    }
    // The first run is case 0's; with one job, the second is a candidate of its shrinking.
    for (runs, when) in [(1, "running"), (2, "shrinking")] {
        let (output, pids, left) = interrupted_after(runs, &format!("stress-any-interrupt-{runs}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "{when}: {stderr}");
        assert!(stderr.contains("interrupted"), "{when}: a clear message, not a silent exit: {stderr}");
        assert!(output.stdout.is_empty(), "{when}: {}", stdout(&output));
        for pid in &pids {
            common::assert_gone(pid);
        }
        // While shrinking, the generator's marks have a directory of their own.
        assert!(left.is_empty(), "{when}: left in the temporary directory: {left:?}");
    }
}

#[test]
fn a_failure_is_found_and_shrunk_again_from_its_seed_and_index_alone() {
    if !have_python() {
        return;
    }
    // Seed 6's first failure is case 3, so the index carries weight.
    let whole = run_past_900(&["--seed", "6", "--cases", "40", "--shrink-time", "300"]);
    let report = stdout(&whole);
    assert_eq!(whole.status.code(), Some(1), "{report}");
    let case = failing_case(&report);
    assert!(case > 0, "case 0 fails already: the test needs a later index\n{report}");
    let alone = run_past_900(&["--seed", "6", "--from", &case.to_string(), "--cases", "1", "--shrink-time", "300"]);
    let again = stdout(&alone);
    assert_eq!(failing_case(&again), case, "{again}");
    assert!(again.contains(&format!("ran cases {case}..{}, 0 passed", case + 1)), "{again}");
    for name in ["minimal input", "choice bytes", "reproduce"] {
        assert_eq!(section(&again, name), section(&report, name), "{name}:\n{again}");
    }
}

/// The plain parts of `stress`: choice bytes as hex, outputs compared token by token, a command line split.
mod parts {
    use gamecheck::stress_any::{hex, parse_hex, split, token_difference};

    #[test]
    fn hex_round_trips_and_refuses_what_is_not_hex() {
        let bytes = vec![0, 1, 0xab, 0xff];
        assert_eq!(hex(&bytes), "0001abff");
        assert_eq!(parse_hex("00 01\nAB ff").unwrap(), bytes);
        assert_eq!(parse_hex("").unwrap(), Vec::<u8>::new());
        assert!(parse_hex("0g").unwrap_err().to_string().contains("`g` at character 2"));
        assert!(parse_hex("abc").unwrap_err().to_string().contains("even number"));
    }

    #[test]
    fn outputs_compare_token_by_token() {
        assert_eq!(token_difference("1 2\n3\n", "1\n2 3"), None);
        assert_eq!(
            token_difference("1 2\n3\n", "1 2\n4\n").unwrap(),
            "token 3 (output line 2): expected `3`, found `4`"
        );
        assert!(token_difference("1 2", "1").unwrap().contains("ends after 1 token(s); expected 2, the next `2`"));
        assert!(token_difference("1", "1 2").unwrap().contains("`2` (output line 1) is one too many"));
    }

    #[test]
    fn commands_split_as_a_shell_would() {
        assert_eq!(split("--generator", "python3 'my gen.py' 5").unwrap(), ["python3", "my gen.py", "5"]);
        assert!(split("--generator", "python3 'gen.py").is_err());
        assert!(split("--generator", "  ").unwrap_err().to_string().contains("not an empty string"));
    }
}

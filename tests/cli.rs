//! The command line as a user meets it: exit codes, error messages, and `solve` on the official sample.

use assert_cmd::Command;
use predicates::prelude::*;

fn gamecheck() -> Command {
    Command::cargo_bin("gamecheck").expect("the gamecheck binary is built")
}

#[test]
fn hex_bad_input_names_the_line_and_exits_2() {
    let cases = [
        ("1\n2\nBR\nB\n", "hex input, line 4: row 2 of case 1 has 1 cells, expected N = 2"),
        ("1\n2\nBR\nBX\n", "hex input, line 4: bad character `X` in column 2"),
        ("1\n2001\n", "hex input, line 2: N = 2001 is out of range 1..=2000"),
        ("1\n0\n", "hex input, line 2: N = 0 is out of range"),
        ("2\n1\nB\n", "hex input, line 4: expected a line `N`, found the end of the input (case 2 of T = 2)"),
        ("1\n2\nBR\n", "hex input, line 4: expected row 2 of 2, found the end of the input (case 1 of T = 1)"),
        ("1\n1\nB\n1\nR\n", "hex input, line 4: expected the end of the input after the 1 case(s) T announced"),
        ("1\n1\nB\njunk\n", "found `junk`"),
        ("one\n", "hex input, line 1: expected T to be a whole number, found `one`"),
        ("", "hex input, line 1: expected a line `T`, found the end of the input"),
        ("1\n2 2\n", "hex input, line 2: expected `N`, found extra `2` after it"),
    ];
    for (input, message) in cases {
        hex_input_is_refused(input.as_ref(), message);
    }
}

/// Bad Hex input on standard input: exit 2, nothing on standard output, and `message` on standard error.
fn hex_input_is_refused(input: &[u8], message: &str) {
    gamecheck()
        .args(["solve", "hex"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn unknown_problem_and_missing_file_are_usage_errors() {
    gamecheck().args(["solve", "chess"]).assert().code(2).stderr(predicate::str::contains("the problems are: hex"));
    gamecheck()
        .args(["solve", "hex", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/no/such/file"));
}

/// `gen --preset contest` writes the shape the issue measured, case by case from (seed, index) like any `gen`, and
/// an unknown preset, a problem without presets or a preset with `--size` is a usage error naming what there is.
#[test]
fn gen_preset_writes_the_contest_shape_and_refuses_other_names() {
    let preset = |args: &[&str]| {
        let out = gamecheck().args(["gen", "inventor-outlasting", "--preset", "contest"]).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let four = preset(&["--cases", "4"]);
    let lines: Vec<&str> = four.lines().collect();
    assert_eq!(lines[..2], ["4", "10 20"]);
    let shapes: Vec<&str> = lines.iter().copied().filter(|l| l.contains(' ')).collect();
    assert_eq!(shapes, ["10 20", "20 10", "10 20", "20 10"]);
    // Case 3 alone is the fourth board of the run.
    let last = preset(&["--from", "3", "--cases", "1"]);
    assert_eq!(last.lines().skip(1).collect::<Vec<_>>(), lines[lines.len() - 21..]);
    gamecheck().args(["solve", "inventor-outlasting"]).write_stdin(four).assert().success();
    for (args, message) in [
        (&["inventor-outlasting", "--preset", "official"][..], "inventor-outlasting has the presets contest"),
        (&["hex", "--preset", "contest"], "hex has no presets"),
        (&["inventor-outlasting", "--preset", "contest", "--size", "3"], "cannot be used with"),
    ] {
        gamecheck().arg("gen").args(args).assert().code(2).stdout("").stderr(predicate::str::contains(message));
    }
}

/// A bare `check` adds, per problem, a row at the top of its oracle's reach; naming sizes or a case count runs only
/// what was asked. `--time 0` starts no case, so this costs nothing but the rows, and, having checked nothing, it
/// says so and fails.
#[test]
fn a_bare_check_has_a_row_at_the_top_of_each_oracle_reach() {
    // The third rows: Hex's and Adjacent's limits, Havannah's band of rim structures.
    let tops = ["140..150", "900000000..1000000000", "180..200", "│ 10 ", "1900..2000", "90000..100000", "1000..10000"];
    let bare = gamecheck().args(["check", "--time", "0"]).assert().code(2).get_output().stdout.clone();
    let bare = String::from_utf8(bare).unwrap().replace('┆', "│");
    for top in tops {
        assert!(bare.contains(top), "no row of sizes {top} in\n{bare}");
    }
    for args in [&["check", "hex", "--size", "3", "--time", "0"][..], &["check", "hex", "--cases", "5", "--time", "0"]]
    {
        let checked_nothing = predicate::str::contains("checked no case");
        gamecheck().args(args).assert().code(2).stdout(predicate::str::contains("140..150").not().and(checked_nothing));
    }
}

#[test]
fn havannah_bad_input_names_the_line_and_exits_2() {
    let cases = [
        ("1\n3 2\n1 1\n1 4\n", "havannah input, line 4: move 2: cell (1, 4) is off the board of side S = 3"),
        ("1\n3 3\n1 1\n2 2\n1 1\n", "havannah input, line 5: move 3: cell (1, 1) was already played in move 1"),
        ("1\n1 0\n", "havannah input, line 2: S = 1 is out of range 2..=1000000000"),
        ("1\n2 8\n", "havannah input, line 2: M = 8 is more than the 7 cells of a board of side S = 2"),
        ("1\n3 2\n1 1\n", "havannah input, line 4: move 2 of 2: expected a line `x y`, found the end of the input"),
        ("1\n3 1\n1 1\n2 2\n", "havannah input, line 4: expected the end of the input after the 1 case(s)"),
        ("1\n3 1\n1 x\n", "havannah input, line 3: move 1 of 1: expected y to be a whole number, found `x`"),
    ];
    for (input, message) in cases {
        gamecheck()
            .args(["solve", "havannah"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn inventor_outlasting_bad_input_names_the_line_and_exits_2() {
    let cases = [
        ("1\n2 3\nX.X\nX.\n", "line 4: row 2 of case 1 has 2 cells, expected C = 3"),
        ("1\n1 3\nX#X\n", "line 3: bad character `#` in column 2: expected `X` or `.`"),
        ("1\n1 3\nx..\n", "line 3: bad character `x` in column 1"),
        ("1\n201 1\n", "line 2: R = 201 is out of range 1..=200"),
        ("1\n1 0\n", "line 2: C = 0 is out of range 1..=200"),
        ("1\n20 11\n", "line 2: R·C = 20·11 = 220 is over the limit 200 (case 1 of T = 1)"),
        ("2\n1 1\nX\n", "line 4: expected a line `R C`, found the end of the input (case 2 of T = 2)"),
        ("1\n2 2\nX.\n", "line 4: expected row 2 of 2, found the end of the input (case 1 of T = 1)"),
        ("1\n1 1\n.\n.\n", "line 4: expected the end of the input after the 1 case(s) T announced"),
        ("1\n2\n", "line 2: expected `R C`, found `2`: C is missing"),
        ("1\n1 1 1\n", "line 2: expected `R C`, found extra `1` after it"),
    ];
    for (input, message) in cases {
        gamecheck()
            .args(["solve", "inventor-outlasting"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!("inventor-outlasting input, {message}")));
    }
}

#[test]
fn adjacent_consecutive_bad_input_names_the_line_and_exits_2() {
    let cases = [
        ("1\n4\n1 1\n2 5\n", "adjacent-consecutive input, line 4: C = 5 is out of range 1..=4"),
        ("1\n4\n1 1\n1 2\n", "adjacent-consecutive input, line 4: tile 1 is played twice: on line 3 and here"),
        ("1\n4\n1 1\n2 1\n", "adjacent-consecutive input, line 4: cell 1 is filled twice: on line 3 and here"),
        ("1\n4\n1 1\n2 3\n", "line 5: expected a line `M C`, found the end of the input (move 3 of N = 4"),
        ("2\n4\n1 1\n2 3\n3 2\n4 4\n1 2\n", "line 7: expected `N` for case 2 of T = 2, found the move `1 2`"),
        ("1\n4\n1 1\n2 3\n3 2\n4 4\n1 2\n", "line 7: expected the end of the input"),
        ("1\n3\n", "adjacent-consecutive input, line 2: N = 3 is out of range 4..=100000"),
        ("1\n100001\n", "line 2: N = 100001 is out of range 4..=100000"),
    ];
    for (input, message) in cases {
        gamecheck()
            .args(["solve", "adjacent-consecutive"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

// Hostile input: whatever the input, the message stays short, shows what is invisible, and names the line.

/// Runs `solve` on `input` saved as a file, expecting exit 2 and no output; the message.
fn solve_file_error(problem: &str, name: &str, input: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("gamecheck-{name}-{}.in", std::process::id()));
    std::fs::write(&path, input).unwrap();
    let output = gamecheck().args(["solve", problem]).arg(&path).output().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(2), "{problem} {name}");
    assert!(output.stdout.is_empty(), "{problem} {name}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn solve_quotes_only_the_start_of_a_huge_line() {
    let number = format!("{}\n", "7".repeat(1 << 20));
    let word = format!("{}\n", "x".repeat(1 << 20));
    for problem in gamecheck::PROBLEMS.iter().map(|p| p.name()) {
        for (name, input, says) in [("number", &number, "is out of range"), ("word", &word, "to be a whole number")] {
            let message = solve_file_error(problem, name, input.as_bytes());
            assert!(message.len() < 200, "{} bytes: {message}", message.len());
            assert!(message.contains(&format!("{problem} input, line 1: ")), "{message}");
            assert!(message.contains(says) && message.contains("(1048576 bytes)"), "{message}");
        }
    }
    // A huge line where the input should have ended, and a huge row.
    let junk = format!("1\n1\nB\n{}\n", "B".repeat(1 << 20));
    let message = solve_file_error("hex", "junk", junk.as_bytes());
    assert!(message.len() < 200 && message.contains("hex input, line 4: expected the end"), "{message}");
    let row = format!("1\n2\n{}\n", "é".repeat(1000));
    let message = solve_file_error("hex", "row", row.as_bytes());
    assert!(message.len() < 200 && message.contains("hex input, line 3: row 1 of case 1"), "{message}");
    // A line past the longest any input has is refused as it is read, before its end.
    let endless = format!("1\n2\n{}\n", "é".repeat(1 << 20));
    let message = solve_file_error("hex", "endless", endless.as_bytes());
    assert!(message.len() < 200 && message.contains("hex input, line 3: the line is longer than"), "{message}");
}

#[test]
fn solve_shows_invisible_characters() {
    let cases: [(&[u8], &str); 4] = [
        ("\u{feff}1\n1\nB\n".as_bytes(), "hex input, line 1: expected T to be a whole number, found `\\u{feff}1`"),
        (b"1\n1\n\0\n", "hex input, line 3: bad character `\\0` in column 1: expected `B`, `R` or `.`"),
        (b"1\0\n1\nB\n", "hex input, line 1: expected T to be a whole number, found `1\\0`"),
        ("1\n2\nB\u{200b}\nBR\n".as_bytes(), "hex input, line 3: bad character `\\u{200b}` in column 2"),
    ];
    for (input, message) in cases {
        hex_input_is_refused(input, message);
    }
    let message = solve_file_error("inventor-outlasting", "nbsp", "1\n1 3\nX\u{a0}X\n".as_bytes());
    assert!(message.contains("line 3: bad character `\\u{a0}` in column 2"), "{message}");
}

#[test]
fn solve_names_the_line_of_input_that_is_not_utf8() {
    let message = solve_file_error("hex", "utf8", b"1\n2\nB\xffR\nBR\n");
    assert!(
        message.contains("hex input, line 3: expected UTF-8 text, found the byte 0xff at byte column 2"),
        "{message}"
    );
    gamecheck()
        .args(["solve", "havannah"])
        .write_stdin(&b"1\n3 1\n\xe2\x82"[..])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("havannah input, line 3: expected UTF-8 text, found the bytes 0xe2 0x82"));
}

#[test]
fn solve_calls_a_count_past_u64_out_of_range() {
    let message = solve_file_error("hex", "huge-t", b"100000000000000000000000\n1\nB\n");
    assert!(message.contains("hex input, line 1: T = `100000000000000000000000` is out of range 1..="), "{message}");
    assert!(!message.contains("whole number"), "{message}");
}

// Order and Chaos: an interactive problem, so `play`, `judge` and `prove` instead of `solve`, `gen` and `exhaust`.

mod order_chaos {
    use std::path::{Path, PathBuf};

    use assert_cmd::Command;
    use cases::order_chaos::generate;
    use games::order_chaos::{Board, Move, Pairing, ROUNDS};
    use predicates::prelude::*;
    use solvers::order_chaos::Strategy;

    use super::gamecheck;

    fn program(name: &str) -> String {
        let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/programs/order-chaos", name].iter().collect();
        path.display().to_string()
    }

    fn judge(games: u64, program: &[&str]) -> Command {
        let mut command = gamecheck();
        command.args(["judge", "order-chaos", "--games", &games.to_string(), "--timeout", "5", "--"]).args(program);
        command
    }

    /// The grader's side of `games` games of generated ORDER scripts, and what our CHAOS must answer.
    fn transcript(games: u64) -> (String, String) {
        let strategy = Strategy::tester();
        let (mut input, mut output) = (format!("{games}\n"), String::new());
        for index in 0..games {
            let script = generate(&mut cases::case_rng(5, index));
            let mut board = Board::new();
            output.push_str("CHAOS\n");
            // Rounds counted, not a board waited on to fill: see ROUNDS.
            for _ in 0..ROUNDS {
                let Some(order) = script.next_move(&board) else { break };
                let answer: Move = strategy.answer(order);
                board.play(order);
                board.play(answer);
                input.push_str(&format!("{order}\n"));
                output.push_str(&format!("{answer}\n"));
            }
        }
        (input, output)
    }

    #[test]
    fn play_answers_every_order_move_with_the_pairing() {
        let (input, output) = transcript(20);
        gamecheck().args(["play", "order-chaos"]).write_stdin(input).assert().success().stdout(output);
    }

    #[test]
    fn play_stops_on_a_bad_grader_line_with_a_message_and_exit_2() {
        let cases = [
            ("1\n7 1 X\n", "order-chaos input, line 2: r = 7 is out of range 1..=6 (game 1 of T = 1)"),
            ("1\n1 0 X\n", "order-chaos input, line 2: c = 0 is out of range 1..=6"),
            ("1\n1 1 Z\n", "line 2: expected the letter n to be `X` or `O`, found `Z`"),
            ("1\n1 1 x\n", "line 2: expected the letter n to be `X` or `O`, found `x`"),
            ("1\n1 1 X\n1 1 O\n", "order-chaos input, line 3: row 1, column 1 is not blank: it holds X"),
            ("1\n1 1 X\n6 6 O\n", "line 3: row 6, column 6 is not blank: it holds X"),
            ("1\n1 1\n", "line 2: expected a move `r c n`, found `1 1`: n is missing"),
            ("1\n1 1 X X\n", "line 2: expected a move `r c n`, found extra `X` after it"),
            ("1\none 1 X\n", "line 2: expected r to be a whole number, found `one`"),
            ("1\n-1 -1 -1\n", "line 2: expected r to be a whole number, found `-1`"),
            ("1\n", "line 2: expected ORDER's move `r c n`, found the end of the input (game 1 of T = 1)"),
            ("2\n1 1 X\n", "line 3: expected ORDER's move `r c n`, found the end of the input (game 1 of T = 2)"),
            ("", "order-chaos input, line 1: expected the number of games T, found the end of the input"),
            ("0\n", "order-chaos input, line 1: T = 0 is out of range 1..=1000"),
            ("1001\n", "order-chaos input, line 1: T = 1001 is out of range 1..=1000"),
            (
                "1\n1\u{ff}\n",
                "line 2: expected ORDER's move `r c n`, found a line that is not UTF-8 text: the byte 0xff at",
            ),
        ];
        for (input, message) in cases {
            let input: Vec<u8> = input.chars().map(|c| if c == '\u{ff}' { 0xff } else { c as u8 }).collect();
            gamecheck()
                .args(["play", "order-chaos"])
                .write_stdin(input)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(message));
        }
    }

    #[test]
    fn play_quotes_only_the_start_of_a_huge_grader_line() {
        for (input, says) in [
            // Words of half a MiB: lines up to 1 MiB are read and judged; a longer one is refused as it is read
            // (tests/robustness.rs).
            (format!("1\n{} 1 X\n", "1".repeat(1 << 19)), "line 2: r = `1111"),
            (format!("1\n1 1 {}\n", "X".repeat(1 << 19)), "line 2: expected the letter n to be `X` or `O`, found `XXX"),
            (format!("{}\n", "9".repeat(1 << 19)), "order-chaos input, line 1: T = `999"),
        ] {
            let output = gamecheck().args(["play", "order-chaos"]).write_stdin(input).output().unwrap();
            assert_eq!(output.status.code(), Some(2));
            let message = String::from_utf8(output.stderr).unwrap();
            assert!(message.len() < 200, "{} bytes: {message}", message.len());
            assert!(message.contains(says) && message.contains("(524288 bytes)"), "{message}");
        }
    }

    #[test]
    fn play_reads_crlf_and_blank_lines() {
        let (input, output) = transcript(2);
        let input = input.replace('\n', "\r\n\n");
        gamecheck().args(["play", "order-chaos"]).write_stdin(input).assert().success().stdout(output);
    }

    #[test]
    fn judge_finds_our_player_wins_every_seeded_game() {
        let ours = assert_cmd::cargo::cargo_bin("gamecheck").display().to_string();
        judge(1000, &[&ours, "play", "order-chaos"]).assert().success().stdout(
            predicate::str::contains("the program won 1000 of 1000 games (1000 as CHAOS, 0 as ORDER; 1000 played)")
                .and(predicate::str::contains("game 999: program plays CHAOS against"))
                .and(predicate::str::contains("LOST").not()),
        );
    }

    #[test]
    fn judge_stops_at_an_illegal_move_naming_the_game_and_the_from_that_replays_it() {
        let illegal = |from: u64, games: u64| {
            let mut command = gamecheck();
            command.args(["judge", "order-chaos", "--seed", "7", "--from", &from.to_string()]);
            command.args(["--games", &games.to_string(), "--", "sh", &program("illegal.sh")]);
            command
        };
        let broke = |from: u64| {
            // People count games from 1; `--from` takes the index, counted from 0.
            format!("the program broke the protocol in game {} of seed 7: the program's output line 2: row", from + 1)
        };
        illegal(0, 3).assert().code(1).stdout(
            predicate::str::contains(broke(0))
                .and(predicate::str::contains("is not blank"))
                .and(predicate::str::contains(
                    "replay it alone: gamecheck judge order-chaos --seed 7 --from 0 --games 1",
                ))
                .and(predicate::str::contains("seed 7, games 0..3: the program won 0 of 3 games")),
        );
        // The first game from `--from 17` is game 18, and the hint replays exactly it.
        illegal(17, 2).assert().code(1).stdout(
            predicate::str::contains(broke(17))
                .and(predicate::str::contains("--seed 7 --from 17 --games 1 -- PROGRAM"))
                .and(predicate::str::contains("seed 7, games 17..19: the program won 0 of 2 games")),
        );
    }

    #[test]
    fn judge_quotes_only_the_start_of_a_long_program_line() {
        // Under the judge's line limit, so the line is read and parsed, not cut off as too long.
        let program = "head -c 4000 /dev/zero | tr '\\0' Z; echo; cat >/dev/null";
        let output = judge(1, &["sh", "-c", program]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let report = String::from_utf8(output.stdout).unwrap();
        let line = report.lines().find(|l| l.contains("broke the protocol")).unwrap_or_default();
        assert!(line.contains("output line 1: expected `ORDER` or `CHAOS`, found `ZZZ"), "{report}");
        assert!(line.ends_with("(4000 bytes)") && line.len() < 200, "{line}");
    }

    #[test]
    fn judge_times_out_a_program_that_hangs_and_ends_its_process_group() {
        let dir = std::env::temp_dir().join(format!("gamecheck-hang-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pid_file = dir.join("pid");
        let started = std::time::Instant::now();
        gamecheck()
            .args(["judge", "order-chaos", "--games", "3", "--timeout", "0.3", "--", "sh", &program("hang.sh")])
            .arg(&pid_file)
            .timeout(std::time::Duration::from_secs(30))
            .assert()
            .code(1)
            .stdout(predicate::str::contains("in game 1 of seed 2026: no line within the time limit of 0.30 s"));
        assert!(started.elapsed().as_secs() < 30, "the judge waited for the sleeping grandchild");
        // The sleep was started by the program, not by the judge: only ending the process group ends it.
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        let stat = std::path::Path::new("/proc").join(pid.trim()).join("stat");
        let running = || {
            std::fs::read_to_string(&stat).is_ok_and(|s| !s.rsplit(')').next().unwrap_or("").trim().starts_with('Z'))
        };
        for _ in 0..100 {
            if !running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(!running(), "the program's child {} outlived the judge", pid.trim());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn judge_reports_a_program_that_quits_early() {
        judge(3, &["sh", &program("quits.sh")]).assert().code(1).stdout(predicate::str::contains(
            "the program broke the protocol in game 1 of seed 2026: the program's output ended early (it quit or \
             closed standard output)",
        ));
    }

    /// A program that wins every game and then exits with a failing status fails the run, under the contest's rules
    /// and under a variant's: the fault names the status.
    #[test]
    fn judge_reports_a_failing_exit_after_the_last_game() {
        let ours = assert_cmd::cargo::cargo_bin("gamecheck").display().to_string();
        let contest = format!("{ours} play order-chaos; exit 3");
        judge(2, &["sh", "-c", &contest])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("after the last game the program exited with exit status: 3"));
        let certificate: PathBuf =
            [env!("CARGO_MANIFEST_DIR"), "tests/data/order-chaos/moment-any-4x4-run3.cert"].iter().collect();
        let variant = format!(
            "{ours} play order-chaos --rules moment-any --side 4 --run 3 --certificate {}; exit 4",
            certificate.display()
        );
        let mut command = gamecheck();
        command.args(["judge", "order-chaos", "--rules", "moment-any", "--side", "4", "--run", "3", "--games", "2"]);
        command.args(["--timeout", "5", "--", "sh", "-c", &variant]);
        command
            .assert()
            .code(1)
            .stdout(predicate::str::contains("after the last game the program exited with exit status: 4"));
    }

    #[test]
    fn judge_stops_reading_an_endless_line() {
        judge(2, &["sh", &program("flood.sh")]).timeout(std::time::Duration::from_secs(30)).assert().code(1).stdout(
            predicate::str::contains("in game 1 of seed 2026: the program's output line 2 runs past 4096 bytes"),
        );
    }

    #[test]
    fn judge_quotes_only_the_start_of_a_long_bad_line() {
        let long = r#"read t; echo CHAOS; read m; printf '1 1 %03000d\n' 0; sleep 5"#;
        let output = judge(1, &["sh", "-c", long]).assert().code(1).get_output().stdout.clone();
        let stdout = String::from_utf8_lossy(&output);
        let quoted = format!("found `{}…` (3000 bytes)", "0".repeat(32));
        assert!(stdout.contains(&quoted), "{stdout}");
        assert!(stdout.len() < 2000, "{stdout}");
    }

    #[test]
    fn judge_reports_the_games_a_legal_chaos_loses() {
        judge(5, &["sh", &program("loser.sh")]).assert().code(1).stdout(
            predicate::str::contains("game 1: program plays CHAOS against random")
                .and(predicate::str::contains(": LOST"))
                .and(predicate::str::contains("ORDER wins (five "))
                .and(predicate::str::contains("(5 as CHAOS, 0 as ORDER; 5 played)")),
        );
    }

    #[test]
    fn judge_plays_our_chaos_against_an_order_program() {
        judge(3, &["sh", &program("order.sh")]).assert().code(1).stdout(
            predicate::str::contains("game 2: program plays ORDER against our CHAOS: CHAOS wins: LOST")
                .and(predicate::str::contains("the program won 0 of 3 games (0 as CHAOS, 3 as ORDER; 3 played)")),
        );
    }

    #[test]
    fn judge_needs_a_program_that_starts() {
        gamecheck()
            .args(["judge", "order-chaos", "--", "/no/such/program"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("starting /no/such/program"));
        gamecheck().args(["judge", "order-chaos"]).assert().code(2);
        gamecheck()
            .args(["judge", "order-chaos", "--games", "1001", "--", "true"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("a run has 1 to 1000 games (T), not 1001"));
    }

    #[test]
    fn prove_rejects_a_table_with_two_ids_swapped_with_its_counter_play() {
        let broken =
            Pairing::TESTER.with_swapped(games::order_chaos::Cell::new(1, 1), games::order_chaos::Cell::new(2, 2));
        let dir = std::env::temp_dir().join(format!("gamecheck-table-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("broken.txt");
        std::fs::write(&file, broken.to_string()).unwrap();
        gamecheck().args(["prove", "order-chaos", "--table"]).arg(&file).assert().code(1).stdout(
            predicate::str::contains(broken.to_string()).and(predicate::str::contains("final boards: ORDER wins")),
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn check_runs_the_proof_and_games_and_list_shows_the_problem() {
        gamecheck().args(["check", "order-chaos", "--cases", "50"]).assert().success().stdout(
            predicate::str::contains("order-chaos: 262144 final boards of the tester's table, none with an exact five")
                .and(predicate::str::contains("0..50")),
        );
        gamecheck().arg("list").assert().success().stdout(predicate::str::contains("order-chaos"));
        gamecheck()
            .args(["play", "hex"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("the interactive problems are: order-chaos"));
    }

    /// A certificate of the plain minimax written to a file of its own, for `play --certificate`.
    fn certificate_file(name: &str, variant: games::order_chaos::variant::Variant) -> PathBuf {
        let mut search = oracles::order_chaos::minimax::Minimax::new(variant).expect("a small board");
        let certificate = search.certificate().expect("a small board");
        let path = std::env::temp_dir().join(format!("gamecheck-{}-{name}.cert", std::process::id()));
        std::fs::write(&path, certificate.to_string()).expect("writing a temporary certificate");
        path
    }

    /// `judge order-chaos` under `variant`'s rules, our `play --certificate file` as the program: ORDER wins all 1000
    /// games, none lost.
    fn wins_every_game_as_order(variant: games::order_chaos::variant::Variant, file: &Path) {
        let ours = assert_cmd::cargo::cargo_bin("gamecheck").display().to_string();
        let (side, run) = (variant.side().to_string(), variant.run().to_string());
        let mut command = gamecheck();
        command.args(["judge", "order-chaos", "--rules", variant.rules.name(), "--side", &side, "--run", &run]);
        command.args(["--quiet", "--timeout", "5", "--", &ours, "play", "order-chaos", "--certificate"]).arg(file);
        command.assert().success().stdout(
            predicate::str::contains("the program won 1000 of 1000 games (0 as CHAOS, 1000 as ORDER")
                .and(predicate::str::contains("LOST").not()),
        );
    }

    /// The issue's bar for a proved strategy: it never loses in 1000 games under the grader of its variant. Under
    /// `moment-any` the games end the moment a run appears, so the program and the grader both move on to the next
    /// side line without a word; a player or grader that missed it would read a side line as a move.
    #[test]
    fn a_certificate_played_never_loses_under_its_rules() {
        use games::order_chaos::variant::{Rules, Variant};
        for (side, run, rules) in [(4, 3, Rules::MomentAny), (4, 3, Rules::MomentExact), (3, 3, Rules::FullBoard)] {
            let variant = Variant::new(side, run, rules).unwrap();
            let path = certificate_file(rules.name(), variant);
            wins_every_game_as_order(variant, &path);
            let _ = std::fs::remove_file(path);
        }
    }

    /// A certificate the search wrote has no entry where ORDER wins in one move, so the player finds those wins
    /// itself, as the checker does; it never loses either.
    #[test]
    fn a_certificate_without_wins_in_one_is_played_to_the_win() {
        use games::order_chaos::variant::{Rules, Variant};
        let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/order-chaos/moment-exact-5x5-run4.cert");
        wins_every_game_as_order(Variant::new(5, 4, Rules::MomentExact).unwrap(), &committed);
    }

    /// The grader of a variant checks the program's moves as the contest's does, and says how to replay the game
    /// under the same rules.
    #[test]
    fn judge_under_moment_rules_stops_at_an_illegal_move() {
        let mut command = gamecheck();
        command.args(["judge", "order-chaos", "--rules", "moment-any", "--games", "1", "--timeout", "5", "--"]);
        command.arg(program("illegal.sh")).assert().code(1).stdout(
            predicate::str::contains("the program broke the protocol in game 1 of seed")
                .and(predicate::str::contains("is not blank: it holds"))
                .and(predicate::str::contains("--rules moment-any --side 6 --run 5")),
        );
    }

    /// `prove --check` replays a certificate from anywhere with the independent checker: a committed one holds, and
    /// the same one cut down to its first entry is refused with the position it leaves unanswered.
    #[test]
    fn prove_check_replays_a_certificate_and_refuses_a_cut_one() {
        let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/order-chaos/moment-exact-4x4-run4.cert");
        let text = std::fs::read_to_string(&committed).expect("a committed certificate");
        let lines: Vec<&str> = text.lines().collect();
        let header = lines.iter().position(|line| line.starts_with("entries ")).expect("a count of entries");
        let entries = lines[header].trim_start_matches("entries ");
        gamecheck().args(["prove", "order-chaos", "--check"]).arg(&committed).assert().success().stdout(
            predicate::str::contains("moment-exact 4×4, runs of 4")
                .and(predicate::str::contains(format!("{entries} entries, winner ORDER")))
                .and(predicate::str::contains("independent check: accepted")),
        );
        let cut = format!("{}\nentries 1\n{}\n", lines[..header].join("\n"), lines[header + 1]);
        let path = std::env::temp_dir().join(format!("gamecheck-{}-cut.cert", std::process::id()));
        std::fs::write(&path, cut).expect("writing a temporary certificate");
        gamecheck()
            .args(["prove", "order-chaos", "--check"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout(predicate::str::contains("independent check: REJECTED: ORDER is to move and no entry matches"));
        gamecheck()
            .args(["prove", "order-chaos", "--rules", "moment-any", "--check"])
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("'--rules <RULES>' cannot be used with '--check <FILE>'"));
        let _ = std::fs::remove_file(path);
    }

    /// `play --certificate` checks what it plays: a certificate cut down to its first entry, which the checker
    /// rejects, is refused before the side line with the checker's reason; `--unchecked` plays it anyway.
    #[test]
    fn play_refuses_a_certificate_the_checker_rejects() {
        let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/order-chaos/moment-any-4x4-run4.cert");
        let text = std::fs::read_to_string(&committed).expect("a committed certificate");
        let lines: Vec<&str> = text.lines().collect();
        let cut = format!("{}\nentries 1\n{}\n", lines[..5].join("\n"), lines[6]);
        let path = std::env::temp_dir().join(format!("gamecheck-{}-play-cut.cert", std::process::id()));
        std::fs::write(&path, cut).expect("writing a temporary certificate");
        gamecheck()
            .args(["play", "order-chaos", "--certificate"])
            .arg(&path)
            .write_stdin("1\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("the independent checker rejects the certificate, so it is not played")
                    .and(predicate::str::contains("ORDER is to move and no entry matches")),
            );
        // Unchecked, it plays its one entry and then reads the grader's move, which never comes.
        gamecheck()
            .args(["play", "order-chaos", "--unchecked", "--certificate"])
            .arg(&path)
            .write_stdin("1\n")
            .assert()
            .code(2)
            .stdout(predicate::str::starts_with("ORDER\n"))
            .stderr(predicate::str::contains("expected CHAOS's move `r c n`, found the end of the input"));
        gamecheck()
            .args(["play", "order-chaos", "--unchecked"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--certificate"));
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn bad_rules_and_certificates_are_clear_errors() {
        gamecheck()
            .args(["play", "order-chaos", "--rules", "moment"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("expected rules full-board, moment-any, moment-exact, found `moment`"));
        gamecheck()
            .args(["play", "order-chaos", "--rules", "moment-any"])
            .assert()
            .failure()
            .stderr(predicate::str::contains("there is no built-in strategy for moment-any 6×6, runs of 5"));
        gamecheck()
            .args(["play", "order-chaos", "--rules", "moment-any", "--side", "4", "--run", "5"])
            .assert()
            .failure()
            .stderr(predicate::str::contains("expected a run of 2 to the side 4, found 5"));
        let path = std::env::temp_dir().join(format!("gamecheck-{}-bad.cert", std::process::id()));
        std::fs::write(&path, "order-chaos certificate\nrules moment-any\nside 4\nrun 3\nwinner order\n").unwrap();
        gamecheck()
            .args(["play", "order-chaos", "--certificate", &path.display().to_string()])
            .write_stdin("1\n")
            .assert()
            .failure()
            .stderr(predicate::str::contains("line 5: expected the winner `ORDER` or `CHAOS`, found `order`"));
        let _ = std::fs::remove_file(path);
        // The contest's own rules need no certificate: the pairing strategy answers, as without --rules.
        let (input, output) = transcript(2);
        gamecheck()
            .args(["play", "order-chaos", "--rules", "full-board"])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(output);
    }
}

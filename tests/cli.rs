//! The command line as a user meets it: exit codes, error messages, and `solve` on the official sample.

use assert_cmd::Command;
use predicates::prelude::*;

fn gamecheck() -> Command {
    Command::cargo_bin("gamecheck").expect("the gamecheck binary is built")
}

const HEX_SAMPLE: &str = include_str!("data/hex/sample.in");
const HEX_SAMPLE_ANSWERS: &str = include_str!("data/hex/sample.ans");
const HAVANNAH_SAMPLE: &str = include_str!("data/havannah/sample.in");
const HAVANNAH_SAMPLE_ANSWERS: &str = include_str!("data/havannah/sample.ans");

#[test]
fn solve_answers_the_sample_from_stdin_and_from_a_file() {
    let expected = format!("{}\n", HEX_SAMPLE_ANSWERS.trim_end());
    gamecheck().args(["solve", "hex"]).write_stdin(HEX_SAMPLE).assert().success().stdout(expected.clone());
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex/sample.in");
    gamecheck().args(["solve", "hex", file]).assert().success().stdout(expected.clone());
    gamecheck().args(["solve", "hex", "--oracle", file]).assert().success().stdout(expected);
}

#[test]
fn bad_input_names_the_line_and_exits_2() {
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
        gamecheck()
            .args(["solve", "hex"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
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

#[test]
fn gen_prints_input_that_solve_reads() {
    let output = gamecheck().args(["gen", "hex", "--cases", "25", "--seed", "3", "--size", "2..9"]).output().unwrap();
    assert!(output.status.success());
    let input = String::from_utf8(output.stdout).unwrap();
    assert!(input.starts_with("25\n"));
    let answers = gamecheck().args(["solve", "hex"]).write_stdin(input.clone()).output().unwrap();
    assert!(answers.status.success());
    assert_eq!(String::from_utf8(answers.stdout).unwrap().lines().count(), 25);
    // Case 17 alone, by --from, is the same board as case 17 of the whole run.
    let alone = gamecheck()
        .args(["gen", "hex", "--cases", "1", "--seed", "3", "--size", "2..9", "--from", "17"])
        .output()
        .unwrap();
    let boards = games::hex::parse(&input).unwrap();
    assert_eq!(games::hex::parse(&String::from_utf8(alone.stdout).unwrap()).unwrap(), vec![boards[17].clone()]);
}

#[test]
fn check_ends_with_a_table_and_exit_0() {
    gamecheck().args(["check", "hex", "--cases", "300", "--seed", "11"]).assert().success().stdout(
        predicate::str::contains("hex")
            .and(predicate::str::contains("300"))
            .and(predicate::str::contains("Impossible")),
    );
}

#[test]
fn exhaust_counts_every_board() {
    gamecheck().args(["exhaust", "hex", "--size", "1..2"]).assert().success().stdout(
        predicate::str::contains("hex size 1: 3 cases, 0 disagreements")
            .and(predicate::str::contains("hex size 2: 81 cases, 0 disagreements")),
    );
}

#[test]
fn havannah_solve_answers_the_sample_with_solver_and_oracle() {
    let expected = format!("{}\n", HAVANNAH_SAMPLE_ANSWERS.trim_end());
    gamecheck().args(["solve", "havannah"]).write_stdin(HAVANNAH_SAMPLE).assert().success().stdout(expected.clone());
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/havannah/sample.in");
    gamecheck().args(["solve", "havannah", "--oracle", file]).assert().success().stdout(expected);
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
fn havannah_gen_prints_input_that_solve_reads() {
    let gen_args = ["gen", "havannah", "--seed", "4", "--size", "2..9"];
    let input = String::from_utf8(gamecheck().args(gen_args).args(["--cases", "30"]).output().unwrap().stdout).unwrap();
    assert!(input.starts_with("30\n"));
    let answers = gamecheck().args(["solve", "havannah"]).write_stdin(input.clone()).output().unwrap();
    assert!(answers.status.success());
    let oracle = gamecheck().args(["solve", "havannah", "--oracle"]).write_stdin(input.clone()).output().unwrap();
    assert_eq!(answers.stdout, oracle.stdout);
    assert_eq!(String::from_utf8(answers.stdout).unwrap().lines().count(), 30);
    // Case 21 alone, by --from, is the same game as case 21 of the whole run.
    let alone = gamecheck().args(gen_args).args(["--from", "21", "--cases", "1"]).output().unwrap();
    let games = games::havannah::parse(&input).unwrap();
    assert_eq!(games::havannah::parse(&String::from_utf8(alone.stdout).unwrap()).unwrap(), vec![games[21].clone()]);
}

#[test]
fn havannah_check_and_exhaust_agree() {
    gamecheck()
        .args(["check", "havannah", "--cases", "300", "--seed", "11"])
        .assert()
        .success()
        .stdout(predicate::str::contains("havannah").and(predicate::str::contains("300")));
    gamecheck()
        .args(["exhaust", "havannah", "--size", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("havannah size 2: 13700 cases, 0 disagreements"));
}

const INVENTOR_SAMPLE: &str = include_str!("data/inventor-outlasting/sample.in");
const INVENTOR_SAMPLE_ANSWERS: &str = include_str!("data/inventor-outlasting/sample.ans");

#[test]
fn inventor_outlasting_solve_answers_the_sample() {
    let expected = format!("{}\n", INVENTOR_SAMPLE_ANSWERS.trim_end());
    let problem = "inventor-outlasting";
    gamecheck().args(["solve", problem]).write_stdin(INVENTOR_SAMPLE).assert().success().stdout(expected.clone());
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/inventor-outlasting/sample.in");
    gamecheck().args(["solve", problem, "--oracle", file]).assert().success().stdout(expected);
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
fn inventor_outlasting_gen_prints_input_that_both_engines_answer_alike() {
    let args = ["gen", "inventor-outlasting", "--cases", "30", "--seed", "5", "--size", "0..9"];
    let output = gamecheck().args(args).output().unwrap();
    assert!(output.status.success());
    let input = String::from_utf8(output.stdout).unwrap();
    let boards = games::inventor_outlasting::parse(&input).unwrap();
    assert_eq!(boards.len(), 30);
    assert!(boards.iter().all(|b| b.spot_count() <= 9));
    let solver = gamecheck().args(["solve", "inventor-outlasting"]).write_stdin(input.clone()).output().unwrap();
    let oracle = gamecheck().args(["solve", "inventor-outlasting", "--oracle"]).write_stdin(input).output().unwrap();
    assert!(solver.status.success() && oracle.status.success());
    assert_eq!(String::from_utf8_lossy(&solver.stdout).lines().count(), 30);
    assert_eq!(solver.stdout, oracle.stdout);
}

#[test]
fn inventor_outlasting_exhaust_counts_every_board() {
    // Size is the number of cells: 1×1 has 2 patterns; 1×2 and 2×1 have 4 each; 1×4, 2×2 and 4×1 have 16 each.
    gamecheck().args(["exhaust", "inventor-outlasting", "--size", "1..4"]).assert().success().stdout(
        predicate::str::contains("inventor-outlasting size 1: 2 cases, 0 disagreements")
            .and(predicate::str::contains("inventor-outlasting size 2: 8 cases, 0 disagreements"))
            .and(predicate::str::contains("inventor-outlasting size 4: 48 cases, 0 disagreements")),
    );
}

const AC_SAMPLE: &str = include_str!("data/adjacent-consecutive/sample.in");
const AC_SAMPLE_ANSWERS: &str = include_str!("data/adjacent-consecutive/sample.ans");

#[test]
fn adjacent_consecutive_solve_answers_the_sample() {
    let expected = format!("{}\n", AC_SAMPLE_ANSWERS.trim_end());
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/adjacent-consecutive/sample.in");
    gamecheck()
        .args(["solve", "adjacent-consecutive"])
        .write_stdin(AC_SAMPLE)
        .assert()
        .success()
        .stdout(expected.clone());
    gamecheck().args(["solve", "adjacent-consecutive", file]).assert().success().stdout(expected.clone());
    gamecheck().args(["solve", "adjacent-consecutive", "--oracle", file]).assert().success().stdout(expected);
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

#[test]
fn adjacent_consecutive_gen_prints_input_that_solve_reads() {
    let args = ["gen", "adjacent-consecutive", "--cases", "20", "--seed", "3", "--size", "4..40"];
    let output = gamecheck().args(args).output().unwrap();
    assert!(output.status.success());
    let input = String::from_utf8(output.stdout).unwrap();
    let games = games::adjacent_consecutive::parse(&input).unwrap();
    assert_eq!(games.len(), 20);
    let answers = gamecheck().args(["solve", "adjacent-consecutive"]).write_stdin(input).output().unwrap();
    assert!(answers.status.success());
    assert_eq!(String::from_utf8(answers.stdout).unwrap().lines().count(), 20);
    // Case 13 alone, by --from, is the same game as case 13 of the whole run.
    let alone = gamecheck()
        .args(["gen", "adjacent-consecutive", "--cases", "1", "--seed", "3", "--size", "4..40", "--from", "13"])
        .output()
        .unwrap();
    let alone = games::adjacent_consecutive::parse(&String::from_utf8(alone.stdout).unwrap()).unwrap();
    assert_eq!(alone, vec![games[13].clone()]);
}

#[test]
fn adjacent_consecutive_check_and_exhaust() {
    gamecheck()
        .args(["check", "adjacent-consecutive", "--cases", "200", "--seed", "11"])
        .assert()
        .success()
        .stdout(predicate::str::contains("adjacent-consecutive").and(predicate::str::contains("200")));
    gamecheck()
        .args(["exhaust", "adjacent-consecutive", "--size", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("adjacent-consecutive size 4: 576 cases, 0 disagreements"));
}

//! What a person sees: `gamecheck draw` (every case of an input as SVG, in its problem's geometry) and the
//! `--report` of `check` and `stress` (a self-contained HTML page with the summary, the answers, the times and every
//! failure drawn). The drawings are parsed as XML and the page as HTML, and their structure is held to the cases and
//! the run: a panel per case, a stone per move, a drawing per failure, a section per problem.

mod pages;

use assert_cmd::Command;
use gamecheck::Interactive;
use gamecheck::check::CheckOptions;
use gamecheck::problems::OrderChaos;
use games::Contest;
use games::havannah::Havannah;
use games::order_chaos::{Cell, Pairing};
use indicatif::ProgressBar;
use roxmltree::{Document, Node};
use solvers::order_chaos::Strategy;

fn gamecheck() -> Command {
    Command::cargo_bin("gamecheck").expect("the gamecheck binary is built")
}

fn data(path: &str) -> String {
    format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// `gamecheck draw ARGS` with `stdin`: its standard output, which must be a well-formed SVG document.
fn draw(args: &[&str], stdin: &str) -> String {
    let output = gamecheck().arg("draw").args(args).write_stdin(stdin).assert().success().get_output().stdout.clone();
    let svg = String::from_utf8(output).expect("SVG is text");
    let document = Document::parse(&svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    assert_eq!(document.root_element().tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    svg
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class") == Some(class)
}

/// The nodes of class `class` under `node`.
fn of_class<'a, 'input>(node: Node<'a, 'input>, class: &'a str) -> impl Iterator<Item = Node<'a, 'input>> + 'a {
    node.descendants().filter(move |n| has_class(n, class))
}

/// All the text under `node`, joined.
fn text_of(node: Node) -> String {
    node.descendants().filter(Node::is_text).filter_map(|n| n.text()).collect()
}

/// The Havannah sample drawn: one panel per case, captioned with the solver's answer; a hexagon cell per cell of
/// the board of side S, and a stone per move carrying its move number, 1 to M.
#[test]
fn draw_havannah_draws_every_sample_case_with_numbered_stones() {
    let path = data("havannah/sample.in");
    let svg = draw(&["havannah", &path], "");
    let games = Havannah::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let answers = std::fs::read_to_string(data("havannah/sample.ans")).unwrap();
    let document = Document::parse(&svg).unwrap();
    let cases: Vec<Node> = of_class(document.root(), "case").collect();
    assert_eq!(cases.len(), games.len(), "a panel per case");
    for ((case, game), answer) in cases.iter().zip(&games).zip(answers.lines()) {
        let caption = text_of(of_class(*case, "caption").next().expect("a caption"));
        assert_eq!(caption, answer);
        let s = u64::from(game.size);
        let cells = case.descendants().filter(|n| n.tag_name().name() == "polygon").count() as u64;
        assert_eq!(cells, 3 * s * (s - 1) + 1, "{caption}: a hexagon per cell of the board of side {s}");
        let mut numbers: Vec<usize> = of_class(*case, "stone")
            .map(|stone| {
                assert!(stone.descendants().any(|n| n.tag_name().name() == "circle"), "{caption}: a stone is a disc");
                text_of(stone).parse().expect("a stone shows its move number")
            })
            .collect();
        numbers.sort();
        assert_eq!(numbers, (1..=game.moves.len()).collect::<Vec<_>>(), "{caption}: every move's stone, numbered");
    }
}

/// Hex's rhombus: N² hexagons, each row shifted half a cell right of the one above (a cell's lower-left neighbour
/// sits straight below its left half), Red's sides and Blue's drawn in their colours, a stone per stone.
#[test]
fn draw_hex_is_a_rhombus_with_both_players_sides() {
    let svg = draw(&["hex"], "1\n3\nR.B\n.R.\nB..\n");
    let document = Document::parse(&svg).unwrap();
    let case = of_class(document.root(), "case").next().expect("one case");
    let centres: Vec<(f64, f64)> = case
        .descendants()
        .filter(|n| n.tag_name().name() == "polygon")
        .map(|n| {
            let corners: Vec<(f64, f64)> = n
                .attribute("points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(corners.len(), 6, "a hexagon");
            let n = corners.len() as f64;
            (corners.iter().map(|c| c.0).sum::<f64>() / n, corners.iter().map(|c| c.1).sum::<f64>() / n)
        })
        .collect();
    assert_eq!(centres.len(), 9);
    let (width, height) = (centres[1].0 - centres[0].0, centres[3].1 - centres[0].1);
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = centres[row * 3 + col];
            let expected = (centres[0].0 + (col as f64 + row as f64 / 2.0) * width, centres[0].1 + row as f64 * height);
            assert!((x - expected.0).abs() < 0.2 && (y - expected.1).abs() < 0.2, "cell ({row}, {col}) at {x}, {y}");
        }
    }
    let sides: Vec<&str> = case
        .descendants()
        .filter(|n| n.tag_name().name() == "polyline")
        .filter_map(|n| n.attribute("stroke"))
        .collect();
    assert_eq!(
        sides,
        [gamecheck::draw::hex::RED, gamecheck::draw::hex::RED, gamecheck::draw::hex::BLUE, gamecheck::draw::hex::BLUE]
    );
    let stones: Vec<String> = of_class(case, "stone").map(text_of).collect();
    assert_eq!(stones, ["R", "B", "R", "B"]);
    assert_eq!(text_of(of_class(case, "caption").next().unwrap()), "Case #1: Nobody wins");
}

/// A case too large to read is a note naming the limit, not a gigantic drawing; the other cases are still drawn.
#[test]
fn draw_notes_cases_past_the_limit_instead_of_drawing_them() {
    let mut input = String::from("2\n2000\n");
    for _ in 0..2000 {
        input.push_str(&".".repeat(2000));
        input.push('\n');
    }
    input.push_str("1\nR\n");
    let svg = draw(&["hex"], &input);
    assert!(svg.len() < 20_000, "{} bytes", svg.len());
    let document = Document::parse(&svg).unwrap();
    let cases: Vec<Node> = of_class(document.root(), "case").collect();
    assert_eq!(cases.len(), 2);
    let note = text_of(of_class(cases[0], "note").next().expect("the large case is a note"));
    assert!(note.contains("N = 2000") && note.contains("N ≤ 50"), "{note}");
    assert_eq!(of_class(cases[1], "stone").count(), 1, "the small case is drawn");
    let svg = draw(&["havannah"], "1\n1000000000 2\n1 1\n999999999 1000000000\n");
    assert!(text_of(Document::parse(&svg).unwrap().root()).contains("S = 1000000000, 2 moves: past the largest"));
}

/// One drawing holds a bounded area: past it, the remaining cases are named in one note rather than drawn.
#[test]
fn draw_stops_at_its_area_budget_and_says_which_cases_it_left_out() {
    let cases = 3_000;
    let mut input = format!("{cases}\n");
    for _ in 0..cases {
        input.push_str("3 7\n1 1\n1 2\n1 3\n2 4\n3 5\n4 5\n5 5\n");
    }
    let svg = draw(&["havannah"], &input);
    let document = Document::parse(&svg).unwrap();
    let drawn = of_class(document.root(), "case").count();
    assert!(0 < drawn && drawn < cases, "{drawn} drawn");
    let omitted = text_of(of_class(document.root(), "omitted").next().expect("a note on the rest"));
    assert!(omitted.contains(&format!("cases {} to {cases} are not drawn", drawn + 1)), "{omitted}");
}

/// Order and Chaos reads games (`r c n` lines) and boards (six rows) and draws each on the 6×6 board under the
/// grader's verdict, an exact five struck through.
#[test]
fn draw_order_chaos_draws_boards_and_games_with_the_verdict() {
    let input = "XXXXXO\nOOXOXX\nXOOXOO\nOXOOXX\nXOXXOO\nOXOXOX\n\n1 1 X\n1 2 O\n3 3 X\n";
    let svg = draw(&["order-chaos"], input);
    let document = Document::parse(&svg).unwrap();
    let cases: Vec<Node> = of_class(document.root(), "case").collect();
    assert_eq!(cases.len(), 2);
    let caption = text_of(of_class(cases[0], "caption").next().unwrap());
    assert!(caption.starts_with("Game 1: ORDER wins (five X from row 1, column 1"), "{caption}");
    assert_eq!(of_class(cases[0], "five").count(), 1);
    assert_eq!(of_class(cases[0], "letter").count(), 36);
    assert_eq!(text_of(of_class(cases[1], "caption").next().unwrap()), "Game 2: unfinished, 3 of 36 cells written");
    assert_eq!(of_class(cases[1], "letter").count(), 3);
    gamecheck()
        .args(["draw", "order-chaos"])
        .write_stdin("1 1 X\n1 1 O\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("line 2: row 1, column 1 is not blank"));
}

/// Bad input is refused as `solve` refuses it, before anything is written.
#[test]
fn draw_refuses_bad_input_naming_the_line() {
    gamecheck()
        .args(["draw", "hex"])
        .write_stdin("1\n2\nBR\nBX\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("hex input, line 4: bad character `X` in column 2"));
}

/// The page checker itself: a page with a misnested tag is refused, so a page it passes has none.
#[test]
#[should_panic(expected = "HTML parse errors")]
fn the_page_checker_refuses_a_misnested_page() {
    pages::page("<!DOCTYPE html><html lang=\"en\"><head><title>t</title></head><body><p><b>x</p></b></body></html>");
}

/// `gamecheck check --report DIR` on every problem: the terminal output is as without it (the page is announced on
/// standard error), and the page holds a row and a section with both charts for every problem, and no failure.
#[test]
fn check_report_holds_every_problem() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-check-all");
    let _ = std::fs::remove_dir_all(&dir);
    let args = ["check", "--cases", "40", "--size", "4..6"];
    let with = gamecheck().args(args).arg("--report").arg(&dir).assert().success().get_output().clone();
    let without = gamecheck().args(args).assert().success().get_output().stdout.clone();
    let lines = |out: &[u8]| String::from_utf8_lossy(out).lines().count();
    assert_eq!(lines(&with.stdout), lines(&without), "the same table, lines for lines");
    assert!(!String::from_utf8_lossy(&with.stdout).contains("index.html"));
    let stderr = String::from_utf8_lossy(&with.stderr);
    assert!(stderr.contains(&format!("report: {}", dir.join("index.html").display())), "{stderr}");

    let html = std::fs::read_to_string(dir.join("index.html")).expect("the page is written");
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"), "self-contained");
    let document = pages::page(&html);
    let body = document.root_element();
    assert_eq!(pages::select(body, "p.verdict.passed").len(), 1);
    assert!(pages::select(body, "section.failure").is_empty());
    let names: Vec<&str> = gamecheck::registry::all_problems().map(|p| p.name()).collect();
    let rows: Vec<String> =
        pages::select(body, "table.summary tbody tr td:first-child").into_iter().map(pages::text).collect();
    assert_eq!(rows, names, "a row per problem");
    for name in names {
        let section = pages::select(body, &format!("section.problem#problem-{name}"));
        assert_eq!(section.len(), 1, "{name} has its section");
        let charts = pages::select(section[0], "div.chart svg").len();
        // Order and Chaos times its games as a whole: its section has the answer bars and says why it has no other.
        assert_eq!(charts, if name == "order-chaos" { 1 } else { 2 }, "{name}");
    }
}

/// An interactive problem's failure is drawn too: a losing table (two ids of the tester's swapped) makes `check`
/// report the counter-play, and the page shows its final board with the exact five ORDER made.
#[test]
fn a_lost_order_chaos_game_is_drawn_in_the_report() {
    let table = Pairing::TESTER.with_swapped(Cell::new(1, 1), Cell::new(2, 2));
    let wrong = OrderChaos::new(Strategy::new(table).expect("both new pairs lie on a row"));
    let checked = wrong.check(&CheckOptions { cases: Some(20), ..CheckOptions::default() }, &ProgressBar::hidden());
    let failure = checked.failure.expect("the losing table is caught");
    let drawing = checked.drawing.clone().expect("and its game drawn");
    let page = gamecheck::report::check_page(
        "gamecheck check order-chaos",
        &[checked.summary],
        &[checked.proof],
        &[("order-chaos", failure, checked.drawing)],
    );
    let html = gamecheck::report::html(&page).into_string();
    let document = pages::page(&html);
    let shown = pages::select(document.root_element(), "section.failure");
    assert_eq!(shown.len(), 1);
    let heading = pages::text(pages::select(shown[0], "h3")[0]);
    assert!(heading.starts_with("order-chaos: ") && heading.contains("loses"), "{heading}");
    let verdict = pages::text(pages::select(document.root_element(), "p.verdict.failed")[0]);
    assert!(verdict.starts_with("Failed: order-chaos ("), "{verdict}");
    assert_eq!(pages::select(shown[0], "div.drawing .letter").len(), 36, "the full board");
    assert_eq!(pages::select(shown[0], "div.drawing .five").len(), 1, "ORDER's exact five struck through");
    let svg = pages::svg(&drawing);
    let caption = text_of(of_class(svg.root(), "caption").next().unwrap());
    assert!(caption.starts_with("ORDER wins (five"), "{caption}");
}

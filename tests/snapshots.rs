//! A fixed seeded corpus per problem, drawn with the solver's answers, kept in `snapshots/`. A change in any answer
//! (or in the generator) shows as a readable diff under `cargo insta review`.

use gamecheck::generate_case;
use gamecheck::problems::{AdjacentConsecutive, Hex};
use games::Sizes;

const SEED: u64 = 7;

fn snapshot(name: &str, text: String) {
    insta::with_settings!({
        snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn hex_corpus() {
    let mut text = String::new();
    for index in 0..40 {
        let board = generate_case::<Hex>(SEED, index, Sizes::new(1, 7));
        let verdict = solvers::hex::verdict(&board);
        text.push_str(&format!("case {index} (N = {}): {verdict}\n{}\n", board.size(), board.drawing()));
    }
    snapshot("hex", text);
}

#[test]
fn adjacent_consecutive_corpus() {
    let mut text = String::new();
    for index in 0..30 {
        let game = generate_case::<AdjacentConsecutive>(SEED, index, Sizes::new(4, 8));
        let answer = solvers::adjacent_consecutive::answer(&game);
        text.push_str(&format!("case {index}: {}\n", game.drawing(&answer)));
    }
    snapshot("adjacent-consecutive", text);
}

/// The official sample through the parser, drawn: the rules are symmetric in tile and cell, so a parser that read
/// them the wrong way round would give the same answers, but not the same rows.
#[test]
fn adjacent_consecutive_official_sample_drawn() {
    let games = games::adjacent_consecutive::parse(include_str!("data/adjacent-consecutive/sample.in")).unwrap();
    let mut text = String::new();
    for (i, game) in games.iter().enumerate() {
        let answer = solvers::adjacent_consecutive::answer(game);
        text.push_str(&format!("Case #{}: {}", i + 1, game.drawing(&answer)));
        text.push('\n');
    }
    snapshot("adjacent-consecutive-sample", text);
}

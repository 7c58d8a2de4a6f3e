//! A fixed seeded corpus per problem, drawn with the solver's answers, kept in `snapshots/`. A change in any answer
//! (or in the generator) shows as a readable diff under `cargo insta review`.

use gamecheck::generate_case;
use gamecheck::problems::Hex;
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

/// Whole games of the tester's table against each kind of ORDER player the grader has, drawn as the final board and
/// the order the cells were written in.
#[test]
fn order_chaos_games() {
    let mut text = String::new();
    for index in 0..10 {
        let game = gamecheck::problems::order_chaos::self_play(SEED, index);
        let opponent = game.opponent.as_ref().expect("our CHAOS plays against an ORDER player");
        text.push_str(&format!(
            "game {index}: {opponent} ORDER against the tester's table: {}\n{}\n",
            game.verdict,
            games::order_chaos::drawing(&game.moves)
        ));
    }
    snapshot("order-chaos", text);
}

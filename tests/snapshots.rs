//! Snapshots that belong to one problem, kept in `snapshots/`: Havannah's shrink steps, the official Adjacent and
//! Consecutive sample drawn, and Order and Chaos's games and generators. Every problem's corpus and digests are in
//! `suites.rs`. A change shows as a readable diff under `cargo insta review`.

mod common;

use common::{fnv1a, snapshot};

use gamecheck::generate_case;
use gamecheck::problems::Havannah;
use games::Contest;
use games::Sizes;

const SEED: u64 = 7;

/// What Havannah's shrinker offers for a few games, in its order (the board scaled down, the shifts that keep every
/// stone, the first half, all but the last move, runs of moves left out, single moves left out): checks and proptest
/// only see that each offer is smaller and valid, so a changed step shows here.
#[test]
fn havannah_shrink_steps() {
    use cases::havannah::shrink;
    use games::havannah::{Cell, Game};

    let show = |game: &Game| {
        let moves: Vec<String> = game.moves.iter().map(|c| format!("{},{}", c.x, c.y)).collect();
        format!("S = {}: {}\n", game.size, moves.join(" "))
    };
    let cells = |pairs: &[(u32, u32)]| pairs.iter().map(|&(x, y)| Cell { x, y }).collect();
    let mut games = vec![
        Game { size: 2, moves: cells(&[(1, 1), (2, 2), (3, 3)]) },
        Game { size: 3, moves: cells(&[(3, 3), (5, 5), (1, 3)]) },
        Game { size: 4, moves: cells(&[(4, 4), (5, 4), (4, 5), (3, 4), (4, 3), (5, 5), (3, 3), (6, 5), (2, 2)]) },
        Game { size: 2_000_000, moves: cells(&[(2_000_000, 2_000_000), (2_000_001, 2_000_000)]) },
    ];
    games.extend((0..3).map(|index| generate_case::<Havannah>(SEED, index, Sizes::new(5, 6))));
    let mut text = String::new();
    for game in &games {
        text.push_str(&show(game));
        for smaller in shrink(game) {
            text.push_str(&format!("  {}", show(&smaller)));
        }
    }
    snapshot("havannah-shrink-steps", text);
}

/// The official sample through the parser, drawn: the rules are symmetric in tile and cell, so a parser that read
/// them the wrong way round would give the same answers, but not the same rows.
#[test]
fn adjacent_consecutive_official_sample_drawn() {
    let games =
        games::adjacent_consecutive::AdjacentConsecutive::parse(include_str!("data/adjacent-consecutive/sample.in"))
            .unwrap();
    let mut text = String::new();
    for (i, game) in games.iter().enumerate() {
        let answer = solvers::adjacent_consecutive::answer(game);
        text.push_str(&format!("Case #{}: {}", i + 1, game.drawing(&answer)));
        text.push('\n');
    }
    snapshot("adjacent-consecutive-sample", text);
}

/// Whole games of the tester's table against each kind of ORDER player the grader has, drawn as the final board and
/// the order the cells were written in.
#[test]
fn order_chaos_games() {
    let mut text = String::new();
    let problem = gamecheck::problems::OrderChaos::tester();
    for index in 0..10 {
        let game = problem.self_play(SEED, index);
        let opponent = game.opponent.as_ref().expect("our CHAOS plays against an ORDER player");
        text.push_str(&format!(
            "game {index}: {opponent} ORDER against the tester's table: {}\n{}\n",
            game.verdict,
            games::order_chaos::drawing(&game.moves)
        ));
    }
    snapshot("order-chaos", text);
}

/// Order and Chaos is interactive, with no contest input to generate: what its generators make is ORDER's scripts,
/// which the differential suite and the CLI's transcripts play, and full boards, on which the differential suite
/// compares the judges. Both must keep reproducing from a seed and an index, and keep their shapes: the differential
/// properties hold for any script and any board, so they cannot notice a generator gone flat.
#[test]
fn order_chaos_generated_scripts_and_boards_fingerprint() {
    let (mut moves, mut scripts, mut boards) = (0, String::new(), String::new());
    for index in 0..5_000 {
        let rng = || cases::case_rng(gamecheck::check::DEFAULT_SEED, index);
        let script = cases::order_chaos::generate(&mut rng());
        moves += script.moves.len();
        scripts.push_str(&format!("{script}\n"));
        boards.push_str(&format!("{}\n", cases::order_chaos::generate_board(&mut rng())));
    }
    snapshot(
        "order-chaos-generated",
        format!(
            "seed {seed}, scripts 0..5000: {moves} moves, {} bytes, FNV-1a {:#018x}\n\
             seed {seed}, boards 0..5000: {} bytes, FNV-1a {:#018x}\n",
            scripts.len(),
            fnv1a(&scripts),
            boards.len(),
            fnv1a(&boards),
            seed = gamecheck::check::DEFAULT_SEED,
        ),
    );
}

/// The games the committed corpus of the `order_chaos` fuzz target stands for (see `corpus_cases`).
#[test]
fn order_chaos_corpus_cases() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/order_chaos");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    let (mut built, mut skipped, mut games) = (0, 0, String::new());
    for file in &files {
        match gamecheck::problems::order_chaos::fuzz_case(&std::fs::read(file).unwrap()) {
            Some((table, script)) => {
                built += 1;
                games.push_str(&format!("table {table}: {script}\n"));
            }
            None => skipped += 1,
        }
    }
    snapshot(
        "order-chaos-corpus-cases",
        format!(
            "{} inputs: {built} games, {skipped} skipped; FNV-1a of the games {:#018x}\n",
            files.len(),
            fnv1a(&games)
        ),
    );
}

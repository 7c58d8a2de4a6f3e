//! A fixed seeded corpus per problem, drawn with the solver's answers, kept in `snapshots/`. A change in any answer
//! (or in the generator) shows as a readable diff under `cargo insta review`.

use gamecheck::problems::{AdjacentConsecutive, Havannah, Hex, InventorOutlasting};
use gamecheck::{Problem, generate_case};
use games::Contest;
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
fn havannah_corpus() {
    let mut text = String::from(
        "Rows run from y = 2S−1 at the top to y = 1 at the bottom, x grows to the right; a number is the move that\n\
         put a stone there, `.` an empty cell. (1, 1) is the lower left corner.\n\n",
    );
    for index in 0..40 {
        let game = generate_case::<Havannah>(SEED, index, Sizes::new(2, 5));
        let answer = solvers::havannah::answer(&game);
        text.push_str(&format!(
            "case {index} (S = {}, M = {}): {answer}\n{}\n",
            game.size,
            game.moves.len(),
            game.drawing()
        ));
    }
    snapshot("havannah", text);
}

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

/// Boards of up to 10 spots (and, to stay readable, at most 16 cells a side and 60 in all), each winning first move
/// drawn `W`.
#[test]
fn inventor_outlasting_corpus() {
    let mut text = String::from("W: a spot where Izabella's first move wins; X: any other spot; .: not a spot\n\n");
    let readable = |b: &games::inventor_outlasting::Board| b.rows() <= 16 && b.cols() <= 16 && b.cell_count() <= 60;
    let corpus = (0..).map(|index| (index, generate_case::<InventorOutlasting>(SEED, index, Sizes::new(0, 10))));
    for (index, board) in corpus.filter(|(_, b)| readable(b)).take(40) {
        let answer = solvers::inventor_outlasting::answer(&board);
        let wins = solvers::inventor_outlasting::winning_first_moves(&board);
        text.push_str(&format!(
            "case {index} ({}×{}, {} spots): {} winning first move(s), Grundy number {}\n{}\n",
            board.rows(),
            board.cols(),
            board.spot_count(),
            answer.winning_moves,
            answer.grundy,
            board.drawing(&wins)
        ));
    }
    snapshot("inventor-outlasting", text);
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

/// FNV-1a, written out: std's hashers do not promise the same value across Rust releases.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The first cases of each problem's default `check` run, as `gamecheck gen` writes them, reduced to a digest. The
/// corpora above show a generator change readably but see only 30–40 small cases; this pins thousands at the check
/// sizes, so a generator change that only shows on larger boards or rarer shapes still shows here. Seeds must keep
/// reproducing the same cases: a failure report names a seed and index, and `--save`d cases name them too.
fn generated_input_fingerprint(name: &str) {
    let problem = gamecheck::registry::find(name).expect("a registered batch problem");
    input_fingerprint(name, "generated-input", problem.check_cases().min(5_000), problem.check_sizes());
}

/// The same for boards past the oracle's reach, which only `gen --size`, the metamorphic suite and the benchmarks
/// make: their properties hold for any board, so they would not notice a generator that stopped making some shape
/// at those sizes.
fn large_input_fingerprint(name: &str, cases: u64, sizes: Sizes) {
    input_fingerprint(name, "large-input", cases, sizes);
}

fn input_fingerprint(name: &str, kind: &str, cases: u64, sizes: Sizes) {
    let problem = gamecheck::registry::find(name).expect("a registered batch problem");
    let input = problem.generate(gamecheck::check::DEFAULT_SEED, 0, cases, sizes);
    let digest = fnv1a(&input);
    snapshot(
        &format!("{name}-{kind}"),
        format!(
            "seed {}, cases 0..{cases} at sizes {}..={}: {} lines, {} bytes, FNV-1a {digest:#018x}\n",
            gamecheck::check::DEFAULT_SEED,
            sizes.min,
            sizes.max,
            input.lines().count(),
            input.len()
        ),
    );
}

#[test]
fn hex_generated_input_fingerprint() {
    generated_input_fingerprint("hex");
}

#[test]
fn havannah_generated_input_fingerprint() {
    generated_input_fingerprint("havannah");
}

#[test]
fn inventor_outlasting_generated_input_fingerprint() {
    generated_input_fingerprint("inventor-outlasting");
}

#[test]
fn adjacent_consecutive_generated_input_fingerprint() {
    generated_input_fingerprint("adjacent-consecutive");
}

#[test]
fn inventor_outlasting_large_input_fingerprint() {
    large_input_fingerprint("inventor-outlasting", 2_000, Sizes::new(13, 200));
}

#[test]
fn adjacent_consecutive_large_input_fingerprint() {
    large_input_fingerprint("adjacent-consecutive", 300, Sizes::new(8, 3_000));
}

#[test]
fn havannah_large_input_fingerprint() {
    large_input_fingerprint("havannah", 60, Sizes::new(17, 300));
}

/// Boards of more cells than a game may have moves: every game is MAX_M moves long.
#[test]
fn havannah_largest_input_fingerprint() {
    input_fingerprint("havannah", "largest-input", 1, Sizes::new(600, 600));
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

/// The cases the committed differential corpus of a problem stands for, as its fuzz target builds them, reduced to a
/// digest. `cargo fuzz cmin` kept each input for the coverage its case reached; if the bytes came to mean other cases
/// (a change in `arbitrary` or in the generator), the corpus would silently stop covering what it was kept for.
fn corpus_cases<P: Problem>() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(P::Game::NAME.replace('-', "_"));
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    let (mut built, mut skipped, mut cases) = (0, 0, String::new());
    for file in &files {
        match gamecheck::fuzzing::case_of::<P>(&std::fs::read(file).unwrap()) {
            Some(case) => {
                built += 1;
                cases.push_str(&P::Game::write(std::slice::from_ref(&case)));
            }
            None => skipped += 1,
        }
    }
    snapshot(
        &format!("{}-corpus-cases", P::Game::NAME),
        format!(
            "{} inputs: {built} cases, {skipped} skipped; FNV-1a of the cases {:#018x}\n",
            files.len(),
            fnv1a(&cases)
        ),
    );
}

#[test]
fn hex_corpus_cases() {
    corpus_cases::<Hex>();
}

#[test]
fn havannah_corpus_cases() {
    corpus_cases::<Havannah>();
}

#[test]
fn inventor_outlasting_corpus_cases() {
    corpus_cases::<InventorOutlasting>();
}

#[test]
fn adjacent_consecutive_corpus_cases() {
    corpus_cases::<AdjacentConsecutive>();
}

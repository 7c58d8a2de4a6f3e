use games::Sizes;
use games::inventor_outlasting::{Answer, Board, InventorOutlasting};

use crate::Problem;
use crate::problem::Reach;

/// Inventor Outlasting: the Sprague–Grundy solver over rectangles against the literal game tree.
///
/// The size knob is the number of spots, what the oracle's cost grows with; [`Problem::all_cases`] takes a number
/// of cells instead (every shape R×C with R·C equal to it), since every board with k spots has no bound.
impl Problem for InventorOutlasting {
    // The oracle memoises on the occupied set, up to 2^spots positions: about 10 ms a board at 12 spots, 1 ms at 10.
    // Up to 12 spots on any shape up to 1×200, 2 000 boards keep a default run to a few seconds.
    const CHECK_SIZES: Sizes = Sizes::new(0, 12);
    const CHECK_CASES: u64 = 2_000;
    // The top of the reach, the contest's own limit, against the split engine: 40 boards of 180 to 200 spots, about
    // 0.1 s each in release here.
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(180, INVENTOR_REACH), 40));
    const ORACLE_REACH: Reach = Reach { max_size: INVENTOR_REACH, knob: "spots", measured: INVENTOR_MEASURED };
    // Cells, not spots: every shape of k cells with each of its 2^k patterns, 327 680 boards at k = 16.
    const EXHAUSTIVE_SIZES: Option<Sizes> = Some(Sizes::new(1, 16));

    // The oracle explores every position: 12 spots in a row take 0.4 s in release and passed libFuzzer's 10 s limit
    // when instrumented (fuzz/artifacts of the first campaign); 9 spots keep each input well under a second.
    const FUZZ_SIZES: Sizes = Sizes::new(0, 9);

    type Game = Self;

    fn features(case: &Board, answer: &Answer) -> Vec<&'static str> {
        let mut features = Vec::new();
        if case.spot_count() == 0 {
            features.push("no spots");
        }
        if answer.winning_moves == 0 {
            features.push("zero winning moves");
        }
        if answer.winning_moves >= 2 {
            features.push("two or more winning moves");
        }
        features.extend(shape_and_density(case));
        features
    }

    fn solve(case: &Board) -> Answer {
        solvers::inventor_outlasting::answer(case)
    }

    /// The literal game tree up to [`NAIVE_MAX_SPOTS`]; above, the split engine, written apart from the solver and
    /// refereed by the naive oracle on every board of up to 10 cells and on random boards of up to 13 spots
    /// (`cargo test -p oracles split`).
    fn oracle(case: &Board) -> Answer {
        if case.spot_count() <= NAIVE_MAX_SPOTS {
            oracles::inventor_outlasting::answer(case)
        } else {
            oracles::inventor_outlasting::split::answer(case)
        }
    }

    /// Win or lose and the count would be too many classes; the Grundy number says who wins and how hard.
    fn kind(answer: &Answer) -> String {
        match answer.grundy {
            0 => "lost (Grundy 0)".into(),
            g @ 1..=3 => format!("won, Grundy {g}"),
            _ => "won, Grundy ≥ 4".into(),
        }
    }
}

/// The shapes only some sizes hold, each with the band of its density (spots over cells), as `check --stats` counts
/// them: a strip one cell wide or two, and a board of 180 cells or more (both sides 3 or more). A board of k spots
/// has a density of at least k/200, so past 100 spots only the two upper bands exist, and a full-size board of
/// density 90% or more needs 162 spots.
fn shape_and_density(board: &Board) -> Option<&'static str> {
    const NAMES: [[&str; 4]; 3] = [
        [
            "strip 1×n, density ≤ 20%",
            "strip 1×n, density 20–50%",
            "strip 1×n, density 50–90%",
            "strip 1×n, density ≥ 90%",
        ],
        [
            "strip 2×n, density ≤ 20%",
            "strip 2×n, density 20–50%",
            "strip 2×n, density 50–90%",
            "strip 2×n, density ≥ 90%",
        ],
        [
            "full-size board, density ≤ 20%",
            "full-size board, density 20–50%",
            "full-size board, density 50–90%",
            "full-size board, density ≥ 90%",
        ],
    ];
    let (short, cells, spots) = (board.rows().min(board.cols()), board.cell_count(), board.spot_count());
    let shape = match short {
        1 => 0,
        2 => 1,
        _ if cells >= cases::inventor_outlasting::FULL_SIZE_CELLS => 2,
        _ => return None,
    };
    let density = match spots {
        _ if 5 * spots <= cells => 0,
        _ if 2 * spots <= cells => 1,
        _ if 10 * spots < 9 * cells => 2,
        _ => 3,
    };
    Some(NAMES[shape][density])
}

/// The naive oracle, measured as Hex's (see `src/problems/hex.rs`), over cases 0..40 of `gamecheck gen
/// inventor-outlasting --seed 7 --size K`: the worst took 1.3 s and 69 MB at 12 spots, 5.5 s and 135 MB at 13, 27 s
/// and 526 MB at 14, and a 16-spot board 120 s and 2 GB. It memoises on the occupied set, so its cost grows with the
/// spots; past 13 the split engine answers.
const NAIVE_MAX_SPOTS: usize = 13;
/// Every board the contest allows: the split engine's worst seen is a random 10×20 board at 70% spots, 0.17 s, and
/// full boards take under 0.1 s (`cargo run --release -p oracles --example inventor_split_timing`).
const INVENTOR_REACH: usize = games::inventor_outlasting::MAX_CELLS;
const INVENTOR_MEASURED: &str = "naive up to 13 spots (worst 5.5 s, 135 MB), then the split engine: worst seen 0.17 s";

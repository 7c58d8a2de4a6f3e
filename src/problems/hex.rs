use games::Sizes;
use games::hex::{Board, Cell, Hex, Stone, Verdict, Witness};

use crate::Problem;
use crate::problem::Reach;

/// Hex: the O(N²) solver against the O(N⁴) flood-fill-removal oracle.
impl Problem for Hex {
    // The oracle is O(N⁴): N ≤ 12 keeps a default run of 200 000 boards to about a second.
    const CHECK_SIZES: Sizes = Sizes::new(1, 12);
    const CHECK_CASES: u64 = 200_000;
    // The top of the reach: 40 boards of N 140..150, about 6 s of oracle time in release here (most are decided in
    // one pass; a game played to its end takes a second or more).
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(140, HEX_REACH), 40));
    // Every verdict has a witness the independent checker judges in linear time, so the contest's own limit is
    // checked by it alone: 10 boards of N 1900..2000.
    const LIMIT_RUN: Option<(Sizes, u64)> = Some((Sizes::new(1900, games::hex::MAX_N), 10));
    const CERTIFIED: bool = true;
    const ORACLE_REACH: Reach = Reach { max_size: HEX_REACH, knob: "N", measured: HEX_MEASURED };
    // 3^(N·N) boards: 43 million at N = 4, 8·10^11 at N = 5.
    const EXHAUSTIVE_SIZES: Option<Sizes> = Some(Sizes::new(1, 4));

    type Game = Self;

    fn features(case: &Board, answer: &Verdict) -> Vec<&'static str> {
        let (blue, red) = (case.count(Stone::Blue), case.count(Stone::Red));
        let mut features = Vec::new();
        if case.size() == 1 {
            features.push("N = 1");
        }
        if blue + red == case.size() * case.size() {
            features.push("full board");
        }
        // The hard Impossible: counts are fine, so it is two disjoint chains, or a winner who moved last wrongly.
        if *answer == Verdict::Impossible && blue.abs_diff(red) <= 1 {
            features.push("Impossible with counts in range");
        }
        if let Verdict::RedWins | Verdict::BlueWins = answer {
            features.extend(win_features(case, *answer));
        }
        features
    }

    fn solve(case: &Board) -> Verdict {
        solvers::hex::verdict(case)
    }

    fn certify(case: &Board, answer: &Verdict) -> Option<Result<(), String>> {
        let (verdict, witness) = solvers::hex::certified(case);
        // The witness is of the solver's own verdict: a different `answer` is not the solver's, and proves nothing.
        if verdict != *answer {
            return Some(Err(format!("the solver's witness is for `{verdict}`, not `{answer}`")));
        }
        Some(oracles::hex::witness::check(case, verdict, &witness))
    }

    fn oracle(case: &Board) -> Verdict {
        oracles::hex::verdict(case)
    }
}

/// The shapes of a win that only large boards hold, read off the solver's witness (a chain and a bottleneck stone,
/// both found by breadth-first search from the winner's first side) rather than by game logic of our own. Only
/// `check --stats` asks, and a wrong witness fails the run anyway (`certify`), so reading it here costs a solve per
/// win, and two for a bottleneck far from the first side.
///
/// - "winding chain": the chain has 4N stones or more, four times what a straight one needs. Breadth-first order
///   makes it a shortest chain, so every chain of the winner is that long.
/// - "chain longer than N²/4": the same, past a quarter of the board (and past 4N, so that small boards do not
///   count).
/// - "bottleneck far from the edges": the first bottleneck stone from each side (the witness's cut on the board and
///   on its half turn, which swaps the winner's sides) lies N/4 or more from both sides, so every bottleneck does.
fn win_features(case: &Board, answer: Verdict) -> Vec<&'static str> {
    let (verdict, Witness::Win { chain, cut }) = solvers::hex::certified(case) else { return Vec::new() };
    if verdict != answer {
        return Vec::new();
    }
    let n = case.size();
    let mut features = Vec::new();
    if chain.len() >= 4 * n {
        features.push("winding chain");
        if chain.len() > n * n / 4 {
            features.push("chain longer than N²/4");
        }
    }
    // How far along the winner's way from its first side to its second a stone is.
    let along = |cell: Cell| if answer == Verdict::RedWins { cell.row } else { cell.col };
    let far = |cell: Cell| n >= 8 && along(cell).min(n - 1 - along(cell)) >= n / 4;
    if far(cut)
        && let (_, Witness::Win { cut: last, .. }) = solvers::hex::certified(&case.rotate_half())
        && far(last)
    {
        features.push("bottleneck far from the edges");
    }
    features
}

/// Measured with the release build on this machine (2 cores), one case per run of `gamecheck solve hex FILE
/// --oracle` under `/usr/bin/time`, over cases 0..12 of `gamecheck gen hex --seed 7 --size N`: the worst took 2.95 s
/// and 4.6 MB at N = 150, and 14.4 s at N = 200 (O(N⁴) grows 3.2× from 150 to 200).
const HEX_REACH: usize = 150;
const HEX_MEASURED: &str = "worst seen 3 s and 5 MB at N = 150, 14 s at N = 200";

use games::Sizes;
use games::havannah::{Answer, Cell, Game, Havannah};

use crate::Problem;
use crate::problem::Reach;

/// Havannah: the O(M α(M)) sparse solver against two independent oracles. Up to S = 20 the oracle is the naive one
/// (groups, contacts and one flood fill of empty cells recomputed after every move, O(M·S²)); above it the backward
/// one (the first ring by removing stones from the end over a union-find of empty cells, bridges and forks
/// recounted from scratch), up to its measured reach, S = 300. Both hold the whole board. Above, the intervals
/// engine: a third implementation written from the rules alone with other data structures (stones as sorted pairs,
/// bisection over prefixes for bridges and forks, the first ring by lifting stones off a union-find of the empty
/// intervals of each row), in O(M log M) time and O(M) memory at any S. Tests run the engines against each other.
/// The largest board the naive oracle answers in `oracle()`; past it the backward oracle does.
pub const NAIVE_MAX_S: u32 = 20;
/// The largest board the backward oracle answers in `oracle()`; past it the intervals engine does.
pub const BACKWARD_MAX_S: u32 = 300;

impl Problem for Havannah {
    // The naive oracle is O(M·S²), under a millisecond a game at S ≤ 16: 5000 games take a few seconds.
    const CHECK_SIZES: Sizes = Sizes::new(2, 16);
    const CHECK_CASES: u64 = 5_000;
    // The top of the reach, the contest's S = 10^9, against the intervals engine: every generated game there has
    // 10^6 moves, about 0.5 s for the solver and 1 s for the engine in release here.
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(900_000_000, HAVANNAH_REACH), 6));
    const ORACLE_REACH: Reach = Reach { max_size: HAVANNAH_REACH, knob: "S", measured: HAVANNAH_MEASURED };
    // See `cases::havannah::exhaustive_moves`.
    const EXHAUSTIVE_SIZES: Option<Sizes> = Some(Sizes::new(2, 4));

    type Game = Self;

    fn features(case: &Game, answer: &Answer) -> Vec<&'static str> {
        let mut features = Vec::new();
        if case.size == 2 {
            features.push("S = 2");
        }
        if case.moves.is_empty() {
            features.push("no moves");
        }
        if let Answer::Win { structures, at_move } = answer {
            if *at_move < case.moves.len() {
                features.push("moves after the win");
            }
            if structures.ring {
                let last = 2 * case.size - 1;
                let border =
                    |c: &Cell| c.x == 1 || c.y == 1 || c.x == last || c.y == last || c.x.abs_diff(c.y) == case.size - 1;
                if case.moves[..*at_move].iter().any(border) {
                    features.push("ring, with stones on the border by then");
                }
            }
        }
        features
    }

    fn solve(case: &Game) -> Answer {
        solvers::havannah::answer(case)
    }

    fn certify(case: &Game, answer: &Answer) -> Option<Result<(), String>> {
        let (solved, witness) = solvers::havannah::certified(case);
        if solved != *answer {
            return Some(Err(format!("the solver's witness is for `{solved}`, not `{answer}`")));
        }
        match (answer, witness) {
            // `none` has no short proof; the differential and metamorphic suites cover it.
            (Answer::None, _) => None,
            (_, None) => Some(Err("the solver gave no witness for a win".into())),
            (_, Some(witness)) => Some(oracles::havannah::witness::check(case, answer, &witness)),
        }
    }

    fn oracle(case: &Game) -> Answer {
        if case.size <= NAIVE_MAX_S {
            oracles::havannah::naive::answer(case)
        } else if case.size <= BACKWARD_MAX_S {
            oracles::havannah::backward::answer(case)
        } else {
            oracles::havannah::intervals::answer(case)
        }
    }

    /// The kinds alone: `ring in move 7` and `ring in move 9` count as one class.
    fn kind(answer: &Answer) -> String {
        answer.kinds()
    }
}

/// Measured as Hex's (see there), over cases 0..8 of `gamecheck gen havannah --seed 7 --size S` at S = 200 and 300
/// and the 268 530-move game among cases 0..40 at S = 300: the worst took 1.0 s and 21 MB. From S = 578 on every
/// generated game has 10^6 moves, and such games took 30-110 s at S = 1000 and 5-85 s at S = 3000: the backward
/// oracle's work grows with the moves, which the board's side bounds only up to there.
/// Past S = 300 the intervals engine answers: 0.6-1.9 s of CPU and 66-87 MB for games of 10^6 moves at S = 10^9
/// and on a whole board of S = 577 (`cargo test -p oracles --release intervals -- --ignored --nocapture`, which
/// prints the commands that time each).
const HAVANNAH_REACH: usize = games::havannah::MAX_S as usize;
const HAVANNAH_MEASURED: &str = "the backward oracle's worst seen 1 s and 21 MB at S = 300; past it the intervals engine, 2 s and 87 MB at 10^6 moves";

use games::Sizes;
use games::havannah::{Answer, Cell, Game, Havannah};

use crate::Problem;
use crate::problem::Reach;

/// Havannah: the O(M α(M)) sparse solver against two independent oracles. Up to S = 20 the oracle is the naive one
/// (groups, contacts and one flood fill of empty cells recomputed after every move, O(M·S²)); above it the backward
/// one (the first ring by removing stones from the end over a union-find of empty cells, bridges and forks
/// recounted from scratch). Both hold the whole board, so neither is asked past S = 3000. Tests also run the two
/// oracles against each other on the same cases.
/// The largest board the naive oracle answers in `oracle()`; past it the backward oracle does.
pub const NAIVE_MAX_S: u32 = 20;
/// The largest board either oracle is asked about: both hold the whole board, O(S²) memory.
pub const ORACLE_MAX_S: u32 = 3000;

impl Problem for Havannah {
    // The naive oracle is O(M·S²), under a millisecond a game at S ≤ 16: 5000 games take a few seconds.
    const CHECK_SIZES: Sizes = Sizes::new(2, 16);
    const CHECK_CASES: u64 = 5_000;
    // The top of the reach, against the backward oracle: 50 games of S 250..300, about 0.17 s each in release here.
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(250, HAVANNAH_REACH), 50));
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
        assert!(
            case.size <= ORACLE_MAX_S,
            "the Havannah oracles hold the whole board: S = {} is past their limit of {}",
            case.size,
            ORACLE_MAX_S
        );
        if case.size <= NAIVE_MAX_S {
            oracles::havannah::naive::answer(case)
        } else {
            oracles::havannah::backward::answer(case)
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
const HAVANNAH_REACH: usize = 300;
const HAVANNAH_MEASURED: &str = "worst seen 1 s and 21 MB at S = 300; games of 10^6 moves at S = 1000 took 30-110 s";

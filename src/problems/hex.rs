use games::hex::{self, Board, Stone, Verdict};
use games::{ParseError, Sizes};
use rand_chacha::ChaCha8Rng;

use crate::Problem;

/// Hex: the O(N²) solver against the O(N⁴) flood-fill-removal oracle.
pub struct Hex;

impl Problem for Hex {
    const NAME: &'static str = hex::NAME;
    // The oracle is O(N⁴): N ≤ 12 keeps a default run of 200 000 boards to about a second.
    const CHECK_SIZES: Sizes = Sizes::new(1, 12);
    const CHECK_CASES: u64 = 200_000;

    type Case = Board;
    type Answer = Verdict;

    fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
        hex::parse(input)
    }

    fn write(cases: &[Board]) -> String {
        hex::write(cases)
    }

    fn size(case: &Board) -> usize {
        case.size()
    }

    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Board {
        hex::generate(rng, sizes)
    }

    fn shrink(case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(hex::shrink(case))
    }

    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Board> {
        u.arbitrary()
    }

    fn all_cases(n: usize) -> Box<dyn Iterator<Item = Board> + Send> {
        Box::new(hex::all_boards(n))
    }

    fn read_answer(text: &str) -> Result<String, String> {
        games::hex::read_answer(text).map(|v| v.to_string())
    }

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
        features
    }

    fn solve(case: &Board) -> Verdict {
        solvers::hex::verdict(case)
    }

    fn oracle(case: &Board) -> Verdict {
        oracles::hex::verdict(case)
    }
}

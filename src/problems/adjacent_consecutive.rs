use games::adjacent_consecutive::{self, Answer, Game, Move, Referee};
use games::{ParseError, Sizes};
use rand_chacha::ChaCha8Rng;
use solvers::adjacent_consecutive::Position;

use crate::Problem;

/// Adjacent and Consecutive: the closed-form solver against the full minimax oracle, compared state by state.
pub struct AdjacentConsecutive;

impl Problem for AdjacentConsecutive {
    const NAME: &'static str = adjacent_consecutive::NAME;
    // The oracle searches the whole game tree (3 ms a game at N = 7, 18 ms at N = 8): N ≤ 7 and 5 000 games keep a
    // default run to about two seconds.
    const CHECK_SIZES: Sizes = Sizes::new(4, 7);
    const CHECK_CASES: u64 = 5_000;

    type Case = Game;
    type Answer = Answer;

    fn parse(input: &str) -> Result<Vec<Game>, ParseError> {
        adjacent_consecutive::parse(input)
    }

    fn write(cases: &[Game]) -> String {
        adjacent_consecutive::write(cases)
    }

    fn size(case: &Game) -> usize {
        case.n as usize
    }

    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Game {
        adjacent_consecutive::generate(rng, sizes, Some(&mut SolverReferee::default()))
    }

    fn shrink(case: &Game) -> Box<dyn Iterator<Item = Game>> {
        Box::new(adjacent_consecutive::shrink(case))
    }

    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Game> {
        u.arbitrary()
    }

    fn all_cases(n: usize) -> Box<dyn Iterator<Item = Game> + Send> {
        adjacent_consecutive::all_games(n as u32)
    }

    fn read_answer(text: &str) -> Result<String, String> {
        games::adjacent_consecutive::read_answer(text).map(|(a, b)| format!("{a} {b}"))
    }

    fn features(case: &Game, answer: &Answer) -> Vec<&'static str> {
        let mut features = Vec::new();
        if case.n == 4 {
            features.push("N = 4");
        }
        if answer.a_mistakes >= 2 {
            features.push("A errs twice or more");
        }
        if answer.b_mistakes >= 2 {
            features.push("B errs twice or more");
        }
        features
    }

    fn solve(case: &Game) -> Answer {
        solvers::adjacent_consecutive::answer(case)
    }

    fn oracle(case: &Game) -> Answer {
        oracles::adjacent_consecutive::answer(case)
    }

    fn kind(answer: &Answer) -> String {
        match (answer.a_mistakes, answer.b_mistakes) {
            (0, 0) => "no mistakes",
            (_, 0) => "A errs",
            (0, _) => "B errs",
            _ => "both err",
        }
        .into()
    }
}

/// The generators' judge of moves, from the solver's per-state view: the generator asks it which candidate moves
/// keep a win. It only steers which games are drawn; every state of each drawn game is then decided by solver and
/// oracle and compared, so a solver bug here can make games less pointed but cannot hide a wrong verdict. The
/// oracle could judge too, but only for tiny N and at the cost of a full minimax per candidate.
#[derive(Default)]
pub struct SolverReferee {
    /// The position after `moves`, kept between calls: a generator asks once per move of one growing game.
    position: Option<(Position, Vec<Move>)>,
}

impl Referee for SolverReferee {
    fn judge(&mut self, n: u32, played: &[Move], candidates: &[Move]) -> Vec<bool> {
        // A generator asks about one growing game: the cached moves are a prefix of `played` when the size matches,
        // there are no more of them, and the last one is the same (checking them all would cost O(N) a move).
        let stale = !matches!(&self.position, Some((p, moves))
            if p.size() == n && moves.len() <= played.len() && moves.last() == moves.len().checked_sub(1).and_then(|i| played.get(i)));
        if stale {
            self.position = Some((Position::new(n), Vec::new()));
        }
        let (position, moves) = self.position.as_mut().expect("set just above");
        for &m in &played[moves.len()..] {
            position.play(m);
            moves.push(m);
        }
        candidates
            .iter()
            .map(|&m| {
                position.play(m);
                let winning = position.winning();
                position.undo(m);
                winning
            })
            .collect()
    }
}

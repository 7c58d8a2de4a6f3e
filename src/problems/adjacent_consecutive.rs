use cases::adjacent_consecutive::Referee;
use games::Sizes;
use games::adjacent_consecutive::{AdjacentConsecutive, Answer, Game, Move};
use rand_chacha::ChaCha8Rng;
use solvers::adjacent_consecutive::Position;

use crate::Problem;
use crate::problem::Reach;

/// Adjacent and Consecutive: the closed-form solver against the full minimax oracle, compared state by state.
impl Problem for AdjacentConsecutive {
    // The oracle searches the whole game tree (3 ms a game at N = 7, 18 ms at N = 8): N ≤ 7 and 5 000 games keep a
    // default run to about two seconds.
    const CHECK_SIZES: Sizes = Sizes::new(4, 7);
    const CHECK_CASES: u64 = 5_000;
    // The top of the reach: 12 games of N = 10, a whole-game minimax of about 0.4 s each in release here.
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(ADJACENT_REACH, ADJACENT_REACH), 12));
    const ORACLE_REACH: Reach = Reach { max_size: ADJACENT_REACH, knob: "N", measured: ADJACENT_MEASURED };
    // Every state's verdict is held to the rules' one-move recurrence by the independent checker (see `certify`),
    // so the contest's own limit is checked by it alone: 10 games of N 90 000..100 000.
    const LIMIT_RUN: Option<(Sizes, u64)> = Some((Sizes::new(90_000, games::adjacent_consecutive::MAX_N as usize), 10));
    const CERTIFIED: bool = true;
    // Every game up to N = 5, every position at N = 6 and 7 (see `adjacent_consecutive::all_games`).
    const EXHAUSTIVE_SIZES: Option<Sizes> = Some(Sizes::new(4, 7));

    type Game = Self;

    fn draw(rng: &mut ChaCha8Rng, sizes: Sizes) -> Game {
        cases::adjacent_consecutive::generate(rng, sizes, Some(&mut SolverReferee::default()))
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

    /// The solver's verdicts on every state, held to the one-move recurrence of the rules by the independent checker
    /// (`oracles::adjacent_consecutive::certificate`), which replays the game on its own row and asks the solver's
    /// [`Position`] about each state and the states one move off it: at every N, in O(N) claims.
    fn certify(case: &Game, answer: &Answer) -> Option<Result<(), String>> {
        let mut claims = SolverClaims(std::cell::RefCell::new(Position::new(case.n)));
        Some(oracles::adjacent_consecutive::certificate::check(case, answer, &mut claims, Default::default()).map(drop))
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

/// The solver's view of any state, as the checker asks about it: its verdicts and winning moves.
struct SolverClaims(std::cell::RefCell<Position>);

impl oracles::adjacent_consecutive::certificate::Claims for SolverClaims {
    fn play(&mut self, m: Move) {
        self.0.get_mut().play(m);
    }
    fn undo(&mut self, m: Move) {
        self.0.get_mut().undo(m);
    }
    fn winning(&self) -> bool {
        self.0.borrow().winning()
    }
    // The solver tries its candidates by playing and taking back each, so it needs the position mutably.
    fn winning_move(&self) -> Option<Move> {
        self.0.borrow_mut().winning_move()
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

/// Measured as Hex's (see `src/problems/hex.rs`), over cases 0..10 of `gamecheck gen adjacent-consecutive --seed 7
/// --size N`: the worst took 0.97 s and 30 MB at N = 10, and 9.7 s and 109 MB at N = 11 (a full minimax grows about
/// tenfold per tile); N = 13 passed 3.3 GB within a minute.
const ADJACENT_REACH: usize = 10;
const ADJACENT_MEASURED: &str = "worst seen 1 s and 30 MB at N = 10, 10 s and 109 MB at N = 11";

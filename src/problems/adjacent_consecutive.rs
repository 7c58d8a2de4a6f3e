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
    // so the contest's own limit is checked by it alone: 16 games of N 90 000..100 000, about 0.4 s each. Ten were
    // too few: a fault that shifts the parity of B's closed form above N = 5000 changed a game in eight, and the
    // first it changed among these was case 11.
    const LIMIT_RUN: Option<(Sizes, u64)> = Some((Sizes::new(90_000, games::adjacent_consecutive::MAX_N as usize), 16));
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
        features.extend(state_classes(case));
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

impl SolverReferee {
    /// Whether every candidate is judged at once, as leaving B losing: A to move, with three runs of three or more
    /// on each side. A's move and B's reply touch at most two runs a side, so A is left three empty cells in a row
    /// and three unused tiles in a row, and wins by the three and three (unless a pair already won it); the solver
    /// says so too, so the games are the same. Long games spend most of A's moves here, and sparing their 48 plays
    /// and undos halves the drawing of a game of N = 10^5 (docs/testing.md#what-the-suite-costs).
    pub fn settles_every_candidate(position: &Position) -> bool {
        let (cells, tiles) = position.runs_of_three();
        position.a_to_move() && cells >= 3 && tiles >= 3
    }
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
        // Where the mover is losing, every move leaves the opponent winning: that is what losing means, and the
        // certificate holds the solver to it at every state of a drawn game. Early in a long game B is losing
        // at every move, and this spares the 48 candidates' plays and undos there; the games are the same.
        if !position.winning() {
            return vec![true; candidates.len()];
        }
        if SolverReferee::settles_every_candidate(position) {
            return vec![false; candidates.len()];
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

/// The kinds of state a game passes through before any pair is made, read off the game alone as the rules and the
/// problem page describe them (threats, three and three, the runs of empty cells and unused tiles and the closed
/// form's K and Z = Σ⌊x/2⌋ over both sides), with nothing of the solver: the branches the solver's verdict takes,
/// so that `check --stats` shows a generator that stops reaching one at some size. The early states are named apart:
/// K ≥ N/3, and K > N/2, where only a large Z fits (one side must be cut into runs of one and two, each set apart
/// by a filled cell; see `cases::adjacent_consecutive::runs`). Each kind is named once per game, in the order first
/// reached.
pub fn state_classes(game: &Game) -> Vec<&'static str> {
    let mut classes: Vec<&'static str> = Vec::new();
    let mut seen = |class: &'static str| {
        if !classes.contains(&class) {
            classes.push(class);
        }
    };
    let mut row = Row::new(game.n);
    for (played, &m) in game.moves.iter().enumerate() {
        if row.pairs > 0 {
            break;
        }
        let k = game.n - played as u32;
        let (early, earliest) = (3 * k >= game.n, 2 * k > game.n);
        let (cells, tiles) = (&row.cells, &row.tiles);
        if played % 2 == 0 {
            if row.threatening > 0 {
                seen("A to move: a threat to take");
            } else if cells.big > 0 && tiles.big > 0 {
                seen("A to move: three and three");
            } else {
                let z = cells.halves + tiles.halves;
                seen(match k {
                    1 => "A, closed form: K = 1",
                    2 if cells.count[2] == 1 && tiles.count[2] == 1 => "A, closed form: K = 2, a run of two each side",
                    2 => "A, closed form: K = 2, two singles on a side",
                    _ if k.is_multiple_of(2) => "A, closed form: K even ≥ 4",
                    _ if 2 * z == u64::from(k) + 1 => "A, closed form: K odd ≥ 3, 2Z = K + 1",
                    _ if 2 * z > u64::from(k) => "A, closed form: K odd ≥ 3, 2Z ≥ K + 3",
                    _ if 2 * z + 1 == u64::from(k) => "A, closed form: K odd ≥ 3, 2Z = K − 1",
                    _ => "A, closed form: K odd ≥ 3, 2Z ≤ K − 3",
                });
                if k >= 3 {
                    seen(match (cells.big > 0, tiles.big > 0) {
                        (true, _) => "A, closed form: a run ≥ 3 of cells",
                        (_, true) => "A, closed form: a run ≥ 3 of tiles",
                        _ => "A, closed form: runs of one and two only",
                    });
                }
                if early {
                    seen(if 2 * z > u64::from(k) {
                        "A, closed form, K ≥ N/3: 2Z > K"
                    } else {
                        "A, closed form, K ≥ N/3: 2Z ≤ K"
                    });
                }
                if earliest {
                    seen("A, closed form, K > N/2");
                }
            }
        } else if row.threatening >= 5 {
            seen("B to move: threats around 5 or more cells");
        } else if row.threatening >= 2 {
            seen("B to move: threats around 2–4 cells");
        } else if row.threatening == 1 {
            seen("B to move: threats around 1 cell");
        } else if cells.count[1] == 0 && tiles.count[1] == 0 {
            seen("B, no threat: no single cell or tile");
        } else {
            if early {
                seen("B, no threat, K ≥ N/3");
            }
            // B fills a single cell and picks any tile, or uses a single tile and picks any cell: the side B picks
            // from freely is the one whose runs B may cut.
            for (single, free) in [(cells, tiles), (tiles, cells)] {
                if single.count[1] > 0 {
                    seen(match free.big {
                        0 => "B, no threat, free side: runs of one and two only",
                        1 if free.big_total == 5 => "B, no threat, free side: one run ≥ 3, of 5",
                        1 if free.big_total % 4 == 1 => "B, no threat, free side: one run ≥ 3, of 4m + 1 ≥ 9",
                        1 => "B, no threat, free side: one run ≥ 3, of another length",
                        _ => "B, no threat, free side: two or more runs ≥ 3",
                    });
                }
            }
        }
        row.play(m);
    }
    classes
}

/// A row in play as [`state_classes`] reads it: the tile in each cell and the cell of each tile (0 while empty or
/// unused; the walls 0 and N + 1 count as filled and used), the pairs made, the filled cells with a threat beside
/// them, and the runs of each side.
struct Row {
    tile_at: Vec<u32>,
    cell_of: Vec<u32>,
    pairs: u32,
    /// Filled cells with an empty neighbour whose tile has an unused neighbour: each makes a threat.
    threatening: u32,
    is_threatening: Vec<bool>,
    cells: RunLengths,
    tiles: RunLengths,
}

impl Row {
    fn new(n: u32) -> Row {
        let size = n as usize + 2;
        let wall = |mut v: Vec<u32>| {
            v[0] = u32::MAX;
            v[size - 1] = u32::MAX;
            v
        };
        Row {
            tile_at: wall(vec![0; size]),
            cell_of: wall(vec![0; size]),
            pairs: 0,
            threatening: 0,
            is_threatening: vec![false; size],
            cells: RunLengths::new(n),
            tiles: RunLengths::new(n),
        }
    }

    fn play(&mut self, m: Move) {
        let (c, t) = (m.cell as usize, m.tile as usize);
        for s in [self.tile_at[c - 1], self.tile_at[c + 1]] {
            if s != 0 && s != u32::MAX && s.abs_diff(m.tile) == 1 {
                self.pairs += 1;
            }
        }
        self.tile_at[c] = m.tile;
        self.cell_of[t] = m.cell;
        self.cells.take(m.cell);
        self.tiles.take(m.tile);
        // Only these cells can change: the move's, its neighbours (one empty neighbour fewer), and the cells of the
        // tiles next to the move's tile (one unused neighbour fewer).
        for d in [c - 1, c, c + 1, self.cell_of[t - 1] as usize, self.cell_of[t + 1] as usize] {
            if d == 0 || d >= self.tile_at.len() - 1 {
                continue;
            }
            let s = self.tile_at[d] as usize;
            let now = s != 0
                && (self.tile_at[d - 1] == 0 || self.tile_at[d + 1] == 0)
                && (self.cell_of[s - 1] == 0 || self.cell_of[s + 1] == 0);
            if now != self.is_threatening[d] {
                self.is_threatening[d] = now;
                if now {
                    self.threatening += 1;
                } else {
                    self.threatening -= 1;
                }
            }
        }
    }
}

/// The runs of one side (empty cells, or unused tiles): how many of each length, how many of 3 or more and their
/// total length, and Σ⌊x/2⌋; the taken elements (and the walls) in a sorted set to find the run around one.
struct RunLengths {
    taken: std::collections::BTreeSet<u32>,
    count: Vec<u32>,
    big: u32,
    big_total: u64,
    halves: u64,
}

impl RunLengths {
    fn new(n: u32) -> RunLengths {
        let mut runs =
            RunLengths { taken: [0, n + 1].into(), count: vec![0; n as usize + 1], big: 0, big_total: 0, halves: 0 };
        runs.count_run(n, true);
        runs
    }

    fn count_run(&mut self, len: u32, add: bool) {
        if len == 0 {
            return;
        }
        let sign = |x: u64, by: u64| if add { x + by } else { x - by };
        self.count[len as usize] = sign(u64::from(self.count[len as usize]), 1) as u32;
        self.halves = sign(self.halves, u64::from(len / 2));
        if len >= 3 {
            self.big = sign(u64::from(self.big), 1) as u32;
            self.big_total = sign(self.big_total, u64::from(len));
        }
    }

    fn take(&mut self, x: u32) {
        let left = *self.taken.range(..x).next_back().expect("the wall 0 is taken");
        let right = *self.taken.range(x + 1..).next().expect("the wall N + 1 is taken");
        self.count_run(right - left - 1, false);
        self.count_run(x - left - 1, true);
        self.count_run(right - x - 1, true);
        self.taken.insert(x);
    }
}

/// Measured as Hex's (see `src/problems/hex.rs`), over cases 0..10 of `gamecheck gen adjacent-consecutive --seed 7
/// --size N`: the worst took 0.97 s and 30 MB at N = 10, and 9.7 s and 109 MB at N = 11 (a full minimax grows about
/// tenfold per tile); N = 13 passed 3.3 GB within a minute.
const ADJACENT_REACH: usize = 10;
const ADJACENT_MEASURED: &str = "worst seen 1 s and 30 MB at N = 10, 10 s and 109 MB at N = 11";

use games::Sizes;
use games::havannah::{Answer, Cell, Game, Havannah};

use crate::Problem;
use crate::problem::{Outcome, Reach};

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
    // 10^6 moves, about 0.5 s for the solver and 1 s for the engine in release here. Ten games, so that some win
    // late in the game (cases 6, 7 and 8 of seed 2026 past move 800 000): the six before all won in the first
    // 530 000 moves, and a fault on only past move 600 000 passed the default check.
    const CHECK_TOP: Option<(Sizes, u64)> = Some((Sizes::new(900_000_000, HAVANNAH_REACH), 10));
    // Bridges and forks need S or more stones in a chain, so with 10^6 moves the top row's boards hold only rings;
    // the generator plants them at the rim up to S = 10^6, and these games, against the intervals engine, are
    // where a fault of the edges or corners of large boards shows (an edge misread only above S = 1000 passed the
    // other rows).
    const LIMIT_RUN: Option<(Sizes, u64)> = Some((Sizes::new(1_000, 10_000), 6));
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
            if case.moves.len() >= 1000 && *at_move <= case.moves.len() / 2 {
                features.push("win in the first half of a long game");
            }
            for (on, name) in [(structures.bridge, "bridge"), (structures.fork, "fork"), (structures.ring, "ring")] {
                if on {
                    features.push(name);
                }
            }
            match [structures.bridge, structures.fork, structures.ring].into_iter().filter(|&on| on).count() {
                2 => features.push("two kinds at once"),
                3 => features.push("three kinds at once"),
                _ => {}
            }
            features.extend(win_features(case, answer));
        }
        features.extend(rim_features(case, answer));
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

/// The six corners of a board of side `size`, in order round it.
fn corners(size: u32) -> [(u32, u32); 6] {
    let last = 2 * size - 1;
    [(1, 1), (1, size), (size, last), (last, last), (last, size), (size, 1)]
}

/// Where a cell lies: its steps from the centre (S − 1 on the border) and from the nearest corner.
fn depth_and_corner(size: u32, c: Cell) -> (i64, i64) {
    let distance = |(x, y): (u32, u32)| {
        let (a, b) = (i64::from(c.x) - i64::from(x), i64::from(c.y) - i64::from(y));
        a.abs().max(b.abs()).max((a - b).abs())
    };
    (distance((size, size)), corners(size).into_iter().map(distance).min().unwrap_or(0))
}

/// The box round some cells, to tell whether they spread over half the side in both coordinates.
struct Bounds {
    lo: (u32, u32),
    hi: (u32, u32),
}

impl Bounds {
    fn of(cells: impl IntoIterator<Item = Cell>) -> Bounds {
        let mut bounds = Bounds { lo: (u32::MAX, u32::MAX), hi: (0, 0) };
        cells.into_iter().for_each(|c| bounds.add(c));
        bounds
    }

    fn add(&mut self, c: Cell) {
        (self.lo, self.hi) = ((self.lo.0.min(c.x), self.lo.1.min(c.y)), (self.hi.0.max(c.x), self.hi.1.max(c.y)));
    }

    /// Half the side or more in both coordinates, on a board of S ≥ 100.
    fn spans_half(&self, size: u32) -> bool {
        let half = i64::from(size / 2);
        let span = |lo: u32, hi: u32| i64::from(hi) - i64::from(lo) >= half;
        size >= 100 && span(self.lo.0, self.hi.0) && span(self.lo.1, self.hi.1)
    }
}

/// The shapes of a win read off the solver's witness (a corner-to-corner path, a fork's stones, a ring's cycle),
/// not by game logic of our own, at the cost of a solve per win (only `check --stats` counts features); a wrong
/// witness fails the run anyway (`certify`).
///
/// - "bridge between adjacent corners" / "bridge between far corners": the path's two ends, S − 1 steps apart or
///   more.
/// - "fork near a corner": a stone of the fork within 2 steps of a corner (a fork round a corner, where two edges
///   meet and a corner cell must not count as an edge); "fork away from the corners" otherwise.
/// - "ring touching the border": a stone of the ring's cycle on the border; "ring through a corner": on a corner.
/// - "structure spanning S/2 in both coordinates": the witness's stones, S ≥ 100.
fn win_features(case: &Game, answer: &Answer) -> Vec<&'static str> {
    // Through `run`: a solver that panics here is reported by the check's own solve of the case, as a failure with
    // its minimal case, not as a crash of gamecheck.
    let Outcome::Answer((solved, Some(witness))) = crate::problem::run(solvers::havannah::certified, case) else {
        return Vec::new();
    };
    if solved != *answer {
        return Vec::new();
    }
    let s = i64::from(case.size);
    let mut features = Vec::new();
    if let Some(path) = &witness.bridge
        && let (Some(&a), Some(&b)) = (path.first(), path.last())
    {
        let (a, b) = ((i64::from(a.x), i64::from(a.y)), (i64::from(b.x), i64::from(b.y)));
        let apart = (a.0 - b.0).abs().max((a.1 - b.1).abs()).max((a.0 - a.1 - b.0 + b.1).abs());
        features.push(if apart < s { "bridge between adjacent corners" } else { "bridge between far corners" });
    }
    if let Some(fork) = &witness.fork {
        let near = fork.iter().any(|&c| depth_and_corner(case.size, c).1 <= 2);
        features.push(if near { "fork near a corner" } else { "fork away from the corners" });
    }
    if let Some(ring) = &witness.ring {
        let places: Vec<(i64, i64)> = ring.cycle.iter().map(|&c| depth_and_corner(case.size, c)).collect();
        if places.iter().any(|&(depth, _)| depth == s - 1) {
            features.push("ring touching the border");
        }
        if places.iter().any(|&(_, corner)| corner == 0) {
            features.push("ring through a corner");
        }
    }
    let stones = witness.bridge.iter().chain(&witness.fork).flatten().chain(witness.ring.iter().flat_map(|r| &r.cycle));
    if Bounds::of(stones.copied()).spans_half(case.size) {
        features.push("structure spanning S/2 in both coordinates");
    }
    features
}

/// Stones at the rim, among the moves up to the answer's (all of them for `none`), for every answer: the places
/// where a corner or an edge cell mis-classified at large coordinates would show.
///
/// - "stones near a corner": within 2 steps of one; "a corner with both its edge neighbours": a group on a corner
///   and both edges there, one mis-classified cell from a fork.
/// - "border stones past 2^30": a stone on the border with x or y ≥ 2^30 (boards of S > 2^29).
/// - "rim stones far apart in both coordinates": stones within 2 steps of the border spanning S/2 or more in x and
///   in y, S ≥ 100.
fn rim_features(case: &Game, answer: &Answer) -> Vec<&'static str> {
    let played = match answer {
        Answer::Win { at_move, .. } => &case.moves[..*at_move],
        Answer::None => &case.moves[..],
    };
    let s = i64::from(case.size);
    let (size, last) = (case.size, 2 * case.size - 1);
    let (mut near_corner, mut past) = (false, false);
    // The box round the stones within three steps of the border.
    let mut rim = Bounds::of([]);
    // Per corner, which of the corner and its two edge neighbours are played (bits 0 to 2).
    let mut corner_groups = [0u8; 6];
    let corners = corners(size);
    // Each corner's two neighbours along the border, the previous edge's and the next's.
    let along = [
        [(2, 1), (1, 2)],
        [(1, size - 1), (2, size + 1)],
        [(size - 1, last - 1), (size + 1, last)],
        [(last, last - 1), (last - 1, last)],
        [(last, size + 1), (last - 1, size - 1)],
        [(size + 1, 2), (size - 1, 1)],
    ];
    for &c in played {
        let (depth, corner) = depth_and_corner(case.size, c);
        near_corner |= corner <= 2;
        if depth == s - 1 && (c.x >= 1 << 30 || c.y >= 1 << 30) {
            past = true;
        }
        if depth >= s - 3 {
            rim.add(c);
        }
        if corner <= 1 {
            for k in 0..6 {
                let bit = if (c.x, c.y) == corners[k] {
                    1
                } else if along[k].contains(&(c.x, c.y)) {
                    if along[k][0] == (c.x, c.y) { 2 } else { 4 }
                } else {
                    0
                };
                corner_groups[k] |= bit;
            }
        }
    }
    let mut features = Vec::new();
    if near_corner {
        features.push("stones near a corner");
    }
    if case.size > 2 && corner_groups.contains(&7) {
        features.push("a corner with both its edge neighbours");
    }
    if past {
        features.push("border stones past 2^30");
    }
    if rim.spans_half(case.size) {
        features.push("rim stones far apart in both coordinates");
    }
    features
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

//! Drawing a [`Shape::Rim`](super::Shape::Rim) game: structures planted at the rim and the corners, built so that a
//! fault which shows only for bridges, forks or border rings at large coordinates is drawn at every S.
//!
//! What can exist with M stones on a board of side S (each bound is the fewest stones the structure needs):
//!
//! - a **ring** needs 6 stones at any S, touching the border or a corner too (a hole next to the border);
//! - a **bridge between adjacent corners** needs S stones (the corners are S − 1 steps apart), so S ≤ M;
//! - a **bridge between other corners** needs 2S − 1 (they are 2S − 2 apart), so S ≤ (M + 1) / 2;
//! - a **fork** needs S + 2: two edges meet at a corner, but any third edge is S steps or more from one of them
//!   (cells of edges that are not neighbours lie S or more apart, and the only S-step path between such cells
//!   touches no third edge); a path from one edge round a corner, along the next edge and round the next corner
//!   onto a third edge takes S + 2 stones, so S ≤ M − 2. Through both corners the same S + 2 stones are a bridge too.
//!
//! So at M = 10^6 every kind and combination can be planted up to S = 999 998 (far bridges up to 500 000), and past
//! it only rings (alone or many at once) and near-structures: a group on a corner and both its edges, chains along
//! an edge from a corner, each one mis-classified cell away from a false bridge or fork.
//!
//! Everything is drawn in one frame, along edge 0 (x = 1) from corner (1, 1) to corner (1, S), and carried to any
//! edge, either way round, by one of the board's 12 symmetries. A chain there is monotone in y, so the stone at one
//! y (the junction) cuts it in two: everything before it has a smaller y, everything after a larger one, and cells
//! two rows apart are never neighbours. Each half holds one end (at most one corner and two edges), so nothing
//! stands until the junction joins them. A ring is a loop round a hole whose straight cell is the junction.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::builder::Builder;

/// How a rim chain ends near a corner of its edge (edge 0 of the frame, whose corners are (1, 1) and (1, S)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// On the corner: half a bridge.
    Corner,
    /// Through the corner onto the other edge there: half a bridge and half a fork.
    HugCorner,
    /// Round the corner, leaving it empty, onto the other edge: half a fork.
    HugInner,
    /// Short of the corner, somewhere along the edge or inside it.
    Plain,
}

impl End {
    fn draw(rng: &mut impl Rng) -> End {
        match rng.random_range(0..20) {
            0..=4 => End::Corner,
            5..=11 => End::HugCorner,
            12..=16 => End::HugInner,
            _ => End::Plain,
        }
    }

    fn corner(self) -> bool {
        matches!(self, End::Corner | End::HugCorner)
    }

    fn hug(self) -> bool {
        matches!(self, End::HugCorner | End::HugInner)
    }
}

/// A planted structure: stones in drawing order, the junction that completes it, and what it completes then (the
/// stones before it complete nothing). Only the tests read `completes`: `check --stats` counts what games hold.
struct Plan {
    stones: Vec<Cell>,
    junction: Option<Cell>,
    #[cfg_attr(not(test), allow(dead_code))]
    completes: Structures,
}

/// Not a power of two: an offset a cell key that drops or overlaps a bit would not catch apart (the metamorphic draws
/// plant those), nudged by a small odd amount.
fn off_powers_of_two(n: i64) -> i64 {
    if n > 2 && (n as u64).is_power_of_two() { n - 1 } else { n }
}

impl Builder {
    /// See [`Shape::Rim`](super::Shape::Rim): a few unrelated stones first now and then, then one planted structure
    /// (one stone short now and then), with stones scattered in between and around it.
    pub(super) fn draw_rim(&mut self, rng: &mut impl Rng) {
        let s = i64::from(self.size);
        if s < 4 {
            return;
        }
        let cells = Game::cell_count(self.size);
        let room = self.limit.saturating_sub(self.moves.len()) as i64;
        // Unrelated stones before the structure: few enough that on a board little bigger than the game they rarely
        // make a structure of their own first (1 cell in 64 filled leaves a ring at 1 cell in 10^11).
        let before = match rng.random_range(0..10) {
            0..=3 => 0,
            4..=6 => rng.random_range(0..=50),
            _ => rng.random_range(0..=room / 8),
        }
        .min((cells / 64) as i64);
        let budget = room - before;
        // A withheld junction stays empty for ever, so the board needs a cell more than the game.
        let near_miss = cells > self.limit as u64 && rng.random_bool(0.2);
        let pick = rng.random_range(0..100);
        let plans = if s >= 16 && 2 * s + 30 <= budget && pick < 20 {
            vec![self.far_bridge(rng, budget)]
        } else if s >= 16 && s + 32 <= budget && pick < 80 {
            vec![self.rim_chain(rng, budget, true)]
        } else {
            // Too big a board for a whole chain (or the draw did not ask for one): a chain from a corner, pieces at
            // corners and along edges, or both, far apart in both coordinates when at different corners.
            let chain = s >= 16 && pick % 3 != 0;
            let pieces = if chain && rng.random_bool(0.5) { 0 } else { rng.random_range(1..=4) };
            let mut plans: Vec<Plan> = (0..pieces).map(|_| self.corner_piece(rng)).collect();
            if chain {
                plans.push(self.rim_chain(rng, budget - 6 * pieces, false));
            }
            plans
        };
        // Reserve every planned cell, so that no noise takes one; a cell two plans share is played once, by the first.
        let mut stones = Vec::new();
        let mut junctions = Vec::new();
        for plan in plans {
            stones.extend(plan.stones.into_iter().filter(|&c| self.used.insert(c)));
            junctions.extend(plan.junction.filter(|&c| self.used.insert(c)));
        }
        self.scatter_around(rng, before as usize, &stones);
        let noise = if rng.random_bool(0.6) { 0.0 } else { rng.random_range(0.0..0.05) };
        match rng.random_range(0..5) {
            0 | 1 => stones.shuffle(rng),
            2 => stones.reverse(),
            _ => {}
        }
        for &c in &stones {
            if noise > 0.0 && rng.random_bool(noise) {
                self.scatter_around(rng, 1, &stones);
            }
            self.play_reserved(c);
        }
        for (i, c) in junctions.into_iter().enumerate() {
            // One stone short: the first junction is never played.
            if !(near_miss && i == 0) {
                self.play_reserved(c);
            }
        }
    }

    /// A cell reserved by `draw_rim` (already in `used`), played now if the game has room.
    fn play_reserved(&mut self, c: Cell) {
        if self.moves.len() < self.limit {
            self.moves.push(c);
        }
    }

    /// About `count` stones on free cells: some a few steps off a planned stone (half of them, but never more than
    /// one for 8 planned stones, as the band of cells 6 steps round a chain is only about 13 cells a stone, and noise
    /// packed there would close rings of its own first), the rest anywhere.
    fn scatter_around(&mut self, rng: &mut impl Rng, count: usize, planned: &[Cell]) {
        let near_rate = (planned.len() as f64 / (16.0 * count.max(1) as f64)).min(0.5);
        for _ in 0..count {
            let near = (!planned.is_empty() && rng.random_bool(near_rate)).then(|| {
                let from = planned[rng.random_range(0..planned.len())];
                let (dx, dy) = (rng.random_range(-6..=6), rng.random_range(-6..=6));
                self.cell(i64::from(from.x) + dx, i64::from(from.y) + dy)
            });
            let c = near.flatten().unwrap_or_else(|| self.random_cell(rng));
            // A taken cell is skipped, not redrawn: near a dense plan, or on a nearly full board, that could spin.
            self.place(c);
        }
    }

    /// A frame cell (edge 0, corners (1, 1) and (1, S)) carried onto the board by `symmetry`.
    fn framed(&self, symmetry: Symmetry, (x, y): (i64, i64)) -> Cell {
        let c = self.cell(x, y).expect("a frame cell lies on the board");
        symmetry.apply(self.size, c)
    }

    /// A chain along edge 0 of the frame (S ≥ 16): from near corner (1, 1) to near corner (1, S) when `whole`, else
    /// from near (1, 1) for as many rows as the budget allows, short of (1, S). Its ends are drawn (see [`End`]), its
    /// route winds inward and back when the budget leaves room, and now and then a loop round a hole (one cell or a
    /// hexagon of radius up to 3) sits at the junction, its side on the border more often than not.
    fn rim_chain(&self, rng: &mut impl Rng, budget: i64, whole: bool) -> Plan {
        let s = i64::from(self.size);
        let symmetry = Symmetry::all().nth(rng.random_range(0..12)).expect("twelve symmetries");
        let start = End::draw(rng);
        let end = if whole { End::draw(rng) } else { End::Plain };
        let (mut cells, first): (Vec<(i64, i64)>, (i64, i64)) = match start {
            End::Corner => (vec![(1, 1)], (1, 2)),
            End::HugCorner => (vec![(2, 1), (1, 1)], (1, 2)),
            End::HugInner => (vec![(2, 1), (2, 2)], (1, 2)),
            End::Plain => (Vec::new(), (1 + rng.random_range(0..=2), off_powers_of_two(rng.random_range(2..=s / 3)))),
        };
        let tail: Vec<(i64, i64)> = match end {
            End::Corner => vec![(1, s)],
            End::HugCorner => vec![(1, s), (2, s + 1)],
            End::HugInner => vec![(2, s), (2, s + 1)],
            End::Plain => Vec::new(),
        };
        // The route's last cell: (1, S − 1) before a corner or hug end, else any row the budget reaches.
        let last = if end == End::Plain {
            let most = (first.1 + budget - 40).min(s - 2).max(first.1 + 8);
            (1 + rng.random_range(0..=1), first.1 + off_powers_of_two(rng.random_range(8..=most - first.1)))
        } else {
            (1, s - 1)
        };
        let rows = last.1 - first.1 + 1;
        // Stones the route may spend beyond one a row, winding inward and back, no deeper than a quarter of the
        // board from the frame's edge (so it touches no other edge).
        let spare = (budget - rows - 40).max(0);
        let mut spend = if rng.random_bool(0.5) { 0 } else { rng.random_range(0..=spare) };
        let deepest = ((s - 4) / 2).max(1);
        // A loop of radius R = hole radius + 1 at the junction, which is its straight cell toward larger y: rows
        // jy − 2R..=jy, x from jx − R (on the border when jx = R + 1) to jx + R.
        let mut radius = 0;
        if rng.random_bool(0.5) && 1 + 2 * 4 + 3 <= s - 2 {
            radius = if rng.random_bool(0.7) { 1 } else { rng.random_range(2..=4) };
        }
        let mut jx = if radius > 0 {
            1 + radius + if rng.random_bool(0.6) { 0 } else { rng.random_range(1..=3) }
        } else {
            1 + rng.random_range(0..=2.min(deepest))
        };
        // The junction's rows: room below for the loop and for the route to reach the loop's foot, room above for
        // the route to reach its last cell. Where there is none, no loop, at the depth the route starts.
        let rows_for = |radius: i64, jx: i64| {
            (first.1 + 2 * radius + 2 + (jx - first.0).max(0), last.1 - 1 - (last.0 - jx).max(0))
        };
        let (mut lo, mut hi) = rows_for(radius, jx);
        if lo > hi {
            (radius, jx) = (0, first.0);
            (lo, hi) = rows_for(radius, jx);
        }
        let jy = rng.random_range(lo..=hi);
        let before_junction = if radius > 0 { (jx, jy - 2 * radius - 1) } else { (jx, jy - 1) };
        cells.extend(self.frame_route(rng, first, before_junction, deepest, &mut spend));
        if radius > 0 {
            let (hx, hy) = (jx, jy - radius);
            for a in -radius..=radius {
                for b in -radius..=radius {
                    let on_loop = a.abs().max(b.abs()).max((a - b).abs()) == radius;
                    if on_loop && (a, b) != (0, radius) {
                        cells.push((hx + a, hy + b));
                    }
                }
            }
        }
        cells.extend(self.frame_route(rng, (jx, jy + 1), last, deepest, &mut spend));
        cells.extend(tail);
        let stones = cells.into_iter().map(|c| self.framed(symmetry, c)).collect();
        let completes =
            Structures { bridge: start.corner() && end.corner(), fork: start.hug() && end.hug(), ring: radius > 0 };
        Plan { stones, junction: Some(self.framed(symmetry, (jx, jy))), completes }
    }

    /// A route in the frame from `from` to `to` (both included, `to` no lower): each step goes on along the edge
    /// (0, 1), inward (1, 1) or outward (−1, 0), so y never falls and each row's cells are one run. It winds inward
    /// and back, spending at most `spend` stones beyond one a row (an inward detour of h is paid for when it starts,
    /// as it takes h outward steps to undo), never deeper than x = 1 + `deepest` on a detour.
    fn frame_route(
        &self,
        rng: &mut impl Rng,
        from: (i64, i64),
        to: (i64, i64),
        deepest: i64,
        spend: &mut i64,
    ) -> Vec<(i64, i64)> {
        let (mut x, mut y) = from;
        let mut out = vec![(x, y)];
        // The depth this stretch heads for, redrawn when reached.
        let mut aim = x;
        while (x, y) != to {
            let rows_left = to.1 - y;
            if x == aim && rows_left > 0 && rng.random_bool(0.05) {
                aim = if *spend > 0 && x <= deepest && rng.random_bool(0.5) {
                    let h = rng.random_range(1..=(*spend).min(1 + deepest - x));
                    *spend -= h;
                    x + h
                } else {
                    rng.random_range(1..=x)
                };
            }
            (x, y) = if rows_left == 0 {
                // On the last row only outward steps lead on; the plans never end a route deeper than it stands.
                assert!(x > to.0, "a frame route cannot reach ({}, {}) from ({x}, {y})", to.0, to.1);
                (x - 1, y)
            } else if to.0 - x >= rows_left || x < aim {
                (x + 1, y + 1)
            } else if x > aim {
                (x - 1, y)
            } else {
                (x, y + 1)
            };
            out.push((x, y));
        }
        out
    }

    /// A bridge between two corners that are not neighbours (S ≥ 16, 2S + 30 stones or more in the budget): a shortest
    /// path, turning at random. Each stone of a shortest path is one step further from the first corner, so stones
    /// two apart along it are no neighbours and the junction cuts it; and it touches two edges at most (from (1, 1)
    /// to (S, 2S − 1) every step is (0, 1) or (1, 1), which leave the edges x = 1 and y − x = S − 1 only).
    fn far_bridge(&self, rng: &mut impl Rng, budget: i64) -> Plan {
        let k = rng.random_range(0..6);
        let a = self.border(k, 0);
        let b = self.border((k + rng.random_range(2..=4)) % 6, 0);
        let mut path = self.path(rng, a, b, budget as usize);
        let junction = path.remove(rng.random_range(path.len() / 4..=3 * path.len() / 4));
        Plan { stones: path, junction: Some(junction), completes: Structures { bridge: true, ..Structures::default() } }
    }

    /// A small piece at a corner or along an edge, each one mis-classified cell from a false structure: a ring whose
    /// hole touches the corner or the edge (the hole's six neighbours, one of them last), the corner with both its
    /// edge neighbours, or the two edge cells and the inner cell round an empty corner, or their like further along.
    fn corner_piece(&self, rng: &mut impl Rng) -> Plan {
        let s = i64::from(self.size);
        let symmetry = Symmetry::all().nth(rng.random_range(0..12)).expect("twelve symmetries");
        // At the corner itself, or along the edge by a distance that is no power of two.
        let along = if s < 6 || rng.random_bool(0.5) { 0 } else { off_powers_of_two(rng.random_range(1..=s - 5)) };
        let ring = rng.random_bool(0.5);
        let frame: Vec<(i64, i64)> = match (ring, rng.random_bool(0.5)) {
            (true, _) => {
                let (hx, hy) = (2, 2 + along);
                [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)].iter().map(|(dx, dy)| (hx + dx, hy + dy)).collect()
            }
            (false, true) => vec![(2, 1 + along), (1, 1 + along), (1, 2 + along)],
            (false, false) => vec![(2, 1 + along), (2, 2 + along), (1, 2 + along)],
        };
        let mut stones: Vec<Cell> = frame.into_iter().map(|c| self.framed(symmetry, c)).collect();
        stones.shuffle(rng);
        let junction = stones.pop();
        Plan { stones, junction, completes: Structures { ring, ..Structures::default() } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use games::havannah::Answer;

    /// The intervals engine's answer for the plan's stones, then for them with the junction.
    fn answers(size: u32, plan: &Plan, shuffled: Option<&mut rand_chacha::ChaCha8Rng>) -> (Answer, Answer, usize) {
        let mut moves = plan.stones.clone();
        if let Some(rng) = shuffled {
            moves.shuffle(rng);
        }
        let short = Game { size, moves: moves.clone() };
        moves.extend(plan.junction);
        let whole = Game { size, moves };
        let n = whole.moves.len();
        let distinct: std::collections::HashSet<Cell> = whole.moves.iter().copied().collect();
        assert_eq!(distinct.len(), n, "a plan plays no cell twice");
        assert!(whole.moves.iter().all(|&c| whole.on_board(c)), "a plan stays on the board");
        (oracles::havannah::intervals::answer(&short), oracles::havannah::intervals::answer(&whole), n)
    }

    /// Every kind of plan, drawn on boards from the smallest a chain takes to S = 10^9 (chains there as long as a
    /// small budget allows), completes nothing until its junction and then exactly what it was built for, in the
    /// order drawn and shuffled, by the intervals engine (written apart from the generator). Between them the
    /// draws build every kind and combination.
    #[test]
    fn planted_structures_stand_at_their_junction_and_not_before() {
        let mut built = std::collections::BTreeSet::new();
        for (i, (size, budget)) in
            [(16, 400), (17, 400), (40, 3000), (301, 3000), (1_000, 5_000), (5_003, 20_000), (MAX_S, 20_000)]
                .into_iter()
                .enumerate()
        {
            let b = Builder::new(size, budget as usize);
            let mut rng = case_rng(31, i as u64);
            for draw in 0..120 {
                let plan = match draw % 4 {
                    _ if size == MAX_S => {
                        if draw % 2 == 0 {
                            b.corner_piece(&mut rng)
                        } else {
                            b.rim_chain(&mut rng, budget, false)
                        }
                    }
                    0 if 2 * i64::from(size) + 30 <= budget => b.far_bridge(&mut rng, budget),
                    0 | 1 => b.rim_chain(&mut rng, budget, true),
                    2 => b.rim_chain(&mut rng, budget, false),
                    _ => b.corner_piece(&mut rng),
                };
                for shuffle in [false, true] {
                    let (short, whole, n) = answers(size, &plan, shuffle.then_some(&mut rng));
                    let want = Answer::Win { structures: plan.completes, at_move: n };
                    let want = if plan.completes == Structures::default() { Answer::None } else { want };
                    assert_eq!(short, Answer::None, "S = {size}, draw {draw}: one stone short");
                    assert_eq!(whole, want, "S = {size}, draw {draw}, shuffled {shuffle}");
                }
                built.insert(plan.completes.to_string());
            }
        }
        let kinds = ["bridge", "fork", "ring", "bridge-fork", "bridge-ring", "fork-ring", "bridge-fork-ring"];
        for kind in kinds {
            assert!(built.contains(kind), "no plan built a {kind}: {built:?}");
        }
    }
}

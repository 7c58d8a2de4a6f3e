//! Havannah: where its cases come from.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use games::Sizes;
use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use crate::{Cases, halvings};

/// Draws a rejection sampler may take: each lands with probability at least 3/4, so 64 misses in a row (about
/// 10^-38) mean a bug, which fails rather than spins.
const REJECTIONS: usize = 64;

/// Smaller games to try when a game exposes a bug, most promising first: a board one side smaller that still holds
/// every stone, then fewer moves (the first half, all but the last, runs of moves halving in length, each single
/// move).
///
/// A board of side S − 1 fits inside the board of side S in seven ways: centred on the same cell, or on one of its
/// six neighbours. Cell (x, y) of the big board is cell (x − 1 − dx, y − 1 − dy) of the small one centred at
/// (S + dx, S + dy), so the centred one is the shift (x − 1, y − 1). Every candidate keeps the stones' shape and
/// order; only the border moves nearer, which is often what a bug is about.
///
/// Big cases take coarse steps first, as one side or one move at a time would take up to 10^9 steps: boards above
/// [`SMALL_S`] are first cut to the stones' own extent (with a ring of free cells round them, then without), then
/// scaled down to side 2, about S/2, 3S/4, …; games above [`SMALL_M`] moves also try their first 3/4, 7/8, … after
/// the first half. Candidates are built one at a time from one shared copy of the game.
pub fn shrink(game: &Game) -> impl Iterator<Item = Game> + Send + 'static {
    let game = Arc::new(game.clone());
    let (size, m) = (game.size, game.moves.len());
    let large = size > SMALL_S;
    let g = Arc::clone(&game);
    let crops = [1, 0].into_iter().filter(move |_| large).filter_map(move |margin| g.cropped(margin));
    // Targets S − d for d = S − 2, (S − 2)/2, …: side 2 first, then ever nearer S (side S − 1 comes below).
    let targets = std::iter::successors(Some(size.saturating_sub(2)), |&d| Some(d / 2))
        .take_while(|&d| d >= 2)
        .map(move |d| size - d)
        .filter(move |_| large);
    let g = Arc::clone(&game);
    let scaled_down = targets.map(move |to| g.scaled(to));
    let g = Arc::clone(&game);
    // Past 10^6 a side less is too small a step to matter: the coarse steps above do the work there.
    let one_less = std::iter::once_with(move || g.scaled(size - 1)).filter(move |_| size > 2 && size <= 1_000_000);
    let g = Arc::clone(&game);
    let shifts = [(0, 0), (0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)]
        .into_iter()
        .filter(move |_| size > 2)
        .filter_map(move |(dx, dy)| {
            let smaller = Game {
                size: size - 1,
                moves: g
                    .moves
                    .iter()
                    .map(|c| Cell {
                        x: (i64::from(c.x) - 1 - dx).clamp(0, i64::from(u32::MAX)) as u32,
                        y: (i64::from(c.y) - 1 - dy).clamp(0, i64::from(u32::MAX)) as u32,
                    })
                    .collect(),
            };
            smaller.moves.iter().all(|&c| smaller.on_board(c)).then_some(smaller)
        });
    // The first half, then (for long games) the first 3/4, 7/8, …, then all but the last move.
    let cut_tail = if m > SMALL_M { m / 4 } else { 0 };
    let prefixes = (m >= 4)
        .then_some(m / 2)
        .into_iter()
        .chain(std::iter::successors(Some(cut_tail), |&d| Some(d / 2)).take_while(|&d| d >= 2).map(move |d| m - d))
        .chain((m >= 1).then_some(m.saturating_sub(1)));
    let g = Arc::clone(&game);
    let prefixes = prefixes.map(move |k| Game { size, moves: g.moves[..k].to_vec() });
    // Runs of moves left out, halves first: a long game sheds most of its moves in a few steps, where one move
    // at a time would take as many steps as it has moves (and exhaust proptest's shrink budget on big boards).
    let g = Arc::clone(&game);
    let runs = halvings(m).flat_map(move |run| {
        let g = Arc::clone(&g);
        (0..m - run).step_by(run).map(move |start| {
            let mut moves = g.moves[..start].to_vec();
            moves.extend_from_slice(&g.moves[start + run..]);
            Game { size, moves }
        })
    });
    let singles = (0..m.saturating_sub(1)).rev().map(move |i| {
        let mut moves = game.moves.clone();
        moves.remove(i);
        Game { size, moves }
    });
    crops.chain(scaled_down).chain(one_less).chain(shifts).chain(prefixes).chain(runs).chain(singles)
}

/// Boards up to this side shrink one side at a time only.
pub const SMALL_S: u32 = 16;
/// Games up to this many moves lose their tail by halves and single moves only.
pub const SMALL_M: usize = 128;

/// Every cell of a board of side `size`, x-major.
fn cells_of(size: u32) -> impl Iterator<Item = Cell> {
    Game { size, moves: Vec::new() }.cells()
}

/// The steps shrinking takes on a game, beside the game type they work on.
trait Shrinking {
    fn scaled(&self, to: u32) -> Game;
    fn cropped(&self, margin: u32) -> Option<Game>;
}

impl Shrinking for Game {
    /// The game scaled down to side `to` about the board's centre (see [`scaled`]); stones that land on one cell
    /// keep the first.
    fn scaled(&self, to: u32) -> Game {
        let mut seen = HashSet::new();
        let moves = self.moves.iter().map(|&c| scaled(self.size, to, c)).filter(|&c| seen.insert(c)).collect();
        Game { size: to, moves }
    }

    /// The stones moved, shape and order kept, onto the smallest board this finds that holds them with `margin`
    /// free rings round them: `None` unless that board is smaller. The middle of the stones' extent along x and y
    /// goes to the new board's centre.
    fn cropped(&self, margin: u32) -> Option<Game> {
        if self.moves.is_empty() {
            return (self.size > 2).then(|| Game { size: 2, moves: Vec::new() });
        }
        let s = i64::from(self.size);
        let offsets = || self.moves.iter().map(|c| (i64::from(c.x) - s, i64::from(c.y) - s));
        let (u_lo, u_hi) = offsets().fold((i64::MAX, i64::MIN), |(lo, hi), (u, _)| (lo.min(u), hi.max(u)));
        let (v_lo, v_hi) = offsets().fold((i64::MAX, i64::MIN), |(lo, hi), (_, v)| (lo.min(v), hi.max(v)));
        let (tu, tv) = (u_lo + (u_hi - u_lo) / 2, v_lo + (v_hi - v_lo) / 2);
        let radius = offsets().map(|(u, v)| (u - tu).abs().max((v - tv).abs()).max((v - tv - u + tu).abs())).max()?;
        let size = (radius + 1 + i64::from(margin)).max(2);
        (size < s).then(|| Game {
            size: size as u32,
            moves: offsets().map(|(u, v)| Cell { x: (u - tu + size) as u32, y: (v - tv + size) as u32 }).collect(),
        })
    }
}

/// Where `cell` of a board of side `size` lands when the whole board is scaled down to side `to` about its centre
/// (in cube coordinates, rounded to the nearest cell, halves away from zero). Neighbours land on neighbours or on
/// one cell, corners on corners, the border on the border: a long structure on a big board gets a shorter copy on
/// a smaller one, which the shifts alone cannot give once the stones span the board. Exact integer arithmetic, so
/// it works at S = 10^9: a coordinate below 10^9 times a radius below 10^9 fits an i128 with room to spare.
fn scaled(size: u32, to: u32, cell: Cell) -> Cell {
    let (centre, radius, new_radius) = (i128::from(size), i128::from(size - 1), i128::from(to - 1));
    let (u, v) = (i128::from(cell.x) - centre, i128::from(cell.y) - centre);
    // Each cube coordinate k becomes k · new_radius / radius; kept as numerators over `radius`, rounding errors
    // compare exactly.
    let [a, b, c] = [u, -v, v - u].map(|k| k * new_radius);
    let round = |num: i128| {
        let (q, r) = (num / radius, num % radius);
        if 2 * r.abs() >= radius { q + num.signum() } else { q }
    };
    let [mut ra, mut rb, rc] = [a, b, c].map(round);
    // Rounding each coordinate may break a + b + c = 0: the one that moved most gives way (c needs no fixing, as x
    // and y come from a and b).
    let [da, db, dc] = [(ra * radius - a).abs(), (rb * radius - b).abs(), (rc * radius - c).abs()];
    if da > db && da > dc {
        ra = -rb - rc;
    } else if db > dc {
        rb = -ra - rc;
    }
    let to = i128::from(to);
    Cell { x: (ra + to) as u32, y: (to - rb) as u32 }
}

/// The kinds of game the generator makes. Uniformly random moves rarely make rings, so most kinds draw the
/// structures solvers get wrong: loops (closed by stones alone, or by the border, which does not count), clusters
/// that merge, paths that reach corners and edges, and solid patches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Moves on random cells anywhere on the board.
    Scattered,
    /// A few clusters grown stone by stone next to earlier stones: groups merge, reach corners and edges, and
    /// enclose holes.
    Clusters,
    /// The border cells of a random blob (a hexagon or a grown patch, anywhere, often cut by the board's edge),
    /// in random or walking order, with the blob's hole filled before, during or after the loop closes, or never.
    Loop,
    /// Paths from a hub to two, three or four targets among the corners, edge cells and random cells: bridges,
    /// forks, both at once, and rings where paths cross.
    Paths,
    /// Two groups built apart, then joined: a loop round one empty cell, open at a neighbour of it, and a second
    /// group starting next to that opening, each with arms toward corners and edges. The opening, played last,
    /// closes the ring and joins the groups, so one move often completes two or three kinds at once.
    Combined,
    /// Two or three structures that one stone completes together: bridge-fork, bridge-ring, fork-ring or
    /// bridge-fork-ring, drawn uniformly. Arms from two or three groups reach for corners and edges, planned so
    /// that no group has a bridge or a fork alone; for a ring, one group is a loop round a hole, open at the
    /// junction. Every other stone is played first, in a random order or group by group, and the junction last.
    /// On boards of up to 10^5 cells the arms steer round the other groups, and a plan that the generator's own
    /// reckoning finds completing something early, or something else, is drawn again (a dozen times at most).
    Junction,
    /// A solid parallelogram filled row by row (no ring, ever: every stone closes a triangle, not a loop), now and
    /// then with one cell skipped (a ring once it is surrounded) or in random order.
    Patch,
    /// The smallest board of the size range.
    Smallest,
    /// No moves at all.
    Empty,
}

impl Shape {
    pub const ALL: [Shape; 9] = [
        Shape::Scattered,
        Shape::Clusters,
        Shape::Loop,
        Shape::Paths,
        Shape::Combined,
        Shape::Junction,
        Shape::Patch,
        Shape::Smallest,
        Shape::Empty,
    ];
}

/// A game drawn from `rng`, of a random shape and a side in `sizes` (clamped to 2..=MAX_S).
pub fn generate(rng: &mut impl Rng, sizes: Sizes) -> Game {
    // Weights: the structured shapes first, the degenerate ones now and then. Junctions make most answers of two or
    // three kinds (each combination alike), paths and combined groups most forks.
    let shape = match rng.random_range(0..32) {
        0..=1 => Shape::Scattered,
        2..=3 => Shape::Clusters,
        4..=6 => Shape::Loop,
        7..=11 => Shape::Paths,
        12..=17 => Shape::Combined,
        18..=27 => Shape::Junction,
        28..=29 => Shape::Patch,
        30 => Shape::Smallest,
        _ => Shape::Empty,
    };
    generate_shape(rng, sizes, shape)
}

/// A game of `shape` with a side drawn from `sizes`. On boards of up to 10^6 cells the shape's structure is drawn
/// whole and followed by a drawn number of further moves (none, a few, or up to every free cell, biased toward
/// short games); the shapeless kinds (scattered, clusters, smallest) draw their move count the same way. On bigger
/// boards (S ≥ 578) every game has exactly MAX_M moves, so that `gamecheck gen havannah --size 1000000000 --cases 1`
/// is a game of the largest size the project accepts.
pub fn generate_shape(rng: &mut impl Rng, sizes: Sizes, shape: Shape) -> Game {
    let sizes = sizes.clamp(2, MAX_S as usize);
    let size = match shape {
        Shape::Smallest => sizes.min,
        // S = 2 has no edges and no room for a ring: only bridges.
        Shape::Junction => rng.random_range(sizes.min.max(sizes.max.min(3))..=sizes.max),
        _ => rng.random_range(sizes.min..=sizes.max),
    } as u32;
    let cells = Game::cell_count(size);
    if cells > MAX_M as u64 {
        return generate_game(rng, size, MAX_M, shape);
    }
    let cells = cells as usize;
    let mut b = Builder::new(size, cells);
    b.draw(rng, shape);
    let more = match shape {
        Shape::Empty => 0,
        // The structure is the game; what follows is noise, often none (a game that ends on its last move).
        Shape::Loop | Shape::Paths | Shape::Combined | Shape::Junction | Shape::Patch => {
            match rng.random_range(0..10) {
                0..=3 => 0,
                4..=6 => rng.random_range(0..=8),
                _ => some_moves(rng, cells - b.moves.len()),
            }
        }
        Shape::Scattered | Shape::Clusters | Shape::Smallest => some_moves(rng, cells),
    };
    let target = b.moves.len() + more;
    b.pad(rng, target, shape);
    Game { size, moves: b.moves }
}

/// A move count up to `most`: a handful, uniform, or log-uniform (as many games with 10–100 moves as 100–1000).
fn some_moves(rng: &mut impl Rng, most: usize) -> usize {
    match rng.random_range(0..10) {
        0 => rng.random_range(0..=most.min(8)),
        1..=4 => rng.random_range(0..=most),
        _ => ((most as f64 + 1.0).powf(rng.random_range(0.0..=1.0)) as usize).min(most),
    }
}

/// A game of `shape` on the board of side `size` with exactly `moves` moves (at most the board's cells and
/// MAX_M): the shape's own stones first (cut short if they do not fit), then as many more as it takes, grown next
/// to earlier stones or scattered.
pub fn generate_game(rng: &mut impl Rng, size: u32, moves: usize, shape: Shape) -> Game {
    let size = size.clamp(2, MAX_S);
    let moves = moves.min(MAX_M).min(Game::cell_count(size) as usize);
    let mut b = Builder::new(size, moves);
    b.draw(rng, shape);
    b.pad(rng, moves, shape);
    debug_assert_eq!(b.moves.len(), moves);
    Game { size, moves: b.moves }
}

/// The six steps to a neighbour, in order round the cell; for the generators only.
const STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// Steps between two cells; for the generators only.
fn hex_distance(p: Cell, q: Cell) -> i64 {
    let (a, b) = (i64::from(q.x) - i64::from(p.x), i64::from(q.y) - i64::from(p.y));
    a.abs().max(b.abs()).max((a - b).abs())
}

/// What a [`Shape::Junction`] game aims for, drawn uniformly: the kinds one move completes together.
const JUNCTION_GOALS: [Structures; 4] = [
    Structures { bridge: true, fork: true, ring: false },
    Structures { bridge: true, fork: false, ring: true },
    Structures { bridge: false, fork: true, ring: true },
    Structures { bridge: true, fork: true, ring: true },
];

/// A game under construction: the moves so far and the cells they use, never past `limit` moves.
struct Builder {
    size: u32,
    limit: usize,
    moves: Vec<Cell>,
    used: HashSet<Cell>,
}

impl Builder {
    fn new(size: u32, limit: usize) -> Builder {
        Builder { size, limit, moves: Vec::with_capacity(limit), used: HashSet::with_capacity(limit) }
    }

    /// The shape's own stones (none for the shapeless kinds).
    fn draw(&mut self, rng: &mut impl Rng, shape: Shape) {
        match shape {
            Shape::Scattered | Shape::Clusters | Shape::Smallest | Shape::Empty => {}
            Shape::Loop => self.draw_loop(rng),
            Shape::Paths => self.draw_paths(rng),
            Shape::Combined => self.draw_combined(rng),
            Shape::Junction => self.draw_junction(rng),
            Shape::Patch => self.fill_patch(rng),
        }
    }

    /// More moves up to `target` in all: grown clusters for `Clusters`, otherwise scattered or grown at random.
    fn pad(&mut self, rng: &mut impl Rng, target: usize, shape: Shape) {
        let target = target.min(self.limit);
        if shape != Shape::Clusters && rng.random_bool(0.5) {
            self.scatter(rng, target - self.moves.len());
        } else {
            let seeds = rng.random_range(1..=4);
            self.grow(rng, target - self.moves.len(), seeds);
            // Growing gives up only when every cluster is boxed in; scatter whatever is left.
            self.scatter(rng, target - self.moves.len());
        }
    }

    fn full(&self) -> bool {
        self.moves.len() >= self.limit
    }

    fn cell(&self, x: i64, y: i64) -> Option<Cell> {
        let s = i64::from(self.size);
        let last = 2 * s - 1;
        ((1..=last).contains(&x) && (1..=last).contains(&y) && (x - y).abs() < s)
            .then_some(Cell { x: x as u32, y: y as u32 })
    }

    fn step(&self, c: Cell, k: usize) -> Option<Cell> {
        let (dx, dy) = STEPS[k % 6];
        self.cell(i64::from(c.x) + dx, i64::from(c.y) + dy)
    }

    /// Play `c` if it is free and the game has room; whether it was played.
    fn place(&mut self, c: Cell) -> bool {
        if self.full() || !self.used.insert(c) {
            return false;
        }
        self.moves.push(c);
        true
    }

    fn random_cell(&self, rng: &mut impl Rng) -> Cell {
        let last = 2 * i64::from(self.size) - 1;
        // About three draws in four land on the board; past REJECTIONS misses the test of a cell is wrong.
        for _ in 0..REJECTIONS {
            if let Some(c) = self.cell(rng.random_range(1..=last), rng.random_range(1..=last)) {
                return c;
            }
        }
        panic!("no cell of a board of side {} in {REJECTIONS} draws", self.size)
    }

    fn random_free_cell(&self, rng: &mut impl Rng) -> Option<Cell> {
        let cells = Game::cell_count(self.size);
        if self.used.len() as u64 >= cells {
            return None;
        }
        // A draw finds a free cell with probability at least 1/cells: REJECTIONS·cells misses mean a bug.
        for _ in 0..cells.saturating_mul(REJECTIONS as u64) {
            let c = self.random_cell(rng);
            if !self.used.contains(&c) {
                return Some(c);
            }
        }
        panic!("no free cell among {} stones on a board of {cells} cells", self.used.len())
    }

    /// `count` more moves on random free cells.
    fn scatter(&mut self, rng: &mut impl Rng, count: usize) {
        let free = Game::cell_count(self.size) - self.used.len() as u64;
        if free <= 4 * count as u64 && free <= 4 * MAX_M as u64 {
            // Nearly full: rejection would spin, so list the free cells instead.
            let mut cells: Vec<Cell> = cells_of(self.size).filter(|c| !self.used.contains(c)).collect();
            cells.shuffle(rng);
            for c in cells.into_iter().take(count) {
                self.place(c);
            }
        } else {
            for _ in 0..count {
                let c = self.random_free_cell(rng).expect("the board has free cells");
                self.place(c);
            }
        }
    }

    /// `count` more moves, each next to a stone of one of `seeds` clusters (a fresh cluster when one is boxed in).
    fn grow(&mut self, rng: &mut impl Rng, count: usize, seeds: usize) {
        let target = (self.moves.len() + count).min(self.limit);
        let mut clusters: Vec<Vec<Cell>> = Vec::new();
        while self.moves.len() < target {
            let before = (self.moves.len(), clusters.len());
            if clusters.len() < seeds || rng.random_bool(0.002) {
                // Seeds at corners and on edges now and then, so clusters reach them early.
                let seed = if rng.random_bool(0.3) { self.border_cell(rng) } else { self.random_cell(rng) };
                let seed = if self.used.contains(&seed) {
                    self.random_free_cell(rng).expect("a game short of its target leaves free cells")
                } else {
                    seed
                };
                assert!(self.place(seed), "a free cell of a game short of its target takes a stone");
                clusters.push(vec![seed]);
            } else {
                let k = rng.random_range(0..clusters.len());
                let mut grown = false;
                for _ in 0..24 {
                    let from = clusters[k][rng.random_range(0..clusters[k].len())];
                    if let Some(c) = self.step(from, rng.random_range(0..6))
                        && self.place(c)
                    {
                        clusters[k].push(c);
                        grown = true;
                        break;
                    }
                }
                if !grown {
                    // Boxed in (or unlucky): start another cluster instead.
                    clusters.swap_remove(k);
                }
            }
            // A seed places a stone and starts a cluster, a growth places a stone, a failed one drops a cluster: so
            // a stone goes down at least every other round and the loop ends. A round that changed neither (a
            // `place` that says it played and did not) would repeat for ever.
            assert_ne!((self.moves.len(), clusters.len()), before, "a round of growing changed nothing");
        }
    }

    /// A corner or a cell on an edge. Corner k is followed, going round, by the cells of edge k.
    fn border_cell(&self, rng: &mut impl Rng) -> Cell {
        let k = rng.random_range(0..6);
        let along = if rng.random_bool(0.3) { 0 } else { rng.random_range(0..i64::from(self.size) - 1) };
        self.border(k, along)
    }

    /// A cell of edge k, not a corner (a corner on S = 2, which has no edges).
    fn edge_cell(&self, rng: &mut impl Rng, k: usize) -> Cell {
        let along = if self.size > 2 { rng.random_range(1..i64::from(self.size) - 1) } else { 0 };
        self.border(k, along)
    }

    /// The cell `along` steps from corner k toward corner k + 1; along = 0 is the corner itself.
    fn border(&self, k: usize, along: i64) -> Cell {
        let s = i64::from(self.size);
        let last = 2 * s - 1;
        let corners = [(1, 1), (1, s), (s, last), (last, last), (last, s), (s, 1)];
        let (x, y) = corners[k];
        let (dx, dy) = STEPS[k];
        self.cell(x + dx * along, y + dy * along).expect("the border lies on the board")
    }

    /// The cells around a blob, played so that they close a loop, with the blob's own cells (the hole) played
    /// before, among or after them, or not at all.
    fn draw_loop(&mut self, rng: &mut impl Rng) {
        let s = i64::from(self.size);
        // No room check: a loop that does not fit is cut short by `place`, as every shape is.
        let room = self.limit.saturating_sub(self.moves.len());
        // Centres anywhere, but half the time near the border so that loops run into edges and corners.
        let centre = if rng.random_bool(0.5) {
            let c = self.border_cell(rng);
            let inward = rng.random_range(0..=3.min(s - 1));
            let (dx, dy) = STEPS[rng.random_range(0..6)];
            self.cell(i64::from(c.x) + dx * inward, i64::from(c.y) + dy * inward).unwrap_or(c)
        } else {
            self.random_cell(rng)
        };
        // A blob whose loop and hole fit the room: radius r costs about 3r² + 9r + 7 moves.
        // No upper clamp: room is at most the board's 3S² − 3S + 1 cells, so this is below S.
        let max_radius = (((room as f64) / 3.0).sqrt() as i64 - 2).max(0);
        let radius = match rng.random_range(0..10) {
            _ if max_radius == 0 => 0,
            0..=2 => 0,
            3..=7 => rng.random_range(0..=max_radius.min(3)),
            _ => rng.random_range(0..=max_radius),
        };
        let blob: Vec<Cell> = if rng.random_bool(0.5) {
            self.hexagon(centre, radius)
        } else {
            self.blob(rng, centre, (3 * radius * (radius + 1) + 1) as usize)
        };
        let inside: HashSet<Cell> = blob.iter().copied().collect();
        let mut ring: Vec<Cell> = Vec::new();
        let mut seen = HashSet::new();
        for &c in &blob {
            for k in 0..6 {
                if let Some(n) = self.step(c, k)
                    && !inside.contains(&n)
                    && seen.insert(n)
                {
                    ring.push(n);
                }
            }
        }
        if rng.random_bool(0.5) {
            ring.shuffle(rng);
        } else {
            // Walk round the centre, starting anywhere, so the loop closes on its last stone.
            let angle = |c: &Cell| {
                let (a, b) =
                    ((i64::from(c.x) - i64::from(centre.x)) as f64, (i64::from(c.y) - i64::from(centre.y)) as f64);
                (b * 3f64.sqrt() / 2.0).atan2(a - b / 2.0)
            };
            ring.sort_by(|p, q| angle(p).total_cmp(&angle(q)));
            let start = rng.random_range(0..ring.len().max(1));
            ring.rotate_left(start);
        }
        let mut hole = blob;
        hole.shuffle(rng);
        let noise = if rng.random_bool(0.5) { 0.0 } else { rng.random_range(0.0..0.5) };
        match rng.random_range(0..6) {
            // The hole first: the loop then encloses only stones, which is no ring.
            0 => {
                self.place_all(rng, &hole, noise);
                self.place_all(rng, &ring, noise);
            }
            // All of the hole but one cell: the loop's last stone closes a ring round it.
            1 => {
                let keep = hole.pop();
                self.place_all(rng, &hole, noise);
                self.place_all(rng, &ring, noise);
                if let Some(c) = keep {
                    self.place(c);
                }
            }
            2 => {
                self.place_all(rng, &ring, noise);
                self.place_all(rng, &hole, noise);
            }
            3 => {
                let mut both: Vec<Cell> = ring.iter().chain(&hole).copied().collect();
                both.shuffle(rng);
                self.place_all(rng, &both, noise);
            }
            _ => self.place_all(rng, &ring, noise),
        }
    }

    /// Play `cells` in order, with a random extra move before each one at rate `noise`.
    fn place_all(&mut self, rng: &mut impl Rng, cells: &[Cell], noise: f64) {
        for &c in cells {
            if noise > 0.0 && rng.random_bool(noise) {
                if let Some(extra) = self.random_free_cell(rng) {
                    self.place(extra);
                }
            }
            self.place(c);
        }
    }

    /// The cells within `radius` steps of `centre`, on the board.
    fn hexagon(&self, centre: Cell, radius: i64) -> Vec<Cell> {
        let (cx, cy) = (i64::from(centre.x), i64::from(centre.y));
        let mut out = Vec::new();
        for a in -radius..=radius {
            for b in -radius..=radius {
                if (a - b).abs() <= radius
                    && let Some(c) = self.cell(cx + a, cy + b)
                {
                    out.push(c);
                }
            }
        }
        out
    }

    /// About `size` connected cells grown at random from `centre`.
    fn blob(&self, rng: &mut impl Rng, centre: Cell, size: usize) -> Vec<Cell> {
        let mut cells = vec![centre];
        let mut inside: HashSet<Cell> = HashSet::from([centre]);
        for _ in 0..8 * size {
            if cells.len() >= size {
                break;
            }
            let from = cells[rng.random_range(0..cells.len())];
            if let Some(c) = self.step(from, rng.random_range(0..6))
                && inside.insert(c)
            {
                cells.push(c);
            }
        }
        cells
    }

    /// Paths from one hub toward two to four targets (corners, edge cells, random cells), each a shortest path
    /// with random turns, played path by path, round-robin or shuffled.
    fn draw_paths(&mut self, rng: &mut impl Rng) {
        let room = self.limit.saturating_sub(self.moves.len());
        let hub = self.random_cell(rng);
        let arms = rng.random_range(2..=4);
        let per_arm = (room / arms).max(1);
        let mut paths: Vec<Vec<Cell>> = Vec::new();
        for _ in 0..arms {
            let target = match rng.random_range(0..5) {
                0 => self.border(rng.random_range(0..6), 0),
                1 => self.border_cell(rng),
                2 | 3 => {
                    let edge = rng.random_range(0..6);
                    self.edge_cell(rng, edge)
                }
                _ => self.random_cell(rng),
            };
            paths.push(self.path(rng, hub, target, per_arm));
        }
        let noise = if rng.random_bool(0.6) { 0.0 } else { rng.random_range(0.0..0.3) };
        match rng.random_range(0..3) {
            0 => {
                for path in &paths {
                    self.place_all(rng, path, noise);
                }
            }
            1 => {
                let longest = paths.iter().map(Vec::len).max().unwrap_or(0);
                let round_robin: Vec<Cell> =
                    (0..longest).flat_map(|i| paths.iter().filter_map(move |p| p.get(i).copied())).collect();
                self.place_all(rng, &round_robin, noise);
            }
            _ => {
                let mut all: Vec<Cell> = paths.concat();
                all.shuffle(rng);
                self.place_all(rng, &all, noise);
            }
        }
    }

    /// A shortest path from `from` toward `target` (both included), turning at random, of at most `limit` cells.
    fn path(&self, rng: &mut impl Rng, from: Cell, target: Cell, limit: usize) -> Vec<Cell> {
        let distance = |c: Cell| {
            let (a, b) = (i64::from(target.x) - i64::from(c.x), i64::from(target.y) - i64::from(c.y));
            a.abs().max(b.abs()).max((a - b).abs())
        };
        let mut path = vec![from];
        let mut at = from;
        while at != target && path.len() < limit {
            // One or two of the six steps lead closer (never three: the slot past them would be out of bounds);
            // take either.
            let mut closer = [at; 2];
            let mut count = 0;
            for n in (0..6).filter_map(|k| self.step(at, k)) {
                if distance(n) < distance(at) {
                    closer[count] = n;
                    count += 1;
                }
            }
            at = closer[rng.random_range(0..count)];
            path.push(at);
        }
        path
    }

    /// See [`Shape::Combined`]. The arms' targets are planned so that neither group has a bridge or a fork alone:
    /// distinct corners and edges, at most one corner and two edges per group, so that the joining move completes
    /// a bridge (a corner each), a fork (three edges between them), both, or neither, on top of the ring.
    fn draw_combined(&mut self, rng: &mut impl Rng) {
        let room = self.limit.saturating_sub(self.moves.len());
        let hole = self.random_cell(rng);
        let opening_step = rng.random_range(0..6);
        let Some(opening) = self.step(hole, opening_step) else { return };
        // The loop: the hole's other five neighbours (fewer where the border cuts them, then no ring can close).
        let ring: Vec<Cell> = (1..6).filter_map(|k| self.step(hole, opening_step + k)).collect();
        // The second group starts across the opening from the hole, touching the opening and no loop cell.
        let start = self.step(opening, opening_step);

        // How far a cell lies beyond the hole in the opening's direction: the second group takes the far targets
        // and the loop the near ones, so that their arms head apart instead of crossing.
        let (dx, dy) = STEPS[opening_step];
        let (ux, uy) = (dx as f64 - dy as f64 / 2.0, dy as f64 * 3f64.sqrt() / 2.0);
        let beyond = |c: &Cell| {
            let (a, b) = ((i64::from(c.x) - i64::from(hole.x)) as f64, (i64::from(c.y) - i64::from(hole.y)) as f64);
            (a - b / 2.0) * ux + b * 3f64.sqrt() / 2.0 * uy
        };
        let mut corners: Vec<Cell> = (0..6).map(|k| self.border(k, 0)).collect();
        corners.shuffle(rng);
        let mut edges: Vec<usize> = (0..6).collect();
        edges.shuffle(rng);
        let (bridge, fork) = (rng.random_bool(0.6), rng.random_bool(0.6));
        let mut targets_a = Vec::new();
        let mut targets_b = Vec::new();
        if bridge {
            let mut pair = [corners[0], corners[1]];
            pair.sort_by(|p, q| beyond(p).total_cmp(&beyond(q)));
            targets_a.push(pair[0]);
            targets_b.push(pair[1]);
        }
        if fork {
            let mut three: Vec<Cell> = edges[..3].iter().map(|&k| self.edge_cell(rng, k)).collect();
            three.sort_by(|p, q| beyond(p).total_cmp(&beyond(q)));
            let split = rng.random_range(1..=2);
            targets_a.extend(&three[..split]);
            targets_b.extend(&three[split..]);
        }
        if targets_a.is_empty() || rng.random_bool(0.2) {
            targets_a.push(self.random_cell(rng));
        }
        // The loop's arms leave from the cell opposite the opening where the board has it.
        let back = self.step(hole, opening_step + 3).unwrap_or(ring[0]);
        let arms = targets_a.len() + targets_b.len().max(1);
        let per_arm = (room.saturating_sub(7) / arms).max(1);
        let avoid = |c: &Cell| *c != hole && *c != opening;
        let mut a: Vec<Cell> = ring.clone();
        for to in targets_a {
            let from = if rng.random_bool(0.8) { back } else { ring[rng.random_range(0..ring.len())] };
            a.extend(self.path(rng, from, to, per_arm).into_iter().filter(avoid));
        }
        let mut b: Vec<Cell> = Vec::new();
        if let Some(start) = start {
            b.push(start);
            for to in targets_b {
                b.extend(self.path(rng, start, to, per_arm).into_iter().filter(avoid));
            }
        }
        if rng.random_bool(0.3) {
            a.shuffle(rng);
            b.shuffle(rng);
        }
        let noise = if rng.random_bool(0.7) { 0.0 } else { rng.random_range(0.0..0.2) };
        if rng.random_bool(0.5) {
            self.place_all(rng, &a, noise);
            self.place_all(rng, &b, noise);
        } else {
            self.place_all(rng, &b, noise);
            self.place_all(rng, &a, noise);
        }
        self.place(opening);
    }

    /// See [`Shape::Junction`]. Plans are drawn until one passes the generator's own check (on boards small enough
    /// to check), a dozen at most; the last one is played either way.
    fn draw_junction(&mut self, rng: &mut impl Rng) {
        if self.size < 3 {
            return;
        }
        let goal = JUNCTION_GOALS[rng.random_range(0..JUNCTION_GOALS.len())];
        let room = self.limit.saturating_sub(self.moves.len());
        let small = Game::cell_count(self.size) <= 100_000;
        let (mut groups, mut junction) = self.plan_junction(rng, goal, room, small);
        for _ in 1..12 {
            if !small || self.junction_completes(&groups.concat(), junction, goal) {
                break;
            }
            (groups, junction) = self.plan_junction(rng, goal, room, small);
        }
        // Every other stone first, in a random order or group by group as drawn (arm by arm), then the junction.
        let stones = if rng.random_bool(0.6) {
            let mut all = groups.concat();
            all.shuffle(rng);
            all
        } else {
            groups.shuffle(rng);
            groups.concat()
        };
        for c in stones {
            self.place(c);
        }
        self.place(junction);
    }

    /// The groups of a junction game (lists of distinct cells in drawing order, none of them the junction) and the
    /// junction that joins them. For a ring, the first group is a loop round a hole (a cell, or a hexagon of seven
    /// cells of which a few may hold stones) open at the junction, and the second starts on the junction's far
    /// side, touching no loop cell; otherwise two or three groups start on neighbours of the junction that are not
    /// neighbours of each other. Each group then sends arms to its share of the targets: two corners for a bridge,
    /// three edges for a fork, one corner or edge more now and then when it cannot add a kind, and sometimes an
    /// inner cell. The targets are shared out so that no group has two corners or three edges and arms need not
    /// cross, mostly the way that keeps them shortest. `careful` arms keep a cell away from the other groups (a
    /// search over the board, for small boards); the others are shortest paths that look at nothing.
    fn plan_junction(
        &self,
        rng: &mut impl Rng,
        goal: Structures,
        room: usize,
        careful: bool,
    ) -> (Vec<Vec<Cell>>, Cell) {
        let s = i64::from(self.size);
        let mut groups: Vec<Vec<Cell>> = Vec::new();
        // The hole's cells that stay empty.
        let mut hole: Vec<Cell> = Vec::new();
        // The cells each group's arms may start from: an arm starts from the one nearest its target.
        let mut anchors: Vec<Vec<Cell>> = Vec::new();
        // A cell in the direction each group leaves the junction.
        let mut headings: Vec<Cell> = Vec::new();
        let junction;
        if goal.ring {
            let r = if s >= 5 && rng.random_bool(0.3) { 1 } else { 0 };
            // The loop lies r + 1 steps from the hole's centre, off the border, and the second group's start too
            // where the board has room (not on S = 3).
            let centre = self.random_cell_within(rng, (s - 4 - r).max(0));
            let t = rng.random_range(0..6);
            let at = |k: usize, n: i64| {
                let (dx, dy) = STEPS[k % 6];
                self.cell(i64::from(centre.x) + dx * n, i64::from(centre.y) + dy * n).expect("inside the board")
            };
            // A straight cell of the loop: of its outer neighbours, only the one straight on touches no loop cell.
            junction = at(t, r + 1);
            let outer = at(t, r + 2);
            let mut ring: Vec<Cell> =
                self.hexagon(centre, r + 1).into_iter().filter(|&c| hex_distance(c, centre) == r + 1).collect();
            ring.retain(|&c| c != junction);
            // Not next to the junction: an arm from there would pass next to the second group.
            anchors.push(ring.iter().copied().filter(|&c| hex_distance(c, junction) > 1).collect());
            hole = self.hexagon(centre, r);
            if r == 1 && rng.random_bool(0.5) {
                hole.shuffle(rng);
                ring.extend(hole.drain(..rng.random_range(1..=3)));
            }
            groups.push(ring);
            groups.push(vec![outer]);
            anchors.push(vec![outer]);
            headings.extend([centre, outer]);
        } else {
            junction = self.random_cell_within(rng, s - 3);
            let t = rng.random_range(0..6);
            let spread: &[usize] = if rng.random_bool(0.5) { &[0, 3] } else { &[0, 2, 4] };
            for &k in spread {
                let start = self.step(junction, t + k).expect("the junction is off the border");
                groups.push(vec![start]);
                anchors.push(vec![start]);
                headings.push(start);
            }
        }

        // The targets, each with whether it is a corner (`Some(true)`), an edge cell or an inner cell (`None`).
        let mut corners: Vec<usize> = (0..6).collect();
        corners.shuffle(rng);
        let mut edges: Vec<usize> = (0..6).collect();
        edges.shuffle(rng);
        let mut targets: Vec<(Cell, Option<bool>)> = Vec::new();
        if goal.bridge || rng.random_bool(0.25) {
            let count = if goal.bridge { 2 } else { 1 };
            targets.extend(corners[..count].iter().map(|&k| (self.border(k, 0), Some(true))));
        }
        if goal.fork || rng.random_bool(0.25) {
            let count = if goal.fork { 3 } else { 1 };
            targets.extend(edges[..count].iter().map(|&k| (self.edge_cell(rng, k), Some(false))));
        }
        if rng.random_bool(0.2) {
            targets.push((self.random_cell_within(rng, s - 2), None));
        }
        // Every way to share the targets out among the groups, at most one corner and two edges each, and without
        // arms crossing: going round the junction, each group's targets come in one run, and the runs in the order
        // of the groups. One of the shortest, or now and then any.
        let angle = |c: Cell| {
            let (a, b) =
                ((i64::from(c.x) - i64::from(junction.x)) as f64, (i64::from(c.y) - i64::from(junction.y)) as f64);
            (b * 3f64.sqrt() / 2.0).atan2(a - b / 2.0)
        };
        targets.sort_by(|p, q| angle(p.0).total_cmp(&angle(q.0)));
        let mut round: Vec<usize> = (0..groups.len()).collect();
        round.sort_by(|&g, &h| angle(headings[g]).total_cmp(&angle(headings[h])));
        let reach = |from: &[Cell], to: Cell| from.iter().map(|&c| hex_distance(c, to)).min().unwrap_or(0);
        let n = groups.len();
        let mut shares: Vec<(i64, Vec<usize>)> = Vec::new();
        for code in 0..n.pow(targets.len() as u32) {
            let share: Vec<usize> = (0..targets.len()).map(|i| code / n.pow(i as u32) % n).collect();
            let fits = (0..n).all(|g| {
                let mine = || share.iter().zip(&targets).filter(move |(h, _)| **h == g);
                mine().filter(|(_, t)| t.1 == Some(true)).count() <= 1
                    && mine().filter(|(_, t)| t.1 == Some(false)).count() <= 2
            });
            let mut runs = share.clone();
            runs.dedup();
            // Round the junction the last run and the first are one when they are the same group's (a lone run
            // goes too, which changes nothing: fewer than three runs are always in order).
            if runs.first() == runs.last() {
                runs.pop();
            }
            let in_order =
                runs.len() < 3 || (0..runs.len()).any(|k| runs.iter().cycle().skip(k).take(runs.len()).eq(&round));
            if fits && in_order {
                let cost = share.iter().zip(&targets).map(|(&g, t)| reach(&anchors[g], t.0)).sum();
                shares.push((cost, share));
            }
        }
        let share = if rng.random_bool(0.8) {
            let best = shares.iter().map(|s| s.0).min().unwrap_or(0);
            shares.retain(|s| s.0 == best);
            shares.swap_remove(rng.random_range(0..shares.len())).1
        } else {
            shares.swap_remove(rng.random_range(0..shares.len())).1
        };

        let per_arm = (room / (targets.len() + 2)).max(1);
        let mut seen: HashSet<Cell> = groups.iter().flatten().copied().collect();
        seen.insert(junction);
        for (&(target, _), &g) in targets.iter().zip(&share) {
            // Careful arms keep a cell away from the other groups, the junction and the hole.
            let detour = careful.then(|| {
                let mut blocked: HashSet<Cell> = hole.iter().copied().collect();
                for &c in
                    groups.iter().enumerate().filter(|&(h, _)| h != g).flat_map(|(_, cells)| cells).chain([&junction])
                {
                    blocked.insert(c);
                    blocked.extend((0..6).filter_map(|k| self.step(c, k)));
                }
                self.detour(rng, &anchors[g], target, &blocked)
            });
            let arm = detour.flatten().unwrap_or_else(|| {
                let mut from = anchors[g].clone();
                from.shuffle(rng);
                let from = from.into_iter().min_by_key(|&c| hex_distance(c, target)).expect("a group has a start");
                self.arm(rng, from, target, per_arm)
            });
            anchors[g].extend(arm.iter().copied().filter(|&c| hex_distance(c, junction) > 1 && self.depth(c) < s - 1));
            groups[g].extend(arm.into_iter().filter(|&c| seen.insert(c)));
        }
        (groups, junction)
    }

    /// A shortest path from the nearest of `starts` to `target` through cells off `blocked` and off the border (but
    /// for the target itself), turning at random; none if there is no such path.
    fn detour(&self, rng: &mut impl Rng, starts: &[Cell], target: Cell, blocked: &HashSet<Cell>) -> Option<Vec<Cell>> {
        let s = i64::from(self.size);
        let start_set: HashSet<Cell> = starts.iter().copied().collect();
        let open = |c: Cell| start_set.contains(&c) || (!blocked.contains(&c) && self.depth(c) < s - 1);
        // Steps to the target, out from it until the nearest start.
        let mut steps: HashMap<Cell, u32> = HashMap::from([(target, 0)]);
        let mut queue = VecDeque::from([target]);
        let mut reach = None;
        while let Some(c) = queue.pop_front() {
            let d = steps[&c];
            if start_set.contains(&c) {
                reach = Some(d);
                break;
            }
            for n in (0..6).filter_map(|k| self.step(c, k)) {
                if open(n) && !steps.contains_key(&n) {
                    steps.insert(n, d + 1);
                    queue.push_back(n);
                }
            }
        }
        let reach = reach?;
        let nearest: Vec<Cell> = starts.iter().copied().filter(|c| steps.get(c) == Some(&reach)).collect();
        let mut at = nearest[rng.random_range(0..nearest.len())];
        let mut path = vec![at];
        // Each step is one closer, so `reach` of them end on the target; counted, so that a wrong step fails here
        // instead of wandering for ever.
        for _ in 0..reach {
            let d = steps[&at];
            let closer: Vec<Cell> =
                (0..6).filter_map(|k| self.step(at, k)).filter(|n| steps.get(n).is_some_and(|&e| e + 1 == d)).collect();
            at = closer[rng.random_range(0..closer.len())];
            path.push(at);
        }
        assert_eq!(at, target, "a detour of {reach} steps ends on its target");
        Some(path)
    }

    /// Steps from the centre: S − 1 on the border.
    fn depth(&self, c: Cell) -> i64 {
        hex_distance(c, Cell { x: self.size, y: self.size })
    }

    /// A cell at most `radius` steps from the centre, all such cells alike.
    fn random_cell_within(&self, rng: &mut impl Rng, radius: i64) -> Cell {
        let s = i64::from(self.size);
        for _ in 0..REJECTIONS {
            let (a, b) = (rng.random_range(-radius..=radius), rng.random_range(-radius..=radius));
            if (a - b).abs() <= radius {
                return self.cell(s + a, s + b).expect("inside the board");
            }
        }
        panic!("no cell within {radius} of the centre in {REJECTIONS} draws")
    }

    /// A path from `from` to `target` that keeps off the border until its last cell when `target` is on the
    /// border and `from` is not: a shortest path to the nearest of the target's inner neighbours, then the target.
    /// So an arm's corners and edges are its target's alone.
    fn arm(&self, rng: &mut impl Rng, from: Cell, target: Cell, limit: usize) -> Vec<Cell> {
        let s = i64::from(self.size);
        if self.depth(target) < s - 1 {
            return self.path(rng, from, target, limit);
        }
        let mut inner: Vec<Cell> =
            (0..6).filter_map(|k| self.step(target, k)).filter(|&c| self.depth(c) < s - 1).collect();
        inner.shuffle(rng);
        let via = inner.into_iter().min_by_key(|&c| hex_distance(from, c)).unwrap_or(target);
        let mut path = self.path(rng, from, via, limit);
        if path.len() < limit {
            path.push(target);
        }
        path
    }

    /// The corners (bits 0 to 5) and edges (bits 6 to 11) a cell belongs to: the generator's own reckoning.
    fn contacts(&self, c: Cell) -> u16 {
        let s = self.size;
        let last = 2 * s - 1;
        let corners = [(1, 1), (1, s), (s, last), (last, last), (last, s), (s, 1)];
        if let Some(k) = corners.iter().position(|&p| p == (c.x, c.y)) {
            return 1 << k;
        }
        let lines = [c.x == 1, c.y == 1, c.x == last, c.y == last, c.x == c.y + (s - 1), c.y == c.x + (s - 1)];
        lines.iter().position(|&on| on).map_or(0, |k| 1 << (6 + k))
    }

    /// Whether `stones` enclose an empty cell: a flood fill of the empty cells from outside, within the
    /// stones' bounding box. Every cell outside the box walks straight out of the board, and a way in from there
    /// crosses the box's rim (a step moves each coordinate by one at most), whose empty cells start the fill.
    fn encloses(&self, stones: &HashSet<Cell>) -> bool {
        let Some(x0) = stones.iter().map(|c| i64::from(c.x)).min() else { return false };
        let x1 = stones.iter().map(|c| i64::from(c.x)).max().unwrap_or(0);
        let y0 = stones.iter().map(|c| i64::from(c.y)).min().unwrap_or(0);
        let y1 = stones.iter().map(|c| i64::from(c.y)).max().unwrap_or(0);
        let s = i64::from(self.size);
        let mut reached: HashSet<Cell> = HashSet::new();
        let mut queue = VecDeque::new();
        let mut empty = 0;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let Some(c) = self.cell(x, y) else { continue };
                if stones.contains(&c) {
                    continue;
                }
                empty += 1;
                if x == x0 || x == x1 || y == y0 || y == y1 || self.depth(c) == s - 1 {
                    reached.insert(c);
                    queue.push_back(c);
                }
            }
        }
        while let Some(c) = queue.pop_front() {
            for n in (0..6).filter_map(|k| self.step(c, k)) {
                if (x0..=x1).contains(&i64::from(n.x))
                    && (y0..=y1).contains(&i64::from(n.y))
                    && !stones.contains(&n)
                    && reached.insert(n)
                {
                    queue.push_back(n);
                }
            }
        }
        reached.len() < empty
    }

    /// The generator's own check of a junction plan: played in any order, `stones` complete nothing (no group has
    /// two corners or three edges, no empty cell is enclosed, and none ever was, as no stone is walled in by
    /// stones), and `junction` then completes exactly `goal`.
    fn junction_completes(&self, stones: &[Cell], junction: Cell, goal: Structures) -> bool {
        let set: HashSet<Cell> = stones.iter().copied().collect();
        // A border cell, short of six neighbours, is never walled in: the border closes no ring.
        let walled = |c: Cell| (0..6).all(|k| self.step(c, k).is_some_and(|n| set.contains(&n)));
        if stones.iter().any(|&c| walled(c)) || self.encloses(&set) {
            return false;
        }
        let complete = |mask: u16| ((mask & 0x3f).count_ones() >= 2, (mask >> 6).count_ones() >= 3);
        let mut group_of: HashMap<Cell, usize> = HashMap::new();
        let mut masks: Vec<u16> = Vec::new();
        // Taking each stone out of `ungrouped` (rather than testing two sets) visits it once: no slip loops the fill.
        let mut ungrouped = set.clone();
        for &first in stones {
            if !ungrouped.remove(&first) {
                continue;
            }
            let g = masks.len();
            let mut mask = 0;
            let mut todo = vec![first];
            group_of.insert(first, g);
            while let Some(c) = todo.pop() {
                mask |= self.contacts(c);
                for n in (0..6).filter_map(|k| self.step(c, k)) {
                    if ungrouped.remove(&n) {
                        group_of.insert(n, g);
                        todo.push(n);
                    }
                }
            }
            if complete(mask) != (false, false) {
                return false;
            }
            masks.push(mask);
        }
        let mut joined = self.contacts(junction);
        for n in (0..6).filter_map(|k| self.step(junction, k)) {
            if let Some(&g) = group_of.get(&n) {
                joined |= masks[g];
            }
        }
        let mut after = set;
        after.insert(junction);
        complete(joined) == (goal.bridge, goal.fork) && self.encloses(&after) == goal.ring
    }

    /// A parallelogram of cells x0 ≤ x < x0 + w, y0 ≤ y < y0 + h (where on the board), row by row.
    fn fill_patch(&mut self, rng: &mut impl Rng) {
        let room = self.limit.saturating_sub(self.moves.len()) as i64;
        if room == 0 {
            return;
        }
        let s = i64::from(self.size);
        let w = rng.random_range(1..=room.min(2 * s - 1));
        let h = rng.random_range(1..=(room / w).clamp(1, 2 * s - 1));
        let origin = self.random_cell(rng);
        let (x0, y0) = (i64::from(origin.x) - rng.random_range(0..w), i64::from(origin.y) - rng.random_range(0..h));
        let mut cells: Vec<Cell> =
            (y0..y0 + h).flat_map(|y| (x0..x0 + w).map(move |x| (x, y))).filter_map(|(x, y)| self.cell(x, y)).collect();
        match rng.random_range(0..5) {
            0 => cells.shuffle(rng),
            // Skip one cell: once its six neighbours are played it is enclosed.
            1 if cells.len() > 2 => {
                let skip = rng.random_range(0..cells.len());
                cells.remove(skip);
            }
            2 => cells.reverse(),
            _ => {}
        }
        for c in cells {
            self.place(c);
        }
    }
}

impl Cases for Havannah {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Game {
        generate(rng, sizes)
    }

    fn shrink(case: &Game) -> Box<dyn Iterator<Item = Game>> {
        Box::new(shrink(case))
    }

    /// A board of side 2..=7 and up to every one of its cells, two bytes per move. Running out of bytes is an
    /// error rather than a short game, so short fuzz inputs do not all collapse into the empty board.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Game> {
        let [size_byte, count_byte] = <[u8; 2]>::try_from(u.bytes(2)?).expect("two bytes");
        let size = 2 + u32::from(size_byte) % 6;
        let mut free: Vec<Cell> = cells_of(size).collect();
        let m = usize::from(count_byte) % (free.len() + 1);
        let mut moves = Vec::with_capacity(m);
        for pair in u.bytes(2 * m)?.chunks_exact(2) {
            let pick = usize::from(u16::from_le_bytes([pair[0], pair[1]])) % free.len();
            moves.push(free.swap_remove(pick));
        }
        Ok(Game { size, moves })
    }

    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Game> + Send> {
        match u32::try_from(size).ok().and_then(|s| Some((s, exhaustive_moves(s)?))) {
            Some((size, moves)) => Box::new(all_games(size, moves)),
            None => Box::new(std::iter::empty()),
        }
    }
}

/// How many moves [`Cases::all_cases`] enumerates on a board of side `size`: every sequence on S = 2, up to six
/// moves on S = 3 (21 029 600 games, enough for the first ring), up to four on S = 4 (enough for the first bridges
/// along an edge); nothing beyond.
pub fn exhaustive_moves(size: u32) -> Option<usize> {
    match size {
        2 => Some(7),
        3 => Some(6),
        4 => Some(4),
        _ => None,
    }
}

/// Every game on the board of side `size` with at most `max_moves` moves: every sequence of distinct cells, the
/// empty one first, in depth-first order (each game is followed by its one-move extensions). There are
/// Σ_{k ≤ max_moves} n!/(n−k)! of them for n cells; see [`count_games`].
pub fn all_games(size: u32, max_moves: usize) -> impl Iterator<Item = Game> {
    let cells: Vec<Cell> = cells_of(size).collect();
    let max_moves = max_moves.min(cells.len());
    let mut order: Vec<usize> = Vec::with_capacity(max_moves);
    let mut used = vec![false; cells.len()];
    let mut started = false;
    std::iter::from_fn(move || {
        if !started {
            started = true;
        } else if !advance(&mut order, &mut used, max_moves) {
            return None;
        }
        Some(Game { size, moves: order.iter().map(|&i| cells[i]).collect() })
    })
}

/// The next sequence in depth-first order: extend by the first free cell, or else replace the last cell by the
/// next free one, backing up as far as needed.
fn advance(order: &mut Vec<usize>, used: &mut [bool], max_moves: usize) -> bool {
    if order.len() < max_moves
        && let Some(first) = used.iter().position(|&u| !u)
    {
        used[first] = true;
        order.push(first);
        return true;
    }
    while let Some(last) = order.pop() {
        used[last] = false;
        if let Some(next) = (last + 1..used.len()).find(|&i| !used[i]) {
            used[next] = true;
            order.push(next);
            return true;
        }
    }
    false
}

/// How many games [`all_games`] yields: Σ_{k ≤ max_moves} n!/(n−k)!, n the board's cells.
pub fn count_games(size: u32, max_moves: usize) -> u64 {
    let n = Game::cell_count(size);
    let mut total = 0;
    let mut sequences = 1u64;
    for k in 0..=(max_moves as u64).min(n) {
        total += sequences;
        sequences *= n - k;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use games::Contest;

    #[test]
    fn all_games_counts_and_starts_empty() {
        let games: Vec<Game> = all_games(2, 7).collect();
        assert_eq!(games.len() as u64, count_games(2, 7));
        assert_eq!(count_games(2, 7), 13_700);
        assert!(games[0].moves.is_empty());
        let distinct: HashSet<&Game> = games.iter().collect();
        assert_eq!(distinct.len(), games.len());
        assert_eq!(all_games(3, 2).count() as u64, count_games(3, 2));
        assert_eq!(count_games(3, 2), 1 + 19 + 19 * 18);
    }

    #[test]
    fn generated_games_are_valid_and_reproducible() {
        for index in 0..400 {
            let game = generate(&mut case_rng(5, index), Sizes::new(2, 12));
            assert_eq!(game, generate(&mut case_rng(5, index), Sizes::new(2, 12)));
            let text = Havannah::write(std::slice::from_ref(&game));
            assert_eq!(Havannah::parse(&text), Ok(vec![game]), "case {index}");
        }
        for shape in Shape::ALL {
            let game = generate_game(&mut case_rng(6, 0), 3000, 10_000, shape);
            assert_eq!(game.moves.len(), 10_000, "{shape:?}");
            assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&game))).is_ok(), "{shape:?}");
        }
    }

    #[test]
    fn junction_games_are_valid_and_reproducible() {
        for index in 0..300 {
            for sizes in [Sizes::new(2, 2), Sizes::new(3, 3), Sizes::new(2, 16), Sizes::new(40, 60)] {
                let game = generate_shape(&mut case_rng(9, index), sizes, Shape::Junction);
                assert_eq!(game, generate_shape(&mut case_rng(9, index), sizes, Shape::Junction));
                let text = Havannah::write(std::slice::from_ref(&game));
                assert_eq!(Havannah::parse(&text), Ok(vec![game]), "case {index}, {sizes}");
            }
        }
        // Boards too big to check the plan on, and games too short to hold it.
        for (size, moves) in [(MAX_S, 2000), (600, 20_000), (10, 5), (3, 19)] {
            let game = generate_game(&mut case_rng(9, 0), size, moves, Shape::Junction);
            assert_eq!(game.moves.len(), moves, "S = {size}");
            assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&game))).is_ok(), "S = {size}");
        }
    }

    /// A third of the plans or more pass, so that a dozen tries nearly always find one (all fail once in 100+).
    #[test]
    fn junction_plans_often_pass_their_own_check() {
        for size in 5..=16 {
            let b = Builder::new(size, Game::cell_count(size) as usize);
            for (k, goal) in JUNCTION_GOALS.into_iter().enumerate() {
                let mut rng = case_rng(10, u64::from(size) * 4 + k as u64);
                let passed = (0..40)
                    .filter(|_| {
                        let (groups, junction) = b.plan_junction(&mut rng, goal, b.limit, true);
                        b.junction_completes(&groups.concat(), junction, goal)
                    })
                    .count();
                assert!(passed >= 14, "S = {size}, {goal}: only {passed} of 40 plans pass");
            }
        }
    }

    /// An empty cell is outside when the fill reaches it from the stones' box rim or the border, whichever side
    /// it opens to: a notch open outward at each side of the box (the twelve images of one), and a border cell
    /// inside the box, are not enclosed; the centre inside its six neighbours is.
    #[test]
    fn enclosure_check_opens_at_every_side_of_the_box_and_the_border() {
        let b = Builder::new(4, 37);
        let cells = |list: &[(u32, u32)]| list.iter().map(|&(x, y)| Cell { x, y }).collect::<Vec<_>>();
        // (3, 4) is empty, walled but for its two neighbours toward smaller x.
        let notch = cells(&[(3, 5), (4, 5), (4, 4), (3, 3)]);
        // (5, 2) is on the border, walled by all four of its neighbours on the board.
        let border = cells(&[(5, 3), (6, 3), (4, 1), (4, 2)]);
        let ring = cells(&[(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4)]);
        for symmetry in Symmetry::all() {
            let image = |stones: &[Cell]| stones.iter().map(|&c| symmetry.apply(4, c)).collect::<HashSet<Cell>>();
            assert!(!b.encloses(&image(&notch)), "{symmetry:?}");
            assert!(!b.encloses(&image(&border)), "{symmetry:?}");
            assert!(b.encloses(&image(&ring)), "{symmetry:?}");
        }
        assert!(!b.encloses(&HashSet::new()));
    }

    #[test]
    fn junction_check_sees_what_each_move_completes() {
        let b = Builder::new(4, 37);
        let cells = |list: &[(u32, u32)]| list.iter().map(|&(x, y)| Cell { x, y }).collect::<Vec<_>>();
        let kinds = |bridge, fork, ring| Structures { bridge, fork, ring };
        let none = kinds(false, false, false);
        // Five of the centre's neighbours, then the sixth: a ring round the empty centre.
        let five = cells(&[(5, 5), (5, 4), (4, 3), (3, 3), (3, 4)]);
        assert!(b.junction_completes(&five, Cell { x: 4, y: 5 }, kinds(false, false, true)));
        // With the centre played first, the loop holds only stones: nothing.
        let filled = [five.clone(), cells(&[(4, 4)])].concat();
        assert!(b.junction_completes(&filled, Cell { x: 4, y: 5 }, none));
        // The centre played after its six neighbours would have been a ring before it, in that order.
        let walled = [filled, cells(&[(4, 5)])].concat();
        assert!(!b.junction_completes(&walled, Cell { x: 1, y: 1 }, none));
        // A bridge along an edge, closed in the middle; not when it is whole before.
        let halves = cells(&[(1, 1), (1, 2), (1, 4)]);
        assert!(b.junction_completes(&halves, Cell { x: 1, y: 3 }, kinds(true, false, false)));
        assert!(!b.junction_completes(&halves, Cell { x: 1, y: 3 }, kinds(true, true, false)));
        let whole = cells(&[(1, 1), (1, 2), (1, 3), (1, 4)]);
        assert!(!b.junction_completes(&whole, Cell { x: 7, y: 7 }, none));
        // A fork from two edges round an empty corner (the border closes no ring) to a third.
        let fork = cells(&[(1, 2), (2, 2), (2, 1), (3, 2), (5, 2)]);
        assert!(b.junction_completes(&fork, Cell { x: 4, y: 2 }, kinds(false, true, false)));
    }

    #[test]
    fn shrinking_keeps_games_valid_and_smaller() {
        for index in 0..200 {
            let game = generate(&mut case_rng(8, index), Sizes::new(2, 8));
            for smaller in shrink(&game) {
                assert!(smaller.size < game.size || smaller.moves.len() < game.moves.len());
                assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&smaller))).is_ok(), "{smaller:?}");
            }
        }
        // The centred shift keeps a stone on the centre on the centre.
        let game = Game { size: 4, moves: vec![Cell { x: 4, y: 4 }] };
        assert_eq!(shrink(&game).nth(1).unwrap(), Game { size: 3, moves: vec![Cell { x: 3, y: 3 }] });
    }

    #[test]
    fn scaling_down_keeps_neighbours_and_corners_and_covers_the_smaller_board() {
        let steps: [(i64, i64); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
        for size in 3..30 {
            let (game, smaller) = (Game { size, moves: Vec::new() }, Game { size: size - 1, moves: Vec::new() });
            let landed: HashSet<Cell> = cells_of(size).map(|c| scaled(size, size - 1, c)).collect();
            assert!(landed.iter().all(|&c| smaller.on_board(c)), "S = {size}");
            assert_eq!(landed.len() as u64, Game::cell_count(size - 1), "S = {size}: not every cell is reached");
            for cell in cells_of(size) {
                for (dx, dy) in steps {
                    let next =
                        Cell { x: cell.x.wrapping_add_signed(dx as i32), y: cell.y.wrapping_add_signed(dy as i32) };
                    if !game.on_board(next) {
                        continue;
                    }
                    let (a, b) = (scaled(size, size - 1, cell), scaled(size, size - 1, next));
                    let step = (i64::from(b.x) - i64::from(a.x), i64::from(b.y) - i64::from(a.y));
                    assert!(a == b || steps.contains(&step), "S = {size}: {cell:?} and {next:?} land apart");
                }
            }
            let corners = |s: u32| [(1, 1), (s, 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1), (s, 2 * s - 1), (1, s)];
            for ((x, y), (x1, y1)) in corners(size).into_iter().zip(corners(size - 1)) {
                assert_eq!(scaled(size, size - 1, Cell { x, y }), Cell { x: x1, y: y1 }, "S = {size}");
            }
        }
    }

    /// The integer scaling gives what the f64 one it replaced gave, except where f64 noise broke an exact tie.
    #[test]
    fn integer_scaling_matches_the_former_f64_scaling() {
        fn f64_scaled(size: u32, cell: Cell) -> Cell {
            let (centre, radius) = (f64::from(size), f64::from(size - 1));
            let (u, v) = (f64::from(cell.x) - centre, f64::from(cell.y) - centre);
            let [a, b, c] = [u, -v, v - u].map(|k| k * (radius - 1.0) / radius);
            let [mut ra, mut rb, rc] = [a, b, c].map(f64::round);
            let [da, db, dc] = [(ra - a).abs(), (rb - b).abs(), (rc - c).abs()];
            if da > db && da > dc {
                ra = -rb - rc;
            } else if db > dc {
                rb = -ra - rc;
            }
            Cell { x: (ra + centre - 1.0) as u32, y: (centre - 1.0 - rb) as u32 }
        }
        // Where two of the three coordinates are exactly as far from their rounding, which one gives way was left
        // to f64 rounding noise; exact arithmetic settles it one fixed way.
        let tie = |size: u32, cell: Cell| {
            let r = i64::from(size) - 1;
            let (u, v) = (i64::from(cell.x) - i64::from(size), i64::from(cell.y) - i64::from(size));
            let off = [u, -v, v - u].map(|k| (k * (r - 1)).rem_euclid(r)).map(|rest| rest.min(r - rest));
            let most = off.iter().max().copied();
            off.iter().filter(|&&d| Some(d) == most).count() > 1
        };
        for size in 3..80 {
            for cell in cells_of(size) {
                if !tie(size, cell) {
                    assert_eq!(scaled(size, size - 1, cell), f64_scaled(size, cell), "S = {size}, {cell:?}");
                }
            }
        }
        let mut rng = case_rng(12, 0);
        for size in [1_000, 65_536, 999_999, 1_000_000] {
            let game = generate_game(&mut rng, size, 2_000, Shape::Scattered);
            for &cell in game.moves.iter().filter(|&&c| !tie(size, c)) {
                assert_eq!(scaled(size, size - 1, cell), f64_scaled(size, cell), "S = {size}");
            }
        }
    }

    /// At S = 10^9 every scaling target keeps the stones on the board and the corners on corners.
    #[test]
    fn scaling_works_on_the_largest_board() {
        let size = MAX_S;
        let corners = |s: u32| [(1, 1), (s, 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1), (s, 2 * s - 1), (1, s)];
        let game = generate_game(&mut case_rng(13, 0), size, 1_000, Shape::Scattered);
        for to in [2, 3, 500_000_001, MAX_S - 1] {
            let smaller = Game { size: to, moves: Vec::new() };
            for &cell in &game.moves {
                assert!(smaller.on_board(scaled(size, to, cell)), "S = {to}: {cell:?}");
            }
            for ((x, y), (x1, y1)) in corners(size).into_iter().zip(corners(to)) {
                assert_eq!(scaled(size, to, Cell { x, y }), Cell { x: x1, y: y1 }, "S = {to}");
            }
        }
    }

    /// A game of 10^6 moves on the largest board: the first offers are the coarse ones, each a valid smaller game,
    /// and the first one scaled down is side 2.
    #[test]
    fn the_largest_games_shrink_coarsely_first() {
        let game = generate_game(&mut case_rng(14, 0), MAX_S, MAX_M, Shape::Clusters);
        let offers: Vec<Game> = shrink(&game).take(40).collect();
        for smaller in &offers {
            assert!(smaller.size < game.size || smaller.moves.len() < game.moves.len());
            assert!(smaller.moves.iter().all(|&c| smaller.on_board(c)), "S = {}", smaller.size);
        }
        let sides: Vec<u32> = offers.iter().map(|g| g.size).take_while(|&s| s < MAX_S).collect();
        assert!(sides[0] == 2 && sides.len() >= 25, "{sides:?}");
        // A small cluster far from the centre is cut to its own extent, shape and order kept.
        let cluster: Vec<Cell> = [(5, 5), (6, 5), (6, 6), (5, 4)].map(|(x, y)| Cell { x: x + 10, y: y + 10 }).into();
        let game = Game { size: 1_000_000_000, moves: cluster };
        let crop = shrink(&game).next().unwrap();
        assert_eq!(crop.size, 3);
        let shift =
            |c: Cell| (i64::from(c.x) - i64::from(crop.moves[0].x), i64::from(c.y) - i64::from(crop.moves[0].y));
        let original = |c: Cell| (i64::from(c.x) - 15, i64::from(c.y) - 15);
        assert_eq!(
            crop.moves.iter().map(|&c| shift(c)).collect::<Vec<_>>(),
            game.moves.iter().map(|&c| original(c)).collect::<Vec<_>>()
        );
        assert!(crop.moves.iter().all(|&c| crop.on_board(c)));
    }
}

//! A Havannah game under construction ([`Builder`]): moves played on free cells, never past the game's limit; random
//! cells, free cells, border and edge cells drawn for the shapes; and the shapeless kinds, scattered moves and grown
//! clusters. Each structured shape's drawing has a file of its own beside this one, the board geometry too.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rustc_hash::FxHashSet;

use super::Shape;
use super::cells_of;

/// Draws a rejection sampler may take: each lands with probability at least 3/4, so 64 misses in a row (about
/// 10^-38) mean a bug, which fails rather than spins.
const REJECTIONS: usize = 64;

/// A game under construction: the moves so far and the cells they use, never past `limit` moves.
pub(super) struct Builder {
    pub(super) size: u32,
    pub(super) limit: usize,
    pub(super) moves: Vec<Cell>,
    /// Hashed with rustc-hash, not std's SipHash: a game of 10^6 moves asks it twice a move, and with SipHash that
    /// was most of the time the Havannah metamorphic and differential tests took to draw and check such games.
    /// Only membership and the count are read, so the hasher changes no drawn game.
    pub(super) used: FxHashSet<Cell>,
}

impl Builder {
    pub(super) fn new(size: u32, limit: usize) -> Builder {
        Builder {
            size,
            limit,
            moves: Vec::with_capacity(limit),
            used: FxHashSet::with_capacity_and_hasher(limit, Default::default()),
        }
    }

    /// The shape's own stones (none for the shapeless kinds).
    pub(super) fn draw(&mut self, rng: &mut impl Rng, shape: Shape) {
        match shape {
            Shape::Scattered | Shape::Clusters | Shape::Smallest | Shape::Empty => {}
            Shape::Loop => self.draw_loop(rng),
            Shape::Paths => self.draw_paths(rng),
            Shape::Combined => self.draw_combined(rng),
            Shape::Junction => self.draw_junction(rng),
            Shape::Patch => self.fill_patch(rng),
            Shape::Rim => self.draw_rim(rng),
        }
    }

    /// More moves up to `target` in all: grown clusters for `Clusters`, otherwise scattered or grown at random.
    pub(super) fn pad(&mut self, rng: &mut impl Rng, target: usize, shape: Shape) {
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

    /// Play `c` if it is free and the game has room; whether it was played.
    pub(super) fn place(&mut self, c: Cell) -> bool {
        if self.full() || !self.used.insert(c) {
            return false;
        }
        self.moves.push(c);
        true
    }

    pub(super) fn random_cell(&self, rng: &mut impl Rng) -> Cell {
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
    pub(super) fn border_cell(&self, rng: &mut impl Rng) -> Cell {
        let k = rng.random_range(0..6);
        let along = if rng.random_bool(0.3) { 0 } else { rng.random_range(0..i64::from(self.size) - 1) };
        self.border(k, along)
    }

    /// A cell of edge k, not a corner (a corner on S = 2, which has no edges).
    pub(super) fn edge_cell(&self, rng: &mut impl Rng, k: usize) -> Cell {
        let along = if self.size > 2 { rng.random_range(1..i64::from(self.size) - 1) } else { 0 };
        self.border(k, along)
    }

    /// Play `cells` in order, with a random extra move before each one at rate `noise`.
    pub(super) fn place_all(&mut self, rng: &mut impl Rng, cells: &[Cell], noise: f64) {
        for &c in cells {
            if noise > 0.0 && rng.random_bool(noise) {
                if let Some(extra) = self.random_free_cell(rng) {
                    self.place(extra);
                }
            }
            self.place(c);
        }
    }

    /// A cell at most `radius` steps from the centre, all such cells alike.
    pub(super) fn random_cell_within(&self, rng: &mut impl Rng, radius: i64) -> Cell {
        let s = i64::from(self.size);
        for _ in 0..REJECTIONS {
            let (a, b) = (rng.random_range(-radius..=radius), rng.random_range(-radius..=radius));
            if (a - b).abs() <= radius {
                return self.cell(s + a, s + b).expect("inside the board");
            }
        }
        panic!("no cell within {radius} of the centre in {REJECTIONS} draws")
    }
}

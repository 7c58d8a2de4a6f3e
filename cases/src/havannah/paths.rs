//! Drawing a [`Shape::Paths`](super::Shape::Paths) game, and the paths other shapes draw their arms with: shortest
//! paths turning at random, arms that keep off the border until their target, and detours round blocked cells.

use std::collections::VecDeque;

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rustc_hash::{FxHashMap, FxHashSet};

use super::builder::Builder;
use super::geometry::hex_distance;

impl Builder {
    /// Paths from one hub toward two to four targets (corners, edge cells, random cells), each a shortest path
    /// with random turns, played path by path, round-robin or shuffled.
    pub(super) fn draw_paths(&mut self, rng: &mut impl Rng) {
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
    pub(super) fn path(&self, rng: &mut impl Rng, from: Cell, target: Cell, limit: usize) -> Vec<Cell> {
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

    /// A shortest path from the nearest of `starts` to `target` through cells off `blocked` and off the border (but
    /// for the target itself), turning at random; none if there is no such path.
    pub(super) fn detour(
        &self,
        rng: &mut impl Rng,
        starts: &[Cell],
        target: Cell,
        blocked: &FxHashSet<Cell>,
    ) -> Option<Vec<Cell>> {
        let s = i64::from(self.size);
        let start_set: FxHashSet<Cell> = starts.iter().copied().collect();
        let open = |c: Cell| start_set.contains(&c) || (!blocked.contains(&c) && self.depth(c) < s - 1);
        // Steps to the target, out from it until the nearest start.
        let mut steps: FxHashMap<Cell, u32> = FxHashMap::from_iter([(target, 0)]);
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

    /// A path from `from` to `target` that keeps off the border until its last cell when `target` is on the
    /// border and `from` is not: a shortest path to the nearest of the target's inner neighbours, then the target.
    /// So an arm's corners and edges are its target's alone.
    pub(super) fn arm(&self, rng: &mut impl Rng, from: Cell, target: Cell, limit: usize) -> Vec<Cell> {
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
}

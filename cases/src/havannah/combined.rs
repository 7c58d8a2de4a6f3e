//! Drawing a [`Shape::Combined`](super::Shape::Combined) game: a loop open at one cell and a second group beyond
//! it, each with arms toward corners and edges, joined last by the opening.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::builder::Builder;
use super::geometry::STEPS;

impl Builder {
    /// See [`Shape::Combined`]. The arms' targets are planned so that neither group has a bridge or a fork alone:
    /// distinct corners and edges, at most one corner and two edges per group, so that the joining move completes
    /// a bridge (a corner each), a fork (three edges between them), both, or neither, on top of the ring.
    ///
    /// [`Shape::Combined`]: super::Shape::Combined
    pub(super) fn draw_combined(&mut self, rng: &mut impl Rng) {
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
}

//! Drawing a [`Shape::Loop`](super::Shape::Loop) game: the cells round a blob (a hexagon or a grown patch), closed
//! into a loop, with the blob's hole filled before, during or after, or never.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rustc_hash::FxHashSet;

use super::builder::Builder;
use super::geometry::STEPS;

impl Builder {
    /// The cells around a blob, played so that they close a loop, with the blob's own cells (the hole) played
    /// before, among or after them, or not at all.
    pub(super) fn draw_loop(&mut self, rng: &mut impl Rng) {
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
        let inside: FxHashSet<Cell> = blob.iter().copied().collect();
        let mut ring: Vec<Cell> = Vec::new();
        let mut seen = FxHashSet::default();
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

    /// About `size` connected cells grown at random from `centre`.
    fn blob(&self, rng: &mut impl Rng, centre: Cell, size: usize) -> Vec<Cell> {
        let mut cells = vec![centre];
        let mut inside: FxHashSet<Cell> = FxHashSet::from_iter([centre]);
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
}

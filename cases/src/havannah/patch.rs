//! Drawing a [`Shape::Patch`](super::Shape::Patch) game: a solid parallelogram filled row by row, now and then
//! with one cell skipped, reversed or shuffled.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::builder::Builder;

impl Builder {
    /// A parallelogram of cells x0 ≤ x < x0 + w, y0 ≤ y < y0 + h (where on the board), row by row.
    pub(super) fn fill_patch(&mut self, rng: &mut impl Rng) {
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

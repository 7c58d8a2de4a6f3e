//! The Havannah generator's own board geometry: the six steps round a cell, distances, the board's cells, border
//! and hexagons, the corners and edges a cell touches, and a flood fill for whether stones enclose an empty cell.
//! The generator's private copy (the solvers and oracles have theirs), so nothing here is visible past the
//! `havannah` module.

use std::collections::VecDeque;

use games::havannah::*;
use rustc_hash::FxHashSet;

use super::builder::Builder;

/// The six steps to a neighbour, in order round the cell; for the generators only.
pub(super) const STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// Steps between two cells; for the generators only.
pub(super) fn hex_distance(p: Cell, q: Cell) -> i64 {
    let (a, b) = (i64::from(q.x) - i64::from(p.x), i64::from(q.y) - i64::from(p.y));
    a.abs().max(b.abs()).max((a - b).abs())
}

impl Builder {
    pub(super) fn cell(&self, x: i64, y: i64) -> Option<Cell> {
        let s = i64::from(self.size);
        let last = 2 * s - 1;
        ((1..=last).contains(&x) && (1..=last).contains(&y) && (x - y).abs() < s)
            .then_some(Cell { x: x as u32, y: y as u32 })
    }

    pub(super) fn step(&self, c: Cell, k: usize) -> Option<Cell> {
        let (dx, dy) = STEPS[k % 6];
        self.cell(i64::from(c.x) + dx, i64::from(c.y) + dy)
    }

    /// The cell `along` steps from corner k toward corner k + 1; along = 0 is the corner itself.
    pub(super) fn border(&self, k: usize, along: i64) -> Cell {
        let s = i64::from(self.size);
        let last = 2 * s - 1;
        let corners = [(1, 1), (1, s), (s, last), (last, last), (last, s), (s, 1)];
        let (x, y) = corners[k];
        let (dx, dy) = STEPS[k];
        self.cell(x + dx * along, y + dy * along).expect("the border lies on the board")
    }

    /// The cells within `radius` steps of `centre`, on the board.
    pub(super) fn hexagon(&self, centre: Cell, radius: i64) -> Vec<Cell> {
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

    /// Steps from the centre: S − 1 on the border.
    pub(super) fn depth(&self, c: Cell) -> i64 {
        hex_distance(c, Cell { x: self.size, y: self.size })
    }

    /// The corners (bits 0 to 5) and edges (bits 6 to 11) a cell belongs to: the generator's own reckoning.
    pub(super) fn contacts(&self, c: Cell) -> u16 {
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
    pub(super) fn encloses(&self, stones: &FxHashSet<Cell>) -> bool {
        let Some(x0) = stones.iter().map(|c| i64::from(c.x)).min() else { return false };
        let x1 = stones.iter().map(|c| i64::from(c.x)).max().unwrap_or(0);
        let y0 = stones.iter().map(|c| i64::from(c.y)).min().unwrap_or(0);
        let y1 = stones.iter().map(|c| i64::from(c.y)).max().unwrap_or(0);
        let s = i64::from(self.size);
        let mut reached: FxHashSet<Cell> = FxHashSet::default();
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let image = |stones: &[Cell]| stones.iter().map(|&c| symmetry.apply(4, c)).collect::<FxHashSet<Cell>>();
            assert!(!b.encloses(&image(&notch)), "{symmetry:?}");
            assert!(!b.encloses(&image(&border)), "{symmetry:?}");
            assert!(b.encloses(&image(&ring)), "{symmetry:?}");
        }
        assert!(!b.encloses(&FxHashSet::default()));
    }
}

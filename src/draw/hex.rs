//! Hex drawn as the rhombus it is: N rows of hexagons, each row half a cell right of the one above, so a cell's six
//! neighbours are the six hexagons that touch it. Red's two sides (top and bottom rows) and Blue's (left and right
//! columns) are drawn in their colour; stones are discs of their colour with their letter.

use games::hex::{Board, Cell, Stone};
use maud::{Markup, html};

use super::{Legend, Picture, Px, coloured, hexagon, label, plain, points};

/// The largest board drawn: 2500 cells, about 900 pixels across.
pub const MAX_N: usize = 50;
pub const RED: &str = "#d1342f";
pub const BLUE: &str = "#2a62c9";
const CELL: &str = "#f3ead7";
const GRID: &str = "#a89f8c";
/// Room for the row numbers, the column numbers and the legend.
const LEFT: f64 = 28.0;
const TOP: f64 = 24.0;

/// The corner radius of a hexagon: large on small boards, shrinking so that a board stays under about 900 pixels.
fn radius(n: usize) -> f64 {
    (600.0 / (1.5 * n as f64 * 3f64.sqrt())).clamp(7.0, 20.0)
}

struct Layout {
    n: usize,
    r: f64,
    w: f64,
}

impl Layout {
    fn of(board: &Board) -> Layout {
        let n = board.size();
        let r = radius(n);
        Layout { n, r, w: r * 3f64.sqrt() }
    }

    /// The centre of the cell in row `row`, column `col` (0-based), rows shifted half a cell each.
    fn centre(&self, row: usize, col: usize) -> (f64, f64) {
        let x = LEFT + self.w / 2.0 + (col as f64 + row as f64 / 2.0) * self.w + 4.0;
        let y = TOP + self.r + row as f64 * 1.5 * self.r + 4.0;
        (x, y)
    }

    fn size(&self) -> (f64, f64) {
        let n = self.n as f64;
        let width = LEFT + self.w * (n + (n - 1.0) / 2.0) + 16.0;
        let height = TOP + 2.0 * self.r + (n - 1.0) * 1.5 * self.r + 8.0 + Legend::HEIGHT;
        (width, height)
    }

    /// Every `step`-th number is written when the board is too dense for all of them.
    fn step(&self) -> usize {
        if self.r >= 11.0 { 1 } else { 5 }
    }

    /// A side of the board as a polyline along the outer edges of its cells: each cell gives the three corners of
    /// its outer side (corner indices as [`hexagon`] numbers them).
    fn side(&self, cells: impl Iterator<Item = (usize, usize)>, corners: [usize; 3]) -> String {
        points(cells.flat_map(|(row, col)| {
            let (x, y) = self.centre(row, col);
            let hex = hexagon(x, y, self.r);
            corners.map(|k| hex[k])
        }))
    }
}

fn legend(board: &Board) -> Legend {
    Legend(vec![
        coloured("Red", RED),
        plain(": top to bottom, "),
        coloured("Blue", BLUE),
        plain(format!(": left to right; N = {}", board.size())),
    ])
}

impl Picture for Board {
    fn extent(&self) -> Result<(f64, f64), String> {
        if self.size() > MAX_N {
            return Err(format!("N = {}: past the largest board drawn (N ≤ {MAX_N})", self.size()));
        }
        let (width, height) = Layout::of(self).size();
        Ok((width.max(legend(self).width()), height))
    }

    fn draw(&self) -> Markup {
        let at = Layout::of(self);
        let (n, r) = (at.n, at.r);
        let last = n - 1;
        let font = (r * 0.8).clamp(8.0, 12.0);
        let (_, height) = at.size();
        html! {
            @for row in 0..n {
                @for col in 0..n {
                    @let (x, y) = at.centre(row, col);
                    polygon points=(points(hexagon(x, y, r))) fill=(CELL) stroke=(GRID) stroke-width="1" {}
                    @if let Some(stone) = self.get(Cell { row, col }) {
                        @let colour = if stone == Stone::Red { RED } else { BLUE };
                        g class="stone" {
                            circle cx=(Px(x)) cy=(Px(y)) r=(Px(r * 0.72)) fill=(colour) {}
                            @if r >= 9.0 {
                                (label(x, y, r * 0.85, "#ffffff", stone.letter()))
                            }
                        }
                    }
                }
            }
            // Red joins the top row to the bottom row, Blue the left column to the right column.
            polyline points=(at.side((0..n).map(|c| (0, c)), [5, 0, 1])) fill="none" stroke=(RED)
                stroke-width="4" stroke-linecap="round" {}
            polyline points=(at.side((0..n).map(|c| (last, c)), [4, 3, 2])) fill="none" stroke=(RED)
                stroke-width="4" stroke-linecap="round" {}
            polyline points=(at.side((0..n).map(|row| (row, 0)), [5, 4, 3])) fill="none" stroke=(BLUE)
                stroke-width="4" stroke-linecap="round" {}
            polyline points=(at.side((0..n).map(|row| (row, last)), [0, 1, 2])) fill="none" stroke=(BLUE)
                stroke-width="4" stroke-linecap="round" {}
            @for i in (0..n).filter(|i| (i + 1) % at.step() == 0 || *i == 0) {
                @let (x, y) = at.centre(0, i);
                (label(x, y - r - 10.0, font, "#555555", i + 1))
                @let (x, y) = at.centre(i, 0);
                text x=(Px(x - at.w / 2.0 - 6.0)) y=(Px(y)) font-size=(Px(font)) fill="#555555" text-anchor="end"
                    dominant-baseline="central" { (i + 1) }
            }
            (legend(self).draw(height))
        }
    }
}

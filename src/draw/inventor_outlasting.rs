//! Inventor Outlasting drawn as its R×C grid: each spot a green disc, every other cell empty. The cells are shaded
//! in a light checkerboard because a sign builder walks diagonals, which keep a cell's shade: the two shades are
//! two games that never touch.

use games::inventor_outlasting::Board;
use maud::{Markup, html};

use super::{Legend, Picture, Px, coloured, label, plain};

pub const SPOT: &str = "#2f7d5b";
const LIGHT: &str = "#f6efdf";
const DARK: &str = "#e6dac0";
const GRID: &str = "#b5ab96";
const LEFT: f64 = 26.0;
const TOP: f64 = 22.0;

/// The side of a cell: large on small boards, shrinking so that the widest board stays about 1300 pixels.
fn side(board: &Board) -> f64 {
    (1300.0 / board.cols() as f64).min(700.0 / board.rows() as f64).clamp(6.0, 34.0)
}

fn legend(board: &Board) -> Legend {
    Legend(vec![
        plain(format!("{} × {}, {} ", board.rows(), board.cols(), board.spot_count())),
        coloured("spots", SPOT),
        plain("; the two shades are the two diagonal games"),
    ])
}

/// Every board of the contest is drawn: at most 200 cells.
impl Picture for Board {
    fn extent(&self) -> Result<(f64, f64), String> {
        let a = side(self);
        let width = LEFT + self.cols() as f64 * a + 8.0;
        Ok((width.max(legend(self).width()), TOP + self.rows() as f64 * a + 8.0 + Legend::HEIGHT))
    }

    fn draw(&self) -> Markup {
        let a = side(self);
        let step = if a >= 16.0 { 1 } else { 5 };
        let font = (a * 0.6).clamp(8.0, 12.0);
        let (_, height) = self.extent().expect("every board is drawn");
        html! {
            @for cell in self.cells() {
                @let (x, y) = (LEFT + cell.col as f64 * a, TOP + cell.row as f64 * a);
                @let shade = if (cell.row + cell.col) % 2 == 0 { LIGHT } else { DARK };
                rect x=(Px(x)) y=(Px(y)) width=(Px(a)) height=(Px(a)) fill=(shade) stroke=(GRID) stroke-width="1" {}
                @if self.is_spot(cell.row, cell.col) {
                    circle class="spot" cx=(Px(x + a / 2.0)) cy=(Px(y + a / 2.0)) r=(Px(a * 0.34)) fill=(SPOT) {}
                }
            }
            @for col in (0..self.cols()).filter(|c| (c + 1) % step == 0 || *c == 0) {
                (label(LEFT + (col as f64 + 0.5) * a, TOP - 10.0, font, "#555555", col + 1))
            }
            @for row in (0..self.rows()).filter(|r| (r + 1) % step == 0 || *r == 0) {
                text x=(Px(LEFT - 6.0)) y=(Px(TOP + (row as f64 + 0.5) * a)) font-size=(Px(font)) fill="#555555"
                    text-anchor="end" dominant-baseline="central" { (row + 1) }
            }
            (legend(self).draw(height))
        }
    }
}

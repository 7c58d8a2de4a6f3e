//! Havannah drawn as the hexagon of side S it is: row y from 2S − 1 at the top down to 1, cell (x, y) placed 2x − y
//! half-cells from the left (as `Game::drawing` places it in text), so a cell's six neighbours are the hexagons that
//! touch it. Corners are gold, edge cells blue-grey, and each stone is a disc with its move number.

use games::havannah::{Cell, Game};
use maud::{Markup, html};

use super::{Legend, Picture, Px, coloured, hexagon, label, plain, points};

/// The largest board drawn: 2611 cells, about 900 pixels across.
pub const MAX_S: u32 = 30;
pub const STONE: &str = "#24344d";
const CELL: &str = "#f3ead7";
const CORNER: &str = "#e8b64c";
const EDGE: &str = "#b9d3de";
const GRID: &str = "#a89f8c";
const LEFT: f64 = 30.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 24.0;

/// What a cell is on the board of side `s`: a corner, an edge cell, or inside.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Corner,
    Edge,
    Inside,
}

fn place(s: i64, x: i64, y: i64) -> Place {
    let last = 2 * s - 1;
    let lines = [x == 1, y == 1, x == last, y == last, x - y == s - 1, y - x == s - 1];
    match lines.iter().filter(|&&on| on).count() {
        0 => Place::Inside,
        1 => Place::Edge,
        _ => Place::Corner,
    }
}

struct Layout {
    s: i64,
    r: f64,
    w: f64,
}

impl Layout {
    fn of(game: &Game) -> Layout {
        let s = i64::from(game.size);
        let r = (900.0 / ((2 * s - 1) as f64 * 3f64.sqrt())).clamp(7.0, 22.0);
        Layout { s, r, w: r * 3f64.sqrt() }
    }

    /// The centre of cell (x, y): 2x − y half-cells from the left, row 2S − 1 − y from the top.
    fn centre(&self, x: i64, y: i64) -> (f64, f64) {
        let half = (2 * x - y + self.s - 2) as f64;
        (LEFT + self.w / 2.0 + half * self.w / 2.0, TOP + self.r + (2 * self.s - 1 - y) as f64 * 1.5 * self.r)
    }

    fn size(&self) -> (f64, f64) {
        let across = (2 * self.s - 1) as f64;
        (LEFT + across * self.w + 24.0, TOP + 2.0 * self.r + (across - 1.0) * 1.5 * self.r + BOTTOM + Legend::HEIGHT)
    }

    /// Every `step`-th coordinate is written when the board is too dense for all of them.
    fn step(&self) -> i64 {
        if self.r >= 11.0 { 1 } else { 5 }
    }

    fn cells(&self) -> impl Iterator<Item = (i64, i64)> + use<> {
        let (s, last) = (self.s, 2 * self.s - 1);
        (1..=last).flat_map(move |y| ((y - s + 1).max(1)..=(y + s - 1).min(last)).map(move |x| (x, y)))
    }
}

fn legend(game: &Game) -> Legend {
    Legend(vec![
        plain(format!("S = {}, {} moves; ", game.size, game.moves.len())),
        coloured("corners", "#b07d12"),
        plain(", "),
        coloured("edges", "#4f8196"),
        plain("; y left, x below"),
    ])
}

impl Picture for Game {
    fn extent(&self) -> Result<(f64, f64), String> {
        if self.size > MAX_S {
            return Err(format!(
                "S = {}, {} moves: past the largest board drawn (S ≤ {MAX_S})",
                self.size,
                self.moves.len()
            ));
        }
        let (width, height) = Layout::of(self).size();
        Ok((width.max(legend(self).width()), height))
    }

    fn draw(&self) -> Markup {
        let at = Layout::of(self);
        let (s, r) = (at.s, at.r);
        let mut number = std::collections::HashMap::new();
        for (i, &c) in self.moves.iter().enumerate() {
            number.insert(c, i + 1);
        }
        let digits = self.moves.len().max(1).to_string().len() as f64;
        let font = r * (1.9 / digits).min(0.8);
        let coordinate = (r * 0.8).clamp(8.0, 12.0);
        let (_, height) = at.size();
        let step = at.step();
        html! {
            @for (x, y) in at.cells() {
                @let (cx, cy) = at.centre(x, y);
                @let fill = match place(s, x, y) {
                    Place::Corner => CORNER,
                    Place::Edge => EDGE,
                    Place::Inside => CELL,
                };
                polygon points=(points(hexagon(cx, cy, r))) fill=(fill) stroke=(GRID) stroke-width="1" {}
                @if let Some(k) = number.get(&Cell { x: x as u32, y: y as u32 }) {
                    g class="stone" {
                        circle cx=(Px(cx)) cy=(Px(cy)) r=(Px(r * 0.66)) fill=(STONE) {}
                        (label(cx, cy, font, "#ffffff", k))
                    }
                }
            }
            // y at the left end of each row; x below the lower end of each line of constant x, which runs up and to
            // the left.
            @for y in (1..2 * s).filter(|y| y % step == 0 || *y == 1) {
                @let (cx, cy) = at.centre((y - s + 1).max(1), y);
                text x=(Px(cx - at.w / 2.0 - 5.0)) y=(Px(cy)) font-size=(Px(coordinate)) fill="#555555"
                    text-anchor="end" dominant-baseline="central" { (y) }
            }
            @for x in (1..2 * s).filter(|x| x % step == 0 || *x == 1) {
                @let (cx, cy) = at.centre(x, (x - s + 1).max(1) - 1);
                (label(cx, cy - r * 0.4, coordinate, "#555555", x))
            }
            (legend(self).draw(height))
        }
    }
}

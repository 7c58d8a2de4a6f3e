//! Adjacent and Consecutive drawn as its row of cells with tiles. Up to [`MOVE_BY_MOVE`] cells, one row per move
//! shows the row after it, so the game reads top to bottom; longer games show the final row only, wrapped. A tile is
//! orange when A placed it and blue when B did, the newest tile of a row is outlined, and two neighbouring tiles that
//! differ by one (A's win) are joined by a red bar.

use games::adjacent_consecutive::Game;
use maud::{Markup, html};

use super::{Legend, Picture, Px, coloured, label, plain};

/// Games of up to this many cells are drawn move by move.
pub const MOVE_BY_MOVE: u32 = 16;
/// The longest game drawn (its final row, in lines of [`WRAP`] cells).
pub const MAX_N: u32 = 200;
const WRAP: usize = 25;
pub const A: &str = "#e07b24";
pub const B: &str = "#3d6fb6";
const PAIR: &str = "#d1201b";
const EMPTY: &str = "#f6efdf";
const GRID: &str = "#b5ab96";
const CELL: f64 = 30.0;
const LEFT: f64 = 46.0;
const TOP: f64 = 22.0;
const LINE_GAP: f64 = 18.0;

fn move_by_move(game: &Game) -> bool {
    game.n <= MOVE_BY_MOVE
}

/// The rows drawn: every row after a move, or the final row alone.
fn rows(game: &Game) -> Vec<usize> {
    if move_by_move(game) { (1..=game.moves.len()).collect() } else { vec![game.moves.len()] }
}

/// Cells per drawn line.
fn per_line(game: &Game) -> usize {
    if move_by_move(game) { game.n as usize } else { WRAP }
}

/// One row of cells (after `moves` moves) in lines of `per_line` cells, from `top`.
fn row(game: &Game, moves: usize, per_line: usize, top: f64, placed_by: &[usize]) -> Markup {
    let tiles = game.row_after(moves);
    let newest = moves.checked_sub(1).map(|i| game.moves[i].cell as usize - 1);
    let at = |c: usize| (LEFT + (c % per_line) as f64 * CELL, top + (c / per_line) as f64 * (CELL + LINE_GAP));
    html! {
        @for (c, tile) in tiles.iter().enumerate() {
            @let (x, y) = at(c);
            @let fill = match tile {
                None => EMPTY,
                Some(_) if placed_by[c].is_multiple_of(2) => A,
                Some(_) => B,
            };
            rect x=(Px(x)) y=(Px(y)) width=(Px(CELL)) height=(Px(CELL)) fill=(fill) stroke=(GRID) stroke-width="1" {}
            @if let Some(tile) = tile {
                g class="tile" {
                    @if newest == Some(c) {
                        rect x=(Px(x + 1.5)) y=(Px(y + 1.5)) width=(Px(CELL - 3.0)) height=(Px(CELL - 3.0))
                            fill="none" stroke="#111111" stroke-width="3" {}
                    }
                    (label(x + CELL / 2.0, y + CELL / 2.0, 13.0, "#ffffff", tile))
                }
            }
        }
        @for c in 1..tiles.len() {
            @if let (Some(a), Some(b)) = (tiles[c - 1], tiles[c]) {
                @if a.abs_diff(b) == 1 {
                    @let (x, y) = at(c);
                    line class="pair" x1=(Px(x - CELL / 2.0)) y1=(Px(y + CELL + 5.0)) x2=(Px(x + CELL / 2.0)) y2=(Px(y + CELL + 5.0))
                        stroke=(PAIR) stroke-width="4" {}
                }
            }
        }
    }
}

fn legend(game: &Game) -> Legend {
    let rows = if move_by_move(game) { ", the row after each move; tiles of " } else { ", the final row; tiles of " };
    Legend(vec![
        plain(format!("N = {}{rows}", game.n)),
        coloured("A", A),
        plain(", of "),
        coloured("B", B),
        plain("; "),
        coloured("a pair", PAIR),
        plain(" differs by one"),
    ])
}

impl Picture for Game {
    fn extent(&self) -> Result<(f64, f64), String> {
        if self.n > MAX_N {
            return Err(format!("N = {}: past the longest game drawn (N ≤ {MAX_N})", self.n));
        }
        let per_line = per_line(self);
        let lines = rows(self).len() * (self.n as usize).div_ceil(per_line);
        let width = LEFT + per_line.min(self.n as usize) as f64 * CELL + 8.0;
        Ok((width.max(legend(self).width()), TOP + lines as f64 * (CELL + LINE_GAP) + Legend::HEIGHT))
    }

    fn draw(&self) -> Markup {
        let per_line = per_line(self);
        let mut placed_by = vec![0; self.n as usize];
        for (i, m) in self.moves.iter().enumerate() {
            placed_by[m.cell as usize - 1] = i;
        }
        let line_height = CELL + LINE_GAP;
        let row_height = (self.n as usize).div_ceil(per_line) as f64 * line_height;
        let (_, height) = self.extent().expect("asked only of drawn games");
        html! {
            @for c in (0..per_line.min(self.n as usize)).filter(|c| per_line <= 20 || (c + 1) % 5 == 0 || *c == 0) {
                (label(LEFT + (c as f64 + 0.5) * CELL, TOP - 10.0, 11.0, "#555555", c + 1))
            }
            @for (i, &moves) in rows(self).iter().enumerate() {
                @let top = TOP + i as f64 * row_height;
                @if move_by_move(self) {
                    @let player = if moves % 2 == 1 { "A" } else { "B" };
                    text x=(Px(LEFT - 6.0)) y=(Px(top + CELL / 2.0)) font-size="12" fill="#333333" text-anchor="end"
                        dominant-baseline="central" {
                        (moves) ". "
                        tspan fill=(if player == "A" { A } else { B }) font-weight="bold" { (player) }
                    }
                }
                (row(self, moves, per_line, top, &placed_by))
            }
            (legend(self).draw(height))
        }
    }
}

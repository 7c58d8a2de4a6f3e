//! Order and Chaos drawn as its 6×6 board: each letter in its cell, the move that wrote it in the corner (ORDER's
//! moves are the odd numbers), and on a full board the grader's verdict: an exact five struck through.
//!
//! The problem is interactive, so `gamecheck draw order-chaos` reads games rather than contest input: blocks
//! separated by blank lines, each either the moves of a game as protocol lines `r c n` in the order played, or a
//! board as six rows of `X`, `O` and `.` (no move numbers then).

use games::ParseError;
use games::order_chaos::{Board, Cell, Move, NAME, SIDE, Verdict, parse_move};
use maud::{Markup, html};

use super::{Legend, Picture, Px, coloured, label, plain};
use crate::problems::order_chaos::judge;

pub const X: &str = "#b3261e";
pub const O: &str = "#1f5aa6";
const FIVE: &str = "#f2a516";
const LIGHT: &str = "#f6efdf";
const GRID: &str = "#b5ab96";
const CELL: f64 = 52.0;
const LEFT: f64 = 26.0;
const TOP: f64 = 22.0;

/// A game as far as it went: the board, and the move (1-based) that wrote each cell, 0 when unknown or blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub board: Board,
    pub when: [[usize; SIDE]; SIDE],
}

impl Played {
    /// The game of these moves, in the order played. Panics on a move into a written cell, as [`Board::play`] does.
    pub fn from_moves(moves: &[Move]) -> Played {
        let mut played = Played { board: Board::new(), when: [[0; SIDE]; SIDE] };
        for (i, &mv) in moves.iter().enumerate() {
            played.board.play(mv);
            played.when[usize::from(mv.cell.row)][usize::from(mv.cell.col)] = i + 1;
        }
        played
    }

    pub fn from_board(board: Board) -> Played {
        Played { board, when: [[0; SIDE]; SIDE] }
    }

    /// The grader's verdict on a full board, or how far an unfinished game went: the caption of a drawing.
    pub fn verdict(&self) -> String {
        match judge::verdict(&self.board) {
            Some(verdict) => verdict.to_string(),
            None => format!("unfinished, {} of {} cells written", self.board.filled(), SIDE * SIDE),
        }
    }
}

/// Games for `draw`: blocks separated by blank lines, each the moves of one game (`r c n` lines) or a board (six
/// rows of `X`, `O` and `.`). Errors name the line of the whole input.
pub fn parse(input: &str) -> Result<Vec<Played>, ParseError> {
    let mut games = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    let lines = input.lines().map(str::trim_end).enumerate().map(|(i, text)| (i + 1, text));
    for (line, text) in lines.chain([(0, "")]) {
        if !text.trim().is_empty() {
            block.push((line, text));
            continue;
        }
        let Some(&(first, first_text)) = block.first() else { continue };
        if first_text.split_whitespace().count() == 3 {
            let mut board = Board::new();
            let mut moves = Vec::new();
            for &(line, text) in &block {
                let mv = parse_move(line, text, &board)?;
                board.play(mv);
                moves.push(mv);
            }
            games.push(Played::from_moves(&moves));
        } else {
            let rows: Vec<&str> = block.iter().map(|&(_, text)| text.trim()).collect();
            let board = Board::from_rows(&rows).map_err(|e| ParseError { line: first - 1 + e.line, ..e })?;
            games.push(Played::from_board(board));
        }
        block.clear();
    }
    if games.is_empty() {
        return Err(ParseError {
            problem: NAME,
            line: 1,
            message: "expected a game (moves `r c n`, or six rows of `X`, `O` and `.`), found none".into(),
        });
    }
    Ok(games)
}

fn centre(cell: Cell) -> (f64, f64) {
    (LEFT + (f64::from(cell.col) + 0.5) * CELL, TOP + (f64::from(cell.row) + 0.5) * CELL)
}

fn legend(numbered: bool, five: bool) -> Legend {
    let mut runs = vec![plain(if numbered { "small numbers: move order, ORDER's odd" } else { "6 × 6" })];
    if five {
        runs.extend([plain("; "), coloured("the exact five", "#b07d12")]);
    }
    Legend(runs)
}

impl Picture for Played {
    fn extent(&self) -> Result<(f64, f64), String> {
        let width = (LEFT + SIDE as f64 * CELL + 8.0).max(legend(true, true).width());
        Ok((width, TOP + SIDE as f64 * CELL + 8.0 + Legend::HEIGHT))
    }

    fn draw(&self) -> Markup {
        let five = match judge::verdict(&self.board) {
            Some(Verdict::OrderWins(five)) => Some(five),
            _ => None,
        };
        let (_, height) = self.extent().expect("every board is drawn");
        html! {
            @for cell in Cell::all() {
                @let (x, y) = (LEFT + f64::from(cell.col) * CELL, TOP + f64::from(cell.row) * CELL);
                rect x=(Px(x)) y=(Px(y)) width=(Px(CELL)) height=(Px(CELL)) fill=(LIGHT) stroke=(GRID)
                    stroke-width="1" {}
            }
            @if let Some(five) = five {
                @let ((x1, y1), (x2, y2)) = (centre(five.cells[0]), centre(five.cells[4]));
                line class="five" x1=(Px(x1)) y1=(Px(y1)) x2=(Px(x2)) y2=(Px(y2)) stroke=(FIVE) stroke-width="16"
                    stroke-linecap="round" stroke-opacity="0.75" {}
            }
            @for cell in Cell::all() {
                @let (x, y) = centre(cell);
                @if let Some(letter) = self.board.get(cell) {
                    @let colour = if letter.as_char() == 'X' { X } else { O };
                    g class="letter" {
                        (label(x, y + 2.0, CELL * 0.55, colour, letter.as_char()))
                    }
                }
                @let when = self.when[usize::from(cell.row)][usize::from(cell.col)];
                @if when > 0 {
                    text x=(Px(x - CELL / 2.0 + 3.0)) y=(Px(y - CELL / 2.0 + 11.0)) font-size="10"
                        fill=(if when % 2 == 1 { "#333333" } else { "#888888" }) { (when) }
                }
            }
            @for i in 0..SIDE {
                (label(LEFT + (i as f64 + 0.5) * CELL, TOP - 10.0, 12.0, "#555555", i + 1))
                (label(LEFT - 12.0, TOP + (i as f64 + 0.5) * CELL, 12.0, "#555555", i + 1))
            }
            (legend(self.when.iter().flatten().any(|&w| w > 0), five.is_some()).draw(height))
        }
    }
}

//! Inventor Outlasting (Code Jam to I/O for Women 2022): count the winning first moves of an impartial game.
//!
//! Rows and columns are 0-based here, 1-based in messages. How sign builders walk, and anything about diagonals or
//! Grundy numbers, is game logic for the solver and the oracle to work out on their own.

use std::fmt;

use crate::contest::{Contest, Lines, ParseError, quote};

pub const NAME: &str = "inventor-outlasting";
/// The longest side the project accepts (the official limit is 100; a 1×200 strip is within R·C ≤ 200).
pub const MAX_SIDE: usize = 200;
/// The most cells one board may have: the official R·C ≤ 200.
pub const MAX_CELLS: usize = 200;
/// The most cases one input may announce.
pub const MAX_T: u64 = 100_000;

/// A cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

/// An R×C grid of spots (`X`, where an attraction may be built) and other cells (`.`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    spots: Vec<bool>,
}

impl Board {
    /// A board with no spots.
    pub fn new(rows: usize, cols: usize) -> Board {
        assert!(rows >= 1 && cols >= 1, "a board has at least one cell");
        Board { rows, cols, spots: vec![false; rows * cols] }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn is_spot(&self, row: usize, col: usize) -> bool {
        self.spots[row * self.cols + col]
    }

    pub fn set_spot(&mut self, row: usize, col: usize, spot: bool) {
        self.spots[row * self.cols + col] = spot;
    }

    pub fn spot_count(&self) -> usize {
        self.spots.iter().filter(|&&s| s).count()
    }

    /// R·C.
    pub fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let cols = self.cols;
        (0..self.rows * cols).map(move |i| Cell { row: i / cols, col: i % cols })
    }

    /// The spots, row by row.
    pub fn spots(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|c| self.is_spot(c.row, c.col))
    }

    /// Build from rows of `X` and `.`; for tests and hand-written cases.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, ParseError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut text = format!("1\n{} {cols}\n", rows.len());
        for row in rows {
            text.push_str(row.as_ref());
            text.push('\n');
        }
        InventorOutlasting::parse(&text).map(|mut boards| boards.remove(0))
    }

    /// The rows as the contest writes them.
    pub fn lines(&self) -> Vec<String> {
        self.spots.chunks(self.cols).map(|row| row.iter().map(|&s| if s { 'X' } else { '.' }).collect()).collect()
    }

    /// The board with the cells in `marked` drawn `W` instead of `X` (or `.`), cells spaced apart for reading.
    pub fn drawing(&self, marked: &[Cell]) -> String {
        let mut out = String::new();
        for row in 0..self.rows {
            let cells: Vec<&str> = (0..self.cols)
                .map(|col| {
                    if marked.contains(&Cell { row, col }) {
                        "W"
                    } else if self.is_spot(row, col) {
                        "X"
                    } else {
                        "."
                    }
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// The board turned or mirrored by one of the 8 symmetries of the rectangle.
    pub fn transform(&self, symmetry: Symmetry) -> Board {
        let (rows, cols) = (self.rows, self.cols);
        let (out_rows, out_cols) = if symmetry.swaps_sides() { (cols, rows) } else { (rows, cols) };
        let mut out = Board::new(out_rows, out_cols);
        for Cell { row: r, col: c } in out.cells() {
            let (from_r, from_c) = match symmetry {
                Symmetry::Identity => (r, c),
                Symmetry::Rotate90 => (rows - 1 - c, r),
                Symmetry::Rotate180 => (rows - 1 - r, cols - 1 - c),
                Symmetry::Rotate270 => (c, cols - 1 - r),
                Symmetry::FlipRows => (rows - 1 - r, c),
                Symmetry::FlipCols => (r, cols - 1 - c),
                Symmetry::Transpose => (c, r),
                Symmetry::AntiTranspose => (rows - 1 - c, cols - 1 - r),
            };
            out.set_spot(r, c, self.is_spot(from_r, from_c));
        }
        out
    }

    /// The board with a row of non-spots added above (`before`) or below the others.
    pub fn with_blank_row(&self, before: bool) -> Board {
        let mut out = Board::new(self.rows + 1, self.cols);
        let shift = usize::from(before);
        for Cell { row, col } in self.spots() {
            out.set_spot(row + shift, col, true);
        }
        out
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}×{} [{}]", self.rows, self.cols, self.lines().join("/"))
    }
}

/// The board as the contest shows it, one row per line.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.lines() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// The 8 symmetries of a rectangle (the dihedral group of the square, acting on an R×C grid). Turns are clockwise;
/// the transpose mirrors in the main diagonal, the anti-transpose in the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    FlipRows,
    FlipCols,
    Transpose,
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipRows,
        Symmetry::FlipCols,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Whether an R×C board becomes C×R.
    pub fn swaps_sides(self) -> bool {
        matches!(self, Symmetry::Rotate90 | Symmetry::Rotate270 | Symmetry::Transpose | Symmetry::AntiTranspose)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

/// The contest answer (how many first moves win for Izabella) and, beside it, the Grundy number of the whole
/// board, so the two engines are compared beyond win or lose. Only the count is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    pub winning_moves: usize,
    pub grundy: u32,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.winning_moves)
    }
}

/// Inventor Outlasting as the judge sees it: see [`Contest`].
pub struct InventorOutlasting;

impl Contest for InventorOutlasting {
    const NAME: &'static str = NAME;
    const LIMITS: crate::Sizes = crate::Sizes::new(0, MAX_CELLS);
    const MAX_T: u64 = MAX_T;

    type Case = Board;
    type Answer = Answer;

    /// A whole contest input: T, then per case `R C` and R rows of C characters, `X` or `.`.
    fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
        let mut lines = Lines::new(NAME, input);
        let t = lines.case_count(MAX_T)?;
        let mut boards = Vec::with_capacity(t.min(1024));
        for case in 1..=t {
            let side = 1..=MAX_SIDE as u64;
            let (line, [rows, cols]) =
                lines.numbers(["R", "C"], [side.clone(), side]).map_err(|e| in_case(e, case, t))?;
            let (rows, cols) = (rows as usize, cols as usize);
            if rows * cols > MAX_CELLS {
                return Err(in_case(
                    lines.error(line, format!("R·C = {rows}·{cols} = {} is over the limit {MAX_CELLS}", rows * cols)),
                    case,
                    t,
                ));
            }
            let mut board = Board::new(rows, cols);
            for row in 0..rows {
                let (line, text) =
                    lines.next(format_args!("row {} of {rows}", row + 1)).map_err(|e| in_case(e, case, t))?;
                let width = text.chars().count();
                if width != cols {
                    return Err(lines.error(
                        line,
                        format!("row {} of case {case} has {width} cells, expected C = {cols}", row + 1),
                    ));
                }
                for (col, ch) in text.chars().enumerate() {
                    match ch {
                        'X' => board.set_spot(row, col, true),
                        '.' => {}
                        other => {
                            return Err(lines.error(
                                line,
                                format!(
                                    "bad character {} in column {}: expected `X` or `.`",
                                    quote(other.encode_utf8(&mut [0; 4])),
                                    col + 1
                                ),
                            ));
                        }
                    }
                }
            }
            boards.push(board);
        }
        lines.finish(t)?;
        Ok(boards)
    }

    fn write_case(case: &Board, out: &mut String) {
        out.push_str(&format!("{} {}\n{case}", case.rows, case.cols));
    }

    fn read_answer(text: &str) -> Result<String, String> {
        // The number of winning first moves; the Grundy number is ours alone.
        crate::contest::read_count(text).map(|n| n.to_string())
    }

    fn size(case: &Board) -> usize {
        case.spot_count()
    }
}

fn in_case(mut e: ParseError, case: usize, t: usize) -> ParseError {
    e.message = format!("{} (case {case} of T = {t})", e.message);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_write_round_trip() {
        let input = "2\n2 3\nX.X\n.X.\n1 1\n.\n";
        let boards = InventorOutlasting::parse(input).unwrap();
        assert_eq!(boards[0].lines(), ["X.X", ".X."]);
        assert_eq!((boards[1].rows(), boards[1].cols(), boards[1].spot_count()), (1, 1, 0));
        assert_eq!(InventorOutlasting::write(&boards), input);
        // The size knob is the number of spots, what the oracle's cost grows with.
        assert_eq!((InventorOutlasting::size(&boards[0]), InventorOutlasting::size(&boards[1])), (3, 0));
        assert_eq!(InventorOutlasting::LIMITS, crate::Sizes::new(0, 200));
    }

    /// What a failing case shows: its size and rows in a proptest report, its rows in a check report.
    #[test]
    fn boards_show_their_size_and_rows() {
        let board = Board::from_rows(&["X.X", ".X."]).unwrap();
        assert_eq!(format!("{board:?}"), "Board 2×3 [X.X/.X.]");
        assert_eq!(board.to_string(), "X.X\n.X.\n");
    }

    #[test]
    fn parse_errors_name_the_line() {
        let cases = [
            ("1\n2 2\nX.\nX\n", 4, "row 2 of case 1 has 1 cells, expected C = 2"),
            ("1\n1 2\nXO\n", 3, "bad character `O` in column 2: expected `X` or `.`"),
            ("1\n201 1\n", 2, "R = 201 is out of range 1..=200 (case 1 of T = 1)"),
            ("1\n1 0\n", 2, "C = 0 is out of range 1..=200 (case 1 of T = 1)"),
            ("1\n15 14\n", 2, "R·C = 15·14 = 210 is over the limit 200 (case 1 of T = 1)"),
            ("2\n1 1\nX\n", 4, "expected a line `R C`, found the end of the input (case 2 of T = 2)"),
            ("1\n2 1\nX\n", 4, "expected row 2 of 2, found the end of the input (case 1 of T = 1)"),
            ("1\n1 1\nX\nX\n", 4, "expected the end of the input after the 1 case(s) T announced, found `X`"),
            ("1\n3\n", 2, "expected `R C`, found `3`: C is missing (case 1 of T = 1)"),
        ];
        for (input, line, message) in cases {
            let e = InventorOutlasting::parse(input).unwrap_err();
            assert_eq!((e.line, e.message.as_str()), (line, message), "{input:?}");
        }
    }

    #[test]
    fn the_thinnest_shapes_at_the_limit_parse() {
        for (rows, cols) in [(1, 200), (200, 1), (2, 100), (100, 2), (14, 14)] {
            let board = Board::new(rows, cols);
            assert_eq!(
                InventorOutlasting::parse(&InventorOutlasting::write(std::slice::from_ref(&board))).unwrap(),
                vec![board]
            );
        }
    }

    #[test]
    fn symmetries_are_eight_distinct_bijections() {
        // No symmetry maps this board to itself but the identity, so the eight images must all differ.
        let board = Board::from_rows(&["XX.", "..X"]).unwrap();
        let images: Vec<Board> = Symmetry::ALL.iter().map(|&s| board.transform(s)).collect();
        for (i, a) in images.iter().enumerate() {
            assert_eq!(a.spot_count(), 3);
            assert!(images[i + 1..].iter().all(|b| a != b), "{:?} repeats", Symmetry::ALL[i]);
        }
        for s in Symmetry::ALL {
            assert_eq!(board.transform(s).transform(s.inverse()), board, "{s:?}");
        }
        assert_eq!(board.transform(Symmetry::Rotate90).lines(), [".X", ".X", "X."]);
        assert_eq!(board.transform(Symmetry::AntiTranspose).lines(), ["X.", ".X", ".X"]);
    }

    /// What `stress` reads from a program: the count of winning moves as we print it, and nothing else.
    #[test]
    fn answers_read_back_as_printed() {
        for winning_moves in [0, 1, 7, 200] {
            assert_eq!(
                InventorOutlasting::read_answer(&Answer { winning_moves, grundy: 3 }.to_string()),
                Ok(winning_moves.to_string())
            );
        }
        for bad in ["", "07", "-1", "1 2", "x"] {
            assert!(InventorOutlasting::read_answer(bad).is_err(), "{bad:?}");
        }
    }
}

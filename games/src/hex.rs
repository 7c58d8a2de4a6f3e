//! Hex (Kick Start 2013 B): classify a board as `Impossible`, `Blue wins`, `Red wins` or `Nobody wins`.
//!
//! Rows and columns are 0-based here and 1-based only in messages. Red owns the top and bottom rows, Blue the left
//! and right columns. Which cells touch which is game logic and lives in the solver and the oracle, each written
//! on its own; this module knows only what a board holds.

use std::fmt;

use crate::contest::{Contest, Lines, ParseError, quote};

pub const NAME: &str = "hex";
/// The largest board the project accepts (the official limit is 100).
pub const MAX_N: usize = 2000;
/// The most cases one input may announce.
pub const MAX_T: u64 = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stone {
    Blue,
    Red,
}

impl Stone {
    pub fn other(self) -> Stone {
        match self {
            Stone::Blue => Stone::Red,
            Stone::Red => Stone::Blue,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Stone::Blue => 'B',
            Stone::Red => 'R',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

/// An N×N board; each cell empty or holding a stone.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<Option<Stone>>,
}

impl Board {
    /// An empty board. Panics on N = 0: every board has at least one cell.
    pub fn new(n: usize) -> Board {
        assert!(n >= 1, "a Hex board has at least one cell");
        Board { n, cells: vec![None; n * n] }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    pub fn get(&self, cell: Cell) -> Option<Stone> {
        self.cells[cell.row * self.n + cell.col]
    }

    pub fn set(&mut self, cell: Cell, stone: Option<Stone>) {
        self.cells[cell.row * self.n + cell.col] = stone;
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.n;
        (0..n * n).map(move |i| Cell { row: i / n, col: i % n })
    }

    /// The cells that hold a stone of this colour.
    pub fn stones(&self, stone: Stone) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(move |&c| self.get(c) == Some(stone))
    }

    pub fn count(&self, stone: Stone) -> usize {
        self.cells.iter().filter(|&&s| s == Some(stone)).count()
    }

    /// The contents row by row, `cells()[row * N + col]`: the flat view fast code wants.
    pub fn as_slice(&self) -> &[Option<Stone>] {
        &self.cells
    }

    /// Build from rows of `B`, `R` and `.`; for tests and hand-written cases.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, ParseError> {
        let mut text = format!("1\n{}\n", rows.len());
        for row in rows {
            text.push_str(row.as_ref());
            text.push('\n');
        }
        Hex::parse(&text).map(|mut boards| boards.remove(0))
    }

    pub fn rows(&self) -> Vec<String> {
        (0..self.n)
            .map(|r| (0..self.n).map(|c| self.get(Cell { row: r, col: c }).map_or('.', Stone::letter)).collect())
            .collect()
    }

    /// Mirror in the main diagonal and swap the colours. Hex's neighbour set is symmetric under the transpose, and
    /// the transpose turns top/bottom into left/right, so Red's game becomes Blue's.
    pub fn transpose_swap(&self) -> Board {
        self.map(|b, r, c| b.get(Cell { row: c, col: r }).map(Stone::other))
    }

    /// Turn the board half a turn: each colour keeps its two sides and every neighbour stays a neighbour.
    pub fn rotate_half(&self) -> Board {
        let last = self.n - 1;
        self.map(|b, r, c| b.get(Cell { row: last - r, col: last - c }))
    }

    /// The board drawn as the rhombus it is: each row shifted half a cell right of the one above, so the six
    /// neighbours of a cell are the cells that look adjacent.
    pub fn drawing(&self) -> String {
        let mut out = String::new();
        for (r, row) in self.rows().iter().enumerate() {
            out.push_str(&" ".repeat(r));
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    fn map(&self, f: impl Fn(&Board, usize, usize) -> Option<Stone>) -> Board {
        // Row by row into a new vector, with no division per cell: the metamorphic tests turn boards of 4·10^6 cells.
        let n = self.n;
        let mut cells = Vec::with_capacity(n * n);
        for row in 0..n {
            cells.extend((0..n).map(|col| f(self, row, col)));
        }
        Board { n, cells }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}×{} [{}]", self.n, self.n, self.rows().join("/"))
    }
}

/// The board drawn as the contest shows it, one row per line.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Why a verdict holds, in a form an independent checker verifies in time linear in the board, at any size. A chain
/// is a sequence of cells holding stones of one colour, each a neighbour of the one before, from a cell on that
/// colour's first side (row 1 for Red, column 1 for Blue) to a cell on its last side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Witness {
    /// `Red wins` or `Blue wins`: a chain of the winner, and `cut`, one of its stones that lies on every chain of
    /// the winner (with it taken away the winner has no chain left). What needs no witness (the counts, the
    /// loser having no chain) the checker sees for itself.
    Win { chain: Vec<Cell>, cut: Cell },
    /// `Impossible`: the stone counts differ by more than one.
    Counts,
    /// `Impossible`: a chain of a colour that has fewer stones than the other colour.
    WinnerBehind { chain: Vec<Cell> },
    /// `Impossible`: two chains of one colour that share no cell, so no single stone lies on every chain.
    TwoChains { first: Vec<Cell>, second: Vec<Cell> },
    /// `Impossible`: a chain of each colour (Hex's topology forbids it; a hand-made board may claim it).
    BothChains { red: Vec<Cell>, blue: Vec<Cell> },
    /// `Nobody wins`: nothing to show; the checker fills both colours and finds no chain.
    NobodyWins,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Impossible,
    BlueWins,
    RedWins,
    NobodyWins,
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [Verdict::Impossible, Verdict::BlueWins, Verdict::RedWins, Verdict::NobodyWins];

    pub fn wins(stone: Stone) -> Verdict {
        match stone {
            Stone::Blue => Verdict::BlueWins,
            Stone::Red => Verdict::RedWins,
        }
    }

    /// The verdict on the board with colours and sides swapped.
    pub fn swapped(self) -> Verdict {
        match self {
            Verdict::BlueWins => Verdict::RedWins,
            Verdict::RedWins => Verdict::BlueWins,
            other => other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Impossible => "Impossible",
            Verdict::BlueWins => "Blue wins",
            Verdict::RedWins => "Red wins",
            Verdict::NobodyWins => "Nobody wins",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Verdict {
    type Err = String;

    fn from_str(s: &str) -> Result<Verdict, String> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == s).ok_or_else(|| {
            format!("expected `Impossible`, `Blue wins`, `Red wins` or `Nobody wins`, found {}", quote(s))
        })
    }
}

/// Hex as the judge sees it: see [`Contest`].
pub struct Hex;

impl Contest for Hex {
    const NAME: &'static str = NAME;
    const LIMITS: crate::Sizes = crate::Sizes::new(1, MAX_N);
    const MAX_T: u64 = MAX_T;

    type Case = Board;
    type Answer = Verdict;

    /// A whole contest input: T, then per case N and N rows of `B`, `R`, `.`.
    fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
        let mut lines = Lines::new(NAME, input);
        let t = lines.case_count(MAX_T)?;
        let mut boards = Vec::with_capacity(t.min(1024));
        for case in 1..=t {
            let (_, [n]) = lines.numbers(["N"], [1..=MAX_N as u64]).map_err(|e| in_case(e, case, t))?;
            let n = n as usize;
            let mut board = Board::new(n);
            for row in 0..n {
                let (line, text) =
                    lines.next(format_args!("row {} of {n}", row + 1)).map_err(|e| in_case(e, case, t))?;
                let width = text.chars().count();
                if width != n {
                    return Err(lines
                        .error(line, format!("row {} of case {case} has {width} cells, expected N = {n}", row + 1)));
                }
                for (col, ch) in text.chars().enumerate() {
                    let stone = match ch {
                        'B' => Some(Stone::Blue),
                        'R' => Some(Stone::Red),
                        '.' => None,
                        other => {
                            return Err(lines.error(
                                line,
                                format!(
                                    "bad character {} in column {}: expected `B`, `R` or `.`",
                                    quote(other.encode_utf8(&mut [0; 4])),
                                    col + 1
                                ),
                            ));
                        }
                    };
                    board.set(Cell { row, col }, stone);
                }
            }
            boards.push(board);
        }
        lines.finish(t)?;
        Ok(boards)
    }

    fn write_case(case: &Board, out: &mut String) {
        out.push_str(&format!("{}\n{case}", case.size()));
    }

    fn read_answer(text: &str) -> Result<String, String> {
        text.parse::<Verdict>().map(|v| v.to_string())
    }

    fn size(case: &Board) -> usize {
        case.size()
    }
}

fn in_case(mut e: ParseError, case: usize, t: usize) -> ParseError {
    e.message = format!("{} (case {case} of T = {t})", e.message);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Contest output reads back to the verdict it prints, and only that text does.
    #[test]
    fn verdicts_read_back_as_printed() {
        for verdict in Verdict::ALL {
            assert_eq!(Hex::read_answer(verdict.as_str()), Ok(verdict.to_string()));
            assert!(Hex::read_answer(&verdict.as_str().to_lowercase()).is_err());
        }
    }

    #[test]
    fn the_size_knob_is_n() {
        let boards = Hex::parse("2\n3\nB..\n.R.\n...\n1\n.\n").unwrap();
        assert_eq!((Hex::size(&boards[0]), Hex::size(&boards[1])), (3, 1));
        assert_eq!(Hex::LIMITS, crate::Sizes::new(1, 2000));
        assert_eq!(Hex::write(&boards), "2\n3\nB..\n.R.\n...\n1\n.\n");
    }

    /// What a failing case shows in a proptest report: its size and rows.
    #[test]
    fn debug_shows_size_and_rows() {
        let board = Board::from_rows(&["B.", ".R"]).unwrap();
        assert_eq!(format!("{board:?}"), "Board 2×2 [B./.R]");
    }
}

//! Order and Chaos (CodeChef ORDNCHS): a 6×6 board, ORDER and CHAOS writing `X` or `O`, ORDER wins with an exact
//! five-in-a-row on the full board.
//!
//! Rows and columns are 0-based here and 1-based on the wire (`r c n`).
//!
//! The problem is interactive, so there is no case file: the vocabulary is the board, the protocol (the side line
//! and move lines, read one at a time with line-numbered errors), the pairing tables of the editorial as data, and
//! the verdict as data. Nothing here judges a board: the local grader in the harness and the oracle each judge
//! with their own reading of the rules, and the strategy in `solvers` needs no judge. ORDER's players are cases
//! (`cases::order_chaos`).

use std::fmt;
use std::io::BufRead;

use crate::contest::{Lines, ParseError, not_utf8, quote, read_number};

pub mod certificate;
pub mod variant;

pub const NAME: &str = "order-chaos";
pub const SIDE: usize = 6;
pub const CELLS: usize = SIDE * SIDE;
/// A game is exactly this many rounds of an ORDER move and a CHAOS answer. Game loops count rounds rather than wait
/// for a full board, so a board that never fills (a bug in playing or reading a cell) cannot keep a game going.
pub const ROUNDS: usize = CELLS / 2;
/// Pairs in a pairing table, one per two cells.
pub const PAIRS: usize = CELLS / 2;
/// The most games one run may announce (the CodeChef limit).
pub const MAX_T: u64 = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Letter {
    X,
    O,
}

impl Letter {
    pub const ALL: [Letter; 2] = [Letter::X, Letter::O];

    #[inline]
    pub fn other(self) -> Letter {
        match self {
            Letter::X => Letter::O,
            Letter::O => Letter::X,
        }
    }

    /// The letter word `n` of a move line: `X` or `O`, or what was expected.
    pub fn read(word: &str) -> Result<Letter, String> {
        match word {
            "X" => Ok(Letter::X),
            "O" => Ok(Letter::O),
            other => Err(format!("expected the letter n to be `X` or `O`, found {}", quote(other))),
        }
    }

    pub fn as_char(self) -> char {
        match self {
            Letter::X => 'X',
            Letter::O => 'O',
        }
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    /// Panics off the board: every cell of the program is one of the 36.
    pub const fn new(row: usize, col: usize) -> Cell {
        assert!(row < SIDE && col < SIDE, "a cell of the 6×6 board");
        Cell { row: row as u8, col: col as u8 }
    }

    /// `row * 6 + col`: the flat index fast code wants.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.row) * SIDE + usize::from(self.col)
    }

    #[inline]
    pub fn from_index(index: usize) -> Cell {
        Cell::new(index / SIDE, index % SIDE)
    }

    /// Every cell, row by row.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..CELLS).map(Cell::from_index)
    }

    pub fn transform(self, symmetry: Symmetry) -> Cell {
        symmetry.apply(self)
    }
}

/// `row 2, column 5`, 1-based as on the wire.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// One of the eight symmetries of the square: an optional transpose, then optional flips of rows and of columns.
/// Rows, columns and diagonals map onto rows, columns and diagonals, so every rule of the game is invariant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symmetry {
    pub transpose: bool,
    pub flip_rows: bool,
    pub flip_cols: bool,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry { transpose: false, flip_rows: false, flip_cols: false }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry { transpose: i & 1 != 0, flip_rows: i & 2 != 0, flip_cols: i & 4 != 0 };
            i += 1;
        }
        all
    };

    pub fn apply(self, cell: Cell) -> Cell {
        let (row, col) = self.apply_on(SIDE, usize::from(cell.row), usize::from(cell.col));
        Cell::new(row, col)
    }

    /// The image of `(row, col)` on a square board of side `side`.
    pub fn apply_on(self, side: usize, mut row: usize, mut col: usize) -> (usize, usize) {
        if self.transpose {
            (row, col) = (col, row);
        }
        if self.flip_rows {
            row = side - 1 - row;
        }
        if self.flip_cols {
            col = side - 1 - col;
        }
        (row, col)
    }
}

/// A letter written into a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: Cell,
    pub letter: Letter,
}

impl Move {
    pub const fn new(cell: Cell, letter: Letter) -> Move {
        Move { cell, letter }
    }

    pub fn transform(self, symmetry: Symmetry) -> Move {
        Move { cell: symmetry.apply(self.cell), letter: self.letter }
    }

    pub fn swap_letter(self) -> Move {
        Move { cell: self.cell, letter: self.letter.other() }
    }
}

/// The move as a protocol line without its newline: `r c n`, 1-based.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.cell.row + 1, self.cell.col + 1, self.letter)
    }
}

/// The board; `None` is a blank cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [[Option<Letter>; SIDE]; SIDE],
}

impl Board {
    /// The empty board every game starts from.
    pub fn new() -> Board {
        Board::default()
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Letter> {
        self.cells[usize::from(cell.row)][usize::from(cell.col)]
    }

    #[inline]
    pub fn set(&mut self, cell: Cell, letter: Option<Letter>) {
        self.cells[usize::from(cell.row)][usize::from(cell.col)] = letter;
    }

    #[inline]
    pub fn is_blank(&self, cell: Cell) -> bool {
        self.get(cell).is_none()
    }

    /// Write a move. Panics on a cell that is not blank: moves from outside are checked by [`parse_move`] first.
    pub fn play(&mut self, mv: Move) {
        assert!(self.is_blank(mv.cell), "{mv}: {} is not blank", mv.cell);
        self.set(mv.cell, Some(mv.letter));
    }

    /// The blank cells, row by row.
    pub fn blanks(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|&c| self.is_blank(c))
    }

    /// How many cells hold a letter.
    pub fn filled(&self) -> usize {
        self.cells.iter().flatten().filter(|c| c.is_some()).count()
    }

    pub fn is_full(&self) -> bool {
        self.filled() == CELLS
    }

    /// Rows of `X`, `O` and `.`.
    pub fn rows(&self) -> Vec<String> {
        self.cells.iter().map(|row| row.iter().map(|c| c.map_or('.', Letter::as_char)).collect()).collect()
    }

    /// Build from six rows of `X`, `O` and `.`; for tests and hand-written positions.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, ParseError> {
        let error = |line: usize, message: String| ParseError { problem: NAME, line, message };
        if rows.len() != SIDE {
            return Err(error(rows.len() + 1, format!("expected {SIDE} rows, found {}", rows.len())));
        }
        let mut board = Board::new();
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref().trim_end();
            let width = text.chars().count();
            if width != SIDE {
                return Err(error(row + 1, format!("row {} has {width} cells, expected {SIDE}", row + 1)));
            }
            for (col, ch) in text.chars().enumerate() {
                let letter = match ch {
                    'X' => Some(Letter::X),
                    'O' => Some(Letter::O),
                    '.' => None,
                    other => {
                        return Err(error(
                            row + 1,
                            format!(
                                "bad character {} in column {}: expected `X`, `O` or `.`",
                                quote(other.encode_utf8(&mut [0; 4])),
                                col + 1
                            ),
                        ));
                    }
                };
                board.set(Cell::new(row, col), letter);
            }
        }
        Ok(board)
    }

    /// The board with its row and column numbers (1-based, as on the wire).
    pub fn drawing(&self) -> String {
        let mut out = String::from("   1 2 3 4 5 6\n");
        for (r, row) in self.rows().iter().enumerate() {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out.push_str(&format!("{}  {}\n", r + 1, cells.join(" ")));
        }
        out
    }

    pub fn transform(&self, symmetry: Symmetry) -> Board {
        let mut out = Board::new();
        for cell in Cell::all() {
            out.set(symmetry.apply(cell), self.get(cell));
        }
        out
    }

    /// Every `X` an `O` and every `O` an `X`.
    pub fn swap_letters(&self) -> Board {
        let mut out = *self;
        for cell in Cell::all() {
            out.set(cell, self.get(cell).map(Letter::other));
        }
        out
    }
}

/// The board drawn as rows of `X`, `O` and `.`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A straight line of the board that is long enough to hold five in a row: a row, a column, a long diagonal (six
/// cells each) or a diagonal of length five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub start: Cell,
    /// Row and column step from one cell to the next.
    pub step: (i8, i8),
    pub len: usize,
}

impl Line {
    /// The 18 lines: six rows, six columns, the two long diagonals and the four diagonals of length five beside them.
    pub const ALL: [Line; 18] = {
        const fn line(row: usize, col: usize, step: (i8, i8), len: usize) -> Line {
            Line { start: Cell::new(row, col), step, len }
        }
        let mut all = [line(0, 0, (0, 1), SIDE); 18];
        let mut i = 0;
        while i < SIDE {
            all[i] = line(i, 0, (0, 1), SIDE);
            all[SIDE + i] = line(0, i, (1, 0), SIDE);
            i += 1;
        }
        all[12] = line(0, 0, (1, 1), SIDE);
        all[13] = line(0, 5, (1, -1), SIDE);
        all[14] = line(0, 1, (1, 1), SIDE - 1);
        all[15] = line(1, 0, (1, 1), SIDE - 1);
        all[16] = line(0, 4, (1, -1), SIDE - 1);
        all[17] = line(1, 5, (1, -1), SIDE - 1);
        all
    };

    pub fn cell(self, i: usize) -> Cell {
        let row = isize::from(self.start.row) + isize::from(self.step.0) * i as isize;
        let col = isize::from(self.start.col) + isize::from(self.step.1) * i as isize;
        Cell::new(row as usize, col as usize)
    }

    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        (0..self.len).map(move |i| self.cell(i))
    }

    /// The fives of this line (two on a line of six, one on a line of five), by their first index.
    pub fn fives(self) -> impl Iterator<Item = [Cell; 5]> {
        (0..=self.len - 5).map(move |s| std::array::from_fn(|i| self.cell(s + i)))
    }
}

/// Every five cells in a row on the board: 32 of them.
pub fn fives() -> impl Iterator<Item = [Cell; 5]> {
    Line::ALL.into_iter().flat_map(Line::fives)
}

/// Five equal letters in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Five {
    pub letter: Letter,
    pub cells: [Cell; 5],
}

impl fmt::Display for Five {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "five {} from {} to {}", self.letter, self.cells[0], self.cells[4])
    }
}

/// Who won a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The full board holds this exact five.
    OrderWins(Five),
    ChaosWins,
}

impl Verdict {
    pub fn winner(self) -> Side {
        match self {
            Verdict::OrderWins(_) => Side::Order,
            Verdict::ChaosWins => Side::Chaos,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::OrderWins(five) => write!(f, "ORDER wins ({five})"),
            Verdict::ChaosWins => f.write_str("CHAOS wins"),
        }
    }
}

/// The two players. ORDER moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Order,
    Chaos,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Order => Side::Chaos,
            Side::Chaos => Side::Order,
        }
    }

    /// The side line of the protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Order => "ORDER",
            Side::Chaos => "CHAOS",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

fn error(line: usize, message: impl Into<String>) -> ParseError {
    ParseError { problem: NAME, line, message: message.into() }
}

/// The first line of a run: T, the number of games.
pub fn parse_game_count(line: usize, text: &str) -> Result<usize, ParseError> {
    Lines::new(NAME, text).case_count(MAX_T).map_err(|e| error(line, e.message))
}

/// A side line: `ORDER` or `CHAOS`.
pub fn parse_side(line: usize, text: &str) -> Result<Side, ParseError> {
    match text.trim() {
        "ORDER" => Ok(Side::Order),
        "CHAOS" => Ok(Side::Chaos),
        other => Err(error(line, format!("expected `ORDER` or `CHAOS`, found {}", quote(other)))),
    }
}

/// A move line `r c n` (1-based row and column, letter `X` or `O`), which must write into a blank cell of `board`.
pub fn parse_move(line: usize, text: &str, board: &Board) -> Result<Move, ParseError> {
    const NAMES: [&str; 3] = ["r", "c", "n"];
    let mut words = text.split_whitespace();
    let mut word = |k: usize| {
        words.next().ok_or_else(|| {
            error(line, format!("expected a move `r c n`, found {}: {} is missing", quote(text), NAMES[k]))
        })
    };
    let mut coordinate = |k: usize| -> Result<usize, ParseError> {
        let w = word(k)?;
        let value = read_number(NAMES[k], w, 1..=SIDE as u64).map_err(|message| error(line, message))?;
        Ok(value as usize - 1)
    };
    let row = coordinate(0)?;
    let col = coordinate(1)?;
    let letter = Letter::read(word(2)?).map_err(|message| error(line, message))?;
    if let Some(extra) = words.next() {
        return Err(error(line, format!("expected a move `r c n`, found extra {} after it", quote(extra))));
    }
    let cell = Cell::new(row, col);
    if let Some(held) = board.get(cell) {
        return Err(error(line, format!("{cell} is not blank: it holds {held}")));
    }
    Ok(Move { cell, letter })
}

/// The protocol lines one player reads, numbered from 1, blank lines skipped and trailing white space (and `\r`)
/// ignored. Each read says what was expected, so the end of the input and bad lines are clear errors.
pub struct Reader<R> {
    input: R,
    line: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    pub fn new(input: R) -> Reader<R> {
        Reader { input, line: 0, buffer: Vec::new() }
    }

    /// The next non-blank line and its number.
    pub fn next_line(&mut self, expected: impl fmt::Display) -> Result<(usize, &str), ParseError> {
        loop {
            self.buffer.clear();
            // At most one byte past the longest line, so that a line that never ends is refused once it passes
            // that instead of being read into memory to its end.
            let read = std::io::Read::take(&mut self.input, crate::contest::MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(|e| error(self.line + 1, format!("expected {expected}, reading failed: {e}")))?;
            if read == 0 {
                return Err(error(self.line + 1, format!("expected {expected}, found the end of the input")));
            }
            if self.buffer.len() > crate::contest::MAX_LINE && self.buffer.last() != Some(&b'\n') {
                let longest = crate::contest::MAX_LINE;
                return Err(error(
                    self.line + 1,
                    format!("expected {expected}, found a line longer than {longest} bytes"),
                ));
            }
            self.line += 1;
            let not_text = |e| {
                let (_, found) = not_utf8(&self.buffer, e);
                error(self.line, format!("expected {expected}, found a line that is not UTF-8 text: {found}"))
            };
            if !std::str::from_utf8(&self.buffer).map_err(not_text)?.trim_end().is_empty() {
                break;
            }
        }
        // Read again rather than returned from the loop: a borrow returned from one iteration would outlive the
        // `clear` of the next one, as far as the borrow checker can tell.
        let text = std::str::from_utf8(&self.buffer).map_err(|_| error(self.line, "not UTF-8 text"))?;
        Ok((self.line, text.trim_end()))
    }

    pub fn game_count(&mut self) -> Result<usize, ParseError> {
        let (line, text) = self.next_line("the number of games T")?;
        parse_game_count(line, text)
    }

    pub fn side(&mut self) -> Result<Side, ParseError> {
        let (line, text) = self.next_line("a side, `ORDER` or `CHAOS`")?;
        parse_side(line, text)
    }

    /// The next move of `who` on `board`.
    pub fn next_move(&mut self, who: Side, board: &Board) -> Result<Move, ParseError> {
        let (line, text) = self.next_line(format_args!("{who}'s move `r c n`"))?;
        parse_move(line, text, board)
    }
}

/// The moves of a game drawn as two grids side by side: the final letters, and when each was written (ORDER's
/// moves are the odd numbers, CHAOS's the even ones).
pub fn drawing(moves: &[Move]) -> String {
    let mut board = Board::new();
    let mut when = [[0usize; SIDE]; SIDE];
    for (i, mv) in moves.iter().enumerate() {
        board.set(mv.cell, Some(mv.letter));
        when[usize::from(mv.cell.row)][usize::from(mv.cell.col)] = i + 1;
    }
    let mut out = String::from("   1 2 3 4 5 6      1  2  3  4  5  6\n");
    for (r, row) in board.rows().iter().enumerate() {
        let letters: Vec<String> = row.chars().map(String::from).collect();
        let order: Vec<String> =
            when[r].iter().map(|&w| if w == 0 { " .".to_string() } else { format!("{w:2}") }).collect();
        out.push_str(&format!("{}  {}   {} {}\n", r + 1, letters.join(" "), r + 1, order.join(" ")));
    }
    out
}

/// A CHAOS pairing table as data: `ids[row][col]` is the pair id (1..=18) of each cell. Whether a table is valid,
/// and whether it wins, is for the strategy's constructor and for the proof to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub ids: [[u8; SIDE]; SIDE],
}

impl Pairing {
    /// The tester's table from the editorial.
    pub const TESTER: Pairing = Pairing {
        ids: [
            [1, 3, 7, 7, 4, 2],
            [5, 11, 12, 15, 15, 6],
            [8, 11, 12, 16, 16, 10],
            [8, 13, 13, 17, 18, 10],
            [4, 14, 14, 17, 18, 3],
            [2, 6, 9, 9, 5, 1],
        ],
    };

    /// The editorialist's table from the editorial.
    pub const EDITORIALIST: Pairing = Pairing {
        ids: [
            [1, 3, 7, 7, 5, 2],
            [4, 11, 17, 18, 11, 6],
            [9, 13, 15, 15, 14, 10],
            [9, 13, 16, 16, 14, 10],
            [5, 12, 17, 18, 12, 3],
            [2, 6, 8, 8, 4, 1],
        ],
    };

    pub fn id(&self, cell: Cell) -> u8 {
        self.ids[usize::from(cell.row)][usize::from(cell.col)]
    }

    /// Six lines of six numbers 1..=18, as the editorial prints a table. Only the shape is checked here.
    pub fn parse(text: &str) -> Result<Pairing, ParseError> {
        let mut lines = Lines::new(NAME, text);
        let mut ids = [[0u8; SIDE]; SIDE];
        for row in &mut ids {
            let (_, numbers) =
                lines.numbers(["id 1", "id 2", "id 3", "id 4", "id 5", "id 6"], std::array::from_fn(|_| 1..=18))?;
            *row = numbers.map(|n| n as u8);
        }
        lines.finish(SIDE)?;
        Ok(Pairing { ids })
    }

    /// The same pairs with ids given in the order their first cell appears, row by row: two tables that pair the
    /// same cells are equal after this, however they were numbered.
    pub fn renumbered(&self) -> Pairing {
        let mut map = [0u8; 256];
        let mut next = 0u8;
        let mut out = *self;
        for cell in Cell::all() {
            let id = usize::from(self.id(cell));
            if map[id] == 0 {
                next += 1;
                map[id] = next;
            }
            out.ids[usize::from(cell.row)][usize::from(cell.col)] = map[id];
        }
        out
    }

    /// The table with the ids of two cells exchanged: the usual way to break a good one.
    pub fn with_swapped(&self, a: Cell, b: Cell) -> Pairing {
        let mut out = *self;
        out.ids[usize::from(a.row)][usize::from(a.col)] = self.id(b);
        out.ids[usize::from(b.row)][usize::from(b.col)] = self.id(a);
        out
    }

    pub fn transform(&self, symmetry: Symmetry) -> Pairing {
        let mut out = *self;
        for cell in Cell::all() {
            let to = symmetry.apply(cell);
            out.ids[usize::from(to.row)][usize::from(to.col)] = self.id(cell);
        }
        out
    }
}

/// The table as the editorial prints it: six rows of right-aligned ids.
impl fmt::Display for Pairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.ids {
            let ids: Vec<String> = row.iter().map(|id| format!("{id:2}")).collect();
            writeln!(f, "{}", ids.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: [&str; 6]) -> Board {
        Board::from_rows(&rows).expect("a hand-made board")
    }

    /// What reports show of a board: its rows, and with the row and column numbers moves are written in.
    #[test]
    fn boards_print_as_rows_and_drawings() {
        let b = board(["XO....", "......", "......", "......", "......", ".....X"]);
        let rows = "XO....\n......\n......\n......\n......\n.....X\n";
        assert_eq!(b.to_string(), rows);
        assert_eq!(
            b.drawing(),
            "   1 2 3 4 5 6\n1  X O . . . .\n2  . . . . . .\n3  . . . . . .\n4  . . . . . .\n5  . . . . . .\n\
             6  . . . . . X\n"
        );
    }

    /// A read that fails names the line it was reading, after the lines already read.
    #[test]
    fn a_failed_read_names_its_line() {
        struct Gone;
        impl std::io::Read for Gone {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("the pipe is gone"))
            }
        }
        let mut reader = Reader::new(std::io::BufReader::new(std::io::Read::chain(&b"3\n"[..], Gone)));
        assert_eq!(reader.next_line("T").map(|(line, text)| (line, text.to_string())), Ok((1, "3".to_string())));
        let error = reader.next_line("a move").unwrap_err();
        assert_eq!((error.line, error.message.as_str()), (2, "expected a move, reading failed: the pipe is gone"));
    }

    /// Hand-written positions name the row at fault, counting from 1, as a contest input names its line.
    #[test]
    fn from_rows_names_the_row_at_fault() {
        let rows = ["XO....", "......", "......", "......", "......", "......"];
        let fault = |rows: &[&str]| Board::from_rows(rows).map(|_| ()).map_err(|e| (e.line, e.message));
        assert_eq!(fault(&rows), Ok(()));
        assert_eq!(fault(&rows[..5]), Err((6, "expected 6 rows, found 5".to_string())));
        let mut short = rows;
        short[1] = ".....";
        assert_eq!(fault(&short), Err((2, "row 2 has 5 cells, expected 6".to_string())));
        let mut bad = rows;
        bad[2] = "..Z...";
        assert_eq!(fault(&bad), Err((3, "bad character `Z` in column 3: expected `X`, `O` or `.`".to_string())));
    }

    #[test]
    fn moves_print_as_they_parse() {
        let mut board = Board::new();
        for cell in Cell::all() {
            for letter in Letter::ALL {
                let mv = Move::new(cell, letter);
                assert_eq!(parse_move(3, &mv.to_string(), &board), Ok(mv));
            }
            board.play(Move::new(cell, Letter::O));
            let err = parse_move(3, &Move::new(cell, Letter::X).to_string(), &board).unwrap_err();
            assert_eq!((err.line, err.message), (3, format!("{cell} is not blank: it holds O")));
        }
    }

    #[test]
    fn tables_print_as_they_parse_and_renumber_to_one_form() {
        for table in [Pairing::TESTER, Pairing::EDITORIALIST] {
            assert_eq!(Pairing::parse(&table.to_string()), Ok(table));
            let mut relabelled = table;
            for id in relabelled.ids.iter_mut().flatten() {
                *id = 19 - *id;
            }
            assert_ne!(relabelled, table);
            assert_eq!(relabelled.renumbered(), table.renumbered());
        }
        assert_ne!(Pairing::TESTER.renumbered(), Pairing::EDITORIALIST.renumbered());
        let err = Pairing::parse("1 2 3\n").unwrap_err();
        assert_eq!(err.line, 1);
    }
}

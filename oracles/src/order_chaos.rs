//! Naive Order and Chaos oracle: the judge of a full board, and the proof that a pairing table's final boards never
//! hold an exact five, both by brute force and read against `problems/order-chaos.md`.
//!
//! - [`order_wins`] is a literal scan of every line segment of five and six cells.
//! - [`final_boards`] trusts only the pairing rule ("ORDER writes one cell of a pair, CHAOS the other"), so the full
//!   board is fixed by one binary choice per pair: all 2^18 of them are built and judged.
//!
//! Whether a strategy really answers by its table, legally, in every game is for the game-tree walk of
//! [`prover`]: fast rather than naive, so it stands apart, and every full board it reaches is judged here.

pub mod certificate;
pub mod minimax;
pub mod prover;
pub mod runs;

use std::fmt;
use std::sync::LazyLock;

use games::order_chaos::{Board, Cell, Letter, Move, Pairing, SIDE};

/// Rule: "split the 36 cells into 18 pairs".
const PAIRS: usize = 18;

/// A play that defeats the strategy or the table: `moves` alternate ORDER, CHAOS, ... from the empty board, and
/// `board` is where they lead (for an illegal or missing CHAOS answer: the board CHAOS had to answer on; for a
/// malformed table: no moves and the empty board).
#[derive(Debug)]
pub struct CounterPlay {
    pub moves: Vec<Move>,
    pub board: Board,
    pub reason: String,
}

fn letter_char(letter: Letter) -> char {
    match letter {
        Letter::X => 'X',
        Letter::O => 'O',
    }
}

/// A move as the protocol writes it: `r c n`, 1-based.
fn wire(m: Move) -> String {
    format!("{} {} {}", m.cell.row + 1, m.cell.col + 1, letter_char(m.letter))
}

impl fmt::Display for CounterPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.reason)?;
        writeln!(f, "   1 2 3 4 5 6")?;
        for (r, row) in self.board.cells.iter().enumerate() {
            write!(f, "{} ", r + 1)?;
            for cell in row {
                write!(f, " {}", cell.map_or('.', letter_char))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "moves (r c n, 1-based):")?;
        for (i, &m) in self.moves.iter().enumerate() {
            let side = if i % 2 == 0 { "ORDER" } else { "CHAOS" };
            writeln!(f, "{:>3}. {side} {}", i + 1, wire(m))?;
        }
        Ok(())
    }
}

fn get(board: &Board, cell: Cell) -> Option<Letter> {
    board.cells[usize::from(cell.row)][usize::from(cell.col)]
}

fn set(board: &mut Board, cell: Cell, letter: Option<Letter>) {
    board.cells[usize::from(cell.row)][usize::from(cell.col)] = letter;
}

fn other(letter: Letter) -> Letter {
    match letter {
        Letter::X => Letter::O,
        Letter::O => Letter::X,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The judge.

/// Rule: "A five-in-a-row is 5 contiguous cells in a line (row, column, or diagonal)". One step along a row, a
/// column and each of the two diagonal directions; the opposite steps only read the same segments backwards.
const STEPS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Every segment of `len` contiguous cells on one line that fits on the board, from every start, every step.
fn segments(len: usize) -> Vec<Vec<Cell>> {
    let on_board = |r: isize, c: isize| (0..SIDE as isize).contains(&r) && (0..SIDE as isize).contains(&c);
    let mut out = Vec::new();
    for r in 0..SIDE as isize {
        for c in 0..SIDE as isize {
            for (dr, dc) in STEPS {
                let cells: Option<Vec<Cell>> = (0..len as isize)
                    .map(|i| {
                        let (row, col) = (r + dr * i, c + dc * i);
                        on_board(row, col).then_some(Cell { row: row as u8, col: col as u8 })
                    })
                    .collect();
                out.extend(cells);
            }
        }
    }
    out
}

static FIVES: LazyLock<Vec<Vec<Cell>>> = LazyLock::new(|| segments(5));
static SIXES: LazyLock<Vec<Vec<Cell>>> = LazyLock::new(|| segments(6));

/// The letter every cell of `cells` holds, if they all hold the same one.
fn all_same(board: &Board, cells: &[Cell]) -> Option<Letter> {
    let first = get(board, cells[0])?;
    cells.iter().all(|&c| get(board, c) == Some(first)).then_some(first)
}

/// Every exact five-in-a-row on `board`: five equal letters on a segment, where no segment of six equal letters
/// contains all five cells. Rule: "An exact five-in-a-row is one that is not part of a six-in-a-row."
fn exact_fives(board: &Board) -> impl Iterator<Item = (&'static [Cell], Letter)> + '_ {
    FIVES.iter().filter_map(move |five| {
        let letter = all_same(board, five)?;
        let in_a_six = SIXES.iter().any(|six| all_same(board, six).is_some() && five.iter().all(|c| six.contains(c)));
        (!in_a_six).then_some((five.as_slice(), letter))
    })
}

/// Rule: "ORDER wins if the FULL board has an exact five-in-a-row of either letter; otherwise CHAOS wins."
/// Meant for a full board; on a partial one, blank cells simply hold no letter.
pub fn order_wins(board: &Board) -> bool {
    exact_fives(board).next().is_some()
}

/// Why ORDER wins, in words, or `None` if it does not.
fn why_order_wins(board: &Board) -> Option<String> {
    let (cells, letter) = exact_fives(board).next()?;
    let line = if cells.iter().all(|c| c.row == cells[0].row) {
        format!("row {}", cells[0].row + 1)
    } else if cells.iter().all(|c| c.col == cells[0].col) {
        format!("column {}", cells[0].col + 1)
    } else {
        "a diagonal".to_string()
    };
    let at: Vec<String> = cells.iter().map(|c| format!("({} {})", c.row + 1, c.col + 1)).collect();
    Some(format!("ORDER wins: exact five {} on {line} at {}", letter_char(letter), at.join(" ")))
}

// ---------------------------------------------------------------------------------------------------------------
// The table and the pairing rule.

/// The two cells of each pair id 1..=18 (index id − 1), in reading order; or why the table is not 18 pairs.
fn pairs_of(pairing: &Pairing) -> Result<[[Cell; 2]; PAIRS], CounterPlay> {
    let malformed = |why: String| CounterPlay {
        moves: Vec::new(),
        board: Board::default(),
        reason: format!("malformed pairing table: {why}"),
    };
    let mut cells_of: Vec<Vec<Cell>> = vec![Vec::new(); PAIRS];
    for (r, row) in pairing.ids.iter().enumerate() {
        for (c, &id) in row.iter().enumerate() {
            let cell = Cell { row: r as u8, col: c as u8 };
            if !(1..=PAIRS as u8).contains(&id) {
                return Err(malformed(format!("cell {} {} has pair id {id}, not in 1..=18", r + 1, c + 1)));
            }
            cells_of[usize::from(id - 1)].push(cell);
        }
    }
    let mut pairs = [[Cell { row: 0, col: 0 }; 2]; PAIRS];
    for (i, cells) in cells_of.iter().enumerate() {
        match cells[..] {
            [a, b] => pairs[i] = [a, b],
            _ => {
                let at: Vec<String> = cells.iter().map(|c| format!("({} {})", c.row + 1, c.col + 1)).collect();
                let on = if at.is_empty() { "no cell".to_string() } else { at.join(" ") };
                return Err(malformed(format!("pair id {} is on {} cell(s) {on}, not 2", i + 1, cells.len())));
            }
        }
    }
    Ok(pairs)
}

/// Rule: "for the pairs of opposite corners of the two long diagonals: the SAME letter". The opposite corners are
/// exactly the two cells 5 rows and 5 columns apart; every other pair gets "the OPPOSITE letter".
fn same_letter_pair([a, b]: [Cell; 2]) -> bool {
    let far = SIDE as u8 - 1;
    a.row.abs_diff(b.row) == far && a.col.abs_diff(b.col) == far
}

/// The letters of a filled pair under the pairing rule: its first cell gets X (`flip` false) or O (`flip` true),
/// the second the same or the opposite letter.
fn filling(pair: [Cell; 2], flip: bool) -> [Letter; 2] {
    let first = if flip { Letter::O } else { Letter::X };
    let second = if same_letter_pair(pair) { first } else { other(first) };
    [first, second]
}

/// Every final board the pairing rule allows, judged. Rule (strategy): "When ORDER writes into one cell of a pair,
/// CHAOS answers in the other cell of the same pair", so at the end each pair holds one of its two fillings, and
/// ORDER, choosing the cell and the letter, can force any of them. Returns 2^18, or the first board ORDER wins with
/// a play (pair by pair, ORDER in the first cell) that reaches it.
pub fn final_boards(pairing: &Pairing) -> Result<u64, CounterPlay> {
    let pairs = pairs_of(pairing)?;
    for choice in 0u32..1 << PAIRS {
        let mut board = Board::default();
        for (i, &pair) in pairs.iter().enumerate() {
            let letters = filling(pair, choice >> i & 1 == 1);
            set(&mut board, pair[0], Some(letters[0]));
            set(&mut board, pair[1], Some(letters[1]));
        }
        if let Some(why) = why_order_wins(&board) {
            let moves = pairs
                .iter()
                .enumerate()
                .flat_map(|(i, &pair)| {
                    let letters = filling(pair, choice >> i & 1 == 1);
                    [Move { cell: pair[0], letter: letters[0] }, Move { cell: pair[1], letter: letters[1] }]
                })
                .collect();
            return Err(CounterPlay { moves, board, reason: format!("{why} (the pairing rule allows this board)") });
        }
    }
    Ok(1 << PAIRS)
}

/// A fixed xorshift for the tests of the judge and the checker, so that every run sees the same positions: a number
/// below the one given.
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |below| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Letter::{O, X};
    use std::time::Instant;

    /// The editorial's tables, from the notes.
    pub(super) const TESTER: [[u8; 6]; 6] = [
        [1, 3, 7, 7, 4, 2],
        [5, 11, 12, 15, 15, 6],
        [8, 11, 12, 16, 16, 10],
        [8, 13, 13, 17, 18, 10],
        [4, 14, 14, 17, 18, 3],
        [2, 6, 9, 9, 5, 1],
    ];
    pub(super) const EDITORIALIST: [[u8; 6]; 6] = [
        [1, 3, 7, 7, 5, 2],
        [4, 11, 17, 18, 11, 6],
        [9, 13, 15, 15, 14, 10],
        [9, 13, 16, 16, 14, 10],
        [5, 12, 17, 18, 12, 3],
        [2, 6, 8, 8, 4, 1],
    ];

    pub(super) fn cell(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// A full board from six strings of `X`/`O`.
    pub(super) fn board(rows: [&str; 6]) -> Board {
        let mut b = Board::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                b.cells[r][c] = Some(if ch == 'X' { X } else { O });
            }
        }
        b
    }

    /// Rows alternate XXOOXX / OOXXOO: no five anywhere (columns alternate; rows and diagonals change letter at
    /// least every two cells). Each test below rewrites one line of it.
    const BACKGROUND: [&str; 6] = ["XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO"];

    fn with(cells: &[(u8, u8)], letters: &str) -> Board {
        let mut b = board(BACKGROUND);
        for (&(r, c), ch) in cells.iter().zip(letters.chars()) {
            set(&mut b, cell(r, c), Some(if ch == 'X' { X } else { O }));
        }
        b
    }

    /// The exact fives on a board, as 0-based (row, col) lists.
    fn fives(b: &Board) -> Vec<Vec<(u8, u8)>> {
        exact_fives(b).map(|(cells, _)| cells.iter().map(|c| (c.row, c.col)).collect()).collect()
    }

    /// The hand-written strategy of the notes, read from a table: the partner cell, the opposite letter, the same
    /// letter for the opposite corners of a long diagonal. Answers are looked up, as a real strategy's would be:
    /// the walk asks about 10^10 times.
    pub(super) fn pairing_chaos(ids: [[u8; 6]; 6]) -> impl Fn(&Board, Move) -> Option<Move> + Sync {
        let cells = || (0..36u8).map(|i| cell(i / 6, i % 6));
        let id = |c: Cell| ids[usize::from(c.row)][usize::from(c.col)];
        let mut answers = [[[None; 2]; 6]; 6];
        for order in cells() {
            if let Some(partner) = cells().find(|&c| c != order && id(c) == id(order)) {
                let corners = order.row.abs_diff(partner.row) == 5 && order.col.abs_diff(partner.col) == 5;
                for letter in [X, O] {
                    answers[usize::from(order.row)][usize::from(order.col)][letter as usize] =
                        Some(Move { cell: partner, letter: if corners { letter } else { other(letter) } });
                }
            }
        }
        move |_: &Board, order: Move| {
            answers[usize::from(order.cell.row)][usize::from(order.cell.col)][order.letter as usize]
        }
    }

    /// Replays a counter-play from the empty board: every move on a blank cell, ending on its board.
    pub(super) fn replays(cp: &CounterPlay) {
        let mut b = Board::default();
        for m in &cp.moves {
            assert!(get(&b, m.cell).is_none(), "move {} on an occupied cell\n{cp}", wire(*m));
            set(&mut b, m.cell, Some(m.letter));
        }
        assert_eq!(b, cp.board, "{cp}");
    }

    #[test]
    fn background_has_no_five() {
        assert!(fives(&board(BACKGROUND)).is_empty());
        assert!(!order_wins(&board(BACKGROUND)));
    }

    #[test]
    fn segments_are_the_lines_of_the_rules() {
        // 6 rows and 6 columns hold 2 fives each; only "six diagonals can hold one": the two long diagonals hold 2
        // each per direction, the four of length 5 one each.
        assert_eq!(FIVES.len(), 12 + 12 + 2 * (2 + 2));
        assert_eq!(SIXES.len(), 6 + 6 + 2);
    }

    #[test]
    fn exact_five_in_a_row() {
        let row = [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5)];
        let b = with(&row, "XXXXXO");
        assert_eq!(fives(&b), [row[..5].to_vec()]);
        assert!(order_wins(&b));
        // The five at the other end of the row, next to a different letter.
        let b = with(&row, "OXXXXX");
        assert_eq!(fives(&b), [row[1..].to_vec()]);
        assert!(order_wins(&b));
    }

    #[test]
    fn six_in_a_row_is_not_exact() {
        let row = [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5)];
        assert!(!order_wins(&with(&row, "XXXXXX")));
        assert!(!order_wins(&with(&row, "OOOOOO")));
    }

    #[test]
    fn four_is_not_five() {
        let row = [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5)];
        assert!(!order_wins(&with(&row, "XXXXOX")));
    }

    #[test]
    fn exact_five_in_a_column() {
        let col = [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3)];
        let b = with(&col, "XOOOOO");
        assert_eq!(fives(&b), [col[1..].to_vec()]);
        assert!(order_wins(&b));
        assert!(!order_wins(&with(&col, "OOOOOO")));
    }

    #[test]
    fn exact_five_on_a_long_diagonal() {
        let diag = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)];
        let b = with(&diag, "XXXXXO");
        assert_eq!(fives(&b), [diag[..5].to_vec()]);
        assert!(order_wins(&b));
        // Six equal letters on it, as the corner pairs of the strategy force: no win.
        assert!(!order_wins(&with(&diag, "XXXXXX")));
        let anti = [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)];
        let b = with(&anti, "XOOOOO");
        assert_eq!(fives(&b), [anti[1..].to_vec()]);
        assert!(!order_wins(&with(&anti, "OOOOOO")));
    }

    #[test]
    fn exact_five_on_a_length_five_diagonal() {
        // Nothing can extend these five: they are the whole diagonal.
        let diag = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)];
        let b = with(&diag, "XXXXX");
        assert_eq!(fives(&b), [diag.to_vec()]);
        assert!(order_wins(&b));
        let anti = [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)];
        let b = with(&anti, "OOOOO");
        assert_eq!(fives(&b), [anti.to_vec()]);
        assert!(order_wins(&b));
    }

    #[test]
    fn editorial_tables_pass_final_boards() {
        for ids in [TESTER, EDITORIALIST] {
            let start = Instant::now();
            let got = final_boards(&Pairing { ids });
            assert_eq!(got.as_ref().map_err(|cp| cp.to_string()), Ok(&(1 << 18)));
            eprintln!("final_boards: {:?}", start.elapsed());
        }
    }

    #[test]
    fn swapped_ids_fail_final_boards() {
        // Pair 7 is in row 1 (0-based row 0), pair 8 in column 1: swap (0,3) and (3,0).
        let mut ids = TESTER;
        ids[0][3] = 8;
        ids[3][0] = 7;
        let cp = final_boards(&Pairing { ids }).expect_err("a row pair and a column pair broken");
        assert!(order_wins(&cp.board), "{cp}");
        assert!(cp.board.cells.iter().flatten().all(Option::is_some));
        assert_eq!(cp.moves.len(), 36);
        assert!(cp.reason.contains("exact five"), "{cp}");
        replays(&cp);
        // CHAOS's moves follow the pairing rule of the broken table: partner cell, its letter.
        let chaos = pairing_chaos(ids);
        let mut b = Board::default();
        for round in cp.moves.chunks(2) {
            set(&mut b, round[0].cell, Some(round[0].letter));
            assert_eq!(chaos(&b, round[0]), Some(round[1]));
            set(&mut b, round[1].cell, Some(round[1].letter));
        }
        let shown = cp.to_string();
        assert!(shown.contains("  1. ORDER 1 1 O\n  2. CHAOS 6 6 O\n"), "{shown}");
    }

    /// Three tables that are no pairing: an id on three cells (and so one on one cell), an id 0, an id 19. Both the
    /// final-board check and the prover must refuse them.
    pub(super) fn malformed_tables() -> [[[u8; 6]; 6]; 3] {
        let mut thrice = TESTER;
        thrice[0][0] = 2;
        let mut zero = TESTER;
        zero[5][5] = 0;
        let mut big = TESTER;
        big[5][5] = 19;
        [thrice, zero, big]
    }

    #[test]
    fn malformed_tables_are_rejected() {
        for ids in malformed_tables() {
            let cp = final_boards(&Pairing { ids }).expect_err("malformed");
            assert!(cp.reason.starts_with("malformed pairing table"), "{cp}");
        }
        let cp = final_boards(&Pairing { ids: malformed_tables()[0] }).unwrap_err();
        assert!(cp.reason.contains("pair id 1 is on 1 cell(s) (6 6), not 2"), "{cp}");
    }
}

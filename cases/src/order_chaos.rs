//! Order and Chaos: the ORDER players the checks play against, and the pairing tables the proof is run on.
//!
//! The problem is interactive, so its cases are not inputs but opponents: ORDER scripts (lists of intended moves,
//! for generators and fuzzing), the grader's ORDER players ([`opponents`]), the full boards the judges are compared
//! on, and every table that follows the editorial's recipe ([`tables`]).

pub mod opponents;
pub mod tables;
pub mod variants;

use std::fmt;

use games::order_chaos::{Board, CELLS, Cell, Letter, Line, Move, Symmetry};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

pub use opponents::{Kind, Opponent};
pub use tables::recipe_tables;

/// An ORDER player that needs no look at the board beyond which cells are blank: a list of intended moves, played
/// in order, each skipped when its cell is already written. Once the list is used up ORDER writes `X` into the
/// first blank cell. Any list is a legal player, so fuzzers and generators can make them freely.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Script {
    pub moves: Vec<Move>,
}

impl Script {
    /// ORDER's move on `board`, `None` on a full board.
    pub fn next_move(&self, board: &Board) -> Option<Move> {
        self.moves
            .iter()
            .copied()
            .find(|mv| board.is_blank(mv.cell))
            .or_else(|| board.blanks().next().map(|cell| Move::new(cell, Letter::X)))
    }
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        write!(f, "[{}]", moves.join(", "))
    }
}

/// The kinds of ORDER script the generator makes. A random script almost never threatens anything, so most kinds
/// aim at what could beat a wrong table: one letter everywhere, a whole line written first, lines in board order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Every cell in random order, each letter random.
    Uniform,
    /// Every cell in random order, all with the same letter.
    OneLetter,
    /// The cells of one five first, all one letter, with the line's cells beside it the other letter; then the rest.
    LineFirst,
    /// Row by row or column by column, in either direction, one letter per line or all one letter.
    InOrder,
}

impl Shape {
    pub const ALL: [Shape; 4] = [Shape::Uniform, Shape::OneLetter, Shape::LineFirst, Shape::InOrder];
}

/// An ORDER script of a random shape.
pub fn generate(rng: &mut impl Rng) -> Script {
    let shape = Shape::ALL[rng.random_range(0..Shape::ALL.len())];
    generate_shape(rng, shape)
}

pub fn generate_shape(rng: &mut impl Rng, shape: Shape) -> Script {
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.shuffle(rng);
    let letter = Letter::ALL[rng.random_range(0..2)];
    let moves = match shape {
        Shape::Uniform => cells.into_iter().map(|c| Move::new(c, random_letter(rng))).collect(),
        Shape::OneLetter => cells.into_iter().map(|c| Move::new(c, letter)).collect(),
        Shape::LineFirst => {
            let line = Line::ALL[rng.random_range(0..Line::ALL.len())];
            let start = rng.random_range(0..=line.len - 5);
            let mut first: Vec<Move> = (start..start + 5).map(|i| Move::new(line.cell(i), letter)).collect();
            first.shuffle(rng);
            let ends = [start.checked_sub(1), Some(start + 5).filter(|&i| i < line.len)];
            first.extend(ends.into_iter().flatten().map(|i| Move::new(line.cell(i), letter.other())));
            let rest = cells.into_iter().filter(|c| !first.iter().any(|m| m.cell == *c));
            let rest: Vec<Move> = rest.map(|c| Move::new(c, random_letter(rng))).collect();
            first.into_iter().chain(rest).collect()
        }
        Shape::InOrder => {
            let symmetry = Symmetry::ALL[rng.random_range(0..Symmetry::ALL.len())];
            let per_line = rng.random_bool(0.5);
            let mut line_letter = letter;
            let mut moves = Vec::with_capacity(CELLS);
            for cell in Cell::all() {
                if per_line && cell.col == 0 {
                    line_letter = random_letter(rng);
                }
                moves.push(Move::new(symmetry.apply(cell), line_letter));
            }
            moves
        }
    };
    Script { moves }
}

fn random_letter(rng: &mut impl Rng) -> Letter {
    Letter::ALL[rng.random_range(0..2)]
}

/// The kinds of full board [`generate_board`] makes for checking judges: random boards hold an exact five only now
/// and then, so most kinds plant one, or plant the things that look like one but are not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    Uniform,
    /// An exact five on a random line, its neighbours on the line the other letter.
    Five,
    /// A whole line of six of one letter, which is no exact five.
    Six,
    /// Five in a row but for one cell.
    NearFive,
}

impl BoardShape {
    pub const ALL: [BoardShape; 4] = [BoardShape::Uniform, BoardShape::Five, BoardShape::Six, BoardShape::NearFive];
}

/// A full board of a random shape.
pub fn generate_board(rng: &mut impl Rng) -> Board {
    let density = rng.random_range(0.0..=1.0);
    let mut board = Board::new();
    for cell in Cell::all() {
        board.set(cell, Some(if rng.random_bool(density) { Letter::X } else { Letter::O }));
    }
    let line = Line::ALL[rng.random_range(0..Line::ALL.len())];
    let letter = random_letter(rng);
    let start = rng.random_range(0..=line.len - 5);
    let five = start..start + 5;
    match BoardShape::ALL[rng.random_range(0..BoardShape::ALL.len())] {
        BoardShape::Uniform => {}
        BoardShape::Five => {
            for i in 0..line.len {
                board.set(line.cell(i), Some(if five.contains(&i) { letter } else { letter.other() }));
            }
        }
        BoardShape::Six => {
            for cell in line.cells() {
                board.set(cell, Some(letter));
            }
        }
        BoardShape::NearFive => {
            let hole = rng.random_range(five.clone());
            for i in five {
                board.set(line.cell(i), Some(if i == hole { letter.other() } else { letter }));
            }
        }
    }
    board
}

/// An ORDER script from fuzzer bytes: one to 36 moves, one byte each: the cell is the byte mod 36, the letter its
/// bit after that. Running out of bytes is an error rather than a run of `1 1 X`, so short inputs do not collapse
/// into one script.
pub fn arbitrary_script(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Script> {
    let len = u.int_in_range(1..=CELLS)?;
    let bytes = u.bytes(len)?;
    let moves = bytes
        .iter()
        .map(|&b| Move::new(Cell::from_index(usize::from(b) % CELLS), Letter::ALL[usize::from(b) / CELLS % 2]))
        .collect();
    Ok(Script { moves })
}

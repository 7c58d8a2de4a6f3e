//! Order and Chaos (CodeChef ORDNCHS): a 6×6 board, ORDER and CHAOS writing `X` or `O`, ORDER wins with an exact
//! five-in-a-row on the full board.
//!
//! Rows and columns are 0-based here and 1-based on the wire (`r c n`).

pub const NAME: &str = "order-chaos";
pub const SIDE: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Letter {
    X,
    O,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

/// A letter written into a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: Cell,
    pub letter: Letter,
}

/// The board; `None` is a blank cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [[Option<Letter>; SIDE]; SIDE],
}

/// A CHAOS pairing table as data: `ids[row][col]` is the pair id (1..=18) of each cell. Whether a table is valid,
/// and whether it wins, is for the strategy's constructor and for the proof to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub ids: [[u8; SIDE]; SIDE],
}

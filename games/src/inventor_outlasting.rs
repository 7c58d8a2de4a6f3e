//! Inventor Outlasting (Code Jam to I/O for Women 2022): count the winning first moves of an impartial game.
//!
//! Rows and columns are 0-based here, 1-based in messages. How sign builders walk, and anything about diagonals or
//! Grundy numbers, is game logic for the solver and the oracle to work out on their own.

use std::fmt;

pub const NAME: &str = "inventor-outlasting";

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

//! Adjacent and Consecutive (Code Jam 2020 Virtual World Finals): count each player's mistakes in a played game.
//!
//! Tiles and cells are numbered 1..=N as in the problem. Who wins a position is game logic for the solver and the
//! oracle to work out on their own.

use std::fmt;

pub const NAME: &str = "adjacent-consecutive";

/// One move: a tile put into a cell (both 1-based). The input writes the tile first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub tile: u32,
    pub cell: u32,
}

/// A whole played game: N tiles, N cells, N moves; move i (0-based) is A's when i is even.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub n: u32,
    pub moves: Vec<Move>,
}

/// The contest answer (A's and B's mistakes) and, beside it, the verdict on every state: `winning[i]` says whether
/// the player to move before move i+1 can force a win. Only the counts are printed; the states are compared too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    pub a_mistakes: usize,
    pub b_mistakes: usize,
    pub winning: Vec<bool>,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.a_mistakes, self.b_mistakes)
    }
}

//! Havannah (Code Jam 2012 Round 3): the first move after which a bridge, fork or ring exists.
//!
//! Cells are (x, y) with 1 ≤ x, y ≤ 2S−1 and |x − y| ≤ S−1, as in the problem. Which cells are corners, edges or
//! neighbours is game logic: the solver and the oracles each work it out for themselves.

use std::fmt;

pub const NAME: &str = "havannah";

/// A cell of the hexagonal board. u32 holds every coordinate up to 2S−1 for S ≤ 10^9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: u32,
    pub y: u32,
}

/// One case: the board's side S and the stones in the order they were placed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub size: u32,
    pub moves: Vec<Cell>,
}

impl Game {
    /// Whether the cell lies on the board of side `size`.
    pub fn on_board(&self, cell: Cell) -> bool {
        let last = 2 * u64::from(self.size) - 1;
        let (x, y) = (u64::from(cell.x), u64::from(cell.y));
        (1..=last).contains(&x) && (1..=last).contains(&y) && x.abs_diff(y) < u64::from(self.size)
    }
}

/// The structures one move completes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Structures {
    pub bridge: bool,
    pub fork: bool,
    pub ring: bool,
}

/// `none`, or the first winning move (1-based) with every structure it completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Answer {
    None,
    Win { structures: Structures, at_move: usize },
}

impl fmt::Display for Structures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.bridge, "bridge"), (self.fork, "fork"), (self.ring, "ring")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
        f.write_str(&names.join("-"))
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::None => f.write_str("none"),
            Answer::Win { structures, at_move } => write!(f, "{structures} in move {at_move}"),
        }
    }
}

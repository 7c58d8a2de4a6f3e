//! Every pairing table that follows the editorial's recipe.
//!
//! The recipe gives each of the 18 lines that can hold a five exactly one pair that blocks it:
//! - each long diagonal: its two corners (CHAOS copies the letter, so five equal letters grow into six);
//! - each diagonal of length 5: any two of its five cells (opposite letters; a five there needs all five cells);
//! - each row and column: two of its four inner cells (opposite letters; both fives of a line of six share them).
//!
//! 18 pairs for 36 cells means every cell is in exactly one pair, so this is an exact cover: take the first cell no
//! pair covers yet, and try every unused line and partner that could pair it. The count this finds is worked out by
//! hand in `tests/exhaustive.rs`.

use games::order_chaos::{CELLS, Cell, Line, PAIRS, Pairing, SIDE};

/// The cells of `line` a recipe pair may use.
fn eligible(line: Line) -> Vec<Cell> {
    let cells: Vec<Cell> = line.cells().collect();
    match line.len {
        // A long diagonal's pair is its two corners, whatever the rest.
        SIDE if line.step.0 != 0 && line.step.1 != 0 => vec![cells[0], cells[SIDE - 1]],
        SIDE => cells[1..SIDE - 1].to_vec(),
        _ => cells,
    }
}

/// Every recipe table, ids numbered in the order of each pair's first cell row by row (as
/// [`Pairing::renumbered`] numbers them), in the order the search finds them.
pub fn recipe_tables() -> Vec<Pairing> {
    let lines: Vec<Vec<Cell>> = Line::ALL.into_iter().map(eligible).collect();
    let mut search = Search { lines, line_used: [false; 18], pair_of: [0; CELLS], pairs: 0, found: Vec::new() };
    search.cover();
    search.found
}

struct Search {
    lines: Vec<Vec<Cell>>,
    line_used: [bool; 18],
    /// The pair id of each cell, 0 while uncovered.
    pair_of: [u8; CELLS],
    pairs: u8,
    found: Vec<Pairing>,
}

impl Search {
    fn cover(&mut self) {
        let Some(first) = (0..CELLS).find(|&i| self.pair_of[i] == 0) else {
            assert_eq!(usize::from(self.pairs), PAIRS);
            let ids = std::array::from_fn(|row| std::array::from_fn(|col| self.pair_of[row * SIDE + col]));
            self.found.push(Pairing { ids });
            return;
        };
        let first = Cell::from_index(first);
        for line in 0..self.lines.len() {
            if self.line_used[line] || !self.lines[line].contains(&first) {
                continue;
            }
            for k in 0..self.lines[line].len() {
                let partner = self.lines[line][k];
                if partner == first || self.pair_of[partner.index()] != 0 {
                    continue;
                }
                self.pairs += 1;
                self.line_used[line] = true;
                self.pair_of[first.index()] = self.pairs;
                self.pair_of[partner.index()] = self.pairs;
                self.cover();
                self.pair_of[first.index()] = 0;
                self.pair_of[partner.index()] = 0;
                self.line_used[line] = false;
                self.pairs -= 1;
            }
        }
    }
}

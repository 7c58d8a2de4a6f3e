//! Order and Chaos: the CHAOS pairing strategy.
//!
//! The 36 cells are split into 18 pairs. When ORDER writes into a cell, CHAOS writes into its partner: the opposite
//! letter when the pair lies on a row, column or length-5 diagonal (that line can then never hold five equal
//! letters), the same letter when the pair is two opposite corners of a long diagonal (five equal letters there
//! always grow into six). Pairs fill together, so the partner is blank whenever ORDER writes into a cell.
//!
//! The constructor checks that a table is a well-formed pairing with a letter rule for every pair. Whether the table
//! wins is not decided here: the proof in `oracles` does that for every ORDER strategy.

pub mod search;

use games::order_chaos::{Board, CELLS, Cell, Move, PAIRS, Pairing, SIDE};

/// What CHAOS writes into the partner cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The other letter: a pair on a row, column or length-5 diagonal.
    Opposite,
    /// The same letter: the two corners of a long diagonal.
    Same,
}

/// Why a table is not a pairing CHAOS can play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("{cell} has pair id {id}; ids run from 1 to {PAIRS}")]
    BadId { cell: Cell, id: u8 },
    #[error("pair id {id} is on {count} cell(s), not 2")]
    NotAPair { id: u8, count: usize },
    #[error("the corner {corner} is paired with {partner}, not with the opposite corner of its long diagonal")]
    Corner { corner: Cell, partner: Cell },
    #[error("pair {id} ({a} and {b}) shares no row, column or length-5 diagonal, so no letter rule applies")]
    NoLine { id: u8, a: Cell, b: Cell },
}

/// A validated pairing table, stored as the partner and rule of every cell so an answer is two array reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    pairing: Pairing,
    partner: [Cell; CELLS],
    rule: [Rule; CELLS],
}

impl Strategy {
    pub fn new(pairing: Pairing) -> Result<Strategy, TableError> {
        let mut cells_of: [Vec<Cell>; PAIRS + 1] = std::array::from_fn(|_| Vec::with_capacity(2));
        for row in 0..SIDE {
            for col in 0..SIDE {
                let cell = Cell::new(row, col);
                let id = pairing.ids[row][col];
                if !(1..=PAIRS as u8).contains(&id) {
                    return Err(TableError::BadId { cell, id });
                }
                cells_of[usize::from(id)].push(cell);
            }
        }
        let mut partner = [Cell::new(0, 0); CELLS];
        let mut rule = [Rule::Opposite; CELLS];
        for (id, cells) in cells_of.iter().enumerate().skip(1) {
            let &[a, b] = cells.as_slice() else {
                return Err(TableError::NotAPair { id: id as u8, count: cells.len() });
            };
            let pair_rule = pair_rule(id as u8, a, b)?;
            partner[a.index()] = b;
            partner[b.index()] = a;
            rule[a.index()] = pair_rule;
            rule[b.index()] = pair_rule;
        }
        Ok(Strategy { pairing, partner, rule })
    }

    /// The tester's table from the editorial.
    pub fn tester() -> Strategy {
        Strategy::new(Pairing::TESTER).expect("the tester's table is a pairing")
    }

    pub fn pairing(&self) -> &Pairing {
        &self.pairing
    }

    /// CHAOS's answer to ORDER's move, in O(1). The partner is blank in every game CHAOS played by this table from
    /// the start; [`Strategy::reply`] checks that on a given board.
    #[inline]
    pub fn answer(&self, order: Move) -> Move {
        let i = order.cell.index();
        let letter = match self.rule[i] {
            Rule::Opposite => order.letter.other(),
            Rule::Same => order.letter,
        };
        Move::new(self.partner[i], letter)
    }

    /// The answer on `board` (before or after ORDER's move is written), or `None` when the partner is not blank,
    /// which cannot happen in a game CHAOS played by this table from the start.
    #[inline]
    pub fn reply(&self, board: &Board, order: Move) -> Option<Move> {
        let answer = self.answer(order);
        board.is_blank(answer.cell).then_some(answer)
    }

    /// Every pair once: its two cells (row by row) and its rule.
    pub fn pairs(&self) -> impl Iterator<Item = (Cell, Cell, Rule)> + '_ {
        (0..CELLS)
            .filter(|&i| i < self.partner[i].index())
            .map(|i| (Cell::from_index(i), self.partner[i], self.rule[i]))
    }

    pub fn partner(&self, cell: Cell) -> Cell {
        self.partner[cell.index()]
    }

    pub fn rule(&self, cell: Cell) -> Rule {
        self.rule[cell.index()]
    }
}

/// A corner must pair with the opposite corner (same letter); any other pair must share a line that can hold a five
/// (opposite letters). `a` comes before `b` row by row.
fn pair_rule(id: u8, a: Cell, b: Cell) -> Result<Rule, TableError> {
    let last = (SIDE - 1) as i32;
    let (ar, ac, br, bc) = (i32::from(a.row), i32::from(a.col), i32::from(b.row), i32::from(b.col));
    let is_corner = |r: i32, c: i32| (r == 0 || r == last) && (c == 0 || c == last);
    if is_corner(ar, ac) || is_corner(br, bc) {
        let opposite = (ar + br, ac + bc) == (last, last);
        if is_corner(ar, ac) && opposite {
            return Ok(Rule::Same);
        }
        let (corner, partner) = if is_corner(ar, ac) { (a, b) } else { (b, a) };
        return Err(TableError::Corner { corner, partner });
    }
    // Diagonals of length 5 or 6: row − col in -1..=1, or row + col in 4..=6.
    let diagonal = (ar - ac == br - bc && (ar - ac).abs() <= 1) || (ar + ac == br + bc && (ar + ac - last).abs() <= 1);
    if ar == br || ac == bc || diagonal { Ok(Rule::Opposite) } else { Err(TableError::NoLine { id, a, b }) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::order_chaos::{Letter, Line};

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col)
    }

    #[test]
    fn the_editorial_tables_are_pairings() {
        for table in [Pairing::TESTER, Pairing::EDITORIALIST] {
            let strategy = Strategy::new(table).expect("an editorial table");
            assert_eq!(strategy.pairs().count(), PAIRS);
            let same: Vec<(Cell, Cell)> =
                strategy.pairs().filter(|p| p.2 == Rule::Same).map(|(a, b, _)| (a, b)).collect();
            assert_eq!(same, [(cell(0, 0), cell(5, 5)), (cell(0, 5), cell(5, 0))]);
            for c in Cell::all() {
                assert_eq!(strategy.partner(strategy.partner(c)), c);
                assert_ne!(strategy.partner(c), c);
                assert_eq!(table.id(strategy.partner(c)), table.id(c));
            }
        }
    }

    #[test]
    fn corners_copy_the_letter_and_other_pairs_flip_it() {
        let strategy = Strategy::tester();
        let x = |r, c| Move::new(cell(r, c), Letter::X);
        assert_eq!(strategy.answer(x(0, 0)), Move::new(cell(5, 5), Letter::X));
        assert_eq!(strategy.answer(x(5, 0)), Move::new(cell(0, 5), Letter::X));
        // Pair 7 of the tester's table: the middle of the top row.
        assert_eq!(strategy.answer(x(0, 2)), Move::new(cell(0, 3), Letter::O));
        // Pair 3: the two ends of the diagonal above the main one.
        assert_eq!(strategy.answer(x(4, 5)), Move::new(cell(0, 1), Letter::O));
    }

    /// Every pair of cells against the board's own lines: two corners pair only across their long diagonal (same
    /// letter), a corner with nothing else, and any other two cells exactly when a line that holds a five holds both.
    #[test]
    fn a_pair_is_legal_exactly_on_a_line_that_holds_a_five() {
        let corners = [cell(0, 0), cell(0, 5), cell(5, 0), cell(5, 5)];
        for a in Cell::all() {
            for b in Cell::all().filter(|b| b.index() > a.index()) {
                let rule = pair_rule(1, a, b);
                if corners.contains(&a) || corners.contains(&b) {
                    let opposite = (a.row + b.row, a.col + b.col) == (5, 5);
                    assert_eq!(rule.is_ok(), opposite && corners.contains(&a), "{a:?} {b:?}: {rule:?}");
                    assert!(rule.is_err() || rule == Ok(Rule::Same));
                } else {
                    let shared =
                        Line::ALL.iter().any(|line| line.cells().any(|c| c == a) && line.cells().any(|c| c == b));
                    assert_eq!(rule.ok(), shared.then_some(Rule::Opposite), "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn reply_needs_a_blank_partner() {
        let strategy = Strategy::tester();
        let order = Move::new(cell(1, 1), Letter::O);
        let mut board = Board::new();
        assert_eq!(strategy.reply(&board, order), Some(Move::new(cell(2, 1), Letter::X)));
        board.play(Move::new(cell(2, 1), Letter::O));
        assert_eq!(strategy.reply(&board, order), None);
    }

    #[test]
    fn malformed_tables_are_refused() {
        let mut bad_id = Pairing::TESTER;
        bad_id.ids[2][3] = 19;
        assert_eq!(Strategy::new(bad_id), Err(TableError::BadId { cell: cell(2, 3), id: 19 }));
        bad_id.ids[2][3] = 0;
        assert_eq!(Strategy::new(bad_id), Err(TableError::BadId { cell: cell(2, 3), id: 0 }));

        let mut three = Pairing::TESTER;
        three.ids[2][3] = 15;
        assert_eq!(Strategy::new(three), Err(TableError::NotAPair { id: 15, count: 3 }));

        // Corner (0,0) with the top row's (0,2), and (0,3) with (5,5): the corner has no partner on its diagonal.
        let corner = Pairing::TESTER.with_swapped(cell(0, 2), cell(5, 5));
        assert_eq!(Strategy::new(corner), Err(TableError::Corner { corner: cell(0, 0), partner: cell(0, 2) }));
        // What `prove --table FILE` prints: cells as on the wire, 1-based.
        assert_eq!(
            Strategy::new(corner).unwrap_err().to_string(),
            "the corner row 1, column 1 is paired with row 1, column 3, not with the opposite corner of its long \
             diagonal"
        );

        // Corners paired down an edge, (0,0) with (5,0) and (0,5) with (5,5): each shares a column with the opposite
        // corner's row, but a corner's partner must be that corner itself.
        let edge = Pairing::TESTER.with_swapped(cell(5, 0), cell(5, 5));
        assert_eq!(Strategy::new(edge), Err(TableError::Corner { corner: cell(0, 0), partner: cell(5, 0) }));

        // (1,1) and (1,2) swapped: pair 11 becomes (1,2) and (2,1), which share no line that holds a five.
        let no_line = Pairing::TESTER.with_swapped(cell(1, 1), cell(1, 2));
        assert_eq!(Strategy::new(no_line), Err(TableError::NoLine { id: 11, a: cell(1, 2), b: cell(2, 1) }));
    }
}

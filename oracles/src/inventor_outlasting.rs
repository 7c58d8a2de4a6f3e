//! Naive Inventor Outlasting oracle: play the game literally on the grid. A position is the set of occupied cells;
//! every move is tried, every resulting position is searched, and the only memo is keyed by the exact occupied set.
//! No rotated coordinates, no splitting into independent parts: it is meant to be read against the rules in
//! `problems/inventor-outlasting.md`, not to be fast. Exponential in the spot count: ~30 ms at 12 spots, ~0.4 s at
//! 16, ~2 s at 18 (worst of the boards tried, test profile).

pub mod split;

use std::collections::HashMap;

use games::inventor_outlasting::{Answer, Board};

/// Rule: "four sign builders walk the four diagonals (NE, NW, SE, SW)", as (row step, column step) with row 0 on top.
const DIAGONALS: [(isize, isize); 4] = [(-1, 1), (-1, -1), (1, 1), (1, -1)];

/// The occupied cells of a position, one bit per cell at index `row * cols + col`; R·C may reach 200, hence words.
type Occupied = Vec<u64>;

fn is_occupied(occupied: &Occupied, cols: usize, row: usize, col: usize) -> bool {
    let i = row * cols + col;
    occupied[i / 64] >> (i % 64) & 1 == 1
}

fn occupy(occupied: &mut Occupied, cols: usize, row: usize, col: usize) {
    let i = row * cols + col;
    occupied[i / 64] |= 1 << (i % 64);
}

/// The smallest value not in `values`.
fn mex(values: &[u32]) -> u32 {
    (0..).find(|v| !values.contains(v)).unwrap_or(0)
}

struct Game<'a> {
    board: &'a Board,
    /// Grundy number of every position already searched, keyed by its occupied set.
    memo: HashMap<Occupied, u32>,
}

impl Game<'_> {
    /// Rule: "choose an unoccupied `X` cell". Occupied = attraction or sign, so a signed spot is not available.
    fn moves(&self, occupied: &Occupied) -> Vec<(usize, usize)> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.board.is_spot(r, c) && !is_occupied(occupied, cols, r, c))
            .collect()
    }

    /// The position after building an attraction at (row, col).
    fn play(&self, occupied: &Occupied, row: usize, col: usize) -> Occupied {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut next = occupied.clone();
        occupy(&mut next, cols, row, col);
        // The four rays leave the attraction in four different directions and never share a cell, so walking them
        // one after the other is the same as walking them at once.
        for (dr, dc) in DIAGONALS {
            let (mut r, mut c) = (row, col);
            // Rule: "Each one looks at the next cell in its direction: if it is off the board or occupied it stops;
            // otherwise it steps there, builds a sign (on `.` and `X` cells alike), and repeats."
            // A step off the top or left edge fails the `checked_add`; off the bottom or right edge, the bound below.
            while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                if nr >= rows || nc >= cols || is_occupied(&next, cols, nr, nc) {
                    break;
                }
                occupy(&mut next, cols, nr, nc);
                (r, c) = (nr, nc);
            }
        }
        next
    }

    /// Grundy number of a position: mex over the positions one move away. With no move the mex of nothing is 0,
    /// which is the rule "The player with no available spot on her turn loses".
    fn grundy(&mut self, occupied: &Occupied) -> u32 {
        if let Some(&g) = self.memo.get(occupied) {
            return g;
        }
        let children: Vec<u32> = self
            .moves(occupied)
            .into_iter()
            .map(|(r, c)| {
                let next = self.play(occupied, r, c);
                self.grundy(&next)
            })
            .collect();
        let g = mex(&children);
        self.memo.insert(occupied.clone(), g);
        g
    }
}

/// How many of Izabella's first moves win, and the Grundy number of the starting position. A first move wins
/// exactly when the opponent then faces a position of Grundy number 0, i.e. one with no winning move (or no move).
pub fn answer(board: &Board) -> Answer {
    let mut game = Game { board, memo: HashMap::new() };
    let start: Occupied = vec![0; (board.rows() * board.cols()).div_ceil(64)];
    let children: Vec<u32> = game
        .moves(&start)
        .into_iter()
        .map(|(r, c)| {
            let next = game.play(&start, r, c);
            game.grundy(&next)
        })
        .collect();
    Answer { winning_moves: children.iter().filter(|&&g| g == 0).count(), grundy: mex(&children) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `X` and `.`.
    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len(), rows[0].len());
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                b.set_spot(r, c, ch == 'X');
            }
        }
        b
    }

    /// Tiny reader of the contest input: T, then per case `R C` and R rows.
    fn parse(input: &str) -> Vec<Board> {
        let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
        let t: usize = lines.next().expect("T").parse().expect("T is a number");
        (0..t)
            .map(|_| {
                let dims: Vec<usize> =
                    lines.next().expect("R C").split_whitespace().map(|w| w.parse().expect("number")).collect();
                let rows: Vec<&str> = (0..dims[0]).map(|_| lines.next().expect("a row")).collect();
                assert!(rows.iter().all(|r| r.len() == dims[1]), "row width");
                board(&rows)
            })
            .collect()
    }

    fn check_official(input: &str, answers: &str) {
        let boards = parse(input);
        let want: Vec<&str> = answers.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
        assert_eq!(boards.len(), want.len(), "number of cases");
        for (i, (b, w)) in boards.iter().zip(&want).enumerate() {
            assert_eq!(format!("Case #{}: {}", i + 1, answer(b)), *w, "case {}", i + 1);
        }
    }

    fn ans(winning_moves: usize, grundy: u32) -> Answer {
        Answer { winning_moves, grundy }
    }

    #[test]
    fn official_sample() {
        check_official(
            include_str!("../../tests/data/inventor-outlasting/sample.in"),
            include_str!("../../tests/data/inventor-outlasting/sample.ans"),
        );
    }

    #[test]
    fn official_small() {
        check_official(
            include_str!("../../tests/data/inventor-outlasting/small.in"),
            include_str!("../../tests/data/inventor-outlasting/small.ans"),
        );
    }

    #[test]
    fn no_spot() {
        assert_eq!(answer(&board(&["...", "..."])), ans(0, 0));
        assert_eq!(answer(&board(&["."])), ans(0, 0));
    }

    #[test]
    fn single_spot() {
        assert_eq!(answer(&board(&["X"])), ans(1, 1));
        assert_eq!(answer(&board(&["...", ".X.", "..."])), ans(1, 1));
    }

    #[test]
    fn builder_walks_over_dots() {
        // From (0,0) the SE builder signs the `.` at (1,1) and goes on to sign (2,2): either move ends the game.
        // A builder that stopped at `.` would leave the other spot, and no first move would win.
        assert_eq!(answer(&board(&["X..", "...", "..X"])), ans(2, 1));
    }

    #[test]
    fn builder_stops_at_a_sign() {
        // Playing (0,2) signs (1,1) and (2,0). Then (0,0) and (2,2) face each other across the sign at (1,1), which
        // stops both builders: two independent single spots (Grundy 0), so (0,2) is the one winning first move.
        // Walking on past the sign would let (0,0) and (2,2) kill each other, and no first move would win.
        assert_eq!(answer(&board(&["X.X", "...", "..X"])), ans(1, 2));
    }

    #[test]
    fn builder_does_not_stop_early() {
        // Any move on the full diagonal signs every other spot on it, the far end included, and X cells alike.
        // A builder that stopped after a step, or in front of an X, would leave a spot over.
        assert_eq!(answer(&board(&["X...", ".X..", "..X.", "...X"])), ans(4, 1));
        assert_eq!(answer(&board(&["X..", ".X.", "..X"])), ans(3, 1));
    }

    #[test]
    fn all_four_diagonals() {
        // The centre signs all four corners. A corner signs the centre and the opposite corner, and the two corners
        // left face each other across the sign at the centre: *1 + *1 = 0. So all five first moves win.
        assert_eq!(answer(&board(&["X.X", ".X.", "X.X"])), ans(5, 1));
    }

    #[test]
    fn spots_on_different_parities_are_independent() {
        // Side by side, and (0,1) beside the centre: no diagonal joins them, so the game is *1 + *1 = 0.
        assert_eq!(answer(&board(&["XX", ".."])), ans(0, 0));
        assert_eq!(answer(&board(&[".X.", ".X.", "..."])), ans(0, 0));
        // A diagonal pair (each kills the other: *1) beside a lone spot of the other parity (*1): every first move
        // leaves a single live game (*1) to the opponent, so none wins.
        assert_eq!(answer(&board(&["XX.", "...", "..X"])), ans(0, 0));
    }
}

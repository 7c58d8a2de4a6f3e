//! Naive Hex oracle: flood fill each colour between its two sides, and for a winner try removing each of its
//! stones in turn. O(N⁴) on purpose; it is meant to be read against the rules in `problems/hex.md`, not to be fast.

pub mod witness;

use games::hex::{Board, Cell, Stone, Verdict};

/// Rule: "Neighbours of (r, c): (r−1, c), (r−1, c+1), (r, c−1), (r, c+1), (r+1, c−1), (r+1, c)."
/// The offsets are the same whether rows and columns count from 1 (the rules) or from 0 (`Cell`).
const NEIGHBOUR_STEPS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];

/// The cells that touch `cell` and lie on the board.
fn neighbours(n: usize, cell: Cell) -> impl Iterator<Item = Cell> {
    NEIGHBOUR_STEPS.into_iter().filter_map(move |(dr, dc)| {
        // A step off the top or left edge fails here; a step off the bottom or right edge fails the bound below.
        let row = cell.row.checked_add_signed(dr)?;
        let col = cell.col.checked_add_signed(dc)?;
        (row < n && col < n).then_some(Cell { row, col })
    })
}

/// Rule: "Red owns the top and bottom sides (row 1 and row N); Blue owns the left and right sides (column 1 and
/// column N). Corner cells belong to both colours' sides." Returns whether `cell` is on the first and on the last
/// of the two sides of `stone`; on a 1×1 board the one cell is on both.
fn on_sides(n: usize, stone: Stone, cell: Cell) -> (bool, bool) {
    let along = match stone {
        Stone::Red => cell.row,
        Stone::Blue => cell.col,
    };
    (along == 0, along == n - 1)
}

/// Whether the stones of `stone` link its two sides: flood fill from every such stone on the first side and see
/// whether the fill reaches the last side.
fn has_chain(board: &Board, stone: Stone) -> bool {
    let n = board.size();
    let mut seen = vec![false; n * n];
    let mut stack: Vec<Cell> = board.stones(stone).filter(|&c| on_sides(n, stone, c).0).collect();
    for c in &stack {
        seen[c.row * n + c.col] = true;
    }
    while let Some(cell) = stack.pop() {
        if on_sides(n, stone, cell).1 {
            return true;
        }
        for next in neighbours(n, cell) {
            if board.get(next) == Some(stone) && !seen[next.row * n + next.col] {
                seen[next.row * n + next.col] = true;
                stack.push(next);
            }
        }
    }
    false
}

/// Whether one stone of `stone` lies on every one of its chains: the winner's last move must have been such a
/// stone, because before it the game had not yet stopped. Removing a stone that is on every chain leaves none.
fn one_stone_on_every_chain(board: &Board, stone: Stone) -> bool {
    board.stones(stone).any(|cell| {
        let mut before = board.clone();
        before.set(cell, None);
        !has_chain(&before, stone)
    })
}

/// The verdict on one board, checking the rules' conditions in the order the rules give them.
pub fn verdict(board: &Board) -> Verdict {
    let count = |s: Stone| board.count(s);
    // "the stone counts differ by more than one": players alternate, whoever moved first.
    if count(Stone::Blue).abs_diff(count(Stone::Red)) > 1 {
        return Verdict::Impossible;
    }
    let winners: Vec<Stone> = [Stone::Blue, Stone::Red].into_iter().filter(|&s| has_chain(board, s)).collect();
    // "a colour has a winning chain but fewer stones than the other colour": the winner moved last.
    if winners.iter().any(|&w| count(w) < count(w.other())) {
        return Verdict::Impossible;
    }
    // "no single stone of that colour lies on every one of its winning chains": the game would have stopped earlier.
    if winners.iter().any(|&w| !one_stone_on_every_chain(board, w)) {
        return Verdict::Impossible;
    }
    match winners[..] {
        [] => Verdict::NobodyWins,
        [winner] => Verdict::wins(winner),
        // Hex topology rules this out, but a hand-made board may claim it; no game reaches it, so do not panic.
        _ => Verdict::Impossible,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;
    use games::hex::Hex;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("hand-made board parses")
    }

    /// Every `Case #i: {verdict}` line must equal the official answer line; the .ans files may lack a final newline.
    fn check_official(input: &str, answers: &str) {
        let boards = Hex::parse(input).expect("official input parses");
        let got: Vec<String> =
            boards.iter().enumerate().map(|(i, b)| format!("Case #{}: {}", i + 1, verdict(b))).collect();
        let want: Vec<&str> = answers.lines().collect();
        assert_eq!(got.len(), want.len(), "number of cases");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "case {} board:\n{}", i + 1, boards[i]);
        }
    }

    #[test]
    fn official_sample() {
        check_official(include_str!("../../tests/data/hex/sample.in"), include_str!("../../tests/data/hex/sample.ans"));
    }

    #[test]
    fn official_small() {
        check_official(include_str!("../../tests/data/hex/small.in"), include_str!("../../tests/data/hex/small.ans"));
    }

    #[test]
    fn one_by_one() {
        assert_eq!(verdict(&board(&["."])), Verdict::NobodyWins);
        // The single cell is on both of each colour's sides, so one stone is a chain.
        assert_eq!(verdict(&board(&["B"])), Verdict::BlueWins);
        assert_eq!(verdict(&board(&["R"])), Verdict::RedWins);
    }

    #[test]
    fn empty_board() {
        assert_eq!(verdict(&Board::new(5)), Verdict::NobodyWins);
    }

    #[test]
    fn centre_of_three_by_three_touches_six_cells() {
        let mut got: Vec<(usize, usize)> = neighbours(3, Cell { row: 1, col: 1 }).map(|c| (c.row, c.col)).collect();
        got.sort();
        assert_eq!(got, [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]);
        let corner: Vec<(usize, usize)> = neighbours(3, Cell { row: 0, col: 0 }).map(|c| (c.row, c.col)).collect();
        assert_eq!(corner, [(0, 1), (1, 0)]);
    }

    #[test]
    fn anti_diagonal_links_but_main_diagonal_does_not() {
        // (0,2), (1,1), (2,0) touch in turn; the centre is on every chain.
        assert_eq!(verdict(&board(&["B.R", ".R.", "R.B"])), Verdict::RedWins);
        // (0,0), (1,1), (2,2) do not touch: no chain for either colour.
        assert_eq!(verdict(&board(&["R.B", ".R.", "B.R"])), Verdict::NobodyWins);
    }

    #[test]
    fn winner_with_fewer_stones_is_impossible() {
        assert_eq!(verdict(&board(&["BR.", ".RB", ".R."])), Verdict::RedWins);
        assert_eq!(verdict(&board(&["BRB", "BR.", "BR."])), Verdict::Impossible);
    }

    #[test]
    fn two_disjoint_chains_are_impossible() {
        // Red holds columns 0 and 3, which share no stone; the counts (8 Red, 7 Blue) are those of a real game.
        assert_eq!(verdict(&board(&["RBBR", "RBBR", "RB.R", "RBBR"])), Verdict::Impossible);
    }

    #[test]
    fn bottleneck_on_a_side_wins() {
        // Every Red chain starts at (0,1), the only Red stone on the top row.
        assert_eq!(verdict(&board(&["BRB", "RRR", "BRB"])), Verdict::RedWins);
    }

    #[test]
    fn counts_differ_by_two() {
        assert_eq!(verdict(&board(&["BR", "BB"])), Verdict::Impossible);
    }
}

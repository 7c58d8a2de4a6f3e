//! An independent checker of Hex certificates: it accepts a verdict only when the witness proves it under the rules.
//!
//! - `Red wins` / `Blue wins` with `Win { chain, cut }`: the counts differ by at most one and the winner has as many
//!   stones as the loser or one more (so it may have moved last); `chain` links the winner's sides (so it won);
//!   with `cut` taken away a flood fill finds no chain of the winner (so one stone lies on every chain and the game
//!   ended with it); a flood fill finds no chain of the loser. That is every condition of the rules for a win.
//! - `Impossible` with `Counts`: the counts differ by more than one. With `WinnerBehind`: a chain of a colour that
//!   has fewer stones than the other (the winner moved last). With `TwoChains`: two chains of one colour with no
//!   common cell, so no single stone lies on every chain. With `BothChains`: a chain of each colour, which no game
//!   reaches since it stops at the first chain. Each is one of the rules' reasons for `Impossible`.
//! - `Nobody wins` with `NobodyWins`: the counts are legal and flood fills find no chain of either colour.
//!
//! Chains are checked step by step and everything else by one flood fill, so a check costs O(N²) plus the witness's
//! length. Adjacency, sides and the flood fill are written here from the rules alone, sharing nothing with the
//! solvers or the naive oracle, so that a common mistake cannot hide.

use games::hex::{Board, Cell, Stone, Verdict, Witness};

/// Check that `witness` proves `verdict` on `board`. `Err` says what is wrong, with cells 1-based as (row, column).
pub fn check(board: &Board, verdict: Verdict, witness: &Witness) -> Result<(), String> {
    match (verdict, witness) {
        (Verdict::RedWins, Witness::Win { chain, cut }) => check_win(board, Stone::Red, chain, *cut),
        (Verdict::BlueWins, Witness::Win { chain, cut }) => check_win(board, Stone::Blue, chain, *cut),
        (Verdict::Impossible, Witness::Counts) => {
            let (red, blue) = (board.count(Stone::Red), board.count(Stone::Blue));
            if red.abs_diff(blue) > 1 {
                Ok(())
            } else {
                Err(format!("the counts do not differ by more than one: Red has {red} stones, Blue {blue}"))
            }
        }
        (Verdict::Impossible, Witness::WinnerBehind { chain }) => {
            let colour = chain_colour(board, chain, "the chain")?;
            check_chain(board, colour, chain, "the chain")?;
            let (mine, theirs) = (board.count(colour), board.count(colour.other()));
            if mine < theirs {
                Ok(())
            } else {
                Err(format!(
                    "{} has a chain but is not behind: {mine} stones against {}'s {theirs}",
                    name(colour),
                    name(colour.other())
                ))
            }
        }
        (Verdict::Impossible, Witness::TwoChains { first, second }) => {
            let colour = chain_colour(board, first, "the first chain")?;
            check_chain(board, colour, first, "the first chain")?;
            check_chain(board, colour, second, "the second chain")?;
            let n = board.size();
            let mut in_first = vec![false; n * n];
            for cell in first {
                in_first[cell.row * n + cell.col] = true;
            }
            match second.iter().position(|c| in_first[c.row * n + c.col]) {
                Some(i) => {
                    Err(format!("the chains share a cell: the second chain's cell {} {}", i + 1, show(second[i])))
                }
                None => Ok(()),
            }
        }
        (Verdict::Impossible, Witness::BothChains { red, blue }) => {
            check_chain(board, Stone::Red, red, "the Red chain")?;
            check_chain(board, Stone::Blue, blue, "the Blue chain")
        }
        (Verdict::NobodyWins, Witness::NobodyWins) => {
            check_counts_legal(board)?;
            for colour in [Stone::Red, Stone::Blue] {
                if let Some(end) = find_chain(board, colour, None) {
                    return Err(format!("{} has a chain (it reaches {})", name(colour), show(end)));
                }
            }
            Ok(())
        }
        (verdict, witness) => Err(format!("a {} witness cannot prove `{verdict}`", kind(witness))),
    }
}

fn check_win(board: &Board, winner: Stone, chain: &[Cell], cut: Cell) -> Result<(), String> {
    check_counts_legal(board)?;
    let loser = winner.other();
    let (mine, theirs) = (board.count(winner), board.count(loser));
    if mine < theirs {
        return Err(format!(
            "{} cannot win with fewer stones than {}: {mine} against {theirs}",
            name(winner),
            name(loser)
        ));
    }
    check_chain(board, winner, chain, "the chain")?;
    let n = board.size();
    if !on_board(n, cut) {
        return Err(format!("the cut {} is off the {n}×{n} board", show(cut)));
    }
    if board.get(cut) != Some(winner) {
        return Err(format!("the cut {} {}, not a {} stone", show(cut), holds(board.get(cut)), name(winner)));
    }
    if let Some(end) = find_chain(board, winner, Some(cut)) {
        return Err(format!(
            "with the cut stone {} removed {} still has a chain (it reaches {})",
            show(cut),
            name(winner),
            show(end)
        ));
    }
    if let Some(end) = find_chain(board, loser, None) {
        return Err(format!("{} has a chain too (it reaches {})", name(loser), show(end)));
    }
    Ok(())
}

fn check_counts_legal(board: &Board) -> Result<(), String> {
    let (red, blue) = (board.count(Stone::Red), board.count(Stone::Blue));
    if red.abs_diff(blue) > 1 {
        return Err(format!("the counts differ by more than one: Red has {red} stones, Blue {blue}"));
    }
    Ok(())
}

/// The colour a chain claims, read from its first cell, for witnesses that do not name it.
fn chain_colour(board: &Board, chain: &[Cell], what: &str) -> Result<Stone, String> {
    let n = board.size();
    match chain.first() {
        None => Err(format!("{what} is empty")),
        Some(&first) if !on_board(n, first) => Err(format!("{what}'s cell 1 {} is off the {n}×{n} board", show(first))),
        Some(&first) => board.get(first).ok_or_else(|| format!("{what}'s cell 1 {} is empty", show(first))),
    }
}

/// A chain is a walk, not necessarily a simple path: repeated cells are accepted, since any walk between two cells
/// contains a simple path between them, so it proves the same link. A cell repeated at once is rejected, since no
/// cell is its own neighbour.
fn check_chain(board: &Board, colour: Stone, chain: &[Cell], what: &str) -> Result<(), String> {
    let n = board.size();
    let (Some(&first), Some(&last)) = (chain.first(), chain.last()) else {
        return Err(format!("{what} is empty"));
    };
    for (i, &cell) in chain.iter().enumerate() {
        if !on_board(n, cell) {
            return Err(format!("{what}'s cell {} {} is off the {n}×{n} board", i + 1, show(cell)));
        }
        if board.get(cell) != Some(colour) {
            return Err(format!(
                "{what}'s cell {} {} {}, not a {} stone",
                i + 1,
                show(cell),
                holds(board.get(cell)),
                name(colour)
            ));
        }
        if i > 0 && !touch(chain[i - 1], cell) {
            return Err(format!(
                "{what}'s step {}: {} is not a neighbour of {}",
                i + 1,
                show(cell),
                show(chain[i - 1])
            ));
        }
    }
    if !on_first_side(colour, first) {
        return Err(format!("{what} starts at {}, not on {}'s first side", show(first), name(colour)));
    }
    if !on_last_side(n, colour, last) {
        return Err(format!("{what} ends at {}, so it does not reach {}'s last side", show(last), name(colour)));
    }
    Ok(())
}

/// The six (row, column) steps to a neighbour, as the rules list them.
const STEPS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];

fn on_board(n: usize, cell: Cell) -> bool {
    cell.row < n && cell.col < n
}

/// Whether two on-board cells are neighbours.
fn touch(a: Cell, b: Cell) -> bool {
    let step = (b.row as isize - a.row as isize, b.col as isize - a.col as isize);
    STEPS.contains(&step)
}

fn neighbours(n: usize, cell: Cell) -> impl Iterator<Item = Cell> {
    STEPS.into_iter().filter_map(move |(dr, dc)| {
        let row = cell.row.checked_add_signed(dr)?;
        let col = cell.col.checked_add_signed(dc)?;
        (row < n && col < n).then_some(Cell { row, col })
    })
}

fn on_first_side(colour: Stone, cell: Cell) -> bool {
    match colour {
        Stone::Red => cell.row == 0,
        Stone::Blue => cell.col == 0,
    }
}

fn on_last_side(n: usize, colour: Stone, cell: Cell) -> bool {
    match colour {
        Stone::Red => cell.row == n - 1,
        Stone::Blue => cell.col == n - 1,
    }
}

/// A cell on `colour`'s last side reached by its stones from its first side, `removed` counting as empty; `None`
/// when the colour has no chain. Each cell is pushed at most once, so this is O(N²).
fn find_chain(board: &Board, colour: Stone, removed: Option<Cell>) -> Option<Cell> {
    let n = board.size();
    let mine = |cell: Cell| Some(cell) != removed && board.get(cell) == Some(colour);
    let mut seen = vec![false; n * n];
    // A stone of the colour is reached once: the one index every visit goes through, so that each cell is pushed at
    // most once.
    let mut reach = |cell: Cell| mine(cell) && !std::mem::replace(&mut seen[cell.row * n + cell.col], true);
    let mut stack: Vec<Cell> = board.cells().filter(|&c| on_first_side(colour, c) && reach(c)).collect();
    while let Some(cell) = stack.pop() {
        if on_last_side(n, colour, cell) {
            return Some(cell);
        }
        stack.extend(neighbours(n, cell).filter(|&next| reach(next)));
    }
    None
}

fn name(colour: Stone) -> &'static str {
    match colour {
        Stone::Red => "Red",
        Stone::Blue => "Blue",
    }
}

fn holds(content: Option<Stone>) -> &'static str {
    match content {
        None => "is empty",
        Some(Stone::Red) => "holds a Red stone",
        Some(Stone::Blue) => "holds a Blue stone",
    }
}

/// A cell as the rules write it: 1-based (row, column). Widened first, since an off-board cell of a bad witness
/// may hold `usize::MAX`.
fn show(cell: Cell) -> String {
    format!("({}, {})", cell.row as u128 + 1, cell.col as u128 + 1)
}

fn kind(witness: &Witness) -> &'static str {
    match witness {
        Witness::Win { .. } => "`Win`",
        Witness::Counts => "`Counts`",
        Witness::WinnerBehind { .. } => "`WinnerBehind`",
        Witness::TwoChains { .. } => "`TwoChains`",
        Witness::BothChains { .. } => "`BothChains`",
        Witness::NobodyWins => "`NobodyWins`",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("a square board of B, R and .")
    }

    /// A cell from the 1-based (row, column) the rules and the messages use.
    fn at(row: usize, col: usize) -> Cell {
        Cell { row: row - 1, col: col - 1 }
    }

    fn chain(cells: &[(usize, usize)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| at(r, c)).collect()
    }

    fn win(cells: &[(usize, usize)], cut: (usize, usize)) -> Witness {
        Witness::Win { chain: chain(cells), cut: at(cut.0, cut.1) }
    }

    /// Rejected, and for the reason expected rather than some earlier slip in the test's own witness.
    #[track_caller]
    fn rejects(result: Result<(), String>, reason: &str) {
        match result {
            Ok(()) => panic!("accepted, expected an error containing {reason:?}"),
            Err(e) => assert!(e.contains(reason), "error {e:?} does not contain {reason:?}"),
        }
    }

    /// Red holds column 2 top to bottom; Blue has two stones in column 1, one fewer than Red.
    fn red_column() -> Board {
        board(&[".R.", "BR.", "BR."])
    }

    const RED_COLUMN: [(usize, usize); 3] = [(1, 2), (2, 2), (3, 2)];

    /// Red's two routes from the top meet at (3, 2) only; Blue has one stone fewer.
    fn red_bottleneck() -> Board {
        board(&["BR.RB", "BRR.B", "BR..B", "RR..B", "RR..B"])
    }

    const THROUGH_COLUMN: [(usize, usize); 5] = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)];
    const THROUGH_DIAGONAL: [(usize, usize); 5] = [(1, 4), (2, 3), (3, 2), (4, 1), (5, 1)];

    /// Red holds columns 1 and 4, two chains with no common cell; Blue one stone fewer between them.
    fn red_two_columns() -> Board {
        board(&["RBBR.", "RBBR.", "RBBR.", "RBBR.", "RB.R."])
    }

    #[test]
    fn a_true_win_is_accepted_for_either_colour() {
        assert_eq!(check(&red_column(), Verdict::RedWins, &win(&RED_COLUMN, (2, 2))), Ok(()));
        let blue = red_column().transpose_swap();
        let blue_row = [(2, 1), (2, 2), (2, 3)];
        assert_eq!(check(&blue, Verdict::BlueWins, &win(&blue_row, (2, 1))), Ok(()));
        assert_eq!(check(&red_bottleneck(), Verdict::RedWins, &win(&THROUGH_DIAGONAL, (3, 2))), Ok(()));
    }

    /// The rules' own example: in 123/456/789, 5 touches neither 1 nor 9, while 3-5-7 is a chain.
    #[test]
    fn the_123_456_789_trap_is_a_gap() {
        let anti_diagonal = board(&["BBR", "BR.", "RBR"]);
        assert_eq!(check(&anti_diagonal, Verdict::RedWins, &win(&[(1, 3), (2, 2), (3, 1)], (2, 2))), Ok(()));
        rejects(
            check(&anti_diagonal, Verdict::RedWins, &win(&[(1, 3), (2, 2), (3, 3)], (2, 2))),
            "step 3: (3, 3) is not a neighbour of (2, 2)",
        );
        let main_diagonal = board(&["R.B", "BR.", "R.B"]);
        rejects(
            check(&main_diagonal, Verdict::RedWins, &win(&[(1, 1), (2, 2), (3, 1)], (2, 2))),
            "step 2: (2, 2) is not a neighbour of (1, 1)",
        );
    }

    #[test]
    fn neighbours_are_the_six_of_the_rules() {
        let number = |c: Cell| c.row * 3 + c.col + 1;
        let mut of_five: Vec<usize> = neighbours(3, at(2, 2)).map(number).collect();
        of_five.sort();
        assert_eq!(of_five, [2, 3, 4, 6, 7, 8]);
        let mut of_one: Vec<usize> = neighbours(3, at(1, 1)).map(number).collect();
        of_one.sort();
        assert_eq!(of_one, [2, 4]);
        // The step test and the flood fill's neighbour list must agree, or a chain could pass one and not the other.
        let n = 4;
        for a in Board::new(n).cells() {
            for b in Board::new(n).cells() {
                assert_eq!(touch(a, b), neighbours(n, a).any(|x| x == b), "{} and {}", show(a), show(b));
            }
        }
    }

    #[test]
    fn a_gap_in_a_straight_line_is_rejected() {
        let witness = win(&[(1, 2), (3, 2)], (2, 2));
        rejects(check(&red_column(), Verdict::RedWins, &witness), "step 2: (3, 2) is not a neighbour of (1, 2)");
    }

    #[test]
    fn a_chain_must_run_from_the_first_side_to_the_last() {
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&[(1, 2), (2, 2)], (2, 2))),
            "ends at (2, 2), so it does not reach Red's last side",
        );
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&[(2, 2), (3, 2)], (2, 2))),
            "starts at (2, 2), not on Red's first side",
        );
        // The witness format fixes the direction, first side to last.
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&[(3, 2), (2, 2), (1, 2)], (2, 2))),
            "starts at (3, 2), not on Red's first side",
        );
        rejects(check(&red_column(), Verdict::RedWins, &win(&[], (2, 2))), "the chain is empty");
    }

    #[test]
    fn a_chain_through_an_empty_cell_or_the_other_colour_is_rejected() {
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&[(1, 3), (2, 2), (3, 2)], (2, 2))),
            "cell 1 (1, 3) is empty",
        );
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&[(1, 2), (2, 1), (3, 1)], (2, 2))),
            "cell 2 (2, 1) holds a Blue stone, not a Red stone",
        );
    }

    /// Off-board cells must be caught before the board is read: (1, 5) on a 3×3 board would otherwise be read as
    /// the Red stone at flat index 4, (2, 2).
    #[test]
    fn a_chain_or_cut_off_the_board_is_rejected() {
        let aliased = Cell { row: 0, col: 4 };
        let witness = Witness::Win { chain: vec![at(1, 2), aliased, at(3, 2)], cut: at(2, 2) };
        rejects(check(&red_column(), Verdict::RedWins, &witness), "cell 2 (1, 5) is off the 3×3 board");
        let below = win(&[(1, 2), (2, 2), (3, 2), (4, 2)], (2, 2));
        rejects(check(&red_column(), Verdict::RedWins, &below), "cell 4 (4, 2) is off the 3×3 board");
        let far = Witness::Win { chain: vec![Cell { row: usize::MAX, col: 0 }], cut: at(2, 2) };
        rejects(check(&red_column(), Verdict::RedWins, &far), "is off the 3×3 board");
        let witness = Witness::Win { chain: chain(&RED_COLUMN), cut: aliased };
        rejects(check(&red_column(), Verdict::RedWins, &witness), "the cut (1, 5) is off the 3×3 board");
        // Column N itself is off the board too, though its flat index falls inside it ((1, 4) would be read as the
        // Blue stone at (2, 1)).
        let edge = Witness::Win { chain: vec![at(1, 2), Cell { row: 0, col: 3 }], cut: at(2, 2) };
        rejects(check(&red_column(), Verdict::RedWins, &edge), "cell 2 (1, 4) is off the 3×3 board");
        let edge = Witness::Win { chain: chain(&RED_COLUMN), cut: Cell { row: 0, col: 3 } };
        rejects(check(&red_column(), Verdict::RedWins, &edge), "the cut (1, 4) is off the 3×3 board");
        // A witness that names no colour takes it from its chain's first cell, which must be on the board too: (1, 6)
        // would be read as the empty (2, 3), and a cell past every row out of bounds.
        let to_empty = Witness::WinnerBehind { chain: vec![Cell { row: 0, col: 5 }] };
        rejects(check(&red_column(), Verdict::Impossible, &to_empty), "the chain's cell 1 (1, 6) is off the 3×3 board");
        let far = Witness::TwoChains { first: vec![Cell { row: usize::MAX, col: 0 }], second: chain(&RED_COLUMN) };
        rejects(check(&red_column(), Verdict::Impossible, &far), "the first chain's cell 1");
    }

    /// A walk proves the link as well as a simple path; standing still is no step.
    #[test]
    fn repeated_cells_are_accepted_but_not_a_step_in_place() {
        let walk = win(&[(1, 2), (2, 2), (1, 2), (2, 2), (3, 2)], (2, 2));
        assert_eq!(check(&red_column(), Verdict::RedWins, &walk), Ok(()));
        let stay = win(&[(1, 2), (1, 2), (2, 2), (3, 2)], (2, 2));
        rejects(check(&red_column(), Verdict::RedWins, &stay), "step 2: (1, 2) is not a neighbour of (1, 2)");
    }

    #[test]
    fn a_cut_that_leaves_a_chain_is_rejected() {
        rejects(
            check(&red_bottleneck(), Verdict::RedWins, &win(&THROUGH_COLUMN, (2, 2))),
            "with the cut stone (2, 2) removed Red still has a chain",
        );
        rejects(
            check(&red_two_columns(), Verdict::RedWins, &win(&[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], (3, 1))),
            "with the cut stone (3, 1) removed Red still has a chain",
        );
    }

    #[test]
    fn a_cut_that_is_not_the_winners_stone_is_rejected() {
        rejects(
            check(&red_column(), Verdict::RedWins, &win(&RED_COLUMN, (2, 1))),
            "the cut (2, 1) holds a Blue stone, not a Red stone",
        );
        rejects(check(&red_column(), Verdict::RedWins, &win(&RED_COLUMN, (1, 1))), "the cut (1, 1) is empty");
    }

    #[test]
    fn counts_are_checked_not_trusted() {
        // Red 3, Blue 1: a real count mismatch.
        let lopsided = board(&[".R.", "BR.", ".R."]);
        assert_eq!(check(&lopsided, Verdict::Impossible, &Witness::Counts), Ok(()));
        rejects(check(&lopsided, Verdict::RedWins, &win(&RED_COLUMN, (2, 2))), "differ by more than one");
        rejects(check(&red_column(), Verdict::Impossible, &Witness::Counts), "do not differ by more than one");
        rejects(check(&Board::new(3), Verdict::Impossible, &Witness::Counts), "Red has 0 stones, Blue 0");
        rejects(check(&lopsided.transpose_swap(), Verdict::NobodyWins, &Witness::NobodyWins), "more than one");
    }

    #[test]
    fn a_winner_behind_is_impossible_and_no_win() {
        // Red links rows 1 and 3 with 3 stones against Blue's 4.
        let behind = board(&["BR.", "BR.", "BRB"]);
        let witness = Witness::WinnerBehind { chain: chain(&RED_COLUMN) };
        assert_eq!(check(&behind, Verdict::Impossible, &witness), Ok(()));
        rejects(check(&behind, Verdict::RedWins, &win(&RED_COLUMN, (2, 2))), "Red cannot win with fewer stones");
        rejects(check(&red_column(), Verdict::Impossible, &witness), "Red has a chain but is not behind");
        // Equal counts: whoever won may have moved last.
        let level = board(&["BR.", "BR.", "BR."]);
        rejects(check(&level, Verdict::Impossible, &witness), "not behind: 3 stones against Blue's 3");
        let broken = Witness::WinnerBehind { chain: chain(&[(1, 2), (3, 2)]) };
        rejects(check(&behind, Verdict::Impossible, &broken), "not a neighbour");
    }

    #[test]
    fn two_chains_must_share_no_cell() {
        let columns = Witness::TwoChains {
            first: chain(&[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]),
            second: chain(&[(1, 4), (2, 4), (3, 4), (4, 4), (5, 4)]),
        };
        assert_eq!(check(&red_two_columns(), Verdict::Impossible, &columns), Ok(()));
        let crossing = Witness::TwoChains { first: chain(&THROUGH_COLUMN), second: chain(&THROUGH_DIAGONAL) };
        rejects(
            check(&red_bottleneck(), Verdict::Impossible, &crossing),
            "share a cell: the second chain's cell 3 (3, 2)",
        );
        let same = Witness::TwoChains { first: chain(&THROUGH_COLUMN), second: chain(&THROUGH_COLUMN) };
        rejects(check(&red_bottleneck(), Verdict::Impossible, &same), "share a cell");
        let short = Witness::TwoChains { first: chain(&THROUGH_COLUMN), second: chain(&[(1, 4), (2, 3), (3, 2)]) };
        rejects(check(&red_bottleneck(), Verdict::Impossible, &short), "the second chain ends at (3, 2)");
    }

    /// Hex never lets both colours link their sides, so no board accepts this witness; each chain is still checked.
    #[test]
    fn both_chains_checks_each_chain() {
        let witness = Witness::BothChains { red: chain(&RED_COLUMN), blue: chain(&[(2, 1), (2, 2), (2, 3)]) };
        rejects(check(&red_column(), Verdict::Impossible, &witness), "the Blue chain's cell 2 (2, 2) holds a Red");
        let witness = Witness::BothChains { red: chain(&[(1, 1), (2, 1), (3, 1)]), blue: chain(&[(2, 1)]) };
        rejects(check(&red_column(), Verdict::Impossible, &witness), "the Red chain's cell 1 (1, 1) is empty");
    }

    #[test]
    fn a_witness_proves_only_its_own_verdict() {
        // Each with the name the message must give it, so that a reader sees which witness was misplaced.
        let witnesses = [
            (win(&RED_COLUMN, (2, 2)), "`Win`"),
            (Witness::Counts, "`Counts`"),
            (Witness::WinnerBehind { chain: chain(&RED_COLUMN) }, "`WinnerBehind`"),
            (Witness::TwoChains { first: chain(&RED_COLUMN), second: chain(&RED_COLUMN) }, "`TwoChains`"),
            (Witness::BothChains { red: chain(&RED_COLUMN), blue: chain(&RED_COLUMN) }, "`BothChains`"),
            (Witness::NobodyWins, "`NobodyWins`"),
        ];
        let fits = |v: Verdict, w: &Witness| {
            matches!(
                (v, w),
                (Verdict::RedWins | Verdict::BlueWins, Witness::Win { .. })
                    | (
                        Verdict::Impossible,
                        Witness::Counts
                            | Witness::WinnerBehind { .. }
                            | Witness::TwoChains { .. }
                            | Witness::BothChains { .. }
                    )
                    | (Verdict::NobodyWins, Witness::NobodyWins)
            )
        };
        let mut mismatches = 0;
        for verdict in Verdict::ALL {
            for (witness, named) in witnesses.iter().filter(|(w, _)| !fits(verdict, w)) {
                rejects(check(&red_column(), verdict, witness), &format!("a {named} witness cannot prove `{verdict}`"));
                mismatches += 1;
            }
        }
        assert_eq!(mismatches, 4 * 6 - 7);
        // A Red win claimed as Blue's: here Blue is behind, and with level counts the chain is not Blue's.
        rejects(check(&red_column(), Verdict::BlueWins, &win(&RED_COLUMN, (2, 2))), "Blue cannot win");
        let level = board(&["BR.", "BR.", "BR."]);
        rejects(check(&level, Verdict::BlueWins, &win(&RED_COLUMN, (2, 2))), "(1, 2) holds a Red stone, not a Blue");
        rejects(check(&red_column(), Verdict::NobodyWins, &Witness::NobodyWins), "Red has a chain");
    }

    #[test]
    fn nobody_wins_is_checked_by_flood_fill() {
        // Red has 1-5-9, which is no chain; Blue has nothing either.
        let diagonal = board(&["R.B", "BR.", ".BR"]);
        assert_eq!(check(&diagonal, Verdict::NobodyWins, &Witness::NobodyWins), Ok(()));
        assert_eq!(check(&Board::new(4), Verdict::NobodyWins, &Witness::NobodyWins), Ok(()));
        rejects(
            check(&red_column().transpose_swap(), Verdict::NobodyWins, &Witness::NobodyWins),
            "Blue has a chain (it reaches (2, 3))",
        );
    }

    /// The single cell is on both sides of both colours: one stone is a whole chain, and its own cut.
    #[test]
    fn one_cell_board() {
        let red = board(&["R"]);
        assert_eq!(check(&red, Verdict::RedWins, &win(&[(1, 1)], (1, 1))), Ok(()));
        rejects(check(&red, Verdict::BlueWins, &win(&[(1, 1)], (1, 1))), "Blue cannot win");
        rejects(check(&red, Verdict::NobodyWins, &Witness::NobodyWins), "Red has a chain (it reaches (1, 1))");
        let blue = board(&["B"]);
        assert_eq!(check(&blue, Verdict::BlueWins, &win(&[(1, 1)], (1, 1))), Ok(()));
        rejects(check(&blue, Verdict::RedWins, &win(&[(1, 1)], (1, 1))), "Red cannot win");
        assert_eq!(check(&board(&["."]), Verdict::NobodyWins, &Witness::NobodyWins), Ok(()));
        rejects(check(&board(&["."]), Verdict::RedWins, &win(&[(1, 1)], (1, 1))), "(1, 1) is empty");
    }

    /// Every N×N board, each cell empty, Blue or Red (the enumeration of `cases` is out of this crate's reach).
    fn every_board(n: usize) -> impl Iterator<Item = Board> {
        (0..3u32.pow((n * n) as u32)).map(move |mut code| {
            let mut board = Board::new(n);
            for cell in board.cells() {
                board.set(cell, [None, Some(Stone::Blue), Some(Stone::Red)][(code % 3) as usize]);
                code /= 3;
            }
            board
        })
    }

    /// Every board up to 3×3 against Hex's theorem: never both colours linked, and exactly one on a full board. A
    /// wrong neighbour or side in the flood fill breaks it (an extra diagonal lets both colours through a full board).
    #[test]
    fn flood_fill_obeys_the_hex_theorem() {
        for n in 1..=3 {
            for b in every_board(n) {
                let red = find_chain(&b, Stone::Red, None).is_some();
                let blue = find_chain(&b, Stone::Blue, None).is_some();
                assert!(!(red && blue), "both link on {b:?}");
                if b.as_slice().iter().all(Option::is_some) {
                    assert!(red || blue, "nobody links on the full {b:?}");
                }
            }
        }
    }

    /// N = 2000: Red holds column 1000, Blue one stone fewer down column 1. Every check here is a few passes over the
    /// board, where a quadratic one (a flood fill per stone) would not finish.
    #[test]
    fn a_2000_board_is_checked() {
        let n = 2000;
        let mut b = Board::new(n);
        for row in 0..n {
            b.set(Cell { row, col: 999 }, Some(Stone::Red));
            if row > 0 {
                b.set(Cell { row, col: 0 }, Some(Stone::Blue));
            }
        }
        let column: Vec<Cell> = (0..n).map(|row| Cell { row, col: 999 }).collect();
        let witness = Witness::Win { chain: column.clone(), cut: at(1234, 1000) };
        assert_eq!(check(&b, Verdict::RedWins, &witness), Ok(()));
        let mut gap = column.clone();
        gap.remove(1500);
        rejects(check(&b, Verdict::RedWins, &Witness::Win { chain: gap, cut: at(1234, 1000) }), "step 1501");
        // A second Red column (and Blue stones to match) leaves a chain after any one cut.
        for row in 0..n {
            b.set(Cell { row, col: 1500 }, Some(Stone::Red));
            b.set(Cell { row, col: 1 }, Some(Stone::Blue));
        }
        rejects(check(&b, Verdict::RedWins, &witness), "with the cut stone (1234, 1000) removed Red still has a chain");
    }
}

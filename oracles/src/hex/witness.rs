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
    let mut stack = Vec::new();
    for cell in board.cells().filter(|&c| on_first_side(colour, c) && mine(c)) {
        seen[cell.row * n + cell.col] = true;
        stack.push(cell);
    }
    while let Some(cell) = stack.pop() {
        if on_last_side(n, colour, cell) {
            return Some(cell);
        }
        for next in neighbours(n, cell) {
            if !seen[next.row * n + next.col] && mine(next) {
                seen[next.row * n + next.col] = true;
                stack.push(next);
            }
        }
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

//! Every Havannah game of a small board, for bounded-exhaustive checks: how many moves to enumerate per side, the
//! games in depth-first order, and how many there are.

use games::havannah::*;

use super::cells_of;

/// How many moves [`Cases::all_cases`] enumerates on a board of side `size`: every sequence on S = 2, up to six
/// moves on S = 3 (21 029 600 games, enough for the first ring), up to four on S = 4 (enough for the first bridges
/// along an edge); nothing beyond.
///
/// [`Cases::all_cases`]: crate::Cases::all_cases
pub fn exhaustive_moves(size: u32) -> Option<usize> {
    match size {
        2 => Some(7),
        3 => Some(6),
        4 => Some(4),
        _ => None,
    }
}

/// Every game on the board of side `size` with at most `max_moves` moves: every sequence of distinct cells, the
/// empty one first, in depth-first order (each game is followed by its one-move extensions). There are
/// Σ_{k ≤ max_moves} n!/(n−k)! of them for n cells; see [`count_games`].
pub fn all_games(size: u32, max_moves: usize) -> impl Iterator<Item = Game> {
    let cells: Vec<Cell> = cells_of(size).collect();
    let max_moves = max_moves.min(cells.len());
    let mut order: Vec<usize> = Vec::with_capacity(max_moves);
    let mut used = vec![false; cells.len()];
    let mut started = false;
    std::iter::from_fn(move || {
        if !started {
            started = true;
        } else if !advance(&mut order, &mut used, max_moves) {
            return None;
        }
        Some(Game { size, moves: order.iter().map(|&i| cells[i]).collect() })
    })
}

/// The next sequence in depth-first order: extend by the first free cell, or else replace the last cell by the
/// next free one, backing up as far as needed.
fn advance(order: &mut Vec<usize>, used: &mut [bool], max_moves: usize) -> bool {
    if order.len() < max_moves
        && let Some(first) = used.iter().position(|&u| !u)
    {
        used[first] = true;
        order.push(first);
        return true;
    }
    while let Some(last) = order.pop() {
        used[last] = false;
        if let Some(next) = (last + 1..used.len()).find(|&i| !used[i]) {
            used[next] = true;
            order.push(next);
            return true;
        }
    }
    false
}

/// How many games [`all_games`] yields: Σ_{k ≤ max_moves} n!/(n−k)!, n the board's cells.
pub fn count_games(size: u32, max_moves: usize) -> u64 {
    let n = Game::cell_count(size);
    let mut total = 0;
    let mut sequences = 1u64;
    for k in 0..=(max_moves as u64).min(n) {
        total += sequences;
        sequences *= n - k;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn all_games_counts_and_starts_empty() {
        let games: Vec<Game> = all_games(2, 7).collect();
        assert_eq!(games.len() as u64, count_games(2, 7));
        assert_eq!(count_games(2, 7), 13_700);
        assert!(games[0].moves.is_empty());
        let distinct: HashSet<&Game> = games.iter().collect();
        assert_eq!(distinct.len(), games.len());
        assert_eq!(all_games(3, 2).count() as u64, count_games(3, 2));
        assert_eq!(count_games(3, 2), 1 + 19 + 19 * 18);
    }
}

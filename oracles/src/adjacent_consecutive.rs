//! Naive Adjacent and Consecutive oracle: plain minimax over the literal board (which tile sits in which cell),
//! memoised on the exact position, then a replay of the played moves reading off who is winning before each one.
//! Exponential on purpose and with no reductions (no runs, no closed form, no symmetry): it is meant to be read
//! against the rules in `problems/adjacent-consecutive.md`, and it reaches N = 9 comfortably (N = 10 slowly).

pub mod certificate;

use rustc_hash::FxHashMap;

use games::adjacent_consecutive::{Answer, Game, Move};

/// Rule: "At the end A wins if two adjacent cells hold consecutive numbers (either order); otherwise B wins."
/// `board[c]` is the tile in cell c+1, all of them filled.
fn a_wins_final(board: &[u32]) -> bool {
    board.windows(2).any(|pair| pair[0].abs_diff(pair[1]) == 1)
}

/// The largest N searched: the memo packs a board into one hexadecimal digit per cell. The full game tree is out of
/// reach long before this (N = 10 already takes about a second per game).
pub const MAX_N: u32 = 15;

/// The exact board as one number, a hexadecimal digit per cell (0 for empty), so equal keys mean equal boards.
fn key(board: &[u32]) -> u64 {
    board.iter().fold(0, |key, &tile| key * 16 + u64::from(tile))
}

/// Whether A can force a win from a position, by trying every move. Positions are keyed by the whole board.
struct Minimax {
    /// Whether A wins with best play from each board seen so far; whose turn it is follows from the board.
    memo: FxHashMap<u64, bool>,
}

impl Minimax {
    /// `board[c]` is the tile in cell c+1, or 0 while that cell is empty.
    fn a_wins(&mut self, board: &mut [u32]) -> bool {
        if let Some(&known) = self.memo.get(&key(board)) {
            return known;
        }
        let n = board.len();
        let placed = board.iter().filter(|&&t| t != 0).count();
        // "The game always runs all N moves": only the full board is judged.
        let result = if placed == n {
            a_wins_final(board)
        } else {
            // "Players A and B alternate, A first": after an even number of moves it is A's turn.
            let a_to_move = placed % 2 == 0;
            // "a move puts an unused tile into an empty cell": every such pair, nothing pruned or merged.
            let mut moves = Vec::new();
            for tile in 1..=n as u32 {
                if board.contains(&tile) {
                    continue;
                }
                for (cell, &held) in board.iter().enumerate() {
                    if held == 0 {
                        moves.push((tile, cell));
                    }
                }
            }
            let mut outcome_of = |(tile, cell): (u32, usize)| {
                board[cell] = tile;
                let a = self.a_wins(board);
                board[cell] = 0;
                a
            };
            // A wins if some move leads to a position A wins; B's turn is won by A only if every move is.
            if a_to_move { moves.into_iter().any(&mut outcome_of) } else { moves.into_iter().all(&mut outcome_of) }
        };
        self.memo.insert(key(board), result);
        result
    }
}

/// The mistakes of each player in a played game, and whether the player to move could force a win before each move.
///
/// Panics if N > [`MAX_N`] (the search could never finish anyway) or if the moves are not a valid game (a tile or
/// cell out of 1..=N or used twice, or not N moves).
pub fn answer(game: &Game) -> Answer {
    assert!(game.n <= MAX_N, "the naive oracle searches the whole game tree: N = {} is beyond {MAX_N}", game.n);
    let n = game.n as usize;
    assert_eq!(game.moves.len(), n, "a game has exactly N moves");
    let mut search = Minimax { memo: FxHashMap::default() };
    let mut board = vec![0u32; n];
    let mut winning = Vec::with_capacity(n);
    for (i, mv) in game.moves.iter().enumerate() {
        let a = search.a_wins(&mut board);
        // Move i (0-based) is A's when i is even; "winning" is from the point of view of the player to move.
        winning.push(if i % 2 == 0 { a } else { !a });
        play(&mut board, i, *mv);
    }
    // "A mistake is a move made from a winning state that hands the opponent a winning state. The last move can
    // never be a mistake": move i is one when the mover was winning before it and the opponent is winning after it.
    let (mut a_mistakes, mut b_mistakes) = (0, 0);
    for i in 0..n.saturating_sub(1) {
        if winning[i] && winning[i + 1] {
            if i % 2 == 0 {
                a_mistakes += 1;
            } else {
                b_mistakes += 1;
            }
        }
    }
    Answer { a_mistakes, b_mistakes, winning }
}

/// The most moves left [`winning_after`] searches: its memo packs the free cells into one hexadecimal digit each.
pub const MAX_LEFT: usize = 15;

/// Whether the player to move after `played`, the first moves of a game of N, can force a win: the same literal
/// search (every free tile into every empty cell), started from that state, so late states of games of any N are
/// checked. Its cost grows with the moves left, not with N: the position is the contents of the cells still empty
/// at the start, and the end is judged on the pairs that touch one of them, since a pair of two cells already
/// filled is the same in every ending (it is read once, up front). Panics if the moves are not the start of a valid
/// game, or if more than [`MAX_LEFT`] moves are left.
pub fn winning_after(n: u32, played: &[Move]) -> bool {
    assert!(played.len() < n as usize, "a state with a move left");
    let mut board = vec![0u32; n as usize];
    let mut used = vec![false; n as usize + 1];
    for (i, mv) in played.iter().enumerate() {
        play_marked(&mut board, &mut used, i, *mv);
    }
    let cells: Vec<usize> = (0..n as usize).filter(|&c| board[c] == 0).collect();
    let tiles: Vec<u32> = (1..=n).filter(|&t| !used[t as usize]).collect();
    assert!(cells.len() <= MAX_LEFT, "{} moves left: the search from a state packs at most {MAX_LEFT}", cells.len());
    // Rule: "A wins if two adjacent cells hold consecutive numbers". Pairs of cells both filled now are settled.
    let settled = board.windows(2).any(|pair| pair[0] != 0 && pair[1] != 0 && pair[0].abs_diff(pair[1]) == 1);
    let mut search = Late { board, taken: vec![false; tiles.len()], cells, tiles, settled, memo: FxHashMap::default() };
    let a = search.a_wins(played.len());
    if played.len().is_multiple_of(2) { a } else { !a }
}

/// Minimax from a state: the board stays the whole row, and only its empty cells and unused tiles are tried.
struct Late {
    board: Vec<u32>,
    /// The cells empty at the start (0-based) and the tiles unused then; `taken[k]` while `tiles[k]` is on the board.
    cells: Vec<usize>,
    tiles: Vec<u32>,
    taken: Vec<bool>,
    /// Whether two cells filled before the search already hold consecutive tiles side by side.
    settled: bool,
    /// Whether A wins from each position, keyed by which start tile (index + 1, 0 for none) each start cell holds.
    memo: FxHashMap<u64, bool>,
}

impl Late {
    fn key(&self) -> u64 {
        self.cells.iter().fold(0, |key, &c| {
            let digit = self.tiles.iter().position(|&t| t == self.board[c]).map_or(0, |k| k as u64 + 1);
            key * 16 + digit
        })
    }

    /// Whether A wins from the current board, `placed` tiles on it.
    fn a_wins(&mut self, placed: usize) -> bool {
        let key = self.key();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let result = if placed == self.board.len() {
            // The full row: a pair touching a cell filled during the search, or one settled before it.
            self.settled
                || self.cells.iter().any(|&c| {
                    let (tile, row) = (self.board[c], &self.board);
                    (c > 0 && row[c - 1].abs_diff(tile) == 1) || row.get(c + 1).is_some_and(|&t| t.abs_diff(tile) == 1)
                })
        } else {
            let a_to_move = placed.is_multiple_of(2);
            let mut moves = Vec::new();
            for k in (0..self.tiles.len()).filter(|&k| !self.taken[k]) {
                for &c in self.cells.iter().filter(|&&c| self.board[c] == 0) {
                    moves.push((k, c));
                }
            }
            let mut outcome_of = |(k, c): (usize, usize)| {
                self.board[c] = self.tiles[k];
                self.taken[k] = true;
                let a = self.a_wins(placed + 1);
                self.taken[k] = false;
                self.board[c] = 0;
                a
            };
            if a_to_move { moves.into_iter().any(&mut outcome_of) } else { moves.into_iter().all(&mut outcome_of) }
        };
        self.memo.insert(key, result);
        result
    }
}

/// [`play`] with the used tiles marked, so that a long prefix costs O(1) a move instead of a scan of the row.
fn play_marked(board: &mut [u32], used: &mut [bool], i: usize, mv: Move) {
    let n = board.len() as u32;
    assert!((1..=n).contains(&mv.tile) && !used[mv.tile as usize], "move {}: tile {} unusable", i + 1, mv.tile);
    assert!((1..=n).contains(&mv.cell), "move {}: cell {} off the row", i + 1, mv.cell);
    let cell = mv.cell as usize - 1;
    assert_eq!(board[cell], 0, "move {}: cell {} already filled", i + 1, mv.cell);
    board[cell] = mv.tile;
    used[mv.tile as usize] = true;
}

/// Move i (0-based) of a game: its tile into its cell, which must be a legal move on `board`.
fn play(board: &mut [u32], i: usize, mv: Move) {
    let n = board.len() as u32;
    assert!((1..=n).contains(&mv.tile) && !board.contains(&mv.tile), "move {}: tile {} unusable", i + 1, mv.tile);
    assert!((1..=n).contains(&mv.cell), "move {}: cell {} off the row", i + 1, mv.cell);
    let cell = mv.cell as usize - 1;
    assert_eq!(board[cell], 0, "move {}: cell {} already filled", i + 1, mv.cell);
    board[cell] = mv.tile;
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::adjacent_consecutive::Move;

    /// A tiny reader for the contest input: T, then per case N and N lines `tile cell`.
    fn parse(input: &str) -> Vec<Game> {
        let mut numbers = input.split_whitespace().map(|w| w.parse::<u32>().expect("official input is numbers"));
        let mut next = || numbers.next().expect("official input is complete");
        let t = next();
        (0..t)
            .map(|_| {
                let n = next();
                let moves = (0..n).map(|_| Move { tile: next(), cell: next() }).collect();
                Game { n, moves }
            })
            .collect()
    }

    /// A game from `(tile, cell)` pairs, in the order the input writes them.
    fn game(moves: &[(u32, u32)]) -> Game {
        Game { n: moves.len() as u32, moves: moves.iter().map(|&(tile, cell)| Move { tile, cell }).collect() }
    }

    /// Every `Case #i: a b` line must equal the official answer line, skipping cases with N above `max_n`.
    fn check_official(input: &str, answers: &str, max_n: u32) -> usize {
        let games = parse(input);
        let want: Vec<&str> = answers.lines().collect();
        assert_eq!(games.len(), want.len(), "number of cases");
        let mut checked = 0;
        for (i, (g, w)) in games.iter().zip(&want).enumerate() {
            if g.n > max_n {
                continue;
            }
            let got = format!("Case #{}: {}", i + 1, answer(g));
            assert_eq!(got, w.trim_end(), "case {}: {:?}", i + 1, g);
            checked += 1;
        }
        checked
    }

    /// Every game of `n` tiles: each order of the tiles with each order of the cells (the enumeration of `cases` is
    /// out of this crate's reach).
    fn every_game(n: u32) -> Vec<Game> {
        fn orders(left: Vec<u32>) -> Vec<Vec<u32>> {
            if left.is_empty() {
                return vec![Vec::new()];
            }
            let mut all = Vec::new();
            for (i, &first) in left.iter().enumerate() {
                let mut rest = left.clone();
                rest.remove(i);
                all.extend(orders(rest).into_iter().map(|mut order| {
                    order.insert(0, first);
                    order
                }));
            }
            all
        }
        let orders = orders((1..=n).collect());
        let mut games = Vec::new();
        for tiles in &orders {
            for cells in &orders {
                let moves = tiles.iter().zip(cells).map(|(&tile, &cell)| Move { tile, cell }).collect();
                games.push(Game { n, moves });
            }
        }
        games
    }

    /// The search from a state, which judges only pairs touching the cells it fills, against the whole-board search
    /// on every state of every game of N = 4 and 5: the pairs it reads up front are read right.
    #[test]
    fn winning_after_matches_the_whole_game_search() {
        for n in 4..=5 {
            for game in every_game(n) {
                let whole = answer(&game);
                for i in 0..n as usize {
                    assert_eq!(winning_after(n, &game.moves[..i]), whole.winning[i], "after {i} moves of {game:?}");
                }
            }
        }
    }

    #[test]
    fn official_sample() {
        let checked = check_official(
            include_str!("../../tests/data/adjacent-consecutive/sample.in"),
            include_str!("../../tests/data/adjacent-consecutive/sample.ans"),
            u32::MAX,
        );
        assert_eq!(checked, 3);
    }

    /// N ≤ 9 runs in a few seconds; the 54 cases with N = 10 take about a second each and are in the ignored test.
    #[test]
    fn official_small_up_to_nine() {
        let checked = check_official(
            include_str!("../../tests/data/adjacent-consecutive/small.in"),
            include_str!("../../tests/data/adjacent-consecutive/small.ans"),
            9,
        );
        assert_eq!(checked, 46);
    }

    #[test]
    #[ignore = "about a minute in release: 54 full game trees at N = 10"]
    fn official_small_all() {
        let checked = check_official(
            include_str!("../../tests/data/adjacent-consecutive/small.in"),
            include_str!("../../tests/data/adjacent-consecutive/small.ans"),
            10,
        );
        assert_eq!(checked, 100);
    }

    /// Every permutation of 0..k, in some order.
    fn permutations(k: u32) -> Vec<Vec<u32>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for shorter in permutations(k - 1) {
            for at in 0..=shorter.len() {
                let mut p = shorter.clone();
                p.insert(at, k - 1);
                out.push(p);
            }
        }
        out
    }

    /// All 24 × 24 games of N = 4, against a hand analysis. The only full boards without an adjacent consecutive
    /// pair are 2 4 1 3 and 3 1 4 2. B's first move never wins (winning[1] is false) and A's second turn is always
    /// won: of the two ways to fill the last two cells at most one is 2413 or 3142, and A picks the other. So the
    /// only mistake possible is A's third move (index 2) when it leaves B a last move ending in one of those two.
    #[test]
    fn every_game_of_four_by_hand() {
        let orders = permutations(4);
        for tiles in &orders {
            for cells in &orders {
                let moves: Vec<(u32, u32)> = tiles.iter().zip(cells).map(|(&t, &c)| (t + 1, c + 1)).collect();
                let mut board = [0; 4];
                for &(t, c) in &moves {
                    board[c as usize - 1] = t;
                }
                let b_wins_at_end = board == [2, 4, 1, 3] || board == [3, 1, 4, 2];
                let got = answer(&game(&moves));
                let want = Answer {
                    a_mistakes: usize::from(b_wins_at_end),
                    b_mistakes: 0,
                    winning: vec![true, false, true, b_wins_at_end],
                };
                assert_eq!(got, want, "moves {moves:?}");
            }
        }
    }

    /// A blunders, B does not. Board 2 4 _ _ with A to move: 1 in cell 3 forces B's 3 into cell 4, giving 2 4 1 3
    /// with no pair, whereas 3 in cell 3 would have made the pair 4 3. The last move (B's, from a winning state)
    /// is not a mistake.
    #[test]
    fn a_blunders() {
        let got = answer(&game(&[(2, 1), (4, 2), (1, 3), (3, 4)]));
        assert_eq!(got, Answer { a_mistakes: 1, b_mistakes: 0, winning: vec![true, false, true, true] });
    }

    /// B can only be winning after an A blunder (A wins from every empty row), so this game has one of each.
    /// - Before move 2, board 1 _ _ _ _: whatever B plays, A can put a consecutive tile beside a placed one (B's
    ///   tile t ≠ 2 in cell 2 leaves t ± 1 for cell 3; anything else leaves 2 for cell 2, or 3 beside B's 2).
    /// - Before move 3, board 1 3 _ _ _: A could play 2 in cell 3 (pair 3 2); A plays 5 there instead.
    /// - Before move 4, board 1 3 5 _ _ with tiles 2 and 4 left: B wins by 2 in cell 4 (1 3 5 2 4, no pair) but
    ///   plays 4 in cell 4, so A's forced last move makes 1 3 5 4 2, pair 5 4.
    /// - The last move, A's from a winning state, is never a mistake.
    #[test]
    fn b_blunders_after_a_blunders() {
        let got = answer(&game(&[(1, 1), (3, 2), (5, 3), (4, 4), (2, 5)]));
        assert_eq!(got, Answer { a_mistakes: 1, b_mistakes: 1, winning: vec![true, false, true, true, true] });
        // The same game with B's right fourth move: B wins, and A's blunder is the only mistake.
        let got = answer(&game(&[(1, 1), (3, 2), (5, 3), (2, 4), (4, 5)]));
        assert_eq!(got, Answer { a_mistakes: 1, b_mistakes: 0, winning: vec![true, false, true, true, false] });
    }

    /// Once two consecutive tiles sit side by side the final board has them too, so from then on A wins every
    /// state: A's turns are winning, B's are losing, and no move can be a mistake, however wild.
    #[test]
    fn early_pair_decides_the_game() {
        // B puts 2 beside A's 1 at once; the rest of the moves are arbitrary and leave no other pair.
        let got = answer(&game(&[(1, 1), (2, 2), (4, 4), (6, 6), (3, 7), (7, 3), (5, 5)]));
        assert_eq!(got.winning, [true, false, true, false, true, false, true]);
        assert_eq!((got.a_mistakes, got.b_mistakes), (0, 0));
        // A makes the pair 4 5 on its second move; after it the board fills to 1 6 4 5 3 2.
        let got = answer(&game(&[(1, 1), (5, 4), (4, 3), (2, 6), (6, 2), (3, 5)]));
        assert_eq!(got.winning, [true, false, true, false, true, false]);
        assert_eq!((got.a_mistakes, got.b_mistakes), (0, 0));
    }

    /// The game is unchanged by exchanging the roles of tiles and cells (adjacent cells holding consecutive tiles
    /// is the same as consecutive cells holding adjacent tiles), so the answers cannot reveal a tile/cell mix-up;
    /// this pins that the oracle respects the symmetry rather than testing the order.
    #[test]
    fn swapping_tiles_and_cells_changes_nothing() {
        let games = parse(include_str!("../../tests/data/adjacent-consecutive/small.in"));
        for g in games.iter().filter(|g| g.n <= 8) {
            let swapped = Game { n: g.n, moves: g.moves.iter().map(|m| Move { tile: m.cell, cell: m.tile }).collect() };
            assert_eq!(answer(&swapped), answer(g), "{g:?}");
        }
    }
}

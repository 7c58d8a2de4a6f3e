//! Hex: where its cases come from.

use std::ops::Range;
use std::sync::Arc;

use games::Sizes;
use games::hex::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use crate::{Cases, halvings};

/// Smaller boards to try when a board exposes a bug: one row and one column fewer first, then one stone fewer,
/// then one stone of each colour fewer.
///
/// Boards above [`SMALL`] first lose blocks of rows together with as many columns (halves, quarters, … of N), and
/// after the single rows and columns, blocks of stones are cleared (quarters, sixteenths, … of the board) before
/// single stones: a 2000×2000 board reaches a small one in a few dozen runs, where single steps would take
/// thousands. Candidates are built one at a time from one shared copy of the board, so a search holds only the
/// few it is trying.
pub fn shrink(board: &Board) -> impl Iterator<Item = Board> + Send + 'static {
    let n = board.size();
    let board = Arc::new(board.clone());
    let large = n > SMALL;
    let b = Arc::clone(&board);
    let blocks = halvings(if large { n } else { 0 }).flat_map(move |k| {
        // Every row block with every column block while there are few, so that stones in two corners do not pin
        // the size; past that the diagonal blocks only.
        let count = n / k;
        let pairs: Vec<(usize, usize)> = if count <= 4 {
            (0..count).flat_map(|i| (0..count).map(move |j| (i, j))).collect()
        } else {
            (0..count).map(|i| (i, i)).collect()
        };
        let b = Arc::clone(&b);
        pairs.into_iter().map(move |(i, j)| b.without_block(i * k..i * k + k, j * k..j * k + k))
    });
    // Any row with any column, so that no two stones pin the size; on big boards only row i with column i and the
    // two other corners, as the blocks above did the coarse work.
    let drops: Box<dyn Iterator<Item = (usize, usize)> + Send> = if n <= 1 {
        Box::new(std::iter::empty())
    } else if !large {
        Box::new((0..n).flat_map(move |r| (0..n).map(move |c| (r, c))))
    } else {
        Box::new((0..n).map(|i| (i, i)).chain([(0, n - 1), (n - 1, 0)]))
    };
    let b = Arc::clone(&board);
    let drops = drops.map(move |(row, col)| b.without_block(row..row + 1, col..col + 1));
    let b = Arc::clone(&board);
    let clears = halvings(if large { n } else { 0 }).flat_map(move |side| {
        let count = n.div_ceil(side);
        let b = Arc::clone(&b);
        (0..count * count).filter_map(move |i| {
            let (rows, cols) = ((i / count) * side, (i % count) * side);
            let (rows, cols) = (rows..(rows + side).min(n), cols..(cols + side).min(n));
            let stones = rows.clone().flat_map(|row| cols.clone().map(move |col| Cell { row, col }));
            if stones.clone().all(|c| b.get(c).is_none()) {
                return None;
            }
            let mut smaller = (*b).clone();
            for cell in stones {
                smaller.set(cell, None);
            }
            Some(smaller)
        })
    });
    let b = Arc::clone(&board);
    let singles = board.cells().filter(move |&c| b.get(c).is_some()).map({
        let b = Arc::clone(&board);
        move |cell| {
            let mut smaller = (*b).clone();
            smaller.set(cell, None);
            smaller
        }
    });
    // One stone of each colour together keeps the count difference, which single removals always change: without
    // these, a bug in the rules after the count check can leave a shrink stuck on a full board. Their number is
    // the product of the counts, so only smallish boards get them.
    let pairs = std::iter::once_with(move || {
        let (blue, red) = (board.count(Stone::Blue), board.count(Stone::Red));
        let pairs: Vec<(Cell, Cell)> = if blue * red <= MAX_PAIR_SHRINKS {
            let red: Vec<Cell> = board.stones(Stone::Red).collect();
            board.stones(Stone::Blue).flat_map(|b| red.iter().map(move |&r| (b, r))).collect()
        } else {
            Vec::new()
        };
        pairs.into_iter().map(move |(b, r)| {
            let mut smaller = (*board).clone();
            smaller.set(b, None);
            smaller.set(r, None);
            smaller
        })
    })
    .flatten();
    blocks.chain(drops).chain(clears).chain(singles).chain(pairs)
}

/// Boards up to this side shrink by single steps only, every row with every column: they are few.
pub const SMALL: usize = 16;

const MAX_PAIR_SHRINKS: usize = 5_000;

/// The kinds of board the generator makes. Uniform boards are almost all `Impossible` on count alone, so most
/// kinds aim at the cases where solvers go wrong: chains with one bottleneck, chains with none, near-wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Each cell empty, Blue or Red at a random density.
    Uniform,
    /// A random legal game, played until a colour links its sides (or stopped early now and then).
    PlayedGame,
    /// A thick winning band narrowed to a single stone in one or two rows.
    Bottleneck,
    /// Two chains of the winner that share no stone.
    TwoChains,
    /// A played game with two or more extra stones of one colour.
    CountMismatch,
    /// The smallest board of the size range.
    Smallest,
    /// Every cell filled, the colours alternating as in a real game.
    Full,
    /// The winner's only chain winds back and forth across the board, about N²/2 stones long; now and then the
    /// winner is a stone behind, or every turn is doubled into two chains (both `Impossible`).
    Winding,
    /// A thick band whose one bottleneck stone lies in the middle third, far from both of the winner's sides; now
    /// and then the winner is a stone behind, or a second pass makes two chains (both `Impossible`).
    FarBottleneck,
}

impl Shape {
    pub const ALL: [Shape; 9] = [
        Shape::Uniform,
        Shape::PlayedGame,
        Shape::Bottleneck,
        Shape::TwoChains,
        Shape::CountMismatch,
        Shape::Smallest,
        Shape::Full,
        Shape::Winding,
        Shape::FarBottleneck,
    ];
}

/// A board drawn from `rng`, of a random shape and a size in `sizes` (clamped to 1..=MAX_N).
pub fn generate(rng: &mut impl Rng, sizes: Sizes) -> Board {
    let shape = Shape::ALL[rng.random_range(0..Shape::ALL.len())];
    generate_shape(rng, sizes, shape)
}

pub fn generate_shape(rng: &mut impl Rng, sizes: Sizes, shape: Shape) -> Board {
    let sizes = sizes.clamp(1, MAX_N);
    let n = rng.random_range(sizes.min..=sizes.max);
    match shape {
        Shape::Uniform => uniform(rng, n),
        Shape::PlayedGame => played_game(rng, n),
        Shape::Bottleneck if n >= 2 => bottleneck(rng, n),
        Shape::TwoChains if n >= 3 => two_chains(rng, n),
        Shape::CountMismatch => count_mismatch(rng, n),
        Shape::Smallest => uniform(rng, sizes.min),
        Shape::Full => full(rng, n),
        Shape::Winding if n >= 4 => winding(rng, n),
        Shape::FarBottleneck if n >= 5 => far_bottleneck(rng, n),
        Shape::Bottleneck | Shape::TwoChains | Shape::Winding | Shape::FarBottleneck => played_game(rng, n),
    }
}

fn random_stone(rng: &mut impl Rng) -> Stone {
    if rng.random_bool(0.5) { Stone::Blue } else { Stone::Red }
}

fn uniform(rng: &mut impl Rng, n: usize) -> Board {
    let density = rng.random_range(0.0..=1.0);
    let mut board = Board::new(n);
    for cell in board.cells() {
        if rng.random_bool(density) {
            board.set(cell, Some(random_stone(rng)));
        }
    }
    board
}

/// The board's cells in a random order. Their row-major indices are shuffled, not the cells: the same permutation
/// (a shuffle draws by the length alone), with 16 MB to move at N = 2000 instead of the cells' 64.
fn shuffled_cells<R: Rng>(rng: &mut R, board: &Board) -> impl Iterator<Item = Cell> + use<R> {
    let n = board.size();
    let mut cells: Vec<u32> = (0..(n * n) as u32).collect();
    cells.shuffle(rng);
    cells.into_iter().map(move |i| Cell { row: i as usize / n, col: i as usize % n })
}

fn played_game(rng: &mut impl Rng, n: usize) -> Board {
    let mut board = Board::new(n);
    let mut watch = WinWatch::new(n);
    let mut mover = random_stone(rng);
    // Now and then stop short of a win, to get the boards one move before the end.
    let stop_after = if rng.random_bool(0.3) { rng.random_range(0..=n * n) } else { usize::MAX };
    for (moves, cell) in shuffled_cells(rng, &board).enumerate() {
        if moves == stop_after {
            break;
        }
        board.set(cell, Some(mover));
        if watch.place(&board, cell, mover) {
            break;
        }
        mover = mover.other();
    }
    board
}

fn full(rng: &mut impl Rng, n: usize) -> Board {
    let mut board = Board::new(n);
    let mut mover = random_stone(rng);
    for cell in shuffled_cells(rng, &board) {
        board.set(cell, Some(mover));
        mover = mover.other();
    }
    board
}

fn count_mismatch(rng: &mut impl Rng, n: usize) -> Board {
    let mut board = played_game(rng, n);
    let extra = random_stone(rng);
    let mut added = 0;
    let want = rng.random_range(1..=3);
    for cell in shuffled_cells(rng, &board) {
        if added == want {
            break;
        }
        if board.get(cell).is_none() {
            board.set(cell, Some(extra));
            added += 1;
        }
    }
    board
}

/// Red's bands and chains run top to bottom; half the time the board is transposed to give Blue the same shape.
fn for_either_colour(rng: &mut impl Rng, red: Board) -> Board {
    if rng.random_bool(0.5) { red.transpose_swap() } else { red }
}

/// Sprinkle stones on empty cells outside `keep`, then top up the loser so the counts look like a real game.
fn sprinkle_and_balance(rng: &mut impl Rng, board: &mut Board, keep: &[bool], winner: Stone) {
    let density = rng.random_range(0.0..0.4);
    let n = board.size();
    for cell in board.cells() {
        if !keep[cell.row * n + cell.col] && board.get(cell).is_none() && rng.random_bool(density) {
            board.set(cell, Some(random_stone(rng)));
        }
    }
    let loser = winner.other();
    let target = board.count(winner).saturating_sub(rng.random_range(0..=1));
    let mut placed = board.count(loser);
    for cell in shuffled_cells(rng, board) {
        if placed >= target {
            break;
        }
        if !keep[cell.row * n + cell.col] && board.get(cell).is_none() {
            board.set(cell, Some(loser));
            placed += 1;
        }
    }
}

fn bottleneck(rng: &mut impl Rng, n: usize) -> Board {
    let mut board = Board::new(n);
    let mut keep = vec![false; n * n];
    let width = rng.random_range(1..=n.min(3));
    let left = rng.random_range(0..=n - width);
    for row in 0..n {
        for col in left..left + width {
            board.set(Cell { row, col }, Some(Stone::Red));
        }
    }
    let narrow = if rng.random_bool(0.7) { 1 } else { 2 };
    for _ in 0..narrow {
        let row = rng.random_range(0..n);
        let pass = rng.random_range(left..left + width);
        for col in 0..n {
            let cell = Cell { row, col };
            board.set(cell, Some(if col == pass { Stone::Red } else { Stone::Blue }));
            keep[row * n + col] = true;
        }
    }
    sprinkle_and_balance(rng, &mut board, &keep, Stone::Red);
    for_either_colour(rng, board)
}

fn two_chains(rng: &mut impl Rng, n: usize) -> Board {
    let mut board = Board::new(n);
    let keep = vec![false; n * n];
    // Two columns of width at least one, separated by a gap column no chain enters.
    let gap = rng.random_range(1..n - 1);
    for (lo, hi) in [(0, gap - 1), (gap + 1, n - 1)] {
        let mut col = rng.random_range(lo..=hi);
        for row in 0..n {
            board.set(Cell { row, col }, Some(Stone::Red));
            // Step sideways now and then before going down; (row, col) and (row + 1, col - 1) touch.
            if rng.random_bool(0.3) && col < hi {
                col += 1;
                board.set(Cell { row, col }, Some(Stone::Red));
            }
            if rng.random_bool(0.4) && col > lo {
                col -= 1;
            }
        }
    }
    sprinkle_and_balance(rng, &mut board, &keep, Stone::Red);
    for_either_colour(rng, board)
}

/// What a board built around the winner's chain is meant to be: a win, or `Impossible` with the counts in range.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Win,
    /// The winner has one stone fewer than the loser, so it cannot have moved last.
    Behind,
    /// The winner has two chains that share no stone.
    TwoChains,
}

fn variant(rng: &mut impl Rng) -> Variant {
    match rng.random_range(0..10) {
        0 | 1 => Variant::Behind,
        2 | 3 => Variant::TwoChains,
        _ => Variant::Win,
    }
}

/// Red's chain (and, half the time, a half turn of it, then Blue's by `for_either_colour`), built as a
/// boustrophedon: runs along the even rows over columns 0..=N-2, joined by one connector stone in each odd row,
/// at alternate ends, so the chain crosses the board N/2 times. The rows between runs hold no Red stone, so the
/// chain has no shortcut and every stone of it is a bottleneck. A run on the top or bottom row is on Red's side
/// already and only keeps the stones that touch its connectors, which keeps Red at most N²/2 and leaves Blue room
/// for one stone more. Doubling every connector (both ends of each odd row) gives two chains that share no stone,
/// straight down columns 0 and N-2.
fn winding(rng: &mut impl Rng, n: usize) -> Board {
    let mut variant = variant(rng);
    // Doubled connectors need more Red than a 4×4 board leaves Blue room to match.
    if n < 5 && variant == Variant::TwoChains {
        variant = Variant::Win;
    }
    let mut red = vec![false; n * n];
    let mut put = |row: usize, col: usize| red[row * n + col] = true;
    // The connector of odd row r sits at column N-2 under the 1st, 3rd, ... run, at column 0 under the others:
    // (r, c) touches (r - 1, c), (r - 1, c + 1) above and (r + 1, c - 1), (r + 1, c) below, on the runs at both ends.
    let connectors = |row: usize| match variant {
        Variant::TwoChains => vec![0, n - 2],
        _ if (row / 2).is_multiple_of(2) => vec![n - 2],
        _ => vec![0],
    };
    for row in 0..n {
        if row % 2 == 1 {
            connectors(row).into_iter().for_each(|col| put(row, col));
        } else if row == 0 || row == n - 1 {
            // On a side: the stones right above or below the connectors are enough.
            let next = if row == 0 { 1 } else { n - 2 };
            connectors(next).into_iter().for_each(|col| put(row, col));
        } else {
            (0..n - 1).for_each(|col| put(row, col));
        }
    }
    let mut board = Board::new(n);
    let mut others = Vec::with_capacity(n * n / 2 + n);
    for (i, &is_red) in red.iter().enumerate() {
        if is_red {
            board.set(Cell { row: i / n, col: i % n }, Some(Stone::Red));
        } else {
            others.push(i);
        }
    }
    let reds = board.count(Stone::Red);
    let blues = match variant {
        Variant::Behind => reds + 1,
        Variant::Win | Variant::TwoChains => reds - rng.random_range(0..=1),
    };
    assert!(blues <= others.len(), "N = {n}: {reds} Red stones leave no room for {blues} Blue");
    let (chosen, _) = others.partial_shuffle(rng, blues);
    for &i in chosen.iter() {
        board.set(Cell { row: i / n, col: i % n }, Some(Stone::Blue));
    }
    let board = if rng.random_bool(0.5) { board.rotate_half() } else { board };
    for_either_colour(rng, board)
}

/// Red's band of width 3 or more from top to bottom, narrowed in a row of the middle third to one pass stone with
/// band stones on both sides of it above and below, so that the pass is the only bottleneck: above and below it the
/// band holds two chains that share no stone. The rest is sprinkled, and the counts then settled by adding stones
/// outside the narrow row (more stones cannot make a new bottleneck, nor cross the narrow row). A second pass two
/// columns away gives two chains that share no stone.
fn far_bottleneck(rng: &mut impl Rng, n: usize) -> Board {
    let variant = variant(rng);
    let width = rng.random_range(3..=(n / 4).clamp(4, n));
    let left = rng.random_range(0..=n - width);
    let mut board = Board::new(n);
    for row in 0..n {
        for col in left..left + width {
            board.set(Cell { row, col }, Some(Stone::Red));
        }
    }
    let narrow = rng.random_range(n / 3..=2 * n / 3);
    let pass = rng.random_range(left + 1..left + width - 1);
    let mut passes = vec![pass];
    if variant == Variant::TwoChains && width >= 4 {
        passes.push(if pass + 2 < left + width { pass + 2 } else { pass - 2 });
    }
    let mut keep = vec![false; n * n];
    for col in 0..n {
        let cell = Cell { row: narrow, col };
        board.set(cell, Some(if passes.contains(&col) { Stone::Red } else { Stone::Blue }));
        keep[narrow * n + col] = true;
    }
    let density = rng.random_range(0.0..0.4);
    for cell in board.cells() {
        if !keep[cell.row * n + cell.col] && board.get(cell).is_none() && rng.random_bool(density) {
            board.set(cell, Some(random_stone(rng)));
        }
    }
    let lead: i64 = if variant == Variant::Behind { -1 } else { rng.random_range(0..=1) };
    let mut diff = board.count(Stone::Red) as i64 - board.count(Stone::Blue) as i64;
    for cell in shuffled_cells(rng, &board) {
        if diff == lead {
            break;
        }
        if !keep[cell.row * n + cell.col] && board.get(cell).is_none() {
            board.set(cell, Some(if diff < lead { Stone::Red } else { Stone::Blue }));
            diff += if diff < lead { 1 } else { -1 };
        }
    }
    let board = if rng.random_bool(0.5) { board.rotate_half() } else { board };
    for_either_colour(rng, board)
}

/// Tells a generated game when a colour has linked its sides, so the game can stop there. It only decides where a
/// generated game ends; no verdict depends on it.
struct WinWatch {
    /// u32, not usize: at N = 2000 the 4 M parents are read at random, one or more a stone, and at 16 MB instead of
    /// 32 more of them are in the cache (a board of N = 2000 took 0.29 s to draw with usize, 0.2 s with u32).
    parent: Vec<u32>,
}

impl WinWatch {
    // Four virtual nodes after the cells: top, bottom, left, right. Hex's N ≤ 2000 keeps N² + 4 far below 2^32.
    fn new(n: usize) -> WinWatch {
        WinWatch { parent: (0..(n * n + 4) as u32).collect() }
    }

    // Path halving: every node on the way is pointed at its grandparent, so paths stay short.
    fn root(&mut self, x: usize) -> usize {
        let mut x = x as u32;
        loop {
            let parent = self.parent[x as usize];
            if parent == x {
                return x as usize;
            }
            let grandparent = self.parent[parent as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        self.parent[a] = b as u32;
    }

    fn place(&mut self, board: &Board, cell: Cell, stone: Stone) -> bool {
        let n = board.size();
        let (r, c) = (cell.row as isize, cell.col as isize);
        let here = cell.row * n + cell.col;
        for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
            let (nr, nc) = (r + dr, c + dc);
            if (0..n as isize).contains(&nr) && (0..n as isize).contains(&nc) {
                let next = Cell { row: nr as usize, col: nc as usize };
                if board.get(next) == Some(stone) {
                    self.join(here, next.row * n + next.col);
                }
            }
        }
        let (first, second, along) = match stone {
            Stone::Red => (n * n, n * n + 1, cell.row),
            Stone::Blue => (n * n + 2, n * n + 3, cell.col),
        };
        if along == 0 {
            self.join(here, first);
        }
        if along == n - 1 {
            self.join(here, second);
        }
        self.root(first) == self.root(second)
    }
}

impl Cases for Hex {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Board {
        generate(rng, sizes)
    }

    fn shrink(case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(shrink(case))
    }

    /// A board of N ≤ 12 with one byte per cell. Running out of bytes is an error rather than a run of empty
    /// cells, so short fuzz inputs do not all collapse into the empty board.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Board> {
        let n = u.int_in_range(1..=12usize)?;
        let bytes = u.bytes(n * n)?;
        let mut board = Board::new(n);
        for (cell, byte) in board.cells().zip(bytes) {
            board.set(cell, [None, Some(Stone::Blue), Some(Stone::Red)][usize::from(*byte % 3)]);
        }
        Ok(board)
    }

    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Board> + Send> {
        Box::new(all_boards(size))
    }
}

/// Every N×N board, 3^(N·N) of them, in counting order with the first cell changing fastest.
pub fn all_boards(n: usize) -> impl Iterator<Item = Board> {
    let cells = n * n;
    let total = 3u64.checked_pow(cells as u32).expect("3^(N·N) boards fit in u64 only for N ≤ 6");
    (0..total).map(move |mut code| {
        let mut board = Board::new(n);
        for i in 0..cells {
            board
                .set(Cell { row: i / n, col: i % n }, [None, Some(Stone::Blue), Some(Stone::Red)][(code % 3) as usize]);
            code /= 3;
        }
        board
    })
}

/// The steps shrinking takes on a board, beside the board type they work on.
trait Shrinking {
    /// The board without rows `rows` and columns `cols` (two runs of one length), the rest closed up in order.
    fn without_block(&self, rows: Range<usize>, cols: Range<usize>) -> Board;
}

impl Shrinking for Board {
    fn without_block(&self, rows: Range<usize>, cols: Range<usize>) -> Board {
        assert_eq!(rows.len(), cols.len());
        let (big, n) = (self.size(), self.size() - rows.len());
        let mut out = Board::new(n);
        let kept = |drop: Range<usize>| (0..big).filter(move |i| !drop.contains(i));
        for (row, from_row) in kept(rows.clone()).enumerate() {
            for (col, from_col) in kept(cols.clone()).enumerate() {
                out.set(Cell { row, col }, self.get(Cell { row: from_row, col: from_col }));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board as rows of `B`, `R` and `.`, with row `skip_row` and column `skip_col` left out.
    fn minor(rows: &[&str], skip_row: usize, skip_col: usize) -> Board {
        let kept: Vec<String> = (rows.iter().enumerate().filter(|&(r, _)| r != skip_row))
            .map(|(_, row)| row.chars().enumerate().filter(|&(c, _)| c != skip_col).map(|(_, ch)| ch).collect())
            .collect();
        Board::from_rows(&kept).expect("a square board")
    }

    /// Shrinking keeps the rest of the board in place: every candidate is a minor (one row and one column out), a
    /// board with one stone taken off, or with one Blue and one Red stone taken off, in that order.
    #[test]
    fn shrink_candidates_are_minors_then_stones_taken_off() {
        let rows = ["BR.", ".BR", "R.B"];
        let board = Board::from_rows(&rows).unwrap();
        let mut expected: Vec<Board> =
            (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).map(|(r, c)| minor(&rows, r, c)).collect();
        let stones: Vec<(usize, usize, char)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c, rows[r].as_bytes()[c] as char)))
            .filter(|&(_, _, ch)| ch != '.')
            .collect();
        let without = |taken: &[(usize, usize)]| {
            let rows: Vec<String> = (0..3)
                .map(|r| {
                    (0..3).map(|c| if taken.contains(&(r, c)) { '.' } else { rows[r].as_bytes()[c] as char }).collect()
                })
                .collect();
            Board::from_rows(&rows).unwrap()
        };
        expected.extend(stones.iter().map(|&(r, c, _)| without(&[(r, c)])));
        for &(br, bc, _) in stones.iter().filter(|s| s.2 == 'B') {
            for &(rr, rc, _) in stones.iter().filter(|s| s.2 == 'R') {
                expected.push(without(&[(br, bc), (rr, rc)]));
            }
        }
        assert_eq!(shrink(&board).collect::<Vec<_>>(), expected);
    }

    /// A 1×1 board has no minor; a full 12×12 board (72 × 72 colour pairs) is past the pair budget, so only its
    /// 144 minors and 144 single removals are tried.
    #[test]
    fn shrink_keeps_within_the_board_and_the_pair_budget() {
        let one = Board::from_rows(&["B"]).unwrap();
        assert_eq!(shrink(&one).collect::<Vec<_>>(), vec![Board::new(1)]);
        let rows: Vec<String> =
            (0..12).map(|r| (0..12).map(|c| if (r + c) % 2 == 0 { 'B' } else { 'R' }).collect()).collect();
        assert_eq!(shrink(&Board::from_rows(&rows).unwrap()).count(), 144 + 144);
    }

    /// A full 2000×2000 board first loses halves of its rows with halves of its columns (all four pairings), then
    /// quarters; every offer is smaller and drawn from the board as it was.
    #[test]
    fn large_boards_drop_blocks_of_rows_and_columns_first() {
        let full = |n| {
            let mut board = Board::new(n);
            for cell in board.cells() {
                board.set(cell, Some(if (cell.row * 7 + cell.col * 3) % 5 < 2 { Stone::Blue } else { Stone::Red }));
            }
            board
        };
        let board = full(MAX_N);
        let offers: Vec<Board> = shrink(&board).take(8).collect();
        let sizes: Vec<usize> = offers.iter().map(Board::size).collect();
        assert_eq!(sizes, [1000, 1000, 1000, 1000, 1500, 1500, 1500, 1500]);
        // Rows 0..1000 and columns 1000..2000 gone: cell (r, c) is the old (r + 1000, c).
        assert_eq!(offers[1].get(Cell { row: 3, col: 4 }), board.get(Cell { row: 1003, col: 4 }));
        // After the single rows and columns come cleared blocks: a quarter of the board empty, the rest as it was.
        // By default on N = 200, above SMALL as 2000 is and shrunk by the same steps: the two thousand offers before
        // the first cleared block are each a copy of the board, 70 s of CPU at N = 2000, which the deeper tier pays
        // (GAMECHECK_DEEP=1, docs/testing.md).
        let n = if std::env::var_os("GAMECHECK_DEEP").is_some() { MAX_N } else { 200 };
        let board = full(n);
        let cleared = shrink(&board).find(|b| b.size() == n).unwrap();
        assert_eq!(cleared.size(), n);
        assert_eq!(cleared.count(Stone::Blue) + cleared.count(Stone::Red), n * n - n * n / 4);
        let half = n / 2;
        assert_eq!(cleared.get(Cell { row: half - 1, col: half - 1 }), None);
        assert_eq!(cleared.get(Cell { row: half, col: half - 1 }), board.get(Cell { row: half, col: half - 1 }));
    }

    /// The exhaustive checks count on every board of a size appearing once: a repeat would leave another unchecked
    /// under the same count.
    #[test]
    fn all_boards_are_every_board_once() {
        for n in 1..=3 {
            let boards: Vec<Board> = all_boards(n).collect();
            let distinct: std::collections::HashSet<&Board> = boards.iter().collect();
            assert_eq!((boards.len(), distinct.len()), (3usize.pow((n * n) as u32), boards.len()), "N = {n}");
        }
    }
}

//! Inventor Outlasting: where its cases come from.
//!
//! The generators place spots along diagonals and by the parity of `row + col`, but only to decide where spots go:
//! no answer depends on them. [`Shape::Sum`] sets parts of a board apart so that, by the rules, they cannot reach
//! each other, to make boards that are sums of small games likely; it still computes nothing about who wins.
//!
//! The size knob of a generated board is its number of spots: that is what the naive oracle's cost grows with, and
//! it lets a board with a dozen spots be 1×200 as well as 3×4. Every spot pattern of one size has no such bound, so
//! [`all_boards`] counts size in cells instead: every shape R×C with R·C equal to it.

use std::sync::Arc;

use games::Sizes;
use games::inventor_outlasting::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use crate::Cases;

/// Smaller boards to try when a board exposes a bug: one spot fewer first (the size knob, and what the oracle's
/// cost grows with), then one row or one column fewer, then two neighbouring rows or columns fewer. Dropping one row
/// moves every cell below it to the other parity of `row + col`; dropping two keeps each cell's parity, so a bug
/// between two spots of one parity still shrinks across the rows between them. Each step lowers (cells, spots) in
/// lexicographic order, so shrinking ends.
pub fn shrink(board: &Board) -> impl Iterator<Item = Board> + Send + 'static {
    // One shared copy: the candidates are built one at a time, as the search asks for them.
    let board = Arc::new(board.clone());
    let (rows, cols) = (board.rows(), board.cols());
    let b = Arc::clone(&board);
    let spots = board.cells().filter(move |c| b.is_spot(c.row, c.col)).map({
        let b = Arc::clone(&board);
        move |Cell { row, col }| {
            let mut smaller = (*b).clone();
            smaller.set_spot(row, col, false);
            smaller
        }
    });
    let b = Arc::clone(&board);
    let one_row = (0..if rows > 1 { rows } else { 0 }).map(move |r| b.without_row(r));
    let b = Arc::clone(&board);
    let one_col = (0..if cols > 1 { cols } else { 0 }).map(move |c| b.without_col(c));
    let b = Arc::clone(&board);
    let two_rows = (0..if rows > 2 { rows - 1 } else { 0 }).map(move |r| b.without_row(r).without_row(r));
    let two_cols = (0..if cols > 2 { cols - 1 } else { 0 }).map(move |c| board.without_col(c).without_col(c));
    spots.chain(one_row).chain(one_col).chain(two_rows).chain(two_cols)
}

/// The kinds of board the generator makes. A few spots scattered over a big board rarely share a diagonal, so most
/// kinds crowd spots together or onto diagonals, where one move's sign lines cut the others' regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A random shape with the spots scattered at a random density.
    Uniform,
    /// A random shape without a single spot (legal, and never in the official data).
    NoSpots,
    /// A strip one or two cells wide (1×n, n×1, 2×n, n×2) at a density drawn from sparse to full: on one row sign
    /// builders step off the board at once, on two each move signs at most one cell of the other row per side.
    Strip,
    /// Every cell a spot, R·C equal to the spot count.
    Full,
    /// All spots, or all but one or two, on cells of one parity of `row + col`.
    Unbalanced,
    /// The thinnest shapes at the cell limit: 1×200, 200×1, 2×100 and 100×2.
    Thinnest,
    /// A board of [`FULL_SIZE_CELLS`] to 200 cells, both sides 3 or more (10×20, 14×14, 3×66, …), the spots
    /// scattered: from a sparse board at a few spots to a full one at 200, the sizes only the contest's limit holds.
    FullSize,
    /// The spots packed into a small window of a bigger board, at a corner, an edge or inside.
    Cluster,
    /// The spots on one to three diagonals, crossing or parallel.
    Diagonals,
    /// Up to four small parts, each packed on a few neighbouring parallel diagonals of one parity of `row + col`, set
    /// apart so that no part's sign lines can reach another part's spots: the board is a sum of small games, which
    /// has a Grundy number of 2 or more far more often than one crowd of spots (and one dense part alone often has 4
    /// or more). The spot count is the larger of two draws, as sums need a few spots; above [`SUM_MAX_SPOTS`] the
    /// parts cannot hold them and the board is [`Shape::Uniform`] instead.
    Sum,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::Uniform,
        Shape::NoSpots,
        Shape::Strip,
        Shape::Full,
        Shape::Unbalanced,
        Shape::Thinnest,
        Shape::FullSize,
        Shape::Cluster,
        Shape::Diagonals,
        Shape::Sum,
    ];
}

/// A board drawn from `rng`, of a random shape, with a number of spots in `sizes` (clamped to 0..=MAX_CELLS).
pub fn generate(rng: &mut impl Rng, sizes: Sizes) -> Board {
    let total: u32 = SHAPE_WEIGHTS.iter().map(|&(_, weight)| weight).sum();
    let mut pick = rng.random_range(0..total);
    let mut shape = Shape::Uniform;
    for (candidate, weight) in SHAPE_WEIGHTS {
        if pick < weight {
            shape = candidate;
            break;
        }
        pick -= weight;
    }
    generate_shape(rng, sizes, shape)
}

/// How often [`generate`] picks each shape, out of the total. Most shapes give mostly Grundy numbers 0 and 1 (strips
/// nothing else, and full boards none other in practice), so sums weigh the most and the degenerate shapes the least:
/// a default run then has every Grundy class of `check --stats` near 10% or more. Cluster boards are the oracle's
/// slowest (a crowd of spots whose sign lines block each other), so they stay at the lower weight.
const SHAPE_WEIGHTS: [(Shape, u32); 10] = [
    (Shape::Uniform, 2),
    (Shape::NoSpots, 1),
    (Shape::Strip, 1),
    (Shape::Full, 1),
    (Shape::Unbalanced, 2),
    (Shape::Thinnest, 1),
    (Shape::FullSize, 1),
    (Shape::Cluster, 1),
    (Shape::Diagonals, 2),
    (Shape::Sum, 6),
];

/// The fewest cells of a [`Shape::FullSize`] board: within a tenth of the contest's R·C ≤ 200.
pub const FULL_SIZE_CELLS: usize = 180;

/// The most spots a [`Shape::Sum`] board holds: its first part takes 6 or more when there are that many, and its
/// three others up to `PART_MAX_LINES`·`PART_MAX_LENGTH` each.
pub const SUM_MAX_SPOTS: usize = 6 + 3 * PART_MAX_LINES * PART_MAX_LENGTH;
/// The most diagonals, and cells on each, of one part of a [`Shape::Sum`] board.
const PART_MAX_LINES: usize = 3;
const PART_MAX_LENGTH: usize = 5;

/// A board of the given shape with a number of spots drawn from `sizes`. Only [`Shape::NoSpots`] ignores the count;
/// the others place exactly that many spots ([`Shape::Sum`] the larger of two draws).
pub fn generate_shape(rng: &mut impl Rng, sizes: Sizes, shape: Shape) -> Board {
    let sizes = sizes.clamp(0, MAX_CELLS);
    let spots = rng.random_range(sizes.min..=sizes.max);
    match shape {
        Shape::Uniform => uniform(rng, spots),
        Shape::NoSpots => {
            let (rows, cols) = random_shape(rng, 1, MAX_CELLS);
            Board::new(rows, cols)
        }
        Shape::Strip => strip(rng, spots),
        Shape::Full => full(rng, spots),
        Shape::Unbalanced => unbalanced(rng, spots),
        Shape::Thinnest => {
            let (rows, cols) = [(1, 200), (200, 1), (2, 100), (100, 2)][rng.random_range(0..4)];
            scattered(rng, rows, cols, spots)
        }
        Shape::FullSize => full_size(rng, spots),
        Shape::Cluster => cluster(rng, spots),
        Shape::Diagonals => diagonals(rng, spots),
        Shape::Sum => {
            let spots = spots.max(rng.random_range(sizes.min..=sizes.max));
            if spots <= SUM_MAX_SPOTS { sum(rng, spots) } else { uniform(rng, spots) }
        }
    }
}

/// R×C with `min ≤ R·C ≤ max` (1 ≤ min ≤ max ≤ MAX_CELLS), from square to the thinnest strip, either way round.
fn random_shape(rng: &mut impl Rng, min: usize, max: usize) -> (usize, usize) {
    let area = rng.random_range(min..=max);
    // The short side up to √area, so square and thin shapes are about as likely; then either way round.
    let short = rng.random_range(1..=area.isqrt());
    let long = (area / short).max(min.div_ceil(short));
    let (short, long) = if short * long <= max { (short, long) } else { (1, area) };
    if rng.random_bool(0.5) { (short, long) } else { (long, short) }
}

/// `spots` spots on distinct cells among `cells`, chosen at random (all of them if there are fewer).
fn place(rng: &mut impl Rng, board: &mut Board, mut cells: Vec<Cell>, spots: usize) -> usize {
    cells.shuffle(rng);
    let placed = spots.min(cells.len());
    for cell in &cells[..placed] {
        board.set_spot(cell.row, cell.col, true);
    }
    placed
}

fn scattered(rng: &mut impl Rng, rows: usize, cols: usize, spots: usize) -> Board {
    let mut board = Board::new(rows, cols);
    let cells = board.cells().collect();
    place(rng, &mut board, cells, spots);
    board
}

fn uniform(rng: &mut impl Rng, spots: usize) -> Board {
    let density: f64 = rng.random_range(0.05..=1.0);
    let least = spots.max(1);
    let most = ((spots as f64 / density).ceil() as usize).clamp(least, MAX_CELLS);
    let (rows, cols) = random_shape(rng, least, most);
    scattered(rng, rows, cols, spots)
}

fn strip(rng: &mut impl Rng, spots: usize) -> Board {
    let width = if rng.random_bool(1.0 / 3.0) { 2 } else { 1 };
    // The density first, uniform from sparse to full, and the length from it: a length drawn uniformly would make
    // most strips of a few spots sparse and leave dense ones rare.
    let density: f64 = rng.random_range(0.05..=1.0);
    let shortest = spots.div_ceil(width).max(1);
    let length = ((spots as f64 / density / width as f64).ceil() as usize).clamp(shortest, MAX_CELLS / width);
    if rng.random_bool(0.5) { scattered(rng, width, length, spots) } else { scattered(rng, length, width, spots) }
}

fn full_size(rng: &mut impl Rng, spots: usize) -> Board {
    let least = FULL_SIZE_CELLS.max(spots);
    // Short sides of 3 to 14 (14×14 is the squarest), those whose longest board holds the spots: 200 spots leave
    // 4×50, 5×40, 8×25 and 10×20.
    let shorts: Vec<usize> = (3..=14).filter(|&short| short * (MAX_CELLS / short) >= least).collect();
    let short = shorts[rng.random_range(0..shorts.len())];
    let long = rng.random_range(least.div_ceil(short)..=MAX_CELLS / short);
    if rng.random_bool(0.5) { scattered(rng, short, long, spots) } else { scattered(rng, long, short, spots) }
}

fn full(rng: &mut impl Rng, spots: usize) -> Board {
    if spots == 0 {
        return Board::new(1, 1);
    }
    let divisors: Vec<usize> = (1..=spots).filter(|d| spots.is_multiple_of(*d)).collect();
    let rows = divisors[rng.random_range(0..divisors.len())];
    scattered(rng, rows, spots / rows, spots)
}

fn unbalanced(rng: &mut impl Rng, spots: usize) -> Board {
    // Room for every spot in one class where the cell limit allows it (a class holds about half the cells).
    let least = (2 * spots + 1).clamp(1, MAX_CELLS);
    let (rows, cols) = random_shape(rng, least, MAX_CELLS);
    let mut board = Board::new(rows, cols);
    let parity = rng.random_range(0..2);
    let (own, other): (Vec<Cell>, Vec<Cell>) = board.cells().partition(|c| (c.row + c.col) % 2 == parity);
    let strays = rng.random_range(0..=2).min(spots);
    let placed = place(rng, &mut board, own, spots - strays);
    place(rng, &mut board, other, spots - placed);
    board
}

fn cluster(rng: &mut impl Rng, spots: usize) -> Board {
    let (rows, cols) = random_shape(rng, spots.max(1), MAX_CELLS);
    let height = rng.random_range(1..=rows);
    let (height, width) = match spots.div_ceil(height) {
        width if width <= cols => (height, width.max(1)),
        _ => (rows, spots.div_ceil(rows).max(1)),
    };
    // A corner, an edge or anywhere: sign lines from the window run out to the board's edge at different lengths.
    let (top, left) = match rng.random_range(0..3) {
        0 => (0, 0),
        1 => (rows - height, rng.random_range(0..=cols - width)),
        _ => (rng.random_range(0..=rows - height), rng.random_range(0..=cols - width)),
    };
    let mut board = Board::new(rows, cols);
    let window =
        board.cells().filter(|c| (top..top + height).contains(&c.row) && (left..left + width).contains(&c.col));
    let window = window.collect();
    place(rng, &mut board, window, spots);
    board
}

fn diagonals(rng: &mut impl Rng, spots: usize) -> Board {
    let (rows, cols) = random_shape(rng, spots.max(1), MAX_CELLS);
    let mut board = Board::new(rows, cols);
    let mut on_lines = vec![false; rows * cols];
    for _ in 0..rng.random_range(1..=3) {
        let through = Cell { row: rng.random_range(0..rows), col: rng.random_range(0..cols) };
        let down_right = rng.random_bool(0.5);
        for cell in board.cells() {
            let (dr, dc) = (cell.row as isize - through.row as isize, cell.col as isize - through.col as isize);
            if (down_right && dr == dc) || (!down_right && dr == -dc) {
                on_lines[cell.row * cols + cell.col] = true;
            }
        }
    }
    let (lines, rest): (Vec<Cell>, Vec<Cell>) = board.cells().partition(|c| on_lines[c.row * cols + c.col]);
    let placed = place(rng, &mut board, lines, spots);
    // Short diagonals may not hold every spot; the rest go anywhere.
    place(rng, &mut board, rest, spots - placed);
    board
}

/// `spots` (at most [`SUM_MAX_SPOTS`]) in up to four parts (see [`part`]), two to a layer on opposite parities of
/// `row + col`, and two layers, the lower one further below the upper one than the spots span columns: every spot
/// of the lower layer is then further below each spot of the upper one than it is to its side, off both of its
/// diagonals and on one side of each. The board is then padded a little and turned or mirrored. At most 24×8 before
/// the padding (a part fits in 7×7, a layer in 8×8), so always within the cell limit.
fn sum(rng: &mut impl Rng, spots: usize) -> Board {
    assert!(spots <= SUM_MAX_SPOTS);
    let cap = PART_MAX_LINES * PART_MAX_LENGTH;
    // One larger part of 6 to 10 spots when there are enough (three lines crowded with spots make the richest
    // parts), the rest cut at random into one to three more parts.
    let first =
        if spots >= 6 { rng.random_range(6..=spots.min(10)) } else { rng.random_range(spots.div_ceil(2)..=spots) };
    let rest = spots - first;
    let mut sizes = vec![first];
    if rest > 0 {
        let others = rng.random_range(1..=3).max(rest.div_ceil(cap)).min(rest);
        let mut cuts: Vec<usize> = (1..rest).collect();
        cuts.shuffle(rng);
        cuts.truncate(others - 1);
        cuts.sort_unstable();
        cuts.push(rest);
        sizes.extend(cuts.iter().scan(0, |from, &to| Some(to - std::mem::replace(from, to))));
    }
    // A part over the cap hands its extra spots to parts with room (there is room: others ≥ rest / cap).
    let mut extra = 0;
    for size in &mut sizes {
        extra += size.saturating_sub(cap);
        *size = (*size).min(cap);
    }
    for size in &mut sizes {
        let moved = (cap - *size).min(extra);
        *size += moved;
        extra -= moved;
    }
    sizes.shuffle(rng);

    // Each layer: one part at its top left, the other over it, moved a cell down, right or both as needed to put it
    // on the other parity of `row + col`.
    let mut layers: Vec<(usize, usize, Vec<Cell>)> = Vec::new();
    for pair in sizes.chunks(2) {
        let (side, mut cells) = part(rng, pair[0]);
        let (mut height, mut width) = (side, side);
        if let Some(&count) = pair.get(1) {
            let (other_side, other) = part(rng, count);
            let parity = |cells: &[Cell]| cells.first().map_or(0, |c| (c.row + c.col) % 2);
            let right = rng.random_range(0..=1);
            let down = (parity(&cells) + parity(&other) + right + 1) % 2;
            cells.extend(other.iter().map(|c| Cell { row: c.row + down, col: c.col + right }));
            height = height.max(other_side + down);
            width = width.max(other_side + right);
        }
        layers.push((height, width, cells));
    }
    // No two spots are `width` or more columns apart, so with the second layer starting `width` rows or more below
    // the first one's last row, each of its spots is further below each spot of the first than it is to the side.
    let width = layers.iter().map(|&(_, w, _)| w).max().unwrap_or(1);
    let (mut rows, mut top) = (0, 0);
    let mut placed = Vec::new();
    for (height, _, cells) in &layers {
        placed.extend(cells.iter().map(|c| Cell { row: c.row + top, col: c.col }));
        rows = top + height;
        top = rows - 1 + width + rng.random_range(0..=1);
    }
    // A little room around, where the cell limit allows.
    let (mut extra_rows, mut extra_cols) = (rng.random_range(0..=3), rng.random_range(0..=3));
    if (rows + extra_rows) * (width + extra_cols) > MAX_CELLS {
        (extra_rows, extra_cols) = (0, 0);
    }
    let (down, right) = (rng.random_range(0..=extra_rows), rng.random_range(0..=extra_cols));
    let mut board = Board::new(rows + extra_rows, width + extra_cols);
    for Cell { row, col } in placed {
        board.set_spot(row + down, col + right, true);
    }
    board.transform(Symmetry::ALL[rng.random_range(0..Symmetry::ALL.len())])
}

/// `count` spots (at most [`PART_MAX_LINES`]·[`PART_MAX_LENGTH`]) among the cells of a few neighbouring parallel
/// diagonals of one parity, all of one length, and the side of the square they fit in: cell `j` of line `i` is at
/// row `i + j`, column `i + length − 1 − j`. Six spots or more go on three lines, fewer on one to three.
fn part(rng: &mut impl Rng, count: usize) -> (usize, Vec<Cell>) {
    let (lines, shortest) = match count {
        0..=2 => (rng.random_range(1..=2), 1),
        3..=5 => (rng.random_range(2..=PART_MAX_LINES), 1),
        _ => (PART_MAX_LINES, 4),
    };
    let length = rng.random_range(count.div_ceil(lines).max(shortest)..=PART_MAX_LENGTH);
    let mut cells: Vec<Cell> =
        (0..lines).flat_map(|i| (0..length).map(move |j| Cell { row: i + j, col: i + length - 1 - j })).collect();
    cells.shuffle(rng);
    cells.truncate(count);
    (lines + length - 1, cells)
}

impl Cases for InventorOutlasting {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Board {
        generate(rng, sizes)
    }

    fn shrink(case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(shrink(case))
    }

    /// A board of at most 200 cells with at most 12 spots (within the oracle's reach), each spot two bytes of cell
    /// index. Running out of bytes is an error rather than a board of zeros, so short fuzz inputs do not all collapse
    /// into one empty board.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Board> {
        let &[shape, width, count] = u.bytes(3)? else { unreachable!("bytes(3) gives three bytes") };
        // The high bit picks a small board (up to 16 rows) or any height up to 200; the width fills in the rest.
        let rows = if shape & 0x80 == 0 {
            1 + usize::from(shape & 0x0f)
        } else {
            1 + usize::from(shape & 0x7f) * (MAX_SIDE - 1) / 127
        };
        let cols = 1 + usize::from(width) % (MAX_CELLS / rows);
        let mut board = Board::new(rows, cols);
        for pair in u.bytes(2 * usize::from(count % 13))?.chunks_exact(2) {
            let index = usize::from(u16::from_le_bytes([pair[0], pair[1]])) % (rows * cols);
            board.set_spot(index / cols, index % cols, true);
        }
        Ok(board)
    }

    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Board> + Send> {
        Box::new(all_boards(size))
    }

    const PRESETS: &'static [(&'static str, &'static str)] = &[(
        "contest",
        "the bulk of the official large set: 10x20 and 20x10 in turn, each cell a spot with probability 0.5 or 0.7",
    )];

    fn preset(name: &str, rng: &mut ChaCha8Rng, index: u64) -> Option<Board> {
        (name == "contest").then(|| contest(rng, index))
    }
}

/// A board shaped like about three in four of the official large set: full-size rectangles with the short side ten,
/// 10×20 for an even `index` and 20×10 for an odd one, each cell a spot on its own with probability 0.5 (`index / 2`
/// even) or 0.7 (odd), so any four boards in a row hold each shape at each density once. Mid-density random boards
/// are where regions rarely repeat (few translates, few sums), so a benchmark of other shapes flatters a solver.
pub fn contest(rng: &mut impl Rng, index: u64) -> Board {
    let (rows, cols) = if index.is_multiple_of(2) { (10, 20) } else { (20, 10) };
    let density = if (index / 2).is_multiple_of(2) { 0.5 } else { 0.7 };
    let mut board = Board::new(rows, cols);
    for cell in board.cells().collect::<Vec<_>>() {
        board.set_spot(cell.row, cell.col, rng.random_bool(density));
    }
    board
}

/// The shapes R×C with R·C = `cells`, R ascending.
pub fn shapes(cells: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=cells).filter(move |r| cells.is_multiple_of(*r)).map(move |r| (r, cells / r))
}

/// Every board of `cells` cells: each shape of [`shapes`] with each of its 2^cells spot patterns, in counting order
/// with the first cell changing fastest.
pub fn all_boards(cells: usize) -> impl Iterator<Item = Board> {
    assert!((1..64).contains(&cells), "2^cells patterns fit in u64 only for 1 ≤ cells ≤ 63");
    shapes(cells).flat_map(move |(rows, cols)| {
        (0..1u64 << cells).map(move |code| {
            let mut board = Board::new(rows, cols);
            for i in 0..cells {
                board.set_spot(i / cols, i % cols, code >> i & 1 == 1);
            }
            board
        })
    })
}

/// The steps shrinking takes on a board, beside the board type they work on.
trait Shrinking {
    fn without_row(&self, drop: usize) -> Board;
    fn without_col(&self, drop: usize) -> Board;
}

impl Shrinking for Board {
    fn without_row(&self, drop: usize) -> Board {
        let mut out = Board::new(self.rows() - 1, self.cols());
        for Cell { row, col } in self.spots().filter(|c| c.row != drop) {
            out.set_spot(row - usize::from(row > drop), col, true);
        }
        out
    }

    fn without_col(&self, drop: usize) -> Board {
        let mut out = Board::new(self.rows(), self.cols() - 1);
        for Cell { row, col } in self.spots().filter(|c| c.col != drop) {
            out.set_spot(row, col - usize::from(col > drop), true);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use games::Contest;

    /// Every step, in order, built from the rows as text: each spot cleared, each row and each column dropped, then
    /// on boards of three rows (columns) or more, each two neighbouring rows (columns) dropped together.
    #[test]
    fn shrink_offers_exactly_these_boards() {
        for rows in [&["X.X.", ".X..", "X..X"][..], &["X.", ".X"], &["X", ".", "X"], &[".XX"]] {
            let text = |rows: Vec<String>| Board::from_rows(&rows).unwrap();
            let without_rows = |drop: &[usize]| {
                text(
                    rows.iter()
                        .enumerate()
                        .filter(|(r, _)| !drop.contains(r))
                        .map(|(_, row)| row.to_string())
                        .collect(),
                )
            };
            let without_cols = |drop: &[usize]| {
                let keep =
                    |row: &&str| row.chars().enumerate().filter(|(c, _)| !drop.contains(c)).map(|(_, x)| x).collect();
                text(rows.iter().map(keep).collect())
            };
            let (r, c) = (rows.len(), rows[0].len());
            let mut expected = Vec::new();
            for (i, row) in rows.iter().enumerate() {
                for j in row.match_indices('X').map(|(j, _)| j) {
                    let mut cleared: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
                    cleared[i].replace_range(j..=j, ".");
                    expected.push(text(cleared));
                }
            }
            if r > 1 {
                expected.extend((0..r).map(|i| without_rows(&[i])));
            }
            if c > 1 {
                expected.extend((0..c).map(|j| without_cols(&[j])));
            }
            if r > 2 {
                expected.extend((0..r - 1).map(|i| without_rows(&[i, i + 1])));
            }
            if c > 2 {
                expected.extend((0..c - 1).map(|j| without_cols(&[j, j + 1])));
            }
            assert_eq!(shrink(&Board::from_rows(rows).unwrap()).collect::<Vec<_>>(), expected, "{rows:?}");
        }
    }

    #[test]
    fn shrink_steps_are_smaller() {
        let board = Board::from_rows(&["X.X", ".X."]).unwrap();
        let steps: Vec<Board> = shrink(&board).collect();
        assert_eq!(steps.len(), 3 + 2 + 3 + 2);
        for step in &steps {
            let smaller = step.cell_count() < board.cell_count()
                || (step.cell_count() == board.cell_count() && step.spot_count() < board.spot_count());
            assert!(smaller, "{step:?}");
        }
        assert!(steps.contains(&Board::from_rows(&["X.X"]).unwrap()));
        assert!(steps.contains(&Board::from_rows(&["XX", ".."]).unwrap()));
        // Columns 0 and 1, and 1 and 2: every remaining cell keeps the parity of its row + column.
        let narrow = Board::from_rows(&["X", "."]).unwrap();
        assert_eq!(steps.iter().filter(|&s| *s == narrow).count(), 2);
        assert_eq!(shrink(&Board::new(1, 1)).count(), 0);
    }

    #[test]
    fn generated_boards_are_legal_and_hold_the_asked_spots() {
        for shape in Shape::ALL {
            for index in 0..300 {
                let sizes = Sizes::new(index as usize % 13, 12 + index as usize % 189);
                let board = generate_shape(&mut case_rng(5, index), sizes, shape);
                assert!(board.rows() <= MAX_SIDE && board.cols() <= MAX_SIDE && board.cell_count() <= MAX_CELLS);
                let spots = board.spot_count();
                if shape == Shape::NoSpots {
                    assert_eq!(spots, 0);
                } else {
                    assert!((sizes.min..=sizes.max).contains(&spots), "{shape:?} {sizes} gave {board:?}");
                }
                if shape == Shape::Full && spots > 0 {
                    assert_eq!(spots, board.cell_count(), "{board:?}");
                }
                if shape == Shape::Strip {
                    assert!(board.rows().min(board.cols()) <= 2, "{board:?}");
                }
                if shape == Shape::FullSize {
                    assert!(board.cell_count() >= FULL_SIZE_CELLS && board.rows().min(board.cols()) >= 3, "{board:?}");
                }
            }
        }
    }

    #[test]
    fn sum_boards_are_legal_and_hold_the_asked_spots() {
        let legal = |board: &Board| {
            assert!(board.rows() <= MAX_SIDE && board.cols() <= MAX_SIDE && board.cell_count() <= MAX_CELLS);
            assert_eq!(
                InventorOutlasting::parse(&InventorOutlasting::write(std::slice::from_ref(board))).unwrap(),
                std::slice::from_ref(board)
            );
        };
        // Every count the parts can hold, then the counts past them, which fall back to a uniform board.
        for spots in (0..=SUM_MAX_SPOTS).chain((SUM_MAX_SPOTS + 1..=MAX_CELLS).step_by(7)) {
            for index in 0..40 {
                let board = generate_shape(&mut case_rng(8, index), Sizes::new(spots, spots), Shape::Sum);
                legal(&board);
                assert_eq!(board.spot_count(), spots, "{board:?}");
            }
        }
        // Ranges, the default one first: the count is the larger of two draws, so still within the range.
        for (index, sizes) in [Sizes::new(0, 12), Sizes::new(3, 5), Sizes::new(10, 60), Sizes::new(0, 200)]
            .into_iter()
            .cycle()
            .take(2000)
            .enumerate()
        {
            let board = generate_shape(&mut case_rng(9, index as u64), sizes, Shape::Sum);
            legal(&board);
            assert!((sizes.min..=sizes.max).contains(&board.spot_count()), "{sizes} gave {board:?}");
        }
    }

    /// The contest preset: the two shapes in turn, each density on every other pair, and spots at about that
    /// density (400 boards of 200 cells per density: a share off by more than 0.02 is over 5 standard deviations).
    #[test]
    fn contest_preset_alternates_shapes_and_densities() {
        let mut spots = [0usize; 2];
        for index in 0..800 {
            let board = InventorOutlasting::preset("contest", &mut case_rng(3, index), index).expect("a preset");
            let shape = if index % 2 == 0 { (10, 20) } else { (20, 10) };
            assert_eq!((board.rows(), board.cols()), shape, "board {index}");
            spots[(index / 2 % 2) as usize] += board.spot_count();
        }
        let share = spots.map(|s| s as f64 / (400.0 * 200.0));
        assert!((share[0] - 0.5).abs() < 0.02 && (share[1] - 0.7).abs() < 0.02, "{share:?}");
        assert!(InventorOutlasting::PRESETS.iter().all(|&(name, _)| name == "contest"));
        assert!(InventorOutlasting::preset("Contest", &mut case_rng(3, 0), 0).is_none(), "names are exact");
    }

    #[test]
    fn every_shape_has_a_weight() {
        for shape in Shape::ALL {
            let weights: Vec<u32> = SHAPE_WEIGHTS.iter().filter(|&&(s, _)| s == shape).map(|&(_, w)| w).collect();
            assert!(matches!(weights[..], [w] if w > 0), "{shape:?}: {weights:?}");
        }
    }

    #[test]
    fn unbalanced_boards_lean_to_one_parity() {
        for index in 0..100 {
            let board = generate_shape(&mut case_rng(6, index), Sizes::new(6, 12), Shape::Unbalanced);
            let even = board.spots().filter(|c| (c.row + c.col) % 2 == 0).count();
            let odd = board.spot_count() - even;
            assert!(even.abs_diff(odd) >= 2, "{board:?}");
        }
    }

    #[test]
    fn all_boards_enumerates_every_shape_and_pattern() {
        assert_eq!(shapes(12).collect::<Vec<_>>(), [(1, 12), (2, 6), (3, 4), (4, 3), (6, 2), (12, 1)]);
        let boards: Vec<Board> = all_boards(4).collect();
        assert_eq!(boards.len(), 3 * 16);
        let distinct: std::collections::HashSet<&Board> = boards.iter().collect();
        assert_eq!(distinct.len(), boards.len());
        // In counting order, the first cell changing fastest: a failure's index names the board.
        let rows: Vec<String> = all_boards(2).map(|b| b.lines().join("/")).collect();
        assert_eq!(rows, ["..", "X.", ".X", "XX", "./.", "X/.", "./X", "X/X"]);
    }
}

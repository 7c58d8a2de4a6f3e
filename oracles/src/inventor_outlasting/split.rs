//! A second Inventor Outlasting engine, written from the rules alone, that answers every legal board (up to 200
//! spots): the game split into independent parts, each part's Grundy number memoised by its shape. It shares nothing
//! with the fast solver; every fact it uses is read off the rules, as argued here.
//!
//! **Parts.** A cell is *free* while it holds neither an attraction nor a sign. Call two free cells joined when they
//! touch corner to corner, and a *part* a connected set of free cells under that relation. A builder steps only
//! diagonally and only onto free cells, so the cells a move changes (its spot and the signs) lie in the spot's own
//! part. A free cell diagonally next to a cell of a part is in that part, so what a builder inside a part sees (the
//! border, a non-free cell, or a cell of its own part) is fixed by the part's cells alone: a move in one part neither
//! changes another part nor depends on it. Removing cells never joins parts. So a position is the disjunctive sum of
//! its parts' games, and by Sprague–Grundy its value is the XOR of theirs; a part with no free spot has no move and
//! is worth 0.
//!
//! **Shapes.** For a builder, the border and a non-free cell are the same thing: a stop. So a part's game depends only
//! on which cells it has and which of them are spots, not on where it lies or on the rest of the board; the memo keys
//! a part by its cells translated to the top-left corner of their bounding box. It may also key it by the least of
//! its 8 images under the square's symmetries (turns and mirrors, [`Canon::Symmetric`]): each is an isometry of the
//! grid that maps the four diagonal directions onto themselves, so it maps corner-to-corner contacts to such
//! contacts and each builder's walk to a walk in the image, and the image is the same game move for move.
//!
//! **Values.** A part's Grundy number is the mex, over its free spots, of the XOR of the parts left after building
//! there, with the signs walked literally cell by cell. A first move wins exactly when the position after it is
//! worth 0, as the player to move from a position of value 0 loses.
//!
//! **Bounds.** A diagonal step keeps `row + col` even or odd, so a part lies in one colour of the checkerboard: at
//! most 100 cells on a board of at most 200. A part's value is at most its number of moves, ≤ 100, so every value
//! and every XOR of values is below 128 (a `u128` holds the values seen). Each recursion level builds one more
//! attraction in the part, so the search is at most 100 calls deep.

use games::inventor_outlasting::{Answer, Board, MAX_CELLS};
use rustc_hash::FxHashMap;

/// Rule: the four builders leave along the four diagonals, as (row step, column step) with row 0 on top.
const DIAGONALS: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

const WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of cells of one board, one bit per cell at index `row * cols + col`.
type Cells = [u64; WORDS];

/// How the memo names a part: by its cells moved to the top-left, or by the least of that over the 8 symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canon {
    Translated,
    Symmetric,
}

/// A part's cells translated to the top-left corner of their `rows × cols` bounding box. All its cells have the same
/// `(row + col) % 2`, `parity`, so cell `(row, col)` is bit `(row * cols + col) / 2`: for odd `cols` the index has
/// the cell's parity, for even `cols` the cells of one row are two columns apart; either way no two cells share a
/// bit. `rows * cols ≤ 200` (the box lies on the board), so 100 bits are enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Shape {
    rows: u8,
    cols: u8,
    parity: u8,
    cells: u128,
    spots: u128,
}

/// Memoised Grundy numbers of parts by shape. Shapes carry no board, so one engine may answer many boards and keep
/// what it learnt; [`answer`] starts a fresh one per board.
pub struct Engine {
    canon: Canon,
    memo: FxHashMap<Shape, u8>,
}

/// How many of Izabella's first moves win, and the board's Grundy number.
pub fn answer(board: &Board) -> Answer {
    // Keying by all 8 images shrinks the memo of full boards about fourfold but costs more than it saves on random
    // boards (docs/large-cases.md has the figures).
    Engine::new(Canon::Translated).answer(board)
}

impl Engine {
    pub fn new(canon: Canon) -> Engine {
        Engine { canon, memo: FxHashMap::default() }
    }

    /// The number of part shapes whose value is memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// Panics on a board of more than [`MAX_CELLS`] cells, which the contest format never yields.
    pub fn answer(&mut self, board: &Board) -> Answer {
        assert!(
            board.cell_count() <= MAX_CELLS,
            "an Inventor Outlasting board has at most {MAX_CELLS} cells, not {}",
            board.cell_count()
        );
        let mut search = Search { grid: Grid::new(board), canon: self.canon, memo: &mut self.memo };
        // At the start nothing is built, so every cell is free.
        let all = search.grid.all;
        let parts = search.grid.parts(all);
        let values: Vec<u32> = parts.iter().map(|part| search.grundy(part)).collect();
        let total = values.iter().fold(0, |x, v| x ^ v);
        let mut winning_moves = 0;
        for (part, value) in parts.iter().zip(values) {
            for spot in ones(and(part, &search.grid.spots)) {
                let rest = search.grid.after_move(part, spot);
                if total ^ value ^ search.value(rest) == 0 {
                    winning_moves += 1;
                }
            }
        }
        Answer { winning_moves, grundy: total }
    }
}

/// The board's geometry as bit sets.
struct Grid {
    rows: usize,
    cols: usize,
    all: Cells,
    spots: Cells,
    /// Each cell's row and column, so that naming a part takes no division.
    row_of: [u8; MAX_CELLS],
    col_of: [u8; MAX_CELLS],
    /// Cells with a column to their left / to their right: the ones a step left / right may leave from.
    has_left: Cells,
    has_right: Cells,
}

impl Grid {
    fn new(board: &Board) -> Grid {
        let (rows, cols) = (board.rows(), board.cols());
        let (mut all, mut spots, mut has_left, mut has_right) = ([0; WORDS], [0; WORDS], [0; WORDS], [0; WORDS]);
        let (mut row_of, mut col_of) = ([0; MAX_CELLS], [0; MAX_CELLS]);
        for cell in board.cells() {
            let i = cell.row * cols + cell.col;
            set(&mut all, i);
            (row_of[i], col_of[i]) = (cell.row as u8, cell.col as u8);
            if board.is_spot(cell.row, cell.col) {
                set(&mut spots, i);
            }
            if cell.col > 0 {
                set(&mut has_left, i);
            }
            if cell.col + 1 < cols {
                set(&mut has_right, i);
            }
        }
        Grid { rows, cols, all, spots, row_of, col_of, has_left, has_right }
    }

    /// The parts of the free cells `free`, each as its own set.
    fn parts(&self, mut free: Cells) -> Vec<Cells> {
        let mut parts = Vec::new();
        while let Some(seed) = ones(free).next() {
            let part = self.part_of(seed, &free);
            free = and_not(&free, &part);
            parts.push(part);
        }
        parts
    }

    /// The part of `free` that holds `seed`: grown a ring of corner-to-corner contacts at a time.
    fn part_of(&self, seed: usize, free: &Cells) -> Cells {
        let mut part = [0; WORDS];
        set(&mut part, seed);
        // Each ring but the last adds a cell, so the part is whole within a ring per cell.
        for _ in 0..=MAX_CELLS {
            let grown = or(&part, &self.touching(&part, free));
            if grown == part {
                return part;
            }
            part = grown;
        }
        unreachable!("a part of at most {MAX_CELLS} cells stops growing within as many rings")
    }

    /// The cells of `free` that touch a cell of `from` corner to corner.
    fn touching(&self, from: &Cells, free: &Cells) -> Cells {
        let (left, right) = (and(from, &self.has_left), and(from, &self.has_right));
        let down = or(&shl(&left, self.cols - 1), &shl(&right, self.cols + 1));
        let up = or(&shr(&left, self.cols + 1), &shr(&right, self.cols - 1));
        and(&or(&down, &up), free)
    }

    /// The free cells of `part` left after an attraction at `spot`, its builders walked one cell at a time. A cell a
    /// builder may step onto touches the part corner to corner, so it is free exactly when it is still in the part.
    /// The four walks go four ways from one cell and never meet, so walking them one after another is walking them
    /// at once.
    fn after_move(&self, part: &Cells, spot: usize) -> Cells {
        let mut free = *part;
        clear(&mut free, spot);
        let (row, col) = (spot / self.cols, spot % self.cols);
        for (dr, dc) in DIAGONALS {
            let (mut r, mut c) = (row, col);
            // Off the top or left edge the `checked_add_signed` fails, off the bottom or right the bounds do.
            while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                let next = nr * self.cols + nc;
                if nr >= self.rows || nc >= self.cols || !has(&free, next) {
                    break;
                }
                clear(&mut free, next);
                (r, c) = (nr, nc);
            }
        }
        free
    }
}

struct Search<'a> {
    grid: Grid,
    canon: Canon,
    memo: &'a mut FxHashMap<Shape, u8>,
}

impl Search<'_> {
    /// The value of a position whose free cells are `free`: the XOR of its parts' values.
    fn value(&mut self, mut free: Cells) -> u32 {
        let mut value = 0;
        while let Some(seed) = ones(free).next() {
            let part = self.grid.part_of(seed, &free);
            free = and_not(&free, &part);
            value ^= self.grundy(&part);
        }
        value
    }

    /// The Grundy number of one part.
    fn grundy(&mut self, part: &Cells) -> u32 {
        let spots = and(part, &self.grid.spots);
        if spots == [0; WORDS] {
            return 0;
        }
        let shape = shape(&self.grid, part, &spots, self.canon);
        if let Some(&g) = self.memo.get(&shape) {
            return u32::from(g);
        }
        let mut seen: u128 = 0;
        for spot in ones(spots) {
            let rest = self.grid.after_move(part, spot);
            seen |= 1 << self.value(rest);
        }
        let g = (!seen).trailing_zeros();
        self.memo.insert(shape, g as u8);
        g
    }
}

/// The memo's name for a part (kept out of line so that its cell list is not on every recursion frame).
#[inline(never)]
fn shape(grid: &Grid, part: &Cells, spots: &Cells, canon: Canon) -> Shape {
    // A part lies on one colour, half the cells at most; room for all of them costs a few hundred bytes of stack.
    let mut cells = [(0u8, 0u8, false); MAX_CELLS];
    let mut n = 0;
    let (mut top, mut bottom, mut left, mut right) = (u8::MAX, 0, u8::MAX, 0);
    for i in ones(*part) {
        let (r, c) = (grid.row_of[i], grid.col_of[i]);
        (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
        cells[n] = (r, c, has(spots, i));
        n += 1;
    }
    let (rows, cols) = (usize::from(bottom - top) + 1, usize::from(right - left) + 1);
    let cells = &cells[..n];
    let image = |turn: &dyn Fn(usize, usize) -> (usize, usize), rows: usize, cols: usize| {
        let mut shape = Shape { rows: rows as u8, cols: cols as u8, parity: 0, cells: 0, spots: 0 };
        for &(r, c, spot) in cells {
            let (r, c) = turn(usize::from(r - top), usize::from(c - left));
            let bit = 1u128 << ((r * cols + c) / 2);
            shape.parity = ((r + c) % 2) as u8;
            shape.cells |= bit;
            if spot {
                shape.spots |= bit;
            }
        }
        shape
    };
    let (h, w) = (rows, cols);
    let identity = image(&|r, c| (r, c), h, w);
    if canon == Canon::Translated {
        return identity;
    }
    [
        identity,
        image(&|r, c| (c, h - 1 - r), w, h),
        image(&|r, c| (h - 1 - r, w - 1 - c), h, w),
        image(&|r, c| (w - 1 - c, r), w, h),
        image(&|r, c| (h - 1 - r, c), h, w),
        image(&|r, c| (r, w - 1 - c), h, w),
        image(&|r, c| (c, r), w, h),
        image(&|r, c| (w - 1 - c, h - 1 - r), w, h),
    ]
    .into_iter()
    .min()
    .expect("eight images")
}

fn has(cells: &Cells, i: usize) -> bool {
    cells[i / 64] >> (i % 64) & 1 == 1
}

fn set(cells: &mut Cells, i: usize) {
    cells[i / 64] |= 1 << (i % 64);
}

fn clear(cells: &mut Cells, i: usize) {
    cells[i / 64] &= !(1 << (i % 64));
}

fn and(a: &Cells, b: &Cells) -> Cells {
    std::array::from_fn(|w| a[w] & b[w])
}

fn or(a: &Cells, b: &Cells) -> Cells {
    std::array::from_fn(|w| a[w] | b[w])
}

fn and_not(a: &Cells, b: &Cells) -> Cells {
    std::array::from_fn(|w| a[w] & !b[w])
}

/// The set moved `k` cells up the index order (toward the bottom-right); cells pushed past the last word drop.
fn shl(a: &Cells, k: usize) -> Cells {
    let (words, bits) = (k / 64, k % 64);
    std::array::from_fn(|w| {
        let low = if w >= words { a[w - words] << bits } else { 0 };
        let carry = if bits > 0 && w > words { a[w - words - 1] >> (64 - bits) } else { 0 };
        low | carry
    })
}

/// The set moved `k` cells down the index order (toward the top-left); cells pushed before index 0 drop.
fn shr(a: &Cells, k: usize) -> Cells {
    let (words, bits) = (k / 64, k % 64);
    std::array::from_fn(|w| {
        let high = if w + words < WORDS { a[w + words] >> bits } else { 0 };
        let carry = if bits > 0 && w + words + 1 < WORDS { a[w + words + 1] << (64 - bits) } else { 0 };
        high | carry
    })
}

/// The indices of the set's cells, lowest first.
fn ones(cells: Cells) -> impl Iterator<Item = usize> {
    (0..WORDS).flat_map(move |w| {
        let mut word = cells[w];
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + bit
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inventor_outlasting as naive;
    use crate::order_chaos::xorshift;
    use games::contest::Contest;
    use games::inventor_outlasting::{InventorOutlasting, Symmetry};

    fn both(board: &Board) -> [Answer; 2] {
        [Engine::new(Canon::Translated).answer(board), Engine::new(Canon::Symmetric).answer(board)]
    }

    fn check_official(input: &str, answers: &str) {
        let boards = InventorOutlasting::parse(input).expect("official input parses");
        let got: Vec<String> =
            boards.iter().enumerate().map(|(i, b)| format!("Case #{}: {}", i + 1, answer(b))).collect();
        let want: Vec<&str> = answers.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn split_answers_the_official_data() {
        check_official(
            include_str!("../../../tests/data/inventor-outlasting/sample.in"),
            include_str!("../../../tests/data/inventor-outlasting/sample.ans"),
        );
        check_official(
            include_str!("../../../tests/data/inventor-outlasting/small.in"),
            include_str!("../../../tests/data/inventor-outlasting/small.ans"),
        );
        check_official(
            include_str!("../../../tests/data/inventor-outlasting/fuzz-slow-twelve-spots.in"),
            include_str!("../../../tests/data/inventor-outlasting/fuzz-slow-twelve-spots.ans"),
        );
    }

    /// Every R×C board of at most 10 cells, every pattern of spots: both memo keys against the naive oracle.
    #[test]
    fn split_agrees_with_the_oracle_on_every_board_up_to_ten_cells() {
        let mut boards = 0;
        for rows in 1..=10 {
            for cols in 1..=10 / rows {
                let cells = rows * cols;
                for pattern in 0u32..1 << cells {
                    let mut board = Board::new(rows, cols);
                    for i in 0..cells {
                        board.set_spot(i / cols, i % cols, pattern >> i & 1 == 1);
                    }
                    let want = naive::answer(&board);
                    assert_eq!(both(&board), [want; 2], "{board:?}");
                    boards += 1;
                }
            }
        }
        // The sum of 2^(R·C) over the shapes, row count by row count (1: 2 + 4 + … + 1024; 2: 4 + 16 + … + 1024;
        // 3: 8 + 64 + 512; 4: 16 + 256; 5: 32 + 1024; 6 to 10: 64 + … + 1024), so that no shape was skipped.
        assert_eq!(boards, 2046 + 1364 + 584 + 272 + 1056 + 1984);
    }

    /// A random board of `rows × cols`, each cell a spot with chance `percent`/100, then thinned to at most `most`
    /// spots by clearing spots at random.
    fn random_board(random: &mut impl FnMut(u64) -> u64, rows: usize, cols: usize, percent: u64, most: usize) -> Board {
        let mut board = Board::new(rows, cols);
        for row in 0..rows {
            for col in 0..cols {
                board.set_spot(row, col, random(100) < percent);
            }
        }
        while board.spot_count() > most {
            let spots: Vec<_> = board.spots().collect();
            let cell = spots[random(spots.len() as u64) as usize];
            board.set_spot(cell.row, cell.col, false);
        }
        board
    }

    /// Boards of every shape the limits allow, from the 1×200 strip to the 14×14 square, sparse and dense.
    fn random_shape(random: &mut impl FnMut(u64) -> u64) -> (usize, usize) {
        match random(6) {
            0 => (1, 1 + random(200) as usize),
            1 => (2, 1 + random(100) as usize),
            2 => (1 + random(100) as usize, 2),
            3 => {
                let side = 1 + random(14) as usize;
                (side, side)
            }
            4 => {
                // Small and squat, where 13 spots fill most cells and every part is tangled with the others.
                let rows = 2 + random(4) as usize;
                (rows, 2 + random(5) as usize)
            }
            _ => {
                let rows = 1 + random(200) as usize;
                (rows, 1 + random((200 / rows) as u64) as usize)
            }
        }
    }

    /// Random boards of up to 13 spots against the naive oracle; the draw must reach every Grundy number 0 to 3 and
    /// beyond, and every count of winning first moves up to 4 and beyond, or it tests less than it claims.
    #[test]
    fn split_agrees_with_the_oracle_on_random_boards_up_to_13_spots() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut grundy_seen, mut wins_seen) = ([0; 5], [0; 6]);
        for _ in 0..400 {
            let (rows, cols) = random_shape(&mut random);
            let percent = [5, 20, 50, 90][random(4) as usize];
            let board = random_board(&mut random, rows, cols, percent, 13);
            let want = naive::answer(&board);
            assert_eq!(both(&board), [want; 2], "{board:?}");
            grundy_seen[(want.grundy as usize).min(4)] += 1;
            wins_seen[want.winning_moves.min(5)] += 1;
        }
        assert!(grundy_seen.iter().all(|&n| n > 0), "Grundy numbers 0, 1, 2, 3, ≥4 drawn: {grundy_seen:?}");
        assert!(wins_seen.iter().all(|&n| n > 0), "winning counts 0 … 4, ≥5 drawn: {wins_seen:?}");
    }

    /// The spots of `board` on cells with `(row + col) % 2 == parity`; the others cleared.
    fn one_colour(board: &Board, parity: usize) -> Board {
        let mut out = board.clone();
        for cell in board.spots() {
            out.set_spot(cell.row, cell.col, (cell.row + cell.col) % 2 == parity);
        }
        out
    }

    /// The shapes of 200 cells, and the square nearest to it.
    const BIG: [(usize, usize); 7] = [(10, 20), (20, 10), (14, 14), (1, 200), (2, 100), (100, 2), (8, 25)];

    /// Spots of the two colours of the checkerboard never share a diagonal, so a board is the sum of its two
    /// one-colour boards: its Grundy number is the XOR of theirs (each computed by this engine on its own board), and
    /// it has a winning first move exactly when that XOR is not 0.
    #[test]
    fn split_sums_the_two_colours() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        for (i, (rows, cols)) in BIG.into_iter().cycle().take(14).enumerate() {
            let board = random_board(&mut random, rows, cols, [30, 50, 70, 100][i % 4], MAX_CELLS);
            let whole = answer(&board);
            let parts = [answer(&one_colour(&board, 0)), answer(&one_colour(&board, 1))];
            assert_eq!(whole.grundy, parts[0].grundy ^ parts[1].grundy, "{board:?}");
            assert_eq!(whole.winning_moves == 0, whole.grundy == 0, "{board:?}");
        }
    }

    /// Two lone spots with only blank cells between them on one diagonal: the builders walk over the blanks, so each
    /// move signs the other spot and the game is *1, not *1 + *1 = 0. Boards do not add up across a blank gap; an
    /// engine that split on spots instead of free cells would.
    #[test]
    fn split_does_not_separate_spots_across_blank_cells() {
        for rows in [["X..", "...", "..X"], ["X.X", "...", "..."]] {
            let board = Board::from_rows(&rows).unwrap();
            let want = naive::answer(&board);
            assert_eq!(both(&board), [want; 2], "{board:?}");
        }
        let diagonal = Board::from_rows(&["X...", "....", "....", "...X"]).unwrap();
        assert_eq!(answer(&diagonal), Answer { winning_moves: 2, grundy: 1 });
    }

    /// The 8 turns and mirrors of a board map diagonals to diagonals, so they are the same game. Checked with the
    /// memo keyed by translation only, so that no symmetry is assumed by the engine under test, and against the
    /// memo keyed by all 8 images.
    #[test]
    fn split_answers_all_eight_images_alike() {
        let mut random = xorshift(0x5851_f42d_4c95_7f2d);
        for (i, (rows, cols)) in [(10, 20), (14, 14), (2, 100), (8, 25)].into_iter().enumerate() {
            let board = random_board(&mut random, rows, cols, [40, 60, 80][i % 3], MAX_CELLS);
            let want = Engine::new(Canon::Translated).answer(&board);
            assert_eq!(Engine::new(Canon::Symmetric).answer(&board), want, "{board:?}");
            for symmetry in Symmetry::ALL {
                let image = board.transform(symmetry);
                assert_eq!(Engine::new(Canon::Translated).answer(&image), want, "{symmetry:?} of {board:?}");
            }
        }
    }

    /// The memo holds one entry per shape met and keeps it: answering a board again adds none. On a full square
    /// board, whose parts come in turned and mirrored copies, keying by the least of the 8 images holds fewer shapes.
    #[test]
    fn split_memo_keeps_one_entry_per_shape() {
        let board = random_board(&mut |_| 0, 6, 6, 100, MAX_CELLS);
        let sizes = [Canon::Translated, Canon::Symmetric].map(|canon| {
            let mut engine = Engine::new(canon);
            let first = engine.answer(&board);
            let size = engine.memo_len();
            assert_eq!((engine.answer(&board), engine.memo_len()), (first, size), "{canon:?}");
            size
        });
        assert!(1 < sizes[1] && sizes[1] < sizes[0], "{sizes:?}");
    }

    /// Keyed by the least of its 8 images, a part is one entry whichever image of it is met: an engine that has
    /// answered a board adds no entry for any turn or mirror of it.
    #[test]
    fn split_symmetric_memo_knows_every_image_of_a_board_it_has_answered() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        for (rows, cols) in [(5, 7), (6, 6), (3, 12)] {
            let board = random_board(&mut random, rows, cols, 60, MAX_CELLS);
            let mut engine = Engine::new(Canon::Symmetric);
            let want = engine.answer(&board);
            let size = engine.memo_len();
            for symmetry in Symmetry::ALL {
                let image = board.transform(symmetry);
                assert_eq!((engine.answer(&image), engine.memo_len()), (want, size), "{symmetry:?} of {board:?}");
            }
        }
    }

    /// A cell of a part as the tests write it: row, column, and whether it is a spot.
    type Written = (usize, usize, bool);

    /// A part as the memo's key names it, read back literally: bit b of `cells` is cell 2b or 2b + 1 of the
    /// `rows × cols` box, whichever lies on the key's colour; sorted (row, column, spot) triples.
    fn decode(shape: Shape) -> Vec<Written> {
        let (rows, cols) = (usize::from(shape.rows), usize::from(shape.cols));
        assert_eq!(shape.spots & !shape.cells, 0, "a spot outside the cells: {shape:?}");
        let mut out: Vec<_> = (0..128)
            .filter(|b| shape.cells >> b & 1 == 1)
            .map(|b| {
                let on_colour = |i: &usize| (i / cols + i % cols) % 2 == usize::from(shape.parity);
                let i = (2 * b..=2 * b + 1).find(on_colour).unwrap_or_else(|| panic!("no colour: {shape:?}"));
                (i / cols, i % cols, shape.spots >> b & 1 == 1)
            })
            .collect();
        out.sort_unstable();
        let (bottom, right) = out.iter().fold((0, 0), |(b, r), &(row, col, _)| (b.max(row), r.max(col)));
        assert_eq!((bottom + 1, right + 1), (rows, cols), "the box of {out:?}");
        out
    }

    /// The 8 turns and mirrors of a set of (row, column, spot), each moved to the top-left corner and sorted: the
    /// identity first.
    fn images(cells: &[Written]) -> Vec<Vec<Written>> {
        type Map = fn(isize, isize) -> (isize, isize);
        let maps: [Map; 8] = [
            |r, c| (r, c),
            |r, c| (c, -r),
            |r, c| (-r, -c),
            |r, c| (-c, r),
            |r, c| (-r, c),
            |r, c| (r, -c),
            |r, c| (c, r),
            |r, c| (-c, -r),
        ];
        maps.iter()
            .map(|map| {
                let moved: Vec<_> = cells.iter().map(|&(r, c, s)| (map(r as isize, c as isize), s)).collect();
                let top = moved.iter().map(|((r, _), _)| *r).min().expect("a part has a cell");
                let left = moved.iter().map(|((_, c), _)| *c).min().expect("a part has a cell");
                let mut out: Vec<_> =
                    moved.into_iter().map(|((r, c), s)| ((r - top) as usize, (c - left) as usize, s)).collect();
                out.sort_unstable();
                out
            })
            .collect()
    }

    /// The memo's key names exactly one part: read back, it is the part's cells and spots moved to the top-left
    /// corner (keyed by translation), or one of the part's 8 turns and mirrors moved there (keyed by all 8 images);
    /// on every part met while random games are played out on random boards of several shapes and densities.
    #[test]
    fn split_keys_read_back_as_the_part_or_one_of_its_images() {
        let mut random = xorshift(0x1234_5678_9abc_def1);
        for (i, (rows, cols)) in [(5, 7), (6, 6), (3, 12), (10, 20), (1, 9), (9, 1), (14, 14)].into_iter().enumerate() {
            let board = random_board(&mut random, rows, cols, [40, 70, 100][i % 3], MAX_CELLS);
            let grid = Grid::new(&board);
            let mut free = grid.all;
            loop {
                let parts = grid.parts(free);
                for part in &parts {
                    let spots = and(part, &grid.spots);
                    let cells: Vec<_> = ones(*part).map(|i| (i / cols, i % cols, has(&spots, i))).collect();
                    let images = images(&cells);
                    assert_eq!(decode(shape(&grid, part, &spots, Canon::Translated)), images[0], "{board:?}");
                    let symmetric = decode(shape(&grid, part, &spots, Canon::Symmetric));
                    assert!(images.contains(&symmetric), "{symmetric:?} for {cells:?}");
                }
                let choices: Vec<usize> = ones(and(&free, &grid.spots)).collect();
                if choices.is_empty() {
                    break;
                }
                let spot = choices[random(choices.len() as u64) as usize];
                let part = parts.iter().find(|p| has(p, spot)).expect("a free spot lies in a part");
                free = or(&and_not(&free, part), &grid.after_move(part, spot));
            }
        }
    }

    /// Full boards of 200 cells, the deepest searches (a 2×100 board's parts are paths of 100 cells), run on a
    /// thread with a quarter of a test thread's 2 MiB stack to show the margin; the two memo keys must agree there.
    #[test]
    fn split_answers_full_boards_on_a_small_stack() {
        let answers = std::thread::Builder::new()
            .stack_size(512 * 1024)
            .spawn(|| {
                BIG.map(|(rows, cols)| {
                    let board = random_board(&mut |_| 0, rows, cols, 100, MAX_CELLS);
                    assert_eq!(board.spot_count(), rows * cols);
                    both(&board)
                })
            })
            .unwrap()
            .join()
            .unwrap();
        for ((rows, cols), [translated, symmetric]) in BIG.into_iter().zip(answers) {
            assert_eq!(translated, symmetric, "full {rows}×{cols}");
            assert_eq!(translated.winning_moves == 0, translated.grundy == 0, "full {rows}×{cols}");
        }
    }
}

//! Inventor Outlasting (Code Jam to I/O for Women 2022): Sprague–Grundy over rectangles in rotated coordinates.
//!
//! # Method
//!
//! A sign builder steps diagonally, which keeps `row + col` even or odd, and an attraction stands on the cell its
//! builders start from, so a move only ever occupies cells of its own parity. The cells of even and of odd parity
//! are two games that never touch, and the board is their sum: its Grundy number is the XOR of theirs.
//!
//! Within one parity, turn the board by 45°: `u = row + col`, `v = row − col`. A diagonal step changes exactly one of
//! `u`, `v` by 2, so the two builders walking NE and SW sign the line `u = u₀` and the two walking NW and SE the line
//! `v = v₀`. At the start the free cells of a parity are every cell of the board, and the board is convex, so each
//! builder runs to the board's edge. Suppose instead the free cells form the board's part of an open rectangle
//! `u_lo < u < u_hi, v_lo < v < v_hi` whose sides are sign lines or the board's edge. A builder leaving a move
//! inside it walks through free cells (the rectangle and the board are convex, so their meeting is too) until it
//! reaches a side: the sign line there, or the board's edge. The two new lines cut the rectangle into four open
//! rectangles of the same kind, and no later move in one of them reaches into another. By induction every region
//! of play is such a rectangle, a move's value is the XOR of its four parts' Grundy numbers, and a rectangle's
//! Grundy number is the mex of its moves' values. Izabella's first move at a spot of one parity wins exactly when
//! it leaves a sum worth 0: when the move's value equals the other parity's Grundy number.
//!
//! Only spots matter, and every side of a region is a spot's line or the board's edge. So the solver numbers the
//! diagonals that hold spots, `1..=n` in order of `u` (and `1..=m` in order of `v`), with 0 and `n + 1` (`m + 1`)
//! for the board's edges, and a rectangle is its four bounds in these numbers: the raw bounds renamed one to one,
//! never widened or narrowed to the spots inside.
//!
//! # Cost
//!
//! Rectangles are memoised in a hash map keyed by their bounds. A dense table over all bounds would take
//! (n + 2)² (m + 2)² slots: 10⁸ on a 1×200 strip, where 4 950 rectangles per parity ever arise. A table of
//! counts (how many spots lie below and left of each pair of line numbers) gives any rectangle's spot count from
//! four entries, so a part with no spot (worth 0) or one spot (worth 1: its only move empties it) needs no lookup
//! and no memo entry; most parts a move leaves are such. A rectangle with `k` spots is evaluated once, with `k`
//! moves of four parts each, so the work is the sum of `k` over the memo's rectangles. At R·C ≤ 200 the worst
//! boards are the full thin ones, where each parity is a chain of 100 spots with O(n²) stretches of O(n) moves:
//! 9 900 memo entries and 343 200 moves on a full 1×200 strip, against 8 268 entries and about 10⁵ moves on a full
//! 14×14 board. Memory is the memo plus O(R + C + spots + n·m).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use games::inventor_outlasting::{Answer, Board, Cell};

/// The contest answer and the Grundy number of the whole board.
pub fn answer(board: &Board) -> Answer {
    let mut winning_moves = 0;
    let grundy = solve(board, |_| winning_moves += 1);
    Answer { winning_moves, grundy }
}

/// The spots where Izabella's first move wins: the even parity's first, each parity's by diagonal.
pub fn winning_first_moves(board: &Board) -> Vec<Cell> {
    let mut cells = Vec::new();
    solve(board, |cell| cells.push(cell));
    cells
}

/// The Grundy number of the board; calls `wins` with each first move that wins.
fn solve(board: &Board, mut wins: impl FnMut(Cell)) -> u32 {
    let mut games = [0, 1].map(|parity| Parity::of(board, parity));
    let values = [games[0].value, games[1].value];
    for (k, game) in games.iter_mut().enumerate() {
        let spots = &game.spots;
        let whole = spots.whole();
        for a in 1..spots.starts.len() - 1 {
            for i in spots.starts[a] as usize..spots.starts[a + 1] as usize {
                if game.memo.move_value(spots, whole, a as u16, spots.bs[i]) == values[1 - k] {
                    wins(spots.cells[i]);
                }
            }
        }
    }
    values[0] ^ values[1]
}

/// An open rectangle in line numbers: the spots on diagonals `u_lo < a < u_hi` and `v_lo < b < v_hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    u_lo: u16,
    u_hi: u16,
    v_lo: u16,
    v_hi: u16,
}

impl Rect {
    fn key(self) -> u64 {
        u64::from(self.u_lo) | u64::from(self.u_hi) << 16 | u64::from(self.v_lo) << 32 | u64::from(self.v_hi) << 48
    }

    /// Where the four sign builders of a move inside this region stop: at the first cell they cannot sign, which is
    /// on the region's side (an earlier sign line or the board's edge). NE and SW keep `u` and walk `v` down and up;
    /// NW and SE keep `v` and walk `u` down and up.
    fn stops(self) -> Stops {
        Stops { ne: self.v_lo, sw: self.v_hi, nw: self.u_lo, se: self.u_hi }
    }
}

/// The line numbers where a move's four sign builders stop.
#[derive(Clone, Copy, Debug)]
struct Stops {
    ne: u16,
    sw: u16,
    nw: u16,
    se: u16,
}

impl Stops {
    /// The four regions left by a move at `(a, b)`: the lines just signed are their inner sides and the builders'
    /// stops their outer ones. In the order: smaller `u` and smaller `v`, smaller `u` and larger `v`, then the two
    /// with larger `u`.
    fn parts(self, a: u16, b: u16) -> [Rect; 4] {
        [
            Rect { u_lo: self.nw, u_hi: a, v_lo: self.ne, v_hi: b },
            Rect { u_lo: self.nw, u_hi: a, v_lo: b, v_hi: self.sw },
            Rect { u_lo: a, u_hi: self.se, v_lo: self.ne, v_hi: b },
            Rect { u_lo: a, u_hi: self.se, v_lo: b, v_hi: self.sw },
        ]
    }
}

/// The game on one parity's cells, valued.
struct Parity {
    spots: Spots,
    memo: Memo,
    /// The Grundy number of the whole parity.
    value: u32,
}

impl Parity {
    /// The spots with `row + col ≡ parity (mod 2)`.
    fn of(board: &Board, parity: usize) -> Parity {
        let spots = Spots::of(board, parity);
        let mut memo = Memo::new(spots.cells.len());
        let value = memo.value(&spots, spots.whole());
        Parity { spots, memo, value }
    }
}

/// One parity's spots, numbered by diagonal.
struct Spots {
    /// The spots on `u`-line `a` are `starts[a]..starts[a + 1]` of `bs` (their `v`-line numbers, increasing) and
    /// of `cells`. Line numbers start at 1, so `starts[0] == starts[1] == 0`.
    starts: Vec<u32>,
    bs: Vec<u16>,
    cells: Vec<Cell>,
    /// `below[a * width + b]`: how many spots lie on `u`-lines `≤ a` and `v`-lines `≤ b`.
    below: Vec<u32>,
    width: usize,
}

impl Spots {
    fn of(board: &Board, parity: usize) -> Spots {
        let (rows, cols) = (board.rows(), board.cols());
        assert!(rows + cols <= usize::from(u16::MAX), "line numbers are 16-bit: R + C must stay below 65 536");
        // u = row + col in 0..R + C − 1 and v = row − col + C in 1..R + C.
        let mut spots: Vec<(usize, usize, Cell)> = board
            .spots()
            .filter(|c| (c.row + c.col) % 2 == parity)
            .map(|c| (c.row + c.col, c.row + (cols - c.col), c))
            .collect();
        // Line numbers: how many spot diagonals come at or before each diagonal.
        let number = |coordinate: fn(&(usize, usize, Cell)) -> usize, spots: &[(usize, usize, Cell)]| {
            let mut used = vec![0u16; rows + cols];
            for spot in spots {
                used[coordinate(spot)] = 1;
            }
            let mut total = 0u16;
            for x in &mut used {
                total += *x;
                *x = total;
            }
            used
        };
        let (u_number, v_number) = (number(|s| s.0, &spots), number(|s| s.1, &spots));
        for spot in &mut spots {
            (spot.0, spot.1) = (usize::from(u_number[spot.0]), usize::from(v_number[spot.1]));
        }
        spots.sort_unstable_by_key(|s| (s.0, s.1));
        let (n, m) = (usize::from(u_number[rows + cols - 1]), usize::from(v_number[rows + cols - 1]));

        let mut starts = vec![0u32; n + 2];
        for &(a, _, _) in &spots {
            starts[a + 1] += 1;
        }
        for a in 1..starts.len() {
            starts[a] += starts[a - 1];
        }
        let width = m + 1;
        let mut below = vec![0u32; (n + 1) * width];
        for &(a, b, _) in &spots {
            below[a * width + b] += 1;
        }
        for a in 0..=n {
            for b in 0..width {
                let left = if b > 0 { below[a * width + b - 1] } else { 0 };
                let up = if a > 0 { below[(a - 1) * width + b] } else { 0 };
                let corner = if a > 0 && b > 0 { below[(a - 1) * width + b - 1] } else { 0 };
                below[a * width + b] += left + up - corner;
            }
        }
        Spots {
            starts,
            bs: spots.iter().map(|s| s.1 as u16).collect(),
            cells: spots.iter().map(|s| s.2).collect(),
            below,
            width,
        }
    }

    /// The whole board: every builder runs to its edge.
    fn whole(&self) -> Rect {
        Rect { u_lo: 0, u_hi: self.starts.len() as u16 - 1, v_lo: 0, v_hi: self.width as u16 }
    }

    /// How many spots lie inside `rect`, from four corners of the count table. A side of no width (`u_hi` next to
    /// `u_lo`, say) gives two equal corner pairs, hence 0.
    fn count(&self, rect: Rect) -> u32 {
        let (w, lo, hi) = (self.width, usize::from(rect.u_lo), usize::from(rect.u_hi) - 1);
        let (left, right) = (usize::from(rect.v_lo), usize::from(rect.v_hi) - 1);
        let (low_row, high_row) = (&self.below[lo * w..][..w], &self.below[hi * w..][..w]);
        high_row[right] + low_row[left] - low_row[right] - high_row[left]
    }
}

/// The Grundy numbers of one parity's rectangles.
struct Memo {
    memo: HashMap<u64, u32, BuildHasherDefault<RectHasher>>,
    /// A stack of option bitsets, one per rectangle being evaluated, `words` words each.
    marks: Vec<u64>,
    /// A rectangle's Grundy number is at most its number of moves, so a bitset one bit wider than the parity's
    /// spot count holds every option, and the mex.
    words: usize,
}

impl Memo {
    fn new(spots: usize) -> Memo {
        let words = spots / 64 + 1;
        // Each level of the recursion plays one more spot, so it is never deeper than the spot count.
        Memo { memo: HashMap::default(), marks: Vec::with_capacity(words * (spots + 1)), words }
    }

    fn value(&mut self, spots: &Spots, rect: Rect) -> u32 {
        self.value_of(spots, rect, spots.count(rect))
    }

    /// The Grundy number of `rect`, which holds `count` spots.
    #[inline(always)]
    fn value_of(&mut self, spots: &Spots, rect: Rect, count: u32) -> u32 {
        // No spot: no move. One spot: its move empties the rectangle, an option worth 0, so the mex is 1.
        match count {
            0 => 0,
            1 => 1,
            _ => match self.memo.get(&rect.key()) {
                Some(&g) => g,
                None => self.evaluate(spots, rect),
            },
        }
    }

    /// The value of the move at `(a, b)` inside `rect`: the XOR of its four parts' Grundy numbers.
    fn move_value(&mut self, spots: &Spots, rect: Rect, a: u16, b: u16) -> u32 {
        rect.stops().parts(a, b).into_iter().fold(0, |x, part| x ^ self.value(spots, part))
    }

    /// The Grundy number of a rectangle not in the memo yet, holding two spots or more: the mex of its moves.
    #[inline(never)]
    fn evaluate(&mut self, spots: &Spots, rect: Rect) -> u32 {
        let base = self.marks.len();
        self.marks.resize(base + self.words, 0);
        let stops = rect.stops();
        let (ne, sw) = (usize::from(stops.ne), usize::from(stops.sw) - 1);
        let row = |r: u16| &spots.below[usize::from(r) * spots.width..][..spots.width];
        for a in rect.u_lo + 1..rect.u_hi {
            // A move on line `a` leaves two parts on either side of it, between `u`-lines `nw` and `a` and between
            // `a` and `se`. Two rows of the count table give each side's spots up to any `v`-line, so each part's
            // count is a difference of two entries, and most parts (no spot or one) need no lookup.
            let (first_lo, first_hi) = (row(stops.nw), row(a - 1));
            let (second_lo, second_hi) = (row(a), row(stops.se - 1));
            let first = |v: usize| first_hi[v] - first_lo[v];
            let second = |v: usize| second_hi[v] - second_lo[v];
            let (first_ne, first_sw, second_ne, second_sw) = (first(ne), first(sw), second(ne), second(sw));
            let line = spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize;
            let bs = &spots.bs[line];
            for &b in bs[bs.partition_point(|&b| b <= rect.v_lo)..].iter().take_while(|&&b| b < rect.v_hi) {
                let v = usize::from(b);
                let counts =
                    [first(v - 1) - first_ne, first_sw - first(v), second(v - 1) - second_ne, second_sw - second(v)];
                let parts = stops.parts(a, b);
                let mut option = 0;
                for k in 0..4 {
                    option ^= self.value_of(spots, parts[k], counts[k]);
                }
                // Every option fits this rectangle's bitset (the top one of the stack): an XOR is at most the sum,
                // a part's Grundy number at most its spot count, so an option is below the rectangle's count.
                let option = option as usize;
                self.marks[base..][option / 64] |= 1 << (option % 64);
            }
        }
        let (k, word) = self.marks[base..]
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .expect("a bitset wider than the move count has a zero bit");
        let g = 64 * k as u32 + word.trailing_ones();
        self.marks.truncate(base);
        self.memo.insert(rect.key(), g);
        g
    }
}

/// A hasher for packed rectangle keys: one wide multiply folded onto itself spreads every bound over all 64 bits,
/// which the table's bucket index (low bits) and tag (high bits) both need. SipHash would cost more than the
/// lookups it guards.
#[derive(Default)]
struct RectHasher(u64);

impl Hasher for RectHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, key: u64) {
        let product = u128::from(self.0 ^ key) * 0x9E37_79B9_7F4A_7C15;
        self.0 = (product as u64) ^ (product >> 64) as u64;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use games::Contest;
    use games::inventor_outlasting::InventorOutlasting;

    fn check_set(input: &str, answers: &str) {
        let boards = InventorOutlasting::parse(input).expect("official input parses");
        let expected: Vec<&str> = answers.lines().collect();
        assert_eq!(boards.len(), expected.len());
        for (i, (board, want)) in boards.iter().zip(expected).enumerate() {
            let got = format!("Case #{}: {}", i + 1, answer(board));
            assert_eq!(got, want.trim_end(), "board {board:?}");
        }
    }

    #[test]
    fn official_sample() {
        check_set(
            include_str!("../../tests/data/inventor-outlasting/sample.in"),
            include_str!("../../tests/data/inventor-outlasting/sample.ans"),
        );
    }

    #[test]
    fn official_small() {
        check_set(
            include_str!("../../tests/data/inventor-outlasting/small.in"),
            include_str!("../../tests/data/inventor-outlasting/small.ans"),
        );
    }

    /// How many rectangles the memo holds once both parities are valued: the solver's memory.
    fn memo_size(board: &Board) -> usize {
        [0, 1].map(|parity| Parity::of(board, parity).memo.memo.len()).iter().sum()
    }

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("hand-made board parses")
    }

    #[test]
    fn line_numbers_follow_the_diagonals() {
        let b = board(&["X.XX", ".XX.", "XX.X", "X..X"]);
        let mut all = Vec::new();
        for parity in 0..2 {
            let game = Spots::of(&b, parity);
            let spots: Vec<(u16, u16, Cell)> = (1..game.starts.len() - 1)
                .flat_map(|a| (game.starts[a]..game.starts[a + 1]).map(move |i| (a as u16, i as usize)))
                .map(|(a, i)| (a, game.bs[i], game.cells[i]))
                .collect();
            for &(a, b, cell) in &spots {
                assert_eq!((cell.row + cell.col) % 2, parity);
                for &(a2, b2, other) in &spots {
                    // Line numbers keep the order of u = row + col and of v = row − col, and only that.
                    let (u, u2) = (cell.row + cell.col, other.row + other.col);
                    let (v, v2) = (cell.row as isize - cell.col as isize, other.row as isize - other.col as isize);
                    assert_eq!(a.cmp(&a2), u.cmp(&u2), "{cell:?} {other:?}");
                    assert_eq!(b.cmp(&b2), v.cmp(&v2), "{cell:?} {other:?}");
                }
            }
            // Every number names a line that holds a spot.
            assert!((1..game.starts.len() - 1).all(|a| game.starts[a] < game.starts[a + 1]));
            assert!((1..game.width).all(|b| spots.iter().any(|s| usize::from(s.1) == b)));
            assert_eq!(game.count(game.whole()) as usize, spots.len());
            all.extend(spots.iter().map(|s| s.2));
        }
        all.sort();
        assert_eq!(all, b.spots().collect::<Vec<_>>());
    }

    /// The count table against counting by hand, for every rectangle of line numbers; and the memo holds only
    /// rectangles of two spots or more. A count too high for a part of 0 or 1 spots gives the right value all the
    /// same (it is evaluated instead), so only the memo shows it.
    #[test]
    fn counts_are_exact_and_small_parts_stay_out_of_the_memo() {
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut random = |rows: usize, cols: usize| {
            let mut b = Board::new(rows, cols);
            for cell in b.cells().collect::<Vec<_>>() {
                b.set_spot(cell.row, cell.col, !next().is_multiple_of(3));
            }
            b
        };
        let boards = [board(&["X.XX", ".XX.", "XX.X", "X..X"]), random(14, 14), random(3, 60), random(9, 5)];
        for b in &boards {
            for parity in 0..2 {
                let spots = Spots::of(b, parity);
                let (n, m) = (spots.starts.len() as u16 - 1, spots.width as u16);
                let by_hand = |rect: Rect| {
                    (rect.u_lo + 1..rect.u_hi)
                        .map(|a| spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize)
                        .map(|line| spots.bs[line].iter().filter(|&&b| rect.v_lo < b && b < rect.v_hi).count())
                        .sum::<usize>() as u32
                };
                for u_lo in 0..n {
                    for u_hi in u_lo + 1..=n {
                        for v_lo in 0..m {
                            for v_hi in v_lo + 1..=m {
                                let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                                assert_eq!(spots.count(rect), by_hand(rect), "{rect:?} of parity {parity} of {b:?}");
                            }
                        }
                    }
                }
                let game = Parity::of(b, parity);
                for &key in game.memo.memo.keys() {
                    let bound = |k: u32| (key >> (16 * k)) as u16;
                    let rect = Rect { u_lo: bound(0), u_hi: bound(1), v_lo: bound(2), v_hi: bound(3) };
                    assert!(by_hand(rect) >= 2, "{rect:?} in the memo of parity {parity} of {b:?}");
                }
            }
        }
    }

    /// The rectangle hasher: distinct keys hash apart in the low bits (the bucket) and the high ones (the tag),
    /// and the value is the documented fold, worked out apart (in Python: `p = k * 0x9E3779B97F4A7C15;
    /// (p % 2**64) ^ (p >> 64)`).
    #[test]
    fn rect_hasher_spreads_keys() {
        let hash = |key: u64| {
            let mut hasher = RectHasher::default();
            hasher.write_u64(key);
            hasher.finish()
        };
        assert_eq!(hash(Rect { u_lo: 1, u_hi: 7, v_lo: 2, v_hi: 5 }.key()), 0x5D44_FBFA_7ECF_BF79);
        let keys: Vec<u64> = (0..4096u16)
            .map(|i| Rect { u_lo: i & 7, u_hi: i >> 3 & 7, v_lo: i >> 6 & 7, v_hi: i >> 9 }.key())
            .collect();
        let distinct = |bits: fn(u64) -> u64| keys.iter().map(|&k| bits(hash(k))).collect::<HashSet<u64>>().len();
        assert_eq!(distinct(|h| h), 4096);
        assert!(distinct(|h| h & 0xFFF) > 2048, "buckets");
        assert_eq!(distinct(|h| h >> 57), 128, "tags");
    }

    /// On a 1×200 strip of spots each parity is a chain of 100 spots that share no diagonal, and the rectangles that
    /// ever arise are its stretches: one memo entry per stretch of two spots or more, C(100, 2) = 4 950 per parity,
    /// where a dense table over all bounds would have 102⁴ slots.
    #[test]
    fn memo_on_a_full_strip_holds_one_rectangle_per_stretch() {
        for (rows, cols) in [(1, 200), (200, 1)] {
            let b = board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>());
            assert_eq!(memo_size(&b), 2 * 4950);
            // Every move takes one spot of 100 and leaves the rest as they were, so each parity is worth 100 mod 2.
            assert_eq!(answer(&b), Answer { winning_moves: 0, grundy: 0 });
        }
    }

    /// The game played cell by cell, for random cross-checks: the Grundy number of the position `occupied`.
    fn literal(b: &Board, occupied: &mut Vec<bool>, memo: &mut HashMap<Vec<bool>, u32>) -> u32 {
        if let Some(&g) = memo.get(occupied) {
            return g;
        }
        let mut options = Vec::new();
        for cell in b.spots().collect::<Vec<_>>() {
            let at = cell.row * b.cols() + cell.col;
            if !occupied[at] {
                options.push(after_move(b, occupied, cell, memo));
            }
        }
        let g = (0..).find(|g| !options.contains(g)).unwrap();
        memo.insert(occupied.clone(), g);
        g
    }

    fn after_move(b: &Board, occupied: &mut Vec<bool>, cell: Cell, memo: &mut HashMap<Vec<bool>, u32>) -> u32 {
        let before = occupied.clone();
        occupied[cell.row * b.cols() + cell.col] = true;
        for (dr, dc) in [(-1, 1), (-1, -1), (1, 1), (1, -1)] {
            let (mut r, mut c) = (cell.row as isize + dr, cell.col as isize + dc);
            while (0..b.rows() as isize).contains(&r) && (0..b.cols() as isize).contains(&c) {
                let at = r as usize * b.cols() + c as usize;
                if occupied[at] {
                    break;
                }
                occupied[at] = true;
                r += dr;
                c += dc;
            }
        }
        let g = literal(b, occupied, memo);
        *occupied = before;
        g
    }

    fn slow(b: &Board) -> (Answer, Vec<Cell>) {
        let mut occupied = vec![false; b.cell_count()];
        let mut memo = HashMap::new();
        let grundy = literal(b, &mut occupied, &mut memo);
        let wins: Vec<Cell> = b.spots().filter(|&cell| after_move(b, &mut occupied, cell, &mut memo) == 0).collect();
        (Answer { winning_moves: wins.len(), grundy }, wins)
    }

    #[test]
    fn random_boards_match_literal_play() {
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut grundies = [0usize; 4];
        for round in 0..1500 {
            let rows = 1 + (next() % 8) as usize;
            let cols = 1 + (next() % 8) as usize;
            let mut b = Board::new(rows, cols);
            let density = next() % 101;
            for cell in b.cells().collect::<Vec<_>>() {
                if b.spot_count() < 10 && next() % 100 < density {
                    b.set_spot(cell.row, cell.col, true);
                }
            }
            let (want, wins) = slow(&b);
            assert_eq!(answer(&b), want, "round {round}: {b:?}");
            let mut got = winning_first_moves(&b);
            got.sort();
            assert_eq!(got, wins, "round {round}: {b:?}");
            grundies[want.grundy.min(3) as usize] += 1;
        }
        assert!(grundies.iter().all(|&k| k > 50), "Grundy numbers {grundies:?}");
    }
}

//! Inventor Outlasting (Code Jam to I/O for Women 2022): Sprague–Grundy over rectangles in rotated coordinates,
//! with each rectangle keyed by the pattern of its spots.
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
//! for the board's edges, and a rectangle is its four bounds in these numbers.
//!
//! # One key per pattern of spots
//!
//! A region's play is fixed by its spots and how they compare: a move at a spot removes the spots that share its
//! `u`-line or its `v`-line and splits the rest by whether their `u` and their `v` are below or above the move's.
//! Nothing else of the board enters. So two regions whose spots have one pattern (the same comparisons in `u` and
//! in `v`) are the same game and have one Grundy number. The solver looks a rectangle up by three keys, each a
//! sound reading of that fact:
//!
//! 1. **Its bounds.** The memo of bounds answers a rectangle met before, as the plain method does.
//! 2. **Its tight bounds.** The smallest rectangle holding a region's spots holds exactly those spots: it lies inside
//!    the region, and no spot of the region lies outside it. Rectangles that differ only in empty margins share it.
//! 3. **Its small pattern.** Cut the grid of line numbers down to the tight bounds and read off which cells are
//!    spots: the window. Two regions with equal windows are translates of each other in line numbers, and a
//!    translation keeps every comparison, so they have one pattern. A window of at most 4 × 4 lines is keyed by its
//!    spots as a bit matrix, the least of its eight images under the square's symmetries (as for the diamond key
//!    below, they keep the Grundy number), among the small patterns the thread has met on every board so far, in a
//!    table of 64 KiB indexed by their 16 bits ([`Known`]). On mid-density random boards, the contest's usual
//!    shape, translates on one board are rare but such small patterns come back from board to board. On a parity
//!    that fills a diamond, windows of up to 8 × 8 lines are keyed alike, in a hash map. Larger windows are not
//!    looked up at all: a table of every window met on the board, found by a fingerprint of prefix sums, found 12 of
//!    72 800 again on 100 contest boards, and leaving it out cost fewer instructions on every benchmark file, full
//!    boards too (whose translates the diamond keys below find first).
//!
//! Some windows are valued at sight, before their pattern is looked up: a window of one line is worth 1 (every move
//! signs that line and leaves nothing), and those of two or three lines one way are worked out from the lines'
//! words with no memo ([`Spots::at_sight`], [`two_lines`], [`three_lines`]). On 100 contest boards that is about
//! half the windows met for the first time (129 600 of 252 000).
//!
//! A region met for the first time by its window is split when it is a sum. If its spots divide into two nonempty
//! parts `A` and `B` with every spot of `A` below every spot of `B` in both `u` and `v` (or below in `u` and above in
//! `v`), the region is worth the Grundy number of `A` XOR that of `B`. By induction on the spots: a move at a spot of
//! `A` shares no line with `B` (both coordinates differ strictly) and leaves all of `B` in one of its four parts,
//! where the rest of `A` is again below (or beside) `B`; so its value is that move's value in `A` alone XOR the
//! Grundy number of `B`, and alike for a move in `B`. The options are those of the sum `A + B`, hence its value. A
//! strip one cell wide is such a sum all the way down, so its spots need no move at all (the plain method works out
//! 9 900 stretches of a full 1×200 strip).
//!
//! # Full boards: one key per shape
//!
//! Where a parity's spots, in line numbers, are every grid point of a diamond `s₀ ≤ a + b ≤ s₁`, `d₀ ≤ a − b ≤ d₁`
//! (each parity of a full board is one: every pair of its diagonals meets in a cell, `row = (u + v − C) / 2`,
//! `col = (u − v + C) / 2`, which is on the board when the four edges' bounds on row and col hold), a rectangle's spots are fixed by its size and by where the
//! diamond's four sides cut it, so the solver keys it by those six numbers (`Diamond::key`) before any other key, in
//! O(1). The game only compares spots in `u` and in `v`, and reflecting either order or swapping the two maps moves to
//! moves and parts to parts, so the eight symmetries of the square keep the Grundy number: the key is the least of
//! the rectangle's eight images. The solver then works out (or values at sight) about one rectangle per class of
//! windows under translation and symmetry: 454 classes on a full 14×14 board, 514 on a full 5×40 and 196 on a full
//! 2×100 (`full_boards_value_each_window_class_about_once`). A key missed goes on to the
//! tight bounds and the small pattern.
//!
//! # Cost
//!
//! A table of counts (how many spots lie below and left of each pair of line numbers) gives any rectangle's spot
//! count from four entries, and where every line fits a word both ways, two tables of the ORs of every run of
//! lines' words give its tight bounds in O(1) ([`Spans`]). A part with no spot is worth 0 and one with one spot 1
//! (its only move empties it); most parts a move leaves are such. A window with `k` spots is evaluated with `k`
//! moves of four parts each. The memo of bounds is a flat table indexed by the two pairs of bounds when that table
//! has at most [`FLAT_SLOTS`] slots (every board of R·C ≤ 200 at least three cells thick), and a hash map otherwise.
//! The flat table holds every rectangle of no spot or one from the start, so a move reads its four parts' slots and
//! counts nothing; the hash map holds none, and a move there counts its parts. Memory is that table (at most 1 MiB),
//! the diamond keys met, O(R + C + spots + n·m), and the small patterns a thread keeps (at most [`PATTERNS_KEPT`] by
//! key and the 64 KiB table of those of at most 4 × 4 lines). A thread keeps the memos of its last board (flat
//! tables or hash maps, diamond keys), emptied, for the next one: allocating them afresh for each board cost about a
//! tenth of the official-like file's time (2–3 ms of 25–33 ms, in page faults and rehashing).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::thread::LocalKey;

use games::inventor_outlasting::{Answer, Board, Cell};
use rustc_hash::FxHasher;

/// The contest answer and the Grundy number of the whole board.
pub fn answer(board: &Board) -> Answer {
    let mut winning_moves = 0;
    let grundy = solve(board, Keys::Pattern, |_| winning_moves += 1);
    Answer { winning_moves, grundy }
}

/// The spots where Izabella's first move wins: the even parity's first, each parity's by diagonal.
pub fn winning_first_moves(board: &Board) -> Vec<Cell> {
    let mut cells = Vec::new();
    solve(board, Keys::Pattern, |cell| cells.push(cell));
    cells
}

/// How the memo knows a rectangle again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keys {
    /// By its bounds, its tight bounds and its window, splitting sums (the solver).
    Pattern,
    /// By its bounds alone: the plain method, kept to check the pattern keys against.
    #[cfg(test)]
    Bounds,
}

/// The Grundy number of the board; calls `wins` with each first move that wins.
fn solve(board: &Board, keys: Keys, mut wins: impl FnMut(Cell)) -> u32 {
    let mut games = [0, 1].map(|parity| Parity::of(board, parity, keys));
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

    /// The bits of a line's word ([`Spots::lines`], where one word holds the line) for the `v`-lines inside.
    #[inline(always)]
    fn v_mask(self) -> u64 {
        between(self.v_lo, self.v_hi)
    }
}

/// The bits strictly between `lo` and `hi < 64` of a word.
#[inline(always)]
fn between(lo: u16, hi: u16) -> u64 {
    (u64::MAX >> (63 - (hi - 1))) & (u64::MAX << (lo + 1))
}

/// The positions `p` of a line across from `other` where a move leaves spots of `other` on one side of `p` only:
/// such a move signs `other`'s spot at `p` (if any) and cuts the rest into what lies before `p` and what lies after,
/// so exactly there the two one-line parts it leaves are one empty and one not. With `other`'s lowest spot at `low`
/// and highest at `high`, spots lie before `p` when `p > low` and after it when `p < high`.
#[inline(always)]
fn lopsided(other: u64) -> u64 {
    if other == 0 {
        return 0;
    }
    let (low, high) = (other.trailing_zeros(), 63 - other.leading_zeros());
    (u64::MAX << low << 1) ^ ((1 << high) - 1)
}

/// Bit `k` set when a move at a spot of `line` has an option worth `k`, each option being 1 at the positions of
/// `ones` and 0 elsewhere.
#[inline(always)]
fn zero_or_one(line: u64, ones: u64) -> u32 {
    2 * u32::from(line & ones != 0) + u32::from(line & !ones != 0)
}

/// The least value not among the options set in `seen`.
#[inline(always)]
fn mex(seen: u32) -> u32 {
    (!seen).trailing_zeros()
}

/// The Grundy number of a region whose spots lie on two lines one way, given as words of their positions along the
/// other way. A move on one line signs it, and the line across it takes the other line's spot there if any: what is
/// left is the other line's spots before the move and those after it, two parts of one line each, worth 1 when not
/// empty. So an option is 1 exactly where the move is [`lopsided`] for the other line, and 0 elsewhere.
fn two_lines(first: u64, second: u64) -> u32 {
    mex(zero_or_one(first, lopsided(second)) | zero_or_one(second, lopsided(first)))
}

/// The Grundy number of a region whose spots lie on three lines one way, `first` to `third` in order, each a word
/// of positions along the other way. A move on the middle line leaves the outer lines' spots before and after it,
/// four parts of one line each: its option is 1 where it is [`lopsided`] for one outer line and not for the other.
/// A move on an outer line signs it, and leaves the other two lines' spots before the move and those after it, two
/// regions of two lines each ([`two_lines`]).
fn three_lines(first: u64, middle: u64, third: u64) -> u32 {
    let mut seen = zero_or_one(middle, lopsided(first) ^ lopsided(third));
    let split = |p: u16, one: u64, other: u64| {
        let (before, after) = ((1u64 << p) - 1, u64::MAX << p << 1);
        two_lines(one & before, other & before) ^ two_lines(one & after, other & after)
    };
    for p in Bits(first) {
        seen |= 1 << split(p, middle, third);
    }
    for p in Bits(third) {
        seen |= 1 << split(p, first, middle);
    }
    mex(seen)
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
    fn of(board: &Board, parity: usize, keys: Keys) -> Parity {
        let spots = Spots::of(board, parity);
        let mut memo = Memo::new(&spots, keys);
        let value = memo.value(&spots, spots.whole());
        // The other parity is valued next and learns from the same patterns; what is left to value here (a first
        // move's parts, mostly known already) is worked out without them.
        memo.give_known();
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
    /// `lines[a * line_words..][..line_words]`: the spots of `u`-line `a` as a bitset of their `v`-line numbers, and
    /// a spare zero word.
    lines: Vec<u64>,
    line_words: usize,
    /// Where the lines both ways fit a word each, the ORs of runs of them, for [`Spots::tight`] in O(1).
    spans: Option<Spans>,
}

/// For each direction, the ORs of runs of its lines' words ([`Runs`]), where every line both ways fits a word.
struct Spans {
    /// The words of the `u`-lines `0..=n`: bitsets of `v`-line numbers.
    across: Runs,
    /// The words of the `v`-lines `0..=m`: bitsets of `u`-line numbers.
    along: Runs,
}

impl Spans {
    /// The smallest rectangle holding the spots of `rect`, which holds one at least: the `v`-lines of the spots on
    /// its `u`-lines and the `u`-lines of the spots on its `v`-lines, each cut to the rectangle, are its extent
    /// both ways.
    fn tight(&self, rect: Rect) -> Rect {
        let across = self.across.or(rect.u_lo + 1, rect.u_hi - 1) & between(rect.v_lo, rect.v_hi);
        let along = self.along.or(rect.v_lo + 1, rect.v_hi - 1) & between(rect.u_lo, rect.u_hi);
        let low = |bits: u64| bits.trailing_zeros() as u16 - 1;
        let high = |bits: u64| 64 - bits.leading_zeros() as u16;
        Rect { u_lo: low(along), u_hi: high(along), v_lo: low(across), v_hi: high(across) }
    }
}

/// The OR of every run of consecutive words, one load each: at most 63 words, so at most 63² entries, built in as
/// many steps. A sparse table (the ORs of runs of a power of two, two of them overlapping for any run) took 5% more
/// instructions on 100 contest boards (396 M against 374 M) to find the power and its level.
struct Runs {
    /// Entry `first * len + last`: the OR of words `first..=last` (0 when `last < first`).
    table: Vec<u64>,
    len: usize,
}

impl Runs {
    fn new(words: Vec<u64>) -> Runs {
        let len = words.len();
        let mut table = vec![0; len * len];
        for first in 0..len {
            let mut or = 0;
            for last in first..len {
                or |= words[last];
                table[first * len + last] = or;
            }
        }
        Runs { table, len }
    }

    /// Word `i` itself.
    fn word(&self, i: u16) -> u64 {
        self.or(i, i)
    }

    /// The OR of words `first..=last`.
    #[inline(always)]
    fn or(&self, first: u16, last: u16) -> u64 {
        self.table[usize::from(first) * self.len + usize::from(last)]
    }
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
        let line_words = (m + 2).div_ceil(64) + 1;
        let mut lines = vec![0u64; (n + 1) * line_words];
        // Spots lie on lines 1..=n and 1..=m; a rectangle holding one has its low sides below n and m.
        for &(a, b, _) in &spots {
            below[a * width + b] += 1;
            lines[a * line_words + b / 64] |= 1 << (b % 64);
        }
        for a in 0..=n {
            for b in 0..width {
                let left = if b > 0 { below[a * width + b - 1] } else { 0 };
                let up = if a > 0 { below[(a - 1) * width + b] } else { 0 };
                let corner = if a > 0 && b > 0 { below[(a - 1) * width + b - 1] } else { 0 };
                below[a * width + b] += left + up - corner;
            }
        }
        // Line numbers run to n + 1 and m + 1 (the board's edges), so words of 64 bits hold both ways when n and m
        // are at most 62.
        let spans = (n <= 62 && m <= 62).then(|| {
            let mut columns = vec![0u64; m + 1];
            for &(a, b, _) in &spots {
                columns[b] |= 1 << a;
            }
            let words = (0..=n).map(|a| lines[a * line_words]).collect();
            Spans { across: Runs::new(words), along: Runs::new(columns) }
        });
        Spots {
            starts,
            bs: spots.iter().map(|s| s.1 as u16).collect(),
            cells: spots.iter().map(|s| s.2).collect(),
            below,
            width,
            lines,
            line_words,
            spans,
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

    /// The `v`-lines of the spots of `u`-line `a` inside `rect`, in order: two rows of the count table say how many
    /// of the line's spots come before `v_lo` and before `v_hi`. Inlined: [`Memo::evaluate`] calls it once a line.
    #[inline(always)]
    fn on_line(&self, a: u16, rect: Rect) -> &[u16] {
        let (w, a) = (self.width, usize::from(a));
        let (row, before) = (&self.below[a * w..][..w], &self.below[(a - 1) * w..][..w]);
        let up_to = |v: u16| (row[usize::from(v)] - before[usize::from(v)]) as usize;
        let start = self.starts[a] as usize;
        &self.bs[start + up_to(rect.v_lo)..start + up_to(rect.v_hi - 1)]
    }

    /// The `width` `v`-lines of `u`-line `a` after `v_lo`, as a bitset shifted down to bit 0 at `v_lo + 1`; word
    /// `j` of it.
    fn window_word(&self, a: u16, v_lo: u16, width: u16, j: usize) -> u64 {
        let (first, width) = (usize::from(v_lo) + 1 + 64 * j, usize::from(width) - 64 * j);
        // Two neighbouring words hold the 64 bits from `first` on; each line ends in a spare zero word, so the
        // second one is there even at the line's end.
        let at = usize::from(a) * self.line_words + first / 64;
        let pair = u128::from(self.lines[at + 1]) << 64 | u128::from(self.lines[at]);
        let word = (pair >> (first % 64)) as u64;
        if width < 64 { word & ((1 << width) - 1) } else { word }
    }

    /// The spots of a tight rectangle at most 8 lines each way as a [`canonical`] 8 × 8 bit matrix, `None` for a
    /// larger one.
    fn small_pattern(&self, tight: Rect) -> Option<u64> {
        let (rows, cols) = (tight.u_hi - tight.u_lo - 1, tight.v_hi - tight.v_lo - 1);
        (rows <= 8 && cols <= 8).then(|| {
            let row = |i: u16| {
                if self.line_words == 2 {
                    // The line's one word, shifted down to the window and cut to its width.
                    let word = self.lines[usize::from(tight.u_lo + 1 + i) * 2];
                    (word >> (tight.v_lo + 1)) & ((1 << cols) - 1)
                } else {
                    self.window_word(tight.u_lo + 1 + i, tight.v_lo, cols, 0)
                }
            };
            let matrix = (0..rows).fold(0, |matrix, i| matrix | row(i) << (8 * i));
            canonical(matrix, u32::from(rows), u32::from(cols))
        })
    }

    /// The Grundy number of a tight rectangle whose spots lie on one line, or on two or three lines one way where
    /// every line fits a word ([`Spans`]); `None` for any other. On one line, any move signs that line and leaves
    /// nothing, so the only option is 0. Two lines and three: [`two_lines`] and [`three_lines`], from the words.
    fn at_sight(&self, tight: Rect) -> Option<u32> {
        let (across, along) = (tight.u_hi - tight.u_lo - 1, tight.v_hi - tight.v_lo - 1);
        if across == 1 || along == 1 {
            return Some(1);
        }
        let spans = self.spans.as_ref()?;
        // The fewer lines one way, each cut to the rectangle's extent the other way.
        let (runs, first, lines, inside) = if across <= along {
            (&spans.across, tight.u_lo + 1, across, between(tight.v_lo, tight.v_hi))
        } else {
            (&spans.along, tight.v_lo + 1, along, between(tight.u_lo, tight.u_hi))
        };
        let line = |k: u16| runs.word(first + k) & inside;
        match lines {
            2 => Some(two_lines(line(0), line(1))),
            3 => Some(three_lines(line(0), line(1), line(2))),
            _ => None,
        }
    }

    /// The smallest open rectangle holding the same spots as `rect`, which holds one at least: from [`Spans`] in
    /// O(1) where lines fit a word both ways (every board of R·C ≤ 200 at least three cells thick). Otherwise each
    /// side steps in while the line next to it holds no spot of the rectangle, which the count table tells from four
    /// entries; the parts of a move mostly have a spot on the very next line, so a side moves a step or two.
    fn tight(&self, rect: Rect) -> Rect {
        if let Some(spans) = &self.spans {
            return spans.tight(rect);
        }
        let w = self.width;
        let at = |a: u16, b: u16| self.below[usize::from(a) * w + usize::from(b)];
        let (v_lo, v_hi) = (rect.v_lo, rect.v_hi - 1);
        let on_u = |a: u16| at(a, v_hi) + at(a - 1, v_lo) - at(a, v_lo) - at(a - 1, v_hi);
        fn spot_line(mut lines: impl Iterator<Item = u16>, on: impl Fn(u16) -> u32) -> u16 {
            lines.find(|&line| on(line) != 0).expect("the rectangle holds a spot")
        }
        let first = spot_line(rect.u_lo + 1..rect.u_hi, on_u);
        let last = spot_line((first..rect.u_hi).rev(), on_u);
        let (u_lo, u_hi) = (first - 1, last);
        let on_v = |b: u16| at(u_hi, b) + at(u_lo, b - 1) - at(u_hi, b - 1) - at(u_lo, b);
        let low = spot_line(rect.v_lo + 1..rect.v_hi, on_v);
        let high = spot_line((low..rect.v_hi).rev(), on_v);
        Rect { u_lo: first - 1, u_hi: last + 1, v_lo: low - 1, v_hi: high + 1 }
    }
}

/// A parity whose spots, in line numbers, are every point `(a, b)` of the grid `1..=n` × `1..=m` with
/// `sum.0 ≤ a + b ≤ sum.1` and `diff.0 ≤ a − b ≤ diff.1`: a diamond cut by the grid. The parities of a full board
/// are such (a cell of the board is where its two diagonals meet, and the board's four edges bound `row` and `col`,
/// that is `u + v` and `u − v`), and so are boards holes leave the same shape. There a rectangle's spots follow from
/// its size and where the four sides of the diamond cut it, which [`Diamond::key`] reads in O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Diamond {
    sum: (i32, i32),
    diff: (i32, i32),
}

impl Diamond {
    /// The diamond the spots fill, if they fill one: the smallest one holding them has exactly as many grid points.
    fn of(spots: &Spots) -> Option<Diamond> {
        let (n, m) = (spots.starts.len() as i32 - 2, spots.width as i32 - 1);
        if n + m >= 1 << DIAMOND_BITS {
            return None;
        }
        let points = || {
            (1..=n).flat_map(|a| {
                let line = spots.starts[a as usize] as usize..spots.starts[a as usize + 1] as usize;
                spots.bs[line].iter().map(move |&b| (a, i32::from(b)))
            })
        };
        let fold = |f: fn(i32, i32) -> i32| {
            points().map(|(a, b)| f(a, b)).fold((i32::MAX, i32::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
        };
        let diamond = Diamond { sum: fold(|a, b| a + b), diff: fold(|a, b| a - b) };
        // The diamond's points on line `a`: the `b` in 1..=m with a + b and a − b within bounds, an interval.
        let points_on = |a: i32| {
            let (low, high) = (
                (diamond.sum.0 - a).max(a - diamond.diff.1).max(1),
                (diamond.sum.1 - a).min(a - diamond.diff.0).min(m),
            );
            (high - low + 1).max(0) as usize
        };
        let inside: usize = (1..=n).map(points_on).sum();
        (inside == spots.cells.len()).then_some(diamond)
    }

    /// A key for the spots of `rect`, equal for two rectangles only if their spots are the same up to translation
    /// and the square's symmetries. Moved to `x = a − u_lo`, `y = b − v_lo`, the spots are the points of the box
    /// `1..=w` × `1..=h` with `x + y` in `s` and `x − y` in `d`, the diamond's bounds shifted by the move. Reflecting
    /// the box in `x` (`x → w + 1 − x`) or `y`, or swapping `x` and `y`, maps such a set onto another of the same
    /// kind, and keeps every comparison in `x` and in `y` (reversed or swapped), so the game and its Grundy number.
    /// Of the eight images the key is the least, each written in a form where a bound that cuts nothing in the box
    /// is clamped to the box's range: so the size and the four bounds fix the points, up to the symmetries.
    fn key(self, rect: Rect) -> u64 {
        let flip_x = |(w, h, s, d): Shape| (w, h, (w + 1 - d.1, w + 1 - d.0), (w + 1 - s.1, w + 1 - s.0));
        let flip_y = |(w, h, s, d): Shape| (w, h, (h + 1 + d.0, h + 1 + d.1), (s.0 - h - 1, s.1 - h - 1));
        let swap = |(w, h, s, d): Shape| (h, w, s, (-d.1, -d.0));
        // The reflections in x, in y and in both, each swapped or not: the eight symmetries of the square.
        let shape = self.shape(rect);
        let reflected = [shape, flip_x(shape), flip_y(shape), flip_y(flip_x(shape))];
        reflected.into_iter().flat_map(|shape| [packed(shape), packed(swap(shape))]).min().expect("eight images")
    }
}

impl Diamond {
    /// The spots of `rect` moved to the box's corner, as in [`Diamond::key`].
    fn shape(self, rect: Rect) -> Shape {
        let (u_lo, v_lo) = (i32::from(rect.u_lo), i32::from(rect.v_lo));
        let (w, h) = (i32::from(rect.u_hi) - u_lo - 1, i32::from(rect.v_hi) - v_lo - 1);
        let s = (self.sum.0 - u_lo - v_lo, self.sum.1 - u_lo - v_lo);
        let d = (self.diff.0 - u_lo + v_lo, self.diff.1 - u_lo + v_lo);
        (w, h, s, d)
    }

    /// A key for the spots of `rect` up to translation alone: the packed shape itself, one of the eight images
    /// [`Diamond::key`] takes the least of. It is a fifth of the work, and on a board of few classes most
    /// rectangles find a translate of themselves under it.
    fn image(self, rect: Rect) -> u64 {
        packed(self.shape(rect))
    }
}

/// A box `w` × `h` and the bounds of `x + y` and `x − y` in it.
type Shape = (i32, i32, (i32, i32), (i32, i32));

/// A shape with its bounds clamped to the box, in one word: [`Diamond::of`] keeps `w + h` below 2^10, so each of
/// the six fields fits ten bits once the differences are moved up by `h`.
fn packed((w, h, s, d): Shape) -> u64 {
    let fields = [w, h, s.0.max(2), s.1.min(w + h), d.0.max(1 - h) + h, d.1.min(w - 1) + h];
    fields.iter().fold(0, |key, &field| key << DIAMOND_BITS | field as u64)
}

/// Grundy numbers by [`Diamond::key`].
type Shapes = HashMap<u64, u32, BuildHasherDefault<FxHasher>>;

/// The bits of each field of a [`Diamond::key`].
const DIAMOND_BITS: u32 = 10;

/// The least of the eight images under the square's symmetries of a `rows` × `cols` bit matrix (row `i` in byte
/// `i`, column `j` in its bit `j`) whose first and last row and column each hold a bit, moved back to the corner after
/// each reflection. The image fixes its size (the highest byte and bit set), so equal keys mean matrices that are
/// images of each other; and as for [`Diamond::key`], reflecting either order of lines or swapping them keeps every
/// comparison the game makes, so equal keys mean one Grundy number, whichever board and rectangle the spots came from.
fn canonical(matrix: u64, rows: u32, cols: u32) -> u64 {
    // Rows reversed: the bytes swapped, then moved down to byte 0. Columns reversed: each byte's bits reversed
    // (every bit and every byte reversed, then the bytes back), then down to bit 0; the bits a byte takes from the one
    // above it are that byte's low ones, which held nothing before the reversal and hold nothing after.
    let flip_rows = |m: u64, rows: u32| m.swap_bytes() >> (8 * (8 - rows));
    let flip_cols = |m: u64, cols: u32| m.reverse_bits().swap_bytes() >> (8 - cols);
    let images = |m: u64, rows: u32, cols: u32| {
        let across = flip_cols(m, cols);
        [m, flip_rows(m, rows), across, flip_rows(across, rows)]
    };
    let [a, b, c, d] = images(matrix, rows, cols);
    let [e, f, g, h] = images(transpose(matrix), cols, rows);
    a.min(b).min(c).min(d).min(e).min(f).min(g).min(h)
}

/// An 8 × 8 bit matrix transposed: bit `8i + j` to bit `8j + i`, by swapping 1 × 1, 2 × 2 and 4 × 4 blocks across the
/// diagonal (Hacker's Delight, 7-3).
fn transpose(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// Grundy numbers of small patterns by [`canonical`] key, kept by a thread from board to board.
type Patterns = HashMap<u64, u8, BuildHasherDefault<RectHasher>>;

/// The small patterns a thread has valued: those of at most 4 × 4 lines in a table indexed by their 16 bits
/// ([`packed_quarter`]), the Grundy number plus one and 0 while unknown, which needs no hashing and stays in the
/// cache (on contest boards more than half the lookups); larger ones by key. Empty while a memo holds them.
#[derive(Default)]
struct Known {
    quarters: Vec<u8>,
    patterns: Patterns,
}

impl Known {
    fn new() -> Known {
        Known { quarters: vec![0; 1 << 16], patterns: Patterns::default() }
    }
}

/// The bits of an 8 × 8 matrix that a pattern of at most 4 × 4 lines may hold.
const QUARTER: u64 = 0x0F0F_0F0F;

/// A pattern of at most 4 × 4 lines (its bits in [`QUARTER`]) in 16 bits: the low nibble of each of its four rows,
/// moved next to one another (added, as they hold no bit in common).
fn packed_quarter(pattern: u64) -> usize {
    ((pattern & 0xF) + (pattern >> 4 & 0xF0) + (pattern >> 8 & 0xF00) + (pattern >> 12 & 0xF000)) as usize
}

/// The most small patterns a thread keeps, about 4 MiB: past the cap new ones are worked out and not kept, so memory
/// stays bounded however long the input.
const PATTERNS_KEPT: usize = 1 << 18;

/// The Grundy numbers of one parity's rectangles.
struct Memo {
    keys: Keys,
    bounds: Bounds,
    /// For a parity that fills a diamond, rectangles by [`Diamond::key`] instead of bounds, tight bounds and window.
    diamond: Option<(Diamond, Shapes)>,
    /// The thread's small patterns, held while this parity is valued: a lookup then needs no thread-local access.
    known: Known,
    /// Room for [`split`].
    extents: Vec<Extent>,
    /// How many rectangles were worked out move by move.
    #[cfg(test)]
    evaluated: usize,
    /// How many windows of one line or two were valued at sight instead.
    #[cfg(test)]
    at_sight: usize,
    /// A stack of option bitsets, one per rectangle being evaluated with an option past 63 ([`Options`]).
    marks: Vec<u64>,
    /// A rectangle's Grundy number is at most its number of moves, so a bitset one bit wider than the parity's
    /// spot count holds every option, and the mex.
    words: usize,
}

impl Memo {
    fn new(spots: &Spots, keys: Keys) -> Memo {
        let count = spots.cells.len();
        let words = count / 64 + 1;
        let diamond = match keys {
            Keys::Pattern => Diamond::of(spots).map(|d| (d, take(&SHAPES))),
            #[cfg(test)]
            Keys::Bounds => None,
        };
        let mut bounds = Bounds::new(spots.starts.len() - 2, spots.width - 1, count);
        bounds.fill_small(spots);
        Memo {
            keys,
            bounds,
            diamond,
            known: KNOWN.with(|known| std::mem::take(&mut *known.borrow_mut())),
            extents: Vec::new(),
            #[cfg(test)]
            evaluated: 0,
            #[cfg(test)]
            at_sight: 0,
            marks: Vec::new(),
            words,
        }
    }

    /// The small patterns given back to the thread; from here on this memo works out what it does not hold.
    fn give_known(&mut self) {
        let known = std::mem::take(&mut self.known);
        let _ = KNOWN.try_with(|kept| *kept.borrow_mut() = known);
    }

    fn value(&mut self, spots: &Spots, rect: Rect) -> u32 {
        self.value_of(spots, rect, spots.count(rect))
    }

    /// The Grundy number of `rect`, which holds `count` spots.
    #[inline(always)]
    fn value_of(&mut self, spots: &Spots, rect: Rect, count: u32) -> u32 {
        // No spot: no move. One spot: its move empties the rectangle, an option worth 0, so the mex is 1.
        match count {
            0 | 1 => count,
            _ => match self.bounds.get(rect) {
                Some(g) => g,
                None => self.resolve(spots, rect),
            },
        }
    }

    /// The value of the move at `(a, b)` inside `rect`: the XOR of its four parts' Grundy numbers.
    fn move_value(&mut self, spots: &Spots, rect: Rect, a: u16, b: u16) -> u32 {
        rect.stops().parts(a, b).into_iter().fold(0, |x, part| x ^ self.value(spots, part))
    }

    /// The Grundy number of a rectangle of two spots or more whose bounds are not in the memo yet.
    #[inline(never)]
    fn resolve(&mut self, spots: &Spots, rect: Rect) -> u32 {
        let g = match self.keys {
            Keys::Pattern if self.diamond.is_some() => self.by_diamond(spots, rect),
            Keys::Pattern => self.by_tight(spots, rect),
            #[cfg(test)]
            Keys::Bounds => self.evaluate(spots, rect),
        };
        self.bounds.insert(rect, g);
        g
    }

    /// The Grundy number of a rectangle of a diamond parity, found by its diamond key, or else by its tight bounds
    /// ([`Memo::by_tight`]) and stored under that key.
    #[inline(never)]
    fn by_diamond(&mut self, spots: &Spots, rect: Rect) -> u32 {
        let (diamond, shapes) = self.diamond.as_ref().expect("a diamond parity");
        // Both keys name one pattern up to symmetry, so one table holds them: a rectangle's own image first, the
        // least of its eight only when that misses.
        let image = diamond.image(rect);
        if let Some(&g) = shapes.get(&image) {
            return g;
        }
        let key = diamond.key(rect);
        let g = match shapes.get(&key) {
            Some(&g) => g,
            None => self.by_tight(spots, rect),
        };
        let (_, shapes) = self.diamond.as_mut().expect("a diamond parity");
        shapes.insert(key, g);
        shapes.insert(image, g);
        g
    }

    /// The Grundy number of a rectangle whose bounds missed, by its tight bounds in the memo or else by its window,
    /// stored under the tight bounds.
    fn by_tight(&mut self, spots: &Spots, rect: Rect) -> u32 {
        let tight = spots.tight(rect);
        self.bounds.get(tight).unwrap_or_else(|| {
            let g = self.by_window(spots, tight);
            self.bounds.insert(tight, g);
            g
        })
    }

    /// The Grundy number of a tight rectangle: valued at sight, found by its small pattern, or worked out.
    #[inline(never)]
    fn by_window(&mut self, spots: &Spots, tight: Rect) -> u32 {
        // A window of at most 4 × 4 lines is one lookup in the table of quarters ([`Known`]), cheaper than
        // working out three or four lines from their words.
        let (across, along) = (tight.u_hi - tight.u_lo - 1, tight.v_hi - tight.v_lo - 1);
        let quarter = across.max(along) <= 4 && across.min(along) > 2 && !self.known.quarters.is_empty();
        if let Some(grundy) = if quarter { None } else { spots.at_sight(tight) } {
            #[cfg(test)]
            {
                self.at_sight += 1;
            }
            return grundy;
        }
        // A diamond parity's regions are mostly images of one another, so its few patterns are kept whatever
        // their count.
        // Larger patterns are looked up only on a parity that fills a diamond, whose regions come back as images of
        // one another (keeping only those of 4 × 4 lines would cost full boards 7% more instructions). On random
        // boards they rarely come back: after three lines at sight, 1 200 of 18 000 patterns of more than 4 × 4
        // lines and at most 12 spots on 100 contest boards; working out their key cost more than the evaluations
        // it saved (415 M instructions with them, 396 M without).
        if across.max(along) <= 4 || self.diamond.is_some() {
            if let Some(pattern) = spots.small_pattern(tight) {
                return self.by_small_pattern(spots, tight, pattern);
            }
        }
        match split(spots, tight, &mut self.extents) {
            Some([first, second]) => self.value(spots, first) ^ self.value(spots, second),
            None => self.evaluate(spots, tight),
        }
    }

    /// The Grundy number of a tight rectangle of at most 8 × 8 lines, found by its [`canonical`] pattern among those
    /// the thread has met on any board, or else worked out and kept for the boards after this one.
    fn by_small_pattern(&mut self, spots: &Spots, tight: Rect, pattern: u64) -> u32 {
        let quarter = (pattern & !QUARTER == 0 && !self.known.quarters.is_empty()).then(|| packed_quarter(pattern));
        let found = match quarter {
            Some(index) => u32::from(self.known.quarters[index]).checked_sub(1),
            None => self.known.patterns.get(&pattern).map(|&g| u32::from(g)),
        };
        if let Some(grundy) = found {
            return grundy;
        }
        let grundy = match split(spots, tight, &mut self.extents) {
            Some([first, second]) => self.value(spots, first) ^ self.value(spots, second),
            None => self.evaluate(spots, tight),
        };
        // At most 64 spots, so the Grundy number fits a byte (plus one, at most 16 spots).
        match quarter {
            Some(index) => self.known.quarters[index] = grundy as u8 + 1,
            None if self.known.patterns.len() < PATTERNS_KEPT && !self.known.quarters.is_empty() => {
                self.known.patterns.insert(pattern, grundy as u8);
            }
            None => {}
        }
        grundy
    }

    /// The options of the moves at `(a, b)` for each `b` of `bs` into `options`, with a flat memo: `sides` are the
    /// scaled slots of the `u` bounds of the parts before and after line `a`. The moves whose parts are all valued
    /// run in an inner loop that holds the table and the options below 64 in registers; a move with a part not
    /// valued yet leaves it to work that part out ([`Memo::resolve`] writes to the table), and it starts again.
    #[inline(always)]
    fn mark_moves(
        &mut self,
        spots: &Spots,
        stops: Stops,
        a: u16,
        (first, second): (usize, usize),
        mut bs: impl Iterator<Item = u16>,
        options: &mut Options,
    ) {
        let mut low = 0u64;
        loop {
            let Bounds::Flat { slots, .. } = &self.bounds else { unreachable!("the memo stays flat") };
            let mut unknown = None;
            for b in bs.by_ref() {
                let (left, right) = (pair(stops.ne, b), pair(b, stops.sw));
                // Each part's value plus one, 0 while not valued yet.
                let plus_one = [slots[first + left], slots[first + right], slots[second + left], slots[second + right]];
                // Tested as the least of the four rather than by `contains`, which calls memchr on bytes.
                if plus_one[0].min(plus_one[1]).min(plus_one[2]).min(plus_one[3]) == 0 {
                    unknown = Some((b, plus_one));
                    break;
                }
                let option = u32::from((plus_one[0] - 1) ^ (plus_one[1] - 1) ^ (plus_one[2] - 1) ^ (plus_one[3] - 1));
                if option < 64 {
                    low |= 1 << option;
                } else {
                    options.mark(&mut self.marks, option as usize);
                }
            }
            let Some((b, plus_one)) = unknown else { break };
            let option = self.option_working_out(spots, stops, a, b, plus_one);
            options.mark(&mut self.marks, option as usize);
        }
        options.low |= low;
    }

    /// The value of the move at `(a, b)` whose parts' values plus one are `plus_one`, 0 for a part (of two spots or
    /// more) not valued yet, which is worked out.
    #[inline(never)]
    fn option_working_out(&mut self, spots: &Spots, stops: Stops, a: u16, b: u16, plus_one: [u8; 4]) -> u32 {
        let parts = stops.parts(a, b);
        (0..4).fold(0, |option, k| {
            option ^ u32::from(plus_one[k]).checked_sub(1).unwrap_or_else(|| self.resolve(spots, parts[k]))
        })
    }

    /// The Grundy number of a rectangle of two spots or more, worked out: the mex of its moves.
    #[inline(never)]
    fn evaluate(&mut self, spots: &Spots, rect: Rect) -> u32 {
        #[cfg(test)]
        {
            self.evaluated += 1;
        }
        let mut options = Options::new(&self.marks, self.words);
        let stops = rect.stops();
        if let Bounds::Flat { pairs, .. } = self.bounds {
            // Where one word holds a line's spots, the `v`-lines inside the rectangle as a mask of that word.
            let narrow = spots.line_words == 2;
            let inside = if narrow { rect.v_mask() } else { 0 };
            for a in rect.u_lo + 1..rect.u_hi {
                // Slots of the flat memo: the `u` bounds of the parts on either side of line `a`, scaled. Every
                // part of no spot or one is in the table from the start ([`Bounds::fill_small`]), so a move reads
                // four slots and no count.
                let sides = (pair(stops.nw, a) * pairs, pair(a, stops.se) * pairs);
                if narrow {
                    let word = spots.lines[usize::from(a) * 2] & inside;
                    self.mark_moves(spots, stops, a, sides, Bits(word), &mut options);
                } else {
                    self.mark_moves(spots, stops, a, sides, spots.on_line(a, rect).iter().copied(), &mut options);
                }
            }
            return options.mex(&mut self.marks);
        }
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
            for &b in spots.on_line(a, rect) {
                let v = usize::from(b);
                let counts =
                    [first(v - 1) - first_ne, first_sw - first(v), second(v - 1) - second_ne, second_sw - second(v)];
                let option = (0..4).fold(0, |x, k| x ^ self.value_of(spots, stops.parts(a, b)[k], counts[k]));
                options.mark(&mut self.marks, option as usize);
            }
        }
        options.mex(&mut self.marks)
    }
}

/// The set bits of a word, lowest first, as `v`-line numbers.
struct Bits(u64);

impl Iterator for Bits {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        (self.0 != 0).then(|| {
            let bit = self.0.trailing_zeros() as u16;
            self.0 &= self.0 - 1;
            bit
        })
    }
}

/// The options of one rectangle being evaluated: those below 64 in a word of its own, which needs no memory, and
/// the others (a rectangle of 64 moves or more) in a bitset of `words` words pushed on the memo's stack, where the
/// rectangles evaluated inside it push theirs above. Every option fits: an XOR is at most the sum, a part's Grundy
/// number at most its spot count, so an option is below the rectangle's count, and `words` is wider than the
/// parity's.
struct Options {
    low: u64,
    base: usize,
    words: usize,
}

impl Options {
    fn new(stack: &[u64], words: usize) -> Options {
        Options { low: 0, base: stack.len(), words }
    }

    fn mark(&mut self, stack: &mut Vec<u64>, option: usize) {
        if option < 64 {
            self.low |= 1 << option;
        } else {
            // The first option past 63 pushes the bitset; its word 0 stays unused, as `low` holds those.
            if stack.len() == self.base {
                stack.resize(self.base + self.words, 0);
            }
            stack[self.base + option / 64] |= 1 << (option % 64);
        }
    }

    /// The least option not marked, the bitset (if any) taken off the stack.
    fn mex(self, stack: &mut Vec<u64>) -> u32 {
        let g = if self.low != u64::MAX {
            self.low.trailing_ones()
        } else {
            stack.resize(self.base + self.words, 0);
            let (k, word) = stack[self.base..]
                .iter()
                .enumerate()
                .skip(1)
                .find(|(_, w)| **w != u64::MAX)
                .expect("a bitset wider than the move count has a zero bit");
            64 * k as u32 + word.trailing_ones()
        };
        stack.truncate(self.base);
        g
    }
}

/// The two parts of a sum, when the spots of `tight` split into one: a cut between two `u`-lines with every spot
/// before it below every spot after it in `v` (or above every one). Each part is given as a rectangle holding
/// exactly its spots. `lines` is room for the work, reused from call to call.
fn split(spots: &Spots, tight: Rect, lines: &mut Vec<Extent>) -> Option<[Rect; 2]> {
    if !ends_apart(spots, tight) {
        return None;
    }
    lines.clear();
    // From the last line back, each line that holds a spot inside: its first and last spot (read as
    // `Spots::on_line` does, the count table's row below carried from line to line), and the lowest and highest
    // spot of the lines after it.
    let (w, left, right) = (spots.width, usize::from(tight.v_lo), usize::from(tight.v_hi) - 1);
    let row = |a: u16| (spots.below[usize::from(a) * w + left], spots.below[usize::from(a) * w + right]);
    let (mut later_low, mut later_high) = (u16::MAX, 0);
    let mut up_to = row(tight.u_hi - 1);
    for line in (tight.u_lo + 1..tight.u_hi).rev() {
        let before = row(line - 1);
        let start = spots.starts[usize::from(line)] as usize;
        let (from, to) = (start + (up_to.0 - before.0) as usize, start + (up_to.1 - before.1) as usize);
        up_to = before;
        let inside = &spots.bs[from..to];
        if let (Some(&low), Some(&high)) = (inside.first(), inside.last()) {
            lines.push(Extent { line, low, high, later_low, later_high });
            (later_low, later_high) = (later_low.min(low), later_high.max(high));
        }
    }
    // In order of `u`, the spots up to each line against those after it.
    let (mut low, mut high) = (u16::MAX, 0);
    for i in (1..lines.len()).rev() {
        let (this, next) = (lines[i], lines[i - 1].line);
        (low, high) = (low.min(this.low), high.max(this.high));
        if high < this.later_low {
            return Some([
                Rect { u_lo: tight.u_lo, u_hi: next, v_lo: tight.v_lo, v_hi: this.later_low },
                Rect { u_lo: this.line, u_hi: tight.u_hi, v_lo: high, v_hi: tight.v_hi },
            ]);
        }
        if low > this.later_high {
            return Some([
                Rect { u_lo: tight.u_lo, u_hi: next, v_lo: this.later_high, v_hi: tight.v_hi },
                Rect { u_lo: this.line, u_hi: tight.u_hi, v_lo: tight.v_lo, v_hi: low },
            ]);
        }
    }
    None
}

/// Whether the spots of the first and the last line of `tight` are apart in `v`, all of one line's below all of the
/// other's. A sum puts the first line's spots in its first part and the last line's in its second, so it needs
/// them apart: most windows fail that at once, from two lines.
fn ends_apart(spots: &Spots, tight: Rect) -> bool {
    if spots.line_words == 2 {
        // Each line in one word: the highest spot of one line below the lowest of the other.
        let line = |a: u16| spots.lines[usize::from(a) * 2] & tight.v_mask();
        let (first, last) = (line(tight.u_lo + 1), line(tight.u_hi - 1));
        let below = |low: u64, high: u64| low != 0 && high != 0 && 63 - low.leading_zeros() < high.trailing_zeros();
        return below(first, last) || below(last, first);
    }
    let (first, last) = (spots.on_line(tight.u_lo + 1, tight), spots.on_line(tight.u_hi - 1, tight));
    let below = |low: &[u16], high: &[u16]| low.last().zip(high.first()).is_some_and(|(l, h)| l < h);
    below(first, last) || below(last, first)
}

/// A `u`-line of a window that holds a spot: its lowest and highest spot's `v`-line, and the lowest and highest of
/// the lines after it.
#[derive(Clone, Copy, Debug)]
struct Extent {
    line: u16,
    low: u16,
    high: u16,
    later_low: u16,
    later_high: u16,
}

/// The most slots of the flat memo of bounds, a byte each. Every board of R·C ≤ 200 at least three cells thick fits
/// (its parities have at most 35 lines each way, 666² slots); thinner or larger ones use the hash map, and so does a
/// parity of 255 spots or more, whose Grundy numbers might not fit a byte.
const FLAT_SLOTS: usize = 1 << 20;

/// The index of the bounds `lo < hi` among all such pairs, ordered by `hi` and then `lo`.
fn pair(lo: u16, hi: u16) -> usize {
    usize::from(hi) * usize::from(hi - 1) / 2 + usize::from(lo)
}

/// The memo of bounds: a rectangle's Grundy number by its four line numbers.
enum Bounds {
    /// Slot `pair(u_lo, u_hi) · pairs + pair(v_lo, v_hi)` holds the Grundy number plus one, 0 while unknown (the
    /// table comes zeroed from the thread's [`TABLES`]).
    Flat {
        slots: Vec<u8>,
        pairs: usize,
    },
    Hashed(RectMap),
}

type RectMap = HashMap<u64, u32, BuildHasherDefault<RectHasher>>;

thread_local! {
    /// Each thread's flat tables, zeroed and kept from one parity to the next: a fresh table (up to a MiB) would
    /// be faulted in page by page, twice where a read maps the zero page before a write copies it (2 161 page
    /// faults for the official-like file, under 1 000 with the tables kept). A solve holds two at once, so a thread
    /// keeps at most two.
    static TABLES: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
    /// Each thread's hashed memos, emptied and kept the same way: growing one from nothing rehashes it again and
    /// again on the thin boards that need it.
    static MAPS: RefCell<Vec<RectMap>> = const { RefCell::new(Vec::new()) };
    /// Each thread's tables of diamond keys, emptied and kept alike.
    static SHAPES: RefCell<Vec<Shapes>> = const { RefCell::new(Vec::new()) };
    /// The small patterns the thread has valued on any board: on random boards most small regions are met again on a
    /// later board (or reflected on this one) where no translate of them is on the same board.
    static KNOWN: RefCell<Known> = RefCell::new(Known::new());
}

/// A container from the thread's `pool`, or a new one.
fn take<T: Default>(pool: &'static LocalKey<RefCell<Vec<T>>>) -> T {
    pool.with(|pool| pool.borrow_mut().pop()).unwrap_or_default()
}

/// `item` given back to the thread's `pool`; a thread that is ending has no use for it.
fn give<T>(pool: &'static LocalKey<RefCell<Vec<T>>>, item: T) {
    let _ = pool.try_with(|pool| pool.borrow_mut().push(item));
}

impl Drop for Memo {
    fn drop(&mut self) {
        if !self.known.quarters.is_empty() {
            self.give_known();
        }
        if let Some((_, mut shapes)) = self.diamond.take() {
            shapes.clear();
            give(&SHAPES, shapes);
        }
    }
}

impl Drop for Bounds {
    fn drop(&mut self) {
        match self {
            Bounds::Flat { slots, .. } => {
                // Clearing every slot takes less time than listing the ones written (one more entry for every
                // rectangle valued), though more instructions: the table is small, and cleared in wide stores.
                let mut slots = std::mem::take(slots);
                slots.fill(0);
                give(&TABLES, slots);
            }
            Bounds::Hashed(map) => {
                let mut map = std::mem::take(map);
                map.clear();
                give(&MAPS, map);
            }
        }
    }
}

impl Bounds {
    /// The memo for `n` lines of `u` and `m` of `v` holding `spots` spots.
    fn new(n: usize, m: usize, spots: usize) -> Bounds {
        // Bounds run from 0 to n + 1, so there are (n + 2)(n + 1) / 2 pairs with lo < hi.
        let pairs = |k: usize| (k + 2) * (k + 1) / 2;
        let size = pairs(n) * pairs(m);
        if size <= FLAT_SLOTS && spots < usize::from(u8::MAX) {
            let mut slots = take(&TABLES);
            slots.resize(size, 0);
            Bounds::Flat { slots, pairs: pairs(m) }
        } else {
            Bounds::Hashed(take(&MAPS))
        }
    }

    /// Every rectangle of no spot or one in a flat table, valued by its count (no move, or one that empties it, so
    /// 0 or 1): [`Memo::evaluate`] then reads any part's value from its slot without counting its spots first. For
    /// each lower bound in `u` and in `v` and upper bound in `u`, the count grows with the upper bound in `v`, so
    /// the walk stops at the first rectangle of two spots and costs about one step per rectangle filled.
    fn fill_small(&mut self, spots: &Spots) {
        let Bounds::Flat { slots, pairs } = self else { return };
        let (n, width) = (spots.starts.len() - 2, spots.width);
        let row = |r: usize| &spots.below[r * width..][..width];
        for u_hi in 1..=n + 1 {
            for u_lo in 0..u_hi {
                // Spots on `u`-lines strictly between the two, up to each `v`-line.
                let (low, high) = (row(u_lo), row(u_hi - 1));
                let base = pair(u_lo as u16, u_hi as u16) * *pairs;
                for v_lo in 0..width {
                    let before = high[v_lo] - low[v_lo];
                    for v_hi in v_lo + 1..=width {
                        let count = high[v_hi - 1] - low[v_hi - 1] - before;
                        if count >= 2 {
                            break;
                        }
                        slots[base + pair(v_lo as u16, v_hi as u16)] = count as u8 + 1;
                    }
                }
            }
        }
    }

    fn slot(rect: Rect, pairs: usize) -> usize {
        pair(rect.u_lo, rect.u_hi) * pairs + pair(rect.v_lo, rect.v_hi)
    }

    #[inline(always)]
    fn get(&self, rect: Rect) -> Option<u32> {
        match self {
            Bounds::Flat { slots, pairs } => u32::from(slots[Bounds::slot(rect, *pairs)]).checked_sub(1),
            Bounds::Hashed(map) => map.get(&rect.key()).copied(),
        }
    }

    fn insert(&mut self, rect: Rect, grundy: u32) {
        match self {
            Bounds::Flat { slots, pairs } => slots[Bounds::slot(rect, *pairs)] = grundy as u8 + 1,
            Bounds::Hashed(map) => {
                map.insert(rect.key(), grundy);
            }
        }
    }

    /// The rectangles the memo holds.
    #[cfg(test)]
    fn rects(&self) -> Vec<Rect> {
        match self {
            Bounds::Flat { slots, pairs } => {
                let pairs_up_to = |limit: usize| {
                    (1u16..)
                        .flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
                        .take_while(move |&(lo, hi)| pair(lo, hi) < limit)
                };
                let mut rects = Vec::new();
                for (u_lo, u_hi) in pairs_up_to(slots.len() / pairs) {
                    for (v_lo, v_hi) in pairs_up_to(*pairs) {
                        let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                        if slots[Bounds::slot(rect, *pairs)] != 0 {
                            rects.push(rect);
                        }
                    }
                }
                rects
            }
            Bounds::Hashed(map) => map
                .keys()
                .map(|&key| {
                    let bound = |k: u32| (key >> (16 * k)) as u16;
                    Rect { u_lo: bound(0), u_hi: bound(1), v_lo: bound(2), v_hi: bound(3) }
                })
                .collect(),
        }
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

    /// Both parities valued with `keys`, each with no small pattern known before it, so that what each evaluates
    /// is its own work alone.
    fn parities(board: &Board, keys: Keys) -> [Parity; 2] {
        [0, 1].map(|parity| {
            KNOWN.with(|known| *known.borrow_mut() = Known::new());
            Parity::of(board, parity, keys)
        })
    }

    /// A board of `rows` × `cols`, each cell a spot with probability `percent`%.
    fn random_board(next: &mut impl FnMut() -> u64, rows: usize, cols: usize, percent: u64) -> Board {
        let mut b = Board::new(rows, cols);
        for cell in b.cells().collect::<Vec<_>>() {
            b.set_spot(cell.row, cell.col, next() % 100 < percent);
        }
        b
    }

    /// A random rectangle of a parity's lines, each side drawn uniformly where it can lie.
    fn random_rect(spots: &Spots, next: &mut impl FnMut() -> u64) -> Rect {
        let (n, m) = (spots.starts.len() as u16 - 1, spots.width as u16);
        let (u_lo, v_lo) = ((next() % u64::from(n)) as u16, (next() % u64::from(m)) as u16);
        let u_hi = u_lo + 1 + (next() % u64::from(n - u_lo)) as u16;
        let v_hi = v_lo + 1 + (next() % u64::from(m - v_lo)) as u16;
        Rect { u_lo, u_hi, v_lo, v_hi }
    }

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("hand-made board parses")
    }

    /// The span tables hold a line's spots in one 64-bit word: boards of at most 62 spot diagonals each way get them,
    /// and a board with more one way (a diagonal of 70 spots, past the contest's size) keeps to the stepping path
    /// rather than shifting past a word.
    #[test]
    fn span_tables_exactly_where_a_word_holds_every_line() {
        let mut full = Board::new(10, 20);
        for cell in full.cells().collect::<Vec<_>>() {
            full.set_spot(cell.row, cell.col, true);
        }
        assert!((0..2).all(|parity| Spots::of(&full, parity).spans.is_some()));
        let mut diagonal = Board::new(70, 70);
        for i in 0..70 {
            diagonal.set_spot(i, i, true);
        }
        assert!(Spots::of(&diagonal, 0).spans.is_none());
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

    /// The count table against counting by hand, for every rectangle of line numbers; and a rectangle of no spot or
    /// one is in a flat memo from the start, valued by its count, and never in a hashed one, which counts parts
    /// instead. A hashed memo's count too high for a small part gives the right value all the same (it is evaluated
    /// instead), so only the memo shows it.
    #[test]
    fn counts_are_exact_and_small_parts_are_valued_by_count() {
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
                let mut small = HashSet::new();
                for u_lo in 0..n {
                    for u_hi in u_lo + 1..=n {
                        for v_lo in 0..m {
                            for v_hi in v_lo + 1..=m {
                                let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                                assert_eq!(spots.count(rect), by_hand(rect), "{rect:?} of parity {parity} of {b:?}");
                                if by_hand(rect) < 2 {
                                    small.insert(rect.key());
                                }
                            }
                        }
                    }
                }
                for keys in [Keys::Pattern, Keys::Bounds] {
                    let game = Parity::of(b, parity, keys);
                    let rects = game.memo.bounds.rects();
                    let flat = matches!(game.memo.bounds, Bounds::Flat { .. });
                    let large = rects.iter().filter(|rect| !small.contains(&rect.key())).count();
                    assert!(large > 0, "{keys:?} memo of parity {parity} of {b:?}");
                    let held = rects.len() - large;
                    assert_eq!(held, if flat { small.len() } else { 0 }, "{keys:?} memo of parity {parity} of {b:?}");
                    for rect in rects.into_iter().filter(|rect| small.contains(&rect.key())) {
                        assert_eq!(game.memo.bounds.get(rect), Some(by_hand(rect)), "{rect:?} of parity {parity}");
                    }
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

    /// On a 1×200 strip of spots each parity is a chain of 100 spots that share no diagonal. The plain method
    /// values every stretch of two spots or more, C(100, 2) = 4 950 per parity; the solver sees that a chain is a
    /// sum of single spots and values none move by move.
    #[test]
    fn a_full_strip_is_a_sum_of_single_spots() {
        for (rows, cols) in [(1, 200), (200, 1)] {
            let b = board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>());
            let plain = parities(&b, Keys::Bounds);
            assert_eq!(plain.iter().map(|p| p.memo.evaluated).collect::<Vec<_>>(), [4950, 4950]);
            assert!(
                plain.iter().all(|p| matches!(p.memo.bounds, Bounds::Hashed(_))),
                "102⁴ slots is past the flat table"
            );
            let solver = parities(&b, Keys::Pattern);
            assert_eq!(solver.iter().map(|p| p.memo.evaluated).collect::<Vec<_>>(), [0, 0]);
            // Every move takes one spot of 100 and leaves the rest as they were, so each parity is worth 100 mod 2.
            assert_eq!(answer(&b), Answer { winning_moves: 0, grundy: 0 });
        }
    }

    /// On full boards most regions are translates or mirror images of others. The solver's evaluations against
    /// the classes of windows under translation and the square's symmetries that the game reaches (found apart by a
    /// brute-force script: every region reached from the whole parity, split into sums where it is one, its spots
    /// shifted to the origin and the least of their eight images taken; 454, 514 and 196 classes): never fewer, with
    /// the windows of one to three lines valued at sight counted in, and at most an eighth more, where two clamped
    /// bounds name one window in two ways.
    #[test]
    fn full_boards_value_each_window_class_about_once() {
        for (rows, cols, classes) in [(14, 14, 454), (5, 40, 514), (2, 100, 196)] {
            let b = board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>());
            let solver = parities(&b, Keys::Pattern);
            assert!(solver.iter().all(|p| p.memo.diamond.is_some()), "{rows}×{cols}: a full board's parities");
            let evaluated = solver.iter().map(|p| p.memo.evaluated).sum::<usize>();
            let valued = evaluated + solver.iter().map(|p| p.memo.at_sight).sum::<usize>();
            assert!(
                classes <= valued && 8 * evaluated <= 9 * classes,
                "{rows}×{cols}: {evaluated} evaluated, {valued} with those at sight"
            );
            let plain = parities(&b, Keys::Bounds);
            assert!(plain.iter().map(|p| p.memo.evaluated).sum::<usize>() > 8 * evaluated, "{rows}×{cols}");
            assert_eq!(solver.map(|p| p.value), plain.map(|p| p.value));
        }
    }

    /// The spots of a rectangle, shifted to the origin, as the least of their eight images under the square's
    /// symmetries: a literal canonical form to hold [`Diamond::key`] against.
    fn pattern_up_to_symmetry(spots: &Spots, rect: Rect) -> Vec<(i32, i32)> {
        let points: Vec<(i32, i32)> = (rect.u_lo + 1..rect.u_hi)
            .flat_map(|a| {
                let line = spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize;
                spots.bs[line].iter().map(move |&b| (i32::from(a), i32::from(b)))
            })
            .filter(|&(_, b)| i32::from(rect.v_lo) < b && b < i32::from(rect.v_hi))
            .collect();
        let low = |f: fn(&(i32, i32)) -> i32| points.iter().map(f).min().expect("a spot");
        let (a0, b0) = (low(|p| p.0), low(|p| p.1));
        let shifted: Vec<(i32, i32)> = points.iter().map(|&(a, b)| (a - a0, b - b0)).collect();
        let high = |f: fn(&(i32, i32)) -> i32| shifted.iter().map(f).max().expect("a spot");
        let (a1, b1) = (high(|p| p.0), high(|p| p.1));
        let images = [(false, false), (true, false), (false, true), (true, true)].into_iter().flat_map(|(fa, fb)| {
            let image: Vec<(i32, i32)> =
                shifted.iter().map(|&(a, b)| (if fa { a1 - a } else { a }, if fb { b1 - b } else { b })).collect();
            [image.clone(), image.iter().map(|&(a, b)| (b, a)).collect()]
        });
        images
            .map(|mut image| {
                image.sort();
                image
            })
            .min()
            .expect("eight images")
    }

    /// The spots of `rect` moved to the corner, in order: its pattern up to translation alone.
    fn pattern_from_corner(spots: &Spots, rect: Rect) -> Vec<(i32, i32)> {
        let mut points = Vec::new();
        for a in rect.u_lo + 1..rect.u_hi {
            let line = spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize;
            for &b in spots.bs[line].iter().filter(|&&b| rect.v_lo < b && b < rect.v_hi) {
                points.push((i32::from(a), i32::from(b)));
            }
        }
        let low = |f: fn(&(i32, i32)) -> i32| points.iter().map(f).min().expect("a spot");
        let (a0, b0) = (low(|p| p.0), low(|p| p.1));
        points.iter().map(|&(a, b)| (a - a0, b - b0)).collect()
    }

    /// Every parity of a full board fills a diamond, and so does one without its corners; a hole inside, or a sparse
    /// board, does not. On a diamond,
    /// two rectangles with one key hold the same spots up to translation and symmetry (every rectangle of two spots
    /// or more of full boards of several shapes, against [`pattern_up_to_symmetry`]), and keys are shared: many a
    /// rectangle has the key of its image under the half-turn of line numbers.
    #[test]
    fn diamond_keys_name_one_pattern_up_to_symmetry() {
        let full = |rows: usize, cols: usize| {
            board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>())
        };
        let mut holed = full(6, 7);
        holed.set_spot(3, 3, false);
        holed.set_spot(2, 3, false);
        assert!((0..2).all(|parity| Diamond::of(&Spots::of(&holed, parity)).is_none()), "a hole in each parity");
        let mut next = crate::xorshift(0x8C3E_21F7_54B9_06AD);
        let sparse = random_board(&mut next, 12, 16, 60);
        assert!((0..2).all(|parity| Diamond::of(&Spots::of(&sparse, parity)).is_none()));

        // Without its four corners a board still fills a diamond, which the grid of lines now cuts: the diamond's
        // own bounds hold points past the first and last lines.
        let cornerless = |rows: usize, cols: usize| {
            let mut b = full(rows, cols);
            for (r, c) in [(0, 0), (rows - 1, cols - 1), (0, cols - 1), (rows - 1, 0)] {
                b.set_spot(r, c, false);
            }
            b
        };
        let boards = [(1, 9), (2, 11), (3, 8), (5, 5), (6, 9), (4, 13)].map(|(rows, cols)| full(rows, cols));
        let boards = boards.into_iter().chain([(6, 6), (5, 8), (4, 9)].map(|(rows, cols)| cornerless(rows, cols)));
        let mut shared = 0;
        for b in boards {
            let [solver, plain] = [Keys::Pattern, Keys::Bounds].map(|keys| parities(&b, keys).map(|p| p.value));
            assert_eq!(solver, plain, "{b:?}");
            for parity in 0..2 {
                let spots = Spots::of(&b, parity);
                let diamond = Diamond::of(&spots).expect("the parity fills a diamond");
                let whole = spots.whole();
                let mut named: HashMap<u64, Vec<(i32, i32)>> = HashMap::new();
                let mut imaged: HashMap<u64, Vec<(i32, i32)>> = HashMap::new();
                for u_lo in whole.u_lo..whole.u_hi {
                    for u_hi in u_lo + 1..=whole.u_hi {
                        for v_lo in whole.v_lo..whole.v_hi {
                            for v_hi in v_lo + 1..=whole.v_hi {
                                let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                                if spots.count(rect) < 2 {
                                    continue;
                                }
                                let pattern = pattern_up_to_symmetry(&spots, rect);
                                let key = diamond.key(rect);
                                assert_eq!(named.entry(key).or_insert_with(|| pattern.clone()), &pattern, "{rect:?}");
                                // A rectangle's own image shares the table with the keys: it names one pattern up to
                                // translation, and so one class with any key it meets.
                                let image = diamond.image(rect);
                                assert_eq!(named.entry(image).or_insert_with(|| pattern.clone()), &pattern, "{rect:?}");
                                let from_corner = pattern_from_corner(&spots, rect);
                                let translates = imaged.entry(image).or_insert_with(|| from_corner.clone());
                                assert_eq!(translates, &from_corner, "{rect:?} by its image");
                                // The board's half-turn maps u-line a to n + 1 − a and v-line b to m + 1 − b.
                                let (n, m) = (whole.u_hi, whole.v_hi);
                                let turned = Rect { u_lo: n - u_hi, u_hi: n - u_lo, v_lo: m - v_hi, v_hi: m - v_lo };
                                if spots.count(turned) >= 2 {
                                    shared += usize::from(diamond.key(turned) == key);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(shared > 1000, "only {shared} rectangles share their key with their half-turn");
    }

    /// The solver against the plain method (bounds only, no tight bounds, windows or sums) on boards of up to 200
    /// cells, past the literal game's reach: thin and square shapes, sparse to full, with both memo kinds.
    #[test]
    fn pattern_keys_agree_with_the_plain_method() {
        let mut next = crate::xorshift(0xD1B5_4A32_D192_ED03);
        let shapes = [(1, 200), (200, 1), (2, 100), (3, 66), (5, 40), (9, 22), (14, 14), (20, 10), (70, 2)];
        let (mut flat, mut hashed, mut saved) = (0, 0, 0);
        for round in 0..240 {
            let (rows, cols) = if round % 2 == 0 {
                shapes[round / 2 % shapes.len()]
            } else {
                let rows = 1 + (next() % 30) as usize;
                (rows, 1 + (next() as usize) % (200 / rows))
            };
            let percent = [100, 95, 80, 60, 40, 20][round % 6];
            let b = random_board(&mut next, rows, cols, percent);
            let run = |keys| {
                let mut wins = Vec::new();
                let grundy = solve(&b, keys, |cell| wins.push(cell));
                (grundy, wins)
            };
            assert_eq!(run(Keys::Pattern), run(Keys::Bounds), "round {round}: {b:?}");
            let [solver, plain] = [Keys::Pattern, Keys::Bounds].map(|keys| parities(&b, keys));
            for p in &solver {
                match p.memo.bounds {
                    Bounds::Flat { .. } => flat += 1,
                    Bounds::Hashed(_) => hashed += 1,
                }
            }
            let work = |game: &[Parity; 2]| game.iter().map(|p| p.memo.evaluated).sum::<usize>();
            assert!(work(&solver) <= work(&plain), "round {round}: {b:?}");
            saved += usize::from(work(&solver) < work(&plain));
        }
        assert!(flat > 100 && hashed > 40 && saved > 150, "flat {flat}, hashed {hashed}, saved {saved}");
    }

    /// The Grundy number of every pattern of spots on `lines` lines of `width` positions, valued move by move from
    /// the rules in line numbers: a move removes its two lines and splits the rest into four quadrants, each valued
    /// the same way. A pattern is a mask, line `r` at bits `r · width..`; a move's quadrants are sub-masks of it, so
    /// smaller numbers, valued before it.
    fn move_by_move(lines: u32, width: u32) -> Vec<u8> {
        let lines_below = |r: u32| (1u32 << (r * width)) - 1;
        let positions_below = |c: u32| (0..lines).fold(0u32, |m, r| m | (((1 << c) - 1) << (r * width)));
        let mut grundy = vec![0u8; 1 << (lines * width)];
        for mask in 1u32..1 << (lines * width) {
            let mut seen = 0u32;
            for bit in Bits(u64::from(mask)) {
                let (r, c) = (u32::from(bit) / width, u32::from(bit) % width);
                let (above, before) = (lines_below(r), positions_below(c));
                let (below, after) = (!lines_below(r + 1), !positions_below(c + 1));
                let option = [above & before, above & after, below & before, below & after]
                    .iter()
                    .fold(0, |x, &quadrant| x ^ grundy[(mask & quadrant) as usize]);
                seen |= 1 << option;
            }
            grundy[mask as usize] = mex(seen) as u8;
        }
        grundy
    }

    /// Every pattern of spots on at most 3 lines of 7 positions, valued move by move ([`move_by_move`]) and by
    /// [`two_lines`] and [`three_lines`] from the lines' words: every pattern of two lines is among them (those with
    /// the third line empty), and so is every narrower one, moved to either side; each is also read moved along the
    /// lines, as a window is read from its line numbers.
    #[test]
    fn two_and_three_lines_match_the_move_by_move_values() {
        let mut values = HashSet::new();
        let grundy = move_by_move(3, 7);
        for (mask, &want) in grundy.iter().enumerate() {
            let line = |r: u32| (mask as u64) >> (r * 7) & 0x7F;
            let want = u32::from(want);
            values.insert(want);
            assert_eq!(three_lines(line(0), line(1), line(2)), want, "{mask:#x}");
            assert_eq!(three_lines(line(0) << 9, line(1) << 9, line(2) << 9), want, "{mask:#x}");
            if line(2) == 0 {
                assert_eq!(two_lines(line(0), line(1)), want, "{mask:#x}");
                assert_eq!(two_lines(line(0) << 56, line(1) << 56), want, "{mask:#x}");
            }
        }
        assert_eq!(values, HashSet::from([0, 1, 2, 3, 4]));
    }

    /// Which way `by_window` values a window: of one line or two one way at sight; of three lines one way at sight
    /// unless it is at most 4 × 4 lines, which the quarter table holds, or the memo no longer holds that table; of
    /// more lines both ways not at sight. Every tight window of a random contest-shaped parity, valued in order of
    /// spot count so that each one's parts are known by their tight bounds and the count of windows valued at sight
    /// moves only for the window itself.
    #[test]
    fn small_windows_go_to_the_quarter_table_before_three_lines_at_sight() {
        let mut next = crate::xorshift(0x9B05_688C_2B3E_6C1F);
        let b = random_board(&mut next, 10, 20, 60);
        std::thread::scope(|s| {
            s.spawn(|| {
                let spots = Spots::of(&b, 0);
                let (n, m) = (spots.starts.len() as u16 - 1, spots.width as u16);
                let mut tights: Vec<Rect> = (0..n)
                    .flat_map(|u_lo| {
                        (u_lo + 1..=n).flat_map(move |u_hi| {
                            (0..m).flat_map(move |v_lo| (v_lo + 1..=m).map(move |v_hi| Rect { u_lo, u_hi, v_lo, v_hi }))
                        })
                    })
                    .filter(|&rect| spots.count(rect) >= 2)
                    .map(|rect| spots.tight(rect))
                    .collect();
                tights.sort_by_key(|&t| (spots.count(t), t.key()));
                tights.dedup();
                let mut met = [0; 5];
                // Then again with a memo that gave the thread its patterns back, as a parity does once valued.
                for quarters in [true, false] {
                    let mut memo = Memo::new(&spots, Keys::Pattern);
                    assert!(memo.diamond.is_none() && spots.spans.is_some());
                    if !quarters {
                        memo.give_known();
                    }
                    for &tight in &tights {
                        let (across, along) = (tight.u_hi - tight.u_lo - 1, tight.v_hi - tight.v_lo - 1);
                        let (fewer, more) = (across.min(along), across.max(along));
                        let before = memo.at_sight;
                        let g = memo.value(&spots, tight);
                        let in_quarters = fewer == 3 && more <= 4 && quarters;
                        let at_sight = fewer <= 2 || (fewer == 3 && !in_quarters);
                        assert_eq!(memo.at_sight - before, usize::from(at_sight), "{tight:?}, {across} × {along}");
                        if in_quarters {
                            let pattern = spots.small_pattern(tight).expect("at most 8 × 8 lines");
                            assert_eq!(u32::from(memo.known.quarters[packed_quarter(pattern)]), g + 1, "{tight:?}");
                        }
                        // Two lines or fewer, 4 × 4 in the table, three lines and more than four, 4 × 4 once the
                        // table is given back, four lines or more both ways.
                        let kind = match (fewer, more) {
                            (..=2, _) => 0,
                            (3, ..=4) if quarters => 1,
                            (3, 5..) => 2,
                            (3, _) => 3,
                            _ => 4,
                        };
                        met[kind] += 1;
                    }
                }
                assert!(met.iter().all(|&k| k > 10), "{met:?}");
            })
            .join()
            .expect("valued");
        });
    }

    /// Windows of one line, two or three one way are valued at sight: the same Grundy number as the plain method's
    /// for every rectangle whose spots lie on at most three lines either way, on random boards whose lines fit a
    /// word; no value for a window of more lines both ways, or of two on a board whose lines do not fit.
    #[test]
    fn windows_of_up_to_three_lines_are_valued_from_their_words() {
        let mut next = crate::xorshift(0x3C6E_F372_FE94_F82B);
        let (mut valued, mut values) = (0, HashSet::new());
        for round in 0..24 {
            let (rows, cols) = [(10, 20), (20, 10), (6, 6), (14, 14)][round % 4];
            let b = random_board(&mut next, rows, cols, [40, 60, 80][round % 3]);
            for parity in 0..2 {
                let mut plain = Parity::of(&b, parity, Keys::Bounds);
                let spots = &plain.spots;
                let (n, m) = (spots.starts.len() as u16 - 1, spots.width as u16);
                for (u_lo, u_hi, v_lo, v_hi) in (0..n).flat_map(|u_lo| {
                    (u_lo + 1..=n).flat_map(move |u_hi| {
                        (0..m).flat_map(move |v_lo| (v_lo + 1..=m).map(move |v_hi| (u_lo, u_hi, v_lo, v_hi)))
                    })
                }) {
                    let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                    if spots.count(rect) < 2 {
                        continue;
                    }
                    let tight = spots.tight(rect);
                    let lines = (tight.u_hi - tight.u_lo).min(tight.v_hi - tight.v_lo) - 1;
                    match spots.at_sight(tight) {
                        Some(g) => {
                            assert!(lines <= 3, "{tight:?} of parity {parity} of {b:?}");
                            assert_eq!(g, plain.memo.value(spots, tight), "{tight:?} of parity {parity} of {b:?}");
                            valued += 1;
                            values.insert(g);
                        }
                        None => assert!(lines > 3, "{tight:?} of parity {parity} of {b:?}"),
                    }
                }
            }
        }
        assert!(valued > 1000 && values == HashSet::from([0, 1, 2, 3, 4]), "{valued} valued: {values:?}");
        // The anti-diagonal (odd cells) is one line of `u`, valued at sight without the span tables; the diagonal
        // and the one two columns right of it (even cells) are two lines of `v`, 70 of `u`: no word holds those.
        let mut diagonal = Board::new(70, 70);
        for i in 0..70 {
            diagonal.set_spot(i, i, true);
            diagonal.set_spot(i, 69 - i, true);
            if i < 68 {
                diagonal.set_spot(i, i + 2, true);
            }
        }
        let spots = Spots::of(&diagonal, 1);
        assert_eq!(spots.at_sight(spots.whole()), Some(1));
        let spots = Spots::of(&diagonal, 0);
        assert_eq!((spots.width, spots.tight(spots.whole())), (3, spots.whole()));
        assert_eq!(spots.at_sight(spots.whole()), None);
    }

    /// `ends_apart` against the spots of a tight rectangle's first and last line read one by one: on random boards
    /// whose lines fit a word (read from the words) and on boards with more than 62 `v`-lines (from the count
    /// table), every tight rectangle of two lines or more, both answers met many times.
    #[test]
    fn ends_apart_reads_the_first_and_last_lines() {
        let mut next = crate::xorshift(0x510E_527F_ADE6_82D1);
        let mut seen = [[0; 2]; 2];
        for round in 0..40 {
            // Sparse 100×100 and 150×60 boards have more than 62 `v`-lines a parity.
            let percent = [30, 60, 90][round % 3];
            let (rows, cols, percent) = [(10, 20, percent), (20, 10, percent), (100, 100, 5), (150, 60, 8)][round % 4];
            let b = random_board(&mut next, rows, cols, percent);
            for parity in 0..2 {
                let spots = Spots::of(&b, parity);
                let words = usize::from(spots.line_words == 2);
                for _ in 0..300 {
                    let rect = random_rect(&spots, &mut next);
                    if spots.count(rect) == 0 {
                        continue;
                    }
                    let tight = spots.tight(rect);
                    if tight.u_hi - tight.u_lo < 3 {
                        continue;
                    }
                    let on = |a: u16| -> Vec<u16> {
                        let line = spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize;
                        spots.bs[line].iter().copied().filter(|&v| tight.v_lo < v && v < tight.v_hi).collect()
                    };
                    let (first, last) = (on(tight.u_lo + 1), on(tight.u_hi - 1));
                    let below = |low: &[u16], high: &[u16]| low.iter().all(|l| high.iter().all(|h| l < h));
                    let want = below(&first, &last) || below(&last, &first);
                    assert_eq!(ends_apart(&spots, tight), want, "{tight:?} of parity {parity} of {b:?}");
                    seen[words][usize::from(want)] += 1;
                }
            }
        }
        assert!(seen.iter().flatten().all(|&k| k > 20), "{seen:?}");
    }

    /// `tight` keeps every spot and no empty margin: the same count, and a side moved in by one more line would
    /// lose a spot.
    #[test]
    fn tight_rectangles_hold_the_same_spots_and_no_margin() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..60 {
            let rows = 1 + (next() % 14) as usize;
            let (cols, percent) = (1 + (next() as usize) % (200 / rows), 10 + next() % 90);
            let b = random_board(&mut next, rows, cols, percent);
            for parity in 0..2 {
                let spots = Spots::of(&b, parity);
                for _ in 0..200 {
                    let rect = random_rect(&spots, &mut next);
                    if spots.count(rect) == 0 {
                        continue;
                    }
                    let tight = spots.tight(rect);
                    assert!(rect.u_lo <= tight.u_lo && tight.u_hi <= rect.u_hi, "round {round}: {rect:?} {tight:?}");
                    assert!(rect.v_lo <= tight.v_lo && tight.v_hi <= rect.v_hi, "round {round}: {rect:?} {tight:?}");
                    assert_eq!(spots.count(tight), spots.count(rect), "round {round}: {rect:?} {tight:?}");
                    let all = spots.count(tight);
                    let narrower = [
                        Rect { u_lo: tight.u_lo + 1, ..tight },
                        Rect { u_hi: tight.u_hi - 1, ..tight },
                        Rect { v_lo: tight.v_lo + 1, ..tight },
                        Rect { v_hi: tight.v_hi - 1, ..tight },
                    ];
                    for smaller in narrower {
                        let count = if smaller.u_lo < smaller.u_hi && smaller.v_lo < smaller.v_hi {
                            spots.count(smaller)
                        } else {
                            0
                        };
                        assert!(count < all, "round {round}: {tight:?} narrows to {smaller:?} keeping {count}");
                    }
                }
            }
        }
    }

    /// `split` against the definition: the region is a sum exactly when some cut between two `u`-lines leaves
    /// every spot before it below every spot after it in `v`, or above every one; and then the two rectangles it
    /// gives hold the spots on either side of such a cut.
    #[test]
    fn split_finds_every_sum_and_only_sums() {
        let mut next = crate::xorshift(0x9FB2_1C65_1E98_DF25);
        let (mut sums, mut whole, mut apart_seen) = (0, 0, [0; 2]);
        for round in 0..400 {
            let rows = 1 + (next() % 8) as usize;
            let (cols, percent) = (1 + (next() % 12) as usize, 15 + next() % 70);
            let b = random_board(&mut next, rows, cols, percent);
            for parity in 0..2 {
                let spots = Spots::of(&b, parity);
                if spots.cells.len() < 2 {
                    continue;
                }
                let every: Vec<(u16, u16)> = (1..spots.starts.len() - 1)
                    .flat_map(|a| (spots.starts[a]..spots.starts[a + 1]).map(move |i| (a as u16, i as usize)))
                    .map(|(a, i)| (a, spots.bs[i]))
                    .collect();
                let inside = |rect: Rect| -> Vec<(u16, u16)> {
                    let within =
                        |&&(a, b): &&(u16, u16)| rect.u_lo < a && a < rect.u_hi && rect.v_lo < b && b < rect.v_hi;
                    every.iter().filter(within).copied().collect()
                };
                // The whole parity, and windows inside it, whose lines hold spots outside them too.
                let mut windows = vec![spots.tight(spots.whole())];
                for _ in 0..8 {
                    let rect = random_rect(&spots, &mut next);
                    if spots.count(rect) >= 2 {
                        windows.push(spots.tight(rect));
                    }
                }
                for tight in windows {
                    let all = inside(tight);
                    type Cut = (Vec<(u16, u16)>, Vec<(u16, u16)>);
                    let cuts: Vec<Cut> = all
                        .windows(2)
                        .filter(|pair| pair[0].0 < pair[1].0)
                        .map(|pair| all.iter().partition(|s| s.0 <= pair[0].0))
                        .filter(|(before, after): &Cut| {
                            let below = before.iter().all(|s| after.iter().all(|t| s.1 < t.1));
                            let above = before.iter().all(|s| after.iter().all(|t| s.1 > t.1));
                            below || above
                        })
                        .collect();
                    // The quick refusal, against its literal reading: the two end lines' spots, one line's all below.
                    let on = |a: u16| all.iter().filter(|s| s.0 == a).map(|s| s.1).collect::<Vec<u16>>();
                    let (first, last) = (on(tight.u_lo + 1), on(tight.u_hi - 1));
                    let below = |x: &[u16], y: &[u16]| x.iter().all(|&p| y.iter().all(|&q| p < q));
                    let apart = below(&first, &last) || below(&last, &first);
                    assert_eq!(ends_apart(&spots, tight), apart, "round {round}: {first:?} {last:?}");
                    apart_seen[usize::from(apart)] += 1;
                    match split(&spots, tight, &mut Vec::new()) {
                        Some([first, second]) => {
                            sums += 1;
                            let parts = (inside(first), inside(second));
                            assert!(cuts.contains(&parts), "round {round}: {parts:?} is no cut of {all:?}");
                        }
                        None => {
                            whole += 1;
                            assert!(cuts.is_empty(), "round {round}: {all:?} has cuts {cuts:?}");
                        }
                    }
                }
            }
        }
        assert!(sums > 100 && whole > 100, "sums {sums}, whole {whole}");
        assert!(apart_seen.iter().all(|&n| n > 100), "ends apart or not: {apart_seen:?}");
    }

    /// The key of a rectangle is the key of its image under each symmetry of the square, applied to the rectangle
    /// and to the diamond together: reflecting `a` (`a → n + 1 − a`) turns `a + b` into `n + 1 − (a − b)` and
    /// `a − b` into `n + 1 − (a + b)`, reflecting `b` alike, and swapping `a` and `b` keeps `a + b` and negates
    /// `a − b`. The three generate all eight.
    #[test]
    fn diamond_keys_keep_the_square_symmetries() {
        let full = |rows: usize, cols: usize| {
            board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>())
        };
        let mut checked = 0;
        for (rows, cols) in [(2, 9), (4, 7), (5, 5), (3, 10)] {
            for parity in 0..2 {
                let spots = Spots::of(&full(rows, cols), parity);
                let d = Diamond::of(&spots).expect("a full board's parity fills a diamond");
                let whole = spots.whole();
                let (n, m) = (i32::from(whole.u_hi) - 1, i32::from(whole.v_hi) - 1);
                let (nu, mu) = (whole.u_hi - 1, whole.v_hi - 1);
                let reflect_a =
                    Diamond { sum: (n + 1 - d.diff.1, n + 1 - d.diff.0), diff: (n + 1 - d.sum.1, n + 1 - d.sum.0) };
                let reflect_b =
                    Diamond { sum: (m + 1 + d.diff.0, m + 1 + d.diff.1), diff: (d.sum.0 - m - 1, d.sum.1 - m - 1) };
                let swap = Diamond { sum: d.sum, diff: (-d.diff.1, -d.diff.0) };
                for u_lo in whole.u_lo..whole.u_hi {
                    for u_hi in u_lo + 1..=whole.u_hi {
                        for v_lo in whole.v_lo..whole.v_hi {
                            for v_hi in v_lo + 1..=whole.v_hi {
                                let rect = Rect { u_lo, u_hi, v_lo, v_hi };
                                let key = d.key(rect);
                                let a_image = Rect { u_lo: nu + 1 - u_hi, u_hi: nu + 1 - u_lo, v_lo, v_hi };
                                let b_image = Rect { u_lo, u_hi, v_lo: mu + 1 - v_hi, v_hi: mu + 1 - v_lo };
                                let swapped = Rect { u_lo: v_lo, u_hi: v_hi, v_lo: u_lo, v_hi: u_hi };
                                assert_eq!(reflect_a.key(a_image), key, "{rect:?} reflected in a");
                                assert_eq!(reflect_b.key(b_image), key, "{rect:?} reflected in b");
                                assert_eq!(swap.key(swapped), key, "{rect:?} swapped");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    /// A packed key holds each clamped field whole, in its own ten bits; and a parity past the key's reach is left to
    /// the other keys.
    #[test]
    fn packed_keys_hold_each_field() {
        let mut next = crate::xorshift(0x27D4_EB2F_1656_67C5);
        for _ in 0..10_000 {
            let mut draw = |range: i32| (next() % range as u64) as i32;
            let (w, h) = (1 + draw(400), 1 + draw(400));
            let s = (draw(900) - 50, draw(900) - 50);
            let d = (draw(900) - 450, draw(900) - 450);
            let fields = [w, h, s.0.max(2), s.1.min(w + h), d.0.max(1 - h) + h, d.1.min(w - 1) + h];
            let key = packed((w, h, s, d));
            let unpacked: Vec<i32> = (0..6).rev().map(|k| (key >> (DIAMOND_BITS * k) & 0x3FF) as i32).collect();
            if fields.iter().all(|f| (0..1 << DIAMOND_BITS).contains(f)) {
                assert_eq!(unpacked, fields, "{w} {h} {s:?} {d:?}");
            }
        }
        let strip = |cols: usize| {
            let mut b = Board::new(1, cols);
            (0..cols).for_each(|col| b.set_spot(0, col, true));
            Spots::of(&b, 0)
        };
        assert!(Diamond::of(&strip(1000)).is_some(), "1 000 lines in all");
        assert!(Diamond::of(&strip(1100)).is_none(), "1 100 lines in all, past 2^10");
    }

    /// The small-pattern key against the eight images built point by point: each image has the key of the matrix,
    /// and the key is one of them, so two matrices share a key exactly when one is an image of the other; and
    /// `transpose` moves bit `8i + j` to `8j + i`.
    #[test]
    fn small_pattern_keys_are_the_least_image_under_the_symmetries() {
        let mut next = crate::xorshift(0x6A09_E667_F3BC_C909);
        let matrix = |points: &[(u32, u32)]| points.iter().fold(0u64, |m, &(i, j)| m | 1 << (8 * i + j));
        let mut seen = HashSet::new();
        for round in 0..3000 {
            let (rows, cols) = (1 + (next() % 8) as u32, 1 + (next() % 8) as u32);
            let bits = next() & next();
            // The corners of the window first, so its first and last row and column each hold a point.
            let mut points = vec![(0, next() as u32 % cols), (rows - 1, next() as u32 % cols)];
            points.extend([(next() as u32 % rows, 0), (next() as u32 % rows, cols - 1)]);
            points.extend((0..rows * cols).filter(|k| bits >> k & 1 == 1).map(|k| (k / cols, k % cols)));
            let (h, w) = (rows - 1, cols - 1);
            let images: Vec<u64> = [(false, false), (true, false), (false, true), (true, true)]
                .into_iter()
                .flat_map(|(flip_i, flip_j)| {
                    let image: Vec<(u32, u32)> = points
                        .iter()
                        .map(|&(i, j)| (if flip_i { h - i } else { i }, if flip_j { w - j } else { j }))
                        .collect();
                    let swapped: Vec<(u32, u32)> = image.iter().map(|&(i, j)| (j, i)).collect();
                    [matrix(&image), matrix(&swapped)]
                })
                .collect();
            let key = canonical(matrix(&points), rows, cols);
            assert!(images.contains(&key), "round {round}: {points:?}");
            for (k, &image) in images.iter().enumerate() {
                let (r, c) = if k % 2 == 0 { (rows, cols) } else { (cols, rows) };
                assert_eq!(canonical(image, r, c), key, "round {round}: image {k} of {points:?}");
            }
            let swapped: Vec<(u32, u32)> = points.iter().map(|&(i, j)| (j, i)).collect();
            assert_eq!(transpose(matrix(&points)), matrix(&swapped), "round {round}");
            seen.insert(key);
        }
        assert!(seen.len() > 1800, "{} distinct keys", seen.len());
    }

    /// Window words against reading the spots one by one, on boards wide enough for windows of several words.
    #[test]
    fn window_words_hold_exactly_the_spots_inside() {
        let mut next = crate::xorshift(0x3C6E_F372_FE94_F82B);
        // Within R·C ≤ 200 a window wider than 64 lines only arises on a strip, whose lines hold one spot each; a
        // board past the limit (the solver takes any) has longer lines with several spots.
        for (rows, cols) in [(2, 100), (3, 66), (1, 200), (9, 22), (4, 140)] {
            let b = random_board(&mut next, rows, cols, 70);
            for parity in 0..2 {
                let spots = Spots::of(&b, parity);
                let (n, m) = (spots.starts.len() as u16 - 1, spots.width as u16);
                // Random rectangles, and every right side of the widest ones, where a line's spots lie on both sides
                // of the window's end and its last word is a second one.
                let random: Vec<Rect> = (0..300).map(|_| random_rect(&spots, &mut next)).collect();
                let widest = (0..3.min(m))
                    .flat_map(|v_lo| (v_lo + 1..=m).map(move |v_hi| Rect { u_lo: 0, u_hi: n, v_lo, v_hi }));
                for Rect { u_lo, u_hi, v_lo, v_hi } in random.into_iter().chain(widest) {
                    let width = usize::from(v_hi - v_lo - 1);
                    for a in u_lo + 1..u_hi {
                        let line = spots.starts[usize::from(a)] as usize..spots.starts[usize::from(a) + 1] as usize;
                        let mut want = vec![0u64; width.div_ceil(64)];
                        for &v in spots.bs[line].iter().filter(|&&v| v_lo < v && v < v_hi) {
                            let bit = usize::from(v - v_lo - 1);
                            want[bit / 64] |= 1 << (bit % 64);
                        }
                        let got: Vec<u64> =
                            (0..want.len()).map(|j| spots.window_word(a, v_lo, width as u16, j)).collect();
                        assert_eq!(got, want, "line {a} between {v_lo} and {v_hi} of {rows}×{cols}");
                    }
                }
            }
        }
    }

    /// Both memo kinds give back what they were given, and nothing else.
    #[test]
    fn bounds_give_back_what_they_hold() {
        for (mut bounds, kind) in [(Bounds::new(5, 5, 10), "flat"), (Bounds::new(60, 60, 10), "hashed")] {
            let rects = [Rect { u_lo: 0, u_hi: 3, v_lo: 1, v_hi: 4 }, Rect { u_lo: 2, u_hi: 6, v_lo: 0, v_hi: 2 }];
            assert_eq!(rects.map(|rect| bounds.get(rect)), [None, None], "{kind}");
            bounds.insert(rects[0], 0);
            bounds.insert(rects[1], 7);
            assert_eq!(rects.map(|rect| bounds.get(rect)), [Some(0), Some(7)], "{kind}");
            assert_eq!(bounds.get(Rect { u_lo: 1, u_hi: 3, v_lo: 1, v_hi: 4 }), None, "{kind}");
            assert_eq!(bounds.rects().len(), 2, "{kind}");
        }
    }

    /// Distinct bounds take distinct slots, all inside the flat table.
    #[test]
    fn flat_slots_are_one_to_one() {
        for (n, m) in [(0, 0), (1, 3), (4, 4), (7, 2)] {
            let bounds = Bounds::new(n, m, 10);
            let Bounds::Flat { pairs, .. } = bounds else { panic!("a small memo is flat") };
            let size = (n + 2) * (n + 1) / 2 * pairs;
            let mut seen = HashSet::new();
            for u_hi in 1..=n as u16 + 1 {
                for u_lo in 0..u_hi {
                    for v_hi in 1..=m as u16 + 1 {
                        for v_lo in 0..v_hi {
                            let slot = Bounds::slot(Rect { u_lo, u_hi, v_lo, v_hi }, pairs);
                            assert!(slot < size && seen.insert(slot), "{n} {m}: {u_lo} {u_hi} {v_lo} {v_hi}");
                        }
                    }
                }
            }
            assert_eq!(seen.len(), size);
        }
        assert!(matches!(Bounds::new(50, 50, 10), Bounds::Hashed(_)), "beyond FLAT_SLOTS");
        assert!(matches!(Bounds::new(4, 4, 300), Bounds::Hashed(_)), "Grundy numbers past a byte");
    }

    /// Options past 63 go on the stack and come off it, and the mex is the least option missing, below 64 or past
    /// it, with the options of a rectangle evaluated inside another kept apart.
    #[test]
    fn options_give_the_least_missing_value_past_a_word() {
        let mut stack = vec![7];
        let words = 3;
        let mut outer = Options::new(&stack, words);
        for option in (0..150).filter(|&o| o != 131) {
            outer.mark(&mut stack, option);
            if option == 70 {
                // A rectangle evaluated inside, with options of its own past 63.
                let mut inner = Options::new(&stack, words);
                for option in [0, 1, 64, 2, 100] {
                    inner.mark(&mut stack, option);
                }
                assert_eq!(inner.mex(&mut stack), 3);
                assert_eq!(stack.len(), 1 + words, "the inner bitset is off the stack");
            }
        }
        assert_eq!(outer.mex(&mut stack), 131);
        assert_eq!(stack, [7], "the outer bitset is off the stack");

        for (marked, mex) in [(0..64, 64), (0..63, 63), (1..64, 0)] {
            let mut options = Options::new(&stack, words);
            marked.for_each(|option| options.mark(&mut stack, option));
            assert_eq!(options.mex(&mut stack), mex);
            assert_eq!(stack, [7]);
        }
        let mut options = Options::new(&stack, words);
        (0..64).chain(65..70).for_each(|option| options.mark(&mut stack, option));
        assert_eq!(options.mex(&mut stack), 64);
        let mut options = Options::new(&stack, words);
        (0..128).for_each(|option| options.mark(&mut stack, option));
        assert_eq!(options.mex(&mut stack), 128);
        assert_eq!(stack, [7]);
    }

    /// A thread keeps the memos of its last board and gives them back empty: a board's answers do not depend on
    /// which boards the thread solved before, and the tables and maps it keeps hold nothing.
    #[test]
    fn memos_come_back_empty_and_are_reused() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        let full = |rows: usize, cols: usize| {
            board(&vec!["X".repeat(cols); rows].iter().map(String::as_str).collect::<Vec<_>>())
        };
        let mut boards = vec![full(14, 14), full(2, 100), full(5, 40)];
        for (rows, cols) in [(14, 14), (2, 100), (3, 66), (10, 20), (100, 2)] {
            boards.push(random_board(&mut next, rows, cols, 75));
        }
        // Each board alone on a thread of its own, then all of them on one thread, twice over in both orders.
        let alone: Vec<Answer> =
            boards.iter().map(|b| std::thread::scope(|s| s.spawn(|| answer(b)).join().expect("solved"))).collect();
        std::thread::scope(|s| {
            s.spawn(|| {
                for order in [false, true, false, true] {
                    let indices: Vec<usize> =
                        if order { (0..boards.len()).rev().collect() } else { (0..boards.len()).collect() };
                    for i in indices {
                        assert_eq!(answer(&boards[i]), alone[i], "board {i} after others");
                    }
                }
                TABLES.with(|tables| {
                    let tables = tables.borrow();
                    assert_eq!(tables.len(), 2, "one table per parity, reused");
                    for table in tables.iter() {
                        assert!(table.iter().all(|&slot| slot == 0));
                    }
                });
                MAPS.with(|maps| {
                    let maps = maps.borrow();
                    assert_eq!(maps.len(), 2, "one map per parity, reused");
                    assert!(maps.iter().all(|map| map.is_empty() && map.capacity() > 0));
                });
                SHAPES.with(|shapes| {
                    let shapes = shapes.borrow();
                    assert_eq!(shapes.len(), 2, "one table of diamond keys per parity, reused");
                    assert!(shapes.iter().all(|table| table.is_empty() && table.capacity() > 0));
                });
            });
        });
    }

    /// On contest-shaped boards (10×20 and 20×10, half to 70% spots) the thread keeps patterns of at most 4 × 4 lines
    /// and none larger; a full board's parities fill diamonds, and keep those of up to 8 × 8 lines too.
    #[test]
    fn larger_patterns_are_kept_only_from_diamonds() {
        let mut next = crate::xorshift(0x6A09_E667_F3BC_C908);
        std::thread::scope(|s| {
            s.spawn(|| {
                for round in 0..6 {
                    let (rows, cols) = if round % 2 == 0 { (10, 20) } else { (20, 10) };
                    answer(&random_board(&mut next, rows, cols, [50, 70][round / 2 % 2]));
                }
                KNOWN.with(|known| {
                    let known = known.borrow();
                    assert!(known.patterns.is_empty(), "{} larger patterns kept", known.patterns.len());
                    assert!(known.quarters.iter().filter(|&&g| g != 0).count() > 100);
                });
                answer(&random_board(&mut next, 14, 14, 100));
                let most = KNOWN.with(|known| known.borrow().patterns.keys().map(|key| key.count_ones()).max());
                assert!(most > Some(16), "a full board keeps at most {most:?} spots");
            })
            .join()
            .expect("solved");
        });
    }

    /// A thread keeps patterns by key up to [`PATTERNS_KEPT`] and no more (full boards of four shapes meet more than
    /// three new ones), and patterns of at most 4 × 4 lines in their table whatever their count: a full 14×14 board
    /// with a hole in each parity, so that neither fills a diamond, meets windows of 13 spots or more in 4 × 4 lines.
    #[test]
    fn patterns_are_kept_up_to_the_cap_and_quarters_at_any_count() {
        let mut next = crate::xorshift(0xBB67_AE85_84CA_A73B);
        std::thread::scope(|s| {
            s.spawn(|| {
                KNOWN.with(|known| {
                    // Keys with an empty first row, which no pattern has, so no lookup can find them.
                    let mut known = known.borrow_mut();
                    known.patterns.extend((0..PATTERNS_KEPT as u64 - 3).map(|i| (i << 8 | 1 << 63, 0)));
                });
                for (rows, cols) in [(10, 20), (20, 10), (14, 14), (8, 25)] {
                    answer(&random_board(&mut next, rows, cols, 100));
                }
                KNOWN.with(|known| assert_eq!(known.borrow().patterns.len(), PATTERNS_KEPT));
                let mut holed = Board::new(14, 14);
                for cell in holed.cells().collect::<Vec<_>>() {
                    holed.set_spot(cell.row, cell.col, cell.row != 7 || !(7..9).contains(&cell.col));
                }
                assert!((0..2).all(|parity| Diamond::of(&Spots::of(&holed, parity)).is_none()));
                answer(&holed);
                KNOWN.with(|known| {
                    let known = known.borrow();
                    let full = (0..1usize << 16).filter(|&i| i.count_ones() > 12 && known.quarters[i] != 0);
                    assert!(full.count() > 0, "no pattern of more than 12 spots in 4 × 4 lines kept");
                });
            })
            .join()
            .expect("solved");
        });
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

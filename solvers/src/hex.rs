//! Hex (Kick Start 2013 B): the fast O(N²) classifier.
//!
//! # Method
//!
//! A colour *links* when a chain of its stones joins its two sides. Add two virtual nodes, `s` joined to every
//! stone on the colour's first side and `t` joined to every stone on its second side; then chains are `s`–`t`
//! paths and "one stone lies on every chain" means "one stone separates `s` from `t`". By Menger's theorem the
//! smallest set of stones separating `s` from `t` is as large as the largest family of `s`–`t` paths that share
//! no stone (`s` and `t` are never joined directly, so the theorem applies). The question is therefore whether
//! that maximum is exactly 1, which is a max-flow question with unit capacity on each stone: split every stone
//! `v` into `v_in → v_out` of capacity 1, and give every other arc unbounded capacity.
//!
//! 1. One breadth-first search per colour over the plain board finds whether the colour links and, if it does,
//!    one chain `p1 … pk`; this is one unit of flow.
//! 2. For the linking colour, one more breadth-first search in the residual network looks for a second unit.
//!    Ford–Fulkerson says a second unit exists exactly when `t` is reachable there, i.e. exactly when no single
//!    stone cuts every chain. In the residual network only the chain's arcs change: `pi_in → pi_out` is full, so
//!    it runs backwards (`pi_out → pi_in`), and each used arc `p(i-1)_out → pi_in` gains a reverse arc
//!    `pi_in → p(i-1)_out`; every unbounded arc keeps its forward direction.
//!
//! Each search visits each stone (or each half of a split stone) once and looks at six neighbours, so the whole
//! verdict is O(N²) time and memory. A single stone on both sides (N = 1) is a chain of one stone: the flow
//! saturates it, the residual search cannot leave `v_in`, and the verdict is a win, as it should be.
//!
//! The board is copied into a grid with a one-cell empty border, so neighbour lookups need no bounds tests, and
//! each cell's byte also carries its side and search marks. Searches are iterative (an explicit queue), and all
//! work arrays are allocated once per call, before any search. On a random board whether a neighbour joins a
//! search is a coin toss that a branch would mispredict half the time, so the hot loops use masks instead: the
//! queue always receives the neighbour and its end only moves when the neighbour really joins.

use games::hex::{Board, Stone, Verdict};

/// The low two bits of a grid byte: which stone, 0 for empty cells and the border.
const COLOUR: u8 = 0b11;
const BLUE: u8 = 1;
const RED: u8 = 2;
/// On the second side *of the stone's own colour* (Red: bottom row, Blue: right column), where a search ends. A cell
/// holds one colour, so one bit serves both. Searches start from `first_side`, which needs no mark.
const SECOND_SIDE: u8 = 1 << 3;
/// On the chain the first search found (the cells carrying the first unit of flow).
const ON_PATH: u8 = 1 << 4;
/// The residual search reached `v_in` / `v_out`.
const SEEN_IN: u8 = 1 << 5;
const SEEN_OUT: u8 = 1 << 6;
/// The first search reached the stone.
const REACHED: u8 = 1 << 7;

/// `from` entry of a stone the first search started on, i.e. reached straight from `s`. Any other reached stone
/// holds the index, in `neighbours` of its parent, of the step that reached it.
const FROM_SOURCE: u8 = 6;

/// The verdict on one board; see the module documentation for the method.
pub fn verdict(board: &Board) -> Verdict {
    let (grid, blue, red) = grid_of(board);
    if blue.abs_diff(red) > 1 {
        return Verdict::Impossible;
    }
    let mut search = Search::new(board.size(), grid, blue.max(red));
    let blue_end = search.first_chain(BLUE);
    let red_end = search.first_chain(RED);
    let (winner, end, own, other) = match (blue_end, red_end) {
        (None, None) => return Verdict::NobodyWins,
        // Hex topology forbids this, but a hand-made board may still claim it.
        (Some(_), Some(_)) => return Verdict::Impossible,
        (Some(end), None) => (Stone::Blue, end, blue, red),
        (None, Some(end)) => (Stone::Red, end, red, blue),
    };
    // The winner moved last, so it cannot be behind.
    if own < other {
        return Verdict::Impossible;
    }
    let colour = if winner == Stone::Blue { BLUE } else { RED };
    if search.second_chain(colour, end) {
        // Two stone-disjoint chains: whichever stone came last, the game had already ended.
        Verdict::Impossible
    } else {
        Verdict::wins(winner)
    }
}

/// The board in a grid of side N + 2 with an empty border, each byte holding colour and side bit; and the Blue
/// and Red stone counts.
fn grid_of(board: &Board) -> (Vec<u8>, usize, usize) {
    let n = board.size();
    let w = n + 2;
    let mut grid = vec![0u8; w * w];
    for (r, (row, out)) in board.as_slice().chunks_exact(n).zip(grid.chunks_exact_mut(w).skip(1)).enumerate() {
        let red_side = if r == n - 1 { SECOND_SIDE } else { 0 };
        for (cell, &stone) in out[1..=n].iter_mut().zip(row) {
            let code = match stone {
                None => 0,
                Some(Stone::Blue) => BLUE,
                Some(Stone::Red) => RED,
            };
            // Red's side depends on the row only; the mask (all ones for Red) keeps random boards branch-free.
            *cell = code | (red_side & 0u8.wrapping_sub(code >> 1));
        }
        // Blue's second side is the last column.
        if out[n] & COLOUR == BLUE {
            out[n] |= SECOND_SIDE;
        }
    }
    // Counting apart from the copy lets both loops vectorise.
    let blue = grid.iter().filter(|&&b| b & COLOUR == BLUE).count();
    let red = grid.iter().filter(|&&b| b & COLOUR == RED).count();
    (grid, blue, red)
}

/// Grid indices of the first side of `colour`: Red's top row, Blue's left column (border excluded).
fn first_side(n: usize, colour: u8) -> impl Iterator<Item = usize> {
    let w = n + 2;
    let step = if colour == RED { 1 } else { w };
    (1..=n).map(move |k| w + 1 + (k - 1) * step)
}

/// The six Hex neighbours of a grid index; the border makes all of them valid indices. Entries `k` and `5 - k`
/// are opposite steps, which is how `from` leads back to a parent.
#[inline(always)]
fn neighbours(v: usize, w: usize) -> [usize; 6] {
    [v - w, v - w + 1, v - 1, v + 1, v + w - 1, v + w]
}

/// The work arrays of one verdict.
struct Search {
    n: usize,
    w: usize,
    grid: Vec<u8>,
    /// For each stone the first search reached: how it was reached (see `FROM_SOURCE`). Stones of different
    /// colours never share an entry, so one array serves both colours' searches.
    from: Vec<u8>,
    /// Grid indices in the first search, `2 * cell` (`cell_in`) or `2 * cell + 1` (`cell_out`) in the residual
    /// one. Each search queues each stone, or each half of a split stone, at most once; the one extra slot takes
    /// the unconditional write past the live end.
    queue: Vec<u32>,
}

impl Search {
    fn new(n: usize, grid: Vec<u8>, most_stones: usize) -> Search {
        let w = n + 2;
        Search { n, w, from: vec![0; w * w], queue: vec![0; 2 * most_stones + 1], grid }
    }

    /// The stone that reached `v` in the first search, or `None` if `v` was a starting stone.
    fn parent(&self, v: usize) -> Option<usize> {
        match self.from[v] {
            FROM_SOURCE => None,
            k => Some(neighbours(v, self.w)[5 - usize::from(k)]),
        }
    }

    /// Breadth-first search from the first side of `colour`. Returns the first stone reached on the second side,
    /// with `from` leading back from it to the first side, or `None` when the colour does not link.
    fn first_chain(&mut self, colour: u8) -> Option<usize> {
        let (n, w) = (self.n, self.w);
        let (grid, from, queue) = (&mut self.grid, &mut self.from, &mut self.queue);
        let mut tail = 0;
        for s in first_side(n, colour) {
            if grid[s] & COLOUR == colour {
                grid[s] |= REACHED;
                from[s] = FROM_SOURCE;
                queue[tail] = s as u32;
                tail += 1;
            }
        }
        // The queue's head counts itself (no `head += 1` to get wrong and spin on one entry for ever).
        for head in 0.. {
            if head == tail {
                break;
            }
            let v = queue[head] as usize;
            if grid[v] & SECOND_SIDE != 0 {
                return Some(v);
            }
            for (k, u) in neighbours(v, w).into_iter().enumerate() {
                let cell = grid[u];
                let joins = u8::from(cell & (COLOUR | REACHED) == colour);
                let mask = 0u8.wrapping_sub(joins);
                grid[u] = cell | (REACHED & mask);
                from[u] ^= (from[u] ^ k as u8) & mask;
                queue[tail] = u as u32;
                tail += usize::from(joins);
            }
        }
        None
    }

    /// Marks the chain ending at `end` as carrying the first unit of flow. A chain holds each stone once, so a walk
    /// longer than the grid means `from` has a cycle: a bug, which panics here rather than spinning for ever.
    fn mark_chain(&mut self, end: usize) {
        let mut v = end;
        for _ in 0..self.grid.len() {
            self.grid[v] |= ON_PATH;
            match self.parent(v) {
                None => return,
                Some(p) => v = p,
            }
        }
        panic!("the chain the first search found, from grid index {end} back, loops");
    }

    /// Whether a second unit of flow exists once the chain ending at `end` carries the first, i.e. whether
    /// `colour` has two chains that share no stone.
    fn second_chain(&mut self, colour: u8, end: usize) -> bool {
        self.mark_chain(end);

        let mut tail = 0;
        // `s → v_in` arcs are unbounded, so every first-side stone stays an entry point, the chain's own included.
        for s in first_side(self.n, colour) {
            if self.grid[s] & COLOUR == colour {
                self.grid[s] |= SEEN_IN;
                self.queue[tail] = 2 * s as u32;
                tail += 1;
            }
        }
        for head in 0.. {
            if head == tail {
                break;
            }
            let state = self.queue[head];
            let v = (state >> 1) as usize;
            if state & 1 == 0 {
                // From v_in the only arc is v_in → v_out, unless the chain fills it; then the only way on is back
                // along the chain's incoming arc (to nowhere useful when that arc came from `s`).
                let next = if self.grid[v] & ON_PATH == 0 {
                    v
                } else {
                    match self.parent(v) {
                        None => continue,
                        Some(p) => p,
                    }
                };
                if self.grid[next] & SEEN_OUT == 0 {
                    self.grid[next] |= SEEN_OUT;
                    self.queue[tail] = 2 * next as u32 + 1;
                    tail += 1;
                }
            } else {
                // `v_out → t` is unbounded, so reaching any second-side stone's out-half completes a second path.
                // The chain's last stone cannot be reached here: its out-half has no residual arc coming in.
                if self.grid[v] & SECOND_SIDE != 0 {
                    return true;
                }
                if self.grid[v] & (ON_PATH | SEEN_IN) == ON_PATH {
                    self.grid[v] |= SEEN_IN;
                    self.queue[tail] = 2 * v as u32;
                    tail += 1;
                }
                let (grid, queue) = (&mut self.grid, &mut self.queue);
                for u in neighbours(v, self.w) {
                    let cell = grid[u];
                    let joins = u8::from(cell & (COLOUR | SEEN_IN) == colour);
                    grid[u] = cell | (SEEN_IN & 0u8.wrapping_sub(joins));
                    queue[tail] = 2 * u as u32;
                    tail += usize::from(joins);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::hex::{Cell, parse};

    fn check_set(input: &str, answers: &str) {
        let boards = parse(input).expect("official input parses");
        let expected: Vec<&str> = answers.lines().collect();
        assert_eq!(boards.len(), expected.len());
        for (i, (board, want)) in boards.iter().zip(expected).enumerate() {
            let got = format!("Case #{}: {}", i + 1, verdict(board));
            assert_eq!(got, want.trim_end(), "board {board:?}");
        }
    }

    #[test]
    fn official_sample() {
        check_set(include_str!("../../tests/data/hex/sample.in"), include_str!("../../tests/data/hex/sample.ans"));
    }

    #[test]
    fn official_small() {
        check_set(include_str!("../../tests/data/hex/small.in"), include_str!("../../tests/data/hex/small.ans"));
    }

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("hand-made board parses")
    }

    /// The verdict, also checked against the mirrored (colour-swapped) and half-turned boards.
    fn judged(b: &Board) -> Verdict {
        let v = verdict(b);
        assert_eq!(verdict(&b.transpose_swap()), v.swapped(), "transpose of {b:?}");
        assert_eq!(verdict(&b.rotate_half()), v, "half turn of {b:?}");
        v
    }

    #[test]
    fn single_cell() {
        assert_eq!(judged(&board(&["."])), Verdict::NobodyWins);
        assert_eq!(judged(&board(&["B"])), Verdict::BlueWins);
        assert_eq!(judged(&board(&["R"])), Verdict::RedWins);
    }

    #[test]
    fn one_bottleneck_stone() {
        // A two-wide Red band narrowed to (1, 1); Blue cannot cross the band.
        let b = board(&["RR.B", "BRBB", "RR.B", "RR.B"]);
        assert_eq!(judged(&b), Verdict::RedWins);
        // The bottleneck on a side row: only (0, 1) touches the top.
        let b = board(&["BRB.", "RRBB", "RR.B", "RR.B"]);
        assert_eq!(judged(&b), Verdict::RedWins);
    }

    #[test]
    fn two_wide_band_has_no_bottleneck() {
        // Columns 0 and 1 are two stone-disjoint chains.
        let b = board(&["RRBB", "RRB.", "RRBB", "RRBB"]);
        assert_eq!(judged(&b), Verdict::Impossible);
    }

    #[test]
    fn two_disjoint_chains() {
        let b = board(&["RBR.B", "RBR.B", "RBR.B", "RBR.B", "RBR.B"]);
        assert_eq!(judged(&b), Verdict::Impossible);
        // Stop the right chain short of the bottom and join it to the left one: (4, 0) is now on every chain.
        let b = board(&["RBR.B", "RRR.B", "RBR.B", "RBR.B", "RB..B"]);
        assert_eq!(judged(&b), Verdict::RedWins);
    }

    #[test]
    fn winner_behind_or_counts_apart() {
        // Red links with 4 stones against Blue's 5.
        let b = board(&["RBB", "RBB", "RB."]);
        assert_eq!(judged(&b), Verdict::Impossible);
        // Counts two apart, nobody linked.
        assert_eq!(judged(&board(&["BB", ".."])), Verdict::Impossible);
        // A zigzag chain: every stone is a bottleneck.
        let b = board(&["R.B", "RRB", ".RB"]);
        assert_eq!(judged(&b), Verdict::RedWins);
    }

    #[test]
    fn both_colours_claimed_never_panic() {
        // Hex topology forbids both linking, so any board gives some verdict; this one has both near-complete.
        let b = board(&["RRRB", "BBBB", "RRRR", "BBBR"]);
        let _ = judged(&b);
    }

    /// Flood fill from `stone`'s first side, treating `without` as empty.
    fn links(b: &Board, stone: Stone, without: Option<Cell>) -> bool {
        let n = b.size();
        {
            let at = |r: usize, c: usize| {
                Some(Cell { row: r, col: c }) != without && b.get(Cell { row: r, col: c }) == Some(stone)
            };
            let mut seen = vec![false; n * n];
            let mut stack = Vec::new();
            for k in 0..n {
                let (r, c) = if stone == Stone::Red { (0, k) } else { (k, 0) };
                if at(r, c) {
                    seen[r * n + c] = true;
                    stack.push((r, c));
                }
            }
            while let Some((r, c)) = stack.pop() {
                if (if stone == Stone::Red { r } else { c }) == n - 1 {
                    return true;
                }
                for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
                    let (nr, nc) = (r as isize + dr, c as isize + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < n && (nc as usize) < n {
                        let (nr, nc) = (nr as usize, nc as usize);
                        if at(nr, nc) && !seen[nr * n + nc] {
                            seen[nr * n + nc] = true;
                            stack.push((nr, nc));
                        }
                    }
                }
            }
            false
        }
    }

    /// Simple oracle for random cross-checks: flood fill, and flood fill again without each stone.
    fn slow(b: &Board) -> Verdict {
        let links = |stone: Stone, without: Option<Cell>| links(b, stone, without);
        let (blue, red) = (b.count(Stone::Blue), b.count(Stone::Red));
        if blue.abs_diff(red) > 1 {
            return Verdict::Impossible;
        }
        let winners: Vec<Stone> = [Stone::Blue, Stone::Red].into_iter().filter(|&s| links(s, None)).collect();
        match winners[..] {
            [] => Verdict::NobodyWins,
            [s] => {
                let own = b.count(s);
                if own < b.count(s.other()) || !b.stones(s).any(|cell| !links(s, Some(cell))) {
                    Verdict::Impossible
                } else {
                    Verdict::wins(s)
                }
            }
            _ => Verdict::Impossible,
        }
    }

    #[test]
    fn random_boards_match_flood_fill() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut seen = [0usize; 4];
        for round in 0..20_000 {
            let n = 1 + (next() % 9) as usize;
            let mut b = Board::new(n);
            // Play a random game, sometimes past its end or with an uneven sprinkle, to cover every verdict.
            let density = next() % 101;
            let bias = next() % 3;
            let mut mover = if next() % 2 == 0 { Stone::Blue } else { Stone::Red };
            for cell in b.cells().collect::<Vec<_>>() {
                if next() % 100 < density {
                    let stone = if bias == 0 {
                        mover
                    } else if next() % 2 == 0 {
                        Stone::Blue
                    } else {
                        Stone::Red
                    };
                    b.set(cell, Some(stone));
                    mover = mover.other();
                }
            }
            let want = slow(&b);
            assert_eq!(verdict(&b), want, "round {round}: {b:?}");
            seen[Verdict::ALL.iter().position(|&v| v == want).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&k| k > 100), "verdict mix {seen:?}");
    }

    /// The flow step alone, on dense boards whatever their counts: the count rules would hide most boards whose
    /// first chain weaves between two disjoint chains, the case that needs the residual network's back arcs.
    #[test]
    fn bottleneck_search_matches_removal() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut outcomes = [0usize; 2];
        for round in 0..20_000 {
            let n = 1 + (next() % 10) as usize;
            let red_share = 50 + next() % 50;
            let mut b = Board::new(n);
            for cell in b.cells().collect::<Vec<_>>() {
                let roll = next() % 100;
                b.set(
                    cell,
                    if roll < red_share {
                        Some(Stone::Red)
                    } else if roll < 95 {
                        Some(Stone::Blue)
                    } else {
                        None
                    },
                );
            }
            if !links(&b, Stone::Red, None) {
                continue;
            }
            let want_cut = b.stones(Stone::Red).any(|cell| !links(&b, Stone::Red, Some(cell)));
            let (grid, blue, red) = grid_of(&b);
            let mut search = Search::new(n, grid, blue.max(red));
            let end = search.first_chain(RED).expect("Red links");
            let two = search.second_chain(RED, end);
            assert_eq!(two, !want_cut, "round {round}: {b:?}");
            outcomes[usize::from(two)] += 1;
        }
        assert!(outcomes.iter().all(|&k| k > 1000), "outcomes {outcomes:?}");
    }

    #[test]
    fn big_single_column() {
        let n = 2000;
        let mut b = Board::new(n);
        for row in 0..n {
            b.set(Cell { row, col: 0 }, Some(Stone::Red));
            if row > 0 {
                b.set(Cell { row, col: 2 }, Some(Stone::Blue));
            }
        }
        assert_eq!(verdict(&b), Verdict::RedWins);
        assert_eq!(verdict(&b.transpose_swap()), Verdict::BlueWins);
        // A second, disjoint column and enough Blue to balance it.
        for row in 0..n {
            b.set(Cell { row, col: n - 1 }, Some(Stone::Red));
            b.set(Cell { row, col: 4 }, Some(Stone::Blue));
        }
        assert_eq!(verdict(&b), Verdict::Impossible);
    }
}

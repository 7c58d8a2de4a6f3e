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
//! their work arrays are allocated once per call, before any search. On a random board whether a neighbour joins a
//! search is a coin toss that a branch would mispredict half the time, so the hot loops use masks instead: the
//! queue always receives the neighbour and its end only moves when the neighbour really joins.
//!
//! # Witness
//!
//! [`certified`] also returns why its verdict holds (see [`Witness`]). Every chain it gives is read off a search:
//! the first search's `from` marks lead back from its end to the first side, and breadth-first order makes that
//! chain touch each side once. For a win, the cut is the stone where the residual search stops along the chain
//! (see `Search::cut`). For two chains, the residual search records how it entered each in-half, the augmenting
//! path is replayed from `t`, and the two chains are read off the flow of value 2 (see `Search::two_chains`).

use games::hex::{Board, Cell, Stone, Verdict, Witness};

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
/// The low bits of `from`: the first search's step. The residual search keeps how it entered `v_in` in the bits
/// above, so that the parents it still reads stay intact: the same step codes, or `FROM_OWN_OUT` for the
/// reverse of a full `v_in → v_out`.
const FIRST_STEP: u8 = 0b111;
const IN_SHIFT: u32 = 3;
const IN_STEP: u8 = 0b111 << IN_SHIFT;
const FROM_OWN_OUT: u8 = 7;

/// The verdict on one board; see the module documentation for the method. It is `certified`'s: the witness costs a
/// walk along one or two chains on top of the searches, which did not show in `gamecheck solve` on twelve N = 2000
/// boards with the counts in range (about 0.3 s user time with or without it).
pub fn verdict(board: &Board) -> Verdict {
    certified(board).0
}

/// The verdict with its witness (see games::hex::Witness), in O(N²) time and memory.
pub fn certified(board: &Board) -> (Verdict, Witness) {
    let (grid, blue, red) = grid_of(board);
    if blue.abs_diff(red) > 1 {
        return (Verdict::Impossible, Witness::Counts);
    }
    let mut search = Search::new(board.size(), grid, blue.max(red));
    let blue_end = search.first_chain(BLUE);
    let red_end = search.first_chain(RED);
    let (winner, end, own, other) = match (blue_end, red_end) {
        (None, None) => return (Verdict::NobodyWins, Witness::NobodyWins),
        // Hex topology forbids this, but a hand-made board may still claim it.
        (Some(blue), Some(red)) => {
            let (red, blue) = (search.cells(&search.chain(red)), search.cells(&search.chain(blue)));
            return (Verdict::Impossible, Witness::BothChains { red, blue });
        }
        (Some(end), None) => (Stone::Blue, end, blue, red),
        (None, Some(end)) => (Stone::Red, end, red, blue),
    };
    let chain = search.chain(end);
    // The winner moved last, so it cannot be behind.
    if own < other {
        return (Verdict::Impossible, Witness::WinnerBehind { chain: search.cells(&chain) });
    }
    let colour = if winner == Stone::Blue { BLUE } else { RED };
    match search.second_chain(colour, &chain) {
        // Two stone-disjoint chains: whichever stone came last, the game had already ended.
        Some(last) => {
            let [first, second] = search.two_chains(end, last).map(|c| search.cells(&c));
            (Verdict::Impossible, Witness::TwoChains { first, second })
        }
        None => {
            let cut = search.cells(&[search.cut(&chain)])[0];
            (Verdict::wins(winner), Witness::Win { chain: search.cells(&chain), cut })
        }
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

    /// The stone that reached `v` in the first search (in the flow of value 2, once `two_chains` has rewritten
    /// it), or `None` if `v` was a starting stone.
    fn parent(&self, v: usize) -> Option<usize> {
        match self.from[v] & FIRST_STEP {
            FROM_SOURCE => None,
            k => Some(neighbours(v, self.w)[5 - usize::from(k)]),
        }
    }

    fn cell(&self, v: usize) -> Cell {
        Cell { row: v / self.w - 1, col: v % self.w - 1 }
    }

    fn cells(&self, chain: &[usize]) -> Vec<Cell> {
        chain.iter().map(|&v| self.cell(v)).collect()
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

    /// The chain that `parent` leads back along from `end`, first side first, cut at its first stone on the
    /// second side. A breadth-first chain touches that side only at its end already; a chain of the flow of value 2
    /// may pass the side before it gets to `t`. A chain holds each stone once, so a walk longer than the grid means
    /// `from` has a cycle: a bug, which panics here rather than spinning for ever.
    fn chain(&self, end: usize) -> Vec<usize> {
        let mut chain = vec![end];
        while let Some(p) = self.parent(chain[chain.len() - 1]) {
            assert!(chain.len() < self.grid.len(), "the chain from grid index {end} back loops");
            chain.push(p);
        }
        chain.reverse();
        let last =
            chain.iter().position(|&v| self.grid[v] & SECOND_SIDE != 0).expect("a chain ends on the second side");
        chain.truncate(last + 1);
        chain
    }

    /// Puts the first unit of flow on `chain` (the first search's, first side first) and looks for a second unit in
    /// the residual network. Returns the stone whose out-half completes it, when `colour` has two chains that share
    /// no stone; `None` when one stone lies on every chain. Either way `cut` or `two_chains` reads the marks it leaves.
    fn second_chain(&mut self, colour: u8, chain: &[usize]) -> Option<usize> {
        for &v in chain {
            self.grid[v] |= ON_PATH;
        }

        let mut tail = 0;
        // `s → v_in` arcs are unbounded, so every first-side stone stays an entry point, the chain's own included.
        for s in first_side(self.n, colour) {
            if self.grid[s] & COLOUR == colour {
                self.grid[s] |= SEEN_IN;
                self.from[s] = self.from[s] & FIRST_STEP | FROM_SOURCE << IN_SHIFT;
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
                    return Some(v);
                }
                if self.grid[v] & (ON_PATH | SEEN_IN) == ON_PATH {
                    self.grid[v] |= SEEN_IN;
                    self.from[v] = self.from[v] & FIRST_STEP | FROM_OWN_OUT << IN_SHIFT;
                    self.queue[tail] = 2 * v as u32;
                    tail += 1;
                }
                let (grid, from, queue) = (&mut self.grid, &mut self.from, &mut self.queue);
                for (k, u) in neighbours(v, self.w).into_iter().enumerate() {
                    let cell = grid[u];
                    let joins = u8::from(cell & (COLOUR | SEEN_IN) == colour);
                    let mask = 0u8.wrapping_sub(joins);
                    grid[u] = cell | (SEEN_IN & mask);
                    from[u] ^= (from[u] ^ (k as u8) << IN_SHIFT) & IN_STEP & mask;
                    queue[tail] = 2 * u as u32;
                    tail += usize::from(joins);
                }
            }
        }
        None
    }

    /// After `second_chain` found no second unit: the stone of `chain` that lies on every chain. The residual
    /// search's reach R is closed under residual arcs, and the arcs leaving it form a minimum cut, here of capacity
    /// 1: one full `v_in → v_out` with `v_in` in R and `v_out` not. Along the chain, `p1_in` is in R (from `s`), and
    /// `p(i)_in` in R brings `p(i-1)_out` and then `p(i-1)_in` in too (reverse arcs), so every stone before `v` has
    /// both halves in R; a stone after `v` with a half in R would by the same steps bring `v_out` in. So `v` is the
    /// chain's first stone whose out-half the search did not reach.
    fn cut(&self, chain: &[usize]) -> usize {
        *chain.iter().find(|&&v| self.grid[v] & SEEN_OUT == 0).expect("a chain the residual search cannot cross")
    }

    /// After `second_chain` returned `last`: two chains that share no stone, the first unit of flow having ended
    /// at `end`. The augmenting path is replayed backwards from `last_out`; each in-half it enters from `s` or from
    /// another stone's out-half takes that as its predecessor in the flow of value 2, with the first search's step
    /// codes, so `parent` then leads back along the new flow. Every other stone of the flow keeps its first-search
    /// parent: a stone whose arc in the path cancels keeps nothing in the flow, or is entered anew by the path. With
    /// unit capacity on stones each stone has one predecessor, so walking back from the two ends gives two chains
    /// that share no stone (a cycle the flow may also carry is never reached from `t`'s side).
    fn two_chains(&mut self, end: usize, last: usize) -> [Vec<usize>; 2] {
        let w = self.w;
        // Rewriting parents as the replay goes would mislead its own search for a chain stone's successor.
        let mut entered = Vec::new();
        let (mut v, mut at_out) = (last, true);
        // The path enters each half of a stone at most once, and the queue has a slot for every half of every stone
        // of the colour and one more: past that many steps a parent link is broken, and looping would hide it.
        for _ in 0..self.queue.len() {
            if at_out {
                if self.grid[v] & ON_PATH != 0 {
                    // A full out-half is entered only by the reverse of the chain's arc onward, from its successor.
                    v = (neighbours(v, w).into_iter())
                        .find(|&c| self.grid[c] & ON_PATH != 0 && self.parent(c) == Some(v))
                        .expect("a chain stone the residual search left by its out-half has a successor");
                }
                at_out = false;
                continue;
            }
            match (self.from[v] & IN_STEP) >> IN_SHIFT {
                FROM_OWN_OUT => at_out = true,
                step => {
                    entered.push(v);
                    if step == FROM_SOURCE {
                        for &z in &entered {
                            self.from[z] = (self.from[z] & IN_STEP) >> IN_SHIFT;
                        }
                        return [self.chain(end), self.chain(last)];
                    }
                    v = neighbours(v, w)[5 - usize::from(step)];
                    at_out = true;
                }
            }
        }
        panic!("the augmenting path from grid index {last} back loops");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;
    use games::hex::{Cell, Hex};

    fn check_set(input: &str, answers: &str) {
        let boards = Hex::parse(input).expect("official input parses");
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
    /// Each of the three boards' witnesses is checked too.
    fn judged(b: &Board) -> Verdict {
        let v = witnessed(b).0;
        assert_eq!(witnessed(&b.transpose_swap()).0, v.swapped(), "transpose of {b:?}");
        assert_eq!(witnessed(&b.rotate_half()).0, v, "half turn of {b:?}");
        v
    }

    /// The rules' six steps, written out apart from `neighbours`' grid offsets.
    const STEPS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];

    /// `chain` is a chain of `stone`: its stones, each a neighbour of the one before, first side to last side.
    fn assert_chain(b: &Board, stone: Stone, chain: &[Cell]) {
        let along = |c: &Cell| if stone == Stone::Red { c.row } else { c.col };
        let (first, last) = (chain.first().expect("a chain has a stone"), chain.last().unwrap());
        assert_eq!((along(first), along(last)), (0, b.size() - 1), "{stone:?} chain {chain:?} on {b:?}");
        assert!(chain.iter().all(|&c| b.get(c) == Some(stone)), "{stone:?} chain {chain:?} on {b:?}");
        for pair in chain.windows(2) {
            let step = (pair[1].row as isize - pair[0].row as isize, pair[1].col as isize - pair[0].col as isize);
            assert!(STEPS.contains(&step), "{:?} to {:?} in {chain:?} on {b:?}", pair[0], pair[1]);
        }
    }

    /// `certified`'s answer, after checking its witness has the shape its verdict asks for; and `verdict` agrees.
    fn witnessed(b: &Board) -> (Verdict, Witness) {
        let (v, w) = certified(b);
        assert_eq!(verdict(b), v);
        let (blue, red) = (b.count(Stone::Blue), b.count(Stone::Red));
        match &w {
            Witness::Win { chain, cut } => {
                let stone = if v == Verdict::RedWins { Stone::Red } else { Stone::Blue };
                assert_eq!(v, Verdict::wins(stone));
                assert_chain(b, stone, chain);
                assert!(chain.contains(cut), "cut {cut:?} off the chain {chain:?} on {b:?}");
                assert!(!links(b, stone, Some(*cut)), "{stone:?} still links without {cut:?} on {b:?}");
            }
            Witness::Counts => assert!(v == Verdict::Impossible && blue.abs_diff(red) > 1),
            Witness::WinnerBehind { chain } => {
                let stone = b.get(chain[0]).expect("a chain starts on a stone");
                assert_chain(b, stone, chain);
                assert!(v == Verdict::Impossible && b.count(stone) < b.count(stone.other()));
            }
            Witness::TwoChains { first, second } => {
                let stone = b.get(first[0]).expect("a chain starts on a stone");
                assert_chain(b, stone, first);
                assert_chain(b, stone, second);
                assert!(first.iter().all(|c| !second.contains(c)), "{first:?} and {second:?} meet on {b:?}");
                assert_eq!(v, Verdict::Impossible);
            }
            Witness::BothChains { red, blue } => {
                assert_chain(b, Stone::Red, red);
                assert_chain(b, Stone::Blue, blue);
                assert_eq!(v, Verdict::Impossible);
            }
            Witness::NobodyWins => assert_eq!(v, Verdict::NobodyWins),
        }
        (v, w)
    }

    fn at(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    #[test]
    fn witness_of_each_kind() {
        // N = 1: the one stone is the chain and its cut.
        assert_eq!(witnessed(&board(&["R"])).1, Witness::Win { chain: vec![at(0, 0)], cut: at(0, 0) });
        assert_eq!(witnessed(&board(&["B"])).1, Witness::Win { chain: vec![at(0, 0)], cut: at(0, 0) });
        assert_eq!(witnessed(&board(&["."])).1, Witness::NobodyWins);
        // (0, 1) and (1, 1) each lie on every chain ((0, 0) does not touch (1, 1)); the flow's cut is the one that
        // the residual search meets first, nearest the top.
        let (_, w) = witnessed(&board(&["RR.B", "BRBB", "RR.B", "RR.B"]));
        assert!(matches!(w, Witness::Win { cut, .. } if cut == at(0, 1)), "{w:?}");
        // Full board, Red 5 against 4, the top row's only Red stone the cut.
        let (_, w) = witnessed(&board(&["RBB", "RRB", "BRR"]));
        assert!(matches!(w, Witness::Win { cut, .. } if cut == at(0, 0)), "{w:?}");
        // Two columns: the chains are those columns, whichever comes first.
        let (_, w) = witnessed(&board(&["RBR.B", "RBR.B", "RBR.B", "RBR.B", "RBR.B"]));
        let Witness::TwoChains { first, second } = w else { panic!("{w:?}") };
        let mut cols = [first[0].col, second[0].col];
        cols.sort();
        assert_eq!((cols, first.len(), second.len()), ([0, 2], 5, 5));
        assert_eq!(
            witnessed(&board(&["RBB", "RB.", "RB."])).1,
            Witness::WinnerBehind { chain: vec![at(0, 0), at(1, 0), at(2, 0)] }
        );
        assert_eq!(witnessed(&board(&["BB", ".."])).1, Witness::Counts);
        assert_eq!(witnessed(&board(&["R.B", ".B.", "R.."])).1, Witness::NobodyWins);
    }

    /// The first search's shortest chain, (0, 3) (1, 2) (2, 2) (3, 1) (4, 1), takes a piece of each of two
    /// disjoint chains; the second unit of flow enters (1, 2) from (1, 1) and cancels the arc from (0, 3), so
    /// neither chain shown is the first search's.
    #[test]
    fn two_chains_read_off_through_a_reverse_arc() {
        let b = board(&["RBBRB", "RRRRB", "BBRRB", "BRRB.", "BRRBB"]);
        let (_, w) = witnessed(&b);
        let Witness::TwoChains { first, second } = w else { panic!("{w:?}") };
        let left = vec![at(0, 0), at(1, 0), at(1, 1), at(1, 2), at(2, 2), at(3, 1), at(4, 1)];
        let right = vec![at(0, 3), at(1, 3), at(2, 3), at(3, 2), at(4, 2)];
        assert!([&first, &second] == [&left, &right] || [&first, &second] == [&right, &left], "{first:?} {second:?}");
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
        // Red links with 3 stones against Blue's 4 (the counts alone would allow it).
        let b = board(&["RBB", "RB.", "RB."]);
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
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut seen = [0usize; 4];
        for round in 0..20_000 {
            let n = 1 + (next() % 9) as usize;
            let mut b = Board::new(n);
            // Play a random game, sometimes past its end or with an uneven sprinkle, to cover every verdict.
            let density = next() % 101;
            let bias = next() % 3;
            let mut mover = if next().is_multiple_of(2) { Stone::Blue } else { Stone::Red };
            for cell in b.cells().collect::<Vec<_>>() {
                if next() % 100 < density {
                    let stone = if bias == 0 {
                        mover
                    } else if next().is_multiple_of(2) {
                        Stone::Blue
                    } else {
                        Stone::Red
                    };
                    b.set(cell, Some(stone));
                    mover = mover.other();
                }
            }
            let want = slow(&b);
            assert_eq!(witnessed(&b).0, want, "round {round}: {b:?}");
            seen[Verdict::ALL.iter().position(|&v| v == want).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&k| k > 100), "verdict mix {seen:?}");
    }

    /// The flow step alone, on dense boards whatever their counts: the count rules would hide most boards whose
    /// first chain weaves between two disjoint chains, the case that needs the residual network's back arcs.
    #[test]
    fn bottleneck_search_matches_removal() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1Du64);
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
            let chain = search.chain(end);
            let last = search.second_chain(RED, &chain);
            let two = last.is_some();
            assert_eq!(two, !want_cut, "round {round}: {b:?}");
            // The witnesses of this step, whatever the counts say.
            if let Some(last) = last {
                let [first, second] = search.two_chains(end, last).map(|c| search.cells(&c));
                assert_chain(&b, Stone::Red, &first);
                assert_chain(&b, Stone::Red, &second);
                assert!(first.iter().all(|c| !second.contains(c)), "{first:?} and {second:?} meet on {b:?}");
            } else {
                let cut = search.cell(search.cut(&chain));
                assert!(search.cells(&chain).contains(&cut) && !links(&b, Stone::Red, Some(cut)), "{cut:?} on {b:?}");
            }
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

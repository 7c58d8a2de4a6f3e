//! A second fast Havannah engine, written from the rules alone: the stones as (x, y) pairs in one sorted Vec,
//! bridges and forks by bisection over prefixes, rings by lifting stones off a board of empty intervals.
//! O(M log M) time and O(M) memory at any S up to 10^9; no hashing anywhere.
//!
//! **The board.** N = 2S − 1. Row x holds the cells lo(x) ≤ y ≤ hi(x) with lo(x) = max(1, x − S + 1) and
//! hi(x) = min(N, x + S − 1): that is 1 ≤ y ≤ N with |x − y| ≤ S − 1. The border cells are those on one of the six
//! border lines; rows 1 and N lie wholly on x = 1 and x = N, and in any other row only the two ends do (lo(x) is on
//! y = 1 or on x − y = S − 1, hi(x) on y = N or on y − x = S − 1, and no other cell of the row meets a line). A
//! cell is a corner if it is one of the six listed, else an edge cell of the one border line it lies on (two lines
//! meet only at corners); each corner and each edge is one bit of a mask.
//!
//! **Bridges and forks** only grow: a stone never leaves, so a group touching two corners (three edges) after move
//! k still does, grown, after any later move. So "bridge or fork after move k" is monotone in k and its first move
//! is found by bisection. Each probe starts from nothing: a fresh union-find over the prefix's stones, joined along
//! the pairs of neighbours both in the prefix, then each group's corner and edge masks are OR-ed and counted. The
//! neighbour pairs are found once, by binary search of (x, y + 1), (x + 1, y) and (x + 1, y + 1) in the sorted
//! stones (the other three directions are the same pairs seen from the other end), and kept ordered by the move
//! that completes them, so a probe of k reads a prefix of them.
//!
//! **Rings** are not monotone (filling the last enclosed cell removes one), so they are found backwards. After
//! move M the empty cells of a row holding stones are maximal intervals between its stones and its ends. An
//! interval holding a border cell (one at a row end, or any interval of row 1 or N) is outside: the band of empty
//! cells round the board is a neighbour of every border cell, since every border cell has a neighbour off the
//! board and no other cell has. A row holding no stone is one interval with border cells at both ends: outside.
//! The code takes every row to run from y = 1 to N, and rows 0 and N + 1 to exist without stones: the cells
//! this adds are off the board, and they fall only into intervals that are outside already (one holding a row end,
//! a stoneless row), while an interval between two stones lies inside its row and meets in the next row only cells
//! of the board (a row's ends move by at most one from one row to the next). The joins are the same, and rows 1
//! and N need no case of their own: each of their intervals meets the stoneless row beyond.
//! Cell (x, y) has (x + 1, y) and (x + 1, y + 1) above it, so the interval [a, b] of row x meets the cells [a, b + 1]
//! of row x + 1, and intervals [a, b] of row x and [c, d] of row x + 1 are joined exactly when c ≤ b + 1 and
//! a ≤ d. Two intervals of one row are never neighbours (a stone lies between them). These joins are made once,
//! by a merge of the two rows' sorted interval lists. Then the stones are lifted off from the last move back:
//! lifting stone k turns the position after move k into the one after move k − 1, and the lifted cell is a new
//! empty node joined to each empty neighbour's node: a stone lifted earlier (placed after k), the interval of the
//! position after move M that the neighbour lies in (found by binary search among the stones of its row; an end
//! interval or a stoneless row is the outside), or the outside itself for a neighbour off the board (which only a
//! border cell has). Stones not yet lifted are no neighbours to join. A ring stands after move k exactly when some
//! empty component then does not hold the outside: every empty node adds one component as it appears and every
//! union of two components takes one away, so the count of components without the outside is kept in O(1) a step.
//!
//! The answer is the first move t that has a bridge, fork or ring: bridge and fork stand after t exactly when
//! their first move is t (they stay once formed, and none came before t), the ring exactly when its first is t.
//!
//! **Measured** (release, 2 shared cores under load; CPU seconds and peak memory of the whole test process, by
//! `/usr/bin/time -v` on the test binary that `cargo test -p oracles --release intervals --no-run` names, run with
//! `--ignored --nocapture --exact havannah::intervals::tests::<name>`): S = 10^9, M = 10^6 in a 1000 × 1000
//! patch, row by row 0.6 s and shuffled 1.0 s, 87 MB; the whole board of side 577 (M = 997 057) shuffled 1.0 s,
//! 87 MB; the bisection's worst case, a bridge along an edge of side 10^6 that move 10^6 completes, 1.9 s, 66 MB.
//! The wall clock under that load (about 12 jobs on the 2 cores) was three times the CPU time.

use games::havannah::{Answer, Game, Structures};

/// A stone as the sorted list keeps it: its cell and the move (1-based) that placed it.
#[derive(Clone, Copy, Debug)]
struct Stone {
    x: u32,
    y: u32,
    placed: u32,
}

/// The first move after which a bridge, fork or ring stands, with every kind standing then; see the module doc.
pub fn answer(game: &Game) -> Answer {
    let board = Board::new(game.size);
    let mut stones: Vec<Stone> =
        game.moves.iter().enumerate().map(|(i, c)| Stone { x: c.x, y: c.y, placed: i as u32 + 1 }).collect();
    stones.sort_unstable_by_key(|s| (s.x, s.y));
    let mut by_move = vec![0; stones.len()];
    for (i, s) in stones.iter().enumerate() {
        by_move[s.placed as usize - 1] = i as u32;
    }
    let sorted = Sorted { board, stones, by_move };

    let neighbourhood = sorted.neighbourhood();
    let ring = sorted.first_ring(&neighbourhood);
    // Nothing after the first ring can be the answer, so bridges and forks are looked for only up to it.
    let last = ring.unwrap_or(game.moves.len());
    let links = sorted.links(&neighbourhood);
    drop(neighbourhood);
    let mut probe = Probe::new(sorted.stones.len());
    let found = |probe: &mut Probe, k: usize| {
        let (bridge, fork) = probe.bridge_and_fork(&links, k);
        bridge || fork
    };
    // The last k with found(k) false, built one bit at a time from the top (found(0) is false: no stones yet), in
    // as many probes as `last` has bits; a step past `last` probes `last`, which is true, so it is not taken.
    let first = if found(&mut probe, last) {
        let mut low = 0;
        for bit in (0..usize::BITS - last.leading_zeros()).rev() {
            let k = (low + (1 << bit)).min(last);
            if !found(&mut probe, k) {
                low = k;
            }
        }
        Some(low + 1)
    } else {
        ring
    };
    match first {
        None => Answer::None,
        Some(at_move) => {
            let (bridge, fork) = probe.bridge_and_fork(&links, at_move);
            Answer::Win { structures: Structures { bridge, fork, ring: ring == Some(at_move) }, at_move }
        }
    }
}

/// The board's shape: which cells exist, which are corners and edges.
#[derive(Clone, Copy, Debug)]
struct Board {
    s: i64,
    /// N = 2S − 1, the last row and column.
    n: i64,
}

impl Board {
    fn new(size: u32) -> Board {
        let s = i64::from(size);
        Board { s, n: 2 * s - 1 }
    }

    /// The corner bit (one of six) and the edge bit (one of six) of a cell; a corner is on no edge.
    fn touches(self, x: i64, y: i64) -> (u8, u8) {
        let (s, n) = (self.s, self.n);
        let corners = [(1, 1), (1, s), (s, 1), (s, n), (n, s), (n, n)];
        if let Some(i) = corners.iter().position(|&c| c == (x, y)) {
            return (1 << i, 0);
        }
        let lines = [x == 1, y == 1, x == n, y == n, x - y == s - 1, y - x == s - 1];
        // At most one line holds a cell that is not a corner.
        let edge = lines.iter().position(|&on| on).map_or(0, |i| 1 << i);
        (0, edge)
    }
}

/// The six steps to a neighbour: the first three go up in (x, y) order, the other three are their opposites.
const NEIGHBOURS: [(i64, i64); 6] = [(0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1)];

/// The stones sorted by (x, y), on their board, and which sorted index each move (from 0) placed.
struct Sorted {
    board: Board,
    stones: Vec<Stone>,
    by_move: Vec<u32>,
}

/// What the bridge-and-fork probes need, each stone named by its move (from 0) so that a probe of k works on the
/// first k of everything: the pairs of neighbouring stones ordered by the move that makes both present (that move
/// first), and each stone's corner and edge bits.
struct Links {
    pairs: Vec<(u32, u32, u32)>,
    touches: Vec<(u8, u8)>,
}

impl Sorted {
    /// What lies next to each stone in the directions of [`NEIGHBOURS`], as a node of [`Sorted::first_ring`]:
    /// stone j is node j, the empty interval of the last position after stone p (in p's row) is node m + p, the
    /// outside is node 2m (off the board, an interval at a row's end, or a row without stones).
    ///
    /// Where (x, y) + step lies among the stones is found by a merge, not a search: one step added to every stone
    /// keeps their (x, y) order, so walking the stones in order, each step's cells come in order too, and one cursor a
    /// step only moves forward. The cursor stops at the first stone not below the cell: that stone is on it, or the
    /// cell lies in the gap before it. (A binary search a cell, 6·10^6 of them for a game of 10^6 moves, was 28%
    /// of the Havannah metamorphic test's time.)
    fn neighbourhood(&self) -> Vec<[u32; 6]> {
        let stones = &self.stones;
        let m = stones.len();
        let outside = 2 * m as u32;
        let key = |s: &Stone| (i64::from(s.x), i64::from(s.y));
        let at = |i: usize| key(&stones[i]);
        let mut cursors = [0; 6];
        stones
            .iter()
            .map(|s| {
                let mut nodes = [outside; 6];
                for ((node, &(dx, dy)), cursor) in nodes.iter_mut().zip(&NEIGHBOURS).zip(&mut cursors) {
                    let cell = (i64::from(s.x) + dx, i64::from(s.y) + dy);
                    // Counted over the stones left, so the walk is bounded by them.
                    *cursor += stones[*cursor..].iter().take_while(|&t| key(t) < cell).count();
                    let p = *cursor;
                    // A neighbour off the board is never found between two stones of one row, since a row's cells
                    // are consecutive: it falls to the outside with the row ends and the rows without stones.
                    if p < m && at(p) == cell {
                        *node = p as u32;
                    } else if p > 0 && p < m && at(p - 1).0 == cell.0 && at(p).0 == cell.0 {
                        *node = (m + p - 1) as u32;
                    }
                }
                nodes
            })
            .collect()
    }

    fn links(&self, neighbourhood: &[[u32; 6]]) -> Links {
        let stones = &self.stones;
        let m = stones.len() as u32;
        let mut pairs = Vec::with_capacity(stones.len() * 3);
        for (s, next) in stones.iter().zip(neighbourhood) {
            // The first three directions go up in (x, y) order: each pair of neighbours once.
            for &j in next[..3].iter().filter(|&&j| j < m) {
                let t = stones[j as usize].placed;
                pairs.push((s.placed.max(t), s.placed - 1, t - 1));
            }
        }
        pairs.sort_unstable();
        let touches = self
            .by_move
            .iter()
            .map(|&i| {
                let s = stones[i as usize];
                self.board.touches(i64::from(s.x), i64::from(s.y))
            })
            .collect();
        Links { pairs, touches }
    }

    /// The first move after which an empty cell is shut in, by lifting the stones off from the last; see the
    /// module doc. Nodes: stone i is node i (empty once lifted), the gap after stone i in its row is node m + i,
    /// the outside is node 2m.
    fn first_ring(&self, neighbourhood: &[[u32; 6]]) -> Option<usize> {
        let (board, stones) = (self.board, &self.stones);
        let m = stones.len();
        let outside = 2 * m;
        let mut sets = UnionFind::new(2 * m + 1);
        // Empty components that do not hold the outside.
        let mut enclosed = 0usize;
        // A union of two components leaves one fewer without the outside: both were without it, or the one that
        // was not joins the outside's.
        let join = |sets: &mut UnionFind, enclosed: &mut usize, a: usize, b: usize| {
            if sets.union(a, b) {
                *enclosed -= 1;
            }
        };

        // The empty intervals of the position after the last move, row by row: (first y, last y, node). Every row
        // is taken to run from y = 1 to y = N, the board's whole span, and rows 0 and N + 1 to exist: the cells
        // added are off the board, which is what the outside is, and they only lengthen intervals that hold a row
        // end, which are outside already, or stoneless rows, which are wholly outside. So an interval at a row end
        // is outside, and every interval of rows 1 and N meets the stoneless row beyond, with no test of where a
        // row ends (the module doc has the exact ends, and why any wider ones give the same joins).
        let (first_y, last_y) = (1, board.n);
        let mut below: Vec<(i64, i64, usize)> = Vec::new();
        let mut here: Vec<(i64, i64, usize)> = Vec::new();
        let mut below_x = i64::MIN;
        // The sorted index of the row's first stone.
        let mut start = 0;
        let mut rows = stones.chunk_by(|a, b| a.x == b.x).peekable();
        while let Some(row) = rows.next() {
            let x = i64::from(row[0].x);
            here.clear();
            // The gap before the row's first stone holds its start; the gap after stone i is node m + i.
            let (mut from, mut gap) = (first_y, outside);
            for (i, stone) in row.iter().enumerate() {
                let y = i64::from(stone.y);
                if from < y {
                    if gap != outside {
                        enclosed += 1;
                    }
                    here.push((from, y - 1, gap));
                }
                (from, gap) = (y + 1, m + start + i);
            }
            here.push((from, last_y, outside));
            // The row below, if it holds no stone, is wholly outside.
            if below_x != x - 1 {
                below.clear();
                below.push((first_y, last_y, outside));
            }
            // [a, b] below meets [a, b + 1] here: the intervals below that meet [c, d] are a run of the sorted
            // list, from the first with c <= b + 1 to the last with a <= d.
            for &(c, d, q) in &here {
                let meets = below.partition_point(|&(_, b, _)| b + 1 < c);
                for &(_, _, p) in below[meets..].iter().take_while(|&&(a, _, _)| a <= d) {
                    join(&mut sets, &mut enclosed, p, q);
                }
            }
            // The row above, if it holds no stone, is wholly outside and meets every interval of this row.
            if rows.peek().is_none_or(|next| i64::from(next[0].x) != x + 1) {
                for &(_, _, p) in &here {
                    join(&mut sets, &mut enclosed, p, outside);
                }
            }
            std::mem::swap(&mut below, &mut here);
            below_x = x;
            start += row.len();
        }

        let mut first = None;
        for k in (1..=m).rev() {
            if enclosed > 0 {
                first = Some(k);
            }
            // Lift stone k: the position after move k − 1.
            let i = self.by_move[k - 1] as usize;
            enclosed += 1;
            for &node in &neighbourhood[i] {
                let node = node as usize;
                // A stone still on the board is no empty cell.
                if node < m && stones[node].placed as usize <= k {
                    continue;
                }
                join(&mut sets, &mut enclosed, i, node);
            }
        }
        assert_eq!(enclosed, 0, "an empty board has every cell outside");
        first
    }
}

/// One bridge-and-fork probe's scratch space, reused between probes but filled from nothing each time.
struct Probe {
    sets: UnionFind,
    masks: Vec<(u8, u8)>,
}

impl Probe {
    fn new(m: usize) -> Probe {
        Probe { sets: UnionFind::new(m), masks: vec![(0, 0); m] }
    }

    /// Whether the first k moves' stones hold a bridge, and a fork.
    fn bridge_and_fork(&mut self, links: &Links, k: usize) -> (bool, bool) {
        self.sets.reset(k);
        let present = links.pairs.partition_point(|&(at, _, _)| at as usize <= k);
        for &(_, a, b) in &links.pairs[..present] {
            self.sets.union(a as usize, b as usize);
        }
        self.masks[..k].fill((0, 0));
        let (mut bridge, mut fork) = (false, false);
        for (i, &(corners, edges)) in links.touches[..k].iter().enumerate() {
            let root = self.sets.find(i);
            let mask = &mut self.masks[root];
            mask.0 |= corners;
            mask.1 |= edges;
            bridge |= mask.0.count_ones() >= 2;
            fork |= mask.1.count_ones() >= 3;
        }
        (bridge, fork)
    }
}

/// Path halving over dense indices, each union putting the first root under the second: O(log n) a step
/// amortised (Tarjan and van Leeuwen), which the probes' sizes need, and nothing to balance, as which root ends on
/// top changes neither answer.
struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n as u32).collect() }
    }

    /// Makes the first n elements singletons again; the others are left as they are.
    fn reset(&mut self, n: usize) {
        for (i, p) in self.parent[..n].iter_mut().enumerate() {
            *p = i as u32;
        }
    }

    fn find(&mut self, mut a: usize) -> usize {
        // A path is shorter than the set, as unions make no cycle: the bound only turns a broken find into a
        // panic rather than a hang.
        for _ in 0..self.parent.len() {
            if self.parent[a] as usize == a {
                return a;
            }
            let up = self.parent[self.parent[a] as usize];
            self.parent[a] = up;
            a = up as usize;
        }
        unreachable!("a cycle of parents through {a}")
    }

    /// Joins the sets of a and b; whether they were apart.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a] = b as u32;
        a != b
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::time::Instant;

    use games::havannah::{Cell, Symmetry};

    use super::*;
    use crate::havannah::{backward, naive};
    use crate::order_chaos::xorshift;

    const BILLION: u32 = 1_000_000_000;

    fn cell(x: u32, y: u32) -> Cell {
        Cell { x, y }
    }

    fn win(text: &str) -> Answer {
        text.parse().expect("a well-formed answer")
    }

    fn game(size: u32, moves: Vec<Cell>) -> Game {
        let game = Game { size, moves };
        assert!(game.moves.iter().all(|&c| game.on_board(c)), "a hand-made game leaves the board");
        game
    }

    /// The answer to `game`, once each of the board's 12 symmetries is seen to give the same: a hand-made game
    /// at one corner or edge stands for the same game at every other.
    fn answer_turned(game: &Game) -> Answer {
        let found = answer(game);
        for symmetry in Symmetry::all() {
            assert_eq!(answer(&game.transformed(symmetry)), found, "{symmetry:?}");
        }
        found
    }

    /// The six neighbours of (x, y), each next to the one before and the last next to the first.
    fn around(x: u32, y: u32) -> Vec<Cell> {
        vec![cell(x, y + 1), cell(x + 1, y + 1), cell(x + 1, y), cell(x, y - 1), cell(x - 1, y - 1), cell(x - 1, y)]
    }

    fn shuffle(cells: &mut [Cell], random: &mut impl FnMut(u64) -> u64) {
        for i in (1..cells.len()).rev() {
            cells.swap(i, random(i as u64 + 1) as usize);
        }
    }

    /// The cells of the board within `radius` steps of `centre`, shuffled.
    fn window(size: u32, centre: Cell, radius: i64, random: &mut impl FnMut(u64) -> u64) -> Vec<Cell> {
        let board = Game { size, moves: Vec::new() };
        let mut cells = Vec::new();
        for dx in -radius..=radius {
            for dy in -radius..=radius {
                // Steps go along (0, ±1), (±1, 0) and ±(1, 1): the distance is the largest of |dx|, |dy|, |dx − dy|.
                if (dx - dy).abs() > radius {
                    continue;
                }
                let (x, y) = (i64::from(centre.x) + dx, i64::from(centre.y) + dy);
                if x >= 1 && y >= 1 && x <= i64::from(u32::MAX) && y <= i64::from(u32::MAX) {
                    let c = cell(x as u32, y as u32);
                    if board.on_board(c) {
                        cells.push(c);
                    }
                }
            }
        }
        shuffle(&mut cells, random);
        cells
    }

    /// A random game of side `size`: the whole board in a random order (all of it or a prefix), or a random
    /// prefix of a small patch, centred anywhere or on the rim, where rings, forks and bridges come sooner.
    fn random_game(size: u32, random: &mut impl FnMut(u64) -> u64) -> Game {
        let last = 2 * size - 1;
        let moves = match random(5) {
            4 => {
                // A band along the edge x = 1, turned to lie along any edge: bridges and forks on big boards.
                let width = 1 + random(3) as u32;
                let turned = Symmetry { turns: random(6) as u8, mirrored: random(2) == 0 };
                let mut cells: Vec<Cell> = Game { size, moves: Vec::new() }
                    .cells()
                    .filter(|c| c.x <= width)
                    .map(|c| turned.apply(size, c))
                    .collect();
                shuffle(&mut cells, random);
                cells
            }
            0 | 1 => {
                let mut cells: Vec<Cell> = Game { size, moves: Vec::new() }.cells().collect();
                shuffle(&mut cells, random);
                if random(2) == 0 {
                    cells.truncate(random(cells.len() as u64 + 1) as usize);
                }
                cells
            }
            choice => {
                let x = 1 + random(u64::from(last)) as u32;
                let (lo, hi) = (x.saturating_sub(size - 1).max(1), (x + size - 1).min(last));
                let y = match (choice, random(2)) {
                    (2, 0) => lo,
                    (2, _) => hi,
                    _ => lo + random(u64::from(hi - lo + 1)) as u32,
                };
                let mut cells = window(size, cell(x, y), 1 + random(u64::from(size).min(6)) as i64, random);
                cells.truncate(random(cells.len() as u64 + 1) as usize);
                cells
            }
        };
        Game { size, moves }
    }

    #[test]
    fn intervals_agree_with_the_naive_oracle_on_small_boards() {
        let mut random = xorshift(0x5eed_0f4a_5123_4567);
        let mut kinds = BTreeSet::new();
        for round in 0..3000 {
            let size = 2 + random(11) as u32;
            let game = random_game(size, &mut random);
            let expected = naive::answer(&game);
            assert_eq!(answer(&game), expected, "round {round}, S = {size}:\n{}", game.drawing());
            kinds.insert(expected.kinds());
        }
        // Every kind alone, a move completing two at once, and none: otherwise the games above test too little.
        for kind in ["none", "bridge", "fork", "ring"] {
            assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
        }
        assert!(kinds.iter().any(|k| k.contains('-')), "no move completing two kinds among {kinds:?}");
    }

    #[test]
    fn intervals_agree_with_the_backward_oracle_on_larger_boards() {
        let mut random = xorshift(0x0dd_ba11_cafe);
        let mut kinds = BTreeSet::new();
        for round in 0..400 {
            let size = 20 + random(181) as u32;
            let mut game = random_game(size, &mut random);
            // Whole boards of side up to 200 are slow to check by the hundred: most rounds are patches.
            while round % 20 != 0 && game.moves.len() > 2000 {
                game = random_game(size, &mut random);
            }
            let expected = backward::answer(&game);
            assert_eq!(answer(&game), expected, "round {round}, S = {size}, M = {}", game.moves.len());
            kinds.insert(expected.kinds());
        }
        for kind in ["none", "bridge", "fork", "ring"] {
            assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
        }
    }

    #[test]
    fn intervals_find_rings_of_six_anywhere_on_a_billion_board() {
        let (s, n) = (BILLION, 2 * BILLION - 1);
        // Deep inside, at the centre, next to a corner, next to the middle of an edge, all at odd offsets.
        let centres = [
            (987_654_321, 987_654_000),
            (s, s),
            (2, 2),
            (n - 1, n - 1),
            (n - 1, s),
            (123_456_789, 123_456_789 + s - 2),
        ];
        for (x, y) in centres {
            let ring = around(x, y);
            for turn in 0..6 {
                let mut moves = ring.clone();
                moves.rotate_left(turn);
                assert_eq!(answer_turned(&game(s, moves.clone())), win("ring in move 6"), "around ({x}, {y})");
                moves.pop();
                assert_eq!(answer_turned(&game(s, moves)), Answer::None, "five stones around ({x}, {y})");
            }
        }
    }

    #[test]
    fn intervals_find_the_same_rings_far_out_on_a_billion_board() {
        // A patch within 6 steps of the centre of a board of side 8 keeps off its border: no bridge or fork there,
        // only rings, and round the patch a loop of empty cells that reaches the border. Moved into a board of
        // side 10^9, deep inside or next to a corner or an edge, it must hold the same rings at the same moves.
        let (s, n) = (i64::from(BILLION), 2 * i64::from(BILLION) - 1);
        let shifts = [(987_654_313, 987_653_992), (0, 0), (n - 15, n - 15), (123_456_781, 123_456_781 + s - 16)];
        let mut random = xorshift(0x1234_5678_9abc_def1);
        let mut kinds = BTreeSet::new();
        for round in 0..300 {
            let mut moves = window(8, cell(8, 8), 1 + random(6) as i64, &mut random);
            moves.truncate(random(moves.len() as u64 + 1) as usize);
            let small = game(8, moves);
            let expected = naive::answer(&small);
            kinds.insert(expected.kinds());
            for (dx, dy) in shifts {
                let moved =
                    small.moves.iter().map(|c| cell((i64::from(c.x) + dx) as u32, (i64::from(c.y) + dy) as u32));
                let big = game(BILLION, moved.collect());
                assert_eq!(answer(&big), expected, "round {round}, moved by ({dx}, {dy}):\n{}", small.drawing());
            }
        }
        assert_eq!(kinds, BTreeSet::from(["none".to_string(), "ring".to_string()]));
    }

    #[test]
    fn intervals_let_no_border_close_a_ring() {
        let (s, n) = (BILLION, 2 * BILLION - 1);
        let board = Game { size: s, moves: Vec::new() };
        // An edge cell on x = 1, a corner, an edge cell on x − y = S − 1: every neighbour on the board is a stone,
        // the cell itself is empty, and yet it touches the band round the board.
        for (x, y) in [(1, 5), (n, n), (1_500_000_007, 500_000_008), (n, s + 77_777)] {
            let stones: Vec<Cell> = around(x, y).into_iter().filter(|&c| board.on_board(c)).collect();
            assert!(stones.len() < 6, "({x}, {y}) is not on the border");
            assert_eq!(answer_turned(&game(s, stones)), Answer::None, "around ({x}, {y})");
        }
        // The same on a small board, where the naive oracle can say it too.
        let stones = vec![cell(1, 2), cell(2, 2), cell(2, 3)];
        assert_eq!(answer_turned(&game(3, stones.clone())), Answer::None);
        assert_eq!(naive::answer(&game(3, stones)), Answer::None);
    }

    #[test]
    fn intervals_report_a_ring_that_is_filled_later() {
        let (x, y) = (987_654_321, 987_654_000);
        let mut moves = around(x, y);
        moves.push(cell(x, y));
        // Later stones elsewhere, one of them next to the filled ring: the last position has no ring at all.
        moves.extend([cell(x + 2, y + 1), cell(5, 5), cell(x - 300, y - 299)]);
        assert_eq!(answer_turned(&game(BILLION, moves)), win("ring in move 6"));
    }

    #[test]
    fn intervals_see_no_ring_around_stones_alone() {
        let (x, y) = (987_654_321, 987_654_000);
        let mut moves = vec![cell(x, y)];
        moves.extend(around(x, y));
        assert_eq!(answer_turned(&game(BILLION, moves)), Answer::None);
        // A loop of eight round two cells: with one filled first the other is still shut in when the loop
        // closes; with both filled first there is nothing.
        // (x + 1, y) is no neighbour of (x, y + 1): the loop ends on one that is, else it would close a move early.
        let loop_of_eight = vec![
            cell(x + 1, y),
            cell(x, y - 1),
            cell(x - 1, y - 1),
            cell(x - 1, y),
            cell(x - 1, y + 1),
            cell(x + 1, y + 2),
            cell(x + 1, y + 1),
            cell(x, y + 2),
        ];
        let mut moves = vec![cell(x, y)];
        moves.extend(&loop_of_eight);
        moves.push(cell(x, y + 1));
        assert_eq!(answer_turned(&game(BILLION, moves)), win("ring in move 9"));
        let mut moves = vec![cell(x, y + 1), cell(x, y)];
        moves.extend(&loop_of_eight);
        assert_eq!(answer_turned(&game(BILLION, moves)), Answer::None);
    }

    #[test]
    fn intervals_report_the_first_of_two_rings() {
        let (a, b) = ((987_654_321, 987_654_000), (987_654_330, 987_654_003));
        let (ring_a, ring_b) = (around(a.0, a.1), around(b.0, b.1));
        // Ring a closes at move 6 and is filled at 7, before ring b closes at 13.
        let mut moves = ring_a.clone();
        moves.push(cell(a.0, a.1));
        moves.extend(&ring_b);
        assert_eq!(answer_turned(&game(BILLION, moves)), win("ring in move 6"));
        // Ring a's cell is filled before its sixth stone, so the first ring is b's.
        let mut moves = ring_a[..5].to_vec();
        moves.push(cell(a.0, a.1));
        moves.push(ring_a[5]);
        moves.extend(&ring_b);
        assert_eq!(answer_turned(&game(BILLION, moves)), win("ring in move 13"));
    }

    #[test]
    fn intervals_find_bridges_and_forks_laid_out_by_hand() {
        let cases = [
            // Two opposite corners of the smallest board, joined through the centre.
            (2, vec![cell(1, 1), cell(3, 3), cell(2, 2)], win("bridge in move 3")),
            // Two corners along the edge x = 1, the gap closed last.
            (4, vec![cell(1, 1), cell(1, 4), cell(1, 2), cell(1, 3)], win("bridge in move 4")),
            // Edges x = 1, y = 1 and y = 2S − 1, joined by the last stone.
            (3, vec![cell(1, 2), cell(2, 1), cell(4, 5), cell(4, 4), cell(3, 3), cell(2, 2)], win("fork in move 6")),
            // Edge x = 1 and corner (S, 1): a corner is on no edge, so no fork.
            (3, vec![cell(1, 2), cell(2, 2), cell(3, 2), cell(3, 1)], Answer::None),
            // Edges x = 2S − 1, y − x = S − 1 and x − y = S − 1 of a bigger board, the three arms joined by the
            // centre's stone; then one more stone that changes nothing.
            (
                5,
                vec![
                    cell(9, 6),
                    cell(8, 6),
                    cell(7, 6),
                    cell(6, 6),
                    cell(4, 8),
                    cell(4, 7),
                    cell(5, 7),
                    cell(6, 2),
                    cell(6, 3),
                    cell(6, 4),
                    cell(5, 4),
                    cell(5, 5),
                    cell(5, 6),
                    cell(2, 2),
                ],
                win("fork in move 13"),
            ),
        ];
        for (size, moves, expected) in cases {
            let game = game(size, moves);
            assert_eq!(answer_turned(&game), expected, "S = {size}:\n{}", game.drawing());
            assert_eq!(naive::answer(&game), expected, "the naive oracle disagrees with the hand: S = {size}");
        }
    }

    /// Times one game, printed for `--nocapture`: figures belong in the docs, not in asserts.
    fn timed(what: &str, game: &Game) -> Answer {
        let start = Instant::now();
        let found = answer(game);
        println!("{what}: S = {}, M = {}: {found} in {:.2?}", game.size, game.moves.len(), start.elapsed());
        found
    }

    /// A 1000 × 1000 patch (a parallelogram on the board) deep inside a board of side 10^9.
    fn patch() -> Vec<Cell> {
        let (x0, y0) = (987_000_000, 986_999_321);
        (0..1000).flat_map(|i| (0..1000).map(move |j| cell(x0 + i, y0 + j))).collect()
    }

    #[test]
    #[ignore = "for measuring: cargo test -p oracles --release intervals -- --ignored --nocapture"]
    fn intervals_reach_a_billion_board_a_patch_row_by_row() {
        // Row by row, every empty cell still reaches the open rows above: nothing forms, every part runs to the end.
        assert_eq!(timed("patch row by row", &game(BILLION, patch())), Answer::None);
    }

    #[test]
    #[ignore = "for measuring: cargo test -p oracles --release intervals -- --ignored --nocapture"]
    fn intervals_reach_a_billion_board_a_patch_shuffled() {
        // In a random order a ring closes early, but the backward pass still lifts every stone.
        let mut moves = patch();
        shuffle(&mut moves, &mut xorshift(0x9e37_79b9_7f4a_7c15));
        assert!(matches!(timed("patch shuffled", &game(BILLION, moves)), Answer::Win { .. }));
    }

    #[test]
    #[ignore = "for measuring: cargo test -p oracles --release intervals -- --ignored --nocapture"]
    fn intervals_bisect_a_bridge_that_the_last_move_completes() {
        // The bisection's worst case: a bridge along the edge x = 1, its middle stone played last.
        let side = 1_000_000;
        let mut line: Vec<Cell> = (1..=side).filter(|&y| y != side / 2).map(|y| cell(1, y)).collect();
        shuffle(&mut line, &mut xorshift(0x9e37_79b9_7f4a_7c15));
        line.push(cell(1, side / 2));
        assert_eq!(timed("edge line", &game(side, line)), win("bridge in move 1000000"));
    }

    /// The largest whole board within M ≤ 10^6: S = 577, 997 057 cells, in a random order.
    fn whole_board() -> Game {
        let size = 577;
        let mut cells: Vec<Cell> = Game { size, moves: Vec::new() }.cells().collect();
        shuffle(&mut cells, &mut xorshift(0x2545_f491_4f6c_dd1d));
        game(size, cells)
    }

    #[test]
    #[ignore = "for measuring: cargo test -p oracles --release intervals -- --ignored --nocapture"]
    fn intervals_fill_a_whole_board_of_a_million_cells() {
        assert!(matches!(timed("whole board shuffled", &whole_board()), Answer::Win { .. }));
    }

    #[test]
    #[ignore = "slow (about 30 s in release): cargo test -p oracles --release intervals -- --ignored"]
    fn intervals_agree_with_the_backward_oracle_on_a_whole_board_of_a_million_cells() {
        let game = whole_board();
        assert_eq!(answer(&game), backward::answer(&game));
    }
}

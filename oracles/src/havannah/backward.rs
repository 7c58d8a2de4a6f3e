//! The backward oracle (see the parent module).
//!
//! Rings, from the rules: "some EMPTY cell cannot be reached from outside the board by walking through empty
//! cells (surround the board with a virtual band of empty cells and flood fill from it)". Instead of one flood
//! fill per move, every stone is placed on a dense board, the empty cells are joined in a union-find together with
//! one node standing for the whole virtual band ("outside"), and the stones are lifted off again from the last
//! move back to the first. Lifting a stone only ever joins regions, which a union-find does well; the state after
//! every move k is visited exactly once, and a ring exists there iff some empty region is apart from outside.
//!
//! Bridges and forks never disappear (stones are never removed, so groups only grow and merge), so the first move
//! with one is found by binary search over prefixes of the moves, each prefix checked from scratch with a flood
//! fill over its stones.
//!
//! Memory is O(S²) for the ring part: fine up to S ≈ 3000 (about 220 MB there), not for the project's S = 10⁹.

use std::collections::HashSet;

use games::havannah::{Answer, Cell, Game, Structures};

/// Rule: "Neighbours of (x, y): (x, y+1), (x+1, y+1), (x+1, y), (x, y−1), (x−1, y−1), (x−1, y), when on the
/// board." Whether the neighbour is on the board is checked by each user.
const NEIGHBOUR_STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// Rule: "Corners (6): (1,1), (1,S), (S,1), (S,2S−1), (2S−1,S), (2S−1,2S−1)." Which corner `cell` is, if any.
fn corner(size: i64, (x, y): (i64, i64)) -> Option<usize> {
    let (s, last) = (size, 2 * size - 1);
    [(1, 1), (1, s), (s, 1), (s, last), (last, s), (last, last)].iter().position(|&c| c == (x, y))
}

/// Rule: "Edges (6): the non-corner cells of x = 1, y = 1, x = 2S−1, y = 2S−1, x − y = S−1, y − x = S−1. A corner
/// belongs to no edge." The edges `cell` is on, as flags in that order.
fn edges(size: i64, (x, y): (i64, i64)) -> [bool; 6] {
    if corner(size, (x, y)).is_some() {
        return [false; 6];
    }
    let (s, last) = (size, 2 * size - 1);
    [x == 1, y == 1, x == last, y == last, x - y == s - 1, y - x == s - 1]
}

/// What a square of the dense board holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Square {
    /// Not a cell of the board: part of the virtual band of empty cells around it.
    OffBoard,
    Empty,
    Stone,
}

/// The board of side S drawn in the square 0 ≤ x, y ≤ 2S, index x·(2S+1) + y. The board itself is
/// 1 ≤ x, y ≤ 2S−1 with |x − y| ≤ S−1; every other square is off the board, and the one-square margin means every
/// neighbour of a board cell has an index. Empty cells live in a union-find with one more node, `outside`, that
/// stands for every off-board square at once: they are all empty and the rules join them into one band.
struct RingBoard {
    width: usize,
    squares: Vec<Square>,
    parent: Vec<u32>,
    outside: usize,
    /// How many sets the union-find holds among the empty cells and `outside`. Every set but outside's is an empty
    /// region cut off from outside, i.e. a ring.
    sets: usize,
}

impl RingBoard {
    /// The board with every cell a stone and nothing joined yet.
    fn full(size: u32) -> RingBoard {
        let s = size as usize;
        let width = 2 * s + 1;
        let mut squares = vec![Square::OffBoard; width * width];
        for x in 1..2 * s {
            for y in 1..2 * s {
                // Rule: "Cells are pairs (x, y) with 1 ≤ x, y ≤ 2S−1 and |x − y| ≤ S−1."
                if x.abs_diff(y) < s {
                    squares[x * width + y] = Square::Stone;
                }
            }
        }
        let outside = width * width;
        let parent = (0..=outside as u32).collect();
        RingBoard { width, squares, parent, outside, sets: 1 }
    }

    fn index(&self, cell: Cell) -> usize {
        cell.x as usize * self.width + cell.y as usize
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            // Path halving: point at the grandparent on the way up, so later finds are short.
            let grandparent = self.parent[self.parent[i] as usize];
            self.parent[i] = grandparent;
            i = grandparent as usize;
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b as u32;
            self.sets -= 1;
        }
    }

    /// Take the stone off board square `i` (a board cell): it becomes an empty region of its own, then joins every
    /// empty neighbour's region, and outside if it has a neighbour off the board (it is then on the board's border,
    /// next to the virtual band). Stone neighbours are skipped; they join this cell when they are freed in turn, so
    /// every pair of neighbouring empty cells is joined once both are empty, whatever the order of freeing.
    fn free(&mut self, i: usize) {
        if self.squares[i] != Square::Stone {
            return;
        }
        self.squares[i] = Square::Empty;
        self.sets += 1;
        let w = self.width as i64;
        for (dx, dy) in NEIGHBOUR_STEPS {
            // i is a board cell, so 1 ≤ x, y ≤ 2S−1 and the step stays inside the square.
            let n = (i as i64 + dx * w + dy) as usize;
            match self.squares[n] {
                Square::OffBoard => self.union(i, self.outside),
                Square::Empty => self.union(i, n),
                Square::Stone => {}
            }
        }
    }

    /// Whether some empty region cannot reach outside.
    fn has_ring(&self) -> bool {
        self.sets > 1
    }
}

/// The first move (1-based) after which a ring exists, if any, ignoring bridges and forks.
///
/// The board after all moves is built by freeing every cell that no move takes; then the moves are undone from
/// the last one back, giving the board after k moves for k = M, M−1, ..., 1 in turn. A ring may exist after some
/// move and vanish later (its hole filled), so the answer is the smallest k whose board has one, not the first k
/// met going backwards.
pub fn first_ring(game: &Game) -> Option<usize> {
    let mut board = RingBoard::full(game.size);
    let mut played = vec![false; board.squares.len()];
    for &c in &game.moves {
        played[board.index(c)] = true;
    }
    // `free` skips off-board squares: only board cells are stones.
    for (i, &taken) in played.iter().enumerate() {
        if !taken {
            board.free(i);
        }
    }
    let mut first = None;
    // Here the board is the one after all M moves; each turn checks the board after k moves, then undoes move k.
    for k in (1..=game.moves.len()).rev() {
        if board.has_ring() {
            first = Some(k);
        }
        let i = board.index(game.moves[k - 1]);
        board.free(i);
    }
    first
}

/// Whether, after the first `k` moves, some group touches two corners (a bridge) and whether some group touches
/// three different edges (a fork), from a flood fill over the stones of each group.
fn bridge_and_fork(game: &Game, k: usize) -> (bool, bool) {
    let size = i64::from(game.size);
    let stones: HashSet<(i64, i64)> = game.moves[..k].iter().map(|c| (i64::from(c.x), i64::from(c.y))).collect();
    let mut seen: HashSet<(i64, i64)> = HashSet::new();
    let (mut bridge, mut fork) = (false, false);
    for &start in &stones {
        if !seen.insert(start) {
            continue;
        }
        // One group: every stone reachable from `start` through neighbouring stones.
        let mut corners = [false; 6];
        let mut touched = [false; 6];
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            if let Some(c) = corner(size, cell) {
                corners[c] = true;
            }
            for (t, on) in touched.iter_mut().zip(edges(size, cell)) {
                *t |= on;
            }
            for (dx, dy) in NEIGHBOUR_STEPS {
                let next = (cell.0 + dx, cell.1 + dy);
                if stones.contains(&next) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        // Rules: "Bridge: a connected group touching at least two corners. Fork: a connected group touching at
        // least three different edges."
        bridge |= corners.iter().filter(|&&c| c).count() >= 2;
        fork |= touched.iter().filter(|&&t| t).count() >= 3;
    }
    (bridge, fork)
}

/// The first move after which a bridge or a fork exists. Binary search is sound because once a prefix has one,
/// every longer prefix has it too: the group only gains stones.
fn first_bridge_or_fork(game: &Game) -> Option<usize> {
    let has = |k: usize| {
        let (bridge, fork) = bridge_and_fork(game, k);
        bridge || fork
    };
    // Invariant: no prefix shorter than `low` has one; the prefix of length `high` has one, or high = M + 1.
    let (mut low, mut high) = (1, game.moves.len() + 1);
    while low < high {
        let mid = low + (high - low) / 2;
        if has(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    (low <= game.moves.len()).then_some(low)
}

/// The first move after which a bridge, fork or ring exists, with every kind present after that move.
///
/// Nothing existed before that move, so every kind present after it is one it completes. A ring counts only if
/// one exists after exactly that move, which holds iff that move is the first ring move.
pub fn answer(game: &Game) -> Answer {
    let ring = first_ring(game);
    let at_move = match (ring, first_bridge_or_fork(game)) {
        (None, None) => return Answer::None,
        (Some(r), None) => r,
        (None, Some(b)) => b,
        (Some(r), Some(b)) => r.min(b),
    };
    let (bridge, fork) = bridge_and_fork(game, at_move);
    Answer::Win { structures: Structures { bridge, fork, ring: ring == Some(at_move) }, at_move }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;
    use games::havannah::{Havannah, Symmetry};

    fn game(size: u32, moves: &[(u32, u32)]) -> Game {
        let game = Game { size, moves: moves.iter().map(|&(x, y)| Cell { x, y }).collect() };
        assert!(game.moves.iter().all(|&c| game.on_board(c)), "hand-made game leaves the board");
        let distinct: HashSet<Cell> = game.moves.iter().copied().collect();
        assert_eq!(distinct.len(), game.moves.len(), "hand-made game repeats a cell");
        game
    }

    fn win(kinds: &str, at_move: usize) -> Answer {
        format!("{kinds} in move {at_move}").parse().expect("a valid answer")
    }

    /// The six neighbours of (x, y), in the order the rules list them.
    fn around(x: u32, y: u32) -> Vec<(u32, u32)> {
        NEIGHBOUR_STEPS.iter().map(|&(dx, dy)| ((i64::from(x) + dx) as u32, (i64::from(y) + dy) as u32)).collect()
    }

    /// The cells at hex distance exactly `r` from (cx, cy) (a = x − cx, b = y − cy; distance max(|a|, |b|, |a−b|)),
    /// in no particular order.
    fn hex_ring(cx: u32, cy: u32, r: i64) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for a in -r..=r {
            for b in -r..=r {
                if a.abs().max(b.abs()).max((a - b).abs()) == r {
                    out.push(((i64::from(cx) + a) as u32, (i64::from(cy) + b) as u32));
                }
            }
        }
        out
    }

    /// Every `Case #i: {answer}` line must equal the official one.
    fn check_official(input: &str, answers: &str) {
        let games = Havannah::parse(input).expect("official input parses");
        let want: Vec<&str> = answers.lines().collect();
        assert_eq!(games.len(), want.len(), "number of cases");
        for (i, (g, w)) in games.iter().zip(&want).enumerate() {
            assert_eq!(format!("Case #{}: {}", i + 1, answer(g)), *w, "board:\n{}", g.drawing());
        }
    }

    #[test]
    fn official_sample() {
        check_official(
            include_str!("../../../tests/data/havannah/sample.in"),
            include_str!("../../../tests/data/havannah/sample.ans"),
        );
    }

    #[test]
    fn official_small() {
        check_official(
            include_str!("../../../tests/data/havannah/small.in"),
            include_str!("../../../tests/data/havannah/small.ans"),
        );
    }

    #[test]
    fn answers_do_not_change_under_the_twelve_symmetries() {
        let games =
            Havannah::parse(include_str!("../../../tests/data/havannah/small.in")).expect("official input parses");
        for g in games.iter().take(60) {
            let want = answer(g);
            for symmetry in Symmetry::all() {
                assert_eq!(answer(&g.transformed(symmetry)), want, "{symmetry:?}, board:\n{}", g.drawing());
            }
        }
    }

    #[test]
    fn no_moves() {
        assert_eq!(first_ring(&game(4, &[])), None);
        assert_eq!(answer(&game(4, &[])), Answer::None);
    }

    #[test]
    fn ring_around_one_empty_cell() {
        let g = game(5, &around(5, 5));
        assert_eq!(first_ring(&g), Some(6));
        assert_eq!(answer(&g), win("ring", 6));
        // Five of the six leave a gap.
        assert_eq!(first_ring(&game(5, &around(5, 5)[..5])), None);
    }

    #[test]
    fn ring_whose_hole_is_filled_later_still_counts() {
        let mut moves = around(5, 5);
        moves.push((5, 5));
        moves.push((1, 1));
        let g = game(5, &moves);
        // After all moves there is no ring; after move 6 there was one.
        assert_eq!(first_ring(&g), Some(6));
        assert_eq!(answer(&g), win("ring", 6));
    }

    #[test]
    fn earliest_of_several_rings_is_found_even_if_filled() {
        // Ring A closes at move 6 and is filled at move 7; ring B closes at move 13 and stays.
        let mut moves = around(3, 3);
        moves.push((3, 3));
        moves.extend(around(6, 6));
        let g = game(5, &moves);
        assert_eq!(first_ring(&g), Some(6));
        assert_eq!(first_ring(&game(5, &moves[6..])), Some(7));
    }

    #[test]
    fn hole_filled_before_the_loop_closes_is_no_ring() {
        let mut moves = vec![(5, 5)];
        moves.extend(around(5, 5));
        let g = game(5, &moves);
        assert_eq!(first_ring(&g), None);
        assert_eq!(answer(&g), Answer::None);
    }

    #[test]
    fn loop_enclosing_only_stones_is_no_ring() {
        // The seven cells within distance 1 of the centre first, then the twelve at distance 2 round them.
        let mut moves = vec![(5, 5)];
        moves.extend(around(5, 5));
        // (6, 7), next to the inner cell (5, 6), goes last.
        let mut outer = hex_ring(5, 5, 2);
        outer.retain(|&c| c != (6, 7));
        outer.push((6, 7));
        moves.extend(outer);
        assert_eq!(moves.len(), 19);
        let g = game(5, &moves);
        assert_eq!(first_ring(&g), None);
        assert_eq!(answer(&g), Answer::None);
        // Leave the inner cell (5, 6) out and the loop is a ring when (6, 7) closes it round (5, 6): move 18.
        let open: Vec<(u32, u32)> = moves.iter().copied().filter(|&c| c != (5, 6)).collect();
        assert_eq!(first_ring(&game(5, &open)), Some(18));
    }

    #[test]
    fn loop_against_the_border_is_no_ring() {
        // (1, 3) is on edge x = 1; its four neighbours on the board are stones, the other two are off the board.
        let g = game(5, &[(1, 2), (2, 3), (2, 4), (1, 4)]);
        assert_eq!(first_ring(&g), None);
        assert_eq!(answer(&g), Answer::None);
        // A wider loop leaning on the border round two empty cells, (1, 3) and (2, 3).
        let g = game(5, &[(1, 2), (2, 2), (3, 3), (3, 4), (2, 4), (1, 4)]);
        assert_eq!(first_ring(&g), None);
        assert_eq!(answer(&g), Answer::None);
    }

    #[test]
    fn loop_round_a_corner_is_no_ring_and_a_corner_is_on_no_edge() {
        // A path from corner (1,1) to the cells round corner (7,7): it touches edges y = 7 (via (6,7)) and x = 7
        // (via (7,6)) and one corner. Were corners on edges, (1,1) would add x = 1 and y = 1 and make a fork.
        let g = game(4, &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (6, 7), (7, 6)]);
        assert_eq!(first_ring(&g), None);
        assert_eq!(answer(&g), Answer::None);
        // A third real edge makes it a fork: (3, 3) → (3, 4) → (3, 5) → (2, 5), on y − x = S − 1.
        let mut moves = g.moves.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>();
        moves.extend([(3, 4), (3, 5), (2, 5)]);
        assert_eq!(answer(&game(4, &moves)), win("fork", 11));
    }

    #[test]
    fn side_two_has_no_edges_and_a_bridge_comes_before_the_ring() {
        // The six corners round the centre, alternate ones first: no two touch until move 4.
        let g = game(2, &[(1, 1), (2, 3), (3, 2), (1, 2), (3, 3), (2, 1)]);
        // The centre is enclosed after move 6 by the letter of the rules...
        assert_eq!(first_ring(&g), Some(6));
        // ...but the bridge (1,1)–(1,2) came first, and with no edges there is never a fork.
        assert_eq!(answer(&g), win("bridge", 4));
        let full = game(2, &[(2, 2), (1, 1), (1, 2), (2, 3), (3, 3), (3, 2), (2, 1)]);
        assert_eq!(first_ring(&full), None);
        assert_eq!(answer(&full), win("bridge", 3));
        assert_eq!(bridge_and_fork(&full, 7), (true, false));
    }

    #[test]
    fn one_move_completes_bridge_and_ring() {
        // Path (2,3)-(1,2)-(1,1)-(2,1)-(3,2) round (2,2), touching corner (1,1); tail (5,5)-(4,4) from corner
        // (5,5). Move 8 at (3,3) closes the loop round (2,2) and joins the two corners.
        let g = game(3, &[(1, 1), (1, 2), (2, 3), (2, 1), (3, 2), (5, 5), (4, 4), (3, 3)]);
        assert_eq!(first_ring(&g), Some(8));
        assert_eq!(answer(&g), win("bridge-ring", 8));
    }

    #[test]
    fn bridge_before_ring_reports_only_the_bridge() {
        // The bridge (1,1)-(1,2)-(1,3) between two corners at move 3; the ring round (2,2) closes at move 7.
        let g = game(3, &[(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (2, 1)]);
        assert_eq!(first_ring(&g), Some(7));
        assert_eq!(answer(&g), win("bridge", 3));
    }

    #[test]
    fn ring_on_a_big_board_with_few_stones() {
        let mut moves = vec![(1, 1), (5999, 5999), (3000, 1)];
        moves.extend(around(4000, 3500));
        moves.push((4000, 3500));
        let started = std::time::Instant::now();
        // No bridge or fork: the three corners are single stones. So the answer is first_ring's move.
        let g = game(3000, &moves);
        assert_eq!(answer(&g), win("ring", 9));
        eprintln!("S = 3000, M = 10: {:?} for answer", started.elapsed());
    }

    #[test]
    fn big_board_with_ten_thousand_moves() {
        // 9 994 stones two cells apart (never neighbours, never on the border), then a ring round an empty cell.
        let mut moves = Vec::new();
        'fill: for x in (10u32..5990).step_by(2) {
            for y in (10..5990).step_by(2) {
                if x.abs_diff(y) < 2000 && !(2990..3010).contains(&x) {
                    moves.push((x, y));
                    if moves.len() == 9994 {
                        break 'fill;
                    }
                }
            }
        }
        moves.extend(around(3001, 3001));
        let g = game(3000, &moves);
        let started = std::time::Instant::now();
        assert_eq!(answer(&g), win("ring", 10_000));
        eprintln!("S = 3000, M = 10 000: {:?} for answer", started.elapsed());
    }
}

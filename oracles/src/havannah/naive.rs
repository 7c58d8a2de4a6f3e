//! The fully naive oracle (see the parent module).
//!
//! After every move k = 1..=M it forgets everything and rereads the whole board: flood fills give the groups of
//! stones and the corners and edges each group touches, and one flood fill of the empty cells from a band around
//! the board finds rings. The first k at which any structure exists is the answer. O(M·S²) time, O(S²) memory.
//!
//! It allocates the whole board, (2S+1)² cells, so it is only for small boards: S ≤ 200 at most, and about 20 for
//! bulk testing (the official small set, S ≤ 50 and M ≤ 100, takes seconds). Invalid games do not make it panic:
//! a move off the board is ignored, and a stone on an occupied cell changes nothing.

use games::havannah::{Answer, Game, Structures};

/// The largest side this oracle is meant for; nothing breaks above it except memory and patience.
const MAX_SIZE: u32 = 200;

/// Rule: "Neighbours of (x, y): (x, y+1), (x+1, y+1), (x+1, y), (x, y−1), (x−1, y−1), (x−1, y)".
const STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// The board as a square of positions (x, y) with 0 ≤ x, y ≤ 2S: the board's cells, and around them every
/// position that is off the board. The positions off the board hold the "virtual band of empty cells": every
/// neighbour of a board cell that is not on the board lies in this square, since board cells have 1 ≤ x, y ≤ 2S−1.
struct Board {
    /// S, the side.
    side: i64,
    /// 2S + 1, the width of the square.
    width: i64,
    /// Whether each position is a board cell (`on_board`, worked out once), indexed by `index`.
    board: Vec<bool>,
    /// Every board cell, by x and then y.
    cells: Vec<(i64, i64)>,
    /// Whether a stone stands on each position (only board cells ever get one), indexed by `index`.
    stone: Vec<bool>,
}

impl Board {
    fn new(size: u32) -> Board {
        let side = i64::from(size);
        let width = 2 * side + 1;
        let positions = (width * width) as usize;
        let mut b =
            Board { side, width, board: vec![false; positions], cells: Vec::new(), stone: vec![false; positions] };
        for x in 0..width {
            for y in 0..width {
                if b.on_board(x, y) {
                    let i = b.index(x, y);
                    b.board[i] = true;
                    b.cells.push((x, y));
                }
            }
        }
        b
    }

    /// `on_board`, looked up for positions of the square.
    fn is_cell(&self, x: i64, y: i64) -> bool {
        self.in_square(x, y) && self.board[self.index(x, y)]
    }

    /// Whether (x, y) is a position of the square.
    fn in_square(&self, x: i64, y: i64) -> bool {
        (0..self.width).contains(&x) && (0..self.width).contains(&y)
    }

    fn index(&self, x: i64, y: i64) -> usize {
        (x * self.width + y) as usize
    }

    /// Rule: "Cells are pairs (x, y) with 1 ≤ x, y ≤ 2S−1 and |x − y| ≤ S−1."
    #[allow(clippy::int_plus_one, reason = "written as the rule reads: |x − y| ≤ S−1")]
    fn on_board(&self, x: i64, y: i64) -> bool {
        let last = 2 * self.side - 1;
        (1..=last).contains(&x) && (1..=last).contains(&y) && (x - y).abs() <= self.side - 1
    }

    /// Rule: "Corners (6): (1,1), (1,S), (S,1), (S,2S−1), (2S−1,S), (2S−1,2S−1)."
    fn is_corner(&self, x: i64, y: i64) -> bool {
        let s = self.side;
        [(1, 1), (1, s), (s, 1), (s, 2 * s - 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1)].contains(&(x, y))
    }

    /// Rule: "Edges (6): the non-corner cells of x = 1, y = 1, x = 2S−1, y = 2S−1, x − y = S−1, y − x = S−1.
    /// A corner belongs to no edge." Entry i says whether (x, y), a board cell, is on edge i.
    fn edges(&self, x: i64, y: i64) -> [bool; 6] {
        if self.is_corner(x, y) {
            return [false; 6];
        }
        let (s, last) = (self.side, 2 * self.side - 1);
        [x == 1, y == 1, x == last, y == last, x - y == s - 1, y - x == s - 1]
    }

    /// The six neighbours of (x, y), on the board or not; `is_cell` tells which are.
    fn neighbours(x: i64, y: i64) -> [(i64, i64); 6] {
        STEPS.map(|(dx, dy)| (x + dx, y + dy))
    }

    fn has_stone(&self, x: i64, y: i64) -> bool {
        self.stone[self.index(x, y)]
    }

    /// Rules: "Bridge: a connected group touching at least two corners." and "Fork: a connected group touching at
    /// least three different edges." Flood fills every group of stones and returns (some group is a bridge, some
    /// group is a fork).
    fn bridge_and_fork(&self) -> (bool, bool) {
        let (mut bridge, mut fork) = (false, false);
        let mut seen = vec![false; self.stone.len()];
        for &(x0, y0) in &self.cells {
            if !self.has_stone(x0, y0) || seen[self.index(x0, y0)] {
                continue;
            }
            // A fresh group: count the corner cells in it and collect the edges its cells lie on.
            let mut corners = 0;
            let mut edges = [false; 6];
            seen[self.index(x0, y0)] = true;
            let mut stack = vec![(x0, y0)];
            while let Some((x, y)) = stack.pop() {
                if self.is_corner(x, y) {
                    corners += 1;
                }
                for (e, on) in self.edges(x, y).into_iter().enumerate() {
                    edges[e] |= on;
                }
                for (nx, ny) in Board::neighbours(x, y) {
                    if self.is_cell(nx, ny) && self.has_stone(nx, ny) && !seen[self.index(nx, ny)] {
                        seen[self.index(nx, ny)] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            bridge |= corners >= 2;
            fork |= edges.iter().filter(|&&on| on).count() >= 3;
        }
        (bridge, fork)
    }

    /// Rule: "Ring: some EMPTY cell cannot be reached from outside the board by walking through empty cells
    /// (surround the board with a virtual band of empty cells and flood fill from it; any empty cell left unreached
    /// is enclosed)." The fill starts from every off-board position of the square, which holds the band, and walks
    /// only through empty board cells: stones never carry it, so a loop enclosing only stones encloses nothing.
    fn ring(&self) -> bool {
        let mut reached = vec![false; self.stone.len()];
        let mut stack = Vec::new();
        for x in 0..self.width {
            for y in 0..self.width {
                if !self.is_cell(x, y) {
                    reached[self.index(x, y)] = true;
                    stack.push((x, y));
                }
            }
        }
        while let Some((x, y)) = stack.pop() {
            for (nx, ny) in Board::neighbours(x, y) {
                if self.is_cell(nx, ny) && !self.has_stone(nx, ny) && !reached[self.index(nx, ny)] {
                    reached[self.index(nx, ny)] = true;
                    stack.push((nx, ny));
                }
            }
        }
        self.cells.iter().any(|&(x, y)| !self.has_stone(x, y) && !reached[self.index(x, y)])
    }
}

/// Rule: "Report the first move after which a structure exists, with all kinds it completes at that move ...
/// Moves after the first winning move are ignored." Nothing existed before that move, so every kind present after
/// it is a kind it completes.
pub fn answer(game: &Game) -> Answer {
    assert!(game.size <= MAX_SIZE, "the naive oracle allocates (2S+1)² cells; S = {} is too big", game.size);
    let mut board = Board::new(game.size);
    for (k, cell) in game.moves.iter().enumerate() {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        if board.on_board(x, y) {
            let i = board.index(x, y);
            board.stone[i] = true;
        }
        let (bridge, fork) = board.bridge_and_fork();
        let ring = board.ring();
        if bridge || fork || ring {
            return Answer::Win { structures: Structures { bridge, fork, ring }, at_move: k + 1 };
        }
    }
    Answer::None
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::havannah::Cell;

    fn game(size: u32, moves: &[(u32, u32)]) -> Game {
        Game { size, moves: moves.iter().map(|&(x, y)| Cell { x, y }).collect() }
    }

    fn show(size: u32, moves: &[(u32, u32)]) -> String {
        answer(&game(size, moves)).to_string()
    }

    /// A tiny reader of the contest format "T / S M / x y (M lines)", independent of `games`' parser.
    fn parse(input: &str) -> Vec<Game> {
        let mut numbers = input.split_whitespace().map(|w| w.parse::<u32>().expect("official input is numbers"));
        let mut next = || numbers.next().expect("official input is complete");
        let cases = next();
        (0..cases)
            .map(|_| {
                let (size, count) = (next(), next());
                Game { size, moves: (0..count).map(|_| Cell { x: next(), y: next() }).collect() }
            })
            .collect()
    }

    /// Every `Case #i: {answer}` line must equal the official answer line.
    fn check_official(input: &str, answers: &str) {
        let games = parse(input);
        let want: Vec<&str> = answers.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
        assert_eq!(games.len(), want.len(), "number of cases");
        for (i, (g, w)) in games.iter().zip(&want).enumerate() {
            assert_eq!(format!("Case #{}: {}", i + 1, answer(g)), *w, "case {} (S = {})", i + 1, g.size);
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
    fn no_moves() {
        assert_eq!(answer(&game(2, &[])), Answer::None);
        assert_eq!(answer(&game(5, &[])), Answer::None);
    }

    #[test]
    fn side_two_has_only_bridges() {
        // (1,2) and (2,1) are both corners but not neighbours; (1,1), (2,3), (3,2) are three pairwise apart.
        assert_eq!(show(2, &[(1, 2), (2, 1)]), "none");
        assert_eq!(show(2, &[(1, 1), (2, 3), (3, 2)]), "none");
        // The centre joins the three corners: a bridge, and no fork although the group touches lines x = 1, y = 1.
        assert_eq!(show(2, &[(1, 1), (2, 3), (3, 2), (2, 2)]), "bridge in move 4");
        // Going round the centre: a bridge at once, long before the ring the six outer stones would close.
        assert_eq!(show(2, &[(1, 1), (1, 2), (2, 3), (3, 3), (3, 2), (2, 1)]), "bridge in move 2");
    }

    /// Every order of every cell of the side-2 board: no edge exists, so no fork; and a bridge always comes before a
    /// ring could (the six outer cells are corners, and any four of them hold two neighbours).
    #[test]
    fn side_two_every_order() {
        let cells = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)];
        let mut order: Vec<usize> = (0..cells.len()).collect();
        let mut seen = std::collections::HashSet::new();
        // Heap's algorithm, iteratively, over all 7! orders.
        let mut c = vec![0; order.len()];
        let mut check = |order: &[usize]| {
            let moves: Vec<(u32, u32)> = order.iter().map(|&i| cells[i]).collect();
            match answer(&game(2, &moves)) {
                Answer::Win { structures, at_move } => {
                    assert_eq!(structures, Structures { bridge: true, fork: false, ring: false }, "{moves:?}");
                    assert!(at_move <= 4, "{moves:?}");
                }
                Answer::None => panic!("all seven cells and no bridge: {moves:?}"),
            }
            seen.insert(moves);
        };
        check(&order);
        let mut i = 1;
        while i < order.len() {
            if c[i] < i {
                order.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                check(&order);
                c[i] += 1;
                i = 1;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(seen.len(), 5040, "every order, once");
    }

    #[test]
    fn bridge_through_two_corners() {
        // Side 3: (1,1) and (1,3) are corners, (1,2) the edge cell between them.
        assert_eq!(show(3, &[(1, 1), (1, 3)]), "none");
        // Were corners on edges, the group would touch x = 1, y = 1 and y − x = 2: a fork too.
        assert_eq!(show(3, &[(1, 1), (1, 3), (1, 2)]), "bridge in move 3");
        // One corner is not a bridge, however long the group.
        assert_eq!(show(3, &[(1, 1), (2, 2), (3, 3), (4, 4)]), "none");
        assert_eq!(show(3, &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]), "bridge in move 5");
    }

    #[test]
    fn fork_needs_three_different_edges() {
        // Side 4. Row y = 3 runs from (1,3) on edge x = 1 to (6,3) on edge x − y = 3: two edges.
        let row = [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3)];
        assert_eq!(show(4, &row), "none");
        // (1,2) is on edge x = 1 again: still two different edges.
        let mut moves = row.to_vec();
        moves.extend([(1, 2), (2, 2)]);
        assert_eq!(show(4, &moves), "none");
        // (2,1) is on edge y = 1: the third.
        moves.push((2, 1));
        assert_eq!(show(4, &moves), "fork in move 9");
    }

    #[test]
    fn corner_is_not_an_edge() {
        // Side 4. The row touches edges x = 1 and x − y = 3; corner (7,4) lies on the lines x = 7 and x − y = 3 but
        // on no edge, so still two edges, and one corner.
        let mut moves = vec![(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 4)];
        assert_eq!(show(4, &moves), "none");
        // Corner (1,4), on line y − x = 3: two corners, still two edges.
        moves.push((1, 4));
        assert_eq!(show(4, &moves), "bridge in move 8");
    }

    #[test]
    fn ring_around_one_empty_cell() {
        // Side 4: the six neighbours of the empty centre (4,4), none of them on an edge or a corner.
        let around = [(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4)];
        assert_eq!(show(4, &around[..5]), "none");
        assert_eq!(show(4, &around), "ring in move 6");
        // A move after the win that would make a bridge or a fork is ignored, and so is one filling the centre.
        let mut moves = around.to_vec();
        moves.extend([(4, 4), (6, 6), (7, 7), (2, 2), (1, 1)]);
        assert_eq!(show(4, &moves), "ring in move 6");
    }

    #[test]
    fn ring_around_two_cells_one_a_stone() {
        // Side 4: the loop around (4,4) and (5,5); (5,5) holds a stone, (4,4) stays empty, so a ring.
        let moves = [(5, 5), (3, 3), (3, 4), (4, 5), (5, 6), (6, 6), (6, 5), (5, 4), (4, 3)];
        assert_eq!(show(4, &moves[..8]), "none");
        assert_eq!(show(4, &moves), "ring in move 9");
    }

    #[test]
    fn loop_enclosing_only_stones_is_no_ring() {
        // The centre first, then its six neighbours: nothing empty is enclosed.
        let moves = [(4, 4), (4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4)];
        assert_eq!(show(4, &moves), "none");
    }

    #[test]
    fn loop_against_the_border_is_no_ring() {
        // Side 4: (1,2), (2,2), (2,1) cut corner (1,1) off from the rest of the board, but it touches the band.
        assert_eq!(show(4, &[(1, 2), (2, 2), (2, 1)]), "none");
        // (1,2) and (1,3), on edge x = 1, are cut off by a group joining corners (1,1) and (1,4): a bridge only.
        assert_eq!(show(4, &[(1, 1), (2, 2), (2, 3), (2, 4), (1, 4)]), "bridge in move 5");
    }

    #[test]
    fn one_move_completes_two_kinds() {
        // Side 3: corner (5,5) hangs on (4,4) of the loop around the centre (3,3); corner (1,1) waits next to (2,2),
        // the loop's last cell, which closes the ring and joins the two corners at once.
        let moves = [(1, 1), (5, 5), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2), (2, 2)];
        assert_eq!(show(3, &moves[..7]), "none");
        assert_eq!(show(3, &moves), "bridge-ring in move 8");
        // Side 4: arms from (4,4) reach edges x = 1 and y = 1, and (7,6) on edge x = 7 stands alone. The loop
        // around (5,4) closes at (6,5), the only loop cell next to (7,6): a fork and a ring at once.
        let moves = [(4, 4), (3, 3), (2, 2), (1, 2), (2, 1), (7, 6), (5, 5), (4, 3), (5, 3), (6, 4), (6, 5)];
        assert_eq!(show(4, &moves[..10]), "none");
        assert_eq!(show(4, &moves), "fork-ring in move 11");
    }
}

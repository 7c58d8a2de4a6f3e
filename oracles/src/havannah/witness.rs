//! An independent checker of Havannah witnesses: given a game, a reported first winning move k and the stones
//! said to make each structure, it confirms that every claimed structure stands after move k and holds move k's
//! stone. It certifies existence at move k only; that nothing stood before move k is for the oracles to say.
//!
//! Written from the rules alone, with its own corner, edge and neighbour tests, so that a misreading shared by a
//! solver and an oracle cannot also hide here. Everything runs in time and memory linear in the moves and the
//! witness (hash sets of cells, never the board), so S = 10^9 costs no more than S = 5.
//!
//! # Why a point-in-polygon test proves a ring
//!
//! The map (x, y) ↦ x·(1, 0) + y·(−1/2, √3/2) sends the six neighbour steps (0, ±1), (±1, 0), ±(1, 1) to the
//! six unit vectors 60° apart. So cells are the vertices of the plane's tiling by unit triangles, and a segment
//! between neighbours is an edge of that tiling. The map is linear and invertible, hence a homeomorphism that
//! keeps segments segments: a point lies inside the polygon through some cells' (x, y) exactly when its image lies
//! inside the image polygon. The test can therefore run on the integer points (x, y) themselves, exactly.
//!
//! Two edges of the triangle tiling meet at most in a shared endpoint, and no edge holds a lattice point besides
//! its endpoints. A cycle of at least three distinct cells, each a neighbour of the next, thus traces a simple
//! closed polygon P (Jordan curve) whose only lattice points are the cycle's cells. The enclosed cell e is empty,
//! so not a cycle cell, so not on P, and the even-odd ray test decides exactly whether e is inside P.
//!
//! Say it is. A walk of neighbouring cells from e to far away (through any cells of the infinite lattice, on the
//! board or not) is a polyline of tiling edges from inside P to outside it, so by the Jordan curve theorem it meets
//! P. Where a walk edge meets a P edge, both being tiling edges, they share an endpoint or coincide: either way a
//! lattice point of P, i.e. a cycle cell, lies on the walk. So every such walk passes through a cycle cell.
//!
//! The rules' ring follows. The virtual band of empty cells round the board lies outside the board's hexagon,
//! which is convex and holds every cycle cell, hence all of P and its inside; so the band is outside P. A flood
//! from the band to e through empty cells would be a walk as above, which must step on a cycle cell: a stone by
//! move k, not empty. So e is unreached and a ring stands after move k. The argument uses the cycle's stones
//! alone, never the board's border, as the rules demand (a witness cycle off the board is rejected outright).

use std::collections::{HashSet, VecDeque};

use games::havannah::{Answer, Cell, Game, Ring, Witness};

/// The six neighbour steps, from the rules.
const STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// `Ok` when the witness proves every structure the answer claims at its move, and nothing it does not claim.
pub fn check(game: &Game, answer: &Answer, witness: &Witness) -> Result<(), String> {
    let (claims, k) = match *answer {
        Answer::None if *witness == Witness::default() => return Ok(()),
        Answer::None => return Err("the answer is `none`, yet the witness gives a structure".into()),
        Answer::Win { structures, at_move } => (structures, at_move),
    };
    if !(claims.bridge || claims.fork || claims.ring) {
        return Err(format!("the answer claims a win in move {k} with no structure"));
    }
    if k == 0 || k > game.moves.len() {
        return Err(format!("move {k} is not one of the game's {} moves", game.moves.len()));
    }
    for (name, claimed, given) in [
        ("bridge", claims.bridge, witness.bridge.is_some()),
        ("fork", claims.fork, witness.fork.is_some()),
        ("ring", claims.ring, witness.ring.is_some()),
    ] {
        match (claimed, given) {
            (true, false) => return Err(format!("the answer claims a {name}, but the witness gives none")),
            (false, true) => return Err(format!("the witness gives a {name} the answer does not claim")),
            _ => {}
        }
    }
    let position = Position {
        board: Board::new(game.size),
        stones: game.moves[..k].iter().copied().collect(),
        last: game.moves[k - 1],
        k,
    };
    if let Some(path) = &witness.bridge {
        position.bridge(path).map_err(|e| format!("bridge: {e}"))?;
    }
    if let Some(cells) = &witness.fork {
        position.fork(cells).map_err(|e| format!("fork: {e}"))?;
    }
    if let Some(ring) = &witness.ring {
        position.ring(ring).map_err(|e| format!("ring: {e}"))?;
    }
    Ok(())
}

fn show(c: Cell) -> String {
    format!("({}, {})", c.x, c.y)
}

/// The board's geometry, in i64 so that 2S − 1 and x − y never overflow.
struct Board {
    s: i64,
    last: i64,
}

impl Board {
    fn new(size: u32) -> Board {
        let s = i64::from(size);
        Board { s, last: 2 * s - 1 }
    }

    fn on(&self, c: Cell) -> bool {
        let (x, y) = (i64::from(c.x), i64::from(c.y));
        (1..=self.last).contains(&x) && (1..=self.last).contains(&y) && (x - y).abs() < self.s
    }

    fn corner(&self, c: Cell) -> bool {
        let (s, l) = (self.s, self.last);
        [(1, 1), (1, s), (s, 1), (s, l), (l, s), (l, l)].contains(&(i64::from(c.x), i64::from(c.y)))
    }

    /// Which of the six edges an on-board cell lies on. Off the corners the six lines share no board cell, so the
    /// order of the tests does not matter; the corners are excluded because the rules give them to no edge.
    fn edge(&self, c: Cell) -> Option<u32> {
        if self.corner(c) {
            return None;
        }
        let (x, y) = (i64::from(c.x), i64::from(c.y));
        [x == 1, y == 1, x == self.last, y == self.last, x - y == self.s - 1, y - x == self.s - 1]
            .iter()
            .position(|&on| on)
            .map(|i| i as u32)
    }
}

fn adjacent(a: Cell, b: Cell) -> bool {
    let step = (i64::from(b.x) - i64::from(a.x), i64::from(b.y) - i64::from(a.y));
    STEPS.contains(&step)
}

/// The stones after move k.
struct Position {
    board: Board,
    stones: HashSet<Cell>,
    last: Cell,
    k: usize,
}

impl Position {
    fn stone(&self, c: Cell) -> Result<(), String> {
        if !self.board.on(c) {
            return Err(format!("{} is off the board of side {}", show(c), self.board.s));
        }
        if !self.stones.contains(&c) {
            return Err(format!("{} is not a stone by move {}", show(c), self.k));
        }
        Ok(())
    }

    /// Each structure must hold move k's stone: one without it stood a move earlier, so k was not the first.
    fn holds_last(&self, cells: &[Cell]) -> Result<(), String> {
        if cells.contains(&self.last) {
            Ok(())
        } else {
            Err(format!("does not hold {}, the stone of move {}", show(self.last), self.k))
        }
    }

    /// A walk (cells may repeat; connection is all that matters) from one corner to a different one.
    fn bridge(&self, path: &[Cell]) -> Result<(), String> {
        let (Some(&first), Some(&end)) = (path.first(), path.last()) else {
            return Err("the path is empty".into());
        };
        path.iter().try_for_each(|&c| self.stone(c))?;
        for (i, pair) in path.windows(2).enumerate() {
            if !adjacent(pair[0], pair[1]) {
                return Err(format!("step {}: {} is not a neighbour of {}", i + 1, show(pair[1]), show(pair[0])));
            }
        }
        for c in [first, end] {
            if !self.board.corner(c) {
                return Err(format!("the path ends on {}, which is not a corner", show(c)));
            }
        }
        if first == end {
            return Err(format!("the path starts and ends on the same corner {}", show(first)));
        }
        self.holds_last(path)
    }

    /// Connected through the given cells alone, touching three edges; repeats in the list are harmless.
    fn fork(&self, cells: &[Cell]) -> Result<(), String> {
        let Some(&start) = cells.first() else {
            return Err("no cells".into());
        };
        cells.iter().try_for_each(|&c| self.stone(c))?;
        self.holds_last(cells)?;
        let group: HashSet<Cell> = cells.iter().copied().collect();
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            let steps = STEPS.iter().filter_map(|(dx, dy)| {
                let (x, y) = (i64::from(c.x) + dx, i64::from(c.y) + dy);
                Some(Cell { x: u32::try_from(x).ok()?, y: u32::try_from(y).ok()? })
            });
            // Only the fork's own cells are walked, never the unbounded board around them.
            for next in steps.filter(|next| group.contains(next)) {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        if let Some(&apart) = group.iter().find(|c| !seen.contains(c)) {
            return Err(format!(
                "not connected: {} is not reached from {} through the fork's cells",
                show(apart),
                show(start)
            ));
        }
        let edges = group.iter().filter_map(|&c| self.board.edge(c)).fold(0u32, |mask, e| mask | 1 << e);
        if edges.count_ones() < 3 {
            return Err(format!("the cells touch only {} edges", edges.count_ones()));
        }
        Ok(())
    }

    /// A simple closed cycle of stones, and an empty cell inside its polygon (see the module doc).
    fn ring(&self, ring: &Ring) -> Result<(), String> {
        let cycle = &ring.cycle;
        if cycle.len() < 6 {
            return Err(format!("the cycle has {} cells, fewer than 6", cycle.len()));
        }
        let mut distinct = HashSet::with_capacity(cycle.len());
        for &c in cycle {
            self.stone(c)?;
            // A repeat could let the polygon cross itself, and the even-odd test means nothing then.
            if !distinct.insert(c) {
                return Err(format!("{} appears twice in the cycle", show(c)));
            }
        }
        self.holds_last(cycle)?;
        for (i, &a) in cycle.iter().enumerate() {
            let b = cycle[(i + 1) % cycle.len()];
            if !adjacent(a, b) {
                return Err(if i + 1 == cycle.len() {
                    format!("the cycle does not close: {} is not a neighbour of {}", show(b), show(a))
                } else {
                    format!("step {}: {} is not a neighbour of {}", i + 1, show(b), show(a))
                });
            }
        }
        let e = ring.enclosed;
        if !self.board.on(e) {
            return Err(format!("the enclosed cell {} is off the board of side {}", show(e), self.board.s));
        }
        if self.stones.contains(&e) {
            return Err(format!("the enclosed cell {} is a stone by move {}", show(e), self.k));
        }
        if !inside(cycle, e) {
            return Err(format!("the cycle does not enclose {}", show(e)));
        }
        Ok(())
    }
}

/// Even-odd ray casting toward +x. The polygon is a cycle of neighbour steps (checked before), each changing y by at
/// most one, so an edge with one end above p's row and the other not (the half-open rule, which counts each crossing
/// once) crosses the row at its lower end. Its upper end is one step up, (0, 1) or (1, 1): at the same x or one more.
/// So p, which is neither end (it is not on the polygon), lies left of the crossing exactly when it lies left of
/// either end; the first end `a` is taken.
fn inside(polygon: &[Cell], p: Cell) -> bool {
    let mut inside = false;
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        if (a.y > p.y) != (b.y > p.y) {
            inside ^= p.x < a.x;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::havannah::{Structures, Symmetry};

    fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
        list.iter().map(|&(x, y)| Cell { x, y }).collect()
    }

    fn game(size: u32, list: &[(u32, u32)]) -> Game {
        Game { size, moves: cells(list) }
    }

    fn win(bridge: bool, fork: bool, ring: bool, at_move: usize) -> Answer {
        Answer::Win { structures: Structures { bridge, fork, ring }, at_move }
    }

    fn bridge(list: &[(u32, u32)]) -> Witness {
        Witness { bridge: Some(cells(list)), ..Witness::default() }
    }

    fn fork(list: &[(u32, u32)]) -> Witness {
        Witness { fork: Some(cells(list)), ..Witness::default() }
    }

    fn ring(cycle: Vec<Cell>, (x, y): (u32, u32)) -> Witness {
        Witness { ring: Some(Ring { cycle, enclosed: Cell { x, y } }), ..Witness::default() }
    }

    /// Asserts a rejection for the stated reason, so that a rejection for some other reason fails the test.
    fn rejects(result: Result<(), String>, reason: &str) {
        match result {
            Ok(()) => panic!("accepted; expected an error containing {reason:?}"),
            Err(e) => assert!(e.contains(reason), "error {e:?} does not contain {reason:?}"),
        }
    }

    /// The 6r cells at hex distance r from `centre`, in order round it. Written with its own steps (clockwise from
    /// straight up), apart from the checker's, so the two cannot share a mistake.
    fn hex_ring((cx, cy): (i64, i64), r: i64) -> Vec<Cell> {
        let around = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];
        let (mut x, mut y) = (cx, cy + r);
        let mut out = Vec::new();
        for side in 0..6 {
            let (dx, dy) = around[(side + 2) % 6];
            for _ in 0..r {
                out.push(Cell { x: x as u32, y: y as u32 });
                (x, y) = (x + dx, y + dy);
            }
        }
        assert_eq!((x, y), (cx, cy + r), "the ring must come back to its start");
        out
    }

    const SIX_AROUND_44: [(u32, u32); 6] = [(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4)];

    /// The geometry against counts the rules imply: six corners with 3 neighbours, 6(S − 2) edge cells with 4,
    /// and every other cell with 6, each edge S − 2 cells long.
    #[test]
    fn corners_edges_and_neighbours_match_the_rules() {
        for size in [2u32, 3, 5, 8] {
            let board = Board::new(size);
            let last = 2 * size - 1;
            let all: Vec<Cell> = (0..=last + 1)
                .flat_map(|x| (0..=last + 1).map(move |y| Cell { x, y }))
                .filter(|&c| board.on(c))
                .collect();
            assert_eq!(all.len() as u64, 3 * u64::from(size) * u64::from(size - 1) + 1, "S = {size}");
            let mut per_edge = [0u32; 6];
            for &c in &all {
                let degree = all.iter().filter(|&&d| adjacent(c, d)).count();
                match (board.corner(c), board.edge(c)) {
                    (true, None) => assert_eq!(degree, 3, "corner {c:?}, S = {size}"),
                    (false, Some(e)) => {
                        per_edge[e as usize] += 1;
                        assert_eq!(degree, 4, "edge cell {c:?}, S = {size}");
                    }
                    (false, None) => assert_eq!(degree, 6, "inner cell {c:?}, S = {size}"),
                    (true, Some(_)) => panic!("corner {c:?} on an edge"),
                }
            }
            assert_eq!(all.iter().filter(|&&c| board.corner(c)).count(), 6, "S = {size}");
            assert_eq!(per_edge, [size - 2; 6], "S = {size}");
        }
    }

    #[test]
    fn accepts_bridges() {
        let g = game(4, &[(1, 1), (1, 2), (1, 4), (1, 3)]);
        assert_eq!(check(&g, &win(true, false, false, 4), &bridge(&[(1, 1), (1, 2), (1, 3), (1, 4)])), Ok(()));
        // Backwards, and as a walk that doubles back: connection is all a bridge needs.
        assert_eq!(check(&g, &win(true, false, false, 4), &bridge(&[(1, 4), (1, 3), (1, 2), (1, 1)])), Ok(()));
        let walk = bridge(&[(1, 1), (1, 2), (1, 3), (1, 2), (1, 3), (1, 4)]);
        assert_eq!(check(&g, &win(true, false, false, 4), &walk), Ok(()));
        // Along the diagonal steps, corner (1, 1) to corner (7, 7), moves after k ignored.
        let diagonal = [(1, 1), (2, 2), (3, 3), (5, 5), (6, 6), (7, 7), (4, 4), (2, 1)];
        let g = game(4, &diagonal);
        let path = bridge(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)]);
        assert_eq!(check(&g, &win(true, false, false, 7), &path), Ok(()));
    }

    #[test]
    fn rejects_broken_bridges() {
        let g = game(4, &[(1, 1), (1, 2), (1, 4), (1, 3), (5, 5)]);
        let at4 = win(true, false, false, 4);
        rejects(
            check(&g, &at4, &bridge(&[(1, 1), (1, 2), (1, 4)])),
            "bridge: step 2: (1, 4) is not a neighbour of (1, 2)",
        );
        rejects(check(&g, &at4, &bridge(&[(1, 1), (1, 2), (1, 3)])), "(1, 3), which is not a corner");
        rejects(check(&g, &at4, &bridge(&[(1, 1), (1, 2), (1, 1)])), "same corner (1, 1)");
        rejects(check(&g, &at4, &bridge(&[(1, 1)])), "same corner (1, 1)");
        rejects(check(&g, &at4, &bridge(&[])), "empty");
        // Without move 5's stone the bridge stood at move 4 already.
        let path = bridge(&[(1, 1), (1, 2), (1, 3), (1, 4)]);
        rejects(check(&g, &win(true, false, false, 5), &path), "does not hold (5, 5), the stone of move 5");
        // (1, 3) comes in move 4, after move 3.
        rejects(check(&g, &win(true, false, false, 3), &path), "(1, 3) is not a stone by move 3");
        // (3, 1) would be a corner of S = 3, but is off this board.
        let g = game(2, &[(1, 1), (2, 1)]);
        rejects(check(&g, &win(true, false, false, 2), &bridge(&[(1, 1), (2, 1), (3, 1)])), "(3, 1) is off the board");
    }

    /// A fork from edge x = 1 and edge y = 1 round the empty corner (1, 1), out to edge x − y = S − 1.
    const FORK: [(u32, u32); 6] = [(1, 2), (2, 2), (2, 1), (3, 2), (5, 2), (4, 2)];

    #[test]
    fn accepts_forks_in_any_order() {
        let g = game(4, &FORK);
        assert_eq!(check(&g, &win(false, true, false, 6), &fork(&FORK)), Ok(()));
        let shuffled = [(5, 2), (1, 2), (4, 2), (2, 1), (3, 2), (2, 2), (1, 2)];
        assert_eq!(check(&g, &win(false, true, false, 6), &fork(&shuffled)), Ok(()));
        // Two cells on edge x = 1: an edge counts once however many of the cells touch it.
        let twice = [(1, 3), (1, 2), (2, 2), (2, 1), (3, 2), (5, 2), (4, 2)];
        assert_eq!(check(&game(4, &twice), &win(false, true, false, 7), &fork(&twice)), Ok(()));
    }

    #[test]
    fn rejects_forks_short_of_three_edges_or_apart() {
        let g = game(4, &FORK);
        rejects(check(&g, &win(false, true, false, 3), &fork(&FORK[..3])), "fork: the cells touch only 2 edges");
        // Edges x = 1 and y = 1, then corner (7, 4), which lies on the lines x = 7 and x − y = 3 yet on no edge.
        let cornered = [(1, 2), (2, 2), (2, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 4)];
        let g = game(4, &cornered);
        rejects(check(&g, &win(false, true, false, 8), &fork(&cornered)), "touch only 2 edges");
        // The stones are connected on the board, but not through the cells given.
        let g = game(4, &[(1, 2), (2, 2), (2, 1), (3, 2), (4, 2), (5, 2)]);
        let apart = fork(&[(1, 2), (2, 2), (2, 1), (5, 2)]);
        rejects(check(&g, &win(false, true, false, 6), &apart), "not connected");
        rejects(check(&g, &win(false, true, false, 6), &fork(&FORK[..3])), "does not hold (5, 2)");
        rejects(check(&g, &win(false, true, false, 5), &fork(&FORK)), "(5, 2) is not a stone by move 5");
        rejects(check(&g, &win(false, true, false, 6), &fork(&[])), "fork: no cells");
    }

    #[test]
    fn accepts_rings_including_one_on_the_border_cells() {
        let g = game(4, &SIX_AROUND_44);
        assert_eq!(check(&g, &win(false, false, true, 6), &ring(cells(&SIX_AROUND_44), (4, 4))), Ok(()));
        let mut backwards = cells(&SIX_AROUND_44);
        backwards.rotate_left(2);
        backwards.reverse();
        assert_eq!(check(&g, &win(false, false, true, 6), &ring(backwards, (4, 4))), Ok(()));
        // Border cells are ordinary stones: the six round (2, 3) include (1, 2) and (1, 3) of edge x = 1.
        let around = hex_ring((2, 3), 1);
        let g = Game { size: 4, moves: around.clone() };
        assert_eq!(check(&g, &win(false, false, true, 6), &ring(around, (2, 3))), Ok(()));
    }

    #[test]
    fn rejects_rings_that_do_not_enclose_an_empty_cell() {
        // Radius 2 round (4, 4), whose centre is a stone, played first.
        let cycle = hex_ring((4, 4), 2);
        let moves = [vec![Cell { x: 4, y: 4 }], cycle.clone()].concat();
        let g = Game { size: 4, moves };
        let at13 = win(false, false, true, 13);
        assert_eq!(check(&g, &at13, &ring(cycle.clone(), (4, 5))), Ok(()));
        rejects(check(&g, &at13, &ring(cycle.clone(), (4, 4))), "the enclosed cell (4, 4) is a stone by move 13");
        // Next to the cycle, on its outer side.
        rejects(check(&g, &at13, &ring(cycle.clone(), (4, 7))), "the cycle does not enclose (4, 7)");
        rejects(check(&g, &at13, &ring(cycle.clone(), (7, 5))), "does not enclose (7, 5)");
        rejects(check(&g, &at13, &ring(cycle.clone(), (1, 1))), "does not enclose (1, 1)");
        rejects(check(&g, &at13, &ring(cycle, (8, 8))), "(8, 8) is off the board");
    }

    #[test]
    fn rejects_cycles_that_are_open_repeated_short_or_late() {
        let g = game(4, &[(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4), (2, 3), (3, 5)]);
        let open = cells(&[(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (2, 3)]);
        rejects(
            check(&g, &win(false, false, true, 7), &ring(open, (4, 4))),
            "ring: the cycle does not close: (4, 5) is not a neighbour of (2, 3)",
        );
        let gap = cells(&[(4, 5), (5, 5), (4, 3), (3, 3), (3, 4), (5, 4)]);
        rejects(
            check(&g, &win(false, false, true, 6), &ring(gap, (4, 4))),
            "step 2: (4, 3) is not a neighbour of (5, 5)",
        );
        // The six round (4, 4) with a spur out to (3, 5) and back: closed, all steps neighbours, (4, 4) inside.
        let spur = cells(&[(4, 5), (5, 5), (5, 4), (4, 3), (3, 3), (3, 4), (3, 5), (3, 4)]);
        rejects(check(&g, &win(false, false, true, 8), &ring(spur, (4, 4))), "(3, 4) appears twice in the cycle");
        let triangle = cells(&[(4, 5), (5, 5), (4, 4)]);
        rejects(check(&g, &win(false, false, true, 6), &ring(triangle, (4, 4))), "3 cells, fewer than 6");
        rejects(
            check(&g, &win(false, false, true, 5), &ring(cells(&SIX_AROUND_44), (4, 4))),
            "(3, 4) is not a stone by move 5",
        );
        rejects(
            check(&g, &win(false, false, true, 7), &ring(cells(&SIX_AROUND_44), (4, 4))),
            "does not hold (2, 3), the stone of move 7",
        );
    }

    /// The border never closes a ring: stones (1, 2), (2, 2), (2, 1) wall off corner (1, 1) on the board, but no
    /// cycle of stones goes round it, and one through cells beyond the border is refused.
    #[test]
    fn rejects_rings_closed_by_the_border() {
        let g = game(4, &[(1, 2), (2, 2), (2, 1)]);
        let beyond = cells(&[(1, 2), (2, 2), (2, 1), (1, 0), (0, 0), (0, 1)]);
        rejects(check(&g, &win(false, false, true, 3), &ring(beyond, (1, 1))), "(1, 0) is off the board of side 4");
        // A U against edge x = 1 round (1, 3): the cycle can only be closed along the border, which is no step.
        let g = game(4, &[(1, 2), (2, 2), (2, 3), (2, 4), (1, 4)]);
        let u = cells(&[(1, 2), (2, 2), (2, 3), (2, 4), (1, 4)]);
        rejects(check(&g, &win(false, false, true, 5), &ring(u, (1, 3))), "fewer than 6");
        // A true ring round (2, 3) whose stones, with (2, 1), also cut corner (1, 1) off from the rest of the board;
        // a flood kept on the board would call (1, 1) enclosed, but it lies outside the cycle.
        let around = hex_ring((2, 3), 1);
        let g = Game { size: 4, moves: [vec![Cell { x: 2, y: 1 }], around.clone()].concat() };
        assert_eq!(check(&g, &win(false, false, true, 7), &ring(around.clone(), (2, 3))), Ok(()));
        rejects(check(&g, &win(false, false, true, 7), &ring(around, (1, 1))), "the cycle does not enclose (1, 1)");
    }

    /// Bridge, fork and ring all completed by (3, 3): it joins corner (1, 1) and edges x = 1, y = 1 to the arm
    /// reaching corner (7, 7) and edge x = 7, and closes the six round (4, 4).
    #[test]
    fn accepts_combined_kinds_and_refuses_unclaimed_or_missing_ones() {
        let moves =
            [(1, 1), (2, 2), (1, 2), (2, 1), (4, 5), (5, 5), (5, 4), (4, 3), (3, 4), (6, 6), (7, 7), (7, 6), (3, 3)];
        let g = game(4, &moves);
        let all = Witness {
            bridge: Some(cells(&[(1, 1), (2, 2), (3, 3), (3, 4), (4, 5), (5, 5), (6, 6), (7, 7)])),
            fork: Some(cells(&[(1, 2), (2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (5, 5), (6, 6), (7, 6)])),
            ring: Some(Ring { cycle: cells(&SIX_AROUND_44), enclosed: Cell { x: 4, y: 4 } }),
        };
        assert_eq!(check(&g, &win(true, true, true, 13), &all), Ok(()));
        let bridge_ring = Witness { fork: None, ..all.clone() };
        assert_eq!(check(&g, &win(true, false, true, 13), &bridge_ring), Ok(()));
        rejects(check(&g, &win(true, false, true, 13), &all), "gives a fork the answer does not claim");
        rejects(check(&g, &win(true, true, true, 13), &bridge_ring), "claims a fork, but the witness gives none");
        rejects(check(&g, &win(true, true, true, 14), &all), "move 14 is not one of the game's 13 moves");
        rejects(check(&g, &win(false, false, false, 13), &Witness::default()), "no structure");
        // A bad part fails the whole, even with the others right.
        let late_fork = Witness { fork: Some(cells(&[(1, 2), (2, 1), (2, 2)])), ..all.clone() };
        rejects(check(&g, &win(true, true, true, 13), &late_fork), "fork: does not hold (3, 3)");
        assert_eq!(check(&g, &Answer::None, &Witness::default()), Ok(()));
        rejects(check(&g, &Answer::None, &all), "the answer is `none`");
    }

    /// Every empty cell, for several cycles (convex, with a notch, round two cells) in all twelve symmetric
    /// placements: the checker accepts it exactly when a flood from beyond the board, walled by the cycle alone,
    /// misses it. This pins the ray test down where its ray runs along or through cycle cells.
    #[test]
    fn ray_test_agrees_with_a_flood_fill_for_every_cell() {
        let size = 6u32;
        let shifted = |list: &[(u32, u32)]| list.iter().map(|&(x, y)| Cell { x: x + 2, y: y + 2 }).collect::<Vec<_>>();
        let notch =
            [(4, 6), (5, 6), (6, 6), (5, 5), (5, 4), (6, 4), (5, 3), (4, 2), (3, 2), (2, 2), (2, 3), (2, 4), (3, 5)];
        let two = [(4, 5), (5, 5), (6, 5), (6, 4), (5, 3), (4, 3), (3, 3), (3, 4)];
        let cycles = [
            (hex_ring((6, 6), 1), 1),
            (hex_ring((6, 6), 2), 7),
            (hex_ring((6, 6), 4), 37),
            (shifted(&notch), 5),
            (shifted(&two), 2),
        ];
        let span = 2 * size;
        for (cycle, expected_inside) in cycles {
            for symmetry in Symmetry::all() {
                let cycle: Vec<Cell> = cycle.iter().map(|&c| symmetry.apply(size, c)).collect();
                let walls: HashSet<Cell> = cycle.iter().copied().collect();
                // Flood the box 0..=2S round the board from its rim, which lies off the board.
                let mut reached = HashSet::new();
                let mut stack: Vec<Cell> = (0..=span)
                    .flat_map(|i| [(0, i), (span, i), (i, 0), (i, span)])
                    .map(|(x, y)| Cell { x, y })
                    .collect();
                while let Some(c) = stack.pop() {
                    if walls.contains(&c) || c.x > span || c.y > span || !reached.insert(c) {
                        continue;
                    }
                    for (dx, dy) in [(0i32, 1i32), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)] {
                        if let (Some(x), Some(y)) = (c.x.checked_add_signed(dx), c.y.checked_add_signed(dy)) {
                            stack.push(Cell { x, y });
                        }
                    }
                }
                let g = Game { size, moves: cycle.clone() };
                let answer = win(false, false, true, cycle.len());
                let mut inside = 0;
                for x in 1..span {
                    for y in 1..span {
                        let e = Cell { x, y };
                        if !g.on_board(e) || walls.contains(&e) {
                            continue;
                        }
                        let verdict = check(&g, &answer, &ring(cycle.clone(), (x, y)));
                        assert_eq!(
                            verdict.is_ok(),
                            !reached.contains(&e),
                            "{symmetry:?}, {cycle:?}, {e:?}: {verdict:?}"
                        );
                        inside += usize::from(verdict.is_ok());
                    }
                }
                assert_eq!(inside, expected_inside, "{symmetry:?}, {cycle:?}");
            }
        }
    }

    /// S = 10^9, stones near two far corners of the board: a six-ring and one of radius 50 000 (300 000 stones),
    /// where coordinates near 2·10^9 would overflow careless arithmetic.
    #[test]
    fn checks_far_rings_on_the_largest_board() {
        let size = games::havannah::MAX_S;
        let s = i64::from(size);
        let far = (2 * s - 3, 2 * s - 3);
        let small = hex_ring(far, 1);
        let g = Game { size, moves: small.clone() };
        let at6 = win(false, false, true, 6);
        let (fx, fy) = (far.0 as u32, far.1 as u32);
        assert_eq!(check(&g, &at6, &ring(small.clone(), (fx, fy))), Ok(()));
        rejects(check(&g, &at6, &ring(small.clone(), (fx + 2, fy + 2))), "does not enclose");
        rejects(check(&g, &at6, &ring(small.clone(), (1, 1))), "does not enclose (1, 1)");
        rejects(check(&g, &at6, &ring(small, (size, size))), "does not enclose");
        // Radius r round a centre r + 1 cells in from corner (S, 1); the ring reaches edge x − y = S − 1.
        let r = 50_000;
        let centre = (s + 1, r + 2);
        let big = hex_ring(centre, r);
        let g = Game { size, moves: big.clone() };
        let answer = win(false, false, true, big.len());
        let (cx, cy) = (centre.0 as u32, centre.1 as u32);
        assert_eq!(check(&g, &answer, &ring(big.clone(), (cx, cy))), Ok(()));
        assert_eq!(check(&g, &answer, &ring(big.clone(), (cx + r as u32 - 1, cy))), Ok(()));
        rejects(check(&g, &answer, &ring(big.clone(), (cx - r as u32 - 1, cy))), "does not enclose");
        rejects(check(&g, &answer, &ring(big, (size, 1))), "does not enclose");
    }
}

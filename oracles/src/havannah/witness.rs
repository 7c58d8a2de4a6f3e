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
            for (dx, dy) in STEPS {
                let (x, y) = (i64::from(c.x) + dx, i64::from(c.y) + dy);
                let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else { continue };
                let next = Cell { x, y };
                if group.contains(&next) && seen.insert(next) {
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

/// Even-odd ray casting toward +x, exact in integers. `p` must not lie on the polygon, which holds for a lattice
/// point other than the vertices of a polygon of neighbour steps; then `p` never sits on a crossing, and the
/// half-open rule (one end strictly above p's row, the other not) counts each crossing of the row once.
fn inside(polygon: &[Cell], p: Cell) -> bool {
    let point = |c: Cell| (i128::from(c.x), i128::from(c.y));
    let (px, py) = point(p);
    let mut inside = false;
    for (i, &a) in polygon.iter().enumerate() {
        let ((ax, ay), (bx, by)) = (point(a), point(polygon[(i + 1) % polygon.len()]));
        if (ay > py) != (by > py) {
            // The edge crosses row py at x = ax + (py − ay)(bx − ax)/(by − ay); p is left of it when
            // (px − ax)(by − ay) < (py − ay)(bx − ax), with the inequality flipped if by − ay < 0.
            let (lhs, rhs) = ((px - ax) * (by - ay), (py - ay) * (bx - ax));
            if (by > ay && lhs < rhs) || (by < ay && lhs > rhs) {
                inside = !inside;
            }
        }
    }
    inside
}

//! Havannah (Code Jam 2012 Round 3): the first move that completes a bridge, fork or ring, in O(M α(M)) time and
//! O(M) memory whatever the board's side S (up to 10^9).
//!
//! # Method
//!
//! Stones are added in move order to a union-find over the stones alone; a hash map from cell to move number finds
//! a new stone's neighbours, so nothing is ever allocated per cell of the board.
//!
//! **Bridges and forks.** Each cell on the board's rim touches exactly one edge, or two edges where it is the
//! corner between them (and then it counts as that corner, on no edge). Every group root keeps a 12-bit mask: six
//! corner bits and six edge bits, OR-ed together when groups merge. Only the new stone's group can change, so after
//! each move it is a bridge when its mask has two corner bits and a fork when it has three edge bits.
//!
//! **Rings.** A ring is an empty cell that empty cells no longer connect to the outside (the board surrounded by a
//! band of empty cells). Before a stone goes down, every empty cell reaches the outside (or a ring already existed
//! and the game was over). The new stone takes its cell out of that one empty region; the region survives whole
//! unless it falls apart at the stone. Walk round the stone's six neighbours — off-board neighbours are part of the
//! empty outside band — and split them into runs of stones separated by runs of empty cells. A run of stones is
//! one group (consecutive neighbours are neighbours of each other). The empty runs on the two sides of the stone
//! stay connected exactly when no chain of stones joins the stone runs between them: if two different runs belong
//! to one group, that group plus the new stone is a closed loop with an empty neighbour inside it and one outside,
//! and the inside one (never an off-board cell: the loop lies on the convex board) is enclosed. If no two runs share
//! a group, every empty run still meets every other round the stones (on the hexagonal grid a stone path and an
//! empty path cannot cross), so nothing is enclosed. So the move closes a ring exactly when two separate runs of
//! neighbour stones had the same root before the move; the test looks only at the six neighbours.
//!
//! A move may complete several kinds at once; all of them are reported, and no move after the first win is read.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use games::havannah::{Answer, Cell, Game, Ring, Structures, Witness};

/// The six steps to a neighbour, in order round the cell: consecutive steps lead to cells that touch each other.
const STEPS: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

const CORNERS: u16 = 0x03F;
const EDGES: u16 = 0xFC0;
/// No stone: an empty or off-board neighbour in the ring test.
const EMPTY: u32 = u32::MAX;

/// The first winning move and everything it completes, or `none`.
pub fn answer(game: &Game) -> Answer {
    let mut board = Board::new(game.size, game.moves.len());
    match board.first_win(&game.moves) {
        Some((i, structures)) => Answer::Win { structures, at_move: i + 1 },
        None => Answer::None,
    }
}

/// The answer with the stones of each structure completed at the reported move; `None` for `Answer::None`.
///
/// The same pass as [`answer`], then searches within the winning group alone (O(M) time and memory at any S):
/// - a bridge is the breadth-first tree path from one corner stone through the move's stone to another corner stone
///   (the two halves share no stone, or those corners were joined a move earlier);
/// - a fork is the union of the tree paths from the move's stone to a stone on each of three edges;
/// - a ring closes a path between the two neighbours the ring test found, found without the move's stone, through
///   that stone; of the two arcs of its other neighbours, the one inside the cycle holds an empty cell.
pub fn certified(game: &Game) -> (Answer, Option<Witness>) {
    let mut board = Board::new(game.size, game.moves.len());
    let Some((i, structures)) = board.first_win(&game.moves) else {
        return (Answer::None, None);
    };
    let cell = game.moves[i];
    let mut witness = board.tree_witness(cell, structures);
    witness.ring = structures.ring.then(|| {
        let (a, b) = board.ring_between.expect("the ring test's pair is found again from the definition");
        board.ring(cell, a, b)
    });
    (Answer::Win { structures, at_move: i + 1 }, Some(witness))
}

/// Each reached cell's key with the key of the cell it was reached from; the start is its own parent.
type Parents = HashMap<u64, u64, BuildHasherDefault<CellHasher>>;

fn cell_of(k: u64) -> Cell {
    Cell { x: (k >> 32) as u32, y: k as u32 }
}

/// The cells from `to` back to the search's start, both included.
fn path_back(parents: &Parents, to: u64) -> Vec<Cell> {
    let mut path = vec![cell_of(to)];
    let mut at = to;
    loop {
        let parent = parents[&at];
        if parent == at {
            return path;
        }
        path.push(cell_of(parent));
        at = parent;
    }
}

/// The stones played so far: a hash table from cell to move number, and a union-find over the moves.
struct Board {
    size: i64,
    last: i64,
    /// Open addressing with linear probing: 0 for a free entry, else a stone's move number + 1 in the low `shift`
    /// bits under its cell's [`Board::tag`]. A power of two of entries, four or more a move, so at most a quarter
    /// full. Four bytes an entry keep the table of 10^6 stones at 16 MB, which stays mostly in the cache; the key that
    /// tells cells apart is in the stone's node, read anyway for an occupied neighbour's root.
    table: Vec<u32>,
    /// The bits of a move number + 1: the bit length of the number of moves.
    shift: u32,
    /// The union-find, indexed by move number (0-based): pushed in move order, so a game won early touches little.
    nodes: Vec<Node>,
    /// The two neighbours (positions in [`STEPS`]) of the stone that closed a ring, for its witness. Kept here
    /// rather than returned by [`Board::play_flower`]: returning them cost every move of [`answer`] 1.5% more
    /// instructions.
    ring_between: Option<(usize, usize)>,
}

/// A stone: its cell and its union-find node, sixteen bytes, one cache line for both.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    parent: u32,
    /// Meaningful at roots: corner bits 0–5 and edge bits 6–11 of every stone in the group.
    contacts: u16,
    rank: u8,
}

impl Board {
    fn new(size: u32, moves: usize) -> Board {
        let size = i64::from(size);
        let moves32 = i32::try_from(moves).expect("fewer than 2^31 moves") as u32;
        Board {
            size,
            last: 2 * size - 1,
            // Zeroed pages come from the system untouched: a game won early never faults most of them in.
            table: vec![0; moves.next_power_of_two() << 2],
            shift: u32::BITS - moves32.leading_zeros(),
            nodes: Vec::with_capacity(moves),
            ring_between: None,
        }
    }

    /// The top bits of a cell's [`cell_hash`] above the move number: a probe that meets another cell's entry tells
    /// it apart by these, nearly always, without reading that cell's node (a cache miss for every occupied entry
    /// probed). The key in the node decides.
    fn tag(&self, hash: u64) -> u32 {
        ((hash >> 32) as u32 >> self.shift) << self.shift
    }

    /// The move of the stone on `key`, whose [`cell_hash`] is `hash`, if any.
    fn find(&self, key: u64, hash: u64) -> Option<u32> {
        let mask = self.table.len() - 1;
        let number = (1 << self.shift) - 1;
        let tag = self.tag(hash);
        let mut i = hash as usize & mask;
        // The table is never full, so a free entry ends every search; the bound keeps a broken probe from looping.
        for _ in 0..self.table.len() {
            let entry = self.table[i];
            if entry == 0 {
                return None;
            }
            let stone = (entry & number) - 1;
            if entry & !number == tag && self.nodes[stone as usize].key == key {
                return Some(stone);
            }
            i = (i + 1) & mask;
        }
        None
    }

    fn contains(&self, key: u64) -> bool {
        self.find(key, cell_hash(key)).is_some()
    }

    /// Enter the cell whose [`cell_hash`] is `hash` as the stone of move `stone`.
    fn enter(&mut self, hash: u64, stone: u32) {
        let mask = self.table.len() - 1;
        let mut i = hash as usize & mask;
        for _ in 0..self.table.len() {
            if self.table[i] == 0 {
                // The tag's low `shift` bits are 0: the sum is the two fields side by side.
                self.table[i] = self.tag(hash) + stone + 1;
                return;
            }
            i = (i + 1) & mask;
        }
        panic!("no free entry for stone {stone} in a table of {}", self.table.len());
    }

    /// Plays `moves` in order until one completes a structure: its index and what it completes.
    fn first_win(&mut self, moves: &[Cell]) -> Option<(usize, Structures)> {
        if moves.len() <= PLAIN_UP_TO { self.first_win_plain(moves) } else { self.first_win_prefetching(moves) }
    }

    /// [`Board::first_win`] one move at a time.
    fn first_win_plain(&mut self, moves: &[Cell]) -> Option<(usize, Structures)> {
        moves.iter().enumerate().find_map(|(i, &cell)| Some((i, self.play_flower(cell, &flower(cell)))).filter(won))
    }

    /// [`Board::first_win`] for games whose table and nodes outgrow the cache ([`PLAIN_UP_TO`]). A move's lookups
    /// land on random cache lines there, and each move waits on the one before it (through the union-find), so played one at a time a
    /// move costs a few memory latencies. But every move is known in advance: [`Board::prefetch_ahead`] asks for
    /// the memory of later moves while this one is played, in three stages that each read what the stage before
    /// fetched. Each move's flower (its cell and neighbours, with their hashes) is worked out once, [`LEAD`] moves
    /// ahead, in a ring of [`RING`].
    fn first_win_prefetching(&mut self, moves: &[Cell]) -> Option<(usize, Structures)> {
        let mut flowers = [[(0, 0); 7]; RING];
        for (j, &cell) in moves.iter().enumerate().take(LEAD) {
            flowers[j % RING] = flower(cell);
        }
        for (i, &cell) in moves.iter().enumerate() {
            if let Some(&later) = moves.get(i + LEAD) {
                flowers[(i + LEAD) % RING] = flower(later);
            }
            self.prefetch_ahead(&flowers, i, moves.len());
            let structures = self.play_flower(cell, &flowers[i % RING]);
            if won(&(i, structures)) {
                return Some((i, structures));
            }
        }
        None
    }

    /// While move `i` is played: the table entries of the flower [`LEAD`] moves ahead; the nodes that entries of the
    /// flower `2 * AHEAD` ahead name (the table lines came in `AHEAD` moves ago); and the parents of those nodes
    /// `AHEAD` ahead. Entries are read at each cell's first probe only, and a stone played in between is missed:
    /// these are guesses, and a wrong one costs a wasted fetch, never an answer.
    fn prefetch_ahead(&self, flowers: &[Flower; RING], i: usize, moves: usize) {
        let mask = self.table.len() - 1;
        let ahead = |by: usize| flowers.get((i + by) % RING).filter(|_| i + by < moves);
        if let Some(flower) = ahead(LEAD) {
            for &(_, hash) in flower {
                prefetch(&self.table, hash as usize & mask);
            }
        }
        if let Some(flower) = ahead(2 * AHEAD) {
            for stone in self.prefetch_named_stones(flower) {
                prefetch(&self.nodes, stone);
            }
        }
        if let Some(flower) = ahead(AHEAD) {
            for stone in self.prefetch_named_stones(flower) {
                prefetch(&self.nodes, self.nodes[stone].parent as usize);
            }
        }
    }

    /// For [`Board::prefetch_ahead`]: the stones that the first probes of a flower's neighbours meet.
    fn prefetch_named_stones(&self, flower: &Flower) -> impl Iterator<Item = usize> {
        let mask = self.table.len() - 1;
        let number = (1 << self.shift) - 1;
        flower[1..]
            .iter()
            .map(move |&(_, hash)| self.table[hash as usize & mask])
            .filter(|&entry| entry != 0)
            .map(move |entry| (entry & number) as usize - 1)
    }

    /// Corner and edge bits of a cell. The edges in order round the board are x = 1, y − x = S−1, y = 2S−1,
    /// x = 2S−1, x − y = S−1, y = 1, and corner k is where edge k meets edge k + 1: a cell on two edges is that
    /// corner and on neither edge.
    fn contacts_of(&self, x: i64, y: i64) -> u16 {
        let (s, last) = (self.size, self.last);
        let on = [x == 1, y - x == s - 1, y == last, x == last, x - y == s - 1, y == 1];
        let edges = on.iter().enumerate().fold(0u16, |bits, (k, &b)| bits | (u16::from(b) << k));
        let corner = edges & ((edges >> 1) | (edges << 5)) & CORNERS;
        if corner != 0 { corner } else { edges << 6 }
    }

    fn root(&mut self, mut v: u32) -> u32 {
        // Path halving: every other node on the way up skips to its grandparent. Union by rank keeps the way up
        // short; the bound makes a broken parent link a panic rather than an endless climb.
        for _ in 0..self.nodes.len() {
            let parent = self.nodes[v as usize].parent;
            if parent == v {
                return v;
            }
            let grand = self.nodes[parent as usize].parent;
            self.nodes[v as usize].parent = grand;
            v = grand;
        }
        panic!("the group of stone node {v} has no root");
    }

    /// Merge the groups of two roots; the new root.
    fn join(&mut self, a: u32, b: u32) -> u32 {
        if a == b {
            return a;
        }
        let (low, high) = if self.nodes[a as usize].rank < self.nodes[b as usize].rank { (a, b) } else { (b, a) };
        let low_node = self.nodes[low as usize];
        let high_node = &mut self.nodes[high as usize];
        if low_node.rank == high_node.rank {
            high_node.rank += 1;
        }
        high_node.contacts |= low_node.contacts;
        self.nodes[low as usize].parent = high;
        high
    }

    /// Put a stone on `cell`, whose [`flower`] is `flower`; what its group now completes (nothing was complete
    /// before).
    fn play_flower(&mut self, cell: Cell, flower: &Flower) -> Structures {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        let me = self.nodes.len() as u32;
        let contacts = self.contacts_of(x, y);

        // The roots of the six neighbours before the move, round the cell; EMPTY for empty and off-board cells. No
        // stone is off the board (the parser checks every move), so the lookup alone tells those apart.
        let mut around = [EMPTY; 6];
        for (slot, &(key, hash)) in around.iter_mut().zip(&flower[1..]) {
            if let Some(stone) = self.find(key, hash) {
                *slot = stone;
            }
        }
        // The roots apart from the lookups: six lookups with no store between them wait on memory together.
        for slot in around.iter_mut() {
            if *slot != EMPTY {
                *slot = self.root(*slot);
            }
        }
        let ring = closes_ring(&around);
        if ring {
            self.ring_between = ring_between(&around);
        }
        let (key, hash) = flower[0];
        self.nodes.push(Node { key, parent: me, contacts, rank: 0 });
        self.enter(hash, me);

        let mut root = me;
        for &r in &around {
            if r != EMPTY {
                let r = self.root(r);
                root = self.join(root, r);
            }
        }
        let contacts = self.nodes[root as usize].contacts;
        Structures { bridge: (contacts & CORNERS).count_ones() >= 2, fork: (contacts & EDGES).count_ones() >= 3, ring }
    }
}

impl Board {
    /// Breadth-first over stones from `from`, never entering `avoid`, until `enough` (told each cell as it is
    /// reached) says the search has found what it needs. Touches the searched group alone, so the witness costs
    /// O(group) whatever the board's size.
    fn search(&self, from: u64, avoid: Option<u64>, mut enough: impl FnMut(u64) -> bool) -> Parents {
        let mut parents = Parents::default();
        parents.insert(from, from);
        let mut queue = std::collections::VecDeque::from([from]);
        if enough(from) {
            return parents;
        }
        while let Some(at) = queue.pop_front() {
            let (x, y) = ((at >> 32) as i64, (at & 0xFFFF_FFFF) as i64);
            for (dx, dy) in STEPS {
                let next = key(x + dx, y + dy);
                if Some(next) == avoid || parents.contains_key(&next) || !self.contains(next) {
                    continue;
                }
                parents.insert(next, at);
                queue.push_back(next);
                if enough(next) {
                    return parents;
                }
            }
        }
        parents
    }

    /// The bridge and fork of the group `cell` has just completed, where `structures` claims them; no ring.
    fn tree_witness(&self, cell: Cell, structures: Structures) -> Witness {
        if !structures.bridge && !structures.fork {
            return Witness::default();
        }
        let start = key(i64::from(cell.x), i64::from(cell.y));
        // The first stone reached on each corner and on each edge, indexed by contact bit.
        let mut first = [None; 12];
        let mut seen = 0u16;
        let enough = |seen: u16| {
            (!structures.bridge || (seen & CORNERS).count_ones() >= 2)
                && (!structures.fork || (seen & EDGES).count_ones() >= 3)
        };
        let parents = self.search(start, None, |k| {
            let Cell { x, y } = cell_of(k);
            let contacts = self.contacts_of(i64::from(x), i64::from(y));
            for (bit, slot) in first.iter_mut().enumerate() {
                if contacts & !seen & (1 << bit) != 0 {
                    *slot = Some(k);
                }
            }
            seen |= contacts;
            enough(seen)
        });
        assert!(enough(seen), "the group of {cell:?} lacks the contacts its root claims");
        let reached = |mask: u16, count: usize| -> Vec<u64> {
            (0..12).filter(|&bit| mask & (1 << bit) != 0).filter_map(|bit| first[bit]).take(count).collect()
        };
        let bridge = structures.bridge.then(|| {
            let ends = reached(CORNERS, 2);
            // One corner up to the move's stone, then down to the other.
            let mut path = path_back(&parents, ends[0]);
            let down = path_back(&parents, ends[1]);
            path.extend(down.into_iter().rev().skip(1));
            path
        });
        let fork = structures.fork.then(|| {
            let mut cells = std::collections::HashSet::new();
            let mut fork = Vec::new();
            for end in reached(EDGES, 3) {
                fork.extend(path_back(&parents, end).into_iter().filter(|&c| cells.insert(c)));
            }
            fork
        });
        Witness { bridge, fork, ring: None }
    }

    /// The ring `cell` has just closed between its neighbours at positions `a` and `b` of [`STEPS`], which lie in
    /// separate runs of one group.
    fn ring(&self, cell: Cell, a: usize, b: usize) -> Ring {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        let at = |k: usize| key(x + STEPS[k % 6].0, y + STEPS[k % 6].1);
        let (start, end) = (at(a), at(b));
        // Breadth-first finds a shortest, hence simple, path, and without the move's stone it cannot pass through
        // it: closed through that stone it is a simple cycle.
        let parents = self.search(start, Some(key(x, y)), |k| k == end);
        assert!(parents.contains_key(&end), "neighbours {a} and {b} of {cell:?} are not one group");
        let mut cycle = vec![cell];
        cycle.extend(path_back(&parents, end));
        // The cycle leaves `cell` towards b and comes back from a. A lattice step crosses no side of the cycle, so
        // each neighbour of `cell` off the cycle is inside exactly when its direction lies in the cycle's angle at
        // `cell`: turning from b's direction to a's, counterclockwise in (x, y) for a counterclockwise cycle. STEPS
        // runs clockwise in (x, y), so that is the positions after a up to b, and for a clockwise cycle those after
        // b up to a. The (x, y) points are a linear image of the board, so insideness carries over, and the sign of
        // the area is exact in integers.
        let counterclockwise = twice_signed_area(&cycle) > 0;
        let (from, to) = if counterclockwise { (a, b) } else { (b, a) };
        let inside = (from + 1..)
            .take_while(|&k| k % 6 != to)
            .map(at)
            .find(|&k| !self.contains(k))
            .expect("each side of the ring test's runs holds an empty neighbour");
        // Both runs being separate, each arc between them holds an empty neighbour, and one inside the cycle lies on
        // the convex board: no off-board cell is chosen.
        Ring { cycle, enclosed: cell_of(inside) }
    }
}

/// Twice the signed area of the polygon through the cells' (x, y) points: positive when it turns counterclockwise.
/// Products of coordinates near 2·10^9 summed over up to 10^6 sides need more than 64 bits.
fn twice_signed_area(cycle: &[Cell]) -> i128 {
    let point = |c: &Cell| (i128::from(c.x), i128::from(c.y));
    cycle
        .iter()
        .zip(cycle.iter().cycle().skip(1))
        .map(|(p, q)| {
            let ((px, py), (qx, qy)) = (point(p), point(q));
            px * qy - qx * py
        })
        .sum()
}

/// Whether two separate runs of neighbour stones (runs split by empty or off-board neighbours) belong to one group:
/// then the new stone closes a loop round an empty cell (see the module documentation).
fn closes_ring(around: &[u32; 6]) -> bool {
    let Some(gap) = around.iter().position(|&r| r == EMPTY) else {
        // Six stones round it: one run, nothing to separate.
        return false;
    };
    // Starting just after an empty neighbour, every run is met from its start. Six cells hold at most three runs.
    let mut runs = [EMPTY; 3];
    let mut count = 0;
    let mut in_run = false;
    for k in 1..=6 {
        let r = around[(gap + k) % 6];
        if r == EMPTY {
            in_run = false;
        } else if !in_run {
            in_run = true;
            if runs[..count].contains(&r) {
                return true;
            }
            runs[count] = r;
            count += 1;
        }
    }
    false
}

/// The positions of two neighbour stones of one group with an empty neighbour between them both ways round: the
/// pair [`closes_ring`] saw, which the ring's witness starts from. Only called once that said yes, at most once a
/// game, so it is written straight from the definition rather than fast, and [`closes_ring`] carries no positions
/// along on every move.
#[cold]
fn ring_between(around: &[u32; 6]) -> Option<(usize, usize)> {
    let empty_between = |from: usize, to: usize| (from + 1..to).any(|k| around[k % 6] == EMPTY);
    (0..6)
        .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
        .find(|&(a, b)| around[a] != EMPTY && around[a] == around[b] && empty_between(a, b) && empty_between(b, a + 6))
}

/// One u64 per cell: x in the high half, y in the low half (both < 2^31).
fn key(x: i64, y: i64) -> u64 {
    ((x as u64) << 32) | y as u64
}

/// Whether a move, with what it completes, wins.
fn won(&(_, structures): &(usize, Structures)) -> bool {
    structures.bridge || structures.fork || structures.ring
}

/// A cell and its six neighbours in [`STEPS`] order, each as its key and [`cell_hash`].
type Flower = [(u64, u64); 7];

#[inline(always)]
fn flower(cell: Cell) -> Flower {
    let (x, y) = (i64::from(cell.x), i64::from(cell.y));
    let mut flower = [(0, 0); 7];
    for (slot, (dx, dy)) in flower.iter_mut().zip([(0, 0)].into_iter().chain(STEPS)) {
        let key = key(x + dx, y + dy);
        *slot = (key, cell_hash(key));
    }
    flower
}

/// The most moves [`Board::first_win`] plays one at a time. Measured on games at S = 10^9 (scattered, loops, paths
/// and patches): with 2^18 moves (a 4 MB table and 4 MB of nodes) prefetching cost 10–35% more time a move, from
/// 4 × 10^5 moves (8 MB and 6.4 MB) it saved 5–45%.
const PLAIN_UP_TO: usize = 1 << 18;

/// Moves between the prefetching stages of [`Board::first_win`]: long enough for memory to answer (a few hundred
/// nanoseconds against some tens a move), short enough that the lines are still in the cache when used.
const AHEAD: usize = 8;
/// How far ahead the first stage looks.
const LEAD: usize = 3 * AHEAD;
/// The flowers kept, more than [`LEAD`]: a move's flower stays until it is played.
const RING: usize = 32;
const _: () = assert!(LEAD < RING);

/// Ask the CPU to bring `slice[i]` into the cache, without waiting for it. An index past the end fetches nothing.
fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = slice.get(i) {
        // SAFETY: a prefetch hint reads no memory into the program and cannot fault; the address is an element's.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((item as *const T).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}

/// log2 of the side of the square blocks of cells that hash to consecutive buckets.
const BLOCK_BITS: u32 = 2;
const LOW: u64 = (1 << BLOCK_BITS) - 1;

/// Multiply-and-fold: the 128-bit product's halves XOR-ed, so every output bit depends on every input bit.
fn mix(k: u64) -> u64 {
    let product = u128::from(k) * 0x9E37_79B9_7F4A_7C15;
    (product as u64) ^ ((product >> 64) as u64)
}

/// Hashing that keeps neighbours near each other in the table. A stone's six neighbour lookups and its insertion
/// are the solver's whole memory traffic, and in a table of 10^6 stones a random entry is a cache miss. So the
/// cell's 4×4 block (its coordinates without the low two bits) is mixed by [`mix`], and the cell's place inside the
/// block is put in the low four bits: a block's cells fill 16 consecutive entries, 64 bytes of [`Board`]'s table,
/// and clustered stones share cache lines. The place inside the block is XOR-ed into the top bits as well, because
/// tables filter on their top bits (hashbrown's seven, [`Board::tag`]) and those would otherwise be equal across a
/// block. Blocks of 8×8 share more lines, but their runs of 64 full entries made linear probing crawl on solid
/// patches (94 extra probes a move). With every cell hashed apart (`mix` of the whole key), grown clusters took
/// 5–8% longer to solve and other shapes about the same: [`Board::first_win`]'s prefetching hides most misses
/// either way. SipHash's flood resistance buys nothing here.
fn cell_hash(k: u64) -> u64 {
    let (x, y) = (k >> 32, k & 0xFFFF_FFFF);
    let inside = ((x & LOW) << BLOCK_BITS) | (y & LOW);
    let mixed = mix(((x >> BLOCK_BITS) << 32) | (y >> BLOCK_BITS));
    ((mixed >> (2 * BLOCK_BITS)) << (2 * BLOCK_BITS) | inside) ^ (inside << (64 - 2 * BLOCK_BITS))
}

/// [`cell_hash`] for the std maps of the witness searches.
#[derive(Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0.rotate_left(8) ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = cell_hash(k);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;
    use games::havannah::{Havannah, Symmetry};

    fn check_set(input: &str, answers: &str) {
        let games = Havannah::parse(input).expect("official input parses");
        let expected: Vec<&str> = answers.lines().collect();
        assert_eq!(games.len(), expected.len());
        for (i, (game, want)) in games.iter().zip(expected).enumerate() {
            assert_eq!(format!("Case #{}: {}", i + 1, answer(game)), want.trim_end(), "{game:?}");
        }
    }

    #[test]
    fn official_sample() {
        check_set(
            include_str!("../../tests/data/havannah/sample.in"),
            include_str!("../../tests/data/havannah/sample.ans"),
        );
    }

    #[test]
    fn official_small() {
        check_set(
            include_str!("../../tests/data/havannah/small.in"),
            include_str!("../../tests/data/havannah/small.ans"),
        );
    }

    fn game(size: u32, moves: &[(u32, u32)]) -> Game {
        Game { size, moves: moves.iter().map(|&(x, y)| Cell { x, y }).collect() }
    }

    /// The answer, checked to be the same under all twelve symmetries of the board.
    fn judged(g: &Game) -> String {
        let a = answer(g);
        for symmetry in Symmetry::all() {
            assert_eq!(answer(&g.transformed(symmetry)), a, "{symmetry:?} of {g:?}");
        }
        a.to_string()
    }

    #[test]
    fn corners_and_edges() {
        // Two neighbouring corners of S = 2 (no edges exist there).
        assert_eq!(judged(&game(2, &[(1, 1), (1, 2)])), "bridge in move 2");
        // Along the edge x = 1 of S = 3: corner (1,1), edge cell (1,2), corner (1,3).
        assert_eq!(judged(&game(3, &[(1, 1), (1, 3), (1, 2)])), "bridge in move 3");
        // A corner is on no edge: corner (1, 1) joined to (4, 5) on y = 5 and (5, 4) on x = 5 is no fork.
        assert_eq!(judged(&game(3, &[(1, 1), (2, 2), (3, 3), (4, 4), (4, 5), (5, 4)])), "none");
        // (1, 2) on x = 1 joined through the centre to the same two edges: a fork.
        assert_eq!(judged(&game(3, &[(1, 2), (2, 2), (3, 3), (4, 4), (4, 5), (5, 4)])), "fork in move 6");
    }

    #[test]
    fn rings_need_an_empty_cell_inside_and_no_border() {
        // Round the centre of S = 3: the sample's ring.
        let around_centre = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2)];
        assert_eq!(judged(&game(3, &around_centre)), "ring in move 6");
        // The same loop with its hole filled first encloses only stones.
        let mut filled = vec![(3, 3)];
        filled.extend(around_centre);
        assert_eq!(judged(&game(3, &filled)), "none");
        // Hole filled last: the ring came first.
        let mut late = around_centre.to_vec();
        late.push((3, 3));
        assert_eq!(judged(&game(3, &late)), "ring in move 6");
        // Round the edge cell (1, 3) of S = 4 with the border closing one side: no ring.
        let against_edge = [(1, 2), (2, 3), (2, 4), (1, 4)];
        assert_eq!(judged(&game(4, &against_edge)), "none");
        // Round the corner (1, 1) of S = 4: no ring.
        assert_eq!(judged(&game(4, &[(1, 2), (2, 2), (2, 1)])), "none");
    }

    #[test]
    fn off_board_neighbours_count_as_empty_in_the_ring_test() {
        // S = 4: a loop round the hole (2, 3) closed by (1, 3) on the edge x = 1. Round (1, 3) the stones (1, 4) and
        // (2, 4) form one run and (1, 2) another; the hole separates them on one side and only the two off-board
        // cells (0, 2) and (0, 3) on the other. Dropping off-board cells from the circle would join the runs.
        let moves = [(1, 2), (2, 2), (3, 3), (3, 4), (2, 4), (1, 4), (1, 3)];
        assert_eq!(judged(&game(4, &moves)), "ring in move 7");
    }

    /// S = 5. Group A is a C round the hole (5, 6), open at (5, 5), with arms to corner (5, 9) and to (6, 9) on the
    /// edge y = 9; group B runs from (5, 4) to corner (5, 1), (6, 2) on the edge x − y = 4 and (4, 1) on the edge
    /// y = 1. Neither is anything alone; move 16, (5, 5), closes A round the hole and joins B: every kind at once.
    fn every_kind_in_one_move() -> Game {
        let a = [(4, 5), (4, 6), (5, 7), (6, 7), (6, 6), (5, 8), (5, 9), (6, 8), (6, 9)];
        let b = [(5, 4), (5, 3), (5, 2), (5, 1), (6, 2), (4, 1)];
        let moves: Vec<(u32, u32)> = a.iter().chain(&b).copied().chain([(5, 5)]).collect();
        game(5, &moves)
    }

    #[test]
    fn one_move_can_complete_every_kind() {
        assert_eq!(judged(&every_kind_in_one_move()), "bridge-fork-ring in move 16");
    }

    /// Union by rank keeps every stone within log2(stones) links of its root, whatever the order of play: the bound
    /// the O(M α(M)) time rests on. The links are followed without halving them, as they stand after the game.
    #[test]
    fn groups_stay_shallow() {
        let row: Vec<Cell> = (1..=199).map(|x| Cell { x, y: 100 }).collect();
        let mut hexagon: Vec<Cell> = (1..=23).flat_map(|x| (1..=23).map(move |y| Cell { x, y })).collect();
        hexagon.retain(|c| (i64::from(c.x) - i64::from(c.y)).abs() < 12);
        // A fixed shuffle: the stones of the hexagon meet in every order of sizes.
        crate::shuffle(&mut hexagon, 0x2545_F491_4F6C_DD1Du64);
        for (size, moves) in [(100, row), (12, hexagon)] {
            let mut board = Board::new(size, moves.len());
            for &cell in &moves {
                board.play_flower(cell, &flower(cell));
            }
            let depth = |mut v: usize| {
                let mut links = 0;
                while board.nodes[v].parent as usize != v {
                    v = board.nodes[v].parent as usize;
                    links += 1;
                }
                links
            };
            let deepest = (0..moves.len()).map(depth).max().unwrap();
            assert!(deepest <= moves.len().ilog2(), "{deepest} links to a root among {} stones", moves.len());
        }
    }

    /// Prefetching only fetches: the prefetching loop, which big games take, plays every game as the plain one,
    /// move for move to the same first win, on whole boards in random orders and on the official games.
    #[test]
    fn prefetching_plays_the_same_game() {
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut games: Vec<Game> = Havannah::parse(include_str!("../../tests/data/havannah/small.in")).unwrap();
        for round in 0..600 {
            let size = 2 + round % 9;
            let mut moves: Vec<Cell> = game(size, &[]).cells().collect();
            crate::shuffle(&mut moves, next());
            games.push(Game { size, moves });
        }
        for g in &games {
            let plain = Board::new(g.size, g.moves.len()).first_win_plain(&g.moves);
            assert_eq!(Board::new(g.size, g.moves.len()).first_win_prefetching(&g.moves), plain, "{g:?}");
        }
    }

    /// The tags only spare reads. In a table with room for one stone more than the moves, long runs of entries make
    /// probes meet other cells' entries; with one tag bit, half of those pass the tag and go on to the key, which
    /// tells the cells apart: every answer, and whether each cell holds a stone after it, stays the same.
    #[test]
    fn a_tag_filters_and_the_key_decides() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1Du64);
        for round in 0..600 {
            let size = 2 + round % 8;
            let mut moves: Vec<Cell> = game(size, &[]).cells().collect();
            crate::shuffle(&mut moves, next());
            let mut weak = Board::new(size, moves.len());
            weak.table = vec![0; (moves.len() + 1).next_power_of_two()];
            weak.shift = 31;
            let won = weak.first_win(&moves);
            assert_eq!(won, Board::new(size, moves.len()).first_win(&moves), "S = {size}: {moves:?}");
            let played = won.map_or(moves.len(), |(i, _)| i + 1);
            for (i, c) in moves.iter().enumerate() {
                assert_eq!(weak.contains(key(i64::from(c.x), i64::from(c.y))), i < played, "{c:?} in {moves:?}");
            }
        }
    }

    /// The table's layout: at least four entries a move, a power of two; a move number + 1 in the low bits, as many
    /// as the number of moves has; the top bits of the hash above them.
    #[test]
    fn table_entries_hold_a_tag_over_a_move_number() {
        let board = Board::new(2, 1000);
        assert_eq!((board.table.len(), board.shift), (4096, 10));
        assert_eq!(board.tag(0x1234_5678_9ABC_DEF0), 0x1234_5400);
        assert_eq!(board.tag(u64::MAX), 0xFFFF_FC00);
        assert_eq!((Board::new(2, 1024).shift, Board::new(2, 1023).shift, Board::new(2, 1).shift), (11, 10, 1));
    }

    /// The witness searches offer each stone of the group once and never the avoided cell: a search that let a
    /// reached stone or the avoided one back in would go round the group for ever (a mutant doing so ran into the
    /// time limit instead of failing a test).
    #[test]
    fn a_search_offers_each_stone_of_the_group_once() {
        // A ring of six round (3, 3), a stone off it at (5, 5) and a lone stone at (1, 4), on a board of side 4.
        let ring = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2)];
        let moves: Vec<Cell> = ring.iter().chain(&[(5, 4), (1, 4)]).map(|&(x, y)| Cell { x, y }).collect();
        let mut board = Board::new(4, moves.len());
        for &cell in &moves {
            board.play_flower(cell, &flower(cell));
        }
        let k = |x: u32, y: u32| key(i64::from(x), i64::from(y));
        for avoid in [None, Some(k(4, 4))] {
            let mut offered = Vec::new();
            let parents = board.search(k(2, 2), avoid, |c| {
                assert!(!offered.contains(&c) && Some(c) != avoid, "{:?} offered again", cell_of(c));
                offered.push(c);
                false
            });
            let mut reached: Vec<u64> = parents.keys().copied().collect();
            reached.sort_unstable();
            let mut group: Vec<u64> = ring.iter().chain(&[(5, 4)]).map(|&(x, y)| k(x, y)).collect();
            group.retain(|&c| Some(c) != avoid);
            group.sort_unstable();
            assert_eq!(reached, group, "avoiding {avoid:?}");
            assert_eq!(offered.len(), group.len());
        }
    }

    /// What the hash promises the table (see [`cell_hash`]): distinct cells hash apart, a block's 16 cells differ
    /// in the low four bits (their place in the block) and in the top four, and blocks far apart differ too.
    #[test]
    fn cells_hash_apart_in_blocks() {
        let hash = |x: i64, y: i64| {
            let mut hasher = CellHasher::default();
            hasher.write_u64(key(x, y));
            hasher.finish()
        };
        // Worked out apart from the documented layout (in Python: `inside = (x % 4) * 4 + y % 4`, `mixed =
        // mix((x // 4) * 2**32 + y // 4)`, `(mixed // 16 * 16 + inside) ^ (inside * 2**60 % 2**64)`).
        assert_eq!(hash(1_000, 7), 0xDCF4_A6A1_FD66_A333);
        assert_eq!(hash(999_999_999, 1_999_999_999), 0xABE8_A04D_0548_CA3F);
        let far = [(1, 1), (1_000, 7), (999_999_999, 1_999_999_999), (1 << 30, 3)];
        let mut seen = std::collections::HashSet::new();
        for (x0, y0) in far {
            for bx in 0..4 {
                for by in 0..4 {
                    let block: Vec<(i64, i64)> =
                        (0..16).map(|i| (((x0 >> 2) + bx) * 4 + i / 4, ((y0 >> 2) + by) * 4 + i % 4)).collect();
                    let top: std::collections::HashSet<u64> = block.iter().map(|&(x, y)| hash(x, y) >> 60).collect();
                    assert_eq!(top.len(), 16, "block of {:?}", block[0]);
                    for (x, y) in block {
                        let h = hash(x, y);
                        assert_eq!(h & 15, (((x & 3) << 2) | (y & 3)) as u64, "({x}, {y})");
                        assert!(seen.insert(h), "({x}, {y}) hashes like another cell");
                    }
                }
            }
        }
    }

    /// The block's mixing step: flipping any one input bit changes the output. The value is the documented product
    /// folded, worked out apart (in Python: `p = k * 0x9E3779B97F4A7C15; (p % 2**64) ^ (p >> 64)`).
    #[test]
    fn mix_depends_on_every_bit() {
        assert_eq!(mix(0x1234_5678_9ABC_DEF0), 0xC27A_443D_5FF2_18E0);
        for k in [0u64, 1, 0x1234_5678_9ABC_DEF0, u64::MAX] {
            for bit in 0..64 {
                assert_ne!(mix(k), mix(k ^ (1 << bit)), "{k:#x}, bit {bit}");
            }
        }
    }

    #[test]
    fn huge_board_coordinates() {
        let s = 1_000_000_000u32;
        let last = 2 * s - 1;
        // A ring round a cell at the far corner region, and two corners joined along the short way nowhere: none.
        let (cx, cy) = (last - 5, last - 5);
        let ring: Vec<(u32, u32)> =
            STEPS.iter().map(|&(dx, dy)| ((cx as i64 + dx) as u32, (cy as i64 + dy) as u32)).collect();
        assert_eq!(judged(&game(s, &ring)), "ring in move 6");
        assert_eq!(judged(&game(s, &[(1, 1), (last, last), (1, s), (s, 1)])), "none");
    }

    // Witness checks. The board's geometry is written out again from the rules rather than taken from the solver,
    // so that a slip in STEPS or contacts_of shows up here instead of agreeing with itself.

    const ROUND: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

    fn neighbours(p: Cell, q: Cell) -> bool {
        ROUND.contains(&(i64::from(q.x) - i64::from(p.x), i64::from(q.y) - i64::from(p.y)))
    }

    fn corners(size: u32) -> [Cell; 6] {
        let (s, l) = (size, 2 * size - 1);
        [(1, 1), (1, s), (s, 1), (s, l), (l, s), (l, l)].map(|(x, y)| Cell { x, y })
    }

    /// Which of the six edges a cell is on, if any; corners are on none.
    fn edge(size: u32, c: Cell) -> Option<usize> {
        if corners(size).contains(&c) {
            return None;
        }
        let (s, l, x, y) = (i64::from(size), 2 * i64::from(size) - 1, i64::from(c.x), i64::from(c.y));
        [x == 1, y == 1, x == l, y == l, x - y == s - 1, y - x == s - 1].iter().position(|&on| on)
    }

    /// Even-odd ray casting from `p` towards +x, in exact integers: each side is a lattice step (|dy| ≤ 1), so a
    /// side crossing the ray's line half-open meets it at one of its own ends.
    fn inside(cycle: &[Cell], p: Cell) -> bool {
        let (px, py) = (i64::from(p.x), i64::from(p.y));
        let mut odd = false;
        for (a, b) in cycle.iter().zip(cycle.iter().cycle().skip(1)) {
            let (ax, ay, bx, by) = (i64::from(a.x), i64::from(a.y), i64::from(b.x), i64::from(b.y));
            if (ay > py) != (by > py) {
                let cross_x = if ay == py { ax } else { bx };
                if cross_x > px {
                    odd = !odd;
                }
            }
        }
        odd
    }

    /// On a board small enough to walk: whether empty-or-stone walks that avoid the cycle's cells alone reach
    /// `p` from the band round the board. The definition itself, next to the ray casting above.
    fn reachable_past(size: u32, cycle: &[Cell], p: Cell) -> bool {
        let wall: HashSet<(i64, i64)> = cycle.iter().map(|c| (i64::from(c.x), i64::from(c.y))).collect();
        let (s, l) = (i64::from(size), 2 * i64::from(size) - 1);
        let on = |x: i64, y: i64| (1..=l).contains(&x) && (1..=l).contains(&y) && (x - y).abs() < s;
        // The band: every off-board cell next to the board, found from the board's cells.
        let mut seen = HashSet::new();
        let mut stack = Vec::new();
        for x in 0..=l + 1 {
            for y in 0..=l + 1 {
                if !on(x, y) && ROUND.iter().any(|(dx, dy)| on(x + dx, y + dy)) {
                    seen.insert((x, y));
                    stack.push((x, y));
                }
            }
        }
        while let Some((x, y)) = stack.pop() {
            for (dx, dy) in ROUND {
                let q = (x + dx, y + dy);
                if on(q.0, q.1) && !wall.contains(&q) && seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        seen.contains(&(i64::from(p.x), i64::from(p.y)))
    }

    use std::collections::HashSet;

    /// The certified answer is the plain answer, and its witness has the shape the checker demands.
    fn assert_certified(g: &Game) -> Answer {
        let (a, witness) = certified(g);
        assert_eq!(a, answer(g), "{g:?}");
        let Answer::Win { structures, at_move: k } = a else {
            assert_eq!(witness, None);
            return a;
        };
        let w = witness.expect("a win has a witness");
        let played: HashSet<Cell> = g.moves[..k].iter().copied().collect();
        let stone = g.moves[k - 1];
        let from_game = |cells: &[Cell], what: &str| {
            assert!(cells.iter().all(|c| played.contains(c)), "{what} has a cell not played by move {k}: {g:?}");
            assert!(cells.contains(&stone), "{what} lacks the stone of move {k}: {g:?}");
        };
        let stepped = |cells: &[Cell], what: &str| {
            assert!(cells.windows(2).all(|w| neighbours(w[0], w[1])), "{what} {cells:?} has a gap: {g:?}");
        };

        assert_eq!(w.bridge.is_some(), structures.bridge);
        if let Some(path) = &w.bridge {
            from_game(path, "bridge");
            stepped(path, "bridge");
            let (first, last) = (path[0], path[path.len() - 1]);
            let corners = corners(g.size);
            assert!(first != last && corners.contains(&first) && corners.contains(&last), "bridge ends {path:?}");
        }

        assert_eq!(w.fork.is_some(), structures.fork);
        if let Some(fork) = &w.fork {
            from_game(fork, "fork");
            let cells: HashSet<Cell> = fork.iter().copied().collect();
            let mut reached = HashSet::from([fork[0]]);
            let mut stack = vec![fork[0]];
            while let Some(p) = stack.pop() {
                for &q in &cells {
                    if neighbours(p, q) && reached.insert(q) {
                        stack.push(q);
                    }
                }
            }
            assert_eq!(reached.len(), cells.len(), "fork {fork:?} is not connected");
            let edges: HashSet<usize> = fork.iter().filter_map(|&c| edge(g.size, c)).collect();
            assert!(edges.len() >= 3, "fork {fork:?} touches edges {edges:?}");
        }

        assert_eq!(w.ring.is_some(), structures.ring);
        if let Some(Ring { cycle, enclosed }) = &w.ring {
            from_game(cycle, "ring");
            stepped(cycle, "ring");
            assert!(cycle.len() >= 6, "cycle {cycle:?}");
            assert!(neighbours(cycle[cycle.len() - 1], cycle[0]), "cycle {cycle:?} is not closed");
            assert_eq!(cycle.iter().collect::<HashSet<_>>().len(), cycle.len(), "cycle {cycle:?} repeats a cell");
            assert!(g.on_board(*enclosed) && !played.contains(enclosed), "enclosed {enclosed:?} is not empty");
            assert!(inside(cycle, *enclosed), "{enclosed:?} is outside {cycle:?}");
            if g.size <= 40 {
                assert!(!reachable_past(g.size, cycle, *enclosed), "{enclosed:?} escapes {cycle:?}");
            }
        }
        a
    }

    /// [`assert_certified`] under all twelve symmetries, which turn and mirror the cycles both ways round.
    fn certified_everywhere(g: &Game) -> String {
        for symmetry in Symmetry::all() {
            assert_certified(&g.transformed(symmetry));
        }
        assert_certified(g).to_string()
    }

    #[test]
    fn ray_casting_helper() {
        let hexagon = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2)].map(|(x, y)| Cell { x, y });
        assert!(inside(&hexagon, Cell { x: 3, y: 3 }));
        for (x, y) in [(1, 1), (1, 3), (5, 5), (3, 5), (5, 3), (3, 1), (1, 2), (4, 2), (2, 4)] {
            assert!(!inside(&hexagon, Cell { x, y }), "({x}, {y})");
            assert!(reachable_past(4, &hexagon, Cell { x, y }), "({x}, {y})");
        }
        assert!(!reachable_past(4, &hexagon, Cell { x: 3, y: 3 }));
    }

    #[test]
    fn witnesses_of_bridges_and_forks() {
        assert_eq!(certified_everywhere(&game(2, &[(1, 1), (1, 2)])), "bridge in move 2");
        assert_eq!(certified_everywhere(&game(3, &[(1, 1), (1, 3), (1, 2)])), "bridge in move 3");
        // The joining stone in the middle of a long bridge, reached from both sides.
        let row = [(1, 1), (2, 1), (3, 1), (5, 1), (6, 1), (7, 1), (4, 1)];
        assert_eq!(certified_everywhere(&game(7, &row)), "bridge in move 7");
        assert_eq!(certified_everywhere(&game(3, &[(1, 2), (2, 2), (3, 3), (4, 4), (4, 5), (5, 4)])), "fork in move 6");
        // A fork from a blob with side branches the pruned witness may leave out.
        let blob = [(3, 3), (3, 4), (4, 3), (2, 3), (1, 2), (5, 5), (6, 6), (6, 7), (5, 6), (7, 6), (4, 4)];
        assert_eq!(certified_everywhere(&game(4, &blob)), "fork in move 11");
        assert_eq!(certified_everywhere(&game(3, &[(1, 1), (2, 2), (3, 3), (4, 4), (4, 5), (5, 4)])), "none");
    }

    #[test]
    fn witnesses_of_rings() {
        let around_centre = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2)];
        assert_eq!(certified_everywhere(&game(3, &around_centre)), "ring in move 6");
        let mut late = around_centre.to_vec();
        late.push((3, 3));
        assert_eq!(certified_everywhere(&game(3, &late)), "ring in move 6");
        // The hole (2, 3) next to the edge x = 1, closed by the edge stone (1, 3) with off-board neighbours.
        let by_edge = [(1, 2), (2, 2), (3, 3), (3, 4), (2, 4), (1, 4), (1, 3)];
        assert_eq!(certified_everywhere(&game(4, &by_edge)), "ring in move 7");
        // A corner region: the corner (1, 1) itself closes the ring round (2, 2); three of its neighbours are off
        // the board and lie on the other side of its runs from the hole.
        let corner = [(1, 2), (2, 3), (3, 3), (3, 2), (2, 1), (1, 1)];
        assert_eq!(certified_everywhere(&game(4, &corner)), "ring in move 6");
    }

    /// A ring of radius two round the centre of S = 5 whose inside is stones but for (5, 6): the closing stone (5, 7)
    /// meets the hole, and the shortest way round is the small hexagon through the inside stones.
    #[test]
    fn witness_of_a_ring_round_one_empty_cell() {
        let centre = Cell { x: 5, y: 5 };
        let g = game(5, &[]);
        let distance = |c: Cell| {
            let (dx, dy) = (i64::from(c.x) - 5, i64::from(c.y) - 5);
            if dx * dy >= 0 { dx.abs().max(dy.abs()) } else { dx.abs() + dy.abs() }
        };
        let hole = Cell { x: 5, y: 6 };
        let closing = Cell { x: 5, y: 7 };
        let mut moves: Vec<Cell> = g.cells().filter(|&c| distance(c) <= 1 && c != hole).collect();
        moves.extend(g.cells().filter(|&c| distance(c) == 2 && c != closing));
        moves.push(closing);
        assert!(moves.contains(&centre));
        let g = Game { size: 5, moves };
        assert_eq!(certified_everywhere(&g), "ring in move 18");
        let (_, w) = certified(&g);
        assert_eq!(w.unwrap().ring.unwrap().enclosed, hole);
    }

    #[test]
    fn witnesses_of_several_kinds_at_once() {
        // The ring round (3, 3) closed by (2, 2), which also joins corner (1, 1) to the arm out to corner (7, 7).
        let bridge_ring = [(1, 1), (2, 3), (3, 4), (4, 4), (4, 3), (3, 2), (5, 5), (6, 6), (7, 7), (2, 2)];
        assert_eq!(certified_everywhere(&game(4, &bridge_ring)), "bridge-ring in move 10");
        assert_eq!(certified_everywhere(&every_kind_in_one_move()), "bridge-fork-ring in move 16");
    }

    /// Whole boards filled in random orders: every kind and mixture turns up, at every distance from the border.
    #[test]
    fn witnesses_of_random_games() {
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut kinds = std::collections::BTreeMap::new();
        for round in 0..3000 {
            let size = 2 + round % 9;
            let mut moves: Vec<Cell> = game(size, &[]).cells().collect();
            for i in (1..moves.len()).rev() {
                moves.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            *kinds.entry(assert_certified(&Game { size, moves }).kinds()).or_insert(0) += 1;
        }
        for kind in ["bridge", "fork", "ring", "bridge-fork", "bridge-ring", "fork-ring"] {
            assert!(kinds.contains_key(kind), "no {kind} among {kinds:?}");
        }
    }

    /// Rings touching each of the six corners of S = 10^9 (the symmetries carry the one at (1, 1) round), one of
    /// radius 40 in a shuffled order, and the small ring of the far corner region.
    #[test]
    fn witnesses_on_the_largest_board() {
        let s = 1_000_000_000u32;
        let last = 2 * s - 1;
        let corner = [(1, 2), (2, 3), (3, 3), (3, 2), (2, 1), (1, 1)];
        assert_eq!(certified_everywhere(&game(s, &corner)), "ring in move 6");
        let (cx, cy) = (last - 5, last - 5);
        let small: Vec<(u32, u32)> =
            ROUND.iter().map(|&(dx, dy)| ((cx as i64 + dx) as u32, (cy as i64 + dy) as u32)).collect();
        assert_eq!(certified_everywhere(&game(s, &small)), "ring in move 6");

        // Radius r round (r + 1, r + 1): the corner (1, 1) and the edges x = 1 and y = 1 are on it, nothing more.
        let r = 40i64;
        let mut ring: Vec<(u32, u32)> = Vec::new();
        let (mut x, mut y) = (1 + r + r, 1 + r);
        for &(dx, dy) in &ROUND {
            for _ in 0..r {
                ring.push((x as u32, y as u32));
                (x, y) = (x + dx, y + dy);
            }
        }
        crate::shuffle(&mut ring, 0x2545_F491_4F6C_DD1Du64);
        assert_eq!(certified_everywhere(&game(s, &ring)), format!("ring in move {}", 6 * r));
    }

    /// Timing, not correctness: `cargo test --release -p solvers -- --ignored --nocapture certified_timing`, with
    /// `HAVANNAH_TIMING=F` to time a generated contest input too. The built-in game is the worst the witness faces:
    /// 999 996 stones in one ring round the centre of S = 10^9, in a shuffled order, closed by the last move.
    #[test]
    #[ignore]
    fn certified_timing() {
        let s = 1_000_000_000i64;
        let r = 166_666i64;
        let mut ring = Vec::new();
        let (mut x, mut y) = (s + r, s);
        for &(dx, dy) in &ROUND {
            for _ in 0..r {
                ring.push(Cell { x: x as u32, y: y as u32 });
                (x, y) = (x + dx, y + dy);
            }
        }
        crate::shuffle(&mut ring, 0x2545_F491_4F6C_DD1Du64);
        let mut games = vec![("ring of 999 996".to_string(), Game { size: s as u32, moves: ring })];
        if let Ok(path) = std::env::var("HAVANNAH_TIMING") {
            let input = std::fs::read_to_string(&path).expect("HAVANNAH_TIMING names a readable file");
            games.extend(Havannah::parse(&input).expect("a contest input").into_iter().map(|g| (path.clone(), g)));
        }
        let best = |f: &dyn Fn() -> String| {
            (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    let out = f();
                    (start.elapsed(), out)
                })
                .min()
                .unwrap()
        };
        for (name, g) in &games {
            let (plain, a) = best(&|| answer(g).to_string());
            let (proved, b) = best(&|| {
                let (a, w) = certified(g);
                let size = w.map_or(0, |w| {
                    w.bridge.map_or(0, |p| p.len())
                        + w.fork.map_or(0, |p| p.len())
                        + w.ring.map_or(0, |r| r.cycle.len())
                });
                format!("{a} (witness of {size} cells)")
            });
            println!(
                "{name}: S = {}, M = {}: answer {plain:.2?} -> {a}; certified {proved:.2?} -> {b}",
                g.size,
                g.moves.len()
            );
        }
    }
}

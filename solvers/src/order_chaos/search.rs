//! Exact game search for the Order and Chaos variants ([`Variant`]: n×n boards, runs of k, three [`Rules`]), and
//! the certificate that writes down what it proved.
//!
//! # Method: depth-first proof-number search
//!
//! The game has no draws, so every position is a win for ORDER or for CHAOS, and the question is an AND/OR one:
//! ORDER to move is an OR node (one winning move is enough), CHAOS to move an AND node (every reply must lose).
//! Proof-number search fits that better than alpha-beta: the proofs we expect are narrow (ORDER wins by a short
//! forcing line, or CHAOS kills every line early), and proof and disproof numbers steer the search to the thinnest
//! part of the tree without a depth limit. We use df-pn (Nagai's depth-first version) with the 1+ε trick
//! (Pawlewicz and Lew) so it runs in bounded memory: the numbers live in a transposition table of fixed size with
//! replacement by subtree work, and a node evicted is searched again, never answered wrongly. The game is a DAG
//! with the count of letters growing by one every ply, so there are no cycles and no graph-history interaction;
//! proof numbers over-count shared subtrees, which only costs time.
//!
//! # Positions and the transposition table
//!
//! A position is two masks, bit `row * side + col`. The 8 symmetries of the square, each with the letters as they
//! are and swapped, preserve every rule (lines map onto lines, a run of X onto a run of O), so a position and its 16
//! images have one value. The table is keyed by one image: each cell and letter has a random word per transform,
//! so XOR over the letters gives the Zobrist hashes of all 16 images at once (16 XORs per move, carried from a node
//! to its children), and the key is the image of least hash, its masks computed for that one transform only (per-row
//! lookup tables, 6 lookups a mask). Entries hold the key's masks and a hit needs them equal, so a hit is always a
//! transform of the position asked for, whatever the hashes do; a 64-bit collision between images' hashes only
//! splits a class over two keys. The certificate's walk keeps the exact canonical form (the least mask pair over the
//! 16), so that it writes one entry per class.
//!
//! # Pruning, and why each is sound
//!
//! Every run window (k cells one after the other in a row, column or diagonal) is a mask precomputed with its
//! *ends*, the line's cells just before and after it.
//!
//! - **Dead windows.** A window is *live* for a letter while it holds none of the other letter and, when runs must
//!   be exact (`moment-exact`, `full-board`), neither end holds that letter: a letter once written stays, so a dead
//!   window never becomes a winning run. With no live window left, CHAOS wins: no run can ever be judged.
//! - **Dead cells.** A blank cell in no live window and at no end of one can never matter to a judgement, so all
//!   moves into dead cells, with either letter, lead to positions of equal value (swap the two cells in every later
//!   move): one representative is searched.
//! - **Immediate wins.** Under the moment rules, ORDER to move with a window one letter short of a run completes it
//!   and wins. CHAOS to move must not complete a run (that is ORDER's win), and must leave ORDER no immediate win,
//!   so its only candidate replies are cells of ORDER's threatening windows (or their ends, which under exactness
//!   spoil the run); a reply elsewhere leaves every threat in place. When no reply is left, CHAOS has lost, which
//!   settles double threats one ply early.
//! - **Moves to double threats** (moment rules, CHAOS to move, no threat on the board). Call an ORDER move `m` (a
//!   letter into a cell) *decisive* when it makes threats `T` (live windows one letter short) such that every CHAOS
//!   reply to it completes a window of `T` or leaves one of `T` a threat, judged on `T` alone; its *zone* is its cell
//!   and the cells of the windows of `T` and, under exactness, their ends. A letter that CHAOS writes outside the
//!   zone touches no window of `T` nor its ends, so after it `m` is still playable, every window of `T` is still a
//!   live threat with the same blank, and every reply that completed or left a window of `T` still does: `m` still
//!   wins. So CHAOS's only candidate replies are the cells in the zone of every decisive move, with either letter;
//!   with none left, CHAOS has lost, two plies early. As the board has no threat, the threats `m` makes lie in
//!   windows through its cell two letters short before it, so the decisive moves are looked for only in cells open
//!   in two such windows of one letter.
//! - **Settled runs** (`full-board`). An exact run whose ends are off the board or hold the other letter survives
//!   to the full board: ORDER has won.
//!
//! # The cost of a node
//!
//! Threats and double threats are read only from the windows live for a letter and at most two letters short of
//! a run (the node's *near* windows); a child differs from its parent only in the windows through the move's cell
//! (the count of no other window grows, and liveness is only ever lost), so a child's threats are read from its
//! parent's near windows not through the cell and every window through it. The children's numbers are read from
//! the table once (their buckets prefetched first), then kept from what searching each returns.
//!
//! A new node starts with the count of its mover's moves as the number the mover must drive to zero (proof at
//! CHAOS's node, disproof at ORDER's) and 1 for the other, so that ORDER's moves leaving CHAOS few replies are
//! tried first; numbers only order the search, so no start can make it answer wrongly.
//!
//! # Certificates, checkpoints
//!
//! [`Search::certify`] walks the proof from the blank board, one entry per class of positions reached with the
//! winner to move, every reply of the loser followed until the game ends as the rules say (the checker replays
//! every move, so the walk does not stop at the search's early cuts). A position where the winner wins in one move
//! needs no entry (the checker finds that move itself); these are most of the positions an ORDER proof reaches,
//! every reply that fails to block a threat. Among the winner's proved moves the walk takes a move whose replies
//! are settled at once, then the one that leaves the fewest replies needing an entry, then the one whose proof took
//! least work. A position whose own entry outlived its children's is proved again from below it.
//!
//! [`Search::save`] writes the table's decided entries and its heavier open ones; [`Search::load`] reads them
//! back. Decided entries are facts about positions, so resuming from any checkpoint is sound; open entries only
//! steer the search back to where it was.

use std::collections::{HashSet, TryReserveError};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use games::order_chaos::certificate::{write_entry, write_header};
use games::order_chaos::variant::{Placed, Position, Rules, Variant};
use games::order_chaos::{Letter, Side, Symmetry};

/// A class of positions under the 16 transforms: the least (X mask, O mask) over them.
pub type Key = (u64, u64);

/// A proof or disproof number; [`INFINITE`] marks a decided node.
type Number = u32;
const INFINITE: Number = Number::MAX;
/// Which of a child's two numbers a node reads.
type Pick = fn(&(Number, Number)) -> Number;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    cells: u64,
    /// The line's cells just before and just after the window, where the board has them.
    ends: u64,
}

/// The board of a variant: its run windows, which windows hold or end at each cell, and the symmetries as masks.
#[derive(Clone, Debug)]
pub struct Geometry {
    variant: Variant,
    board: u64,
    /// Whether a run counts only when exact, so a window's ends matter.
    exact: bool,
    windows: Vec<Window>,
    holding: Vec<Vec<u16>>,
    ending: Vec<Vec<u16>>,
    /// `images[s][row][bits]`: the cells that the cells `bits` of `row` go to under the symmetry `Symmetry::ALL[s]`.
    images: Vec<[[u64; 256]; 8]>,
    /// `zobrist[cell][letter][t]`: the random word of `letter` (0 for X) in the cell that `cell` goes to under the
    /// transform `t` (symmetry `t / 2`, letters swapped when `t` is odd), so that XOR over a position's letters gives
    /// the hashes of its 16 images at once.
    zobrist: Vec<[[u64; 16]; 2]>,
}

/// What a node comes to without searching below it, or the moves worth searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expansion {
    Decided(Side),
    Moves(Vec<(Placed, Position)>),
}

impl Geometry {
    pub fn new(variant: Variant) -> Geometry {
        let (n, k) = (i32::from(variant.side()), i32::from(variant.run()));
        let on = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
        let bit = |r: i32, c: i32| 1u64 << (r * n + c);
        let mut windows = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..n {
                for c in 0..n {
                    if !on(r + (k - 1) * dr, c + (k - 1) * dc) {
                        continue;
                    }
                    let cells = (0..k).fold(0, |m, i| m | bit(r + i * dr, c + i * dc));
                    let mut ends = 0;
                    for (er, ec) in [(r - dr, c - dc), (r + k * dr, c + k * dc)] {
                        if on(er, ec) {
                            ends |= bit(er, ec);
                        }
                    }
                    windows.push(Window { cells, ends });
                }
            }
        }
        let cells = variant.cells();
        let mut holding = vec![Vec::new(); cells];
        let mut ending = vec![Vec::new(); cells];
        for (i, w) in windows.iter().enumerate() {
            for cell in 0..cells {
                if w.cells >> cell & 1 != 0 {
                    holding[cell].push(i as u16);
                }
                if w.ends >> cell & 1 != 0 {
                    ending[cell].push(i as u16);
                }
            }
        }
        let side = usize::from(variant.side());
        let images = Symmetry::ALL
            .iter()
            .map(|&s| {
                let mut table = [[0u64; 256]; 8];
                for (row, images) in table.iter_mut().enumerate().take(side) {
                    for (bits, image) in images.iter_mut().enumerate() {
                        for col in (0..side).filter(|&col| bits >> col & 1 != 0) {
                            let (r, c) = s.apply_on(side, row, col);
                            *image |= 1 << (r * side + c);
                        }
                    }
                }
                table
            })
            .collect();
        let board = if cells == 64 { u64::MAX } else { (1 << cells) - 1 };
        // splitmix64 from a fixed seed: the same words, so the same keys and searches, on every run.
        let mut state = 0x6A09_E667_F3BC_C908u64;
        let mut random = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let words: Vec<[u64; 2]> = (0..cells).map(|_| [random(), random()]).collect();
        let zobrist = (0..cells)
            .map(|cell| {
                let mut out = [[0; 16]; 2];
                for (s, symmetry) in Symmetry::ALL.iter().enumerate() {
                    let (r, c) = symmetry.apply_on(side, cell / side, cell % side);
                    let word = words[r * side + c];
                    for letter in 0..2 {
                        out[letter][2 * s] = word[letter];
                        out[letter][2 * s + 1] = word[1 - letter];
                    }
                }
                out
            })
            .collect();
        Geometry { variant, board, exact: variant.rules != Rules::MomentAny, windows, holding, ending, images, zobrist }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    fn image(&self, symmetry: usize, mask: u64) -> u64 {
        let side = usize::from(self.variant.side());
        let row_bits = (1u64 << side) - 1;
        let table = &self.images[symmetry];
        (0..side).fold(0, |out, row| out | table[row][((mask >> (row * side)) & row_bits) as usize])
    }

    /// The class of `position` under the 8 symmetries and the letter swap.
    pub fn canonical(&self, position: Position) -> Key {
        let (x, o) = position.masks();
        let mut best = (u64::MAX, u64::MAX);
        for s in 0..8 {
            let (tx, to) = (self.image(s, x), self.image(s, o));
            best = best.min((tx, to)).min((to, tx));
        }
        best
    }

    /// The hashes of the 16 images of `position`, in the order of [`Geometry::zobrist`].
    fn hashes(&self, position: Position) -> [u64; 16] {
        let (x, o) = position.masks();
        let mut out = [0; 16];
        for (mask, letter) in [(x, 0), (o, 1)] {
            for cell in bits(mask) {
                let words = &self.zobrist[usize::from(cell)][letter];
                out.iter_mut().zip(words).for_each(|(h, w)| *h ^= w);
            }
        }
        out
    }

    /// The hashes of the images of `position` after writing `letter` into `cell`, from those before.
    fn hashes_after(&self, hashes: &[u64; 16], cell: usize, letter: Letter) -> [u64; 16] {
        let words = &self.zobrist[cell][usize::from(letter == Letter::O)];
        std::array::from_fn(|t| hashes[t] ^ words[t])
    }

    /// The transposition table's key of a position: its image under the transform of least hash. Any image of a
    /// position has its value, so a key shared by two positions is always sound to share; images of one class
    /// have the same 16 hashes, so they get one key but for a 64-bit collision among the images' hashes, which
    /// only costs a missed transposition. Cheaper than [`Geometry::canonical`]: two images instead of sixteen.
    fn key_of(&self, position: Position, hashes: &[u64; 16]) -> Key {
        let t = (0..16).min_by_key(|&t| hashes[t]).expect("16 transforms");
        let (x, o) = position.masks();
        let (tx, to) = (self.image(t / 2, x), self.image(t / 2, o));
        if t % 2 == 0 { (tx, to) } else { (to, tx) }
    }

    /// The transposition table's key of `position` (see [`Geometry::key_of`]).
    pub fn key(&self, position: Position) -> Key {
        self.key_of(position, &self.hashes(position))
    }

    fn is_run(&self, w: &Window, mine: u64) -> bool {
        w.cells & !mine == 0 && !(self.exact && w.ends & mine != 0)
    }

    fn is_live(&self, w: &Window, mine: u64, theirs: u64) -> bool {
        w.cells & theirs == 0 && !(self.exact && w.ends & mine != 0)
    }

    /// Whether the board holds a run that wins for ORDER (exact where the rules say so).
    pub fn holds_run(&self, position: Position) -> bool {
        let (x, o) = position.masks();
        self.windows.iter().any(|w| self.is_run(w, x) || self.is_run(w, o))
    }

    /// Whether writing `letter` into `cell` (row-major index) makes a winning run. A run made by a move goes through
    /// its cell: a run elsewhere was judged before, and a letter at a run's end only spoils exactness.
    fn completes(&self, x: u64, o: u64, cell: usize, letter: Letter) -> bool {
        let mine = match letter {
            Letter::X => x,
            Letter::O => o,
        } | 1 << cell;
        self.holding[cell].iter().any(|&w| self.is_run(&self.windows[usize::from(w)], mine))
    }

    /// The blank cells where writing X, and where writing O, completes a run; and every blank cell a move could
    /// spoil those runs from (their windows and, under exactness, their ends).
    fn threats(&self, x: u64, o: u64) -> (u64, u64, u64) {
        self.threats_in(x, o, self.windows.iter())
    }

    /// [`Geometry::threats`] over `windows`, which must hold every window live for a letter one short of a run.
    fn threats_in<'a>(&self, x: u64, o: u64, windows: impl Iterator<Item = &'a Window>) -> (u64, u64, u64) {
        let blank = self.board & !(x | o);
        let (mut to_x, mut to_o, mut touch) = (0, 0, 0);
        for w in windows {
            for (mine, theirs, out) in [(x, o, &mut to_x), (o, x, &mut to_o)] {
                let missing = w.cells & !mine;
                if missing.count_ones() == 1 && self.is_live(w, mine, theirs) {
                    *out |= missing;
                    touch |= w.cells | if self.exact { w.ends } else { 0 };
                }
            }
        }
        (to_x, to_o, touch & blank)
    }

    /// Under the moment rules, CHAOS to move and no immediate win for ORDER: the blank cells CHAOS must write into
    /// to stop every ORDER move that would leave a double threat, or `None` when ORDER has no such move. A move
    /// counts when every reply to it completes one of the threats it makes or leaves one standing, judged on those
    /// threats alone, so that a letter written outside their windows and ends changes nothing (see the module doc).
    fn double_threat_zone<'a>(
        &'a self,
        x: u64,
        o: u64,
        windows: impl Iterator<Item = &'a Window> + Clone,
    ) -> Option<u64> {
        let blank = self.board & !(x | o);
        let run = u32::from(self.variant.run());
        let reach = |w: &Window| w.cells | if self.exact { w.ends } else { 0 };
        let mut zone: Option<u64> = None;
        for (mine, theirs) in [(x, o), (o, x)] {
            // Windows live for `mine` two letters short of a run; a cell open in two of them makes two threats.
            let short_two = |w: &Window| self.is_live(w, mine, theirs) && (w.cells & mine).count_ones() + 2 == run;
            let (mut once, mut twice) = (0u64, 0u64);
            for w in windows.clone().filter(|w| short_two(w)) {
                let open = w.cells & !mine;
                twice |= once & open;
                once |= open;
            }
            for cell in bits(twice) {
                let cell = usize::from(cell);
                let after = mine | 1 << cell;
                let threats =
                    || self.holding[cell].iter().map(|&i| &self.windows[usize::from(i)]).filter(|w| short_two(w));
                let (mut touch, mut reached) = (0, 1 << cell);
                for w in threats() {
                    touch |= (w.cells & !after) | if self.exact { w.ends } else { 0 };
                    reached |= reach(w);
                }
                // A reply writing `same` (the threats' letter) or not at `reply` either completes a threat or leaves
                // one standing; replies outside `touch` leave them all.
                let lost = |reply: u64, same: bool| {
                    threats().any(|w| {
                        let completes = same && w.cells & !after == reply;
                        let stands = w.cells & reply == 0 && !(self.exact && same && w.ends & reply != 0);
                        completes || stands
                    })
                };
                if bits(touch & blank & !(1 << cell)).all(|c| lost(1 << c, true) && lost(1 << c, false)) {
                    zone = Some(zone.unwrap_or(u64::MAX) & reached);
                }
            }
        }
        zone.map(|cells| cells & blank)
    }

    /// The windows that threats and double threats are read from, now and one move on: live for a letter and at
    /// most two letters short of a run of it. A move adds a letter only to the windows through its cell, and a
    /// window's liveness is only ever lost, so after a move into `cell` the windows to read are these, less those
    /// through the cell, and every window through the cell ([`Geometry::around`]).
    fn near(&self, x: u64, o: u64) -> Vec<u16> {
        let run = u32::from(self.variant.run());
        let close = |w: &Window, mine: u64, theirs: u64| {
            self.is_live(w, mine, theirs) && (w.cells & mine).count_ones() + 2 >= run
        };
        (0..self.windows.len())
            .filter(|&i| close(&self.windows[i], x, o) || close(&self.windows[i], o, x))
            .map(|i| i as u16)
            .collect()
    }

    /// The windows to read after a move into `cell` from a position whose [`Geometry::near`] windows are `near`,
    /// each once.
    fn around<'a>(&'a self, near: &'a [u16], cell: usize) -> impl Iterator<Item = &'a Window> + Clone {
        let at = 1u64 << cell;
        let windows = &self.windows;
        near.iter()
            .map(move |&i| &windows[usize::from(i)])
            .filter(move |w| w.cells & at == 0)
            .chain(self.holding[cell].iter().map(move |&i| &windows[usize::from(i)]))
    }

    fn windows_of<'a>(&'a self, near: &'a [u16]) -> impl Iterator<Item = &'a Window> + Clone {
        near.iter().map(|&i| &self.windows[usize::from(i)])
    }

    /// Whether some window is still live for a letter.
    fn any_live(&self, x: u64, o: u64) -> bool {
        self.windows.iter().any(|w| self.is_live(w, x, o) || self.is_live(w, o, x))
    }

    /// The blank cells that can still matter: cells and, under exactness, ends of windows live for either letter;
    /// `None` when no window is live.
    fn relevant(&self, x: u64, o: u64) -> Option<u64> {
        let mut out = None;
        for w in &self.windows {
            if self.is_live(w, x, o) || self.is_live(w, o, x) {
                *out.get_or_insert(0) |= w.cells | if self.exact { w.ends } else { 0 };
            }
        }
        out.map(|cells| cells & self.board & !(x | o))
    }

    /// `full-board`: an exact run whose ends are all written (with the other letter) lasts to the full board.
    fn settled(&self, x: u64, o: u64) -> bool {
        let written = x | o;
        self.windows.iter().any(|w| (self.is_run(w, x) || self.is_run(w, o)) && w.ends & !written == 0)
    }

    /// Every move into the cells `cells`, both letters, with one move for the dead cells `dead` when there are any.
    fn moves_into(position: Position, cells: u64, dead: u64) -> impl Iterator<Item = Placed> {
        let side = position.side();
        let cell_moves = bits(cells)
            .flat_map(move |cell| Letter::ALL.map(|letter| Placed { row: cell / side, col: cell % side, letter }));
        let dead = bits(dead).next().map(|cell| Placed { row: cell / side, col: cell % side, letter: Letter::X });
        cell_moves.chain(dead)
    }

    /// The node's value when it is plain without search, else the moves worth searching, best first.
    pub fn expand(&self, position: Position) -> Expansion {
        let (x, o) = position.masks();
        self.expand_near(position, &self.near(x, o))
    }

    /// [`Geometry::expand`], given the position's [`Geometry::near`] windows.
    fn expand_near(&self, position: Position, near: &[u16]) -> Expansion {
        let (x, o) = position.masks();
        let blank = self.board & !(x | o);
        let moment = self.variant.rules.at_the_moment();
        if blank == 0 {
            let order_won = !moment && self.holds_run(position);
            return Expansion::Decided(if order_won { Side::Order } else { Side::Chaos });
        }
        if !moment && self.settled(x, o) {
            return Expansion::Decided(Side::Order);
        }
        let Some(relevant) = self.relevant(x, o) else {
            return Expansion::Decided(Side::Chaos);
        };
        let dead = blank & !relevant;
        let mover = position.to_move();
        let mut moves: Vec<(i64, Placed, Position)> = Vec::new();
        if moment && mover == Side::Chaos {
            let (to_x, to_o, touch) = self.threats_in(x, o, self.windows_of(near));
            let (cells, dead) = if to_x | to_o != 0 {
                (touch, 0)
            } else if let Some(zone) = self.double_threat_zone(x, o, self.windows_of(near)) {
                (zone, 0)
            } else {
                (relevant, dead)
            };
            for placed in Self::moves_into(position, cells, dead) {
                let cell = cell_of(position, placed);
                if self.completes(x, o, cell, placed.letter) {
                    continue;
                }
                let child = position.play(placed);
                let (cx, co) = child.masks();
                let (tx, tt, _) = self.threats_in(cx, co, self.around(near, cell));
                if tx | tt == 0 {
                    moves.push((self.score(position, placed), placed, child));
                }
            }
            if moves.is_empty() {
                return Expansion::Decided(Side::Order);
            }
        } else {
            if moment {
                let (to_x, to_o, _) = self.threats_in(x, o, self.windows_of(near));
                if to_x | to_o != 0 {
                    return Expansion::Decided(Side::Order);
                }
            }
            for placed in Self::moves_into(position, relevant, dead) {
                moves.push((self.score(position, placed), placed, position.play(placed)));
            }
        }
        moves.sort_by_key(|&(score, placed, _)| (std::cmp::Reverse(score), placed));
        Expansion::Moves(moves.into_iter().map(|(_, placed, child)| (placed, child)).collect())
    }

    /// A cheap look at a child before it is expanded: decided outright, or double threats under the moment rules.
    pub fn quick(&self, position: Position) -> Option<Side> {
        self.quick_in(position, self.windows.iter())
    }

    /// [`Geometry::quick`], reading threats from `windows`, which must hold every window live for a letter and at
    /// most two short of a run of it (such as [`Geometry::around`] gives).
    fn quick_in<'a>(&'a self, position: Position, windows: impl Iterator<Item = &'a Window> + Clone) -> Option<Side> {
        self.glance(position, windows).ok()
    }

    /// [`Geometry::quick_in`], or when that does not decide, the proof and disproof numbers to start the node with:
    /// the count of the mover's moves for the number the mover must drive to zero by refuting them all (disproof
    /// at ORDER's node, proof at CHAOS's), counted where the node was expanded and else taken as two per blank cell,
    /// and 1 for the other. So ORDER's moves that leave CHAOS few replies are tried first.
    fn glance<'a>(
        &'a self,
        position: Position,
        windows: impl Iterator<Item = &'a Window> + Clone,
    ) -> Result<Side, (Number, Number)> {
        let (x, o) = position.masks();
        let moment = self.variant.rules.at_the_moment();
        let mover = position.to_move();
        let start = |moves: usize| {
            let moves = Number::try_from(moves).unwrap_or(INFINITE - 1).max(1);
            if mover == Side::Order { (1, moves) } else { (moves, 1) }
        };
        let expanded = || match self.expand(position) {
            Expansion::Decided(side) => Ok(side),
            Expansion::Moves(moves) => Err(start(moves.len())),
        };
        if self.board & !(x | o) == 0 || !moment {
            return expanded();
        }
        if !self.any_live(x, o) {
            return Ok(Side::Chaos);
        }
        let (to_x, to_o, _) = self.threats_in(x, o, windows.clone());
        match mover {
            Side::Order if to_x | to_o != 0 => Ok(Side::Order),
            // Threats, and moves to double threats, leave CHAOS few replies, so expanding is cheap, and it finds the
            // double threats and the pairs of them.
            Side::Chaos if to_x | to_o != 0 || self.double_threat_zone(x, o, windows).is_some() => expanded(),
            _ => Err(start(2 * (self.board & !(x | o)).count_ones() as usize)),
        }
    }

    /// How promising a move looks for its mover, to order the search: ORDER builds up live windows, CHAOS spoils
    /// the fullest windows of the letter it does not write and avoids building its own.
    fn score(&self, position: Position, placed: Placed) -> i64 {
        let (x, o) = position.masks();
        let cell = cell_of(position, placed);
        let (mine, theirs) = match placed.letter {
            Letter::X => (x, o),
            Letter::O => (o, x),
        };
        let weight = |w: &Window, letters: u64| 1i64 << (3 * (w.cells & letters).count_ones()).min(60);
        let mut score = 0;
        let order = position.to_move() == Side::Order;
        for &w in &self.holding[cell] {
            let w = &self.windows[usize::from(w)];
            if self.is_live(w, mine, theirs) {
                score += if order { weight(w, mine) } else { -weight(w, mine) };
            }
            if self.is_live(w, theirs, mine) && !order {
                score += weight(w, theirs);
            }
        }
        if self.exact && !order {
            for &w in &self.ending[cell] {
                let w = &self.windows[usize::from(w)];
                if self.is_live(w, mine, theirs) {
                    score += weight(w, mine);
                }
            }
        }
        score
    }
}

fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            cell
        })
    })
}

fn cell_of(position: Position, placed: Placed) -> usize {
    usize::from(placed.row) * usize::from(position.side()) + usize::from(placed.col)
}

/// A search stopped while the certificate was being written: the walk cannot go on without the proof it wanted.
fn stopped_writing(stopped: Stopped) -> io::Error {
    io::Error::other(format!("stopped while writing the certificate: {stopped:?}"))
}

/// Proof and disproof numbers of a node whose winner is known, from ORDER's point of view.
fn decided(winner: Side) -> (Number, Number) {
    match winner {
        Side::Order => (0, INFINITE),
        Side::Chaos => (INFINITE, 0),
    }
}

fn winner_of((pn, dn): (Number, Number)) -> Option<Side> {
    match (pn, dn) {
        (0, _) => Some(Side::Order),
        (_, 0) => Some(Side::Chaos),
        _ => None,
    }
}

/// A sum of proof numbers: infinite if any is, else kept below infinite so an open node never reads as decided.
fn sum(numbers: impl Iterator<Item = Number>) -> Number {
    let mut total: u64 = 0;
    for n in numbers {
        if n == INFINITE {
            return INFINITE;
        }
        total += u64::from(n);
    }
    total.min(u64::from(INFINITE - 1)) as Number
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    x: u64,
    o: u64,
    pn: Number,
    dn: Number,
    /// Nodes expanded below this one; zero marks an empty slot.
    work: u32,
}

const BUCKET: usize = 4;

/// The transposition table: buckets of [`BUCKET`] slots, the least-worked slot replaced when a bucket is full.
struct Table {
    slots: Vec<Slot>,
    buckets: usize,
}

impl Table {
    /// The largest table that fits in `bytes`, or the allocator's refusal: a table of gigabytes asked of a machine
    /// (or a `ulimit -v`) that cannot give it is an error to report, not an abort.
    fn with_bytes(bytes: usize) -> Result<Table, TryReserveError> {
        let fit = (bytes / std::mem::size_of::<Slot>() / BUCKET).max(1);
        // A power of two, so a bucket is a mask of the hash; the largest that fits.
        let buckets = if fit.is_power_of_two() { fit } else { fit.next_power_of_two() / 2 };
        let mut slots = Vec::new();
        slots.try_reserve_exact(buckets * BUCKET)?;
        slots.resize(buckets * BUCKET, Slot::default());
        Ok(Table { slots, buckets })
    }

    fn bucket(&self, (x, o): Key) -> std::ops::Range<usize> {
        let mut h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        h ^= h >> 31;
        let b = (h as usize) & (self.buckets - 1);
        b * BUCKET..(b + 1) * BUCKET
    }

    /// Ask the CPU to bring `key`'s bucket into the cache without waiting: a node looks up all its children, each
    /// most likely a miss in a table of gigabytes, and asking for them all first lets the waits overlap.
    fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        for slot in self.slots[self.bucket(key)].iter().step_by(2) {
            // SAFETY: a prefetch hint reads no memory into the program and cannot fault; the address is a slot's.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((slot as *const Slot).cast())
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn get(&self, key: Key) -> Option<&Slot> {
        self.slots[self.bucket(key)].iter().find(|s| s.work != 0 && (s.x, s.o) == key)
    }

    fn put(&mut self, key: Key, pn: Number, dn: Number, work: u32) {
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        let i = match bucket.iter().position(|s| s.work != 0 && (s.x, s.o) == key) {
            Some(i) => i,
            None => (0..BUCKET).min_by_key(|&i| bucket[i].work).expect("a bucket has slots"),
        };
        bucket[i] = Slot { x: key.0, o: key.1, pn, dn, work: work.max(1) };
    }
}

/// Why a search stopped before settling its position.
#[derive(Debug)]
pub enum Stopped {
    TimeLimit,
    NodeLimit,
    Interrupted,
}

/// What bounds a search and where it keeps its checkpoints.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The transposition table's size in bytes.
    pub memory: usize,
    pub time_limit: Option<Duration>,
    /// Stop after this many nodes in all (earlier runs' included): a bound that, unlike time, repeats exactly.
    pub node_limit: Option<u64>,
    /// Set from outside (Ctrl-C) to stop at the next check.
    pub stop: Option<Arc<AtomicBool>>,
    pub checkpoint: Option<std::path::PathBuf>,
    pub checkpoint_every: Duration,
    /// How often a certificate's walk reports how far it has got.
    pub progress_every: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory: 64 << 20,
            time_limit: None,
            node_limit: None,
            stop: None,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(300),
            progress_every: Duration::from_secs(60),
        }
    }
}

/// Counts of the work done, kept across resumed runs through the checkpoint.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Nodes expanded (positions searched), over every run that fed the checkpoint.
    pub nodes: u64,
    /// Nodes expanded by the count of letters on the board.
    pub by_depth: Vec<u64>,
    /// Seconds spent over every run that fed the checkpoint.
    pub seconds: f64,
}

/// A proof in progress: the table, the limits, and what has been done.
pub struct Search {
    geometry: Geometry,
    table: Table,
    limits: Limits,
    pub stats: Stats,
    started: Instant,
    /// Seconds of earlier runs, from the checkpoint.
    earlier: f64,
    last_checkpoint: Instant,
    stopped: Option<Stopped>,
    failure: Option<io::Error>,
}

/// The numbers of a node's children, and which to search next.
struct Gathered {
    pn: Number,
    dn: Number,
    best: usize,
    /// The second-least number of the kind the node minimises (proof at ORDER's nodes, disproof at CHAOS's).
    second: Number,
    /// The best child's number of the kind the node sums.
    best_summed: Number,
}

impl Search {
    /// A search with a table of `limits.memory` bytes. Panics if the table cannot be allocated; [`Search::try_new`]
    /// says so instead.
    pub fn new(variant: Variant, limits: Limits) -> Search {
        let memory = limits.memory;
        Search::try_new(variant, limits).unwrap_or_else(|e| panic!("a table of {memory} bytes: {e}"))
    }

    /// A search with a table of `limits.memory` bytes, or the allocator's refusal of the table.
    pub fn try_new(variant: Variant, limits: Limits) -> Result<Search, TryReserveError> {
        let now = Instant::now();
        Ok(Search {
            geometry: Geometry::new(variant),
            table: Table::with_bytes(limits.memory)?,
            limits,
            stats: Stats { by_depth: vec![0; variant.cells() + 1], ..Stats::default() },
            started: now,
            earlier: 0.0,
            last_checkpoint: now,
            stopped: None,
            failure: None,
        })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The table's settled entries, entries in use, and slots.
    pub fn table_counts(&self) -> (usize, usize, usize) {
        let used = self.table.slots.iter().filter(|s| s.work != 0);
        let settled = used.clone().filter(|s| winner_of((s.pn, s.dn)).is_some()).count();
        (settled, used.count(), self.table.slots.len())
    }

    /// The proof and disproof numbers (ORDER's side) the table holds for `position`.
    pub fn numbers(&self, position: Position) -> Option<(u32, u32)> {
        self.table.get(self.geometry.key(position)).map(|s| (s.pn, s.dn))
    }

    /// The winner of `position` (a position of this variant), or why the search stopped first. A checkpoint that
    /// fails to write ends the search with its error.
    pub fn solve(&mut self, position: Position) -> io::Result<Result<Side, Stopped>> {
        self.stopped = None;
        if self.geometry.variant.rules.at_the_moment() && self.geometry.holds_run(position) {
            return Ok(Ok(Side::Order));
        }
        let key = self.geometry.key(position);
        let result = match self.lookup(key) {
            Some(winner) => Ok(winner),
            None => self.search_below(position, key)?,
        };
        self.stats.seconds = self.earlier + self.started.elapsed().as_secs_f64();
        Ok(result)
    }

    /// df-pn from `position` with no thresholds until it is settled or the search stops, whatever the table says of
    /// `position` itself: it searches below it.
    fn search_below(&mut self, position: Position, key: Key) -> io::Result<Result<Side, Stopped>> {
        loop {
            let numbers = self.mid(position, key, INFINITE, INFINITE);
            if let Some(e) = self.failure.take() {
                return Err(e);
            }
            if let Some(stopped) = self.stopped.take() {
                return Ok(Err(stopped));
            }
            if let Some(winner) = winner_of(numbers) {
                return Ok(Ok(winner));
            }
        }
    }

    fn lookup(&self, key: Key) -> Option<Side> {
        self.table.get(key).and_then(|s| winner_of((s.pn, s.dn)))
    }

    /// Count a node, and every few thousand check the clock, the stop flag and the checkpoint.
    fn tick(&mut self) {
        self.stats.nodes += 1;
        if self.limits.node_limit.is_some_and(|n| self.stats.nodes >= n) {
            self.stopped = Some(Stopped::NodeLimit);
        }
        if !self.stats.nodes.is_multiple_of(4096) {
            return;
        }
        if self.limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = Some(Stopped::Interrupted);
        }
        if self.limits.time_limit.is_some_and(|t| self.started.elapsed() >= t) {
            self.stopped = Some(Stopped::TimeLimit);
        }
        if self.limits.checkpoint.is_some() && self.last_checkpoint.elapsed() >= self.limits.checkpoint_every {
            self.checkpoint_now();
        }
    }

    fn checkpoint_now(&mut self) {
        if let Some(path) = self.limits.checkpoint.clone() {
            self.stats.seconds = self.earlier + self.started.elapsed().as_secs_f64();
            if let Err(e) = self.save(&path) {
                self.failure = Some(e);
                self.stopped = Some(Stopped::Interrupted);
            }
            self.last_checkpoint = Instant::now();
        }
    }

    /// Write a checkpoint now, if the limits name a file.
    pub fn checkpoint(&mut self) -> io::Result<()> {
        self.checkpoint_now();
        self.failure.take().map_or(Ok(()), Err)
    }

    /// The node's numbers from its children's, `numbers`.
    fn gather(numbers: &[(Number, Number)], order_to_move: bool) -> Gathered {
        // ORDER's node: proof is the least child proof, disproof the sum; CHAOS's node the other way round.
        let (least_of, summed_of): (Pick, Pick) = if order_to_move { (|n| n.0, |n| n.1) } else { (|n| n.1, |n| n.0) };
        let mut best = 0;
        let mut second = INFINITE;
        for (i, n) in numbers.iter().enumerate().skip(1) {
            if least_of(n) < least_of(&numbers[best]) {
                second = least_of(&numbers[best]);
                best = i;
            } else if least_of(n) < second {
                second = least_of(n);
            }
        }
        let least = least_of(&numbers[best]);
        let total = sum(numbers.iter().map(summed_of));
        let (pn, dn) = if order_to_move { (least, total) } else { (total, least) };
        Gathered { pn, dn, best, second, best_summed: summed_of(&numbers[best]) }
    }

    /// df-pn's multiple iterative deepening at one node: search below it until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`, then store and return its numbers.
    fn mid(&mut self, position: Position, key: Key, th_pn: Number, th_dn: Number) -> (Number, Number) {
        let nodes_before = self.stats.nodes;
        self.tick();
        let (x, o) = position.masks();
        let near = self.geometry.near(x, o);
        let moves = match self.geometry.expand_near(position, &near) {
            Expansion::Decided(side) => {
                let numbers = decided(side);
                self.table.put(key, numbers.0, numbers.1, 1);
                return numbers;
            }
            Expansion::Moves(moves) => moves,
        };
        self.stats.by_depth[position.filled() as usize] += 1;
        let hashes = self.geometry.hashes(position);
        let mut kids: Vec<(Key, Position)> = Vec::with_capacity(moves.len());
        let mut cells = Vec::with_capacity(moves.len());
        for (placed, child) in moves {
            let cell = cell_of(position, placed);
            let child_key = self.geometry.key_of(child, &self.geometry.hashes_after(&hashes, cell, placed.letter));
            if kids.iter().all(|k| k.0 != child_key) {
                self.table.prefetch(child_key);
                kids.push((child_key, child));
                cells.push(cell);
            }
        }
        // The children's numbers, read once here and then kept up to date from what searching each returns: a
        // child settled meanwhile through a transposition is only found when it is searched again.
        let mut numbers: Vec<(Number, Number)> = kids
            .iter()
            .zip(cells)
            .map(|(&(child_key, child), cell)| match self.geometry.glance(child, self.geometry.around(&near, cell)) {
                Ok(side) => decided(side),
                Err(start) => self.table.get(child_key).map_or(start, |s| (s.pn, s.dn)),
            })
            .collect();
        let order_to_move = position.to_move() == Side::Order;
        loop {
            let g = Self::gather(&numbers, order_to_move);
            let work = (self.stats.nodes - nodes_before).min(u64::from(u32::MAX)) as u32;
            if g.pn == 0 || g.dn == 0 || g.pn >= th_pn || g.dn >= th_dn || self.stopped.is_some() {
                self.table.put(key, g.pn, g.dn, work);
                return (g.pn, g.dn);
            }
            // The 1+ε trick: let the best child run a little past the second best before coming back.
            let grown = g.second.saturating_add(1).max(g.second.saturating_add(g.second / 4));
            let (th_least, th_summed, summed) = if order_to_move { (th_pn, th_dn, g.dn) } else { (th_dn, th_pn, g.pn) };
            let child_least = th_least.min(grown);
            let child_summed = if th_summed == INFINITE { INFINITE } else { th_summed - summed + g.best_summed };
            let (child_pn, child_dn) =
                if order_to_move { (child_least, child_summed) } else { (child_summed, child_least) };
            let (child_key, child) = kids[g.best];
            numbers[g.best] = self.mid(child, child_key, child_pn, child_dn);
        }
    }

    /// The winner's move in `position` (the winner to move, the game not over), proved to keep the win: an
    /// immediate win first, then a move whose replies are all settled at once, then the proved move of least work.
    fn winning_move(&mut self, position: Position, winner: Side) -> io::Result<Placed> {
        let (x, o) = position.masks();
        let moves = match self.geometry.expand(position) {
            Expansion::Moves(moves) => moves,
            Expansion::Decided(side) if side == winner => {
                if self.geometry.variant.rules.at_the_moment() && winner == Side::Order {
                    let (to_x, to_o, _) = self.geometry.threats(x, o);
                    let (cells, letter) = if to_x != 0 { (to_x, Letter::X) } else { (to_o, Letter::O) };
                    let cell = bits(cells).next().expect("ORDER's immediate win has a cell");
                    let side = position.side();
                    return Ok(Placed { row: cell / side, col: cell % side, letter });
                }
                // No live window (or a settled run): whatever the winner writes, the outcome stands.
                return Ok(position.moves().next().expect("the game is not over, so a cell is blank"));
            }
            Expansion::Decided(_) => return Err(io::Error::other(format!("{position} is not won by {winner}"))),
        };
        for &(placed, child) in &moves {
            if self.geometry.quick(child) == Some(winner) {
                return Ok(placed);
            }
        }
        for round in 0..2 {
            let proved = moves
                .iter()
                .filter_map(|&(placed, child)| {
                    let slot = self.table.get(self.geometry.key(child))?;
                    (winner_of((slot.pn, slot.dn)) == Some(winner)).then_some((slot.work, placed, child))
                })
                .map(|(work, placed, child)| (self.open_replies(child, winner), work, placed))
                .min();
            if let Some((_, _, placed)) = proved {
                return Ok(placed);
            }
            if round == 0 {
                // Evicted since it was proved: prove the position again, which leaves its children in the table.
                // The position's own entry may have outlived its children's, so the search starts below it rather
                // than at a lookup that would answer at once.
                self.reprove(position, winner)?;
            }
        }
        for &(placed, child) in &moves {
            if self.settle_child(child)? == winner {
                return Ok(placed);
            }
        }
        Err(io::Error::other(format!("no move of {winner} in {position} was proved to win")))
    }

    fn reprove(&mut self, position: Position, winner: Side) -> io::Result<()> {
        self.stopped = None;
        let key = self.geometry.key(position);
        match self.search_below(position, key)?.map_err(stopped_writing)? {
            found if found == winner => Ok(()),
            found => Err(io::Error::other(format!("{position} came out a win for {found}, not {winner}"))),
        }
    }

    fn settle_child(&mut self, position: Position) -> io::Result<Side> {
        self.solve(position)?.map_err(stopped_writing)
    }

    /// Whether the side to move in `position` (the game not over) has a move that ends the game in its favour at
    /// once: where a certificate needs no entry.
    fn wins_at_once(&self, position: Position) -> bool {
        let mover = position.to_move();
        if self.geometry.variant.rules.at_the_moment() && mover == Side::Order {
            // ORDER wins in one exactly when a live window is one letter short, as completing it makes the run.
            let (x, o) = position.masks();
            let (to_x, to_o, _) = self.geometry.threats(x, o);
            return to_x | to_o != 0;
        }
        position.moves().any(|placed| self.over(position.play(placed), placed) == Some(mover))
    }

    /// The loser's replies in `position` (the loser to move) after which the game goes on and the winner has no win
    /// in one: the positions of the next level that need an entry.
    fn open_replies(&self, position: Position, winner: Side) -> usize {
        position
            .moves()
            .filter(|&reply| {
                let next = position.play(reply);
                self.over(next, reply).is_none() && {
                    debug_assert_eq!(next.to_move(), winner);
                    !self.wins_at_once(next)
                }
            })
            .count()
    }

    /// Whether the game is over after `placed` was written to reach `position`, and who won.
    fn over(&self, position: Position, placed: Placed) -> Option<Side> {
        let (x, o) = position.masks();
        let cell = cell_of(position, placed);
        let letter_mask = match placed.letter {
            Letter::X => x,
            Letter::O => o,
        };
        let moment = self.geometry.variant.rules.at_the_moment();
        if moment && self.geometry.completes(x & !(1 << cell), o & !(1 << cell), cell, placed.letter) {
            debug_assert!(letter_mask >> cell & 1 != 0);
            return Some(Side::Order);
        }
        if position.is_full() {
            let order_won = !moment && self.geometry.holds_run(position);
            return Some(if order_won { Side::Order } else { Side::Chaos });
        }
        None
    }

    /// Write the certificate of the blank board's winner: its entries to `entries`, one line each. Returns the
    /// winner and the count; [`certify_to`] puts the header in front.
    pub fn certify(&mut self, entries: &mut dyn Write) -> io::Result<(Side, u64)> {
        self.certify_from(Position::empty(self.geometry.variant.side()), entries, &mut |_| {})
    }

    /// The entries of a proof from `blank`, ORDER to move there: the certificate's walk from another start.
    /// `progress` hears how far the walk has got about every [`Limits::progress_every`], and its totals at the end.
    fn certify_from(
        &mut self,
        blank: Position,
        entries: &mut dyn Write,
        progress: &mut dyn FnMut(&Certifying),
    ) -> io::Result<(Side, u64)> {
        if blank.to_move() != Side::Order {
            return Err(io::Error::other(format!("{blank}: a walk starts with ORDER to move")));
        }
        let winner = match self.solve(blank)? {
            Ok(winner) => winner,
            Err(stopped) => return Err(io::Error::other(format!("the blank board is not settled: {stopped:?}"))),
        };
        let started = Instant::now();
        let mut told = started;
        let mut done = Certifying { nodes_before: self.stats.nodes, ..Certifying::default() };
        let mut seen = HashSet::new();
        // Depth-first over the positions with the winner to move, by an explicit stack so that deep boards do not
        // deepen the call stack.
        let mut stack = Vec::new();
        match winner {
            Side::Order => stack.push(blank),
            Side::Chaos => self.after_loser(blank, &mut stack, &mut done)?,
        }
        let mut line = String::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(self.geometry.canonical(position)) {
                continue;
            }
            if told.elapsed() >= self.limits.progress_every {
                told = Instant::now();
                self.tell(&mut done, stack.len(), started, progress);
            }
            let placed = self.winning_move(position, winner)?;
            line.clear();
            write_entry(&mut line, &(position, placed)).map_err(io::Error::other)?;
            entries.write_all(line.as_bytes())?;
            done.entries += 1;
            let after = position.play(placed);
            match self.over(after, placed) {
                Some(side) if side == winner => continue,
                Some(side) => {
                    return Err(io::Error::other(format!("{placed} in {position} ends the game as {side}'s win")));
                }
                None => self.after_loser(after, &mut stack, &mut done)?,
            }
        }
        // The last report is the walk's totals.
        self.tell(&mut done, 0, started, progress);
        Ok((winner, done.entries))
    }

    fn tell(&self, done: &mut Certifying, waiting: usize, started: Instant, progress: &mut dyn FnMut(&Certifying)) {
        done.waiting = waiting;
        done.nodes = self.stats.nodes - done.nodes_before;
        done.seconds = started.elapsed().as_secs_f64();
        progress(done);
    }

    /// Push every position the loser's moves from `position` reach where the game goes on and the winner has no
    /// win in one; count those where it has.
    fn after_loser(&self, position: Position, stack: &mut Vec<Position>, done: &mut Certifying) -> io::Result<()> {
        let loser = position.to_move();
        for reply in position.moves() {
            let next = position.play(reply);
            match self.over(next, reply) {
                None if self.wins_at_once(next) => done.won_at_once += 1,
                None => stack.push(next),
                Some(side) if side != loser => {}
                Some(_) => return Err(io::Error::other(format!("{reply} in {position} wins for {loser}"))),
            }
        }
        Ok(())
    }

    /// The whole certificate, header and entries, to `out`; the entries go through `scratch` first because the
    /// header counts them. Returns the winner, the count of entries and the bytes written.
    pub fn certify_to<S: Read + Write + io::Seek>(
        &mut self,
        out: &mut dyn Write,
        scratch: &mut S,
        progress: &mut dyn FnMut(&Certifying),
    ) -> io::Result<(Side, u64, u64)> {
        let (winner, count) = {
            let mut buffered = BufWriter::new(&mut *scratch);
            let blank = Position::empty(self.geometry.variant.side());
            let result = self.certify_from(blank, &mut buffered, progress)?;
            buffered.flush()?;
            result
        };
        let mut header = String::new();
        write_header(&mut header, self.geometry.variant, winner, count as usize).map_err(io::Error::other)?;
        out.write_all(header.as_bytes())?;
        scratch.seek(io::SeekFrom::Start(0))?;
        let copied = io::copy(&mut BufReader::new(scratch), out)?;
        out.flush()?;
        Ok((winner, count, header.len() as u64 + copied))
    }

    /// The certificate as text, for boards small enough to hold it in memory.
    pub fn certificate_text(&mut self) -> io::Result<String> {
        let mut out = Vec::new();
        self.certify_to(&mut out, &mut io::Cursor::new(Vec::new()), &mut |_| {})?;
        String::from_utf8(out).map_err(io::Error::other)
    }

    /// Write the certificate to `path`, its entries streamed through a scratch file beside it.
    pub fn certify_file(&mut self, path: &Path, progress: &mut dyn FnMut(&Certifying)) -> io::Result<(Side, u64, u64)> {
        let scratch_path = path.with_extension("entries.partial");
        let mut scratch = File::options().read(true).write(true).create(true).truncate(true).open(&scratch_path)?;
        let result = self.certify_to(&mut BufWriter::new(File::create(path)?), &mut scratch, progress);
        std::fs::remove_file(&scratch_path)?;
        result
    }
}

/// How far a certificate's walk has got.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Certifying {
    /// Entries written.
    pub entries: u64,
    /// Positions reached with the winner to move and a win in one, which need no entry (each time one is reached).
    pub won_at_once: u64,
    /// Positions waiting to be walked.
    pub waiting: usize,
    /// Positions searched again since the walk began, for proofs the table had lost.
    pub nodes: u64,
    nodes_before: u64,
    pub seconds: f64,
}

/// A checkpoint starts with this, then its format's version (one digit) and a newline.
const MAGIC: &[u8; 14] = b"gamecheck-ocs-";
/// The version written. Version 2 ends with a checksum of every byte before it, so that a damaged file is refused
/// rather than loaded as wrong facts about positions; version 1, the same without the checksum, is still read.
const VERSION: u8 = b'2';
/// Open entries lighter than this are not saved: they are cheap to search again, and most of the table.
const SAVE_OPEN_WORK: u32 = 16;

/// FNV-1a, the checkpoint's checksum: simple, and fast enough for a file of gigabytes (a few seconds).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A checkpoint being read: where it has got (for messages), and the checksum of what it has read.
struct Reading<R> {
    input: R,
    at: u64,
    sum: Fnv,
}

/// A refusal of a checkpoint's content at byte `at`.
fn malformed(at: u64, what: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("byte {at}: {what}"))
}

impl<R: Read> Reading<R> {
    /// The next `N` bytes, left out of the checksum; `what` names them for the message if the file ends first.
    fn raw<const N: usize>(&mut self, what: &dyn Fn() -> String) -> io::Result<[u8; N]> {
        let mut bytes = [0; N];
        self.input.read_exact(&mut bytes).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => malformed(self.at, format!("the file ends early, expected {}", what())),
            _ => io::Error::new(e.kind(), format!("byte {}: {e}", self.at)),
        })?;
        self.at += N as u64;
        Ok(bytes)
    }

    /// The next `N` bytes, summed.
    fn bytes<const N: usize>(&mut self, what: &dyn Fn() -> String) -> io::Result<[u8; N]> {
        let bytes = self.raw::<N>(what)?;
        self.sum.add(&bytes);
        Ok(bytes)
    }

    fn u64(&mut self, what: &str) -> io::Result<u64> {
        self.bytes(&|| what.to_string()).map(u64::from_le_bytes)
    }
}

/// The variant that a checkpoint's bytes name, if they start like one: for messages, and for the fuzz target to
/// read a checkpoint with the search it was written for.
pub fn checkpoint_variant(bytes: &[u8]) -> Option<Variant> {
    let &[side, run, rules] = bytes.get(MAGIC.len() + 2..MAGIC.len() + 5)? else { return None };
    let rules =
        [Rules::FullBoard, Rules::MomentAny, Rules::MomentExact].into_iter().find(|&r| rules_code(r) == rules)?;
    Variant::new(side, run, rules).ok()
}

impl Search {
    /// Write the table's decided entries and heavier open ones to `path` (through a file beside it, renamed over
    /// it when complete, so an interrupted write never spoils the last checkpoint). Every error names the file and
    /// what was being done to it.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let partial = path.with_extension("partial");
        let named = |doing: &'static str, file: &Path| {
            let file = file.display().to_string();
            move |e: io::Error| io::Error::new(e.kind(), format!("writing the checkpoint: {doing} {file}: {e}"))
        };
        let mut file = File::create(&partial).map_err(named("creating", &partial))?;
        self.save_to(&mut file).map_err(named("writing", &partial))?;
        // On disk before it replaces the last checkpoint, or a crash could leave neither.
        file.sync_all().map_err(named("writing", &partial))?;
        std::fs::rename(&partial, path).map_err(|e| {
            let (from, to) = (partial.display(), path.display());
            io::Error::new(e.kind(), format!("writing the checkpoint: renaming {from} to {to}: {e}"))
        })
    }

    /// The checkpoint [`Search::save`] writes, to `out`.
    pub fn save_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut out = BufWriter::new(out);
        let mut sum = Fnv::new();
        let mut put = |out: &mut BufWriter<&mut dyn Write>, bytes: &[u8]| {
            sum.add(bytes);
            out.write_all(bytes)
        };
        put(&mut out, MAGIC)?;
        put(&mut out, &[VERSION, b'\n'])?;
        let v = self.geometry.variant;
        put(&mut out, &[v.side(), v.run(), rules_code(v.rules)])?;
        put(&mut out, &self.stats.nodes.to_le_bytes())?;
        put(&mut out, &self.stats.seconds.to_le_bytes())?;
        put(&mut out, &(self.stats.by_depth.len() as u64).to_le_bytes())?;
        for n in &self.stats.by_depth {
            put(&mut out, &n.to_le_bytes())?;
        }
        let kept = self
            .table
            .slots
            .iter()
            .filter(|s| s.work != 0 && (winner_of((s.pn, s.dn)).is_some() || s.work >= SAVE_OPEN_WORK));
        put(&mut out, &(kept.clone().count() as u64).to_le_bytes())?;
        let mut record = [0u8; 28];
        for s in kept {
            record[0..8].copy_from_slice(&s.x.to_le_bytes());
            record[8..16].copy_from_slice(&s.o.to_le_bytes());
            record[16..20].copy_from_slice(&s.pn.to_le_bytes());
            record[20..24].copy_from_slice(&s.dn.to_le_bytes());
            record[24..28].copy_from_slice(&s.work.to_le_bytes());
            put(&mut out, &record)?;
        }
        out.write_all(&sum.0.to_le_bytes())?;
        out.flush()
    }

    /// Read a checkpoint written by [`Search::save`] for this variant into the table; returns the entries read.
    /// Every error names the file, and for its content the byte offset and what was expected there. After an error
    /// the table holds part of the file: start a new search.
    pub fn load(&mut self, path: &Path) -> io::Result<u64> {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("reading the checkpoint {}: {e}", path.display()));
        let mut file = File::open(path).map_err(named)?;
        self.load_from(&mut file).map_err(named)
    }

    /// [`Search::load`] from any reader; errors name the byte offset, not a file. Nothing the file says is trusted
    /// for an allocation: its entries go into the table as they arrive, and a count of entries larger than the
    /// table holds is refused before any is read.
    pub fn load_from(&mut self, input: &mut dyn Read) -> io::Result<u64> {
        let mut input = Reading { input: BufReader::new(input), at: 0, sum: Fnv::new() };
        let mark = || "the mark `gamecheck-ocs-2` of a gamecheck search checkpoint".to_string();
        let magic: [u8; 16] = input.bytes(&mark)?;
        if &magic[..MAGIC.len()] != MAGIC || magic[15] != b'\n' {
            return Err(malformed(0, format!("expected {}, found another file", mark())));
        }
        let version = magic[14];
        if !(b'1'..=VERSION).contains(&version) {
            return Err(malformed(
                14,
                format!(
                    "a checkpoint of format version `{}`, and this gamecheck reads versions 1 and 2: make the \
                     checkpoint again with this gamecheck",
                    char::from(version).escape_debug()
                ),
            ));
        }
        let v = self.geometry.variant;
        let head: [u8; 3] = input.bytes(&|| "the variant (side, run and rules, a byte each)".into())?;
        if head != [v.side(), v.run(), rules_code(v.rules)] {
            let found = match checkpoint_variant(&magic.iter().chain(&head).copied().collect::<Vec<u8>>()) {
                Some(theirs) => format!("{theirs}"),
                None => format!("no variant (bytes {head:?})"),
            };
            return Err(malformed(16, format!("the checkpoint is of another variant, {found}, not {v}")));
        }
        let nodes = input.u64("the count of positions searched")?;
        let at = input.at;
        let seconds = f64::from_bits(input.u64("the seconds spent")?);
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err(malformed(at, format!("expected the seconds spent, found {seconds}")));
        }
        let at = input.at;
        let depths = input.u64("the count of depths")?;
        let expected = self.stats.by_depth.len();
        if depths != expected as u64 {
            return Err(malformed(
                at,
                format!("expected {expected} depths (0 to {} letters), found {depths}", v.cells()),
            ));
        }
        let mut by_depth = Vec::with_capacity(expected);
        for depth in 0..expected {
            by_depth.push(input.u64(&format!("the positions searched with {depth} letters"))?);
        }
        let at = input.at;
        let by_depth_total = by_depth.iter().fold(0u64, |total, &n| total.saturating_add(n));
        if by_depth_total > nodes {
            return Err(malformed(
                at,
                format!("the positions searched by depth add up to {by_depth_total}, more than the {nodes} in all"),
            ));
        }
        let count = input.u64("the count of entries")?;
        let slots = self.table.slots.len() as u64;
        if count > slots {
            // The buckets the entries need, at least, as a table of a power of two of them.
            // In u128: a count from a damaged file can be anything.
            let buckets = u128::from(count).div_ceil(BUCKET as u128).next_power_of_two();
            let needed = buckets * (BUCKET * std::mem::size_of::<Slot>()) as u128;
            return Err(malformed(
                at,
                format!(
                    "{count} entries, more than this table's {slots} slots hold: give the search at least {}M of \
                     memory (--memory)",
                    needed.div_ceil(1 << 20)
                ),
            ));
        }
        for i in 1..=count {
            let at = input.at;
            let record: [u8; 28] = input.bytes(&|| format!("entry {i} of {count} (28 bytes)"))?;
            let word = |at: usize| u64::from_le_bytes(record[at..at + 8].try_into().expect("8 bytes"));
            let half = |at: usize| u32::from_le_bytes(record[at..at + 4].try_into().expect("4 bytes"));
            let (x, o, pn, dn, work) = (word(0), word(8), half(16), half(20), half(24));
            let bad = |what: String| malformed(at, format!("entry {i} of {count}: {what}"));
            let Some(position) = Position::from_masks(v.side(), x, o) else {
                return Err(bad(format!("the masks {x:#x} and {o:#x} are not a position of side {}", v.side())));
            };
            if self.geometry.key(position) != (x, o) {
                return Err(bad(format!(
                    "{position} is not a table key (written by another version of the search, or damaged)"
                )));
            }
            let open = (1..INFINITE).contains(&pn) && (1..INFINITE).contains(&dn);
            if !(open || (pn, dn) == decided(Side::Order) || (pn, dn) == decided(Side::Chaos)) {
                return Err(bad(format!(
                    "proof and disproof numbers {pn} and {dn}, expected a decided pair (0 and {INFINITE}, or \
                     {INFINITE} and 0) or two open numbers"
                )));
            }
            if work == 0 {
                return Err(bad("work 0, which marks an empty slot".into()));
            }
            self.table.put((x, o), pn, dn, work);
        }
        if version >= b'2' {
            let at = input.at;
            let expected = input.sum.0;
            let found = u64::from_le_bytes(input.raw(&|| "the checksum (8 bytes)".into())?);
            if found != expected {
                return Err(malformed(
                    at,
                    format!("the checksum is {found:#018x}, the bytes before it give {expected:#018x}: a damaged file"),
                ));
            }
        }
        let mut more = [0u8; 1];
        loop {
            match input.input.read(&mut more) {
                Ok(0) => break,
                Ok(_) => {
                    return Err(malformed(
                        input.at,
                        format!("expected the end of the checkpoint after its {count} entries, found more bytes"),
                    ));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io::Error::new(e.kind(), format!("byte {}: {e}", input.at))),
            }
        }
        self.stats = Stats { nodes, by_depth, seconds };
        self.earlier = seconds;
        Ok(count)
    }
}

fn rules_code(rules: Rules) -> u8 {
    match rules {
        Rules::FullBoard => 0,
        Rules::MomentAny => 1,
        Rules::MomentExact => 2,
    }
}

#[cfg(test)]
mod tests {
    // The tests' memos on FxHash: std's SipHash was a sixth of this binary's time (keys are positions, not input).
    use rustc_hash::FxHashMap as HashMap;

    use games::order_chaos::certificate::Certificate;
    use games::order_chaos::variant::MAX_SIDE;

    use super::*;

    /// The longest stretch of equal letters through every cell, read literally: from each cell that starts a
    /// stretch (the cell before it in that direction does not hold its letter), count along the line. Returns
    /// whether some stretch is at least `run` long, and whether some is exactly `run` long.
    fn literal_runs(position: Position, run: u8) -> (bool, bool) {
        let n = i32::from(position.side());
        // The letter of each cell read once into a grid: every replay and search asks this of each cell of every
        // position it meets, several times a cell.
        let mut grid = [[None; MAX_SIDE as usize]; MAX_SIDE as usize];
        for r in 0..position.side() {
            for c in 0..position.side() {
                grid[usize::from(r)][usize::from(c)] = position.get(r, c);
            }
        }
        let at = |r: i32, c: i32| {
            let on_board = (0..n).contains(&r) && (0..n).contains(&c);
            if on_board { grid[r as usize][c as usize] } else { None }
        };
        let (mut any, mut exact) = (false, false);
        for r in 0..n {
            for c in 0..n {
                let Some(letter) = at(r, c) else { continue };
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if at(r - dr, c - dc) == Some(letter) {
                        continue;
                    }
                    let mut length = 0;
                    while at(r + length * dr, c + length * dc) == Some(letter) {
                        length += 1;
                    }
                    any |= length >= i32::from(run);
                    exact |= length == i32::from(run);
                }
            }
        }
        (any, exact)
    }

    /// Whether ORDER has won at this point of the game: at the moment under the moment rules, only on the full
    /// board under `full-board`.
    fn literal_order_won(variant: Variant, position: Position) -> bool {
        // Under `full-board` a board with a blank is not judged, so its runs are not read (most of the positions a
        // search meets).
        if variant.rules == Rules::FullBoard && !position.is_full() {
            return false;
        }
        let (any, exact) = literal_runs(position, variant.run());
        match variant.rules {
            Rules::MomentAny => any,
            Rules::MomentExact | Rules::FullBoard => exact,
        }
    }

    /// Plain minimax over every move, remembering only the exact positions already settled (no symmetry, no
    /// pruning), so that 4×4 boards finish in seconds.
    fn minimax(variant: Variant, position: Position, memo: &mut HashMap<Position, Side>) -> Side {
        if let Some(&side) = memo.get(&position) {
            return side;
        }
        let mover = position.to_move();
        let mut winner = mover.other();
        for placed in position.moves() {
            let next = position.play(placed);
            // The memo holds only positions where the game goes on, so one found there needs no judging again.
            let outcome = if let Some(&side) = memo.get(&next) {
                side
            } else if literal_order_won(variant, next) {
                Side::Order
            } else if next.is_full() {
                Side::Chaos
            } else {
                minimax(variant, next, memo)
            };
            if outcome == mover {
                winner = mover;
                break;
            }
        }
        memo.insert(position, winner);
        winner
    }

    /// A table of 32 MB: room for 4×4 full-board proofs (with 4 MB that search thrashes, re-searching evicted
    /// entries for minutes), and little enough that a test does not spend its time clearing memory.
    fn limits() -> Limits {
        Limits { memory: 32 << 20, ..Limits::default() }
    }

    fn variant(side: u8, run: u8, rules: Rules) -> Variant {
        Variant::new(side, run, rules).unwrap()
    }

    fn solve(variant: Variant, position: Position) -> Side {
        Search::new(variant, limits()).solve(position).unwrap().unwrap()
    }

    /// Small games whose whole tree the plain minimax walks in a test's time, but for runs of four on 4×4.
    fn small_games() -> Vec<Variant> {
        let mut games = Vec::new();
        for rules in Rules::ALL {
            for (side, run) in [(2, 2), (3, 2), (3, 3), (4, 3)] {
                games.push(variant(side, run, rules));
            }
        }
        games
    }

    fn agrees_with_minimax_from_the_blank_board(games: &[Variant]) {
        for &v in games {
            let blank = Position::empty(v.side());
            assert_eq!(solve(v, blank), minimax(v, blank, &mut HashMap::default()), "{v}");
        }
    }

    #[test]
    fn the_search_names_the_winner_that_plain_minimax_finds() {
        agrees_with_minimax_from_the_blank_board(&small_games());
    }

    /// 4×4 runs of four under `rules`, in the deeper tier only (docs/testing.md#two-tiers): by default
    /// `tests/exhaustive.rs` holds the search's winner on these variants to the oracles' minimax, and judges this
    /// file's mutants too; `moment-any` keeps its 4×4 test here.
    fn runs_of_four_on_4x4_in_the_deeper_tier(rules: Rules) {
        if std::env::var_os("GAMECHECK_DEEP").is_none() {
            eprintln!("skipped: the 4×4 {rules} minimax runs with GAMECHECK_DEEP=1");
            return;
        }
        agrees_with_minimax_from_the_blank_board(&[variant(4, 4, rules)]);
    }

    /// Apart, one test a rule, so that the slowest minimax runs (several seconds each) run beside the others.
    /// The longest of the three: the full-board game never ends before the board is full.
    #[test]
    fn runs_of_four_on_4x4_agree_with_minimax_full_board() {
        runs_of_four_on_4x4_in_the_deeper_tier(Rules::FullBoard);
    }

    #[test]
    fn runs_of_four_on_4x4_agree_with_minimax_moment_exact() {
        runs_of_four_on_4x4_in_the_deeper_tier(Rules::MomentExact);
    }

    #[test]
    fn runs_of_four_on_4x4_agree_with_minimax_moment_any() {
        agrees_with_minimax_from_the_blank_board(&[variant(4, 4, Rules::MomentAny)]);
    }

    /// Random positions part-way through a game: the pruning (dead cells, forced replies, settled runs) matters
    /// most there, with few cells left and lines half spoilt.
    #[test]
    fn the_search_agrees_with_minimax_from_positions_part_way_through() {
        let mut next = crate::xorshift(0x0C5E_A2C4);
        let mut seen = [0usize; 2];
        for v in small_games().into_iter().chain(
            [(4, 4, Rules::FullBoard), (4, 4, Rules::MomentAny), (5, 4, Rules::MomentAny), (5, 4, Rules::MomentExact)]
                .map(|(side, run, rules)| variant(side, run, rules)),
        ) {
            let mut search = Search::new(v, limits());
            for _ in 0..40 {
                // Enough letters that the plain minimax settles each in well under a second.
                let filled = match v.cells() {
                    25 => 15 + next() % 5,
                    16 => 5 + next() % 11,
                    cells => next() % cells as u64,
                };
                let mut position = Position::empty(v.side());
                for _ in 0..filled {
                    let moves: Vec<Placed> = position.moves().collect();
                    let placed = moves[(next() % moves.len() as u64) as usize];
                    let after = position.play(placed);
                    if literal_order_won(v, after) || after.is_full() {
                        break;
                    }
                    position = after;
                }
                let expected = minimax(v, position, &mut HashMap::default());
                assert_eq!(search.solve(position).unwrap().unwrap(), expected, "{v} from {position}");
                seen[usize::from(expected == Side::Chaos)] += 1;
            }
        }
        assert!(seen[0] > 100 && seen[1] >= 10, "both winners among the positions: {seen:?}");
    }

    /// Every entry keyed by every image of its position, with the move carried along.
    fn matches(certificate: &Certificate) -> HashMap<Position, Placed> {
        let side = certificate.variant.side();
        let mut out = HashMap::default();
        for &(position, placed) in &certificate.entries {
            for s in Symmetry::ALL {
                let (p, m) = (position.transform(s), placed.transform(side, s));
                out.insert(p, m);
                out.insert(p.swap_letters(), m.swap_letter());
            }
        }
        out
    }

    /// The certificate's claim walked literally: the winner plays the matching entry's move, the loser every move.
    fn replay(certificate: &Certificate) -> Result<(), String> {
        replay_from(certificate, Position::empty(certificate.variant.side()))
    }

    fn replay_from(certificate: &Certificate, start: Position) -> Result<(), String> {
        let v = certificate.variant;
        let table = matches(certificate);
        let play = |position: Position| -> Result<(Position, Placed), String> {
            let placed = *table.get(&position).ok_or(format!("no entry for {position}"))?;
            if position.get(placed.row, placed.col).is_some() {
                return Err(format!("{placed} in {position} is on a written cell"));
            }
            Ok((position.play(placed), placed))
        };
        // A win in one needs no entry: some move of the winner ends the game in its favour, tried literally.
        let wins_at_once = |position: Position| {
            position.moves().any(|m| {
                let next = position.play(m);
                match certificate.winner {
                    Side::Order => literal_order_won(v, next),
                    Side::Chaos => next.is_full() && !literal_order_won(v, next),
                }
            })
        };
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(position) = stack.pop() {
            if !seen.insert(position) {
                continue;
            }
            match certificate.winner {
                Side::Order if wins_at_once(position) => {}
                Side::Order => {
                    let (after, placed) = play(position)?;
                    if literal_order_won(v, after) {
                        continue;
                    }
                    if after.is_full() {
                        return Err(format!("{placed} in {position} fills the board without a win"));
                    }
                    for reply in after.moves() {
                        let next = after.play(reply);
                        if literal_order_won(v, next) {
                            continue;
                        }
                        if next.is_full() {
                            return Err(format!("{reply} in {after} fills the board without a win"));
                        }
                        stack.push(next);
                    }
                }
                Side::Chaos => {
                    for order in position.moves() {
                        let after = position.play(order);
                        if literal_order_won(v, after) {
                            return Err(format!("{order} in {position} wins for ORDER"));
                        }
                        if after.is_full() || wins_at_once(after) {
                            continue;
                        }
                        let (next, placed) = play(after)?;
                        if literal_order_won(v, next) {
                            return Err(format!("{placed} in {after} wins for ORDER"));
                        }
                        if !next.is_full() {
                            stack.push(next);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Games whose certificates are small: full-board ones last to the full board, so 4×4 is out of reach there.
    fn certified_games() -> Vec<Variant> {
        let mut games = Vec::new();
        for rules in Rules::ALL {
            for (side, run) in [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4)] {
                if rules != Rules::FullBoard || side < 4 {
                    games.push(variant(side, run, rules));
                }
            }
        }
        games
    }

    #[test]
    fn certificates_parse_and_replay_and_a_missing_entry_is_caught() {
        for v in certified_games() {
            let mut search = Search::new(v, limits());
            let text = search.certificate_text().unwrap();
            let certificate = Certificate::parse(&text).unwrap_or_else(|e| panic!("{v}: {e:?}\n{text}"));
            assert_eq!(certificate.variant, v);
            assert_eq!(certificate.winner, solve(v, Position::empty(v.side())), "{v}");
            replay(&certificate).unwrap_or_else(|e| panic!("{v}: {e}"));
            // A win in one needs no entry, so none is written.
            for (position, _) in &certificate.entries {
                let won = position.moves().any(|m| literal_order_won(v, position.play(m)));
                assert!(!won, "{v}: {position} has an entry and a win in one");
            }
            // Every entry is one the walk reached, so each is needed.
            for drop in [0, certificate.entries.len() - 1] {
                let mut short = certificate.clone();
                short.entries.remove(drop);
                assert!(replay(&short).is_err(), "{v}: without entry {drop}");
            }
        }
    }

    /// A table far too small for the proof loses most of it, children before parents or parents before children;
    /// the walk proves again what it lost and still writes a certificate that replays, and says how far it has got.
    #[test]
    fn a_walk_over_a_tiny_table_proves_again_what_it_lost() {
        for v in [variant(5, 4, Rules::MomentAny), variant(4, 4, Rules::MomentExact)] {
            let mut search = Search::new(v, Limits { memory: 1 << 10, progress_every: Duration::ZERO, ..limits() });
            assert_eq!(search.solve(Position::empty(v.side())).unwrap().unwrap(), Side::Order);
            let solved = search.stats.nodes;
            let mut heard: Vec<Certifying> = Vec::new();
            let (mut out, mut scratch) = (Vec::new(), io::Cursor::new(Vec::new()));
            let (winner, count, _) =
                search.certify_to(&mut out, &mut scratch, &mut |done| heard.push(done.clone())).unwrap();
            let certificate = Certificate::parse(std::str::from_utf8(&out).unwrap()).unwrap();
            assert_eq!((winner, certificate.entries.len() as u64), (Side::Order, count), "{v}");
            replay(&certificate).unwrap_or_else(|e| panic!("{v}: {e}"));
            assert!(heard.len() as u64 >= count / 2, "{v}: heard {} times for {count} entries", heard.len());
            assert!(heard.windows(2).all(|w| w[0].entries <= w[1].entries && w[0].nodes <= w[1].nodes), "{v}");
            let last = heard.last().unwrap();
            let (nodes, waiting) = (search.stats.nodes - solved, 0);
            assert_eq!((last.entries, last.nodes, last.waiting), (count, nodes, waiting), "{v}: the totals");
            assert!(last.won_at_once > 0 && nodes > 0, "{v}: {last:?}");
        }
    }

    /// Every small game from the blank board is ORDER's, so CHAOS's walk is tried from positions part-way through,
    /// where CHAOS wins.
    #[test]
    fn chaos_wins_are_certified_from_positions_part_way_through() {
        let mut next = crate::xorshift(2020);
        let mut certified = 0;
        for v in [variant(4, 3, Rules::MomentAny), variant(4, 4, Rules::MomentExact), variant(3, 3, Rules::FullBoard)] {
            let mut search = Search::new(v, limits());
            for _ in 0..200 {
                let mut position = Position::empty(v.side());
                for _ in 0..2 * (2 + next() % 3) {
                    let moves: Vec<Placed> = position.moves().collect();
                    let after = position.play(moves[(next() % moves.len() as u64) as usize]);
                    if literal_order_won(v, after) || after.is_full() {
                        break;
                    }
                    position = after;
                }
                if position.to_move() != Side::Order || search.solve(position).unwrap().unwrap() != Side::Chaos {
                    continue;
                }
                let mut entries = Vec::new();
                let (winner, count) = search.certify_from(position, &mut entries, &mut |_| {}).unwrap();
                let mut text = String::new();
                write_header(&mut text, v, winner, count as usize).unwrap();
                text.push_str(std::str::from_utf8(&entries).unwrap());
                let certificate = Certificate::parse(&text).unwrap();
                replay_from(&certificate, position).unwrap_or_else(|e| panic!("{v} from {position}: {e}"));
                let mut short = certificate.clone();
                short.entries.pop();
                assert!(replay_from(&short, position).is_err(), "{v} from {position}: without the last entry");
                certified += 1;
            }
        }
        assert!(certified >= 10, "only {certified} CHAOS wins certified");
    }

    /// The certificates committed for the docs' results table still parse and name the winner the search finds
    /// today, and replay. The 6×6 two replay in the deeper tier only (docs/testing.md#two-tiers), 3.5 s of this
    /// test's 4.5: by default `tests/exhaustive.rs` `order_chaos_committed_certificates_pass_the_independent_checker`
    /// replays all of them through the oracles' checker.
    #[test]
    fn committed_certificates_replay() {
        let deep = std::env::var_os("GAMECHECK_DEEP").is_some();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/order-chaos");
        let (mut count, mut replayed) = (0, 0);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension() != Some("cert".as_ref()) {
                continue;
            }
            let certificate = Certificate::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let v = certificate.variant;
            assert_eq!(certificate.winner, solve(v, Position::empty(v.side())), "{}", path.display());
            if v.side() < 6 || deep {
                replay(&certificate).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                replayed += 1;
            }
            count += 1;
        }
        assert!(count >= 9, "{count} certificates in {}", dir.display());
        assert!(replayed >= 9, "{replayed} certificates replayed in {}", dir.display());
    }

    #[test]
    fn a_wrong_move_in_a_certificate_is_caught() {
        let v = variant(4, 3, Rules::MomentAny);
        let certificate = Certificate::parse(&Search::new(v, limits()).certificate_text().unwrap()).unwrap();
        assert_eq!(certificate.winner, Side::Order);
        let caught = (0..certificate.entries.len())
            .filter(|&i| {
                let mut bad = certificate.clone();
                let (position, placed) = bad.entries[i];
                // The same cell with the other letter: often a move that throws the win away.
                bad.entries[i].1 = placed.swap_letter();
                let _ = position;
                replay(&bad).is_err()
            })
            .count();
        assert!(caught > 0, "swapping letters in {} entries was never caught", certificate.entries.len());
    }

    /// A random position of `variant` reached by play that has not ended, letters drawn X with odds `x_in_4` in 4
    /// so that lines fill with one letter more often than in even play.
    fn random_position(variant: Variant, next: &mut impl FnMut() -> u64, letters: u64, x_in_4: u64) -> Position {
        let mut position = Position::empty(variant.side());
        for _ in 0..letters {
            let blank: Vec<Placed> = position.moves().filter(|p| p.letter == Letter::X).collect();
            let mut placed = blank[(next() % blank.len() as u64) as usize];
            if next() % 4 >= x_in_4 {
                placed = placed.swap_letter();
            }
            let after = position.play(placed);
            if literal_order_won(variant, after) || after.is_full() {
                break;
            }
            position = after;
        }
        position
    }

    #[test]
    fn the_table_key_is_one_for_all_16_images_and_is_one_of_them() {
        let mut next = crate::xorshift(1616);
        for (side, run) in [(3, 3), (4, 3), (5, 4), (6, 5), (8, 4)] {
            let g = Geometry::new(variant(side, run, Rules::MomentAny));
            for _ in 0..100 {
                let letters = next() % (u64::from(side) * u64::from(side));
                let position = random_position(g.variant, &mut next, letters, 2);
                let key = g.key(position);
                let mut images = HashSet::new();
                for s in Symmetry::ALL {
                    for image in [position.transform(s), position.transform(s).swap_letters()] {
                        assert_eq!(g.key(image), key, "{position} as {image}");
                        images.insert(image.masks());
                    }
                }
                assert!(images.contains(&key), "{position}: the key is not an image of it");
                // The hashes after a move are those of the position it reaches.
                if let Some(placed) = position.moves().nth((next() % 8) as usize) {
                    let cell = cell_of(position, placed);
                    let after = g.hashes_after(&g.hashes(position), cell, placed.letter);
                    assert_eq!(after, g.hashes(position.play(placed)), "{placed} in {position}");
                }
            }
        }
    }

    /// Reading threats, double threats and quick values from the windows near the position before a move gives what
    /// a scan of every window gives, after every move of random games.
    #[test]
    fn windows_read_around_a_move_agree_with_a_full_scan() {
        let mut next = crate::xorshift(0xA40);
        let mut zones = 0;
        for v in
            [(6, 5, Rules::MomentAny), (6, 5, Rules::MomentExact), (5, 4, Rules::MomentExact), (4, 3, Rules::MomentAny)]
                .map(|(side, run, rules)| variant(side, run, rules))
        {
            let g = Geometry::new(v);
            for _ in 0..100 {
                let mut position = Position::empty(v.side());
                while !position.is_full() {
                    let (x, o) = position.masks();
                    let near = g.near(x, o);
                    let moves: Vec<Placed> = position.moves().collect();
                    let placed = moves[(next() % moves.len() as u64) as usize];
                    let cell = cell_of(position, placed);
                    let child = position.play(placed);
                    let (cx, co) = child.masks();
                    assert_eq!(g.threats_in(cx, co, g.around(&near, cell)), g.threats(cx, co), "{child}");
                    let zone = g.double_threat_zone(cx, co, g.windows.iter());
                    assert_eq!(g.double_threat_zone(cx, co, g.around(&near, cell)), zone, "{child}");
                    zones += usize::from(zone.is_some());
                    assert_eq!(g.quick_in(child, g.around(&near, cell)), g.quick(child), "{child}");
                    if literal_order_won(v, child) {
                        break;
                    }
                    position = child;
                }
            }
        }
        assert!(zones > 50, "only {zones} positions with a move to a double threat");
    }

    /// The double-threat zone against plain play: with CHAOS to move, every reply outside it loses, and an empty zone
    /// means CHAOS has lost. Positions late in 6×6 games, so that the plain minimax settles them at once.
    #[test]
    fn every_reply_outside_the_double_threat_zone_loses() {
        let mut next = crate::xorshift(0x20E5);
        let (mut zones, mut empty, mut replies) = (0, 0, 0);
        for v in
            [(6, 5, Rules::MomentAny), (6, 5, Rules::MomentExact), (5, 4, Rules::MomentAny), (5, 4, Rules::MomentExact)]
                .map(|(side, run, rules)| variant(side, run, rules))
        {
            let g = Geometry::new(v);
            let mut memo = HashMap::default();
            for _ in 0..1500 {
                let letters = v.cells() as u64 - 9 - next() % 3;
                let position = random_position(v, &mut next, letters | 1, 3);
                let (x, o) = position.masks();
                if position.to_move() != Side::Chaos || g.threats(x, o).0 | g.threats(x, o).1 != 0 {
                    continue;
                }
                let Some(zone) = g.double_threat_zone(x, o, g.windows.iter()) else { continue };
                zones += 1;
                if zone == 0 {
                    empty += 1;
                    assert_eq!(minimax(v, position, &mut memo), Side::Order, "{position}: an empty zone");
                }
                for reply in position.moves().filter(|&p| zone >> cell_of(position, p) & 1 == 0) {
                    let after = position.play(reply);
                    if !literal_order_won(v, after) {
                        assert!(!after.is_full(), "{position}: a zone with the board full");
                        assert_eq!(minimax(v, after, &mut memo), Side::Order, "{reply} in {position}, zone {zone:#x}");
                        replies += 1;
                    }
                }
            }
        }
        assert!(zones >= 40 && empty >= 8 && replies >= 800, "{zones} zones, {empty} empty, {replies} replies");
    }

    #[test]
    fn every_transform_of_a_position_has_one_key() {
        let mut next = crate::xorshift(77);
        for side in [3, 4, 6, 8] {
            let geometry = Geometry::new(variant(side, 3.min(side), Rules::MomentAny));
            let mut keys = HashSet::new();
            for _ in 0..50 {
                let mut position = Position::empty(side);
                for _ in 0..next() % (u64::from(side) * 2) {
                    if let Some(placed) = position.moves().nth((next() % 16) as usize) {
                        position = position.play(placed);
                    }
                }
                let key = geometry.canonical(position);
                for s in Symmetry::ALL {
                    let image = position.transform(s);
                    assert_eq!(geometry.canonical(image), key, "{position} through {s:?}");
                    assert_eq!(geometry.canonical(image.swap_letters()), key, "{position} swapped, {s:?}");
                }
                let (x, o) = key;
                assert!(Position::from_masks(side, x, o).is_some_and(|p| p.filled() == position.filled()));
                keys.insert(key);
            }
            assert!(keys.len() > 15, "side {side}: {} classes among 50 random positions", keys.len());
        }
        // Positions in different classes keep different keys.
        let geometry = Geometry::new(variant(3, 3, Rules::MomentAny));
        let corner: Position = "X../.../...".parse().unwrap();
        let edge: Position = ".X./.../...".parse().unwrap();
        assert_ne!(geometry.canonical(corner), geometry.canonical(edge));
    }

    #[test]
    fn windows_and_their_ends_follow_the_lines() {
        let g = Geometry::new(variant(6, 5, Rules::MomentExact));
        // Per line of six, two windows; of five, one: 12 rows, 12 columns, 4 long diagonals, 4 of length five.
        assert_eq!(g.windows.len(), 32);
        let row = g.windows.iter().find(|w| w.cells == 0b011111).unwrap();
        assert_eq!(row.ends, 0b100000);
        let diagonal: u64 = (0..5).map(|i| 1u64 << (i * 6 + i + 1)).sum();
        assert_eq!(g.windows.iter().find(|w| w.cells == diagonal).unwrap().ends, 0);
        assert_eq!(Geometry::new(variant(4, 3, Rules::MomentAny)).windows.len(), 2 * 4 * 2 + 2 * 2 * 2);
    }

    #[test]
    fn judging_reads_the_rules() {
        let any = Geometry::new(variant(6, 5, Rules::MomentAny));
        let exact = Geometry::new(variant(6, 5, Rules::MomentExact));
        let six: Position = "XXXXXX/....../....../....../....../......".parse().unwrap();
        let five: Position = "XXXXXO/....../....../....../....../......".parse().unwrap();
        assert!(any.holds_run(six) && !exact.holds_run(six));
        assert!(any.holds_run(five) && exact.holds_run(five));
        // ORDER to move with four X and a blank at the end: an immediate win, unless the far end holds X.
        let four: Position = "XXXX../OO..../O...../O...../....../......".parse().unwrap();
        assert_eq!(any.expand(four), Expansion::Decided(Side::Order));
        assert_eq!(exact.expand(four), Expansion::Decided(Side::Order));
        // CHAOS to move facing four X with both ends blank in a line of six: no reply stops it (moment-any).
        let open: Position = ".XXXX./O...../O...../....../....../......".parse().unwrap();
        assert_eq!(
            any.expand(open.play(Placed { row: 5, col: 5, letter: Letter::O })),
            Expansion::Decided(Side::Order)
        );
        assert_eq!(
            exact.expand(open.play(Placed { row: 5, col: 5, letter: Letter::O })),
            Expansion::Decided(Side::Order)
        );
        // A gap in the four: CHAOS fills it with O, or, only under exactness, writes X past the end, so that the gap
        // would make six.
        let gap: Position = "XXX.X./O...../O...../....../....../.....O".parse().unwrap();
        let replies = |g: &Geometry| match g.expand(gap) {
            Expansion::Moves(moves) => moves.iter().map(|(p, _)| p.to_string()).collect::<Vec<_>>(),
            Expansion::Decided(side) => panic!("decided for {side}"),
        };
        assert_eq!(replies(&any), ["1 4 O"]);
        let mut escapes = replies(&exact);
        escapes.sort();
        assert_eq!(escapes, ["1 4 O", "1 6 X"]);
    }

    #[test]
    fn dead_cells_are_searched_once() {
        let g = Geometry::new(variant(4, 4, Rules::MomentAny));
        // Every line holds both letters but row 4; the blanks in row 1 lie on spoilt lines only.
        let position: Position = "..XO/XOOX/OXXO/....".parse().unwrap();
        let Expansion::Moves(moves) = g.expand(position) else { panic!("ORDER has moves") };
        let live = moves.iter().filter(|(p, _)| p.row == 3).count();
        let dead = moves.len() - live;
        assert_eq!((live, dead), (8, 1), "{moves:?}");
    }

    #[test]
    fn a_checkpoint_resumes_to_the_same_result() {
        let v = variant(4, 4, Rules::MomentExact);
        let path = std::env::temp_dir().join(format!("gamecheck-search-{}.ckpt", std::process::id()));
        let blank = Position::empty(4);
        let mut whole = Search::new(v, limits());
        let winner = whole.solve(blank).unwrap().unwrap();
        let total = whole.stats.nodes;
        assert!(total > 1000, "a search long enough to stop part-way: {total} nodes");
        // Stopped three quarters of the way: the checkpoint keeps the decided entries and the heavier open ones, and
        // from half-way a resumed df-pn, its light entries gone, can wander as long as a fresh search.
        let stop = total * 3 / 4;
        let stopping = Limits { node_limit: Some(stop), checkpoint: Some(path.clone()), ..limits() };
        let mut first = Search::new(v, stopping);
        assert!(matches!(first.solve(blank).unwrap(), Err(Stopped::NodeLimit)));
        first.checkpoint().unwrap();
        let mut resumed = Search::new(v, limits());
        let read = resumed.load(&path).unwrap();
        assert!(read > 0);
        assert_eq!(resumed.stats.nodes, stop);
        assert_eq!(resumed.solve(blank).unwrap().unwrap(), winner);
        // It picked up where it stopped rather than starting over.
        assert!(resumed.stats.nodes - stop < total, "{} more nodes against {total}", resumed.stats.nodes - stop);
        let mut other = Search::new(variant(4, 4, Rules::MomentAny), limits());
        let e = other.load(&path).unwrap_err();
        assert!(e.to_string().contains("another variant"), "{e}");
        std::fs::write(&path, b"not a checkpoint at all").unwrap();
        let e = resumed.load(&path).unwrap_err().to_string();
        let expected =
            format!("reading the checkpoint {}: byte 0: expected the mark `gamecheck-ocs-2`", path.display());
        assert!(e.starts_with(&expected) && e.ends_with("found another file"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }

    /// A real checkpoint of 4×4 runs of four under moment-exact, stopped part-way, as bytes.
    fn checkpoint_bytes() -> Vec<u8> {
        let v = variant(4, 4, Rules::MomentExact);
        let mut search = Search::new(v, Limits { node_limit: Some(3000), ..limits() });
        assert!(matches!(search.solve(Position::empty(4)).unwrap(), Err(Stopped::NodeLimit)));
        let mut bytes = Vec::new();
        search.save_to(&mut bytes).unwrap();
        bytes
    }

    fn load_error(bytes: &[u8]) -> String {
        let mut search = Search::new(variant(4, 4, Rules::MomentExact), limits());
        search.load_from(&mut &bytes[..]).expect_err("a refusal").to_string()
    }

    /// The byte where entry `i` (from 0) of `bytes` starts: the header is the 16-byte mark, 3 bytes of variant, the
    /// nodes, seconds and count of depths (8 each), the 17 depths, and the count of entries.
    fn entry_at(i: usize) -> usize {
        16 + 3 + 3 * 8 + 17 * 8 + 8 + 28 * i
    }

    #[test]
    fn a_checkpoint_reads_back_what_was_written_and_says_its_version() {
        let bytes = checkpoint_bytes();
        assert_eq!(&bytes[..16], b"gamecheck-ocs-2\n");
        assert_eq!(checkpoint_variant(&bytes), Some(variant(4, 4, Rules::MomentExact)));
        let mut search = Search::new(variant(4, 4, Rules::MomentExact), limits());
        let count = search.load_from(&mut &bytes[..]).unwrap();
        assert_eq!(bytes.len(), entry_at(count as usize) + 8, "the header, {count} entries and the checksum");
        assert_eq!(search.stats.nodes, 3000);
        let mut again = Vec::new();
        search.save_to(&mut again).unwrap();
        assert_eq!(again, bytes);
        // Version 1 is version 2 without the checksum, and still reads.
        let mut old = bytes[..bytes.len() - 8].to_vec();
        old[14] = b'1';
        let mut search = Search::new(variant(4, 4, Rules::MomentExact), limits());
        assert_eq!(search.load_from(&mut &old[..]).unwrap(), count);
    }

    #[test]
    fn a_short_or_damaged_checkpoint_is_refused_at_its_byte() {
        let bytes = checkpoint_bytes();
        // The 16 bytes of the mark alone: issue 29 found "failed to fill whole buffer" here.
        assert_eq!(
            load_error(&bytes[..16]),
            "byte 16: the file ends early, expected the variant (side, run and rules, a byte each)"
        );
        assert_eq!(
            load_error(b""),
            "byte 0: the file ends early, expected the mark `gamecheck-ocs-2` of a gamecheck search checkpoint"
        );
        let cut = entry_at(1) + 5;
        let count = u64::from_le_bytes(bytes[entry_at(0) - 8..entry_at(0)].try_into().unwrap());
        assert_eq!(
            load_error(&bytes[..cut]),
            format!("byte {}: the file ends early, expected entry 2 of {count} (28 bytes)", entry_at(1))
        );
        let e = load_error(&bytes[..bytes.len() - 3]);
        assert!(e.contains("expected the checksum (8 bytes)"), "{e}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            load_error(&longer),
            format!(
                "byte {}: expected the end of the checkpoint after its {count} entries, found more bytes",
                bytes.len()
            )
        );
        // A flipped bit in an entry's work still reads as an entry: the checksum catches it.
        let mut flipped = bytes.clone();
        flipped[entry_at(0) + 24] ^= 0x40;
        let e = load_error(&flipped);
        assert!(e.starts_with(&format!("byte {}: the checksum is", bytes.len() - 8)) && e.contains("damaged"), "{e}");
        let mut version = bytes.clone();
        version[14] = b'3';
        assert!(load_error(&version).starts_with("byte 14: a checkpoint of format version `3`"));
        let mut other = bytes.clone();
        other[..16].copy_from_slice(b"GAMECHECK-ocs-2\n");
        assert!(load_error(&other).contains("found another file"));
    }

    #[test]
    fn a_checkpoint_s_counts_are_not_trusted() {
        let bytes = checkpoint_bytes();
        let count_at = entry_at(0) - 8;
        // A count past the table: refused before any entry is read, with the memory it would need.
        let mut huge = bytes.clone();
        huge[count_at..count_at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        let e = load_error(&huge);
        assert!(e.starts_with(&format!("byte {count_at}: {} entries, more than this table's", u64::MAX)), "{e}");
        assert!(e.contains("--memory"), "{e}");
        let mut small = Search::new(variant(4, 4, Rules::MomentExact), Limits { memory: 1 << 10, ..limits() });
        let e = small.load_from(&mut &bytes[..]).unwrap_err().to_string();
        assert!(e.contains("more than this table's 32 slots hold: give the search at least"), "{e}");
        // Depths, seconds and the depth counts that add up past the nodes.
        let mut depths = bytes.clone();
        depths[35..43].copy_from_slice(&1_000_000u64.to_le_bytes());
        assert_eq!(load_error(&depths), "byte 35: expected 17 depths (0 to 16 letters), found 1000000");
        let mut seconds = bytes.clone();
        seconds[27..35].copy_from_slice(&f64::NAN.to_le_bytes());
        assert_eq!(load_error(&seconds), "byte 27: expected the seconds spent, found NaN");
        let mut nodes = bytes.clone();
        nodes[19..27].copy_from_slice(&1u64.to_le_bytes());
        assert!(load_error(&nodes).contains("add up to"));
    }

    #[test]
    fn a_checkpoint_s_entries_are_checked_one_by_one() {
        let bytes = checkpoint_bytes();
        let at = entry_at(0);
        let with = |offset: usize, value: &[u8]| {
            let mut changed = bytes[..bytes.len() - 8].to_vec();
            changed[14] = b'1'; // no checksum: each entry's own check must catch it
            changed[at + offset..at + offset + value.len()].copy_from_slice(value);
            load_error(&changed)
        };
        let e = with(0, &(1u64 << 20).to_le_bytes());
        assert!(e.starts_with(&format!("byte {at}: entry 1 of")) && e.contains("not a position of side 4"), "{e}");
        let e = with(16, &[0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(e.contains("proof and disproof numbers 0 and 0"), "{e}");
        let e = with(24, &[0, 0, 0, 0]);
        assert!(e.contains("work 0"), "{e}");
        // One letter in a corner: its images are the four corners, X or O, and only one of them is the table's key.
        let g = Geometry::new(variant(4, 4, Rules::MomentExact));
        let p: Position = "X.../..../..../....".parse().unwrap();
        let not_key = Symmetry::ALL
            .into_iter()
            .flat_map(|s| [p.transform(s), p.transform(s).swap_letters()])
            .find(|q| g.key(*q) != q.masks())
            .expect("an image that is not the key");
        let (x, o) = not_key.masks();
        let mut masks = x.to_le_bytes().to_vec();
        masks.extend(o.to_le_bytes());
        assert!(with(0, &masks).contains("is not a table key"));
    }
}

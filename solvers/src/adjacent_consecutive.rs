//! Adjacent and Consecutive (Code Jam 2020 Virtual World Finals): every state of a played game decided, O(N) for a
//! whole game of N ≤ 10^5 (each state does O(1) work besides finding the runs around one cell and one tile, a
//! search in a two-level bitset that reads at most 2 + N/4096 words, 27 at N = 10^5).
//!
//! # Method
//!
//! Call (cell e, tile t) a *threat* when e is empty, t is unused, and a neighbour of e holds t − 1 or t + 1: the
//! move "t into e" makes a pair. A pair, once made, stays, so A has won; with no pair:
//!
//! - **A to move** wins at once with a threat. Otherwise A wins when three consecutive empty cells and three
//!   consecutive unused tiles exist ("3 & 3"): the middle tile into the middle cell makes four threats around it,
//!   and one move of B's can spoil at most two of them (a cell, or a tile, but not both pairs).
//! - Without threats, a move "t into c" makes new threats exactly when c has an empty neighbour and t an unused
//!   neighbour, so from then on only the lengths of the runs of empty cells (LC) and of unused tiles (LT) matter.
//!   One of LC, LT holds only 1s and 2s (else 3 & 3 holds), and with K moves left the analysis's closed form is:
//!   K = 2: A wins iff LC and LT each are exactly one 2; K > 2: A wins iff K is odd and 2·(#2s in LC + Z) > K,
//!   Z = Σ⌊x/2⌋ over LT. On the side of 1s and 2s the number of 2s *is* Σ⌊x/2⌋, so the form is symmetric,
//!   2·(Zc + Zt) > K, and no side needs swapping.
//! - **B to move** wins iff some move leaves A a losing state: no pair made, every threat spoilt (its cell filled
//!   or its tile used), no new threat made (the cell or the tile is isolated), and then no 3 & 3 and the closed
//!   form false. A threat's cell and tile always sit at the end of their runs (they touch a filled cell / used
//!   tile), and one move spoils only the threats on its own cell or its own tile, so more than four filled cells
//!   with threats around them means B has lost; otherwise the threats pin the cell or the tile of B's move. What
//!   B chooses freely matters only through the new (has a run ≥ 3, Σ⌊x/2⌋) of that side, and two splits of the
//!   longest run dominate every other choice (see [`free_choices`]). So each state looks at O(1) candidates.
//!
//! Run lengths are kept as counts per length with running totals, updated in O(1) per move; the run around a cell
//! (or tile) is found in bitsets of filled cells and used tiles with a summary bit per word.

use games::adjacent_consecutive::{Answer, Game, Move};

/// The per-state verdicts and mistake counts of a played game.
pub fn answer(game: &Game) -> Answer {
    let n = game.moves.len();
    let mut position = Position::new(game.n);
    let mut winning = Vec::with_capacity(n);
    for &m in &game.moves {
        winning.push(position.winning());
        position.play(m);
    }
    let (mut a_mistakes, mut b_mistakes) = (0, 0);
    for (i, w) in winning.windows(2).enumerate() {
        // Winning before the move and the opponent winning after it: the move gave the win away.
        if w[0] && w[1] {
            if i % 2 == 0 {
                a_mistakes += 1;
            } else {
                b_mistakes += 1;
            }
        }
    }
    Answer { a_mistakes, b_mistakes, winning }
}

/// Marks a cell or tile holds in `Position::tile_at` / `cell_of`: neither placed nor a real index.
const EMPTY: u32 = 0;
/// The sentinel beyond both ends (cells 0 and N + 1, tiles 0 and N + 1), never empty and never a neighbour.
const WALL: u32 = u32::MAX;

/// A game in progress, with what each verdict needs kept up to date move by move: the per-state view of the
/// solver. Cloning costs O(N); `play` and `winning` cost O(1) besides the bitset searches.
#[derive(Clone, Debug)]
pub struct Position {
    n: u32,
    played: u32,
    /// The tile in each cell (`EMPTY`), with `WALL` in cells 0 and N + 1.
    tile_at: Vec<u32>,
    /// The cell of each tile (`EMPTY` while unused), with `WALL` for tiles 0 and N + 1.
    cell_of: Vec<u32>,
    filled: Bits,
    used: Bits,
    cells: Runs,
    tiles: Runs,
    /// Filled cells with at least one threat beside them (an empty neighbour, and an unused neighbour of its tile).
    threatening: IndexSet,
    /// Adjacent cells holding consecutive tiles.
    pairs: u32,
}

impl Position {
    /// The empty row of N cells, A to move.
    pub fn new(n: u32) -> Position {
        let size = n as usize + 2;
        let mut tile_at = vec![EMPTY; size];
        let mut cell_of = vec![EMPTY; size];
        tile_at[0] = WALL;
        tile_at[size - 1] = WALL;
        cell_of[0] = WALL;
        cell_of[size - 1] = WALL;
        Position {
            n,
            played: 0,
            tile_at,
            cell_of,
            filled: Bits::with_walls(n),
            used: Bits::with_walls(n),
            cells: Runs::one_run(n),
            tiles: Runs::one_run(n),
            threatening: IndexSet::new(size),
            pairs: 0,
        }
    }

    /// N, the number of tiles and of cells.
    pub fn size(&self) -> u32 {
        self.n
    }

    /// Moves left: empty cells, and unused tiles.
    pub fn turns_left(&self) -> u32 {
        self.n - self.played
    }

    /// Whether A moves next (A moves first, then they alternate).
    pub fn a_to_move(&self) -> bool {
        self.played.is_multiple_of(2)
    }

    /// Put `m.tile` into `m.cell`. Panics if the tile is used or the cell filled: parsing rules that out.
    pub fn play(&mut self, m: Move) {
        let (c, t) = (m.cell, m.tile);
        assert!(
            self.tile_at[c as usize] == EMPTY && self.cell_of[t as usize] == EMPTY,
            "tile {t} into cell {c}: the tile is used or the cell filled"
        );
        for d in [c - 1, c + 1] {
            let s = self.tile_at[d as usize];
            if s != EMPTY && s != WALL && s.abs_diff(t) == 1 {
                self.pairs += 1;
            }
        }
        let (len, at) = run_around(&self.filled, c);
        self.cells.split(c, len, at);
        let (len, at) = run_around(&self.used, t);
        self.tiles.split(t, len, at);
        self.tile_at[c as usize] = t;
        self.cell_of[t as usize] = c;
        self.filled.set(c);
        self.used.set(t);
        self.played += 1;
        self.refresh_threats_around(m);
    }

    /// Take back the last move, `m`: what a referee needs to judge many candidate moves without cloning.
    pub fn undo(&mut self, m: Move) {
        let (c, t) = (m.cell, m.tile);
        assert!(self.played > 0 && self.tile_at[c as usize] == t, "tile {t} into cell {c} is not the last move");
        self.tile_at[c as usize] = EMPTY;
        self.cell_of[t as usize] = EMPTY;
        self.filled.clear(c);
        self.used.clear(t);
        self.played -= 1;
        let (len, at) = run_around(&self.filled, c);
        self.cells.join(c, len, at);
        let (len, at) = run_around(&self.used, t);
        self.tiles.join(t, len, at);
        for d in [c - 1, c + 1] {
            let s = self.tile_at[d as usize];
            if s != EMPTY && s != WALL && s.abs_diff(t) == 1 {
                self.pairs -= 1;
            }
        }
        self.refresh_threats_around(m);
    }

    /// Whether each filled cell a move touches threatens: only cells beside its cell gained or lost an empty
    /// neighbour, and only the cells of tiles beside its tile gained or lost an unused one.
    fn refresh_threats_around(&mut self, m: Move) {
        let (c, t) = (m.cell, m.tile);
        for d in [c - 1, c, c + 1, self.cell_of[t as usize - 1], self.cell_of[t as usize + 1]] {
            if d != WALL && d != 0 && d <= self.n {
                let threatens = self.tile_at[d as usize] != EMPTY && self.threatens(d);
                self.threatening.put(d, threatens);
            }
        }
    }

    /// How many runs of three or more empty cells there are, and of three or more unused tiles. With three of each,
    /// a move and the reply touch at most two runs a side, so a three and three is left: what the generators'
    /// referee reads to settle every candidate move of A's at once.
    pub fn runs_of_three(&self) -> (u32, u32) {
        (self.cells.big, self.tiles.big)
    }

    /// Whether the player to move can force a win. Panics once the row is full: nobody is to move.
    pub fn winning(&self) -> bool {
        assert!(self.turns_left() > 0, "the game is over: all {} moves are played", self.n);
        if self.a_to_move() { self.a_wins() } else { self.b_wins() }
    }

    /// A move that keeps the win for the player to move, `None` exactly when that player is losing: after it A
    /// has made a pair, or the row is full and its player has won, or the opponent is losing by [`Self::winning`].
    /// `None` once the row is full: nobody is to move.
    ///
    /// It costs a few calls of `play`, `winning` and `undo` (on `self`, which it leaves as it found it): one
    /// candidate move for A, at most four for B, each tried and the first that keeps the win returned, so a move it
    /// names has been checked one move deep, and in a losing state every candidate fails that check. Why some
    /// candidate keeps the win whenever the player to move is winning, case by case as [`Self::winning`] decides:
    ///
    /// - **A, a pair made**: A has won, any move keeps it.
    /// - **A, a threat**: its move makes a pair.
    /// - **A, 3 & 3**: the middle tile of three unused into the middle cell of three empty makes four threats, and
    ///   B's move spoils at most two (see the module's method).
    /// - **A, the closed form with K = 2**: each side is one run of two, (c, c + 1) and (t, t + 1); t into c leaves
    ///   B only t + 1 into c + 1, a pair.
    /// - **A, the closed form with K odd**: no pair, no threat, and 2·(Zc + Zt) > K. The lengths on each side add
    ///   up to K, which is odd, so each side has a run of odd length, and one side has only runs of one and two,
    ///   so its odd run is a single element. A puts the left end of an odd run of tiles into the left end of an odd
    ///   run of cells: one of the two is isolated, so the move makes no threat, and cutting the end off an odd run
    ///   keeps ⌊x/2⌋, so Zc + Zt stays. B then either makes a threat, which A turns into a pair, or moves quietly
    ///   (an isolated cell or tile, so no threat), which lowers Zc + Zt by at most one: a single split of one run
    ///   changes Σ⌊x/2⌋ by 0 or −1, and removing an isolated element changes nothing. A is left with K − 2 moves, an
    ///   odd number, and 2·(Zc + Zt) ≥ 2·(old sum) − 2 > K − 2, so the closed form (or 3 & 3) says A wins.
    /// - **B**: [`Self::winning`] says B wins only when one of the moves it weighs leaves A losing, and those are
    ///   the candidates here, each named by a cell and tile that leave exactly the runs and threats it weighed: the
    ///   cell of the first threat with the one tile all other threats share, or with each free tile choice of
    ///   [`free_choices`]; the mirror on the first threat's tile; and with no threat, an isolated cell with each free
    ///   tile choice, or the mirror. A free choice is a run of the class it names: any isolated element or any
    ///   element of a run of two that makes no pair, or the longest run cut at the offset it names (with two runs
    ///   of three or more, any of them at offset 1), all of which leave the same lengths. The free choices that
    ///   make a pair in the cell (or with the tile) B plays are excluded there as in `b_wins`; they sit at run ends
    ///   and number at most four, so a scan past them is O(1).
    pub fn winning_move(&mut self) -> Option<Move> {
        let candidates = if self.a_to_move() { self.a_candidate().into_iter().collect() } else { self.b_candidates() };
        candidates.iter().map(|&(cell, tile)| Move { tile, cell }).find(|&m| self.keeps_win(m))
    }

    /// Whether `m`, by the player to move, leaves that player winning: see [`Self::winning_move`].
    fn keeps_win(&mut self, m: Move) -> bool {
        let a = self.a_to_move();
        self.play(m);
        // A full row is judged on its pairs; otherwise the opponent is to move, and a pair already made is the
        // opponent (B) losing by `winning` too.
        let kept = if self.turns_left() == 0 { (self.pairs > 0) == a } else { !self.winning() };
        self.undo(m);
        kept
    }

    /// A's winning move as (cell, tile), when A is winning: see [`Self::winning_move`].
    fn a_candidate(&self) -> Option<(u32, u32)> {
        if self.pairs > 0 {
            return Some((self.cells.first(ANY)?, self.tiles.first(ANY)?));
        }
        // Not `threats`, which lists them all: A may have many more than B's at most four threatening cells.
        if let Some(&d) = self.threatening.items().first() {
            let s = self.tile_at[d as usize];
            let cell = if self.tile_at[d as usize - 1] == EMPTY { d - 1 } else { d + 1 };
            let tile = if self.cell_of[s as usize - 1] == EMPTY { s - 1 } else { s + 1 };
            return Some((cell, tile));
        }
        if self.cells.big > 0 && self.tiles.big > 0 {
            return Some((self.cells.first(BIG)? + 1, self.tiles.first(BIG)? + 1));
        }
        let class: &[Class] = if self.turns_left() == 2 { &[Class::Two] } else { ODD };
        Some((self.cells.first(class)?, self.tiles.first(class)?))
    }

    /// B's candidate moves as (cell, tile): those `b_wins` weighs, see [`Self::winning_move`].
    fn b_candidates(&self) -> Few<(u32, u32), 4> {
        let mut out = Few::default();
        // B has lost (see `b_wins`), and `threats` holds the threats of four cells at most. With a pair made B has
        // lost too, but there every candidate fails its check.
        if self.threatening.len() > 4 {
            return out;
        }
        let threats = self.threats();
        let Some(&(e0, t0)) = threats.first() else {
            if let Some(cell) = self.cells.first(&[Class::One]) {
                out.extend(free_elements(&self.tiles, false, &[]).iter().map(|&tile| (cell, tile)));
            }
            if let Some(tile) = self.tiles.first(&[Class::One]) {
                out.extend(free_elements(&self.cells, false, &[]).iter().map(|&cell| (cell, tile)));
            }
            return out;
        };
        match threats.iter().find(|&&(e, _)| e != e0) {
            Some(&(_, t1)) => out.push((e0, t1)),
            None => {
                let pairing: Few<u32, 16> = threats.iter().map(|&(_, t)| t).collect();
                let isolated_only = run_around(&self.filled, e0).0 >= 2;
                out.extend(free_elements(&self.tiles, isolated_only, &pairing).iter().map(|&tile| (e0, tile)));
            }
        }
        match threats.iter().find(|&&(_, t)| t != t0) {
            Some(&(e1, _)) => out.push((e1, t0)),
            None => {
                let pairing: Few<u32, 16> = threats.iter().map(|&(e, _)| e).collect();
                let isolated_only = run_around(&self.used, t0).0 >= 2;
                out.extend(free_elements(&self.cells, isolated_only, &pairing).iter().map(|&cell| (cell, t0)));
            }
        }
        out
    }

    fn a_wins(&self) -> bool {
        self.pairs > 0
            || !self.threatening.is_empty()
            || (self.cells.big > 0 && self.tiles.big > 0)
            || closed_form(self.turns_left(), self.cells.halves, self.tiles.halves)
    }

    fn b_wins(&self) -> bool {
        if self.pairs > 0 || self.threatening.len() > 4 {
            return false;
        }
        let threats = self.threats();
        match threats.first() {
            None => self.b_wins_unthreatened(),
            Some(&(e0, t0)) => self.b_wins_pinned_cell(&threats, e0) || self.b_wins_pinned_tile(&threats, t0),
        }
    }

    /// No threats: B's cell or tile must be isolated, and the other side is free.
    fn b_wins_unthreatened(&self) -> bool {
        let k = self.turns_left() - 1;
        let isolated = |runs: &Runs| runs.count[1] > 0;
        (isolated(&self.cells)
            && free_choices(&self.tiles, false, Excluded::NONE)
                .iter()
                .any(|&tiles| a_loses(k, self.cells.as_side(), tiles)))
            || (isolated(&self.tiles)
                && free_choices(&self.cells, false, Excluded::NONE)
                    .iter()
                    .any(|&cells| a_loses(k, cells, self.tiles.as_side())))
    }

    /// B fills `e0`. The threats elsewhere must all share one tile, which B then plays; if there are none, B picks
    /// the tile, any but those that would make a pair in `e0`.
    fn b_wins_pinned_cell(&self, threats: &[(u32, u32)], e0: u32) -> bool {
        let mut others = threats.iter().filter(|&&(e, _)| e != e0).map(|&(_, t)| t);
        match others.next() {
            Some(t1) => others.all(|t| t == t1) && self.b_wins_with(threats, e0, t1),
            None => {
                let (len, at) = run_around(&self.filled, e0);
                let pairing: Few<u32, 16> = threats.iter().map(|&(_, t)| t).collect();
                let excluded = Excluded::of(&self.used, &pairing);
                let cells = self.cells.after_split(len, at);
                let k = self.turns_left() - 1;
                free_choices(&self.tiles, len >= 2, excluded).iter().any(|&tiles| a_loses(k, cells, tiles))
            }
        }
    }

    /// The mirror of [`Self::b_wins_pinned_cell`]: B plays `t0`.
    fn b_wins_pinned_tile(&self, threats: &[(u32, u32)], t0: u32) -> bool {
        let mut others = threats.iter().filter(|&&(_, t)| t != t0).map(|&(e, _)| e);
        match others.next() {
            Some(e1) => others.all(|e| e == e1) && self.b_wins_with(threats, e1, t0),
            None => {
                let (len, at) = run_around(&self.used, t0);
                let pairing: Few<u32, 16> = threats.iter().map(|&(e, _)| e).collect();
                let excluded = Excluded::of(&self.filled, &pairing);
                let tiles = self.tiles.after_split(len, at);
                let k = self.turns_left() - 1;
                free_choices(&self.cells, len >= 2, excluded).iter().any(|&cells| a_loses(k, cells, tiles))
            }
        }
    }

    /// Whether "t into c" (every threat on c or t) leaves A a losing state.
    fn b_wins_with(&self, threats: &[(u32, u32)], c: u32, t: u32) -> bool {
        if threats.contains(&(c, t)) {
            return false;
        }
        let (cell_len, cell_at) = run_around(&self.filled, c);
        let (tile_len, tile_at) = run_around(&self.used, t);
        if cell_len >= 2 && tile_len >= 2 {
            return false;
        }
        a_loses(
            self.turns_left() - 1,
            self.cells.after_split(cell_len, cell_at),
            self.tiles.after_split(tile_len, tile_at),
        )
    }

    fn threatens(&self, d: u32) -> bool {
        let s = self.tile_at[d as usize];
        let empty_beside = self.tile_at[d as usize - 1] == EMPTY || self.tile_at[d as usize + 1] == EMPTY;
        empty_beside && (self.cell_of[s as usize - 1] == EMPTY || self.cell_of[s as usize + 1] == EMPTY)
    }

    /// Every threat, (cell, tile), without repeats; at most 16 from the at most 4 threatening cells.
    fn threats(&self) -> Few<(u32, u32), 16> {
        let mut out = Few::default();
        for &d in self.threatening.items() {
            let s = self.tile_at[d as usize];
            for e in [d - 1, d + 1] {
                if self.tile_at[e as usize] != EMPTY {
                    continue;
                }
                for t in [s - 1, s + 1] {
                    if self.cell_of[t as usize] == EMPTY && !out.contains(&(e, t)) {
                        out.push((e, t));
                    }
                }
            }
        }
        out
    }
}

/// The closed form for A to move with no pair, no threat and no 3 & 3, K moves left and Σ⌊x/2⌋ over the runs of
/// empty cells and of unused tiles.
fn closed_form(k: u32, cell_halves: u64, tile_halves: u64) -> bool {
    match k {
        2 => cell_halves == 1 && tile_halves == 1,
        _ if k.is_multiple_of(2) => false,
        // 2·(Zc + Zt) > K for odd K, in a form where `>=` for `>` is a different rule, not the same one.
        _ => cell_halves + tile_halves > u64::from(k / 2),
    }
}

/// Whether A, to move with `k` moves left after a B move that left no pair and no threat, loses.
fn a_loses(k: u32, cells: Side, tiles: Side) -> bool {
    k == 0 || !((cells.big && tiles.big) || closed_form(k, cells.halves, tiles.halves))
}

/// What the verdict needs of one side's runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Side {
    /// Some run has length 3 or more.
    big: bool,
    /// Σ⌊x/2⌋ over the runs.
    halves: u64,
}

/// The runs of one side (empty cells, or unused tiles) by length, and where they lie.
#[derive(Clone, Debug)]
struct Runs {
    /// How many runs have each length; index 0 unused.
    count: Vec<u32>,
    /// How many runs have length 3 or more, and their total length (the longest run's when there is one).
    big: u32,
    big_total: u64,
    /// Σ⌊x/2⌋.
    halves: u64,
    /// The left end of every run, filed by the [`Class`] of its length, so that [`Position::winning_move`] can name
    /// a run of the kind its argument needs in O(1) instead of searching the row.
    starts: [Vec<u32>; 4],
    /// Where each run's left end sits in its `starts` list (the list follows from the run's length).
    slot: Vec<u32>,
}

/// The kinds of run length [`Position::winning_move`] asks for, as indices into `Runs::starts`: every run is in
/// exactly one, so a split or join moves O(1) entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    One = 0,
    Two = 1,
    OddBig = 2,
    EvenBig = 3,
}

impl Class {
    fn of(len: u32) -> Class {
        match len {
            1 => Class::One,
            2 => Class::Two,
            _ if len % 2 == 1 => Class::OddBig,
            _ => Class::EvenBig,
        }
    }
}

const ANY: &[Class] = &[Class::One, Class::Two, Class::OddBig, Class::EvenBig];
const ODD: &[Class] = &[Class::One, Class::OddBig];
const BIG: &[Class] = &[Class::OddBig, Class::EvenBig];

impl Runs {
    fn one_run(n: u32) -> Runs {
        let mut runs = Runs {
            count: vec![0; n as usize + 1],
            big: 0,
            big_total: 0,
            halves: 0,
            starts: Default::default(),
            slot: vec![0; n as usize + 2],
        };
        runs.add(1, n);
        runs
    }

    /// A run of `len` starting at `start` appears.
    fn add(&mut self, start: u32, len: u32) {
        if len == 0 {
            return;
        }
        self.count[len as usize] += 1;
        if len >= 3 {
            self.big += 1;
            self.big_total += u64::from(len);
        }
        self.halves += u64::from(len / 2);
        let list = &mut self.starts[Class::of(len) as usize];
        self.slot[start as usize] = list.len() as u32;
        list.push(start);
    }

    /// The run of `len` starting at `start` goes.
    fn remove(&mut self, start: u32, len: u32) {
        self.count[len as usize] -= 1;
        if len >= 3 {
            self.big -= 1;
            self.big_total -= u64::from(len);
        }
        self.halves -= u64::from(len / 2);
        let list = &mut self.starts[Class::of(len) as usize];
        let at = self.slot[start as usize] as usize;
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.slot[moved as usize] = at as u32;
        }
    }

    /// The run of `len` around `x`, at offset `at` in it, loses `x`.
    fn split(&mut self, x: u32, len: u32, at: u32) {
        self.remove(x - at, len);
        self.add(x - at, at);
        self.add(x + 1, len - 1 - at);
    }

    /// The undoing of `split`: `x`, at offset `at` of what is now a run of `len`, comes back.
    fn join(&mut self, x: u32, len: u32, at: u32) {
        if at > 0 {
            self.remove(x - at, at);
        }
        if len - 1 - at > 0 {
            self.remove(x + 1, len - 1 - at);
        }
        self.add(x - at, len);
    }

    /// The left end of some run of one of `classes`.
    fn first(&self, classes: &[Class]) -> Option<u32> {
        classes.iter().find_map(|&class| self.starts[class as usize].first().copied())
    }

    fn as_side(&self) -> Side {
        Side { big: self.big > 0, halves: self.halves }
    }

    /// The side after `split(len, at)`, leaving `self` as it is.
    fn after_split(&self, len: u32, at: u32) -> Side {
        let rest = len - 1 - at;
        let big = self.big - u32::from(len >= 3) + u32::from(at >= 3) + u32::from(rest >= 3);
        Side { big: big > 0, halves: self.halves - u64::from(len / 2) + u64::from(at / 2) + u64::from(rest / 2) }
    }
}

/// Isolated elements and whole runs of two that B may not take, because each would make a pair. They are threat
/// tiles (or cells), so they sit at run ends: the interior splits below never touch them.
#[derive(Clone, Copy, Debug)]
struct Excluded {
    isolated: u32,
    twos: u32,
}

impl Excluded {
    const NONE: Excluded = Excluded { isolated: 0, twos: 0 };

    fn of(marks: &Bits, items: &[u32]) -> Excluded {
        let mut out = Excluded::NONE;
        for (i, &x) in items.iter().enumerate() {
            if items[..i].contains(&x) {
                continue;
            }
            match run_around(marks, x) {
                (1, _) => out.isolated += 1,
                // Count a run of two once, from its left element, when both of its elements are excluded.
                (2, 0) if items.contains(&(x + 1)) => out.twos += 1,
                _ => {}
            }
        }
        out
    }
}

/// The sides B can leave by choosing the element of this side freely (only isolated ones when `isolated_only`),
/// at most two, which dominate all others: a split (a, b) of a run x changes Σ⌊·/2⌋ by 0 or −1 (−1 always for
/// x even, for x odd iff a is odd), and B wants both no run ≥ 3 left and Σ⌊·/2⌋ small. If two runs ≥ 3 exist one
/// stays whatever B does, and cutting one of them at offset 1 takes the −1. If exactly one exists (of length M),
/// its most even cut leaves the shortest parts, and takes the −1 too unless M ≡ 1 (mod 4); then the cut at offset
/// 1 has odd parts and does (for M = 5 the two conflict: 2+2 keeps Σ⌊·/2⌋, 1+3 keeps a run of 3). Both cuts are
/// tried for every M: each is a move B can make, so the one that is not needed changes nothing. These cuts are
/// interior, never a threat's tile or cell. With no run ≥ 3, a run of two (−1) or an isolated element (0) is all
/// there is, and there the excluded ones count.
fn free_choices(runs: &Runs, isolated_only: bool, excluded: Excluded) -> Few<Side, 2> {
    let mut out = Few::default();
    if isolated_only {
        if runs.count[1] > excluded.isolated {
            out.push(runs.as_side());
        }
        return out;
    }
    match runs.big {
        0 => {
            if runs.count.get(2).is_some_and(|&twos| twos > excluded.twos) {
                out.push(runs.after_split(2, 0));
            }
            if runs.count[1] > excluded.isolated {
                out.push(runs.as_side());
            }
        }
        1 => {
            let longest = runs.big_total as u32;
            out.push(runs.after_split(longest, longest / 2));
            out.push(runs.after_split(longest, 1));
        }
        _ => out.push(Side { big: true, halves: runs.halves - 1 }),
    }
    out
}

/// The elements of one side that realise [`free_choices`] with `excluded` the elements of `pairing`, one for each
/// side it returns: an isolated element and an element of a run of two that are not in `pairing` (at most four, at
/// run ends, so the scans stop within a few entries), or the cuts of the longest run (any run of three or more
/// when there are two).
fn free_elements(runs: &Runs, isolated_only: bool, pairing: &[u32]) -> Few<u32, 2> {
    let mut out = Few::default();
    let isolated = runs.starts[Class::One as usize].iter().copied().find(|x| !pairing.contains(x));
    if isolated_only {
        out.extend(isolated);
        return out;
    }
    match runs.big {
        0 => {
            let two = runs.starts[Class::Two as usize].iter().flat_map(|&s| [s, s + 1]).find(|x| !pairing.contains(x));
            out.extend(two);
            out.extend(isolated);
        }
        big => {
            if let Some(start) = runs.first(BIG) {
                if big == 1 {
                    out.push(start + runs.big_total as u32 / 2);
                }
                out.push(start + 1);
            }
        }
    }
    out
}

/// The run of unmarked elements around the unmarked `x`: its length and `x`'s offset from its left end.
fn run_around(marks: &Bits, x: u32) -> (u32, u32) {
    let left = marks.prev(x) + 1;
    let right = marks.next(x) - 1;
    (right - left + 1, x - left)
}

/// A set of 0..=N+1 with the walls 0 and N + 1 always in, answering "nearest member before / after x" with a
/// summary word per 64 words, so a search reads at most a few dozen words even at N = 10^5.
#[derive(Clone, Debug)]
struct Bits {
    words: Vec<u64>,
    summary: Vec<u64>,
}

impl Bits {
    fn with_walls(n: u32) -> Bits {
        let words = (n as usize + 2).div_ceil(64);
        let mut bits = Bits { words: vec![0; words], summary: vec![0; words.div_ceil(64)] };
        bits.set(0);
        bits.set(n + 1);
        bits
    }

    fn set(&mut self, x: u32) {
        let w = x as usize / 64;
        self.words[w] |= 1 << (x % 64);
        self.summary[w / 64] |= 1 << (w % 64);
    }

    fn clear(&mut self, x: u32) {
        let w = x as usize / 64;
        self.words[w] &= !(1 << (x % 64));
        if self.words[w] == 0 {
            self.summary[w / 64] &= !(1 << (w % 64));
        }
    }

    /// The largest member below `x`; the wall 0 guarantees one for x ≥ 1.
    fn prev(&self, x: u32) -> u32 {
        let w = x as usize / 64;
        let below = self.words[w] & ((1u64 << (x % 64)) - 1);
        if below != 0 {
            return (w * 64 + 63 - below.leading_zeros() as usize) as u32;
        }
        let w = highest_below(&self.summary, w).expect("the wall at 0 is a member");
        (w * 64 + 63 - self.words[w].leading_zeros() as usize) as u32
    }

    /// The smallest member above `x`; the wall N + 1 guarantees one for x ≤ N.
    fn next(&self, x: u32) -> u32 {
        let w = x as usize / 64;
        let above = self.words[w] & above_mask(x as usize % 64);
        if above != 0 {
            return (w * 64 + above.trailing_zeros() as usize) as u32;
        }
        let w = lowest_above(&self.summary, w).expect("the wall at N + 1 is a member");
        (w * 64 + self.words[w].trailing_zeros() as usize) as u32
    }
}

/// Bits strictly above `b` in a word.
fn above_mask(b: usize) -> u64 {
    if b == 63 { 0 } else { !0 << (b + 1) }
}

/// The highest set bit below `i` in a bit array, as an index.
fn highest_below(bits: &[u64], i: usize) -> Option<usize> {
    let w = i / 64;
    let below = bits[w] & ((1u64 << (i % 64)) - 1);
    if below != 0 {
        return Some(w * 64 + 63 - below.leading_zeros() as usize);
    }
    (0..w).rev().find(|&v| bits[v] != 0).map(|v| v * 64 + 63 - bits[v].leading_zeros() as usize)
}

/// The lowest set bit above `i` in a bit array, as an index.
fn lowest_above(bits: &[u64], i: usize) -> Option<usize> {
    let w = i / 64;
    let above = bits[w] & above_mask(i % 64);
    if above != 0 {
        return Some(w * 64 + above.trailing_zeros() as usize);
    }
    (w + 1..bits.len()).find(|&v| bits[v] != 0).map(|v| v * 64 + bits[v].trailing_zeros() as usize)
}

/// A set of small integers with O(1) insert, remove and listing.
#[derive(Clone, Debug)]
struct IndexSet {
    items: Vec<u32>,
    /// Position of each member in `items`, `u32::MAX` for non-members.
    slot: Vec<u32>,
}

impl IndexSet {
    fn new(universe: usize) -> IndexSet {
        IndexSet { items: Vec::new(), slot: vec![u32::MAX; universe] }
    }

    fn put(&mut self, x: u32, member: bool) {
        let at = self.slot[x as usize];
        if member && at == u32::MAX {
            self.slot[x as usize] = self.items.len() as u32;
            self.items.push(x);
        } else if !member && at != u32::MAX {
            let last = *self.items.last().expect("a member exists");
            self.items.swap_remove(at as usize);
            if last != x {
                self.slot[last as usize] = at;
            }
            self.slot[x as usize] = u32::MAX;
        }
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn items(&self) -> &[u32] {
        &self.items
    }
}

/// A list of at most `N` items on the stack: the per-state candidate lists, so deciding a state allocates nothing.
#[derive(Clone, Copy, Debug)]
struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few { items: [T::default(); N], len: 0 }
    }
}

impl<T, const N: usize> Few<T, N> {
    fn push(&mut self, x: T) {
        self.items[self.len] = x;
        self.len += 1;
    }

    fn extend(&mut self, items: impl IntoIterator<Item = T>) {
        for x in items {
            self.push(x);
        }
    }
}

impl<T, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = Few::default();
        for x in iter {
            out.push(x);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;
    use games::adjacent_consecutive::AdjacentConsecutive;

    fn check_set(input: &str, answers: &str) {
        let games = AdjacentConsecutive::parse(input).expect("official input parses");
        let expected: Vec<&str> = answers.lines().collect();
        assert_eq!(games.len(), expected.len());
        for (i, (game, want)) in games.iter().zip(expected).enumerate() {
            assert_eq!(format!("Case #{}: {}", i + 1, answer(game)), want.trim_end(), "{game:?}");
        }
    }

    #[test]
    fn official_sample() {
        check_set(
            include_str!("../../tests/data/adjacent-consecutive/sample.in"),
            include_str!("../../tests/data/adjacent-consecutive/sample.ans"),
        );
    }

    #[test]
    fn official_small() {
        check_set(
            include_str!("../../tests/data/adjacent-consecutive/small.in"),
            include_str!("../../tests/data/adjacent-consecutive/small.ans"),
        );
    }

    /// The position after playing `row` (tile per cell, 0 for empty) cell by cell from the left.
    fn position(row: &[u32]) -> Position {
        let mut p = Position::new(row.len() as u32);
        for (c, &tile) in row.iter().enumerate().filter(|&(_, &t)| t != 0) {
            p.play(Move { tile, cell: c as u32 + 1 });
        }
        p
    }

    /// K = 2, A to move, cells 5–6 and tiles 5–6 left: A puts 5 in cell 5 and B's only move, 6 into cell 6, makes
    /// the pair. The general rule (K even: A loses) gets this wrong. With the two empty cells apart, A loses.
    #[test]
    fn k2_one_run_of_two_on_each_side() {
        let p = position(&[2, 4, 1, 3, 0, 0]);
        assert!(p.a_to_move() && p.turns_left() == 2);
        assert!(p.winning());
        let p = position(&[4, 1, 3, 0, 2, 0]);
        assert!(p.a_to_move() && p.turns_left() == 2);
        assert!(!p.winning());
    }

    /// Cells 6–8 and tiles 6–8 free (and tile 1 in cell 1, out of the way): A puts 7 into cell 7, which makes four
    /// threats (6 or 8 into cell 6 or 8); one move of B's spoils two. K = 4 is even, so only this rule says A wins.
    #[test]
    fn three_consecutive_tiles_and_cells() {
        let p = position(&[0, 3, 5, 2, 4, 0, 0, 0]);
        assert!(p.a_to_move() && p.turns_left() == 4);
        assert!(p.winning());
    }

    /// K = 3, the empty cells 5–7 in one run, the unused tiles 3, 5, 7 far from each other and from everything
    /// that could take them: no pair can ever be made, so A loses. Σ⌊x/2⌋ = 1 gives 2 ≤ 3; Σ⌈x/2⌉ = 2 + 3 would
    /// say A wins.
    #[test]
    fn halves_round_down() {
        let p = position(&[2, 4, 6, 1, 0, 0, 0]);
        assert!(p.a_to_move() && p.turns_left() == 3);
        assert!(!p.winning());
    }

    /// Tile 3 in the middle cell of five threatens 2 or 4 into cell 2 or 4: no single move spoils all four.
    #[test]
    fn b_cannot_spoil_four_threats() {
        let p = position(&[0, 0, 3, 0, 0]);
        assert!(!p.a_to_move());
        assert!(!p.winning());
    }

    /// The last move is B's when N is even, and B wins it unless it is forced into a pair.
    #[test]
    fn b_last_move() {
        assert!(position(&[2, 4, 1, 0]).winning(), "3 into cell 4 beside 1 makes no pair");
        assert!(!position(&[4, 1, 3, 0]).winning(), "2 into cell 4 beside 3 makes one");
    }

    /// The two-level bitset against a plain scan, across word and summary-word boundaries.
    #[test]
    fn runs_are_found_across_words() {
        let n = 9_000u32;
        let mut marks = Bits::with_walls(n);
        let mut plain = vec![false; n as usize + 2];
        plain[0] = true;
        plain[n as usize + 1] = true;
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1Du64);
        for round in 0..6_000 {
            let x = 1 + (next() % u64::from(n)) as u32;
            if round % 3 == 2 {
                marks.clear(x);
                plain[x as usize] = false;
            } else {
                marks.set(x);
                plain[x as usize] = true;
            }
            let probe = 1 + (next() % u64::from(n)) as u32;
            let prev = (0..probe).rev().find(|&y| plain[y as usize]).unwrap();
            let after = (probe + 1..=n + 1).find(|&y| plain[y as usize]).unwrap();
            assert_eq!((marks.prev(probe), marks.next(probe)), (prev, after), "around {probe}");
        }
    }

    /// The bitset takes the fewest words that hold N + 2 bits, and the summary the fewest that hold a bit per word:
    /// memory in proportion to N.
    #[test]
    fn bits_are_as_small_as_they_can_be() {
        for n in [4u32, 61, 62, 63, 64, 126, 127, 4_094, 4_095, 100_000] {
            let bits = Bits::with_walls(n);
            let needed = n as usize + 2;
            assert!(bits.words.len() * 64 >= needed && (bits.words.len() - 1) * 64 < needed, "N = {n}");
            let words = bits.words.len();
            assert!(bits.summary.len() * 64 >= words && (bits.summary.len() - 1) * 64 < words, "N = {n}");
        }
    }

    /// Judging candidates by play, verdict, undo must leave the position as it was: the verdicts of the game
    /// played through with and without the detours agree.
    #[test]
    fn undo_restores_the_position() {
        let mut state = 7u64;
        let mut next = move |bound: u32| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % u64::from(bound)) as u32
        };
        for n in [4u32, 5, 9, 40, 200] {
            let mut tiles: Vec<u32> = (1..=n).collect();
            let mut cells: Vec<u32> = (1..=n).collect();
            let mut moves = Vec::new();
            while !tiles.is_empty() {
                let tile = tiles.swap_remove(next(tiles.len() as u32) as usize);
                let cell = cells.swap_remove(next(cells.len() as u32) as usize);
                moves.push(Move { tile, cell });
            }
            let game = Game { n, moves: moves.clone() };
            let mut p = Position::new(n);
            // The generators' referee keeps a position while the size matches.
            assert_eq!(p.size(), n);
            let mut winning = Vec::new();
            for (i, &m) in moves.iter().enumerate() {
                for later in &moves[i..moves.len().min(i + 4)] {
                    let detour =
                        Move { tile: later.tile, cell: moves[i + next((moves.len() - i) as u32) as usize].cell };
                    p.play(detour);
                    if p.turns_left() > 0 {
                        p.winning();
                    }
                    p.undo(detour);
                }
                winning.push(p.winning());
                p.play(m);
            }
            assert_eq!(winning, answer(&game).winning, "N = {n}");
        }
    }

    /// Whether the full row `p` holds a pair, read off the cells as the rules say, not from the solver's count.
    fn full_row_has_pair(p: &Position) -> bool {
        let row = &p.tile_at[1..=p.n as usize];
        row.windows(2).any(|w| w[0].abs_diff(w[1]) == 1)
    }

    /// The position as the game sees it, independent of the order of any list inside: the board, what each verdict
    /// reads, and the runs each side's `starts` files, sorted.
    fn fingerprint(p: &Position) -> String {
        let mut threatening = p.threatening.items().to_vec();
        threatening.sort_unstable();
        let sorted = |runs: &Runs| {
            runs.starts.clone().map(|mut list| {
                list.sort_unstable();
                list
            })
        };
        format!(
            "{:?} {} {} {threatening:?} {:?} {:?} {:?} {:?}",
            p.tile_at,
            p.played,
            p.pairs,
            (&p.cells.count, p.cells.big, p.cells.big_total, p.cells.halves, sorted(&p.cells)),
            (&p.tiles.count, p.tiles.big, p.tiles.big_total, p.tiles.halves, sorted(&p.tiles)),
            p.filled.words,
            p.used.words,
        )
    }

    /// Every run of one side, found by scanning `free` (index 0 and N + 1 are walls), filed under its class, and
    /// nothing else filed, each entry's slot pointing back at it.
    fn assert_runs_filed(runs: &Runs, free: &[bool], side: &str) {
        let mut expected: [Vec<u32>; 4] = Default::default();
        let mut x = 1;
        while x + 1 < free.len() {
            if free[x] {
                let len = (x..free.len()).take_while(|&y| free[y]).count();
                expected[Class::of(len as u32) as usize].push(x as u32);
                x += len;
            } else {
                x += 1;
            }
        }
        for (class, want) in expected.iter().enumerate() {
            let mut got = runs.starts[class].clone();
            got.sort_unstable();
            assert_eq!(&got, want, "{side}: the left ends filed under class {class}");
            for (i, &start) in runs.starts[class].iter().enumerate() {
                assert_eq!(runs.slot[start as usize] as usize, i, "{side}: the slot of the run at {start}");
            }
        }
    }

    /// `winning_move` at `p`: `Some` exactly when the player to move is winning, a legal move, one after which A has
    /// a pair on a full row (A moved last) or none (B did), or the opponent is losing; and `p` is left as it was.
    /// Returns the move.
    /// The runs' filing and the untouched position are checked by O(N) scans, so only up to N = [`SCANNED`]; past
    /// it the replay of the game against `answer` (see [`checked_game`]) shows the position was left as it was.
    fn check_winning_move(p: &mut Position) -> Option<Move> {
        let n = p.n;
        let scanned = n <= SCANNED;
        if scanned {
            let free_cells: Vec<bool> = (0..=n + 1).map(|c| p.tile_at[c as usize] == EMPTY).collect();
            let free_tiles: Vec<bool> = (0..=n + 1).map(|t| p.cell_of[t as usize] == EMPTY).collect();
            assert_runs_filed(&p.cells, &free_cells, "cells");
            assert_runs_filed(&p.tiles, &free_tiles, "tiles");
            let long = |free: &[bool]| free.split(|&f| !f).filter(|run| run.len() >= 3).count() as u32;
            assert_eq!(p.runs_of_three(), (long(&free_cells), long(&free_tiles)), "runs of three or more");
        }
        let winning = p.winning();
        let before = if scanned { fingerprint(p) } else { String::new() };
        let found = p.winning_move();
        if scanned {
            assert_eq!(fingerprint(p), before, "winning_move left the position changed");
        }
        let state = |p: &Position| {
            let shown = &p.tile_at[1..=n.min(SCANNED) as usize];
            format!("{shown:?} ({} to move, {} left)", if p.a_to_move() { "A" } else { "B" }, p.turns_left())
        };
        assert_eq!(found.is_some(), winning, "winning_move {found:?} at {}", state(p));
        let m = found?;
        assert!((1..=n).contains(&m.cell) && (1..=n).contains(&m.tile), "{m:?} is off the row of {n} at {}", state(p));
        assert!(
            p.tile_at[m.cell as usize] == EMPTY && p.cell_of[m.tile as usize] == EMPTY,
            "{m:?} is not legal at {}",
            state(p)
        );
        let a = p.a_to_move();
        let description = state(p);
        p.play(m);
        let kept = if p.turns_left() == 0 { full_row_has_pair(p) == a } else { !p.winning() };
        p.undo(m);
        assert!(kept, "{m:?} gives the win away at {description}");
        found
    }

    const SCANNED: u32 = 200;

    /// The free tiles or cells of a game being drawn, removable and drawable at random in O(1).
    struct Pool {
        items: Vec<u32>,
        at: Vec<usize>,
    }

    impl Pool {
        fn all(n: u32) -> Pool {
            Pool { items: (1..=n).collect(), at: (0..=n as usize).map(|x| x.saturating_sub(1)).collect() }
        }

        fn remove(&mut self, x: u32) {
            let i = self.at[x as usize];
            self.items.swap_remove(i);
            if let Some(&moved) = self.items.get(i) {
                self.at[moved as usize] = i;
            }
        }

        fn draw(&self, next: &mut impl FnMut() -> u64) -> u32 {
            self.items[(next() % self.items.len() as u64) as usize]
        }
    }

    /// How the sides of a drawn game choose their moves.
    #[derive(Clone, Copy, Debug)]
    enum Style {
        /// At random, avoiding a pair where a few tries find a move that makes none.
        Random,
        /// A plays `winning_move` whenever it is winning and B blunders, or the other way round.
        OnePerfect { a: bool },
        /// Both sides give the win away whenever a few tries find a move that does, so wins change hands.
        Blunders,
    }

    /// Draws a game of `n` in `style` from `seed`, checking `winning_move` at every state, and compares the verdicts
    /// of the states played through (after all the detours) with `answer`. Returns how many states the player to
    /// move was winning in, by who was to move: (A, B).
    fn checked_game(n: u32, seed: u64, style: Style) -> (usize, usize) {
        let mut next = crate::xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut p = Position::new(n);
        let (mut cells, mut tiles) = (Pool::all(n), Pool::all(n));
        let mut moves = Vec::new();
        let mut winners = (0, 0);
        while p.turns_left() > 0 {
            let best = check_winning_move(&mut p);
            let a = p.a_to_move();
            if best.is_some() {
                if a { winners.0 += 1 } else { winners.1 += 1 }
            }
            let perfect = matches!(style, Style::OnePerfect { a: side } if side == a);
            let gives_away = |p: &mut Position, m: Move| {
                p.play(m);
                let lost = p.turns_left() > 0 && p.winning();
                p.undo(m);
                lost
            };
            let makes_pair = |p: &Position, m: Move| {
                [m.cell - 1, m.cell + 1].iter().any(|&d| {
                    let s = p.tile_at[d as usize];
                    s != EMPTY && s != WALL && s.abs_diff(m.tile) == 1
                })
            };
            let mut tries = (0..8).map(|_| Move { tile: tiles.draw(&mut next), cell: cells.draw(&mut next) });
            let m = match best {
                Some(m) if perfect => m,
                Some(_) if !matches!(style, Style::Random) => {
                    let drawn: Vec<Move> = tries.collect();
                    let first = drawn[0];
                    drawn.into_iter().find(|&m| gives_away(&mut p, m)).unwrap_or(first)
                }
                _ => {
                    let first = tries.next().expect("eight tries");
                    tries.find(|&m| !makes_pair(&p, m)).unwrap_or(first)
                }
            };
            cells.remove(m.cell);
            tiles.remove(m.tile);
            p.play(m);
            moves.push(m);
        }
        assert_eq!(p.winning_move(), None, "the row is full: nobody is to move");
        let game = Game { n, moves };
        let mut replay = Position::new(n);
        let winning: Vec<bool> = game
            .moves
            .iter()
            .map(|&m| {
                let w = replay.winning();
                replay.play(m);
                w
            })
            .collect();
        assert_eq!(winning, answer(&game).winning, "{game:?}");
        check_transposed(&game);
        winners
    }

    /// The rules are symmetric in tile and cell, but the solver's code is not (B's candidates with the cell pinned
    /// come first): every state of the game with each move's tile and cell swapped is checked too.
    fn check_transposed(game: &Game) {
        let mut p = Position::new(game.n);
        for m in &game.moves {
            check_winning_move(&mut p);
            p.play(Move { tile: m.cell, cell: m.tile });
        }
    }

    /// Many small games of every style: both players win states, and B's wins (which only follow A's blunders)
    /// come in numbers.
    #[test]
    fn winning_move_keeps_the_win_in_small_games() {
        let styles = [Style::Random, Style::OnePerfect { a: true }, Style::OnePerfect { a: false }, Style::Blunders];
        let mut winners = (0, 0);
        for seed in 0..3_000u64 {
            let n = 4 + (seed % 9) as u32;
            let (a, b) = checked_game(n, seed, styles[(seed / 9 % 4) as usize]);
            winners = (winners.0 + a, winners.1 + b);
        }
        assert!(winners.0 > 10_000 && winners.1 > 1_000, "winning states by A and by B: {winners:?}");
    }

    /// Every position of N ≤ 6 (each reached once, whatever the order of its moves).
    #[test]
    fn winning_move_keeps_the_win_in_every_small_position() {
        fn visit(p: &mut Position, seen: &mut std::collections::HashSet<Vec<u32>>) {
            if p.turns_left() == 0 || !seen.insert(p.tile_at.clone()) {
                return;
            }
            check_winning_move(p);
            for cell in 1..=p.n {
                for tile in 1..=p.n {
                    if p.tile_at[cell as usize] == EMPTY && p.cell_of[tile as usize] == EMPTY {
                        let m = Move { tile, cell };
                        p.play(m);
                        visit(p, seen);
                        p.undo(m);
                    }
                }
            }
        }
        for n in 4..=6u32 {
            let mut seen = std::collections::HashSet::new();
            visit(&mut Position::new(n), &mut seen);
            // Σ C(N, k)² k! positions with a move left, k the tiles placed.
            let choose = |n: u64, k: u64| (0..k).fold(1, |c, i| c * (n - i) / (i + 1));
            let positions: u64 = (0..u64::from(n)).map(|k| choose(n.into(), k).pow(2) * (1..=k).product::<u64>()).sum();
            assert_eq!(seen.len() as u64, positions, "N = {n}");
        }
    }

    /// The two games where B wins only by cutting a run of free tiles at the right place (see
    /// `adjacent_consecutive_b_cuts_runs_of_free_tiles` in tests/differential.rs): 1 + 3 out of a run of five, and
    /// 1 + 1 out of one of two runs of three.
    #[test]
    fn winning_move_cuts_runs_of_free_tiles() {
        for (input, state) in [
            ("1\n15\n3 2\n4 6\n14 13\n1 5\n15 4\n7 7\n5 8\n2 11\n13 10\n10 12\n11 15\n12 1\n9 14\n8 9\n6 3\n", 9),
            ("1\n13\n2 7\n1 3\n12 11\n3 9\n13 5\n4 13\n8 12\n7 2\n9 8\n6 6\n11 4\n5 1\n10 10\n", 7),
        ] {
            let game = &AdjacentConsecutive::parse(input).expect("valid input")[0];
            let mut p = Position::new(game.n);
            for (i, &m) in game.moves.iter().enumerate() {
                let best = check_winning_move(&mut p);
                if i == state {
                    assert!(!p.a_to_move() && p.tiles.big > 0, "B to move with a run of three or more free tiles");
                    let m = best.expect("B is winning");
                    assert_eq!(run_around(&p.filled, m.cell).0, 1, "B's cell is isolated");
                }
                p.play(m);
            }
            check_transposed(game);
        }
    }

    /// K = 5 with empty cells 4, 8–9, 11 and 13 and free tiles 1–2 and 8–10: 2·(1 + 2) > 5, with nothing to spare.
    /// A must keep Σ⌊x/2⌋: an isolated cell with the end of the run of three tiles. Tile 1 or 2, from the run of two,
    /// loses one half, and B's isolated cell with tile 9 another, leaving 2·1 ≤ 3 moves.
    #[test]
    fn winning_move_keeps_the_halves_when_the_closed_form_is_tight() {
        let mut p = position(&[7, 11, 4, 0, 13, 3, 5, 0, 0, 12, 0, 6, 0]);
        assert!(p.a_to_move() && p.turns_left() == 5 && p.threatening.is_empty());
        let m = check_winning_move(&mut p).expect("the closed form says A wins");
        assert!([8, 10].contains(&m.tile) && [4, 11, 13].contains(&m.cell), "{m:?}");
        let spoiled = Move { tile: 1, cell: 4 };
        p.play(spoiled);
        assert!(p.winning(), "B wins after {spoiled:?}");
    }

    /// Games of 10^4 to 10^5: `winning_move` at every state, as in the small games, where the runs are long and the
    /// bitsets span many words.
    #[test]
    fn winning_move_keeps_the_win_in_large_games() {
        let styles = [Style::Random, Style::OnePerfect { a: false }, Style::Blunders, Style::OnePerfect { a: true }];
        for (i, n) in [10_000u32, 31_623, 100_000, 12_345].into_iter().enumerate() {
            let (a, b) = checked_game(n, 77 + i as u64, styles[i]);
            assert!(a > 0, "N = {n}: A is winning somewhere ({b} B wins)");
        }
    }
}

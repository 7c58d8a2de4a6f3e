//! The certificate checker: replays a [`Certificate`] by the walk in `docs/problems/order-chaos.md` ("Certificates")
//! and accepts it only when the winner it names wins every line of play, judged after every move by the literal
//! judge of [`super::runs`]. It trusts nothing of whoever wrote the certificate.
//!
//! From the blank board: where the winner is to move and one of its moves (every blank cell, both letters) wins the
//! game at once by the judge, that position is settled and needs no entry; otherwise an entry must match the
//! position (the position seen through one of the 8 symmetries, letters swapped or not, is the entry's position)
//! and its move is played, carried back through the inverse of that view; where the loser is to move, every move
//! (every blank cell, both letters) is played. A position won in one move is settled again at each arrival instead
//! of being stored.
//!
//! **Positions are remembered by class.** The 16 views of a position (the 8 symmetries of the square, each with the
//! letters swapped or not) make its class, and the least of the 16 pairs of masks, `(X, O)` compared as numbers, is
//! the class's canonical form, stored as one exact number (base 3, a digit per cell). A position is stored once the
//! whole walk below it is verified, and a position whose class is stored is not walked again. This is sound because
//! the rules do not tell the views apart: a symmetry maps rows, columns and diagonals onto rows, columns and
//! diagonals, keeping every run and its ends, and the swap keeps runs and turns but only renames the letters; so
//! the judge gives the same verdict on a view of a position as on the position, after the view of any move, and a
//! view of a position won in one move is won in one move. The winner's move is the class's too: entries are found
//! by the canonical form of their position, with the move kept as the canonical form sees it, so in two positions
//! of one class the winner writes the view of the same move, reaching positions of one class again. By induction
//! on the blank cells, then, every line of play from a view of a verified position is a view of a line verified from
//! it, with the same outcome. Of several entries of one class only the first in the certificate is played; the
//! others are never needed, since any view of a position matches the same way.
//!
//! The walk plays only in positions where the game is not over, so it judges each move with
//! [`runs::winner_after`], which reads the runs through the written cell: the same verdict as the whole board's there,
//! for the reason its doc gives, and the tests compare the two.

use std::fmt;

use games::order_chaos::certificate::Certificate;
use games::order_chaos::variant::{Placed, Position, Rules, Variant};
use games::order_chaos::{Letter, Side, Symmetry};
use rustc_hash::{FxHashMap, FxHashSet};

use super::runs;

/// What an accepted certificate showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Classes of positions the walk verified and stored (see the module doc), the game not over in any of them:
    /// those with the loser to move, and those with the winner to move and no win in one move, where an entry's move
    /// was played. Positions won in one move are not among them: they are counted in `won_at_once`.
    pub positions: usize,
    /// Arrivals at a position with the winner to move where some move of the winner wins the game at once, by the
    /// judge: the walk ends there, with no entry. Such positions are not stored, since there is one for nearly
    /// every reply of the loser that fails to stop a win; so a position reached by two lines of play counts twice.
    pub won_at_once: usize,
    /// Entries whose move was played somewhere in the walk. An entry that matches only positions won in one move is
    /// never played, nor one whose class has an entry earlier in the certificate.
    pub entries_used: usize,
    /// Entries no line of play used: allowed, and counted so a bloated certificate shows.
    pub entries_unused: usize,
}

/// Why a certificate was rejected: what failed, the position where it failed (as [`Position`]'s `Display` writes
/// it), and the moves from the blank board that lead there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub position: String,
    pub moves: Vec<Placed>,
    /// Who made the first of `moves`: ORDER from the blank board, either from the start of [`check_from`].
    pub first_mover: Side,
    pub reason: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.reason, self.position)?;
        if self.moves.is_empty() {
            return Ok(());
        }
        f.write_str(", reached by")?;
        for (i, placed) in self.moves.iter().enumerate() {
            let side = if i % 2 == 0 { self.first_mover } else { self.first_mover.other() };
            write!(f, "{} {side} {placed}", if i == 0 { "" } else { "," })?;
        }
        Ok(())
    }
}

impl std::error::Error for Rejection {}

/// How often [`check_with_progress`] reports: once every this many positions stored or wins in one found.
pub const PROGRESS_EVERY: usize = 1 << 20;

/// Check a certificate: `Ok` with what the walk saw when the winner it names wins every line of play by its entries,
/// `Err` naming the first line of play where it does not.
pub fn check(certificate: &Certificate) -> Result<Checked, Rejection> {
    check_with_progress_every(certificate, 0, &mut |_| {})
}

/// [`check`], calling `progress` with the counts so far every [`PROGRESS_EVERY`] positions stored or wins in one
/// found, so that a check of hours can show how far it has got.
pub fn check_with_progress(
    certificate: &Certificate,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    check_with_progress_every(certificate, PROGRESS_EVERY, progress)
}

/// [`check`], calling `progress` with the counts so far each time `positions + won_at_once` reaches a multiple of
/// `every` (never when `every` is 0). In those counts `entries_unused` is the entries not used yet.
pub fn check_with_progress_every(
    certificate: &Certificate,
    every: usize,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    let mut entries = Entries::from_certificate(certificate)?;
    check_entries(&mut entries, Position::empty(certificate.variant.side()), every, progress)
}

/// Check a certificate for the game from `start` instead of the blank board: the same walk, and the moves of a
/// [`Rejection`] count from `start`. This is what checks a proof of one subtree, and it lets the tests check CHAOS's
/// certificates, as CHAOS wins no variant small enough for the plain minimax from the blank board.
pub fn check_from(certificate: &Certificate, start: Position) -> Result<Checked, Rejection> {
    let mut entries = Entries::from_certificate(certificate)?;
    check_entries(&mut entries, start, 0, &mut |_| {})
}

/// The walk from `start` over entries read one by one (by [`Entries::insert`], as a certificate read from a file
/// arrives), calling `progress` as [`check_with_progress_every`] does. The entries keep no trace of an earlier walk.
pub fn check_entries(
    entries: &mut Entries,
    start: Position,
    every: usize,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    entries.forget_walks();
    let (variant, winner) = (entries.variant, entries.winner);
    let losers = KeySet::new(variant);
    let first_mover = start.to_move();
    let mut walk =
        Walk { entries, losers, verified: 0, won_at_once: 0, used: 0, moves: Vec::new(), first_mover, every, progress };
    if start.side() != variant.side() {
        let reason = format!("the start has side {}, the certificate {}", start.side(), variant.side());
        return Err(walk.reject(start, reason));
    }
    match runs::winner(variant, start) {
        None => walk.play_on(start)?,
        Some(won) if won == winner => {}
        Some(won) => return Err(walk.reject(start, format!("the game is over at the start, and {won} has won"))),
    }
    Ok(walk.counts())
}

/// The symmetry that undoes `symmetry`: the one that carries every cell's image back to the cell. A transpose
/// followed by a flip is a quarter turn, whose inverse is the other quarter turn, so it is searched for rather than
/// assumed to be `symmetry` itself.
fn inverse(symmetry: Symmetry, side: u8) -> Symmetry {
    let side = usize::from(side);
    let undoes = |candidate: Symmetry| {
        (0..side).all(|row| {
            (0..side).all(|col| {
                let (r, c) = symmetry.apply_on(side, row, col);
                candidate.apply_on(side, r, c) == (row, col)
            })
        })
    };
    Symmetry::ALL.into_iter().find(|&candidate| undoes(candidate)).expect("the symmetries of the square are a group")
}

/// One of the 16 views: `Symmetry::ALL[symmetry]`, then the letters swapped or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct View {
    symmetry: usize,
    swapped: bool,
}

impl View {
    fn index(self) -> u16 {
        (self.symmetry as u16) << 1 | u16::from(self.swapped)
    }

    fn from_index(index: u16) -> View {
        View { symmetry: usize::from(index >> 1) & 7, swapped: index & 1 != 0 }
    }
}

/// The 16 views of the positions of one side, as tables: a position's image is a few lookups per mask instead of a
/// walk over its cells, as the walk takes the canonical form of millions of positions. The tests hold every table
/// against [`Position::transform`] and [`Position::swap_letters`].
struct Views {
    side: u8,
    /// Bytes of a mask that hold cells.
    chunks: usize,
    /// `masks[s][k][b]`: the image under `Symmetry::ALL[s]` of the cells `8k..8k + 8` set in `b`.
    masks: Box<[[[u64; 256]; 8]; 8]>,
    /// `cells[s][i]`: the image of cell `i` (`row * side + col`) under `Symmetry::ALL[s]`.
    cells: [[u8; 64]; 8],
    /// `inverse[s]`: the index of the symmetry that undoes `Symmetry::ALL[s]`.
    inverse: [usize; 8],
    /// `rows[x | o << side]`: a row whose cells `c` hold X where bit `c` of `x` is set and O where that of `o` is,
    /// as the number of base 3 whose digit `c` is 0, 1 or 2 for blank, X or O.
    rows: Vec<u16>,
    /// `3^(side * r)` for each row `r`: the weight of row `r` in the canonical form's number.
    weights: Vec<u128>,
}

impl Views {
    fn new(side: u8) -> Views {
        let n = usize::from(side);
        let cells_count = n * n;
        let mut cells = [[0u8; 64]; 8];
        let mut masks = Box::new([[[0u64; 256]; 8]; 8]);
        for (s, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            for (i, image) in cells[s].iter_mut().enumerate().take(cells_count) {
                let (row, col) = symmetry.apply_on(n, i / n, i % n);
                *image = (row * n + col) as u8;
            }
            for (k, table) in masks[s].iter_mut().enumerate() {
                for (byte, image) in table.iter_mut().enumerate() {
                    *image = (0..8)
                        .map(|bit| k * 8 + bit)
                        .filter(|&i| i < cells_count && byte >> (i - k * 8) & 1 == 1)
                        .fold(0, |mask, i| mask | 1 << cells[s][i]);
                }
            }
        }
        let inverse = Symmetry::ALL.map(|symmetry| {
            let back = inverse(symmetry, side);
            Symmetry::ALL.iter().position(|&candidate| candidate == back).expect("one of the eight")
        });
        let rows = (0..1usize << (2 * n))
            .map(|pair| {
                (0..n).rev().fold(0u16, |value, c| {
                    let digit = if pair >> c & 1 == 1 {
                        1
                    } else if pair >> (n + c) & 1 == 1 {
                        2
                    } else {
                        0
                    };
                    value * 3 + digit
                })
            })
            .collect();
        let weights = (0..n).map(|r| 3u128.pow((n * r) as u32)).collect();
        Views { side, chunks: cells_count.div_ceil(8), masks, cells, inverse, rows, weights }
    }

    fn image(&self, symmetry: usize, mask: u64) -> u64 {
        let table = &self.masks[symmetry];
        (0..self.chunks).fold(0, |image, k| image | table[k][(mask >> (8 * k)) as u8 as usize])
    }

    /// The masks of `position` seen through `view`.
    fn seen(&self, (x, o): (u64, u64), view: View) -> (u64, u64) {
        let (x, o) = (self.image(view.symmetry, x), self.image(view.symmetry, o));
        if view.swapped { (o, x) } else { (x, o) }
    }

    fn undo(&self, view: View) -> View {
        View { symmetry: self.inverse[view.symmetry], swapped: view.swapped }
    }

    /// A move seen through `view`.
    fn seen_move(&self, placed: Placed, view: View) -> Placed {
        let n = self.side;
        let cell = self.cells[view.symmetry][usize::from(placed.row * n + placed.col)];
        let letter = if view.swapped { placed.letter.other() } else { placed.letter };
        Placed { row: cell / n, col: cell % n, letter }
    }

    /// The class's canonical form as a number, and a view that carries `position` to it.
    fn canonical(&self, position: Position) -> (u128, View) {
        let (x, o) = position.masks();
        let mut least = (x, o, View { symmetry: 0, swapped: false });
        if (o, x) < (x, o) {
            least = (o, x, View { symmetry: 0, swapped: true });
        }
        for symmetry in 1..8 {
            let (sx, so) = (self.image(symmetry, x), self.image(symmetry, o));
            if (sx, so) < (least.0, least.1) {
                least = (sx, so, View { symmetry, swapped: false });
            }
            if (so, sx) < (least.0, least.1) {
                least = (so, sx, View { symmetry, swapped: true });
            }
        }
        (self.encode(least.0, least.1), least.2)
    }

    /// Masks as one number of base 3, a digit per cell: exact, and below 2^64 up to 40 cells.
    fn encode(&self, x: u64, o: u64) -> u128 {
        let n = usize::from(self.side);
        let row = (1u64 << n) - 1;
        (0..n).fold(0u128, |number, r| {
            let pair = (x >> (r * n) & row) | (o >> (r * n) & row) << n;
            number + u128::from(self.rows[pair as usize]) * self.weights[r]
        })
    }

    fn decode(&self, mut number: u128) -> (u64, u64) {
        let (mut x, mut o) = (0, 0);
        for i in 0..usize::from(self.side) * usize::from(self.side) {
            match number % 3 {
                1 => x |= 1 << i,
                2 => o |= 1 << i,
                _ => {}
            }
            number /= 3;
        }
        (x, o)
    }

    fn position(&self, (x, o): (u64, u64)) -> Position {
        Position::from_masks(self.side, x, o).expect("masks of one board, apart")
    }
}

/// Canonical forms below 2^64 (boards of up to 40 cells, 6×6 among them) are stored as `u64`, the others as `u128`.
fn small(variant: Variant) -> bool {
    variant.cells() <= 40
}

/// A canonical form of a board of [`small`] size, which fits: one that does not is a broken invariant, not a key
/// to cut short and confuse with another.
fn narrow(key: u128) -> u64 {
    u64::try_from(key).expect("a canonical form below 2^64, on a board of at most 40 cells")
}

/// The classes of positions with the loser to move that the walk has verified.
enum KeySet {
    Small(FxHashSet<u64>),
    Large(FxHashSet<u128>),
}

impl KeySet {
    fn new(variant: Variant) -> KeySet {
        if small(variant) { KeySet::Small(FxHashSet::default()) } else { KeySet::Large(FxHashSet::default()) }
    }

    fn contains(&self, key: u128) -> bool {
        match self {
            KeySet::Small(set) => set.contains(&narrow(key)),
            KeySet::Large(set) => set.contains(&key),
        }
    }

    fn insert(&mut self, key: u128) {
        match self {
            KeySet::Small(set) => set.insert(narrow(key)),
            KeySet::Large(set) => set.insert(key),
        };
    }
}

enum KeyMap {
    Small(FxHashMap<u64, u16>),
    Large(FxHashMap<u128, u16>),
}

impl KeyMap {
    fn get_mut(&mut self, key: u128) -> Option<&mut u16> {
        match self {
            KeyMap::Small(map) => map.get_mut(&narrow(key)),
            KeyMap::Large(map) => map.get_mut(&key),
        }
    }

    fn get(&self, key: u128) -> Option<u16> {
        match self {
            KeyMap::Small(map) => map.get(&narrow(key)).copied(),
            KeyMap::Large(map) => map.get(&key).copied(),
        }
    }

    fn insert(&mut self, key: u128, slot: u16) {
        match self {
            KeyMap::Small(map) => map.insert(narrow(key), slot),
            KeyMap::Large(map) => map.insert(key, slot),
        };
    }

    fn slots(&mut self) -> Box<dyn Iterator<Item = &mut u16> + '_> {
        match self {
            KeyMap::Small(map) => Box::new(map.values_mut()),
            KeyMap::Large(map) => Box::new(map.values_mut()),
        }
    }
}

/// An entry as stored: the move as the class's canonical form sees it (its cell in bits 0 to 5, O in bit 6), the
/// view that carried the entry's position to the canonical form (bits 7 to 10), and the walk's mark.
const CELL: u16 = 0x3f;
const LETTER_O: u16 = 1 << 6;
const VIEW_SHIFT: u32 = 7;
/// The class was verified with the winner to move: the entry's move was played and the walk below it held.
const VERIFIED: u16 = 1 << 11;

/// A certificate's entries, indexed by the canonical form of their positions: a number and two bytes for each class
/// (some 20 bytes with the table's overhead on 6×6, against the 80 of an entry's text), so a certificate of
/// millions of entries is checked in memory for the entries and the classes walked, not the file. Built entry by
/// entry, as a file is read.
pub struct Entries {
    variant: Variant,
    winner: Side,
    views: Views,
    windows: Windows,
    map: KeyMap,
    /// The positions of entries whose class had an entry already: kept only to find a position given two entries,
    /// and empty for a certificate that has one entry per class.
    others: FxHashSet<Position>,
    count: usize,
}

impl Entries {
    pub fn new(variant: Variant, winner: Side) -> Entries {
        let map =
            if small(variant) { KeyMap::Small(FxHashMap::default()) } else { KeyMap::Large(FxHashMap::default()) };
        let (views, windows) = (Views::new(variant.side()), Windows::new(variant));
        Entries { variant, winner, views, windows, map, others: FxHashSet::default(), count: 0 }
    }

    /// The entries of a certificate built in code, checked as [`Entries::insert`] checks each; a fault is a
    /// [`Rejection`] naming the entry, so that a wrong certificate is rejected rather than make the walk panic.
    pub fn from_certificate(certificate: &Certificate) -> Result<Entries, Rejection> {
        let mut entries = Entries::new(certificate.variant, certificate.winner);
        for (k, &(position, placed)) in certificate.entries.iter().enumerate() {
            entries.insert(position, placed).map_err(|fault| Rejection {
                position: position.to_string(),
                moves: Vec::new(),
                first_mover: Side::Order,
                reason: format!("entry {}: {fault}", k + 1),
            })?;
        }
        Ok(entries)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn winner(&self) -> Side {
        self.winner
    }

    /// Entries inserted, those of a class with an entry already included.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Add an entry, after the checks a parsed certificate has passed already (a certificate built in code has
    /// not): on the certificate's board, the winner to move, the move onto a blank cell, and no other entry for the
    /// same position. The fault, if any, is said without the entry's number, which the caller knows.
    pub fn insert(&mut self, position: Position, placed: Placed) -> Result<(), String> {
        let side = self.variant.side();
        if position.side() != side {
            return Err(format!("the position has side {}, the certificate {side}", position.side()));
        }
        if position.to_move() != self.winner {
            return Err(format!("{} is to move, not the winner {}", position.to_move(), self.winner));
        }
        if placed.row >= side || placed.col >= side || position.get(placed.row, placed.col).is_some() {
            return Err(format!("its move {placed} is not into a blank cell"));
        }
        let (key, view) = self.views.canonical(position);
        let already = "the position has an entry already".to_string();
        match self.map.get(key) {
            None => {
                let seen = self.views.seen_move(placed, view);
                let cell = u16::from(seen.row * side + seen.col);
                let letter = if seen.letter == Letter::O { LETTER_O } else { 0 };
                self.map.insert(key, cell | letter | view.index() << VIEW_SHIFT);
            }
            Some(slot) if self.entry(key, slot).0 == position => return Err(already),
            Some(_) if !self.others.insert(position) => return Err(already),
            Some(_) => {}
        }
        self.count += 1;
        Ok(())
    }

    /// The stored move for the class of canonical form `key`, carried into the position that `view` carries there.
    fn carried(&self, slot: u16, view: View) -> Placed {
        let side = self.variant.side();
        let cell = (slot & CELL) as u8;
        let letter = if slot & LETTER_O != 0 { Letter::O } else { Letter::X };
        self.views.seen_move(Placed { row: cell / side, col: cell % side, letter }, self.views.undo(view))
    }

    /// The entry stored for a class, as the certificate wrote it: its position and move.
    fn entry(&self, key: u128, slot: u16) -> (Position, Placed) {
        let view = View::from_index(slot >> VIEW_SHIFT & 0xf);
        let position = self.views.position(self.views.seen(self.views.decode(key), self.views.undo(view)));
        (position, self.carried(slot, view))
    }

    /// The move the entries give in `position`: the move of the first entry of its class, seen as `position` sees
    /// it; `None` when no entry matches. What the walk plays, so that a player of a certificate plays what was
    /// checked.
    pub fn matching_move(&self, position: Position) -> Option<Placed> {
        if position.side() != self.variant.side() {
            return None;
        }
        let (key, view) = self.views.canonical(position);
        self.map.get(key).map(|slot| self.carried(slot, view))
    }

    /// Clears the marks of an earlier walk.
    fn forget_walks(&mut self) {
        for slot in self.map.slots() {
            *slot &= !VERIFIED;
        }
    }
}

/// A move of `winner`, to move in `position`, that wins the game at once by the judge: the first in [`Position::moves`]
/// order. This is the walk's reading of a win in one, so a player of a certificate can play what the walk checked.
pub fn win_in_one(variant: Variant, winner: Side, position: Position) -> Option<Placed> {
    if runs::winner(variant, position).is_some() {
        // A game over already, which the walk never asks about: every move judged on the whole board, as
        // `runs::winner_after` wants a game that goes on.
        return position.moves().find(|&placed| runs::winner(variant, position.play(placed)) == Some(winner));
    }
    win_in_one_in_play(&Windows::new(variant), winner, position)
}

/// [`win_in_one`] where the game is not over in `position`, each move judged by [`runs::winner_after`]. Under the
/// moment rules ORDER's moves are first narrowed to [`Windows::completing`]'s; every other search tries every move.
fn win_in_one_in_play(windows: &Windows, winner: Side, position: Position) -> Option<Placed> {
    let variant = windows.variant;
    let judged = |placed: &Placed| runs::winner_after(variant, position, *placed) == Some(winner);
    if winner == Side::Order && variant.rules != Rules::FullBoard {
        // In the order of `Position::moves`: cell by cell, X before O.
        let [x, o] = windows.completing(position);
        // A plain count over the cells, rather than popping the lowest bit, so no slip can make it endless.
        let side = u32::from(variant.side());
        for cell in 0..side * side {
            let (row, col) = ((cell / side) as u8, (cell % side) as u8);
            for (mask, letter) in [(x, Letter::X), (o, Letter::O)] {
                let placed = Placed { row, col, letter };
                if mask >> cell & 1 == 1 && judged(&placed) {
                    return Some(placed);
                }
            }
        }
        return None;
    }
    position.moves().find(judged)
}

/// Every `run` cells in a row along a line of the board (a row, a column, a diagonal), as masks of
/// [`Position::masks`]' bits. Under the moment rules a move of ORDER wins only by making a run of `run` or more
/// through the written cell, and such a run holds one of these windows with the written cell in it: before the move
/// the window held `run − 1` of the letter and the blank cell. So the moves that complete a window are all the
/// candidates for a win in one; each is still judged by [`runs::winner_after`], which also tells a run of `run + 1`
/// from one of `run` under `moment-exact`. The walk tries them instead of every move, which is most of its time.
struct Windows {
    variant: Variant,
    masks: Vec<u64>,
}

impl Windows {
    fn new(variant: Variant) -> Windows {
        let (side, run) = (i32::from(variant.side()), i32::from(variant.run()));
        let on_board = |r: i32, c: i32| (0..side).contains(&r) && (0..side).contains(&c);
        let mut masks = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for row in 0..side {
                for col in 0..side {
                    let cells: Vec<(i32, i32)> = (0..run).map(|k| (row + dr * k, col + dc * k)).collect();
                    if cells.iter().all(|&(r, c)| on_board(r, c)) {
                        masks.push(cells.iter().fold(0, |mask, &(r, c)| mask | 1 << (r * side + c)));
                    }
                }
            }
        }
        Windows { variant, masks }
    }

    /// The blank cells where writing X, and where writing O, fills some window with that letter.
    fn completing(&self, position: Position) -> [u64; 2] {
        let (x, o) = position.masks();
        let short = u32::from(self.variant.run()) - 1;
        let mut found = [0, 0];
        for &window in &self.masks {
            for (k, (mine, theirs)) in [(x, o), (o, x)].into_iter().enumerate() {
                if window & theirs == 0 && (window & mine).count_ones() == short {
                    found[k] |= window & !mine;
                }
            }
        }
        found
    }
}

struct Walk<'a> {
    entries: &'a mut Entries,
    /// Classes of positions with the loser to move from which every line of play has been checked. Those with the
    /// winner to move are marked [`VERIFIED`] in their entry.
    losers: KeySet,
    /// Classes stored: those in `losers` and those marked in the entries.
    verified: usize,
    /// Arrivals at positions the winner wins in one move.
    won_at_once: usize,
    /// Entries whose move was played: one for each class marked [`VERIFIED`], as a class is walked once.
    used: usize,
    /// The moves from the start to the position being walked.
    moves: Vec<Placed>,
    first_mover: Side,
    /// Told the counts every `every` positions stored or wins in one found; never when `every` is 0.
    every: usize,
    progress: &'a mut dyn FnMut(&Checked),
}

impl Walk<'_> {
    fn reject(&self, position: Position, reason: String) -> Rejection {
        Rejection { position: position.to_string(), moves: self.moves.clone(), first_mover: self.first_mover, reason }
    }

    /// What the walk has seen so far.
    fn counts(&self) -> Checked {
        Checked {
            positions: self.verified,
            won_at_once: self.won_at_once,
            entries_used: self.used,
            entries_unused: self.entries.count - self.used,
        }
    }

    /// After a position stored or a win in one found, which adds one to `positions + won_at_once`: tell `progress`
    /// when the sum reaches a multiple of `every`.
    fn one_more(&mut self) {
        if (self.verified + self.won_at_once).is_multiple_of(self.every) {
            let counts = self.counts();
            (self.progress)(&counts);
        }
    }

    /// Walk every line of play from `position`, where the game is not over, unless its class is verified.
    fn play_on(&mut self, position: Position) -> Result<(), Rejection> {
        let winner = self.entries.winner;
        if position.to_move() == winner {
            // Tried before the class is looked up: a position won in one move is never stored, and most positions
            // the walk reaches with the winner to move are.
            if self.wins_in_one(position) {
                self.won_at_once += 1;
                self.one_more();
                return Ok(());
            }
            let (key, view) = self.entries.views.canonical(position);
            let Some(slot) = self.entries.map.get(key) else {
                return Err(self.reject(
                    position,
                    format!("{winner} is to move and no entry matches the position under any symmetry or letter swap"),
                ));
            };
            if slot & VERIFIED != 0 {
                return Ok(());
            }
            let placed = self.entries.carried(slot, view);
            if let Some(held) = position.get(placed.row, placed.col) {
                // Not reachable through `Entries::insert`, which checks that every move is onto a blank cell, and a
                // view maps blank cells onto blank cells; said rather than assumed.
                let (seen, entry) = self.entries.entry(key, slot);
                return Err(self.reject(
                    position,
                    format!(
                        "the entry for {seen} moves {entry}, which carried back is {placed}, onto a cell that holds                          {held}"
                    ),
                ));
            }
            self.after(position, placed)?;
            // Not verified before (it would have returned), and the walk below reaches only positions with more
            // letters, so this adds one class and one entry used.
            *self.entries.map.get_mut(key).expect("looked up above") |= VERIFIED;
            self.used += 1;
        } else {
            let (key, _) = self.entries.views.canonical(position);
            if self.losers.contains(key) {
                return Ok(());
            }
            for placed in position.moves() {
                self.after(position, placed)?;
            }
            self.losers.insert(key);
        }
        self.verified += 1;
        self.one_more();
        Ok(())
    }

    /// Play `placed` in `position`, judge the result, and walk on if the game goes on.
    fn after(&mut self, position: Position, placed: Placed) -> Result<(), Rejection> {
        let mover = position.to_move();
        let next = position.play(placed);
        let (variant, winner) = (self.entries.variant, self.entries.winner);
        self.moves.push(placed);
        // The game is not over in `position` (`play_on` walks no other), as `winner_after` wants.
        let verdict = runs::winner_after(variant, position, placed);
        let walked = match (verdict, winner) {
            (None, _) => self.play_on(next),
            (Some(won), claimed) if won == claimed => Ok(()),
            (Some(Side::Order), _) => Err(self.reject(
                next,
                format!("ORDER has won ({mover} wrote {placed}), but the certificate claims CHAOS wins"),
            )),
            (Some(Side::Chaos), _) => Err(self.reject(
                next,
                "the board is full without ORDER's win, but the certificate claims ORDER wins".to_string(),
            )),
        };
        self.moves.pop();
        walked
    }

    /// Whether some move of the winner in `position` wins the game at once. Every move is tried with the judge, so
    /// that a move which completes a run only looks like a win (a run of k + 1 under `moment-exact`, a fill that
    /// makes ORDER's run when CHAOS is the winner) is not taken for one.
    fn wins_in_one(&self, position: Position) -> bool {
        win_in_one_in_play(&self.entries.windows, self.entries.winner, position).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::order_chaos::Letter;

    /// A quarter turn is a transpose then a flip; its inverse is not itself, and the search finds the one that is.
    #[test]
    fn inverses_carry_every_cell_back() {
        for side in 2..=8u8 {
            for symmetry in Symmetry::ALL {
                let back = inverse(symmetry, side);
                let placed = Placed { row: 0, col: 1, letter: Letter::X };
                assert_eq!(placed.transform(side, symmetry).transform(side, back), placed);
            }
        }
        let quarter = Symmetry { transpose: true, flip_rows: true, flip_cols: false };
        assert_ne!(inverse(quarter, 4), quarter);
    }

    /// The view tables against [`Position::transform`] and [`Position::swap_letters`], on positions of every side
    /// from random play (a fixed xorshift); the canonical form the same number for all 16 views of a position, that
    /// number read back to a view of it, and the view it names carrying the position there.
    #[test]
    fn views_are_the_positions_transforms_and_the_canonical_form_is_the_classs() {
        let mut random = crate::order_chaos::xorshift(0x9e37_79b9_7f4a_7c15);
        for side in 2..=8u8 {
            let views = Views::new(side);
            let mut keys = std::collections::HashMap::new();
            for _ in 0..200 {
                let mut position = Position::empty(side);
                for _ in 0..random(u64::from(side) * u64::from(side) + 1) {
                    let moves: Vec<Placed> = position.moves().collect();
                    position = position.play(moves[random(moves.len() as u64) as usize]);
                }
                let (key, view) = views.canonical(position);
                assert_eq!(views.seen(position.masks(), view), views.decode(key), "{position}");
                for index in 0..16 {
                    let view = View::from_index(index);
                    let literal = position.transform(Symmetry::ALL[view.symmetry]);
                    let literal = if view.swapped { literal.swap_letters() } else { literal };
                    assert_eq!(views.position(views.seen(position.masks(), view)), literal, "{position}");
                    assert_eq!(views.canonical(literal).0, key, "{position} seen through {view:?}");
                    let back = views.seen(literal.masks(), views.undo(view));
                    assert_eq!(back, position.masks(), "{view:?}");
                    for placed in position.moves().take(4) {
                        let seen = views.seen_move(placed, view);
                        assert_eq!(literal.play(seen), views.position(views.seen(position.play(placed).masks(), view)));
                    }
                }
                // One number per class: a position of another class never has this one.
                let least =
                    (0..16).map(|index| views.seen(position.masks(), View::from_index(index))).min().expect("16 views");
                assert_eq!(*keys.entry(key).or_insert(least), least, "{position}");
                assert!(side > 6 || key < 1 << 64, "{position}: {key}");
            }
        }
    }

    /// Entries are indexed by class, yet two entries for one position are still found, whether or not the class has
    /// other entries; an entry of a class with one already is allowed, and is never played.
    #[test]
    fn two_entries_for_one_position_are_found_by_class() {
        let mut entries = Entries::new(Variant::new(2, 2, Rules::FullBoard).unwrap(), Side::Order);
        let placed = |row, col| Placed { row, col, letter: Letter::X };
        assert_eq!(entries.insert(position("XX/.."), placed(1, 0)), Ok(()));
        assert_eq!(entries.insert(position("XX/.."), placed(1, 1)), Err("the position has an entry already".into()));
        // The transpose, and then the letters swapped: the same class, other positions.
        assert_eq!(entries.insert(position("X./X."), placed(0, 1)), Ok(()));
        assert_eq!(entries.insert(position("OO/.."), placed(1, 0)), Ok(()));
        assert_eq!(entries.insert(position("X./X."), placed(1, 1)), Err("the position has an entry already".into()));
        assert_eq!(entries.len(), 3);
        // Every position of the class is answered through the first entry: X below the left X of XX/...
        assert_eq!(entries.matching_move(position("X./X.")), Some(placed(0, 1)));
        assert_eq!(entries.matching_move(position(".O/.O")), Some(Placed { row: 0, col: 0, letter: Letter::O }));
        assert_eq!(entries.matching_move(position("XO/..")), None);
    }

    /// An entry is refused when its move lies off the board in either coordinate, which a certificate built in code
    /// may hold (a parsed one cannot); how many entries there are follows what was taken.
    #[test]
    fn entries_refuse_a_move_off_the_board_and_count_what_they_take() {
        let mut entries = Entries::new(Variant::new(3, 3, Rules::FullBoard).unwrap(), Side::Order);
        assert!(entries.is_empty());
        let blank = Position::empty(3);
        for (row, col) in [(3, 0), (0, 3), (3, 3)] {
            let fault = entries.insert(blank, Placed { row, col, letter: Letter::X }).unwrap_err();
            assert!(fault.contains("is not into a blank cell"), "({row}, {col}): {fault}");
        }
        assert_eq!((entries.is_empty(), entries.len()), (true, 0));
        assert_eq!(entries.insert(blank, Placed { row: 1, col: 1, letter: Letter::X }), Ok(()));
        assert_eq!((entries.is_empty(), entries.len()), (false, 1));
    }

    /// Past 40 cells a canonical form needs more than 64 bits, and the walk keeps it whole: on 7×7 with one blank
    /// cell and ORDER to move, no letter there makes a line of seven, so CHAOS wins with no entry, from a position
    /// the walk stores under a key of more than 64 bits (a key cut to 64 bits would name another class).
    #[test]
    fn a_board_of_more_than_40_cells_is_walked_with_its_whole_key() {
        let start = position("XXOXOOX/XXXOXOO/XOXOOOO/OOOOOXO/XXXOOXX/OOOXXOX/XXXXOX.");
        assert!(Views::new(7).canonical(start).0 >= 1 << 64);
        let chaos = claim("rules full-board\nside 7\nrun 7", Side::Chaos);
        let walked = Checked { positions: 1, won_at_once: 0, entries_used: 0, entries_unused: 0 };
        assert_eq!(check_from(&chaos, start), Ok(walked));
    }

    /// Runs of two on 2×2 under `moment-any`: ORDER writes X in a corner; CHAOS must write O (an X anywhere makes
    /// two in a line, as every two cells of a 2×2 board share a row, a column or a diagonal); then any letter
    /// anywhere makes two, so ORDER wins in one move and needs no entry there. The two entries after the first are
    /// what a certificate held before that rule: still valid, and unused.
    fn two_by_two() -> Certificate {
        let text = "order-chaos certificate\nrules moment-any\nside 2\nrun 2\nwinner ORDER\nentries 3\n\
                    ../.. 1 1 X\nXO/.. 2 1 X\nX./.O 1 2 X\n";
        Certificate::parse(text).expect("a well-formed certificate")
    }

    /// Runs of two on 2×2 under `full-board`: every full 2×2 board holds a run of two, so ORDER wins whatever anyone
    /// plays; but CHAOS fills the board, so ORDER never wins in one move and needs an entry wherever it is to move.
    /// CHAOS's six replies to X in a corner make four classes: XX/.. with X./X. (the transpose), XO/.. with X./O.,
    /// X./.X and X./.O.
    fn two_by_two_full() -> Certificate {
        let text = "order-chaos certificate\nrules full-board\nside 2\nrun 2\nwinner ORDER\nentries 5\n\
                    ../.. 1 1 X\nXX/.. 2 1 X\nXO/.. 2 1 X\nX./.X 1 2 X\nX./.O 1 2 X\n";
        Certificate::parse(text).expect("a well-formed certificate")
    }

    fn claim(variant: &str, winner: Side) -> Certificate {
        let text = format!("order-chaos certificate\n{variant}\nwinner {winner}\nentries 0\n");
        Certificate::parse(&text).expect("a well-formed certificate")
    }

    fn position(text: &str) -> Position {
        text.parse().expect("a hand-written position")
    }

    #[test]
    fn a_hand_written_certificate_is_accepted_through_its_symmetries() {
        let mut certificate = two_by_two_full();
        // Classes: the blank board, X./.. with CHAOS to move, the four of CHAOS's six replies, and two of ORDER's
        // answers: three X and a blank (XX/X., XX/.X), and two X, an O and a blank beside the O (XO/X., XX/.O).
        // Walked position by position, as the checker once did, they were 13: CHAOS's six replies and ORDER's five
        // answers (X./X. answered through the transpose makes XX/X., as XX/.. does).
        let all_used = Checked { positions: 8, won_at_once: 0, entries_used: 5, entries_unused: 0 };
        assert_eq!(check(&certificate), Ok(all_used));
        // The diagonal entry written through a flip of the rows and the letter swap: X./.O becomes .O/X. and then
        // .X/O., and its move X in (1, 2) becomes (2, 2) and then O.
        certificate.entries[4] = (position(".X/O."), Placed { row: 1, col: 1, letter: Letter::O });
        assert_eq!(check(&certificate), Ok(all_used));
    }

    /// Entries walked once are walked again from scratch: a second check of the same entries sees what the first
    /// saw, not classes the first walk marked verified (which would end it at the blank board).
    #[test]
    fn entries_checked_twice_are_walked_twice_alike() {
        let certificate = two_by_two_full();
        let mut entries = Entries::from_certificate(&certificate).unwrap();
        let blank = Position::empty(2);
        let first = check_entries(&mut entries, blank, 0, &mut |_| {});
        assert_eq!(first, check(&certificate));
        assert_eq!(check_entries(&mut entries, blank, 0, &mut |_| {}), first);
    }

    #[test]
    fn a_missing_entry_is_named_with_the_moves_that_reach_it() {
        let mut certificate = two_by_two_full();
        certificate.entries.pop();
        let rejection = check(&certificate).unwrap_err();
        assert_eq!(
            rejection.to_string(),
            "ORDER is to move and no entry matches the position under any symmetry or letter swap in X./.O, reached \
             by ORDER 1 1 X, CHAOS 2 2 O"
        );
    }

    #[test]
    fn a_win_in_one_needs_no_entry() {
        // The blank board and X./..; then CHAOS's three O's each leave ORDER a win in one.
        let mut certificate = two_by_two();
        let walked = Checked { positions: 2, won_at_once: 3, entries_used: 1, entries_unused: 2 };
        assert_eq!(check(&certificate), Ok(walked));
        certificate.entries.truncate(1);
        assert_eq!(check(&certificate), Ok(Checked { entries_unused: 0, ..walked }));
        // From a position ORDER wins in one move, nothing at all.
        let order = claim("rules moment-any\nside 2\nrun 2", Side::Order);
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        assert_eq!(check_from(&order, position("XO/..")), Ok(settled));
    }

    /// A move that completes a line is a win in one only when the judge says so. On 4×4 with runs of three, in
    /// XX.X/OO.O/..../.... X in (1, 3) makes four X and O in (2, 3) four O: runs under `moment-any`, not exact runs
    /// under `moment-exact`, where ORDER has no other move that makes one.
    #[test]
    fn a_run_of_k_plus_one_is_no_win_in_one_under_moment_exact() {
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        let four = position("XX.X/OO.O/..../....");
        assert_eq!(check_from(&claim("rules moment-any\nside 4\nrun 3", Side::Order), four), Ok(settled));
        let exact = claim("rules moment-exact\nside 4\nrun 3", Side::Order);
        assert_eq!(
            check_from(&exact, four).unwrap_err().to_string(),
            "ORDER is to move and no entry matches the position under any symmetry or letter swap in \
             XX.X/OO.O/..../...."
        );
        // Without the last X and O, the same move makes an exact run of three.
        assert_eq!(check_from(&exact, position("XX../OO../..../....")), Ok(settled));
    }

    /// CHAOS wins in one move by filling the board without ORDER's win. In X.XX/XOOX/OXXO/XOOX, O in (1, 2) makes
    /// three O on a diagonal, and X makes four X on row 1: a win for ORDER under `moment-any`, so there CHAOS has
    /// no win in one; under `moment-exact` the four X are no run of three, and the X fills the board for CHAOS.
    #[test]
    fn chaos_wins_in_one_by_a_fill_that_makes_no_run_for_order() {
        let last = position("X.XX/XOOX/OXXO/XOOX");
        let exact = claim("rules moment-exact\nside 4\nrun 3", Side::Chaos);
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        assert_eq!(check_from(&exact, last), Ok(settled));
        let mut any = claim("rules moment-any\nside 4\nrun 3", Side::Chaos);
        assert_eq!(
            check_from(&any, last).unwrap_err().to_string(),
            "CHAOS is to move and no entry matches the position under any symmetry or letter swap in \
             X.XX/XOOX/OXXO/XOOX"
        );
        // An entry there is played and judged: ORDER's run, whoever wrote it.
        any.entries.push((last, Placed { row: 0, col: 1, letter: Letter::X }));
        assert_eq!(
            check_from(&any, last).unwrap_err().to_string(),
            "ORDER has won (CHAOS wrote 1 2 X), but the certificate claims CHAOS wins in XXXX/XOOX/OXXO/XOOX, \
             reached by CHAOS 1 2 X"
        );
    }

    #[test]
    fn a_claim_for_the_wrong_side_is_rejected() {
        let mut certificate = two_by_two();
        certificate.winner = Side::Chaos;
        assert_eq!(check(&certificate).unwrap_err().reason, "entry 1: ORDER is to move, not the winner CHAOS");
        certificate.entries = vec![("X./..".parse().unwrap(), Placed { row: 0, col: 1, letter: Letter::X })];
        let rejection = check(&certificate).unwrap_err();
        assert_eq!(
            rejection.to_string(),
            "ORDER has won (CHAOS wrote 1 2 X), but the certificate claims CHAOS wins in XX/.., reached by ORDER 1 1 \
             X, CHAOS 1 2 X"
        );
    }

    /// The plain reading of a win in one, kept as the oracle of [`win_in_one`]: every move of the winner, the whole
    /// board judged after it.
    fn plain_win_in_one(variant: Variant, winner: Side, position: Position) -> Option<Placed> {
        position.moves().find(|&placed| runs::winner(variant, position.play(placed)) == Some(winner))
    }

    /// On every variant of sides 2 to 8 (every run, all three rules), at every position of games of random play (a
    /// fixed xorshift), the one that ends each game included: the win in one the walk finds, judged through the
    /// written cell, is the plain one's, for both sides as the winner.
    #[test]
    fn a_win_in_one_is_the_plain_one_on_random_positions() {
        let mut random = crate::order_chaos::xorshift(0x2545_f491_4f6c_dd1d);
        let mut found = [0usize; 2];
        for side in 2..=8u8 {
            for run in 2..=side {
                for rules in Rules::ALL {
                    let variant = Variant::new(side, run, rules).expect("a variant in range");
                    for _ in 0..20 {
                        let mut position = Position::empty(side);
                        loop {
                            let open = runs::winner(variant, position).is_none();
                            for (k, winner) in [Side::Order, Side::Chaos].into_iter().enumerate() {
                                let plain = plain_win_in_one(variant, winner, position);
                                assert_eq!(win_in_one(variant, winner, position), plain, "{variant}: {position}");
                                if open {
                                    let in_play = win_in_one_in_play(&Windows::new(variant), winner, position);
                                    assert_eq!(in_play, plain, "{variant}: {position}");
                                }
                                found[k] += usize::from(plain.is_some());
                            }
                            if !open {
                                break;
                            }
                            let moves: Vec<Placed> = position.moves().collect();
                            position = position.play(moves[random(moves.len() as u64) as usize]);
                        }
                    }
                }
            }
        }
        assert!(found.iter().all(|&count| count > 200), "wins in one found for ORDER and CHAOS: {found:?}");
    }
}

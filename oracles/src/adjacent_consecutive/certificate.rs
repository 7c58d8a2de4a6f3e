//! An independent checker of Adjacent and Consecutive verdicts at any N: it replays a played game on its own
//! literal row and checks what the fast solver claims about each state against the one-move recurrence of the rules.
//!
//! Minimax cannot reach past about 15 moves left, so the solver hands over [`Claims`]: for any state reachable by
//! playing and undoing moves, whether the player to move can force a win, and if so one move that keeps the win.
//! A table of verdicts that agrees with the recurrence at every state is right by induction over the moves left
//! (a winning state has a move to a state the opponent loses, a losing state has none). This module checks that
//! recurrence, one move deep, at every state of the played game; the row, the pair test and the end of the game are
//! written here from the rules in `docs/problems/adjacent-consecutive.md` ("Rules") and share nothing with the
//! solver or the minimax oracle.
//!
//! # What is checked, and why each check is the rules
//!
//! State i is the one before move i+1 (0-based i; A is to move when i is even). The checker keeps its own row
//! (which tile is in which cell, and the cell of each tile), so a move's legality is two look-ups and its pair test
//! reads its two neighbouring cells: "A wins if some two neighbouring cells hold numbers that differ by one".
//!
//! 1. **The answer against the claims.** `winning` has N entries, entry i equals the claims' verdict at state i,
//!    and the counts are the definition of a mistake read literally: move i+1 (i < N−1) is a mistake of its mover
//!    when `winning[i]` and `winning[i+1]` both hold (the mover was winning and leaves the opponent winning); the
//!    last move is never one.
//! 2. **Decided states, by the rules alone.** A pair on the board stays to the end, so A has won: the verdict must
//!    be "winning" with A to move and "losing" with B to move. With one empty cell the only move is the last unused
//!    tile into it, and the verdict must be whether that move leaves the row as the mover wants it (a pair for A,
//!    none for B).
//! 3. **A claimed win.** [`Claims::winning_move`] must give a legal move (an unused tile in 1..=N into an empty
//!    cell in 1..=N) after which the mover has won by the rules (a pair on the board, A moving; the last cell
//!    filled with no pair, B moving) or else the claims say the opponent is losing (play, ask, undo). The
//!    recurrence asks for exactly one such move.
//! 4. **A claimed loss.** Every move must leave the opponent winning. With a pair on the board (B to move) the rules
//!    settle that for every move. A move of B that makes a pair hands A the win, by the rules; a move of A that
//!    makes a pair contradicts the loss, by the rules; any other move must leave the opponent winning by the claims.
//!
//! # What is tried in a claimed loss, and what that leaves
//!
//! A state with k empty cells has k² moves (k unused tiles, k cells): 10^10 at the start of a game of N = 10^5.
//! When k² ≤ [`Budget::all_moves`] every move is tried. Otherwise:
//!
//! - the moves of A that make a pair are covered in full, by the rules and without asking the claims: the row keeps
//!   the count of (filled cell, empty neighbour, unused tile one away from the filled cell's tile) triples, updated in
//!   O(1) a move, and A's claimed loss is rejected when it is not zero (B's pair moves lose for B, by the rules);
//! - the move actually played is tried, so every claimed loss is checked against the next state of the game, whose
//!   own verdict is checked in turn;
//! - [`Budget::sampled`] moves are drawn, duplicates dropped: draw j takes its cell from the empty cells beside a
//!   filled cell when j mod 3 = 0, its tile from the unused tiles one away from a used tile when j mod 3 = 1 (the
//!   moves that block or prepare a pair), and both uniformly from the empty cells and the unused tiles otherwise;
//!   where such a cell or tile does not exist the draw is uniform. The generator is SplitMix64 seeded from the
//!   game (N and every move), one stream drawn from state by state, so a check is the same on every run and
//!   machine.
//!
//! So a false "losing" claim at a sampled state passes when every move that refutes it is a move B or A could make
//! without making a pair, is not the played move, and is not drawn. A false "winning" claim never passes: its
//! winning move is always checked. Beyond that, the check is one move deep along the played game: the claims about
//! states off the game (the children the checks above ask about) are trusted, not checked in turn, so a solver wrong
//! on those and consistently wrong on the game's states passes; a wrong verdict at a state of the game that its
//! children's claims contradict is what is caught. The claims are left at the end of the game.
//!
//! # Cost
//!
//! Per state: one `winning`, at most one `winning_move`, and at most three calls (play, winning, undo) per tried
//! move, so O(N · (1 + sampled)) claims calls in all, plus O(1) work of the checker per tried move and per played
//! move (the row, the tile → cell map, the pools of empty cells, unused tiles and their neighbours, and the pair-move
//! count are all updated in place). Seeding reads the game once.

use std::fmt;

use games::adjacent_consecutive::{Answer, Game, Move};

/// What the fast solver claims about states of one game; the harness implements it over the solver.
///
/// A state is the start of the game with moves played on top (tiles and cells 1-based). The checker only plays
/// legal moves and undoes them in reverse order, and asks for verdicts only while a cell is empty.
pub trait Claims {
    /// Play `m` on top of the current state.
    fn play(&mut self, m: Move);
    /// Take back the last move, which was `m`.
    fn undo(&mut self, m: Move);
    /// Whether the player to move can force a win.
    fn winning(&self) -> bool;
    /// When [`Claims::winning`]: a move that keeps the win; may be None otherwise.
    fn winning_move(&self) -> Option<Move>;
}

/// How many moves a claimed loss is checked with: see the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// States with at most this many moves (empty cells × unused tiles) have every move tried.
    pub all_moves: u64,
    /// Otherwise this many moves are drawn, besides the played move and the pair moves the rules settle.
    pub sampled: usize,
}

impl Default for Budget {
    /// Every move up to 16 cells left, where the naive oracles still reach; 32 drawn moves beyond.
    fn default() -> Budget {
        Budget { all_moves: 256, sampled: 32 }
    }
}

/// What an accepted check did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// States checked: N.
    pub states: usize,
    /// States decided by the rules alone: a pair on the board, or one empty cell.
    pub decided: usize,
    /// Claimed losses, not decided by a pair, where every move was tried.
    pub every_move: usize,
    /// Claimed losses where moves were drawn.
    pub sampled: usize,
    /// Moves whose outcome was checked (winning moves and the moves of claimed losses).
    pub moves_tried: u64,
    /// Of those, the ones the rules did not settle, so the claims were asked after them.
    pub claims_asked: u64,
}

/// Check `answer` and `claims` (at the start of `game`) against the rules along `game`; see the module doc.
/// `Err` says what failed, at which state, with which move and what the claims said.
pub fn check(game: &Game, answer: &Answer, claims: &mut dyn Claims, budget: Budget) -> Result<Checked, String> {
    let n = game.n as usize;
    if game.moves.len() != n {
        return Err(format!("the game has {} moves for N = {n}", game.moves.len()));
    }
    if answer.winning.len() != n {
        return Err(format!("the answer has {} verdicts for the N = {n} states of the game", answer.winning.len()));
    }
    let (a, b) = mistakes(&answer.winning);
    if (a, b) != (answer.a_mistakes, answer.b_mistakes) {
        return Err(format!(
            "the answer counts {} mistakes of A and {} of B, but its verdicts make {a} and {b}",
            answer.a_mistakes, answer.b_mistakes
        ));
    }
    // One stream for the whole check, its draws taken in the order of the states.
    let mut random = SplitMix(seed_of(game));
    let mut row = Row::new(game.n);
    let mut checked = Checked::default();
    for (i, &played) in game.moves.iter().enumerate() {
        let at = At { i, left: n - i };
        row.legal(played).map_err(|e| format!("move {} of the game ({}): {e}", i + 1, Show(played)))?;
        let claimed = claims.winning();
        if claimed != answer.winning[i] {
            return Err(format!(
                "{at}: the answer says {}, the claims say {}",
                verdict(answer.winning[i]),
                verdict(claimed)
            ));
        }
        check_state(&row, claims, at, claimed, played, budget, &mut random, &mut checked)?;
        checked.states += 1;
        claims.play(played);
        row.place(played);
    }
    Ok(checked)
}

/// A's and B's mistakes by the definition: move i+1 is one when its mover was winning before it and the opponent is
/// winning after it; there is no state after the last move, so it never is.
fn mistakes(winning: &[bool]) -> (usize, usize) {
    let (mut a, mut b) = (0, 0);
    for i in 0..winning.len().saturating_sub(1) {
        if winning[i] && winning[i + 1] {
            if i.is_multiple_of(2) {
                a += 1;
            } else {
                b += 1;
            }
        }
    }
    (a, b)
}

/// Checks 2 to 4 of the module doc at one state, the claims synced to it and already found equal to the answer.
#[allow(clippy::too_many_arguments)]
fn check_state(
    row: &Row,
    claims: &mut dyn Claims,
    at: At,
    claimed: bool,
    played: Move,
    budget: Budget,
    random: &mut SplitMix,
    checked: &mut Checked,
) -> Result<(), String> {
    let mover_a = at.mover_a();
    if let Some(left) = row.pair {
        checked.decided += 1;
        if claimed != mover_a {
            let (x, y) = (row.tile_in[left as usize], row.tile_in[left as usize + 1]);
            return Err(format!(
                "{at}: cells {left} and {} hold {x} and {y}, so A has won, but the claims say {}",
                left + 1,
                verdict(claimed)
            ));
        }
    } else if at.left == 1 {
        checked.decided += 1;
        let only = Move { tile: row.unused.items[0], cell: row.empty.items[0] };
        let pair = row.pair_beside(only).is_some();
        if claimed != (mover_a == pair) {
            return Err(format!(
                "{at}: the only move, {}, leaves {}, so {} wins, but the claims say {}",
                Show(only),
                if pair { "a pair" } else { "no pair" },
                if pair { "A" } else { "B" },
                verdict(claimed)
            ));
        }
    }
    if claimed {
        let Some(m) = claims.winning_move() else {
            return Err(format!("{at}: the claims say winning but give no winning move"));
        };
        row.legal(m).map_err(|e| format!("{at}: the claimed winning move {}: {e}", Show(m)))?;
        let after = row.after(claims, m, checked);
        if !after.mover_wins(mover_a) {
            return Err(format!("{at}: the claimed winning move {} {}", Show(m), after.describe(at)));
        }
        return Ok(());
    }
    if row.pair.is_some() {
        // B to move (the check above): whatever B plays, the pair stays and A wins, by the rules.
        return Ok(());
    }
    if mover_a && row.openings > 0 {
        let m = row.a_pair_move().expect("a counted opening is a move that makes a pair");
        return Err(format!("{at}: the claims say losing, but {} makes a pair, so A wins", Show(m)));
    }
    let k = at.left as u64;
    let mut try_move = |m: Move| {
        let after = row.after(claims, m, checked);
        if after.mover_wins(mover_a) {
            Err(format!("{at}: the claims say losing, but {} {}", Show(m), after.describe(at)))
        } else {
            Ok(())
        }
    };
    if k * k <= budget.all_moves {
        for &cell in &row.empty.items {
            for &tile in &row.unused.items {
                try_move(Move { tile, cell })?;
            }
        }
        checked.every_move += 1;
    } else {
        for m in row.sample(played, budget.sampled, random) {
            try_move(m)?;
        }
        checked.sampled += 1;
    }
    Ok(())
}

/// A state of the game, for messages: the one before move i+1, with `left` empty cells.
#[derive(Clone, Copy)]
struct At {
    i: usize,
    left: usize,
}

impl At {
    fn mover_a(self) -> bool {
        self.i.is_multiple_of(2)
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = if self.mover_a() { 'A' } else { 'B' };
        write!(f, "state before move {} ({who} to move, {} cells empty)", self.i + 1, self.left)
    }
}

struct Show(Move);

impl fmt::Display for Show {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile {} → cell {}", self.0.tile, self.0.cell)
    }
}

fn verdict(winning: bool) -> &'static str {
    if winning { "winning" } else { "losing" }
}

/// What a tried move leads to: settled by the rules, or what the claims say about the opponent after it.
enum After {
    /// A pair was on the board already: A has won.
    PairOnBoard,
    /// The move puts its tile beside the tile of this cell, one away from it: A has won.
    MakesPair(u32),
    /// The move fills the last cell and no pair is on the row: B has won.
    FullNoPair,
    /// Whether the claims say the opponent, to move after it, is winning.
    Opponent(bool),
}

impl After {
    fn mover_wins(&self, mover_a: bool) -> bool {
        match *self {
            After::PairOnBoard | After::MakesPair(_) => mover_a,
            After::FullNoPair => !mover_a,
            After::Opponent(winning) => !winning,
        }
    }

    fn describe(&self, at: At) -> String {
        let opponent = if at.mover_a() { 'B' } else { 'A' };
        match *self {
            After::PairOnBoard => "is played with a pair on the board: A has won".to_string(),
            After::MakesPair(cell) => format!("makes a pair with cell {cell}: A wins"),
            After::FullNoPair => "fills the last cell with no pair on the row: B wins".to_string(),
            After::Opponent(winning) => format!("leaves {opponent} {} by the claims", verdict(winning)),
        }
    }
}

/// The row as the rules have it, with what the checks need in O(1). Cells and tiles are 1-based; index 0 and N+1
/// of both maps stand for the ends of the row and the numbers beyond 1..=N, never filled or used.
struct Row {
    n: u32,
    /// The tile in each cell, 0 while it is empty.
    tile_in: Vec<u32>,
    /// The cell of each tile, 0 while it is unused.
    cell_of: Vec<u32>,
    empty: Pool,
    unused: Pool,
    /// Empty cells beside a filled one, and unused tiles one away from a used one: where pairs are made or blocked.
    near_cells: Pool,
    near_tiles: Pool,
    /// The left cell of the first pair made, if any: it stays to the end.
    pair: Option<u32>,
    /// (filled cell, empty neighbour, unused tile one away from the filled cell's tile) triples: each names a move
    /// that makes a pair, and every such move is named by at least one.
    openings: u64,
}

impl Row {
    fn new(n: u32) -> Row {
        Row {
            n,
            tile_in: vec![0; n as usize + 2],
            cell_of: vec![0; n as usize + 2],
            empty: Pool::full(n),
            unused: Pool::full(n),
            near_cells: Pool::empty(n),
            near_tiles: Pool::empty(n),
            pair: None,
            openings: 0,
        }
    }

    fn is_empty(&self, cell: u32) -> bool {
        (1..=self.n).contains(&cell) && self.tile_in[cell as usize] == 0
    }

    fn is_unused(&self, tile: u32) -> bool {
        (1..=self.n).contains(&tile) && self.cell_of[tile as usize] == 0
    }

    fn legal(&self, m: Move) -> Result<(), String> {
        let n = self.n;
        if !(1..=n).contains(&m.tile) {
            Err(format!("tile {} is not in 1..={n}", m.tile))
        } else if !(1..=n).contains(&m.cell) {
            Err(format!("cell {} is not in 1..={n}", m.cell))
        } else if !self.is_unused(m.tile) {
            Err(format!("tile {} is already in cell {}", m.tile, self.cell_of[m.tile as usize]))
        } else if !self.is_empty(m.cell) {
            Err(format!("cell {} already holds tile {}", m.cell, self.tile_in[m.cell as usize]))
        } else {
            Ok(())
        }
    }

    /// The neighbouring cell of a legal move whose tile is one away from the move's: the rules' pair test.
    fn pair_beside(&self, m: Move) -> Option<u32> {
        [m.cell - 1, m.cell + 1].into_iter().find(|&d| {
            let t = self.tile_in[d as usize];
            t != 0 && t.abs_diff(m.tile) == 1
        })
    }

    /// What a legal move leads to: see [`After`]. Asks the claims only when the rules do not settle it.
    fn after(&self, claims: &mut dyn Claims, m: Move, checked: &mut Checked) -> After {
        checked.moves_tried += 1;
        if self.pair.is_some() {
            return After::PairOnBoard;
        }
        if let Some(cell) = self.pair_beside(m) {
            return After::MakesPair(cell);
        }
        if self.empty.items.len() == 1 {
            return After::FullNoPair;
        }
        checked.claims_asked += 1;
        claims.play(m);
        let winning = claims.winning();
        claims.undo(m);
        After::Opponent(winning)
    }

    /// Play a legal move, keeping every map, pool and count.
    fn place(&mut self, m: Move) {
        let (t, c) = (m.tile, m.cell);
        // Triples through cell c as the empty neighbour go, tile t still counted among the unused ...
        for d in [c - 1, c + 1] {
            let u = self.tile_in[d as usize];
            if u != 0 {
                self.openings -= [u - 1, u + 1].into_iter().filter(|&s| self.is_unused(s)).count() as u64;
            }
        }
        self.tile_in[c as usize] = t;
        self.empty.remove(c);
        self.near_cells.remove(c);
        // ... then those through tile t as the unused tile, cell c no longer counted among the empty.
        for s in [t - 1, t + 1] {
            let e = self.cell_of[s as usize];
            if e != 0 {
                self.openings -= [e - 1, e + 1].into_iter().filter(|&d| self.is_empty(d)).count() as u64;
            }
        }
        self.cell_of[t as usize] = c;
        self.unused.remove(t);
        self.near_tiles.remove(t);
        for d in [c - 1, c + 1] {
            if self.is_empty(d) {
                self.near_cells.insert(d);
                self.openings += [t - 1, t + 1].into_iter().filter(|&s| self.is_unused(s)).count() as u64;
            }
        }
        for s in [t - 1, t + 1] {
            if self.is_unused(s) {
                self.near_tiles.insert(s);
            }
        }
        if self.pair.is_none() {
            // Cells 0 and N + 1 are past the row's ends and always empty, so a pair is never found across an end.
            self.pair = [c - 1, c].into_iter().find(|&d| {
                let (x, y) = (self.tile_in[d as usize], self.tile_in[d as usize + 1]);
                x != 0 && y != 0 && x.abs_diff(y) == 1
            });
        }
    }

    /// A move that makes a pair, by a scan of the row: only for the message of a rejection.
    fn a_pair_move(&self) -> Option<Move> {
        self.empty.items.iter().find_map(|&c| {
            [c - 1, c + 1].into_iter().find_map(|d| {
                let u = self.tile_in[d as usize];
                if u == 0 {
                    return None;
                }
                let tile = [u - 1, u + 1].into_iter().find(|&s| self.is_unused(s))?;
                Some(Move { tile, cell: c })
            })
        })
    }

    /// The moves a claimed loss too large to try in full is checked with: the played move and `draws` drawn ones
    /// (see the module doc), without repeats.
    fn sample(&self, played: Move, draws: usize, random: &mut SplitMix) -> Vec<Move> {
        let mut moves = Vec::with_capacity(draws + 1);
        moves.push(played);
        for j in 0..draws {
            let cell = match j % 3 {
                0 if !self.near_cells.items.is_empty() => self.near_cells.draw(random),
                _ => self.empty.draw(random),
            };
            let tile = match j % 3 {
                1 if !self.near_tiles.items.is_empty() => self.near_tiles.draw(random),
                _ => self.unused.draw(random),
            };
            moves.push(Move { tile, cell });
        }
        moves.sort_unstable_by_key(|m| (m.cell, m.tile));
        moves.dedup();
        moves
    }
}

/// A set of numbers in 1..=N with O(1) insert, remove and uniform draw; its order depends only on its history.
struct Pool {
    items: Vec<u32>,
    /// Where each number is in `items`, plus one; 0 when absent.
    slot: Vec<u32>,
}

impl Pool {
    fn empty(n: u32) -> Pool {
        Pool { items: Vec::new(), slot: vec![0; n as usize + 2] }
    }

    fn full(n: u32) -> Pool {
        let mut pool = Pool::empty(n);
        for x in 1..=n {
            pool.insert(x);
        }
        pool
    }

    fn insert(&mut self, x: u32) {
        if self.slot[x as usize] == 0 {
            self.items.push(x);
            self.slot[x as usize] = self.items.len() as u32;
        }
    }

    fn remove(&mut self, x: u32) {
        let at = self.slot[x as usize] as usize;
        if at == 0 {
            return;
        }
        let last = self.items.pop().expect("a present number");
        if last != x {
            self.items[at - 1] = last;
            self.slot[last as usize] = at as u32;
        }
        self.slot[x as usize] = 0;
    }

    fn draw(&self, random: &mut SplitMix) -> u32 {
        self.items[random.below(self.items.len())]
    }
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a bijection on u64 that scatters nearby inputs.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of a game's draws: N and every move, in order.
fn seed_of(game: &Game) -> u64 {
    game.moves.iter().fold(mix(u64::from(game.n)), |h, m| {
        mix(h.wrapping_add(GOLDEN) ^ (u64::from(m.tile) << 32 | u64::from(m.cell)))
    })
}

/// SplitMix64 (Steele, Lea and Flood): small, fast and the same everywhere.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A number below `k` (k > 0), by the high half of a 128-bit product, so no modulo bias worth the name.
    fn below(&mut self, k: usize) -> usize {
        ((u128::from(self.next()) * k as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::collections::{BTreeSet, HashMap};
    use std::rc::Rc;

    use super::*;
    use crate::adjacent_consecutive::{answer, winning_after};
    use crate::order_chaos::xorshift;

    /// The truth by the naive minimax: [`winning_after`] from the exact state, remembered per board, and a winning
    /// move found by trying every move. For states with at most 12 moves left.
    struct Truth {
        n: u32,
        played: Vec<Move>,
        known: Memo,
    }

    /// Verdicts found so far, shared by every `Truth` of one test: a state is N and its moves sorted by cell.
    type Memo = Rc<RefCell<HashMap<(u32, Vec<Move>), bool>>>;

    impl Truth {
        fn new(n: u32, known: &Memo) -> Truth {
            Truth { n, played: Vec::new(), known: Rc::clone(known) }
        }

        /// The moves left from the current state, in a fixed order (cells, then tiles, ascending).
        fn moves(&self) -> Vec<Move> {
            let cells: Vec<u32> = (1..=self.n).filter(|&c| self.played.iter().all(|m| m.cell != c)).collect();
            let tiles: Vec<u32> = (1..=self.n).filter(|&t| self.played.iter().all(|m| m.tile != t)).collect();
            cells.iter().flat_map(|&cell| tiles.iter().map(move |&tile| Move { tile, cell })).collect()
        }

        /// Whether the mover after `played` wins; the key is the set of moves, which is the board.
        fn value(&self, played: &[Move]) -> bool {
            let mut moves = played.to_vec();
            moves.sort_unstable_by_key(|m| m.cell);
            let key = (self.n, moves);
            if let Some(&known) = self.known.borrow().get(&key) {
                return known;
            }
            let value = winning_after(self.n, played);
            self.known.borrow_mut().insert(key, value);
            value
        }

        /// Moves from the current state after which the opponent is winning (`hands_over`) or losing.
        fn moves_leaving(&self, opponent_winning: bool) -> Vec<Move> {
            let moves = self.moves();
            if moves.len() == 1 {
                // The last move: the full row is judged by the rules, which is the oracle's `answer` at its end.
                return Vec::new();
            }
            let mut after = self.played.clone();
            moves
                .into_iter()
                .filter(|&m| {
                    after.push(m);
                    let v = self.value(&after);
                    after.pop();
                    v == opponent_winning
                })
                .collect()
        }
    }

    impl Claims for Truth {
        fn play(&mut self, m: Move) {
            self.played.push(m);
        }
        fn undo(&mut self, m: Move) {
            assert_eq!(self.played.pop(), Some(m), "undo takes back the last move");
        }
        fn winning(&self) -> bool {
            self.value(&self.played)
        }
        fn winning_move(&self) -> Option<Move> {
            let moves = self.moves();
            if moves.len() == 1 {
                return Some(moves[0]);
            }
            self.moves_leaving(false).first().copied()
        }
    }

    /// The truth with faults: the verdict flipped at the states `flip` picks (by the moves played), and the winning
    /// move replaced where `wrong_move` gives one. A flipped "winning" gives the first move left, which cannot keep
    /// a win that is not there.
    struct Fake<'a> {
        truth: Truth,
        flip: &'a dyn Fn(&Truth) -> bool,
        wrong_move: &'a dyn Fn(&Truth) -> Option<Option<Move>>,
    }

    impl Claims for Fake<'_> {
        fn play(&mut self, m: Move) {
            self.truth.play(m);
        }
        fn undo(&mut self, m: Move) {
            self.truth.undo(m);
        }
        fn winning(&self) -> bool {
            self.truth.winning() != (self.flip)(&self.truth)
        }
        fn winning_move(&self) -> Option<Move> {
            if let Some(m) = (self.wrong_move)(&self.truth) {
                return m;
            }
            if (self.flip)(&self.truth) { self.truth.moves().first().copied() } else { self.truth.winning_move() }
        }
    }

    fn no_flip(_: &Truth) -> bool {
        false
    }

    fn right_move(_: &Truth) -> Option<Option<Move>> {
        None
    }

    /// The answer a solver behind `claims` would give: its verdict at each state of the game and the counts they
    /// make, so that only the recurrence can find its faults. Leaves the claims at the end of the game.
    fn answer_of(game: &Game, claims: &mut dyn Claims) -> Answer {
        let mut winning = Vec::new();
        for &m in &game.moves {
            winning.push(claims.winning());
            claims.play(m);
        }
        let (a_mistakes, b_mistakes) = mistakes(&winning);
        Answer { a_mistakes, b_mistakes, winning }
    }

    /// The move number of the state a rejection names.
    fn rejected_at(error: &str) -> usize {
        let rest = error.split_once("state before move ").unwrap_or_else(|| panic!("no state named: {error}")).1;
        rest.split(' ').next().unwrap().parse().unwrap()
    }

    const SMALL: Budget = Budget { all_moves: 4, sampled: 3 };

    fn random_game(n: u32, random: &mut impl FnMut(u64) -> u64) -> Game {
        let order = |random: &mut dyn FnMut(u64) -> u64| {
            let mut xs: Vec<u32> = (1..=n).collect();
            for i in (1..xs.len()).rev() {
                xs.swap(i, random(i as u64 + 1) as usize);
            }
            xs
        };
        let (tiles, cells) = (order(random), order(random));
        Game { n, moves: tiles.into_iter().zip(cells).map(|(tile, cell)| Move { tile, cell }).collect() }
    }

    /// A game where a winning mover keeps the win (`blunder` false) or throws it away when it can (true); other
    /// moves are random.
    fn played_game(n: u32, blunder: bool, known: &Memo, random: &mut impl FnMut(u64) -> u64) -> Game {
        let mut truth = Truth::new(n, known);
        let mut moves = Vec::new();
        for _ in 0..n {
            let all = truth.moves();
            let chosen = if truth.winning() { truth.moves_leaving(blunder) } else { Vec::new() };
            let pick = if chosen.is_empty() { &all } else { &chosen };
            let m = pick[random(pick.len() as u64) as usize];
            truth.play(m);
            moves.push(m);
        }
        Game { n, moves }
    }

    /// Random, perfectly played and blundered games of each N in `ns`.
    fn games(ns: std::ops::RangeInclusive<u32>, random_per_n: usize, known: &Memo) -> Vec<Game> {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let mut games = Vec::new();
        for n in ns {
            for _ in 0..random_per_n {
                games.push(random_game(n, &mut random));
            }
            games.push(played_game(n, false, known, &mut random));
            games.push(played_game(n, true, known, &mut random));
        }
        games
    }

    #[test]
    fn certificate_true_claims_are_accepted() {
        let known = Memo::default();
        let (mut every, mut drawn, mut asked) = ([0; 2], [0; 2], 0);
        for game in games(4..=8, 3, &known).into_iter().chain(games(9..=9, 1, &known)) {
            let truth = answer(&game);
            for (b, budget) in [Budget::default(), SMALL].into_iter().enumerate() {
                let checked = check(&game, &truth, &mut Truth::new(game.n, &known), budget)
                    .unwrap_or_else(|e| panic!("{e}\n{}", game.drawing(&truth)));
                assert_eq!(checked.states, game.n as usize);
                assert_eq!(checked.decided, decided_states(&game), "{}", game.drawing(&truth));
                // A state where every move is tried has two cells left or more (one is decided), so k² >= 4 moves.
                assert!(checked.moves_tried >= 4 * checked.every_move as u64, "{checked:?}");
                assert!(checked.claims_asked <= checked.moves_tried, "{checked:?}");
                asked += checked.claims_asked;
                every[b] += checked.every_move;
                drawn[b] += checked.sampled;
            }
        }
        // Every move is tried where k² fits the budget, so budgets of 9 and 15 moves (k ≤ 3 both) check alike.
        for game in games(4..=9, 2, &known) {
            let truth = answer(&game);
            let run =
                |all_moves| check(&game, &truth, &mut Truth::new(game.n, &known), Budget { all_moves, sampled: 3 });
            assert_eq!(run(9), run(15), "{}", game.drawing(&truth));
        }
        // Up to 16 cells the default budget tries every move; the small one draws from 3 cells left up.
        assert!(every[0] > 0 && drawn[0] == 0, "{every:?} {drawn:?}");
        // Moves the rules do not settle (no pair made, cells left) are put to the claims.
        assert!(asked > 0);
        assert!(every[1] > 0 && drawn[1] > 0, "{every:?} {drawn:?}");
    }

    /// SplitMix64's published outputs (Vigna's reference splitmix64.c): seed 0 and seed 1234567.
    #[test]
    fn certificate_draws_are_splitmix64() {
        let mut zero = SplitMix(0);
        assert_eq!([zero.next(), zero.next()], [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4]);
        let mut other = SplitMix(1_234_567);
        assert_eq!([other.next(), other.next()], [6_457_827_717_110_365_317, 3_203_168_211_198_807_973]);
    }

    /// The seed reads N and every move's tile and cell: games one swap apart draw from other streams.
    #[test]
    fn certificate_seeds_differ_for_games_one_swap_apart() {
        let game = random_game(9, &mut xorshift(11));
        let seed = seed_of(&game);
        for i in 0..8 {
            let mut tiles = game.clone();
            let (a, b) = (tiles.moves[i].tile, tiles.moves[i + 1].tile);
            (tiles.moves[i].tile, tiles.moves[i + 1].tile) = (b, a);
            let mut cells = game.clone();
            let (a, b) = (cells.moves[i].cell, cells.moves[i + 1].cell);
            (cells.moves[i].cell, cells.moves[i + 1].cell) = (b, a);
            assert_ne!(seed_of(&tiles), seed, "tiles of moves {i} and {} swapped", i + 1);
            assert_ne!(seed_of(&cells), seed, "cells of moves {i} and {} swapped", i + 1);
        }
        assert_ne!(seed_of(&Game { n: 10, moves: game.moves.clone() }), seed, "N read");
    }

    /// The states the rules decide, counted literally: those before a move with two neighbouring cells holding
    /// consecutive tiles, or with one cell left.
    fn decided_states(game: &Game) -> usize {
        let mut tile_in = vec![0u32; game.n as usize + 2];
        let mut decided = 0;
        for (i, m) in game.moves.iter().enumerate() {
            let pair = tile_in.windows(2).any(|w| w[0] > 0 && w[1] > 0 && w[0].abs_diff(w[1]) == 1);
            if pair || i + 1 == game.moves.len() {
                decided += 1;
            }
            tile_in[m.cell as usize] = m.tile;
        }
        decided
    }

    /// A fake built on the truth, the answer the solver behind it would give, and the check's verdict.
    fn check_fake(
        game: &Game,
        known: &Memo,
        flip: &dyn Fn(&Truth) -> bool,
        wrong_move: &dyn Fn(&Truth) -> Option<Option<Move>>,
        budget: Budget,
    ) -> Result<Checked, String> {
        let fake = || Fake { truth: Truth::new(game.n, known), flip, wrong_move };
        let answer = answer_of(game, &mut fake());
        check(game, &answer, &mut fake(), budget)
    }

    /// One state's verdict flipped in the answer (counts made to match), in the claims, or in both: answer and
    /// claims disagree there, unless the state before, which asks the claims about it, catches the flip first; with
    /// both flipped only the recurrence can, at one of those two states.
    #[test]
    fn certificate_one_flipped_verdict_is_rejected() {
        let known = Memo::default();
        for game in games(5..=7, 1, &known) {
            let truth = answer(&game);
            for j in 0..game.n as usize {
                let mut flipped = truth.clone();
                flipped.winning[j] = !flipped.winning[j];
                (flipped.a_mistakes, flipped.b_mistakes) = mistakes(&flipped.winning);
                let error = check(&game, &flipped, &mut Truth::new(game.n, &known), Budget::default()).unwrap_err();
                assert!(error.contains("the answer says"), "{error}");
                assert_eq!(rejected_at(&error), j + 1, "{error}");

                // The state of the game only, not the states off it with as many moves played.
                let at_j = |t: &Truth| t.played == game.moves[..j];
                let mut fake = Fake { truth: Truth::new(game.n, &known), flip: &at_j, wrong_move: &right_move };
                let error = check(&game, &truth, &mut fake, Budget::default()).unwrap_err();
                let at = rejected_at(&error);
                assert!(at == j + 1 && error.contains("the answer says") || at == j, "flipped at {j}: {error}");

                let error = check_fake(&game, &known, &at_j, &right_move, Budget::default()).unwrap_err();
                assert!((j..=j + 1).contains(&rejected_at(&error)), "flipped at {j}: {error}");
                // Drawing moves can miss every refutation of a false loss, never a false win's winning move.
                match check_fake(&game, &known, &at_j, &right_move, SMALL) {
                    Err(error) => assert!((j..=j + 1).contains(&rejected_at(&error)), "flipped at {j}: {error}"),
                    Ok(_) => assert!(truth.winning[j], "a false win at {j} went through"),
                }
            }
        }
    }

    /// The first state of `game` after move `from` whose mover is winning and has a move that hands over the win.
    fn state_with_a_blunder(game: &Game, known: &Memo, from: usize) -> Option<(usize, Move)> {
        let mut truth = Truth::new(game.n, known);
        for (i, &m) in game.moves.iter().enumerate() {
            if i >= from && truth.winning() {
                if let Some(&bad) = truth.moves_leaving(true).first() {
                    return Some((i, bad));
                }
            }
            truth.play(m);
        }
        None
    }

    #[test]
    fn certificate_wrong_and_illegal_winning_moves_are_rejected() {
        let known = Memo::default();
        let mut blunders = 0;
        for game in games(5..=7, 3, &known) {
            let Some((i, bad)) = state_with_a_blunder(&game, &known, 0) else { continue };
            blunders += 1;
            let wrong = |t: &Truth| (t.played.len() == i).then_some(Some(bad));
            let error = check_fake(&game, &known, &no_flip, &wrong, Budget::default()).unwrap_err();
            let shown = format!("the claimed winning move {}", Show(bad));
            assert!(error.contains(&shown) && rejected_at(&error) == i + 1, "{error}");
            assert!(error.contains("by the claims") || error.contains("B wins"), "{error}");
        }
        assert!(blunders >= 4, "{blunders} games with a blunder to hand over");

        // Illegal moves at a winning state with a filled cell and a used tile: the state before move 2 or later.
        let game = games(6..=6, 1, &known).remove(1);
        let (i, _) = state_with_a_blunder(&game, &known, 1).expect("a winning state after the first move");
        let (used, filled) = (game.moves[0].tile, game.moves[0].cell);
        let free = {
            let mut truth = Truth::new(game.n, &known);
            game.moves[..i].iter().for_each(|&m| truth.play(m));
            truth.moves()[0]
        };
        let illegal = [
            (Some(Move { tile: used, cell: free.cell }), format!("tile {used} is already in cell {filled}")),
            (Some(Move { tile: free.tile, cell: filled }), format!("cell {filled} already holds tile {used}")),
            (Some(Move { tile: 0, cell: free.cell }), "tile 0 is not in 1..=6".to_string()),
            (Some(Move { tile: 7, cell: free.cell }), "tile 7 is not in 1..=6".to_string()),
            (Some(Move { tile: free.tile, cell: 0 }), "cell 0 is not in 1..=6".to_string()),
            (Some(Move { tile: free.tile, cell: 7 }), "cell 7 is not in 1..=6".to_string()),
            (None, "the claims say winning but give no winning move".to_string()),
        ];
        for (m, message) in illegal {
            let wrong = |t: &Truth| (t.played.len() == i).then_some(m);
            let error = check_fake(&game, &known, &no_flip, &wrong, Budget::default()).unwrap_err();
            assert!(error.contains(&message) && rejected_at(&error) == i + 1, "{error}");
        }
    }

    #[test]
    fn certificate_counts_and_lengths_off_are_rejected() {
        let known = Memo::default();
        for game in games(6..=7, 2, &known) {
            let truth = answer(&game);
            let mut wrong = Vec::new();
            for (da, db) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                let (Some(a), Some(b)) =
                    (truth.a_mistakes.checked_add_signed(da), truth.b_mistakes.checked_add_signed(db))
                else {
                    continue;
                };
                wrong.push((Answer { a_mistakes: a, b_mistakes: b, ..truth.clone() }, "the answer counts"));
            }
            let mut short = truth.clone();
            short.winning.pop();
            let mut long = truth.clone();
            long.winning.push(false);
            wrong.push((short, "verdicts for the N"));
            wrong.push((long, "verdicts for the N"));
            for (answer, message) in wrong {
                let error = check(&game, &answer, &mut Truth::new(game.n, &known), Budget::default()).unwrap_err();
                assert!(error.contains(message), "{error}");
            }
        }
    }

    /// B puts 2 beside A's 1 at once: from then on A has won, and claims that say otherwise at any later state are
    /// rejected there by the rules alone.
    #[test]
    fn certificate_claims_that_deny_a_pair_are_rejected() {
        let known = Memo::default();
        let game = Game::from_pairs(8, &[(1, 1), (2, 2), (5, 6), (7, 4), (3, 8), (8, 3), (4, 7), (6, 5)]).unwrap();
        check(&game, &answer(&game), &mut Truth::new(8, &known), Budget::default()).unwrap();
        let pair = |t: &Truth| {
            let row = |cell| t.played.iter().find(|m| m.cell == cell).map(|m| m.tile);
            (1..t.n).any(|c| matches!((row(c), row(c + 1)), (Some(x), Some(y)) if x.abs_diff(y) == 1))
        };
        for j in 2..8 {
            let at_j = |t: &Truth| t.played.len() == j && pair(t);
            let error = check_fake(&game, &known, &at_j, &right_move, Budget::default()).unwrap_err();
            assert!(error.contains("cells 1 and 2 hold 1 and 2, so A has won"), "{error}");
            assert_eq!(rejected_at(&error), j + 1, "{error}");
        }
    }

    /// Claims wrong only where more than K moves are left model a solver checked only within the oracle's reach:
    /// the check must find it by the state with K + 1 left at the latest, where the claims one move on are right.
    /// Both ways of being wrong: every such verdict flipped, and only the states of one verdict.
    #[test]
    fn certificate_faults_above_k_moves_left_are_caught_at_the_boundary() {
        let known = Memo::default();
        let mut caught_at_boundary = 0;
        for game in games(6..=8, 1, &known) {
            let n = game.n as usize;
            for k in [1, 2, 3, 5] {
                let above = |t: &Truth| n - t.played.len() > k;
                let above_winning = |t: &Truth| n - t.played.len() > k && t.winning();
                let above_losing = |t: &Truth| n - t.played.len() > k && !t.winning();
                let boundary = |t: &Truth| n - t.played.len() == k + 1;
                let faults: [&dyn Fn(&Truth) -> bool; 4] = [&above, &above_winning, &above_losing, &boundary];
                for flip in faults {
                    let error = match check_fake(&game, &known, flip, &right_move, Budget::default()) {
                        Ok(_) => {
                            // Possible only when the fault touches no state of this game.
                            let mut truth = Truth::new(game.n, &known);
                            for &m in &game.moves {
                                assert!(!flip(&truth), "a fault at {} moves was accepted", truth.played.len());
                                truth.play(m);
                            }
                            continue;
                        }
                        Err(error) => error,
                    };
                    assert!(rejected_at(&error) <= n - k, "K = {k}: {error}\n{game}");
                    caught_at_boundary += usize::from(rejected_at(&error) == n - k);
                }
            }
        }
        assert!(caught_at_boundary > 0);
    }

    /// Wrong only in the first states of the longest games minimax checks (N = 9, 8 moves left and more): caught
    /// there, all moves tried; with a small budget only a wrong "winning" is sure to be caught.
    #[test]
    fn certificate_faults_early_in_long_games_are_caught() {
        let known = Memo::default();
        for game in games(9..=9, 1, &known) {
            let early = |t: &Truth| t.played.len() < 2;
            let error = check_fake(&game, &known, &early, &right_move, Budget::default()).unwrap_err();
            assert!(rejected_at(&error) <= 2, "{error}");
            let early_losing = |t: &Truth| t.played.len() < 2 && !t.winning();
            if let Err(error) = check_fake(&game, &known, &early_losing, &right_move, SMALL) {
                assert!(rejected_at(&error) <= 2, "{error}");
            } else {
                assert!(answer(&game).winning[..2].iter().all(|&w| w), "a false win went through");
            }
        }
    }

    /// Claims with no theory behind them, for games too large for minimax: A to move wins, B to move loses, and
    /// the winning move is the game's next move (the checker asks for one only at the game's states); except at the states of `game` named
    /// in `lies` (by the moves played), which get the verdict and winning move given there. They agree with the
    /// rules wherever a pair is on the board. Every call is counted.
    struct AWins {
        game: Vec<Move>,
        played: usize,
        /// How many of the moves played are the game's first moves.
        on_game: usize,
        /// Which cells are filled and which tiles used, indexed by number: O(1) a call, so that the time of a
        /// large check is the checker's.
        filled: Vec<bool>,
        used: Vec<bool>,
        lies: Vec<(usize, bool, Option<Move>)>,
        calls: Cell<u64>,
    }

    impl AWins {
        fn new(game: &Game, lies: &[(usize, bool, Option<Move>)]) -> AWins {
            let none = vec![false; game.n as usize + 1];
            let (game, lies) = (game.moves.clone(), lies.to_vec());
            AWins { game, played: 0, on_game: 0, filled: none.clone(), used: none, lies, calls: Cell::new(0) }
        }

        fn lie(&self) -> Option<&(usize, bool, Option<Move>)> {
            self.lies.iter().find(|lie| self.on_game == self.played && lie.0 == self.played)
        }
    }

    impl Claims for AWins {
        fn play(&mut self, m: Move) {
            self.calls.set(self.calls.get() + 1);
            let (tile, cell) = (m.tile as usize, m.cell as usize);
            assert!(!self.used[tile] && !self.filled[cell], "the checker plays legal moves");
            (self.used[tile], self.filled[cell]) = (true, true);
            if self.on_game == self.played && self.game.get(self.played) == Some(&m) {
                self.on_game += 1;
            }
            self.played += 1;
        }
        fn undo(&mut self, m: Move) {
            self.calls.set(self.calls.get() + 1);
            let (tile, cell) = (m.tile as usize, m.cell as usize);
            assert!(self.used[tile] && self.filled[cell], "the checker undoes what it played");
            (self.used[tile], self.filled[cell]) = (false, false);
            self.played -= 1;
            self.on_game = self.on_game.min(self.played);
        }
        fn winning(&self) -> bool {
            self.calls.set(self.calls.get() + 1);
            self.lie().map_or(self.played.is_multiple_of(2), |lie| lie.1)
        }
        fn winning_move(&self) -> Option<Move> {
            self.calls.set(self.calls.get() + 1);
            match self.lie() {
                Some(&(_, _, Some(m))) => Some(m),
                _ => self.game.get(self.played).copied().filter(|_| self.on_game == self.played),
            }
        }
    }

    const B_PAIR: [Move; 2] = [Move { tile: 1, cell: 1 }, Move { tile: 2, cell: 2 }];

    /// A game of `n` (even) cells ending in the row 2 4 6 … n 1 3 5 … n−1, which has no pair, the cells filled in
    /// a random order: B's last move wins.
    fn pair_free_game(n: u32) -> Game {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut cells: Vec<u32> = (1..=n).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, random(i as u64 + 1) as usize);
        }
        let tile = |c: u32| if c <= n / 2 { 2 * c } else { 2 * (c - n / 2) - 1 };
        Game { n, moves: cells.into_iter().map(|cell| Move { tile: tile(cell), cell }).collect() }
    }

    /// At N = 10^5 claims that hold up until the last move are checked in linear time: the claims calls are
    /// counted against the bound (the time is in the report, not here), and the fault, B's last state called
    /// losing on a row that ends with no pair, is found there by the rules.
    #[test]
    fn certificate_large_games_are_checked_in_linear_calls() {
        let n = 100_000;
        let game = pair_free_game(n);
        let budget = Budget::default();
        let mut claims = AWins::new(&game, &[]);
        let answer = answer_of(&game, &mut AWins::new(&game, &[]));
        let error = check(&game, &answer, &mut claims, budget).unwrap_err();
        assert_eq!(rejected_at(&error), n as usize, "{error}");
        assert!(error.contains("leaves no pair, so B wins, but the claims say losing"), "{error}");
        // Per state: winning, winning_move, and play, winning, undo for each tried move (the drawn and the played).
        let bound = u64::from(n) * (2 + 3 * (budget.sampled as u64 + 1));
        assert!(claims.calls.get() <= bound, "{} claims calls, more than {bound}", claims.calls.get());
        assert!(claims.calls.get() >= u64::from(n) * 3 * budget.sampled as u64 / 2, "B's states draw moves");

        // Claims that say everybody wins are caught at the first move, whatever N.
        struct Everybody;
        impl Claims for Everybody {
            fn play(&mut self, _: Move) {}
            fn undo(&mut self, _: Move) {}
            fn winning(&self) -> bool {
                true
            }
            fn winning_move(&self) -> Option<Move> {
                Some(Move { tile: 1, cell: 1 })
            }
        }
        let everybody = Answer { a_mistakes: 50_000, b_mistakes: 49_999, winning: vec![true; n as usize] };
        let error = check(&game, &everybody, &mut Everybody, budget).unwrap_err();
        assert!(error.starts_with("state before move 1 ") && error.contains("leaves B winning"), "{error}");
    }

    /// A long game in which B makes a pair at once: every later state is decided by the rules, so a claim flipped
    /// at any of them is rejected exactly there, even with moves drawn; and the same check gives the same result
    /// on every run.
    #[test]
    fn certificate_faults_in_long_decided_games_are_rejected_where_they_are() {
        let n = 2_000;
        let mut moves = B_PAIR.to_vec();
        let rest = random_game(n - 2, &mut xorshift(7)).moves;
        moves.extend(rest.into_iter().map(|m| Move { tile: m.tile + 2, cell: m.cell + 2 }));
        let game = Game { n, moves };
        let answer = answer_of(&game, &mut AWins::new(&game, &[]));
        let first = check(&game, &answer, &mut AWins::new(&game, &[]), Budget::default()).unwrap();
        assert_eq!(first, check(&game, &answer, &mut AWins::new(&game, &[]), Budget::default()).unwrap());
        assert_eq!(first.decided, n as usize - 2);
        for j in [2, 3, 100, 1_001, n as usize - 1] {
            let lie = [(j, !j.is_multiple_of(2), None)];
            let answer = answer_of(&game, &mut AWins::new(&game, &lie));
            let error = check(&game, &answer, &mut AWins::new(&game, &lie), Budget::default()).unwrap_err();
            assert_eq!(rejected_at(&error), j + 1, "{error}");
            assert!(error.contains("cells 1 and 2 hold 1 and 2, so A has won"), "{error}");
        }
    }

    /// A's claimed loss at a state far too large to try every move, where A has a move that makes a pair: drawn
    /// moves would almost never find it (4 or so of 4 · 10^6 moves), the count of pair moves always does. A's
    /// blunder and B's claimed win before it, with the played move as B's winning move, keep the claims consistent
    /// up to there.
    #[test]
    fn certificate_a_pair_move_refutes_a_claimed_loss_at_any_size() {
        let game = pair_free_game(2_000);
        // A's first move throws the win away (B is winning after it), so A's winning move is another one.
        let first = game.moves[0];
        let elsewhere = Move { tile: first.tile, cell: first.cell % game.n + 1 };
        let lies = [(0, true, Some(elsewhere)), (1, true, Some(game.moves[1])), (2, false, None)];
        let answer = answer_of(&game, &mut AWins::new(&game, &lies));
        let error = check(&game, &answer, &mut AWins::new(&game, &lies), Budget::default()).unwrap_err();
        assert!(
            error.contains("the claims say losing, but tile ") && error.contains("makes a pair, so A wins"),
            "{error}"
        );
        assert_eq!(rejected_at(&error), 3, "{error}");
    }

    /// The row's pools, pair and count of pair moves, kept in O(1) a move, against a recount from the row after
    /// every move of random games; and the drawn moves, which must be legal, hold the played move, take a cell
    /// beside a filled one when there is one, and come out the same from the same seed.
    #[test]
    fn certificate_row_keeps_its_counts_and_draws_legal_moves() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        for n in (4..=40).chain([97, 200]) {
            let game = random_game(n, &mut random);
            let mut row = Row::new(n);
            for (i, &m) in game.moves.iter().enumerate() {
                let draws = 10;
                let sample = row.sample(m, draws, &mut SplitMix(i as u64));
                assert_eq!(sample, row.sample(m, draws, &mut SplitMix(i as u64)));
                assert!(sample.contains(&m) && sample.len() <= draws + 1);
                assert!(sample.iter().all(|&s| row.legal(s).is_ok()), "{sample:?}");
                if !row.near_cells.items.is_empty() {
                    assert!(sample.iter().any(|s| row.near_cells.items.contains(&s.cell)));
                }
                // Two draws: the first takes a cell beside a filled one, the second a tile one away from a used one (or
                // the played move, kept in every sample, has one).
                let two = row.sample(m, 2, &mut SplitMix(i as u64));
                if !row.near_tiles.items.is_empty() {
                    assert!(two.iter().any(|s| row.near_tiles.items.contains(&s.tile)), "{two:?}");
                }
                row.place(m);
                let tile = |c: u32| if (1..=n).contains(&c) { row.tile_in[c as usize] } else { 0 };
                let used = |t: u32| (1..=n).contains(&t) && game.moves[..=i].iter().any(|m| m.tile == t);
                let (mut openings, mut near_cells, mut near_tiles) = (0, BTreeSet::new(), BTreeSet::new());
                for c in (1..=n).filter(|&c| tile(c) == 0) {
                    for d in [c - 1, c + 1].into_iter().filter(|&d| tile(d) != 0) {
                        near_cells.insert(c);
                        openings += [tile(d) - 1, tile(d) + 1]
                            .into_iter()
                            .filter(|&s| (1..=n).contains(&s) && !used(s))
                            .count();
                    }
                }
                for t in (1..=n).filter(|&t| !used(t)) {
                    if used(t - 1) || used(t + 1) {
                        near_tiles.insert(t);
                    }
                }
                let pair = (1..n).any(|c| tile(c) != 0 && tile(c + 1) != 0 && tile(c).abs_diff(tile(c + 1)) == 1);
                let set = |pool: &Pool| pool.items.iter().copied().collect::<BTreeSet<u32>>();
                assert_eq!(row.openings, openings as u64, "after move {} of {game}", i + 1);
                assert_eq!(row.a_pair_move().is_some(), openings > 0);
                assert!(row.a_pair_move().is_none_or(|m| row.legal(m).is_ok() && row.pair_beside(m).is_some()));
                assert_eq!((set(&row.near_cells), set(&row.near_tiles)), (near_cells, near_tiles));
                assert_eq!(set(&row.empty), (1..=n).filter(|&c| tile(c) == 0).collect());
                assert_eq!(set(&row.unused), (1..=n).filter(|&t| !used(t)).collect());
                assert_eq!(row.pair.is_some(), pair);
                assert!(row.pair.is_none_or(|c| tile(c).abs_diff(tile(c + 1)) == 1));
            }
        }
    }

    /// The draws keep their shares all along a long sample, not only at its start: in a wide row with one tile, so two
    /// cells beside it among N - 1 and two tiles one away from it among N - 1, every third draw takes one of those
    /// cells and every third one of those tiles, where uniform draws would take them once in a hundred.
    #[test]
    fn certificate_sample_draws_every_third_cell_and_tile_near_a_used_one() {
        let (n, draws) = (401, 30);
        let mut row = Row::new(n);
        let played = Move { tile: 200, cell: 201 };
        row.place(played);
        for seed in 0..20 {
            let sample = row.sample(Move { tile: 1, cell: 1 }, draws, &mut SplitMix(seed));
            let near_cells = sample.iter().filter(|m| m.cell.abs_diff(played.cell) == 1).count();
            let near_tiles = sample.iter().filter(|m| m.tile.abs_diff(played.tile) == 1).count();
            // Ten draws each; a duplicate among them (two cells, 400 tiles) is rare, but allowed for.
            assert!(near_cells >= draws / 4 && near_tiles >= draws / 4, "seed {seed}: {near_cells}, {near_tiles}");
        }
    }
}

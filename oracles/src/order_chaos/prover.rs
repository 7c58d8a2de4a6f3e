//! The exhaustive prover of Order and Chaos: a CHAOS strategy never loses, over every play ORDER can make.
//!
//! Not naive: a walk of the whole game tree is about 10^10 calls of the strategy, so it is built for speed (a bit
//! set over base-3 codes of the pair states, swept upward in parallel; packed boards in a hash set off the pairs).
//! What keeps it honest is what sits beside it in [`super`]: [`prove`] runs the naive [`super::final_boards`] first,
//! and every full board the walk reaches is judged by the naive judge; the tests check its counter-plays by replaying
//! them move by move.
//!
//! [`walk`] trusts nothing about the strategy: it plays every ORDER move (each empty cell, each letter) against the
//! real strategy, checks every answer for legality, and judges every full board. Positions are memoised, one bit per
//! base-3 code of the pair states of the table given; positions off the pairs (the strategy answering as the rule
//! would not) get a bounded walk memoised on the whole board, and past its bound a counter-play.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use games::order_chaos::{Board, Cell, Letter, Move, Pairing, SIDE};
use rustc_hash::FxHashSet;

use super::{
    CounterPlay, PAIRS, filling, final_boards, get, other, pairs_of, same_letter_pair, set, why_order_wins, wire,
};

// ---------------------------------------------------------------------------------------------------------------
// The game-tree walk.
//
// A position is a board with ORDER to move (or the game over). It is pair-structured if every pair of the table is
// empty or holds one of the two fillings the pairing rule writes; its code is then Σ state(i)·3^i (state 0 empty,
// 1 and 2 the two fillings of pair i), one code per board. A round answered by the rule fills one empty pair, so it
// adds to the code: counting codes upward visits every such position after all those that lead to it. The walk
// does just that, with one bit per code ("reached"): each reached position is expanded once (every ORDER move played
// against the strategy, every answer checked) and marks where its rounds lead.
//
// An answer that is legal but not the rule's leaves the pairs. From there a depth-first walk memoised on the whole
// board takes over, with a budget shared by all such walks: within it, the positions off the pairs are proven like
// the others; past it the walk stops and reports that answer, as a proof of pairing strategies only.
//
// (A depth-first walk over the same bit set came first; it measured about 1.5 times slower here, its memo reads
// scattered over the 48 MB, where counting upward reads and writes the bit set in order. The walk is about 9·10^9
// calls of the strategy, so its time is mostly theirs and the loop around them.)

/// How many positions off the pairs the walk visits before it gives up (a second or two of walking). A pairing
/// strategy never reaches one; one that leaves its pairs for good would need the whole 6×6 game tree.
const OFF_PAIR_LIMIT: usize = 1 << 20;

/// Sweep blocks of at most 3^8 codes run on one thread; larger ones split (see [`Walker::sweep_block`]).
const SEQUENTIAL_DIGITS: u32 = 8;

/// The ORDER moves on `board` as a bit set: bit 2·(6·row + col) + letter (0 for X, 1 for O), one per empty cell and
/// letter. Rule: "each move puts either `X` or `O` (the mover's choice) into one blank cell."
fn order_moves(board: &Board) -> u128 {
    let mut todo = 0;
    for r in 0..SIDE {
        for c in 0..SIDE {
            if board.cells[r][c].is_none() {
                todo |= cell_moves(Cell { row: r as u8, col: c as u8 });
            }
        }
    }
    todo
}

/// The two bits of [`order_moves`] for one cell.
fn cell_moves(cell: Cell) -> u128 {
    3 << (2 * (usize::from(cell.row) * SIDE + usize::from(cell.col)))
}

/// The move of one bit of [`order_moves`].
fn order_move(bit: u32) -> Move {
    let index = (bit / 2) as u8;
    let letter = if bit.is_multiple_of(2) { Letter::X } else { Letter::O };
    Move { cell: Cell { row: index / SIDE as u8, col: index % SIDE as u8 }, letter }
}

/// Rule: "each move puts either `X` or `O` ... into one blank cell"; a letter is always X or O by its type.
fn legal(board: &Board, answer: Move) -> bool {
    usize::from(answer.cell.row) < SIDE && usize::from(answer.cell.col) < SIDE && get(board, answer.cell).is_none()
}

/// One cell's letter in [`pack`]: 2 bits a cell, in reading order from the top bits down.
fn cell_pack(m: Move) -> u128 {
    let index = usize::from(m.cell.row) * SIDE + usize::from(m.cell.col);
    let letter: u128 = match m.letter {
        Letter::X => 1,
        Letter::O => 2,
    };
    letter << (2 * (SIDE * SIDE - 1 - index))
}

/// The whole board as a number: the memo key of positions that are not pair-structured.
fn pack(board: &Board) -> u128 {
    let mut key = 0;
    for (r, row) in board.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Some(letter) = *cell {
                key |= cell_pack(Move { cell: Cell { row: r as u8, col: c as u8 }, letter });
            }
        }
    }
    key
}

/// The board of a [`pack`] key.
fn unpack(key: u128) -> Board {
    let mut board = Board::default();
    for index in 0..SIDE * SIDE {
        let letter = match key >> (2 * (SIDE * SIDE - 1 - index)) & 3 {
            1 => Some(Letter::X),
            2 => Some(Letter::O),
            _ => None,
        };
        board.cells[index / SIDE][index % SIDE] = letter;
    }
    board
}

/// The boards the off-pair walks visited, packed. Fx rather than std's SipHash, which took a large share of the time
/// of a walk off the pairs.
type OffPairMemo = FxHashSet<u128>;

/// CHAOS's strategy as the walk sees it: a black box from (board with ORDER's move written, that move) to an answer.
/// Generic rather than `dyn` so the walk's 10^10 calls can be inlined; the walk still only calls it.
pub trait Chaos: Fn(&Board, Move) -> Option<Move> + Sync {}
impl<F: Fn(&Board, Move) -> Option<Move> + Sync + ?Sized> Chaos for F {}

/// What the pairing rule answers to one ORDER move into an empty pair.
#[derive(Clone, Copy)]
struct RuleAnswer {
    /// The ORDER move, as [`order_move`] decodes its bit.
    order: Move,
    /// The partner cell, with the same or the opposite letter.
    answer: Move,
    /// The state of ORDER's pair after the round, and what the round adds to a code: state · 3^pair.
    state: u32,
    delta: u32,
    /// One bit per (pair, state): from one position, ORDER moves with the same key lead to the same position.
    key: u64,
}

/// How a visit of a position off the pairs went.
enum Claim {
    New,
    Seen,
    /// The budget of positions off the pairs is spent.
    Full,
}

/// Why a walk off the pairs stopped.
enum OffPair {
    /// A counter-play from where that walk started.
    Lost(CounterPlay),
    /// The budget is spent.
    Budget,
}

/// One round of the off-pair walk, still to walk into: ORDER's move and CHAOS's answer.
#[derive(Clone, Copy)]
struct Round {
    order: Move,
    answer: Move,
}

/// A position on the off-pair walk's stack: the rounds from it still to walk into, `rounds[next..len]`.
struct Frame {
    /// The position, as [`pack`] gives it.
    packed: u128,
    /// Its ORDER moves, as [`order_moves`] gives them.
    empty: u128,
    rounds: [Round; 2 * SIDE * SIDE],
    len: usize,
    next: usize,
}

impl CounterPlay {
    /// The same counter-play after `before`, the moves that led to where it starts.
    fn after(mut self, mut before: Vec<Move>) -> CounterPlay {
        before.append(&mut self.moves);
        self.moves = before;
        self
    }
}

/// A pair-structured position with its code and digits (pair states).
struct Decoded {
    code: u32,
    digits: [u8; PAIRS],
    board: Board,
    /// Bit i: pair i is empty.
    free: u32,
}

struct Walker<'a, C: Chaos + ?Sized> {
    pairs: [[Cell; 2]; PAIRS],
    /// The two fillings of each pair allowed by the pairing rule: pair states 1 and 2.
    fillings: [[[Letter; 2]; 2]; PAIRS],
    pow3: [u32; PAIRS + 1],
    /// Indexed like the bits of [`order_moves`].
    rule: [RuleAnswer; 2 * SIDE * SIDE],
    /// The same, the four ORDER moves of each pair.
    pair_rules: [[RuleAnswer; 4]; PAIRS],
    chaos: &'a C,
    /// The code of the start, if it is pair-structured.
    start: Option<u32>,
    /// One bit per pair-structured position, indexed by its code: reached from the start.
    reached: Vec<AtomicU64>,
    /// The positions the off-pair walks visited, packed.
    off_pair: Mutex<OffPairMemo>,
    off_pair_limit: usize,
    /// Set when a thread has a counter-play (kept in `found`): the others stop.
    stop: AtomicBool,
    found: Mutex<Option<CounterPlay>>,
}

impl<'a, C: Chaos + ?Sized> Walker<'a, C> {
    fn new(pairs: [[Cell; 2]; PAIRS], chaos: &'a C, start: &Board, off_pair_limit: usize) -> Self {
        let fillings = pairs.map(|pair| [filling(pair, false), filling(pair, true)]);
        let pow3 = std::array::from_fn(|i| 3u32.pow(i as u32));
        let blank = RuleAnswer { order: order_move(0), answer: order_move(0), state: 0, delta: 0, key: 0 };
        let mut walker = Walker {
            pairs,
            fillings,
            pow3,
            rule: [blank; 2 * SIDE * SIDE],
            pair_rules: [[blank; 4]; PAIRS],
            chaos,
            start: None,
            reached: (0..pow3[PAIRS].div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            off_pair: Mutex::new(OffPairMemo::default()),
            off_pair_limit,
            stop: AtomicBool::new(false),
            found: Mutex::new(None),
        };
        walker.start = walker.code(start);
        for bit in 0..2 * SIDE * SIDE {
            let order = order_move(bit as u32);
            let i = (0..PAIRS).find(|&i| pairs[i].contains(&order.cell)).expect("18 pairs cover the 36 cells");
            let partner = if pairs[i][0] == order.cell { pairs[i][1] } else { pairs[i][0] };
            let letter = if same_letter_pair(pairs[i]) { order.letter } else { other(order.letter) };
            let answer = Move { cell: partner, letter };
            let mut board = Board::default();
            set(&mut board, order.cell, Some(order.letter));
            set(&mut board, answer.cell, Some(answer.letter));
            let state = walker.pair_state(&board, i).expect("the rule writes one of its two fillings");
            walker.rule[bit] =
                RuleAnswer { order, answer, state, delta: state * pow3[i], key: 1 << (2 * i as u32 + state - 1) };
        }
        // Bits of `order_moves`: X then O in each cell.
        let bit = |cell: Cell, letter: usize| 2 * (usize::from(cell.row) * SIDE + usize::from(cell.col)) + letter;
        for (i, &[a, b]) in pairs.iter().enumerate() {
            walker.pair_rules[i] = [bit(a, 0), bit(a, 1), bit(b, 0), bit(b, 1)].map(|k| walker.rule[k]);
        }
        walker
    }

    /// 0 if the pair is empty, 1 or 2 if it holds one of the two fillings of the pairing rule, `None` otherwise
    /// (half filled, or letters the rule never writes).
    fn pair_state(&self, board: &Board, i: usize) -> Option<u32> {
        let [a, b] = self.pairs[i];
        match (get(board, a), get(board, b)) {
            (None, None) => Some(0),
            (Some(x), Some(y)) => (1..=2).find(|&s| self.fillings[i][s as usize - 1] == [x, y]),
            _ => None,
        }
    }

    /// The code of a pair-structured position; `None` for any other.
    fn code(&self, board: &Board) -> Option<u32> {
        (0..PAIRS).try_fold(0, |code, i| Some(code + self.pair_state(board, i)? * self.pow3[i]))
    }

    /// Puts pair `i` of a decoded position in `state`.
    fn set_pair(&self, d: &mut Decoded, i: usize, state: u8) {
        let [a, b] = self.pairs[i];
        d.digits[i] = state;
        if state == 0 {
            set(&mut d.board, a, None);
            set(&mut d.board, b, None);
            d.free |= 1 << i;
        } else {
            let [x, y] = self.fillings[i][usize::from(state) - 1];
            set(&mut d.board, a, Some(x));
            set(&mut d.board, b, Some(y));
            d.free &= !(1 << i);
        }
    }

    /// The pair-structured position of a code.
    fn decode(&self, code: u32) -> Decoded {
        let mut d = Decoded { code, digits: [0; PAIRS], board: Board::default(), free: 0 };
        let mut rest = code;
        for i in 0..PAIRS {
            self.set_pair(&mut d, i, (rest % 3) as u8);
            rest /= 3;
        }
        d
    }

    /// The position of the next code, counting in base 3 (code + 1 < 3^18).
    fn step(&self, d: &mut Decoded) {
        d.code += 1;
        for i in 0..PAIRS {
            if d.digits[i] < 2 {
                return self.set_pair(d, i, d.digits[i] + 1);
            }
            self.set_pair(d, i, 0);
        }
    }

    fn is_reached(&self, code: u32) -> bool {
        self.reached[code as usize / 64].load(Relaxed) & 1 << (code % 64) != 0
    }

    fn reach(&self, code: u32) {
        let (word, bit) = (&self.reached[code as usize / 64], 1 << (code % 64));
        // Most positions are reached many times: read before the locked write.
        if word.load(Relaxed) & bit == 0 {
            word.fetch_or(bit, Relaxed);
        }
    }

    /// Keeps the first counter-play found and stops every thread.
    fn fail(&self, counter_play: CounterPlay) {
        self.stop.store(true, Relaxed);
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.get_or_insert(counter_play);
    }

    /// A play from the start to the reached position `code`: back through reached positions, one filled pair at a
    /// time, asking the strategy again for the round that leads forward. Only built for a counter-play.
    #[cold]
    fn path_to(&self, mut code: u32) -> Vec<Move> {
        let Some(start) = self.start else { return Vec::new() };
        let mut rounds = Vec::new();
        'back: while code != start {
            for (i, &pair) in self.pairs.iter().enumerate() {
                let state = code / self.pow3[i] % 3;
                let parent = code - state * self.pow3[i];
                if state == 0 || !(start / self.pow3[i]).is_multiple_of(3) || !self.is_reached(parent) {
                    continue;
                }
                let mut board = self.decode(parent).board;
                for rule in self.rule.iter().filter(|r| pair.contains(&r.order.cell) && r.delta == code - parent) {
                    set(&mut board, rule.order.cell, Some(rule.order.letter));
                    if (self.chaos)(&board, rule.order) == Some(rule.answer) {
                        rounds.push([rule.order, rule.answer]);
                        code = parent;
                        continue 'back;
                    }
                    set(&mut board, rule.order.cell, None);
                }
            }
            // Every reached position was reached this way; only a strategy that is not a pure function of the board
            // and the move ends here.
            break;
        }
        rounds.into_iter().rev().flatten().collect()
    }

    /// Expands the reached position `d`: every ORDER move against the strategy. A full board is judged instead.
    fn expand(&self, d: &Decoded) -> Result<(), CounterPlay> {
        let (code, mut board) = (d.code, d.board);
        if d.free == 0 {
            // Rule: "The game ends when all 36 cells are filled." and only then is it judged.
            return match why_order_wins(&board) {
                Some(reason) => Err(CounterPlay { moves: self.path_to(code), board, reason }),
                None => Ok(()),
            };
        }
        let mut free = d.free;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            // The states pair i gets from the rule's answers to ORDER's four moves in it (two lead to each).
            let mut states = 0;
            for rule in &self.pair_rules[i] {
                let order = rule.order;
                set(&mut board, order.cell, Some(order.letter));
                let reply = (self.chaos)(&board, order);
                if reply == Some(rule.answer) {
                    // The partner cell of ORDER's, empty as ORDER's was, so a legal answer; ORDER's pair gets one of
                    // its two fillings and nothing else changes.
                    states |= 1 << rule.state;
                } else {
                    let answer = match reply {
                        Some(answer) if legal(&board, answer) => answer,
                        _ => return Err(self.illegal(order, reply, board).after(self.path_to(code))),
                    };
                    set(&mut board, answer.cell, Some(answer.letter));
                    let off = self.walk_off_pairs(&board);
                    let before = || [self.path_to(code), vec![order, answer]].concat();
                    match off {
                        Ok(()) => set(&mut board, answer.cell, None),
                        Err(OffPair::Lost(counter_play)) => return Err(counter_play.after(before())),
                        Err(OffPair::Budget) => return Err(self.left_the_pairs(before(), board, rule.answer)),
                    }
                }
                set(&mut board, order.cell, None);
            }
            for state in 1..=2 {
                if states & 1 << state != 0 {
                    self.reach(code + state * self.pow3[i]);
                }
            }
        }
        Ok(())
    }

    /// Expands every reached position with a code in `lo..hi`, upward.
    fn sweep(&self, lo: u32, hi: u32) {
        let mut code = lo;
        let mut at: Option<Decoded> = None;
        while code < hi && !self.stop.load(Relaxed) {
            let pending = self.reached[code as usize / 64].load(Relaxed) >> (code % 64);
            if pending == 0 {
                code = (code / 64 + 1) * 64;
                continue;
            }
            code += pending.trailing_zeros();
            if code >= hi {
                break;
            }
            let d = match &mut at {
                Some(d) if d.code + 1 == code => {
                    self.step(d);
                    d
                }
                _ => at.insert(self.decode(code)),
            };
            if let Err(counter_play) = self.expand(d) {
                self.fail(counter_play);
            }
            code += 1;
        }
    }

    /// Expands the reached positions with a code in `base..base + 3^digits`, where the digits from `digits` up are
    /// fixed. By digit `digits − 1`, positions in the first third (pair empty) lead only into the block or to larger
    /// codes; those in the other two thirds (pair filled) can never lead into each other. So the first third goes
    /// first, then the other two side by side.
    fn sweep_block(&self, base: u32, digits: u32) {
        if digits <= SEQUENTIAL_DIGITS {
            return self.sweep(base, base + self.pow3[digits as usize]);
        }
        let third = self.pow3[digits as usize - 1];
        self.sweep_block(base, digits - 1);
        rayon::join(|| self.sweep_block(base + third, digits - 1), || self.sweep_block(base + 2 * third, digits - 1));
    }

    /// The counter-play for an answer that is not [`legal`] on `board` (ORDER's move written); moves from `board`'s
    /// position on.
    #[cold]
    #[inline(never)]
    fn illegal(&self, order: Move, answer: Option<Move>, board: Board) -> CounterPlay {
        let reason = match answer {
            None => "CHAOS has no answer".to_string(),
            Some(a) if usize::from(a.cell.row) >= SIDE || usize::from(a.cell.col) >= SIDE => {
                format!("CHAOS answers off the board: {} {} (0-based)", a.cell.row, a.cell.col)
            }
            Some(a) => format!("CHAOS answers {} in an occupied cell", wire(a)),
        };
        CounterPlay { moves: [order].into_iter().chain(answer).collect(), board, reason }
    }

    /// The counter-play for a strategy that left the pairs (its last answer, where the rule answers `rule_answer`) and
    /// whose walk off the pairs spent the budget.
    #[cold]
    fn left_the_pairs(&self, moves: Vec<Move>, board: Board, rule_answer: Move) -> CounterPlay {
        let answer = moves.last().map_or_else(String::new, |&m| wire(m));
        let reason = format!(
            "CHAOS leaves the pairs of this table: move {} answers {answer} where the pairing rule answers {}, and \
             the walk off the pairs passed its limit of {} positions without an ORDER win: not proven",
            moves.len(),
            wire(rule_answer),
            self.off_pair_limit
        );
        CounterPlay { moves, board, reason }
    }

    /// Marks a position visited by an off-pair walk; says whether it was new.
    fn claim_off_pair(&self, packed: u128) -> Claim {
        let mut seen = self.off_pair.lock().unwrap_or_else(|e| e.into_inner());
        if !seen.insert(packed) {
            Claim::Seen
        } else if seen.len() > self.off_pair_limit {
            Claim::Full
        } else {
            Claim::New
        }
    }

    /// Plays every ORDER move of the frame's position against the strategy and lists the rounds to walk into.
    fn expand_off_pairs(&self, board: &mut Board, frame: &mut Frame) -> Result<(), CounterPlay> {
        let mut listed = 0u64;
        let mut todo = frame.empty;
        frame.len = 0;
        frame.next = 0;
        while todo != 0 {
            let rule = &self.rule[todo.trailing_zeros() as usize];
            todo &= todo - 1;
            let order = rule.order;
            set(board, order.cell, Some(order.letter));
            let reply = (self.chaos)(board, order);
            let answer = match reply {
                Some(answer) if legal(board, answer) => answer,
                _ => return Err(self.illegal(order, reply, *board)),
            };
            set(board, order.cell, None);
            // The rule's answer fills ORDER's pair, which was empty: the other ORDER move with the same key leads to
            // the same board.
            let key = if answer == rule.answer { rule.key } else { 0 };
            if listed & key == 0 {
                frame.rounds[frame.len] = Round { order, answer };
                frame.len += 1;
            }
            listed |= key;
        }
        Ok(())
    }

    /// Depth-first walk from `start` (ORDER to move), memoised on the whole board. Its counter-plays start there.
    fn walk_off_pairs(&self, start: &Board) -> Result<(), OffPair> {
        let mut board = *start;
        let (packed, empty) = (pack(&board), order_moves(&board));
        match self.claim_off_pair(packed) {
            Claim::New => {}
            Claim::Seen => return Ok(()),
            Claim::Full => return Err(OffPair::Budget),
        }
        if empty == 0 {
            return match why_order_wins(&board) {
                Some(reason) => Err(OffPair::Lost(CounterPlay { moves: Vec::new(), board, reason })),
                None => Ok(()),
            };
        }
        let blank = Round { order: order_move(0), answer: order_move(0) };
        let mut frames: Vec<Frame> = (0..=PAIRS)
            .map(|_| Frame { packed: 0, empty: 0, rounds: [blank; 2 * SIDE * SIDE], len: 0, next: 0 })
            .collect();
        // `path[i]` is the round from `frames[i]` to `frames[i + 1]`; the top frame is `frames[path.len()]`.
        let mut path: Vec<Move> = Vec::new();
        let with_path = |path: &[Move], cp: CounterPlay| OffPair::Lost(cp.after(path.to_vec()));
        frames[0].packed = packed;
        frames[0].empty = empty;
        self.expand_off_pairs(&mut board, &mut frames[0]).map_err(|cp| with_path(&path, cp))?;
        loop {
            let depth = path.len() / 2;
            let frame = &mut frames[depth];
            if frame.next == frame.len || self.stop.load(Relaxed) {
                if depth == 0 {
                    return Ok(());
                }
                for m in path.drain(path.len() - 2..) {
                    set(&mut board, m.cell, None);
                }
                continue;
            }
            let Round { order, answer } = frame.rounds[frame.next];
            frame.next += 1;
            let packed = frame.packed | cell_pack(order) | cell_pack(answer);
            let empty = frame.empty & !cell_moves(order.cell) & !cell_moves(answer.cell);
            set(&mut board, order.cell, Some(order.letter));
            set(&mut board, answer.cell, Some(answer.letter));
            path.extend([order, answer]);
            let verdict = match self.claim_off_pair(packed) {
                Claim::Seen => Ok(false),
                Claim::Full => return Err(OffPair::Budget),
                // Rule: "The game ends when all 36 cells are filled." and only then is it judged.
                Claim::New if empty == 0 => match why_order_wins(&board) {
                    Some(reason) => Err(CounterPlay { moves: Vec::new(), board, reason }),
                    None => Ok(false),
                },
                Claim::New => Ok(true),
            };
            match verdict.map_err(|cp| with_path(&path, cp))? {
                true => {
                    let next = &mut frames[depth + 1];
                    next.packed = packed;
                    next.empty = empty;
                    self.expand_off_pairs(&mut board, next).map_err(|cp| with_path(&path, cp))?;
                }
                false => {
                    for m in path.drain(path.len() - 2..) {
                        set(&mut board, m.cell, None);
                    }
                }
            }
        }
    }

    /// The positions visited: those reached on the pairs, and those only the off-pair walks visited.
    fn positions(&self) -> u64 {
        let on_pairs: u64 = self.reached.iter().map(|w| u64::from(w.load(Relaxed).count_ones())).sum();
        let off_pair = self.off_pair.lock().unwrap_or_else(|e| e.into_inner());
        let off_only = off_pair.iter().filter(|&&k| self.code(&unpack(k)).is_none_or(|c| !self.is_reached(c))).count();
        on_pairs + off_only as u64
    }
}

/// The walk from any position ORDER is to move in (the empty board for [`walk`]), with a given off-pair limit.
fn walk_limited<C: Chaos + ?Sized>(
    pairing: &Pairing,
    chaos: &C,
    start: &Board,
    limit: usize,
) -> Result<u64, CounterPlay> {
    let walker = Walker::new(pairs_of(pairing)?, chaos, start, limit);
    match walker.start {
        Some(code) => {
            walker.reach(code);
            walker.sweep_block(0, PAIRS as u32);
        }
        None => match walker.walk_off_pairs(start) {
            Ok(()) => {}
            Err(OffPair::Lost(counter_play)) => walker.fail(counter_play),
            Err(OffPair::Budget) => {
                let reason = "the start is off the pairs, and so is the walk past its limit".to_string();
                walker.fail(CounterPlay { moves: Vec::new(), board: *start, reason });
            }
        },
    }
    let found = walker.found.lock().unwrap_or_else(|e| e.into_inner()).take();
    match found {
        Some(counter_play) => Err(counter_play),
        None => Ok(walker.positions()),
    }
}

/// Walks the game tree of every ORDER play against `chaos` (given the board with ORDER's move written and that
/// move, it returns CHAOS's answer, or `None` if it has none; it must be a pure function of the two), memoised on
/// the position. Checks that every answer is a legal move and that every full board is a CHAOS win. Returns the
/// number of distinct positions with ORDER to move or the game over (3^18 for a pairing strategy), or a counter-play.
/// Threads share the memo, so when several counter-plays exist, which one is returned may vary between runs.
pub fn walk<C: Chaos + ?Sized>(pairing: &Pairing, chaos: &C) -> Result<u64, CounterPlay> {
    walk_limited(pairing, chaos, &Board::default(), OFF_PAIR_LIMIT)
}

/// The parts of a proof, in the order [`prove`] runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The 2^18 final boards of the pairing rule, by the naive [`final_boards`].
    FinalBoards,
    /// The game tree of every ORDER play against the strategy itself, by [`walk`].
    GameTree,
}

/// What one part of a proof covered (final boards judged, or positions walked) and how long it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Covered {
    pub count: u64,
    pub time: Duration,
}

/// What a proof covered: the 2^18 final boards, and when it went that far, the positions (ORDER to move, or the
/// game over) the walk visited, the empty board included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    pub final_boards: Covered,
    pub game_tree: Option<Covered>,
}

/// Why a proof failed: the part that found ORDER's win (or an illegal answer), how long it ran, and the play.
#[derive(Debug)]
pub struct Refutation {
    pub part: Part,
    pub time: Duration,
    pub counter_play: CounterPlay,
}

/// The proof that CHAOS playing `chaos` by the table `pairing` never loses: [`final_boards`] of the table, then,
/// `through` [`Part::GameTree`], the [`walk`] of `chaos` itself. The final boards come first because a table that
/// loses there has its counter-play at once, where the walk reaches full boards late.
pub fn prove<C: Chaos + ?Sized>(pairing: &Pairing, chaos: &C, through: Part) -> Result<Proof, Refutation> {
    let timed = |part: Part, run: &dyn Fn() -> Result<u64, CounterPlay>| {
        let clock = Instant::now();
        let result = run();
        let time = clock.elapsed();
        result.map(|count| Covered { count, time }).map_err(|counter_play| Refutation { part, time, counter_play })
    };
    let final_boards = timed(Part::FinalBoards, &|| final_boards(pairing))?;
    let game_tree = match through {
        Part::FinalBoards => None,
        Part::GameTree => Some(timed(Part::GameTree, &|| walk(pairing, chaos))?),
    };
    Ok(Proof { final_boards, game_tree })
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::super::order_wins;
    use super::super::tests::{EDITORIALIST, TESTER, cell, malformed_tables, pairing_chaos, replays};
    use super::*;

    #[test]
    fn malformed_tables_are_rejected() {
        for ids in malformed_tables() {
            let cp = walk(&Pairing { ids }, &pairing_chaos(TESTER)).expect_err("malformed");
            assert!(cp.reason.starts_with("malformed pairing table"), "{cp}");
        }
    }

    #[test]
    fn walk_from_a_late_position_visits_every_pair_state() {
        // Fill pairs 1..=10 of the tester table with the rule; the 8 pairs left give 3^8 positions.
        let ids = TESTER;
        let pairs = pairs_of(&Pairing { ids }).unwrap();
        let mut start = Board::default();
        for (i, &pair) in pairs.iter().enumerate().take(10) {
            let letters = filling(pair, i % 2 == 1);
            set(&mut start, pair[0], Some(letters[0]));
            set(&mut start, pair[1], Some(letters[1]));
        }
        let got = walk_limited(&Pairing { ids }, &pairing_chaos(ids), &start, 0);
        assert_eq!(got.map_err(|cp| cp.to_string()), Ok(3u64.pow(8)));
        // The same with the memo keyed on the other table's pairs: the strategy is off those pairs everywhere, so
        // every position goes to the whole-board memo, and the count is the same.
        let got = walk_limited(&Pairing { ids: EDITORIALIST }, &pairing_chaos(ids), &start, 1 << 20);
        assert_eq!(got.map_err(|cp| cp.to_string()), Ok(3u64.pow(8)));
    }

    /// The strategy of `ids`, except that it answers pair `id` with the other letter.
    fn wrong_letter(ids: [[u8; 6]; 6], id: u8) -> impl Fn(&Board, Move) -> Option<Move> + Sync {
        let right = pairing_chaos(ids);
        move |b: &Board, order: Move| {
            let answer = right(b, order)?;
            let hit = ids[usize::from(order.cell.row)][usize::from(order.cell.col)] == id;
            Some(if hit { Move { letter: other(answer.letter), ..answer } } else { answer })
        }
    }

    #[test]
    fn walk_catches_a_wrong_letter() {
        // Pair 12 is in column 3: answered with the same letter, it leaves that column open.
        let start = Instant::now();
        let cp = walk(&Pairing { ids: TESTER }, &wrong_letter(TESTER, 12)).expect_err("column 3 open");
        eprintln!("wrong letter caught in {:?}:\n{cp}", start.elapsed());
        assert!(order_wins(&cp.board), "{cp}");
        assert!(cp.reason.contains("exact five"), "{cp}");
        replays(&cp);
        // Pair 1, the corners of the main diagonal: answered with the opposite letter, a five there is exact.
        let cp = walk(&Pairing { ids: TESTER }, &wrong_letter(TESTER, 1)).expect_err("long diagonal open");
        assert!(order_wins(&cp.board), "{cp}");
        replays(&cp);
    }

    #[test]
    fn walk_reports_a_strategy_off_its_pairs() {
        // Right strategy, memo keyed on another table: with a tiny budget the walk stops at the first answer the
        // other table's rule would not give.
        let other_table = Pairing { ids: EDITORIALIST };
        let cp = walk_limited(&other_table, &pairing_chaos(TESTER), &Board::default(), 1000).expect_err("limit");
        assert!(cp.reason.contains("leaves the pairs"), "{cp}");
        replays(&cp);
        let (order, answer) = (cp.moves[cp.moves.len() - 2], cp.moves[cp.moves.len() - 1]);
        let rule = pairing_chaos(EDITORIALIST);
        assert_ne!(rule(&cp.board, order), Some(answer), "{cp}");
        assert!(cp.reason.contains(&format!("answers {}", wire(answer))), "{cp}");
    }

    #[test]
    fn walk_catches_a_broken_table() {
        // From the empty board the walk reaches full boards late (see the ignored test); start it 13 rounds into
        // the counter-play of `final_boards`, with 5 pairs left.
        let mut ids = TESTER;
        ids[0][3] = 8;
        ids[3][0] = 7;
        let pairing = Pairing { ids };
        let shown = final_boards(&pairing).expect_err("broken table");
        let mut start = Board::default();
        for m in &shown.moves[..26] {
            set(&mut start, m.cell, Some(m.letter));
        }
        let cp = walk_limited(&pairing, &pairing_chaos(ids), &start, 0).expect_err("broken table");
        assert!(order_wins(&cp.board), "{cp}");
        let mut b = start;
        for m in &cp.moves {
            assert!(get(&b, m.cell).is_none());
            set(&mut b, m.cell, Some(m.letter));
        }
        assert_eq!(b, cp.board);
    }

    #[test]
    fn walk_catches_illegal_answers() {
        // No answer once ORDER plays in the bottom-right corner.
        // No answer to ORDER's fifth move.
        let right = pairing_chaos(TESTER);
        let silent = |b: &Board, order: Move| {
            if b.cells.iter().flatten().flatten().count() == 9 { None } else { right(b, order) }
        };
        let cp = walk(&Pairing { ids: TESTER }, &silent).expect_err("no answer");
        assert!(cp.reason.contains("no answer"), "{cp}");
        assert_eq!(cp.moves.len(), 9);
        replays(&cp);
        // An answer on ORDER's own cell.
        let echo = |_: &Board, order: Move| Some(order);
        let cp = walk(&Pairing { ids: TESTER }, &echo).expect_err("occupied");
        assert!(cp.reason.contains("occupied"), "{cp}");
        assert_eq!(cp.moves.len(), 2);
        // Off the board.
        let far = |_: &Board, order: Move| Some(Move { cell: cell(6, 0), ..order });
        let cp = walk(&Pairing { ids: TESTER }, &far).expect_err("off the board");
        assert!(cp.reason.contains("off the board"), "{cp}");
    }

    /// The whole proof of both tables (run with `--ignored`, in release).
    #[test]
    #[ignore]
    fn editorial_tables_are_proved() {
        for ids in [TESTER, EDITORIALIST] {
            let start = Instant::now();
            let proof = prove(&Pairing { ids }, &pairing_chaos(ids), Part::GameTree);
            let counts = proof.map(|p| (p.final_boards.count, p.game_tree.map(|t| t.count)));
            assert_eq!(counts.map_err(|r| r.counter_play.to_string()), Ok((1 << 18, Some(3u64.pow(18)))));
            eprintln!("prove: {:?}", start.elapsed());
        }
        let start = Instant::now();
        assert_eq!(final_boards(&Pairing { ids: TESTER }).map_err(|cp| cp.to_string()), Ok(1 << 18));
        eprintln!("final_boards alone: {:?}", start.elapsed());
    }

    /// Each pair answered with the wrong letter, in both tables: every one is caught.
    #[test]
    #[ignore]
    fn every_wrong_letter_is_caught() {
        for ids in [TESTER, EDITORIALIST] {
            for id in 1..=18 {
                let start = Instant::now();
                let cp = walk(&Pairing { ids }, &wrong_letter(ids, id)).expect_err("wrong letter");
                replays(&cp);
                eprintln!("pair {id}: {} ({:?})", cp.reason, start.elapsed());
            }
        }
    }

    /// The broken table from the empty board: the walk alone finds the win, but only once it reaches full boards,
    /// late in its count (about 50 s in release here).
    #[test]
    #[ignore]
    fn walk_alone_catches_a_broken_table() {
        let mut ids = TESTER;
        ids[0][3] = 8;
        ids[3][0] = 7;
        let start = Instant::now();
        let cp = walk(&Pairing { ids }, &pairing_chaos(ids)).expect_err("broken table");
        eprintln!("broken table caught by the walk in {:?}", start.elapsed());
        assert!(order_wins(&cp.board), "{cp}");
        replays(&cp);
    }

    /// A walk that stays off the pairs throughout: the tester's strategy with the memo keyed on the editorialist's
    /// pairs, from a board with six of the tester's pairs filled, so all 3^12 positions go through the hash set of
    /// packed boards. Run with `--ignored`, in release: it is the measure of that memo and its hasher.
    #[test]
    #[ignore]
    fn a_walk_off_the_pairs_through_3_pow_12_positions() {
        let pairs = pairs_of(&Pairing { ids: TESTER }).unwrap();
        let mut start = Board::default();
        for (i, &pair) in pairs.iter().enumerate().take(6) {
            let letters = filling(pair, i % 2 == 1);
            set(&mut start, pair[0], Some(letters[0]));
            set(&mut start, pair[1], Some(letters[1]));
        }
        let clock = Instant::now();
        let got = walk_limited(&Pairing { ids: EDITORIALIST }, &pairing_chaos(TESTER), &start, 1 << 20);
        assert_eq!(got.map_err(|cp| cp.to_string()), Ok(3u64.pow(12)));
        eprintln!("3^12 positions off the pairs in {:?}", clock.elapsed());
    }
}

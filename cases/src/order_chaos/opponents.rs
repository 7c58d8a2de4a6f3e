//! The grader's ORDER players: one per game, drawn from the game's own random stream, so game 17 of a seed is the
//! same player whether it was played after 16 others or alone.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use games::order_chaos::{Board, CELLS, Cell, Letter, Move, Pairing, fives};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::{Script, Shape, generate_shape};
use crate::case_rng;

/// The classes of ORDER player, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A random blank cell each move, `X` with a per-game probability (sometimes 0 or 1: one letter everywhere).
    Random,
    /// The move that brings the most fives closest to five equal letters.
    Greedy,
    /// The moves that lead, against the table CHAOS plays, to one of its hardest final boards.
    Replay,
    /// A script from the generator: one letter, a line first, board order, or random.
    Script,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Replay => "hard-line replay",
            Kind::Script => "script",
        }
    }
}

/// One game's ORDER player.
#[derive(Clone, Debug)]
pub enum Opponent {
    Random { x_share: f64 },
    Greedy,
    Scripted { kind: Kind, about: String, script: Script },
}

impl Opponent {
    /// Game `index` of `seed` against a CHAOS that plays `table`: the player, and the random stream it draws from
    /// during the game. Replays aim at `table`'s own hardest boards, so a table that loses is attacked where it is
    /// weakest, not where some other table would be.
    pub fn for_game(seed: u64, index: u64, table: &Pairing) -> (Opponent, ChaCha8Rng) {
        let mut rng = case_rng(seed, index);
        let opponent = match index % 5 {
            0 => {
                let x_share = match rng.random_range(0..4) {
                    0 => 0.0,
                    1 => 1.0,
                    _ => rng.random_range(0.0..=1.0),
                };
                Opponent::Random { x_share }
            }
            1 => Opponent::Greedy,
            2 => {
                let boards = hardest_boards(table);
                let which = rng.random_range(0..boards.len());
                Opponent::Scripted {
                    kind: Kind::Replay,
                    about: format!("hard-line replay {which}"),
                    script: replay(table, &boards[which], &mut rng),
                }
            }
            _ => {
                let shape = Shape::ALL[rng.random_range(0..Shape::ALL.len())];
                let about = format!("script ({shape:?})");
                Opponent::Scripted { kind: Kind::Script, about, script: generate_shape(&mut rng, shape) }
            }
        };
        (opponent, rng)
    }

    pub fn kind(&self) -> Kind {
        match self {
            Opponent::Random { .. } => Kind::Random,
            Opponent::Greedy => Kind::Greedy,
            Opponent::Scripted { kind, .. } => *kind,
        }
    }

    /// ORDER's move on a board with a blank cell.
    pub fn next_move(&self, board: &Board, rng: &mut impl Rng) -> Move {
        match self {
            Opponent::Random { x_share } => {
                let blanks: Vec<Cell> = board.blanks().collect();
                let cell = blanks[rng.random_range(0..blanks.len())];
                Move::new(cell, if rng.random_bool(*x_share) { Letter::X } else { Letter::O })
            }
            Opponent::Greedy => greedy(board, rng),
            Opponent::Scripted { script, .. } => script.next_move(board).expect("a blank cell is left"),
        }
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Random { x_share } => write!(f, "random ({:.0}% X)", x_share * 100.0),
            Opponent::Greedy => f.write_str("greedy"),
            Opponent::Scripted { about, .. } => f.write_str(about),
        }
    }
}

/// For each blank cell and letter, the fives through the cell that hold no other letter, each weighted by how many
/// of its letters the move would make equal (8^k); the best such move, ties broken at random.
pub fn greedy(board: &Board, rng: &mut impl Rng) -> Move {
    let mut score = [[0u64; 2]; CELLS];
    for five in fives() {
        let count = |letter| five.iter().filter(|&&c| board.get(c) == Some(letter)).count() as u32;
        let (x, o) = (count(Letter::X), count(Letter::O));
        for cell in five.iter().filter(|&&c| board.is_blank(c)) {
            if o == 0 {
                score[cell.index()][0] += 8u64.pow(x + 1);
            }
            if x == 0 {
                score[cell.index()][1] += 8u64.pow(o + 1);
            }
        }
    }
    let mut best: Option<(u64, u32, Move)> = None;
    for cell in board.blanks() {
        for (k, letter) in Letter::ALL.into_iter().enumerate() {
            let key = (score[cell.index()][k], rng.random::<u32>());
            if best.is_none_or(|(s, t, _)| key > (s, t)) {
                best = Some((key.0, key.1, Move::new(cell, letter)));
            }
        }
    }
    best.expect("a blank cell is left").2
}

/// How many final boards of a table the replays aim at.
const HARDEST: usize = 64;

/// The pairs of `table`, each once: its two cells (row by row) and whether CHAOS copies the letter into the partner
/// (the opposite corners of a long diagonal) rather than writing the other one. The order is the one the tester's
/// table has always been replayed in, so the games of a seed stay the same.
fn pairs(table: &Pairing) -> Vec<(Cell, Cell, bool)> {
    Cell::all()
        .filter_map(|a| {
            let b = Cell::all().find(|&b| b != a && table.id(b) == table.id(a))?;
            let same = a.row.abs_diff(b.row) == 5 && a.col.abs_diff(b.col) == 5;
            (a.index() < b.index()).then_some((a, b, same))
        })
        .collect()
}

/// The final boards of `table` (one per choice of letters for its 18 pairs) where the most fives hold five equal
/// letters (held off only because they are part of a six) or four equal letters and one other (held off by one
/// answer): the boards where CHAOS's letter rule is all that stands between ORDER and a win. Worked out once per
/// table: every replay game of a run asks for them.
pub fn hardest_boards(table: &Pairing) -> Arc<[Board]> {
    static BOARDS: Mutex<Option<HashMap<Pairing, Arc<[Board]>>>> = Mutex::new(None);
    let mut cache = BOARDS.lock().unwrap_or_else(|e| e.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    Arc::clone(cache.entry(*table).or_insert_with(|| work_out_hardest_boards(table)))
}

fn work_out_hardest_boards(table: &Pairing) -> Arc<[Board]> {
    let pairs: Vec<(usize, usize, bool)> =
        pairs(table).into_iter().map(|(a, b, same)| (a.index(), b.index(), same)).collect();
    let fives: Vec<[usize; 5]> = fives().map(|five| five.map(Cell::index)).collect();
    let letters = |code: u32| {
        let mut x = [false; CELLS];
        for (i, &(a, b, same)) in pairs.iter().enumerate() {
            let bit = code >> i & 1 == 1;
            x[a] = bit;
            x[b] = if same { bit } else { !bit };
        }
        x
    };
    let mut scored: Vec<(u32, u32)> = (0..1u32 << pairs.len())
        .map(|code| {
            let x = letters(code);
            let score = fives
                .iter()
                .map(|five| match five.iter().filter(|&&c| x[c]).count() {
                    0 | 5 => 2,
                    1 | 4 => 1,
                    _ => 0,
                })
                .sum();
            (score, code)
        })
        .collect();
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .iter()
        .take(HARDEST)
        .map(|&(_, code)| {
            let x = letters(code);
            let mut board = Board::new();
            for cell in Cell::all() {
                board.set(cell, Some(if x[cell.index()] { Letter::X } else { Letter::O }));
            }
            board
        })
        .collect()
}

/// ORDER's moves toward `target`: `table`'s pairs in random order, a random cell of each first, each with the
/// target's letter, then its partner (which a CHAOS playing the table fills first).
pub fn replay(table: &Pairing, target: &Board, rng: &mut impl Rng) -> Script {
    let mut pairs: Vec<(Cell, Cell)> = pairs(table).into_iter().map(|(a, b, _)| (a, b)).collect();
    pairs.shuffle(rng);
    let letter = |cell| target.get(cell).expect("a full board");
    let mut moves = Vec::with_capacity(CELLS);
    for (a, b) in pairs {
        let (first, second) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
        moves.push(Move::new(first, letter(first)));
        moves.push(Move::new(second, letter(second)));
    }
    Script { moves }
}

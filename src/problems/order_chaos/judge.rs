//! The local grader: ORDER players for a program that chose CHAOS, our strategy for one that chose ORDER, and the
//! protocol between them, line by line with a time limit.

use std::fmt;
use std::sync::OnceLock;

use cases::case_rng;
use games::order_chaos::{
    Board, CELLS, Cell, Letter, Move, ROUNDS, Script, Shape, Side, Verdict, fives, generate_shape, parse_move,
    parse_side,
};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use solvers::order_chaos::{Rule, Strategy};

use crate::interactive::{Connection, Fault, JudgeOptions};

/// The classes of ORDER player, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A random blank cell each move, `X` with a per-game probability (sometimes 0 or 1: one letter everywhere).
    Random,
    /// The move that brings the most fives closest to five equal letters.
    Greedy,
    /// The moves that lead, against the tester's table, to one of its hardest final boards.
    Replay,
    /// A script from the `games` generator: one letter, a line first, board order, or random.
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
    /// Game `index` of `seed`: the player, and the random stream it draws from during the game.
    pub fn for_game(seed: u64, index: u64) -> (Opponent, ChaCha8Rng) {
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
                let boards = hardest_boards();
                let which = rng.random_range(0..boards.len());
                Opponent::Scripted {
                    kind: Kind::Replay,
                    about: format!("hard-line replay {which}"),
                    script: replay(&boards[which], &mut rng),
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
fn greedy(board: &Board, rng: &mut impl Rng) -> Move {
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

/// How many final boards of the tester's table the replays aim at.
const HARDEST: usize = 64;

/// The final boards of the tester's table (one per choice of letters for its 18 pairs) where the most fives hold
/// five equal letters (held off only because they are part of a six) or four equal letters and one other (held off
/// by one answer): the boards where CHAOS's letter rule is all that stands between ORDER and a win.
pub fn hardest_boards() -> &'static [Board] {
    static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        let strategy = Strategy::tester();
        let pairs: Vec<(usize, usize, Rule)> =
            strategy.pairs().map(|(a, b, rule)| (a.index(), b.index(), rule)).collect();
        let fives: Vec<[usize; 5]> = fives().map(|five| five.map(Cell::index)).collect();
        let letters = |code: u32| {
            let mut x = [false; CELLS];
            for (i, &(a, b, rule)) in pairs.iter().enumerate() {
                let bit = code >> i & 1 == 1;
                x[a] = bit;
                x[b] = if rule == Rule::Same { bit } else { !bit };
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
    })
}

/// ORDER's moves toward `target`: the tester's pairs in random order, a random cell of each first, each with the
/// target's letter, then its partner (which a CHAOS playing the tester's table fills first).
fn replay(target: &Board, rng: &mut impl Rng) -> Script {
    let strategy = Strategy::tester();
    let mut pairs: Vec<(Cell, Cell)> = strategy.pairs().map(|(a, b, _)| (a, b)).collect();
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

/// One finished game.
#[derive(Clone, Debug)]
pub struct Game {
    pub index: u64,
    pub program: Side,
    /// ORDER's player when the program is CHAOS.
    pub opponent: Option<Opponent>,
    pub moves: Vec<Move>,
    pub verdict: Verdict,
}

impl Game {
    pub fn board(&self) -> Board {
        let mut board = Board::new();
        for &mv in &self.moves {
            board.play(mv);
        }
        board
    }

    pub fn won(&self) -> bool {
        self.verdict.winner() == self.program
    }

    /// `ORDER`/`CHAOS`, the opponent, the verdict and whether the program won.
    pub fn summary(&self) -> String {
        let against = match &self.opponent {
            Some(opponent) => format!("against {opponent} ORDER"),
            None => "against our CHAOS".into(),
        };
        let outcome = if self.won() { "won" } else { "LOST" };
        format!("game {}: program plays {} {against}: {}: {outcome}", self.index, self.program, self.verdict)
    }
}

/// How a judged run ended early.
#[derive(Clone, Debug)]
pub struct Broken {
    pub index: u64,
    pub reason: String,
    /// The moves of the game so far.
    pub moves: Vec<Move>,
}

/// Play `options.games` games with the program on `connection`, calling `each` after every game; `each` returns
/// whether to go on. `None` when every game ended, else how the program broke the protocol.
pub fn run(connection: &mut Connection, options: &JudgeOptions, mut each: impl FnMut(&Game) -> bool) -> Option<Broken> {
    connection.send(&options.games.to_string());
    let ours = Strategy::tester();
    for index in options.from..options.from + options.games {
        let mut moves = Vec::with_capacity(CELLS);
        match game(connection, options, index, &ours, &mut moves) {
            Ok(game) => {
                if !each(&game) {
                    return None;
                }
            }
            Err(reason) => return Some(Broken { index, reason, moves }),
        }
    }
    None
}

fn game(
    connection: &mut Connection,
    options: &JudgeOptions,
    index: u64,
    ours: &Strategy,
    moves: &mut Vec<Move>,
) -> Result<Game, String> {
    let fault = |f: Fault| f.to_string();
    let (line, text) = connection.receive(options.timeout).map_err(fault)?;
    let program = parse_side(line, &text).map_err(|e| format!("the program's output line {line}: {}", e.message))?;
    let (opponent, mut rng) = Opponent::for_game(options.seed, index);
    let mut board = Board::new();
    for _ in 0..ROUNDS {
        let order = match program {
            Side::Chaos => {
                let order = opponent.next_move(&board, &mut rng);
                connection.send(&order.to_string());
                order
            }
            Side::Order => receive_move(connection, options, &board)?,
        };
        board.play(order);
        moves.push(order);
        let chaos = match program {
            Side::Chaos => receive_move(connection, options, &board)?,
            Side::Order => {
                let answer = ours.reply(&board, order).expect("the tester's table always has an answer");
                connection.send(&answer.to_string());
                answer
            }
        };
        board.play(chaos);
        moves.push(chaos);
    }
    let verdict = Verdict::of(&board).expect("the board is full");
    let opponent = (program == Side::Chaos).then_some(opponent);
    Ok(Game { index, program, opponent, moves: std::mem::take(moves), verdict })
}

fn receive_move(connection: &mut Connection, options: &JudgeOptions, board: &Board) -> Result<Move, String> {
    let (line, text) = connection.receive(options.timeout).map_err(|f| f.to_string())?;
    parse_move(line, &text, board).map_err(|e| format!("the program's output line {line}: {}", e.message))
}

//! The local grader: the protocol between a program and its opponent (ORDER players from `cases` for a program
//! that chose CHAOS, our strategy for one that chose ORDER), line by line with a time limit, and the grader's own
//! judge of the full board.

use cases::order_chaos::Opponent;
use games::order_chaos::variant::{Position, Rules, Variant};
use games::order_chaos::{Board, CELLS, Five, Line, Move, ROUNDS, Side, Verdict, parse_move, parse_side};
use solvers::order_chaos::Strategy;

use crate::interactive::{Connection, Fault, JudgeOptions};

/// The first exact five-in-a-row of the board: five equal letters in a row whose line does not continue with the
/// same letter on either side (that would be six, which does not count). Meant for a full board; on a partial one a
/// blank cell counts as neither letter. The oracle judges with its own, written apart from this one.
pub fn exact_five(board: &Board) -> Option<Five> {
    for line in Line::ALL {
        for start in 0..=line.len - 5 {
            let Some(letter) = board.get(line.cell(start)) else { continue };
            if !(start..start + 5).all(|i| board.get(line.cell(i)) == Some(letter)) {
                continue;
            }
            let before = start.checked_sub(1).map(|i| board.get(line.cell(i)));
            let after = (start + 5 < line.len).then(|| board.get(line.cell(start + 5)));
            if before != Some(Some(letter)) && after != Some(Some(letter)) {
                return Some(Five { letter, cells: std::array::from_fn(|i| line.cell(start + i)) });
            }
        }
    }
    None
}

/// The verdict on a full board; `None` while a cell is blank, since nothing is judged before the end.
pub fn verdict(board: &Board) -> Option<Verdict> {
    board.is_full().then(|| exact_five(board).map_or(Verdict::ChaosWins, Verdict::OrderWins))
}

/// The grader's judge of the variants (`--rules`), after every move: `Some(ORDER)` when ORDER has won by the
/// rules, `Some(CHAOS)` when the board is full without that, `None` while the game goes on. A run is found as a
/// window of k cells in a line all holding one letter; it is exact when the cells just outside the window, where the
/// board has them, do not hold that letter too. The oracle's judge reads runs another way, on its own.
pub fn variant_winner(variant: Variant, position: Position) -> Option<Side> {
    let (n, k) = (i32::from(variant.side()), i32::from(variant.run()));
    let at =
        |r: i32, c: i32| ((0..n).contains(&r) && (0..n).contains(&c)).then(|| position.get(r as u8, c as u8)).flatten();
    let (mut any, mut exact) = (false, false);
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let Some(letter) = at(r, c) else { continue };
                if (1..k).all(|i| at(r + dr * i, c + dc * i) == Some(letter)) {
                    any = true;
                    exact |= at(r - dr, c - dc) != Some(letter) && at(r + dr * k, c + dc * k) != Some(letter);
                }
            }
        }
    }
    let order = match variant.rules {
        Rules::FullBoard => position.is_full() && exact,
        Rules::MomentAny => any,
        Rules::MomentExact => exact,
    };
    if order {
        Some(Side::Order)
    } else if position.is_full() {
        Some(Side::Chaos)
    } else {
        None
    }
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
        format!("game {}: program plays {} {against}: {}: {outcome}", self.index + 1, self.program, self.verdict)
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
/// whether to go on. `ours` answers a program that plays ORDER, and is the table the ORDER players attack when the
/// program plays CHAOS. `None` when every game ended, else how the program broke the protocol.
pub fn run(
    connection: &mut Connection,
    options: &JudgeOptions,
    ours: &Strategy,
    mut each: impl FnMut(&Game) -> bool,
) -> Option<Broken> {
    connection.send(&options.games.to_string());
    for index in options.from..options.from + options.games {
        let mut moves = Vec::with_capacity(CELLS);
        match game(connection, options, index, ours, &mut moves) {
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
    let (opponent, mut rng) = Opponent::for_game(options.seed, index, ours.pairing());
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
                let answer =
                    ours.reply(&board, order).expect("a pairing always has an answer: its pairs fill together");
                connection.send(&answer.to_string());
                answer
            }
        };
        board.play(chaos);
        moves.push(chaos);
    }
    let verdict = verdict(&board).expect("the board is full");
    let opponent = (program == Side::Chaos).then_some(opponent);
    Ok(Game { index, program, opponent, moves: std::mem::take(moves), verdict })
}

fn receive_move(connection: &mut Connection, options: &JudgeOptions, board: &Board) -> Result<Move, String> {
    let (line, text) = connection.receive(options.timeout).map_err(|f| f.to_string())?;
    parse_move(line, &text, board).map_err(|e| format!("the program's output line {line}: {}", e.message))
}

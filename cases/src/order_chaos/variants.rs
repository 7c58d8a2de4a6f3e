//! The grader's players for the variants (`judge order-chaos --rules …`): ORDER players for a program that takes
//! CHAOS and CHAOS players for one that takes ORDER, on a board of any side with runs of any length. On the
//! contest's 6×6 board with runs of five, half of the ORDER games are the contest's own players ([`Opponent`]).
//!
//! These players look at windows: k cells one after the other in a row, a column or a diagonal. They are
//! opponents, not judges; the grader judges every move with its own judge.

use std::fmt;

use games::order_chaos::variant::{Placed, Position, Rules, Variant};
use games::order_chaos::{Board, Cell, Letter, Move, Pairing, Side};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::Opponent;
use crate::case_rng;

/// One game's player on the grader's side.
#[derive(Clone, Debug)]
pub enum Player {
    /// ORDER or CHAOS: a random blank cell, `X` with a per-game probability.
    Random { side: Side, x_share: f64 },
    /// ORDER: the move that brings the most windows closest to a run.
    Greedy,
    /// ORDER on the contest's board: one of the contest's players, attacking the tester's table.
    Contest(Opponent),
    /// CHAOS: the other letter in the window nearest to a run, where that makes no run itself.
    Blocker,
}

impl Player {
    /// Game `index` of `seed` when the program plays `program`: the grader's player, and the random stream it draws
    /// from during the game. Game 17 of a seed is the same player whether played alone or after 16 others.
    pub fn for_game(seed: u64, index: u64, variant: Variant, program: Side) -> (Player, ChaCha8Rng) {
        let contest_board = variant.side() == 6 && variant.run() == 5;
        if program == Side::Chaos && contest_board && index.is_multiple_of(2) {
            let (opponent, rng) = Opponent::for_game(seed, index / 2, &Pairing::TESTER);
            return (Player::Contest(opponent), rng);
        }
        let mut rng = case_rng(seed, index);
        let side = program.other();
        let random = |rng: &mut ChaCha8Rng| {
            let x_share = match rng.random_range(0..4) {
                0 => 0.0,
                1 => 1.0,
                _ => rng.random_range(0.0..=1.0),
            };
            Player::Random { side, x_share }
        };
        // On the contest's board the odd games are left to these players: count them apart so they see every kind.
        let turn = if program == Side::Chaos && contest_board { index / 2 } else { index };
        let player = match (side, turn % 4) {
            (Side::Order, 0 | 2) => random(&mut rng),
            (Side::Order, _) => Player::Greedy,
            (Side::Chaos, 0) => random(&mut rng),
            (Side::Chaos, _) => Player::Blocker,
        };
        (player, rng)
    }

    pub fn side(&self) -> Side {
        match self {
            Player::Random { side, .. } => *side,
            Player::Greedy | Player::Contest(_) => Side::Order,
            Player::Blocker => Side::Chaos,
        }
    }

    /// The player's move on a board with a blank cell.
    pub fn next_move(&self, variant: Variant, position: Position, rng: &mut impl Rng) -> Placed {
        match self {
            Player::Random { x_share, .. } => {
                let blanks = blanks(position);
                let (row, col) = blanks[rng.random_range(0..blanks.len())];
                let letter = if rng.random_bool(*x_share) { Letter::X } else { Letter::O };
                Placed { row, col, letter }
            }
            Player::Greedy => greedy(variant, position, rng),
            Player::Contest(opponent) => {
                let Move { cell, letter } = opponent.next_move(&contest_board(position), rng);
                Placed { row: cell.row, col: cell.col, letter }
            }
            Player::Blocker => blocker(variant, position, rng),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random { side, x_share } => write!(f, "random {side} ({:.0}% X)", x_share * 100.0),
            Player::Greedy => f.write_str("greedy ORDER"),
            Player::Contest(opponent) => write!(f, "{opponent} ORDER"),
            Player::Blocker => f.write_str("blocker CHAOS"),
        }
    }
}

/// The 6×6 board of a position on the contest's board, for the contest's players.
fn contest_board(position: Position) -> Board {
    let mut board = Board::new();
    for row in 0..6u8 {
        for col in 0..6u8 {
            board.set(Cell { row, col }, position.get(row, col));
        }
    }
    board
}

fn blanks(position: Position) -> Vec<(u8, u8)> {
    let side = position.side();
    (0..side).flat_map(|r| (0..side).map(move |c| (r, c))).filter(|&(r, c)| position.get(r, c).is_none()).collect()
}

/// Every window of `run` cells one after the other in a row, a column or a diagonal of a board of side `side`.
pub fn windows(side: u8, run: u8) -> Vec<Vec<(u8, u8)>> {
    let (n, k) = (i32::from(side), i32::from(run));
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (end_r, end_c) = (r + dr * (k - 1), c + dc * (k - 1));
                if (0..n).contains(&end_r) && (0..n).contains(&end_c) {
                    out.push((0..k).map(|i| ((r + dr * i) as u8, (c + dc * i) as u8)).collect());
                }
            }
        }
    }
    out
}

/// The letters of a window: how many `X`, how many `O`.
fn count(position: Position, window: &[(u8, u8)]) -> (u32, u32) {
    let of = |letter| window.iter().filter(|&&(r, c)| position.get(r, c) == Some(letter)).count() as u32;
    (of(Letter::X), of(Letter::O))
}

/// Whether `placed` wins the game for ORDER: after it, some window is full of one letter (and, but under
/// `moment-any`, the line does not go on with that letter on either side; under `full-board`, only once the board is
/// full). The blocker uses it to keep from handing ORDER the game; the grader judges with its own judge.
fn wins_for_order(variant: Variant, position: Position, placed: Placed) -> bool {
    let after = position.play(placed);
    if variant.rules == Rules::FullBoard && !after.is_full() {
        return false;
    }
    let n = i32::from(variant.side());
    let at =
        |r: i32, c: i32| ((0..n).contains(&r) && (0..n).contains(&c)).then(|| after.get(r as u8, c as u8)).flatten();
    windows(variant.side(), variant.run()).iter().any(|window| {
        let letter = after.get(window[0].0, window[0].1);
        if letter.is_none() || !window.iter().all(|&(r, c)| after.get(r, c) == letter) {
            return false;
        }
        if variant.rules == Rules::MomentAny {
            return true;
        }
        let ((r0, c0), (r1, c1)) = (window[0], window[1]);
        let (dr, dc) = (i32::from(r1) - i32::from(r0), i32::from(c1) - i32::from(c0));
        let (rl, cl) = window[window.len() - 1];
        at(i32::from(r0) - dr, i32::from(c0) - dc) != letter && at(i32::from(rl) + dr, i32::from(cl) + dc) != letter
    })
}

/// For each blank cell and letter, the windows through the cell that hold no other letter, each weighted by how
/// many of its letters the move would make equal (8^k); the best such move, ties broken at random.
fn greedy(variant: Variant, position: Position, rng: &mut impl Rng) -> Placed {
    let windows = windows(variant.side(), variant.run());
    let mut best: Option<(u64, u32, Placed)> = None;
    for (row, col) in blanks(position) {
        for letter in Letter::ALL {
            let score: u64 = windows
                .iter()
                .filter(|w| w.contains(&(row, col)))
                .map(|w| {
                    let (x, o) = count(position, w);
                    let (mine, other) = if letter == Letter::X { (x, o) } else { (o, x) };
                    if other == 0 { 8u64.pow(mine + 1) } else { 0 }
                })
                .sum();
            let key = (score, rng.random::<u32>());
            if best.is_none_or(|(s, t, _)| key > (s, t)) {
                best = Some((key.0, key.1, Placed { row, col, letter }));
            }
        }
    }
    best.expect("a blank cell is left").2
}

/// The windows that hold one letter only, most of it first; in the first of them, the other letter in a blank cell
/// where that makes no run for ORDER. When no window is in danger, or every block would make a run, any move that
/// makes none; failing that, any move.
fn blocker(variant: Variant, position: Position, rng: &mut impl Rng) -> Placed {
    let safe = |placed: &Placed| !wins_for_order(variant, position, *placed);
    let mut danger: Vec<(u32, u32, Vec<Placed>)> = windows(variant.side(), variant.run())
        .into_iter()
        .filter_map(|window| {
            let (x, o) = count(position, &window);
            let (held, letter) = match (x, o) {
                (0, 0) => return None,
                (x, 0) => (x, Letter::X),
                (0, o) => (o, Letter::O),
                _ => return None,
            };
            let blocks: Vec<Placed> = window
                .iter()
                .filter(|&&(r, c)| position.get(r, c).is_none())
                .map(|&(row, col)| Placed { row, col, letter: letter.other() })
                .filter(safe)
                .collect();
            (!blocks.is_empty()).then(|| (held, rng.random::<u32>(), blocks))
        })
        .collect();
    danger.sort_by_key(|d| std::cmp::Reverse((d.0, d.1)));
    if let Some((_, _, blocks)) = danger.first() {
        return blocks[rng.random_range(0..blocks.len())];
    }
    let moves: Vec<Placed> = position.moves().collect();
    let safe_moves: Vec<Placed> = moves.iter().copied().filter(safe).collect();
    let from = if safe_moves.is_empty() { &moves } else { &safe_moves };
    from[rng.random_range(0..from.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(side: u8, run: u8, rules: Rules) -> Variant {
        Variant::new(side, run, rules).unwrap()
    }

    #[test]
    fn windows_are_every_run_of_cells_in_a_line() {
        // A 3×3 board with runs of three: three rows, three columns, two diagonals.
        assert_eq!(windows(3, 3).len(), 8);
        // With runs of two: 6 per direction along rows and columns, 4 per diagonal direction.
        assert_eq!(windows(3, 2).len(), 6 + 6 + 4 + 4);
        assert_eq!(windows(6, 5).len(), 32);
    }

    #[test]
    fn the_blocker_breaks_the_window_nearest_a_run() {
        let v = variant(4, 4, Rules::MomentAny);
        let position: Position = "XXX./..../..../O...".parse().unwrap();
        let mut rng = case_rng(1, 1);
        assert_eq!(blocker(v, position, &mut rng), Placed { row: 0, col: 3, letter: Letter::O });
    }

    #[test]
    fn the_blocker_makes_no_run_when_it_can_help_it() {
        // Under moment-any with runs of two, an O beside the O in (1, 1) would make a run for ORDER.
        let v = variant(3, 2, Rules::MomentAny);
        let position: Position = "O../.../..X".parse().unwrap();
        for seed in 0..50 {
            let placed = blocker(v, position, &mut case_rng(seed, 0));
            assert!(!wins_for_order(v, position, placed), "{placed}");
        }
        // A run of three is no exact run of two: under moment-exact, X in (1, 3) beside XX. only makes three.
        let exact = variant(3, 2, Rules::MomentExact);
        let two: Position = "XX./.../...".parse().unwrap();
        assert!(!wins_for_order(exact, two, Placed { row: 0, col: 2, letter: Letter::X }));
        assert!(wins_for_order(exact, two, Placed { row: 1, col: 0, letter: Letter::X }));
    }

    #[test]
    fn players_keep_to_blank_cells_and_their_sides() {
        for variant in [variant(4, 3, Rules::MomentAny), variant(6, 5, Rules::MomentExact)] {
            for program in [Side::Order, Side::Chaos] {
                for index in 0..8 {
                    let (player, mut rng) = Player::for_game(7, index, variant, program);
                    assert_eq!(player.side(), program.other());
                    let mut position = Position::empty(variant.side());
                    while !position.is_full() {
                        let placed = player.next_move(variant, position, &mut rng);
                        position = position.play(placed);
                    }
                }
            }
        }
    }
}

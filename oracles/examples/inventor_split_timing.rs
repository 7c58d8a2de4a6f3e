//! Times the split engine (`oracles::inventor_outlasting::split`) on full boards and on random boards at the limit.
//! Run: `cargo run --release -p oracles --example inventor_split_timing [translated|symmetric]`.
//! Each board gets a fresh engine (one memo per board); printed per family: boards, median and max time per board,
//! median and max memo size (part shapes), and the answers of the full boards; then the random boards again through one
//! engine whose memo they share.

use std::time::{Duration, Instant};

use games::inventor_outlasting::Board;
use oracles::inventor_outlasting::split::{Canon, Engine};

fn main() {
    let canon = match std::env::args().nth(1).as_deref() {
        None | Some("symmetric") => Canon::Symmetric,
        Some("translated") => Canon::Translated,
        Some(other) => {
            eprintln!("error: unknown memo key `{other}`: expected `translated` or `symmetric`");
            std::process::exit(2);
        }
    };
    println!("memo key: {canon:?}");
    for (rows, cols) in [(10, 20), (20, 10), (14, 14), (1, 200), (2, 100)] {
        let board = random_board(rows, cols, 1.0, &mut 1);
        let (answer, time, memo) = solve(canon, &board);
        println!(
            "full {rows}x{cols}: {:.3} s, memo {memo}, winning moves {}, grundy {}",
            time.as_secs_f64(),
            answer.winning_moves,
            answer.grundy
        );
    }
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for density in [0.5, 0.7] {
        let mut times = Vec::new();
        let mut memos = Vec::new();
        for _ in 0..21 {
            let board = random_board(10, 20, density, &mut state);
            let (_, time, memo) = solve(canon, &board);
            times.push(time);
            memos.push(memo);
        }
        times.sort();
        memos.sort();
        println!(
            "random 10x20 at density {density}: {} boards, time median {:.3} s max {:.3} s, memo median {} max {}",
            times.len(),
            times[times.len() / 2].as_secs_f64(),
            times[times.len() - 1].as_secs_f64(),
            memos[memos.len() / 2],
            memos[memos.len() - 1]
        );
    }
    // Shapes name no board, so one engine may carry its memo from board to board: the same 21 + 21 boards again.
    let mut state = 0x9e37_79b9_7f4a_7c15;
    let mut engine = Engine::new(canon);
    let start = Instant::now();
    for density in [0.5, 0.7] {
        for _ in 0..21 {
            engine.answer(&random_board(10, 20, density, &mut state));
        }
    }
    println!(
        "the same 42 random boards through one engine: {:.3} s in all, memo {} at the end",
        start.elapsed().as_secs_f64(),
        engine.memo_len()
    );
}

fn solve(canon: Canon, board: &Board) -> (games::inventor_outlasting::Answer, Duration, usize) {
    let mut engine = Engine::new(canon);
    let start = Instant::now();
    let answer = engine.answer(board);
    (answer, start.elapsed(), engine.memo_len())
}

/// A board whose every cell is a spot with probability `density`, from a xorshift at `state`.
fn random_board(rows: usize, cols: usize, density: f64, state: &mut u64) -> Board {
    let mut board = Board::new(rows, cols);
    for row in 0..rows {
        for col in 0..cols {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            board.set_spot(row, col, (*state >> 11) as f64 / (1u64 << 53) as f64 <= density);
        }
    }
    board
}

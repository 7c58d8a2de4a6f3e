// Stress-test target for `gamecheck stress`: a naive, standalone contest submission for
// Kick Start 2013 B "Hex" (reads the contest input on stdin, prints `Case #x: <verdict>`).
// It is independent of the gamecheck code and carries switchable, deliberate faults.
//
// Modes (first command-line argument):
//   (none)         correct solution (flood fills, O(N^4)).
//   ignore-count   never answers "Impossible" because of the stone counts (neither the
//                  |Blue - Red| <= 1 check nor the "winner has at least as many stones" check);
//                  everything else as the correct solution.
//   crash-on-one   correct, except that for N = 1 it reads a neighbour row that does not exist
//                  and panics with an index out of bounds (non-zero exit).
// Any other argument prints a usage line to stderr and exits 2.
use std::collections::VecDeque;
use std::io::{self, Read, Write};

#[derive(PartialEq, Clone, Copy)]
enum Mode {
    Correct,
    IgnoreCount,
    CrashOnOne,
}

/// Is there a chain of `color` between its two sides, with cell `removed` treated as empty?
/// Blue ('B') links column 0 and column n-1; Red ('R') links row 0 and row n-1.
fn has_chain(g: &[Vec<u8>], color: u8, removed: Option<(usize, usize)>) -> bool {
    let n = g.len();
    let own = |r: usize, c: usize| g[r][c] == color && removed != Some((r, c));
    let mut seen = vec![vec![false; n]; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        let (r, c) = if color == b'B' { (i, 0) } else { (0, i) };
        if own(r, c) {
            seen[r][c] = true;
            queue.push_back((r, c));
        }
    }
    const D: [(i64, i64); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];
    while let Some((r, c)) = queue.pop_front() {
        if (color == b'B' && c == n - 1) || (color == b'R' && r == n - 1) {
            return true;
        }
        for (dr, dc) in D {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr < 0 || nc < 0 || nr >= n as i64 || nc >= n as i64 {
                continue;
            }
            let (nr, nc) = (nr as usize, nc as usize);
            if !seen[nr][nc] && own(nr, nc) {
                seen[nr][nc] = true;
                queue.push_back((nr, nc));
            }
        }
    }
    false
}

/// Some single stone of `color` lies on every winning chain: removing it kills them all.
fn has_cut_stone(g: &[Vec<u8>], color: u8) -> bool {
    let n = g.len();
    (0..n).any(|r| (0..n).any(|c| g[r][c] == color && !has_chain(g, color, Some((r, c)))))
}

fn solve(g: &[Vec<u8>], mode: Mode) -> &'static str {
    if mode == Mode::CrashOnOne {
        // Deliberate fault: "every board has a second row" -- out of bounds when N = 1.
        let _below_first = g[1][0];
    }
    let count = |col: u8| g.iter().flatten().filter(|&&x| x == col).count();
    let (blue, red) = (count(b'B'), count(b'R'));
    let check_counts = mode != Mode::IgnoreCount;
    if check_counts && blue.abs_diff(red) > 1 {
        return "Impossible";
    }
    let (blue_wins, red_wins) = (has_chain(g, b'B', None), has_chain(g, b'R', None));
    if blue_wins && red_wins {
        return "Impossible";
    }
    for (wins, color, own, other, verdict) in
        [(blue_wins, b'B', blue, red, "Blue wins"), (red_wins, b'R', red, blue, "Red wins")]
    {
        if wins {
            if check_counts && own < other {
                return "Impossible";
            }
            return if has_cut_stone(g, color) { verdict } else { "Impossible" };
        }
    }
    "Nobody wins"
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.iter().map(|s| s.as_str()).collect::<Vec<_>>().as_slice() {
        [] => Mode::Correct,
        ["ignore-count"] => Mode::IgnoreCount,
        ["crash-on-one"] => Mode::CrashOnOne,
        _ => {
            eprintln!("usage: hex [ignore-count|crash-on-one] < input");
            std::process::exit(2);
        }
    };
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tok = input.split_ascii_whitespace();
    let t: usize = tok.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for case in 1..=t {
        let n: usize = tok.next().unwrap().parse().unwrap();
        let g: Vec<Vec<u8>> = (0..n).map(|_| tok.next().unwrap().as_bytes().to_vec()).collect();
        out += &format!("Case #{}: {}\n", case, solve(&g, mode));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

// Stress-test target for `gamecheck stress`: a naive, standalone contest submission for
// Code Jam 2012 Round 3 "Havannah" (reads the contest input on stdin, prints
// `Case #n: none` / `Case #n: <kinds> in move k`). It recomputes everything from scratch with
// flood fills after every move (fine for S <= 100 and a few hundred moves), is independent of
// the gamecheck code, and carries switchable, deliberate faults.
//
// Modes (first command-line argument):
//   (none)            correct solution.
//   corners-as-edges  the six corners also count as cells of their two adjacent edges (wrong:
//                     in Havannah a corner belongs to no edge), so corner contacts can make
//                     false forks; everything else correct.
//   sleep-from K      correct, but on a case with at least K moves it starts the child
//                     `sleep 60`, appends the child's pid and a newline to the file named by
//                     $GAMECHECK_TEST_PIDS (if set), and waits for it (hangs). Output of the
//                     earlier cases is written and flushed before it hangs.
// Any other argument prints a usage line to stderr and exits 2.
use std::io::{self, Read, Write};

#[derive(PartialEq, Clone, Copy)]
enum Mode {
    Correct,
    CornersAsEdges,
    SleepFrom(usize),
}

// Neighbours of (x, y): (x, y+1), (x+1, y+1), (x+1, y), (x, y-1), (x-1, y-1), (x-1, y).
const D: [(i64, i64); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// The board of side s, stored in a (2s+1) x (2s+1) square of positions (x, y), 0 <= x, y <= 2s,
/// at index x * w + y. Positions that are not board cells form the outside (always empty).
struct Board {
    w: i64,
    on_board: Vec<bool>,
    corners: Vec<u32>, // bit i: the cell is corner i
    edges: Vec<u32>,   // bit i: the cell belongs to edge i
    nb: Vec<Vec<usize>>, // neighbouring positions inside the square
}

impl Board {
    fn new(s: i64, mode: Mode) -> Board {
        let w = 2 * s + 1;
        let corner_list = [(1, 1), (1, s), (s, 1), (s, 2 * s - 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1)];
        let mut b = Board { w, on_board: vec![], corners: vec![], edges: vec![], nb: vec![] };
        for x in 0..w {
            for y in 0..w {
                let on = x >= 1 && y >= 1 && x <= 2 * s - 1 && y <= 2 * s - 1 && (x - y).abs() <= s - 1;
                let corner: u32 = (0..6).filter(|&i| on && corner_list[i] == (x, y)).map(|i| 1 << i).sum();
                let lines = [x == 1, y == 1, x == 2 * s - 1, y == 2 * s - 1, x - y == s - 1, y - x == s - 1];
                let mut edge: u32 = (0..6).filter(|&i| on && lines[i]).map(|i| 1 << i).sum();
                if corner != 0 && mode != Mode::CornersAsEdges {
                    edge = 0; // a corner belongs to no edge
                }
                b.on_board.push(on);
                b.corners.push(corner);
                b.edges.push(edge);
                b.nb.push(D.iter().map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(nx, ny)| nx >= 0 && ny >= 0 && nx < w && ny < w)
                    .map(|(nx, ny)| (nx * w + ny) as usize).collect());
            }
        }
        b
    }

    /// Indices of the neighbouring positions of `i` inside the square.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.nb[i].iter().copied()
    }

    /// Which of bridge, fork, ring exist when exactly the cells with `stone[i]` hold stones.
    fn structures(&self, stone: &[bool]) -> (bool, bool, bool) {
        let n = stone.len();
        // Groups of stones: flood fill each, collecting the corners and edges it touches.
        let (mut bridge, mut fork) = (false, false);
        let mut seen = vec![false; n];
        for start in 0..n {
            if !stone[start] || seen[start] {
                continue;
            }
            let (mut cmask, mut emask) = (0u32, 0u32);
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                cmask |= self.corners[i];
                emask |= self.edges[i];
                for j in self.neighbours(i) {
                    if stone[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            bridge |= cmask.count_ones() >= 2;
            fork |= emask.count_ones() >= 3;
        }
        // Ring: flood fill the empty cells from the outside (position (0, 0) is outside; all
        // outside positions are connected); any empty board cell left unreached is enclosed.
        let mut reached = vec![false; n];
        let mut stack = vec![0];
        reached[0] = true;
        while let Some(i) = stack.pop() {
            for j in self.neighbours(i) {
                if !stone[j] && !reached[j] {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
        let ring = (0..n).any(|i| self.on_board[i] && !stone[i] && !reached[i]);
        (bridge, fork, ring)
    }
}

fn hang() {
    let mut child = std::process::Command::new("sleep").arg("60").spawn().expect("cannot start sleep");
    if let Ok(path) = std::env::var("GAMECHECK_TEST_PIDS") {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path).unwrap();
        // One write per line: shrinking runs several sleepers at once, and `writeln!` on a file writes the digits
        // and the newline separately, so two appends could interleave into "12\n" pieces and empty lines.
        f.write_all(format!("{}\n", child.id()).as_bytes()).unwrap();
    }
    let _ = child.wait();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.iter().map(|s| s.as_str()).collect::<Vec<_>>().as_slice() {
        [] => Mode::Correct,
        ["corners-as-edges"] => Mode::CornersAsEdges,
        ["sleep-from", k] if k.parse::<usize>().is_ok() => Mode::SleepFrom(k.parse().unwrap()),
        _ => {
            eprintln!("usage: havannah [corners-as-edges | sleep-from K] < input");
            std::process::exit(2);
        }
    };
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tok = input.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap());
    let t = tok.next().unwrap();
    let mut stdout = io::stdout();
    for case in 1..=t {
        let (s, m) = (tok.next().unwrap(), tok.next().unwrap() as usize);
        let moves: Vec<(i64, i64)> = (0..m).map(|_| (tok.next().unwrap(), tok.next().unwrap())).collect();
        if let Mode::SleepFrom(k) = mode {
            if m >= k {
                stdout.flush().unwrap();
                hang();
            }
        }
        let board = Board::new(s, mode);
        let mut stone = vec![false; board.on_board.len()];
        let mut answer = "none".to_string();
        for (i, &(x, y)) in moves.iter().enumerate() {
            stone[(x * board.w + y) as usize] = true;
            let (b, f, r) = board.structures(&stone);
            if b || f || r {
                let kinds: Vec<&str> = [(b, "bridge"), (f, "fork"), (r, "ring")]
                    .iter().filter(|k| k.0).map(|k| k.1).collect();
                answer = format!("{} in move {}", kinds.join("-"), i + 1);
                break;
            }
        }
        writeln!(stdout, "Case #{}: {}", case, answer).unwrap();
    }
    stdout.flush().unwrap();
}

//! Havannah (Code Jam 2012 Round 3): the first move after which a bridge, fork or ring exists.
//!
//! Cells are (x, y) with 1 ≤ x, y ≤ 2S−1 and |x − y| ≤ S−1, as in the problem. Which cells are corners, edges or
//! neighbours is game logic: the solver and the oracles each work it out for themselves. The generators in the
//! `cases` crate walk the board too (to grow clusters and draw loops), with their own private steps, out of the
//! engines' reach.

use std::fmt;

use crate::contest::{Contest, Lines, ParseError, quote};

pub const NAME: &str = "havannah";
/// The largest board side the project accepts (the official limit is 3000).
pub const MAX_S: u32 = 1_000_000_000;
/// The most moves one game may have (the official limit is 10 000); never more than the board's cells.
pub const MAX_M: usize = 1_000_000;
/// The most cases one input may announce.
pub const MAX_T: u64 = 100_000;

/// A cell of the hexagonal board. u32 holds every coordinate up to 2S−1 for S ≤ 10^9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: u32,
    pub y: u32,
}

/// One case: the board's side S and the stones in the order they were placed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub size: u32,
    pub moves: Vec<Cell>,
}

impl Game {
    /// Whether the cell lies on the board of side `size`.
    pub fn on_board(&self, cell: Cell) -> bool {
        let last = 2 * u64::from(self.size) - 1;
        let (x, y) = (u64::from(cell.x), u64::from(cell.y));
        (1..=last).contains(&x) && (1..=last).contains(&y) && x.abs_diff(y) < u64::from(self.size)
    }

    /// How many cells a board of side `size` has: 3S(S−1) + 1.
    pub fn cell_count(size: u32) -> u64 {
        let s = u64::from(size);
        3 * s * (s - 1) + 1
    }

    /// Every cell of the board, x-major. Only for boards small enough to list (drawing, enumeration, generators).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        cells_of(self.size)
    }

    /// The game with every cell moved by one of the board's 12 symmetries.
    pub fn transformed(&self, symmetry: Symmetry) -> Game {
        Game { size: self.size, moves: self.moves.iter().map(|&c| symmetry.apply(self.size, c)).collect() }
    }

    /// The board drawn as the hexagon it is, each stone shown by its move number and each empty cell by `.`.
    ///
    /// Row y is printed from y = 2S−1 at the top down to y = 1, and cell (x, y) sits 2x − y half-cells from the
    /// left. So (x, y±1) and (x±1, y) and (x±1, y±1) — a cell's six neighbours — are the cells that look adjacent.
    pub fn drawing(&self) -> String {
        let s = i64::from(self.size);
        let last = 2 * s - 1;
        let mut number = std::collections::HashMap::new();
        for (i, &c) in self.moves.iter().enumerate() {
            number.insert(c, i + 1);
        }
        let width = self.moves.len().max(1).to_string().len();
        // A cell takes `width` characters and sits a whole cell (two half-cells) from the next.
        let half = width / 2 + 1;
        let mut out = String::new();
        for y in (1..=last).rev() {
            let mut line = String::new();
            for x in (y - s + 1).max(1)..=(y + s - 1).min(last) {
                let column = ((2 * x - y + s - 2) as usize) * half;
                let text = match number.get(&Cell { x: x as u32, y: y as u32 }) {
                    Some(k) => k.to_string(),
                    None => ".".to_string(),
                };
                let start = column + width - text.len();
                line.push_str(&" ".repeat(start - line.len()));
                line.push_str(&text);
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

fn cells_of(size: u32) -> impl Iterator<Item = Cell> {
    let last = 2 * size - 1;
    (1..=last).flat_map(move |x| {
        let lo = x.saturating_sub(size - 1).max(1);
        let hi = (x + size - 1).min(last);
        (lo..=hi).map(move |y| Cell { x, y })
    })
}

/// One of the 12 symmetries of the hexagonal board: `turns` sixths of a turn about the centre cell (S, S), then a
/// mirror if `mirrored`.
///
/// About the centre, with a = x − S and b = y − S, the coordinates (a, −b, b − a) sum to zero and bound the board
/// by |·| ≤ S − 1 each; the six steps between neighbours are the six arrangements of (1, −1, 0). So permuting
/// those three coordinates, and negating all three, keeps both the board and its neighbour relation: 6 × 2 = 12
/// maps, which are the six rotations and the six mirrors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    pub turns: u8,
    pub mirrored: bool,
}

impl Symmetry {
    pub const IDENTITY: Symmetry = Symmetry { turns: 0, mirrored: false };

    /// All twelve, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        [false, true].into_iter().flat_map(|mirrored| (0..6).map(move |turns| Symmetry { turns, mirrored }))
    }

    pub fn apply(self, size: u32, cell: Cell) -> Cell {
        let s = i64::from(size);
        let (mut a, mut b) = (i64::from(cell.x) - s, i64::from(cell.y) - s);
        // Six sixths are a whole turn, so `turns` past 5 needs no reducing.
        for _ in 0..self.turns {
            // (a, −b, b − a) → (a − b, −a, b): the three coordinates shifted round and negated, a sixth of a turn.
            (a, b) = (a - b, a);
        }
        if self.mirrored {
            // (a, −b, b − a) → (−b, a, b − a): the first two coordinates swapped.
            (a, b) = (-b, -a);
        }
        Cell { x: (a + s) as u32, y: (b + s) as u32 }
    }
}

/// The stones of each structure the reported move completes, in a form an independent checker verifies in time
/// linear in the game, at any S: every cell is a stone placed at or before that move, and each structure holds that
/// move's own stone (a structure without it would have stood a move earlier). `None` for a kind the answer does not
/// claim; an answer of `none` has no witness.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Witness {
    /// A bridge: a path of stones, each a neighbour of the one before, from one corner to another corner.
    pub bridge: Option<Vec<Cell>>,
    /// A fork: stones that are connected (through each other alone) and touch three different edges between them.
    pub fork: Option<Vec<Cell>>,
    /// A ring: a cycle of stones (each a neighbour of the one before and the last a neighbour of the first, no cell
    /// twice, at least six) and an empty cell that the cycle alone encloses: every walk from that cell to far off the
    /// board passes through a cell of the cycle.
    pub ring: Option<Ring>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ring {
    pub cycle: Vec<Cell>,
    pub enclosed: Cell,
}

/// The structures one move completes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Structures {
    pub bridge: bool,
    pub fork: bool,
    pub ring: bool,
}

/// `none`, or the first winning move (1-based) with every structure it completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Answer {
    None,
    Win { structures: Structures, at_move: usize },
}

impl Answer {
    /// The answer without its move number: `none`, `bridge`, `fork-ring`, ...; what a distribution counts.
    pub fn kinds(&self) -> String {
        match self {
            Answer::None => "none".into(),
            Answer::Win { structures, .. } => structures.to_string(),
        }
    }
}

impl fmt::Display for Structures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.bridge, "bridge"), (self.fork, "fork"), (self.ring, "ring")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
        f.write_str(&names.join("-"))
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::None => f.write_str("none"),
            Answer::Win { structures, at_move } => write!(f, "{structures} in move {at_move}"),
        }
    }
}

impl std::str::FromStr for Answer {
    type Err = String;

    /// `none` or `<kinds> in move k`, as printed.
    fn from_str(text: &str) -> Result<Answer, String> {
        let bad =
            || format!("expected `none` or `<kinds> in move k` (kinds like `bridge-ring`), found {}", quote(text));
        if text == "none" {
            return Ok(Answer::None);
        }
        let (kinds, at) = text.split_once(" in move ").ok_or_else(bad)?;
        let at_move: usize = at.parse().map_err(|_| bad())?;
        let mut structures = Structures::default();
        let mut previous = 0;
        for kind in kinds.split('-') {
            // Kinds come in the order bridge, fork, ring, each at most once.
            let (rank, flag) = match kind {
                "bridge" => (1, &mut structures.bridge),
                "fork" => (2, &mut structures.fork),
                "ring" => (3, &mut structures.ring),
                _ => return Err(bad()),
            };
            if rank <= previous {
                return Err(bad());
            }
            previous = rank;
            *flag = true;
        }
        if at_move == 0 {
            return Err(bad());
        }
        Ok(Answer::Win { structures, at_move })
    }
}

/// The first move (0-based) that repeats an earlier one, with the move it repeats. Sorting the cells as u64 keys
/// says whether any cell repeats in O(M log M) time and no allocation across cases, whatever S is; only an input
/// that has a repeat pays for finding the first one.
fn first_repeat(moves: &[Cell], sorted: &mut Vec<u64>) -> Option<(usize, usize)> {
    let key = |c: &Cell| (u64::from(c.x) << 32) | u64::from(c.y);
    sorted.clear();
    sorted.extend(moves.iter().map(key));
    sorted.sort_unstable();
    if sorted.windows(2).all(|w| w[0] != w[1]) {
        return None;
    }
    let mut first = std::collections::HashMap::new();
    let repeat = moves.iter().enumerate().find_map(|(later, c)| Some((first.insert(key(c), later)?, later)));
    Some(repeat.expect("the sorted keys hold a cell played twice"))
}

/// Havannah as the judge sees it: see [`Contest`].
pub struct Havannah;

impl Contest for Havannah {
    const NAME: &'static str = NAME;
    const LIMITS: crate::Sizes = crate::Sizes::new(2, MAX_S as usize);
    const MAX_T: u64 = MAX_T;

    type Case = Game;
    type Answer = Answer;

    /// A whole contest input: T, then per case `S M` and M lines `x y`.
    fn parse(input: &str) -> Result<Vec<Game>, ParseError> {
        let mut lines = Lines::new(NAME, input);
        let t = lines.case_count(MAX_T)?;
        let mut games = Vec::with_capacity(t.min(1024));
        // Reused across cases: the moves' cells as keys, sorted to find repeats.
        let mut sorted = Vec::new();
        for case in 1..=t {
            let tag = |e| in_case(e, case, t);
            let (line, [s, m]) = lines.numbers(["S", "M"], [2..=u64::from(MAX_S), 0..=MAX_M as u64]).map_err(tag)?;
            let size = s as u32;
            let cells = Game::cell_count(size);
            if m > cells {
                return Err(tag(
                    lines.error(line, format!("M = {m} is more than the {cells} cells of a board of side S = {s}"))
                ));
            }
            let last = 2 * s - 1;
            let mut game = Game { size, moves: Vec::with_capacity(m as usize) };
            let at_moves = lines.clone();
            for k in 1..=m {
                let (line, [x, y]) = lines
                    .numbers(["x", "y"], [1..=last, 1..=last])
                    .map_err(|mut e| {
                        e.message = format!("move {k} of {m}: {}", e.message);
                        e
                    })
                    .map_err(tag)?;
                let cell = Cell { x: x as u32, y: y as u32 };
                if !game.on_board(cell) {
                    return Err(tag(lines.error(
                        line,
                        format!(
                            "move {k}: cell ({x}, {y}) is off the board of side S = {s}: |x − y| = {} > S − 1",
                            x.abs_diff(y)
                        ),
                    )));
                }
                game.moves.push(cell);
            }
            if let Some((earlier, later)) = first_repeat(&game.moves, &mut sorted) {
                // The moves read again up to the repeat, for its line: only a bad input pays for it.
                let mut again = at_moves;
                let mut read = || again.numbers(["x", "y"], [1..=last, 1..=last]).expect("moves read once read again");
                let line = (0..=later).map(|_| read().0).last().expect("the repeat is a move");
                let Cell { x, y } = game.moves[later];
                return Err(tag(lines.error(
                    line,
                    format!("move {}: cell ({x}, {y}) was already played in move {}", later + 1, earlier + 1),
                )));
            }
            games.push(game);
        }
        lines.finish(t)?;
        Ok(games)
    }

    fn write_case(case: &Game, out: &mut String) {
        use std::fmt::Write;
        writeln!(out, "{} {}", case.size, case.moves.len()).expect("writing to a String");
        for c in &case.moves {
            writeln!(out, "{} {}", c.x, c.y).expect("writing to a String");
        }
    }

    fn read_answer(text: &str) -> Result<String, String> {
        text.parse::<Answer>().map(|a| a.to_string())
    }

    fn size(case: &Game) -> usize {
        case.size as usize
    }
}

fn in_case(mut e: ParseError, case: usize, t: usize) -> ParseError {
    e.message = format!("{} (case {case} of T = {t})", e.message);
    e
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn parse_and_write_round_trip() {
        let input = "2\n2 3\n1 1\n2 2\n3 3\n3 0\n";
        let games = Havannah::parse(input).unwrap();
        assert_eq!(
            games[0],
            Game { size: 2, moves: vec![Cell { x: 1, y: 1 }, Cell { x: 2, y: 2 }, Cell { x: 3, y: 3 }] }
        );
        assert_eq!(games[1], Game { size: 3, moves: vec![] });
        assert_eq!(Havannah::write(&games), input);
        // The size knob is S, not M.
        assert_eq!((Havannah::size(&games[0]), Havannah::size(&games[1])), (2, 3));
        assert_eq!(Havannah::LIMITS, crate::Sizes::new(2, 1_000_000_000));
        // Every cell of the board played: M may equal the cell count.
        let full = Game { size: 2, moves: cells_of(2).collect() };
        assert_eq!(Havannah::parse(&Havannah::write(std::slice::from_ref(&full))), Ok(vec![full]));
    }

    #[test]
    fn parse_errors_name_the_line() {
        let cases = [
            ("1\n1 0\n", "line 2: S = 1 is out of range 2..=1000000000"),
            ("1\n2 8\n", "line 2: M = 8 is more than the 7 cells of a board of side S = 2"),
            ("1\n2 1000001\n", "line 2: M = 1000001 is out of range 0..=1000000"),
            ("1\n2 1\n1 3\n", "line 3: move 1: cell (1, 3) is off the board of side S = 2: |x − y| = 2 > S − 1"),
            ("1\n2 1\n4 1\n", "line 3: move 1 of 1: x = 4 is out of range 1..=3"),
            ("1\n2 3\n1 1\n2 2\n1 1\n", "line 5: move 3: cell (1, 1) was already played in move 1"),
            ("1\n3 4\n1 1\n2 2\n2 2\n1 1\n", "line 5: move 3: cell (2, 2) was already played in move 2"),
            // Blank lines count: the repeat's line is where it stands, in a later case.
            (
                "2\n2 0\n\n3 3\n1 1\n\n2 2\n\n\n1 1\n",
                "line 10: move 3: cell (1, 1) was already played in move 1 (case 2",
            ),
            ("1\n2 2\n1 1\n", "line 4: move 2 of 2: expected a line `x y`, found the end of the input"),
            ("1\n2 1\n1 1\n2 2\n", "line 4: expected the end of the input after the 1 case(s) T announced"),
            ("1\n2 1\n1 1 1\n", "line 3: move 1 of 1: expected `x y`, found extra `1` after it"),
        ];
        for (input, message) in cases {
            let error = Havannah::parse(input).expect_err(input).to_string();
            assert!(error.contains(message), "{input:?}: {error}");
        }
    }

    #[test]
    fn answers_print_and_read_back() {
        let win = |bridge, fork, ring, at_move| Answer::Win { structures: Structures { bridge, fork, ring }, at_move };
        assert_eq!(win(true, true, false, 5).to_string(), "bridge-fork in move 5");
        assert_eq!(win(false, false, true, 6).to_string(), "ring in move 6");
        assert_eq!(Answer::None.to_string(), "none");
        assert_eq!((Answer::None.kinds(), win(true, false, true, 4).kinds()), ("none".into(), "bridge-ring".into()));
        for answer in [Answer::None, win(true, false, true, 12), win(true, true, true, 1)] {
            assert_eq!(answer.to_string().parse::<Answer>(), Ok(answer));
            assert_eq!(Havannah::read_answer(&answer.to_string()), Ok(answer.to_string()));
        }
        for bad in ["", "ring", "ring in move 0", "fork-bridge in move 3", "ring-ring in move 2", "in move 3"] {
            assert!(bad.parse::<Answer>().is_err(), "{bad:?}");
            assert!(Havannah::read_answer(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn symmetries_are_twelve_distinct_bijections_of_the_board() {
        for size in [2, 3, 5] {
            let board: Vec<Cell> = Game { size, moves: Vec::new() }.cells().collect();
            let last = 2 * size - 1;
            let square = (1..=last).flat_map(|x| (1..=last).map(move |y| Cell { x, y }));
            let game = Game { size, moves: board.clone() };
            assert_eq!(square.filter(|&c| game.on_board(c)).count(), board.len(), "S = {size}");
            assert_eq!(board.len() as u64, Game::cell_count(size));
            let mut images = HashSet::new();
            for symmetry in Symmetry::all() {
                let image = game.transformed(symmetry);
                assert!(image.moves.iter().all(|&c| game.on_board(c)), "{symmetry:?} leaves the board");
                let distinct: HashSet<Cell> = image.moves.iter().copied().collect();
                assert_eq!(distinct.len(), board.len(), "{symmetry:?} is not one-to-one");
                images.insert(image.moves);
            }
            assert_eq!(images.len(), 12, "S = {size}");
        }
    }

    #[test]
    fn drawing_shows_move_numbers_on_the_hexagon() {
        let game = Game { size: 2, moves: vec![Cell { x: 1, y: 1 }, Cell { x: 3, y: 3 }, Cell { x: 2, y: 2 }] };
        assert_eq!(game.drawing(), " . 2\n. 3 .\n 1 .\n");
    }
}

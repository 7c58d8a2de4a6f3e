//! Adjacent and Consecutive (Code Jam 2020 Virtual World Finals): count each player's mistakes in a played game.
//!
//! Tiles and cells are numbered 1..=N as in the problem. Who wins a position is game logic for the solver and the
//! oracle to work out on their own.

use std::fmt;

use crate::contest::{Contest, Lines, ParseError, quote, read_number};

pub const NAME: &str = "adjacent-consecutive";
/// The official lower limit; below it the problem is not posed.
pub const MIN_N: u32 = 4;
/// The largest game the project accepts (the official limit is 50): the solver's target size.
pub const MAX_N: u32 = 100_000;
/// The most cases one input may announce.
pub const MAX_T: u64 = 100_000;
/// The largest game `Arbitrary` builds: fuzzed games go to the minimax oracle (the largest check size).
pub const ARBITRARY_MAX_N: u32 = 7;

/// One move: a tile put into a cell (both 1-based). The input writes the tile first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub tile: u32,
    pub cell: u32,
}

/// A whole played game: N tiles, N cells, N moves; move i (0-based) is A's when i is even.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub n: u32,
    pub moves: Vec<Move>,
}

/// The contest answer (A's and B's mistakes) and, beside it, the verdict on every state: `winning[i]` says whether
/// the player to move before move i+1 can force a win. Only the counts are printed; the states are compared too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    pub a_mistakes: usize,
    pub b_mistakes: usize,
    pub winning: Vec<bool>,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.a_mistakes, self.b_mistakes)
    }
}

impl Game {
    /// A game from (tile, cell) pairs in the order played, checked as the parser checks input; for tests and
    /// hand-written cases.
    pub fn from_pairs(n: u32, pairs: &[(u32, u32)]) -> Result<Game, ParseError> {
        let mut text = format!("1\n{n}\n");
        for (tile, cell) in pairs {
            text.push_str(&format!("{tile} {cell}\n"));
        }
        AdjacentConsecutive::parse(&text).map(|mut games| games.remove(0))
    }

    /// Which tile sits in each cell after the first `moves` moves: entry `c - 1` for cell c.
    pub fn row_after(&self, moves: usize) -> Vec<Option<u32>> {
        let mut row = vec![None; self.n as usize];
        for m in &self.moves[..moves] {
            row[m.cell as usize - 1] = Some(m.tile);
        }
        row
    }

    /// Cells read right to left (c → N + 1 − c): neighbouring cells stay neighbours.
    pub fn mirror_cells(&self) -> Game {
        self.map(|m| Move { tile: m.tile, cell: self.n + 1 - m.cell })
    }

    /// Tiles renumbered t → N + 1 − t: consecutive tiles stay consecutive.
    pub fn relabel_tiles(&self) -> Game {
        self.map(|m| Move { tile: self.n + 1 - m.tile, cell: m.cell })
    }

    /// Every move's tile and cell exchanged. Tile x in cell c beside tile x ± 1 in cell c ± 1 becomes tile c in
    /// cell x beside tile c ± 1 in cell x ± 1, so the rules cannot tell the two games apart.
    pub fn swap_tile_cell(&self) -> Game {
        self.map(|m| Move { tile: m.cell, cell: m.tile })
    }

    fn map(&self, f: impl Fn(Move) -> Move) -> Game {
        Game { n: self.n, moves: self.moves.iter().map(|&m| f(m)).collect() }
    }

    /// The game move by move: who played which tile into which cell, the row of cells after it, and, from
    /// `answer`, whether the mover stood on a winning state and whether the move was a mistake.
    pub fn drawing(&self, answer: &Answer) -> String {
        let width = self.n.to_string().len();
        let mut out = format!("N = {}, mistakes: A {}, B {}\n", self.n, answer.a_mistakes, answer.b_mistakes);
        for (i, m) in self.moves.iter().enumerate() {
            let row: Vec<String> = self
                .row_after(i + 1)
                .iter()
                .map(|t| t.map_or_else(|| format!("{:>width$}", "."), |t| format!("{t:>width$}")))
                .collect();
            let player = if i % 2 == 0 { 'A' } else { 'B' };
            let state = match answer.winning.get(i) {
                Some(true) => "winning",
                Some(false) => "losing",
                None => "?",
            };
            // The last move is never a mistake: there is no state after it, so `winning` has no entry i + 1.
            let mistake = answer.winning.get(i) == Some(&true) && answer.winning.get(i + 1) == Some(&true);
            out.push_str(&format!(
                "{:>3}. {player} tile {:>width$} → cell {:>width$} | {} | from {state}{}\n",
                i + 1,
                m.tile,
                m.cell,
                row.join(" "),
                if mistake { ", MISTAKE" } else { "" }
            ));
        }
        out
    }
}

/// The game as contest input: N, then one `tile cell` line per move.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.n)?;
        for m in &self.moves {
            writeln!(f, "{} {}", m.tile, m.cell)?;
        }
        Ok(())
    }
}

/// The `N` line of a case. A line of two numbers there is most likely one move too many in the case before.
fn read_n(lines: &mut Lines<'_>, case: usize, t: usize, before: Option<&Game>) -> Result<u32, ParseError> {
    let where_ = format!("case {case} of T = {t}");
    let (line, text) = lines.next("a line `N`").map_err(|e| in_case(e, where_.clone()))?;
    let words: Vec<&str> = text.split_whitespace().collect();
    if let (Some(before), [a, b]) = (before, words.as_slice())
        && a.parse::<u64>().is_ok()
        && b.parse::<u64>().is_ok()
    {
        return Err(lines.error(
            line,
            format!(
                "expected `N` for {where_}, found the move {}: case {} has more than N = {} moves",
                quote(text),
                case - 1,
                before.n
            ),
        ));
    }
    let [word] = words.as_slice() else {
        return Err(lines.error(line, format!("expected `N` for {where_}, found {}", quote(text))));
    };
    let n = read_number("N", word, u64::from(MIN_N)..=u64::from(MAX_N))
        .map_err(|message| lines.error(line, format!("{message} ({where_})")))?;
    Ok(n as u32)
}

fn looks_like_a_move(message: &str) -> bool {
    let found = message.rsplit_once("found `").map_or("", |(_, rest)| rest.trim_end_matches('`'));
    let words: Vec<&str> = found.split_whitespace().collect();
    words.len() == 2 && words.iter().all(|w| w.parse::<u64>().is_ok())
}

/// Adjacent and Consecutive as the judge sees it: see [`Contest`].
pub struct AdjacentConsecutive;

impl Contest for AdjacentConsecutive {
    const NAME: &'static str = NAME;
    const LIMITS: crate::Sizes = crate::Sizes::new(MIN_N as usize, MAX_N as usize);
    const MAX_T: u64 = MAX_T;

    type Case = Game;
    type Answer = Answer;

    /// A whole contest input: T, then per case N and N lines `M C` (the tile, then the cell).
    fn parse(input: &str) -> Result<Vec<Game>, ParseError> {
        let mut lines = Lines::new(NAME, input);
        let t = lines.case_count(MAX_T)?;
        let mut games: Vec<Game> = Vec::with_capacity(t.min(1024));
        for case in 1..=t {
            let n = read_n(&mut lines, case, t, games.last())?;
            // The line each tile and cell was first played on, to name both lines of a repeat.
            let mut tile_line = vec![0; n as usize + 1];
            let mut cell_line = vec![0; n as usize + 1];
            let mut moves = Vec::with_capacity(n as usize);
            for i in 1..=n {
                let (line, [tile, cell]) =
                    lines.numbers(["M", "C"], [1..=u64::from(n), 1..=u64::from(n)]).map_err(|e| {
                        in_case(
                            e,
                            format!("move {i} of N = {n} in case {case} of T = {t}; each case has exactly N moves"),
                        )
                    })?;
                let (tile, cell) = (tile as usize, cell as usize);
                if tile_line[tile] != 0 {
                    return Err(
                        lines.error(line, format!("tile {tile} is played twice: on line {} and here", tile_line[tile]))
                    );
                }
                if cell_line[cell] != 0 {
                    return Err(
                        lines.error(line, format!("cell {cell} is filled twice: on line {} and here", cell_line[cell]))
                    );
                }
                tile_line[tile] = line;
                cell_line[cell] = line;
                moves.push(Move { tile: tile as u32, cell: cell as u32 });
            }
            games.push(Game { n, moves });
        }
        let last_n = games.last().map_or(0, |g| g.n);
        lines.finish(t).map_err(|mut e| {
            if e.message.contains("found `") && looks_like_a_move(&e.message) {
                e.message = format!("{} (the last case has more than its N = {last_n} moves?)", e.message);
            }
            e
        })?;
        Ok(games)
    }

    fn write_case(case: &Game, out: &mut String) {
        out.push_str(&case.to_string());
    }

    fn read_answer(text: &str) -> Result<String, String> {
        let bad = || format!("expected two counts `A B` (the mistakes of A and B), found {}", quote(text));
        let (a, b) = text.split_once(' ').ok_or_else(bad)?;
        let (a, b) =
            (crate::contest::read_count(a).map_err(|_| bad())?, crate::contest::read_count(b).map_err(|_| bad())?);
        Ok(format!("{a} {b}"))
    }

    fn size(case: &Game) -> usize {
        case.n as usize
    }
}

fn in_case(mut e: ParseError, context: String) -> ParseError {
    e.message = format!("{} ({context})", e.message);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input writes the tile first. The rules are symmetric in tile and cell, so no answer can notice the two
    /// read the wrong way round: only the parsed game can.
    #[test]
    fn parse_reads_the_tile_then_the_cell() {
        let games = AdjacentConsecutive::parse("1\n4\n2 1\n4 3\n1 4\n3 2\n").unwrap();
        assert_eq!(games[0].moves[0], Move { tile: 2, cell: 1 });
        assert_eq!(games[0].row_after(4), vec![Some(2), Some(3), Some(4), Some(1)]);
        assert_eq!(Game::from_pairs(4, &[(2, 1), (4, 3), (1, 4), (3, 2)]).unwrap(), games[0]);
        // The size knob is N, what the oracle's reach and every report count in.
        assert_eq!(AdjacentConsecutive::size(&games[0]), 4);
        assert_eq!(AdjacentConsecutive::LIMITS, crate::Sizes::new(4, 100_000));
    }

    /// What `stress` reads from a program: A's and B's mistakes as we print them, and nothing else.
    #[test]
    fn answers_read_back_as_printed() {
        for (a, b) in [(0, 0), (3, 0), (0, 12), (7, 10)] {
            let answer = Answer { a_mistakes: a, b_mistakes: b, winning: Vec::new() };
            assert_eq!(AdjacentConsecutive::read_answer(&answer.to_string()), Ok(format!("{a} {b}")));
        }
        for bad in ["", "3", "3 ", " 3", "3 4 5", "3  4", "03 4", "3 -4", "a b"] {
            let expected = format!("expected two counts `A B` (the mistakes of A and B), found `{bad}`");
            assert_eq!(AdjacentConsecutive::read_answer(bad), Err(expected));
        }
    }

    #[test]
    fn bad_input_names_the_line() {
        let error = |input: &str| AdjacentConsecutive::parse(input).unwrap_err().to_string();
        let cases = [
            ("1\n4\n1 1\n2 5\n", "line 4: C = 5 is out of range 1..=4 (move 2 of N = 4 in case 1 of T = 1"),
            ("1\n4\n0 1\n", "line 3: M = 0 is out of range 1..=4"),
            ("1\n4\n1 1\n1 2\n", "line 4: tile 1 is played twice: on line 3 and here"),
            ("1\n4\n1 1\n2 3\n3 1\n", "line 5: cell 1 is filled twice: on line 3 and here"),
            ("1\n4\n1 1\n2 3\n", "line 5: expected a line `M C`, found the end of the input (move 3 of N = 4"),
            ("2\n4\n1 1\n2 3\n3 2\n4\n1 1\n", "line 6: expected `M C`, found `4`: C is missing (move 4 of N = 4"),
            (
                "1\n4\n1 1\n2 3\n3 2\n4 4\n1 2\n",
                "line 7: expected the end of the input after the 1 case(s) T announced",
            ),
            ("1\n4\n1 1\n2 3\n3 2\n4 4\n1 2\n", "the last case has more than its N = 4 moves?"),
            ("2\n4\n1 1\n2 3\n3 2\n4 4\n1 2\n", "line 7: expected `N` for case 2 of T = 2, found the move `1 2`"),
            ("1\n3\n", "line 2: N = 3 is out of range 4..=100000"),
            ("1\n100001\n", "line 2: N = 100001 is out of range 4..=100000"),
            ("1\nfour\n", "line 2: expected N to be a whole number, found `four`"),
            ("1\n4 4 4\n", "line 2: expected `N` for case 1 of T = 1, found `4 4 4`"),
            ("1\n4\n1 1 1\n", "line 3: expected `M C`, found extra `1` after it"),
        ];
        for (input, message) in cases {
            let got = error(input);
            assert!(got.contains(message), "{input:?}: {got}");
        }
        // Junk after the last case that is no move (two numbers) gets no guess about a move too many.
        for junk in ["end", "5", "the end", "1 2 3"] {
            let got = error(&format!("1\n4\n1 1\n2 3\n3 2\n4 4\n{junk}\n"));
            assert!(got.ends_with(&format!("found `{junk}`")), "{got}");
        }
    }

    #[test]
    fn transforms_are_involutions_that_move_tiles_or_cells() {
        let game = Game::from_pairs(4, &[(1, 2), (3, 4), (4, 1), (2, 3)]).unwrap();
        assert_eq!(game.mirror_cells().moves[0], Move { tile: 1, cell: 3 });
        assert_eq!(game.relabel_tiles().moves[0], Move { tile: 4, cell: 2 });
        assert_eq!(game.swap_tile_cell().moves[0], Move { tile: 2, cell: 1 });
        for t in [Game::mirror_cells, Game::relabel_tiles, Game::swap_tile_cell] {
            assert_eq!(t(&t(&game)), game);
            let image = t(&game);
            assert_eq!(
                AdjacentConsecutive::parse(&AdjacentConsecutive::write(std::slice::from_ref(&image))),
                Ok(vec![image])
            );
        }
    }
}

//! Order and Chaos beyond ORDNCHS: square boards of any side up to [`MAX_SIDE`], runs of any length, and three
//! rules for when ORDER wins. The 6×6 game of the contest is [`Variant::ORDNCHS`]; the game people play on paper is
//! 6×6 with runs of five under [`Rules::MomentAny`] (the magazine rules) or [`Rules::MomentExact`].
//!
//! As everywhere in this crate, nothing here judges a position: what a run is, and when one wins, is read from the
//! rules by each engine on its own (the prover in `solvers`, the minimax oracle and the certificate checker in
//! `oracles`, the grader in the harness). This module only names the rules and holds positions and moves.

use std::fmt;
use std::str::FromStr;

use super::{Letter, Side, Symmetry};
use crate::contest::read_number;

/// The largest side: a position is two 64-bit masks.
pub const MAX_SIDE: u8 = 8;
/// The smallest side that has a line to win on with a run of two or more.
pub const MIN_SIDE: u8 = 2;

/// When a run of equal letters wins for ORDER. A run is cells one after the other in a row, a column or a diagonal,
/// all holding the same letter; it is exact when the line's cells just before and after it (where the board has them)
/// do not hold that letter too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rules {
    /// ORDNCHS: only the full board is judged; ORDER wins if it holds an exact run of `run`.
    FullBoard,
    /// ORDER wins the moment any run of `run` or more equal letters appears, whoever wrote it.
    MomentAny,
    /// ORDER wins the moment an exact run of `run` appears, whoever wrote it; a longer run does not count.
    MomentExact,
}

impl Rules {
    pub const ALL: [Rules; 3] = [Rules::FullBoard, Rules::MomentAny, Rules::MomentExact];

    /// The name on the command line and in certificates.
    pub fn name(self) -> &'static str {
        match self {
            Rules::FullBoard => "full-board",
            Rules::MomentAny => "moment-any",
            Rules::MomentExact => "moment-exact",
        }
    }

    /// Whether a game can end before the board is full.
    pub fn at_the_moment(self) -> bool {
        self != Rules::FullBoard
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = String;

    fn from_str(text: &str) -> Result<Rules, String> {
        Rules::ALL.into_iter().find(|r| r.name() == text).ok_or_else(|| {
            let names: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
            format!("expected rules {}, found {}", names.join(", "), crate::contest::quote(text))
        })
    }
}

/// A game of Order and Chaos: the board's side, the run that wins, and when it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    side: u8,
    run: u8,
    pub rules: Rules,
}

impl Variant {
    /// The contest's game.
    pub const ORDNCHS: Variant = Variant { side: 6, run: 5, rules: Rules::FullBoard };

    /// A side of [`MIN_SIDE`]..=[`MAX_SIDE`] and a run of 2..=side.
    pub fn new(side: u8, run: u8, rules: Rules) -> Result<Variant, String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(format!("expected a side of {MIN_SIDE} to {MAX_SIDE}, found {side}"));
        }
        if !(2..=side).contains(&run) {
            return Err(format!("expected a run of 2 to the side {side}, found {run}"));
        }
        Ok(Variant { side, run, rules })
    }

    pub fn side(self) -> u8 {
        self.side
    }

    pub fn run(self) -> u8 {
        self.run
    }

    pub fn cells(self) -> usize {
        usize::from(self.side) * usize::from(self.side)
    }
}

/// `moment-any 6×6, runs of 5`.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}×{}, runs of {}", self.rules, self.side, self.side, self.run)
    }
}

/// A position on a board of side `side`: cell `row * side + col` holds `X` where bit set in `x`, `O` where set in
/// `o`, and is blank otherwise. Who is to move follows from the count of letters: ORDER when it is even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    side: u8,
    x: u64,
    o: u64,
}

impl Position {
    /// The blank board. Panics past [`MAX_SIDE`]: sides come from a checked [`Variant`].
    pub fn empty(side: u8) -> Position {
        assert!((1..=MAX_SIDE).contains(&side), "a side of 1..={MAX_SIDE}");
        Position { side, x: 0, o: 0 }
    }

    pub fn side(self) -> u8 {
        self.side
    }

    /// The masks of `X` and of `O`, bit `row * side + col`.
    pub fn masks(self) -> (u64, u64) {
        (self.x, self.o)
    }

    /// From masks; `None` if they overlap or hold a cell past the board.
    pub fn from_masks(side: u8, x: u64, o: u64) -> Option<Position> {
        let board = Position::empty(side).board_mask();
        (x & o == 0 && (x | o) & !board == 0).then_some(Position { side, x, o })
    }

    fn board_mask(self) -> u64 {
        let cells = u32::from(self.side) * u32::from(self.side);
        if cells == 64 { u64::MAX } else { (1 << cells) - 1 }
    }

    #[inline]
    fn bit(self, row: u8, col: u8) -> u64 {
        assert!(row < self.side && col < self.side, "({row}, {col}) is on a board of side {}", self.side);
        1 << (u32::from(row) * u32::from(self.side) + u32::from(col))
    }

    // Inlined across crates: `moves` and `play` read a cell through it, and the certificate checker calls them for
    // every move it tries.
    #[inline]
    pub fn get(self, row: u8, col: u8) -> Option<Letter> {
        let bit = self.bit(row, col);
        if self.x & bit != 0 {
            Some(Letter::X)
        } else if self.o & bit != 0 {
            Some(Letter::O)
        } else {
            None
        }
    }

    /// The position after `placed`. Panics on a cell that is not blank: moves from outside are checked first.
    pub fn play(self, placed: Placed) -> Position {
        assert!(self.get(placed.row, placed.col).is_none(), "{placed}: the cell is not blank");
        let bit = self.bit(placed.row, placed.col);
        match placed.letter {
            Letter::X => Position { x: self.x | bit, ..self },
            Letter::O => Position { o: self.o | bit, ..self },
        }
    }

    pub fn filled(self) -> u32 {
        (self.x | self.o).count_ones()
    }

    pub fn is_full(self) -> bool {
        (self.x | self.o) == self.board_mask()
    }

    /// ORDER moves first, so ORDER is to move when the count of letters is even.
    pub fn to_move(self) -> Side {
        if self.filled().is_multiple_of(2) { Side::Order } else { Side::Chaos }
    }

    /// Every move into a blank cell, row by row, `X` before `O`.
    pub fn moves(self) -> impl Iterator<Item = Placed> {
        let side = self.side;
        (0..side)
            .flat_map(move |row| (0..side).map(move |col| (row, col)))
            .filter(move |&(r, c)| self.get(r, c).is_none())
            .flat_map(|(row, col)| Letter::ALL.map(|letter| Placed { row, col, letter }))
    }

    /// The position seen through a symmetry of the square.
    pub fn transform(self, symmetry: Symmetry) -> Position {
        // Letter by letter rather than cell by cell, and a row at a time so that a cell's row and column need no
        // division: the certificate checks see 16 images of every position they meet, and most cells are blank.
        let side = usize::from(self.side);
        let row_mask = (1u64 << side) - 1;
        let image = |mask: u64| {
            let mut out = 0u64;
            for row in 0..side {
                let mut letters = mask >> (row * side) & row_mask;
                // As many rounds as letters, lowest column first: a bounded loop, where `while letters != 0` could spin.
                for _ in 0..letters.count_ones() {
                    let col = letters.trailing_zeros() as usize;
                    letters &= letters - 1;
                    let (row, col) = symmetry.apply_on(side, row, col);
                    out |= 1 << (row * side + col);
                }
            }
            out
        };
        // A symmetry maps the board's cells one to one: no letter leaves the board, none lands on another.
        Position::from_masks(self.side, image(self.x), image(self.o))
            .filter(|image| image.filled() == self.filled())
            .expect("a symmetry maps the board's cells one to one")
    }

    /// Every `X` an `O` and every `O` an `X`.
    pub fn swap_letters(self) -> Position {
        Position { x: self.o, o: self.x, ..self }
    }
}

/// Rows of `X`, `O` and `.`, separated by `/`: `XO./.../..X`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.side {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..self.side {
                f.write_str(match self.get(row, col) {
                    Some(Letter::X) => "X",
                    Some(Letter::O) => "O",
                    None => ".",
                })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = String;

    /// What [`Position`]'s `Display` writes: a square of rows of `X`, `O` and `.`, separated by `/`.
    fn from_str(text: &str) -> Result<Position, String> {
        let rows: Vec<&str> = text.split('/').collect();
        let side = rows.len();
        if !(1..=usize::from(MAX_SIDE)).contains(&side) {
            return Err(format!("expected 1 to {MAX_SIDE} rows separated by `/`, found {side}"));
        }
        let mut position = Position::empty(side as u8);
        for (row, cells) in rows.iter().enumerate() {
            let width = cells.chars().count();
            if width != side {
                return Err(format!("row {} has {width} cells, expected {side} as there are {side} rows", row + 1));
            }
            for (col, ch) in cells.chars().enumerate() {
                let letter = match ch {
                    'X' => Letter::X,
                    'O' => Letter::O,
                    '.' => continue,
                    other => {
                        return Err(format!(
                            "bad character {} in row {}, column {}: expected `X`, `O` or `.`",
                            crate::contest::quote(other.encode_utf8(&mut [0; 4])),
                            row + 1,
                            col + 1
                        ));
                    }
                };
                position = position.play(Placed { row: row as u8, col: col as u8, letter });
            }
        }
        Ok(position)
    }
}

/// A letter written into a cell of a board of any side; rows and columns 0-based here, 1-based when written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    pub row: u8,
    pub col: u8,
    pub letter: Letter,
}

impl Placed {
    pub fn transform(self, side: u8, symmetry: Symmetry) -> Placed {
        let (row, col) = symmetry.apply_on(usize::from(side), usize::from(self.row), usize::from(self.col));
        Placed { row: row as u8, col: col as u8, letter: self.letter }
    }

    pub fn swap_letter(self) -> Placed {
        Placed { letter: self.letter.other(), ..self }
    }
}

/// The words `r c n` of a move on a board of side `side`: row and column 1-based in `1..=side`, and the letter.
/// Whether the cell is blank is for the caller, which knows the position.
pub fn read_placed(side: u8, [row, col, letter]: [&str; 3]) -> Result<Placed, String> {
    let row = read_number("r", row, 1..=u64::from(side))? as u8 - 1;
    let col = read_number("c", col, 1..=u64::from(side))? as u8 - 1;
    Ok(Placed { row, col, letter: Letter::read(letter)? })
}

/// `r c n`, 1-based, as a protocol move line.
impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.row + 1, self.col + 1, self.letter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_as_they_print() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse(), Ok(rules));
        }
        assert_eq!(
            "moment".parse::<Rules>(),
            Err("expected rules full-board, moment-any, moment-exact, found `moment`".to_string())
        );
        assert!(!Rules::FullBoard.at_the_moment() && Rules::MomentAny.at_the_moment());
    }

    #[test]
    fn variants_keep_to_their_limits() {
        assert_eq!(Variant::new(6, 5, Rules::FullBoard), Ok(Variant::ORDNCHS));
        assert!(Variant::new(1, 1, Rules::MomentAny).is_err());
        assert!(Variant::new(9, 5, Rules::MomentAny).is_err());
        assert!(Variant::new(4, 5, Rules::MomentAny).is_err());
        assert!(Variant::new(4, 1, Rules::MomentAny).is_err());
        assert_eq!(Variant::new(8, 8, Rules::MomentExact).map(Variant::cells), Ok(64));
        assert_eq!(Variant::new(4, 3, Rules::MomentAny).unwrap().to_string(), "moment-any 4×4, runs of 3");
    }

    #[test]
    fn positions_read_as_they_print_and_count_their_moves() {
        let p: Position = "X../.O./...".parse().unwrap();
        assert_eq!(p.to_string(), "X../.O./...");
        assert_eq!((p.side(), p.filled(), p.to_move(), p.is_full()), (3, 2, Side::Order, false));
        assert_eq!(p.moves().count(), 14);
        assert_eq!(p.get(1, 1), Some(Letter::O));
        let q = p.play(Placed { row: 2, col: 2, letter: Letter::X });
        assert_eq!((q.to_string(), q.to_move()), ("X../.O./..X".to_string(), Side::Chaos));
        assert_eq!(p.swap_letters().to_string(), "O../.X./...");
        let full: Position = "XOXOXOXO/OXOXOXOX/XOXOXOXO/OXOXOXOX/XOXOXOXO/OXOXOXOX/XOXOXOXO/OXOXOXOX".parse().unwrap();
        assert!(full.is_full() && full.moves().next().is_none());
        assert_eq!(Position::from_masks(2, 0b0011, 0b1100).map(|p| p.to_string()), Some("XX/OO".to_string()));
        assert_eq!(Position::from_masks(2, 0b0011, 0b0010), None);
        assert_eq!(Position::from_masks(2, 0b10000, 0), None);
        assert!("X./..".parse::<Position>().is_ok());
        assert_eq!("X./...".parse::<Position>(), Err("row 2 has 3 cells, expected 2 as there are 2 rows".into()));
        assert_eq!(
            "X./.\u{a0}".parse::<Position>(),
            Err("bad character `\\u{a0}` in row 2, column 2: expected `X`, `O` or `.`".into())
        );
    }

    #[test]
    fn symmetries_move_cells_on_any_side() {
        let p: Position = "XO./.../...".parse().unwrap();
        let images: std::collections::HashSet<String> =
            Symmetry::ALL.iter().map(|&s| p.transform(s).to_string()).collect();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            assert_eq!(p.transform(s).filled(), 2);
        }
    }

    /// A position's image letter by letter against its letters carried one by one, on every side and symmetry, on
    /// positions of every fill: the blank board, the full one (the last row and column included) and between.
    #[test]
    fn a_position_turns_as_its_letters_do() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for side in 1..=MAX_SIDE {
            for fill in [0, 1, 3, 5, 8] {
                let mut p = Position::empty(side);
                for row in 0..side {
                    for col in 0..side {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        if state % 8 < fill {
                            let letter = if state >> 32 & 1 == 0 { Letter::X } else { Letter::O };
                            p = p.play(Placed { row, col, letter });
                        }
                    }
                }
                for s in Symmetry::ALL {
                    let mut carried = Position::empty(side);
                    for row in 0..side {
                        for col in 0..side {
                            if let Some(letter) = p.get(row, col) {
                                carried = carried.play(Placed { row, col, letter }.transform(side, s));
                            }
                        }
                    }
                    assert_eq!(p.transform(s), carried, "side {side}, {p}, {s:?}");
                }
            }
        }
    }

    #[test]
    fn a_move_turns_on_its_board() {
        let placed = Placed { row: 0, col: 1, letter: Letter::O };
        assert_eq!(placed.to_string(), "1 2 O");
        let turned = Symmetry { transpose: true, flip_rows: false, flip_cols: true };
        assert_eq!(placed.transform(3, turned), Placed { row: 1, col: 2, letter: Letter::O });
    }
}

//! The literal judge of the variants: who has won a [`Position`] under a [`Variant`]'s rules, found by walking every
//! row, column and diagonal of the board cell by cell. Read it against "Variants" in `docs/problems/order-chaos.md`.
//!
//! A run is k or more equal letters one after the other in a line; it is exact when the cells just before and after
//! it do not hold that letter. So the runs that matter are the maximal ones (a letter whose line neighbours on both
//! sides, where the board has them, hold something else): the board holds a run of k or more exactly when some
//! maximal run is k or longer, and an exact run of k exactly when some maximal run is k long.
//!
//! [`winner_after`] judges a move in a game not over by the runs through the cell it writes only; its doc says why
//! that is the same verdict, and the tests compare it with [`winner`] after the move.

use games::order_chaos::Side;
use games::order_chaos::variant::{Placed, Position, Rules, Variant};

/// One step along a row, a column and each of the two diagonal directions. The four opposite steps read the same
/// lines backwards, so they find the same runs.
const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The cells of a position as the judge reads them: the side, and the masks of `X` and of `O` (bit `row * side +
/// col`, as [`Position::masks`] has them), read once.
#[derive(Clone, Copy)]
struct Cells {
    side: i32,
    x: u64,
    o: u64,
}

impl Cells {
    fn of(position: Position) -> Cells {
        let (x, o) = position.masks();
        Cells { side: i32::from(position.side()), x, o }
    }

    /// The mask of the letter at (`row`, `col`), standing for the letter; `None` for a blank cell.
    fn letter(self, row: i32, col: i32) -> Option<u64> {
        [self.x, self.o].into_iter().find(|&mask| self.holds(mask, row, col))
    }

    /// Whether (`row`, `col`) is on the board and holds the letter of `mask`. A cell off the board holds nothing.
    #[inline]
    fn holds(self, mask: u64, row: i32, col: i32) -> bool {
        let on_board = (0..self.side).contains(&row) && (0..self.side).contains(&col);
        on_board && mask >> (row * self.side + col) & 1 == 1
    }

    /// How many cells from (`row`, `col`) on, one `(dr, dc)` step at a time, hold the letter of `mask`.
    #[inline]
    fn count(self, mask: u64, (row, col): (i32, i32), (dr, dc): (i32, i32)) -> usize {
        let mut length = 0;
        while self.holds(mask, row + dr * length, col + dc * length) {
            length += 1;
        }
        length as usize
    }
}

/// Whether the board has a maximal run whose length `wanted` accepts: from every cell holding a letter, in every
/// direction, when the cell before it in that direction does not hold the same letter, count how many cells from it
/// on hold that letter. Stops at the first run wanted.
pub fn any_maximal_run(position: Position, mut wanted: impl FnMut(usize) -> bool) -> bool {
    let cells = Cells::of(position);
    for row in 0..cells.side {
        for col in 0..cells.side {
            let Some(letter) = cells.letter(row, col) else { continue };
            for (dr, dc) in STEPS {
                if cells.holds(letter, row - dr, col - dc) {
                    // Not the first cell of its run in this direction: the run is counted from its first cell.
                    continue;
                }
                if wanted(cells.count(letter, (row, col), (dr, dc))) {
                    return true;
                }
            }
        }
    }
    false
}

/// The lengths of every maximal run on the board, in the order [`any_maximal_run`] meets them.
pub fn maximal_runs(position: Position) -> impl Iterator<Item = usize> {
    let mut lengths = Vec::new();
    any_maximal_run(position, |length| {
        lengths.push(length);
        false
    });
    lengths.into_iter()
}

/// Whether the board holds a run of `run` or more equal letters in a line.
pub fn holds_run(position: Position, run: u8) -> bool {
    any_maximal_run(position, |length| length >= usize::from(run))
}

/// Whether the board holds an exact run of `run`: that many equal letters in a line, and not more.
pub fn holds_exact_run(position: Position, run: u8) -> bool {
    any_maximal_run(position, |length| length == usize::from(run))
}

/// Whether ORDER has won on this board by the variant's rules: under `full-board` only a full board is judged.
/// A game under the moment rules is judged after every move and stops at the first win, so "the moment a run
/// appears" is "the first position of the game that holds one".
pub fn order_has_won(variant: Variant, position: Position) -> bool {
    match variant.rules {
        Rules::FullBoard => position.is_full() && holds_exact_run(position, variant.run()),
        Rules::MomentAny => holds_run(position, variant.run()),
        Rules::MomentExact => holds_exact_run(position, variant.run()),
    }
}

/// Who has won a game that reached `position`, or `None` while it goes on: ORDER by the rules above, CHAOS when the
/// board is full without ORDER's win.
pub fn winner(variant: Variant, position: Position) -> Option<Side> {
    if order_has_won(variant, position) {
        Some(Side::Order)
    } else if position.is_full() {
        Some(Side::Chaos)
    } else {
        None
    }
}

/// The lengths of the four runs through (`row`, `col`), one in each line through the cell (its row, its column, its
/// two diagonals): the cell and the cells that hold its letter one after the other before it and after it. Each is
/// a maximal run, as it stops on either side at the first cell without the letter. All 0 for a blank cell.
pub fn runs_through(position: Position, row: u8, col: u8) -> [usize; 4] {
    let cells = Cells::of(position);
    let (row, col) = (i32::from(row), i32::from(col));
    let Some(letter) = cells.letter(row, col) else { return [0; 4] };
    STEPS.map(|(dr, dc)| cells.count(letter, (row, col), (-dr, -dc)) + cells.count(letter, (row, col), (dr, dc)) - 1)
}

/// Who has won once `placed` is written in `position`, a position where the game is **not over**: the verdict of
/// [`winner`] on `position.play(placed)`, with ORDER's win under the moment rules read off the runs through the
/// written cell only.
///
/// Why that is the same verdict: a game not over holds no winning run, and writing a letter into a cell changes only
/// the runs in the lines through it that it joins or lengthens, which then pass through it (every other run, of either
/// letter, is one the position held already, exact or not as before, since a blank neighbour and a neighbour with the
/// other letter are alike to it); so after the move a winning run passes through the written cell. Under
/// `full-board` the whole board is judged, as [`winner`] does, since only a full board counts and a run made
/// earlier may win there.
///
/// In a position where the game is over the verdict may differ from [`winner`]'s: the caller must know it is not.
pub fn winner_after(variant: Variant, position: Position, placed: Placed) -> Option<Side> {
    let after = position.play(placed);
    let run = usize::from(variant.run());
    let through = runs_through(after, placed.row, placed.col);
    let order_won = match variant.rules {
        Rules::FullBoard => return winner(variant, after),
        Rules::MomentAny => through.iter().any(|&length| length >= run),
        Rules::MomentExact => through.contains(&run),
    };
    if order_won {
        Some(Side::Order)
    } else if after.is_full() {
        Some(Side::Chaos)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order_chaos::xorshift;

    fn position(text: &str) -> Position {
        text.parse().expect("a hand-written position")
    }

    fn variant(side: u8, run: u8, rules: Rules) -> Variant {
        Variant::new(side, run, rules).expect("a variant in range")
    }

    fn sorted(runs: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut runs: Vec<usize> = runs.collect();
        runs.sort_unstable();
        runs
    }

    #[test]
    fn a_lone_letter_is_a_run_of_one_in_every_direction() {
        assert_eq!(sorted(maximal_runs(position("..../.X../..../...."))), vec![1, 1, 1, 1]);
        assert_eq!(maximal_runs(position("..../..../..../....")).next(), None);
    }

    #[test]
    fn runs_are_found_on_rows_columns_and_both_diagonals() {
        // Row 2 and column 3 cross at (2, 3), so X there belongs to both runs.
        let cross = position("..X./XXXX/..X./..X.");
        assert!(holds_run(cross, 4) && holds_exact_run(cross, 4) && !holds_exact_run(cross, 3));
        assert!(holds_run(position("O.../.O../..O./...O"), 4));
        assert!(holds_run(position("...X/..X./.X../X..."), 4));
        // Off the main diagonals: the short diagonal beside the anti-diagonal, three long.
        let short = position("..O./.O../O.../....");
        assert!(holds_exact_run(short, 3) && !holds_run(short, 4));
        assert_eq!(sorted(maximal_runs(short)), vec![1, 1, 1, 1, 1, 1, 1, 1, 1, 3]);
    }

    #[test]
    fn a_longer_run_is_not_exact_but_still_a_run() {
        let five = position("...../XXXXX/...../...../.....");
        assert!(holds_run(five, 4) && !holds_exact_run(five, 4) && holds_exact_run(five, 5));
        // Four X then an O: exact. The O ends the run as the edge of the board does.
        let four = position("...../XXXXO/...../...../.....");
        assert!(holds_exact_run(four, 4) && !holds_exact_run(four, 5));
        // Two runs of two with a gap are not a run of four.
        let gap = position("XX.XX/...../...../...../.....");
        assert!(!holds_run(gap, 3) && holds_exact_run(gap, 2));
    }

    #[test]
    fn runs_of_different_letters_do_not_join() {
        let mixed = position("XXOO/..../..../....");
        assert!(holds_exact_run(mixed, 2) && !holds_run(mixed, 3));
    }

    #[test]
    fn full_board_judges_only_a_full_board() {
        let open = position("XXX/.../...");
        assert!(!order_has_won(variant(3, 3, Rules::FullBoard), open));
        assert!(order_has_won(variant(3, 3, Rules::MomentAny), open));
        assert_eq!(winner(variant(3, 3, Rules::FullBoard), open), None);
        // No row, column or diagonal of three equal letters.
        let drawn = position("XXO/OOX/XXO");
        assert_eq!(winner(variant(3, 3, Rules::FullBoard), drawn), Some(Side::Chaos));
        assert_eq!(winner(variant(3, 3, Rules::MomentAny), drawn), Some(Side::Chaos));
        // The same board holds exact runs of two (XX on row 1), so with runs of two ORDER has won.
        assert_eq!(winner(variant(3, 2, Rules::FullBoard), drawn), Some(Side::Order));
    }

    #[test]
    fn moment_exact_wants_exactly_k() {
        let three = position("XXX./..../..../....");
        let exact = variant(4, 2, Rules::MomentExact);
        assert!(!order_has_won(exact, three));
        assert!(order_has_won(variant(4, 2, Rules::MomentAny), three));
        assert!(order_has_won(variant(4, 3, Rules::MomentExact), three));
    }

    /// Every full 2×2 board holds two equal letters on a row, a column or a diagonal: rows and columns that all
    /// differ make a checkerboard, whose diagonals are equal. So under `full-board` with runs of two, ORDER wins
    /// whatever anyone plays.
    #[test]
    fn every_full_two_by_two_board_holds_a_run_of_two() {
        for bits in 0u64..16 {
            let full = Position::from_masks(2, bits, !bits & 0b1111).expect("a full 2×2 board");
            assert!(full.is_full() && holds_exact_run(full, 2), "{full}");
        }
    }

    /// A deliberately naive reading of the rules, sharing nothing with the judge but [`Position::get`]: every segment
    /// of `run` cells one after the other in a line, from every cell in each of the eight directions, that fits on
    /// the board, with all its cells holding one letter; for an exact run, also the cells just before and just after
    /// the segment, where the board has them, not holding that letter.
    fn naive_holds(position: Position, run: u8, exact: bool) -> bool {
        let side = i32::from(position.side());
        let on_board = |(row, col): (i32, i32)| (0..side).contains(&row) && (0..side).contains(&col);
        let at = |(row, col): (i32, i32)| if on_board((row, col)) { position.get(row as u8, col as u8) } else { None };
        let run = i32::from(run);
        let directions = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
        (0..side * side).any(|start| {
            directions.into_iter().any(|(dr, dc)| {
                let cell = |i: i32| (start / side + dr * i, start % side + dc * i);
                let segment: Vec<(i32, i32)> = (0..run).map(cell).collect();
                let Some(letter) = at(segment[0]) else { return false };
                let equal = segment.iter().all(|&c| on_board(c) && at(c) == Some(letter));
                equal && (!exact || (at(cell(-1)) != Some(letter) && at(cell(run)) != Some(letter)))
            })
        })
    }

    /// Random boards of every side, some sparse and some full, some of one letter mostly (for long runs): the judge
    /// agrees with the naive reading on every run from 1 to one past the side, and so on every variant's verdict.
    #[test]
    fn the_judge_agrees_with_a_naive_reading_of_the_rules() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut runs, mut exact, mut full) = (0, 0, 0);
        for side in 2..=8u8 {
            for _ in 0..3000 {
                let (blank, x) = (random(4), 1 + random(3));
                let (mut xs, mut os) = (0u64, 0u64);
                for cell in 0..u32::from(side) * u32::from(side) {
                    if random(4) < blank {
                        continue;
                    }
                    *(if random(4) < x { &mut xs } else { &mut os }) |= 1 << cell;
                }
                let board = Position::from_masks(side, xs, os).expect("disjoint masks on the board");
                full += usize::from(board.is_full());
                for run in 1..=side + 1 {
                    let (any, exactly) = (naive_holds(board, run, false), naive_holds(board, run, true));
                    assert_eq!(holds_run(board, run), any, "{board}, run {run}");
                    assert_eq!(holds_exact_run(board, run), exactly, "{board}, exact run {run}");
                    (runs, exact) = (runs + usize::from(any && run > 2), exact + usize::from(exactly && run > 2));
                    for rules in Rules::ALL.into_iter().filter(|_| (2..=side).contains(&run)) {
                        let ordered = match rules {
                            Rules::FullBoard => board.is_full() && exactly,
                            Rules::MomentAny => any,
                            Rules::MomentExact => exactly,
                        };
                        let expected = if ordered { Some(Side::Order) } else { board.is_full().then_some(Side::Chaos) };
                        assert_eq!(winner(variant(side, run, rules), board), expected, "{board}, {rules}, run {run}");
                    }
                }
            }
        }
        // The boards are not all trivial: long runs, exact and not, and full boards are among them.
        assert!(runs > 1000 && exact > 1000 && full > 1000, "{runs} runs, {exact} exact, {full} full");
    }

    /// Positions where the game is not over, of `variant`: those random play (a fixed xorshift) passes through, `games`
    /// games of it to the end, so every count of letters is among them.
    fn open_positions(variant: Variant, games: usize, random: &mut impl FnMut(u64) -> u64) -> Vec<Position> {
        let mut open = Vec::new();
        for _ in 0..games {
            let mut position = Position::empty(variant.side());
            while winner(variant, position).is_none() {
                open.push(position);
                let moves: Vec<Placed> = position.moves().collect();
                position = position.play(moves[random(moves.len() as u64) as usize]);
            }
        }
        open
    }

    /// Every variant of sides 2 to 8: every run, all three rules.
    fn every_variant() -> impl Iterator<Item = Variant> {
        (2..=8).flat_map(|side| (2..=side).flat_map(move |run| Rules::ALL.map(|rules| variant(side, run, rules))))
    }

    /// The judge of a move by the runs through its cell gives the full judge's verdict after it, for every move in
    /// positions random play reaches, on every variant; wins for both sides are among them.
    #[test]
    fn a_move_judged_through_its_cell_is_judged_as_the_whole_board() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut verdicts = [0usize; 3];
        for variant in every_variant() {
            for position in open_positions(variant, 20, &mut random) {
                for placed in position.moves() {
                    let whole = winner(variant, position.play(placed));
                    assert_eq!(winner_after(variant, position, placed), whole, "{variant}: {placed} in {position}");
                    verdicts[match whole {
                        None => 0,
                        Some(Side::Order) => 1,
                        Some(Side::Chaos) => 2,
                    }] += 1;
                }
            }
        }
        assert!(verdicts.iter().all(|&count| count > 500), "none, ORDER, CHAOS: {verdicts:?}");
    }

    #[test]
    fn runs_through_a_cell_are_the_maximal_runs_it_is_in() {
        let board = position("XXX./.X../X.X./O..X");
        assert_eq!(runs_through(board, 0, 1), [3, 2, 1, 1]);
        assert_eq!(runs_through(board, 1, 1), [1, 2, 4, 3]);
        assert_eq!(runs_through(board, 3, 0), [1, 1, 1, 1]);
        assert_eq!(runs_through(board, 3, 1), [0; 4]);
    }
}

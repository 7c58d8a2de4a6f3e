//! Properties that hold at any size, for boards beyond the oracle's reach: the solver must answer a transformed
//! board the way the rules say the transform changes the answer.

use gamecheck::problems::{AdjacentConsecutive, Havannah, Hex, InventorOutlasting};
use std::time::Instant;

use gamecheck::problem::DEFAULT_SHRINK_TIME;
use gamecheck::{Problem, generate_case, smaller_cases};
use games::Sizes;
use games::adjacent_consecutive as ac;
use games::havannah::{Answer, Cell, Game, Symmetry};
use games::hex::{Board, Verdict};
use games::inventor_outlasting as io;
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A generated case of up to `MAX` in size, shrunk with the problem's own steps, and when shrinking it must stop:
/// set at its first shrink, so that a failing big case is printed within [`DEFAULT_SHRINK_TIME`].
struct Big<P: Problem, const MAX: usize>(P::Case, Option<Instant>);

// By hand: derives would demand Clone and Debug of the problem marker type too.
impl<P: Problem, const MAX: usize> Clone for Big<P, MAX> {
    fn clone(&self) -> Self {
        Big(self.0.clone(), self.1)
    }
}

impl<P: Problem, const MAX: usize> std::fmt::Debug for Big<P, MAX> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&P::write(std::slice::from_ref(&self.0)))
    }
}

impl<P: Problem, const MAX: usize> Arbitrary for Big<P, MAX> {
    fn arbitrary(g: &mut Gen) -> Self {
        let sizes = Sizes::new(1, MAX).clamp(P::CHECK_SIZES.min, MAX);
        Big(generate_case::<P>(u64::arbitrary(g), u64::arbitrary(g), sizes), None)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let now = Instant::now();
        let deadline = self.1.unwrap_or_else(|| now.checked_add(DEFAULT_SHRINK_TIME).unwrap_or(now));
        let candidates = smaller_cases::<P>(&self.0).take_while(move |_| Instant::now() < deadline);
        Box::new(candidates.map(move |case| Big(case, Some(deadline))))
    }
}

fn quickcheck() -> QuickCheck {
    QuickCheck::new().tests(300).max_tests(3000)
}

type BigHex = Big<Hex, 80>;

fn verdict(board: &Board) -> Verdict {
    Hex::solve(board)
}

/// The transpose keeps every neighbour a neighbour and turns top/bottom into left/right, so with the colours
/// swapped too, Red's position becomes Blue's and the other way round.
#[test]
fn hex_transpose_and_colour_swap_swaps_the_winner() {
    fn property(board: BigHex) -> bool {
        verdict(&board.0.transpose_swap()) == verdict(&board.0).swapped()
    }
    quickcheck().quickcheck(property as fn(BigHex) -> bool);
}

/// The half turn maps (r, c) to (N−1−r, N−1−c): neighbours stay neighbours and each colour keeps its sides.
#[test]
fn hex_half_turn_keeps_the_verdict() {
    fn property(board: BigHex) -> bool {
        verdict(&board.0.rotate_half()) == verdict(&board.0)
    }
    quickcheck().quickcheck(property as fn(BigHex) -> bool);
}

/// Both transforms undo themselves. This checks the transforms, so the two properties above test what they claim.
#[test]
fn hex_transforms_are_involutions() {
    fn property(board: BigHex) -> bool {
        board.0.transpose_swap().transpose_swap() == board.0 && board.0.rotate_half().rotate_half() == board.0
    }
    quickcheck().quickcheck(property as fn(BigHex) -> bool);
}

type BigHavannah = Big<Havannah, 60>;

/// The 12 symmetries of the hexagon (six turns about the centre, each with or without a mirror) keep the board,
/// the neighbour relation, the six corners and the six edges, so every structure and the move completing it stay.
#[test]
fn havannah_all_12_symmetries_keep_the_answer() {
    fn property(game: BigHavannah) -> bool {
        let answer = Havannah::solve(&game.0);
        Symmetry::all().all(|symmetry| Havannah::solve(&game.0.transformed(symmetry)) == answer)
    }
    quickcheck().quickcheck(property as fn(BigHavannah) -> bool);
}

/// The symmetries form the group they claim: six sixth-turns and two mirrors are the identity, and the twelve
/// are distinct on a game with a stone off every axis. This checks the transforms, so the property above tests what
/// it claims.
#[test]
fn havannah_symmetries_are_the_hexagon_group() {
    fn property(game: BigHavannah) -> bool {
        let g = &game.0;
        let turn = Symmetry { turns: 1, mirrored: false };
        let mirror = Symmetry { turns: 0, mirrored: true };
        let mut turned = g.clone();
        for _ in 0..6 {
            turned = turned.transformed(turn);
        }
        turned == *g && g.transformed(mirror).transformed(mirror) == *g
    }
    quickcheck().quickcheck(property as fn(BigHavannah) -> bool);
    // (1, 3) on S = 4 is (−3, 1, 2) about the centre, three different magnitudes, so it lies on no mirror axis:
    // its 12 images are 12 different cells.
    let off_axis = Game { size: 4, moves: vec![Cell { x: 1, y: 3 }] };
    let images: std::collections::HashSet<Cell> =
        Symmetry::all().map(|symmetry| off_axis.transformed(symmetry).moves[0]).collect();
    assert_eq!(images.len(), 12);
}

/// Moves after the first win are ignored, so any moves appended to a game change nothing when it was won; when it
/// was not, the answer is `none` or a win after the original moves.
#[test]
fn havannah_moves_after_the_end_change_nothing_before_it() {
    fn property(game: BigHavannah, seed: u64, extra: u8) -> bool {
        let g = &game.0;
        let longer = with_extra_moves(g, seed, usize::from(extra));
        match Havannah::solve(g) {
            won @ Answer::Win { .. } => Havannah::solve(&longer) == won,
            Answer::None => match Havannah::solve(&longer) {
                Answer::None => true,
                Answer::Win { at_move, .. } => at_move > g.moves.len(),
            },
        }
    }
    quickcheck().quickcheck(property as fn(BigHavannah, u64, u8) -> bool);
}

/// The answer on the first k moves is the full game's answer when that came by move k, and `none` otherwise.
#[test]
fn havannah_a_prefix_answers_as_the_whole_game_up_to_its_end() {
    fn property(game: BigHavannah, cut: u16) -> bool {
        let g = &game.0;
        let k = usize::from(cut) % (g.moves.len() + 1);
        let prefix = Game { size: g.size, moves: g.moves[..k].to_vec() };
        let expected = match Havannah::solve(g) {
            Answer::Win { at_move, .. } if at_move > k => Answer::None,
            other => other,
        };
        Havannah::solve(&prefix) == expected
    }
    quickcheck().quickcheck(property as fn(BigHavannah, u16) -> bool);
}

/// `game` with up to `count` more moves on random free cells (fewer when the board fills up).
fn with_extra_moves(game: &Game, seed: u64, count: usize) -> Game {
    use rand::seq::SliceRandom;
    let played: std::collections::HashSet<Cell> = game.moves.iter().copied().collect();
    let mut free: Vec<Cell> = game.cells().filter(|c| !played.contains(c)).collect();
    free.shuffle(&mut games::case_rng(seed, 0));
    let mut longer = game.clone();
    longer.moves.extend(free.into_iter().take(count));
    longer
}

/// Inventor Outlasting boards with up to 200 spots: any shape up to the cell limit, full boards included.
type BigInventor = Big<InventorOutlasting, 200>;

fn answer(board: &io::Board) -> io::Answer {
    InventorOutlasting::solve(board)
}

fn inventor_quickcheck() -> QuickCheck {
    // Each property solves a board up to nine times; the worst boards take milliseconds each.
    QuickCheck::new().tests(100).max_tests(1000)
}

/// Rotations and reflections of the rectangle map the four diagonal directions onto one another and keep the board
/// a rectangle, so every sign builder's walk maps to a walk of the image: the same game, cell for cell. The count of
/// winning first moves and the Grundy number stay the same.
#[test]
fn inventor_outlasting_symmetries_keep_the_answer() {
    fn property(board: BigInventor) -> bool {
        let want = answer(&board.0);
        io::Symmetry::ALL.into_iter().all(|s| answer(&board.0.transform(s)) == want)
    }
    inventor_quickcheck().quickcheck(property as fn(BigInventor) -> bool);
}

/// A row of non-spots added along the top or bottom edge (or a column along a side) changes nothing: a builder that
/// steps into it was about to leave the board, and its next step does; no builder of the old board passes through
/// it, and nobody builds an attraction there. The parities of the old cells swap names when the row goes on top,
/// which the answer does not see.
#[test]
fn inventor_outlasting_blank_border_keeps_the_answer() {
    fn property(board: BigInventor) -> bool {
        let board = board.0;
        let want = answer(&board);
        let rows = [board.with_blank_row(true), board.with_blank_row(false)];
        let sideways = board.transform(io::Symmetry::Transpose);
        let cols = [true, false].map(|before| sideways.with_blank_row(before).transform(io::Symmetry::Transpose));
        rows.iter().chain(&cols).all(|b| answer(b) == want)
    }
    inventor_quickcheck().quickcheck(property as fn(BigInventor) -> bool);
}

/// Sprague–Grundy: the player to move loses exactly when the Grundy number is 0, and a first move wins exactly when
/// it leaves a position of Grundy number 0; so there is a winning first move exactly when the Grundy number is not 0.
/// The solver reaches the two numbers by separate paths (the whole board's mex, and one move's value against the
/// other parity), so they can disagree if either is wrong.
#[test]
fn inventor_outlasting_a_first_move_wins_exactly_when_grundy_is_not_0() {
    fn property(board: BigInventor) -> bool {
        let a = answer(&board.0);
        (a.grundy == 0) == (a.winning_moves == 0) && a.winning_moves <= board.0.spot_count()
    }
    inventor_quickcheck().quickcheck(property as fn(BigInventor) -> bool);
}

/// Each symmetry's inverse undoes it, and the transposes and quarter turns swap the sides. This checks the
/// transforms, so the symmetry property above tests what it claims.
#[test]
fn inventor_outlasting_symmetries_undo() {
    fn property(board: BigInventor) -> bool {
        let b = &board.0;
        io::Symmetry::ALL.into_iter().all(|s| {
            let image = b.transform(s);
            let sides = if s.swaps_sides() { (b.cols(), b.rows()) } else { (b.rows(), b.cols()) };
            image.transform(s.inverse()) == *b && (image.rows(), image.cols()) == sides
        })
    }
    quickcheck().quickcheck(property as fn(BigInventor) -> bool);
}

type BigGame = Big<AdjacentConsecutive, 400>;

fn ac_answer(game: &ac::Game) -> ac::Answer {
    AdjacentConsecutive::solve(game)
}

/// Mirroring the row keeps every pair of neighbouring cells neighbours, so every state keeps its verdict: the
/// counts and the per-state view are both unchanged.
#[test]
fn adjacent_consecutive_mirrored_cells_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        ac_answer(&game.0.mirror_cells()) == ac_answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Tiles t → N + 1 − t: consecutive tiles stay consecutive.
#[test]
fn adjacent_consecutive_relabelled_tiles_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        ac_answer(&game.0.relabel_tiles()) == ac_answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Tile x in cell c becomes tile c in cell x: a pair (x, c), (x ± 1, c ± 1) stays a pair, so the rules cannot
/// tell the two games apart.
#[test]
fn adjacent_consecutive_swapped_tile_and_cell_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        ac_answer(&game.0.swap_tile_cell()) == ac_answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Each transform undoes itself and changes the game (N ≥ 4 has a tile or cell it moves), so the properties
/// above compare two different games.
#[test]
fn adjacent_consecutive_transforms_are_involutions() {
    fn property(game: BigGame) -> bool {
        let g = &game.0;
        [ac::Game::mirror_cells, ac::Game::relabel_tiles, ac::Game::swap_tile_cell].into_iter().all(|t| t(&t(g)) == *g)
            && g.mirror_cells() != *g
            && g.relabel_tiles() != *g
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Order and Chaos: the rules know nothing of orientation or of which letter is which, so the strategy must
/// commute with the eight symmetries of the square and with swapping the letters, and the judge must not change.
mod order_chaos {
    use std::collections::BTreeSet;
    use std::sync::OnceLock;

    use gamecheck::problems::order_chaos::recipe_tables;
    use games::case_rng;
    use games::order_chaos::{Board, Cell, Letter, Line, Move, Pairing, Symmetry, exact_five, generate_board};
    use quickcheck::{Arbitrary, Gen};
    use solvers::order_chaos::Strategy;

    use super::quickcheck;

    /// The editorial's two tables and every recipe table.
    fn tables() -> &'static [Pairing] {
        static TABLES: OnceLock<Vec<Pairing>> = OnceLock::new();
        TABLES.get_or_init(|| [Pairing::TESTER, Pairing::EDITORIALIST].into_iter().chain(recipe_tables()).collect())
    }

    #[derive(Clone, Debug)]
    struct Case {
        table: Pairing,
        symmetry: Symmetry,
        order: Move,
        board: Board,
    }

    impl Arbitrary for Case {
        fn arbitrary(g: &mut Gen) -> Case {
            let table = tables()[usize::arbitrary(g) % tables().len()];
            let symmetry = Symmetry::ALL[usize::arbitrary(g) % 8];
            let letter = if bool::arbitrary(g) { Letter::X } else { Letter::O };
            let order = Move::new(Cell::from_index(usize::arbitrary(g) % 36), letter);
            let board = generate_board(&mut case_rng(u64::arbitrary(g), u64::arbitrary(g)));
            Case { table, symmetry, order, board }
        }
    }

    #[test]
    fn the_strategy_commutes_with_the_symmetries() {
        fn property(case: Case) -> bool {
            let turned = Strategy::new(case.table.transform(case.symmetry)).expect("a turned table is a pairing");
            let strategy = Strategy::new(case.table).expect("a pairing");
            turned.answer(case.order.transform(case.symmetry)) == strategy.answer(case.order).transform(case.symmetry)
        }
        quickcheck().quickcheck(property as fn(Case) -> bool);
    }

    #[test]
    fn the_strategy_commutes_with_swapping_letters() {
        fn property(case: Case) -> bool {
            let strategy = Strategy::new(case.table).expect("a pairing");
            strategy.answer(case.order.swap_letter()) == strategy.answer(case.order).swap_letter()
        }
        quickcheck().quickcheck(property as fn(Case) -> bool);
    }

    #[test]
    fn the_judge_ignores_symmetries_and_letters() {
        fn property(case: Case) -> bool {
            let verdict = exact_five(&case.board).is_some();
            exact_five(&case.board.transform(case.symmetry)).is_some() == verdict
                && exact_five(&case.board.swap_letters()).is_some() == verdict
        }
        quickcheck().quickcheck(property as fn(Case) -> bool);
    }

    /// What the properties above rest on: the eight symmetries are distinct permutations of the cells that map the
    /// lines that can hold a five onto each other.
    #[test]
    fn symmetries_permute_cells_and_lines() {
        let line_sets: BTreeSet<Vec<Cell>> = Line::ALL
            .iter()
            .map(|line| {
                let mut cells: Vec<Cell> = line.cells().collect();
                cells.sort();
                cells
            })
            .collect();
        let mut images = BTreeSet::new();
        for symmetry in Symmetry::ALL {
            let image: Vec<Cell> = Cell::all().map(|c| symmetry.apply(c)).collect();
            assert_eq!(image.iter().collect::<BTreeSet<_>>().len(), 36, "{symmetry:?} is not a permutation");
            images.insert(image);
            for cells in &line_sets {
                let mut turned: Vec<Cell> = cells.iter().map(|&c| symmetry.apply(c)).collect();
                turned.sort();
                assert!(line_sets.contains(&turned), "{symmetry:?} maps a line off the lines");
            }
        }
        assert_eq!(images.len(), 8, "the symmetries are not distinct");
    }
}

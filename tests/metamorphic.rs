//! Properties that hold at any size, for boards beyond the oracle's reach: the solver must answer a transformed
//! board the way the rules say the transform changes the answer.

use gamecheck::problems::Hex;
use gamecheck::{Problem, generate_case};
use games::Sizes;
use games::hex::{Board, Verdict};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A generated case of up to `MAX` in size, shrunk with the problem's own steps.
struct Big<P: Problem, const MAX: usize>(P::Case);

// By hand: derives would demand Clone and Debug of the problem marker type too.
impl<P: Problem, const MAX: usize> Clone for Big<P, MAX> {
    fn clone(&self) -> Self {
        Big(self.0.clone())
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
        Big(generate_case::<P>(u64::arbitrary(g), u64::arbitrary(g), sizes))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(P::shrink(&self.0).into_iter().map(Big))
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

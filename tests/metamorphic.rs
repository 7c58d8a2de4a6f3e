//! Properties that hold at any size, for boards beyond the oracle's reach: the solver must answer a transformed
//! board the way the rules say the transform changes the answer.

use gamecheck::problems::{AdjacentConsecutive, Hex};
use gamecheck::{Problem, generate_case};
use games::Sizes;
use games::adjacent_consecutive::{Answer, Game};
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

type BigGame = Big<AdjacentConsecutive, 400>;

fn answer(game: &Game) -> Answer {
    AdjacentConsecutive::solve(game)
}

/// Mirroring the row keeps every pair of neighbouring cells neighbours, so every state keeps its verdict: the
/// counts and the per-state view are both unchanged.
#[test]
fn adjacent_consecutive_mirrored_cells_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        answer(&game.0.mirror_cells()) == answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Tiles t → N + 1 − t: consecutive tiles stay consecutive.
#[test]
fn adjacent_consecutive_relabelled_tiles_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        answer(&game.0.relabel_tiles()) == answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Tile x in cell c becomes tile c in cell x: a pair (x, c), (x ± 1, c ± 1) stays a pair, so the rules cannot
/// tell the two games apart.
#[test]
fn adjacent_consecutive_swapped_tile_and_cell_keep_every_verdict() {
    fn property(game: BigGame) -> bool {
        answer(&game.0.swap_tile_cell()) == answer(&game.0)
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

/// Each transform undoes itself and changes the game (N ≥ 4 has a tile or cell it moves), so the properties
/// above compare two different games.
#[test]
fn adjacent_consecutive_transforms_are_involutions() {
    fn property(game: BigGame) -> bool {
        let g = &game.0;
        [Game::mirror_cells, Game::relabel_tiles, Game::swap_tile_cell].into_iter().all(|t| t(&t(g)) == *g)
            && g.mirror_cells() != *g
            && g.relabel_tiles() != *g
    }
    quickcheck().quickcheck(property as fn(BigGame) -> bool);
}

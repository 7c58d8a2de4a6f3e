//! The Havannah generators: the kinds of game ([`Shape`]), a game drawn of a random kind and size, of a given
//! kind, or of a given kind, side and move count. Each plays a shape's structure into a [`Builder`], then pads it
//! with further moves.

use games::Sizes;
use games::havannah::*;
use rand::{Rng, RngExt};

use super::builder::Builder;

/// The kinds of game the generator makes. Uniformly random moves rarely make rings, so most kinds draw the
/// structures solvers get wrong: loops (closed by stones alone, or by the border, which does not count), clusters
/// that merge, paths that reach corners and edges, and solid patches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Moves on random cells anywhere on the board.
    Scattered,
    /// A few clusters grown stone by stone next to earlier stones: groups merge, reach corners and edges, and
    /// enclose holes.
    Clusters,
    /// The border cells of a random blob (a hexagon or a grown patch, anywhere, often cut by the board's edge),
    /// in random or walking order, with the blob's hole filled before, during or after the loop closes, or never.
    Loop,
    /// Paths from a hub to two, three or four targets among the corners, edge cells and random cells: bridges,
    /// forks, both at once, and rings where paths cross.
    Paths,
    /// Two groups built apart, then joined: a loop round one empty cell, open at a neighbour of it, and a second
    /// group starting next to that opening, each with arms toward corners and edges. The opening, played last,
    /// closes the ring and joins the groups, so one move often completes two or three kinds at once.
    Combined,
    /// Two or three structures that one stone completes together: bridge-fork, bridge-ring, fork-ring or
    /// bridge-fork-ring, drawn uniformly. Arms from two or three groups reach for corners and edges, planned so
    /// that no group has a bridge or a fork alone; for a ring, one group is a loop round a hole, open at the
    /// junction. Every other stone is played first, in a random order or group by group, and the junction last.
    /// On boards of up to 10^5 cells the arms steer round the other groups, and a plan that the generator's own
    /// reckoning finds completing something early, or something else, is drawn again (a dozen times at most).
    Junction,
    /// A solid parallelogram filled row by row (no ring, ever: every stone closes a triangle, not a loop), now and
    /// then with one cell skipped (a ring once it is surrounded) or in random order.
    Patch,
    /// Structures planted at the rim and the corners, mostly for boards past 10^6 cells: a chain along an edge from
    /// near one corner to near the next (a bridge, a fork round both corners, both, with a loop at its junction for
    /// a ring too), a bridge between corners that are not neighbours, chains from a corner as long as the game
    /// allows, and small pieces at corners and along edges (rings touching the border, a corner with both its edge
    /// neighbours), each laid by one of the board's 12 symmetries, one stone short now and then, among unrelated
    /// stones. Which of them can exist at which S: `rim.rs`.
    Rim,
    /// The smallest board of the size range.
    Smallest,
    /// No moves at all.
    Empty,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::Scattered,
        Shape::Clusters,
        Shape::Loop,
        Shape::Paths,
        Shape::Combined,
        Shape::Junction,
        Shape::Patch,
        Shape::Rim,
        Shape::Smallest,
        Shape::Empty,
    ];
}

/// A game drawn from `rng`, of a random shape and a side in `sizes` (clamped to 2..=MAX_S).
pub fn generate(rng: &mut impl Rng, sizes: Sizes) -> Game {
    // Weights: the structured shapes first, the degenerate ones now and then. Junctions make most answers of two or
    // three kinds (each combination alike), paths and combined groups most forks.
    let shape = match rng.random_range(0..32) {
        0..=1 => Shape::Scattered,
        2..=3 => Shape::Clusters,
        4..=6 => Shape::Loop,
        7..=11 => Shape::Paths,
        12..=17 => Shape::Combined,
        18..=27 => Shape::Junction,
        28..=29 => Shape::Patch,
        30 => Shape::Smallest,
        _ => Shape::Empty,
    };
    generate_shape(rng, sizes, shape)
}

/// A game of `shape` with a side drawn from `sizes`. On boards of up to 10^6 cells the shape's structure is drawn
/// whole and followed by a drawn number of further moves (none, a few, or up to every free cell, biased toward
/// short games); the shapeless kinds (scattered, clusters, smallest) draw their move count the same way. On bigger
/// boards (S ≥ 578) every game has exactly MAX_M moves, so that `gamecheck gen havannah --size 1000000000 --cases 1`
/// is a game of the largest size the project accepts, and three games in five of any drawn shape but the empty one
/// are [`Shape::Rim`] games instead: the other shapes, cut to a corner of so big a board, make rings and nothing
/// else there. The shapes' weights on smaller boards are as they were.
pub fn generate_shape(rng: &mut impl Rng, sizes: Sizes, shape: Shape) -> Game {
    let sizes = sizes.clamp(2, MAX_S as usize);
    let size = match shape {
        Shape::Smallest => sizes.min,
        // S = 2 has no edges and no room for a ring: only bridges.
        Shape::Junction => rng.random_range(sizes.min.max(sizes.max.min(3))..=sizes.max),
        _ => rng.random_range(sizes.min..=sizes.max),
    } as u32;
    let cells = Game::cell_count(size);
    if cells > MAX_M as u64 {
        let shape = if shape != Shape::Empty && rng.random_bool(0.6) { Shape::Rim } else { shape };
        return generate_game(rng, size, MAX_M, shape);
    }
    let cells = cells as usize;
    let mut b = Builder::new(size, cells);
    b.draw(rng, shape);
    let more = match shape {
        Shape::Empty => 0,
        // The structure is the game; what follows is noise, often none (a game that ends on its last move).
        Shape::Loop | Shape::Paths | Shape::Combined | Shape::Junction | Shape::Patch | Shape::Rim => {
            match rng.random_range(0..10) {
                0..=3 => 0,
                4..=6 => rng.random_range(0..=8),
                _ => some_moves(rng, cells - b.moves.len()),
            }
        }
        Shape::Scattered | Shape::Clusters | Shape::Smallest => some_moves(rng, cells),
    };
    let target = b.moves.len() + more;
    b.pad(rng, target, shape);
    Game { size, moves: b.moves }
}

/// A move count up to `most`: a handful, uniform, or log-uniform (as many games with 10–100 moves as 100–1000).
fn some_moves(rng: &mut impl Rng, most: usize) -> usize {
    match rng.random_range(0..10) {
        0 => rng.random_range(0..=most.min(8)),
        1..=4 => rng.random_range(0..=most),
        _ => ((most as f64 + 1.0).powf(rng.random_range(0.0..=1.0)) as usize).min(most),
    }
}

/// A game of `shape` on the board of side `size` with exactly `moves` moves (at most the board's cells and
/// MAX_M): the shape's own stones first (cut short if they do not fit), then as many more as it takes, grown next
/// to earlier stones or scattered.
pub fn generate_game(rng: &mut impl Rng, size: u32, moves: usize, shape: Shape) -> Game {
    let size = size.clamp(2, MAX_S);
    let moves = moves.min(MAX_M).min(Game::cell_count(size) as usize);
    let mut b = Builder::new(size, moves);
    b.draw(rng, shape);
    b.pad(rng, moves, shape);
    assert_eq!(b.moves.len(), moves);
    Game { size, moves: b.moves }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use games::Contest;

    #[test]
    fn generated_games_are_valid_and_reproducible() {
        for index in 0..400 {
            let game = generate(&mut case_rng(5, index), Sizes::new(2, 12));
            assert_eq!(game, generate(&mut case_rng(5, index), Sizes::new(2, 12)));
            let text = Havannah::write(std::slice::from_ref(&game));
            assert_eq!(Havannah::parse(&text), Ok(vec![game]), "case {index}");
        }
        for shape in Shape::ALL {
            let game = generate_game(&mut case_rng(6, 0), 3000, 10_000, shape);
            assert_eq!(game.moves.len(), 10_000, "{shape:?}");
            assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&game))).is_ok(), "{shape:?}");
        }
    }
}

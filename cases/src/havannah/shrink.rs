//! Shrinking Havannah games: the smaller games to try when one exposes a bug, and the steps that make them (a
//! board cut to the stones' extent, scaled down about its centre, or shifted one side smaller; fewer moves).

use std::sync::Arc;

use games::havannah::*;
use rustc_hash::FxHashSet;

use crate::halvings;

/// Smaller games to try when a game exposes a bug, most promising first: a board one side smaller that still holds
/// every stone, then fewer moves (the first half, all but the last, runs of moves halving in length, each single
/// move).
///
/// A board of side S − 1 fits inside the board of side S in seven ways: centred on the same cell, or on one of its
/// six neighbours. Cell (x, y) of the big board is cell (x − 1 − dx, y − 1 − dy) of the small one centred at
/// (S + dx, S + dy), so the centred one is the shift (x − 1, y − 1). Every candidate keeps the stones' shape and
/// order; only the border moves nearer, which is often what a bug is about.
///
/// Big cases take coarse steps first, as one side or one move at a time would take up to 10^9 steps: boards above
/// [`SMALL_S`] are first cut to the stones' own extent (with a ring of free cells round them, then without), then
/// scaled down to side 2, about S/2, 3S/4, …; games above [`SMALL_M`] moves also try their first 3/4, 7/8, … after
/// the first half. Candidates are built one at a time from one shared copy of the game.
pub fn shrink(game: &Game) -> impl Iterator<Item = Game> + Send + 'static {
    let game = Arc::new(game.clone());
    let (size, m) = (game.size, game.moves.len());
    let large = size > SMALL_S;
    let g = Arc::clone(&game);
    let crops = [1, 0].into_iter().filter(move |_| large).filter_map(move |margin| g.cropped(margin));
    // Targets S − d for d = S − 2, (S − 2)/2, …: side 2 first, then ever nearer S (side S − 1 comes below).
    let targets = std::iter::successors(Some(size.saturating_sub(2)), |&d| Some(d / 2))
        .take_while(|&d| d >= 2)
        .map(move |d| size - d)
        .filter(move |_| large);
    let g = Arc::clone(&game);
    let scaled_down = targets.map(move |to| g.scaled(to));
    let g = Arc::clone(&game);
    // Past 10^6 a side less is too small a step to matter: the coarse steps above do the work there.
    let one_less = std::iter::once_with(move || g.scaled(size - 1)).filter(move |_| size > 2 && size <= 1_000_000);
    let g = Arc::clone(&game);
    let shifts = [(0, 0), (0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)]
        .into_iter()
        .filter(move |_| size > 2)
        .filter_map(move |(dx, dy)| {
            let smaller = Game {
                size: size - 1,
                moves: g
                    .moves
                    .iter()
                    .map(|c| Cell {
                        x: (i64::from(c.x) - 1 - dx).clamp(0, i64::from(u32::MAX)) as u32,
                        y: (i64::from(c.y) - 1 - dy).clamp(0, i64::from(u32::MAX)) as u32,
                    })
                    .collect(),
            };
            smaller.moves.iter().all(|&c| smaller.on_board(c)).then_some(smaller)
        });
    // The first half, then (for long games) the first 3/4, 7/8, …, then all but the last move.
    let cut_tail = if m > SMALL_M { m / 4 } else { 0 };
    let prefixes = (m >= 4)
        .then_some(m / 2)
        .into_iter()
        .chain(std::iter::successors(Some(cut_tail), |&d| Some(d / 2)).take_while(|&d| d >= 2).map(move |d| m - d))
        .chain((m >= 1).then_some(m.saturating_sub(1)));
    let g = Arc::clone(&game);
    let prefixes = prefixes.map(move |k| Game { size, moves: g.moves[..k].to_vec() });
    // Runs of moves left out, halves first: a long game sheds most of its moves in a few steps, where one move
    // at a time would take as many steps as it has moves (and exhaust proptest's shrink budget on big boards).
    let g = Arc::clone(&game);
    let runs = halvings(m).flat_map(move |run| {
        let g = Arc::clone(&g);
        (0..m - run).step_by(run).map(move |start| {
            let mut moves = g.moves[..start].to_vec();
            moves.extend_from_slice(&g.moves[start + run..]);
            Game { size, moves }
        })
    });
    let singles = (0..m.saturating_sub(1)).rev().map(move |i| {
        let mut moves = game.moves.clone();
        moves.remove(i);
        Game { size, moves }
    });
    crops.chain(scaled_down).chain(one_less).chain(shifts).chain(prefixes).chain(runs).chain(singles)
}

/// Boards up to this side shrink one side at a time only.
pub const SMALL_S: u32 = 16;
/// Games up to this many moves lose their tail by halves and single moves only.
pub const SMALL_M: usize = 128;

/// The steps shrinking takes on a game, beside the game type they work on.
trait Shrinking {
    fn scaled(&self, to: u32) -> Game;
    fn cropped(&self, margin: u32) -> Option<Game>;
}

impl Shrinking for Game {
    /// The game scaled down to side `to` about the board's centre (see [`scaled`]); stones that land on one cell
    /// keep the first.
    fn scaled(&self, to: u32) -> Game {
        let mut seen = FxHashSet::default();
        let moves = self.moves.iter().map(|&c| scaled(self.size, to, c)).filter(|&c| seen.insert(c)).collect();
        Game { size: to, moves }
    }

    /// The stones moved, shape and order kept, onto the smallest board this finds that holds them with `margin`
    /// free rings round them: `None` unless that board is smaller. The middle of the stones' extent along x and y
    /// goes to the new board's centre.
    fn cropped(&self, margin: u32) -> Option<Game> {
        if self.moves.is_empty() {
            return (self.size > 2).then(|| Game { size: 2, moves: Vec::new() });
        }
        let s = i64::from(self.size);
        let offsets = || self.moves.iter().map(|c| (i64::from(c.x) - s, i64::from(c.y) - s));
        let (u_lo, u_hi) = offsets().fold((i64::MAX, i64::MIN), |(lo, hi), (u, _)| (lo.min(u), hi.max(u)));
        let (v_lo, v_hi) = offsets().fold((i64::MAX, i64::MIN), |(lo, hi), (_, v)| (lo.min(v), hi.max(v)));
        let (tu, tv) = (u_lo + (u_hi - u_lo) / 2, v_lo + (v_hi - v_lo) / 2);
        let radius = offsets().map(|(u, v)| (u - tu).abs().max((v - tv).abs()).max((v - tv - u + tu).abs())).max()?;
        let size = (radius + 1 + i64::from(margin)).max(2);
        (size < s).then(|| Game {
            size: size as u32,
            moves: offsets().map(|(u, v)| Cell { x: (u - tu + size) as u32, y: (v - tv + size) as u32 }).collect(),
        })
    }
}

/// Where `cell` of a board of side `size` lands when the whole board is scaled down to side `to` about its centre
/// (in cube coordinates, rounded to the nearest cell, halves away from zero). Neighbours land on neighbours or on
/// one cell, corners on corners, the border on the border: a long structure on a big board gets a shorter copy on
/// a smaller one, which the shifts alone cannot give once the stones span the board. Exact integer arithmetic, so
/// it works at S = 10^9: a cube coordinate is at most 2·10^9 from the centre and a radius below 10^9, so every
/// product below stays under 2·10^18, within an i64 (whose division is a single instruction, where an i128's is a
/// library call: the scaling of a game of 10^6 moves was most of its shrinking's first offers).
fn scaled(size: u32, to: u32, cell: Cell) -> Cell {
    let (centre, radius, new_radius) = (i64::from(size), i64::from(size - 1), i64::from(to - 1));
    let (u, v) = (i64::from(cell.x) - centre, i64::from(cell.y) - centre);
    // Each cube coordinate k becomes k · new_radius / radius; kept as numerators over `radius`, rounding errors
    // compare exactly.
    let [a, b, c] = [u, -v, v - u].map(|k| k * new_radius);
    let round = |num: i64| {
        let (q, r) = (num / radius, num % radius);
        if 2 * r.abs() >= radius { q + num.signum() } else { q }
    };
    let [mut ra, mut rb, rc] = [a, b, c].map(round);
    // Rounding each coordinate may break a + b + c = 0: the one that moved most gives way (c needs no fixing, as x
    // and y come from a and b).
    let [da, db, dc] = [(ra * radius - a).abs(), (rb * radius - b).abs(), (rc * radius - c).abs()];
    if da > db && da > dc {
        ra = -rb - rc;
    } else if db > dc {
        rb = -ra - rc;
    }
    let to = i64::from(to);
    Cell { x: (ra + to) as u32, y: (to - rb) as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use crate::havannah::{Shape, cells_of, generate, generate_game};
    use games::{Contest, Sizes};

    #[test]
    fn shrinking_keeps_games_valid_and_smaller() {
        for index in 0..200 {
            let game = generate(&mut case_rng(8, index), Sizes::new(2, 8));
            for smaller in shrink(&game) {
                assert!(smaller.size < game.size || smaller.moves.len() < game.moves.len());
                assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&smaller))).is_ok(), "{smaller:?}");
            }
        }
        // The centred shift keeps a stone on the centre on the centre.
        let game = Game { size: 4, moves: vec![Cell { x: 4, y: 4 }] };
        assert_eq!(shrink(&game).nth(1).unwrap(), Game { size: 3, moves: vec![Cell { x: 3, y: 3 }] });
    }

    #[test]
    fn scaling_down_keeps_neighbours_and_corners_and_covers_the_smaller_board() {
        let steps: [(i64, i64); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
        for size in 3..30 {
            let (game, smaller) = (Game { size, moves: Vec::new() }, Game { size: size - 1, moves: Vec::new() });
            let landed: FxHashSet<Cell> = cells_of(size).map(|c| scaled(size, size - 1, c)).collect();
            assert!(landed.iter().all(|&c| smaller.on_board(c)), "S = {size}");
            assert_eq!(landed.len() as u64, Game::cell_count(size - 1), "S = {size}: not every cell is reached");
            for cell in cells_of(size) {
                for (dx, dy) in steps {
                    let next =
                        Cell { x: cell.x.wrapping_add_signed(dx as i32), y: cell.y.wrapping_add_signed(dy as i32) };
                    if !game.on_board(next) {
                        continue;
                    }
                    let (a, b) = (scaled(size, size - 1, cell), scaled(size, size - 1, next));
                    let step = (i64::from(b.x) - i64::from(a.x), i64::from(b.y) - i64::from(a.y));
                    assert!(a == b || steps.contains(&step), "S = {size}: {cell:?} and {next:?} land apart");
                }
            }
            let corners = |s: u32| [(1, 1), (s, 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1), (s, 2 * s - 1), (1, s)];
            for ((x, y), (x1, y1)) in corners(size).into_iter().zip(corners(size - 1)) {
                assert_eq!(scaled(size, size - 1, Cell { x, y }), Cell { x: x1, y: y1 }, "S = {size}");
            }
        }
    }

    /// The integer scaling gives what the f64 one it replaced gave, except where f64 noise broke an exact tie.
    #[test]
    fn integer_scaling_matches_the_former_f64_scaling() {
        fn f64_scaled(size: u32, cell: Cell) -> Cell {
            let (centre, radius) = (f64::from(size), f64::from(size - 1));
            let (u, v) = (f64::from(cell.x) - centre, f64::from(cell.y) - centre);
            let [a, b, c] = [u, -v, v - u].map(|k| k * (radius - 1.0) / radius);
            let [mut ra, mut rb, rc] = [a, b, c].map(f64::round);
            let [da, db, dc] = [(ra - a).abs(), (rb - b).abs(), (rc - c).abs()];
            if da > db && da > dc {
                ra = -rb - rc;
            } else if db > dc {
                rb = -ra - rc;
            }
            Cell { x: (ra + centre - 1.0) as u32, y: (centre - 1.0 - rb) as u32 }
        }
        // Where two of the three coordinates are exactly as far from their rounding, which one gives way was left
        // to f64 rounding noise; exact arithmetic settles it one fixed way.
        let tie = |size: u32, cell: Cell| {
            let r = i64::from(size) - 1;
            let (u, v) = (i64::from(cell.x) - i64::from(size), i64::from(cell.y) - i64::from(size));
            let off = [u, -v, v - u].map(|k| (k * (r - 1)).rem_euclid(r)).map(|rest| rest.min(r - rest));
            let most = off.iter().max().copied();
            off.iter().filter(|&&d| Some(d) == most).count() > 1
        };
        for size in 3..80 {
            for cell in cells_of(size) {
                if !tie(size, cell) {
                    assert_eq!(scaled(size, size - 1, cell), f64_scaled(size, cell), "S = {size}, {cell:?}");
                }
            }
        }
        let mut rng = case_rng(12, 0);
        for size in [1_000, 65_536, 999_999, 1_000_000] {
            let game = generate_game(&mut rng, size, 2_000, Shape::Scattered);
            for &cell in game.moves.iter().filter(|&&c| !tie(size, c)) {
                assert_eq!(scaled(size, size - 1, cell), f64_scaled(size, cell), "S = {size}");
            }
        }
    }

    /// At S = 10^9 every scaling target keeps the stones on the board and the corners on corners.
    #[test]
    fn scaling_works_on_the_largest_board() {
        let size = MAX_S;
        let corners = |s: u32| [(1, 1), (s, 1), (2 * s - 1, s), (2 * s - 1, 2 * s - 1), (s, 2 * s - 1), (1, s)];
        let game = generate_game(&mut case_rng(13, 0), size, 1_000, Shape::Scattered);
        for to in [2, 3, 500_000_001, MAX_S - 1] {
            let smaller = Game { size: to, moves: Vec::new() };
            for &cell in &game.moves {
                assert!(smaller.on_board(scaled(size, to, cell)), "S = {to}: {cell:?}");
            }
            for ((x, y), (x1, y1)) in corners(size).into_iter().zip(corners(to)) {
                assert_eq!(scaled(size, to, Cell { x, y }), Cell { x: x1, y: y1 }, "S = {to}");
            }
        }
    }

    /// A game of 10^6 moves on the largest board: the first offers are the coarse ones, each a valid smaller game,
    /// and the first one scaled down is side 2.
    #[test]
    fn the_largest_games_shrink_coarsely_first() {
        let game = generate_game(&mut case_rng(14, 0), MAX_S, MAX_M, Shape::Clusters);
        let offers: Vec<Game> = shrink(&game).take(40).collect();
        for smaller in &offers {
            assert!(smaller.size < game.size || smaller.moves.len() < game.moves.len());
            assert!(smaller.moves.iter().all(|&c| smaller.on_board(c)), "S = {}", smaller.size);
        }
        let sides: Vec<u32> = offers.iter().map(|g| g.size).take_while(|&s| s < MAX_S).collect();
        assert!(sides[0] == 2 && sides.len() >= 25, "{sides:?}");
        // A small cluster far from the centre is cut to its own extent, shape and order kept.
        let cluster: Vec<Cell> = [(5, 5), (6, 5), (6, 6), (5, 4)].map(|(x, y)| Cell { x: x + 10, y: y + 10 }).into();
        let game = Game { size: 1_000_000_000, moves: cluster };
        let crop = shrink(&game).next().unwrap();
        assert_eq!(crop.size, 3);
        let shift =
            |c: Cell| (i64::from(c.x) - i64::from(crop.moves[0].x), i64::from(c.y) - i64::from(crop.moves[0].y));
        let original = |c: Cell| (i64::from(c.x) - 15, i64::from(c.y) - 15);
        assert_eq!(
            crop.moves.iter().map(|&c| shift(c)).collect::<Vec<_>>(),
            game.moves.iter().map(|&c| original(c)).collect::<Vec<_>>()
        );
        assert!(crop.moves.iter().all(|&c| crop.on_board(c)));
    }
}

//! Havannah: where its cases come from. [`Cases`] for [`Havannah`] is here; the rest lives in submodules named for
//! what they do, and the public items are re-exported here, so `cases::havannah::…` paths name them as before:
//!
//! - `shrink`: the smaller games tried when a game exposes a bug ([`shrink`](fn@shrink), [`SMALL_S`], [`SMALL_M`]);
//! - `generator`: the kinds of game ([`Shape`]) and the seeded generators ([`generate`], [`generate_shape`],
//!   [`generate_game`]);
//! - `builder`: the game under construction that the generators play into, and the shapeless kinds (scattered
//!   moves, grown clusters);
//! - `loops`, `paths`, `combined`, `junction`, `patch`, `rim`: how the builder draws each structured shape;
//! - `geometry`: the generator's own board geometry (steps, distances, border, corners and edges, enclosure),
//!   private to this module;
//! - `enumerate`: every game of a small board, for bounded-exhaustive checks ([`exhaustive_moves`], [`all_games`],
//!   [`count_games`]).

mod builder;
mod combined;
mod enumerate;
mod generator;
mod geometry;
mod junction;
mod loops;
mod patch;
mod paths;
mod rim;
mod shrink;

pub use enumerate::{all_games, count_games, exhaustive_moves};
pub use generator::{Shape, generate, generate_game, generate_shape};
pub use shrink::{SMALL_M, SMALL_S, shrink};

use games::Sizes;
use games::havannah::*;
use rand_chacha::ChaCha8Rng;

use crate::Cases;

/// Every cell of a board of side `size`, x-major.
fn cells_of(size: u32) -> impl Iterator<Item = Cell> {
    Game { size, moves: Vec::new() }.cells()
}

impl Cases for Havannah {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Game {
        generate(rng, sizes)
    }

    fn shrink(case: &Game) -> Box<dyn Iterator<Item = Game>> {
        Box::new(shrink(case))
    }

    /// A board of side 2..=7 and up to every one of its cells, two bytes per move. Running out of bytes is an
    /// error rather than a short game, so short fuzz inputs do not all collapse into the empty board.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Game> {
        let [size_byte, count_byte] = <[u8; 2]>::try_from(u.bytes(2)?).expect("two bytes");
        let size = 2 + u32::from(size_byte) % 6;
        let mut free: Vec<Cell> = cells_of(size).collect();
        let m = usize::from(count_byte) % (free.len() + 1);
        let mut moves = Vec::with_capacity(m);
        for pair in u.bytes(2 * m)?.chunks_exact(2) {
            let pick = usize::from(u16::from_le_bytes([pair[0], pair[1]])) % free.len();
            moves.push(free.swap_remove(pick));
        }
        Ok(Game { size, moves })
    }

    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Game> + Send> {
        match u32::try_from(size).ok().and_then(|s| Some((s, exhaustive_moves(s)?))) {
            Some((size, moves)) => Box::new(all_games(size, moves)),
            None => Box::new(std::iter::empty()),
        }
    }
}

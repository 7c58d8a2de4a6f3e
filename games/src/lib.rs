//! The shared vocabulary of gamecheck.
//!
//! Per problem, one module holds the case and answer types, the contest-format parser and printer, the constraint
//! checks, the seeded generators and the shrinking steps. Solvers and oracles both depend on this crate and on
//! nothing else, so it deliberately contains no game algorithm: no adjacency, no flood fill, no union-find that a
//! solver or oracle could lean on. A bug here would be invisible to every differential test.

pub mod adjacent_consecutive;
pub mod contest;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;
pub mod seed;

pub use contest::ParseError;
pub use seed::{Sizes, case_rng};

/// The block lengths of delta debugging over `len` items: halves, quarters, … down to blocks of two. Shrinkers try
/// the coarse blocks of a big case first, so a case of a million items loses most of them in a few dozen runs where
/// one item at a time would take a million.
pub(crate) fn halvings(len: usize) -> impl Iterator<Item = usize> + Send + 'static {
    std::iter::successors(Some(len / 2), |&k| Some(k / 2)).take_while(|&k| k >= 2)
}

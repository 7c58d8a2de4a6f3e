//! Where cases come from: per problem, the seeded generators, the shrinking steps, the exhaustive enumerations and
//! the cases built from fuzzer bytes, behind one trait, [`Cases`], implemented on each `games` type.
//!
//! The harness, tests, fuzz targets and benches depend on this crate; `solvers` and `oracles` must not (`cargo tree
//! -p solvers` does not list it). Generators here walk boards too: they play games out and aim at the structures a
//! problem is about, which takes adjacency and grouping of their own. Keeping them out of `games` keeps that code
//! out of reach of the engines whose answers it is used to check.

pub mod adjacent_consecutive;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;

use games::{Contest, Sizes};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Where one problem's cases come from.
pub trait Cases: Contest {
    /// One case drawn with `rng`, its size knob within `sizes` (clamped to the contest's limits).
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Self::Case;
    /// Strictly smaller cases to try when this one exposes a bug, most promising first (the coarse steps of a big
    /// case before the single ones). Built as they are asked for: a big case has millions of candidates, and
    /// shrinking must hold only the few it is trying.
    fn shrink(case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>>;
    /// A case built from fuzzer bytes; running out of bytes is an error, not a default case.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Self::Case>;
    /// Every case of one size (on the problem's own knob for enumeration), for bounded-exhaustive checks; empty
    /// where that is not meaningful.
    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Self::Case> + Send> {
        let _ = size;
        Box::new(std::iter::empty())
    }
    /// Named families of cases that `gen --preset NAME` writes, each as (name, what it draws): shapes that matter
    /// for a benchmark, such as the bulk of an official data set, which the size knob alone does not describe.
    const PRESETS: &'static [(&'static str, &'static str)] = &[];
    /// Case `index` of the preset `name` (one of [`Cases::PRESETS`]), drawn with `rng`; `None` for any other name.
    fn preset(name: &str, rng: &mut ChaCha8Rng, index: u64) -> Option<Self::Case> {
        let _ = (name, rng, index);
        None
    }
}

/// The generator for case `index` of a run seeded with `seed`.
///
/// One ChaCha stream per index means case 1234 is the same board whether it was reached after 1233 others, on
/// another thread, or alone on the command line.
pub fn case_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// The block lengths of delta debugging over `len` items: halves, quarters, … down to blocks of two. Shrinkers try
/// the coarse blocks of a big case first, so a case of a million items loses most of them in a few dozen runs where
/// one item at a time would take a million.
pub(crate) fn halvings(len: usize) -> impl Iterator<Item = usize> + Send + 'static {
    std::iter::successors(Some(len / 2), |&k| Some(k / 2)).take_while(|&k| k >= 2)
}

#[cfg(test)]
mod tests {
    use rand::Rng;

    use super::*;

    #[test]
    fn a_case_depends_on_its_seed_and_index_alone() {
        let first = |seed, index| case_rng(seed, index).next_u64();
        assert_eq!(first(1, 2), first(1, 2));
        let distinct: std::collections::HashSet<u64> =
            [first(1, 0), first(1, 1), first(1, 2), first(2, 0), first(2, 1), first(0, 0)].into();
        assert_eq!(distinct.len(), 6);
    }
}

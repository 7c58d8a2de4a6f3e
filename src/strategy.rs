//! A proptest strategy over a problem's own generator, shrinking with the problem's own steps.
//!
//! proptest's built-in strategies would draw uniform boards, which almost never reach the hard cases; the
//! registry's generator does. So the strategy draws a (seed, index) pair, builds the case with the generator, and
//! shrinks through [`Problem::shrink`]: a failing property ends on a minimal board, not a minimal seed.

use std::marker::PhantomData;

use games::Sizes;
use proptest::prelude::any;
use proptest::strategy::{NewTree, Strategy, ValueTree};
use proptest::test_runner::TestRunner;

use crate::{Problem, generate_case, smaller_cases};

/// Cases of `P` drawn from its generator with sizes in `sizes`.
pub fn cases<P: Problem>(sizes: Sizes) -> Generated<P> {
    Generated { sizes, problem: PhantomData }
}

pub struct Generated<P> {
    sizes: Sizes,
    problem: PhantomData<fn() -> P>,
}

impl<P> std::fmt::Debug for Generated<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Generated({})", self.sizes)
    }
}

impl<P: Problem> Strategy for Generated<P> {
    type Tree = ShrinkTree<P>;
    type Value = P::Case;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        // Seed and index through proptest's own strategy: its rng's trait moves between rand versions.
        let seed = any::<u64>().new_tree(runner)?.current();
        let index = any::<u64>().new_tree(runner)?.current();
        let case = generate_case::<P>(seed, index, self.sizes);
        Ok(ShrinkTree { current: case.clone(), failing: case, candidates: Vec::new(), next: 0 })
    }
}

/// Walks [`Problem::shrink`] candidates: `simplify` moves to the next candidate of the last failing case,
/// `complicate` (the candidate passed) tries the one after it, and falls back to the failing case when none is left.
pub struct ShrinkTree<P: Problem> {
    current: P::Case,
    failing: P::Case,
    candidates: Vec<P::Case>,
    next: usize,
}

impl<P: Problem> ShrinkTree<P> {
    fn advance(&mut self) -> bool {
        match self.candidates.get(self.next) {
            Some(candidate) => {
                self.current = candidate.clone();
                self.next += 1;
                true
            }
            None => {
                self.current = self.failing.clone();
                false
            }
        }
    }
}

impl<P: Problem> ValueTree for ShrinkTree<P> {
    type Value = P::Case;

    fn current(&self) -> P::Case {
        self.current.clone()
    }

    // proptest calls this only while `current` fails: it becomes the case to shrink from.
    fn simplify(&mut self) -> bool {
        self.failing = self.current.clone();
        self.candidates = smaller_cases::<P>(&self.failing);
        self.next = 0;
        self.advance()
    }

    fn complicate(&mut self) -> bool {
        self.advance()
    }
}

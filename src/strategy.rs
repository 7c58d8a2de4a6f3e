//! A proptest strategy over a problem's own generator, shrinking with the problem's own steps.
//!
//! proptest's built-in strategies would draw uniform boards, which almost never reach the hard cases; the
//! registry's generator does. So the strategy draws a (seed, index) pair, builds the case with the generator, and
//! shrinks through [`Problem::shrink`]: a failing property ends on a minimal board, not a minimal seed.

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use games::Sizes;
use proptest::prelude::any;
use proptest::strategy::{NewTree, Strategy, ValueTree};
use proptest::test_runner::TestRunner;

use crate::problem::Case;
use crate::problem::DEFAULT_SHRINK_TIME;
use crate::{Problem, generate_case, smaller_cases};

/// Cases of `P` drawn from its generator with sizes in `sizes`.
pub fn cases<P: Problem>(sizes: Sizes) -> Generated<P> {
    Generated { sizes, shrink_time: DEFAULT_SHRINK_TIME, problem: PhantomData }
}

pub struct Generated<P> {
    sizes: Sizes,
    shrink_time: Duration,
    problem: PhantomData<fn() -> P>,
}

impl<P> std::fmt::Debug for Generated<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Generated({})", self.sizes)
    }
}

impl<P> Generated<P> {
    /// Stop shrinking a failure after `limit`, counted from its first step, and report the smallest failing case
    /// found by then (the default is [`DEFAULT_SHRINK_TIME`]).
    pub fn shrink_time(self, limit: Duration) -> Generated<P> {
        Generated { shrink_time: limit, ..self }
    }
}

impl<P: Problem> Strategy for Generated<P> {
    type Tree = ShrinkTree<P>;
    type Value = Case<P>;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        // Seed and index through proptest's own strategy: its rng's trait moves between rand versions.
        let seed = any::<u64>().new_tree(runner)?.current();
        let index = any::<u64>().new_tree(runner)?.current();
        let case = generate_case::<P>(seed, index, self.sizes);
        Ok(ShrinkTree {
            current: case.clone(),
            failing: case,
            candidates: Box::new(std::iter::empty()),
            limit: self.shrink_time,
            deadline: None,
        })
    }
}

/// Walks [`Problem::shrink`] candidates lazily: `simplify` moves to the next candidate of the last failing case,
/// `complicate` (the candidate passed) tries the one after it, and falls back to the failing case when none is left
/// or the time limit has passed, so a big failing case is still printed.
pub struct ShrinkTree<P: Problem> {
    current: Case<P>,
    failing: Case<P>,
    candidates: Box<dyn Iterator<Item = Case<P>>>,
    limit: Duration,
    deadline: Option<Instant>,
}

impl<P: Problem> ShrinkTree<P> {
    fn advance(&mut self) -> bool {
        let next = match self.deadline {
            Some(deadline) if Instant::now() >= deadline => None,
            _ => self.candidates.next(),
        };
        match next {
            Some(candidate) => {
                self.current = candidate;
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
    type Value = Case<P>;

    fn current(&self) -> Case<P> {
        self.current.clone()
    }

    // proptest calls this only while `current` fails: it becomes the case to shrink from.
    fn simplify(&mut self) -> bool {
        let now = Instant::now();
        self.deadline.get_or_insert_with(|| now.checked_add(self.limit).unwrap_or(now));
        self.failing = self.current.clone();
        self.candidates = smaller_cases::<P>(&self.failing);
        self.advance()
    }

    fn complicate(&mut self) -> bool {
        self.advance()
    }
}

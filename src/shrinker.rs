//! Shrinking a sequence of choice bytes, in the spirit of Hypothesis (MacIver and Donaldson, "Test-Case Reduction
//! via Test-Case Generation", ECOOP 2020): the bytes a generator drew its random choices from are made shorter and
//! smaller while a caller's test says they still fail the same way. The shrinker knows nothing of what the bytes
//! mean; `stress --generator` feeds each candidate to the generator again, so every candidate is a case the generator
//! could have made.
//!
//! Every accepted candidate is smaller in shortlex order (shorter, or as long and lexicographically smaller), so
//! shrinking ends even without a time budget: no sequence is accepted twice and there are finitely many below the
//! start.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

/// Where shrinking ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing sequence found.
    pub choices: Vec<u8>,
    /// Candidates accepted (each a step down in shortlex order).
    pub steps: usize,
    /// Candidates run through the test, accepted or not.
    pub tried: usize,
    /// True when no pass made progress any more; false when the deadline stopped it first.
    pub complete: bool,
}

/// A 64-bit fingerprint of a byte sequence, to remember sequences met (a candidate, a generated input) without
/// keeping them: a collision only skips one.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Whether `a` comes before `b` in shortlex order: shorter, or as long and lexicographically smaller.
pub fn shortlex_less(a: &[u8], b: &[u8]) -> bool {
    (a.len(), a) < (b.len(), b)
}

/// Shrinks `start`, which `fails` accepts, to a sequence that `fails` still accepts and from which no pass finds a
/// smaller one, or to the smallest found when `deadline` passes. `fails` is called only on candidates smaller than
/// the current sequence and never twice on the same one, so the last sequence it accepted is the result: a caller
/// may keep what it computed for that one. `progress` hears of every accepted step.
pub fn shrink(
    start: Vec<u8>,
    fails: impl FnMut(&[u8]) -> bool,
    deadline: Option<Instant>,
    progress: impl FnMut(&[u8], usize),
) -> Shrunk {
    let mut shrinker = Shrinker {
        current: start,
        fails,
        progress,
        deadline,
        steps: 0,
        tried: 0,
        seen: HashSet::new(),
        out_of_time: false,
    };
    // Coarse passes first, until they stop paying: while the sequence is long each candidate may be a large case,
    // slow to run, and a fine pass would try one per byte.
    loop {
        let before = shrinker.current.clone();
        shrinker.truncate();
        // The sizes come first: lowering them makes each later candidate a small case.
        shrinker.lower_bytes(FRONT);
        shrinker.delete_zero_runs();
        shrinker.delete_blocks(COARSE);
        shrinker.zero_blocks(COARSE);
        if shrinker.out_of_time || shrinker.current == before {
            break;
        }
    }
    loop {
        let before = shrinker.current.clone();
        shrinker.truncate();
        shrinker.delete_zero_runs();
        // Zeroing before deleting: a generator draws its sizes first, and zeros at the front make every later
        // candidate a small case, quick to run.
        shrinker.zero_blocks(1);
        shrinker.delete_blocks(1);
        shrinker.lower_bytes(usize::MAX);
        shrinker.redistribute();
        shrinker.sort_and_swap();
        if shrinker.out_of_time || shrinker.current == before {
            break;
        }
    }
    Shrunk { choices: shrinker.current, steps: shrinker.steps, tried: shrinker.tried, complete: !shrinker.out_of_time }
}

struct Shrinker<F, P> {
    current: Vec<u8>,
    fails: F,
    progress: P,
    deadline: Option<Instant>,
    steps: usize,
    tried: usize,
    /// Hashes of candidates already tried: a pass often proposes what an earlier one rejected. A collision only
    /// skips one candidate.
    seen: HashSet<u64>,
    out_of_time: bool,
}

/// The smallest block the coarse passes try.
const COARSE: usize = 8;
/// How many bytes at the front the coarse phase lowers one by one: room for a generator's sizes.
const FRONT: usize = 16;

/// The block sizes a pass tries, largest first: powers of two from the largest below `len` down to `least`.
fn block_sizes(len: usize, least: usize) -> impl Iterator<Item = usize> {
    let top = if len < 2 { len } else { 1 << (usize::BITS - 1 - (len - 1).leading_zeros()) };
    std::iter::successors((top > 0).then_some(top), |&k| (k > 1).then_some(k / 2)).take_while(move |&k| k >= least)
}

impl<F: FnMut(&[u8]) -> bool, P: FnMut(&[u8], usize)> Shrinker<F, P> {
    /// Tries `candidate`: true, and it becomes the current sequence, when it is smaller and still fails.
    fn attempt(&mut self, candidate: Vec<u8>) -> bool {
        if self.out_of_time || !shortlex_less(&candidate, &self.current) {
            return false;
        }
        if !self.seen.insert(fingerprint(&candidate)) {
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time = true;
            return false;
        }
        self.tried += 1;
        if !(self.fails)(&candidate) {
            return false;
        }
        self.current = candidate;
        self.steps += 1;
        (self.progress)(&self.current, self.steps);
        true
    }

    /// The shortest failing prefix: lengths 1, 2, 4, ... until one fails, then bisection between the last two (a
    /// guess when failing is not monotone in the prefix, which the later passes make up for). Short prefixes first,
    /// as they are the cheap ones: a generator draws its sizes first, and a prefix that stops before them runs on a
    /// small case. Then without trailing zeros, which helpers read as missing.
    fn truncate(&mut self) {
        if self.attempt(Vec::new()) {
            return;
        }
        // current[..hi] fails (it is the current sequence); current[..lo] is taken not to.
        let (mut lo, mut hi) = (0, self.current.len());
        let mut probe = 1;
        while probe < hi && !self.out_of_time {
            if self.attempt(self.current[..probe].to_vec()) {
                hi = probe;
                break;
            }
            lo = probe;
            probe *= 2;
        }
        while lo + 1 < hi && !self.out_of_time {
            let mid = lo + (hi - lo) / 2;
            if self.attempt(self.current[..mid].to_vec()) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let kept = self.current.iter().rposition(|&b| b != 0).map_or(0, |at| at + 1);
        self.attempt(self.current[..kept].to_vec());
    }

    /// The current sequence without its `len` bytes from `at`.
    fn without(&self, at: usize, len: usize) -> Vec<u8> {
        let mut candidate = self.current[..at].to_vec();
        candidate.extend_from_slice(&self.current[at + len..]);
        candidate
    }

    /// Deletes blocks, large first; after a deletion the same place is tried again, as new bytes moved into it.
    fn delete_blocks(&mut self, least: usize) {
        for k in block_sizes(self.current.len(), least) {
            let mut at = 0;
            while at + k <= self.current.len() && !self.out_of_time {
                if !self.attempt(self.without(at, k)) {
                    at += k;
                }
            }
        }
    }

    /// Deletes runs of zeros, whole or a multiple of 2 to 16 bytes of them: the records a generator draws after
    /// the sizes (an interval of two 4-byte values, an edge of two 3-byte ones) read as zeros where the run lies,
    /// and deleting whole records of zeros keeps every later record in its place, only earlier.
    fn delete_zero_runs(&mut self) {
        let mut at = 0;
        while at < self.current.len() && !self.out_of_time {
            if self.current[at] != 0 {
                at += 1;
                continue;
            }
            let run = self.current[at..].iter().take_while(|&&b| b == 0).count();
            let mut lengths: Vec<usize> = (1..=16).map(|m| run - run % m).filter(|&l| l > 0).collect();
            lengths.sort_unstable_by(|a, b| b.cmp(a));
            lengths.dedup();
            let deleted = lengths.into_iter().any(|l| self.attempt(self.without(at, l)));
            if !deleted {
                at += run;
            }
        }
    }

    /// Sets blocks to zero, large first: a helper reads zeros as the smallest value of each draw.
    fn zero_blocks(&mut self, least: usize) {
        for k in block_sizes(self.current.len(), least) {
            let mut at = 0;
            while at + k <= self.current.len() && !self.out_of_time {
                if self.current[at..at + k].iter().any(|&b| b != 0) {
                    let mut candidate = self.current.clone();
                    candidate[at..at + k].fill(0);
                    self.attempt(candidate);
                }
                at += k;
            }
        }
    }

    /// Lowers each of the first `front` bytes to the smallest value that still fails, by bisection toward 0.
    fn lower_bytes(&mut self, front: usize) {
        let mut at = 0;
        while at < self.current.len().min(front) && !self.out_of_time {
            let with = |current: &[u8], value: u8| {
                let mut candidate = current.to_vec();
                candidate[at] = value;
                candidate
            };
            if self.current[at] > 0 && !self.attempt(with(&self.current, 0)) {
                // `lo` does not fail, `hi` (the current byte) does.
                let (mut lo, mut hi) = (0u8, self.current[at]);
                while lo + 1 < hi && !self.out_of_time {
                    let mid = lo + (hi - lo) / 2;
                    if self.attempt(with(&self.current, mid)) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
            }
            at += 1;
        }
    }

    /// Moves value from a byte to one of the next few: lexicographically smaller, and it lets a sum that must stay
    /// large gather in one byte, whose neighbour can then be deleted.
    fn redistribute(&mut self) {
        const REACH: usize = 8;
        for i in 0..self.current.len() {
            for j in i + 1..self.current.len().min(i + 1 + REACH) {
                if self.out_of_time || i >= self.current.len() || j >= self.current.len() {
                    return;
                }
                let moved = self.current[i].min(255 - self.current[j]);
                if moved > 0 {
                    let mut candidate = self.current.clone();
                    candidate[i] -= moved;
                    candidate[j] += moved;
                    self.attempt(candidate);
                }
            }
        }
    }

    /// Sorts the whole sequence as blocks of 1, 2, 4 and 8 bytes, then swaps neighbouring blocks out of order: a
    /// generator's list in ascending order is the simpler one.
    fn sort_and_swap(&mut self) {
        for k in [1, 2, 4, 8] {
            let whole = self.current.len() / k * k;
            if whole < 2 * k {
                continue;
            }
            let mut blocks: Vec<&[u8]> = self.current[..whole].chunks(k).collect();
            blocks.sort();
            let mut candidate = blocks.concat();
            candidate.extend_from_slice(&self.current[whole..]);
            self.attempt(candidate);
            let mut at = 0;
            while at + 2 * k <= self.current.len() && !self.out_of_time {
                if self.current[at..at + k] > self.current[at + k..at + 2 * k] {
                    let mut candidate = self.current.clone();
                    candidate[at..at + 2 * k].rotate_left(k);
                    self.attempt(candidate);
                }
                at += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Shrinks `start` with `fails` and no deadline.
    fn shrunk(start: Vec<u8>, fails: impl Fn(&[u8]) -> bool) -> Shrunk {
        assert!(fails(&start), "the start must fail");
        shrink(start, |c| fails(c), None, |_, _| {})
    }

    /// A long random start, as a stress case's choice stream is.
    fn random(len: usize, seed: u64) -> Vec<u8> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut bytes = vec![0; len];
        rng.fill_bytes(&mut bytes);
        bytes
    }

    #[test]
    fn anything_fails_shrinks_to_nothing() {
        let result = shrunk(random(1000, 1), |_| true);
        assert_eq!(result.choices, Vec::<u8>::new());
        assert!(result.complete);
    }

    #[test]
    fn a_large_byte_late_in_the_sequence() {
        // Fails when some byte after the first four is at least 10: the smallest such is four zeros and a 10.
        let fails = |c: &[u8]| c.iter().skip(4).any(|&b| b >= 10);
        for seed in 0..5 {
            assert_eq!(shrunk(random(4096, seed), fails).choices, [0, 0, 0, 0, 10]);
        }
    }

    #[test]
    fn a_sum_gathers_in_one_byte() {
        // Fails when the bytes sum to at least 300: two bytes at least (one holds 255), and [45, 255] is the
        // smallest pair. Deleting and lowering alone stop at pairs like [150, 150].
        let fails = |c: &[u8]| c.iter().map(|&b| u32::from(b)).sum::<u32>() >= 300;
        for seed in 0..5 {
            assert_eq!(shrunk(random(2000, seed), fails).choices, [45, 255]);
        }
    }

    #[test]
    fn a_descending_pair() {
        let fails = |c: &[u8]| c.windows(2).any(|w| w[0] > w[1]);
        for seed in 0..5 {
            assert_eq!(shrunk(random(500, seed), fails).choices, [1, 0]);
        }
    }

    /// A generator's shape: a length byte (mod 50), then that many elements, zeros past the end; it fails when
    /// there are at least two elements, one at least 200 and another at least 1. Smallest: [2, 1, 200], reached
    /// only by swapping the 200 behind the 1.
    #[test]
    fn a_list_with_a_large_element_moves_it_last() {
        let fails = |c: &[u8]| {
            let n = c.first().map_or(0, |&b| usize::from(b % 50));
            let mut elements: Vec<u8> = (0..n).map(|i| c.get(1 + i).copied().unwrap_or(0)).collect();
            elements.sort_unstable();
            n >= 2 && elements[n - 1] >= 200 && elements[n - 2] >= 1
        };
        for seed in 0..5 {
            let mut start = random(300, seed);
            start[0] = 40;
            start[5] = 230;
            start[6] = 7;
            assert_eq!(shrunk(start, fails).choices, [2, 1, 200]);
        }
    }

    /// Records of 5 bytes after a count byte, as a generator draws a list: it fails when two of the first `count`
    /// records start with a byte of at least 100. Far apart in the start, the two must be brought next to each
    /// other by deleting the records between them whole. Smallest: a count of 2, then the two records.
    #[test]
    fn records_far_apart_come_together() {
        let fails = |c: &[u8]| {
            let count = usize::from(c.first().copied().unwrap_or(0));
            (0..count).filter(|r| c.get(1 + 5 * r).is_some_and(|&b| b >= 100)).count() >= 2
        };
        for seed in 0..3 {
            let mut start = random(1000, seed);
            start[0] = 150;
            for (i, b) in start.iter_mut().enumerate().skip(1) {
                if (i - 1) % 5 == 0 {
                    *b %= 100;
                }
            }
            start[1 + 5 * 7] = 180;
            start[1 + 5 * 120] = 240;
            assert_eq!(shrunk(start, fails).choices, [2, 100, 0, 0, 0, 0, 100]);
        }
    }

    #[test]
    fn three_distinct_nonzero_values() {
        // Fails when three different non-zero byte values appear: smallest [1, 2, 3], reached by sorting.
        let fails = |c: &[u8]| c.iter().filter(|&&b| b != 0).collect::<HashSet<_>>().len() >= 3;
        for seed in 0..5 {
            assert_eq!(shrunk(random(300, seed), fails).choices, [1, 2, 3]);
        }
    }

    #[test]
    fn every_accepted_step_is_smaller_and_fails() {
        let fails = |c: &[u8]| c.iter().skip(4).any(|&b| b >= 10);
        let mut last = random(1000, 3);
        let mut steps = 0;
        let result = shrink(last.clone(), fails, None, |c: &[u8], step| {
            assert!(shortlex_less(c, &last), "a step goes down in shortlex order");
            assert!(fails(c));
            last = c.to_vec();
            steps = step;
        });
        assert_eq!(result.steps, steps);
        assert_eq!(result.choices, last);
        assert!(result.tried >= result.steps);
    }

    #[test]
    fn a_passed_deadline_keeps_the_start() {
        let start = random(100, 4);
        let result = shrink(start.clone(), |_| true, Some(Instant::now()), |_, _| {});
        assert_eq!(result, Shrunk { choices: start, steps: 0, tried: 0, complete: false });
    }

    #[test]
    fn no_candidate_is_tried_twice() {
        let mut tried = HashSet::new();
        let fails = |c: &[u8]| {
            assert!(tried.insert(c.to_vec()), "{c:?} was tried twice");
            c.iter().filter(|&&b| b >= 100).count() >= 2
        };
        let result = shrink(random(200, 5), fails, None, |_, _| {});
        assert_eq!(result.choices, [100, 100]);
    }

    #[test]
    fn shortlex_order() {
        assert!(shortlex_less(&[9], &[0, 0]));
        assert!(shortlex_less(&[0, 1], &[1, 0]));
        assert!(!shortlex_less(&[1, 0], &[1, 0]));
        assert!(shortlex_less(&[], &[0]));
    }

    #[test]
    fn block_sizes_are_powers_of_two_below_the_length() {
        assert_eq!(block_sizes(0, 1).collect::<Vec<_>>(), Vec::<usize>::new());
        assert_eq!(block_sizes(1, 1).collect::<Vec<_>>(), [1]);
        assert_eq!(block_sizes(8, 1).collect::<Vec<_>>(), [4, 2, 1]);
        assert_eq!(block_sizes(9, 1).collect::<Vec<_>>(), [8, 4, 2, 1]);
        assert_eq!(block_sizes(100, 8).collect::<Vec<_>>(), [64, 32, 16, 8]);
    }
}

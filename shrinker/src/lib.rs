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

use rand::{Rng, SeedableRng};

/// How many choice bytes case `i` of a seed offers its generator: 1 MiB, room for 10^5 draws of up to 8 bytes (the
/// helpers take the fewest bytes that hold a draw's range) with a quarter to spare. A generator that reads past it
/// reads zeros, as it does past any shorter sequence.
pub const CHOICE_BYTES: usize = 1 << 20;

/// The choice bytes of case `index` of `seed`: a ChaCha stream of its own per case, the same on every machine.
pub fn case_choices(seed: u64, index: u64) -> Vec<u8> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let mut bytes = vec![0; CHOICE_BYTES];
    rng.fill_bytes(&mut bytes);
    bytes
}

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
    /// Each pass's candidates, in the order the passes first ran.
    pub passes: Vec<PassCount>,
    /// Whether the start's draws were marked, so that the passes over whole draws ran.
    pub drawn: bool,
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

/// What the test says of one candidate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the candidate still fails the same way.
    pub fails: bool,
    /// Where the generator's draws start in the candidate, in order, then where the last one ended (the marks of
    /// docs/stress-any.md); empty when the generator did not say.
    pub marks: Vec<usize>,
}

/// Shrinks `start`, which `fails` accepts, to a sequence that `fails` still accepts and from which no pass finds a
/// smaller one, or to the smallest found when `deadline` passes. `fails` is called only on candidates smaller than
/// the current sequence and never twice on the same one, so the last sequence it accepted is the result: a caller
/// may keep what it computed for that one. `progress` hears of every accepted step.
pub fn shrink(
    start: Vec<u8>,
    mut fails: impl FnMut(&[u8]) -> bool,
    deadline: Option<Instant>,
    progress: impl FnMut(&[u8], usize),
) -> Shrunk {
    shrink_drawn(start, Vec::new(), |c| Verdict { fails: fails(c), marks: Vec::new() }, deadline, progress)
}

/// As [`shrink`], knowing where the generator's draws lie: `marks` are those of `start`, and `test` gives those of
/// each candidate with its verdict. With them the shrinker deletes whole draws and runs of draws, and lowers a count
/// together with the records it counts, instead of blocks of bytes that cut draws in two; without them (empty
/// marks) it shrinks exactly as [`shrink`].
pub fn shrink_drawn(
    start: Vec<u8>,
    marks: Vec<usize>,
    test: impl FnMut(&[u8]) -> Verdict,
    deadline: Option<Instant>,
    progress: impl FnMut(&[u8], usize),
) -> Shrunk {
    let bounds = boundaries(&marks, start.len());
    let marked = marks.len();
    let drawn = !bounds.is_empty();
    let mut shrinker = Shrinker {
        marked,
        current: start,
        bounds,
        test,
        progress,
        deadline,
        steps: 0,
        tried: 0,
        seen: HashSet::new(),
        out_of_time: false,
        last_marks: Vec::new(),
        pass: "",
        passes: Vec::new(),
    };
    // Coarse passes first, until they stop paying: while the sequence is long each candidate may be a large case,
    // slow to run, and a fine pass would try one per byte.
    loop {
        let before = shrinker.current.clone();
        shrinker.run("truncate", Shrinker::truncate);
        // The sizes come first: lowering them makes each later candidate a small case.
        shrinker.run("lower front bytes", |s| s.lower_bytes(FRONT));
        if shrinker.drawn() {
            shrinker.run("delete records", Shrinker::delete_records);
            shrinker.run("delete zero draws", Shrinker::delete_zero_draws);
            shrinker.run("delete draw runs", |s| s.delete_draw_runs(5));
        } else {
            shrinker.run("delete zero runs", Shrinker::delete_zero_runs);
            shrinker.run("delete blocks", |s| s.delete_blocks(COARSE));
        }
        shrinker.run("zero blocks", |s| s.zero_blocks(COARSE));
        // A round that only lowered bytes is left to the fine passes, which lower every byte anyway: another coarse
        // round would bisect the front bytes again for little.
        if shrinker.out_of_time || shrinker.current.len() == before.len() {
            break;
        }
    }
    loop {
        let before = shrinker.current.clone();
        shrinker.run("truncate", Shrinker::truncate);
        if shrinker.drawn() {
            // Whole draws first: every candidate keeps the records after it as they were.
            shrinker.run("delete records", Shrinker::delete_records);
            shrinker.run("delete draw runs", |s| s.delete_draw_runs(1));
        }
        shrinker.run("delete zero runs", Shrinker::delete_zero_runs);
        // Zeroing before deleting: a generator draws its sizes first, and zeros at the front make every later
        // candidate a small case, quick to run.
        shrinker.run("zero blocks", |s| s.zero_blocks(1));
        shrinker.run("delete blocks", |s| s.delete_blocks(1));
        shrinker.run("lower bytes", |s| s.lower_bytes(usize::MAX));
        shrinker.run("redistribute", Shrinker::redistribute);
        shrinker.run("sort and swap", Shrinker::sort_and_swap);
        if shrinker.out_of_time || shrinker.current == before {
            break;
        }
    }
    Shrunk {
        choices: shrinker.current,
        steps: shrinker.steps,
        tried: shrinker.tried,
        complete: !shrinker.out_of_time,
        passes: shrinker.passes,
        drawn,
    }
}

/// A pass's share of the work: candidates tried and accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassCount {
    pub pass: &'static str,
    pub tried: usize,
    pub accepted: usize,
}

/// The draw boundaries of a sequence of `len` bytes from its marks: 0, the marks inside it and `len`, in order.
/// Marks past the end (draws that read zeros there) fold into `len`. Empty when there are no marks.
fn boundaries(marks: &[usize], len: usize) -> Vec<usize> {
    if marks.is_empty() {
        return Vec::new();
    }
    let mut bounds: Vec<usize> = [0, len].into_iter().chain(marks.iter().map(|&m| m.min(len))).collect();
    bounds.sort_unstable();
    bounds.dedup();
    bounds
}

struct Shrinker<F, P> {
    current: Vec<u8>,
    /// The draw boundaries of `current` (see [`boundaries`]), from the run that accepted it; empty when unknown.
    bounds: Vec<usize>,
    test: F,
    progress: P,
    deadline: Option<Instant>,
    steps: usize,
    tried: usize,
    /// Hashes of candidates already tried: a pass often proposes what an earlier one rejected. A collision only
    /// skips one candidate.
    seen: HashSet<u64>,
    out_of_time: bool,
    /// The marks of the last candidate run, accepted or not, and how many the current sequence had: draws past the
    /// end of a sequence fold into one boundary, but not into the count of marks.
    last_marks: Vec<usize>,
    marked: usize,
    /// The pass running now, and what each pass cost.
    pass: &'static str,
    passes: Vec<PassCount>,
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

impl<F: FnMut(&[u8]) -> Verdict, P: FnMut(&[u8], usize)> Shrinker<F, P> {
    /// Runs one pass, its candidates counted under `name`.
    fn run(&mut self, name: &'static str, pass: impl FnOnce(&mut Self)) {
        if self.out_of_time {
            return;
        }
        self.pass = name;
        if !self.passes.iter().any(|p| p.pass == name) {
            self.passes.push(PassCount { pass: name, tried: 0, accepted: 0 });
        }
        pass(self);
    }

    fn count(&mut self) -> &mut PassCount {
        let name = self.pass;
        self.passes.iter_mut().find(|p| p.pass == name).expect("a pass runs through `run`")
    }

    /// Whether the draw boundaries of the current sequence are known.
    fn drawn(&self) -> bool {
        !self.bounds.is_empty()
    }

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
        self.count().tried += 1;
        let verdict = (self.test)(&candidate);
        self.last_marks = verdict.marks;
        if !verdict.fails {
            return false;
        }
        self.count().accepted += 1;
        self.bounds = boundaries(&self.last_marks, candidate.len());
        self.marked = self.last_marks.len();
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

    /// How many draws the current sequence holds (0 when unknown).
    fn draws(&self) -> usize {
        self.bounds.len().saturating_sub(1)
    }

    /// The current sequence without draws `first..first + count`.
    fn without_draws(&self, first: usize, count: usize) -> Vec<u8> {
        let (from, to) = (self.bounds[first], self.bounds[first + count]);
        self.without(from, to - from)
    }

    /// Deletes runs of whole draws: runs of half the draws and halving, each tried at every multiple of its length,
    /// down to runs of 5; then, from `least` up to 4, runs of 1 to 4 draws at every draw (a record of a few fields,
    /// wherever it starts). Cut at draw boundaries, every later draw keeps its bytes, so the records after a deleted
    /// one are read as they were, only earlier.
    fn delete_draw_runs(&mut self, least: usize) {
        let large = std::iter::successors(Some(self.draws() / 2), |&k| Some(k / 2)).take_while(|&k| k >= 5);
        let sizes: Vec<(usize, usize)> = large.map(|k| (k, k)).chain((least.max(1)..=4).map(|k| (k, 1))).collect();
        for (k, step) in sizes {
            let mut first = 0;
            while self.drawn() && first + k <= self.draws() && !self.out_of_time {
                if !self.attempt(self.without_draws(first, k)) {
                    first += step;
                }
            }
        }
    }

    /// Deletes runs of draws that read only zeros (the smallest value each), whole, or all but a few of them, or
    /// only a few.
    fn delete_zero_draws(&mut self) {
        let mut first = 0;
        while self.drawn() && first < self.draws() && !self.out_of_time {
            let zero = |s: &Self, at: usize| s.current[s.bounds[at]..s.bounds[at + 1]].iter().all(|&b| b == 0);
            let run = (first..self.draws()).take_while(|&at| zero(self, at)).count();
            if run == 0 {
                first += 1;
                continue;
            }
            let mut lengths: Vec<usize> = (1..=4).flat_map(|m| [run - run % m, m.min(run)]).collect();
            lengths.sort_unstable_by(|a, b| b.cmp(a));
            lengths.dedup();
            if !lengths.into_iter().any(|l| self.attempt(self.without_draws(first, l))) {
                first += run;
            }
        }
    }

    /// The value of draw `at` (big-endian), if it fits in 64 bits.
    fn draw_value(&self, at: usize) -> Option<u64> {
        let bytes = &self.current[self.bounds[at]..self.bounds[at + 1]];
        (bytes.len() <= 8).then(|| bytes.iter().fold(0u64, |v, &b| v << 8 | u64::from(b)))
    }

    /// The current sequence with draw `at` set to `value` (which fits in its bytes).
    fn with_draw(&self, at: usize, value: u64) -> Vec<u8> {
        let mut candidate = self.current.clone();
        let (from, to) = (self.bounds[at], self.bounds[at + 1]);
        for (i, b) in candidate[from..to].iter_mut().rev().enumerate() {
            *b = (value >> (8 * i)) as u8;
        }
        candidate
    }

    /// Lowers a count together with the records it counts. A draw near the front that, lowered by one, makes the
    /// generator draw `r` fewer times (1 to 8) counts records of `r` draws, taken to be the last draws (a list the
    /// generator draws last). Those records are then deleted as draw runs are, large runs first, with the count
    /// lowered by as many: lowering the count alone keeps only a prefix of the records, and deleting records alone
    /// leaves the count to read zeros past the end, records of their own.
    fn delete_records(&mut self) {
        let mut count = 0;
        while self.drawn() && count < self.draws() && self.bounds[count] < FRONT && !self.out_of_time {
            self.delete_records_counted_by(count);
            count += 1;
        }
    }

    fn delete_records_counted_by(&mut self, count: usize) {
        let Some(value) = self.draw_value(count).filter(|&v| v > 0) else { return };
        let before = self.marked;
        self.attempt(self.with_draw(count, value - 1));
        let record = before.saturating_sub(self.last_marks.len());
        if self.last_marks.is_empty() || !(1..=8).contains(&record) {
            return;
        }
        // Marks of a helper of someone's own may say anything: nothing after the count is nothing to delete.
        let mut block = (self.draws().saturating_sub(count + 1) / record).div_ceil(2);
        while block > 0 {
            let mut first_record = 0;
            loop {
                let (Some(value), true) = (self.draw_value(count), self.drawn()) else { return };
                let total = self.draws();
                if total <= count + 1 {
                    return;
                }
                // Aligned with the last draw, the first record after the count.
                let start = total - record * ((total - count - 1) / record);
                let first = start + first_record * record;
                if self.out_of_time || first + block * record > total || value < block as u64 {
                    break;
                }
                let mut candidate = self.with_draw(count, value - block as u64);
                candidate.drain(self.bounds[first]..self.bounds[first + block * record]);
                if !self.attempt(candidate) {
                    first_record += block;
                }
            }
            block /= 2;
        }
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
    use rand::{Rng, RngExt, SeedableRng};

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

    /// A count of 150 records of 5 bytes, each led by a byte below 100 but records 7 and 120, led by 180 and 240.
    fn records_far_apart(seed: u64) -> Vec<u8> {
        let mut start = random(1000, seed);
        start[0] = 150;
        for (i, b) in start.iter_mut().enumerate().skip(1) {
            if (i - 1) % 5 == 0 {
                *b %= 100;
            }
        }
        start[1 + 5 * 7] = 180;
        start[1 + 5 * 120] = 240;
        start
    }

    #[test]
    fn cases_have_choices_of_their_own() {
        let (a, b) = (case_choices(1, 0), case_choices(1, 1));
        assert_eq!(a.len(), CHOICE_BYTES);
        assert_ne!(a[..64], b[..64]);
        assert_eq!(a, case_choices(1, 0));
        assert_ne!(a[..64], case_choices(2, 0)[..64]);
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
            let start = records_far_apart(seed);
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
        assert_eq!((result.choices, result.steps, result.tried, result.complete), (start, 0, 0, false));
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

    /// The helpers' reading of a stream (stress-helpers/choices.rs), marking where each draw starts.
    struct Drawn<'a> {
        data: &'a [u8],
        at: usize,
        marks: Vec<usize>,
    }

    impl Drawn<'_> {
        fn new(data: &[u8]) -> Drawn<'_> {
            Drawn { data, at: 0, marks: Vec::new() }
        }

        fn integer(&mut self, lo: u64, hi: u64) -> u64 {
            let span = hi - lo;
            if span == 0 {
                return lo;
            }
            self.marks.push(self.at);
            let k = (u64::BITS - span.leading_zeros()).div_ceil(8) as usize;
            let v = (self.at..self.at + k).fold(0u64, |v, i| self.data.get(i).map_or(v, |&b| v << 8 | u64::from(b)));
            self.at += k;
            lo + v % (span + 1)
        }

        /// The marks as a helper writes them: each draw's start, then where the last ended.
        fn marks(mut self) -> Vec<usize> {
            self.marks.push(self.at);
            self.marks
        }
    }

    /// tests/programs/any/gen_graph.py: n and m, then m edges of two draws.
    fn graph(c: &[u8]) -> (usize, Vec<(usize, usize)>, Vec<usize>) {
        let mut d = Drawn::new(c);
        let n = d.integer(2, 100_000) as usize;
        let m = d.integer(0, 100_000);
        let edges = (0..m)
            .map(|_| {
                let u = d.integer(1, n as u64) as usize;
                let v = d.integer(1, n as u64 - 1) as usize;
                (u, if v >= u { v + 1 } else { v })
            })
            .collect();
        (n, edges, d.marks())
    }

    /// Whether the search from `starts` finds the graph two-coloured.
    fn bipartite(n: usize, edges: &[(usize, usize)], starts: impl Iterator<Item = usize>) -> bool {
        let mut adjacent = vec![Vec::new(); n + 1];
        for &(u, v) in edges {
            adjacent[u].push(v);
            adjacent[v].push(u);
        }
        let mut colour = vec![u8::MAX; n + 1];
        for s in starts {
            if colour[s] != u8::MAX {
                continue;
            }
            colour[s] = 0;
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &v in &adjacent[u] {
                    if colour[v] == u8::MAX {
                        colour[v] = 1 - colour[u];
                        stack.push(v);
                    } else if colour[v] == colour[u] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The classic graph case of docs/stress-any.md: a search from vertex 1 only misses an odd cycle elsewhere.
    fn graph_verdict(c: &[u8]) -> Verdict {
        let (n, edges, marks) = graph(c);
        let fails = bipartite(n, &edges, 1..=1) && !bipartite(n, &edges, 1..=n);
        Verdict { fails, marks }
    }

    /// tests/programs/any/gen_sum.cpp with sum_int.cpp: n numbers up to 10^9 summed in an `int`.
    fn sum_verdict(c: &[u8]) -> Verdict {
        let mut d = Drawn::new(c);
        let n = d.integer(1, 100_000);
        let sum: u64 = (0..n).map(|_| d.integer(0, 1_000_000_000)).sum();
        Verdict { fails: sum > i32::MAX as u64, marks: d.marks() }
    }

    /// gen_ranges.py with ranges_off_by_one.py: a query's sum misses a[r], wrong when a[r] is not 0.
    fn ranges_verdict(c: &[u8]) -> Verdict {
        let mut d = Drawn::new(c);
        let n = d.integer(1, 100_000);
        let q = d.integer(1, 100_000);
        let a: Vec<u64> = (0..n).map(|_| d.integer(0, 1_000_000_000)).collect();
        let mut fails = false;
        for _ in 0..q {
            let left = d.integer(1, n);
            let right = d.integer(left, n);
            fails |= a[right as usize - 1] != 0;
        }
        Verdict { fails, marks: d.marks() }
    }

    /// gen_intervals.py with intervals_shortest.py: the most disjoint half-open intervals, greedy by shortest.
    fn intervals_verdict(c: &[u8]) -> Verdict {
        let mut d = Drawn::new(c);
        let n = d.integer(1, 100_000);
        let intervals: Vec<(u64, u64)> = (0..n)
            .map(|_| {
                let start = d.integer(0, 1_000_000_000);
                (start, start + d.integer(1, 1_000_000_000))
            })
            .collect();
        let mut by_end = intervals.clone();
        by_end.sort_by_key(|iv| iv.1);
        let (mut best, mut free_from) = (0, 0);
        for (s, e) in by_end {
            if s >= free_from {
                (best, free_from) = (best + 1, e);
            }
        }
        let mut by_length = intervals;
        by_length.sort_by_key(|iv| iv.1 - iv.0);
        let mut chosen: Vec<(u64, u64)> = Vec::new();
        for (s, e) in by_length {
            let at = chosen.partition_point(|&c| c < (s, e));
            if (at == 0 || chosen[at - 1].1 <= s) && (at == chosen.len() || e <= chosen[at].0) {
                chosen.insert(at, (s, e));
            }
        }
        Verdict { fails: chosen.len() != best, marks: d.marks() }
    }

    /// Records of a count byte's making, each a 1-byte draw and a 4-byte one, marked: it fails when two of the
    /// records start with a byte of at least 100. The passes over whole draws reach the same smallest sequence as
    /// the passes over bytes.
    #[test]
    fn marked_records_far_apart_come_together() {
        let verdict = |c: &[u8]| {
            let mut d = Drawn::new(c);
            let count = d.integer(0, 255);
            let big = (0..count)
                .filter(|_| {
                    let head = d.integer(0, 255);
                    d.integer(0, u32::MAX.into());
                    head >= 100
                })
                .count();
            Verdict { fails: big >= 2, marks: d.marks() }
        };
        for seed in 0..3 {
            let start = records_far_apart(seed);
            let plain = shrunk(start.clone(), |c| verdict(c).fails);
            let marks = verdict(&start).marks;
            let marked = shrink_drawn(start, marks, verdict, None, |_, _| {});
            assert_eq!(marked.choices, [2, 100, 0, 0, 0, 0, 100]);
            assert_eq!(marked.choices, plain.choices);
            assert!(marked.drawn && !plain.drawn);
        }
    }

    /// The classic graph case, smaller: a search from vertex 1 misses an odd cycle elsewhere in a random graph of up
    /// to 2000 vertices and 3000 edges. With the marks, deleting edges with their count finds a short odd cycle;
    /// byte blocks cut edges in two.
    #[test]
    fn an_odd_cycle_away_from_vertex_1_shrinks_to_a_few_edges() {
        let small_graph = |c: &[u8]| {
            let mut d = Drawn::new(c);
            let n = d.integer(2, 2000) as usize;
            let m = d.integer(0, 3000);
            let edges: Vec<(usize, usize)> = (0..m)
                .map(|_| {
                    let u = d.integer(1, n as u64) as usize;
                    let v = d.integer(1, n as u64 - 1) as usize;
                    (u, if v >= u { v + 1 } else { v })
                })
                .collect();
            let fails = bipartite(n, &edges, 1..=1) && !bipartite(n, &edges, 1..=n);
            (Verdict { fails, marks: d.marks() }, edges)
        };
        let mut shrunk_cases = 0;
        for seed in 0..40 {
            let start = random(20_000, seed);
            let first = small_graph(&start).0;
            if !first.fails {
                continue;
            }
            let result = shrink_drawn(start, first.marks, |c| small_graph(c).0, None, |_, _| {});
            let edges = small_graph(&result.choices).1;
            assert!(small_graph(&result.choices).0.fails);
            // An odd cycle has at least 3 edges, and vertex 1 is on none of them.
            assert!((3..=5).contains(&edges.len()), "seed {seed}: {edges:?}");
            assert!(edges.iter().all(|&(u, v)| u != 1 && v != 1));
            shrunk_cases += 1;
            if shrunk_cases == 3 {
                return;
            }
        }
        panic!("fewer than 3 of the seeds fail");
    }

    /// Marks come from someone else's generator: whatever they say (out of order, past the end, changing from one
    /// candidate to the next), the shrinker reaches the same smallest sequence, only by other passes.
    #[test]
    fn marks_that_make_no_sense_do_no_harm() {
        let fails = |c: &[u8]| c.iter().skip(4).any(|&b| b >= 10);
        for seed in 0..40 {
            let start = random(300, seed);
            let noise = std::cell::RefCell::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let marks = |len: usize| {
                let mut noise = noise.borrow_mut();
                (0..noise.random_range(0..8)).map(|_| noise.random_range(0..len + 8)).collect::<Vec<usize>>()
            };
            let first = marks(start.len());
            let result =
                shrink_drawn(start, first, |c| Verdict { fails: fails(c), marks: marks(c.len()) }, None, |_, _| {});
            assert_eq!(result.choices, [0, 0, 0, 0, 10]);
        }
    }

    #[test]
    fn marks_become_boundaries_inside_the_sequence() {
        assert_eq!(boundaries(&[], 10), Vec::<usize>::new());
        assert_eq!(boundaries(&[0, 3, 6, 7], 10), [0, 3, 6, 7, 10]);
        // Draws read past the end fold into it; marks out of order (a helper of someone's own) are sorted.
        assert_eq!(boundaries(&[6, 3, 9, 12, 15], 10), [0, 3, 6, 9, 10]);
    }

    /// The candidates the shrinker tries on models of the classic cases of docs/stress-any.md, with and without the
    /// generator's marks, printed (`cargo test --release -p shrinker tests::candidates --
    /// --ignored --nocapture`): figures for the docs, not a test.
    #[test]
    #[ignore]
    fn candidates_on_the_classic_cases() {
        type Model = fn(&[u8]) -> Verdict;
        let cases: [(&str, Model); 3] =
            [("sum", sum_verdict), ("ranges", ranges_verdict), ("intervals", intervals_verdict)];
        for (name, verdict) in cases {
            let index = (0..).find(|&i| verdict(&case_choices(2026, i)).fails).unwrap();
            let start = case_choices(2026, index);
            for marked in [false, true] {
                let marks = if marked { verdict(&start).marks } else { Vec::new() };
                let result = shrink_drawn(
                    start.clone(),
                    marks,
                    |c| {
                        let mut v = verdict(c);
                        if !marked {
                            v.marks.clear();
                        }
                        v
                    },
                    None,
                    |_, _| {},
                );
                eprintln!(
                    "{name} case {index} marked {marked}: {} tried, {} steps, {:?}",
                    result.tried, result.steps, result.choices
                );
                for p in &result.passes {
                    eprintln!("  {:20} {:6} tried {:5} accepted", p.pass, p.tried, p.accepted);
                }
            }
        }
    }

    /// As above, for the graph case, on the first failing cases of seed 2026.
    #[test]
    #[ignore]
    fn candidates_on_the_graph_case() {
        for index in 0..40u64 {
            let start = case_choices(2026, index);
            let first = graph_verdict(&start);
            if !first.fails {
                continue;
            }
            for marked in [true, false] {
                // Without marks the passes over bytes take thousands of candidates: a minute of them is enough to
                // show how far they get.
                let deadline = (!marked).then(|| Instant::now() + std::time::Duration::from_secs(60));
                let tried = std::cell::Cell::new(0);
                let small = std::cell::Cell::new(None);
                let marks = if marked { first.marks.clone() } else { Vec::new() };
                let result = shrink_drawn(
                    start.clone(),
                    marks,
                    |c| {
                        tried.set(tried.get() + 1);
                        let verdict = graph_verdict(c);
                        Verdict { marks: if marked { verdict.marks } else { Vec::new() }, ..verdict }
                    },
                    deadline,
                    |c, _| {
                        if small.get().is_none() && graph(c).1.len() <= 5 {
                            small.set(Some(tried.get()));
                        }
                    },
                );
                let edges = graph(&result.choices).1;
                eprintln!(
                    "case {index}, marked {marked}: {} tried ({}), at most 5 edges after {:?} tried, {} edges at the end",
                    result.tried,
                    if result.complete { "complete" } else { "stopped after 60 s" },
                    small.get(),
                    edges.len()
                );
                for p in &result.passes {
                    eprintln!("  {:20} {:6} tried {:5} accepted", p.pass, p.tried, p.accepted);
                }
            }
        }
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

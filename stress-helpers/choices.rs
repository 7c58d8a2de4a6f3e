//! Random choices for a `gamecheck stress --generator` generator, drawn from the bytes on standard input. One file
//! without dependencies: paste it beside a generator's `main` (`mod choices;`) or into it.
//!
//! gamecheck feeds each case's generator a sequence of choice bytes and, when the program under test fails, shrinks
//! that sequence (shorter, smaller) and runs the generator again: the case shrinks while staying one this generator
//! could make. For that the generator must take every random decision from here, never from `rand` or the clock.
//!
//! End of the stream: missing bytes read as zero. So zeros give the simplest case: `integer(lo, hi)` gives `lo`,
//! `choice` the first item, `shuffle` leaves the order as it is, and shorter or smaller byte sequences give smaller
//! values. Run a generator by hand with `./gen < /dev/null` to see its simplest case.
//!
//! How a draw reads the stream (the same in choices.py and choices.hpp, so the three agree byte for byte):
//! `integer(lo, hi)` reads the fewest bytes k that hold hi - lo (none when lo == hi) as a big-endian v (a
//! draw cut short by the end reads the bytes left, as if the missing ones were leading zeros) and returns
//! lo + v mod (hi - lo + 1); `choice(items)` is `items[integer(0, len - 1)]`; `shuffle(items)` swaps item i with item
//! `integer(i, len - 1)` for i from the first to the second-to-last.
//!
//! Draw boundaries: when the environment variable `GAMECHECK_CHOICE_MARKS` names a file (gamecheck sets it while
//! shrinking), the stream's reader writes there, when it is dropped (at the end of `main`; not after
//! `std::process::exit`), the offset where each draw that reads bytes starts, one decimal number a line, then the
//! offset where the last one ended. gamecheck deletes whole draws and runs of them with it. Without the variable
//! nothing is written: a generator runs by hand as it always did.
//!
//! ```ignore
//! let mut rnd = choices::Choices::from_stdin();
//! let n = rnd.integer(1, 100_000);
//! let a: Vec<i64> = (0..n).map(|_| rnd.integer(-1_000_000_000, 1_000_000_000)).collect();
//! ```

#![allow(dead_code)]

use std::io::Read;

/// A cursor over choice bytes.
pub struct Choices {
    data: Vec<u8>,
    at: usize,
    /// Where to write the draws' start offsets, and those met so far: only for the harness's stream.
    marks: Option<(std::path::PathBuf, Vec<usize>)>,
}

impl Choices {
    /// The whole of standard input; an unreadable one reads as empty (every draw its smallest).
    pub fn from_stdin() -> Choices {
        let mut data = Vec::new();
        let _ = std::io::stdin().lock().read_to_end(&mut data);
        let mut choices = Choices::new(data);
        choices.marks = std::env::var_os("GAMECHECK_CHOICE_MARKS")
            .filter(|path| !path.is_empty())
            .map(|path| (path.into(), Vec::new()));
        choices
    }

    pub fn new(data: Vec<u8>) -> Choices {
        Choices { data, at: 0, marks: None }
    }

    /// `k` bytes big-endian, so that lowering the first bytes lowers the value most; a draw cut short by the end
    /// reads what is left, missing bytes as leading zeros, so that a shorter stream gives a smaller value.
    fn read(&mut self, k: u32) -> u64 {
        if let Some((_, marks)) = &mut self.marks {
            marks.push(self.at);
        }
        let mut v = 0u64;
        for _ in 0..k {
            if let Some(&b) = self.data.get(self.at) {
                v = v << 8 | u64::from(b);
            }
            self.at += 1;
        }
        v
    }

    /// An integer in `[lo, hi]`, both included; `lo` when the stream has run out. Panics when `lo > hi`.
    pub fn integer(&mut self, lo: i64, hi: i64) -> i64 {
        // Arguments rather than inline names: rustc alone compiles as edition 2015, where a panic message is not
        // formatted without them.
        assert!(lo <= hi, "integer({}, {}): the range is empty", lo, hi);
        let span = hi.wrapping_sub(lo) as u64;
        if span == 0 {
            return lo;
        }
        let k = (u64::BITS - span.leading_zeros()).div_ceil(8);
        let v = self.read(k);
        let offset = if span == u64::MAX { v } else { v % (span + 1) };
        lo.wrapping_add(offset as i64)
    }

    /// One item of a non-empty slice; the first when the stream has run out.
    pub fn choice<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        assert!(!items.is_empty(), "choice of an empty slice");
        &items[self.integer(0, items.len() as i64 - 1) as usize]
    }

    /// Shuffles in place; leaves the order as it is when the stream has run out.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in 0..items.len().saturating_sub(1) {
            let j = self.integer(i as i64, items.len() as i64 - 1) as usize;
            items.swap(i, j);
        }
    }

    /// `true` or `false`; `false` when the stream has run out.
    pub fn boolean(&mut self) -> bool {
        self.integer(0, 1) == 1
    }
}

impl Drop for Choices {
    fn drop(&mut self) {
        if let Some((path, marks)) = self.marks.take() {
            let text: String = marks.iter().chain([&self.at]).map(|at| format!("{}\n", at)).collect();
            // Without marks gamecheck shrinks as well, only slower: nothing to report to the generator's caller.
            let _ = std::fs::write(path, text);
        }
    }
}

//! The fast solvers of gamecheck, one module per problem.
//!
//! Each module answers one problem well past the official limits and is checked against a naive oracle.

pub mod adjacent_consecutive;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;

/// A xorshift64 stream for the unit tests' fixed random boards and orders: the same numbers on every machine, with
/// no dependency the solvers would otherwise not need.
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// `items` in a fixed random order (Fisher-Yates over [`xorshift`] from `seed`).
#[cfg(test)]
pub(crate) fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut next = xorshift(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, (next() % (i as u64 + 1)) as usize);
    }
}

//! The shared vocabulary of gamecheck.
//!
//! Per problem, one module holds the case and answer types, their symmetries, and the contest format (parser,
//! printer, limits) behind one trait, [`Contest`]. Solvers and oracles both depend on this crate and on nothing
//! else, so it deliberately contains no game algorithm: no adjacency, no flood fill, no union-find, no judge that a
//! solver or oracle could lean on, and no generator or shrinker (those are in the `cases` crate, which the engines
//! cannot see). A bug here would be invisible to every differential test.

pub mod adjacent_consecutive;
pub mod contest;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;
pub mod sizes;

pub use contest::{Contest, ParseError};
pub use sizes::Sizes;

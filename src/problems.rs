//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod adjacent_consecutive;
mod hex;

pub use adjacent_consecutive::{AdjacentConsecutive, SolverReferee};
pub use hex::Hex;

//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod hex;

pub use hex::Hex;

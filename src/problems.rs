//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod havannah;
mod hex;

pub use havannah::Havannah;
pub use hex::Hex;

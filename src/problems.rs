//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod hex;
pub mod order_chaos;

pub use hex::Hex;
pub use order_chaos::OrderChaos;

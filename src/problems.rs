//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod adjacent_consecutive;
mod havannah;
mod hex;
mod inventor_outlasting;
pub mod order_chaos;

pub use adjacent_consecutive::{AdjacentConsecutive, SolverReferee};
pub use havannah::Havannah;
pub use hex::Hex;
pub use inventor_outlasting::InventorOutlasting;
pub use order_chaos::OrderChaos;

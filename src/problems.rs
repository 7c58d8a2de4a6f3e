//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod adjacent_consecutive;
mod havannah;
mod hex;
mod inventor_outlasting;
pub mod order_chaos;

pub use adjacent_consecutive::SolverReferee;
pub use games::adjacent_consecutive::AdjacentConsecutive;
pub use games::havannah::Havannah;
pub use games::hex::Hex;
pub use games::inventor_outlasting::InventorOutlasting;
pub use order_chaos::OrderChaos;

//! One module per problem, each pairing `games`, `solvers` and `oracles` into a [`crate::Problem`].

mod havannah;
mod hex;
mod inventor_outlasting;

pub use havannah::Havannah;
pub use hex::Hex;
pub use inventor_outlasting::InventorOutlasting;

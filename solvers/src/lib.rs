//! The fast solvers of gamecheck, one module per problem.
//!
//! Each module answers one problem well past the official limits and is checked against a naive oracle.

pub mod adjacent_consecutive;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;

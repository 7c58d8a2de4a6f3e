//! The naive oracles of gamecheck: one module per problem, each a short and slow reading of the rules.
//! They share no game logic with the fast solvers; `games` gives them only boards, parsing and verdicts.
//! Each is meant to be checked against its problem statement by eye, in minutes.

pub mod adjacent_consecutive;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;

//! gamecheck: fast solvers checked against naive oracles.
//!
//! The [`Problem`] trait pairs one game (its vocabulary from `games`, its cases from `cases`) with its fast solver
//! (`solvers`) and its naive oracle (`oracles`). The [`registry`] lists one entry per problem, and everything else —
//! the CLI, the differential runner in [`check`], the proptest strategy in [`strategy`], the suites, fuzz targets and
//! benches — works from those entries. Adding a problem: README, "Adding a problem".

pub mod check;
pub mod draw;
pub mod fuzzing;
pub mod interactive;
pub mod problem;
pub mod problems;
pub mod program;
pub mod registry;
pub mod report;
pub mod strategy;
pub mod stress;
pub mod stress_any;

pub use interactive::Interactive;
pub use problem::{Answer, Case, Outcome, Problem, generate_case, smaller_cases};
pub use registry::{Entry, PROBLEMS, find};
/// The choice-byte shrinker of `stress --generator`, a crate of its own (`shrinker/`).
pub use shrinker;

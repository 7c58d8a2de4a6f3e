//! gamecheck: fast solvers checked against naive oracles.
//!
//! The [`Problem`] trait pairs one game's vocabulary (from `games`) with its fast solver (`solvers`) and its naive
//! oracle (`oracles`). The [`registry`] lists one entry per problem, and everything else — the CLI, the
//! differential runner in [`check`], the proptest strategy in [`strategy`], the tests, fuzz targets and benches —
//! works from those entries, so adding a problem is one module per crate plus one registry line.

pub mod check;
pub mod fuzzing;
pub mod interactive;
pub mod problem;
pub mod problems;
pub mod program;
pub mod registry;
pub mod strategy;
pub mod stress;

pub use interactive::Interactive;
pub use problem::{Answer, Case, Outcome, Problem, generate_case, smaller_cases};
pub use registry::{Entry, PROBLEMS, find};

//! Two Havannah oracles, written independently of the solver and of each other: `naive` recomputes everything from
//! scratch after every move (small boards); `backward` finds the first ring by removing stones from the end
//! (dense boards up to S ≈ 3000) and recounts bridges and forks from scratch.

pub mod backward;
pub mod intervals;
pub mod naive;
pub mod witness;

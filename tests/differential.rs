//! Solver against oracle on generated cases, one property per registered problem. The strategy draws from the
//! problem's own generator and shrinks with its own steps, so a failure ends on a minimal board. Failures are kept in
//! `differential.proptest-regressions` beside this file and replayed first on every run.

use gamecheck::problem::Verdicts;
use gamecheck::problems::{AdjacentConsecutive, Hex};
use gamecheck::{Problem, strategy};
use games::Sizes;
use proptest::prelude::*;

fn agree<P: Problem>(case: &P::Case) -> Result<(), TestCaseError> {
    let verdicts = Verdicts::<P>::of(case);
    prop_assert!(
        verdicts.agree(),
        "solver: {}\noracle: {}\ninput:\n{}",
        verdicts.solver,
        verdicts.oracle,
        P::write(std::slice::from_ref(case))
    );
    Ok(())
}

macro_rules! differential {
    ($($name:ident: $problem:ty, $sizes:expr, $cases:expr;)*) => {
        $(
            proptest! {
                #![proptest_config(ProptestConfig { cases: $cases, ..ProptestConfig::default() })]
                #[test]
                fn $name(case in strategy::cases::<$problem>($sizes)) {
                    agree::<$problem>(&case)?;
                }
            }
        )*
    };
}

differential! {
    hex: Hex, Sizes::new(1, 12), 3000;
    // The Answer holds the verdict on every state, so this compares state by state, not only the counts.
    adjacent_consecutive: AdjacentConsecutive, Sizes::new(4, 9), 400;
}

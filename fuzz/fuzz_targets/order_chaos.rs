//! Arbitrary ORDER scripts against the CHAOS strategy (the tester's table or a recipe table): every answer legal,
//! every final board a CHAOS win by the grader's judge and by the oracle's.
#![no_main]
use gamecheck::Interactive;
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::problems::OrderChaos.fuzz_differential(data));

//! Adjacent and Consecutive solver against the oracle, every state's verdict, on fuzzer-built games.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::fuzzing::differential::<gamecheck::problems::AdjacentConsecutive>(
    data
));

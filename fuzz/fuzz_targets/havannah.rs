//! Havannah solver against the oracle on fuzzer-built games.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::fuzzing::differential::<gamecheck::problems::Havannah>(data));

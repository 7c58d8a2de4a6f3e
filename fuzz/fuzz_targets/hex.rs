//! Hex solver against the oracle on fuzzer-built boards.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::fuzzing::differential::<gamecheck::problems::Hex>(data));

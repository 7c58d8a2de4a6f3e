//! Arbitrary bytes into the Adjacent and Consecutive parser: an error or answers, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::fuzzing::parse::<gamecheck::problems::AdjacentConsecutive>(data));

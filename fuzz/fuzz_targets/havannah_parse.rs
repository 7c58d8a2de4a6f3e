//! Arbitrary bytes into the Havannah parser: an error or answers, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::fuzzing::parse::<gamecheck::problems::Havannah>(data));

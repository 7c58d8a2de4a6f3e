//! Arbitrary bytes as the grader's lines to our CHAOS player: games played or a clean error, never a panic or a hang.
#![no_main]
use gamecheck::Interactive;
libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::problems::OrderChaos.fuzz_parse(data));

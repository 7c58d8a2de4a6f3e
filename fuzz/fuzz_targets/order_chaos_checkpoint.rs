//! Arbitrary bytes as a checkpoint of the order-chaos search: a clean error naming the byte, or a table that is
//! written back and read back the same; never a panic, an allocation the bytes ask for, or a hang.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamecheck::problems::order_chaos::search::fuzz_checkpoint(data));

//! Arbitrary bytes as the grader's lines to our CHAOS player: games played or a clean error, never a panic or a hang.
#![no_main]
use std::sync::LazyLock;

use gamecheck::Interactive;
use gamecheck::problems::OrderChaos;

static ORDER_CHAOS: LazyLock<OrderChaos> = LazyLock::new(OrderChaos::tester);

libfuzzer_sys::fuzz_target!(|data: &[u8]| ORDER_CHAOS.fuzz_parse(data));

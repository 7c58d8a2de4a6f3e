//! Arbitrary ORDER scripts against our CHAOS strategy (the tester's table) or a recipe table: every answer legal,
//! every final board a CHAOS win by the grader's judge and by the oracle's.
#![no_main]
use std::sync::LazyLock;

use gamecheck::Interactive;
use gamecheck::problems::OrderChaos;

static ORDER_CHAOS: LazyLock<OrderChaos> = LazyLock::new(OrderChaos::tester);

libfuzzer_sys::fuzz_target!(|data: &[u8]| ORDER_CHAOS.fuzz_differential(data));

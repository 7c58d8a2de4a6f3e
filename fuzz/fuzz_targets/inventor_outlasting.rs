//! Inventor Outlasting solver against the oracle on fuzzer-built boards, Grundy numbers included.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gamecheck::fuzzing::differential::<gamecheck::problems::InventorOutlasting>(data)
});

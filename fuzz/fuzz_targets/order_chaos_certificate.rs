//! Arbitrary bytes as an Order and Chaos certificate: the streaming reader that `prove --check` and `play` use gives
//! the checker's entries or a clean error naming a line, never a panic; it agrees with the text reader
//! (`Certificate::read`, which keeps the entries) on which bytes are a certificate; and on boards of up to 25 cells
//! the checker replays what was read, the same verdict and counts from both readers' entries.
#![no_main]
use games::order_chaos::certificate::Certificate;
use games::order_chaos::variant::Position;
use gamecheck::problems::order_chaos::variants::read_entries;
use oracles::order_chaos::certificate::{check, check_entries};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let streamed = read_entries(data, "fuzz");
    let whole = Certificate::read(data);
    match (streamed, whole) {
        (Ok(mut entries), Ok(certificate)) => {
            assert_eq!((entries.variant(), entries.winner()), (certificate.variant, certificate.winner));
            assert_eq!(entries.len(), certificate.entries.len());
            if certificate.variant.cells() <= 25 {
                let blank = Position::empty(certificate.variant.side());
                let walked = check_entries(&mut entries, blank, 0, &mut |_| {});
                assert_eq!(walked, check(&certificate));
            }
        }
        (Err(streamed), Err(whole)) => {
            let streamed = streamed.to_string();
            assert!(streamed.starts_with(&format!("fuzz: line {}: ", whole.line)), "{streamed} against {whole}");
        }
        (streamed, whole) => panic!("the readers disagree: {:?} against {:?}", streamed.err(), whole.err()),
    }
});

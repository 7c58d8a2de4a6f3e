//! Who wins an Order and Chaos variant by the plain minimax, with the positions it settled and the time it took:
//! the figures of "The plain minimax" in `docs/problems/order-chaos.md`.
//!
//! With a file name after them, it also writes the certificate its search reads off (the winner's first winning
//! move in every position the game reaches, see `Minimax::certificate`) and checks it with the certificate checker.
//!
//! ```text
//! cargo run --release -p oracles --example order_chaos_minimax -- moment-any 4 3
//! cargo run --release -p oracles --example order_chaos_minimax -- moment-any 4 3 moment-any-4-3.cert
//! ```

use std::process::ExitCode;
use std::time::Instant;

use games::order_chaos::variant::{Rules, Variant};
use oracles::order_chaos::certificate::check;
use oracles::order_chaos::minimax::Minimax;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (rules, side, run, file) = match &args[..] {
        [rules, side, run] => (rules, side, run, None),
        [rules, side, run, file] => (rules, side, run, Some(file)),
        _ => {
            eprintln!("usage: order_chaos_minimax RULES SIDE RUN [CERTIFICATE], e.g. moment-any 4 3");
            return ExitCode::from(2);
        }
    };
    let variant = rules.parse::<Rules>().and_then(|rules| {
        let side = side.parse().map_err(|_| format!("expected a side, found `{side}`"))?;
        let run = run.parse().map_err(|_| format!("expected a run, found `{run}`"))?;
        Variant::new(side, run, rules)
    });
    let search = variant.and_then(|v| Minimax::new(v).map_err(|e| e.to_string()));
    let mut search = match search {
        Ok(search) => search,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    match search.winner() {
        Ok(winner) => {
            let seconds = start.elapsed().as_secs_f64();
            println!("{}: {winner} wins; {} positions settled in {seconds:.2} s", search.variant(), search.positions());
            let Some(file) = file else { return ExitCode::SUCCESS };
            let written = search.certificate().map_err(|e| e.to_string()).and_then(|certificate| {
                std::fs::write(file, certificate.to_string()).map_err(|e| format!("writing {file}: {e}"))?;
                let checked = check(&certificate).map_err(|e| format!("the checker rejects it: {e}"))?;
                Ok((certificate.entries.len(), checked))
            });
            match written {
                Ok((entries, checked)) => {
                    println!(
                        "certificate {file}: {entries} entries; the checker accepts it, walking {} positions",
                        checked.positions
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

//! Who wins an Order and Chaos variant by the plain minimax, with the positions it settled and the time it took:
//! the figures of "The plain minimax" in `docs/problems/order-chaos.md`.
//!
//! ```text
//! cargo run --release -p oracles --example order_chaos_minimax -- moment-any 4 3
//! ```

use std::process::ExitCode;
use std::time::Instant;

use games::order_chaos::variant::{Rules, Variant};
use oracles::order_chaos::minimax::Minimax;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rules, side, run] = &args[..] else {
        eprintln!("usage: order_chaos_minimax RULES SIDE RUN, e.g. moment-any 4 3");
        return ExitCode::from(2);
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
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

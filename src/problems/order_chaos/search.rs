//! `gamecheck prove order-chaos --rules …`: the exact search of a variant (`solvers::order_chaos::search`), its
//! certificate, and its checkpoints, as a command.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use games::order_chaos::variant::{Position, Variant};
use oracles::order_chaos::certificate::Entries;
use solvers::order_chaos::search::{Certifying, Limits, Search, Stopped};

use super::variants::read_certificate;

/// What `prove order-chaos --rules …` was asked.
#[derive(Clone, Debug)]
pub struct GameSearch {
    pub variant: Variant,
    /// Where to write the certificate once the blank board is settled.
    pub certificate: Option<PathBuf>,
    /// Read at the start when it exists, written every `checkpoint_every` and when the search stops.
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    pub time_limit: Option<Duration>,
    /// The transposition table's size in bytes.
    pub memory: usize,
}

/// `512M`, `8G`, `100K` or a count of bytes.
pub fn parse_memory(text: &str) -> Result<usize, String> {
    let expected = || format!("expected a size like 512M or 8G, found `{text}`");
    let (digits, unit) = match text.trim().char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.trim().split_at(i),
        None => (text.trim(), ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(expected()),
    };
    let count: usize = digits.parse().map_err(|_| expected())?;
    count.checked_mul(1 << shift).filter(|&bytes| bytes >= 1 << 10).ok_or_else(expected)
}

/// The certificate replayed by `oracles::order_chaos::certificate::check_entries`, written from the rules alone and
/// sharing no code with the search: what it verified, or why it refused.
pub fn independent_check(entries: &mut Entries) -> Result<oracles::order_chaos::certificate::Checked, String> {
    use oracles::order_chaos::certificate::{Checked, PROGRESS_EVERY, check_entries};
    // A check of a 6×6 certificate walks billions of positions; it says how far it has got on standard error.
    let mut progress = |done: &Checked| {
        eprintln!(
            "independent check: {} classes of positions walked, {} wins in one found, {} entries used so far",
            done.positions, done.won_at_once, done.entries_used
        )
    };
    let blank = Position::empty(entries.variant().side());
    check_entries(entries, blank, PROGRESS_EVERY, &mut progress).map_err(|rejection| rejection.to_string())
}

/// Search the variant, print what was found; whether it was settled.
pub fn prove(options: &GameSearch, report: &mut dyn Write) -> anyhow::Result<bool> {
    let variant = options.variant;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Another handler may own Ctrl-C already (a test harness); then the time limit alone stops the search.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let limits = Limits {
        memory: options.memory,
        time_limit: options.time_limit,
        node_limit: None,
        stop: Some(stop),
        checkpoint: options.checkpoint.clone(),
        checkpoint_every: options.checkpoint_every,
        ..Limits::default()
    };
    let mut search = Search::new(variant, limits);
    if let Some(path) = options.checkpoint.as_deref().filter(|p| p.exists()) {
        let read = search.load(path).with_context(|| format!("reading the checkpoint {}", path.display()))?;
        writeln!(
            report,
            "resumed from {}: {read} entries, {} positions searched in {:.1} s before",
            path.display(),
            search.stats.nodes,
            search.stats.seconds
        )?;
    }
    let nodes_before = search.stats.nodes;
    let seconds_before = search.stats.seconds;
    let blank = Position::empty(variant.side());
    let outcome = search.solve(blank)?;
    if options.checkpoint.is_some() {
        search.checkpoint().context("writing the checkpoint")?;
    }
    let run_nodes = search.stats.nodes - nodes_before;
    let run_seconds = (search.stats.seconds - seconds_before).max(1e-9);
    writeln!(report, "{variant}")?;
    let settled = match outcome {
        Ok(winner) => {
            writeln!(report, "winner: {winner}")?;
            true
        }
        Err(stopped) => {
            let why = match stopped {
                Stopped::TimeLimit => "the time limit",
                Stopped::NodeLimit => "the node limit",
                Stopped::Interrupted => "an interrupt",
            };
            writeln!(report, "not settled: stopped by {why}")?;
            if let Some((pn, dn)) = search.numbers(blank) {
                writeln!(report, "blank board: proof number {pn}, disproof number {dn} (ORDER's side)")?;
            }
            false
        }
    };
    writeln!(
        report,
        "positions searched: {} this run in {:.1} s ({:.0}/s); {} in all over {:.1} s",
        run_nodes,
        run_seconds,
        run_nodes as f64 / run_seconds,
        search.stats.nodes,
        search.stats.seconds
    )?;
    let (decided, used, slots) = search.table_counts();
    writeln!(report, "table: {used} of {slots} entries used, {decided} of them settled")?;
    writeln!(report, "positions searched by letters on the board: {}", depth_line(&search.stats.by_depth))?;
    if let Some(path) = &options.checkpoint {
        writeln!(report, "checkpoint: {}", path.display())?;
    }
    if !settled {
        return Ok(false);
    }
    let Some(path) = &options.certificate else { return Ok(true) };
    // A walk of a large proof takes as long as the search did; it says how far it has got on standard error.
    let mut progress = |done: &Certifying| {
        eprintln!(
            "certificate: {} entries written, {} wins in one reached, {} positions waiting, {} positions searched \
             again, {:.0} s",
            done.entries, done.won_at_once, done.waiting, done.nodes, done.seconds
        )
    };
    let (winner, entries, bytes) = search
        .certify_file(path, &mut progress)
        .with_context(|| format!("writing the certificate {}", path.display()))?;
    writeln!(report, "certificate: {}, {entries} entries, {bytes} bytes, winner {winner}", path.display())?;
    // The table (gigabytes on 6×6) is not needed past this point, and the check's own memory comes on top of it.
    drop(search);
    let mut entries = read_certificate(path)?;
    if entries.winner() != winner {
        bail!("{} names {} the winner, the search {winner}", path.display(), entries.winner());
    }
    replay(&mut entries, report)
}

/// `prove order-chaos --check FILE`: a certificate from anywhere, replayed by the independent checker alone; whether
/// it was accepted.
pub fn check_file(path: &Path, report: &mut dyn Write) -> anyhow::Result<bool> {
    let mut entries = read_certificate(path)?;
    writeln!(report, "{}", entries.variant())?;
    let count = entries.len();
    writeln!(report, "certificate: {}, {count} entries, winner {}", path.display(), entries.winner())?;
    replay(&mut entries, report)
}

/// Prints the checker's verdict; whether it accepted.
fn replay(entries: &mut Entries, report: &mut dyn Write) -> anyhow::Result<bool> {
    match independent_check(entries) {
        Ok(checked) => writeln!(
            report,
            "independent check: accepted ({} classes of positions walked, {} wins in one found, {} entries used, {} unused)",
            checked.positions, checked.won_at_once, checked.entries_used, checked.entries_unused
        )?,
        Err(e) => {
            writeln!(report, "independent check: REJECTED: {e}")?;
            return Ok(false);
        }
    }
    Ok(true)
}

/// `5:12 6:40 …`, the depths with any nodes.
fn depth_line(by_depth: &[u64]) -> String {
    let words: Vec<String> =
        by_depth.iter().enumerate().filter(|(_, n)| **n > 0).map(|(depth, n)| format!("{depth}:{n}")).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_read_with_their_units() {
        assert_eq!(parse_memory("8G"), Ok(8 << 30));
        assert_eq!(parse_memory("512m"), Ok(512 << 20));
        assert_eq!(parse_memory("4096"), Ok(4096));
        assert_eq!(parse_memory("2KiB"), Ok(2048));
        assert_eq!(parse_memory("8T"), Err("expected a size like 512M or 8G, found `8T`".into()));
        assert_eq!(parse_memory("G"), Err("expected a size like 512M or 8G, found `G`".into()));
        assert_eq!(parse_memory("12"), Err("expected a size like 512M or 8G, found `12`".into()));
    }

    #[test]
    fn depths_print_only_where_there_were_nodes() {
        assert_eq!(depth_line(&[1, 0, 5, 7]), "0:1 2:5 3:7");
    }
}

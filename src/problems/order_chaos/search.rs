//! `gamecheck prove order-chaos --rules …`: the exact search of a variant (`solvers::order_chaos::search`), its
//! certificate, and its checkpoints, as a command.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use games::contest::quote;
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

/// `512M`, `8G`, `100K` or a count of bytes, at most this machine's memory (when it can be read).
pub fn parse_memory(text: &str) -> Result<usize, String> {
    parse_memory_within(text, machine_memory())
}

/// This machine's memory in bytes, `MemTotal` of /proc/meminfo; none where that cannot be read.
pub fn machine_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find_map(|line| line.strip_prefix("MemTotal:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1 << 10)
}

/// [`parse_memory`] with the machine's memory given: sizes past it (or past what an address can hold) are refused
/// here, before a table is asked of the allocator, and the message says the most there is.
pub fn parse_memory_within(text: &str, machine: Option<u64>) -> Result<usize, String> {
    let expected = || format!("expected a size like 512M or 8G, found {}", quote(text));
    let trimmed = text.trim();
    let (digits, unit) = match trimmed.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => trimmed.split_at(i),
        None => (trimmed, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(expected()),
    };
    if digits.is_empty() {
        return Err(expected());
    }
    // Any count of digits: past u128 (39 digits) a size is past every machine too.
    let bytes = digits.parse::<u128>().ok().and_then(|count| count.checked_mul(1 << shift));
    if bytes.is_some_and(|bytes| bytes < 1 << 10) {
        return Err(format!("{}: the table needs at least 1K", expected()));
    }
    let most = machine.map_or(usize::MAX as u128, |m| u128::from(m).min(usize::MAX as u128));
    match bytes {
        Some(bytes) if bytes <= most => Ok(bytes as usize),
        _ => Err(match machine {
            Some(m) => format!(
                "{} is more than this machine's memory: at most {}M (MemTotal in /proc/meminfo)",
                quote(text),
                m >> 20
            ),
            None => format!("{} is more than an address can hold", quote(text)),
        }),
    }
}

/// `8G`, `512M` or a count of bytes, as `--memory` takes it.
fn shown_bytes(bytes: usize) -> String {
    match bytes {
        b if b % (1 << 30) == 0 => format!("{}G", b >> 30),
        b if b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b => b.to_string(),
    }
}

/// Every file the search will write, checked before the first second of work: each must be writable where it is
/// named, and the certificate must not be the checkpoint (it would overwrite it, and the next resume would fail).
fn check_outputs(options: &GameSearch) -> anyhow::Result<()> {
    // First, so that no file is made through a link to the other.
    if let (Some(checkpoint), Some(certificate)) = (&options.checkpoint, &options.certificate) {
        for (what, written) in
            [("it", certificate.clone()), ("its scratch file", certificate.with_extension("entries.partial"))]
        {
            anyhow::ensure!(
                !same_file(checkpoint, &written),
                "--checkpoint {} and --certificate {}: {what} would overwrite the checkpoint ({} is the same file); \
                 name two files",
                checkpoint.display(),
                certificate.display(),
                written.display()
            );
        }
    }
    if let Some(checkpoint) = &options.checkpoint {
        anyhow::ensure!(!checkpoint.is_dir(), "--checkpoint {}: a directory, expected a file", checkpoint.display());
        // `Search::save` writes this file and renames it over the checkpoint, so the directory must take new files.
        try_creating(&checkpoint.with_extension("partial"))
            .with_context(|| format!("--checkpoint {}: cannot be written", checkpoint.display()))?;
    }
    if let Some(certificate) = &options.certificate {
        let flag = || format!("--certificate {}: cannot be written", certificate.display());
        anyhow::ensure!(!certificate.is_dir(), "--certificate {}: a directory, expected a file", certificate.display());
        // `certify_file`'s scratch file for the entries, then the certificate itself, which is kept if it exists.
        try_creating(&certificate.with_extension("entries.partial")).with_context(flag)?;
        if certificate.exists() {
            std::fs::OpenOptions::new()
                .write(true)
                .open(certificate)
                .with_context(|| format!("opening {} to write", certificate.display()))
                .with_context(flag)?;
        } else {
            try_creating(certificate).with_context(flag)?;
        }
    }
    Ok(())
}

/// Creates `path` and removes it again: whether a file can be written there. A file already there is opened
/// without truncating it, and kept.
fn try_creating(path: &Path) -> anyhow::Result<()> {
    // Through a link, the file made is the one it points to: make and remove that one, not the link.
    let path = &resolved(path).unwrap_or_else(|_| path.to_path_buf());
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    if !existed {
        std::fs::remove_file(path).with_context(|| format!("removing {}", path.display()))?;
    }
    Ok(())
}

/// Whether `a` and `b` name one file: the same directory (through any symbolic links) and name, or, when both
/// exist, one file through links (symbolic or hard). A path that does not resolve (its directory is not there) is
/// no other file, and the check of what can be written says what is wrong with it.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return (ma.dev(), ma.ino()) == (mb.dev(), mb.ino());
    }
    matches!((resolved(a), resolved(b)), (Ok(a), Ok(b)) if a == b)
}

/// `path` with its directory resolved, and the file itself when it is a link (even one to a file not made yet).
fn resolved(path: &Path) -> anyhow::Result<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Ok(real);
    }
    let mut path = path.to_path_buf();
    // A link to a file not made yet: the file is made where it points. A bounded number of hops, as the system does.
    for _ in 0..40 {
        let Ok(target) = std::fs::read_link(&path) else { break };
        path = path.parent().map_or(target.clone(), |parent| parent.join(&target));
    }
    let name = path.file_name().with_context(|| format!("{}: expected a file name", path.display()))?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let parent = std::fs::canonicalize(parent).with_context(|| format!("resolving {}", parent.display()))?;
    Ok(parent.join(name))
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
    check_outputs(options)?;
    let mut search = Search::try_new(variant, limits).map_err(|e| {
        anyhow::anyhow!(
            "--memory {}: the system refused a table of that size ({e}); ask for less",
            shown_bytes(options.memory)
        )
    })?;
    if let Some(path) = options.checkpoint.as_deref().filter(|p| p.exists()) {
        let read = search.load(path)?;
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
    // A checkpoint that fails to write part-way ends the search; its error names the file.
    let outcome = search.solve(blank)?;
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
    report.flush()?;
    // Written after the results are shown, so that a checkpoint the disk refuses does not hide them.
    if let Some(path) = &options.checkpoint {
        search.checkpoint()?;
        writeln!(report, "checkpoint: {}", path.display())?;
        report.flush()?;
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
    report.flush()?;
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

/// The `order_chaos_checkpoint` fuzz target: arbitrary bytes read as a checkpoint, by a search of the variant they
/// name (4×4 runs of four under moment-any when they name none, which the reader refuses). Must hold: a clean error
/// that says at which byte, never a panic, an allocation the bytes ask for, or a hang; and a checkpoint that reads
/// is written back to bytes that read back to the same table (written again, the same bytes).
pub fn fuzz_checkpoint(data: &[u8]) {
    use solvers::order_chaos::search::checkpoint_variant;
    let fallback = Variant::new(4, 4, games::order_chaos::variant::Rules::MomentAny).expect("a variant");
    let variant = checkpoint_variant(data).unwrap_or(fallback);
    // 2 048 slots: small, so the fuzzer also meets the refusal of more entries than the table holds.
    let limits = Limits { memory: 64 << 10, ..Limits::default() };
    let mut search = Search::new(variant, limits.clone());
    if let Err(e) = search.load_from(&mut &data[..]) {
        assert!(e.to_string().starts_with("byte "), "an error that names no byte: {e}");
        return;
    }
    let mut saved = Vec::new();
    search.save_to(&mut saved).expect("writing to memory");
    let mut again = Search::new(variant, limits);
    again.load_from(&mut &saved[..]).unwrap_or_else(|e| panic!("a checkpoint written back does not read: {e}"));
    assert_eq!(again.stats, search.stats, "the counts read back differ");
    let mut twice = Vec::new();
    again.save_to(&mut twice).expect("writing to memory");
    assert!(saved == twice, "a checkpoint read back is written as other bytes");
}

/// `5:12 6:40 …`, the depths with any nodes.
pub fn depth_line(by_depth: &[u64]) -> String {
    let words: Vec<String> =
        by_depth.iter().enumerate().filter(|(_, n)| **n > 0).map(|(depth, n)| format!("{depth}:{n}")).collect();
    words.join(" ")
}

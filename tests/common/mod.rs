//! Deterministic draws over a problem's whole size range, for the suites that hold the solver to properties at
//! sizes no oracle reaches. Fixed seeds and many draws, not proptest's fresh seeds: a fault that breaks one answer
//! in a hundred must fail every run (500 draws miss it with probability 0.99^500 < 0.7%, and every run misses or
//! catches it alike), and a failure is the same case on every machine.

#![allow(dead_code)] // each suite uses its own part of this module

use std::time::{Duration, Instant};

use cases::case_rng;
use gamecheck::problem::{rejection, run, shrink_while};
use gamecheck::{Answer, Case, Outcome};
use gamecheck::{Problem, generate_case};
use games::Contest;
use games::Sizes;
use rand::RngExt;

/// Whether this run is the deeper tier (`GAMECHECK_DEEP=1`, docs/testing.md#two-tiers), where the sweeps the
/// default keeps short run at their full size.
pub fn deep() -> bool {
    std::env::var_os("GAMECHECK_DEEP").is_some()
}

/// The seed of every deterministic draw in the suites.
pub const SEED: u64 = 2026;

/// How long a failing draw is shrunk before the smallest failing case found is shown.
pub const SHRINK_TIME: Duration = Duration::from_secs(30);

/// The size of draw `index` within `limits`: one draw in [`TOP_EVERY`] in the top tenth of the range (the largest
/// cases, where size-guarded faults live), the others log-uniform over the whole range (as many of 10–100 as of
/// 1000–10 000), so every order of magnitude is drawn.
pub fn mixed_size(seed: u64, index: u64, limits: Sizes) -> usize {
    // A stream of its own (seed + 1), so the case drawn at this size is case `index` of `seed` as `gen` prints it.
    let mut rng = case_rng(seed.wrapping_add(1), index);
    let (low, high) = (limits.min.max(1), limits.max);
    if index.is_multiple_of(TOP_EVERY) {
        return rng.random_range(high - (high - low) / 10..=high);
    }
    let log = rng.random_range((low as f64).ln()..=(high as f64).ln());
    (log.exp().round() as usize).clamp(low, high).max(limits.min)
}

/// One draw in this many is at the top tenth of the size range: at Hex N = 2000 and Adjacent N = 10^5 drawing the
/// case takes about 0.4 s (the solver a tenth of that), so the top draws are most of a property's cost.
pub const TOP_EVERY: u64 = 16;

/// Case `index` of `seed` at its [`mixed_size`]: `gamecheck gen P --seed S --from I --cases 1 --size X` prints it.
pub fn mixed_case<P: Problem>(seed: u64, index: u64, limits: Sizes) -> Case<P> {
    let size = mixed_size(seed, index, limits);
    generate_case::<P>(seed, index, Sizes::new(size, size))
}

/// Holds `property` (an `Err` says what broke) on `count` drawn cases, given each with the solver's answer, and
/// the solver's witness of each (see [`Problem::certify`]). Draws run on every core and the first failing one in
/// index order is shrunk with the problem's own steps, for at most [`SHRINK_TIME`], and shown as contest input.
pub fn holds<P: Problem>(
    name: &str,
    count: u64,
    draw: impl Fn(u64) -> Case<P> + Sync,
    property: impl Fn(&Case<P>, &Answer<P>) -> Result<(), String> + Sync,
) {
    use rayon::iter::{IntoParallelIterator, ParallelIterator};
    let broken = |case: &Case<P>| -> Result<(), String> {
        let outcome = run(P::solve, case);
        if let Some(why) = rejection::<P>(case, &outcome) {
            return Err(format!("the solver's witness is rejected: {why}"));
        }
        match outcome {
            Outcome::Answer(answer) => property(case, &answer),
            Outcome::Panic(message) => Err(format!("the solver panicked: {message}")),
        }
    };
    let failure = (0..count).into_par_iter().find_map_first(|i| {
        let case = draw(i);
        broken(&case).err().map(|_| (i, case))
    });
    let Some((index, case)) = failure else { return };
    let size = P::Game::size(&case);
    let shrunk = shrink_while::<P>(case, |c| broken(c).is_err(), Some(Instant::now() + SHRINK_TIME), None);
    let why = broken(&shrunk.case).expect_err("shrinking keeps a failing case");
    panic!(
        "{name}: draw {index} (size {size}) fails; shrunk in {} step(s){} to size {}: {why}\n--- input ---\n{}",
        shrunk.steps,
        if shrunk.complete { "" } else { " (stopped by the time limit)" },
        P::Game::size(&shrunk.case),
        P::Game::write(std::slice::from_ref(&shrunk.case)),
    );
}

/// `Ok` if `a == b`, else an `Err` showing both under `what`.
pub fn same<T: PartialEq + std::fmt::Debug>(what: &str, a: T, b: T) -> Result<(), String> {
    if a == b { Ok(()) } else { Err(format!("{what}: {a:?} against {b:?}")) }
}

/// A snapshot kept in `snapshots/NAME.snap`, named without the suite's module, so a suite can move files and keep
/// its snapshots.
pub fn snapshot(name: &str, text: String) {
    insta::with_settings!({
        snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// FNV-1a, written out: std's hashers do not promise the same value across Rust releases.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// A scratch directory under Cargo's target tmpdir, one per suite, process and thread: a test runs on a thread of
/// its own, so tests running side by side do not meet, and a test may call this again for the same directory.
pub fn scratch_dir(suite: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "{suite}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Builds the program `binary` with `build`, which writes the path it is given, in a directory of this process's
/// and thread's own, then moves it into place. Test processes running side by side (nextest runs one a test) build
/// the same program at once, and must not write one file, nor the compiler's intermediate files named after it: two
/// rustc runs on one `-o` path deleted each other's object files before linking, and a suffix on the name is not
/// enough, since rustc names its objects after the output's stem (`x.123` has the stem `x`), where LLD then read an
/// object another process was rewriting and died of a bus error. The move replaces the file whole, so a process
/// running the copy it built keeps running it.
pub fn build_in_place(binary: &std::path::Path, build: impl FnOnce(&std::path::Path)) {
    let name = binary.file_name().expect("a file name");
    let own = binary.with_file_name(format!("build-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&own).expect("a build directory of this process's own");
    let built = own.join(name);
    build(&built);
    std::fs::rename(&built, binary).expect("moving the built program into place");
    // Empty unless the compiler left files behind, which are then kept to look at.
    let _ = std::fs::remove_dir(&own);
}

/// Fails unless process `pid` is gone (or a zombie, which is dead) within a few seconds: a bound that only catches a
/// process left running, since a killed one may take a moment to be reaped.
pub fn assert_gone(pid: &str) {
    // An empty or broken line would read /proc/stat or nothing at all rather than a process.
    assert!(pid.parse::<u32>().is_ok(), "{pid:?} is not a process id");
    let alive = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"));
        stat.is_ok_and(|stat| !stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')))
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while alive() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!alive(), "process {pid} outlived the run");
}

/// The words of `sh -c SCRIPT` that first starts `sleep 60` in a session of its own (out of the command's process
/// group, so ending the group does not reach it) and appends its id to `pids`; in SCRIPT `$1` is `pids` and `$2` and
/// on are `args`.
pub fn leaving_a_sleeper(pids: &std::path::Path, script: &str, args: &[&str]) -> Vec<String> {
    let script = format!("setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $! >> \"$1\"; {script}");
    let pids = pids.to_str().expect("a UTF-8 path");
    ["sh", "-c", &script, "sh", pids].into_iter().chain(args.iter().copied()).map(str::to_string).collect()
}

/// `dir/name`, with no file there: for programs to append to.
pub fn fresh_file(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/Cargo.toml into $OUT for ClusterFuzzLite, each with its committed corpus as
# $OUT/<target>_seed_corpus.zip and its libFuzzer options as $OUT/<target>.options.
#
# It runs in OSS-Fuzz's Rust builder image (.clusterfuzzlite/Dockerfile), where `cargo` is nightly and the image's
# compile step has set RUSTFLAGS and SANITIZER (with SANITIZER=coverage, the image's cargo wrapper turns `cargo fuzz
# build` into a plain coverage build and puts the binaries in the same place). .ci/clusterfuzzlite-check runs it
# outside Docker with temporary $SRC and $OUT, nightly and cargo-fuzz, and checks what lands in $OUT.
cd "$SRC/gamecheck"

# Release with debug assertions and overflow checks: the flags of a plain `cargo fuzz build` (what .ci/run and
# fuzz/campaign build), so that an input crashes here exactly when it crashes in a local campaign. An overflow in a
# solver's arithmetic is a bug this project wants found.
cargo fuzz build -O --debug-assertions

# cargo-fuzz builds for the host triple; on OSS-Fuzz's and GitHub's machines that is x86_64 Linux.
bin_dir="${CARGO_TARGET_DIR:-fuzz/target}/x86_64-unknown-linux-gnu/release"
for target in $(cargo fuzz list); do
    cp "$bin_dir/$target" "$OUT/"
    # The committed corpus (the fuzz-corpus suite replays it on stable) seeds the fuzzer; batch fuzzing adds to it.
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip -q -j -r "$OUT/${target}_seed_corpus.zip" "fuzz/corpus/$target"
    # fuzz/campaign's limits, so that a crash or time-out here is one there too; docs/fuzzing.md says why inputs stop
    # at 16 KiB (past that, a time-out measures instrumented parsing, not gamecheck).
    printf '[libfuzzer]\nmax_len = 16384\ntimeout = 10\nrss_limit_mb = 4096\n' > "$OUT/$target.options"
done

// The range-sums generator of gen_ranges.py, in Rust against the pasted helper: the worked example of
// docs/stress-any.md (`rustc -O gen_ranges.rs`, the helper found by the path below).
#[path = "../../../stress-helpers/choices.rs"]
mod choices;

fn main() {
    let mut rnd = choices::Choices::from_stdin();
    let n = rnd.integer(1, 100_000);
    let q = rnd.integer(1, 100_000);
    let mut out = format!("{n} {q}\n");
    let a: Vec<String> = (0..n).map(|_| rnd.integer(0, 1_000_000_000).to_string()).collect();
    out.push_str(&a.join(" "));
    out.push('\n');
    for _ in 0..q {
        let left = rnd.integer(1, n);
        let right = rnd.integer(left, n);
        out.push_str(&format!("{left} {right}\n"));
    }
    print!("{out}");
}

// The same draws as draws.py, draws.cpp and the test's Rust, printed, from the Rust helper compiled alone with
// rustc (no Cargo, no dependencies), as someone pasting it beside a generator would.
#[path = "../../../stress-helpers/choices.rs"]
mod choices;

fn main() {
    let mut c = choices::Choices::from_stdin();
    let mut items = vec![1i64, 2, 3, 4, 5, 6];
    let mut out = vec![
        c.integer(1, 100_000),
        c.integer(-5, 5),
        c.integer(7, 7),
        c.integer(0, i64::MAX),
        *c.choice(&[10, 20, 30]),
    ];
    c.shuffle(&mut items);
    out.extend(items);
    out.push(i64::from(c.boolean()));
    out.push(c.integer(i64::MIN, i64::MAX));
    println!("{}", out.iter().map(i64::to_string).collect::<Vec<_>>().join(" "));
}

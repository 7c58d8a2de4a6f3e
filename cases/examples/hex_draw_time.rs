//! How long drawing a 2000×2000 Hex board of the shapes built around one long structure takes (docs/coverage.md):
//! `cargo run --release -p cases --example hex_draw_time`.

use cases::hex::{Shape, generate_shape};
use games::Sizes;
use games::hex::MAX_N;

fn main() {
    for shape in [Shape::Winding, Shape::FarBottleneck] {
        let mut worst = 0f64;
        for index in 0..10 {
            let mut rng = cases::case_rng(2026, index);
            let clock = std::time::Instant::now();
            std::hint::black_box(generate_shape(&mut rng, Sizes::new(MAX_N, MAX_N), shape));
            worst = worst.max(clock.elapsed().as_secs_f64());
        }
        println!("{shape:?}: the slowest of 10 boards of N = {MAX_N} took {worst:.3} s");
    }
}

//! Adjacent and Consecutive: where its cases come from.

use std::sync::Arc;

use games::Sizes;
use games::adjacent_consecutive::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use crate::{Cases, halvings};

/// Smaller games to try when a game exposes a bug. A game must play all N moves, so a smaller game loses moves
/// together with their tiles and cells: one move taken out with its tile and its cell (the later moves first, as
/// they leave the earlier states alone), the tiles above it and cells right of it renumbered down. Taking a tile out makes its two neighbours
/// consecutive and taking a cell out makes its two neighbours adjacent, so these are new games, not sub-games;
/// for small N, also every way of taking out one move's tile and another's cell and joining what is left of the
/// two into one move. Nothing below N = 4.
///
/// Games above [`SMALL`] moves first lose their neutral early moves ([`Game::without_neutral_before`]) for a late
/// part of the last 2, 3, 4, 5, 7, 9, 12, … moves (about ×√2 each time), then blocks of moves the same way as
/// single ones: the last half, quarter, … of the game, then the other halves, quarters, … down to sixteenths, later
/// blocks first. Candidates are built one at a time from one shared copy of the game.
///
/// Why the neutral step keeps failures: what decides a state is only its position, and mistakes come late (while a
/// long game is open A wins, and once a pair is made A has won for good). Taking out any other block of moves
/// renumbers the rest, which joins runs of unused tiles or empty cells and makes new pairs: the late states change
/// and the failure goes. Neutral moves border no unused tile and no empty cell when the late part begins, so
/// without them every late state is the same position up to renumbering (pairs that would appear are mended, the
/// player to move is kept) and the last `late` verdicts, mistakes among them, are the same; only the early states
/// change. Every late part that holds a mistake (or whatever fails) therefore fails again in a game of about five
/// times its length: the kept early moves are only those next to the late part's unused tiles and empty cells.
/// Failures that need no particular late state (any mistake at all) usually survive even the shortest late parts,
/// whose new early states are a small game of their own.
pub fn shrink(game: &Game) -> impl Iterator<Item = Game> + Send + 'static {
    let n = game.moves.len();
    let valid = game.n > MIN_N && n == game.n as usize;
    let n = if valid { n } else { 0 };
    let game = Arc::new(game.clone());
    // Every move's state depends on the tiles and cells still to come, so a block left out changes the whole game
    // and most blocks stop failing: the tails (the last half, quarter, …, two) come first, the other blocks only
    // while there are at most 16 of a length, so the single steps are reached after a few dozen tries.
    let coarse = move |run: &usize| n > SMALL && n - run >= MIN_N as usize;
    let g = Arc::clone(&game);
    let neutral = lates(if n > SMALL { n } else { 0 }).filter_map(move |late| g.without_neutral_before(late));
    let g = Arc::clone(&game);
    let tails = halvings(n).filter(coarse).map(move |run| g.without_moves(n - run..n));
    let g = Arc::clone(&game);
    let blocks = halvings(n).filter(coarse).filter(move |&run| n / run <= 16).flat_map(move |run| {
        let g = Arc::clone(&g);
        (2..=n / run).map(move |j| g.without_moves(n - j * run..n - (j - 1) * run))
    });
    let g = Arc::clone(&game);
    let singles = (0..n).rev().map(move |i| g.without(i, i, i));
    let merges = (0..if n <= 10 { n } else { 0 }).rev().flat_map(move |i| {
        let g = Arc::clone(&game);
        (0..n).rev().filter(move |&j| j != i).flat_map(move |j| [g.without(i, j, i), g.without(i, j, j)])
    });
    neutral.chain(tails).chain(blocks).chain(singles).chain(merges)
}

/// The lengths of late part [`shrink`] keeps whole for a game of `n` moves, shortest first: 2, then about √2 times
/// the one before, below `n`.
fn lates(n: usize) -> impl Iterator<Item = usize> + Send + 'static {
    std::iter::successors(Some(2), |&k: &usize| Some((k * 17 / 12).max(k + 1))).take_while(move |&k| k < n)
}

/// Games up to this many moves shrink by single steps only.
pub const SMALL: usize = 16;

/// Judges moves for the generators that play well or badly on purpose. `games` holds no game logic, so the
/// harness supplies one; `gamecheck`'s uses the fast solver's per-state view. A wrong judge only changes which games
/// get drawn: every state of every drawn game is still decided by solver and oracle alike and compared.
pub trait Referee {
    /// For each candidate move after `played` (at least two moves left before it), whether the player to move
    /// after that candidate can force a win.
    fn judge(&mut self, n: u32, played: &[Move], candidates: &[Move]) -> Vec<bool>;
}

/// The kinds of game the generator plays. Random play makes a pair within about √N moves, after which nothing can
/// be a mistake, so most kinds keep the game open longer or steer it through the states where mistakes happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Uniform: a random tile into a random cell, every move.
    Random,
    /// Two consecutive tiles in two adjacent cells within the first six moves; the rest random.
    EarlyPair,
    /// The final row has no pair (B wins), filled in random order: the game stays open to the end.
    NoPair,
    /// One side (A or B at random) plays perfectly, the other blunders whenever it can. Needs a referee.
    OnePerfect,
    /// Both sides blunder whenever they can, handing the win back and forth. Needs a referee.
    Blunders,
    /// The smallest N of the size range, of any other kind.
    Smallest,
    /// A quiet position planted early or late (see [`runs`]), whose verdict only the lengths of the runs of empty
    /// cells and of unused tiles decide, then played on mostly quietly down to the last move: the states the
    /// analysis's closed form decides, at every K and on both sides of its threshold, which random play never keeps.
    Runs,
}

impl Shape {
    pub const ALL: [Shape; 7] = [
        Shape::Random,
        Shape::EarlyPair,
        Shape::NoPair,
        Shape::OnePerfect,
        Shape::Blunders,
        Shape::Smallest,
        Shape::Runs,
    ];
}

/// How often [`generate`] picks each shape, out of the total: [`Shape::Runs`] the most, as it alone reaches the
/// quiet states of long games (every other shape makes a pair or a threat within a few moves at large N).
const SHAPE_WEIGHTS: [(Shape, u32); 7] = [
    (Shape::Random, 1),
    (Shape::EarlyPair, 1),
    (Shape::NoPair, 1),
    (Shape::OnePerfect, 1),
    (Shape::Blunders, 1),
    (Shape::Smallest, 1),
    (Shape::Runs, 2),
];

/// Up to this N the refereed kinds judge every legal move; above it a sample (see `candidates`).
pub const JUDGE_ALL_UP_TO: u32 = 40;

/// A game drawn from `rng` of a random kind and N in `sizes` (clamped to MIN_N..=MAX_N). Without a referee the
/// kinds that need one play random games.
pub fn generate(rng: &mut impl Rng, sizes: Sizes, referee: Option<&mut dyn Referee>) -> Game {
    let total: u32 = SHAPE_WEIGHTS.iter().map(|&(_, weight)| weight).sum();
    let mut pick = rng.random_range(0..total);
    let mut shape = Shape::Random;
    for (candidate, weight) in SHAPE_WEIGHTS {
        if pick < weight {
            shape = candidate;
            break;
        }
        pick -= weight;
    }
    generate_shape(rng, sizes, shape, referee)
}

pub fn generate_shape(rng: &mut impl Rng, sizes: Sizes, shape: Shape, referee: Option<&mut dyn Referee>) -> Game {
    let sizes = sizes.clamp(MIN_N as usize, MAX_N as usize);
    let n = rng.random_range(sizes.min..=sizes.max) as u32;
    match (shape, referee) {
        (Shape::Random, _) => random(rng, n),
        (Shape::EarlyPair, _) => early_pair(rng, n),
        (Shape::NoPair, _) => no_pair(rng, n),
        (Shape::OnePerfect, Some(referee)) => {
            let perfect = if rng.random_bool(0.5) { Perfect::A } else { Perfect::B };
            refereed(rng, n, referee, perfect)
        }
        (Shape::Blunders, Some(referee)) => refereed(rng, n, referee, Perfect::Neither),
        (Shape::OnePerfect | Shape::Blunders, None) => random(rng, n),
        // Too small a game for the runs asked (N < 8 mostly): a game with no pair, the closest kind.
        (Shape::Runs, _) => runs(rng, n).unwrap_or_else(|| no_pair(rng, n)),
        (Shape::Smallest, referee) => {
            let others =
                [Shape::Random, Shape::EarlyPair, Shape::NoPair, Shape::OnePerfect, Shape::Blunders, Shape::Runs];
            let shape = *others.choose(rng).expect("shapes exist");
            generate_shape(rng, Sizes::new(sizes.min, sizes.min), shape, referee)
        }
    }
}

fn shuffled(rng: &mut impl Rng, n: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (1..=n).collect();
    v.shuffle(rng);
    v
}

fn zip(n: u32, tiles: &[u32], cells: &[u32]) -> Game {
    Game { n, moves: tiles.iter().zip(cells).map(|(&tile, &cell)| Move { tile, cell }).collect() }
}

fn random(rng: &mut impl Rng, n: u32) -> Game {
    zip(n, &shuffled(rng, n), &shuffled(rng, n))
}

fn early_pair(rng: &mut impl Rng, n: u32) -> Game {
    let x = rng.random_range(1..n);
    let c = rng.random_range(1..n);
    // Tile x or x + 1 on the left, and the pair's two moves at two random places among the first six.
    let (left, right) = if rng.random_bool(0.5) { (x, x + 1) } else { (x + 1, x) };
    let mut first = rng.random_range(0..6.min(n as usize));
    let mut second = rng.random_range(0..6.min(n as usize) - 1);
    if second >= first {
        second += 1;
    } else {
        std::mem::swap(&mut first, &mut second);
    }
    let (pair_first, pair_second) =
        if rng.random_bool(0.5) { ((left, c), (right, c + 1)) } else { ((right, c + 1), (left, c)) };
    let tiles: Vec<u32> = shuffled(rng, n).into_iter().filter(|&t| t != x && t != x + 1).collect();
    let cells: Vec<u32> = shuffled(rng, n).into_iter().filter(|&k| k != c && k != c + 1).collect();
    let mut rest = tiles.into_iter().zip(cells);
    let moves = (0..n as usize)
        .map(|i| {
            let (tile, cell) = match i {
                _ if i == first => pair_first,
                _ if i == second => pair_second,
                _ => rest.next().expect("N − 2 other moves"),
            };
            Move { tile, cell }
        })
        .collect();
    Game { n, moves }
}

fn no_pair(rng: &mut impl Rng, n: u32) -> Game {
    let row = pair_free_row(rng, n);
    let mut moves: Vec<Move> = row.iter().enumerate().map(|(c, &tile)| Move { tile, cell: c as u32 + 1 }).collect();
    moves.shuffle(rng);
    Game { n, moves }
}

/// Swaps `pair_free_row` may make. The repair needs the most at N = 4 (two of the 24 rows qualify): at most 148
/// in 20 000 tries of a simulation, a dozen at N = 40, seven at N = 1000.
const REPAIRS: usize = 10_000;

/// A random row (tile per cell) with no two consecutive tiles side by side: a shuffle repaired by swapping one
/// tile of each bad neighbourhood away, with evens-then-odds (2 4 … 1 3 …, never consecutive for N ≥ 4) as the
/// fallback should the repair be unlucky.
fn pair_free_row(rng: &mut impl Rng, n: u32) -> Vec<u32> {
    let mut row = shuffled(rng, n);
    let len = row.len();
    for _ in 0..REPAIRS {
        let Some(bad) = (0..len - 1).find(|&c| row[c].abs_diff(row[c + 1]) == 1) else { return row };
        let other = rng.random_range(0..len);
        row.swap(bad + 1, other);
    }
    (2..=n).step_by(2).chain((1..=n).step_by(2)).collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Perfect {
    A,
    B,
    Neither,
}

/// The tiles (or cells) still free, with O(1) removal and membership, so that generating a game of N = 10^5 stays
/// quick.
struct Free {
    items: Vec<u32>,
    /// Where each free element sits in `items`; `u32::MAX` once used. Index 0 and N + 1 are never free.
    slot: Vec<u32>,
}

impl Free {
    fn all(n: u32) -> Free {
        let mut slot: Vec<u32> = (0..n + 2).map(|x| x.wrapping_sub(1)).collect();
        slot[n as usize + 1] = u32::MAX;
        Free { items: (1..=n).collect(), slot }
    }

    fn contains(&self, x: u32) -> bool {
        self.slot.get(x as usize).is_some_and(|&s| s != u32::MAX)
    }

    fn remove(&mut self, x: u32) {
        let at = self.slot[x as usize] as usize;
        let last = *self.items.last().expect("x is free");
        self.items.swap_remove(at);
        self.slot[last as usize] = at as u32;
        self.slot[x as usize] = u32::MAX;
    }

    fn random(&self, rng: &mut impl Rng) -> u32 {
        *self.items.choose(rng).expect("one is free")
    }
}

/// The legal moves to judge: all of them up to [`JUDGE_ALL_UP_TO`]; above it 48: up to 24 that put a tile within
/// two of the tile of one of the last four moves into a cell within two of its cell, where the sharp moves of this
/// game are, and random ones for the rest.
fn candidates(rng: &mut impl Rng, n: u32, tiles: &Free, cells: &Free, played: &[Move]) -> Vec<Move> {
    if n <= JUDGE_ALL_UP_TO {
        return tiles.items.iter().flat_map(|&tile| cells.items.iter().map(move |&cell| Move { tile, cell })).collect();
    }
    let near = |x: u32, free: &Free| (x.saturating_sub(2)..=x + 2).filter(|&y| free.contains(y)).collect::<Vec<_>>();
    let mut sharp: Vec<Move> = Vec::new();
    for m in played.iter().rev().take(4) {
        for tile in near(m.tile, tiles) {
            for cell in near(m.cell, cells) {
                sharp.push(Move { tile, cell });
            }
        }
    }
    sharp.shuffle(rng);
    let mut out: Vec<Move> = Vec::with_capacity(48);
    for m in sharp {
        if out.len() == 24 {
            break;
        }
        if !out.contains(&m) {
            out.push(m);
        }
    }
    for _ in 0..48 - out.len() {
        out.push(Move { tile: tiles.random(rng), cell: cells.random(rng) });
    }
    out
}

/// A game where the `perfect` side, whenever the referee finds it a move that keeps the win, plays one, and the
/// other side, whenever it stands on a winning state and a losing move exists, plays a losing one 80% of the time
/// and keeps the win otherwise, so that its wins survive long enough to be thrown away later. A side with no
/// winning move plays at random. Each picks a move that makes no pair where it can: after a pair nothing can be a
/// mistake, and the game would be over early. The last move is forced.
fn refereed(rng: &mut impl Rng, n: u32, referee: &mut dyn Referee, perfect: Perfect) -> Game {
    let (mut tiles, mut cells) = (Free::all(n), Free::all(n));
    // The tile in each cell, with an empty cell at both ends.
    let mut row = vec![0; n as usize + 2];
    let mut played = Vec::with_capacity(n as usize);
    for i in 0..n as usize {
        let choice = if tiles.items.len() == 1 {
            Move { tile: tiles.items[0], cell: cells.items[0] }
        } else {
            let options = candidates(rng, n, &tiles, &cells, &played);
            let opponent_wins = referee.judge(n, &played, &options);
            let makes_pair = |m: &Move| {
                let c = m.cell as usize;
                [row[c - 1], row[c + 1]].iter().any(|&t| t != 0 && m.tile.abs_diff(t) == 1)
            };
            let pick = |rng: &mut _, wins: Option<bool>| {
                let pool: Vec<Move> = options
                    .iter()
                    .zip(&opponent_wins)
                    .filter(|&(_, &w)| wins.is_none_or(|wins| w == wins))
                    .map(|(&m, _)| m)
                    .collect();
                let quiet: Vec<Move> = pool.iter().copied().filter(|m| !makes_pair(m)).collect();
                quiet.choose(rng).or(pool.choose(rng)).copied()
            };
            let good = match perfect {
                Perfect::A => i % 2 == 0,
                Perfect::B => i % 2 == 1,
                Perfect::Neither => false,
            };
            let can_win = opponent_wins.contains(&false);
            let blunder = !good && can_win && rng.random_bool(0.8);
            let chosen = pick(rng, Some(blunder)).or_else(|| pick(rng, None));
            chosen.expect("a move is left")
        };
        tiles.remove(choice.tile);
        cells.remove(choice.cell);
        row[choice.cell as usize] = choice.tile;
        played.push(choice);
    }
    Game { n, moves: played }
}

/// A game through a planted quiet position: after N − K moves, no pair, no threat (no filled cell beside an empty
/// one holds a tile beside an unused one), and runs of empty cells and of unused tiles of the lengths drawn, one
/// side (or both) only ones and twos. K is drawn late (1 to 12), in the middle (N/8 to N/3), early (N/3 to N/2) or
/// earliest (N/2 to 3N/5). Z = Σ⌊x/2⌋ over both sides is drawn within a few of K/2, on either side of where the
/// closed form turns, except at the earliest K: a side of ones and twos has K − Zs runs, each needing a filled cell
/// (and, beside it, a used tile whose neighbours are used) to set it apart, so N − K filled cells hold about
/// 2K − Z runs; Z near K/2 needs K ≤ N/2, and only a large Z fits past it (up to K ≈ 2N/3).
///
/// The first N − K moves fill the position in random order (pairs only grow, so none forms on the way); the rest are
/// played by rules drawn per game: mostly quiet moves (an isolated cell or tile, so no threat), A keeping Z and B
/// lowering it by one (which holds the threshold down to the last moves), either at random, or the other way round;
/// and now and then a move that makes threats. Only positions are planted: no verdict is computed. `None` when a few
/// draws find no position that fits in N (mostly N < 8).
fn runs(rng: &mut impl Rng, n: u32) -> Option<Game> {
    let planted = (0..4).find_map(|_| quiet_position(rng, n))?;
    let (row, empty, unused) = planted;
    let mut moves: Vec<Move> =
        (1..=n).filter(|&c| row[c as usize] != 0).map(|c| Move { tile: row[c as usize], cell: c }).collect();
    moves.shuffle(rng);
    let mut play = Continuation::new(rng, row, &empty, &unused);
    while moves.len() < n as usize {
        moves.push(play.next(rng, moves.len().is_multiple_of(2)));
    }
    Some(Game { n, moves })
}

/// A position as [`runs`] plants it: the tile in each cell (0 in empty ones), the empty cells, the unused tiles.
type Planted = (Vec<u32>, Vec<bool>, Vec<bool>);

fn quiet_position(rng: &mut impl Rng, n: u32) -> Option<Planted> {
    let range = |lo: u32, hi: u32| lo.clamp(1, n - 1)..=hi.clamp(1, n - 1).max(lo.clamp(1, n - 1));
    let (k, earliest) = match rng.random_range(0..4) {
        // The last few moves, A to move half the time (N − K even), where K = 2 and 3 are told apart.
        0 => {
            let top = if rng.random_bool(0.5) { 4 } else { 12 };
            let k = rng.random_range(range(1, top));
            let k = if rng.random_bool(0.5) && (n - k) % 2 == 1 { k + 1 } else { k };
            (k.min(n - 1), false)
        }
        1 => (rng.random_range(range(n / 8, n / 3)), false),
        2 => (rng.random_range(range(n.div_ceil(3), n / 2)), false),
        _ => (rng.random_range(range(n / 2 + 1, 3 * n / 5)), true),
    };
    let half = k / 2;
    let (z_small, z_other) = if earliest {
        // The other side one long run or a few, the side of ones and twos as many twos as it takes to fit.
        // K − Zs runs of ones and twos fit in N − K filled cells only with room for the other side's few runs.
        (rng.random_range((2 * k + 30).saturating_sub(n).max(k / 3 + 1).min(half)..=half), half)
    } else {
        // 2Z − K in {−3, −1, 1, 3} for odd K, {−2, 0, 2} for even K; the other side takes as much of Z as it can
        // half the time (the fewest runs), else a random share.
        let offsets: &[i64] = if k % 2 == 1 { &[-3, -1, 1, 3] } else { &[-2, 0, 2] };
        let z = ((i64::from(k) + offsets.choose(rng).expect("offsets exist")) / 2).clamp(0, i64::from(2 * half)) as u32;
        // K = 2 with a run of two on each side, the one K = 2 that A wins, half the time: B's best play avoids it.
        let z = if k == 2 && rng.random_bool(0.5) { 2 } else { z };
        let other =
            if rng.random_bool(0.5) { z.min(half) } else { rng.random_range(z.saturating_sub(half)..=z.min(half)) };
        (z - other, other)
    };
    let both_small = rng.random_bool(0.2);
    let (small, other) = (composition(rng, k, z_small, true), composition(rng, k, z_other, both_small));
    let (cell_runs, tile_runs) = if rng.random_bool(0.5) { (small, other) } else { (other, small) };
    let crowded = 2 * k > n;
    let (lumpy_cells, lumpy_tiles) = (crowded || rng.random_bool(0.5), crowded || rng.random_bool(0.5));
    let empty = layout(rng, n, &cell_runs, lumpy_cells)?;
    let unused = layout(rng, n, &tile_runs, lumpy_tiles)?;
    let row = quiet_row(rng, n, &empty, &unused)?;
    Some((row, empty, unused))
}

/// Run lengths adding up to `k` with Σ⌊x/2⌋ = `z` (2z ≤ k), in random order: with `small_only`, z twos and
/// k − 2z ones; otherwise k − 2z odd runs and some even ones sharing the z halves among a few of them, so that long
/// runs are made too.
fn composition(rng: &mut impl Rng, k: u32, z: u32, small_only: bool) -> Vec<u32> {
    let odd = k - 2 * z;
    if small_only {
        let mut out: Vec<u32> =
            std::iter::repeat_n(2, z as usize).chain(std::iter::repeat_n(1, odd as usize)).collect();
        out.shuffle(rng);
        return out;
    }
    // Each even run takes a half to start with; with no odd run there must be an even one.
    let evens = if z == 0 { 0 } else { rng.random_range(u32::from(odd == 0)..=z.min(4)) };
    let mut halves: Vec<u32> =
        std::iter::repeat_n(0, odd as usize).chain(std::iter::repeat_n(1, evens as usize)).collect();
    let parts = halves.len();
    let takers = rng.random_range(1..=parts.min(6));
    let mut chosen: Vec<usize> = (0..parts).collect();
    chosen.shuffle(rng);
    chosen.truncate(takers);
    for _ in 0..z - evens {
        halves[*chosen.choose(rng).expect("a part takes them")] += 1;
    }
    let mut out: Vec<u32> =
        halves.iter().enumerate().map(|(i, &h)| if i < odd as usize { 2 * h + 1 } else { 2 * h }).collect();
    out.shuffle(rng);
    out
}

/// Marks for 1..=N (index 0 and N + 1 unmarked), runs of marked elements of the given lengths in order, apart by at
/// least one unmarked element. The unmarked elements beyond those needed go to random gaps, or with `lumpy` all into
/// one to three of them, which leaves the fewest unmarked elements next to marked ones (what an early position needs).
fn layout(rng: &mut impl Rng, n: u32, runs: &[u32], lumpy: bool) -> Option<Vec<bool>> {
    let marked: u32 = runs.iter().sum();
    let needed = runs.len() as u32 - 1;
    let spare = n.checked_sub(marked + needed)?;
    let mut gaps: Vec<u32> = (0..=runs.len()).map(|i| u32::from(i > 0 && i < runs.len())).collect();
    let takers: Vec<usize> = if lumpy {
        (0..rng.random_range(1..=3)).map(|_| rng.random_range(0..gaps.len())).collect()
    } else {
        (0..gaps.len()).collect()
    };
    for _ in 0..spare {
        gaps[*takers.choose(rng).expect("a gap takes them")] += 1;
    }
    let mut marks = vec![false; n as usize + 2];
    let mut at = 1 + gaps[0] as usize;
    for (i, &len) in runs.iter().enumerate() {
        marks[at..at + len as usize].fill(true);
        at += len as usize + gaps[i + 1] as usize;
    }
    Some(marks)
}

/// The tile in each filled cell (0 in empty ones, and in 0 and N + 1) for `empty` cells and `unused` tiles of the
/// same count, so that no two neighbouring cells hold consecutive tiles and every filled cell beside an empty one
/// holds a tile whose neighbours are both used: no pair and no threat. `None` if there are too few such tiles, or
/// the repair of pairs gives up.
fn quiet_row(rng: &mut impl Rng, n: u32, empty: &[bool], unused: &[bool]) -> Option<Vec<u32>> {
    let size = n as usize;
    let filled: Vec<usize> = (1..=size).filter(|&c| !empty[c]).collect();
    let (border, inner): (Vec<usize>, Vec<usize>) = filled.iter().partition(|&&c| empty[c - 1] || empty[c + 1]);
    let (mut safe, mut rest): (Vec<u32>, Vec<u32>) =
        (1..=n).filter(|&t| !unused[t as usize]).partition(|&t| !unused[t as usize - 1] && !unused[t as usize + 1]);
    if safe.len() < border.len() {
        return None;
    }
    safe.shuffle(rng);
    rest.extend(safe.drain(border.len()..));
    rest.shuffle(rng);
    let mut row = vec![0u32; size + 2];
    for (&c, &t) in border.iter().zip(&safe).chain(inner.iter().zip(&rest)) {
        row[c] = t;
    }
    // A pair is mended by swapping one of its tiles with that of a random cell of the same kind (beside an empty
    // cell or not), which keeps every tile beside an empty cell safe; each swap makes a new pair only rarely.
    // The search resumes left of the cells just swapped: pairs further left were there before and are mended.
    let kind_of = |c: usize| if empty[c - 1] || empty[c + 1] { &border } else { &inner };
    let mut from = 1;
    for _ in 0..QUIET_REPAIRS {
        let Some(bad) = (from..size).find(|&c| row[c] != 0 && row[c + 1] != 0 && row[c].abs_diff(row[c + 1]) == 1)
        else {
            return Some(row);
        };
        let c = if rng.random_bool(0.5) { bad } else { bad + 1 };
        let other = *kind_of(c).choose(rng).expect("c is of its kind");
        row.swap(c, other);
        from = bad.min(other).saturating_sub(1).max(1);
    }
    None
}

/// Swaps `quiet_row` may make before it gives up. A random filling has about two pairs whatever N, and a swap
/// mends one and makes a new one with a chance of about 4/N; small kinds (one or two cells beside empty ones) are
/// where it can fail, and there the game is drawn another way.
const QUIET_REPAIRS: usize = 200;

/// The runs of one side (empty cells or unused tiles) as [`runs`] plays on: isolated elements and longer runs
/// (start, length), each in no order, so that a random one is picked in O(1).
struct Side {
    singles: Vec<u32>,
    longer: Vec<(u32, u32)>,
}

/// Which element of a side a move takes: an isolated one; one that keeps Σ⌊x/2⌋ (an isolated one, or an even
/// offset of an odd run); one that lowers it by one (any of an even run, an odd offset of an odd run); one with a
/// neighbour left (what makes a threat); or any.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pick {
    Single,
    Keep,
    Lower,
    Longer,
    Any,
}

/// An element of a [`Side`]: the index of an isolated one, or of a longer run and the offset in it.
#[derive(Clone, Copy)]
enum Slot {
    Single(usize),
    Run(usize, u32),
}

impl Side {
    fn of(marks: &[bool]) -> Side {
        let mut side = Side { singles: Vec::new(), longer: Vec::new() };
        let mut at = 1;
        while at < marks.len() {
            let len = marks[at..].iter().take_while(|&&m| m).count();
            side.add(at as u32, len as u32);
            at += len + 1;
        }
        side
    }

    fn add(&mut self, start: u32, len: u32) {
        match len {
            0 => {}
            1 => self.singles.push(start),
            _ => self.longer.push((start, len)),
        }
    }

    /// An element of the kind asked for, or any when a few tries find none of it (`None` only when the kind
    /// cannot be had at all).
    fn pick<R: Rng>(&self, rng: &mut R, kind: Pick) -> Option<Slot> {
        let (singles, longer) = (self.singles.len(), self.longer.len());
        let run = |rng: &mut R, j: usize, kind| {
            let len = self.longer[j].1;
            match kind {
                Pick::Keep if len % 2 == 1 => Some(Slot::Run(j, 2 * rng.random_range(0..=len / 2))),
                Pick::Lower if len % 2 == 1 => Some(Slot::Run(j, 2 * rng.random_range(0..len / 2) + 1)),
                Pick::Keep => None,
                _ => Some(Slot::Run(j, rng.random_range(0..len))),
            }
        };
        match kind {
            Pick::Single => (singles > 0).then(|| Slot::Single(rng.random_range(0..singles))),
            Pick::Longer => (longer > 0).then(|| rng.random_range(0..longer)).and_then(|j| run(rng, j, Pick::Any)),
            _ if singles + longer == 0 => None,
            _ => {
                for _ in 0..8 {
                    let i = rng.random_range(0..singles + longer);
                    let slot = if i < singles {
                        (kind != Pick::Lower).then_some(Slot::Single(i))
                    } else {
                        run(rng, i - singles, kind)
                    };
                    if slot.is_some() {
                        return slot;
                    }
                }
                let i = rng.random_range(0..singles + longer);
                if i < singles { Some(Slot::Single(i)) } else { run(rng, i - singles, Pick::Any) }
            }
        }
    }

    fn element(&self, slot: Slot) -> u32 {
        match slot {
            Slot::Single(i) => self.singles[i],
            Slot::Run(j, offset) => self.longer[j].0 + offset,
        }
    }

    /// Takes the element out, splitting its run.
    fn take(&mut self, slot: Slot) -> u32 {
        match slot {
            Slot::Single(i) => self.singles.swap_remove(i),
            Slot::Run(j, offset) => {
                let (start, len) = self.longer.swap_remove(j);
                self.add(start, offset);
                self.add(start + offset + 1, len - offset - 1);
                start + offset
            }
        }
    }
}

/// The rules the moves after a planted position follow, drawn per game (see [`runs`]).
struct Continuation {
    /// The tile in each cell, 0 while empty.
    row: Vec<u32>,
    cells: Side,
    tiles: Side,
    /// What A's and B's quiet moves do to Σ⌊x/2⌋.
    a_takes: Pick,
    b_takes: Pick,
    /// How often a move makes threats on purpose.
    threats: f64,
}

impl Continuation {
    fn new(rng: &mut impl Rng, row: Vec<u32>, empty: &[bool], unused: &[bool]) -> Continuation {
        let (a_takes, b_takes) = [(Pick::Keep, Pick::Lower), (Pick::Any, Pick::Any), (Pick::Lower, Pick::Keep)]
            [[0, 0, 1, 2][rng.random_range(0..4)]];
        let threats = [0.0, 0.0, 0.02, 0.1][rng.random_range(0..4)];
        Continuation { row, cells: Side::of(empty), tiles: Side::of(unused), a_takes, b_takes, threats }
    }

    /// The next move: quiet (an isolated cell or tile) where one exists and no threat is wanted, else one that
    /// makes threats; a move that makes a pair only when a few tries find no other.
    fn next(&mut self, rng: &mut impl Rng, a_to_move: bool) -> Move {
        let free = if a_to_move { self.a_takes } else { self.b_takes };
        let quiet = !rng.random_bool(self.threats);
        let mut choice = None;
        for _ in 0..8 {
            let single_cell = match (self.cells.singles.is_empty(), self.tiles.singles.is_empty()) {
                (false, false) => rng.random_bool(0.5),
                (false, true) => true,
                (true, false) => false,
                (true, true) => rng.random_bool(0.5),
            };
            let (cell_kind, tile_kind) = match (quiet, single_cell) {
                (true, true) => (Pick::Single, free),
                (true, false) => (free, Pick::Single),
                (false, _) => (Pick::Longer, Pick::Longer),
            };
            let cell = self.cells.pick(rng, cell_kind).or_else(|| self.cells.pick(rng, Pick::Any));
            let tile = self.tiles.pick(rng, tile_kind).or_else(|| self.tiles.pick(rng, Pick::Any));
            let (cell, tile) = (cell.expect("a cell is empty"), tile.expect("a tile is unused"));
            let (c, t) = (self.cells.element(cell) as usize, self.tiles.element(tile));
            let pair = [self.row[c - 1], self.row[c + 1]].iter().any(|&s| s != 0 && s.abs_diff(t) == 1);
            choice = Some((cell, tile));
            if !pair {
                break;
            }
        }
        let (cell, tile) = choice.expect("tried at least once");
        let (cell, tile) = (self.cells.take(cell), self.tiles.take(tile));
        self.row[cell as usize] = tile;
        Move { tile, cell }
    }
}

impl Cases for AdjacentConsecutive {
    fn generate(rng: &mut ChaCha8Rng, sizes: Sizes) -> Game {
        generate(rng, sizes, None)
    }

    fn shrink(case: &Game) -> Box<dyn Iterator<Item = Game>> {
        Box::new(shrink(case))
    }

    /// A game of MIN_N ≤ N ≤ ARBITRARY_MAX_N: two bytes per move order the tiles and the cells (a stable sort by
    /// byte, so every pair of orders is reachable). Running out of bytes is an error, not a run of zeros that
    /// would always play tile 1 into cell 1 first.
    fn arbitrary(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Game> {
        let n = u.int_in_range(MIN_N..=ARBITRARY_MAX_N)?;
        let bytes = u.bytes(2 * n as usize)?;
        let order = |keys: &[u8]| {
            let mut v: Vec<u32> = (1..=n).collect();
            v.sort_by_key(|&x| keys[x as usize - 1]);
            v
        };
        let (tile_keys, cell_keys) = bytes.split_at(n as usize);
        Ok(zip(n, &order(tile_keys), &order(cell_keys)))
    }

    fn all_cases(size: usize) -> Box<dyn Iterator<Item = Game> + Send> {
        all_games(size as u32)
    }
}

/// The games `gamecheck exhaust` checks at size N. The verdict on a state depends only on which tile sits in which
/// cell, not on the order they came in, so besides "every game" (all (N!)² move sequences, for N ≤ 5) there is
/// "every position" (N = 6 and 7): a set of games in which each position with a move left is a state of at least
/// one game. Empty for other N.
pub fn all_games(n: u32) -> Box<dyn Iterator<Item = Game> + Send> {
    match n {
        MIN_N..=5 => {
            let count = factorial(n) * factorial(n);
            Box::new((0..count).map(move |code| {
                let tiles = nth_permutation(n, code % factorial(n));
                let cells = nth_permutation(n, code / factorial(n));
                zip(n, &tiles, &cells)
            }))
        }
        6 | 7 => Box::new(covering_games(n).into_iter()),
        _ => Box::new(std::iter::empty()),
    }
}

fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

/// Permutation `code` of 1..=n in lexicographic order.
fn nth_permutation(n: u32, mut code: u64) -> Vec<u32> {
    let mut left: Vec<u32> = (1..=n).collect();
    let mut out = Vec::with_capacity(n as usize);
    for k in (0..n).rev() {
        let f = factorial(k);
        out.push(left.remove((code / f) as usize));
        code %= f;
    }
    out
}

/// A position as a number: 3 bits per tile holding its cell (0 while unused), tile 1 lowest. N ≤ 7.
fn position_code(cell_of: &[u32]) -> usize {
    cell_of.iter().rev().fold(0, |code, &c| code * 8 + c as usize)
}

/// Games covering every position of N ≤ 7 with a move left. Greedy, level by level from the most populous: a
/// position no game reaches yet gets a game through it, whose earlier and later moves are chosen to pass through
/// further positions no game reaches yet. No two positions of one level share a game, so the largest level's size
/// is the least possible number of games.
pub fn covering_games(n: u32) -> Vec<Game> {
    assert!(n <= 7, "positions are coded in 3 bits per tile");
    let size = n as usize;
    let mut levels: Vec<Vec<Vec<u32>>> = vec![Vec::new(); size];
    for code in 0..1usize << (3 * size) {
        let cell_of: Vec<u32> = (0..size).map(|t| ((code >> (3 * t)) & 7) as u32).collect();
        let placed: Vec<u32> = cell_of.iter().copied().filter(|&c| c != 0).collect();
        let distinct = placed.iter().enumerate().all(|(i, c)| !placed[..i].contains(c));
        if distinct && placed.iter().all(|&c| c <= n) && placed.len() < size {
            levels[placed.len()].push(cell_of);
        }
    }
    let mut covered = vec![false; 1 << (3 * size)];
    let is_new = |covered: &[bool], position: &[u32]| !covered[position_code(position)];
    let mut games = Vec::new();
    // The largest level first: its positions each need a game of their own, and the others can mostly ride along.
    levels.sort_by_key(|level| std::cmp::Reverse(level.len()));
    for position in levels.iter().flatten() {
        if !is_new(&covered, position) {
            continue;
        }
        // Back to the empty row, taking back a move that leads to a new position where one does.
        let mut down = Vec::new();
        let mut current = position.clone();
        // Each step takes back one of at most N − 1 moves: counted, so that a bug in it fails rather than spins.
        for _ in 0..size {
            let placed: Vec<usize> = (0..size).filter(|&t| current[t] != 0).collect();
            let without = |t: usize| {
                let mut smaller = current.clone();
                smaller[t] = 0;
                smaller
            };
            let Some(&first) = placed.first() else { break };
            let tile = placed.iter().copied().find(|&t| is_new(&covered, &without(t))).unwrap_or(first);
            down.push(Move { tile: tile as u32 + 1, cell: current[tile] });
            current[tile] = 0;
        }
        assert!(current.iter().all(|&c| c == 0), "{position:?} not taken back to the empty row");
        let mut moves: Vec<Move> = down.into_iter().rev().collect();
        // On to the full row, the same way forward.
        let mut current = position.clone();
        while moves.len() < size {
            let free_cells: Vec<u32> = (1..=n).filter(|c| !current.contains(c)).collect();
            let legal: Vec<Move> = (0..size)
                .filter(|&t| current[t] == 0)
                .flat_map(|t| free_cells.iter().map(move |&cell| Move { tile: t as u32 + 1, cell }))
                .collect();
            // The last move is forced (one tile, one cell), whatever this says of the full row.
            let leads_somewhere_new = |m: &Move| {
                let mut larger = current.clone();
                larger[m.tile as usize - 1] = m.cell;
                is_new(&covered, &larger)
            };
            let chosen = legal.iter().copied().find(leads_somewhere_new).unwrap_or(legal[0]);
            current[chosen.tile as usize - 1] = chosen.cell;
            moves.push(chosen);
        }
        // Every state of the game is reached now; the full row too, which no level lists.
        let mut state = vec![0; size];
        covered[position_code(&state)] = true;
        for m in &moves {
            state[m.tile as usize - 1] = m.cell;
            covered[position_code(&state)] = true;
        }
        games.push(Game { n, moves });
    }
    games
}

/// The steps shrinking takes on a game, beside the game type they work on.
pub trait Shrinking {
    /// The game without the moves in `drop`, their tiles and cells, the others renumbered down to close the gaps.
    fn without_moves(&self, drop: std::ops::Range<usize>) -> Game;
    /// The game without the moves marked in `drop` (one flag per move), their tiles and cells, the others
    /// renumbered down to close the gaps.
    fn without_marked(&self, drop: &[bool]) -> Game;
    /// The game without the early moves that are neutral for the last `late` moves (see [`shrink`]), its last
    /// `late` states the same positions as this game's up to renumbering: `None` when no move goes, or so many
    /// that fewer than [`MIN_N`] are left.
    ///
    /// A move before the late part is neutral when, at the state where the late part begins, its tile's two
    /// neighbours are used (or past 1 and N), its cell's two neighbours filled (or past the ends), and it forms no
    /// pair. Its tile then borders no unused tile and its cell no empty cell, so taking out any set of neutral
    /// moves keeps every run of unused tiles and of empty cells, and every used tile next to an unused one and
    /// filled cell next to an empty one (those are not neutral), so each late move makes a pair exactly when it
    /// did. Two things could still differ, and are mended by keeping some neutral moves after all: two kept filled
    /// cells that come together holding two tiles that come together would be a new pair (one neutral move that
    /// stood between them stays, until no such pair is left), and an odd number of moves out would hand the late
    /// part to the other player (the first neutral move stays).
    fn without_neutral_before(&self, late: usize) -> Option<Game>;
    /// The game without move `i`'s tile and move `j`'s cell, the tiles and cells after them renumbered down by
    /// one. With i = j that move goes; otherwise move j's tile goes into move i's cell, played at `at` (i or j),
    /// and the other of the two moves goes.
    fn without(&self, i: usize, j: usize, at: usize) -> Game;
}

impl Shrinking for Game {
    /// The game without the moves in `drop`, their tiles and cells, the others renumbered down to close the gaps.
    fn without_moves(&self, drop: std::ops::Range<usize>) -> Game {
        let marked: Vec<bool> = (0..self.moves.len()).map(|k| drop.contains(&k)).collect();
        self.without_marked(&marked)
    }

    /// The game without the moves marked in `drop` (one flag per move), their tiles and cells, the others
    /// renumbered down to close the gaps.
    fn without_marked(&self, drop: &[bool]) -> Game {
        let n = self.n as usize;
        let (mut tile_gone, mut cell_gone) = (vec![false; n + 1], vec![false; n + 1]);
        for (m, _) in self.moves.iter().zip(drop).filter(|(_, d)| **d) {
            tile_gone[m.tile as usize] = true;
            cell_gone[m.cell as usize] = true;
        }
        // How many tiles (cells) up to each number are gone: what a kept one's number drops by.
        let below = |gone: Vec<bool>| -> Vec<u32> {
            gone.iter()
                .scan(0, |count, &g| {
                    *count += u32::from(g);
                    Some(*count)
                })
                .collect()
        };
        let (tiles_below, cells_below) = (below(tile_gone), below(cell_gone));
        let moves: Vec<Move> = (self.moves.iter().zip(drop))
            .filter(|(_, d)| !**d)
            .map(|(m, _)| Move {
                tile: m.tile - tiles_below[m.tile as usize],
                cell: m.cell - cells_below[m.cell as usize],
            })
            .collect();
        Game { n: moves.len() as u32, moves }
    }

    /// The game without the early moves that are neutral for the last `late` moves (see [`shrink`]), its last
    /// `late` states the same positions as this game's up to renumbering: `None` when no move goes, or so many
    /// that fewer than [`MIN_N`] are left.
    ///
    /// A move before the late part is neutral when, at the state where the late part begins, its tile's two
    /// neighbours are used (or past 1 and N), its cell's two neighbours filled (or past the ends), and it forms no
    /// pair. Its tile then borders no unused tile and its cell no empty cell, so taking out any set of neutral
    /// moves keeps every run of unused tiles and of empty cells, and every used tile next to an unused one and
    /// filled cell next to an empty one (those are not neutral), so each late move makes a pair exactly when it
    /// did. Two things could still differ, and are mended by keeping some neutral moves after all: two kept filled
    /// cells that come together holding two tiles that come together would be a new pair (one neutral move that
    /// stood between them stays, until no such pair is left), and an odd number of moves out would hand the late
    /// part to the other player (the first neutral move stays).
    fn without_neutral_before(&self, late: usize) -> Option<Game> {
        let n = self.n as usize;
        let start = n.checked_sub(late)?;
        // Per tile and per cell (0 and N + 1 are the walls): the move that used it, if before the late part.
        let (mut tile_move, mut cell_move) = (vec![None; n + 2], vec![None; n + 2]);
        for (k, m) in self.moves[..start].iter().enumerate() {
            tile_move[m.tile as usize] = Some(k);
            cell_move[m.cell as usize] = Some(k);
        }
        let used = |t: usize| t == 0 || t == n + 1 || tile_move[t].is_some();
        let filled = |c: usize| c == 0 || c == n + 1 || cell_move[c].is_some();
        let tile_in = |c: usize| cell_move[c].map(|k| self.moves[k].tile);
        let in_pair = |m: &Move| {
            let c = m.cell as usize;
            [tile_in(c - 1), tile_in(c + 1)].iter().flatten().any(|&t| t.abs_diff(m.tile) == 1)
        };
        let mut drop: Vec<bool> = (self.moves.iter().enumerate())
            .map(|(k, m)| {
                let (t, c) = (m.tile as usize, m.cell as usize);
                k < start && used(t - 1) && used(t + 1) && filled(c - 1) && filled(c + 1) && !in_pair(m)
            })
            .collect();
        loop {
            if !drop.contains(&true) {
                return None;
            }
            // How many kept (or unused) tiles are at or below each tile: two kept tiles come together when these
            // differ by one.
            let rank: Vec<usize> = (0..=n)
                .scan(0, |count, t| {
                    *count += usize::from(t > 0 && tile_move[t].is_none_or(|k| !drop[k]));
                    Some(*count)
                })
                .collect();
            let mut mended = false;
            // Each kept filled cell with the nearest kept or empty cell to its left.
            let mut left: Option<usize> = None;
            for c in 1..=n {
                match cell_move[c] {
                    Some(k) if drop[k] => continue,
                    Some(k) => {
                        if let Some(l) = left
                            && let Some(j) = cell_move[l]
                        {
                            let (x, y) = (self.moves[j].tile as usize, self.moves[k].tile as usize);
                            let (lo, hi) = (x.min(y), x.max(y));
                            let was_pair = l + 1 == c && hi - lo == 1;
                            if rank[hi] - rank[lo] == 1 && !was_pair {
                                // Keep a dropped tile between them, or else a dropped cell between them.
                                let between = if hi - lo > 1 { tile_move[lo + 1] } else { cell_move[l + 1] };
                                drop[between.expect("a dropped move stands between")] = false;
                                mended = true;
                            }
                        }
                        left = Some(c);
                    }
                    None => left = Some(c),
                }
            }
            if mended {
                continue;
            }
            // An even number out, so that the same player moves first in the late part.
            if drop.iter().filter(|&&d| d).count() % 2 == 0 {
                break;
            }
            let first = drop.iter().position(|&d| d).expect("an odd number are dropped");
            drop[first] = false;
        }
        let game = self.without_marked(&drop);
        (game.n >= MIN_N).then_some(game)
    }

    /// The game without move `i`'s tile and move `j`'s cell, the tiles and cells after them renumbered down by
    /// one. With i = j that move goes; otherwise move j's tile goes into move i's cell, played at `at` (i or j),
    /// and the other of the two moves goes.
    fn without(&self, i: usize, j: usize, at: usize) -> Game {
        let (tile, cell) = (self.moves[i].tile, self.moves[j].cell);
        let joined = Move { tile: self.moves[j].tile, cell: self.moves[i].cell };
        let dropped = if at == i { j } else { i };
        let moves = self
            .moves
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != dropped)
            .map(|(k, &m)| {
                let m = if k == at { joined } else { m };
                Move { tile: m.tile - u32::from(m.tile > tile), cell: m.cell - u32::from(m.cell > cell) }
            })
            .collect();
        Game { n: self.n - 1, moves }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Contest;

    fn assert_valid(game: &Game) {
        assert!((MIN_N..=MAX_N).contains(&game.n), "{game:?}");
        assert_eq!(
            AdjacentConsecutive::parse(&AdjacentConsecutive::write(std::slice::from_ref(game))).as_ref(),
            Ok(&vec![game.clone()])
        );
    }

    use crate::case_rng;

    /// Up to N = 40 every legal move is judged; above, 48 legal moves, the first up to 24 of them distinct and each
    /// within two tiles and two cells of one of the last four moves (as many as there are, when fewer).
    #[test]
    fn candidates_are_every_move_or_mostly_near_the_last_four() {
        let mut rng = case_rng(12, 0);
        for n in [4u32, 40] {
            let all = candidates(&mut rng, n, &Free::all(n), &Free::all(n), &[]);
            let distinct: std::collections::HashSet<&Move> = all.iter().collect();
            assert_eq!((all.len(), distinct.len()), ((n * n) as usize, (n * n) as usize), "N = {n}");
        }
        for (n, played) in [(41u32, 5usize), (300, 9), (300, 2)] {
            let (mut tiles, mut cells) = (Free::all(n), Free::all(n));
            let game = random(&mut rng, n);
            let played = &game.moves[..played];
            for m in played {
                tiles.remove(m.tile);
                cells.remove(m.cell);
            }
            let recent = &played[played.len().saturating_sub(4)..];
            let near = |m: &Move| recent.iter().any(|p| p.tile.abs_diff(m.tile) <= 2 && p.cell.abs_diff(m.cell) <= 2);
            let sharp = (1..=n)
                .flat_map(|tile| (1..=n).map(move |cell| Move { tile, cell }))
                .filter(|m| tiles.contains(m.tile) && cells.contains(m.cell) && near(m))
                .count();
            let out = candidates(&mut rng, n, &tiles, &cells, played);
            assert_eq!(out.len(), 48);
            assert!(out.iter().all(|m| tiles.contains(m.tile) && cells.contains(m.cell)), "{out:?}");
            let first = &out[..sharp.min(24)];
            let distinct: std::collections::HashSet<&Move> = first.iter().collect();
            assert!(first.iter().all(near) && distinct.len() == first.len(), "N = {n}: {out:?}");
        }
    }

    #[test]
    fn write_then_parse_is_the_same_games() {
        let mut rng = case_rng(5, 0);
        let games: Vec<Game> = (0..50).map(|_| generate(&mut rng, Sizes::new(4, 30), None)).collect();
        assert_eq!(AdjacentConsecutive::parse(&AdjacentConsecutive::write(&games)).unwrap(), games);
    }

    #[test]
    fn every_shape_makes_valid_games_in_range() {
        let mut rng = case_rng(9, 0);
        for shape in Shape::ALL {
            for sizes in [Sizes::new(4, 4), Sizes::new(4, 12), Sizes::new(30, 60), Sizes::new(1, 3)] {
                for _ in 0..20 {
                    let game = generate_shape(&mut rng, sizes, shape, None);
                    assert_valid(&game);
                    let sizes = sizes.clamp(MIN_N as usize, MAX_N as usize);
                    assert!((sizes.min..=sizes.max).contains(&(game.n as usize)), "{shape:?} {sizes}: {game:?}");
                }
            }
        }
    }

    /// The runs games are valid at every N and quick at the largest; from N = 8 on most are drawn with their
    /// planted position (not the fallback), which has no pair and no threat, and one side cut into ones and twos.
    #[test]
    fn runs_games_plant_a_quiet_position() {
        for (sizes, draws) in
            [(Sizes::new(4, 7), 200), (Sizes::new(8, 60), 200), (Sizes::new(MAX_N as usize, MAX_N as usize), 12)]
        {
            let mut planted = 0;
            for index in 0..draws {
                let mut rng = case_rng(17, index);
                let game = generate_shape(&mut rng, sizes, Shape::Runs, None);
                assert_valid(&game);
                let mut rng = case_rng(17, index);
                let n = rng.random_range(sizes.min..=sizes.max) as u32;
                let Some(again) = runs(&mut rng, n) else { continue };
                assert_eq!(again, game);
                planted += 1;
            }
            if sizes.min >= 8 {
                assert!(planted * 10 >= draws * 9, "{sizes}: {planted} of {draws} planted");
            }
        }
    }

    #[test]
    fn early_pairs_and_pair_free_rows() {
        let mut rng = case_rng(10, 0);
        for _ in 0..200 {
            let game = generate_shape(&mut rng, Sizes::new(4, 40), Shape::EarlyPair, None);
            let row = game.row_after(6.min(game.n as usize));
            let pair = row.windows(2).any(|w| matches!(w, [Some(a), Some(b)] if a.abs_diff(*b) == 1));
            assert!(pair, "no pair in the first six moves: {game:?}");
            let game = generate_shape(&mut rng, Sizes::new(4, 40), Shape::NoPair, None);
            let row = game.row_after(game.n as usize);
            assert!(row.windows(2).all(|w| w[0].unwrap().abs_diff(w[1].unwrap()) != 1), "{game:?}");
        }
    }

    #[test]
    fn shrinking_gives_valid_games_one_smaller() {
        let mut rng = case_rng(11, 0);
        for _ in 0..30 {
            let game = generate(&mut rng, Sizes::new(4, 12), None);
            let smaller: Vec<Game> = shrink(&game).collect();
            if game.n == MIN_N {
                assert!(smaller.is_empty());
                continue;
            }
            let n = game.n as usize;
            let merges = if n <= 10 { 2 * n * (n - 1) } else { 0 };
            assert_eq!(smaller.len(), n + merges);
            for s in &smaller {
                assert_eq!(s.n, game.n - 1);
                assert_valid(s);
            }
        }
        // Taking out the last move keeps every earlier move but renumbers around its tile and cell.
        let game = Game::from_pairs(5, &[(1, 5), (4, 1), (5, 3), (2, 2), (3, 4)]).unwrap();
        assert_eq!(shrink(&game).next().unwrap(), Game::from_pairs(4, &[(1, 4), (3, 1), (4, 3), (2, 2)]).unwrap());
    }

    /// A game of 10^5 moves first loses its neutral early moves for ever longer late parts, then its last half,
    /// quarter, …, then its first half, then other quarters; each offer is a valid game, its kept moves renumbered
    /// in order.
    #[test]
    fn large_games_drop_blocks_of_moves_first() {
        let game = generate(&mut case_rng(15, 0), Sizes::new(MAX_N as usize, MAX_N as usize), None);
        let neutral: Vec<Game> = lates(game.moves.len()).filter_map(|late| game.without_neutral_before(late)).collect();
        let offers: Vec<Game> = shrink(&game).take(neutral.len() + 19).collect();
        let (first, offers) = offers.split_at(neutral.len());
        assert_eq!(first, neutral);
        assert!(neutral.len() > 25 && neutral[0].n < 30, "{:?}", neutral.iter().map(|g| g.n).collect::<Vec<_>>());
        let sizes: Vec<u32> = offers.iter().map(|g| g.n).collect();
        let tails = [50_000, 75_000, 87_500, 93_750, 96_875, 98_438, 99_219, 99_610, 99_805, 99_903, 99_952, 99_976];
        assert_eq!(sizes[..12], tails);
        assert_eq!(sizes[12..], [99_988, 99_994, 99_997, 50_000, 75_000, 75_000, 75_000]);
        offers.iter().for_each(assert_valid);
        // Without its second half, the game's first half keeps its order of tiles and of cells.
        let order = |moves: &[Move], key: fn(&Move) -> u32| {
            let mut idx: Vec<usize> = (0..moves.len()).collect();
            idx.sort_by_key(|&i| key(&moves[i]));
            idx
        };
        let half = &game.moves[..50_000];
        assert_eq!(order(&offers[0].moves, |m| m.tile), order(half, |m| m.tile));
        assert_eq!(order(&offers[0].moves, |m| m.cell), order(half, |m| m.cell));
        // Dropping a block of one move is the single step.
        let small = Game::from_pairs(5, &[(1, 5), (4, 1), (5, 3), (2, 2), (3, 4)]).unwrap();
        assert_eq!(small.without_moves(4..5), small.without(4, 4, 4));
        assert_eq!(small.without_moves(1..2), small.without(1, 1, 1));
    }

    /// Without its neutral early moves a game keeps its last moves' pattern: the same unused tiles and empty cells
    /// in the same runs when the late part begins, and the same used tile (up to renumbering) beside each, an even
    /// number of moves out, and no pair that was not there.
    #[test]
    fn neutral_moves_leave_the_late_part_as_it_was() {
        // Per cell in order when `late` moves are left: E for an empty cell, for a filled cell beside an empty one
        // the late moves whose tile is next to its tile, `pair` for any other in a pair, nothing for the rest;
        // the same per tile (E for unused), with cells. Numbers never appear.
        fn pattern(game: &Game, late: usize) -> Vec<String> {
            let (n, start) = (game.n as usize, game.moves.len() - late);
            let row = game.row_after(start);
            let flipped = game.swap_tile_cell().row_after(start);
            let side = |row: &[Option<u32>], other: fn(&Move) -> u32| {
                let at = |c: usize| if (1..=n).contains(&c) { row[c - 1] } else { Some(0) };
                let mut out: Vec<String> = Vec::new();
                for c in 1..=n {
                    let word = match at(c) {
                        None => "E".to_string(),
                        Some(x) if at(c - 1).is_some() && at(c + 1).is_some() => {
                            let pair = [at(c - 1), at(c + 1)].iter().flatten().any(|&y| y != 0 && y.abs_diff(x) == 1);
                            if pair { "pair".to_string() } else { String::new() }
                        }
                        Some(x) => {
                            let late_moves = game.moves[start..].iter().enumerate();
                            let next: Vec<usize> =
                                late_moves.filter(|(_, m)| other(m).abs_diff(x) == 1).map(|(k, _)| k).collect();
                            format!("{next:?}")
                        }
                    };
                    if !word.is_empty() {
                        out.push(word);
                    }
                }
                out.join(" ")
            };
            vec![side(&row, |m| m.tile), side(&flipped, |m| m.cell)]
        }
        let mut rng = case_rng(16, 0);
        for (n, shape) in [(100_000, Shape::NoPair), (100_000, Shape::Random), (60, Shape::NoPair), (20, Shape::Random)]
        {
            let game = generate_shape(&mut rng, Sizes::new(n, n), shape, None);
            // Long late parts keep most of the game: the pattern of a short one is the telling one (and quick).
            for late in lates(n).take_while(|&late| late < 1000) {
                let Some(smaller) = game.without_neutral_before(late) else { continue };
                assert_valid(&smaller);
                assert_eq!((game.n - smaller.n) % 2, 0);
                assert_eq!(pattern(&smaller, late), pattern(&game, late), "N = {n}, late part {late}");
            }
        }
        // The shortest late parts leave about five moves per late move.
        let game = generate_shape(&mut rng, Sizes::new(100_000, 100_000), Shape::NoPair, None);
        assert!(game.without_neutral_before(100).unwrap().n < 700);
    }

    #[test]
    fn every_game_up_to_5_once() {
        for n in 4..=5 {
            let games: Vec<Game> = all_games(n).collect();
            assert_eq!(games.len() as u64, factorial(n) * factorial(n));
            let distinct: std::collections::HashSet<&Game> = games.iter().collect();
            assert_eq!(distinct.len(), games.len());
            games.iter().for_each(assert_valid);
        }
    }

    /// Every partial placement of N = 6 with a move left (Σ C(6,k)²·k! over k < 6) is a state of some game.
    #[test]
    fn the_covering_games_reach_every_position_of_6() {
        let games = covering_games(6);
        let mut reached = std::collections::HashSet::new();
        for game in &games {
            assert_valid(game);
            for k in 0..6 {
                let mut row = game.row_after(k);
                row.push(None);
                reached.insert(row);
            }
        }
        let positions: u64 = (0..6u64).map(|k| (binomial(6, k) * binomial(6, k)) * factorial(k as u32)).sum();
        assert_eq!(reached.len() as u64, positions);
        // No two positions of one level share a game, so the 5 400 of level 4 are the least possible.
        assert!(games.len() < 6_000, "{} games", games.len());
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
}

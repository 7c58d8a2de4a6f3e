//! Drawing a [`Shape::Junction`](super::Shape::Junction) game: groups planned so that one last stone completes two
//! or three kinds together, and the generator's own check that a plan does so and completes nothing earlier.

use games::havannah::*;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rustc_hash::{FxHashMap, FxHashSet};

use super::builder::Builder;
use super::geometry::{STEPS, hex_distance};

/// What a [`Shape::Junction`] game aims for, drawn uniformly: the kinds one move completes together.
///
/// [`Shape::Junction`]: super::Shape::Junction
const JUNCTION_GOALS: [Structures; 4] = [
    Structures { bridge: true, fork: true, ring: false },
    Structures { bridge: true, fork: false, ring: true },
    Structures { bridge: false, fork: true, ring: true },
    Structures { bridge: true, fork: true, ring: true },
];

impl Builder {
    /// See [`Shape::Junction`]. Plans are drawn until one passes the generator's own check (on boards small enough
    /// to check), a dozen at most; the last one is played either way.
    ///
    /// [`Shape::Junction`]: super::Shape::Junction
    pub(super) fn draw_junction(&mut self, rng: &mut impl Rng) {
        if self.size < 3 {
            return;
        }
        let goal = JUNCTION_GOALS[rng.random_range(0..JUNCTION_GOALS.len())];
        let room = self.limit.saturating_sub(self.moves.len());
        let small = Game::cell_count(self.size) <= 100_000;
        let (mut groups, mut junction) = self.plan_junction(rng, goal, room, small);
        for _ in 1..12 {
            if !small || self.junction_completes(&groups.concat(), junction, goal) {
                break;
            }
            (groups, junction) = self.plan_junction(rng, goal, room, small);
        }
        // Every other stone first, in a random order or group by group as drawn (arm by arm), then the junction.
        let stones = if rng.random_bool(0.6) {
            let mut all = groups.concat();
            all.shuffle(rng);
            all
        } else {
            groups.shuffle(rng);
            groups.concat()
        };
        for c in stones {
            self.place(c);
        }
        self.place(junction);
    }

    /// The groups of a junction game (lists of distinct cells in drawing order, none of them the junction) and the
    /// junction that joins them. For a ring, the first group is a loop round a hole (a cell, or a hexagon of seven
    /// cells of which a few may hold stones) open at the junction, and the second starts on the junction's far
    /// side, touching no loop cell; otherwise two or three groups start on neighbours of the junction that are not
    /// neighbours of each other. Each group then sends arms to its share of the targets: two corners for a bridge,
    /// three edges for a fork, one corner or edge more now and then when it cannot add a kind, and sometimes an
    /// inner cell. The targets are shared out so that no group has two corners or three edges and arms need not
    /// cross, mostly the way that keeps them shortest. `careful` arms keep a cell away from the other groups (a
    /// search over the board, for small boards); the others are shortest paths that look at nothing.
    fn plan_junction(
        &self,
        rng: &mut impl Rng,
        goal: Structures,
        room: usize,
        careful: bool,
    ) -> (Vec<Vec<Cell>>, Cell) {
        let s = i64::from(self.size);
        let mut groups: Vec<Vec<Cell>> = Vec::new();
        // The hole's cells that stay empty.
        let mut hole: Vec<Cell> = Vec::new();
        // The cells each group's arms may start from: an arm starts from the one nearest its target.
        let mut anchors: Vec<Vec<Cell>> = Vec::new();
        // A cell in the direction each group leaves the junction.
        let mut headings: Vec<Cell> = Vec::new();
        let junction;
        if goal.ring {
            let r = if s >= 5 && rng.random_bool(0.3) { 1 } else { 0 };
            // The loop lies r + 1 steps from the hole's centre, off the border, and the second group's start too
            // where the board has room (not on S = 3).
            let centre = self.random_cell_within(rng, (s - 4 - r).max(0));
            let t = rng.random_range(0..6);
            let at = |k: usize, n: i64| {
                let (dx, dy) = STEPS[k % 6];
                self.cell(i64::from(centre.x) + dx * n, i64::from(centre.y) + dy * n).expect("inside the board")
            };
            // A straight cell of the loop: of its outer neighbours, only the one straight on touches no loop cell.
            junction = at(t, r + 1);
            let outer = at(t, r + 2);
            let mut ring: Vec<Cell> =
                self.hexagon(centre, r + 1).into_iter().filter(|&c| hex_distance(c, centre) == r + 1).collect();
            ring.retain(|&c| c != junction);
            // Not next to the junction: an arm from there would pass next to the second group.
            anchors.push(ring.iter().copied().filter(|&c| hex_distance(c, junction) > 1).collect());
            hole = self.hexagon(centre, r);
            if r == 1 && rng.random_bool(0.5) {
                hole.shuffle(rng);
                ring.extend(hole.drain(..rng.random_range(1..=3)));
            }
            groups.push(ring);
            groups.push(vec![outer]);
            anchors.push(vec![outer]);
            headings.extend([centre, outer]);
        } else {
            junction = self.random_cell_within(rng, s - 3);
            let t = rng.random_range(0..6);
            let spread: &[usize] = if rng.random_bool(0.5) { &[0, 3] } else { &[0, 2, 4] };
            for &k in spread {
                let start = self.step(junction, t + k).expect("the junction is off the border");
                groups.push(vec![start]);
                anchors.push(vec![start]);
                headings.push(start);
            }
        }

        // The targets, each with whether it is a corner (`Some(true)`), an edge cell or an inner cell (`None`).
        let mut corners: Vec<usize> = (0..6).collect();
        corners.shuffle(rng);
        let mut edges: Vec<usize> = (0..6).collect();
        edges.shuffle(rng);
        let mut targets: Vec<(Cell, Option<bool>)> = Vec::new();
        if goal.bridge || rng.random_bool(0.25) {
            let count = if goal.bridge { 2 } else { 1 };
            targets.extend(corners[..count].iter().map(|&k| (self.border(k, 0), Some(true))));
        }
        if goal.fork || rng.random_bool(0.25) {
            let count = if goal.fork { 3 } else { 1 };
            targets.extend(edges[..count].iter().map(|&k| (self.edge_cell(rng, k), Some(false))));
        }
        if rng.random_bool(0.2) {
            targets.push((self.random_cell_within(rng, s - 2), None));
        }
        // Every way to share the targets out among the groups, at most one corner and two edges each, and without
        // arms crossing: going round the junction, each group's targets come in one run, and the runs in the order
        // of the groups. One of the shortest, or now and then any.
        let angle = |c: Cell| {
            let (a, b) =
                ((i64::from(c.x) - i64::from(junction.x)) as f64, (i64::from(c.y) - i64::from(junction.y)) as f64);
            (b * 3f64.sqrt() / 2.0).atan2(a - b / 2.0)
        };
        targets.sort_by(|p, q| angle(p.0).total_cmp(&angle(q.0)));
        let mut round: Vec<usize> = (0..groups.len()).collect();
        round.sort_by(|&g, &h| angle(headings[g]).total_cmp(&angle(headings[h])));
        let reach = |from: &[Cell], to: Cell| from.iter().map(|&c| hex_distance(c, to)).min().unwrap_or(0);
        let n = groups.len();
        let mut shares: Vec<(i64, Vec<usize>)> = Vec::new();
        for code in 0..n.pow(targets.len() as u32) {
            let share: Vec<usize> = (0..targets.len()).map(|i| code / n.pow(i as u32) % n).collect();
            let fits = (0..n).all(|g| {
                let mine = || share.iter().zip(&targets).filter(move |(h, _)| **h == g);
                mine().filter(|(_, t)| t.1 == Some(true)).count() <= 1
                    && mine().filter(|(_, t)| t.1 == Some(false)).count() <= 2
            });
            let mut runs = share.clone();
            runs.dedup();
            // Round the junction the last run and the first are one when they are the same group's (a lone run
            // goes too, which changes nothing: fewer than three runs are always in order).
            if runs.first() == runs.last() {
                runs.pop();
            }
            let in_order =
                runs.len() < 3 || (0..runs.len()).any(|k| runs.iter().cycle().skip(k).take(runs.len()).eq(&round));
            if fits && in_order {
                let cost = share.iter().zip(&targets).map(|(&g, t)| reach(&anchors[g], t.0)).sum();
                shares.push((cost, share));
            }
        }
        let share = if rng.random_bool(0.8) {
            let best = shares.iter().map(|s| s.0).min().unwrap_or(0);
            shares.retain(|s| s.0 == best);
            shares.swap_remove(rng.random_range(0..shares.len())).1
        } else {
            shares.swap_remove(rng.random_range(0..shares.len())).1
        };

        let per_arm = (room / (targets.len() + 2)).max(1);
        let mut seen: FxHashSet<Cell> = groups.iter().flatten().copied().collect();
        seen.insert(junction);
        for (&(target, _), &g) in targets.iter().zip(&share) {
            // Careful arms keep a cell away from the other groups, the junction and the hole.
            let detour = careful.then(|| {
                let mut blocked: FxHashSet<Cell> = hole.iter().copied().collect();
                for &c in
                    groups.iter().enumerate().filter(|&(h, _)| h != g).flat_map(|(_, cells)| cells).chain([&junction])
                {
                    blocked.insert(c);
                    blocked.extend((0..6).filter_map(|k| self.step(c, k)));
                }
                self.detour(rng, &anchors[g], target, &blocked)
            });
            let arm = detour.flatten().unwrap_or_else(|| {
                let mut from = anchors[g].clone();
                from.shuffle(rng);
                let from = from.into_iter().min_by_key(|&c| hex_distance(c, target)).expect("a group has a start");
                self.arm(rng, from, target, per_arm)
            });
            anchors[g].extend(arm.iter().copied().filter(|&c| hex_distance(c, junction) > 1 && self.depth(c) < s - 1));
            groups[g].extend(arm.into_iter().filter(|&c| seen.insert(c)));
        }
        (groups, junction)
    }

    /// The generator's own check of a junction plan: played in any order, `stones` complete nothing (no group has
    /// two corners or three edges, no empty cell is enclosed, and none ever was, as no stone is walled in by
    /// stones), and `junction` then completes exactly `goal`.
    fn junction_completes(&self, stones: &[Cell], junction: Cell, goal: Structures) -> bool {
        let set: FxHashSet<Cell> = stones.iter().copied().collect();
        // A border cell, short of six neighbours, is never walled in: the border closes no ring.
        let walled = |c: Cell| (0..6).all(|k| self.step(c, k).is_some_and(|n| set.contains(&n)));
        if stones.iter().any(|&c| walled(c)) || self.encloses(&set) {
            return false;
        }
        let complete = |mask: u16| ((mask & 0x3f).count_ones() >= 2, (mask >> 6).count_ones() >= 3);
        let mut group_of: FxHashMap<Cell, usize> = FxHashMap::default();
        let mut masks: Vec<u16> = Vec::new();
        // Taking each stone out of `ungrouped` (rather than testing two sets) visits it once: no slip loops the fill.
        let mut ungrouped = set.clone();
        for &first in stones {
            if !ungrouped.remove(&first) {
                continue;
            }
            let g = masks.len();
            let mut mask = 0;
            let mut todo = vec![first];
            group_of.insert(first, g);
            while let Some(c) = todo.pop() {
                mask |= self.contacts(c);
                for n in (0..6).filter_map(|k| self.step(c, k)) {
                    if ungrouped.remove(&n) {
                        group_of.insert(n, g);
                        todo.push(n);
                    }
                }
            }
            if complete(mask) != (false, false) {
                return false;
            }
            masks.push(mask);
        }
        let mut joined = self.contacts(junction);
        for n in (0..6).filter_map(|k| self.step(junction, k)) {
            if let Some(&g) = group_of.get(&n) {
                joined |= masks[g];
            }
        }
        let mut after = set;
        after.insert(junction);
        complete(joined) == (goal.bridge, goal.fork) && self.encloses(&after) == goal.ring
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_rng;
    use crate::havannah::{Shape, generate_game, generate_shape};
    use games::{Contest, Sizes};

    #[test]
    fn junction_games_are_valid_and_reproducible() {
        for index in 0..300 {
            for sizes in [Sizes::new(2, 2), Sizes::new(3, 3), Sizes::new(2, 16), Sizes::new(40, 60)] {
                let game = generate_shape(&mut case_rng(9, index), sizes, Shape::Junction);
                assert_eq!(game, generate_shape(&mut case_rng(9, index), sizes, Shape::Junction));
                let text = Havannah::write(std::slice::from_ref(&game));
                assert_eq!(Havannah::parse(&text), Ok(vec![game]), "case {index}, {sizes}");
            }
        }
        // Boards too big to check the plan on, and games too short to hold it.
        for (size, moves) in [(MAX_S, 2000), (600, 20_000), (10, 5), (3, 19)] {
            let game = generate_game(&mut case_rng(9, 0), size, moves, Shape::Junction);
            assert_eq!(game.moves.len(), moves, "S = {size}");
            assert!(Havannah::parse(&Havannah::write(std::slice::from_ref(&game))).is_ok(), "S = {size}");
        }
    }

    /// A third of the plans or more pass, so that a dozen tries nearly always find one (all fail once in 100+).
    #[test]
    fn junction_plans_often_pass_their_own_check() {
        for size in 5..=16 {
            let b = Builder::new(size, Game::cell_count(size) as usize);
            for (k, goal) in JUNCTION_GOALS.into_iter().enumerate() {
                let mut rng = case_rng(10, u64::from(size) * 4 + k as u64);
                let passed = (0..40)
                    .filter(|_| {
                        let (groups, junction) = b.plan_junction(&mut rng, goal, b.limit, true);
                        b.junction_completes(&groups.concat(), junction, goal)
                    })
                    .count();
                assert!(passed >= 14, "S = {size}, {goal}: only {passed} of 40 plans pass");
            }
        }
    }

    #[test]
    fn junction_check_sees_what_each_move_completes() {
        let b = Builder::new(4, 37);
        let cells = |list: &[(u32, u32)]| list.iter().map(|&(x, y)| Cell { x, y }).collect::<Vec<_>>();
        let kinds = |bridge, fork, ring| Structures { bridge, fork, ring };
        let none = kinds(false, false, false);
        // Five of the centre's neighbours, then the sixth: a ring round the empty centre.
        let five = cells(&[(5, 5), (5, 4), (4, 3), (3, 3), (3, 4)]);
        assert!(b.junction_completes(&five, Cell { x: 4, y: 5 }, kinds(false, false, true)));
        // With the centre played first, the loop holds only stones: nothing.
        let filled = [five.clone(), cells(&[(4, 4)])].concat();
        assert!(b.junction_completes(&filled, Cell { x: 4, y: 5 }, none));
        // The centre played after its six neighbours would have been a ring before it, in that order.
        let walled = [filled, cells(&[(4, 5)])].concat();
        assert!(!b.junction_completes(&walled, Cell { x: 1, y: 1 }, none));
        // A bridge along an edge, closed in the middle; not when it is whole before.
        let halves = cells(&[(1, 1), (1, 2), (1, 4)]);
        assert!(b.junction_completes(&halves, Cell { x: 1, y: 3 }, kinds(true, false, false)));
        assert!(!b.junction_completes(&halves, Cell { x: 1, y: 3 }, kinds(true, true, false)));
        let whole = cells(&[(1, 1), (1, 2), (1, 3), (1, 4)]);
        assert!(!b.junction_completes(&whole, Cell { x: 7, y: 7 }, none));
        // A fork from two edges round an empty corner (the border closes no ring) to a third.
        let fork = cells(&[(1, 2), (2, 2), (2, 1), (3, 2), (5, 2)]);
        assert!(b.junction_completes(&fork, Cell { x: 4, y: 2 }, kinds(false, true, false)));
    }
}

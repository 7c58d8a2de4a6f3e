//! Plain minimax for the variants: who wins a [`Variant`] with best play, by trying every move (every blank cell,
//! both letters) in every position and judging with the literal judge of [`super::runs`]. The only help is a memo
//! of positions already settled, keyed on the position itself (no symmetry, no letter swap), so that this oracle
//! trusts nothing the certificate checker trusts beyond the judge.
//!
//! The side to move wins when one of its moves leads to a position it wins; the search stops at the first such move,
//! which is all the pruning there is. That leaves it exponential: it is meant for the boards where a game tree is
//! small, and it refuses the others (see [`Reach`]) rather than run for days.

use std::fmt;

use games::order_chaos::Side;
use games::order_chaos::certificate::Certificate;
use games::order_chaos::variant::{Placed, Position, Variant};
use rustc_hash::{FxHashMap, FxHashSet};

use super::runs;

/// How far the minimax is allowed to go. Measured figures are in `docs/problems/order-chaos.md` ("The plain
/// minimax"); past these limits a run would take hours or more memory than the machine has, so it stops with
/// [`Beyond`] instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The most cells a board may have: 5×5. A 6×6 board has 3^36 positions.
    pub cells: usize,
    /// The most positions the memo may hold before the search gives up: some 75 bytes each, with the table's growth.
    pub positions: usize,
}

impl Reach {
    /// 5×5 boards, and 60 million positions: 4.4 GB measured on `full-board` 5×5, which reached it in four minutes
    /// while the judge was asked before the memo.
    pub const DEFAULT: Reach = Reach { cells: 25, positions: 60_000_000 };
}

/// Why the minimax refused or gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beyond {
    pub variant: Variant,
    pub reason: String,
}

impl fmt::Display for Beyond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the plain minimax cannot settle {}: {}", self.variant, self.reason)
    }
}

impl std::error::Error for Beyond {}

/// A search of one variant, with its memo: the winner with best play of every position it has settled, where the
/// game was not already over.
pub struct Minimax {
    variant: Variant,
    reach: Reach,
    memo: FxHashMap<Position, Side>,
}

impl Minimax {
    /// A search of `variant`, refused past the [`Reach::DEFAULT`] board.
    pub fn new(variant: Variant) -> Result<Minimax, Beyond> {
        Minimax::with_reach(variant, Reach::DEFAULT)
    }

    pub fn with_reach(variant: Variant, reach: Reach) -> Result<Minimax, Beyond> {
        if variant.cells() > reach.cells {
            return Err(Beyond {
                variant,
                reason: format!(
                    "its board has {} cells, and this search goes to {} (a 5×5 board)",
                    variant.cells(),
                    reach.cells
                ),
            });
        }
        Ok(Minimax { variant, reach, memo: FxHashMap::default() })
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How many positions are settled in the memo.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Who wins the game from the blank board, ORDER to move.
    pub fn winner(&mut self) -> Result<Side, Beyond> {
        self.winner_from(Position::empty(self.variant.side()))
    }

    /// Who wins from `position` with best play, the side to move being the one the letters' count gives.
    pub fn winner_from(&mut self, position: Position) -> Result<Side, Beyond> {
        assert_eq!(position.side(), self.variant.side(), "a position of the variant's board");
        // The memo holds only positions where the game goes on, so a position found there needs no judging again.
        if let Some(&known) = self.memo.get(&position) {
            return Ok(known);
        }
        if let Some(over) = runs::winner(self.variant, position) {
            return Ok(over);
        }
        if self.memo.len() >= self.reach.positions {
            return Err(Beyond {
                variant: self.variant,
                reason: format!("it has settled {} positions, the most it may hold", self.reach.positions),
            });
        }
        let mover = position.to_move();
        let mut best = mover.other();
        for placed in position.moves() {
            if self.winner_from(position.play(placed))? == mover {
                best = mover;
                break;
            }
        }
        self.memo.insert(position, best);
        Ok(best)
    }

    /// The first move, in [`Position::moves`] order, that wins for the side to move, if there is one.
    pub fn winning_move(&mut self, position: Position) -> Result<Option<Placed>, Beyond> {
        let mover = position.to_move();
        for placed in position.moves() {
            if self.winner_from(position.play(placed))? == mover {
                return Ok(Some(placed));
            }
        }
        Ok(None)
    }

    /// A certificate of the winner's strategy read off this search: the winner's first winning move in every
    /// position the game reaches with the winner to move, against every move of the other side. One entry per
    /// position reached, with no symmetry used, so it is larger than it needs to be but written by a method that
    /// shares nothing with a certificate's checker.
    pub fn certificate(&mut self) -> Result<Certificate, Beyond> {
        self.certificate_from(Position::empty(self.variant.side()))
    }

    /// The same for the game from `start`, for the checker's `check_from`.
    pub fn certificate_from(&mut self, start: Position) -> Result<Certificate, Beyond> {
        let winner = self.winner_from(start)?;
        let mut entries = Vec::new();
        let mut seen = FxHashSet::default();
        let mut stack = vec![start];
        while let Some(position) = stack.pop() {
            if runs::winner(self.variant, position).is_some() || !seen.insert(position) {
                continue;
            }
            if position.to_move() == winner {
                let Some(placed) = self.winning_move(position)? else {
                    unreachable!("{position}: the winner {winner} is to move in a position it wins");
                };
                entries.push((position, placed));
                stack.push(position.play(placed));
            } else {
                stack.extend(position.moves().map(|placed| position.play(placed)));
            }
        }
        Ok(Certificate { variant: self.variant, winner, entries })
    }
}

/// Who wins `variant` from the blank board.
pub fn winner(variant: Variant) -> Result<Side, Beyond> {
    Minimax::new(variant)?.winner()
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::order_chaos::variant::Rules;

    fn variant(side: u8, run: u8, rules: Rules) -> Variant {
        Variant::new(side, run, rules).expect("a variant in range")
    }

    /// The winner of every variant up to 4×4, searched once for all the tests that read it (the 4×4 runs of four
    /// take seconds each), the variants side by side: the tests that read it wait for it.
    static SMALL: std::sync::LazyLock<std::collections::BTreeMap<(u8, u8, Rules), Side>> =
        std::sync::LazyLock::new(|| {
            use rayon::prelude::*;
            let keys: Vec<(u8, u8, Rules)> = (2..=4)
                .flat_map(|side| (2..=side).flat_map(move |run| Rules::ALL.map(|rules| (side, run, rules))))
                .collect();
            keys.into_par_iter()
                .map(|(side, run, rules)| {
                    ((side, run, rules), winner(variant(side, run, rules)).expect("a small board"))
                })
                .collect()
        });

    /// Runs of two under the moment rules, on any board: ORDER writes X anywhere; whatever CHAOS writes, the X has
    /// at least three neighbours in line (a corner of a 2×2 board has three), so one is still blank, and ORDER's
    /// second X there makes two in a line, exactly two since no other X is on the board. ORDER wins on the third
    /// move of the game.
    #[test]
    fn runs_of_two_are_orders_under_the_moment_rules() {
        for side in 2..=4 {
            for rules in [Rules::MomentAny, Rules::MomentExact] {
                let mut search = Minimax::new(variant(side, 2, rules)).unwrap();
                assert_eq!(search.winner(), Ok(Side::Order), "side {side}, {rules}");
            }
        }
    }

    /// On a 2×2 board every full board holds a run of two (`runs::tests`), so ORDER wins even by the full board.
    #[test]
    fn two_by_two_with_runs_of_two_is_orders_under_every_rule() {
        for rules in Rules::ALL {
            assert_eq!(winner(variant(2, 2, rules)), Ok(Side::Order), "{rules}");
        }
    }

    /// With runs as long as the side, a run fills its whole line, so it can never grow and is always exact; and
    /// once written it stays. So the three rules are one game, and must agree.
    #[test]
    fn runs_the_length_of_the_side_make_the_three_rules_one_game() {
        for side in 2..=4 {
            let winners: Vec<Side> = Rules::ALL.iter().map(|&r| SMALL[&(side, side, r)]).collect();
            assert!(winners.iter().all(|&w| w == winners[0]), "side {side}: {winners:?}");
        }
    }

    /// What the search finds on every board up to 4×4: ORDER wins every variant. Those not derived by hand above
    /// are the search's own finding; the certificate tests (`tests/order_chaos_certificates.rs`) replay each
    /// through the checker, which shares only the judge with this search. By hand, one line of 3×3 with runs of
    /// three: ORDER's X in the centre; CHAOS must not write X in a corner (ORDER completes the diagonal), so O in
    /// (1, 1); ORDER's X in (1, 2) and then in (2, 1) force CHAOS's O in (3, 2) and (2, 3); ORDER's X in (1, 3)
    /// forces O in (3, 1) against the anti-diagonal, and ORDER's O in (3, 3) completes row 3.
    #[test]
    fn orders_wins_every_variant_up_to_four_by_four() {
        assert_eq!(SMALL.len(), 3 * (1 + 2 + 3));
        for (&(side, run, rules), &winner) in SMALL.iter() {
            assert_eq!(winner, Side::Order, "{side}×{side}, run {run}, {rules}");
        }
    }

    /// An exact run of k on the full board was an exact run at the moment the board filled, so ORDER's win by the
    /// full board is a win under `moment-exact`; an exact run is a run of k or more, so ORDER's win under
    /// `moment-exact` is a win under `moment-any` (the game may only end sooner, for ORDER). ORDER's strategy
    /// carries over in that order, so the winners must not contradict it on any small variant.
    #[test]
    fn orders_wins_carry_from_full_board_to_moment_exact_to_moment_any() {
        for side in 2..=4 {
            for run in 2..=side {
                let [full, exact, any] = Rules::ALL.map(|r| SMALL[&(side, run, r)]);
                let implies = |a: Side, b: Side| a == Side::Chaos || b == Side::Order;
                assert!(implies(full, exact) && implies(exact, any), "{side}×{side}, run {run}: {full} {exact} {any}");
            }
        }
    }

    #[test]
    fn boards_past_the_reach_are_refused() {
        let big = variant(6, 5, Rules::MomentAny);
        let refused = Minimax::new(big).err().map(|e| e.to_string());
        assert_eq!(
            refused.as_deref(),
            Some(
                "the plain minimax cannot settle moment-any 6×6, runs of 5: its board has 36 cells, and this search \
                 goes to 25 (a 5×5 board)"
            )
        );
        let tiny = Reach { cells: 25, positions: 10 };
        let mut search = Minimax::with_reach(variant(4, 3, Rules::FullBoard), tiny).unwrap();
        assert_eq!(
            search.winner().map_err(|e| e.reason),
            Err("it has settled 10 positions, the most it may hold".to_string())
        );
    }
}

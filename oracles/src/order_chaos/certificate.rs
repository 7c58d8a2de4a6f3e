//! The certificate checker: replays a [`Certificate`] by the walk in `docs/problems/order-chaos.md` ("Certificates")
//! and accepts it only when the winner it names wins every line of play, judged after every move by the literal
//! judge of [`super::runs`]. It trusts nothing of whoever wrote the certificate.
//!
//! From the blank board: where the winner is to move and one of its moves (every blank cell, both letters) wins the
//! game at once by the judge, that position is settled and needs no entry; otherwise an entry must match the
//! position (the position seen through one of the 8 symmetries, letters swapped or not, is the entry's position)
//! and its move is played, carried back through the inverse of that transformation; where the loser is to move,
//! every move (every blank cell, both letters) is played. A position once verified is not walked again, so the walk
//! visits each reachable position once; a position won in one move is settled again at each arrival instead of
//! being stored.
//!
//! The walk plays only in positions where the game is not over, so it judges each move with
//! [`runs::winner_after`], which reads the runs through the written cell: the same verdict as the whole board's there,
//! for the reason its doc gives, and the tests compare the two.

use std::collections::{HashMap, HashSet};
use std::fmt;

use games::order_chaos::certificate::Certificate;
use games::order_chaos::variant::{Placed, Position, Variant};
use games::order_chaos::{Side, Symmetry};

use super::runs;

/// What an accepted certificate showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Positions the walk verified and stored, the game not over in any of them: those with the loser to move, and
    /// those with the winner to move and no win in one move, where an entry's move was played. Positions won in one
    /// move are not among them: they are counted in `won_at_once`.
    pub positions: usize,
    /// Arrivals at a position with the winner to move where some move of the winner wins the game at once, by the
    /// judge: the walk ends there, with no entry. Such positions are not stored, since there is one for nearly
    /// every reply of the loser that fails to stop a win; so a position reached by two lines of play counts twice.
    pub won_at_once: usize,
    /// Entries whose move was played somewhere in the walk. An entry that matches only positions won in one move is
    /// never played.
    pub entries_used: usize,
    /// Entries no line of play reached: allowed, and counted so a bloated certificate shows.
    pub entries_unused: usize,
}

/// Why a certificate was rejected: what failed, the position where it failed (as [`Position`]'s `Display` writes
/// it), and the moves from the blank board that lead there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub position: String,
    pub moves: Vec<Placed>,
    /// Who made the first of `moves`: ORDER from the blank board, either from the start of [`check_from`].
    pub first_mover: Side,
    pub reason: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.reason, self.position)?;
        if self.moves.is_empty() {
            return Ok(());
        }
        f.write_str(", reached by")?;
        for (i, placed) in self.moves.iter().enumerate() {
            let side = if i % 2 == 0 { self.first_mover } else { self.first_mover.other() };
            write!(f, "{} {side} {placed}", if i == 0 { "" } else { "," })?;
        }
        Ok(())
    }
}

impl std::error::Error for Rejection {}

/// How often [`check_with_progress`] reports: once every this many positions stored or wins in one found.
pub const PROGRESS_EVERY: usize = 1 << 20;

/// Check a certificate: `Ok` with what the walk saw when the winner it names wins every line of play by its entries,
/// `Err` naming the first line of play where it does not.
pub fn check(certificate: &Certificate) -> Result<Checked, Rejection> {
    check_with_progress_every(certificate, 0, &mut |_| {})
}

/// [`check`], calling `progress` with the counts so far every [`PROGRESS_EVERY`] positions stored or wins in one
/// found, so that a check of hours can show how far it has got.
pub fn check_with_progress(
    certificate: &Certificate,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    check_with_progress_every(certificate, PROGRESS_EVERY, progress)
}

/// [`check`], calling `progress` with the counts so far each time `positions + won_at_once` reaches a multiple of
/// `every` (never when `every` is 0). In those counts `entries_unused` is the entries not used yet.
pub fn check_with_progress_every(
    certificate: &Certificate,
    every: usize,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    walk_from(certificate, Position::empty(certificate.variant.side()), every, progress)
}

/// Check a certificate for the game from `start` instead of the blank board: the same walk, and the moves of a
/// [`Rejection`] count from `start`. This is what checks a proof of one subtree, and it lets the tests check CHAOS's
/// certificates, as CHAOS wins no variant small enough for the plain minimax from the blank board.
pub fn check_from(certificate: &Certificate, start: Position) -> Result<Checked, Rejection> {
    walk_from(certificate, start, 0, &mut |_| {})
}

fn walk_from(
    certificate: &Certificate,
    start: Position,
    every: usize,
    progress: &mut dyn FnMut(&Checked),
) -> Result<Checked, Rejection> {
    let entries = entry_map(certificate)?;
    let (verified, used, moves) = (HashSet::new(), HashSet::new(), Vec::new());
    let first_mover = start.to_move();
    let mut walk = Walk { certificate, entries, verified, won_at_once: 0, used, moves, first_mover, every, progress };
    if start.side() != certificate.variant.side() {
        let reason = format!("the start has side {}, the certificate {}", start.side(), certificate.variant.side());
        return Err(walk.reject(start, reason));
    }
    match runs::winner(certificate.variant, start) {
        None => walk.play_on(start)?,
        Some(won) if won == certificate.winner => {}
        Some(won) => return Err(walk.reject(start, format!("the game is over at the start, and {won} has won"))),
    }
    Ok(walk.counts())
}

/// The entries by their position, after the checks a parsed certificate has passed already; a certificate built
/// in code has not, and a wrong one must be rejected here rather than make the walk panic.
fn entry_map(certificate: &Certificate) -> Result<HashMap<Position, Placed>, Rejection> {
    let side = certificate.variant.side();
    let mut entries = HashMap::with_capacity(certificate.entries.len());
    for (k, &(position, placed)) in certificate.entries.iter().enumerate() {
        let fault = if position.side() != side {
            Some(format!("the position has side {}, the certificate {side}", position.side()))
        } else if position.to_move() != certificate.winner {
            Some(format!("{} is to move, not the winner {}", position.to_move(), certificate.winner))
        } else if placed.row >= side || placed.col >= side || position.get(placed.row, placed.col).is_some() {
            Some(format!("its move {placed} is not into a blank cell"))
        } else if entries.insert(position, placed).is_some() {
            Some("the position has an entry already".to_string())
        } else {
            None
        };
        if let Some(fault) = fault {
            return Err(Rejection {
                position: position.to_string(),
                moves: Vec::new(),
                first_mover: Side::Order,
                reason: format!("entry {}: {fault}", k + 1),
            });
        }
    }
    Ok(entries)
}

/// The symmetry that undoes `symmetry`: the one that carries every cell's image back to the cell. A transpose
/// followed by a flip is a quarter turn, whose inverse is the other quarter turn, so it is searched for rather than
/// assumed to be `symmetry` itself.
fn inverse(symmetry: Symmetry, side: u8) -> Symmetry {
    let side = usize::from(side);
    let undoes = |candidate: Symmetry| {
        (0..side).all(|row| {
            (0..side).all(|col| {
                let (r, c) = symmetry.apply_on(side, row, col);
                candidate.apply_on(side, r, c) == (row, col)
            })
        })
    };
    Symmetry::ALL.into_iter().find(|&candidate| undoes(candidate)).expect("the symmetries of the square are a group")
}

/// The move a certificate's `entries` give in `position`: the first entry that is `position` seen through one of
/// the square's symmetries, letters swapped or not, with its move carried back into `position`; and the entry's
/// position as matched. `None` when no entry matches. The move is not checked to be onto a blank cell.
pub fn matching_move(entries: &HashMap<Position, Placed>, position: Position) -> Option<(Position, Placed)> {
    let side = position.side();
    for symmetry in Symmetry::ALL {
        for swapped in [false, true] {
            let seen = position.transform(symmetry);
            let seen = if swapped { seen.swap_letters() } else { seen };
            let Some(&entry) = entries.get(&seen) else { continue };
            let back = entry.transform(side, inverse(symmetry, side));
            return Some((seen, if swapped { back.swap_letter() } else { back }));
        }
    }
    None
}

/// A move of `winner`, to move in `position`, that wins the game at once by the judge: the first in [`Position::moves`]
/// order. This is the walk's reading of a win in one, so a player of a certificate can play what the walk checked.
pub fn win_in_one(variant: Variant, winner: Side, position: Position) -> Option<Placed> {
    if runs::winner(variant, position).is_some() {
        // A game over already, which the walk never asks about: every move judged on the whole board, as
        // `runs::winner_after` wants a game that goes on.
        return position.moves().find(|&placed| runs::winner(variant, position.play(placed)) == Some(winner));
    }
    win_in_one_in_play(variant, winner, position)
}

/// [`win_in_one`] where the game is not over in `position`, each move judged by [`runs::winner_after`].
fn win_in_one_in_play(variant: Variant, winner: Side, position: Position) -> Option<Placed> {
    position.moves().find(|&placed| runs::winner_after(variant, position, placed) == Some(winner))
}

struct Walk<'a> {
    certificate: &'a Certificate,
    entries: HashMap<Position, Placed>,
    /// Positions from which every line of play has been checked, other than those won in one move.
    verified: HashSet<Position>,
    /// Arrivals at positions the winner wins in one move.
    won_at_once: usize,
    /// The entries' positions whose moves were played.
    used: HashSet<Position>,
    /// The moves from the start to the position being walked.
    moves: Vec<Placed>,
    first_mover: Side,
    /// Told the counts every `every` positions stored or wins in one found; never when `every` is 0.
    every: usize,
    progress: &'a mut dyn FnMut(&Checked),
}

impl Walk<'_> {
    fn reject(&self, position: Position, reason: String) -> Rejection {
        Rejection { position: position.to_string(), moves: self.moves.clone(), first_mover: self.first_mover, reason }
    }

    /// What the walk has seen so far.
    fn counts(&self) -> Checked {
        Checked {
            positions: self.verified.len(),
            won_at_once: self.won_at_once,
            entries_used: self.used.len(),
            entries_unused: self.certificate.entries.len() - self.used.len(),
        }
    }

    /// After a position stored or a win in one found, which adds one to `positions + won_at_once`: tell `progress`
    /// when the sum reaches a multiple of `every`.
    fn one_more(&mut self) {
        if (self.verified.len() + self.won_at_once).is_multiple_of(self.every) {
            let counts = self.counts();
            (self.progress)(&counts);
        }
    }

    /// Walk every line of play from `position`, where the game is not over.
    fn play_on(&mut self, position: Position) -> Result<(), Rejection> {
        if self.verified.contains(&position) {
            return Ok(());
        }
        if position.to_move() == self.certificate.winner {
            if self.wins_in_one(position) {
                // Not stored in `verified`: trying the moves again costs less than a set that grows by one position
                // for each of the loser's replies.
                self.won_at_once += 1;
                self.one_more();
                return Ok(());
            }
            let placed = self.entry_move(position)?;
            self.after(position, placed)?;
        } else {
            for placed in position.moves() {
                self.after(position, placed)?;
            }
        }
        // Not stored before (stored, it would have returned at once, and the walk from it reaches only positions
        // with more letters), so this adds one to `positions`.
        self.verified.insert(position);
        self.one_more();
        Ok(())
    }

    /// Play `placed` in `position`, judge the result, and walk on if the game goes on.
    fn after(&mut self, position: Position, placed: Placed) -> Result<(), Rejection> {
        let mover = position.to_move();
        let next = position.play(placed);
        self.moves.push(placed);
        // The game is not over in `position` (`play_on` walks no other), as `winner_after` wants.
        let verdict = runs::winner_after(self.certificate.variant, position, placed);
        let walked = match (verdict, self.certificate.winner) {
            (None, _) => self.play_on(next),
            (Some(won), claimed) if won == claimed => Ok(()),
            (Some(Side::Order), _) => Err(self.reject(
                next,
                format!("ORDER has won ({mover} wrote {placed}), but the certificate claims CHAOS wins"),
            )),
            (Some(Side::Chaos), _) => Err(self.reject(
                next,
                "the board is full without ORDER's win, but the certificate claims ORDER wins".to_string(),
            )),
        };
        self.moves.pop();
        walked
    }

    /// Whether some move of the winner in `position` wins the game at once. Every move is tried with the judge, so
    /// that a move which completes a run only looks like a win (a run of k + 1 under `moment-exact`, a fill that
    /// makes ORDER's run when CHAOS is the winner) is not taken for one.
    fn wins_in_one(&self, position: Position) -> bool {
        win_in_one_in_play(self.certificate.variant, self.certificate.winner, position).is_some()
    }

    /// The winner's move in `position` by [`matching_move`], which must go onto a blank cell.
    fn entry_move(&mut self, position: Position) -> Result<Placed, Rejection> {
        if let Some((seen, back)) = matching_move(&self.entries, position) {
            self.used.insert(seen);
            if let Some(held) = position.get(back.row, back.col) {
                let entry = self.entries[&seen];
                return Err(self.reject(
                    position,
                    format!(
                        "the entry for {seen} moves {entry}, which carried back is {back}, onto a cell that holds {held}"
                    ),
                ));
            }
            return Ok(back);
        }
        Err(self.reject(
            position,
            format!(
                "{} is to move and no entry matches the position under any symmetry or letter swap",
                self.certificate.winner
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::order_chaos::Letter;
    use games::order_chaos::variant::Rules;

    /// A quarter turn is a transpose then a flip; its inverse is not itself, and the search finds the one that is.
    #[test]
    fn inverses_carry_every_cell_back() {
        for side in 2..=8u8 {
            for symmetry in Symmetry::ALL {
                let back = inverse(symmetry, side);
                let placed = Placed { row: 0, col: 1, letter: Letter::X };
                assert_eq!(placed.transform(side, symmetry).transform(side, back), placed);
            }
        }
        let quarter = Symmetry { transpose: true, flip_rows: true, flip_cols: false };
        assert_ne!(inverse(quarter, 4), quarter);
    }

    /// Runs of two on 2×2 under `moment-any`: ORDER writes X in a corner; CHAOS must write O (an X anywhere makes
    /// two in a line, as every two cells of a 2×2 board share a row, a column or a diagonal); then any letter
    /// anywhere makes two, so ORDER wins in one move and needs no entry there. The two entries after the first are
    /// what a certificate held before that rule: still valid, and unused.
    fn two_by_two() -> Certificate {
        let text = "order-chaos certificate\nrules moment-any\nside 2\nrun 2\nwinner ORDER\nentries 3\n\
                    ../.. 1 1 X\nXO/.. 2 1 X\nX./.O 1 2 X\n";
        Certificate::parse(text).expect("a well-formed certificate")
    }

    /// Runs of two on 2×2 under `full-board`: every full 2×2 board holds a run of two, so ORDER wins whatever anyone
    /// plays; but CHAOS fills the board, so ORDER never wins in one move and needs an entry wherever it is to move.
    /// CHAOS's six replies to X in a corner make four classes: XX/.. with X./X. (the transpose), XO/.. with X./O.,
    /// X./.X and X./.O.
    fn two_by_two_full() -> Certificate {
        let text = "order-chaos certificate\nrules full-board\nside 2\nrun 2\nwinner ORDER\nentries 5\n\
                    ../.. 1 1 X\nXX/.. 2 1 X\nXO/.. 2 1 X\nX./.X 1 2 X\nX./.O 1 2 X\n";
        Certificate::parse(text).expect("a well-formed certificate")
    }

    fn claim(variant: &str, winner: Side) -> Certificate {
        let text = format!("order-chaos certificate\n{variant}\nwinner {winner}\nentries 0\n");
        Certificate::parse(&text).expect("a well-formed certificate")
    }

    fn position(text: &str) -> Position {
        text.parse().expect("a hand-written position")
    }

    #[test]
    fn a_hand_written_certificate_is_accepted_through_its_symmetries() {
        let mut certificate = two_by_two_full();
        // Positions: the blank board, X./.. with CHAOS to move, CHAOS's six replies, and ORDER's five answers (X./X.
        // answered through the transpose makes XX/X., as XX/.. does).
        let all_used = Checked { positions: 13, won_at_once: 0, entries_used: 5, entries_unused: 0 };
        assert_eq!(check(&certificate), Ok(all_used));
        // The diagonal entry written through a flip of the rows and the letter swap: X./.O becomes .O/X. and then
        // .X/O., and its move X in (1, 2) becomes (2, 2) and then O.
        certificate.entries[4] = (position(".X/O."), Placed { row: 1, col: 1, letter: Letter::O });
        assert_eq!(check(&certificate), Ok(all_used));
    }

    #[test]
    fn a_missing_entry_is_named_with_the_moves_that_reach_it() {
        let mut certificate = two_by_two_full();
        certificate.entries.pop();
        let rejection = check(&certificate).unwrap_err();
        assert_eq!(
            rejection.to_string(),
            "ORDER is to move and no entry matches the position under any symmetry or letter swap in X./.O, reached \
             by ORDER 1 1 X, CHAOS 2 2 O"
        );
    }

    #[test]
    fn a_win_in_one_needs_no_entry() {
        // The blank board and X./..; then CHAOS's three O's each leave ORDER a win in one.
        let mut certificate = two_by_two();
        let walked = Checked { positions: 2, won_at_once: 3, entries_used: 1, entries_unused: 2 };
        assert_eq!(check(&certificate), Ok(walked));
        certificate.entries.truncate(1);
        assert_eq!(check(&certificate), Ok(Checked { entries_unused: 0, ..walked }));
        // From a position ORDER wins in one move, nothing at all.
        let order = claim("rules moment-any\nside 2\nrun 2", Side::Order);
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        assert_eq!(check_from(&order, position("XO/..")), Ok(settled));
    }

    /// A move that completes a line is a win in one only when the judge says so. On 4×4 with runs of three, in
    /// XX.X/OO.O/..../.... X in (1, 3) makes four X and O in (2, 3) four O: runs under `moment-any`, not exact runs
    /// under `moment-exact`, where ORDER has no other move that makes one.
    #[test]
    fn a_run_of_k_plus_one_is_no_win_in_one_under_moment_exact() {
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        let four = position("XX.X/OO.O/..../....");
        assert_eq!(check_from(&claim("rules moment-any\nside 4\nrun 3", Side::Order), four), Ok(settled));
        let exact = claim("rules moment-exact\nside 4\nrun 3", Side::Order);
        assert_eq!(
            check_from(&exact, four).unwrap_err().to_string(),
            "ORDER is to move and no entry matches the position under any symmetry or letter swap in \
             XX.X/OO.O/..../...."
        );
        // Without the last X and O, the same move makes an exact run of three.
        assert_eq!(check_from(&exact, position("XX../OO../..../....")), Ok(settled));
    }

    /// CHAOS wins in one move by filling the board without ORDER's win. In X.XX/XOOX/OXXO/XOOX, O in (1, 2) makes
    /// three O on a diagonal, and X makes four X on row 1: a win for ORDER under `moment-any`, so there CHAOS has
    /// no win in one; under `moment-exact` the four X are no run of three, and the X fills the board for CHAOS.
    #[test]
    fn chaos_wins_in_one_by_a_fill_that_makes_no_run_for_order() {
        let last = position("X.XX/XOOX/OXXO/XOOX");
        let exact = claim("rules moment-exact\nside 4\nrun 3", Side::Chaos);
        let settled = Checked { positions: 0, won_at_once: 1, entries_used: 0, entries_unused: 0 };
        assert_eq!(check_from(&exact, last), Ok(settled));
        let mut any = claim("rules moment-any\nside 4\nrun 3", Side::Chaos);
        assert_eq!(
            check_from(&any, last).unwrap_err().to_string(),
            "CHAOS is to move and no entry matches the position under any symmetry or letter swap in \
             X.XX/XOOX/OXXO/XOOX"
        );
        // An entry there is played and judged: ORDER's run, whoever wrote it.
        any.entries.push((last, Placed { row: 0, col: 1, letter: Letter::X }));
        assert_eq!(
            check_from(&any, last).unwrap_err().to_string(),
            "ORDER has won (CHAOS wrote 1 2 X), but the certificate claims CHAOS wins in XXXX/XOOX/OXXO/XOOX, \
             reached by CHAOS 1 2 X"
        );
    }

    #[test]
    fn a_claim_for_the_wrong_side_is_rejected() {
        let mut certificate = two_by_two();
        certificate.winner = Side::Chaos;
        assert_eq!(check(&certificate).unwrap_err().reason, "entry 1: ORDER is to move, not the winner CHAOS");
        certificate.entries = vec![("X./..".parse().unwrap(), Placed { row: 0, col: 1, letter: Letter::X })];
        let rejection = check(&certificate).unwrap_err();
        assert_eq!(
            rejection.to_string(),
            "ORDER has won (CHAOS wrote 1 2 X), but the certificate claims CHAOS wins in XX/.., reached by ORDER 1 1 \
             X, CHAOS 1 2 X"
        );
    }

    /// The plain reading of a win in one, kept as the oracle of [`win_in_one`]: every move of the winner, the whole
    /// board judged after it.
    fn plain_win_in_one(variant: Variant, winner: Side, position: Position) -> Option<Placed> {
        position.moves().find(|&placed| runs::winner(variant, position.play(placed)) == Some(winner))
    }

    /// On every variant of sides 2 to 8 (every run, all three rules), at every position of games of random play (a
    /// fixed xorshift), the one that ends each game included: the win in one the walk finds, judged through the
    /// written cell, is the plain one's, for both sides as the winner.
    #[test]
    fn a_win_in_one_is_the_plain_one_on_random_positions() {
        let mut random = crate::order_chaos::xorshift(0x2545_f491_4f6c_dd1d);
        let mut found = [0usize; 2];
        for side in 2..=8u8 {
            for run in 2..=side {
                for rules in Rules::ALL {
                    let variant = Variant::new(side, run, rules).expect("a variant in range");
                    for _ in 0..20 {
                        let mut position = Position::empty(side);
                        loop {
                            let open = runs::winner(variant, position).is_none();
                            for (k, winner) in [Side::Order, Side::Chaos].into_iter().enumerate() {
                                let plain = plain_win_in_one(variant, winner, position);
                                assert_eq!(win_in_one(variant, winner, position), plain, "{variant}: {position}");
                                if open {
                                    let in_play = win_in_one_in_play(variant, winner, position);
                                    assert_eq!(in_play, plain, "{variant}: {position}");
                                }
                                found[k] += usize::from(plain.is_some());
                            }
                            if !open {
                                break;
                            }
                            let moves: Vec<Placed> = position.moves().collect();
                            position = position.play(moves[random(moves.len() as u64) as usize]);
                        }
                    }
                }
            }
        }
        assert!(found.iter().all(|&count| count > 200), "wins in one found for ORDER and CHAOS: {found:?}");
    }
}

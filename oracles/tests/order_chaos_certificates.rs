//! The certificate checker against the plain minimax: on every small variant, the certificate read off the minimax's
//! search is accepted, as written, without the entries for positions the winner wins in one move, as one entry per
//! class of positions, and with each entry seen through a symmetry and the letter swap; and certificates broken in
//! the ways a writer could break them are rejected.
//!
//! The two share only the judge (`oracles::order_chaos::runs`): the minimax uses no symmetry, the checker no search.

use games::order_chaos::certificate::Certificate;
use games::order_chaos::variant::{Placed, Position, Rules, Variant};
use games::order_chaos::{Side, Symmetry};
use oracles::order_chaos::certificate::{
    Checked, PROGRESS_EVERY, check, check_from, check_with_progress, check_with_progress_every,
};
use oracles::order_chaos::minimax::Minimax;
use oracles::order_chaos::runs;

fn variant(side: u8, run: u8, rules: Rules) -> Variant {
    Variant::new(side, run, rules).expect("a variant in range")
}

/// Every variant on boards up to 4×4 except the 4×4 runs of four, which take seconds each to search: they have a
/// test of their own.
fn small_variants() -> Vec<Variant> {
    let mut all = Vec::new();
    for side in 2..=4 {
        for run in 2..=side.min(3) {
            for rules in Rules::ALL {
                all.push(variant(side, run, rules));
            }
        }
    }
    all
}

/// The 16 ways a position can be seen: a symmetry of the square, then the letters swapped or not.
fn views() -> impl Iterator<Item = (Symmetry, bool)> {
    Symmetry::ALL.into_iter().flat_map(|s| [(s, false), (s, true)])
}

fn seen(position: Position, (symmetry, swapped): (Symmetry, bool)) -> Position {
    let p = position.transform(symmetry);
    if swapped { p.swap_letters() } else { p }
}

fn seen_move(side: u8, placed: Placed, (symmetry, swapped): (Symmetry, bool)) -> Placed {
    let p = placed.transform(side, symmetry);
    if swapped { p.swap_letter() } else { p }
}

/// The position's view that is least, standing for its class (the positions one symmetry and letter swap apart),
/// and the position as that view sees it.
fn least_view(position: Position) -> ((Symmetry, bool), Position) {
    views().map(|view| (view, seen(position, view))).min_by_key(|&(_, least)| least).expect("16 views")
}

/// Whether the side to move has a move that wins the game at once, by the judge: a position a certificate needs no
/// entry for when that side is its winner.
fn wins_in_one(variant: Variant, position: Position) -> bool {
    let mover = position.to_move();
    position.moves().any(|m| runs::winner(variant, position.play(m)) == Some(mover))
}

/// The certificate [`Minimax::certificate_from`] reads off, without the entries for positions the winner wins in one
/// move, where the walk now stops; and what a walk of it position by position counts, as the checker walked before
/// it remembered positions by class: each position verified once, and a position won in one move at each arrival.
fn lean_from(search: &mut Minimax, start: Position) -> (Certificate, Checked) {
    let variant = search.variant();
    let winner = search.winner_from(start).expect("a small board");
    let (mut entries, mut won_at_once) = (Vec::new(), 0);
    let mut walked = std::collections::HashSet::new();
    let mut stack = vec![start];
    while let Some(position) = stack.pop() {
        if runs::winner(variant, position).is_some() {
            continue;
        }
        if position.to_move() == winner && wins_in_one(variant, position) {
            won_at_once += 1;
            continue;
        }
        if !walked.insert(position) {
            continue;
        }
        if position.to_move() == winner {
            let wins = search.winning_move(position).expect("a small board").expect("the winner's position");
            entries.push((position, wins));
            stack.push(position.play(wins));
        } else {
            stack.extend(position.moves().map(|m| position.play(m)));
        }
    }
    let checked = Checked { positions: walked.len(), won_at_once, entries_used: entries.len(), entries_unused: 0 };
    (Certificate { variant, winner, entries }, checked)
}

/// What the checker must count on `certificate` from `start`, by the rule its module doc gives, worked out here with
/// this file's own views and in another order (a stack, not the checker's recursion): a class of positions (keyed
/// by its least view) is walked once, a position won in one move is counted at each arrival, and of several entries
/// of one class the first in the certificate is played. The counts do not depend on the order: the classes reached
/// below a class, and the arrivals from it, are the same from any position of it.
fn by_class(certificate: &Certificate, start: Position) -> Checked {
    let (variant, winner, side) = (certificate.variant, certificate.winner, certificate.variant.side());
    let mut first = std::collections::HashMap::new();
    for &(position, placed) in &certificate.entries {
        let (view, least) = least_view(position);
        first.entry(least).or_insert(seen_move(side, placed, view));
    }
    let (mut stored, mut used, mut won_at_once) = (std::collections::HashSet::new(), 0, 0);
    // A position met again belongs to a class already stored, so its 16 views (most of this walk's time) are not
    // worked out again.
    let mut met = std::collections::HashSet::new();
    let mut stack = vec![start];
    while let Some(position) = stack.pop() {
        if runs::winner(variant, position).is_some() {
            continue;
        }
        if position.to_move() == winner && wins_in_one(variant, position) {
            won_at_once += 1;
            continue;
        }
        if !met.insert(position) {
            continue;
        }
        let (view, least) = least_view(position);
        if !stored.insert(least) {
            continue;
        }
        if position.to_move() == winner {
            let placed = first[&least];
            used += 1;
            let here = position.moves().find(|&m| seen_move(side, m, view) == placed).expect("a view is one-to-one");
            stack.push(position.play(here));
        } else {
            stack.extend(position.moves().map(|m| position.play(m)));
        }
    }
    Checked {
        positions: stored.len(),
        won_at_once,
        entries_used: used,
        entries_unused: certificate.entries.len() - used,
    }
}

/// A certificate of the minimax's winning moves with one entry per class of positions: where the winner is to move
/// in a position it does not win in one move and whose class has no entry yet, the minimax's first winning move there
/// is stored for the class's least position, carried there by the view; where the class has one, its move is carried
/// back. So every entry is met by the walk, and the checker has to find most of them through a symmetry or a letter
/// swap.
fn one_per_class(search: &mut Minimax) -> Certificate {
    let blank = Position::empty(search.variant().side());
    one_per_class_from(search, blank)
}

fn one_per_class_from(search: &mut Minimax, start: Position) -> Certificate {
    let variant = search.variant();
    let side = variant.side();
    let winner = search.winner_from(start).expect("a small board");
    let mut entries = std::collections::BTreeMap::new();
    let mut walked = std::collections::HashSet::new();
    let mut stack = vec![start];
    while let Some(position) = stack.pop() {
        if runs::winner(variant, position).is_some() || !walked.insert(position) {
            continue;
        }
        if position.to_move() != winner {
            stack.extend(position.moves().map(|m| position.play(m)));
            continue;
        }
        if wins_in_one(variant, position) {
            continue;
        }
        let (view, least) = least_view(position);
        let here = match entries.get(&least) {
            Some(&stored) => {
                position.moves().find(|&m| seen_move(side, m, view) == stored).expect("the view is one-to-one")
            }
            None => {
                let wins = search.winning_move(position).expect("a small board").expect("the winner's position");
                entries.insert(least, seen_move(side, wins, view));
                wins
            }
        };
        stack.push(position.play(here));
    }
    Certificate { variant, winner, entries: entries.into_iter().collect() }
}

/// The small variants whose certificates hold a few thousand entries at most, for the tests that check a certificate
/// once per entry: `full-board` on 4×4 needs some 100 000 entries, as its games always last 16 moves.
fn quick_variants() -> Vec<Variant> {
    small_variants().into_iter().filter(|v| v.rules != Rules::FullBoard || v.side() < 4).collect()
}

/// At most `most` of the entries' indices, spread evenly over the certificate, so that entries met early in the
/// walk and late are both broken.
fn spread(entries: usize, most: usize) -> impl Iterator<Item = usize> {
    let step = entries.div_ceil(most).max(1);
    (0..entries).step_by(step)
}

fn minimax_certificate(variant: Variant) -> (Minimax, Certificate) {
    let mut search = Minimax::new(variant).expect("a small board");
    let certificate = search.certificate().expect("a small board");
    (search, certificate)
}

/// Entries' moves replaced, one at a time, by moves the minimax says lose: the checker, walking from `start`, must
/// reject every one, since a certificate with one entry per class uses every entry and the walk reaches it the same
/// way as before. `change` picks a losing replacement for an entry, or `None` where every move wins (most positions
/// of these small games: ORDER wins them by a wide margin). Up to 40 entries per certificate are broken; returns how
/// many.
fn every_losing_change_is_rejected(
    search: &mut Minimax,
    certificate: &Certificate,
    start: Position,
    change: impl Fn(&mut Minimax, (Position, Placed)) -> Option<(Position, Placed)>,
) -> usize {
    let mut tried = 0;
    for k in 0..certificate.entries.len() {
        if tried == 40 {
            break;
        }
        let Some(changed) = change(search, certificate.entries[k]) else { continue };
        let mut broken = certificate.clone();
        broken.entries[k] = changed;
        assert!(
            check_from(&broken, start).is_err(),
            "{} from {start}: entry {} changed from {:?} to {:?} and still accepted",
            certificate.variant,
            k + 1,
            certificate.entries[k],
            changed
        );
        tried += 1;
    }
    tried
}

/// A move in `position` after which the winner has not won at once and the minimax says the loser wins.
fn losing_move(search: &mut Minimax, winner: Side, position: Position) -> Option<Placed> {
    position.moves().find(|&m| search.winner_from(position.play(m)) == Ok(winner.other()))
}

/// The minimax's certificate with and without the entries for positions won in one move: the checker counts on each
/// what [`by_class`] says, at most what a walk position by position counts; the lean one leaves out entries exactly
/// when a position was won in one move. Returns the lean one, what the checker counted on it, and what a walk
/// position by position counts.
fn full_and_lean_are_accepted(search: &mut Minimax, start: Position) -> (Certificate, Checked, Checked) {
    let variant = search.variant();
    let full = search.certificate_from(start).expect("a small board");
    let (lean, literal) = lean_from(search, start);
    let expected = by_class(&lean, start);
    assert_eq!(check_from(&lean, start), Ok(expected), "{variant} from {start}");
    assert!(expected.positions <= literal.positions, "{variant} from {start}: {expected:?} {literal:?}");
    assert!(expected.won_at_once <= literal.won_at_once, "{variant} from {start}: {expected:?} {literal:?}");
    assert_eq!(check_from(&full, start), Ok(by_class(&full, start)), "{variant} from {start}");
    assert_eq!(literal.won_at_once > 0, full.entries.len() > lean.entries.len(), "{variant} from {start}");
    (lean, expected, literal)
}

#[test]
fn minimax_certificates_are_accepted_on_every_small_variant() {
    for variant in small_variants() {
        let (mut search, certificate) = minimax_certificate(variant);
        assert_eq!(Ok(certificate.winner), search.winner());
        let (lean, checked, _) = full_and_lean_are_accepted(&mut search, Position::empty(variant.side()));
        // CHAOS fills a board of an even number of cells, so under `full-board` ORDER never wins in one move there.
        // Everywhere else some reply of CHAOS leaves ORDER a win in one.
        let can = variant.rules != Rules::FullBoard || variant.cells() % 2 == 1;
        assert_eq!(checked.won_at_once > 0, can, "{variant}: {checked:?}");
        // As a file, read back.
        let read = Certificate::parse(&lean.to_string()).expect("a certificate reads as it prints");
        assert_eq!(check(&read), Ok(checked));
    }
}

/// The 4×4 board with runs of four under `rules`: the longest searches of these tests, about ten seconds each, so
/// each rule is a test of its own and they run side by side.
fn minimax_certificates_are_accepted_on_four_by_four_runs_of_four(rules: Rules) {
    let mut search = Minimax::new(variant(4, 4, rules)).unwrap();
    let (lean, checked, _) = full_and_lean_are_accepted(&mut search, Position::empty(4));
    assert_eq!(checked.won_at_once > 0, rules != Rules::FullBoard, "{rules}: {checked:?}");
    progress_is_told_on_the_way(&lean, checked);
    let small = one_per_class(&mut search);
    let checked = check(&small).unwrap_or_else(|e| panic!("{rules}: {e}"));
    assert_eq!(checked.entries_unused, 0, "{rules}");
}

/// [`minimax_certificates_are_accepted_on_four_by_four_runs_of_four`] in the deeper tier only
/// (docs/testing.md#two-tiers): by default the same checks run under `moment-any` on the same board (progress told
/// included) and on every smaller variant of each rule, and the checker takes the search's own 4×4 certificates of
/// all three rules in `tests/exhaustive.rs`.
fn four_by_four_runs_of_four_in_the_deeper_tier(rules: Rules) {
    if std::env::var_os("GAMECHECK_DEEP").is_none() {
        eprintln!("skipped: the 4×4 {rules} certificates run with GAMECHECK_DEEP=1");
        return;
    }
    minimax_certificates_are_accepted_on_four_by_four_runs_of_four(rules);
}

/// The longest of the three: the full-board game never ends before the board is full.
#[test]
fn minimax_certificates_are_accepted_on_four_by_four_runs_of_four_full_board() {
    four_by_four_runs_of_four_in_the_deeper_tier(Rules::FullBoard);
}

#[test]
fn minimax_certificates_are_accepted_on_four_by_four_runs_of_four_moment_exact() {
    four_by_four_runs_of_four_in_the_deeper_tier(Rules::MomentExact);
}

#[test]
fn minimax_certificates_are_accepted_on_four_by_four_runs_of_four_moment_any() {
    minimax_certificates_are_accepted_on_four_by_four_runs_of_four(Rules::MomentAny);
}

/// A check with progress told every 2^10 counts, of a certificate whose walk counts `checked`, some ten thousand
/// (too few for the 2^20 of `check_with_progress`, which stays silent on it): told once per multiple of 2^10 that
/// `positions + won_at_once` reaches, with counts that grow, and with the same result as `check`.
fn progress_is_told_on_the_way(certificate: &Certificate, checked: Checked) {
    let every = 1 << 10;
    let mut told = Vec::new();
    let result = check_with_progress_every(certificate, every, &mut |counts| told.push(*counts));
    assert_eq!(result, Ok(checked));
    let sums: Vec<usize> = told.iter().map(|c| c.positions + c.won_at_once).collect();
    let expected: Vec<usize> = (1..=(checked.positions + checked.won_at_once) / every).map(|k| k * every).collect();
    assert!(expected.len() >= 3, "{}: {checked:?}", certificate.variant);
    assert_eq!(sums, expected, "{}", certificate.variant);
    for (before, after) in told.iter().zip(&told[1..]) {
        assert!(before.positions <= after.positions && before.won_at_once <= after.won_at_once);
        assert!(before.entries_used <= after.entries_used && before.entries_unused >= after.entries_unused);
        assert_eq!(after.entries_used + after.entries_unused, certificate.entries.len());
    }
    let mut calls = 0;
    assert_eq!(check_with_progress(certificate, &mut |_| calls += 1), Ok(checked));
    assert_eq!(calls, (checked.positions + checked.won_at_once) / PROGRESS_EVERY);
}

/// The checker remembers positions by class: on every small variant it stores no more positions than a walk position
/// by position (as many on 2×2 under the moment rules, where two positions are walked), and on all of them together
/// fewer by a third; and a position and its mirror image are stored once.
#[test]
fn positions_are_remembered_by_class() {
    let (mut classes, mut positions) = (0, 0);
    for variant in small_variants() {
        let mut search = Minimax::new(variant).unwrap();
        let blank = Position::empty(variant.side());
        let (lean, literal) = lean_from(&mut search, blank);
        let checked = check(&lean).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert!(checked.positions <= literal.positions, "{variant}: {checked:?} against {literal:?}");
        (classes, positions) = (classes + checked.positions, positions + literal.positions);
    }
    // The full-board games dominate the sums, and their minimax entries answer the positions of one class in
    // different ways, which the walk by class does not follow: 313 K classes against 549 K positions.
    assert!(classes * 3 < positions * 2, "{classes} classes stored against {positions} positions");
    // From X./.../... on 3×3 under full-board with CHAOS to move, CHAOS's O at (1, 2) and at (2, 1) are mirror
    // images through the main diagonal, which X./.../... is its own image under: the walk from the second finds
    // its class stored. With the first alone as the start, the same count less one class, the start's.
    let variant = variant(3, 3, Rules::FullBoard);
    let mut search = Minimax::new(variant).unwrap();
    let start: Position = "X../.../...".parse().unwrap();
    let whole = one_per_class_from(&mut search, start);
    let from_start = check_from(&whole, start).expect("one entry per class");
    let after_one: Position = "XO./.../...".parse().unwrap();
    let mirror: Position = "X../O../...".parse().unwrap();
    let from_one = check_from(&whole, after_one).expect("a class below the start");
    let from_mirror = check_from(&whole, mirror).expect("the same class");
    assert_eq!(from_one, from_mirror);
    assert!(from_one.positions < from_start.positions);
}

#[test]
fn one_entry_per_class_is_enough() {
    for variant in small_variants() {
        let small = one_per_class(&mut Minimax::new(variant).unwrap());
        let checked = check(&small).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!((checked.entries_used, checked.entries_unused), (small.entries.len(), 0), "{variant}");
    }
}

/// Every entry seen through its own one of the 16 views, cycling through all of them (entry k through view k + shift),
/// so every view is used on every certificate: the checker must carry each move back through the right inverse,
/// or some move lands on the wrong cell and the walk fails.
#[test]
fn entries_seen_through_any_symmetry_and_letter_swap_are_accepted() {
    let views: Vec<(Symmetry, bool)> = views().collect();
    for variant in quick_variants() {
        let (_, certificate) = minimax_certificate(variant);
        let side = variant.side();
        for shift in [0, 7] {
            let turned = Certificate {
                entries: certificate
                    .entries
                    .iter()
                    .enumerate()
                    .map(|(k, &(p, m))| {
                        let view = views[(k + shift) % views.len()];
                        (seen(p, view), seen_move(side, m, view))
                    })
                    .collect(),
                ..certificate.clone()
            };
            // Two entries of one class may now coincide; keep the first, as any match is as good.
            let mut unique = std::collections::HashSet::new();
            let turned =
                Certificate { entries: turned.entries.into_iter().filter(|e| unique.insert(e.0)).collect(), ..turned };
            check(&turned).unwrap_or_else(|e| panic!("{variant}, shift {shift}: {e}"));
        }
    }
}

/// The certificates of one entry per class whose entries the tests below change, each with its search and its
/// start: the quick variants from the blank board, and 4×4 with runs of four from four positions random play hands
/// to ORDER under each rule. The quick variants alone are not enough: once positions won in one move need no entry,
/// few of their entries are for a position where ORDER has a losing move, and none under the moment rules.
fn with_certificates_to_break(mut test: impl FnMut(&mut Minimax, &Certificate, Position)) {
    for variant in quick_variants() {
        let mut search = Minimax::new(variant).unwrap();
        let small = one_per_class(&mut search);
        test(&mut search, &small, Position::empty(variant.side()));
    }
    for variant in runs_of_four() {
        let mut search = Minimax::new(variant).unwrap();
        for start in wins_after_random_play(&mut search, Side::Order, 4) {
            let small = one_per_class_from(&mut search, start);
            test(&mut search, &small, start);
        }
    }
}

/// Each entry of one per class is for a position the winner does not win in one move, so without it the walk fails.
#[test]
fn a_removed_entry_is_rejected() {
    with_certificates_to_break(|_, small, start| {
        for k in spread(small.entries.len(), 40) {
            let mut broken = small.clone();
            let removed = broken.entries.remove(k);
            let rejection = check_from(&broken, start).expect_err("every entry of one per class is used");
            let variant = small.variant;
            assert!(rejection.reason.contains("no entry matches"), "{variant}, without {removed:?}: {rejection}");
        }
    });
}

#[test]
fn a_move_changed_to_a_losing_one_is_rejected() {
    let mut tried = 0;
    with_certificates_to_break(|search, small, start| {
        let winner = small.winner;
        tried += every_losing_change_is_rejected(search, small, start, |search, (position, _)| {
            losing_move(search, winner, position).map(|m| (position, m))
        });
    });
    assert!(tried >= 50, "only {tried} entries had a losing move to change to");
}

/// The entry's move carried through a symmetry or the letter swap that its position was not: the shift a writer
/// makes when it stores a position's view and composes the move's transformations in the wrong order. (The
/// entries of [`one_per_class`] are themselves views of the positions the game reaches.)
#[test]
fn an_entry_shifted_through_a_wrong_symmetry_is_rejected() {
    let mut tried = 0;
    with_certificates_to_break(|search, small, start| {
        let (side, winner) = (small.variant.side(), small.winner);
        tried += every_losing_change_is_rejected(search, small, start, |search, (position, placed)| {
            views().skip(1).find_map(|wrong| {
                let moved = seen_move(side, placed, wrong);
                let blank = position.get(moved.row, moved.col).is_none();
                let loses = blank && search.winner_from(position.play(moved)) == Ok(winner.other());
                loses.then_some((position, moved))
            })
        });
    });
    assert!(tried >= 50, "only {tried} entries had a wrong symmetry that loses");
}

#[test]
fn a_flipped_winner_is_rejected() {
    for variant in quick_variants() {
        let (_, certificate) = minimax_certificate(variant);
        let flipped = Certificate { winner: certificate.winner.other(), ..certificate.clone() };
        let rejection = check(&flipped).expect_err("the entries are for the other side");
        assert!(rejection.reason.contains("is to move, not the winner"), "{variant}: {rejection}");
        assert!(Certificate::parse(&flipped.to_string()).is_err(), "{variant}");
        // With no entries, the flipped claim fails in play: ORDER's win is found whatever CHAOS is shown to do.
        let bare = Certificate { entries: Vec::new(), ..flipped };
        assert!(check(&bare).is_err(), "{variant}");
    }
}

/// The checker's verdicts about the game itself, not the file: every position it verified for an accepted
/// certificate is one the minimax says the certificate's winner wins.
#[test]
fn the_checker_and_the_minimax_agree_on_who_wins() {
    for variant in small_variants() {
        let (mut search, certificate) = minimax_certificate(variant);
        assert!(check(&certificate).is_ok());
        for &(position, placed) in &certificate.entries {
            assert_eq!(runs::winner(variant, position), None, "{variant}: an entry for a finished game");
            assert_eq!(search.winner_from(position.play(placed)), Ok(certificate.winner), "{variant}: {position}");
        }
    }
}

/// Positions `winner` wins with best play, ORDER to move, on a 4×4 board: games of six or eight random moves (a fixed
/// xorshift, so every run tests the same positions) that the minimax says `winner` wins. CHAOS wins no variant this
/// small from the blank board, so this is where CHAOS's certificates come from: positions ORDER has thrown away.
fn wins_after_random_play(search: &mut Minimax, winner: Side, count: usize) -> Vec<Position> {
    let side = search.variant().side();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = Position::empty(side);
        for _ in 0..2 * (3 + random(2)) {
            let moves: Vec<Placed> = position.moves().collect();
            position = position.play(moves[random(moves.len())]);
        }
        let open = runs::winner(search.variant(), position).is_none();
        if open && search.winner_from(position) == Ok(winner) && !found.contains(&position) {
            found.push(position);
        }
    }
    found
}

/// The 4×4 runs of four, where random play hands positions to either side. With runs of three, ORDER wins nearly
/// every position random play reaches (a few in millions are CHAOS's), so they would make the search for CHAOS's
/// positions the longest part of the test.
fn runs_of_four() -> [Variant; 3] {
    Rules::ALL.map(|rules| variant(4, 4, rules))
}

#[test]
fn chaos_certificates_are_accepted_and_their_faults_rejected() {
    let mut losing_changes = 0;
    for variant in runs_of_four() {
        let mut search = Minimax::new(variant).unwrap();
        for start in wins_after_random_play(&mut search, Side::Chaos, 4) {
            let certificate = search.certificate_from(start).unwrap();
            assert_eq!(certificate.winner, Side::Chaos);
            // Every line of play CHAOS wins ends with CHAOS filling the 16th cell: a win in one move.
            let (_, checked, _) = full_and_lean_are_accepted(&mut search, start);
            assert!(checked.won_at_once > 0, "{variant} from {start}: {checked:?}");
            let small = one_per_class_from(&mut search, start);
            check_from(&small, start).unwrap_or_else(|e| panic!("{variant} from {start}, one per class: {e}"));
            // From the blank board the same entries prove nothing: ORDER's first moves lead elsewhere.
            assert!(check(&certificate).is_err(), "{variant}: {start}");
            for k in spread(small.entries.len(), 10) {
                let mut broken = small.clone();
                broken.entries.remove(k);
                assert!(check_from(&broken, start).is_err(), "{variant} from {start}: without entry {}", k + 1);
            }
            for k in 0..small.entries.len() {
                let (position, _) = small.entries[k];
                let Some(loses) = losing_move(&mut search, Side::Chaos, position) else { continue };
                let mut broken = small.clone();
                broken.entries[k].1 = loses;
                let rejection = check_from(&broken, start).expect_err("a losing move");
                assert!(rejection.reason.starts_with("ORDER") || rejection.reason.contains("no entry matches"));
                losing_changes += 1;
                if losing_changes % 5 == 0 {
                    break;
                }
            }
            let flipped = Certificate { winner: Side::Order, entries: Vec::new(), ..certificate };
            assert!(check_from(&flipped, start).is_err());
        }
    }
    assert!(losing_changes >= 20, "only {losing_changes} losing moves to change to");
}

/// A start where the game is over is accepted for the side that has won and rejected for the other; a start with
/// CHAOS to move has CHAOS's move first.
#[test]
fn a_finished_start_is_judged_before_any_walk() {
    let variant = variant(3, 3, Rules::MomentAny);
    let won: Position = "XXX/.O./O..".parse().unwrap();
    let claim = |winner| Certificate { variant, winner, entries: Vec::new() };
    assert_eq!(check_from(&claim(Side::Order), won).map(|c| c.positions), Ok(0));
    let rejection = check_from(&claim(Side::Chaos), won).unwrap_err();
    assert_eq!(rejection.to_string(), "the game is over at the start, and ORDER has won in XXX/.O./O..");
    // From a start with CHAOS to move, the moves of a rejection begin with CHAOS's. CHAOS's first move, X beside
    // the X, leaves ORDER a win in one; its second, O there, does not.
    let rejection = check_from(&claim(Side::Order), "X../.../...".parse().unwrap()).unwrap_err();
    assert_eq!(
        rejection.to_string(),
        "ORDER is to move and no entry matches the position under any symmetry or letter swap in XO./.../..., \
         reached by CHAOS 1 2 O"
    );
}

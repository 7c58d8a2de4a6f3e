//! The certificate format: what a proof of who wins a [`Variant`] writes down, so that a checker that trusts
//! nothing but the rules can replay it.
//!
//! ```text
//! order-chaos certificate
//! rules moment-any
//! side 4
//! run 3
//! winner ORDER
//! entries 2
//! ..../..../..../.... 2 2 X
//! ..../.X../..../...O 2 3 X
//! ```
//!
//! Each entry is a position where the winner is to move, and the winner's move there (`r c n`, 1-based, as in the
//! protocol). It claims that the winner, starting from the blank board with ORDER to move, wins against every move
//! of the other side by playing, in every position the game reaches with the winner to move, a move that wins at
//! once if there is one, and otherwise the move of the entry for that position. A win in one needs no entry: a
//! checker finds it by trying every move, and in a proof of ORDER's win most positions are such (every reply of
//! CHAOS that fails to block a threat). A position the game reaches matches an entry when it equals the entry's position seen
//! through one of the square's 8 symmetries, with the letters swapped or not; the entry's move is then played
//! through the same transformation. The rules are the same under both, so any match will do, and a certificate
//! need hold only one position of each class. What a checker must verify, and how, is in
//! `docs/problems/order-chaos.md`; this module only reads and writes the file, with the checks that need no rules:
//! the winner is to move in every entry, the move is onto a blank cell, and no position has two entries.

use std::collections::HashSet;
use std::fmt;

use super::Side;
use super::variant::{MAX_SIDE, MIN_SIDE, Placed, Position, Rules, Variant, read_placed};
use crate::contest::{Lines, ParseError, quote, read_number};

const NAME: &str = super::NAME;
const TITLE: &str = "order-chaos certificate";
/// The most entries a file may announce: 2^32 entries are 100 GB of text, more than any proof here writes.
pub const MAX_ENTRIES: u64 = 1 << 32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub variant: Variant,
    pub winner: Side,
    pub entries: Vec<(Position, Placed)>,
}

impl Certificate {
    /// Read a certificate, with the line and what was expected for anything wrong.
    pub fn parse(text: &str) -> Result<Certificate, ParseError> {
        let mut lines = Lines::new(NAME, text);
        let (line, title) = lines.next(format_args!("`{TITLE}`"))?;
        if title.trim() != TITLE {
            return Err(lines.error(line, format!("expected `{TITLE}`, found {}", quote(title))));
        }
        let mut field = |name: &str| -> Result<(usize, &str), ParseError> {
            let (line, text) = lines.next(format_args!("`{name} …`"))?;
            match text.split_once(char::is_whitespace) {
                Some((key, value)) if key == name => Ok((line, value.trim())),
                _ => Err(ParseError {
                    problem: NAME,
                    line,
                    message: format!("expected `{name} …`, found {}", quote(text)),
                }),
            }
        };
        let error = |line: usize, message: String| ParseError { problem: NAME, line, message };
        let (line, rules) = field("rules")?;
        let rules: Rules = rules.parse().map_err(|e| error(line, e))?;
        let (line, side) = field("side")?;
        let side =
            read_number("the side", side, u64::from(MIN_SIDE)..=u64::from(MAX_SIDE)).map_err(|e| error(line, e))? as u8;
        let (line, run) = field("run")?;
        let run = read_number("the run", run, 0..=255).map_err(|e| error(line, e))? as u8;
        let variant = Variant::new(side, run, rules).map_err(|e| error(line, e))?;
        let (line, winner) = field("winner")?;
        let winner = match winner {
            "ORDER" => Side::Order,
            "CHAOS" => Side::Chaos,
            other => {
                return Err(error(line, format!("expected the winner `ORDER` or `CHAOS`, found {}", quote(other))));
            }
        };
        let (line, count) = field("entries")?;
        let count = read_number("the number of entries", count, 0..=MAX_ENTRIES).map_err(|e| error(line, e))?;
        let mut entries = Vec::with_capacity((count as usize).min(1 << 20));
        let mut seen = HashSet::with_capacity((count as usize).min(1 << 20));
        for k in 1..=count {
            let (line, text) = lines.next(format_args!("entry {k} of {count}, `position r c n`"))?;
            let entry = parse_entry(text, side).map_err(|e| error(line, format!("entry {k}: {e}")))?;
            if entry.0.to_move() != winner {
                return Err(error(
                    line,
                    format!("entry {k}: {} is to move in {}, not the winner {winner}", entry.0.to_move(), entry.0),
                ));
            }
            if !seen.insert(entry.0) {
                return Err(error(line, format!("entry {k}: {} has an entry already", entry.0)));
            }
            entries.push(entry);
        }
        if let Ok((line, text)) = lines.next("") {
            return Err(error(
                line,
                format!("expected the end of the certificate after its {count} entries, found {}", quote(text)),
            ));
        }
        Ok(Certificate { variant, winner, entries })
    }
}

/// `position r c n`.
fn parse_entry(text: &str, side: u8) -> Result<(Position, Placed), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [position, row, col, letter] = words[..] else {
        return Err(format!("expected `position r c n`, found {}", quote(text)));
    };
    let position: Position = position.parse()?;
    if position.side() != side {
        return Err(format!("the position has side {}, the certificate {side}", position.side()));
    }
    let placed = read_placed(side, [row, col, letter])?;
    if let Some(held) = position.get(placed.row, placed.col) {
        return Err(format!("the move's cell ({}, {}) is not blank: it holds {held}", placed.row + 1, placed.col + 1));
    }
    Ok((position, placed))
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_header(f, self.variant, self.winner, self.entries.len())?;
        for entry in &self.entries {
            write_entry(f, entry)?;
        }
        Ok(())
    }
}

/// The header of a certificate of `entries` entries, for writers that stream them.
pub fn write_header(out: &mut impl fmt::Write, variant: Variant, winner: Side, entries: usize) -> fmt::Result {
    let (rules, side, run) = (variant.rules, variant.side(), variant.run());
    writeln!(out, "{TITLE}\nrules {rules}\nside {side}\nrun {run}\nwinner {winner}\nentries {entries}")
}

pub fn write_entry(out: &mut impl fmt::Write, (position, placed): &(Position, Placed)) -> fmt::Result {
    writeln!(out, "{position} {placed}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order_chaos::Letter;

    fn sample() -> Certificate {
        let variant = Variant::new(4, 3, Rules::MomentAny).unwrap();
        let blank = Position::empty(4);
        let first = Placed { row: 1, col: 1, letter: Letter::X };
        let after = blank.play(first).play(Placed { row: 3, col: 3, letter: Letter::O });
        Certificate {
            variant,
            winner: Side::Order,
            entries: vec![(blank, first), (after, Placed { row: 1, col: 2, letter: Letter::X })],
        }
    }

    #[test]
    fn certificates_read_as_they_print() {
        let text = sample().to_string();
        assert_eq!(
            text,
            "order-chaos certificate\nrules moment-any\nside 4\nrun 3\nwinner ORDER\nentries 2\n\
             ..../..../..../.... 2 2 X\n..../.X../..../...O 2 3 X\n"
        );
        assert_eq!(Certificate::parse(&text), Ok(sample()));
    }

    /// Each fault names its line and what was expected.
    #[test]
    fn faults_name_their_line() {
        let text = sample().to_string();
        let fault = |from: &str, to: &str| {
            let bad = text.replacen(from, to, 1);
            let e = Certificate::parse(&bad).unwrap_err();
            format!("line {}: {}", e.line, e.message)
        };
        assert_eq!(
            fault("order-chaos", "order"),
            "line 1: expected `order-chaos certificate`, found `order certificate`"
        );
        assert_eq!(fault("rules moment-any", "rule moment-any"), "line 2: expected `rules …`, found `rule moment-any`");
        assert_eq!(fault("side 4", "side 9"), "line 3: the side = 9 is out of range 2..=8");
        assert_eq!(fault("run 3", "run 5"), "line 4: expected a run of 2 to the side 4, found 5");
        assert_eq!(
            fault("winner ORDER", "winner order"),
            "line 5: expected the winner `ORDER` or `CHAOS`, found `order`"
        );
        assert_eq!(
            fault("entries 2", "entries 3"),
            "line 9: expected entry 3 of 3, `position r c n`, found the end of the input"
        );
        assert_eq!(
            fault("entries 2", "entries 1"),
            "line 8: expected the end of the certificate after its 1 entries, found `..../.X../..../...O 2 3 X`"
        );
        assert_eq!(
            fault(" 2 2 X", " 2 2"),
            "line 7: entry 1: expected `position r c n`, found `..../..../..../.... 2 2`"
        );
        assert_eq!(fault(" 2 2 X", " 5 2 X"), "line 7: entry 1: r = 5 is out of range 1..=4");
        assert_eq!(fault(" 2 3 X", " 2 2 X"), "line 8: entry 2: the move's cell (2, 2) is not blank: it holds X");
        assert_eq!(
            fault("..../.X../..../...O", "..../.X../..../..OO"),
            "line 8: entry 2: CHAOS is to move in ..../.X../..../..OO, not the winner ORDER"
        );
        assert_eq!(
            fault("..../.X../..../...O", "..../..../..../...."),
            "line 8: entry 2: ..../..../..../.... has an entry already"
        );
        assert_eq!(
            fault("..../.X../..../...O", "..../.X../.../...O"),
            "line 8: entry 2: row 3 has 3 cells, expected 4 as there are 4 rows"
        );
        assert_eq!(
            fault("..../.X../..../...O", ".../.X./..O"),
            "line 8: entry 2: the position has side 3, the certificate 4"
        );
    }
}

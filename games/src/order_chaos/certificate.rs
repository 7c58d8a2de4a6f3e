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
use std::io::BufRead;

use super::Side;
use super::variant::{MAX_SIDE, MIN_SIDE, Placed, Position, Rules, Variant, read_placed};
use crate::contest::{ParseError, not_utf8, quote, read_number};

const NAME: &str = super::NAME;
const TITLE: &str = "order-chaos certificate";
/// The most entries a file may announce: 2^32 entries are 100 GB of text, more than any proof here writes.
pub const MAX_ENTRIES: u64 = 1 << 32;
/// The longest line a certificate may hold, in bytes. An entry of the largest board is some 80 bytes; a longer line
/// is refused as soon as it passes this, so a file with no line breaks (`/dev/zero`, a sparse file) is refused after
/// reading this much rather than read whole.
pub const MAX_LINE: usize = 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub variant: Variant,
    pub winner: Side,
    pub entries: Vec<(Position, Placed)>,
}

impl Certificate {
    /// Read a certificate, with the line and what was expected for anything wrong.
    pub fn parse(text: &str) -> Result<Certificate, ParseError> {
        Certificate::read(text.as_bytes())
    }

    /// [`Certificate::parse`] from a stream. The entries are kept, so memory grows with the file: a checker that
    /// needs only its own compact form of them reads with [`Reader`] instead.
    pub fn read(input: impl BufRead) -> Result<Certificate, ParseError> {
        let mut reader = Reader::new(input)?;
        let Header { variant, winner, .. } = reader.header();
        let (mut entries, mut seen) = (Vec::new(), HashSet::new());
        while let Some(entry) = reader.next_entry()? {
            if !seen.insert(entry.0) {
                let k = entries.len() + 1;
                let message = format!("entry {k}: {} has an entry already", entry.0);
                return Err(ParseError { problem: NAME, line: reader.line(), message });
            }
            entries.push(entry);
        }
        Ok(Certificate { variant, winner, entries })
    }
}

/// What a certificate's first six lines say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: Variant,
    pub winner: Side,
    /// The count of entries the file announces; a reader checks it against the entries it finds, and allocates
    /// nothing by it.
    pub entries: u64,
}

/// A certificate read line by line: the header first, then one entry at a time, each line's text dropped once it
/// is parsed, so that reading takes memory for one line whatever the file's size. Every error names its line, and
/// the checks that need no rules are made as each entry arrives: the entry's position is on the certificate's
/// board with the winner to move, and its move is onto a blank cell. Two entries for one position are for the
/// caller to find, as that needs the positions kept.
pub struct Reader<R> {
    lines: LineReader<R>,
    header: Header,
    /// Entries read so far.
    read: u64,
    /// Whatever followed the last entry has been checked to be nothing.
    ended: bool,
}

impl<R: BufRead> Reader<R> {
    /// Read the header.
    pub fn new(input: R) -> Result<Reader<R>, ParseError> {
        let mut lines = LineReader { input, line: 0, buffer: Vec::new(), text: String::new() };
        let header = read_header(&mut lines)?;
        Ok(Reader { lines, header, read: 0, ended: false })
    }

    pub fn header(&self) -> Header {
        self.header
    }

    /// The number of the last line read: the line of the entry [`Reader::next_entry`] returned last.
    pub fn line(&self) -> usize {
        self.lines.line
    }

    /// The next entry, or `None` once the announced count has been read and nothing but blank lines follows.
    pub fn next_entry(&mut self) -> Result<Option<(Position, Placed)>, ParseError> {
        let Header { variant, winner, entries: count } = self.header;
        if self.read == count {
            if !self.ended {
                if let Some(line) = self.lines.next("the end of the certificate")? {
                    let found = quote(self.lines.text());
                    let message =
                        format!("expected the end of the certificate after its {count} entries, found {found}");
                    return Err(ParseError { problem: NAME, line, message });
                }
                self.ended = true;
            }
            return Ok(None);
        }
        let k = self.read + 1;
        let expected = format_args!("entry {k} of {count}, `position r c n`");
        let Some(line) = self.lines.next(expected)? else {
            let message = format!("expected {expected}, found the end of the input");
            return Err(ParseError { problem: NAME, line: self.lines.line + 1, message });
        };
        let error = |message: String| ParseError { problem: NAME, line, message: format!("entry {k}: {message}") };
        let entry = parse_entry(self.lines.text(), variant.side()).map_err(error)?;
        if entry.0.to_move() != winner {
            return Err(error(format!("{} is to move in {}, not the winner {winner}", entry.0.to_move(), entry.0)));
        }
        self.read = k;
        Ok(Some(entry))
    }
}

fn read_header<R: BufRead>(lines: &mut LineReader<R>) -> Result<Header, ParseError> {
    let error = |line: usize, message: String| ParseError { problem: NAME, line, message };
    let mut field = |name: &str| -> Result<(usize, String), ParseError> {
        let expected = if name == TITLE { format!("`{TITLE}`") } else { format!("`{name} …`") };
        let Some(line) = lines.next(&expected)? else {
            let message = format!("expected {expected}, found the end of the input");
            return Err(error(lines.line + 1, message));
        };
        let text = lines.text();
        if name == TITLE {
            return if text.trim() == TITLE {
                Ok((line, String::new()))
            } else {
                Err(error(line, format!("expected `{TITLE}`, found {}", quote(text))))
            };
        }
        match text.split_once(char::is_whitespace) {
            Some((key, value)) if key == name => Ok((line, value.trim().to_string())),
            _ => Err(error(line, format!("expected `{name} …`, found {}", quote(text)))),
        }
    };
    field(TITLE)?;
    let (line, rules) = field("rules")?;
    let rules: Rules = rules.parse().map_err(|e| error(line, e))?;
    let (line, side) = field("side")?;
    let side =
        read_number("the side", &side, u64::from(MIN_SIDE)..=u64::from(MAX_SIDE)).map_err(|e| error(line, e))? as u8;
    let (line, run) = field("run")?;
    let run = read_number("the run", &run, 0..=255).map_err(|e| error(line, e))? as u8;
    let variant = Variant::new(side, run, rules).map_err(|e| error(line, e))?;
    let (line, winner) = field("winner")?;
    let winner = match winner.as_str() {
        "ORDER" => Side::Order,
        "CHAOS" => Side::Chaos,
        other => {
            return Err(error(line, format!("expected the winner `ORDER` or `CHAOS`, found {}", quote(other))));
        }
    };
    let (line, count) = field("entries")?;
    let entries = read_number("the number of entries", &count, 0..=MAX_ENTRIES).map_err(|e| error(line, e))?;
    Ok(Header { variant, winner, entries })
}

/// The lines of a certificate as [`crate::contest::Lines`] reads a text (numbered from 1, blank lines skipped,
/// trailing white space ignored), but from a stream, one line in memory at a time, each at most [`MAX_LINE`]
/// bytes and checked to be UTF-8 on its own.
struct LineReader<R> {
    input: R,
    /// The number of the last line read, blank or not; 0 before the first.
    line: usize,
    /// The bytes of the line being read.
    buffer: Vec<u8>,
    /// The last non-blank line, as text: the buffer's allocation, handed back and forth so that no line is copied.
    text: String,
}

impl<R: BufRead> LineReader<R> {
    /// The number of the next non-blank line, whose text [`LineReader::text`] then gives; `None` at the end of the
    /// input. `expected` is what the caller wants there, for the error of a line too long or not UTF-8.
    fn next(&mut self, expected: impl fmt::Display) -> Result<Option<usize>, ParseError> {
        loop {
            let mut buffer = std::mem::take(&mut self.text).into_bytes();
            buffer.clear();
            self.buffer = buffer;
            if !self.read_line(&expected)? {
                return Ok(None);
            }
            self.line += 1;
            let line = self.line;
            match String::from_utf8(std::mem::take(&mut self.buffer)) {
                Ok(text) => self.text = text,
                Err(e) => {
                    let (_, found) = not_utf8(e.as_bytes(), e.utf8_error());
                    let message = format!("expected {expected}, found a line that is not UTF-8 text: {found}");
                    return Err(ParseError { problem: NAME, line, message });
                }
            }
            if !self.text().is_empty() {
                return Ok(Some(line));
            }
        }
    }

    /// The last non-blank line, without its trailing white space.
    fn text(&self) -> &str {
        self.text.trim_end()
    }

    /// Reads the next line, without its newline, into `buffer`; false at the end of the input.
    fn read_line(&mut self, expected: &impl fmt::Display) -> Result<bool, ParseError> {
        let line = self.line + 1;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let message = format!("expected {expected}, reading failed: {e}");
                    return Err(ParseError { problem: NAME, line, message });
                }
            };
            if available.is_empty() {
                // The end of the input: the last line may lack its newline.
                return Ok(!self.buffer.is_empty());
            }
            let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (&available[..at], true),
                None => (available, false),
            };
            if self.buffer.len() + chunk.len() > MAX_LINE {
                let message = format!("expected {expected}, found a line longer than {MAX_LINE} bytes");
                return Err(ParseError { problem: NAME, line, message });
            }
            self.buffer.extend_from_slice(chunk);
            let used = chunk.len() + usize::from(ends);
            self.input.consume(used);
            if ends {
                return Ok(true);
            }
        }
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

    /// A stream with no line break (`/dev/zero`) is refused at its first line once it passes [`MAX_LINE`] bytes,
    /// not read whole; an endless stream would hang a reader without the cap.
    #[test]
    fn a_line_past_the_cap_is_refused_at_once() {
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let e = Reader::new(endless).err().expect("no certificate");
        assert_eq!(
            format!("line {}: {}", e.line, e.message),
            format!("line 1: expected `order-chaos certificate`, found a line longer than {MAX_LINE} bytes")
        );
        // The same after a good header, at the entry's line: lines are numbered as they are read.
        let header = sample().to_string().lines().take(6).collect::<Vec<_>>().join("\n") + "\n\n";
        let long = std::io::Read::chain(header.as_bytes(), std::io::repeat(b' '));
        let mut reader = Reader::new(std::io::BufReader::new(long)).expect("a good header");
        let e = reader.next_entry().unwrap_err();
        assert_eq!(e.line, 8);
        assert!(e.message.starts_with("expected entry 1 of 2, `position r c n`, found a line longer"), "{e}");
    }

    /// Each line is checked to be UTF-8 on its own, and a bad one names its line and byte column.
    #[test]
    fn a_line_that_is_not_utf8_names_its_line_and_column() {
        let mut bytes = sample().to_string().into_bytes();
        let at = bytes.iter().rposition(|&b| b == b'O').expect("the second entry has an O");
        bytes[at] = 0xff;
        let e = Certificate::read(&bytes[..]).unwrap_err();
        assert_eq!(
            format!("line {}: {}", e.line, e.message),
            "line 8: expected entry 2 of 2, `position r c n`, found a line that is not UTF-8 text: the byte 0xff at \
             byte column 19"
        );
    }

    /// The announced count allocates nothing: a header promising 2^32 entries and holding two is an error at the
    /// end of the input, in a reader that has kept nothing but a line.
    #[test]
    fn the_announced_count_is_checked_not_trusted() {
        let text = sample().to_string().replace("entries 2", &format!("entries {MAX_ENTRIES}"));
        let mut reader = Reader::new(text.as_bytes()).expect("a good header");
        assert_eq!(reader.header().entries, MAX_ENTRIES);
        assert!(reader.next_entry().unwrap().is_some() && reader.next_entry().unwrap().is_some());
        let e = reader.next_entry().unwrap_err();
        assert_eq!(
            format!("line {}: {}", e.line, e.message),
            format!("line 9: expected entry 3 of {MAX_ENTRIES}, `position r c n`, found the end of the input")
        );
        // Blank lines and trailing white space after the last entry are allowed, as in the text reader.
        let padded = format!("{}\n  \n\t\n", sample());
        let mut reader = Reader::new(padded.as_bytes()).unwrap();
        assert_eq!((reader.next_entry().is_ok(), reader.next_entry().is_ok()), (true, true));
        assert_eq!(reader.next_entry(), Ok(None));
        assert_eq!(reader.next_entry(), Ok(None));
    }
}

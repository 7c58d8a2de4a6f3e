//! Reading and writing the contest formats, shared by every problem: line-numbered errors, case headers, output.

use std::fmt::{Debug, Display, Write};
use std::num::IntErrorKind;
use std::ops::RangeInclusive;

/// One contest problem as the judge sees it: its cases and answers, the limits on its size knob, and the contest
/// format. Every module of this crate implements it on a unit type named for the game (`games::hex::Hex`), and
/// everything else reaches a problem's vocabulary through it: no per-problem free functions to forward.
pub trait Contest: 'static {
    /// The name on the command line and in messages, as in `gamecheck check hex`.
    const NAME: &'static str;
    /// Every size the contest allows, on the knob of [`Contest::size`].
    const LIMITS: crate::Sizes;
    /// The most cases one input may announce (T): what `gen` may write and the parser still reads.
    const MAX_T: u64;

    type Case: Clone + PartialEq + Debug + Send + Sync + 'static;
    type Answer: Clone + PartialEq + Debug + Display + Send + Sync + 'static;

    /// Contest input: T, then T cases, each checked against the limits. Errors name the line.
    fn parse(input: &str) -> Result<Vec<Self::Case>, ParseError>;
    /// One case as it stands in contest input after the count line, appended to `out`: long inputs are written case
    /// by case.
    fn write_case(case: &Self::Case, out: &mut String);
    /// Contest input for these cases.
    fn write(cases: &[Self::Case]) -> String {
        let mut out = format!("{}\n", cases.len());
        for case in cases {
            Self::write_case(case, &mut out);
        }
        out
    }
    /// One answer of someone else's contest output (the text after `Case #x: `), printed again as we print answers,
    /// so that it compares with an answer's `to_string()`; `Err` says what was expected.
    fn read_answer(text: &str) -> Result<String, String>;
    /// The size knob of a case (N for Hex, S for Havannah), for limits, reports and the oracles' reach.
    fn size(case: &Self::Case) -> usize;
}

/// Bad contest input: which problem, which line (1-based; one past the last line for a truncated file), and what
/// was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{problem} input, line {line}: {message}")]
pub struct ParseError {
    pub problem: &'static str,
    pub line: usize,
    pub message: String,
}

/// An error message shows a piece of input whole when it is at most this many bytes once escaped...
const SHOWN_WHOLE: usize = 48;
/// ...and otherwise its start, at most this many bytes, then `…` and the full length: a 50 MB line must not make a
/// 50 MB message, and the start is what tells a reader which line it was.
const SHOWN_START: usize = 32;

/// A piece of input as an error message shows it: in backticks, with every character a reader could not see or
/// tell apart escaped the way Rust's `escape_debug` writes it: `\0`, `\t`, `\r`, `\n`, `\\` for a backslash
/// (so that an escape in the message cannot be mistaken for the same characters in the input), and `\u{feff}` for
/// other control characters, white space other than the plain space (no-break and wide spaces), and format
/// characters such as the byte order mark and zero-width spaces. Long text is cut: `` `1234…` (1048576 bytes) ``,
/// the count being the byte length of the whole piece, so no message quotes more than about 60 bytes of it.
pub fn quote(text: &str) -> String {
    let mut shown = String::from("`");
    // Where to cut, once the escaped text passes SHOWN_START bytes: always on a character's boundary.
    let mut cut = None;
    for c in text.chars() {
        let before = shown.len();
        escape(c, &mut shown);
        if cut.is_none() && shown.len() - 1 > SHOWN_START {
            cut = Some(before);
        }
        if shown.len() - 1 > SHOWN_WHOLE {
            shown.truncate(cut.unwrap_or(before));
            let _ = write!(shown, "…` ({} bytes)", text.len());
            return shown;
        }
    }
    shown.push('`');
    shown
}

fn escape(c: char, out: &mut String) {
    let _ = match c {
        '\0' => out.write_str("\\0"),
        '\t' => out.write_str("\\t"),
        '\r' => out.write_str("\\r"),
        '\n' => out.write_str("\\n"),
        '\\' => out.write_str("\\\\"),
        ' ' | '\'' | '"' => out.write_char(c),
        // `escape_debug` escapes what Rust deems not printable (format characters such as U+FEFF and U+200B,
        // unassigned code points) and combining marks. Today's std escapes every white space but the plain space too;
        // the explicit tests keep that so whatever std a build uses.
        c if c.is_whitespace() || c.is_control() || c.escape_debug().next() == Some('\\') => {
            write!(out, "\\u{{{:x}}}", u32::from(c))
        }
        c => out.write_char(c),
    };
}

/// A word of a line read as the whole number `name` in `range`. A word of digits too long for a u64 is out of range
/// like any other number past the end of it; only a word that is not digits at all is "not a whole number".
pub fn read_number(name: &str, word: &str, range: RangeInclusive<u64>) -> Result<u64, String> {
    let out_of_range =
        |shown: &dyn Display| format!("{name} = {shown} is out of range {}..={}", range.start(), range.end());
    match word.parse::<u64>() {
        Ok(value) if range.contains(&value) => Ok(value),
        Ok(value) => Err(out_of_range(&value)),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Err(out_of_range(&quote(word))),
        Err(_) => Err(format!("expected {name} to be a whole number, found {}", quote(word))),
    }
}

/// The contest input `bytes` as text, or an error naming the line (1-based) and byte column of the first byte that
/// is not UTF-8. Reading a file straight into a `String` would say only that it is not UTF-8, not where.
pub fn text<'a>(problem: &'static str, bytes: &'a [u8]) -> Result<&'a str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, found) = not_utf8(bytes, e);
        ParseError { problem, line, message: format!("expected UTF-8 text, found {found}") }
    })
}

/// Where `bytes` stop being UTF-8: the line (1-based), and the bad bytes with their byte column, such as `the byte
/// 0xff at byte column 3`.
pub(crate) fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> (usize, String) {
    let at = error.valid_up_to();
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at - before.iter().rposition(|&b| b == b'\n').map_or(0, |newline| newline + 1) + 1;
    // The bytes of the bad sequence, or all that is left when the input ends inside a character: at most three.
    let bad = &bytes[at..at + error.error_len().unwrap_or(bytes.len() - at)];
    let hex: Vec<String> = bad.iter().map(|b| format!("{b:#04x}")).collect();
    let the_bytes = if hex.len() == 1 { "the byte" } else { "the bytes" };
    (line, format!("{the_bytes} {} at byte column {column}", hex.join(" ")))
}

/// The lines of a contest input, numbered, with blank lines skipped and trailing white space (and `\r`) ignored. A
/// clone reads on from where the original stood.
#[derive(Clone)]
pub struct Lines<'a> {
    problem: &'static str,
    /// The input after the last line read.
    rest: &'a str,
    /// The number of the last line read (blank or not); 0 before the first.
    last: usize,
}

/// The ASCII characters `char::is_whitespace` accepts, the ones `split_whitespace` and `trim_end` act on, but for
/// the newline that ends a line.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The most digits a number may have on the fast path: 10^19 − 1 still fits a u64, so no digit can overflow it.
const MAX_DIGITS: usize = 19;

impl<'a> Lines<'a> {
    pub fn new(problem: &'static str, input: &'a str) -> Lines<'a> {
        Lines { problem, rest: input, last: 0 }
    }

    pub fn error(&self, line: usize, message: impl Into<String>) -> ParseError {
        ParseError { problem: self.problem, line, message: message.into() }
    }

    /// The next non-blank line and its number, trimmed at the end: lines as `str::lines` splits them.
    fn next_filled(&mut self) -> Option<(usize, &'a str)> {
        while !self.rest.is_empty() {
            let (line, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
            self.rest = rest;
            self.last += 1;
            let line = line.trim_end();
            if !line.is_empty() {
                return Some((self.last, line));
            }
        }
        None
    }

    /// The next non-blank line and its number, or an error saying what was missing.
    pub fn next(&mut self, expected: impl Display) -> Result<(usize, &'a str), ParseError> {
        self.next_filled()
            .ok_or_else(|| self.error(self.last + 1, format!("expected {expected}, found the end of the input")))
    }

    /// The next line as exactly `K` whitespace-separated integers within their ranges.
    pub fn numbers<const K: usize>(
        &mut self,
        names: [&str; K],
        ranges: [RangeInclusive<u64>; K],
    ) -> Result<(usize, [u64; K]), ParseError> {
        match self.plain_numbers(&ranges) {
            Some(found) => Ok(found),
            None => self.any_numbers(names, ranges),
        }
    }

    /// [`Lines::numbers`] for the lines almost every input is made of, read byte by byte: ASCII blanks and digits,
    /// each number in its range. `None`, having read nothing, for anything else, which [`Lines::any_numbers`] then
    /// reads again to accept it or to say what is wrong. Contest inputs run to millions of such lines (a Havannah
    /// game of 10^6 moves), and splitting each into Unicode words, with a message template allocated per line, took
    /// several times as long.
    fn plain_numbers<const K: usize>(&mut self, ranges: &[RangeInclusive<u64>; K]) -> Option<(usize, [u64; K])> {
        let bytes = self.rest.as_bytes();
        // Every loop here walks a slice's iterator, so each ends at the end of the input whatever it does with `at`;
        // and `at` only ever passes bytes that are there, so every `bytes[at..]` is in bounds.
        let mut at = 0;
        let mut line = self.last + 1;
        // Blank lines, then the blanks that start this one.
        for &b in bytes {
            match b {
                b'\n' => line += 1,
                b if is_blank(b) => {}
                _ => break,
            }
            at += 1;
        }
        let mut out = [0u64; K];
        for (k, (value, range)) in out.iter_mut().zip(ranges).enumerate() {
            if k > 0 {
                let start = at;
                for _ in bytes[start..].iter().take_while(|&&b| is_blank(b)) {
                    at += 1;
                }
                if at == start {
                    return None;
                }
            }
            let start = at;
            for &digit in bytes[start..].iter().take_while(|b| b.is_ascii_digit()) {
                if at - start == MAX_DIGITS {
                    return None;
                }
                *value = *value * 10 + u64::from(digit - b'0');
                at += 1;
            }
            if at == start || !range.contains(value) {
                return None;
            }
        }
        for _ in bytes[at..].iter().take_while(|&&b| is_blank(b)) {
            at += 1;
        }
        match bytes.get(at) {
            None => {}
            Some(b'\n') => at += 1,
            Some(_) => return None,
        }
        self.rest = &self.rest[at..];
        self.last = line;
        Some((line, out))
    }

    /// [`Lines::numbers`] for any line, with the error that says what is wrong with it.
    fn any_numbers<const K: usize>(
        &mut self,
        names: [&str; K],
        ranges: [RangeInclusive<u64>; K],
    ) -> Result<(usize, [u64; K]), ParseError> {
        let expected = names.join(" ");
        let (line, text) = self.next(format_args!("a line `{expected}`"))?;
        let mut words = text.split_whitespace();
        let mut out = [0u64; K];
        for k in 0..K {
            let word = words.next().ok_or_else(|| {
                self.error(line, format!("expected `{expected}`, found {}: {} is missing", quote(text), names[k]))
            })?;
            out[k] = read_number(names[k], word, ranges[k].clone()).map_err(|message| self.error(line, message))?;
        }
        if let Some(extra) = words.next() {
            return Err(self.error(line, format!("expected `{expected}`, found extra {} after it", quote(extra))));
        }
        Ok((line, out))
    }

    /// The number of cases, T, from the first line.
    pub fn case_count(&mut self, max: u64) -> Result<usize, ParseError> {
        let (_, [t]) = self.numbers(["T"], [1..=max])?;
        Ok(t as usize)
    }

    /// After the last case: anything left is junk, most likely more cases than T announced.
    pub fn finish(mut self, cases: usize) -> Result<(), ParseError> {
        match self.next_filled() {
            None => Ok(()),
            Some((line, text)) => Err(self.error(
                line,
                format!("expected the end of the input after the {cases} case(s) T announced, found {}", quote(text)),
            )),
        }
    }
}

/// The longest line contest input may hold: no problem's line comes near it (a Hex row is 2000 cells), and an
/// endless line (`/dev/zero`, a file with no newline) is refused once it passes this, not read to its end.
pub const MAX_LINE: usize = 1 << 20;
/// The first parse of a growing input comes at this many bytes, and later ones each time the input has grown
/// [`PARSE_GROWTH`] times: junk is refused within a few chunks of where it starts, and the parses of the prefixes
/// cost less than one more parse of the whole.
const FIRST_PARSE: usize = 1 << 16;
const PARSE_GROWTH: usize = 8;
const CHUNK: usize = 1 << 16;

/// Why contest input could not be read: bad input at a line, or the reading itself failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Input(#[from] ParseError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// What decides whether a prefix of contest input can still grow into a valid input: a whole input's parse, such
/// as [`Contest::parse`] with its cases dropped.
pub type Prefix<'a> = &'a dyn Fn(&str) -> Result<(), ParseError>;

/// Contest input read from `reader` as it comes, as text for a parser. Nothing is trusted before it is parsed, a
/// header's promise least of all: with `parse`, the input read so far is parsed each time it has grown several
/// times over, so a line that cannot belong (a case past T, a row too long) is an error once its chunk is read, not
/// once an endless input has filled memory; and once the T cases are complete, what follows is only scanned for a
/// line that is not blank, and not kept. A line longer than [`MAX_LINE`] is an error as soon as it passes that, and
/// input that is not UTF-8 an error at its line once its chunk is read. Memory stays proportional to the input that
/// belongs. Without `parse` (a format with no count of cases, where more always fits), only those two are checked.
///
/// Why a prefix may be parsed: it is cut after a newline, so its lines are whole. Where its parse fails at one of
/// its lines, the whole input's parse fails there too (the parsers read line by line, each line decided by what
/// came before it); where it fails one past its last line, it only ran out of input, and reading goes on.
pub fn read_text(
    problem: &'static str,
    reader: &mut dyn std::io::Read,
    parse: Option<Prefix>,
) -> Result<String, ReadError> {
    let mut input = Vec::new();
    // The number of the line being read, which starts at `line_start`: the lines before it are whole.
    let (mut line, mut line_start) = (1usize, 0usize);
    let mut next_parse = FIRST_PARSE;
    let mut chunk = vec![0u8; CHUNK];
    while let Some(read) = read_some(reader, &mut chunk)? {
        let from = input.len();
        input.extend_from_slice(&chunk[..read]);
        for (at, &b) in input[from..].iter().enumerate() {
            if b == b'\n' {
                line += 1;
                line_start = from + at + 1;
            }
        }
        if input.len() - line_start > MAX_LINE {
            return Err(long_line(problem, line).into());
        }
        if input.len() >= next_parse {
            next_parse = input.len().saturating_mul(PARSE_GROWTH);
            let prefix = text(problem, &input[..line_start])?;
            match parse.map(|parse| parse(prefix)) {
                Some(Ok(())) => {
                    let rest = input.split_off(line_start);
                    blank_rest(problem, &input, line, rest, reader, parse.expect("parsed"))?;
                    return Ok(String::from_utf8(input).expect("checked as text"));
                }
                Some(Err(e)) if e.line < line => return Err(e.into()),
                _ => {}
            }
        }
    }
    text(problem, &input)?;
    Ok(String::from_utf8(input).expect("checked as text"))
}

/// One read into `chunk`: `None` at the end of the input.
fn read_some(reader: &mut dyn std::io::Read, chunk: &mut [u8]) -> std::io::Result<Option<usize>> {
    loop {
        match reader.read(chunk) {
            Ok(0) => return Ok(None),
            Ok(read) => return Ok(Some(read)),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

fn long_line(problem: &'static str, line: usize) -> ParseError {
    ParseError {
        problem,
        line,
        message: format!("the line is longer than {MAX_LINE} bytes, which no line of {problem} input is"),
    }
}

/// The rest of an input whose cases are all in `complete` (which ends with a newline; line `line` starts after it),
/// read without keeping it: blank lines are counted, and the first line that is not blank is handed to `parse`
/// after them, so the error is the parser's own, at its line.
fn blank_rest(
    problem: &'static str,
    complete: &[u8],
    mut line: usize,
    mut pending: Vec<u8>,
    reader: &mut dyn std::io::Read,
    parse: Prefix,
) -> Result<(), ReadError> {
    let first = line;
    let junk = |current: &[u8], line: usize| -> ReadError {
        let mut whole = complete.to_vec();
        whole.extend(std::iter::repeat_n(b'\n', line - first));
        whole.extend_from_slice(current);
        match text(problem, &whole).map(parse) {
            Err(e) | Ok(Err(e)) => e.into(),
            // Unreachable while the parsers refuse what follows the last case; said plainly if not.
            Ok(Ok(())) => ParseError { problem, line, message: "expected the end of the input".into() }.into(),
        }
    };
    let mut current = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    loop {
        for &b in &pending {
            if b == b'\n' {
                if !blank_line(&current) {
                    return Err(junk(&current, line));
                }
                current.clear();
                line += 1;
            } else {
                current.push(b);
                if current.len() > MAX_LINE {
                    return Err(long_line(problem, line).into());
                }
            }
        }
        let Some(read) = read_some(reader, &mut chunk)? else { break };
        pending.clear();
        pending.extend_from_slice(&chunk[..read]);
    }
    if blank_line(&current) { Ok(()) } else { Err(junk(&current, line)) }
}

/// Whether a line is blank as [`Lines`] reads it: white space only, once it is text.
fn blank_line(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|line| line.trim_end().is_empty())
}

/// Contest output: `Case #1: ...`, one line per answer.
pub fn write_answers<A: Display>(answers: impl IntoIterator<Item = A>) -> String {
    answers.into_iter().enumerate().map(|(i, a)| answer_line(i + 1, a)).collect()
}

/// One line of contest output, for the answer to case `number` (1-based), so that output can be written as the
/// answers come.
pub fn answer_line(number: usize, answer: impl Display) -> String {
    format!("Case #{number}: {answer}\n")
}

/// A count in contest output: decimal digits, no sign, no leading zero (a judge comparing tokens would not accept
/// `07` for `7`).
pub fn read_count(text: &str) -> Result<usize, String> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    if !plain {
        return Err(format!("expected a count, found {}", quote(text)));
    }
    // Plain digits that do not parse can only be too many of them.
    text.parse().map_err(|_| format!("expected a count, found {}: out of range 0..={}", quote(text), usize::MAX))
}

/// Split contest output into the text of each answer and its line number, checking the `Case #x: ` prefixes are 1,
/// 2, 3, ...
pub fn read_answers<'a>(problem: &'static str, output: &'a str) -> Result<Vec<(usize, &'a str)>, ParseError> {
    let mut answers = Vec::new();
    for (i, line) in output.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        let prefix = format!("Case #{}: ", answers.len() + 1);
        let answer = line.strip_prefix(&prefix).ok_or_else(|| ParseError {
            problem,
            line: i + 1,
            message: format!("expected a line starting `{prefix}`, found {}", quote(line)),
        })?;
        answers.push((i + 1, answer));
    }
    Ok(answers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl std::fmt::Debug, ParseError>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn lines_skip_blanks_and_count_from_one() {
        let mut lines = Lines::new("hex", "\n  \n3 4 \r\n\nlast");
        assert_eq!(lines.next("a line").unwrap(), (3, "3 4"));
        assert_eq!(lines.next("a line").unwrap(), (5, "last"));
        assert_eq!(
            message(lines.next("a board row")),
            "hex input, line 6: expected a board row, found the end of the input"
        );
        let mut empty = Lines::new("hex", "");
        assert_eq!(message(empty.next("T")), "hex input, line 1: expected T, found the end of the input");
    }

    #[test]
    fn numbers_name_what_is_wrong_on_which_line() {
        let read = |text: &str| Lines::new("havannah", text).numbers(["S", "M"], [2..=10, 0..=5]);
        assert_eq!(read("\n 10   0 ").unwrap(), (2, [10, 0]));
        assert_eq!(read("2 5").unwrap(), (1, [2, 5]));
        assert_eq!(message(read("7")), "havannah input, line 1: expected `S M`, found `7`: M is missing");
        assert_eq!(message(read("\n7 x")), "havannah input, line 2: expected M to be a whole number, found `x`");
        assert_eq!(message(read("7 -1")), "havannah input, line 1: expected M to be a whole number, found `-1`");
        assert_eq!(message(read("1 3")), "havannah input, line 1: S = 1 is out of range 2..=10");
        assert_eq!(message(read("11 3")), "havannah input, line 1: S = 11 is out of range 2..=10");
        assert_eq!(message(read("7 6")), "havannah input, line 1: M = 6 is out of range 0..=5");
        assert_eq!(message(read("7 3 1")), "havannah input, line 1: expected `S M`, found extra `1` after it");
        assert_eq!(message(read("")), "havannah input, line 1: expected a line `S M`, found the end of the input");
    }

    /// The lines contest inputs are made of are read on the fast path, ranges inclusive, with the blank lines before
    /// them counted, and reading goes on at the next line.
    #[test]
    fn plain_lines_are_read_byte_by_byte() {
        let mut lines = Lines::new("havannah", "\n \t\r\n3 4\n  10\t 0 \r\n\x0b\x0c\n2 9999999999999999999");
        let ranges = [2..=10, 0..=u64::MAX];
        assert_eq!(lines.plain_numbers(&ranges), Some((3, [3, 4])));
        assert_eq!(lines.plain_numbers(&ranges), Some((4, [10, 0])));
        assert_eq!(lines.plain_numbers(&ranges), Some((6, [2, 9_999_999_999_999_999_999])));
        assert_eq!(lines.plain_numbers(&ranges), None);
        assert_eq!(message(lines.next("more")), "havannah input, line 7: expected more, found the end of the input");
    }

    /// Anything else is left to the general path, unread, whether it is wrong or merely unusual: it says what is
    /// wrong, or accepts what `split_whitespace` and `str::parse` accept.
    #[test]
    fn unusual_lines_are_left_to_the_general_path() {
        let ranges = [2..=10, 0..=u64::MAX];
        for text in [
            "",
            " \n ",
            "3",
            "3 ",
            "3 4 5",
            "3 x",
            "3x 4",
            "x",
            "1 4",
            "11 4",
            "+3 4",
            "-3 4",
            "3 4\u{a0}",
            "3\u{a0}4",
            "3 18446744073709551615",
            "3 99999999999999999999",
            "03 00000000000000000000004",
            "３ 4",
        ] {
            let mut lines = Lines::new("havannah", text);
            assert_eq!(lines.plain_numbers(&ranges), None, "{text:?}");
            assert_eq!((lines.rest, lines.last), (text, 0), "{text:?}");
        }
        let general = |text| Lines::new("havannah", text).numbers(["S", "M"], [2..=10, 0..=u64::MAX]);
        assert_eq!(general("+3 4"), Ok((1, [3, 4])));
        assert_eq!(general("3\u{a0}4\u{3000}"), Ok((1, [3, 4])));
        assert_eq!(general("03 00000000000000000000004"), Ok((1, [3, 4])));
        assert_eq!(general("3 18446744073709551615"), Ok((1, [3, u64::MAX])));
    }

    /// The fast path and the general one agree on what they both read: random inputs of words (numbers in and out
    /// of range, of 19 digits and more, with leading zeros, signs, letters) between random blanks (newlines and
    /// Unicode spaces among them), read line after line by [`Lines::numbers`] and by [`Lines::any_numbers`] alone,
    /// one, two or three numbers at a time under several ranges, give the same numbers or error and leave the same
    /// input behind at every step.
    #[test]
    fn plain_and_general_reading_agree() {
        /// One read of `K` numbers both ways; whether both went on without an error.
        fn agree<const K: usize>(
            both: &mut Lines,
            general: &mut Lines,
            ranges: [RangeInclusive<u64>; K],
            fast: &mut usize,
        ) -> bool {
            let names = ["a", "b", "c"][..K].try_into().unwrap();
            *fast += usize::from(both.clone().plain_numbers(&ranges).is_some());
            let read = both.numbers(names, ranges.clone());
            assert_eq!(read, general.any_numbers(names, ranges), "{:?}", general.rest);
            assert_eq!((both.rest, both.last), (general.rest, general.last));
            read.is_ok()
        }
        /// Two times in three one of the first `common` items, else any.
        fn pick<T: Clone>(next: &mut impl FnMut(usize) -> usize, list: &[T], common: usize) -> T {
            let n = if next(3) > 0 { common } else { list.len() };
            list[next(n)].clone()
        }
        let words = [
            "5",
            "77",
            "100",
            "0",
            "4",
            "99999",
            "101",
            "100000",
            "007",
            "9999999999999999999",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999",
            "0000000000000000000005",
            "+5",
            "-5",
            "5x",
            "x",
            "１",
        ];
        let blanks = [" ", "  ", "\t", "", "\r", "\n", "\r\n", "\n \n", "\x0b", "\x0c", "\u{a0}", " \u{3000}"];
        let ranges = [0..=100, 0..=u64::MAX, 4..=99_999, 1..=9_999_999_999_999_999_999, 5..=5, 0..=0];
        let mut next = {
            let mut state = 0x9E37_79B9_7F4A_7C15u64;
            move |n: usize| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % n as u64) as usize
            }
        };
        let mut fast = 0;
        for _ in 0..20_000 {
            // One to four reads of one to three numbers, and a line for each, most of them of as many words as the
            // read asks for, with blanks, words and ranges that the fast path takes most often: any of them may be
            // anything else, a blank may break a line or join two words, and a line may lack its line break.
            let reads: Vec<usize> = (0..1 + next(4)).map(|_| [1, 2, 2, 3][next(4)]).collect();
            let mut text = String::new();
            for &k in &reads {
                for _ in 0..if next(5) > 0 { k } else { next(5) } {
                    text.push_str(pick(&mut next, &blanks, 2));
                    text.push_str(pick(&mut next, &words, 5));
                }
                text.push_str(pick(&mut next, &blanks[3..], 2));
                text.push_str(pick(&mut next, &["\n", "\r\n", ""], 1));
            }
            let mut both = Lines::new("hex", &text);
            let mut general = Lines::new("hex", &text);
            for k in reads {
                let mut range = || pick(&mut next, &ranges, 2);
                let read_on = match k {
                    1 => agree(&mut both, &mut general, [range()], &mut fast),
                    2 => agree(&mut both, &mut general, [range(), range()], &mut fast),
                    _ => agree(&mut both, &mut general, [range(), range(), range()], &mut fast),
                };
                if !read_on {
                    break;
                }
            }
        }
        // Enough lines take the fast path for the comparison to mean something.
        assert!(fast > 5_000, "only {fast} lines were read on the fast path");
    }

    #[test]
    fn case_count_is_one_to_max() {
        assert_eq!(Lines::new("hex", "1").case_count(3).unwrap(), 1);
        assert_eq!(Lines::new("hex", "3").case_count(3).unwrap(), 3);
        assert_eq!(message(Lines::new("hex", "0").case_count(3)), "hex input, line 1: T = 0 is out of range 1..=3");
        assert_eq!(message(Lines::new("hex", "4").case_count(3)), "hex input, line 1: T = 4 is out of range 1..=3");
    }

    /// Input that starts with `head` and then repeats `tail` for ever, failing the test if more than `limit` bytes
    /// are asked of it: a reader that holds to its bound stops long before.
    struct Endless {
        head: Vec<u8>,
        tail: Vec<u8>,
        served: usize,
        limit: usize,
    }

    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            assert!(self.served <= self.limit, "read {} bytes of an endless input", self.served);
            let at = self.served;
            for (i, b) in buf.iter_mut().enumerate() {
                let k = at + i;
                *b =
                    if k < self.head.len() { self.head[k] } else { self.tail[(k - self.head.len()) % self.tail.len()] };
            }
            self.served += buf.len();
            Ok(buf.len())
        }
    }

    fn endless(head: &str, tail: &str) -> Endless {
        Endless { head: head.into(), tail: tail.into(), served: 0, limit: 64 * MAX_LINE }
    }

    fn hex_prefix(text: &str) -> Result<(), ParseError> {
        crate::hex::Hex::parse(text).map(drop)
    }

    fn read_hex(reader: &mut dyn std::io::Read) -> Result<String, String> {
        read_text("hex", reader, Some(&hex_prefix)).map_err(|e| e.to_string())
    }

    #[test]
    fn endless_junk_after_the_last_case_is_refused_at_its_line() {
        // `(echo 1; echo 2; yes BR) | gamecheck solve hex`: line 5 is the first that cannot belong.
        let message = read_hex(&mut endless("1\n2\n", "BR\n")).unwrap_err();
        assert!(message.starts_with("hex input, line 5: expected the end of the input"), "{message}");
        // Junk after many blank lines, some of them Unicode white space, is named at its own line.
        let blanks = "\n \t\r\n\u{2028}\n".repeat(40_000);
        let message = read_hex(&mut endless(&format!("1\n1\nB\n{blanks}"), "R\n")).unwrap_err();
        assert!(message.starts_with(&format!("hex input, line {}: expected the end", 4 + 3 * 40_000)), "{message}");
    }

    #[test]
    fn an_endless_line_is_refused_once_it_passes_the_longest_line() {
        let message = read_hex(&mut endless("1\n", "0")).unwrap_err();
        assert!(message.starts_with("hex input, line 2: the line is longer than"), "{message}");
        let mut zeros = endless("", "\0");
        assert!(read_hex(&mut zeros).unwrap_err().contains("line 1"));
        assert!(zeros.served <= MAX_LINE + 2 * CHUNK, "read {} bytes", zeros.served);
        // Without a parser, too: the line cap holds for any format.
        let message = read_text("order-chaos", &mut endless("X", "."), None).unwrap_err().to_string();
        assert!(message.contains("line 1: the line is longer than"), "{message}");
    }

    #[test]
    fn endless_cases_past_a_count_are_refused_without_reading_on() {
        // T = 2 and then boards for ever: the third case is junk, found in the first chunks.
        let mut input = endless("2\n", "1\nB\n");
        let message = read_hex(&mut input).unwrap_err();
        assert!(message.starts_with("hex input, line 6: expected the end of the input"), "{message}");
        // A case that is bad deep inside a large input is found within a growth step of it.
        let mut rows = endless("1\n2000\n", &format!("{}\n", "B".repeat(2000)));
        rows.limit = 4_000_000 * PARSE_GROWTH;
        let message = read_hex(&mut rows).unwrap_err();
        assert!(message.starts_with("hex input, line 2003: expected the end"), "{message}");
    }

    #[test]
    fn read_text_gives_back_a_valid_input_whole() {
        let board = format!("{}\n", "R.".repeat(500));
        let mut text = "3\n".to_string();
        for _ in 0..3 {
            text.push_str("1000\n");
            text.push_str(&board.repeat(1000));
        }
        assert!(text.len() > FIRST_PARSE * PARSE_GROWTH);
        assert!(read_hex(&mut text.as_bytes()).is_ok_and(|read| read == text));
        // Trailing blank lines are not kept once the cases are complete; the cases are the same.
        let padded = format!("{text}{}", "  \n".repeat(300_000));
        let read = read_hex(&mut padded.as_bytes()).expect("blank lines may follow the cases");
        assert!(read.trim_end() == text.trim_end());
        // An input that only ends too early is the caller's to refuse, with the parser's own message: nothing that
        // was read could not belong.
        let short = &text[..text.len() - board.len()];
        assert!(read_hex(&mut short.as_bytes()).is_ok_and(|read| read == short));
    }

    #[test]
    fn read_text_names_the_line_of_bytes_that_are_not_utf8() {
        let mut bytes = b"1\n3\nBBB\n".to_vec();
        bytes.extend_from_slice(b"R\xffR\n");
        let message = read_hex(&mut bytes.as_slice()).unwrap_err();
        assert_eq!(message, "hex input, line 4: expected UTF-8 text, found the byte 0xff at byte column 2");
        // In a later chunk of a large input, after the cases: still the line.
        let mut big = format!("1\n2\nBR\nRB\n{}", "\n".repeat(FIRST_PARSE * 2)).into_bytes();
        big.extend_from_slice(b"\xfe\n");
        let message = read_hex(&mut big.as_slice()).unwrap_err();
        assert!(message.starts_with(&format!("hex input, line {}: expected UTF-8", 5 + FIRST_PARSE * 2)), "{message}");
    }

    #[test]
    fn finish_allows_blank_lines_and_names_the_first_junk() {
        let mut lines = Lines::new("hex", "1\n\n \r\n");
        lines.next("T").unwrap();
        assert_eq!(lines.finish(1), Ok(()));
        let mut lines = Lines::new("hex", "1\n\n2 \nmore");
        lines.next("T").unwrap();
        assert_eq!(
            message(lines.finish(1)),
            "hex input, line 3: expected the end of the input after the 1 case(s) T announced, found `2`"
        );
    }

    #[test]
    fn answers_are_written_and_read_case_by_case() {
        assert_eq!(write_answers(["RED", "BLUE"]), "Case #1: RED\nCase #2: BLUE\n");
        assert_eq!(write_answers(Vec::<u32>::new()), "");
        assert_eq!(read_answers("hex", "Case #1: RED\n\nCase #2: 3 4 \r\n").unwrap(), vec![(1, "RED"), (3, "3 4")]);
        assert_eq!(
            message(read_answers("hex", "Case #1: RED\nCase #3: BLUE")),
            "hex input, line 2: expected a line starting `Case #2: `, found `Case #3: BLUE`"
        );
    }

    #[test]
    fn counts_are_plain_decimal() {
        for (text, count) in [("0", 0), ("7", 7), ("10", 10), ("18446744073709551615", usize::MAX)] {
            assert_eq!(read_count(text), Ok(count), "{text}");
        }
        for text in ["", "07", "00", "+7", "-7", "7 ", "1e3"] {
            assert_eq!(read_count(text), Err(format!("expected a count, found `{text}`")), "{text}");
        }
        assert_eq!(
            read_count("18446744073709551616"),
            Err("expected a count, found `18446744073709551616`: out of range 0..=18446744073709551615".to_string())
        );
    }

    #[test]
    fn quote_leaves_short_visible_text_as_it_is() {
        for text in ["", "3 4", "Case #1: RED", "é ü ✓", "it's \"so\"", &"7".repeat(SHOWN_WHOLE)] {
            assert_eq!(quote(text), format!("`{text}`"));
        }
    }

    #[test]
    fn quote_shows_invisible_characters() {
        let cases = [
            ("\u{feff}1", "`\\u{feff}1`"),
            ("a\0b", "`a\\0b`"),
            ("1\r", "`1\\r`"),
            ("1\t2\n", "`1\\t2\\n`"),
            ("1\u{a0}2", "`1\\u{a0}2`"),
            ("1\u{200b}2\u{3000}", "`1\\u{200b}2\\u{3000}`"),
            ("\u{7f}\u{1b}[0m", "`\\u{7f}\\u{1b}[0m`"),
            // A backslash in the input is doubled, so it cannot pass for an escape.
            ("\\0", "`\\\\0`"),
        ];
        for (text, shown) in cases {
            assert_eq!(quote(text), shown, "{text:?}");
        }
    }

    #[test]
    fn quote_cuts_long_text_to_its_start_and_byte_length() {
        let megabyte = "7".repeat(1 << 20);
        assert_eq!(quote(&megabyte), format!("`{}…` (1048576 bytes)", "7".repeat(SHOWN_START)));
        let just_over = "7".repeat(SHOWN_WHOLE + 1);
        assert_eq!(quote(&just_over), format!("`{}…` ({} bytes)", "7".repeat(SHOWN_START), SHOWN_WHOLE + 1));
        // Cut on whole characters and whole escapes, counting the bytes shown, not the characters.
        assert_eq!(quote(&"é".repeat(100)), format!("`{}…` (200 bytes)", "é".repeat(SHOWN_START / 2)));
        assert_eq!(quote(&"\0".repeat(100)), format!("`{}…` (100 bytes)", "\\0".repeat(SHOWN_START / 2)));
        assert_eq!(quote(&"\u{feff}".repeat(100)), format!("`{}…` (300 bytes)", "\\u{feff}".repeat(4)));
        assert_eq!(quote(&"ab\u{10ffff}".repeat(20)), format!("`{}ab…` (120 bytes)", "ab\\u{10ffff}".repeat(2)));
    }

    #[test]
    fn numbers_past_u64_are_out_of_range_not_words() {
        let read = |word: &str| read_number("T", word, 1..=100);
        assert_eq!(read("100"), Ok(100));
        assert_eq!(read("101"), Err("T = 101 is out of range 1..=100".to_string()));
        assert_eq!(read("18446744073709551615"), Err("T = 18446744073709551615 is out of range 1..=100".to_string()));
        assert_eq!(
            read("100000000000000000000000"),
            Err("T = `100000000000000000000000` is out of range 1..=100".to_string())
        );
        assert_eq!(
            read(&"9".repeat(1 << 20)),
            Err(format!("T = `{}…` (1048576 bytes) is out of range 1..=100", "9".repeat(SHOWN_START)))
        );
        for word in ["x", "-1", "1e3", "1.0", "\u{feff}1", "１"] {
            assert_eq!(read(word), Err(format!("expected T to be a whole number, found {}", quote(word))), "{word}");
        }
        assert_eq!(
            message(Lines::new("hex", "\u{feff}3").case_count(5)),
            "hex input, line 1: expected T to be a whole number, found `\\u{feff}3`"
        );
    }

    #[test]
    fn text_names_the_line_and_column_of_the_first_byte_that_is_not_utf8() {
        assert_eq!(text("hex", "1\n2\nBé\n".as_bytes()), Ok("1\n2\nBé\n"));
        let error = |bytes: &[u8]| text("hex", bytes).unwrap_err();
        assert_eq!(
            error(b"1\n2\nB\xffR\n").to_string(),
            "hex input, line 3: expected UTF-8 text, found the byte 0xff at byte column 2"
        );
        assert_eq!(
            error(b"\xff").to_string(),
            "hex input, line 1: expected UTF-8 text, found the byte 0xff at byte column 1"
        );
        // After the two bytes of `é`, the column counts bytes: the bad 0xc3 is the third byte of line 2.
        assert_eq!(
            error(b"1\n\xc3\xa9\xc3(").to_string(),
            "hex input, line 2: expected UTF-8 text, found the byte 0xc3 at byte column 3"
        );
        // Input that ends inside a character: all of what is there.
        assert_eq!(
            error(b"1\n\n\xe2\x82").to_string(),
            "hex input, line 3: expected UTF-8 text, found the bytes 0xe2 0x82 at byte column 1"
        );
    }
}

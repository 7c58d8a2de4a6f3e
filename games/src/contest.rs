//! Reading and writing the contest formats, shared by every problem: line-numbered errors, case headers, output.

use std::fmt::Display;

/// Bad contest input: which problem, which line (1-based; one past the last line for a truncated file), and what
/// was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{problem} input, line {line}: {message}")]
pub struct ParseError {
    pub problem: &'static str,
    pub line: usize,
    pub message: String,
}

/// The lines of a contest input, numbered, with blank lines skipped and trailing white space (and `\r`) ignored.
pub struct Lines<'a> {
    problem: &'static str,
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    last: usize,
}

impl<'a> Lines<'a> {
    pub fn new(problem: &'static str, input: &'a str) -> Lines<'a> {
        Lines { problem, lines: input.lines().enumerate().peekable(), last: 0 }
    }

    pub fn error(&self, line: usize, message: impl Into<String>) -> ParseError {
        ParseError { problem: self.problem, line, message: message.into() }
    }

    /// The next non-blank line and its number, or an error saying what was missing.
    pub fn next(&mut self, expected: impl Display) -> Result<(usize, &'a str), ParseError> {
        for (i, line) in self.lines.by_ref() {
            self.last = i + 1;
            let line = line.trim_end();
            if !line.is_empty() {
                return Ok((i + 1, line));
            }
        }
        Err(self.error(self.last + 1, format!("expected {expected}, found the end of the input")))
    }

    /// The next line as exactly `K` whitespace-separated integers within their ranges.
    pub fn numbers<const K: usize>(
        &mut self,
        names: [&str; K],
        ranges: [std::ops::RangeInclusive<u64>; K],
    ) -> Result<(usize, [u64; K]), ParseError> {
        let expected = names.join(" ");
        let (line, text) = self.next(format_args!("a line `{expected}`"))?;
        let mut words = text.split_whitespace();
        let mut out = [0u64; K];
        for k in 0..K {
            let word = words.next().ok_or_else(|| {
                self.error(line, format!("expected `{expected}`, found `{text}`: {} is missing", names[k]))
            })?;
            let value: u64 = word
                .parse()
                .map_err(|_| self.error(line, format!("expected {} to be a whole number, found `{word}`", names[k])))?;
            if !ranges[k].contains(&value) {
                return Err(self.error(
                    line,
                    format!("{} = {value} is out of range {}..={}", names[k], ranges[k].start(), ranges[k].end()),
                ));
            }
            out[k] = value;
        }
        if let Some(extra) = words.next() {
            return Err(self.error(line, format!("expected `{expected}`, found extra `{extra}` after it")));
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
        match self.lines.by_ref().map(|(i, l)| (i + 1, l.trim_end())).find(|(_, l)| !l.is_empty()) {
            None => Ok(()),
            Some((line, text)) => Err(self.error(
                line,
                format!("expected the end of the input after the {cases} case(s) T announced, found `{text}`"),
            )),
        }
    }
}

/// Contest output: `Case #1: ...`, one line per answer.
pub fn write_answers<A: Display>(answers: impl IntoIterator<Item = A>) -> String {
    answers.into_iter().enumerate().map(|(i, a)| format!("Case #{}: {a}\n", i + 1)).collect()
}

/// A count in contest output: decimal digits, no sign, no leading zero (a judge comparing tokens would not accept
/// `07` for `7`).
pub fn read_count(text: &str) -> Result<usize, String> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    plain.then(|| text.parse().ok()).flatten().ok_or_else(|| format!("expected a count, found `{text}`"))
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
            message: format!("expected a line starting `{prefix}`, found `{line}`"),
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

    #[test]
    fn case_count_is_one_to_max() {
        assert_eq!(Lines::new("hex", "1").case_count(3).unwrap(), 1);
        assert_eq!(Lines::new("hex", "3").case_count(3).unwrap(), 3);
        assert_eq!(message(Lines::new("hex", "0").case_count(3)), "hex input, line 1: T = 0 is out of range 1..=3");
        assert_eq!(message(Lines::new("hex", "4").case_count(3)), "hex input, line 1: T = 4 is out of range 1..=3");
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
        for text in ["", "07", "00", "+7", "-7", "7 ", "1e3", "18446744073709551616"] {
            assert_eq!(read_count(text), Err(format!("expected a count, found `{text}`")), "{text}");
        }
    }
}

//! Ranges of a problem's size knob: what the contest allows, what a run draws.

/// An inclusive range of board sizes a generator may draw from (N for Hex, S for Havannah, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub min: usize,
    pub max: usize,
}

impl Sizes {
    pub const fn new(min: usize, max: usize) -> Sizes {
        Sizes { min, max }
    }

    /// Clamp to the limits a problem accepts, keeping `min <= max`.
    pub fn clamp(self, lo: usize, hi: usize) -> Sizes {
        let min = self.min.clamp(lo, hi);
        Sizes { min, max: self.max.clamp(min, hi) }
    }
}

impl std::str::FromStr for Sizes {
    type Err = String;

    /// `7` or `3..12` or `3..=12` (both inclusive).
    fn from_str(s: &str) -> Result<Sizes, String> {
        let bad = || format!("expected a size like `7` or `3..12`, found `{s}`");
        let (lo, hi) = match s.split_once("..") {
            None => (s, s),
            Some((lo, hi)) => (lo, hi.strip_prefix('=').unwrap_or(hi)),
        };
        let min: usize = lo.trim().parse().map_err(|_| bad())?;
        let max: usize = hi.trim().parse().map_err(|_| bad())?;
        if min > max {
            return Err(format!("size range `{s}` is empty"));
        }
        Ok(Sizes { min, max })
    }
}

impl std::fmt::Display for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max { write!(f, "{}", self.min) } else { write!(f, "{}..{}", self.min, self.max) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_print_and_clamp() {
        for (text, min, max, printed) in
            [("7", 7, 7, "7"), ("3..12", 3, 12, "3..12"), ("3..=12", 3, 12, "3..12"), (" 3 ..= 3 ", 3, 3, "3")]
        {
            let sizes: Sizes = text.parse().unwrap();
            assert_eq!(sizes, Sizes::new(min, max), "{text}");
            assert_eq!(sizes.to_string(), printed);
        }
        assert_eq!("12..3".parse::<Sizes>(), Err("size range `12..3` is empty".to_string()));
        for text in ["", "x", "3..", "..3", "3..x", "-1"] {
            assert_eq!(text.parse::<Sizes>(), Err(format!("expected a size like `7` or `3..12`, found `{text}`")));
        }
        assert_eq!(Sizes::new(1, 40).clamp(2, 30), Sizes::new(2, 30));
        assert_eq!(Sizes::new(5, 9).clamp(2, 30), Sizes::new(5, 9));
        assert_eq!(Sizes::new(40, 50).clamp(2, 30), Sizes::new(30, 30));
        assert_eq!(Sizes::new(0, 1).clamp(2, 30), Sizes::new(2, 2));
    }
}

//! Cases drawn as SVG, each problem in its own geometry: `gamecheck draw`, and the failures of a `--report`.
//!
//! One module per problem, each the same shape: it implements [`Picture`] for the problem's case type (Hex's
//! rhombus of hexagons, Havannah's hexagon of side S, Inventor Outlasting's grid of spots, Adjacent and
//! Consecutive's row of cells, Order and Chaos's 6×6 board), so whoever knows where Hex is drawn knows where
//! Havannah is. The markup is written with maud, the crate that also writes the report's HTML: an SVG element reads
//! as the SVG it makes, text is escaped, and every element is closed with `{}` so the drawing is well-formed XML as a
//! file of its own and well-formed foreign content inline in HTML.
//!
//! A case too large to read as a picture (Hex past N = 50, Havannah past S = 30, ...) is not drawn: its panel says
//! so, with the limit. A whole drawing holds at most [`MAX_AREA`] of panels; cases past that are named in a last
//! note instead of drawn. So no input makes a gigantic SVG, and memory holds one case's drawing at a time besides
//! the parsed input.

pub mod adjacent_consecutive;
pub mod havannah;
pub mod hex;
pub mod inventor_outlasting;
pub mod order_chaos;

use std::fmt;
use std::io::{self, Write};

use maud::{Markup, Render, html};

/// A case drawn in its own geometry.
pub trait Picture {
    /// The drawing's width and height in pixels, or why the case is not drawn (too large to read). Cheap: the layout
    /// asks every case before any is drawn.
    fn extent(&self) -> Result<(f64, f64), String>;
    /// The drawing: SVG elements within `(0, 0)..extent`, only asked when [`Picture::extent`] is `Ok`.
    fn draw(&self) -> Markup;
}

/// The most one drawing holds, in square pixels of panels (about 30 full-screen pages); past it the remaining
/// cases are named, not drawn.
pub const MAX_AREA: f64 = 60_000_000.0;
/// How wide a row of panels may grow before the next panel starts a new row.
const ROW_WIDTH: f64 = 1100.0;
const GAP: f64 = 24.0;
const CAPTION: f64 = 16.0;
/// The caption's line height, and the longest caption shown whole.
const CAPTION_LINE: f64 = 24.0;
const CAPTION_CHARS: usize = 100;

/// A pixel coordinate or length as SVG attributes take it: at most one decimal, no `-0`.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Px(pub f64);

impl fmt::Display for Px {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round();
        if tenths == 0.0 {
            f.write_str("0")
        } else if tenths % 10.0 == 0.0 {
            write!(f, "{}", tenths / 10.0)
        } else {
            write!(f, "{:.1}", tenths / 10.0)
        }
    }
}

impl Render for Px {
    fn render_to(&self, buffer: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(buffer, "{self}");
    }
}

/// A polygon's or polyline's `points`.
pub fn points(corners: impl IntoIterator<Item = (f64, f64)>) -> String {
    let mut out = String::new();
    for (x, y) in corners {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format!("{},{}", Px(x), Px(y)));
    }
    out
}

/// Text as wide as the layout reckons it: a sans-serif digit or letter is about 0.6 of the font size.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// The six corners of a hexagon with one corner pointing up, centre `(x, y)`, corner radius `r`: top, upper right,
/// lower right, bottom, lower left, upper left.
pub fn hexagon(x: f64, y: f64, r: f64) -> [(f64, f64); 6] {
    let w = r * 3f64.sqrt() / 2.0;
    [(x, y - r), (x + w, y - r / 2.0), (x + w, y + r / 2.0), (x, y + r), (x - w, y + r / 2.0), (x - w, y - r / 2.0)]
}

/// The line of text under a drawing: runs of plain text, and runs in a colour (bold) that name what the colour
/// stands for. Its width counts in the drawing's extent, so it is never cut off.
pub struct Legend(pub Vec<(String, Option<&'static str>)>);

impl Legend {
    const SIZE: f64 = 12.0;
    /// Its height under the drawing.
    pub const HEIGHT: f64 = 26.0;

    pub fn width(&self) -> f64 {
        self.0.iter().map(|(text, _)| text_width(text, Self::SIZE)).sum::<f64>() + 12.0
    }

    /// The legend on the last line of a drawing `height` high.
    pub fn draw(&self, height: f64) -> Markup {
        html! {
            text x="4" y=(Px(height - 8.0)) font-size=(Px(Self::SIZE)) fill="#333333" {
                @for (text, colour) in &self.0 {
                    @match colour {
                        Some(colour) => tspan fill=(colour) font-weight="bold" { (text) },
                        None => (text),
                    }
                }
            }
        }
    }
}

/// Plain text of a [`Legend`].
pub fn plain(text: impl Into<String>) -> (String, Option<&'static str>) {
    (text.into(), None)
}

/// Coloured text of a [`Legend`].
pub fn coloured(text: impl Into<String>, colour: &'static str) -> (String, Option<&'static str>) {
    (text.into(), Some(colour))
}

/// Text centred on `(x, y)`.
pub fn label(x: f64, y: f64, size: f64, fill: &str, text: impl Render) -> Markup {
    html! {
        text x=(Px(x)) y=(Px(y)) font-size=(Px(size)) fill=(fill) text-anchor="middle" dominant-baseline="central" {
            (text)
        }
    }
}

/// One panel of a drawing: a caption over a case, or over a note saying why the case is not drawn.
struct Panel {
    caption: String,
    /// Where the drawing sits, and its size; `Err` holds the note.
    extent: Result<(f64, f64), String>,
    x: f64,
    y: f64,
}

impl Panel {
    fn size(&self) -> (f64, f64) {
        let caption = if self.caption.is_empty() { 0.0 } else { CAPTION_LINE };
        let (w, h) = match &self.extent {
            Ok(size) => *size,
            Err(note) => (text_width(note, 13.0) + 8.0, 22.0),
        };
        (w.max(text_width(&self.caption, CAPTION) * 1.05), h + caption)
    }
}

/// A caption as shown: at most [`CAPTION_CHARS`] characters, the rest cut with `…`.
fn caption(text: String) -> String {
    match text.char_indices().nth(CAPTION_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// Writes `cases` as one SVG document, each case a panel under `caption(i)` (an empty caption shows none), panels
/// laid out in rows. Every case's extent is asked first for the layout; then each case is drawn and written in
/// turn, so memory holds one drawing at a time.
pub fn write_document<C: Picture>(
    cases: &[C],
    mut caption_of: impl FnMut(usize) -> String,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (mut x, mut y, mut row_height, mut width, mut area) = (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0);
    let mut panels = Vec::new();
    let mut place = |panel: &mut Panel| {
        let (w, h) = panel.size();
        if x > 0.0 && x + w > ROW_WIDTH {
            (x, y, row_height) = (0.0, y + row_height + GAP, 0.0);
        }
        (panel.x, panel.y) = (x, y);
        x += w + GAP;
        row_height = row_height.max(h);
        width = width.max(panel.x + w);
    };
    let mut left_out = None;
    for (i, case) in cases.iter().enumerate() {
        let mut panel = Panel { caption: caption(caption_of(i)), extent: case.extent(), x: 0.0, y: 0.0 };
        let (w, h) = panel.size();
        if area + w * h > MAX_AREA && !panels.is_empty() {
            left_out = Some(i);
            break;
        }
        area += w * h;
        place(&mut panel);
        panels.push(panel);
    }
    let note = left_out.map(|i| {
        let mut panel = Panel {
            caption: String::new(),
            extent: Err(format!(
                "cases {} to {} are not drawn: one drawing holds at most {} million square pixels of boards",
                i + 1,
                cases.len(),
                MAX_AREA / 1e6
            )),
            x: 0.0,
            y: 0.0,
        };
        place(&mut panel);
        panel
    });
    let height = y + row_height;
    let (width, height) = (width.max(1.0), height.max(1.0));
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = Px(width),
        h = Px(height)
    )?;
    writeln!(out, r##"<rect width="100%" height="100%" fill="#ffffff"></rect>"##)?;
    let drawn = panels.iter().zip(cases.iter().map(Some)).chain(note.iter().map(|note| (note, None)));
    for (panel, case) in drawn {
        writeln!(out, "{}", panel_markup(panel, case).into_string())?;
    }
    writeln!(out, "</svg>")?;
    out.flush()
}

fn panel_markup<C: Picture>(panel: &Panel, case: Option<&C>) -> Markup {
    let top = if panel.caption.is_empty() { 0.0 } else { CAPTION_LINE };
    html! {
        g class=(if case.is_some() { "case" } else { "omitted" })
            transform=(format!("translate({},{})", Px(panel.x), Px(panel.y))) {
            @if !panel.caption.is_empty() {
                text class="caption" x="0" y=(Px(CAPTION)) font-size=(Px(CAPTION)) font-weight="bold" fill="#222222" {
                    (panel.caption)
                }
            }
            @match (&panel.extent, case) {
                (Ok((w, h)), Some(case)) => svg x="0" y=(Px(top)) width=(Px(*w)) height=(Px(*h))
                    viewBox=(format!("0 0 {} {}", Px(*w), Px(*h))) {
                    (case.draw())
                },
                (Err(note), _) => text class="note" x="4" y=(Px(top + 15.0)) font-size="13" fill="#8a4b00" font-style="italic" {
                    (note)
                },
                (Ok(_), None) => {},
            }
        }
    }
}

/// [`write_document`] into a string.
pub fn document<C: Picture>(cases: &[C], caption_of: impl FnMut(usize) -> String) -> String {
    let mut out = Vec::new();
    write_document(cases, caption_of, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("maud writes text")
}

//! `check --report DIR` and `stress --report DIR`: one self-contained page, `DIR/index.html`, for a person to read
//! after a run. It holds the run's summary table, every failure with its minimal case drawn in its geometry (see
//! [`crate::draw`]), both answers and the command that reproduces it, and per problem the answer distribution as
//! bars and the time per case against case size as a chart.
//!
//! Nothing is fetched when the page is opened: no script, no font, no stylesheet from elsewhere; the style is
//! inline and every picture is inline SVG. The HTML is written with maud (escaped, and well-formed by
//! construction), the charts with plotters' SVG backend. A page is first built as a [`Page`] from the run's
//! summaries, so what it shows can be checked apart from how it is written.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use maud::{DOCTYPE, Markup, PreEscaped, html};
use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{SegmentValue, ValueFormatter};
use plotters::prelude::*;

use crate::check::{Bucket, Summary, shrunk_how};
use crate::registry::Engine;
use crate::stress::{StressSummary, shown};
use crate::stress_any::AnySummary;

/// What a report shows, built from a run's summaries.
#[derive(Clone, Debug)]
pub struct Page {
    /// `gamecheck check` or `gamecheck stress PROBLEM`.
    pub title: String,
    /// The command line of the run.
    pub command: String,
    pub passed: bool,
    /// One line on the whole run.
    pub verdict: String,
    pub header: Vec<&'static str>,
    pub rows: Vec<Row>,
    pub failures: Vec<Failed>,
    pub problems: Vec<ProblemPart>,
    /// Lines of the run that belong to no row, such as a proof's.
    pub notes: Vec<String>,
}

/// A row of the summary table.
#[derive(Clone, Debug)]
pub struct Row {
    pub cells: Vec<String>,
    pub failed: bool,
}

/// A failure as the report shows it.
#[derive(Clone, Debug)]
pub struct Failed {
    pub problem: String,
    pub heading: String,
    /// The minimal case drawn, an SVG document; `None` where nothing can be drawn.
    pub drawing: Option<String>,
    /// Whose answer and what it was: solver and oracle, or ours and the program's.
    pub answers: Vec<(String, String)>,
    /// Labelled blocks of text: the minimal input, the program's standard error.
    pub texts: Vec<(String, String)>,
    pub reproduce: Option<String>,
}

/// One problem's charts.
#[derive(Clone, Debug)]
pub struct ProblemPart {
    pub name: String,
    /// How often each kind of answer came up, over all of the problem's rows.
    pub answers: BTreeMap<String, u64>,
    /// Time against size, from all of the problem's rows.
    pub timing: Vec<Bucket>,
    /// What the two times of [`Bucket`] are: `["solver", "oracle"]` or `["program", "our solver"]`.
    pub engines: [&'static str; 2],
    /// What a case's size counts (`N`, `S`, `spots`).
    pub knob: String,
}

impl ProblemPart {
    /// The anchor of the problem's section.
    pub fn id(&self) -> String {
        format!("problem-{}", self.name)
    }
}

/// What went wrong in an interactive problem's `check`: the problem, its report as printed, and the game drawn.
pub type GameFailure = (&'static str, String, Option<String>);

/// A check run's page: `summaries` as the terminal table shows them, `proofs` as printed, and the failures of
/// interactive problems.
pub fn check_page(command: &str, summaries: &[Summary], proofs: &[String], game_failures: &[GameFailure]) -> Page {
    let rows = summaries
        .iter()
        .map(|s| {
            let answers: Vec<String> =
                s.answers.iter().map(|(kind, &n)| format!("{kind}: {n} ({})", share(n, s.checked))).collect();
            let agree = if s.failure.is_some() { format!("{} FAILED", s.agreed) } else { s.agreed.to_string() };
            Row {
                cells: vec![
                    s.problem.to_string(),
                    s.seed.to_string(),
                    format!("{}..{}", s.from, s.from + s.checked),
                    s.sizes.to_string(),
                    agree,
                    answers.join("\n"),
                    millis(s.solver_time),
                    millis(s.oracle_time),
                ],
                failed: s.failure.is_some(),
            }
        })
        .collect();
    let mut failures: Vec<Failed> = game_failures
        .iter()
        .map(|(problem, report, drawing)| {
            let (heading, rest) = report.split_once('\n').unwrap_or((report, ""));
            let heading = heading.trim_end_matches(':');
            Failed {
                problem: problem.to_string(),
                heading: if heading.starts_with(problem) {
                    heading.to_string()
                } else {
                    format!("{problem}: {heading}")
                },
                drawing: drawing.clone(),
                answers: Vec::new(),
                texts: vec![("the report".to_string(), rest.to_string())],
                reproduce: None,
            }
        })
        .collect();
    for s in summaries {
        let Some(f) = &s.failure else { continue };
        failures.push(Failed {
            problem: s.problem.to_string(),
            heading: format!(
                "{}: solver and oracle disagree on case {} ({})",
                s.problem,
                f.index,
                shrunk_how(f.shrink_complete, f.shrink_steps, f.minimal_size, f.shrink_time)
            ),
            drawing: Some(f.drawing.clone()),
            answers: vec![("solver".into(), f.solver.clone()), ("oracle".into(), f.oracle.clone())],
            texts: vec![("minimal input".into(), shown(&f.minimal, 0, false))],
            reproduce: Some(f.command.clone()),
        });
    }
    let mut problems: Vec<ProblemPart> = Vec::new();
    for s in summaries {
        let part = match problems.iter_mut().find(|p| p.name == s.problem) {
            Some(part) => part,
            None => {
                problems.push(ProblemPart {
                    name: s.problem.to_string(),
                    answers: BTreeMap::new(),
                    timing: Vec::new(),
                    engines: ["solver", "oracle"],
                    knob: knob(s.problem),
                });
                problems.last_mut().expect("just pushed")
            }
        };
        for (kind, n) in &s.answers {
            *part.answers.entry(kind.clone()).or_default() += n;
        }
        part.timing.extend(s.timing.buckets().copied());
        part.timing.sort_by_key(|b| b.sizes);
    }
    let cases: u64 = summaries.iter().map(|s| s.checked).sum();
    let mut failed: Vec<&str> = failures.iter().map(|f| f.problem.as_str()).collect();
    failed.dedup();
    let verdict = if failed.is_empty() {
        format!("Passed: solver and oracle agree on all {cases} cases of {} problem(s).", problems.len())
    } else {
        format!("Failed: {} ({cases} cases run).", failed.join(", "))
    };
    Page {
        title: "gamecheck check".into(),
        command: command.into(),
        passed: failures.is_empty(),
        verdict,
        header: vec!["problem", "seed", "cases", "sizes", "agree", "answers", "solver", "oracle"],
        rows,
        failures,
        problems,
        notes: proofs.to_vec(),
    }
}

/// A stress run's page.
pub fn stress_page(command: &str, s: &StressSummary) -> Page {
    let ours = |against| match against {
        Engine::Solver => "our solver",
        Engine::Oracle => "our oracle",
    };
    let against = s.failure.as_ref().map_or("our solver", |f| ours(f.against));
    let program_time: Duration = s.timing.buckets().map(|b| b.tested).sum();
    let our_time: Duration = s.timing.buckets().map(|b| b.reference).sum();
    let row = Row {
        cells: vec![
            s.problem.to_string(),
            s.seed.to_string(),
            format!("{}..{}", s.from, s.from + s.checked),
            s.sizes.to_string(),
            if s.failure.is_some() { format!("{} FAILED", s.passed) } else { s.passed.to_string() },
            millis(program_time.max(s.program_time)),
            millis(our_time),
        ],
        failed: s.failure.is_some(),
    };
    let failures = s
        .failure
        .iter()
        .map(|f| {
            let shrunk = if f.batch_only {
                "no case of the batch fails alone, so the whole batch is shown, not shrunk".to_string()
            } else {
                shrunk_how(f.shrink_complete, f.shrink_steps, f.minimal_size, f.shrink_time)
            };
            let mut texts = vec![("minimal input".to_string(), shown(&f.minimal, 0, false))];
            if !f.fault.stderr.is_empty() {
                texts.push(("program standard error (start)".into(), f.fault.stderr.clone()));
            }
            Failed {
                problem: s.problem.to_string(),
                heading: format!(
                    "{}: the program fails on case {}: {} ({shrunk}): {}",
                    s.problem, f.index, f.fault.kind, f.fault.message
                ),
                drawing: Some(f.drawing.clone()),
                answers: vec![
                    (format!("expected ({})", ours(f.against)), f.expected.clone()),
                    ("program output".into(), f.fault.output.clone()),
                ],
                texts,
                reproduce: Some(f.command.clone()),
            }
        })
        .collect::<Vec<_>>();
    let verdict = match &s.failure {
        None => format!("Passed: the program matched {against} on all {} cases.", s.checked),
        Some(f) => format!("Failed: {} on case {} after {} passed.", f.fault.kind, f.index, s.passed),
    };
    Page {
        title: format!("gamecheck stress {}", s.problem),
        command: command.into(),
        passed: s.failure.is_none(),
        verdict,
        header: vec!["problem", "seed", "cases", "sizes", "passed", "program", against],
        rows: vec![row],
        failures,
        problems: vec![ProblemPart {
            name: s.problem.to_string(),
            answers: s.answers.clone(),
            timing: s.timing.buckets().copied().collect(),
            engines: ["program", against],
            knob: knob(s.problem),
        }],
        notes: Vec::new(),
    }
}

/// The page of a `stress --generator` run: the run's row and, for a failure, the smallest failing input, the
/// reference's and the program's outputs, the choice bytes that make it and the command that runs it again. No
/// charts: a generator's cases have no size gamecheck knows.
pub fn any_page(command: &str, s: &AnySummary) -> Page {
    let cases = match &s.cases {
        Some(_) => format!("{}..{}", s.from, s.from + s.checked),
        None => "the choices given".to_string(),
    };
    let row = Row {
        cells: vec![
            s.seed.to_string(),
            cases,
            if s.failure.is_some() { format!("{} FAILED", s.passed) } else { s.passed.to_string() },
            millis(s.program_time),
        ],
        failed: s.failure.is_some(),
    };
    let failures = s
        .failure
        .iter()
        .map(|f| {
            let case = crate::stress_any::case_name(f.index);
            let shrunk = match &f.shrunk {
                Some(how) => format!(
                    "{} in {} step(s), {} tried, {:.1} s: input {} → {}",
                    if how.complete { "shrunk" } else { "shrinking stopped at its budget" },
                    how.steps,
                    how.tried,
                    how.time.as_secs_f64(),
                    crate::stress_any::size(&f.found_input),
                    crate::stress_any::size(&f.input)
                ),
                None => "not shrunk".to_string(),
            };
            // As the terminal's report names it: a case given with --choices, or one that cannot shrink, is as found.
            let label = if f.shrunk.is_some() { "minimal input" } else { "failing input" };
            let mut texts = vec![(label.to_string(), shown(&String::from_utf8_lossy(&f.input), 0, false))];
            if f.notice.is_none() {
                texts.push((format!("choice bytes ({}, hex)", f.choices.len()), crate::stress_any::hex(&f.choices)));
            }
            if let Some(notice) = &f.notice {
                texts.push(("note".into(), notice.clone()));
            }
            if !f.fault.stderr.is_empty() {
                texts.push(("program standard error (start)".into(), f.fault.stderr.clone()));
            }
            Failed {
                problem: "stress --generator".into(),
                heading: format!("the program fails on {case}: {} ({shrunk}): {}", f.fault.kind, f.fault.message),
                drawing: None,
                answers: vec![
                    ("expected (reference)".into(), shown(&String::from_utf8_lossy(&f.answer), 0, false)),
                    ("program output".into(), f.fault.output.clone()),
                ],
                texts,
                reproduce: Some(f.command.clone()),
            }
        })
        .collect::<Vec<_>>();
    let verdict = match &s.failure {
        None => format!("Passed: the program matched the reference on all {} cases.", s.checked),
        Some(f) => {
            format!("Failed: {} on {} after {} passed.", f.fault.kind, crate::stress_any::case_name(f.index), s.passed)
        }
    };
    Page {
        title: "gamecheck stress --generator".into(),
        command: command.into(),
        passed: s.failure.is_none(),
        verdict,
        header: vec!["seed", "cases", "passed", "program"],
        rows: vec![row],
        failures,
        problems: Vec::new(),
        notes: Vec::new(),
    }
}

/// Writes `page` as `DIR/index.html`, making DIR if need be. Returns the path written.
/// The page is written to a new file beside `index.html` and renamed over it, so a symbolic link at
/// `DIR/index.html` is replaced, never followed to a file outside DIR, and a reader never sees half a page.
pub fn write(dir: &Path, page: &Page) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join("index.html");
    let partial = dir.join(format!(".index.html.{}.partial", std::process::id()));
    // `create_new` refuses whatever is already there, a link included, instead of opening through it.
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&partial)
        .and_then(|mut file| io::Write::write_all(&mut file, html(page).into_string().as_bytes()))
        .and_then(|()| std::fs::rename(&partial, &path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written.map(|()| path)
}

/// What sizes count for a registered problem; `size` for any other.
fn knob(problem: &str) -> String {
    crate::registry::find(problem).map_or("size", |p| p.oracle_reach().knob).to_string()
}

fn cases(n: u64) -> String {
    if n == 1 { "1 case".into() } else { format!("{n} cases") }
}

fn share(n: u64, of: u64) -> String {
    format!("{:.1}%", 100.0 * n as f64 / of.max(1) as f64)
}

fn millis(time: Duration) -> String {
    format!("{:.1} ms", time.as_secs_f64() * 1e3)
}

const STYLE: &str = "
body { font-family: sans-serif; margin: 24px auto; max-width: 1180px; padding: 0 16px; color: #222; }
h1 { margin-bottom: 4px; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 36px; }
code, pre { font-family: monospace; }
pre { background: #f6f6f3; border: 1px solid #e2e0da; padding: 8px 10px; overflow-x: auto; max-height: 24em; }
.verdict { font-size: 1.15em; font-weight: bold; padding: 8px 12px; border-radius: 4px; }
.verdict.passed { background: #e3f4e1; color: #1f6b2a; }
.verdict.failed { background: #fbe3e1; color: #9b1c14; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d4d1c9; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f1efe9; }
td { white-space: pre-line; }
tr.failed td { background: #fdf0ee; }
td.number { text-align: right; }
.failure { border-left: 5px solid #c0392b; padding: 4px 0 8px 16px; margin: 20px 0; }
.failure h3 { color: #9b1c14; }
.drawing { overflow-x: auto; margin: 8px 0; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.note { color: #666; font-style: italic; }
";

/// The page as HTML.
pub fn html(page: &Page) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (page.title) ": " (if page.passed { "passed" } else { "FAILED" }) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { (page.title) }
                p class=(if page.passed { "verdict passed" } else { "verdict failed" }) { (page.verdict) }
                p { "Run: " code { (page.command) } }
                h2 id="summary" { "Summary" }
                table class="summary" {
                    thead { tr { @for h in &page.header { th { (h) } } } }
                    tbody {
                        @for row in &page.rows {
                            tr class=[row.failed.then_some("failed")] {
                                @for cell in &row.cells { td { (cell) } }
                            }
                        }
                    }
                }
                @for note in &page.notes { p { (note) } }
                @if !page.failures.is_empty() {
                    h2 id="failures" { "Failures" }
                    @for (i, failure) in page.failures.iter().enumerate() {
                        (failed(i, failure))
                    }
                }
                @if !page.problems.is_empty() {
                    h2 id="problems" { "Answers and times" }
                }
                @for part in &page.problems {
                    section class="problem" id=(part.id()) {
                        h3 { (part.name) }
                        div class="charts" {
                            (answer_bars(&part.answers))
                            (time_chart(&part.timing, part.engines, &part.knob))
                        }
                    }
                }
            }
        }
    }
}

fn failed(i: usize, failure: &Failed) -> Markup {
    html! {
        section class="failure" id=(format!("failure-{}", i + 1)) {
            h3 { (failure.heading) }
            @if let Some(drawing) = &failure.drawing {
                div class="drawing" { (PreEscaped(drawing)) }
            }
            @if !failure.answers.is_empty() {
                table class="answers" {
                    @for (who, answer) in &failure.answers {
                        tr { th { (who) } td { code { (answer) } } }
                    }
                }
            }
            @for (label, text) in &failure.texts {
                h4 { (label) }
                pre { (text) }
            }
            @if let Some(command) = &failure.reproduce {
                h4 { "reproduce" }
                pre class="reproduce" { (command) }
            }
        }
    }
}

/// What plotters' errors become: the chart is replaced by a note, never the whole report lost.
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// An SVG chart of `size` pixels drawn by `draw`, or a note saying why not.
fn chart(size: (u32, u32), draw: impl FnOnce(DrawingArea<SVGBackend, plotters::coord::Shift>) -> Drawn) -> Markup {
    let mut svg = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(root)
    };
    match drawn {
        Ok(()) => html! { div class="chart" { (PreEscaped(svg)) } },
        Err(e) => html! { p class="note" { "chart not drawn: " (e.to_string()) } },
    }
}

const TESTED: RGBColor = RGBColor(0xd1, 0x34, 0x2f);
const REFERENCE: RGBColor = RGBColor(0x2a, 0x62, 0xc9);
const BAR: RGBColor = RGBColor(0x4f, 0x81, 0x96);
const GRID: RGBColor = RGBColor(0xf2, 0xf2, 0xf2);

/// How often each kind of answer came up, as horizontal bars with their counts and shares.
fn answer_bars(answers: &BTreeMap<String, u64>) -> Markup {
    if answers.is_empty() {
        return html! { p class="note" { "No answers: no case ran." } };
    }
    let kinds: Vec<(&String, u64)> = answers.iter().map(|(k, &n)| (k, n)).collect();
    let total: u64 = kinds.iter().map(|(_, n)| n).sum();
    let most = kinds.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1) as f64;
    let longest = kinds.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let label_width = (longest as u32 * 7 + 16).clamp(60, 260);
    let count = kinds.len();
    // Segments 0..=last, kind i in segment last − i (the first kind on top); one kind gets an empty segment above it,
    // since a coordinate of one segment has no extent.
    let last = count.max(2) - 1;
    let height = 70 + 30 * (last as u32 + 1);
    chart((540, height), |root| {
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("answers ({})", cases(total)), ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(label_width)
            .build_cartesian_2d(0.0..most * 1.35, (0..last).into_segmented())?;
        let label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(s) if *s <= last && last - s < count => kinds[last - s].0.clone(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(GRID)
            .y_labels(last + 1)
            .y_label_formatter(&label)
            .x_labels(5)
            .x_label_formatter(&|x| if x.fract() == 0.0 { format!("{x:.0}") } else { String::new() })
            .x_desc("cases")
            .label_style(("sans-serif", 13))
            .draw()?;
        chart.draw_series(kinds.iter().enumerate().map(|(i, (_, n))| {
            let segment = last - i;
            let mut bar = Rectangle::new(
                [(0.0, SegmentValue::Exact(segment)), (*n as f64, SegmentValue::Exact(segment + 1))],
                BAR.filled(),
            );
            bar.set_margin(5, 5, 0, 0);
            bar
        }))?;
        let style = TextStyle::from(("sans-serif", 13)).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Left,
            plotters::style::text_anchor::VPos::Center,
        ));
        chart.draw_series(kinds.iter().enumerate().map(|(i, (_, n))| {
            let at = (*n as f64 + most * 0.02, SegmentValue::CenterOf(last - i));
            Text::new(format!("{n} ({})", share(*n, total)), at, style.clone())
        }))?;
        root.present()?;
        Ok(())
    })
}

/// Mean time per case against case size, one line per engine, milliseconds on a logarithmic scale. Sizes are on a
/// logarithmic scale too when they span more than a factor of 20 (a bare `check` runs small boards and a few at the
/// top of the oracle's reach).
fn time_chart(buckets: &[Bucket], engines: [&'static str; 2], knob: &str) -> Markup {
    if buckets.is_empty() {
        return html! { p class="note" { "No time per case: this run times its games as a whole (see the table)." } };
    }
    let point = |b: &Bucket, time: Duration| {
        let size = (b.sizes.0 + b.sizes.1) as f64 / 2.0;
        (size, (time.as_secs_f64() * 1e3 / b.cases.max(1) as f64).max(1e-4))
    };
    let series: [Vec<(f64, f64)>; 2] =
        [buckets.iter().map(|b| point(b, b.tested)).collect(), buckets.iter().map(|b| point(b, b.reference)).collect()];
    let all = || series.iter().flatten();
    let (x0, x1) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
    let (y0, y1) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    // Headroom above the highest point for the legend, in the upper left.
    let y = (y0 / 2.0)..(y1 * 10.0);
    let caption = format!("time per case against size ({})", cases(buckets.iter().map(|b| b.cases).sum()));
    let logarithmic = x0 >= 1.0 && x1 / x0 > 20.0;
    chart((560, 340), |root| {
        root.fill(&WHITE)?;
        let mut builder = ChartBuilder::on(&root);
        builder.caption(caption, ("sans-serif", 16)).margin(12).x_label_area_size(40).y_label_area_size(70);
        if logarithmic {
            let chart = builder.build_cartesian_2d(((x0 / 1.2)..(x1 * 1.2)).log_scale(), y.log_scale())?;
            time_lines(chart, &series, engines, knob)
        } else {
            let pad = ((x1 - x0) * 0.05).max(0.5);
            let chart = builder.build_cartesian_2d((x0 - pad)..(x1 + pad), y.log_scale())?;
            time_lines(chart, &series, engines, knob)
        }?;
        root.present()?;
        Ok(())
    })
}

/// The mesh, the two engines' lines and the legend of [`time_chart`], on either kind of size axis.
fn time_lines<'a, X>(
    mut chart: ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, LogCoord<f64>>>,
    series: &[Vec<(f64, f64)>; 2],
    engines: [&'static str; 2],
    knob: &str,
) -> Drawn
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    chart
        .configure_mesh()
        .light_line_style(GRID)
        .x_desc(format!("case size ({knob})"))
        .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { format!("{x:.1}") })
        .y_desc("ms per case (mean)")
        .y_label_formatter(&|&v| {
            if v >= 1.0 {
                format!("{v:.0}")
            } else {
                format!("{v:.precision$}", precision = (-v.log10()).ceil() as usize)
            }
        })
        .label_style(("sans-serif", 13))
        .draw()?;
    for ((points, name), colour) in series.iter().zip(engines).zip([TESTED, REFERENCE]) {
        chart
            .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)).point_size(3))?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(3)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 13))
        .draw()?;
    Ok(())
}

//! Reading what gamecheck shows a person, for the suites that check it: a report page parsed as HTML (with
//! html5ever, through scraper, which records every parse error) and each picture in it parsed as XML.

#![allow(dead_code)] // each suite uses its own part of this module

use scraper::{ElementRef, Html, Selector};

/// A report page, which must parse as HTML without a single parse error, and whose every inline picture (the
/// drawings and the charts) must be a well-formed SVG document of its own.
pub fn page(html: &str) -> Html {
    let document = Html::parse_document(html);
    assert!(document.errors.is_empty(), "HTML parse errors: {:?}", document.errors);
    for class in ["drawing", "chart"] {
        let opening = format!("<div class=\"{class}\">");
        for (at, _) in html.match_indices(&opening) {
            let inner = &html[at + opening.len()..];
            let inner = &inner[..inner.find("</div>").expect("the div closes")];
            svg(inner);
        }
    }
    document
}

/// An SVG document, which must be well-formed XML with an `svg` root in the SVG namespace.
pub fn svg(text: &str) -> roxmltree::Document<'_> {
    let document = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"));
    let root = document.root_element();
    assert_eq!((root.tag_name().name(), root.tag_name().namespace()), ("svg", Some("http://www.w3.org/2000/svg")));
    document
}

/// The elements under `node` that `selector` picks.
pub fn select<'a>(node: ElementRef<'a>, selector: &str) -> Vec<ElementRef<'a>> {
    let selector = Selector::parse(selector).unwrap_or_else(|e| panic!("selector {selector}: {e:?}"));
    node.select(&selector).collect()
}

/// The text of an element, its pieces joined.
pub fn text(element: ElementRef) -> String {
    element.text().collect()
}

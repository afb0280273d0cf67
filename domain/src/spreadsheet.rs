//! Text that ends up in a spreadsheet (the orders export, the product sheet) and comes back
//! from one (the product import).

use std::borrow::Cow;

/// The first characters that make a spreadsheet read a cell as a formula (or, for tab and
/// carriage return, that some spreadsheets strip before doing so).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `text` as a cell a spreadsheet shows as text: one that would start a formula gets a
/// leading `'`, so a shopper named `=HYPERLINK(…)` cannot run anything on the computer of
/// whoever opens the export (CSV formula injection).
pub fn inert_cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// A cell as it was before [`inert_cell`]: the leading `'` it put before a formula's first
/// character is taken off again; any other text is kept as it is.
pub fn typed_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(text) if text.starts_with(FORMULA_STARTS) => text,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_would_start_a_formula_gets_a_leading_quote() {
        for (text, cell) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+252 61 555", "'+252 61 555"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
        ] {
            assert_eq!(inert_cell(text), cell, "{text:?}");
        }
    }

    #[test]
    fn ordinary_text_is_kept_as_it_is() {
        for text in [
            "Amina Yusuf",
            "Hodan",
            "",
            "a=b",
            " =1",
            "Mogadishu-North",
            "'quoted",
        ] {
            assert!(
                matches!(inert_cell(text), Cow::Borrowed(t) if t == text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn an_inert_cell_reads_back_as_the_text_it_was() {
        for text in [
            "=SUM(A1)", "+252 61", "-2", "@x", "'quoted", "plain", "", "'",
        ] {
            assert_eq!(typed_cell(&inert_cell(text)), text, "{text:?}");
        }
    }
}

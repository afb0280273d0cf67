//! Per-field validation errors, carrying the exact messages the forms show.

use crate::message::texts::{CONTROL_CHARACTERS, INVALID_INPUT};
use crate::message::Message;
use std::collections::BTreeMap;

/// Messages keyed by field name; the first message of a field wins.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.first_message())]
pub struct FieldErrors(BTreeMap<&'static str, Message>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, message: impl Into<Message>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &'static str, message: impl Into<Message>) {
        self.0.entry(field).or_insert_with(|| message.into());
    }

    /// Adds "`field` must not contain control characters" when `text` holds any.
    pub fn check_text(&mut self, field: &'static str, text: &str, lines: Lines) {
        if has_control_characters(text, lines) {
            self.add(field, CONTROL_CHARACTERS.with("field", field));
        }
    }

    /// A text field: checked for control characters, then trimmed; `None` when blank.
    pub fn text(&mut self, field: &'static str, raw: &str, lines: Lines) -> Option<String> {
        self.check_text(field, raw, lines);
        non_blank(raw)
    }

    /// Adds `message` for `field` when `failed` holds.
    pub fn check(&mut self, failed: bool, field: &'static str, message: impl Into<Message>) {
        if failed {
            self.add(field, message);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The field's message in English.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(Message::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Message)> {
        self.0.iter().map(|(k, v)| (*k, v))
    }

    /// The message shown when only one line fits (a toast).
    pub fn first(&self) -> Message {
        self.0
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| INVALID_INPUT.into())
    }

    /// [`first`](Self::first) in English.
    pub fn first_message(&self) -> &str {
        self.0
            .values()
            .next()
            .map_or(INVALID_INPUT.english(), Message::as_str)
    }

    /// `Ok(value)` when nothing was added, else the errors.
    pub fn into_result<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

/// Trimmed text, or `None` when blank.
pub fn non_blank(text: &str) -> Option<String> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// Whether a text may span lines: `Multi` (a description) allows line breaks and tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    Single,
    Multi,
}

/// Control characters (NUL, escape, …) have no place in text people type, and PostgreSQL
/// cannot store NUL at all: every text input is checked with this.
pub fn has_control_characters(text: &str, lines: Lines) -> bool {
    text.chars()
        .any(|c| c.is_control() && !(lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t')))
}

/// A single-line text that is not a form's field (a query parameter): `Err` names it.
pub fn plain_text(field: &'static str, text: &str) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    errors.check_text(field, text, Lines::Single);
    errors.into_result(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_but_multi_line_text_keeps_breaks_and_tabs() {
        for bad in [
            "a\0b",
            "\u{1b}[31m",
            "a\u{7f}",
            "line\nbreak",
            "tab\there",
            "\u{85}",
        ] {
            assert!(has_control_characters(bad, Lines::Single), "{bad:?}");
        }
        assert!(!has_control_characters(
            "Amina Ali, Muqdisho ü €",
            Lines::Single
        ));
        assert!(!has_control_characters(
            "line\r\nbreak\tand tab",
            Lines::Multi
        ));
        assert!(has_control_characters(
            "nul\0 in a description",
            Lines::Multi
        ));
    }

    #[test]
    fn a_text_field_names_itself_in_the_message() {
        let mut errors = FieldErrors::new();
        assert_eq!(
            errors.text("name", " Amina\0 ", Lines::Single),
            Some("Amina\0".into())
        );
        assert_eq!(
            errors.get("name"),
            Some("name must not contain control characters")
        );
        assert_eq!(
            plain_text("q", "dress\0").unwrap_err().get("q"),
            Some("q must not contain control characters")
        );
        assert_eq!(plain_text("q", "red dress"), Ok(()));
    }
}

//! Per-field validation errors, carrying SPEC.md's exact messages.

use std::collections::BTreeMap;

/// Messages keyed by field name; the first message of a field wins.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.first_message())]
pub struct FieldErrors(BTreeMap<&'static str, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_insert_with(|| message.into());
    }

    /// Adds `message` for `field` when `failed` holds.
    pub fn check(&mut self, failed: bool, field: &'static str, message: &str) {
        if failed {
            self.add(field, message);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.0.iter().map(|(k, v)| (*k, v.as_str()))
    }

    /// The message shown when only one line fits (a toast).
    pub fn first_message(&self) -> &str {
        self.0
            .values()
            .next()
            .map(String::as_str)
            .unwrap_or("Invalid input")
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

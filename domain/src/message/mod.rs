//! What the shop tells people, known by a stable key. A [`Text`] is one message's key and its
//! English words (`texts`, the English catalogue); other languages' words are found by the
//! key (the HTTP adapter's `so.json`), so rewording the English never loses a translation.
//! A [`Message`] is a text with the values its `{name}` holes take.

pub mod texts;

use std::fmt;

/// One message of the catalogue: its key and its English words, `{name}` marking a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text {
    key: &'static str,
    english: &'static str,
}

impl Text {
    pub const fn key(self) -> &'static str {
        self.key
    }

    pub const fn english(self) -> &'static str {
        self.english
    }

    /// This text with `name` filled in.
    pub fn with(self, name: &'static str, value: impl fmt::Display) -> Message {
        Message::from(self).with(name, value)
    }
}

/// A message as said to someone: a text of the catalogue with its values, or words that are in
/// no catalogue yet (said in English whatever the language asked for).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    text: Option<Text>,
    values: Vec<(&'static str, String)>,
    english: String,
}

impl Message {
    /// The catalogue's key, `None` for words in no catalogue.
    pub fn key(&self) -> Option<&'static str> {
        self.text.map(Text::key)
    }

    /// The values of the text's `{name}` holes.
    pub fn values(&self) -> &[(&'static str, String)] {
        &self.values
    }

    /// The message in English.
    pub fn as_str(&self) -> &str {
        &self.english
    }

    /// This message with `name` filled in.
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Message {
        self.values.push((name, value.to_string()));
        if let Some(text) = self.text {
            self.english = fill(text.english, &self.values);
        }
        self
    }
}

impl From<Text> for Message {
    fn from(text: Text) -> Self {
        Message {
            text: Some(text),
            values: Vec::new(),
            english: text.english.to_owned(),
        }
    }
}

/// Words in no catalogue yet.
impl From<String> for Message {
    fn from(english: String) -> Self {
        Message {
            text: None,
            values: Vec::new(),
            english,
        }
    }
}

/// Words in no catalogue yet.
impl From<&str> for Message {
    fn from(english: &str) -> Self {
        Message::from(english.to_owned())
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, english: &str) -> bool {
        self.english == english
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, english: &&str) -> bool {
        self.english == *english
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, english: &String) -> bool {
        self.english == *english
    }
}

/// The text, whatever its values.
impl PartialEq<Text> for Message {
    fn eq(&self, text: &Text) -> bool {
        self.text == Some(*text)
    }
}

impl PartialEq<Text> for &Message {
    fn eq(&self, text: &Text) -> bool {
        (*self).eq(text)
    }
}

/// Words said in English (a reply's message in a test) are a text's when they are its English.
impl PartialEq<Text> for &str {
    fn eq(&self, text: &Text) -> bool {
        *self == text.english
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, text: &Text) -> bool {
        self == text.english
    }
}

/// `template` with each `{name}` replaced by its value; a hole without one stays as it is.
/// Values are put in once, so a value holding `{name}` is never filled in itself.
///
/// A word that goes with a count is a plural hole, `{name|one|other}`: `one` when the value
/// is 1, else `other` ("1 minute", "5 minutes"). That is the rule of English and of Somali
/// (CLDR's `one` is exactly 1 in both), so a catalogue's words choose their own forms.
pub fn fill(template: &str, values: &[(&'static str, String)]) -> String {
    let mut filled = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|at| open + at) else {
            break;
        };
        filled.push_str(&rest[..open]);
        let hole = &rest[open + 1..close];
        let mut parts = hole.split('|');
        let name = parts.next().unwrap_or(hole);
        match values.iter().find(|(known, _)| *known == name) {
            Some((_, value)) => match (parts.next(), parts.next()) {
                (Some(one), Some(other)) => filled.push_str(plural(value, one, other)),
                _ => filled.push_str(value),
            },
            None => filled.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    filled.push_str(rest);
    filled
}

/// `one` for a count of exactly 1, else `other` (see [`fill`]).
pub fn plural<'a>(count: &str, one: &'a str, other: &'a str) -> &'a str {
    if count.trim() == "1" {
        one
    } else {
        other
    }
}

/// `count` with the word for that many: "1 minute", "30 minutes".
pub fn counted(count: impl fmt::Display, one: &str, other: &str) -> String {
    let count = count.to_string();
    let word = plural(&count, one, other);
    format!("{count} {word}")
}

/// The names of `template`'s holes (a plural hole by its value's name), sorted, each once.
pub fn holes(template: &str) -> Vec<&str> {
    let mut names: Vec<&str> = template
        .split('{')
        .skip(1)
        .filter_map(|after| after.split_once('}').map(|(hole, _)| hole))
        .map(|hole| hole.split('|').next().unwrap_or(hole))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::texts::{NOT_ENOUGH_STOCK, ONLY_LEFT};
    use super::*;

    #[test]
    fn a_message_fills_its_texts_holes_in_english() {
        let message = NOT_ENOUGH_STOCK
            .with("name", "Linen Dress {available}")
            .with("available", 2);
        assert_eq!(
            message.as_str(),
            "Not enough stock for Linen Dress {available}: 2 left"
        );
        assert_eq!(message.key(), Some("NOT_ENOUGH_STOCK"));
        assert_eq!(
            message.values(),
            [
                ("name", "Linen Dress {available}".to_owned()),
                ("available", "2".to_owned())
            ]
        );
        assert_eq!(message, NOT_ENOUGH_STOCK);
        assert_ne!(message, ONLY_LEFT);
    }

    #[test]
    fn words_in_no_catalogue_have_no_key() {
        let message = Message::from("Invalid JSON body");
        assert_eq!(message.key(), None);
        assert_eq!(message, "Invalid JSON body");
    }

    #[test]
    fn a_hole_without_a_value_stays_and_holes_are_named() {
        assert_eq!(fill("Only {available} left", &[]), "Only {available} left");
        assert_eq!(holes("{name}: {available} left"), ["available", "name"]);
        assert!(holes("No holes").is_empty());
    }

    #[test]
    fn a_count_takes_the_word_for_its_number() {
        let template = "Try again in {minutes} {minutes|minute|minutes}.";
        let once = |n: &str| fill(template, &[("minutes", n.to_owned())]);
        assert_eq!(once("1"), "Try again in 1 minute.");
        assert_eq!(once("15"), "Try again in 15 minutes.");
        assert_eq!(once("0"), "Try again in 0 minutes.");
        assert_eq!(holes(template), ["minutes"]);
        assert_eq!(fill(template, &[]), template);
        assert_eq!(counted(1, "try", "tries"), "1 try");
        assert_eq!(counted(4, "try", "tries"), "4 tries");
    }
}

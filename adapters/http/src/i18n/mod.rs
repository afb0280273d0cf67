//! Server messages in the shopper's language: the use cases speak
//! English; a request whose `Accept-Language` prefers Somali hears its
//! messages (errors, their fields, the checkout's answers) from the Somali catalogue
//! `so.json`, which a translator edits without touching code. A message the catalogue lacks
//! stays English.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use domain::language::Language;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

tokio::task_local! {
    /// The language of the request being served.
    static SPOKEN: Language;
}

/// The language a request asks for in `Accept-Language`, if it names one the shop speaks.
pub fn asked(req: &actix_web::HttpRequest) -> Option<Language> {
    req.headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(Language::preferred)
}

/// Serves the request in its language: every message put into words while it is served
/// (`translate`) is in that language. Error replies, the ones with words, say that they vary
/// by the header; the catalogue's cacheable replies do not.
pub async fn speak(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let language = asked(req.request()).unwrap_or_default();
    let mut response = SPOKEN.scope(language, next.call(req)).await?;
    if response.status().as_u16() >= 400 && response.request().path().starts_with("/api/") {
        response
            .headers_mut()
            .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    }
    Ok(response)
}

/// The language of the request being served (English outside one).
pub fn spoken() -> Language {
    SPOKEN.try_with(|language| *language).unwrap_or_default()
}

/// `english` in the language of the request being served.
pub fn translate(english: &str) -> Cow<'_, str> {
    match spoken() {
        Language::English => Cow::Borrowed(english),
        Language::Somali => SOMALI.translate(english),
    }
}

static SOMALI: LazyLock<Catalogue> =
    LazyLock::new(|| Catalogue::parse(include_str!("so.json")).expect("so.json is a catalogue"));

/// One language's messages: fixed ones by their English text, and templates (`{name}` for a
/// value) tried in turn.
struct Catalogue {
    fixed: HashMap<String, String>,
    templates: Vec<(Template, Template)>,
}

impl Catalogue {
    fn parse(json: &str) -> Result<Catalogue, String> {
        let entries: HashMap<String, String> =
            serde_json::from_str(json).map_err(|e| e.to_string())?;
        let mut fixed = HashMap::new();
        let mut templates = Vec::new();
        for (english, translated) in entries {
            if english.starts_with('_') {
                continue;
            }
            let (from, to) = (Template::parse(&english), Template::parse(&translated));
            // A translation may leave a value out, never name one the message lacks.
            if let Some(unknown) = to.names().into_iter().find(|n| !from.names().contains(n)) {
                return Err(format!(
                    "{translated:?} names {{{unknown}}}, which {english:?} lacks"
                ));
            }
            if from.names().is_empty() {
                fixed.insert(english, translated);
            } else {
                templates.push((from, to));
            }
        }
        // The most specific first: a template with more fixed text wins over a looser one.
        templates.sort_by_key(|(from, _)| std::cmp::Reverse(from.fixed_len()));
        Ok(Catalogue { fixed, templates })
    }

    fn translate<'a>(&self, english: &'a str) -> Cow<'a, str> {
        if let Some(translated) = self.fixed.get(english) {
            return Cow::Owned(translated.clone());
        }
        self.templates
            .iter()
            .find_map(|(from, to)| from.capture(english).map(|values| to.fill(&values)))
            .map_or(Cow::Borrowed(english), Cow::Owned)
    }
}

/// A message with `{name}` holes: literal text and names, alternating.
#[derive(Debug)]
enum Piece {
    Text(String),
    Value(String),
}

#[derive(Debug)]
struct Template(Vec<Piece>);

impl Template {
    fn parse(text: &str) -> Template {
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|at| open + at) else {
                break;
            };
            if open > 0 {
                pieces.push(Piece::Text(rest[..open].to_owned()));
            }
            pieces.push(Piece::Value(rest[open + 1..close].to_owned()));
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        Template(pieces)
    }

    fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .0
            .iter()
            .filter_map(|piece| match piece {
                Piece::Value(name) => Some(name.as_str()),
                Piece::Text(_) => None,
            })
            .collect();
        names.sort_unstable();
        names
    }

    fn fixed_len(&self) -> usize {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.len(),
                Piece::Value(_) => 0,
            })
            .sum()
    }

    /// The values `message` gives this template's names, if it has this template's shape (a
    /// value is never empty and ends where the next fixed text first appears).
    fn capture(&self, message: &str) -> Option<HashMap<String, String>> {
        let mut values = HashMap::new();
        let mut rest = message;
        for (at, piece) in self.0.iter().enumerate() {
            match piece {
                Piece::Text(text) => rest = rest.strip_prefix(text.as_str())?,
                Piece::Value(name) => {
                    let last = at + 2 == self.0.len();
                    let end = match self.0.get(at + 1) {
                        // The text that ends the message: the value runs up to it.
                        Some(Piece::Text(next)) if last => rest.strip_suffix(next.as_str())?.len(),
                        Some(Piece::Text(next)) => rest.find(next.as_str())?,
                        Some(Piece::Value(_)) => return None,
                        None => rest.len(),
                    };
                    if end == 0 {
                        return None;
                    }
                    values.insert(name.clone(), rest[..end].to_owned());
                    rest = &rest[end..];
                }
            }
        }
        rest.is_empty().then_some(values)
    }

    fn fill(&self, values: &HashMap<String, String>) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.as_str(),
                Piece::Value(name) => values.get(name).map_or("", String::as_str),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn somali(english: &str) -> String {
        SOMALI.translate(english).into_owned()
    }

    #[test]
    fn the_catalogue_reads_and_no_translation_invents_a_value() {
        // `parse` refuses a translation that names a value its message lacks.
        assert!(!SOMALI.fixed.is_empty() && !SOMALI.templates.is_empty());
        assert!(Catalogue::parse(r#"{"Only {n} left": "Waxaa haray {m}"}"#).is_err());
        assert!(Catalogue::parse(r#"{"Only {n} left": "Wax yar ayaa haray"}"#).is_ok());
    }

    #[test]
    fn fixed_messages_and_templates_are_translated_and_others_stay_english() {
        assert_eq!(
            somali("Your cart is empty"),
            "Dambiishaadu waa madhan tahay"
        );
        assert_eq!(
            somali("Only 3 left in stock"),
            "Waxaa bakhaarka ka haray 3 keliya"
        );
        assert_eq!(
            somali("Not enough stock for Linen Dress: 2 left"),
            "Linen Dress kuma filna bakhaarka: waxaa haray 2"
        );
        assert_eq!(
            somali("This discount code needs a subtotal of at least $50.00"),
            "Koodhkan qiimo-dhimistu wuxuu shaqeeyaa marka wadarta alaabtu ay tahay ugu yaraan $50.00"
        );
        assert_eq!(
            somali("Too many sign-in attempts. Please try again in 15 minute(s)."),
            "Isku dayo badan ayaa la sameeyey. Fadlan isku day mar kale 15 daqiiqo kadib."
        );
        assert_eq!(
            somali("A message nobody translated"),
            "A message nobody translated"
        );
        // The shape must match whole: no partial matches.
        assert_eq!(somali("Only 3 left in stock!"), "Only 3 left in stock!");
        assert_eq!(somali("Only  left in stock"), "Only  left in stock");
    }

    #[test]
    fn outside_a_request_and_in_english_nothing_changes() {
        assert_eq!(translate("Your cart is empty"), "Your cart is empty");
    }

    #[actix_web::test]
    async fn a_request_in_somali_hears_somali() {
        let translated = SPOKEN
            .scope(Language::Somali, async {
                translate("Your cart is empty").into_owned()
            })
            .await;
        assert_eq!(translated, "Dambiishaadu waa madhan tahay");
    }
}

//! Server messages in the shopper's language. The use cases answer with messages, each a
//! text of `domain::message::texts` (its key and English words) and its values; a request
//! whose `Accept-Language` prefers Somali hears them (errors, their fields, the checkout's
//! answers) from the Somali catalogue `so.json`, found by key, which a translator edits
//! without touching code. Words in no catalogue stay English.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use domain::language::Language;
use domain::message::{fill, holes, texts, Message};
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
/// (`say`) is in that language. The replies with words (errors, and the answers to changes)
/// say that they vary by the header; the catalogue's cacheable replies do not.
pub async fn speak(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let language = asked(req.request()).unwrap_or_default();
    let mut response = SPOKEN.scope(language, next.call(req)).await?;
    let worded = response.status().as_u16() >= 400
        || !matches!(*response.request().method(), Method::GET | Method::HEAD);
    if worded && response.request().path().starts_with("/api/") {
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

/// `message` in the language of the request being served: the words its key has in that
/// language's catalogue, else English.
pub fn say(message: &Message) -> Cow<'_, str> {
    match spoken() {
        Language::English => Cow::Borrowed(message.as_str()),
        Language::Somali => SOMALI.say(message),
    }
}

static SOMALI: LazyLock<Catalogue> =
    LazyLock::new(|| Catalogue::parse(include_str!("so.json")).expect("so.json is a catalogue"));

/// One language's words for the texts of `domain::message::texts`, by key.
struct Catalogue(HashMap<String, String>);

impl Catalogue {
    /// Refuses a key that is no text's, and words naming a value their text does not give.
    fn parse(json: &str) -> Result<Catalogue, String> {
        let entries: HashMap<String, String> =
            serde_json::from_str(json).map_err(|e| e.to_string())?;
        let mut words = HashMap::new();
        for (key, translated) in entries {
            if key.starts_with('_') {
                continue;
            }
            let text = texts::ALL
                .iter()
                .find(|text| text.key() == key)
                .ok_or_else(|| format!("{key} is no text's key"))?;
            let given = holes(text.english());
            if let Some(unknown) = holes(&translated).into_iter().find(|n| !given.contains(n)) {
                return Err(format!(
                    "{key}: {translated:?} names {{{unknown}}}, which it lacks"
                ));
            }
            words.insert(key, translated);
        }
        Ok(Catalogue(words))
    }

    fn say<'a>(&self, message: &'a Message) -> Cow<'a, str> {
        match message.key().and_then(|key| self.0.get(key)) {
            Some(words) => Cow::Owned(fill(words, message.values())),
            None => Cow::Borrowed(message.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::message::texts::{
        CART_EMPTY, DISCOUNT_BELOW_MINIMUM, NOT_ENOUGH_STOCK, ONLY_LEFT, TOO_MANY_ATTEMPTS,
    };

    fn somali(message: impl Into<Message>) -> String {
        SOMALI.say(&message.into()).into_owned()
    }

    #[test]
    fn every_text_has_somali_words_and_they_name_no_value_it_lacks() {
        let missing: Vec<&str> = texts::ALL
            .iter()
            .map(|text| text.key())
            .filter(|key| !SOMALI.0.contains_key(*key))
            .collect();
        assert!(missing.is_empty(), "no Somali for {missing:?}");
        assert_eq!(SOMALI.0.len(), texts::ALL.len());
        assert!(Catalogue::parse(r#"{"ONLY_LEFT": "Waxaa haray {left}"}"#).is_err());
        assert!(Catalogue::parse(r#"{"ONLY_LEFT": "Wax yar ayaa haray"}"#).is_ok());
        assert!(Catalogue::parse(r#"{"NO_SUCH_TEXT": "Maya"}"#).is_err());
    }

    #[test]
    fn a_message_is_said_in_somali_by_its_key_with_its_values() {
        assert_eq!(somali(CART_EMPTY), "Dambiishaadu waa madhan tahay");
        assert_eq!(
            somali(ONLY_LEFT.with("available", 3)),
            "Waxaa bakhaarka ka haray 3 keliya"
        );
        assert_eq!(
            somali(
                NOT_ENOUGH_STOCK
                    .with("name", "Linen Dress")
                    .with("available", 2)
            ),
            "Linen Dress kuma filna bakhaarka: waxaa haray 2"
        );
        assert_eq!(
            somali(DISCOUNT_BELOW_MINIMUM.with("minimum", "$50.00")),
            "Koodhkan qiimo-dhimistu wuxuu shaqeeyaa marka wadarta alaabtu ay tahay ugu yaraan $50.00"
        );
        assert_eq!(
            somali(
                TOO_MANY_ATTEMPTS
                    .with("kind", "sign-in")
                    .with("minutes", 15)
            ),
            "Isku dayo badan ayaa la sameeyey. Fadlan isku day mar kale 15 daqiiqo kadib."
        );
    }

    #[test]
    fn words_in_no_catalogue_stay_english() {
        assert_eq!(
            somali("A message nobody translated"),
            "A message nobody translated"
        );
    }

    #[test]
    fn outside_a_request_and_in_english_nothing_changes() {
        assert_eq!(say(&CART_EMPTY.into()), "Your cart is empty");
    }

    #[actix_web::test]
    async fn a_request_in_somali_hears_somali() {
        let said = SPOKEN
            .scope(Language::Somali, async {
                say(&CART_EMPTY.into()).into_owned()
            })
            .await;
        assert_eq!(said, "Dambiishaadu waa madhan tahay");
    }
}

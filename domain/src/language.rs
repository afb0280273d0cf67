//! The languages the shop speaks: English, the language every text is written in, and Somali.
//! Shoppers choose in the storefront; the server answers in the language of the request's
//! `Accept-Language` and writes e-mails and text messages in the one the shopper last used.

/// A language of the shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    Somali,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Somali];

    /// The ISO 639-1 code, as `Accept-Language`, `<html lang>` and the database write it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Somali => "so",
        }
    }

    /// The language a code names, `so-SO` and `SO` included; `None` for one the shop does
    /// not speak.
    pub fn parse(code: &str) -> Option<Language> {
        let primary = code.trim().split(['-', '_']).next()?;
        Self::ALL
            .into_iter()
            .find(|language| primary.eq_ignore_ascii_case(language.code()))
    }

    /// The language an `Accept-Language` header prefers among the shop's: the one with the
    /// highest weight (the first of equals), `None` when it names none of them. A header is
    /// read leniently: an entry that is not a language tag, or whose weight is not a number,
    /// is passed over.
    pub fn preferred(accept_language: &str) -> Option<Language> {
        let mut best: Option<(Language, f32)> = None;
        for entry in accept_language.split(',').take(MAX_ENTRIES) {
            let mut parts = entry.split(';');
            let Some(language) = parts.next().and_then(Language::parse) else {
                continue;
            };
            let weight = parts
                .find_map(|parameter| parameter.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
            let Some(weight) = weight.filter(|w| (0.0..=1.0).contains(w) && *w > 0.0) else {
                continue;
            };
            if best.is_none_or(|(_, top)| weight > top) {
                best = Some((language, weight));
            }
        }
        best.map(|(language, _)| language)
    }
}

/// Entries of an `Accept-Language` header read at most: a header of thousands is an attack,
/// not a preference.
const MAX_ENTRIES: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_with_regions_and_any_case() {
        assert_eq!(Language::parse("so"), Some(Language::Somali));
        assert_eq!(Language::parse("so-SO"), Some(Language::Somali));
        assert_eq!(Language::parse(" EN_gb "), Some(Language::English));
        assert_eq!(Language::parse("fr"), None);
        assert_eq!(Language::parse(""), None);
        for language in Language::ALL {
            assert_eq!(Language::parse(language.code()), Some(language));
        }
    }

    #[test]
    fn the_header_picks_the_heaviest_language_the_shop_speaks() {
        assert_eq!(Language::preferred("so"), Some(Language::Somali));
        assert_eq!(
            Language::preferred("so-SO,so;q=0.9,en;q=0.8"),
            Some(Language::Somali)
        );
        assert_eq!(
            Language::preferred("en;q=0.5, so;q=0.7"),
            Some(Language::Somali)
        );
        assert_eq!(Language::preferred("ar, so;q=0.4"), Some(Language::Somali));
        assert_eq!(Language::preferred("en, so"), Some(Language::English));
        assert_eq!(Language::preferred("fr, ar"), None);
        assert_eq!(Language::preferred(""), None);
        assert_eq!(Language::preferred("*"), None);
        // A weight of 0 means "not this one"; a broken weight is passed over.
        assert_eq!(
            Language::preferred("so;q=0, en;q=0.1"),
            Some(Language::English)
        );
        assert_eq!(Language::preferred("so;q=abc"), None);
        let long = format!("{}so", "xx, ".repeat(MAX_ENTRIES));
        assert_eq!(Language::preferred(&long), None);
    }
}

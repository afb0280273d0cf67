//! The catalogue routes' replies are kept under what their queries parse to: every parameter a
//! route reads, and nothing else, tells its replies apart.

use super::products::{SearchQuery, SizedListQuery};
use crate::catalog_cache::{key_of, CatalogQuery, NoParameters};
use crate::dto::{PageQuery, ProductReviewsQuery};
use serde::de::{self, DeserializeOwned, Visitor};

fn key<Q: CatalogQuery>(path: &str, query: &str) -> Option<String> {
    key_of::<Q>(path, query).map(|(key, _)| key)
}

fn whole<Q: CatalogQuery>(path: &str, query: &str) -> bool {
    key_of::<Q>(path, query).unwrap().1
}

#[test]
fn a_reply_is_known_by_the_parameters_its_route_reads_with_their_defaults() {
    for query in [
        "page=1&limit=20",
        "limit=20&page=1",
        "page=1&limit=20&junk=1",
        "page=1",
        "limit=20",
        "utm_source=x&limit=20&page=1",
    ] {
        assert_eq!(
            key::<SizedListQuery>("/api/products", query).as_deref(),
            Some("1 /api/products SizedList { page: Some(Page { number: 1, size: 20 }), variant: None }"),
            "{query}"
        );
    }
    assert_eq!(
        key::<PageQuery>("/api/products/featured", "junk=2").as_deref(),
        Some("1 /api/products/featured None")
    );
    assert_eq!(
        key::<SearchQuery>("/api/products/search", "junk=1&q=red+dress&limit=5&size=M").as_deref(),
        Some(
            "1 /api/products/search Search { sort: Relevance, variant: Some(VariantFilter { \
             size: Some(\"m\"), colour: None }), page: Some(Page { number: 1, size: 5 }), \
             q: \"red dress\" }"
        )
    );
    assert_eq!(
        key::<SearchQuery>("/api/products/search", "q=a&sort=relevance"),
        key::<SearchQuery>("/api/products/search", "sort=&q=a&x=y"),
    );
    assert_eq!(
        key::<ProductReviewsQuery>("/api/products/p1/reviews", "sort=highest&limit=5&x=1")
            .as_deref(),
        Some("1 /api/products/p1/reviews ReviewsPage { sort: Some(\"highest\"), page: Page { number: 1, size: 5 } }")
    );
}

#[test]
fn a_request_its_route_refuses_gets_no_key() {
    assert_eq!(
        key::<SizedListQuery>("/api/products", "page=1&page=2"),
        None
    );
    assert_eq!(key::<SizedListQuery>("/api/products", "page=abc"), None);
    assert_eq!(key::<SizedListQuery>("/api/products", "size=%00"), None);
    assert_eq!(key::<PageQuery>("/api/products/tag/new", "limit=-1"), None);
    assert_eq!(
        key::<SearchQuery>("/api/products/search", "sort=cheapest"),
        None
    );
    assert_eq!(
        key::<ProductReviewsQuery>("/api/products/p1/reviews", "limit=101"),
        None
    );
}

#[test]
fn a_list_asked_for_without_page_or_limit_is_a_whole_list() {
    for query in ["", "q=dress&size=M&junk=1"] {
        assert!(whole::<SizedListQuery>("/api/products", query), "{query}");
        assert!(
            whole::<PageQuery>("/api/products/featured", query),
            "{query}"
        );
        assert!(
            whole::<SearchQuery>("/api/products/search", query),
            "{query}"
        );
    }
    for query in ["limit=1", "page=3"] {
        assert!(!whole::<SizedListQuery>("/api/products", query), "{query}");
        assert!(
            !whole::<PageQuery>("/api/products/tag/new", query),
            "{query}"
        );
        assert!(
            !whole::<SearchQuery>("/api/products/search", query),
            "{query}"
        );
    }
    // Always a page: reviews; not lists at all: a product, a summary.
    assert!(!whole::<ProductReviewsQuery>(
        "/api/products/p1/reviews",
        ""
    ));
    assert!(!whole::<NoParameters>("/api/products/p1", ""));
}

/// Values each parameter may take; a parameter added to a cached route's query needs two here.
const SAMPLES: &[(&str, &[&str])] = &[
    ("page", &["1", "2"]),
    ("limit", &["5", "6"]),
    ("size", &["m", "l"]),
    ("colour", &["black", "red"]),
    ("q", &["dress", "coat"]),
    ("sort", &["newest", "highest", "price-asc"]),
];

/// The two requests differing in `field` alone that the route takes.
fn two_requests<Q: CatalogQuery>(field: &str) -> Vec<String> {
    let (_, values) = SAMPLES
        .iter()
        .find(|(name, _)| *name == field)
        .unwrap_or_else(|| panic!("no sample values of `{field}`: add two to SAMPLES"));
    values
        .iter()
        .map(|value| format!("{field}={value}"))
        .filter(|query| key::<Q>("/api/products", query).is_some())
        .take(2)
        .collect()
}

fn every_parameter_tells_replies_apart<Q: CatalogQuery>() {
    for field in fields_of::<Q>() {
        let requests = two_requests::<Q>(field);
        assert_eq!(requests.len(), 2, "two values of `{field}` the route takes");
        assert_ne!(
            key::<Q>("/api/products", &requests[0]),
            key::<Q>("/api/products", &requests[1]),
            "{} ignores `{field}`",
            std::any::type_name::<Q>()
        );
    }
}

#[test]
fn two_requests_differing_in_any_parameter_a_cached_route_reads_get_different_replies() {
    every_parameter_tells_replies_apart::<PageQuery>();
    every_parameter_tells_replies_apart::<SizedListQuery>();
    every_parameter_tells_replies_apart::<SearchQuery>();
    every_parameter_tells_replies_apart::<ProductReviewsQuery>();
    every_parameter_tells_replies_apart::<NoParameters>();
    assert_eq!(
        fields_of::<SearchQuery>(),
        ["q", "sort", "page", "limit", "size", "colour"]
    );
}

/// The parameters a query type reads: the field names its derived `Deserialize` asks for.
fn fields_of<Q: DeserializeOwned>() -> &'static [&'static str] {
    struct FieldNames<'a>(&'a mut &'static [&'static str]);

    impl<'de> de::Deserializer<'de> for FieldNames<'_> {
        type Error = de::value::Error;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("a query is a struct"))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(de::Error::custom("only its fields were asked for"))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }

    let mut fields: &'static [&'static str] = &[];
    let _ = Q::deserialize(FieldNames(&mut fields));
    fields
}

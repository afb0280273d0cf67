//! What every list the stores answer shares: text searched with LIKE or a trigram index,
//! and the total of a paged list.

use crate::connection::{Backend, MultiBackend};
use crate::storage;
use diesel::dsl::sql;
use diesel::expression::BoxableExpression;
use diesel::sql_types::{Bool, Text};
use diesel::{define_sql_function, QueryResult};
use domain::ports::{Page, RepoError};

define_sql_function! {
    /// Full lower case on PostgreSQL, ASCII only on SQLite (whose LIKE also ignores ASCII
    /// case): on SQLite a search may miss a non-ASCII letter written in another case.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Makes `%`, `_` and `\` match themselves in a LIKE pattern escaped with `\`.
pub(crate) fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// A LIKE pattern (escaped with `\`) matching any text that contains `text`.
pub(crate) fn contains_pattern(text: &str) -> String {
    format!("%{}%", escape_like(text))
}

/// The shortest text an FTS5 trigram index can find.
const TRIGRAM: usize = 3;

/// How a trigram-indexed column (FTS5 with the trigram tokenizer on SQLite, pg_trgm on
/// PostgreSQL) is asked whether it contains a text: `{column} {operator} ?{escape}`.
pub(crate) struct TextMatch {
    pub operator: &'static str,
    /// The value bound to `?`.
    pub bound: String,
    /// What follows the bound value.
    pub escape: &'static str,
}

/// On SQLite an FTS5 phrase, which the index serves when `text` (already in lower case)
/// holds a whole trigram; shorter texts, and PostgreSQL, use LIKE.
pub(crate) fn text_match(text: &str, backend: Backend) -> TextMatch {
    match backend {
        Backend::Sqlite if text.chars().count() >= TRIGRAM => TextMatch {
            operator: "MATCH",
            bound: fts_phrase(text),
            escape: "",
        },
        Backend::Sqlite | Backend::Postgres => TextMatch {
            operator: "LIKE",
            bound: contains_pattern(text),
            escape: " ESCAPE '\\'",
        },
    }
}

/// The condition `{before}{column} … {after}` that the trigram-indexed `column` contains
/// `text` (see [`text_match`]).
pub(crate) fn containing_text<T>(
    before: &str,
    column: &str,
    text: &str,
    after: &str,
    backend: Backend,
) -> Box<dyn BoxableExpression<T, MultiBackend, SqlType = Bool>> {
    let TextMatch {
        operator,
        bound,
        escape,
    } = text_match(text, backend);
    Box::new(
        sql::<Bool>(&format!("{before}{column} {operator} "))
            .bind::<Text, _>(bound)
            .sql(&format!("{escape}{after}")),
    )
}

/// An FTS5 query for the text as one string: with the trigram tokenizer, any text that
/// contains it.
fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// How many rows a list has in all, when its `page` (or the whole list) brought `rows`:
/// counted with `count` only when the page cannot tell.
pub(crate) fn total_of(
    page: Option<Page>,
    rows: usize,
    count: impl FnOnce() -> QueryResult<i64>,
) -> Result<u64, RepoError> {
    match page {
        None => Ok(rows as u64),
        // Everything matching is on this one page.
        Some(page) if page.number <= 1 && rows < page.size as usize => Ok(rows as u64),
        Some(_) => Ok(u64::try_from(count().map_err(storage)?).unwrap_or_default()),
    }
}

/// Most ids bound in one `IN (…)`; both backends allow far more.
pub(crate) const IN_LIST_MAX: usize = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_in_the_text_cannot_end_the_fts_string() {
        assert_eq!(fts_phrase("ab\"c OR x"), "\"ab\"\"c OR x\"");
    }

    #[test]
    fn like_wildcards_in_the_text_match_themselves() {
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }
}

//! What every list the stores answer shares: text searched with LIKE, and the total of a
//! paged list.

use crate::storage;
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

//! The admin's order list: the orders an `OrderQuery` selects, in its order.
//!
//! The text search must not read every order on each keystroke. On SQLite an FTS5 table
//! with the trigram tokenizer (`orders_search`, kept by a trigger) finds the orders whose
//! id, customer name, e-mail or phones contain the text; on PostgreSQL a pg_trgm index on
//! the same text in lower case does. Texts shorter than a trigram are looked for by LIKE.

use crate::connection::{Backend, MultiBackend};
use crate::listing::contains_pattern;
use crate::models::to_db_time;
use crate::schema::orders;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use domain::listing::orders::{OrderQuery, OrderSort, PaymentFilter};
use domain::listing::{Direction, SearchText};
use domain::order::{OrderStatus, PaymentStatus};

pub(crate) type OrderSelection = orders::BoxedQuery<'static, MultiBackend>;

/// PostgreSQL: the text the search looks in; the same expression as the index
/// `orders_search_trgm`, so that the index serves it.
const PG_SEARCHED_TEXT: &str = "lower(orders.id || ' ' || orders.customer_name || ' ' || \
     orders.customer_email || ' ' || orders.payment_phone || ' ' || coalesce(orders.ship_phone, ''))";

/// The shortest text a trigram index can find.
const TRIGRAM: usize = 3;

/// The orders `query` selects, unordered and unpaged.
pub(crate) fn matching(query: &OrderQuery, backend: Backend) -> OrderSelection {
    let mut selection = orders::table.into_boxed();
    if let Some(status) = query.status {
        selection = selection.filter(orders::status.eq(status.as_str()));
    }
    match query.payment {
        None => {}
        Some(PaymentFilter::Status(status)) => {
            selection = selection.filter(orders::payment_status.eq(status.as_str()));
        }
        Some(PaymentFilter::Awaiting) => {
            selection = selection
                .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str()))
                .filter(orders::status.ne(OrderStatus::Canceled.as_str()));
        }
        Some(PaymentFilter::HoldExpired) => {
            selection = selection.filter(orders::hold_expired_at.is_not_null());
        }
    }
    if let Some(from) = query.from {
        selection = selection.filter(orders::created_at.ge(to_db_time(from)));
    }
    if let Some(to) = query.to {
        selection = selection.filter(orders::created_at.lt(to_db_time(to)));
    }
    if let Some(text) = &query.search {
        selection = selection.filter(containing(text, backend));
    }
    selection
}

fn containing(
    text: &SearchText,
    backend: Backend,
) -> Box<dyn BoxableExpression<orders::table, MultiBackend, SqlType = Bool>> {
    let text = text.as_str();
    let long_enough = text.chars().count() >= TRIGRAM;
    match backend {
        Backend::Sqlite if long_enough => Box::new(
            sql::<Bool>(
                "orders.id IN (SELECT order_id FROM orders_search WHERE orders_search MATCH ",
            )
            .bind::<Text, _>(fts_phrase(text))
            .sql(")"),
        ),
        Backend::Sqlite => Box::new(
            sql::<Bool>("orders.id IN (SELECT order_id FROM orders_search WHERE search_text LIKE ")
                .bind::<Text, _>(contains_pattern(text))
                .sql(" ESCAPE '\\')"),
        ),
        Backend::Postgres => Box::new(
            sql::<Bool>(PG_SEARCHED_TEXT)
                .sql(" LIKE ")
                .bind::<Text, _>(contains_pattern(text))
                .sql(" ESCAPE '\\'"),
        ),
    }
}

/// An FTS5 query for the text as one string: with the trigram tokenizer, any text that
/// contains it.
fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// `selection` in the order `query` asks for; ties follow the same direction by date,
/// then id, so pages never overlap.
pub(crate) fn sorted(selection: OrderSelection, query: &OrderQuery) -> OrderSelection {
    use orders::{created_at, id, status, total_cents};
    match (query.sort, query.direction) {
        (OrderSort::Date, Direction::Ascending) => selection.order((created_at.asc(), id.asc())),
        (OrderSort::Date, Direction::Descending) => selection.order((created_at.desc(), id.desc())),
        (OrderSort::Total, Direction::Ascending) => {
            selection.order((total_cents.asc(), created_at.asc(), id.asc()))
        }
        (OrderSort::Total, Direction::Descending) => {
            selection.order((total_cents.desc(), created_at.desc(), id.desc()))
        }
        (OrderSort::Status, Direction::Ascending) => {
            selection.order((status.asc(), created_at.asc(), id.asc()))
        }
        (OrderSort::Status, Direction::Descending) => {
            selection.order((status.desc(), created_at.desc(), id.desc()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_in_the_text_cannot_end_the_fts_string() {
        assert_eq!(fts_phrase("ab\"c OR x"), "\"ab\"\"c OR x\"");
    }
}

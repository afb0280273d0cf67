//! The admin's order list: the orders an `OrderQuery` selects, in its order.
//!
//! The text search must not read every order on each keystroke. Each distinct text an
//! order is searched by (the customer's name, e-mail, phones; lower case) is a row of
//! `order_search_terms`, linked to its orders by `order_search_links` (both kept by a
//! trigger, see the migration `order_search_terms`). A search finds the terms containing the
//! text, with a trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL), then their orders,
//! and the orders whose id starts with the text. On SQLite, texts shorter than a trigram
//! are looked for by LIKE over the terms.

use crate::connection::{Backend, MultiBackend};
use crate::listing::{text_match, TextMatch};
use crate::models::{stored_payment, to_db_time};
use crate::schema::{orders, phone_orders};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use domain::listing::orders::{OrderQuery, OrderSort, PaymentFilter};
use domain::listing::{Direction, SearchText};
use domain::order::{ChannelKind, OrderNumber, OrderStatus, PaymentStatus, PaymentWait};
use domain::payment_method::PaymentMethod;

pub(crate) type OrderSelection = orders::BoxedQuery<'static, MultiBackend>;

/// The orders `query` selects, unordered and unpaged.
pub(crate) fn matching(query: &OrderQuery, backend: Backend) -> OrderSelection {
    let mut selection = orders::table.into_boxed();
    if let Some(status) = query.status {
        selection = selection.filter(orders::status.eq(status.as_str()));
    }
    match query.payment {
        None => {}
        // 'paid' holds the partly refunded too (`models::stored_payment`).
        Some(PaymentFilter::Status(status)) => {
            selection = selection.filter(orders::payment_status.eq(stored_payment(status)));
            if status == PaymentStatus::PartiallyRefunded {
                selection = selection.filter(orders::refunded_cents.gt(0));
            }
        }
        Some(PaymentFilter::Awaiting) => {
            let confirmed_by_provider = PaymentWait::Confirmation.methods().map(PaymentMethod::id);
            selection = selection
                .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str()))
                .filter(orders::status.ne(OrderStatus::Canceled.as_str()))
                .filter(orders::payment_method.eq_any(confirmed_by_provider.collect::<Vec<_>>()));
        }
        Some(PaymentFilter::HoldExpired) => {
            selection = selection.filter(orders::hold_expired_at.is_not_null());
        }
    }
    if let Some(method) = query.payment_method {
        selection = selection.filter(orders::payment_method.eq(method.id()));
    }
    let taken_by_phone = phone_orders::table.select(phone_orders::order_id);
    match query.channel {
        None => {}
        Some(ChannelKind::Phone) => {
            selection = selection.filter(orders::id.eq_any(taken_by_phone));
        }
        Some(ChannelKind::Web) => {
            selection = selection.filter(orders::id.ne_all(taken_by_phone));
        }
    }
    if let Some(staff) = &query.taken_by {
        let taken_by_them = phone_orders::table
            .filter(phone_orders::taken_by_id.eq(staff.as_str().to_owned()))
            .select(phone_orders::order_id);
        selection = selection.filter(orders::id.eq_any(taken_by_them));
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
    let terms = match backend {
        Backend::Sqlite => "SELECT rowid FROM order_search_trigrams",
        Backend::Postgres => "SELECT id FROM order_search_terms",
    };
    let TextMatch {
        operator,
        bound,
        escape,
    } = text_match(text, backend);
    let of_terms = sql::<Bool>(&format!(
        "orders.id IN (SELECT order_id FROM order_search_links \
         WHERE term_id IN ({terms} WHERE term {operator} "
    ))
    .bind::<Text, _>(bound)
    .sql(&format!("{escape})"));
    let matched: Box<dyn BoxableExpression<orders::table, MultiBackend, SqlType = Bool>> =
        match id_prefix(text, backend) {
            None => Box::new(of_terms.sql(")")),
            Some((operator, pattern)) => Box::new(
                of_terms
                    .sql(&format!(
                        " UNION ALL SELECT id FROM orders WHERE id {operator} "
                    ))
                    .bind::<Text, _>(pattern)
                    .sql(")"),
            ),
        };
    // `1042` or `#1042`: the number the customer was given (`orders_number`).
    match OrderNumber::parse(text) {
        None => matched,
        Some(number) => Box::new(matched.or(orders::number.eq(i64::from(number.get())))),
    }
}

/// The orders whose id starts with `text`, when it can start one (ids are lower-case
/// letters, digits and dashes): a range of the primary key, as GLOB on SQLite (whose LIKE
/// ignores case, so cannot use the index) and LIKE on PostgreSQL (`orders_id_prefix`).
fn id_prefix(text: &str, backend: Backend) -> Option<(&'static str, String)> {
    let id_like = text
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    id_like.then(|| match backend {
        Backend::Sqlite => ("GLOB", format!("{text}*")),
        Backend::Postgres => ("LIKE", format!("{text}%")),
    })
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

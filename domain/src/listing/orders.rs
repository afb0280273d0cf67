//! The admin's order list: `GET /api/orders/all?page=&limit=&q=&status=&paymentStatus=&paymentMethod=&channel=&takenBy=&from=&to=&sort=&dir=`.

use super::Page;
use super::{choice, page, Direction, InvalidListParameter, SearchText};
use crate::ids::UserId;
use crate::order::{ChannelKind, OrderStatus, PaymentStatus};
use crate::payment_method::PaymentMethod;
use crate::permissions::{granted, Permission};
use crate::user::Role;
use chrono::{DateTime, Utc};

/// Which payments to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentFilter {
    Status(PaymentStatus),
    /// Charges the provider has not confirmed, of orders not canceled
    /// (`Order::payment_waits_for` is `Confirmation`): not cash waiting for its rider, nor a
    /// phone order waiting for its customer.
    Awaiting,
    /// Orders canceled because their unconfirmed payment outlasted the hold.
    HoldExpired,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderSort {
    /// When placed.
    Date,
    Total,
    /// By status name, then when placed.
    Status,
}

/// The orders to list, in which order, and which page of them.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderQuery {
    /// In the order id (a prefix is what the table shows), the customer's name, e-mail or
    /// phone.
    pub search: Option<SearchText>,
    pub status: Option<OrderStatus>,
    pub payment: Option<PaymentFilter>,
    pub payment_method: Option<PaymentMethod>,
    pub channel: Option<ChannelKind>,
    /// Phone orders taken by this staff member.
    pub taken_by: Option<UserId>,
    /// Placed at or after.
    pub from: Option<DateTime<Utc>>,
    /// Placed before.
    pub to: Option<DateTime<Utc>>,
    pub sort: OrderSort,
    pub direction: Direction,
    /// `None`: every match.
    pub page: Option<Page>,
}

impl Default for OrderQuery {
    /// Every order, newest first: what `GET /api/orders/all` without parameters answers.
    fn default() -> Self {
        OrderQuery {
            search: None,
            status: None,
            payment: None,
            payment_method: None,
            channel: None,
            taken_by: None,
            from: None,
            to: None,
            sort: OrderSort::Date,
            direction: Direction::Descending,
            page: None,
        }
    }
}

/// The request's parameters as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct OrderListParams<'a> {
    pub page: Option<&'a str>,
    pub limit: Option<&'a str>,
    pub q: Option<&'a str>,
    pub status: Option<&'a str>,
    pub payment_status: Option<&'a str>,
    pub payment_method: Option<&'a str>,
    pub channel: Option<&'a str>,
    pub taken_by: Option<&'a str>,
    pub from: Option<&'a str>,
    pub to: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub dir: Option<&'a str>,
}

impl OrderQuery {
    pub fn parse(params: &OrderListParams) -> Result<Self, InvalidListParameter> {
        let statuses = OrderStatus::ALL.map(|s| (s.as_str(), s));
        let payments = [
            PaymentStatus::Pending,
            PaymentStatus::Paid,
            PaymentStatus::Failed,
            PaymentStatus::Refunded,
        ]
        .map(|s| (s.as_str(), PaymentFilter::Status(s)));
        let payments: Vec<(&str, PaymentFilter)> = payments
            .into_iter()
            .chain([
                ("awaiting", PaymentFilter::Awaiting),
                ("holdExpired", PaymentFilter::HoldExpired),
            ])
            .collect();
        let methods = PaymentMethod::ALL.map(|m| (m.id(), m));
        let channels = ChannelKind::ALL.map(|c| (c.id(), c));
        let sorts = [
            ("date", OrderSort::Date),
            ("total", OrderSort::Total),
            ("status", OrderSort::Status),
        ];
        let query = OrderQuery {
            search: SearchText::parse(params.q)?,
            status: choice("status", params.status, &statuses)?,
            payment: choice("paymentStatus", params.payment_status, &payments)?,
            payment_method: choice("paymentMethod", params.payment_method, &methods)?,
            channel: choice("channel", params.channel, &channels)?,
            taken_by: params
                .taken_by
                .map(|raw| {
                    UserId::parse(raw.trim())
                        .ok_or_else(|| InvalidListParameter("takenBy must be a user id".into()))
                })
                .transpose()?,
            from: instant("from", params.from)?,
            to: instant("to", params.to)?,
            sort: choice("sort", params.sort, &sorts)?.unwrap_or(OrderSort::Date),
            direction: Direction::parse(params.dir, Direction::Descending)?,
            page: page(params.page, params.limit)?,
        };
        if let (Some(from), Some(to)) = (query.from, query.to) {
            if from > to {
                return Err(InvalidListParameter("from must not be after to".into()));
            }
        }
        Ok(query)
    }

    /// Whether someone of `role` may run this query. Amounts rank orders, so a viewer who does
    /// not see every order's money may not sort by it: an order handler would bracket any
    /// order's total between phone orders of totals they know.
    pub fn allowed_for(&self, role: Role) -> Result<(), InvalidListParameter> {
        if self.sort == OrderSort::Total && !granted(role).contains(&Permission::MoneyRead) {
            return Err(InvalidListParameter(
                "sort by total is only for staff who see amounts (money.read)".into(),
            ));
        }
        Ok(())
    }

    /// The newest orders: one page of them.
    pub fn newest(page: Page) -> Self {
        OrderQuery {
            page: Some(page),
            ..OrderQuery::default()
        }
    }

    /// Every order placed at or after `from`, newest first.
    pub fn placed_since(from: DateTime<Utc>) -> Self {
        OrderQuery {
            from: Some(from),
            ..OrderQuery::default()
        }
    }
}

/// An RFC 3339 instant, e.g. `2026-11-23T00:00:00+03:00`.
fn instant(
    parameter: &str,
    value: Option<&str>,
) -> Result<Option<DateTime<Utc>>, InvalidListParameter> {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    DateTime::parse_from_rfc3339(value)
        .map(|t| Some(t.with_timezone(&Utc)))
        .map_err(|_| {
            InvalidListParameter(format!(
                "{parameter} must be a date and time in RFC 3339, like 2026-11-23T00:00:00Z"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(params: OrderListParams) -> Result<OrderQuery, String> {
        OrderQuery::parse(&params).map_err(|e| e.0)
    }

    #[test]
    fn no_parameters_ask_for_every_order_newest_first() {
        assert_eq!(parse(OrderListParams::default()), Ok(OrderQuery::default()));
    }

    #[test]
    fn every_parameter_is_read() {
        let query = parse(OrderListParams {
            page: Some("2"),
            limit: Some("50"),
            q: Some(" Amina "),
            status: Some("shipped"),
            payment_status: Some("awaiting"),
            payment_method: Some("zaad"),
            channel: Some("phone"),
            taken_by: Some("staff-hodan"),
            from: Some("2026-11-23T00:00:00+03:00"),
            to: Some("2026-11-24T00:00:00+03:00"),
            sort: Some("total"),
            dir: Some("asc"),
        })
        .unwrap();
        assert_eq!(query.search.unwrap().as_str(), "amina");
        assert_eq!(query.status, Some(OrderStatus::Shipped));
        assert_eq!(query.payment, Some(PaymentFilter::Awaiting));
        assert_eq!(query.payment_method, Some(PaymentMethod::Zaad));
        assert_eq!(query.channel, Some(ChannelKind::Phone));
        assert_eq!(query.taken_by, UserId::parse("staff-hodan"));
        assert_eq!(
            query.from.unwrap().to_rfc3339(),
            "2026-11-22T21:00:00+00:00"
        );
        assert_eq!(query.to.unwrap().to_rfc3339(), "2026-11-23T21:00:00+00:00");
        assert_eq!(query.sort, OrderSort::Total);
        assert_eq!(query.direction, Direction::Ascending);
        assert_eq!(
            query.page,
            Some(Page {
                number: 2,
                size: 50
            })
        );
        assert_eq!(
            parse(OrderListParams {
                payment_status: Some("refunded"),
                ..Default::default()
            })
            .unwrap()
            .payment,
            Some(PaymentFilter::Status(PaymentStatus::Refunded))
        );
    }

    #[test]
    fn only_who_sees_amounts_sorts_by_them() {
        let by_total = parse(OrderListParams {
            sort: Some("total"),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(by_total.allowed_for(Role::Admin), Ok(()));
        assert_eq!(
            by_total.allowed_for(Role::OrderHandler),
            Err(InvalidListParameter(
                "sort by total is only for staff who see amounts (money.read)".into()
            ))
        );
        let by_date = OrderQuery::default();
        assert_eq!(by_date.allowed_for(Role::OrderHandler), Ok(()));
    }

    #[test]
    fn a_bad_parameter_is_refused_naming_it() {
        let cases = [
            (
                OrderListParams { status: Some("lost"), ..Default::default() },
                "status must be one of pending, shipped, delivered, canceled",
            ),
            (
                OrderListParams { payment_status: Some("owed"), ..Default::default() },
                "paymentStatus must be one of pending, paid, failed, refunded, awaiting, holdExpired",
            ),
            (
                OrderListParams { sort: Some("name"), ..Default::default() },
                "sort must be one of date, total, status",
            ),
            (
                OrderListParams { channel: Some("chat"), ..Default::default() },
                "channel must be one of web, phone",
            ),
            (
                OrderListParams { taken_by: Some("not an id!"), ..Default::default() },
                "takenBy must be a user id",
            ),
            (
                OrderListParams { dir: Some("up"), ..Default::default() },
                "dir must be one of asc, desc",
            ),
            (
                OrderListParams { from: Some("2026-11-23"), ..Default::default() },
                "from must be a date and time in RFC 3339, like 2026-11-23T00:00:00Z",
            ),
            (
                OrderListParams { to: Some("yesterday"), ..Default::default() },
                "to must be a date and time in RFC 3339, like 2026-11-23T00:00:00Z",
            ),
            (
                OrderListParams {
                    from: Some("2026-11-24T00:00:00Z"),
                    to: Some("2026-11-23T00:00:00Z"),
                    ..Default::default()
                },
                "from must not be after to",
            ),
            (
                OrderListParams { page: Some("0"), ..Default::default() },
                "page must be a whole number from 1",
            ),
            (
                OrderListParams { limit: Some("101"), ..Default::default() },
                "limit must be a whole number from 1 to 100",
            ),
        ];
        for (params, message) in cases {
            assert_eq!(parse(params), Err(message.to_owned()), "{params:?}");
        }
    }
}

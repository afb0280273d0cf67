//! The back office's Payments list:
//! `GET /api/admin/payments?state=&method=&q=&orderId=&page=&limit=`, every payment attempt,
//! newest first, one page at a time.

use super::{choice, one_page, InvalidListParameter, Page, SearchText};
use crate::ids::OrderId;
use crate::payment_attempt::AttemptState;
use crate::payment_method::PaymentMethod;

/// Which attempts to list by their state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptFilter {
    State(AttemptState),
    /// Late, mismatched or refund failed: money no order took (`AttemptState::NEED_THE_ADMIN`).
    NeedsTheAdmin,
}

impl AttemptFilter {
    /// The states it lists.
    pub fn states(self) -> Vec<AttemptState> {
        match self {
            AttemptFilter::State(state) => vec![state],
            AttemptFilter::NeedsTheAdmin => AttemptState::NEED_THE_ADMIN.to_vec(),
        }
    }
}

/// The attempts to list.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptQuery {
    pub state: Option<AttemptFilter>,
    pub method: Option<PaymentMethod>,
    /// In the order's id, the payer's number or the provider's transaction id.
    pub search: Option<SearchText>,
    /// One order's attempts (its page shows them).
    pub order: Option<OrderId>,
    pub page: Page,
}

/// The request's parameters as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttemptListParams<'a> {
    pub state: Option<&'a str>,
    pub method: Option<&'a str>,
    pub q: Option<&'a str>,
    pub order_id: Option<&'a str>,
    pub page: Option<&'a str>,
    pub limit: Option<&'a str>,
}

impl AttemptQuery {
    pub fn parse(params: &AttemptListParams) -> Result<Self, InvalidListParameter> {
        let states: Vec<(&str, AttemptFilter)> = AttemptState::ALL
            .into_iter()
            .map(|state| (state.as_str(), AttemptFilter::State(state)))
            .chain([("needsAdmin", AttemptFilter::NeedsTheAdmin)])
            .collect();
        let methods: Vec<(&str, PaymentMethod)> = PaymentMethod::ALL
            .into_iter()
            .filter(|method| *method != PaymentMethod::CashOnDelivery)
            .map(|method| (method.id(), method))
            .collect();
        Ok(AttemptQuery {
            state: choice("state", params.state, &states)?,
            method: choice("method", params.method, &methods)?,
            search: SearchText::parse(params.q)?,
            order: params
                .order_id
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .map(|id| {
                    OrderId::parse(id)
                        .ok_or_else(|| InvalidListParameter("orderId must be an order id".into()))
                })
                .transpose()?,
            page: one_page(params.page, params.limit)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parameters_are_read_and_a_bad_one_is_named() {
        let query = AttemptQuery::parse(&AttemptListParams {
            state: Some("needsAdmin"),
            method: Some("card"),
            q: Some(" 2526155 "),
            order_id: Some("o1"),
            page: Some("2"),
            limit: Some("50"),
        })
        .unwrap();
        assert_eq!(query.state, Some(AttemptFilter::NeedsTheAdmin));
        assert_eq!(
            query.state.unwrap().states(),
            [
                AttemptState::Late,
                AttemptState::Mismatched,
                AttemptState::RefundFailed
            ]
        );
        assert_eq!(query.method, Some(PaymentMethod::Card));
        assert_eq!(query.search.unwrap().as_str(), "2526155");
        assert_eq!(query.order, OrderId::parse("o1"));
        assert_eq!((query.page.number, query.page.size), (2, 50));
        let first = AttemptQuery::parse(&AttemptListParams::default()).unwrap();
        assert_eq!(
            (first.state, first.page.number, first.page.size),
            (None, 1, 20)
        );
        assert_eq!(
            AttemptQuery::parse(&AttemptListParams {
                state: Some("lost"),
                ..Default::default()
            })
            .unwrap_err()
            .0,
            "state must be one of awaiting, approved, declined, failed, late, mismatched, refunded, refundFailed, needsAdmin"
        );
        assert_eq!(
            AttemptQuery::parse(&AttemptListParams {
                method: Some("cash-on-delivery"),
                ..Default::default()
            })
            .unwrap_err()
            .0,
            "method must be one of evc-plus, zaad, sahal, edahab, card"
        );
    }
}

use super::*;
use crate::orders::UpdateOrderStatusError;
use crate::refunds::{ReclaimError, RefundFailed};
use crate::testing::{admin, paid_order, shopper, OrderMocks as Mocks};
use chrono::{TimeZone, Utc};
use domain::audit::AuditAction;
use domain::ids::{OrderLineId, ProductId};
use domain::message::texts::ORDER_HAS_RETURNS;
use domain::order::moves::next_statuses;
use domain::order::{OrderStatus, StatusChange};
use domain::payment_method::PaymentMethod;
use domain::permissions::PermissionError;
use domain::refund::{RefundClaim, RefundOutcome, RefundRefusal};
use domain::returns::payout::OrderPayment;
use domain::returns::{returnable, HeldByReturns, ReturnLine, ReturnRefusal};
use mockall::predicate::{always, eq};

fn order_id() -> OrderId {
    OrderId::parse("o1").unwrap()
}

fn return_id() -> ReturnId {
    ReturnId::parse("r1").unwrap()
}

/// o1 ($40 + $5 shipping), delivered on 20 November.
fn delivered_order() -> Order {
    let delivered = Utc.with_ymd_and_hms(2026, 11, 20, 9, 0, 0).unwrap();
    Order {
        status: OrderStatus::Delivered,
        delivered_at: Some(delivered),
        history: vec![StatusChange {
            status: OrderStatus::Delivered,
            at: delivered,
            by: Some(Changer::from(&admin("boss"))),
        }],
        ..paid_order()
    }
}

/// Amina's return r1 of o1: two units for $18.00 in all, with `status`.
fn a_return(status: ReturnStatus) -> Return {
    let at = Utc.with_ymd_and_hms(2026, 11, 21, 10, 0, 0).unwrap();
    Return {
        id: return_id(),
        order_id: order_id(),
        order_number: domain::order::OrderNumber::new(1042).unwrap(),
        user_id: shopper("amina").id,
        customer_name: "amina".into(),
        customer_email: "amina@example.com".into(),
        status,
        lines: vec![ReturnLine {
            line_id: OrderLineId::of(&order_id(), 0),
            product_id: ProductId::parse("p1").unwrap(),
            name: "Abaya".into(),
            variant: None,
            quantity: 2,
            amount: Money::from_cents(1800).unwrap(),
        }],
        refund_amount: Money::from_cents(1800).unwrap(),
        reason: "Too small".into(),
        created_at: at,
        history: vec![StatusChange {
            status: ReturnStatus::Requested,
            at,
            by: Some(Changer::from(&shopper("amina"))),
        }],
        refund_claim: None,
        order_payment: OrderPayment {
            method: Some(PaymentMethod::EvcPlus),
            transaction_id: Some("T1".into()),
        },
        refund_paid_with: None,
    }
}

fn input() -> ReturnInput {
    ReturnInput {
        lines: vec![("o1-1".into(), 2)],
        reason: "Too small".into(),
    }
}

fn ports_with_order() -> Mocks {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(delivered_order())));
    ports
}

/// Ports whose return r1 is `before` until it moves, and `after` then.
fn ports_with_return(before: ReturnStatus, after: ReturnStatus) -> Mocks {
    let mut ports = ports_with_order();
    let mut seq = mockall::Sequence::new();
    ports
        .returns
        .expect_by_id()
        .times(1)
        .in_sequence(&mut seq)
        .returning(move |_| Ok(Some(a_return(before))));
    ports
        .returns
        .expect_by_id()
        .in_sequence(&mut seq)
        .returning(move |_| Ok(Some(a_return(after))));
    ports
}

#[tokio::test]
async fn a_request_is_stored_with_its_shopper_and_the_clock() {
    let mut ports = ports_with_order();
    ports
        .returns
        .expect_request()
        .withf(|request| {
            request.order.as_str() == "o1"
                && request.by == Changer::from(&shopper("amina"))
                && request.at == Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
                && request.input.lines == vec![("o1-1".to_owned(), 2)]
        })
        .times(1)
        .returning(|_| Ok(a_return(ReturnStatus::Requested)));
    let requested = ports
        .returns_service()
        .request_return(&shopper("amina"), &order_id(), &input())
        .await
        .unwrap();
    assert_eq!(requested.refund_amount, Money::from_cents(1800).unwrap());
    assert_eq!(requested.history[0].by, None, "a shopper sees no names");
}

#[tokio::test]
async fn another_shoppers_order_is_not_found_even_for_an_admin_asking_to_return() {
    for actor in [shopper("hodan"), admin("boss")] {
        let error = ports_with_order()
            .returns_service()
            .request_return(&actor, &order_id(), &input())
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            RequestReturnError::Find(FindOrderError::NotFound)
        ));
    }
}

#[tokio::test]
async fn refusals_are_conflicts_about_the_order_and_bad_requests_about_the_request() {
    let cases = [
        (
            ReturnRefusal::NotDelivered,
            409,
            "Only delivered orders can be returned",
        ),
        (
            ReturnRefusal::TooMany {
                name: "Abaya".into(),
                left: 1,
            },
            409,
            "You can return at most 1 of Abaya",
        ),
        (
            ReturnRefusal::NoLines,
            400,
            "Choose at least one item to return",
        ),
    ];
    for (refusal, status, message) in cases {
        let mut ports = ports_with_order();
        ports
            .returns
            .expect_request()
            .returning(move |_| Err(ReturnStoreError::Refused(refusal.clone())));
        let error = ports
            .returns_service()
            .request_return(&shopper("amina"), &order_id(), &input())
            .await
            .unwrap_err();
        match error {
            RequestReturnError::Store(ReturnStoreError::Refused(refused)) => {
                assert_eq!(refused.is_conflict(), status == 409, "{message}");
                assert_eq!(refused.message(), message);
            }
            other => panic!("{message}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_request_while_the_order_is_being_refunded_is_a_conflict() {
    let mut ports = ports_with_order();
    ports
        .returns
        .expect_request()
        .returning(|_| Err(ReturnStoreError::Stale));
    let error = ports
        .returns_service()
        .request_return(&shopper("amina"), &order_id(), &input())
        .await
        .unwrap_err();
    assert!(matches!(error, RequestReturnError::RefundUnderWay));
}

#[tokio::test]
async fn asking_for_the_status_a_return_has_changes_nothing() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Received);
    ports.returns.expect_apply().never();
    ports.returns.expect_claim_refund().never();
    let unchanged = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "received", None)
        .await
        .unwrap();
    assert_eq!(unchanged.status, ReturnStatus::Received);
}

#[tokio::test]
async fn a_return_cannot_skip_a_step() {
    let cases = [
        (
            ReturnStatus::Requested,
            "refunded",
            "Only a received return can be refunded",
        ),
        (
            ReturnStatus::Requested,
            "received",
            "Only an approved return can be marked received",
        ),
        (
            ReturnStatus::Refunded,
            "rejected",
            "Only a requested or approved return can be rejected",
        ),
        (
            ReturnStatus::Rejected,
            "approved",
            "Only a requested return can be approved",
        ),
    ];
    for (from, to, message) in cases {
        let mut ports = ports_with_return(from, from);
        ports.returns.expect_apply().never();
        let error = ports
            .returns_service()
            .change_return(&admin("boss"), &return_id(), to, None)
            .await
            .unwrap_err();
        assert!(
            matches!(error, ChangeReturnError::Unreachable(s) if message == s.unreachable_message()),
            "{to}"
        );
    }
}

#[tokio::test]
async fn only_admins_move_returns_and_only_to_known_statuses() {
    let error = Mocks::new()
        .returns_service()
        .change_return(&shopper("amina"), &return_id(), "approved", None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ChangeReturnError::Refused(PermissionError::AdminOnly)
    ));
    for status in ["requested", "lost", ""] {
        let error = Mocks::new()
            .returns_service()
            .change_return(&admin("boss"), &return_id(), status, None)
            .await
            .unwrap_err();
        assert!(
            matches!(&error, ChangeReturnError::InvalidStatus),
            "{status}: {error:?}"
        );
    }
}

#[tokio::test]
async fn a_refund_goes_to_the_provider_once_then_lands_and_is_audited() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Refunded);
    ports
        .returns
        .expect_claim_refund()
        .with(eq(return_id()), always())
        .times(1)
        .returning(|_, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .with(eq(RefundRequest {
            transaction_id: "T1".into(),
            reference: order_id(),
            method: domain::payment_method::PaymentMethod::EvcPlus,
            payer: domain::phone::MobileNumber::from_stored("252615551234"),
            amount: Money::from_cents(1800).unwrap(),
            whole_charge: false,
        }))
        .times(1)
        .returning(|_| RefundOutcome::Refunded);
    ports
        .returns
        .expect_apply()
        .withf(|plan| {
            plan.id.as_str() == "r1"
                && (plan.from, plan.to) == (ReturnStatus::Received, ReturnStatus::Refunded)
                && plan.history.by.as_ref().map(|by| by.name.as_str()) == Some("boss")
                && plan.refund.as_ref().map(|landing| landing.refunded.cents()) == Some(1800)
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::OrderReturn
                && entry.change.entity_id.as_deref() == Some("o1")
                && entry.change.after.as_ref().unwrap()["status"] == "refunded"
        })
        .times(1)
        .returning(|_| Ok(()));
    let refunded = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap();
    assert_eq!(refunded.status, ReturnStatus::Refunded);
}

#[tokio::test]
async fn a_refund_the_provider_refuses_leaves_the_return_received() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Received);
    ports.returns.expect_claim_refund().returning(|_, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .returning(|_| RefundOutcome::Refused {
            reason: "Insufficient merchant balance".into(),
        });
    ports
        .returns
        .expect_release_refund_claim()
        .with(eq(return_id()))
        .times(1)
        .returning(|_| Ok(()));
    ports.returns.expect_apply().never();
    let error = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ChangeReturnError::Step(ReturnStepError::Refund(RefundFailed::Refused { reason }))
            if reason == "Insufficient merchant balance"
    ));
}

fn unconfirmed() -> Option<RefundClaim> {
    let sent = Utc.with_ymd_and_hms(2026, 11, 21, 11, 0, 0).unwrap();
    Some(RefundClaim {
        sent_at: sent,
        unconfirmed_at: Some(sent),
    })
}

#[tokio::test]
async fn a_refund_whose_answer_was_lost_stays_claimed_as_unconfirmed() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Received);
    ports.returns.expect_claim_refund().returning(|_, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .times(1)
        .returning(|_| RefundOutcome::Unknown {
            reason: "The payment provider did not answer in time.".into(),
        });
    ports
        .returns
        .expect_mark_refund_unconfirmed()
        .with(eq(return_id()), always())
        .times(1)
        .returning(|_, _| Ok(()));
    ports.returns.expect_release_refund_claim().never();
    ports.returns.expect_apply().never();
    let error = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ChangeReturnError::Step(ReturnStepError::Refund(RefundFailed::Unanswered { reason }))
            if reason == "The payment provider did not answer in time."
    ));
}

#[tokio::test]
async fn a_retried_refund_whose_answer_was_lost_is_refused_without_reaching_the_provider() {
    let mut ports = ports_with_order();
    ports.returns.expect_by_id().returning(|_| {
        Ok(Some(Return {
            refund_claim: unconfirmed(),
            ..a_return(ReturnStatus::Received)
        }))
    });
    ports.returns.expect_claim_refund().never();
    ports.payments.expect_refund().never();
    let error = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ChangeReturnError::RefundClaimed(RefundRefusal::Unconfirmed)
    ));
}

#[tokio::test]
async fn an_admin_sends_an_unconfirmed_refund_again_and_it_lands_audited() {
    let mut ports = ports_with_order();
    let mut seq = mockall::Sequence::new();
    ports
        .returns
        .expect_by_id()
        .times(1)
        .in_sequence(&mut seq)
        .returning(|_| {
            Ok(Some(Return {
                refund_claim: unconfirmed(),
                ..a_return(ReturnStatus::Received)
            }))
        });
    ports
        .returns
        .expect_by_id()
        .in_sequence(&mut seq)
        .returning(|_| Ok(Some(a_return(ReturnStatus::Refunded))));
    ports
        .returns
        .expect_reclaim_unconfirmed_refund()
        .with(eq(return_id()), always())
        .times(1)
        .returning(|_, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .times(1)
        .returning(|_| RefundOutcome::Refunded);
    ports
        .returns
        .expect_apply()
        .withf(|plan| (plan.from, plan.to) == (ReturnStatus::Received, ReturnStatus::Refunded))
        .times(1)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            let after = entry.change.after.as_ref().unwrap();
            entry.change.action == AuditAction::OrderRefund
                && entry.change.entity_id.as_deref() == Some("o1")
                && entry.change.before.as_ref().unwrap()["refundStatus"] == "unconfirmed"
                && after["resolution"] == "resend"
                && after["status"] == "refunded"
        })
        .times(1)
        .returning(|_| Ok(()));
    let resolved = ports
        .returns_service()
        .resolve_return_refund(&admin("boss"), &return_id(), "resend")
        .await
        .unwrap();
    assert_eq!(resolved.status, ReturnStatus::Refunded);
}

#[tokio::test]
async fn a_resolution_without_an_unconfirmed_refund_is_a_conflict_and_sends_nothing() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Received);
    ports
        .returns
        .expect_reclaim_unconfirmed_refund()
        .returning(|_, _| Err(ReturnStoreError::Stale));
    ports.payments.expect_refund().never();
    ports.returns.expect_apply().never();
    ports.audit.expect_record().never();
    let error = ports
        .returns_service()
        .resolve_return_refund(&admin("boss"), &return_id(), "confirmed")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ResolveReturnRefundError::Reclaim(ReclaimError::Refused(RefundRefusal::NothingToResolve))
    ));
}

#[tokio::test]
async fn a_refund_already_claimed_by_another_admin_is_a_conflict_without_a_second_call() {
    let mut ports = ports_with_return(ReturnStatus::Received, ReturnStatus::Received);
    ports
        .returns
        .expect_claim_refund()
        .returning(|_, _| Err(ReturnStoreError::Stale));
    ports.payments.expect_refund().never();
    let error = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ChangeReturnError::Step(ReturnStepError::Store(ReturnStoreError::Stale))
    ));
}

#[tokio::test]
async fn a_delivered_order_with_returns_is_not_canceled() {
    let mut ports = ports_with_order();
    ports
        .returns
        .expect_for_order()
        .returning(|_| Ok(vec![a_return(ReturnStatus::Received)]));
    ports.orders.expect_claim_refund().never();
    ports.payments.expect_refund().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &order_id(), "canceled")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateOrderStatusError::Move(m) if m.message() == ORDER_HAS_RETURNS
    ));
}

#[tokio::test]
async fn a_shopper_reads_their_orders_returns_without_staff_names() {
    let mut ports = ports_with_order();
    ports.returns.expect_for_order().returning(|_| {
        let mut approved = a_return(ReturnStatus::Approved);
        approved.history.push(StatusChange {
            status: ReturnStatus::Approved,
            at: Utc::now(),
            by: Some(Changer::from(&admin("boss"))),
        });
        Ok(vec![approved])
    });
    let shop = ports.returns_service();
    let seen = shop
        .order_returns(&shopper("amina"), &order_id())
        .await
        .unwrap();
    assert!(seen[0].history.iter().all(|change| change.by.is_none()));
    let by_admin = shop
        .order_returns(&admin("boss"), &order_id())
        .await
        .unwrap();
    assert_eq!(by_admin[0].history[1].by.as_ref().unwrap().name, "boss");
    let error = shop
        .order_returns(&shopper("hodan"), &order_id())
        .await
        .unwrap_err();
    assert!(matches!(error, FindOrderError::NotFound));
}

#[tokio::test]
async fn a_refund_meeting_another_refund_of_the_order_landing_first_is_planned_again_on_it() {
    let mut ports = Mocks::new();
    let mut reads = mockall::Sequence::new();
    ports
        .orders
        .expect_by_id()
        .times(2)
        .in_sequence(&mut reads)
        .returning(|_| Ok(Some(delivered_order())));
    // Another return's $10.00 landed meanwhile.
    ports
        .orders
        .expect_by_id()
        .in_sequence(&mut reads)
        .returning(|_| {
            Ok(Some(Order {
                refunded: Money::from_cents(1000).unwrap(),
                ..delivered_order()
            }))
        });
    let mut returns = mockall::Sequence::new();
    ports
        .returns
        .expect_by_id()
        .times(1)
        .in_sequence(&mut returns)
        .returning(|_| Ok(Some(a_return(ReturnStatus::Received))));
    ports
        .returns
        .expect_by_id()
        .in_sequence(&mut returns)
        .returning(|_| Ok(Some(a_return(ReturnStatus::Refunded))));
    ports.returns.expect_claim_refund().returning(|_, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .times(1)
        .returning(|_| RefundOutcome::Refunded);
    let mut landings = mockall::Sequence::new();
    ports
        .returns
        .expect_apply()
        .withf(|plan| plan.refund.as_ref().unwrap().refunded_before == Money::ZERO)
        .times(1)
        .in_sequence(&mut landings)
        .returning(|_| Err(ReturnStoreError::Stale));
    ports
        .returns
        .expect_apply()
        .withf(|plan| {
            let landing = plan.refund.as_ref().unwrap();
            (landing.refunded_before.cents(), landing.refunded.cents()) == (1000, 2800)
        })
        .times(1)
        .in_sequence(&mut landings)
        .returning(|_| Ok(()));
    ports.audit.expect_record().returning(|_| Ok(()));
    let refunded = ports
        .returns_service()
        .change_return(&admin("boss"), &return_id(), "refunded", None)
        .await
        .unwrap();
    assert_eq!(refunded.status, ReturnStatus::Refunded);
}

#[tokio::test]
async fn an_order_page_reads_the_order_and_its_returns_once_as_its_reader_sees_them() {
    let approved = || {
        let mut approved = a_return(ReturnStatus::Approved);
        approved.history.push(StatusChange {
            status: ReturnStatus::Approved,
            at: Utc::now(),
            by: Some(Changer::from(&admin("boss"))),
        });
        approved
    };
    let page_of = |reader: User, reads: usize| {
        let mut ports = Mocks::new();
        ports
            .orders
            .expect_by_id()
            .times(1)
            .returning(|_| Ok(Some(delivered_order())));
        ports
            .returns
            .expect_for_order()
            .times(reads)
            .returning(move |_| Ok(vec![approved()]));
        async move {
            ports
                .orders_service()
                .order_detail(&reader, &order_id())
                .await
        }
    };
    // Judged at the clock's moment, with what the approved return holds.
    let held = HeldByReturns::of(&[approved()]);
    let at = Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap();
    let seen = page_of(shopper("amina"), 1).await.unwrap();
    assert_eq!(seen.order.id, order_id());
    assert!(seen.amounts, "her own order's amounts");
    assert_eq!(seen.returnable, returnable(&delivered_order(), &held, at));
    assert_eq!(seen.next_statuses, None, "a shopper moves no order");
    let by_admin = page_of(admin("boss"), 1).await.unwrap();
    assert!(by_admin.amounts);
    assert_eq!(
        by_admin.next_statuses,
        Some(next_statuses(&delivered_order(), &held))
    );
    let error = page_of(shopper("hodan"), 0).await.unwrap_err();
    assert!(matches!(
        error,
        FindOrderError::Refused(PermissionError::NotYourOrder)
    ));
}

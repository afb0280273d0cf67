use super::*;
use crate::testing::{admin, paid_order, shopper, OrderMocks as Mocks};
use chrono::Utc;
use domain::audit::AuditAction;

use domain::order::moves::MoveRefusal;
use domain::order::{
    PaymentChange, PaymentStatus, RefundClaimGuard, StatusChangeRefusal, StockEffect,
};
use domain::permissions::PermissionError;
use domain::refund::{RefundClaim, RefundOutcome, RefundRefusal};

use domain::Money;
use mockall::predicate::eq;
use serde_json::{json, Value};

#[tokio::test]
async fn a_refused_refund_ends_the_claim_and_leaves_the_order_paid() {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(paid_order())));
    ports
        .orders
        .expect_claim_refund()
        .withf(|id, from, _| id.as_str() == "o1" && *from == OrderStatus::Pending)
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .with(eq(RefundRequest {
            transaction_id: "T1".into(),
            reference: OrderId::parse("o1").unwrap(),
            method: domain::payment_method::PaymentMethod::EvcPlus,
            payer: domain::phone::MobileNumber::from_stored("252615551234"),
            amount: Money::from_cents(4500).unwrap(),
            whole_charge: true,
        }))
        .times(1)
        .returning(|_| RefundOutcome::Refused {
            reason: "provider down".into(),
        });
    ports
        .orders
        .expect_release_refund_claim()
        .times(1)
        .returning(|_| Ok(()));
    ports.orders.expect_apply().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
        .await
        .unwrap_err();
    assert!(
        matches!(error, UpdateOrderStatusError::Refund(RefundFailed::Refused { reason }) if reason == "provider down")
    );
}

#[tokio::test]
async fn a_reversal_whose_answer_was_lost_keeps_its_claim_as_unconfirmed() {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(paid_order())));
    ports
        .orders
        .expect_claim_refund()
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .times(1)
        .returning(|_| RefundOutcome::Unknown {
            reason: "The payment provider failed.".into(),
        });
    ports
        .orders
        .expect_mark_refund_unconfirmed()
        .times(1)
        .returning(|_, _| Ok(()));
    ports.orders.expect_release_refund_claim().never();
    ports.orders.expect_apply().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
        .await
        .unwrap_err();
    assert!(
        matches!(error, UpdateOrderStatusError::Refund(RefundFailed::Unanswered { reason }) if reason == "The payment provider failed.")
    );
}

fn with_unconfirmed_refund() -> Order {
    let sent = Utc::now();
    Order {
        refund_claim: Some(RefundClaim {
            sent_at: sent,
            unconfirmed_at: Some(sent),
        }),
        ..paid_order()
    }
}

#[tokio::test]
async fn no_change_applies_to_an_order_whose_refund_is_unconfirmed() {
    for status in ["canceled", "shipped"] {
        let mut ports = Mocks::new();
        ports
            .orders
            .expect_by_id()
            .returning(|_| Ok(Some(with_unconfirmed_refund())));
        ports.orders.expect_claim_refund().never();
        ports.payments.expect_refund().never();
        ports.orders.expect_apply().never();
        let error = ports
            .orders_service()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), status)
            .await
            .unwrap_err();
        assert!(
            matches!(
                &error,
                UpdateOrderStatusError::Move(MoveRefusal::RefundClaimed(
                    RefundRefusal::Unconfirmed
                ))
            ),
            "{status}: {error:?}"
        );
    }
}

#[tokio::test]
async fn an_admin_confirms_an_unconfirmed_reversal_without_sending_it_again() {
    let mut ports = Mocks::new();
    let mut answers = vec![
        Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Refunded,
            ..paid_order()
        },
        with_unconfirmed_refund(),
    ];
    ports
        .orders
        .expect_by_id()
        .returning(move |_| Ok(answers.pop()));
    ports
        .orders
        .expect_reclaim_unconfirmed_refund()
        .times(1)
        .returning(|_, _| Ok(()));
    ports.payments.expect_refund().never();
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change.refund_claim == RefundClaimGuard::Lands
                && plan.change.to == OrderStatus::Canceled
                && plan.change.stock == StockEffect::Release
                && plan.change.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Refunded)
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::OrderRefund
                && entry.change.before.clone().map(Value::Object)
                    == Some(json!({ "status": "pending", "paymentStatus": "paid",
                                    "refundStatus": "unconfirmed" }))
                && entry.change.after.clone().map(Value::Object)
                    == Some(json!({ "status": "canceled", "paymentStatus": "refunded",
                                    "refundStatus": null, "resolution": "confirmed" }))
        })
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .orders_service()
        .resolve_order_refund(&admin("boss"), &OrderId::parse("o1").unwrap(), "confirmed")
        .await
        .unwrap();
    assert_eq!(order.payment_status, PaymentStatus::Refunded);
}

#[tokio::test]
async fn a_cancel_that_loses_the_refund_claim_never_calls_the_provider() {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(paid_order())));
    ports
        .orders
        .expect_claim_refund()
        .returning(|_, _, _| Err(OrderStoreError::Stale));
    ports.payments.expect_refund().never();
    ports.orders.expect_apply().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateOrderStatusError::Store(OrderStoreError::Stale)
    ));
}

#[tokio::test]
async fn a_refunded_cancel_lands_with_the_claim() {
    let mut ports = Mocks::new();
    let mut answers = vec![
        Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Refunded,
            ..paid_order()
        },
        paid_order(),
    ];
    ports
        .orders
        .expect_by_id()
        .returning(move |_| Ok(answers.pop()));
    ports
        .orders
        .expect_claim_refund()
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports
        .payments
        .expect_refund()
        .times(1)
        .returning(|_| RefundOutcome::Refunded);
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change.refund_claim == RefundClaimGuard::Lands
                && plan.change.stock == StockEffect::Release
                && plan.change.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Refunded)
        })
        .times(1)
        .returning(|_| Ok(()));
    ports.audit.expect_record().returning(|_| Ok(()));
    let order = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
        .await
        .unwrap();
    assert_eq!(order.payment_status, PaymentStatus::Refunded);
}

#[tokio::test]
async fn a_canceled_order_whose_money_went_back_is_not_reopened() {
    let mut ports = Mocks::new();
    ports.orders.expect_by_id().returning(|_| {
        Ok(Some(Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Refunded,
            ..paid_order()
        }))
    });
    ports.orders.expect_apply().never();
    ports.audit.expect_record().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "shipped")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateOrderStatusError::Move(MoveRefusal::Status(StatusChangeRefusal::ReopeningRefunded))
    ));
}

#[tokio::test]
async fn a_reopen_whose_code_is_used_up_meanwhile_is_refused_with_the_reason() {
    let mut ports = Mocks::new();
    ports.orders.expect_by_id().returning(|_| {
        Ok(Some(Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..paid_order()
        }))
    });
    ports
        .orders
        .expect_apply()
        .withf(|plan| plan.change.stock == StockEffect::Reserve)
        .times(1)
        .returning(|_| Err(OrderStoreError::DiscountUnavailable));
    ports.audit.expect_record().never();
    let error = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "pending")
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateOrderStatusError::CodeUnusable));
}

#[tokio::test]
async fn expired_holds_are_canceled_once_and_orders_that_moved_on_are_left() {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_unconfirmed_placed_before()
        .withf(|cutoff, exempt, limit| {
            *cutoff
                == "2026-11-21T11:30:00Z"
                    .parse::<chrono::DateTime<Utc>>()
                    .unwrap()
                && exempt == [domain::payment_method::PaymentMethod::CashOnDelivery]
                && *limit == 500
        })
        .times(1)
        .returning(|_, _, _| {
            let placed = |id: &str| Order {
                id: OrderId::parse(id).unwrap(),
                ..unconfirmed_order()
            };
            Ok(vec![placed("o1"), placed("o2")])
        });
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change == hold_expiry()
                && plan.at
                    == "2026-11-21T12:00:00Z"
                        .parse::<chrono::DateTime<Utc>>()
                        .unwrap()
        })
        .times(2)
        .returning(|plan| match plan.order.as_str() {
            "o1" => Ok(()),
            _ => Err(OrderStoreError::Stale),
        });
    assert_eq!(
        ports
            .orders_service()
            .release_expired_payment_holds()
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn an_order_whose_hold_expired_cannot_be_marked_paid() {
    let mut ports = Mocks::new();
    ports.orders.expect_by_id().returning(|_| {
        Ok(Some(Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            hold_expired_at: Some(Utc::now()),
            ..unconfirmed_order()
        }))
    });
    ports.orders.expect_apply().never();
    let error = ports
        .orders_service()
        .update_payment_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "paid", None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdatePaymentError::HoldExpired));
}

fn unconfirmed_order() -> Order {
    Order {
        payment_status: PaymentStatus::Pending,
        transaction_id: None,
        ..paid_order()
    }
}

#[tokio::test]
async fn an_admin_marks_an_unconfirmed_payment_paid_with_the_providers_id() {
    let mut ports = Mocks::new();
    let mut answers = vec![paid_order(), unconfirmed_order()];
    ports
        .orders
        .expect_by_id()
        .times(2)
        .returning(move |_| Ok(answers.pop()));
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change
                == OrderTransition::payment_change(
                    OrderStatus::Pending,
                    PaymentChange {
                        from: PaymentStatus::Pending,
                        to: PaymentStatus::Paid,
                        transaction_id: Some("EVC-77".into()),
                    },
                )
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::OrderPayment
                && entry.change.entity_id.as_deref() == Some("o1")
                && entry.change.before.clone().map(Value::Object)
                    == Some(json!({ "paymentStatus": "pending", "transactionId": null }))
                && entry.change.after.clone().map(Value::Object)
                    == Some(json!({ "paymentStatus": "paid", "transactionId": "T1" }))
        })
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .orders_service()
        .update_payment_status(
            &admin("boss"),
            &OrderId::parse("o1").unwrap(),
            "paid",
            Some(" EVC-77 "),
        )
        .await
        .unwrap();
    assert_eq!(order.payment_status, PaymentStatus::Paid);
}

#[tokio::test]
async fn only_an_order_awaiting_payment_can_be_marked_paid() {
    let mut ports = Mocks::new();
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(paid_order())));
    ports.orders.expect_apply().never();
    let error = ports
        .orders_service()
        .update_payment_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "paid", None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdatePaymentError::NotAwaitingPayment));
}

#[tokio::test]
async fn an_admin_can_only_set_a_payment_to_paid() {
    let error = Mocks::new()
        .orders_service()
        .update_payment_status(
            &admin("boss"),
            &OrderId::parse("o1").unwrap(),
            "refunded",
            None,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, UpdatePaymentError::Invalid(e) if e.to_string().contains("Payment status can only be set to paid"))
    );
}

#[tokio::test]
async fn a_shopper_cannot_mark_a_payment_paid() {
    let error = Mocks::new()
        .orders_service()
        .update_payment_status(
            &shopper("amina"),
            &OrderId::parse("o1").unwrap(),
            "paid",
            None,
        )
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdatePaymentError::Refused(PermissionError::AdminOnly)
    ));
}

#[tokio::test]
async fn canceling_an_unconfirmed_order_marks_its_payment_failed_without_a_refund() {
    let mut ports = Mocks::new();
    let mut answers = vec![
        Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..unconfirmed_order()
        },
        unconfirmed_order(),
    ];
    ports
        .orders
        .expect_by_id()
        .returning(move |_| Ok(answers.pop()));
    ports.payments.expect_refund().never();
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change.stock == StockEffect::Release
                && plan.change.payment.as_ref().map(|p| (p.from, p.to))
                    == Some((PaymentStatus::Pending, PaymentStatus::Failed))
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::OrderStatus
                && entry.change.before.clone().map(Value::Object)
                    == Some(json!({ "status": "pending", "paymentStatus": "pending" }))
                && entry.change.after.clone().map(Value::Object)
                    == Some(json!({ "status": "canceled", "paymentStatus": "failed" }))
        })
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
        .await
        .unwrap();
    assert_eq!(order.payment_status, PaymentStatus::Failed);
}

#[tokio::test]
async fn shipping_an_order_is_audited_with_its_statuses_before_and_after() {
    let mut ports = Mocks::new();
    let mut reads = 0;
    ports.orders.expect_by_id().returning(move |_| {
        reads += 1;
        let mut order = paid_order();
        if reads > 1 {
            order.status = OrderStatus::Shipped;
        }
        Ok(Some(order))
    });
    ports.orders.expect_apply().times(1).returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::OrderStatus
                && entry.change.entity_id.as_deref() == Some("o1")
                && entry
                    .change
                    .before
                    .as_ref()
                    .map(|b| Value::Object(b.clone()))
                    == Some(json!({ "status": "pending", "paymentStatus": "paid" }))
                && entry
                    .change
                    .after
                    .as_ref()
                    .map(|a| Value::Object(a.clone()))
                    == Some(json!({ "status": "shipped", "paymentStatus": "paid" }))
        })
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .orders_service()
        .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "shipped")
        .await
        .unwrap();
    assert_eq!(order.status, OrderStatus::Shipped);
}

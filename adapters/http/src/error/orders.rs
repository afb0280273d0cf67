//! Checkout's, the orders' and the returns' errors over HTTP.

use super::ApiError;
use application::checkout::CheckoutError;
use application::orders::{
    FindOrderError, ResolveOrderRefundError, UpdateOrderStatusError, UpdatePaymentError,
};
use application::payments::card::CardPaymentError;
use application::payments::notices::NoticeFailure;
use application::refunds::{ReclaimError, RefundFailed};
use application::returns::{
    ChangeReturnError, ListReturnsError, RequestReturnError, ResolveReturnRefundError,
    ReturnStepError,
};
use domain::message::texts::{
    CARD_PAYMENT_NOT_FOUND, CART_EMPTY, CHECKOUT_IN_PROGRESS, HOLD_EXPIRED, NOTICES_NOT_SET_UP,
    NOTICE_SIGNATURE_INVALID, NOTICE_UNREADABLE, NOT_AWAITING_PAYMENT, ORDER_NOT_FOUND,
    ORDER_STATUS_INVALID, PAYMENT_AWAITED, PAYMENT_FAILED, REFUND_UNANSWERED, REFUND_UNDER_WAY,
    REOPENING_CODE_UNUSABLE, RETURN_CHANGED, RETURN_NOT_FOUND, RETURN_REFUND_REFUSED,
    RETURN_STATUS_FILTER_INVALID, RETURN_STATUS_INVALID, REVERSAL_REFUSED,
};
use domain::message::Text;
use domain::ports::NoticeError;
use domain::ports::ReturnStoreError;

impl From<CheckoutError> for ApiError {
    fn from(error: CheckoutError) -> Self {
        match error {
            CheckoutError::Invalid(errors) => errors.into(),
            CheckoutError::InProgress => Self::conflict(CHECKOUT_IN_PROGRESS),
            CheckoutError::CartEmpty => Self::bad_request(CART_EMPTY),
            CheckoutError::CodeRefused(refusal) => Self::conflict(refusal.message()),
            CheckoutError::PaymentAwaited => Self::conflict(PAYMENT_AWAITED),
            CheckoutError::Declined { reason } => Self::payment_declined(reason),
            CheckoutError::DeclinedBefore => Self::payment_declined(PAYMENT_FAILED),
            CheckoutError::ProviderRefused { reason } => Self::payment_provider(reason),
            CheckoutError::Store(error) => error.into(),
            CheckoutError::Repo(error) => error.into(),
        }
    }
}

impl From<CardPaymentError> for ApiError {
    fn from(error: CardPaymentError) -> Self {
        match error {
            CardPaymentError::NotFound => Self::not_found(CARD_PAYMENT_NOT_FOUND),
            CardPaymentError::Repo(error) => error.into(),
        }
    }
}

impl From<FindOrderError> for ApiError {
    fn from(error: FindOrderError) -> Self {
        match error {
            FindOrderError::NotFound => Self::not_found(ORDER_NOT_FOUND),
            FindOrderError::Refused(refusal) => refusal.into(),
            FindOrderError::Store(error) => error.into(),
        }
    }
}

/// A refund that did not land (502); `refused` says what the provider refused.
fn refund_failed(error: RefundFailed, refused: Text) -> ApiError {
    match error {
        RefundFailed::Refused { reason } => {
            ApiError::payment_provider(refused.with("reason", reason))
        }
        RefundFailed::Unanswered { reason } => {
            ApiError::payment_provider(REFUND_UNANSWERED.with("reason", reason))
        }
        RefundFailed::Store(error) => error.into(),
    }
}

/// An admin's resolution that could not take over the refund's claim; `missing` is what
/// was not found.
fn reclaim_failed(error: ReclaimError, missing: Text) -> ApiError {
    match error {
        ReclaimError::NotFound => ApiError::not_found(missing),
        ReclaimError::Refused(refusal) => refusal.into(),
        ReclaimError::Store(error) => error.into(),
    }
}

impl From<UpdateOrderStatusError> for ApiError {
    fn from(error: UpdateOrderStatusError) -> Self {
        match error {
            UpdateOrderStatusError::Refused(refusal) => refusal.into(),
            UpdateOrderStatusError::InvalidStatus => {
                Self::invalid_field("status", ORDER_STATUS_INVALID)
            }
            UpdateOrderStatusError::Find(error) => error.into(),
            UpdateOrderStatusError::Move(refusal) => refusal.into(),
            UpdateOrderStatusError::CodeUnusable => Self::conflict(REOPENING_CODE_UNUSABLE),
            UpdateOrderStatusError::Refund(error) => refund_failed(error, REVERSAL_REFUSED),
            UpdateOrderStatusError::Store(error) => error.into(),
            UpdateOrderStatusError::Repo(error) => error.into(),
        }
    }
}

impl From<ResolveOrderRefundError> for ApiError {
    fn from(error: ResolveOrderRefundError) -> Self {
        match error {
            ResolveOrderRefundError::Refused(refusal) => refusal.into(),
            ResolveOrderRefundError::Invalid(errors) => errors.into(),
            ResolveOrderRefundError::Find(error) => error.into(),
            ResolveOrderRefundError::Change(refusal) => refusal.into(),
            ResolveOrderRefundError::Reclaim(error) => reclaim_failed(error, ORDER_NOT_FOUND),
            ResolveOrderRefundError::Refund(error) => refund_failed(error, REVERSAL_REFUSED),
            ResolveOrderRefundError::Store(error) => error.into(),
        }
    }
}

impl From<UpdatePaymentError> for ApiError {
    fn from(error: UpdatePaymentError) -> Self {
        match error {
            UpdatePaymentError::Refused(refusal) => refusal.into(),
            UpdatePaymentError::Invalid(errors) => errors.into(),
            UpdatePaymentError::Find(error) => error.into(),
            UpdatePaymentError::HoldExpired => Self::conflict(HOLD_EXPIRED),
            UpdatePaymentError::NotAwaitingPayment => Self::conflict(NOT_AWAITING_PAYMENT),
            UpdatePaymentError::Store(error) => error.into(),
        }
    }
}

impl From<ReturnStoreError> for ApiError {
    fn from(error: ReturnStoreError) -> Self {
        match error {
            ReturnStoreError::Refused(refusal) if refusal.is_conflict() => {
                Self::conflict(refusal.message())
            }
            ReturnStoreError::Refused(refusal) => Self::bad_request(refusal.message()),
            ReturnStoreError::Stale => Self::conflict(RETURN_CHANGED),
            ReturnStoreError::Repo(repo) => Self::stored(repo, RETURN_NOT_FOUND),
        }
    }
}

impl From<RequestReturnError> for ApiError {
    fn from(error: RequestReturnError) -> Self {
        match error {
            RequestReturnError::Invalid(errors) => errors.into(),
            RequestReturnError::Find(error) => error.into(),
            RequestReturnError::RefundUnderWay => Self::conflict(REFUND_UNDER_WAY),
            RequestReturnError::Store(error) => error.into(),
        }
    }
}

impl From<ListReturnsError> for ApiError {
    fn from(error: ListReturnsError) -> Self {
        match error {
            ListReturnsError::Refused(refusal) => refusal.into(),
            ListReturnsError::InvalidStatus => Self::bad_request(RETURN_STATUS_FILTER_INVALID),
            ListReturnsError::Store(error) => error.into(),
        }
    }
}

impl From<ReturnStepError> for ApiError {
    fn from(error: ReturnStepError) -> Self {
        match error {
            ReturnStepError::NotFound => Self::not_found(RETURN_NOT_FOUND),
            ReturnStepError::OrderNotFound => Self::not_found(ORDER_NOT_FOUND),
            ReturnStepError::Changed => Self::conflict(RETURN_CHANGED),
            ReturnStepError::Refund(error) => refund_failed(error, RETURN_REFUND_REFUSED),
            ReturnStepError::Store(error) => error.into(),
            ReturnStepError::Repo(error) => error.into(),
        }
    }
}

impl From<ChangeReturnError> for ApiError {
    fn from(error: ChangeReturnError) -> Self {
        match error {
            ChangeReturnError::Refused(refusal) => refusal.into(),
            ChangeReturnError::InvalidStatus => {
                Self::invalid_field("status", RETURN_STATUS_INVALID)
            }
            ChangeReturnError::RefundClaimed(refusal) => refusal.into(),
            ChangeReturnError::Unreachable(to) => Self::conflict(to.unreachable_message()),
            ChangeReturnError::Invalid(errors) => errors.into(),
            ChangeReturnError::Step(error) => error.into(),
        }
    }
}

impl From<ResolveReturnRefundError> for ApiError {
    fn from(error: ResolveReturnRefundError) -> Self {
        match error {
            ResolveReturnRefundError::Refused(refusal) => refusal.into(),
            ResolveReturnRefundError::Invalid(errors) => errors.into(),
            ResolveReturnRefundError::Reclaim(error) => reclaim_failed(error, RETURN_NOT_FOUND),
            ResolveReturnRefundError::Step(error) => error.into(),
        }
    }
}

impl From<NoticeFailure> for ApiError {
    fn from(error: NoticeFailure) -> Self {
        match error {
            NoticeFailure::Notice(NoticeError::NotSetUp) => Self::not_found(NOTICES_NOT_SET_UP),
            NoticeFailure::Notice(NoticeError::BadSignature) => {
                Self::unauthenticated(NOTICE_SIGNATURE_INVALID)
            }
            NoticeFailure::Notice(NoticeError::Unreadable(_)) => {
                Self::bad_request(NOTICE_UNREADABLE)
            }
            NoticeFailure::Repo(error) => error.into(),
        }
    }
}

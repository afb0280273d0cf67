//! Visa and Mastercard through WaafiPay's hosted payment page (HPP).
//!
//! The same `/asm` endpoint and envelope as the wallets, with the HPP's credentials in
//! every `serviceParams`: `merchantUid`, `storeId`, `hppKey` (sources: WaafiPay's API pages
//! at docs.waafipay.com, "Hosted Payment Page"; public clients such as
//! `ahmedibra28/waafipay-api`).
//! - `HPP_PURCHASE` opens the page: `paymentMethod` "CREDIT_CARD", `hppSuccessCallbackUrl`
//!   and `hppFailureCallbackUrl` (the shop's return address for the order), `hppRespDataFormat`
//!   4, `transactionInfo` {`referenceId` (the payment attempt's id: unique to the charge, as
//!   WaafiPay requires), `invoiceId` (the order id), `amount`, `currency` "USD",
//!   `description`}. A "2001" reply carries `params.hppUrl`, where the payer is sent.
//!   Anything else (a refusal, no readable answer) opened no page, so no money can move:
//!   the provider failed, and the order is canceled.
//! - `HPP_GETTRANINFO` {`referenceId`: the attempt's} says what became of it: `params.status` (or
//!   `tranStatusDesc`) "Approved" with `params.transactionId` is approved; a status that
//!   ends the payment without money ("Declined", "Failed", "Cancelled", "Rejected",
//!   "Expired") is declined; anything else (still on the page, not found yet, no answer) is
//!   unconfirmed, asked again for `SHOP_PAYMENT_FOLLOW_DAYS` whatever became of the order.
//!   Its `amount` and `currency` are compared with what was asked. The shop never believes
//!   the return address's own query.
//! - `HPP_REFUNDPURCHASE` {`transactionId`, `amount`, `description`} gives money back, all or
//!   part; `RCS_TRAN_ALREADY_CANCELLED` means an earlier refund's reply was lost.

use super::{envelope, format_amount, CallError, Endpoint, Reply};
use async_trait::async_trait;
use domain::message::texts::{CARD_DECLINED, PROVIDER_FAILED};
use domain::payment_method::PaymentMethod;
use domain::ports::{PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest};
use domain::refund::RefundOutcome;
use serde_json::{json, Value};
use std::fmt;
use std::time::Duration;

/// How long opening the card page or asking about it may take: the payer is not in this
/// call (unlike a wallet's PIN prompt), so a slow answer is a failing provider.
pub const CARD_CALL_TIMEOUT: Duration = Duration::from_secs(20);
/// `hppRespDataFormat` as WaafiPay's own example sends it.
const RESPONSE_DATA_FORMAT: u8 = 4;
/// Statuses of a card payment that ended without taking money.
const ENDED_UNPAID: [&str; 6] = [
    "declined",
    "failed",
    "cancelled",
    "canceled",
    "rejected",
    "expired",
];

/// The hosted page's endpoint and credentials, and where the payer comes back to. `Debug`
/// hides the key.
#[derive(Clone, PartialEq, Eq)]
pub struct WaafiPayCardConfig {
    /// The whole `/asm` endpoint URL (the wallets' one).
    pub url: String,
    pub merchant_uid: String,
    pub store_id: String,
    pub hpp_key: String,
    /// The shop's return address (`…/api/payments/card/return`); `?order={id}` is added.
    pub return_url: String,
}

impl fmt::Debug for WaafiPayCardConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WaafiPayCardConfig")
            .field("url", &self.url)
            .field("merchant_uid", &self.merchant_uid)
            .field("store_id", &self.store_id)
            .field("hpp_key", &"<hidden>")
            .field("return_url", &self.return_url)
            .finish()
    }
}

/// Card payments on WaafiPay's hosted page. See the module documentation.
#[derive(Debug, Clone)]
pub struct WaafiPayCards {
    card: WaafiPayCardConfig,
    endpoint: Endpoint,
}

impl WaafiPayCards {
    /// Calls wait up to [`CARD_CALL_TIMEOUT`].
    pub fn new(card: WaafiPayCardConfig) -> Result<Self, reqwest::Error> {
        let endpoint = Endpoint::new(&card.url, CARD_CALL_TIMEOUT)?;
        Ok(Self { card, endpoint })
    }

    pub fn config(&self) -> &WaafiPayCardConfig {
        &self.card
    }

    /// Registers `url` as the merchant's webhook (`WEBHOOK_REGISTER`, once per merchant):
    /// WaafiPay's message when it refuses.
    pub async fn register_webhook(&self, url: &str) -> Result<(), String> {
        let body = self.envelope("WEBHOOK_REGISTER", super::webhook::register_params(url));
        match self.endpoint.call(&body).await {
            Ok(reply) if reply.succeeded() => Ok(()),
            Ok(reply) => Err(reply.redacted_message()),
            Err(error) => Err(error.reason().to_owned()),
        }
    }

    fn envelope(&self, service_name: &str, mut service_params: Value) -> Value {
        service_params["merchantUid"] = json!(self.card.merchant_uid);
        service_params["storeId"] = json!(self.card.store_id);
        service_params["hppKey"] = json!(self.card.hpp_key);
        envelope(service_name, service_params)
    }

    fn return_url(&self, request: &PaymentRequest) -> String {
        let mut url =
            reqwest::Url::parse(&self.card.return_url).expect("the return URL is checked at start");
        url.query_pairs_mut()
            .append_pair("order", request.order.as_str());
        url.into()
    }

    fn purchase_body(&self, request: &PaymentRequest) -> Value {
        let return_url = self.return_url(request);
        self.envelope(
            "HPP_PURCHASE",
            json!({
                "paymentMethod": "CREDIT_CARD",
                "hppSuccessCallbackUrl": return_url,
                "hppFailureCallbackUrl": return_url,
                "hppRespDataFormat": RESPONSE_DATA_FORMAT,
                "transactionInfo": {
                    "referenceId": request.attempt.as_str(),
                    "invoiceId": request.order.as_str(),
                    "amount": format_amount(request.amount),
                    "currency": "USD",
                    "description": request.description,
                },
            }),
        )
    }
}

/// The page's address, or the provider failed: no page was opened, so nothing can be paid.
fn page_outcome(result: &Result<Reply, CallError>) -> PaymentOutcome {
    match result {
        Ok(reply) if reply.succeeded() && !reply.hpp_url.is_empty() => PaymentOutcome::OnPage {
            url: reply.hpp_url.clone(),
        },
        _ => PaymentOutcome::ProviderRefused {
            reason: PROVIDER_FAILED.into(),
        },
    }
}

/// What `HPP_GETTRANINFO` says of the payment.
fn status_outcome(result: &Result<Reply, CallError>) -> PaymentOutcome {
    let reply = match result {
        Ok(reply) if reply.succeeded() => reply,
        Ok(reply) => {
            return PaymentOutcome::Unconfirmed {
                reason: format!("WaafiPay has no answer yet ({})", reply.redacted_message()),
            }
        }
        Err(error) => {
            return PaymentOutcome::Unconfirmed {
                reason: error.reason().to_owned(),
            }
        }
    };
    let status = reply.status.to_ascii_lowercase();
    if status == "approved" && !reply.transaction_id.is_empty() {
        PaymentOutcome::Approved {
            transaction_id: reply.transaction_id.clone(),
            amount: reply.amount.clone(),
        }
    } else if ENDED_UNPAID.contains(&status.as_str()) {
        PaymentOutcome::Declined {
            reason: CARD_DECLINED.into(),
        }
    } else {
        PaymentOutcome::Unconfirmed {
            reason: format!("the card payment is {:?}", reply.status),
        }
    }
}

#[async_trait]
impl PaymentGateway for WaafiPayCards {
    fn methods(&self) -> Vec<PaymentMethod> {
        vec![PaymentMethod::Card]
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        let result = self.endpoint.call(&self.purchase_body(request)).await;
        let outcome = page_outcome(&result);
        match &result {
            Ok(reply) => tracing::info!(
                order = %request.order,
                attempt = %request.attempt,
                amount = %request.amount,
                response_code = %reply.response_code,
                error_code = %reply.error_code,
                opened = matches!(outcome, PaymentOutcome::OnPage { .. }),
                "WaafiPay card page"
            ),
            Err(error) => tracing::error!(
                order = %request.order,
                attempt = %request.attempt,
                http_status = error.http_status(),
                reason = error.reason(),
                "WaafiPay card page not opened"
            ),
        }
        outcome
    }

    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome {
        let body = self.envelope(
            "HPP_GETTRANINFO",
            json!({ "referenceId": payment.attempt.as_str() }),
        );
        let outcome = status_outcome(&self.endpoint.call(&body).await);
        tracing::info!(order = %payment.order, attempt = %payment.attempt, outcome = ?outcome, "WaafiPay card payment asked about");
        outcome
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        let body = self.envelope(
            "HPP_REFUNDPURCHASE",
            json!({
                "transactionId": refund.transaction_id,
                "amount": format_amount(refund.amount),
                "description": super::refund_description(refund),
            }),
        );
        let outcome = super::refund_outcome(&self.endpoint.call(&body).await);
        super::log_refund("WaafiPay card refund", refund, &outcome);
        outcome
    }
}

#[cfg(test)]
mod tests;

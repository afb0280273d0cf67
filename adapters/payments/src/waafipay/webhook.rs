//! WaafiPay's Hosted Payment Page webhook: the notification WaafiPay posts when a card
//! payment (`authorization`) or its refund (`refund`) ends, and its `webhook.test` ping
//! (source: WaafiPay's API pages at docs.waafipay.com, "Webhooks").
//!
//! - Registered once per merchant with `WEBHOOK_REGISTER` {`url`, `description`} and the HPP
//!   credentials (`shop register-webhook`); WaafiPay keeps one address per merchant.
//! - The body: `event` (`authorization`, `refund` or `webhook.test`) and `payment` {`status`
//!   ("APPROVED", "FAILED", "DECLINED", "CANCELED", "EXPIRED", "TIMEOUT"), `amount`,
//!   `reference_id`: the `referenceId` the charge was made under, the shop's payment
//!   attempt}.
//! - Verified before it is read: [`SIGNATURE_HEADER`] carries the HMAC-SHA256 of the raw
//!   body under the webhook secret (`SHOP_WAAFIPAY_WEBHOOK_SECRET`), in hex, compared in
//!   constant time; anything else is refused.
//!
//! Even a verified notification is only a hint: the shop asks `HPP_GETTRANINFO` about the
//! attempt it names and records that answer, exactly as on the payer's return. So a replayed
//! or forged notification can at most make the shop ask early, and WaafiPay not retrying a
//! failed delivery loses nothing: the follow-up asks anyway.

use domain::ports::{NoticeError, PaymentNotice, PaymentNotices};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use std::fmt;

/// The header that signs a notification.
pub const SIGNATURE_HEADER: &str = "X-WaafiPay-Signature";

/// WaafiPay's notifications, verified with the webhook secret. `Debug` hides the secret.
#[derive(Clone)]
pub struct WaafiPayNotices {
    secret: String,
}

impl fmt::Debug for WaafiPayNotices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WaafiPayNotices")
            .field("secret", &"<hidden>")
            .finish()
    }
}

#[derive(Deserialize)]
struct Notification {
    event: String,
    #[serde(default)]
    payment: Option<NotifiedPayment>,
}

#[derive(Deserialize)]
struct NotifiedPayment {
    #[serde(default)]
    status: String,
    reference_id: String,
}

impl WaafiPayNotices {
    pub fn new(secret: String) -> Self {
        Self { secret }
    }

    /// The signature of `body`, as WaafiPay sends it (tests sign with it).
    pub fn sign(&self, body: &[u8]) -> String {
        let mut mac = self.mac();
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(self.secret.as_bytes()).expect("HMAC takes any key")
    }

    fn verify(&self, body: &[u8], signature: Option<&str>) -> Result<(), NoticeError> {
        let signature = signature.map(str::trim).unwrap_or_default();
        let hex_digits = signature.strip_prefix("sha256=").unwrap_or(signature);
        let expected = hex::decode(hex_digits).map_err(|_| NoticeError::BadSignature)?;
        let mut mac = self.mac();
        mac.update(body);
        mac.verify_slice(&expected)
            .map_err(|_| NoticeError::BadSignature)
    }
}

impl PaymentNotices for WaafiPayNotices {
    fn signature_header(&self) -> &'static str {
        SIGNATURE_HEADER
    }

    fn read(&self, body: &[u8], signature: Option<String>) -> Result<PaymentNotice, NoticeError> {
        self.verify(body, signature.as_deref())?;
        let notification: Notification = serde_json::from_slice(body)
            .map_err(|error| NoticeError::Unreadable(error.to_string()))?;
        let payment = |notification: Notification| {
            notification
                .payment
                .filter(|payment| !payment.reference_id.trim().is_empty())
                .ok_or_else(|| NoticeError::Unreadable("no payment.reference_id".to_owned()))
        };
        match notification.event.as_str() {
            "webhook.test" => Ok(PaymentNotice::Test),
            "authorization" => {
                let payment = payment(notification)?;
                Ok(PaymentNotice::Charge {
                    reference: payment.reference_id,
                    status: payment.status,
                })
            }
            "refund" => {
                let payment = payment(notification)?;
                Ok(PaymentNotice::Refund {
                    reference: payment.reference_id,
                    status: payment.status,
                })
            }
            other => Err(NoticeError::Unreadable(format!("unknown event {other:?}"))),
        }
    }
}

/// The shop's webhook as `WEBHOOK_REGISTER` names it, to post to WaafiPay with the HPP
/// credentials (`WaafiPayCards::register_webhook`).
pub(super) fn register_params(url: &str) -> serde_json::Value {
    serde_json::json!({ "url": url, "description": "Shop payment notifications" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notices() -> WaafiPayNotices {
        WaafiPayNotices::new("whsec-test".to_owned())
    }

    const APPROVED: &str = r#"{"event":"authorization","payment":{"status":"APPROVED","amount":45.0,"reference_id":"attempt-7"}}"#;

    #[test]
    fn a_signed_authorization_names_its_attempt_and_status() {
        let notices = notices();
        let signature = notices.sign(APPROVED.as_bytes());
        assert_eq!(
            notices.read(APPROVED.as_bytes(), Some(signature.clone())),
            Ok(PaymentNotice::Charge {
                reference: "attempt-7".into(),
                status: "APPROVED".into()
            })
        );
        let prefixed = format!("sha256={}", signature.to_uppercase());
        assert!(notices.read(APPROVED.as_bytes(), Some(prefixed)).is_ok());
    }

    #[test]
    fn a_notification_without_the_secrets_signature_is_refused() {
        let notices = notices();
        let other = WaafiPayNotices::new("another".to_owned()).sign(APPROVED.as_bytes());
        let tampered = APPROVED.replace("45.0", "4500.0");
        let signature = notices.sign(APPROVED.as_bytes());
        for (body, signature) in [
            (APPROVED, None),
            (APPROVED, Some("")),
            (APPROVED, Some("zz")),
            (APPROVED, Some(other.as_str())),
            (tampered.as_str(), Some(signature.as_str())),
        ] {
            assert_eq!(
                notices.read(body.as_bytes(), signature.map(str::to_owned)),
                Err(NoticeError::BadSignature),
                "{body} signed {signature:?}"
            );
        }
    }

    #[test]
    fn the_test_ping_refunds_and_unreadable_notifications() {
        let notices = notices();
        let read = |body: &str| notices.read(body.as_bytes(), Some(notices.sign(body.as_bytes())));
        assert_eq!(read(r#"{"event":"webhook.test"}"#), Ok(PaymentNotice::Test));
        assert_eq!(
            read(
                r#"{"event":"refund","payment":{"status":"APPROVED","reference_id":"attempt-7"}}"#
            ),
            Ok(PaymentNotice::Refund {
                reference: "attempt-7".into(),
                status: "APPROVED".into()
            })
        );
        for unreadable in [
            "not json",
            r#"{"event":"authorization"}"#,
            r#"{"event":"authorization","payment":{"status":"APPROVED","reference_id":" "}}"#,
            r#"{"event":"chargeback","payment":{"reference_id":"attempt-7"}}"#,
        ] {
            assert!(
                matches!(read(unreadable), Err(NoticeError::Unreadable(_))),
                "{unreadable}"
            );
        }
    }
}

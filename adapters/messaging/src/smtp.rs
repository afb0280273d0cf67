//! E-mail over SMTP with lettre: `SHOP_SMTP_URL` names the server (`smtp://host:port` in the
//! clear, `smtp://…?tls=required` with STARTTLS, `smtps://user:pass@host:465` over TLS) and
//! `SHOP_MAIL_FROM` the sender. Both are checked when the shop starts.

use crate::layout;
use async_trait::async_trait;
use domain::ports::{Mailer, OutgoingEmail};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

/// A send that takes longer has failed (the outbox's lease is far longer).
const TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SmtpConfigError {
    #[error(
        "SHOP_SMTP_URL is not a valid SMTP URL (smtp://host:port, smtps://user:pass@host:465): {0}"
    )]
    Url(String),
    #[error("SHOP_MAIL_FROM is required with SHOP_SMTP_URL")]
    MissingFrom,
    #[error("SHOP_MAIL_FROM is not an e-mail address (\"shop@example.so\" or \"Shop <shop@example.so>\"): {0}")]
    From(String),
}

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn new(url: &str, from: Option<&str>) -> Result<Self, SmtpConfigError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| SmtpConfigError::Url(e.to_string()))?
            .timeout(Some(TIMEOUT))
            .build();
        let from = from
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .ok_or(SmtpConfigError::MissingFrom)?;
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| SmtpConfigError::From(e.to_string()))?;
        Ok(Self { transport, from })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: &OutgoingEmail) -> Result<(), String> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|e| format!("the recipient is not an e-mail address: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.letter.subject.clone())
            .multipart(MultiPart::alternative_plain_html(
                layout::plain_text(&email.letter),
                layout::html(&email.letter),
            ))
            .map_err(|e| format!("the message could not be built: {e}"))?;
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|e| format!("the SMTP server did not take it: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_settings_are_checked_when_the_shop_starts() {
        assert!(SmtpMailer::new("smtp://127.0.0.1:2525", Some("Dukaan <shop@dukaan.so>")).is_ok());
        assert!(SmtpMailer::new(
            "smtps://user:pass@mail.dukaan.so:465",
            Some("shop@dukaan.so")
        )
        .is_ok());
        assert!(SmtpMailer::new(
            "smtp://mail.dukaan.so:587?tls=required",
            Some("shop@dukaan.so")
        )
        .is_ok());
        assert!(matches!(
            SmtpMailer::new("http://mail.dukaan.so", Some("shop@dukaan.so")),
            Err(SmtpConfigError::Url(_))
        ));
        assert!(matches!(
            SmtpMailer::new("smtp://127.0.0.1:2525", None),
            Err(SmtpConfigError::MissingFrom)
        ));
        assert!(matches!(
            SmtpMailer::new("smtp://127.0.0.1:2525", Some("not an address")),
            Err(SmtpConfigError::From(_))
        ));
    }
}

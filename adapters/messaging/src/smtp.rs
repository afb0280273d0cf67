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

/// The message to `email.to`: its address as the recipient, exactly, and nothing else (the
/// address is never parsed again as a mailbox, which could find a name or another address
/// in it).
fn message(from: &Mailbox, email: &OutgoingEmail) -> Result<Message, String> {
    Message::builder()
        .from(from.clone())
        .to(Mailbox::new(None, email.to.address().clone()))
        .subject(email.letter.subject.clone())
        .multipart(MultiPart::alternative_plain_html(
            layout::plain_text(&email.letter),
            layout::html(&email.letter),
        ))
        .map_err(|e| format!("the message could not be built: {e}"))
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: &OutgoingEmail) -> Result<(), String> {
        let message = message(&self.from, email)?;
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
    use domain::notification::Letter;
    use domain::user::Email;
    use proptest::prelude::*;

    fn to(email: Email) -> OutgoingEmail {
        OutgoingEmail {
            to: email,
            letter: Letter {
                subject: "Your code".into(),
                ..Letter::default()
            },
        }
    }

    /// The envelope's recipients of the message the mailer builds for `email`.
    fn recipients(email: Email) -> Vec<String> {
        let from: Mailbox = "Dukaan <shop@dukaan.so>".parse().unwrap();
        let message = message(&from, &to(email)).unwrap();
        message
            .envelope()
            .to()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn what_a_mailbox_parser_reads_as_the_victims_address_is_no_email() {
        for hostile in [
            "x<victim@example.com>",
            "Victim <victim@example.com>",
            "<victim@example.com>",
        ] {
            // What the mailer did before: the text parsed as a mailbox goes to the victim...
            let mailbox: Mailbox = hostile.parse().unwrap();
            assert_eq!(mailbox.email.to_string(), "victim@example.com");
            // ...and the sign-up's `Email` no longer takes it.
            assert!(Email::parse(hostile).is_err(), "{hostile:?}");
        }
        for hostile in [
            "zz,victim@example.com",
            "victim@example.com>",
            "a@b.so, victim@example.com",
        ] {
            assert!(Email::parse(hostile).is_err(), "{hostile:?}");
        }
    }

    proptest! {
        /// Whatever text sign-up takes as an `Email` is mailed to exactly that address, even
        /// with what a mailbox parser would read as a name, a list or brackets around it.
        #[test]
        fn a_valid_email_is_mailed_to_exactly_its_address(
            before in prop::sample::select(vec!["", "x<", "<", "Name <", "a@b.so,", "zz,", "\"", " "]),
            local in "[a-zA-Z0-9.+_'-]{1,12}",
            domain in "[a-z0-9-]{1,10}\\.[a-z]{2,4}",
            after in prop::sample::select(vec!["", ">", ",x@y.so", "\"", " ", ";"]),
        ) {
            let raw = format!("{before}{local}@{domain}{after}");
            if let Ok(email) = Email::parse(&raw) {
                prop_assert_eq!(email.as_str(), format!("{local}@{domain}").trim().to_lowercase());
                let address = email.as_str().to_owned();
                prop_assert_eq!(recipients(email), vec![address]);
            }
        }
    }

    #[test]
    fn ordinary_addresses_are_mailed_as_they_are() {
        for raw in [
            "amina@example.com",
            "Amina.Ali+shop@Example.co.uk",
            "o'neil@dukaan.so",
        ] {
            let email = Email::parse(raw).unwrap();
            assert_eq!(recipients(email), vec![raw.to_lowercase()]);
        }
    }

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

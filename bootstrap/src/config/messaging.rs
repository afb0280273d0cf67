//! The settings of notifications (issue 14): e-mail over SMTP, SMS through Hormuud or the
//! sandbox, and where the shop's own alerts go. A channel left unset records its messages as
//! skipped; a channel set badly stops the shop at start.

use application::notifications::Channels;
use clap::builder::BoolishValueParser;
use domain::ports::{Mailer, SmsGateway};
use domain::user::Email;
use shop_messaging::hormuud::{self, HormuudConfig, HormuudSms};
use shop_messaging::sandbox::SandboxSms;
use shop_messaging::smtp::SmtpMailer;
use std::sync::Arc;

#[derive(Debug, Clone, clap::Args)]
pub struct MessagingSettings {
    /// The SMTP server e-mails go through: `smtp://host:port`, `smtp://host:587?tls=required`
    /// (STARTTLS) or `smtps://user:pass@host:465`; unset: e-mails are recorded as skipped.
    #[arg(long, global = true, env = "SHOP_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// The sender of e-mails, e.g. `Dukaan Fashion <shop@dukaan.so>`; required with
    /// SHOP_SMTP_URL.
    #[arg(long, global = true, env = "SHOP_MAIL_FROM")]
    pub mail_from: Option<String>,

    /// Where the shop's alerts (each paid order, a size running low) go; default: the
    /// support e-mail of the settings.
    #[arg(long, global = true, env = "SHOP_ORDER_ALERT_EMAIL")]
    pub order_alert_email: Option<String>,

    /// Hormuud's SMS API; with the three HORMUUD_SMS_* credentials set, SMS go through it.
    #[arg(long, global = true, env = "HORMUUD_SMS_URL", default_value = hormuud::DEFAULT_URL)]
    pub hormuud_sms_url: String,

    #[arg(long, global = true, env = "HORMUUD_SMS_USERNAME")]
    pub hormuud_sms_username: Option<String>,

    #[arg(
        long,
        global = true,
        env = "HORMUUD_SMS_PASSWORD",
        hide_env_values = true
    )]
    pub hormuud_sms_password: Option<String>,

    /// The sender name shoppers see, as registered with Hormuud.
    #[arg(long, global = true, env = "HORMUUD_SMS_SENDER_ID")]
    pub hormuud_sms_sender_id: Option<String>,

    /// Without Hormuud: accept SMS and only record them (`1`/`0`, `yes`/`no`,
    /// `true`/`false`); otherwise SMS are recorded as skipped.
    #[arg(long, global = true, env = "SHOP_SMS_SANDBOX", value_parser = BoolishValueParser::new(), action = clap::ArgAction::Set, default_value = "false")]
    pub sms_sandbox: bool,
}

fn given(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

impl MessagingSettings {
    /// The configured channels; refused when one is set badly or only in part.
    pub fn channels(&self, public_url: &str) -> anyhow::Result<Channels> {
        let mailer: Option<Arc<dyn Mailer>> = match given(&self.smtp_url) {
            Some(url) => Some(Arc::new(SmtpMailer::new(&url, self.mail_from.as_deref())?)),
            None => None,
        };
        let order_alert_email = match given(&self.order_alert_email) {
            Some(address) => Some(
                Email::parse(&address)
                    .map_err(|why| {
                        anyhow::anyhow!("SHOP_ORDER_ALERT_EMAIL is not an e-mail address: {why}")
                    })?
                    .to_string(),
            ),
            None => None,
        };
        Ok(Channels {
            mailer,
            sms: self.sms_gateway()?,
            order_alert_email,
            public_url: Some(public_url.trim_end_matches('/').to_owned()),
        })
    }

    fn sms_gateway(&self) -> anyhow::Result<Option<Arc<dyn SmsGateway>>> {
        let credentials = [
            given(&self.hormuud_sms_username),
            given(&self.hormuud_sms_password),
            given(&self.hormuud_sms_sender_id),
        ];
        match credentials {
            [Some(username), Some(password), Some(sender_id)] => {
                tracing::info!(url = %self.hormuud_sms_url, "SMS: Hormuud");
                let gateway = HormuudSms::new(HormuudConfig {
                    url: self.hormuud_sms_url.trim().trim_end_matches('/').to_owned(),
                    username,
                    password,
                    sender_id,
                })?;
                Ok(Some(Arc::new(gateway)))
            }
            [None, None, None] if self.sms_sandbox => Ok(Some(Arc::new(SandboxSms::default()))),
            [None, None, None] => Ok(None),
            _ => anyhow::bail!(
                "Hormuud SMS is only partly configured: set HORMUUD_SMS_USERNAME, \
                 HORMUUD_SMS_PASSWORD and HORMUUD_SMS_SENDER_ID together, or none of them"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Cli;
    use clap::Parser;

    fn channels(args: &[&str]) -> anyhow::Result<application::notifications::Channels> {
        let mut all = vec!["shop"];
        all.extend_from_slice(args);
        Cli::parse_from(all)
            .settings
            .messaging
            .channels("https://dukaan.so/")
    }

    #[tokio::test]
    async fn a_bad_smtp_url_or_a_missing_sender_stops_the_shop_with_a_clear_message() {
        let error = channels(&["--smtp-url", "mail.dukaan.so"]).err().unwrap();
        assert!(
            error
                .to_string()
                .starts_with("SHOP_SMTP_URL is not a valid SMTP URL"),
            "{error}"
        );
        let error = channels(&["--smtp-url", "smtp://127.0.0.1:2525"])
            .err()
            .unwrap();
        assert_eq!(
            error.to_string(),
            "SHOP_MAIL_FROM is required with SHOP_SMTP_URL"
        );
        let ok = channels(&[
            "--smtp-url",
            "smtp://127.0.0.1:2525",
            "--mail-from",
            "shop@dukaan.so",
        ])
        .unwrap();
        assert!(ok.mailer.is_some() && ok.sms.is_none());
        assert_eq!(ok.public_url.as_deref(), Some("https://dukaan.so"));
    }

    #[tokio::test]
    async fn sms_go_through_hormuud_with_all_three_credentials_or_the_sandbox_when_asked() {
        assert!(channels(&[]).unwrap().sms.is_none());
        assert!(channels(&["--sms-sandbox", "yes"]).unwrap().sms.is_some());
        assert!(channels(&["--hormuud-sms-username", "u"]).is_err());
        let all = [
            "--hormuud-sms-username",
            "u",
            "--hormuud-sms-password",
            "p",
            "--hormuud-sms-sender-id",
            "DUKAAN",
        ];
        assert!(channels(&all).unwrap().sms.is_some());
        assert!(channels(&["--order-alert-email", "nope"]).is_err());
    }
}

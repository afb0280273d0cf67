//! `shop register-webhook`: registers the shop's address for WaafiPay's card-payment
//! notifications (`WEBHOOK_REGISTER`, once per merchant), with the card page's credentials.

use crate::config::Settings;
use anyhow::Context as _;
use shop_http::WAAFIPAY_WEBHOOK_PATH;
use shop_payments::WaafiPayCards;

pub async fn register(settings: &Settings) -> anyhow::Result<()> {
    let public_url = settings.public_url()?;
    let Some(config) = settings.waafipay_cards(&public_url)? else {
        anyhow::bail!(
            "WaafiPay's card page is not set up: set WAAFIPAY_MERCHANT_UID, WAAFIPAY_HPP_STORE_ID and WAAFIPAY_HPP_KEY"
        );
    };
    if settings.waafipay_webhook_secret().is_none() {
        anyhow::bail!(
            "set WAAFIPAY_WEBHOOK_SECRET to the secret WaafiPay signs notifications with, or the shop refuses them"
        );
    }
    let url = format!("{}{WAAFIPAY_WEBHOOK_PATH}", public_url.as_str());
    let cards = WaafiPayCards::new(config).context("building the WaafiPay card client")?;
    cards
        .register_webhook(&url)
        .await
        .map_err(|reason| anyhow::anyhow!("WaafiPay refused the webhook: {reason}"))?;
    println!("Registered {url} for WaafiPay's notifications.");
    Ok(())
}

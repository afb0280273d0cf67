//! The demo shop's discount codes: a running sale, a welcome code, free shipping above an
//! amount and a sale that ended, so the cart and the back office show each case.

use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::discount::{Discount, DiscountCode, DiscountKind};
use domain::ports::{DiscountRepository, IdGenerator};
use domain::{DiscountId, Money, Percent};

/// Code, kind, least subtotal in cents, (start, end) in days from now, limit per customer.
type DemoCode = (
    &'static str,
    DiscountKind,
    Option<i64>,
    (Option<i64>, Option<i64>),
    Option<u32>,
);

fn codes() -> [DemoCode; 4] {
    let percent = |value| DiscountKind::Percent(Percent::new(value).expect("a percent"));
    [
        ("EID-2026", percent(15), None, (Some(-1), Some(60)), None),
        (
            "WELCOME5",
            DiscountKind::Fixed(Money::from_cents(500).expect("an amount")),
            Some(2500),
            (None, None),
            Some(1),
        ),
        (
            "SHIPFREE",
            DiscountKind::FreeShipping,
            Some(5000),
            (None, None),
            None,
        ),
        (
            "SUMMER-SALE",
            percent(20),
            None,
            (Some(-120), Some(-30)),
            None,
        ),
    ]
}

/// Stores the demo codes; a code already there (a shop seeded before) is left alone.
pub async fn seed(discounts: &dyn DiscountRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let day = |offset: Option<i64>| offset.map(|days| now + Duration::days(days));
    for (code, kind, min_subtotal, (starts, ends), per_customer_limit) in codes() {
        let code = DiscountCode::parse(code).expect("demo codes are valid");
        if discounts
            .by_code(&code)
            .await
            .map_err(anyhow::Error::msg)?
            .is_some()
        {
            continue;
        }
        let discount = Discount {
            id: DiscountId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
            code,
            kind,
            min_subtotal: min_subtotal.map(|cents| Money::from_cents(cents).expect("an amount")),
            starts_at: day(starts),
            ends_at: day(ends),
            usage_limit: None,
            per_customer_limit,
            times_used: 0,
            active: true,
            created_at: now,
        };
        discounts
            .insert(&discount)
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e}", discount.code))?;
    }
    Ok(())
}

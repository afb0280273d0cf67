//! The seeded shop's discount codes: the year's sales (a week of Eid al-Fitr, a few days of
//! Eid al-Adha, two weeks back to school), a welcome code once per customer and free
//! shipping above an amount. Orders placed while a code applies often use it, as shoppers
//! do in a sale, and pay what the domain's rules make of it.

use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::discount::{Discount, DiscountCode, DiscountKind};
use domain::ports::IdGenerator;
use domain::{DiscountId, Money, Percent};
use rand::rngs::StdRng;
use rand::Rng;

/// A code and how many in a hundred orders it applies to use it.
struct SaleCode {
    discount: Discount,
    take_up: u32,
}

/// The seeded codes, by how they are tried: the dated sales first, as a shopper in a sale
/// uses the sale's code.
pub(super) struct SaleCodes(Vec<SaleCode>);

impl SaleCodes {
    pub fn new(now: DateTime<Utc>) -> Self {
        let percent = |value| DiscountKind::Percent(Percent::new(value).expect("a percent"));
        let dollars = |cents| Money::from_cents(cents).expect("an amount");
        let code = |code: &str, kind, (from, to): (Option<i64>, Option<i64>)| Discount {
            id: DiscountId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
            code: DiscountCode::parse(code).expect("seeded codes are valid"),
            kind,
            min_subtotal: None,
            starts_at: from.map(|days| now - Duration::days(days)),
            ends_at: to.map(|days| now - Duration::days(days)),
            usage_limit: None,
            per_customer_limit: None,
            times_used: 0,
            active: true,
            created_at: now - Duration::days(from.unwrap_or(super::ORDER_DAYS) + 7),
        };
        Self(vec![
            SaleCode {
                discount: code("EID-AL-FITR", percent(15), (Some(250), Some(243))),
                take_up: 50,
            },
            SaleCode {
                discount: code("EID-AL-ADHA", percent(10), (Some(180), Some(176))),
                take_up: 40,
            },
            SaleCode {
                discount: code("BACK-TO-SCHOOL", percent(20), (Some(90), Some(76))),
                take_up: 35,
            },
            SaleCode {
                discount: Discount {
                    min_subtotal: Some(dollars(2500)),
                    per_customer_limit: Some(1),
                    ..code("WELCOME5", DiscountKind::Fixed(dollars(500)), (None, None))
                },
                take_up: 4,
            },
            SaleCode {
                discount: Discount {
                    min_subtotal: Some(dollars(5000)),
                    ..code("SHIPFREE", DiscountKind::FreeShipping, (None, None))
                },
                take_up: 6,
            },
        ])
    }

    pub fn all(&self) -> Vec<Discount> {
        self.0.iter().map(|code| code.discount.clone()).collect()
    }

    /// The code (its index) an order of `subtotal` placed at `at` uses, if any; `uses` says
    /// how often its customer used a code before.
    pub fn pick(
        &self,
        rng: &mut StdRng,
        at: DateTime<Utc>,
        subtotal: Money,
        uses: impl Fn(usize) -> u32,
    ) -> Option<usize> {
        (0..self.0.len()).find(|&index| {
            let code = &self.0[index];
            code.discount.check(subtotal, at, uses(index)).is_ok()
                && rng.gen_range(0..100) < code.take_up
        })
    }

    pub fn get(&self, index: usize) -> &Discount {
        &self.0[index].discount
    }
}

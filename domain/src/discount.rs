//! Discount codes: what a code is, whether it applies to a cart, what
//! it takes off, and each line's share of it (a returned line's refund carries its share).
//!
//! Kinds: `percent` (1-100 % of the merchandise subtotal, rounded half up to the cent),
//! `fixed` (an amount, never more than the subtotal), `freeShipping`. A code's `amount` is
//! what it takes off the merchandise; free shipping takes nothing off it and makes shipping 0,
//! so a total is always subtotal - amount + shipping.

use crate::ids::DiscountId;
use crate::message::texts::{
    DISCOUNT_ALREADY_USED, DISCOUNT_BELOW_MINIMUM, DISCOUNT_CHANGED, DISCOUNT_EXPIRED,
    DISCOUNT_INACTIVE, DISCOUNT_NOT_STARTED, DISCOUNT_USED_UP, DISCOUNT_WITHDRAWN,
};
use crate::message::Message;
use crate::money::{Money, Percent};
use crate::validation::FieldErrors;
use chrono::{DateTime, Utc};
use std::fmt;

/// The shortest and longest code.
const CODE_LENGTH: std::ops::RangeInclusive<usize> = 3..=32;

/// A discount code: 3 to 32 of A-Z, 0-9 and '-', kept in upper case, so `eid-2026` and
/// `EID-2026` are one code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiscountCode(String);

impl DiscountCode {
    /// The code a shopper or an admin typed, trimmed and in upper case; `None` when it cannot
    /// be a code.
    pub fn parse(raw: &str) -> Option<Self> {
        let code = raw.trim().to_ascii_uppercase();
        let valid = CODE_LENGTH.contains(&code.len())
            && code
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
        valid.then_some(Self(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for DiscountCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a code gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountKind {
    /// This percentage (1 to 100) of the merchandise subtotal.
    Percent(Percent),
    /// This amount off the merchandise, at most the subtotal.
    Fixed(Money),
    /// Shipping costs nothing.
    FreeShipping,
}

impl DiscountKind {
    /// The API's names of the kinds, one per variant.
    pub const NAMES: [&'static str; 3] = ["percent", "fixed", "freeShipping"];

    /// The API's name of the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountKind::Percent(_) => "percent",
            DiscountKind::Fixed(_) => "fixed",
            DiscountKind::FreeShipping => "freeShipping",
        }
    }

    /// The kind's value as the admin's form has it: the percent, or the amount in dollars;
    /// none for free shipping.
    pub fn form_value(self) -> Option<f64> {
        match self {
            DiscountKind::Percent(percent) => Some(f64::from(percent.value())),
            DiscountKind::Fixed(amount) => Some(amount.as_dollars()),
            DiscountKind::FreeShipping => None,
        }
    }
}

/// A discount code as the shop keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Discount {
    pub id: DiscountId,
    pub code: DiscountCode,
    pub kind: DiscountKind,
    /// The least merchandise subtotal the code needs.
    pub min_subtotal: Option<Money>,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    /// Orders in all.
    pub usage_limit: Option<u32>,
    /// Orders per customer.
    pub per_customer_limit: Option<u32>,
    pub times_used: u32,
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

/// Why a code does not apply to this cart now, in words a shopper understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum DiscountRefusal {
    Inactive,
    NotStarted,
    Expired,
    UsedUp,
    BelowMinimum {
        minimum: Money,
    },
    CustomerLimitReached,
    /// An admin changed what the code takes off after the shopper applied it.
    Changed,
    /// An admin deleted the code after the shopper applied it.
    Withdrawn,
}

impl DiscountRefusal {
    pub fn message(&self) -> Message {
        match self {
            DiscountRefusal::Inactive => DISCOUNT_INACTIVE.into(),
            DiscountRefusal::NotStarted => DISCOUNT_NOT_STARTED.into(),
            DiscountRefusal::Expired => DISCOUNT_EXPIRED.into(),
            DiscountRefusal::UsedUp => DISCOUNT_USED_UP.into(),
            DiscountRefusal::BelowMinimum { minimum } => {
                DISCOUNT_BELOW_MINIMUM.with("minimum", minimum)
            }
            DiscountRefusal::CustomerLimitReached => DISCOUNT_ALREADY_USED.into(),
            DiscountRefusal::Changed => DISCOUNT_CHANGED.into(),
            DiscountRefusal::Withdrawn => DISCOUNT_WITHDRAWN.into(),
        }
    }
}

/// The code on a shopper's cart: what it took off when the shopper applied it (the terms
/// the cart showed them), and the code as it stands now, `None` once an admin deleted it.
/// Checkout charges a code only while the two agree, so a code edited or deleted after the
/// shopper saw its totals is refused like one switched off, never charged differently.
#[derive(Debug, Clone, PartialEq)]
pub struct CartDiscount {
    pub code: DiscountCode,
    pub applied: DiscountKind,
    pub current: Option<Discount>,
}

impl CartDiscount {
    /// The code as the shopper applies it now.
    pub fn applying(discount: Discount) -> Self {
        Self {
            code: discount.code.clone(),
            applied: discount.kind,
            current: Some(discount),
        }
    }

    /// The code as it stands, while it still takes off what the shopper applied it for.
    pub fn standing(&self) -> Result<&Discount, DiscountRefusal> {
        let current = self.current.as_ref().ok_or(DiscountRefusal::Withdrawn)?;
        if current.kind != self.applied {
            return Err(DiscountRefusal::Changed);
        }
        Ok(current)
    }
}

/// A cart's or order's money with a code applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscountedTotal {
    /// Taken off the merchandise.
    pub amount: Money,
    pub shipping: Money,
    /// subtotal - amount + shipping.
    pub total: Money,
}

impl Discount {
    /// Whether the code applies at `now` to a merchandise `subtotal` of a customer who has
    /// used it `uses_by_customer` times.
    pub fn check(
        &self,
        subtotal: Money,
        now: DateTime<Utc>,
        uses_by_customer: u32,
    ) -> Result<(), DiscountRefusal> {
        if !self.active {
            return Err(DiscountRefusal::Inactive);
        }
        if self.starts_at.is_some_and(|start| now < start) {
            return Err(DiscountRefusal::NotStarted);
        }
        if self.ends_at.is_some_and(|end| now >= end) {
            return Err(DiscountRefusal::Expired);
        }
        if self
            .usage_limit
            .is_some_and(|limit| self.times_used >= limit)
        {
            return Err(DiscountRefusal::UsedUp);
        }
        if let Some(minimum) = self.min_subtotal.filter(|minimum| subtotal < *minimum) {
            return Err(DiscountRefusal::BelowMinimum { minimum });
        }
        if self
            .per_customer_limit
            .is_some_and(|limit| uses_by_customer >= limit)
        {
            return Err(DiscountRefusal::CustomerLimitReached);
        }
        Ok(())
    }

    /// The money of a cart of this merchandise `subtotal` and `shipping` with the code.
    pub fn applied(&self, subtotal: Money, shipping: Money) -> DiscountedTotal {
        let (amount, shipping) = match self.kind {
            DiscountKind::Percent(percent) => (percent_of(subtotal, percent), shipping),
            DiscountKind::Fixed(amount) => (amount.min(subtotal), shipping),
            DiscountKind::FreeShipping => (Money::ZERO, Money::ZERO),
        };
        DiscountedTotal {
            amount,
            shipping,
            total: subtotal.saturating_sub(amount) + shipping,
        }
    }
}

/// `percent` of `amount`, rounded half up to the cent.
pub fn percent_of(amount: Money, percent: Percent) -> Money {
    let cents = (amount.cents() * i64::from(percent.value()) + 50) / 100;
    Money::from_cents(cents).expect("a part of an amount is an amount")
}

/// Each line's share of an order's `discount`, by line subtotal: the shares add up to the
/// discount exactly (the cents left by rounding down go to the lines with the largest
/// remainders, the earlier line first on a tie). No share is more than its line.
pub fn line_shares(discount: Money, line_subtotals: &[Money]) -> Vec<Money> {
    let whole: i64 = line_subtotals.iter().map(|m| m.cents()).sum();
    let discount = discount.cents().min(whole);
    if whole == 0 || discount == 0 {
        return vec![Money::ZERO; line_subtotals.len()];
    }
    // i128: a discount times a line subtotal can pass i64 for very large orders.
    let exact: Vec<(i64, i128)> = line_subtotals
        .iter()
        .map(|line| {
            let product = i128::from(discount) * i128::from(line.cents());
            let whole = i128::from(whole);
            ((product / whole) as i64, product % whole)
        })
        .collect();
    let mut left = discount - exact.iter().map(|(share, _)| share).sum::<i64>();
    let mut by_remainder: Vec<usize> = (0..exact.len()).collect();
    by_remainder.sort_by(|a, b| exact[*b].1.cmp(&exact[*a].1).then(a.cmp(b)));
    let mut shares: Vec<i64> = exact.iter().map(|(share, _)| *share).collect();
    for index in by_remainder {
        if left == 0 {
            break;
        }
        shares[index] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|cents| Money::from_cents(cents).expect("a share of an amount is an amount"))
        .collect()
}

/// A code as the admin's form sends it, before validation.
#[derive(Debug, Clone, Default)]
pub struct DiscountInput {
    pub code: String,
    pub kind: String,
    /// A percent for `percent`, dollars for `fixed`, ignored for `freeShipping`; `None` when
    /// missing or not a number.
    pub value: Option<f64>,
    /// Dollars; `Some(None)`: sent, not a number.
    pub min_subtotal: Option<Option<f64>>,
    /// RFC 3339 instants.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    /// `Some(None)`: sent, not a number.
    pub usage_limit: Option<Option<f64>>,
    pub per_customer_limit: Option<Option<f64>>,
    pub active: bool,
}

/// A code's validated fields (everything but identity, uses and creation time).
#[derive(Debug, Clone, PartialEq)]
pub struct DiscountDraft {
    pub code: DiscountCode,
    pub kind: DiscountKind,
    pub min_subtotal: Option<Money>,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub usage_limit: Option<u32>,
    pub per_customer_limit: Option<u32>,
    pub active: bool,
}

impl DiscountDraft {
    /// The code as stored, with `id`, its uses so far and when it was made.
    pub fn into_discount(
        self,
        id: DiscountId,
        times_used: u32,
        created_at: DateTime<Utc>,
    ) -> Discount {
        Discount {
            id,
            code: self.code,
            kind: self.kind,
            min_subtotal: self.min_subtotal,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            usage_limit: self.usage_limit,
            per_customer_limit: self.per_customer_limit,
            times_used,
            active: self.active,
            created_at,
        }
    }
}

/// A whole number of 1 or more (a limit), or none.
fn limit(raw: Option<Option<f64>>) -> Result<Option<u32>, ()> {
    match raw {
        None => Ok(None),
        Some(Some(n)) if n >= 1.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) => {
            Ok(Some(n as u32))
        }
        Some(_) => Err(()),
    }
}

fn instant(raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ()> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => DateTime::parse_from_rfc3339(raw)
            .map(|at| Some(at.with_timezone(&Utc)))
            .map_err(drop),
    }
}

impl DiscountInput {
    /// The form's rules, with a message per field.
    pub fn validate(&self) -> Result<DiscountDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = DiscountCode::parse(&self.code);
        errors.check(
            code.is_none(),
            "code",
            "Code must be 3 to 32 letters, digits or dashes",
        );
        let kind = match self.kind.as_str() {
            "percent" => {
                let percent = self
                    .value
                    .filter(|v| (1.0..=100.0).contains(v) && v.fract() == 0.0)
                    .and_then(|v| Percent::new(v as u8));
                errors.check(
                    percent.is_none(),
                    "value",
                    "Percent must be a whole number from 1 to 100",
                );
                percent.map(DiscountKind::Percent)
            }
            "fixed" => {
                let amount = self
                    .value
                    .and_then(Money::from_dollars)
                    .filter(|m| m.cents() > 0);
                errors.check(amount.is_none(), "value", "Amount must be more than $0.00");
                amount.map(DiscountKind::Fixed)
            }
            "freeShipping" => Some(DiscountKind::FreeShipping),
            _ => {
                errors.add("kind", "Kind must be percent, fixed or freeShipping");
                None
            }
        };
        let min_subtotal = match self.min_subtotal {
            None | Some(Some(0.0)) => Ok(None),
            Some(Some(dollars)) => Money::from_dollars(dollars).map(Some).ok_or(()),
            Some(None) => Err(()),
        };
        errors.check(
            min_subtotal.is_err(),
            "minSubtotal",
            "Minimum subtotal must be an amount of $0.00 or more",
        );
        let starts_at = instant(self.starts_at.as_deref());
        errors.check(
            starts_at.is_err(),
            "startsAt",
            "Start must be a date and time",
        );
        let ends_at = instant(self.ends_at.as_deref());
        errors.check(ends_at.is_err(), "endsAt", "End must be a date and time");
        if let (Ok(Some(start)), Ok(Some(end))) = (&starts_at, &ends_at) {
            errors.check(end <= start, "endsAt", "End must be after the start");
        }
        let usage_limit = limit(self.usage_limit);
        errors.check(
            usage_limit.is_err(),
            "usageLimit",
            "Usage limit must be a whole number of 1 or more",
        );
        let per_customer_limit = limit(self.per_customer_limit);
        errors.check(
            per_customer_limit.is_err(),
            "perCustomerLimit",
            "Limit per customer must be a whole number of 1 or more",
        );
        match (
            code,
            kind,
            min_subtotal,
            starts_at,
            ends_at,
            usage_limit,
            per_customer_limit,
        ) {
            (
                Some(code),
                Some(kind),
                Ok(min_subtotal),
                Ok(starts_at),
                Ok(ends_at),
                Ok(usage_limit),
                Ok(per_customer_limit),
            ) if errors.is_empty() => Ok(DiscountDraft {
                code,
                kind,
                min_subtotal,
                starts_at,
                ends_at,
                usage_limit,
                per_customer_limit,
                active: self.active,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn money(cents: i64) -> Money {
        Money::from_cents(cents).unwrap()
    }

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, day, 12, 0, 0).unwrap()
    }

    /// The code EID-2026 of this kind, without conditions.
    pub(crate) fn code(kind: DiscountKind) -> Discount {
        Discount {
            id: DiscountId::parse("eid").unwrap(),
            code: DiscountCode::parse("EID-2026").unwrap(),
            kind,
            min_subtotal: None,
            starts_at: None,
            ends_at: None,
            usage_limit: None,
            per_customer_limit: None,
            times_used: 0,
            active: true,
            created_at: at(1),
        }
    }

    fn percent(value: u8) -> DiscountKind {
        DiscountKind::Percent(Percent::new(value).unwrap())
    }

    #[test]
    fn a_cart_code_stands_while_it_takes_off_what_the_shopper_applied_it_for() {
        let on_cart = CartDiscount::applying(code(percent(50)));
        assert_eq!(on_cart.standing(), Ok(&code(percent(50))));
        let edited_after = |kind| CartDiscount {
            current: Some(code(kind)),
            ..on_cart.clone()
        };
        // Smaller or larger, the shopper was not shown it: they apply it again.
        assert_eq!(
            edited_after(percent(5)).standing(),
            Err(DiscountRefusal::Changed)
        );
        assert_eq!(
            edited_after(percent(60)).standing(),
            Err(DiscountRefusal::Changed)
        );
        assert_eq!(
            edited_after(DiscountKind::FreeShipping).standing(),
            Err(DiscountRefusal::Changed)
        );
        // Conditions (dates, limits, minimum) are checked on their own; they change no amount.
        let limited_since = CartDiscount {
            current: Some(Discount {
                usage_limit: Some(3),
                ..code(percent(50))
            }),
            ..on_cart.clone()
        };
        assert!(limited_since.standing().is_ok());
        let deleted = CartDiscount {
            current: None,
            ..on_cart
        };
        assert_eq!(deleted.standing(), Err(DiscountRefusal::Withdrawn));
    }

    #[test]
    fn codes_are_upper_case_letters_digits_and_dashes_of_3_to_32() {
        assert_eq!(
            DiscountCode::parse(" eid-2026 ").unwrap().as_str(),
            "EID-2026"
        );
        assert!(DiscountCode::parse("AB").is_none());
        assert!(DiscountCode::parse(&"A".repeat(32)).is_some());
        assert!(DiscountCode::parse(&"A".repeat(33)).is_none());
        assert!(DiscountCode::parse("EID 2026").is_none());
        assert!(DiscountCode::parse("EID_2026").is_none());
        assert!(DiscountCode::parse("ÇAY-10").is_none());
    }

    #[test]
    fn a_percent_is_rounded_half_up_to_the_cent() {
        let ten = code(percent(10));
        // 10 % of $12.35 is $1.235: $1.24.
        assert_eq!(ten.applied(money(1235), money(500)).amount, money(124));
        assert_eq!(ten.applied(money(1234), money(500)).amount, money(123));
        let whole = code(percent(100)).applied(money(4999), money(500));
        assert_eq!((whole.amount, whole.total), (money(4999), money(500)));
    }

    #[test]
    fn a_fixed_amount_never_takes_more_than_the_subtotal() {
        let five = code(DiscountKind::Fixed(money(500)));
        let total = five.applied(money(2000), money(300));
        assert_eq!((total.amount, total.total), (money(500), money(1800)));
        let small = five.applied(money(350), money(300));
        assert_eq!((small.amount, small.total), (money(350), money(300)));
    }

    #[test]
    fn free_shipping_takes_the_shipping_off_and_nothing_else() {
        let free = code(DiscountKind::FreeShipping).applied(money(2000), money(300));
        assert_eq!(
            free,
            DiscountedTotal {
                amount: Money::ZERO,
                shipping: Money::ZERO,
                total: money(2000),
            }
        );
    }

    #[test]
    fn a_code_applies_only_active_in_its_dates_under_its_limits_and_above_its_minimum() {
        let base = code(percent(10));
        let check = |d: &Discount, subtotal: i64, uses: u32| d.check(money(subtotal), at(10), uses);
        assert_eq!(check(&base, 100, 0), Ok(()));
        let inactive = Discount {
            active: false,
            ..base.clone()
        };
        assert_eq!(check(&inactive, 100, 0), Err(DiscountRefusal::Inactive));
        let later = Discount {
            starts_at: Some(at(11)),
            ..base.clone()
        };
        assert_eq!(check(&later, 100, 0), Err(DiscountRefusal::NotStarted));
        let started = Discount {
            starts_at: Some(at(10)),
            ..base.clone()
        };
        assert_eq!(check(&started, 100, 0), Ok(()), "from its first moment");
        let ended = Discount {
            ends_at: Some(at(10)),
            ..base.clone()
        };
        assert_eq!(check(&ended, 100, 0), Err(DiscountRefusal::Expired));
        let used_up = Discount {
            usage_limit: Some(3),
            times_used: 3,
            ..base.clone()
        };
        assert_eq!(check(&used_up, 100, 0), Err(DiscountRefusal::UsedUp));
        let minimum = Discount {
            min_subtotal: Some(money(5000)),
            ..base.clone()
        };
        assert_eq!(check(&minimum, 5000, 0), Ok(()));
        let below = check(&minimum, 4999, 0).unwrap_err();
        assert_eq!(
            below.to_string(),
            "This discount code needs a subtotal of at least $50.00"
        );
        let once_each = Discount {
            per_customer_limit: Some(1),
            ..base
        };
        assert_eq!(check(&once_each, 100, 0), Ok(()));
        assert_eq!(
            check(&once_each, 100, 1),
            Err(DiscountRefusal::CustomerLimitReached)
        );
    }

    #[test]
    fn line_shares_follow_the_line_subtotals_and_add_up_to_the_cent() {
        // $10.00 off lines of $10, $20 and $30: 1/6, 2/6 and 3/6.
        assert_eq!(
            line_shares(money(1000), &[money(1000), money(2000), money(3000)]),
            [money(167), money(333), money(500)]
        );
        // One cent over three equal lines goes to the first.
        assert_eq!(
            line_shares(money(1), &[money(100), money(100), money(100)]),
            [money(1), Money::ZERO, Money::ZERO]
        );
        assert_eq!(line_shares(Money::ZERO, &[money(100)]), [Money::ZERO]);
        assert!(line_shares(money(100), &[]).is_empty());
    }

    proptest! {
        #[test]
        fn totals_never_go_negative_and_shares_add_up(
            lines in prop::collection::vec(0i64..500_000, 1..8),
            shipping in 0i64..10_000,
            kind in 0u8..3,
            value in 1i64..1_000_000,
        ) {
            let lines: Vec<Money> = lines.into_iter().map(money).collect();
            let subtotal: Money = lines.iter().copied().sum();
            let kind = match kind {
                0 => percent((value % 100 + 1) as u8),
                1 => DiscountKind::Fixed(money(value)),
                _ => DiscountKind::FreeShipping,
            };
            let total = code(kind).applied(subtotal, money(shipping));
            prop_assert!(total.amount <= subtotal);
            prop_assert_eq!(total.total, subtotal - total.amount + total.shipping);
            let shares = line_shares(total.amount, &lines);
            prop_assert_eq!(shares.iter().copied().sum::<Money>(), total.amount);
            for (share, line) in shares.iter().zip(&lines) {
                prop_assert!(share <= line);
            }
        }
    }

    fn form() -> DiscountInput {
        DiscountInput {
            code: "eid-2026".into(),
            kind: "percent".into(),
            value: Some(15.0),
            active: true,
            ..Default::default()
        }
    }

    #[test]
    fn the_kinds_names_are_the_forms_kinds_and_each_kinds_own() {
        let kinds = [
            percent(15),
            DiscountKind::Fixed(money(500)),
            DiscountKind::FreeShipping,
        ];
        for (kind, name) in kinds.into_iter().zip(DiscountKind::NAMES) {
            assert_eq!(kind.as_str(), name);
            let draft = DiscountInput {
                kind: name.into(),
                ..form()
            }
            .validate()
            .unwrap();
            assert_eq!(draft.kind.as_str(), name);
        }
    }

    #[test]
    fn a_valid_form_is_a_draft_with_its_code_in_upper_case() {
        let draft = DiscountInput {
            min_subtotal: Some(Some(40.0)),
            starts_at: Some("2026-03-01T00:00:00+03:00".into()),
            ends_at: Some("2026-03-31T21:00:00Z".into()),
            usage_limit: Some(Some(100.0)),
            per_customer_limit: Some(Some(1.0)),
            ..form()
        }
        .validate()
        .unwrap();
        assert_eq!(draft.code.as_str(), "EID-2026");
        assert_eq!(draft.kind, percent(15));
        assert_eq!(draft.min_subtotal, Some(money(4000)));
        assert_eq!(
            draft.starts_at,
            Some(Utc.with_ymd_and_hms(2026, 2, 28, 21, 0, 0).unwrap())
        );
        assert_eq!(
            (draft.usage_limit, draft.per_customer_limit),
            (Some(100), Some(1))
        );
        let free = DiscountInput {
            kind: "freeShipping".into(),
            value: None,
            ..form()
        }
        .validate()
        .unwrap();
        assert_eq!(free.kind, DiscountKind::FreeShipping);
    }

    #[test]
    fn every_bad_field_has_its_message() {
        let errors = |input: DiscountInput| input.validate().unwrap_err();
        let bad = errors(DiscountInput {
            code: "no spaces".into(),
            value: Some(101.0),
            min_subtotal: Some(Some(-1.0)),
            starts_at: Some("tomorrow".into()),
            usage_limit: Some(Some(0.0)),
            per_customer_limit: Some(Some(1.5)),
            ..form()
        });
        assert_eq!(
            bad.iter()
                .map(|(field, message)| (field, message.as_str()))
                .collect::<Vec<_>>(),
            [
                ("code", "Code must be 3 to 32 letters, digits or dashes"),
                (
                    "minSubtotal",
                    "Minimum subtotal must be an amount of $0.00 or more"
                ),
                (
                    "perCustomerLimit",
                    "Limit per customer must be a whole number of 1 or more"
                ),
                ("startsAt", "Start must be a date and time"),
                (
                    "usageLimit",
                    "Usage limit must be a whole number of 1 or more"
                ),
                ("value", "Percent must be a whole number from 1 to 100"),
            ]
        );
        let fixed = errors(DiscountInput {
            kind: "fixed".into(),
            value: Some(-5.0),
            ..form()
        });
        assert_eq!(fixed.get("value"), Some("Amount must be more than $0.00"));
        let kind = errors(DiscountInput {
            kind: "half".into(),
            ..form()
        });
        assert_eq!(
            kind.get("kind"),
            Some("Kind must be percent, fixed or freeShipping")
        );
        let backwards = errors(DiscountInput {
            starts_at: Some("2026-03-10T00:00:00Z".into()),
            ends_at: Some("2026-03-01T00:00:00Z".into()),
            ..form()
        });
        assert_eq!(backwards.get("endsAt"), Some("End must be after the start"));
    }
}

//! Payment links: staff send a phone order's customer a link to a page of that order, where
//! they pay with any method the shop takes, without an account. The link's token is a random
//! secret; only its SHA-256 is stored, so the stored links cannot be read back into working
//! ones. One link per order (a new one replaces the last), and it ends when the order can no
//! longer be paid (paid, canceled, or too late in its hold).

use crate::ids::OrderId;
use crate::message::texts::{PAY_LINK_ENDED, PAY_LINK_PAID, PAY_LINK_PAYING};
use crate::message::Text;
use crate::order::Order;
use crate::payment_hold::PaymentHold;
use crate::payment_method::PaymentMethod;
use crate::phone_order::PaymentState;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// How many characters a token has: 32 letters and digits, about 190 random bits.
pub const TOKEN_LENGTH: usize = 32;

/// The secret a payment link carries (never stored).
#[derive(Clone, PartialEq, Eq)]
pub struct LinkToken(String);

impl LinkToken {
    /// `raw` when it is shaped like a token (so no lookup is spent on junk).
    pub fn parse(raw: &str) -> Option<Self> {
        let shaped = raw.len() == TOKEN_LENGTH && raw.bytes().all(|b| b.is_ascii_alphanumeric());
        shaped.then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What is stored of it: its SHA-256, in hex.
    pub fn hash(&self) -> String {
        format!("{:x}", Sha256::digest(self.0.as_bytes()))
    }

    /// The shop's page the link opens, from the shop's public address.
    pub fn path(&self) -> String {
        format!("/pay/{}", self.0)
    }
}

/// Tokens stay out of logs and debug output.
impl std::fmt::Debug for LinkToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkToken(..)")
    }
}

/// A payment link as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentLink {
    pub order_id: OrderId,
    pub token_hash: String,
    pub created_at: DateTime<Utc>,
    /// The last moment a payment may start on it: the order's last payment start in its hold.
    pub expires_at: DateTime<Utc>,
}

impl PaymentLink {
    /// A link of `order` carrying `token`, made `now`: refused (why) unless the order may be
    /// paid now.
    pub fn issue(
        order: &Order,
        token: &LinkToken,
        hold: PaymentHold,
        now: DateTime<Utc>,
    ) -> Result<Self, Text> {
        if let Some(refusal) = PaymentState::of(order, hold, now).refusal() {
            return Err(refusal);
        }
        Ok(Self {
            order_id: order.id.clone(),
            token_hash: token.hash(),
            created_at: now,
            expires_at: hold.last_payment_start(order.created_at),
        })
    }

    /// How many minutes are left of it at `now`, rounded up (at least one).
    pub fn minutes_left(&self, now: DateTime<Utc>) -> i64 {
        Self::minutes_until(self.expires_at, now)
    }

    /// How many minutes are left until `expires_at` at `now`, rounded up (at least one: a
    /// message about a link says how long it has, never "0 minutes").
    pub fn minutes_until(expires_at: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
        ((expires_at - now).num_seconds() + 59)
            .div_euclid(60)
            .max(1)
    }
}

/// What the link's page shows of its order at `now`: the order, to pay (`Open`), waiting for
/// its payment (`Paying`) or paid (`Settled`: reloaded after paying, the payer sees what they
/// paid for and where it stands); nothing once it can no longer be paid (`Gone`: canceled,
/// too late).
pub fn link_state(
    order: &Order,
    hold: PaymentHold,
    now: DateTime<Utc>,
) -> Result<PaymentState, Gone> {
    match PaymentState::of(order, hold, now) {
        PaymentState::Ended => Err(Gone(PAY_LINK_ENDED)),
        shown => Ok(shown),
    }
}

/// Why the link's page takes no payment now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkRefusal {
    /// One is under way, or the order is paid: a second payment of it is refused.
    Taken(Text),
    /// The order can no longer be paid (canceled, too late in its hold).
    Gone(Text),
}

/// Whether the link's page may take a payment of `order` at `now`.
pub fn may_pay(order: &Order, hold: PaymentHold, now: DateTime<Utc>) -> Result<(), LinkRefusal> {
    match PaymentState::of(order, hold, now) {
        PaymentState::Open => Ok(()),
        PaymentState::Paying => Err(LinkRefusal::Taken(PAY_LINK_PAYING)),
        PaymentState::Settled => Err(LinkRefusal::Taken(PAY_LINK_PAID)),
        PaymentState::Ended => Err(LinkRefusal::Gone(PAY_LINK_ENDED)),
    }
}

/// The methods the link's page offers, of those the shop accepts: all but cash, which staff
/// arrange with the customer themselves.
pub fn link_methods(accepted: &[PaymentMethod]) -> Vec<PaymentMethod> {
    accepted
        .iter()
        .copied()
        .filter(|method| *method != PaymentMethod::CashOnDelivery)
        .collect()
}

/// A link whose order can no longer be paid, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gone(pub Text);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::phone_order;
    use crate::order::{OrderStatus, PaymentStatus};
    use chrono::{Duration, TimeZone};

    fn token() -> LinkToken {
        LinkToken::parse("Abcdefghijklmnopqrstuvwxyz012345").unwrap()
    }

    fn hold() -> PaymentHold {
        PaymentHold::new(1800, 60).unwrap()
    }

    fn placed() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
    }

    #[test]
    fn a_token_is_32_letters_and_digits() {
        assert!(LinkToken::parse("Abcdefghijklmnopqrstuvwxyz012345").is_some());
        assert!(
            LinkToken::parse("Abcdefghijklmnopqrstuvwxyz01234").is_none(),
            "31"
        );
        assert!(
            LinkToken::parse("Abcdefghijklmnopqrstuvwxyz0123456").is_none(),
            "33"
        );
        assert!(LinkToken::parse("Abcdefghijklmnopqrstuvwxyz01234/").is_none());
        assert!(LinkToken::parse("Abcdefghijklmnopqrstuvwxyz01234é").is_none());
        assert_eq!(format!("{:?}", token()), "LinkToken(..)");
    }

    #[test]
    fn only_the_tokens_sha256_is_stored() {
        // printf '%s' Abcdefghijklmnopqrstuvwxyz012345 | sha256sum
        assert_eq!(
            token().hash(),
            "99ace9ac249ad4adce3e97d48cf9e52fd415e937dbe66c07e4c03f954a2d3ac1"
        );
        assert_eq!(token().path(), "/pay/Abcdefghijklmnopqrstuvwxyz012345");
    }

    #[test]
    fn a_link_lasts_until_the_orders_last_payment_start() {
        let order = phone_order(placed());
        let link =
            PaymentLink::issue(&order, &token(), hold(), placed() + Duration::minutes(5)).unwrap();
        assert_eq!(link.expires_at, placed() + Duration::minutes(29));
        assert_eq!(link.token_hash, token().hash());
        assert_eq!(link.minutes_left(placed() + Duration::minutes(5)), 24);
        assert_eq!(
            link.minutes_left(placed() + Duration::seconds(28 * 60 + 50)),
            1
        );
    }

    #[test]
    fn no_link_is_made_for_an_order_that_cannot_be_paid_now() {
        let late = placed() + Duration::minutes(29);
        assert_eq!(
            PaymentLink::issue(&phone_order(placed()), &token(), hold(), late),
            Err(crate::message::texts::PHONE_ORDER_ENDED)
        );
        let paying = Order {
            payment_method: Some(PaymentMethod::EvcPlus),
            ..phone_order(placed())
        };
        assert_eq!(
            PaymentLink::issue(&paying, &token(), hold(), placed()),
            Err(crate::message::texts::PHONE_ORDER_PAYING)
        );
    }

    #[test]
    fn a_link_is_paid_online() {
        let accepted = [
            PaymentMethod::EvcPlus,
            PaymentMethod::CashOnDelivery,
            PaymentMethod::Card,
        ];
        assert_eq!(
            link_methods(&accepted),
            vec![PaymentMethod::EvcPlus, PaymentMethod::Card]
        );
    }

    #[test]
    fn the_page_shows_an_open_paying_or_paid_order_and_takes_one_payment() {
        let now = placed() + Duration::minutes(1);
        let open = phone_order(placed());
        assert_eq!(link_state(&open, hold(), now), Ok(PaymentState::Open));
        assert_eq!(may_pay(&open, hold(), now), Ok(()));
        let paying = Order {
            payment_method: Some(PaymentMethod::Zaad),
            ..open.clone()
        };
        assert_eq!(link_state(&paying, hold(), now), Ok(PaymentState::Paying));
        assert_eq!(
            may_pay(&paying, hold(), now),
            Err(LinkRefusal::Taken(PAY_LINK_PAYING))
        );
        let paid = Order {
            payment_method: Some(PaymentMethod::Zaad),
            payment_status: PaymentStatus::Paid,
            ..open.clone()
        };
        assert_eq!(link_state(&paid, hold(), now), Ok(PaymentState::Settled));
        assert_eq!(
            may_pay(&paid, hold(), now),
            Err(LinkRefusal::Taken(PAY_LINK_PAID)),
            "a second payment is a conflict"
        );
        let canceled = Order {
            status: OrderStatus::Canceled,
            ..open.clone()
        };
        assert_eq!(
            link_state(&canceled, hold(), now),
            Err(Gone(PAY_LINK_ENDED))
        );
        let late = placed() + Duration::minutes(29);
        assert_eq!(link_state(&open, hold(), late), Err(Gone(PAY_LINK_ENDED)));
        assert_eq!(
            may_pay(&open, hold(), late),
            Err(LinkRefusal::Gone(PAY_LINK_ENDED))
        );
    }
}

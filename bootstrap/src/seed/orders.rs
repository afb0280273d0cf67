//! The seeded shop's orders: a year of them, more lately, in every status, each a snapshot
//! of products (and the sizes bought) that existed when it was placed.

use super::customers::Customer;
use super::discounts::SaleCodes;
use super::{pick, ORDER_DAYS};
use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::order::{
    Changer, Channel, Order, OrderDiscount, OrderLine, OrderNumber, OrderStatus, PaymentStatus,
    StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::ports::IdGenerator;
use domain::product::Product;
use domain::{Money, OrderId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::{HashMap, HashSet};

/// The status and payment status an order can have together under the domain's rules.
type OrderState = (OrderStatus, PaymentStatus);

/// Placed, not yet confirmed by the provider (at most one per shopper).
const AWAITING_PAYMENT: OrderState = (OrderStatus::Pending, PaymentStatus::Pending);

/// Every state, the awaiting one first: the newest orders take one each, so that even a
/// small shop shows them all.
const EVERY_STATE: [OrderState; 6] = [
    AWAITING_PAYMENT,
    (OrderStatus::Pending, PaymentStatus::Paid),
    (OrderStatus::Shipped, PaymentStatus::Paid),
    (OrderStatus::Delivered, PaymentStatus::Paid),
    // Declined at checkout, or canceled by an admin before the payment was confirmed.
    (OrderStatus::Canceled, PaymentStatus::Failed),
    // Canceled by an admin after payment, the charge reversed.
    (OrderStatus::Canceled, PaymentStatus::Refunded),
];

/// What becomes of an order, by its age: the recent ones are still moving, older ones were
/// delivered or canceled.
fn state_for(rng: &mut StdRng, age: Duration) -> OrderState {
    use OrderStatus::{Canceled, Delivered, Pending, Shipped};
    use PaymentStatus::{Failed, Paid, Refunded};
    if age < Duration::days(3) {
        pick(
            rng,
            &[
                (10, AWAITING_PAYMENT),
                (55, (Pending, Paid)),
                (20, (Shipped, Paid)),
                (12, (Canceled, Failed)),
                (3, (Canceled, Refunded)),
            ],
        )
    } else if age < Duration::days(14) {
        pick(
            rng,
            &[
                (45, (Shipped, Paid)),
                (40, (Delivered, Paid)),
                (10, (Canceled, Failed)),
                (5, (Canceled, Refunded)),
            ],
        )
    } else {
        pick(
            rng,
            &[
                (84, (Delivered, Paid)),
                (10, (Canceled, Failed)),
                (6, (Canceled, Refunded)),
            ],
        )
    }
}

/// `count` moments over the last year, oldest first, more of them lately: a growing shop,
/// three times as busy now as a year ago (density 1 + 2x over the year, x from 0 to 1).
pub(super) fn order_times(rng: &mut StdRng, count: u32, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let year = Duration::days(ORDER_DAYS).num_seconds() as f64;
    let mut times: Vec<DateTime<Utc>> = (0..count)
        .map(|_| {
            // The inverse of the cumulative share (x + x²) / 2.
            let share: f64 = rng.gen();
            let x = ((1.0 + 8.0 * share).sqrt() - 1.0) / 2.0;
            now - Duration::seconds(60 + ((1.0 - x) * year) as i64)
        })
        .collect();
    times.sort_unstable();
    times
}

/// Places orders among the seeded products and customers.
pub(super) struct OrderBook<'a> {
    products: &'a [Product],
    customers: &'a [Customer],
    shipping_fee: Money,
    codes: &'a SaleCodes,
    /// Customers with an order whose payment is unconfirmed.
    awaiting_payment: HashSet<usize>,
    /// Uses held per (code, customer), for the codes' limits per customer.
    code_uses: HashMap<(usize, usize), u32>,
}

impl<'a> OrderBook<'a> {
    pub fn new(
        products: &'a [Product],
        customers: &'a [Customer],
        shipping_fee: Money,
        codes: &'a SaleCodes,
    ) -> Self {
        Self {
            products,
            customers,
            shipping_fee,
            codes,
            awaiting_payment: HashSet::new(),
            code_uses: HashMap::new(),
        }
    }

    /// The order placed at `placed_at`; `newest_first` is its rank from the newest order (0).
    pub fn order(
        &mut self,
        rng: &mut StdRng,
        placed_at: DateTime<Utc>,
        now: DateTime<Utc>,
        newest_first: usize,
    ) -> Order {
        let mut state = EVERY_STATE
            .get(newest_first)
            .copied()
            .unwrap_or_else(|| state_for(rng, now - placed_at));
        // Everyone created before the order could have placed it.
        let eligible = self
            .customers
            .partition_point(|c| c.user.created_at <= placed_at)
            .max(1);
        let mut buyer = rng.gen_range(0..eligible);
        if state == AWAITING_PAYMENT {
            match (0..eligible)
                .map(|offset| (buyer + offset) % eligible)
                .find(|c| !self.awaiting_payment.contains(c))
            {
                Some(free) => {
                    buyer = free;
                    self.awaiting_payment.insert(free);
                }
                None => state = (OrderStatus::Pending, PaymentStatus::Paid),
            }
        }
        let customer = &self.customers[buyer];

        let on_sale = self
            .products
            .partition_point(|p| p.created_at <= placed_at)
            .max(1);
        let wanted = pick(rng, &[(45, 1), (30, 2), (15, 3), (10, 4)]).min(on_sale);
        let lines: Vec<OrderLine> = rand::seq::index::sample(rng, on_sale, wanted)
            .into_iter()
            .map(|index| {
                let product = &self.products[index];
                OrderLine {
                    product_id: product.id.clone(),
                    name: product.name.clone(),
                    image: product.image.as_ref().map(|i| i.thumbnail.clone()),
                    unit_price: product.price,
                    quantity: pick(rng, &[(75, 1), (20, 2), (5, 3)]),
                    // Any of its sizes: one sold out now may have sold out by such orders.
                    variant: product.variants.choose(rng).map(|v| v.snapshot()),
                }
            })
            .collect();
        let subtotal: Money = lines.iter().map(OrderLine::line_total).sum();
        let (status, payment_status) = state;
        let uses_of = |code| self.code_uses.get(&(code, buyer)).copied().unwrap_or(0);
        // The customer's zone's fee, or the flat fee for an order without an address.
        let fee = customer.delivery_fee.unwrap_or(self.shipping_fee);
        let (shipping_fee, total, discount) =
            match self.codes.pick(rng, placed_at, subtotal, uses_of) {
                None => (fee, subtotal + fee, None),
                Some(code) => {
                    // A canceled order gave its use back.
                    if status != OrderStatus::Canceled {
                        *self.code_uses.entry((code, buyer)).or_default() += 1;
                    }
                    let used = self.codes.get(code);
                    let applied = used.applied(subtotal, fee);
                    let discount = OrderDiscount {
                        code: used.code.clone(),
                        amount: applied.amount,
                    };
                    (applied.shipping, applied.total, Some(discount))
                }
            };
        let charged = payment_status.was_charged();
        let placed_by = Changer {
            id: customer.user.id.clone(),
            name: customer.user.name.clone(),
        };
        let history = history(rng, placed_at, now, status, placed_by);
        Order {
            id: OrderId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
            // Given as the orders are inserted, in the order placed.
            number: OrderNumber::NOT_YET_GIVEN,
            user_id: customer.user.id.clone(),
            customer_name: customer.user.name.clone(),
            customer_email: customer.user.email_text().to_owned(),
            lines,
            subtotal,
            shipping_fee,
            total,
            status,
            payment_status,
            payment_method: Some(
                PaymentMethod::wallet_of(&customer.payment_phone)
                    .expect("seed customers pay with a wallet"),
            ),
            payment_phone: customer.payment_phone.clone(),
            transaction_id: charged.then(|| rng.gen_range(10_000_000..100_000_000u64).to_string()),
            payment_reference: None,
            shipping_address: customer.address.clone(),
            idempotency_key: None,
            created_at: placed_at,
            hold_expired_at: None,
            discount,
            delivered_at: history
                .iter()
                .find(|change| change.status == OrderStatus::Delivered)
                .map(|change| change.at),
            refunded: if payment_status == PaymentStatus::Refunded {
                total
            } else {
                Money::ZERO
            },
            refund_claim: None,
            delivery: None,
            history,
            channel: Channel::Web,
        }
    }
}

/// The statuses an order now in `status` went through: placed by its customer, shipped a
/// day or two later and delivered two to four days after that, or canceled within hours;
/// never after `now`.
fn history(
    rng: &mut StdRng,
    placed_at: DateTime<Utc>,
    now: DateTime<Utc>,
    status: OrderStatus,
    placed_by: Changer,
) -> Vec<StatusChange<OrderStatus>> {
    let mut at = placed_at;
    let mut later = |rng: &mut StdRng, hours: std::ops::Range<i64>| {
        at = (at + Duration::minutes(rng.gen_range(hours.start * 60..hours.end * 60))).min(now);
        at
    };
    let steps: &[(OrderStatus, std::ops::Range<i64>)] = match status {
        OrderStatus::Pending => &[],
        OrderStatus::Shipped => &[(OrderStatus::Shipped, 12..48)],
        OrderStatus::Delivered => &[
            (OrderStatus::Shipped, 12..48),
            (OrderStatus::Delivered, 48..96),
        ],
        OrderStatus::Canceled => &[(OrderStatus::Canceled, 1..12)],
    };
    let mut history = vec![StatusChange {
        status: OrderStatus::Pending,
        at: placed_at,
        by: Some(placed_by),
    }];
    for (status, hours) in steps {
        history.push(StatusChange {
            status: *status,
            at: later(rng, hours.clone()),
            by: None,
        });
    }
    history
}

//! Orders: statuses, payment statuses, line snapshots and what a status change does to stock.

use crate::cart::CartLine;
use crate::checkout::ShippingAddress;
use crate::discount::DiscountCode;
use crate::ids::{OrderId, OrderLineId, ProductId, UserId};
use crate::message::texts::REOPENING_REFUNDED;
use crate::message::Message;
use crate::money::Money;
use crate::notification::{Announcement, Topic};
use crate::payment_method::{PaymentKind, PaymentMethod};
use crate::phone::MobileNumber;
use crate::refund::RefundClaim;
use crate::validation::FieldErrors;
use crate::variant::{Variant, VariantSnapshot};
use chrono::{DateTime, Utc};

pub mod channel;
pub mod delivery;
pub mod moves;
pub mod number;
pub mod plan;

use delivery::Delivery;

pub use channel::{Channel, ChannelKind};
pub use number::OrderNumber;
#[cfg(test)]
pub(crate) mod testing;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderStatus {
    Pending,
    Shipped,
    Delivered,
    Canceled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 4] = [
        OrderStatus::Pending,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Canceled,
    ];

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_lowercase().as_str() {
            "pending" => Some(OrderStatus::Pending),
            "shipped" => Some(OrderStatus::Shipped),
            "delivered" => Some(OrderStatus::Delivered),
            "canceled" | "cancelled" => Some(OrderStatus::Canceled),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Canceled => "canceled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaymentStatus {
    Pending,
    Paid,
    Failed,
    /// Paid, and part of it given back for returned units.
    PartiallyRefunded,
    Refunded,
}

impl PaymentStatus {
    pub const ALL: [PaymentStatus; 5] = [
        PaymentStatus::Pending,
        PaymentStatus::Paid,
        PaymentStatus::Failed,
        PaymentStatus::PartiallyRefunded,
        PaymentStatus::Refunded,
    ];

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Failed => "failed",
            PaymentStatus::PartiallyRefunded => "partiallyRefunded",
            PaymentStatus::Refunded => "refunded",
        }
    }

    /// The provider took the money (some of it may have gone back since).
    pub fn was_charged(self) -> bool {
        matches!(
            self,
            PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded
        )
    }
}

/// Who set a status: an admin, or the shopper (none: the shop itself, as for a payment
/// answer or a hold that ran out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changer {
    pub id: UserId,
    pub name: String,
}

impl From<&crate::user::User> for Changer {
    fn from(user: &crate::user::User) -> Self {
        Self {
            id: user.id.clone(),
            name: user.name.clone(),
        }
    }
}

/// A status an order or a return took, when, and who set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange<S> {
    pub status: S,
    pub at: DateTime<Utc>,
    pub by: Option<Changer>,
}

/// A snapshot of what was bought, so the order survives later edits or deletion of the product.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderLine {
    pub product_id: ProductId,
    pub name: String,
    pub image: Option<String>,
    pub unit_price: Money,
    pub quantity: u32,
    /// The size and colour bought; `None` for a one-size product.
    pub variant: Option<VariantSnapshot>,
}

impl OrderLine {
    pub fn line_total(&self) -> Money {
        self.unit_price.times(self.quantity)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: OrderId,
    /// The number people know it by (`OrderNumber::NOT_YET_GIVEN` until it is placed).
    pub number: OrderNumber,
    pub user_id: UserId,
    /// The customer's name and e-mail when the order was placed.
    pub customer_name: String,
    pub customer_email: String,
    pub lines: Vec<OrderLine>,
    pub subtotal: Money,
    pub shipping_fee: Money,
    pub total: Money,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    /// How it is paid; `None` while a phone order waits for its customer to pay or choose
    /// (no charge has started).
    pub payment_method: Option<PaymentMethod>,
    /// The wallet charged, or the number the shop's messages and the rider reach.
    pub payment_phone: MobileNumber,
    pub transaction_id: Option<String>,
    /// The provider's reference of a charge it keeps open: an eDahab invoice not paid yet,
    /// or the address of the card page the payer pays on.
    pub payment_reference: Option<String>,
    pub shipping_address: Option<ShippingAddress>,
    /// The shopper's `Idempotency-Key`, so a retried checkout finds this order.
    pub idempotency_key: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When an unconfirmed payment's hold ran out and the order was canceled for it
    /// (`payment_hold`): the provider may still have taken the money.
    pub hold_expired_at: Option<DateTime<Utc>>,
    /// The discount code the order was placed with, and what it took off.
    pub discount: Option<OrderDiscount>,
    /// When it was delivered; none while it is not.
    pub delivered_at: Option<DateTime<Utc>>,
    /// What went back to the shopper: the whole total for a canceled paid order, the
    /// refunds of its returns otherwise.
    pub refunded: Money,
    /// A cancel's refund claimed on the order and not landed yet (being sent, or sent with
    /// its answer lost).
    pub refund_claim: Option<RefundClaim>,
    /// The statuses it took, oldest first; the first is its placing.
    pub history: Vec<StatusChange<OrderStatus>>,
    /// Its way to the shopper once it first went out with a rider.
    pub delivery: Option<Delivery>,
    /// Where it was taken, and by whom when staff took it.
    pub channel: Channel,
}

/// A discount code as an order used it: the code as it was then and what it took off the
/// merchandise (`total` = `subtotal` - `amount` + `shipping_fee`).
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDiscount {
    pub code: DiscountCode,
    pub amount: Money,
}

impl Order {
    /// What `topic` (one for shoppers) sends about this order to its customer, at the
    /// order's address and number.
    pub fn to_customer(&self, topic: Topic) -> Vec<Announcement> {
        Announcement::to_shopper(
            topic,
            self.id.as_str(),
            &self.customer_email,
            self.payment_phone.as_str(),
            None,
        )
    }

    /// The stable id of the line at `index`.
    pub fn line_id(&self, index: usize) -> OrderLineId {
        OrderLineId::of(&self.id, index)
    }

    pub fn item_count(&self) -> u32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }

    /// Revenue counts paid orders that were not canceled.
    pub fn counts_as_revenue(&self) -> bool {
        counts_as_revenue(self.status, self.payment_status)
    }
}

pub fn counts_as_revenue(status: OrderStatus, payment: PaymentStatus) -> bool {
    payment == PaymentStatus::Paid && status != OrderStatus::Canceled
}

/// The units of an order count as sold (best sellers) unless it was canceled: exactly the
/// orders that hold their stock.
pub fn counts_as_sold(status: OrderStatus) -> bool {
    status != OrderStatus::Canceled
}

/// What a status change does to the stock of the order's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEffect {
    None,
    /// Canceling puts the stock back.
    Release,
    /// Leaving canceled takes the stock again (refused when it is no longer there).
    Reserve,
}

pub fn stock_effect(from: OrderStatus, to: OrderStatus) -> StockEffect {
    match (counts_as_sold(from), counts_as_sold(to)) {
        (true, false) => StockEffect::Release,
        (false, true) => StockEffect::Reserve,
        _ => StockEffect::None,
    }
}

/// Canceling an order before it ships gives its discount code's use back: a declined
/// payment, a hold that ran out, a shopper's or an admin's cancel.
pub fn returns_discount_use(from: OrderStatus, to: OrderStatus) -> bool {
    from == OrderStatus::Pending && to == OrderStatus::Canceled
}

/// What a status change does to the order's use of its discount code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiscountUse {
    #[default]
    Keep,
    /// Gives the use back, if the order holds one (a cancel before it ships).
    GiveBack,
    /// Takes the use again, guarded like at checkout (reopening an order whose cancel gave
    /// it back): refused when the code is used up, ended, turned off or at the customer's
    /// own limit.
    Take,
}

/// Why an admin may not move an order as asked (409).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum StatusChangeRefusal {
    /// Its money went back: reopening it would ship goods nobody paid for.
    ReopeningRefunded,
}

impl StatusChangeRefusal {
    pub fn message(&self) -> Message {
        match self {
            StatusChangeRefusal::ReopeningRefunded => REOPENING_REFUNDED.into(),
        }
    }
}

/// One atomic change of an order, applied only while the order still has status `from`
/// (and, for a payment change, payment status `payment.from`), so two admins racing, or an
/// admin racing a late payment answer, cannot apply the same effect twice.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderTransition {
    pub from: OrderStatus,
    pub to: OrderStatus,
    pub stock: StockEffect,
    pub payment: Option<PaymentChange>,
    /// The shopper's cart is emptied in the same step.
    pub empties_cart: bool,
    /// How the transition treats a refund claimed on the order.
    pub refund_claim: RefundClaimGuard,
    /// Marks the order as canceled because its payment hold ran out.
    pub expires_hold: bool,
    pub discount_use: DiscountUse,
    /// The order reaches delivered: its delivery time is recorded unless it has one. The
    /// first delivery is kept when an admin moves an order back and delivers it again, so a
    /// correction never reopens (or extends) the 30-day return window.
    pub records_delivery: bool,
    /// Who makes the change (none: the shop itself), for the order's status history.
    pub by: Option<Changer>,
}

/// Refunding a paid order is claimed first (a guarded change), so that of several cancels
/// sent at once exactly one reaches the provider. While a refund is claimed (being sent, or
/// sent with its answer lost: `refund::RefundClaim`), no other change applies to the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefundClaimGuard {
    /// Applies only while no refund is claimed.
    #[default]
    Unclaimed,
    /// Lands the refund its caller claimed: applies only while claimed, and ends the claim.
    Lands,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PaymentChange {
    pub from: PaymentStatus,
    pub to: PaymentStatus,
    /// Stored when set; the provider's id of an approved charge.
    pub transaction_id: Option<String>,
}

impl OrderTransition {
    pub fn status_change(from: OrderStatus, to: OrderStatus) -> Self {
        Self {
            from,
            to,
            stock: stock_effect(from, to),
            payment: None,
            empties_cart: false,
            refund_claim: RefundClaimGuard::Unclaimed,
            expires_hold: false,
            discount_use: if returns_discount_use(from, to) {
                DiscountUse::GiveBack
            } else {
                DiscountUse::Keep
            },
            records_delivery: to == OrderStatus::Delivered && from != to,
            by: None,
        }
    }

    /// The same change, made by `changer`.
    pub fn by(self, changer: &crate::user::User) -> Self {
        Self {
            by: Some(changer.into()),
            ..self
        }
    }

    /// The payment of an order with status `status` changes; the status stays.
    pub fn payment_change(status: OrderStatus, payment: PaymentChange) -> Self {
        Self {
            payment: Some(payment),
            ..Self::status_change(status, status)
        }
    }

    /// The charge of a new order went through: it is paid, and the cart it was made from is
    /// emptied in the same step, so that no crash can leave a paid order whose items still
    /// wait in the cart to be paid for again.
    pub fn paid_at_checkout(transaction_id: String) -> Self {
        Self::paid_as_placed(Some(transaction_id))
    }

    /// An approved charge `transaction_id` pays `order`. A checkout's cart is emptied in the
    /// same step while it still holds the order's items: until the charge's first answer, or,
    /// for a card, until it is approved (`late`: the shopper was answered before, and a
    /// wallet's cart was emptied then). A phone order's customer keeps their own cart.
    pub fn paid_by_charge(order: &Order, transaction_id: String, late: bool) -> Self {
        let cart_holds_it = order.channel.kind() == ChannelKind::Web
            && (!late || order.payment_kind() == Some(PaymentKind::Card));
        Self {
            empties_cart: cart_holds_it,
            ..Self::paid_at_checkout(transaction_id)
        }
    }

    /// A new order that costs nothing is paid as placed, with no provider's transaction
    /// (see [`Order::needs_charge`]).
    pub fn paid_without_charge() -> Self {
        Self::paid_as_placed(None)
    }

    fn paid_as_placed(transaction_id: Option<String>) -> Self {
        Self {
            empties_cart: true,
            ..Self::payment_change(
                OrderStatus::Pending,
                PaymentChange {
                    from: PaymentStatus::Pending,
                    to: PaymentStatus::Paid,
                    transaction_id,
                },
            )
        }
    }

    /// An admin moves `order` to `to`. Canceling a paid order refunds it (the caller reverses
    /// the charge first); canceling one whose payment was never confirmed marks it failed,
    /// after the admin checked with the provider that no money arrived. Reopening a canceled
    /// order takes its stock again, and its code's use when the cancel gave it back; a
    /// canceled order whose money went back cannot be reopened.
    pub fn admin_status_change(
        order: &Order,
        to: OrderStatus,
    ) -> Result<Self, StatusChangeRefusal> {
        let mut transition = Self::status_change(order.status, to);
        if order.status == OrderStatus::Canceled && to != OrderStatus::Canceled {
            if order.money_went_back() {
                return Err(StatusChangeRefusal::ReopeningRefunded);
            }
            if order.discount.is_some() && order.gave_its_code_back() {
                transition.discount_use = DiscountUse::Take;
            }
        }
        if to == OrderStatus::Canceled {
            let refunded_or_failed = match order.payment_status {
                PaymentStatus::Paid | PaymentStatus::PartiallyRefunded => {
                    Some(PaymentStatus::Refunded)
                }
                PaymentStatus::Pending => Some(PaymentStatus::Failed),
                PaymentStatus::Failed | PaymentStatus::Refunded => None,
            };
            transition.payment = refunded_or_failed.map(|to| PaymentChange {
                from: order.payment_status,
                to,
                transaction_id: None,
            });
        }
        Ok(transition)
    }

    /// The payment this transition reverses at the provider, if any.
    pub fn reverses_payment(&self) -> bool {
        self.payment
            .as_ref()
            .is_some_and(|p| p.to == PaymentStatus::Refunded)
    }

    /// The same change, landing the refund its caller claimed.
    pub fn landing_refund(self) -> Self {
        Self {
            refund_claim: RefundClaimGuard::Lands,
            ..self
        }
    }
}

/// The payment of an order was never confirmed by the provider: it holds its stock and blocks
/// the shopper's next checkout until an admin marks it paid or cancels it.
pub fn awaits_payment(status: OrderStatus, payment: PaymentStatus) -> bool {
    payment == PaymentStatus::Pending && status != OrderStatus::Canceled
}

/// What an open order's payment waits for; the screens read it rather than working it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentWait {
    /// A charge the provider has not confirmed: staff check their merchant account, then
    /// mark the order paid or cancel it.
    Confirmation,
    /// Cash, handed to its rider on delivery.
    Rider,
    /// An order taken by phone whose customer has not paid nor chosen how yet (a link, a
    /// request to their wallet, or cash later).
    Customer,
}

impl PaymentWait {
    pub const ALL: [PaymentWait; 3] = [
        PaymentWait::Confirmation,
        PaymentWait::Rider,
        PaymentWait::Customer,
    ];

    /// What an open order paid by `method` (none chosen yet) waits for.
    pub fn of(method: Option<PaymentMethod>) -> Self {
        match method.map(PaymentMethod::kind) {
            None => PaymentWait::Customer,
            Some(PaymentKind::Cash) => PaymentWait::Rider,
            Some(PaymentKind::Wallet | PaymentKind::Card) => PaymentWait::Confirmation,
        }
    }

    /// The methods whose open orders wait for `self`.
    pub fn methods(self) -> impl Iterator<Item = PaymentMethod> {
        PaymentMethod::ALL
            .into_iter()
            .filter(move |&method| PaymentWait::of(Some(method)) == self)
    }

    pub fn id(self) -> &'static str {
        match self {
            PaymentWait::Confirmation => "confirmation",
            PaymentWait::Rider => "rider",
            PaymentWait::Customer => "customer",
        }
    }
}

const TRANSACTION_ID_MAX: usize = 100;

/// An admin confirms an unconfirmed payment after checking with the provider, optionally with
/// the provider's transaction id. `paid` is the only payment status an admin sets: refunds go
/// through canceling, failures through the provider's answer.
pub fn payment_confirmation(
    status: &str,
    transaction_id: Option<&str>,
) -> Result<PaymentChange, FieldErrors> {
    let mut errors = FieldErrors::new();
    errors.check(
        PaymentStatus::parse(status) != Some(PaymentStatus::Paid),
        "paymentStatus",
        "Payment status can only be set to paid",
    );
    let transaction_id = transaction_id.map(str::trim).filter(|t| !t.is_empty());
    errors.check(
        transaction_id.is_some_and(|t| t.chars().count() > TRANSACTION_ID_MAX),
        "transactionId",
        "Transaction id must be at most 100 characters",
    );
    errors.into_result(PaymentChange {
        from: PaymentStatus::Pending,
        to: PaymentStatus::Paid,
        transaction_id: transaction_id.map(str::to_owned),
    })
}

/// How long an `Idempotency-Key` replays the first checkout's result.
pub const IDEMPOTENCY_WINDOW: chrono::TimeDelta = chrono::TimeDelta::hours(24);

impl Order {
    /// Whether paying for the order moves money. One that costs nothing (a code covering the
    /// merchandise, with free shipping) is paid as placed: no provider is asked for a charge
    /// of $0.00, which a wallet cannot approve, and there is nothing to refund later.
    pub fn needs_charge(&self) -> bool {
        self.total > Money::ZERO
    }

    /// The card page this order's payer pays on, while the payment is open.
    pub fn payment_page(&self) -> Option<&str> {
        let open = self.payment_status == PaymentStatus::Pending
            && self.status != OrderStatus::Canceled
            && self.payment_kind() == Some(PaymentKind::Card);
        self.payment_reference.as_deref().filter(|_| open)
    }

    /// The kind of its payment method, once one is chosen.
    pub fn payment_kind(&self) -> Option<PaymentKind> {
        self.payment_method.map(PaymentMethod::kind)
    }

    /// Whether a declined payment leaves it waiting for another rather than canceling it: an
    /// order taken by phone is paid again another way (or by its link); a checkout's order
    /// ends with its payment, the shopper's cart keeping its items.
    pub fn waits_after_decline(&self) -> bool {
        self.channel.kind() == ChannelKind::Phone
    }

    /// Whether it is paid in cash to the rider.
    pub fn pays_cash(&self) -> bool {
        self.payment_kind() == Some(PaymentKind::Cash)
    }

    /// The provider's transaction and the method of the charge that paid it; none when no
    /// charge did (cash, or nothing to charge).
    pub fn charge(&self) -> Option<(&str, PaymentMethod)> {
        Some((self.transaction_id.as_deref()?, self.payment_method?))
    }

    /// Whether a checkout retried at `now` with this order's key replays it.
    pub fn replays_at(&self, now: DateTime<Utc>) -> bool {
        now - self.created_at < IDEMPOTENCY_WINDOW
    }

    pub fn awaits_payment(&self) -> bool {
        awaits_payment(self.status, self.payment_status)
    }

    /// Its rider collects its total in cash on delivery: cash, not paid yet.
    pub fn owes_cash_to_rider(&self) -> bool {
        self.payment_waits_for() == Some(PaymentWait::Rider)
    }

    /// What its payment waits for, while it does.
    pub fn payment_waits_for(&self) -> Option<PaymentWait> {
        if !self.awaits_payment() {
            return None;
        }
        Some(PaymentWait::of(self.payment_method))
    }

    /// Some or all of what was paid went back to the shopper.
    pub fn money_went_back(&self) -> bool {
        self.refunded > Money::ZERO
            || matches!(
                self.payment_status,
                PaymentStatus::Refunded | PaymentStatus::PartiallyRefunded
            )
    }

    /// A canceled order whose cancel gave its code's use back: it was canceled before it
    /// shipped (`returns_discount_use`), read from its history.
    fn gave_its_code_back(&self) -> bool {
        let mut latest_first = self.history.iter().rev().map(|change| change.status);
        latest_first.next() == Some(OrderStatus::Canceled)
            && latest_first
                .next()
                .is_some_and(|before| returns_discount_use(before, OrderStatus::Canceled))
    }
}

/// Snapshots the cart into order lines; `None` for an empty cart.
pub fn order_lines(cart: &[CartLine]) -> Option<Vec<OrderLine>> {
    if cart.is_empty() {
        return None;
    }
    let lines = cart
        .iter()
        .map(|line| OrderLine {
            product_id: line.product.id.clone(),
            name: line.product.name.clone(),
            image: line.thumbnail().map(str::to_owned),
            unit_price: line.product.price,
            quantity: line.quantity,
            variant: line.variant.as_ref().map(Variant::snapshot),
        })
        .collect();
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::testing::order;
    use super::*;
    use OrderStatus::*;

    #[test]
    fn canceling_releases_stock_once_and_reviving_takes_it_again() {
        assert_eq!(stock_effect(Pending, Canceled), StockEffect::Release);
        assert_eq!(stock_effect(Shipped, Canceled), StockEffect::Release);
        assert_eq!(stock_effect(Canceled, Canceled), StockEffect::None);
        assert_eq!(stock_effect(Canceled, Pending), StockEffect::Reserve);
    }

    #[test]
    fn only_a_cancel_before_shipping_gives_a_discount_use_back() {
        assert!(returns_discount_use(Pending, Canceled));
        assert!(!returns_discount_use(Shipped, Canceled));
        assert!(!returns_discount_use(Delivered, Canceled));
        assert!(!returns_discount_use(Canceled, Canceled));
        assert!(!returns_discount_use(Pending, Shipped));
        assert_eq!(stock_effect(Pending, Delivered), StockEffect::None);
    }

    #[test]
    fn only_an_open_card_payment_has_a_page_to_go_back_to() {
        let card = Order {
            payment_method: Some(PaymentMethod::Card),
            payment_reference: Some("https://pay.example/hpp/token/1".into()),
            ..order(Pending, PaymentStatus::Pending)
        };
        assert_eq!(card.payment_page(), Some("https://pay.example/hpp/token/1"));
        let paid = Order {
            payment_status: PaymentStatus::Paid,
            ..card.clone()
        };
        assert_eq!(paid.payment_page(), None);
        // An eDahab invoice's reference is no page.
        let invoice = Order {
            payment_method: Some(PaymentMethod::Edahab),
            ..card
        };
        assert_eq!(invoice.payment_page(), None);
    }

    #[test]
    fn only_an_order_that_costs_something_is_charged() {
        let costs = order(Pending, PaymentStatus::Pending);
        assert!(costs.needs_charge());
        let covered = Order {
            total: Money::ZERO,
            ..costs
        };
        assert!(!covered.needs_charge());
        let paid = OrderTransition::paid_without_charge();
        let payment = paid.payment.expect("a payment change");
        assert_eq!(
            (payment.to, payment.transaction_id, paid.empties_cart),
            (PaymentStatus::Paid, None, true)
        );
    }

    #[test]
    fn statuses_parse_both_spellings_of_canceled() {
        assert_eq!(OrderStatus::parse("cancelled"), Some(Canceled));
        assert_eq!(OrderStatus::parse("Shipped"), Some(Shipped));
        assert_eq!(OrderStatus::parse("lost"), None);
    }

    #[test]
    fn only_paid_orders_that_stand_count_as_revenue() {
        assert!(counts_as_revenue(Delivered, PaymentStatus::Paid));
        assert!(!counts_as_revenue(Canceled, PaymentStatus::Paid));
        assert!(!counts_as_revenue(Pending, PaymentStatus::Pending));
        assert!(!counts_as_revenue(Pending, PaymentStatus::Refunded));
    }

    #[test]
    fn a_cancel_gives_back_what_is_left_of_the_charge() {
        let charged = Order {
            transaction_id: Some("T1".into()),
            ..order(Shipped, PaymentStatus::Paid)
        };
        assert_eq!(
            crate::ports::RefundRequest::rest_of_charge(&order(Shipped, PaymentStatus::Paid)),
            None,
            "confirmed by hand: nothing to send back through the provider"
        );
        assert_eq!(
            crate::ports::RefundRequest::rest_of_charge(&charged),
            Some(crate::ports::RefundRequest {
                transaction_id: "T1".into(),
                reference: OrderId::parse("o1").unwrap(),
                method: PaymentMethod::EvcPlus,
                payer: MobileNumber::from_stored("252615123456"),
                amount: Money::from_cents(1500).unwrap(),
                whole_charge: true,
            })
        );
        let returned_some = Order {
            refunded: Money::from_cents(600).unwrap(),
            ..order(Delivered, PaymentStatus::PartiallyRefunded)
        };
        let rest = crate::ports::RefundRequest::rest_of_charge(&Order {
            transaction_id: Some("T1".into()),
            ..returned_some.clone()
        })
        .unwrap();
        assert_eq!((rest.amount.cents(), rest.whole_charge), (900, false));
        let cancel = OrderTransition::admin_status_change(&returned_some, Canceled).unwrap();
        assert_eq!(
            cancel.payment.map(|p| (p.from, p.to)),
            Some((PaymentStatus::PartiallyRefunded, PaymentStatus::Refunded))
        );
    }

    #[test]
    fn canceling_refunds_a_paid_order_and_fails_an_unconfirmed_one() {
        let paid =
            OrderTransition::admin_status_change(&order(Shipped, PaymentStatus::Paid), Canceled)
                .unwrap();
        assert_eq!(paid.stock, StockEffect::Release);
        assert_eq!(
            paid.payment,
            Some(PaymentChange {
                from: PaymentStatus::Paid,
                to: PaymentStatus::Refunded,
                transaction_id: None
            })
        );
        assert!(paid.reverses_payment());

        let unconfirmed =
            OrderTransition::admin_status_change(&order(Pending, PaymentStatus::Pending), Canceled)
                .unwrap();
        assert_eq!(
            unconfirmed.payment.as_ref().map(|p| p.to),
            Some(PaymentStatus::Failed)
        );
        assert!(!unconfirmed.reverses_payment());
    }

    #[test]
    fn other_admin_changes_leave_the_payment_alone() {
        let ship =
            OrderTransition::admin_status_change(&order(Pending, PaymentStatus::Paid), Shipped)
                .unwrap();
        assert_eq!(ship, OrderTransition::status_change(Pending, Shipped));
        let failed =
            OrderTransition::admin_status_change(&order(Pending, PaymentStatus::Failed), Canceled)
                .unwrap();
        assert_eq!(failed.payment, None);
    }

    /// `order(Canceled, payment)` with a code, canceled from `before`.
    fn canceled_with_code(before: OrderStatus, payment: PaymentStatus) -> Order {
        let change = |status| StatusChange {
            status,
            at: "2026-11-20T10:00:00Z".parse().unwrap(),
            by: None,
        };
        Order {
            discount: Some(OrderDiscount {
                code: DiscountCode::parse("EID-1").unwrap(),
                amount: Money::from_cents(100).unwrap(),
            }),
            history: vec![change(Pending), change(before), change(Canceled)],
            ..order(Canceled, payment)
        }
    }

    #[test]
    fn a_canceled_order_whose_money_went_back_cannot_be_reopened() {
        for payment in [PaymentStatus::Refunded, PaymentStatus::PartiallyRefunded] {
            for to in [Pending, Shipped, Delivered] {
                assert_eq!(
                    OrderTransition::admin_status_change(&order(Canceled, payment), to),
                    Err(StatusChangeRefusal::ReopeningRefunded),
                    "{payment:?} to {to:?}"
                );
            }
        }
        let refunded_some = Order {
            refunded: Money::from_cents(1).unwrap(),
            ..order(Canceled, PaymentStatus::Failed)
        };
        assert!(OrderTransition::admin_status_change(&refunded_some, Pending).is_err());
        assert!(OrderTransition::admin_status_change(
            &order(Canceled, PaymentStatus::Refunded),
            Canceled
        )
        .is_ok());
    }

    #[test]
    fn reopening_takes_stock_again_and_the_code_use_its_cancel_gave_back() {
        let declined = canceled_with_code(Pending, PaymentStatus::Failed);
        let reopen = OrderTransition::admin_status_change(&declined, Pending).unwrap();
        assert_eq!(
            (reopen.stock, reopen.discount_use),
            (StockEffect::Reserve, DiscountUse::Take)
        );
        // A cancel after shipping kept the use: reopening has none to take.
        let after_shipping = canceled_with_code(Shipped, PaymentStatus::Failed);
        let reopen = OrderTransition::admin_status_change(&after_shipping, Shipped).unwrap();
        assert_eq!(
            (reopen.stock, reopen.discount_use),
            (StockEffect::Reserve, DiscountUse::Keep)
        );
        let without_code = Order {
            discount: None,
            ..declined.clone()
        };
        let reopen = OrderTransition::admin_status_change(&without_code, Pending).unwrap();
        assert_eq!(reopen.discount_use, DiscountUse::Keep);
        let cancel =
            OrderTransition::admin_status_change(&order(Pending, PaymentStatus::Pending), Canceled)
                .unwrap();
        assert_eq!(cancel.discount_use, DiscountUse::GiveBack);
    }

    #[test]
    fn only_reaching_delivered_records_a_delivery() {
        assert!(OrderTransition::status_change(Shipped, Delivered).records_delivery);
        assert!(OrderTransition::status_change(Canceled, Delivered).records_delivery);
        assert!(!OrderTransition::status_change(Delivered, Shipped).records_delivery);
        assert!(!OrderTransition::status_change(Delivered, Delivered).records_delivery);
    }

    #[test]
    fn only_unconfirmed_orders_that_stand_await_payment() {
        assert!(order(Pending, PaymentStatus::Pending).awaits_payment());
        assert!(order(Shipped, PaymentStatus::Pending).awaits_payment());
        assert!(!order(Canceled, PaymentStatus::Pending).awaits_payment());
        assert!(!order(Pending, PaymentStatus::Paid).awaits_payment());
    }

    #[test]
    fn only_a_charge_not_confirmed_waits_for_confirmation() {
        let waits = |method, status, payment| {
            Order {
                payment_method: method,
                ..order(status, payment)
            }
            .payment_waits_for()
        };
        let wallet = Some(PaymentMethod::EvcPlus);
        let cash = Some(PaymentMethod::CashOnDelivery);
        assert_eq!(
            waits(wallet, Pending, PaymentStatus::Pending),
            Some(PaymentWait::Confirmation)
        );
        assert_eq!(
            waits(Some(PaymentMethod::Card), Pending, PaymentStatus::Pending),
            Some(PaymentWait::Confirmation)
        );
        assert_eq!(
            waits(cash, Shipped, PaymentStatus::Pending),
            Some(PaymentWait::Rider)
        );
        assert_eq!(
            waits(None, Pending, PaymentStatus::Pending),
            Some(PaymentWait::Customer)
        );
        assert_eq!(waits(cash, Delivered, PaymentStatus::Paid), None);
        assert_eq!(waits(wallet, Canceled, PaymentStatus::Pending), None);
    }

    #[test]
    fn an_idempotency_key_replays_for_24_hours() {
        let placed = order(Pending, PaymentStatus::Paid);
        let at = |raw: &str| raw.parse::<DateTime<Utc>>().unwrap();
        assert!(placed.replays_at(at("2026-11-21T09:59:59Z")));
        assert!(!placed.replays_at(at("2026-11-21T10:00:00Z")));
    }

    #[test]
    fn an_admin_confirms_only_paid_with_a_trimmed_short_transaction_id() {
        let paid = payment_confirmation("paid", Some(" EVC-77 ")).unwrap();
        assert_eq!(
            paid,
            PaymentChange {
                from: PaymentStatus::Pending,
                to: PaymentStatus::Paid,
                transaction_id: Some("EVC-77".into()),
            }
        );
        assert_eq!(
            payment_confirmation("paid", Some("  "))
                .unwrap()
                .transaction_id,
            None
        );
        let refunded = payment_confirmation("refunded", None).unwrap_err();
        assert_eq!(
            refunded.get("paymentStatus"),
            Some("Payment status can only be set to paid")
        );
        let long = payment_confirmation("paid", Some(&"x".repeat(101))).unwrap_err();
        assert_eq!(
            long.get("transactionId"),
            Some("Transaction id must be at most 100 characters")
        );
    }
}

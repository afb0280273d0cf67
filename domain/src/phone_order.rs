//! Orders taken by phone and chat (DESIGN.md section 9, "Selling in conversations"): what
//! staff send to take one for a customer, checked; the order it makes; and when its customer
//! may still pay it.

mod quote;

pub use quote::{quoted_delivery, QuoteRequest, QuotedPlace};

use crate::cart::CartLine;
use crate::checkout::{ShippingAddress, ShippingAddressInput};
use crate::delivery::{DeliveryZone, Zones};
use crate::discount::DiscountCode;
use crate::ids::{OrderId, ProductId, UserId, VariantId};
use crate::message::texts::{
    DISCOUNT_NOT_FOUND, NAME_REQUIRED, NAME_TOO_LONG, PHONE_ORDER_ADDRESS_MISSING,
    PHONE_ORDER_CUSTOMER_MISSING, PHONE_ORDER_ENDED, PHONE_ORDER_LINES_MISSING, PHONE_ORDER_PAYING,
    PHONE_ORDER_SETTLED, PHONE_ORDER_TOO_MANY_LINES, QUANTITY_ONE_OR_MORE,
};
use crate::message::Text;
use crate::money::Money;
use crate::order::{
    order_lines, Changer, Channel, ChannelKind, Order, OrderDiscount, OrderNumber, OrderStatus,
    PaymentStatus, StatusChange,
};
use crate::payment_hold::PaymentHold;
use crate::phone::{mobile_in, MobileNumber};
use crate::user::{Email, User};
use crate::validation::{FieldErrors, Lines};
use chrono::{DateTime, Utc};

/// The most lines one order taken by phone holds.
pub const MAX_LINES: usize = 50;
/// The most units of one line.
pub const MAX_QUANTITY: i64 = 999;
const MAX_NAME_LEN: usize = 200;

/// Who the order is for, as sent: a customer found in the shop, or a new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerInput {
    Existing {
        user_id: String,
    },
    New {
        name: String,
        phone: String,
        email: String,
    },
}

/// A line as sent: a product, its size when it has sizes, how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineInput {
    pub product_id: String,
    pub variant_id: Option<String>,
    pub quantity: i64,
}

/// `POST /api/admin/orders` as sent.
#[derive(Debug, Clone, Default)]
pub struct PhoneOrderInput {
    pub customer: Option<CustomerInput>,
    pub lines: Vec<LineInput>,
    pub shipping_address: Option<ShippingAddressInput>,
    pub discount_code: Option<String>,
}

/// A customer the shop does not know yet: a name and a Somali mobile number, an e-mail when
/// they have one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCustomer {
    pub name: String,
    pub phone: MobileNumber,
    pub email: Option<Email>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerChoice {
    Existing(UserId),
    New(NewCustomer),
}

/// A line checked: the same product and size sent twice is one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineChoice {
    pub product_id: ProductId,
    pub variant_id: Option<VariantId>,
    pub quantity: u32,
}

/// A phone order's input, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct PhoneOrderRequest {
    pub customer: CustomerChoice,
    pub lines: Vec<LineChoice>,
    pub shipping_address: ShippingAddress,
    /// The zone the address is in; `None` in a shop without zones.
    pub zone: Option<DeliveryZone>,
    pub discount_code: Option<DiscountCode>,
}

impl PhoneOrderInput {
    /// Checks every field at once against the `zones` the shop delivers to: each error under
    /// its field (`customer.name`, `lines`, `city`…).
    pub fn validate(&self, zones: &Zones) -> Result<PhoneOrderRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let customer = match &self.customer {
            None => {
                errors.add("customer", PHONE_ORDER_CUSTOMER_MISSING);
                None
            }
            Some(CustomerInput::Existing { user_id }) => {
                let id = UserId::parse(user_id.trim());
                errors.check(id.is_none(), "customer", PHONE_ORDER_CUSTOMER_MISSING);
                id.map(CustomerChoice::Existing)
            }
            Some(CustomerInput::New { name, phone, email }) => {
                new_customer(name, phone, email, &mut errors).map(CustomerChoice::New)
            }
        };
        let lines = self.checked_lines(&mut errors);
        let delivery = match &self.shipping_address {
            None => {
                errors.add("shippingAddress", PHONE_ORDER_ADDRESS_MISSING);
                None
            }
            Some(address) => address.validate_into(zones, &mut errors),
        };
        let discount_code = self.code_into(&mut errors);
        match (customer, lines, delivery) {
            (Some(customer), Some(lines), Some((shipping_address, zone))) if errors.is_empty() => {
                Ok(PhoneOrderRequest {
                    customer,
                    lines,
                    shipping_address,
                    zone,
                    discount_code,
                })
            }
            _ => Err(errors),
        }
    }

    /// The code typed, if any (none for a blank one).
    fn code_into(&self, errors: &mut FieldErrors) -> Option<DiscountCode> {
        match self.discount_code.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(typed) => {
                let code = DiscountCode::parse(typed);
                errors.check(code.is_none(), "discountCode", DISCOUNT_NOT_FOUND);
                code
            }
        }
    }

    fn checked_lines(&self, errors: &mut FieldErrors) -> Option<Vec<LineChoice>> {
        if self.lines.is_empty() {
            errors.add("lines", PHONE_ORDER_LINES_MISSING);
            return None;
        }
        if self.lines.len() > MAX_LINES {
            errors.add("lines", PHONE_ORDER_TOO_MANY_LINES.with("most", MAX_LINES));
            return None;
        }
        let mut lines: Vec<LineChoice> = Vec::with_capacity(self.lines.len());
        for line in &self.lines {
            let product_id = ProductId::parse(line.product_id.trim());
            let variant_id = match line.variant_id.as_deref().map(str::trim) {
                None | Some("") => Some(None),
                Some(raw) => VariantId::parse(raw).map(Some),
            };
            let (Some(product_id), Some(variant_id)) = (product_id, variant_id) else {
                errors.add("lines", PHONE_ORDER_LINES_MISSING);
                return None;
            };
            if !(1..=MAX_QUANTITY).contains(&line.quantity) {
                errors.add("lines", QUANTITY_ONE_OR_MORE);
                return None;
            }
            let quantity = line.quantity as u32;
            match lines
                .iter_mut()
                .find(|l| l.product_id == product_id && l.variant_id == variant_id)
            {
                Some(same) => same.quantity = same.quantity.saturating_add(quantity),
                None => lines.push(LineChoice {
                    product_id,
                    variant_id,
                    quantity,
                }),
            }
        }
        Some(lines)
    }
}

fn new_customer(
    name: &str,
    phone: &str,
    email: &str,
    errors: &mut FieldErrors,
) -> Option<NewCustomer> {
    let name = errors.text("customer.name", name, Lines::Single);
    errors.check(name.is_none(), "customer.name", NAME_REQUIRED);
    errors.check(
        name.as_ref()
            .is_some_and(|n| n.chars().count() > MAX_NAME_LEN),
        "customer.name",
        NAME_TOO_LONG,
    );
    let phone = mobile_in("customer.phone", phone, errors);
    let email = match email.trim() {
        "" => Some(None),
        typed => crate::user::email_in("customer.email", typed, errors).map(Some),
    };
    Some(NewCustomer {
        name: name?,
        phone: phone?,
        email: email?,
    })
}

/// What taking the order decided: its lines, the totals checkout would charge, where it goes.
#[derive(Debug, Clone, PartialEq)]
pub struct PhoneOrderDraft<'a> {
    pub id: OrderId,
    pub customer: &'a User,
    /// The customer's wallet number, which the shop's messages and the rider reach.
    pub customer_phone: MobileNumber,
    pub lines: &'a [CartLine],
    pub subtotal: Money,
    pub discount: Option<OrderDiscount>,
    pub shipping: Money,
    pub total: Money,
    pub shipping_address: ShippingAddress,
    pub taken_by: &'a User,
    pub at: DateTime<Utc>,
}

impl PhoneOrderDraft<'_> {
    /// The order, pending with its payment pending and no method chosen: the customer pays
    /// by a request to their wallet, a link, or in cash, later. `None` without lines.
    pub fn into_order(self) -> Option<Order> {
        let taken_by = Changer::from(self.taken_by);
        Some(Order {
            id: self.id,
            number: OrderNumber::NOT_YET_GIVEN,
            user_id: self.customer.id.clone(),
            customer_name: self.customer.name.clone(),
            customer_email: self.customer.email_text().to_owned(),
            lines: order_lines(self.lines)?,
            subtotal: self.subtotal,
            shipping_fee: self.shipping,
            total: self.total,
            status: OrderStatus::Pending,
            payment_status: PaymentStatus::Pending,
            payment_method: None,
            payment_phone: self.customer_phone,
            transaction_id: None,
            payment_reference: None,
            shipping_address: Some(self.shipping_address),
            idempotency_key: None,
            created_at: self.at,
            hold_expired_at: None,
            discount: self.discount,
            delivered_at: None,
            refunded: Money::ZERO,
            refund_claim: None,
            delivery: None,
            history: vec![StatusChange {
                status: OrderStatus::Pending,
                at: self.at,
                by: Some(taken_by.clone()),
            }],
            channel: Channel::Phone { taken_by },
        })
    }
}

/// Where a phone order's payment stands: whether its customer may pay now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentState {
    /// Nothing chosen yet, and early enough in its hold for the payer to answer before the
    /// hold ends (an answer after it would find the order canceled).
    Open,
    /// A payment is under way (a wallet waiting for the payer's PIN, a card page): no second
    /// one starts.
    Paying,
    /// Paid, or to be paid in cash to the rider.
    Settled,
    /// Canceled, or too late in its hold.
    Ended,
}

impl PaymentState {
    /// The states a payment link's page shows (an ended one shows nothing).
    pub const SHOWN_ON_LINK: [PaymentState; 3] = [
        PaymentState::Open,
        PaymentState::Paying,
        PaymentState::Settled,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PaymentState::Open => "open",
            PaymentState::Paying => "paying",
            PaymentState::Settled => "settled",
            PaymentState::Ended => "ended",
        }
    }

    /// The state of `order`'s payment at `now`; any order but one taken by phone is ended
    /// (nobody pays it this way).
    pub fn of(order: &Order, hold: PaymentHold, now: DateTime<Utc>) -> Self {
        if order.channel.kind() != ChannelKind::Phone {
            return PaymentState::Ended;
        }
        match (order.status, order.payment_status) {
            (
                _,
                PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded,
            ) => PaymentState::Settled,
            (OrderStatus::Canceled, _) | (_, PaymentStatus::Failed) => PaymentState::Ended,
            _ if order.pays_cash() => PaymentState::Settled,
            _ if order.payment_method.is_some() => PaymentState::Paying,
            _ if now >= hold.last_payment_start(order.created_at) => PaymentState::Ended,
            _ => PaymentState::Open,
        }
    }

    /// Why a payment cannot start now; `None` while it can.
    pub fn refusal(self) -> Option<Text> {
        match self {
            PaymentState::Open => None,
            PaymentState::Paying => Some(PHONE_ORDER_PAYING),
            PaymentState::Settled => Some(PHONE_ORDER_SETTLED),
            PaymentState::Ended => Some(PHONE_ORDER_ENDED),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(product: &str, size: Option<&str>, quantity: i64) -> LineInput {
        LineInput {
            product_id: product.into(),
            variant_id: size.map(str::to_owned),
            quantity,
        }
    }

    fn hodan() -> ShippingAddressInput {
        ShippingAddressInput {
            full_name: "Faadumo Ali".into(),
            phone: "615550101".into(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Near the market".into(),
            landmark: String::new(),
        }
    }

    fn input(customer: CustomerInput, lines: Vec<LineInput>) -> PhoneOrderInput {
        PhoneOrderInput {
            customer: Some(customer),
            lines,
            shipping_address: Some(hodan()),
            discount_code: Some(" eid-2026 ".into()),
        }
    }

    #[test]
    fn a_new_customer_needs_a_name_and_a_mobile_number_and_may_give_no_e_mail() {
        let new = CustomerInput::New {
            name: " Faadumo Ali ".into(),
            phone: "061 555 0101".into(),
            email: " ".into(),
        };
        let request = input(new, vec![line("p1", None, 1)])
            .validate(&Zones::new(vec![]))
            .unwrap();
        assert_eq!(
            request.customer,
            CustomerChoice::New(NewCustomer {
                name: "Faadumo Ali".into(),
                phone: MobileNumber::parse("615550101").unwrap(),
                email: None,
            })
        );
        assert_eq!(request.discount_code, DiscountCode::parse("EID-2026"));

        let bad = CustomerInput::New {
            name: String::new(),
            phone: "+44 20 7946 0958".into(),
            email: "amina@".into(),
        };
        let errors = input(bad, vec![line("p1", None, 1)])
            .validate(&Zones::new(vec![]))
            .unwrap_err();
        assert_eq!(errors.get("customer.name"), Some(NAME_REQUIRED.english()));
        assert_eq!(
            errors.get("customer.phone"),
            Some(crate::message::texts::MOBILE_PHONE_INVALID.english())
        );
        assert_eq!(errors.get("customer.email"), Some("Email is invalid"));
    }

    #[test]
    fn the_same_product_and_size_twice_is_one_line_and_quantities_are_bounded() {
        let amina = || CustomerInput::Existing {
            user_id: "amina".into(),
        };
        let request = input(
            amina(),
            vec![
                line("p1", Some("m"), 1),
                line("p2", None, 2),
                line("p1", Some("m"), 3),
            ],
        )
        .validate(&Zones::new(vec![]))
        .unwrap();
        let lines: Vec<(&str, u32)> = request
            .lines
            .iter()
            .map(|l| (l.product_id.as_str(), l.quantity))
            .collect();
        assert_eq!(lines, [("p1", 4), ("p2", 2)]);

        for quantity in [0, -1, MAX_QUANTITY + 1] {
            let errors = input(amina(), vec![line("p1", None, quantity)])
                .validate(&Zones::new(vec![]))
                .unwrap_err();
            assert_eq!(errors.get("lines"), Some(QUANTITY_ONE_OR_MORE.english()));
        }
        let too_many = (0..=MAX_LINES)
            .map(|n| line(&format!("p{n}"), None, 1))
            .collect();
        let errors = input(amina(), too_many)
            .validate(&Zones::new(vec![]))
            .unwrap_err();
        assert_eq!(errors.get("lines"), Some("An order takes at most 50 lines"));
    }
}

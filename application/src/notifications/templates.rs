//! What every message says, in one place: the words of each topic, from the order or return it
//! is about and the shop's settings. The mail adapter lays a `Letter` out as plain text and
//! HTML; an SMS sends its `sms` line.

use domain::notification::{order_number, Letter, LowStock, Topic};
use domain::order::Order;
use domain::password_reset::CODE_VALID_FOR;
use domain::returns::{Return, ReturnStatus};
use domain::settings::ShopSettings;
use domain::Money;

/// Who writes: the shop's name and contacts, and where it is on the web.
pub struct Sender<'a> {
    pub settings: &'a ShopSettings,
    /// `SHOP_PUBLIC_URL`, without a trailing slash; links are left out without it.
    pub public_url: Option<&'a str>,
    /// How long an unconfirmed payment keeps its order (`payment_hold`), in minutes.
    pub hold_minutes: i64,
}

impl Sender<'_> {
    fn signature(&self) -> String {
        format!(
            "{} · {} · {}",
            self.settings.shop_name, self.settings.support_email, self.settings.support_phone
        )
    }

    fn link(&self, label: &str, path: &str) -> Option<(String, String)> {
        self.public_url
            .map(|base| (label.to_owned(), format!("{base}{path}")))
    }

    fn letter(&self, subject: String, greeting: String, sms: String) -> Letter {
        Letter {
            subject,
            greeting,
            signature: self.signature(),
            sms: format!("{}: {sms}", self.settings.shop_name),
            ..Letter::default()
        }
    }
}

fn hello(name: &str) -> String {
    match name.split_whitespace().next() {
        Some(first) => format!("Hello {first},"),
        None => "Hello,".to_owned(),
    }
}

/// The order's lines, then its shipping, discount and total.
fn order_table(order: &Order) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = order
        .lines
        .iter()
        .map(|line| {
            let name = match &line.variant {
                Some(variant) => format!("{} ({})", line.name, variant.label()),
                None => line.name.clone(),
            };
            (
                format!("{} × {name}", line.quantity),
                line.line_total().to_string(),
            )
        })
        .collect();
    rows.push(("Shipping".into(), order.shipping_fee.to_string()));
    if let Some(discount) = &order.discount {
        rows.push((
            format!("Discount ({})", discount.code.as_str()),
            format!("-{}", discount.amount),
        ));
    }
    rows.push(("Total".into(), order.total.to_string()));
    rows
}

fn address_of(order: &Order) -> Option<String> {
    order.shipping_address.as_ref().map(|a| {
        format!(
            "{}, {}, {}, {}",
            a.full_name, a.address_line, a.district, a.city
        )
    })
}

/// A message to the shopper about their order.
pub fn about_order(topic: Topic, order: &Order, from: &Sender) -> Letter {
    let number = order_number(order.id.as_str());
    let total = order.total;
    let order_link = from.link("View your order", &format!("/orders/{}", order.id));
    let (subject, sms, paragraphs, table) = match topic {
        Topic::OrderConfirmed => (
            format!("Order {number} confirmed"),
            format!("order {number} confirmed, {total} paid. We will tell you when it ships."),
            vec![
                format!("Thank you for your order {number}. We have received your payment of {total} by EVC Plus."),
                "We will let you know when it ships.".to_owned(),
            ],
            order_table(order),
        ),
        Topic::PaymentUnconfirmed => (
            format!("Order {number}: payment not confirmed yet"),
            format!("EVC Plus has not confirmed your payment of {total} for order {number} yet. If you approved it, there is nothing to do."),
            vec![
                format!("We have saved your order {number} of {total}, but EVC Plus has not confirmed your payment yet."),
                "If you approved it on your phone, there is nothing to do: we confirm the order as soon as EVC Plus does.".to_owned(),
                format!("If no payment arrives within {} minutes, the order is canceled and nothing is charged.", from.hold_minutes),
            ],
            order_table(order),
        ),
        Topic::OrderShipped => (
            format!("Order {number} has shipped"),
            format!("order {number} has shipped and is on its way to you."),
            vec![match address_of(order) {
                Some(address) => format!("Your order {number} has shipped and is on its way to {address}."),
                None => format!("Your order {number} has shipped and is on its way to you."),
            }],
            Vec::new(),
        ),
        Topic::OrderDelivered => (
            format!("Order {number} was delivered"),
            format!("order {number} was delivered. Enjoy it!"),
            vec![
                format!("Your order {number} was delivered. We hope you enjoy it."),
                "Something not right? You can return items within 30 days of delivery from your order's page.".to_owned(),
            ],
            Vec::new(),
        ),
        _ => {
            let refund = (order.refunded > Money::ZERO).then_some(order.refunded);
            let mut paragraphs = vec![format!("Your order {number} was canceled.")];
            if order.hold_expired_at.is_some() {
                paragraphs.push("EVC Plus did not confirm its payment in time.".to_owned());
            }
            let sms = match refund {
                Some(refund) => {
                    paragraphs.push(format!(
                        "We have refunded {refund} to your EVC Plus number {}.",
                        order.payment_phone
                    ));
                    format!("order {number} was canceled and {refund} refunded to your EVC Plus.")
                }
                None => format!("order {number} was canceled."),
            };
            (format!("Order {number} was canceled"), sms, paragraphs, Vec::new())
        }
    };
    Letter {
        paragraphs,
        table,
        link: order_link,
        ..from.letter(subject, hello(&order.customer_name), sms)
    }
}

/// A message to the shopper about a step of their return (`status`, as it was then).
pub fn about_return(status: ReturnStatus, item: &Return, from: &Sender) -> Letter {
    let number = order_number(item.order_id.as_str());
    let refund = item.refund_amount;
    let (subject, what) = match status {
        ReturnStatus::Approved => (
            format!("Your return for order {number} is approved"),
            "is approved. Please send the items back; we refund you when they arrive.".to_owned(),
        ),
        ReturnStatus::Rejected => (
            format!("Your return for order {number} was not accepted"),
            format!(
                "was not accepted. Please contact us at {} if you have questions.",
                from.settings.support_email
            ),
        ),
        ReturnStatus::Received => (
            format!("We received your return for order {number}"),
            format!("arrived. We are refunding {refund} to your EVC Plus number."),
        ),
        _ => (
            format!("Your return for order {number} is refunded"),
            format!("is refunded: {refund} went back to your EVC Plus number."),
        ),
    };
    Letter {
        paragraphs: vec![format!("Your return for order {number} {what}")],
        link: from.link("View your order", &format!("/orders/{}", item.order_id)),
        ..from.letter(
            subject,
            hello(&item.customer_name),
            format!("your return for order {number} {what}"),
        )
    }
}

/// The e-mail carrying a password reset code.
pub fn password_reset(code: &str, name: &str, from: &Sender) -> Letter {
    let minutes = CODE_VALID_FOR.num_minutes();
    let shop = &from.settings.shop_name;
    Letter {
        paragraphs: vec![
            format!("Your code to reset your {shop} password is {code}. It is valid for {minutes} minutes."),
            "If you did not ask for it, ignore this message: your password stays as it is.".to_owned(),
        ],
        link: from.link("Choose a new password", "/reset-password"),
        ..from.letter(
            format!("Your {shop} password reset code"),
            hello(name),
            format!("your password reset code is {code}. It is valid for {minutes} minutes."),
        )
    }
}

/// The shop's alert of a new paid order.
pub fn new_order(order: &Order, from: &Sender) -> Letter {
    let number = order_number(order.id.as_str());
    let mut paragraphs = vec![format!(
        "{} ({}, EVC Plus {}) paid {} for order {number}.",
        order.customer_name, order.customer_email, order.payment_phone, order.total
    )];
    if let Some(address) = address_of(order) {
        paragraphs.push(format!("Ship to: {address}."));
    }
    Letter {
        paragraphs,
        table: order_table(order),
        link: from.link("Open the order", &format!("/admin/orders/{}", order.id)),
        ..from.letter(
            format!(
                "New order {number}: {} from {}",
                order.total, order.customer_name
            ),
            "New order,".to_owned(),
            format!("new order {number}, {}.", order.total),
        )
    }
}

/// The shop's alert of a size running low.
pub fn low_stock(low: &LowStock, from: &Sender) -> Letter {
    let left = match low.left {
        0 => "none left".to_owned(),
        1 => "1 left".to_owned(),
        n => format!("{n} left"),
    };
    Letter {
        paragraphs: vec![format!("{} is running low: {left}.", low.item)],
        link: from.link("Restock it", "/admin/products"),
        ..from.letter(
            format!("Running low: {} ({left})", low.item),
            "Stock alert,".to_owned(),
            format!("{} is running low: {left}.", low.item),
        )
    }
}

//! What every message says, in one place: the words of each topic, from the order or return it
//! is about and the shop's settings. The mail adapter lays a `Letter` out as plain text and
//! HTML; an SMS sends its `sms` line.

use super::words::{self, Label, OrderFacts};
use domain::language::Language;
use domain::notification::{Letter, LowStock, Topic};
use domain::order::Order;
use domain::password_reset::CODE_VALID_FOR;
use domain::payment_attempt::{AttemptState, PaymentAlert};
use domain::payment_method::PaymentMethod;
use domain::restock::BackInStock;
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
    /// The language of the shopper written to (the shop's alerts are English).
    pub language: Language,
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

/// The order's lines, then its shipping, discount and total.
fn order_table(order: &Order, language: Language) -> Vec<(String, String)> {
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
    rows.push((
        words::label(language, Label::Shipping).into(),
        order.shipping_fee.to_string(),
    ));
    if let Some(discount) = &order.discount {
        rows.push((
            words::discount(language, discount.code.as_str()),
            format!("-{}", discount.amount),
        ));
    }
    rows.push((
        words::label(language, Label::Total).into(),
        order.total.to_string(),
    ));
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

/// A message to the shopper about their order, in their language.
pub fn about_order(topic: Topic, order: &Order, from: &Sender) -> Letter {
    let language = from.language;
    let number = order.number.to_string();
    let facts = OrderFacts {
        number: &number,
        total: order.total,
        hold_minutes: from.hold_minutes,
        method: order.payment_method,
        address: address_of(order),
        hold_expired: order.hold_expired_at.is_some(),
        refund: (order.refunded > Money::ZERO)
            .then_some((order.refunded, order.payment_phone.as_str())),
        delivery: order.delivery.as_ref(),
    };
    let texts = words::about_order(language, topic, &facts);
    let table = match topic {
        Topic::OrderConfirmed | Topic::PaymentUnconfirmed => order_table(order, language),
        _ => Vec::new(),
    };
    Letter {
        paragraphs: texts.paragraphs,
        table,
        link: from.link(
            words::label(language, Label::ViewOrder),
            &format!("/orders/{}", order.id),
        ),
        ..from.letter(
            texts.subject,
            words::hello(language, &order.customer_name),
            texts.sms,
        )
    }
}

/// A message to the shopper about a step of their return (`status`, as it was then); the
/// refund goes back the way the order was paid (`method`).
pub fn about_return(
    status: ReturnStatus,
    item: &Return,
    method: Option<PaymentMethod>,
    from: &Sender,
) -> Letter {
    let language = from.language;
    let number = item.order_number.to_string();
    let (subject, paragraph, sms) = words::about_return(
        language,
        status,
        &number,
        item.refund_amount,
        method,
        &from.settings.support_email.to_string(),
    );
    Letter {
        paragraphs: vec![paragraph],
        link: from.link(
            words::label(language, Label::ViewOrder),
            &format!("/orders/{}", item.order_id),
        ),
        ..from.letter(subject, words::hello(language, &item.customer_name), sms)
    }
}

/// The message carrying a password reset code.
pub fn password_reset(code: &str, name: &str, from: &Sender) -> Letter {
    let language = from.language;
    let minutes = CODE_VALID_FOR.num_minutes();
    let texts = words::password_reset(language, &from.settings.shop_name, code, minutes);
    Letter {
        paragraphs: texts.paragraphs,
        link: from.link(
            words::label(language, Label::ChooseNewPassword),
            "/reset-password",
        ),
        ..from.letter(texts.subject, words::hello(language, name), texts.sms)
    }
}

/// The shop's alert of a new paid order.
pub fn new_order(order: &Order, from: &Sender) -> Letter {
    let number = order.number.to_string();
    // A card's payer gave the phone as a contact, not as the way they paid.
    let paid = match order.payment_method {
        Some(PaymentMethod::Card) => format!(
            "phone {}) paid {} by card",
            order.payment_phone, order.total
        ),
        Some(method) => format!(
            "{} {}) paid {}",
            method.name(),
            order.payment_phone,
            order.total
        ),
        None => format!("phone {}) paid {}", order.payment_phone, order.total),
    };
    let mut paragraphs = vec![format!(
        "{} ({}, {paid} for order {number}.",
        order.customer_name, order.customer_email
    )];
    if let Some(address) = address_of(order) {
        paragraphs.push(format!("Ship to: {address}."));
    }
    Letter {
        paragraphs,
        table: order_table(order, Language::English),
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

/// To a shopper who asked: the size is back in stock.
pub fn back_in_stock(back: &BackInStock, name: &str, from: &Sender) -> Letter {
    let language = from.language;
    let path = format!("/product/{}", back.product_id);
    let texts = words::back_in_stock(language, &back.item);
    // The text message carries the link itself: it has no button.
    let sms = match from.link("", &path) {
        Some((_, url)) => format!("{} {url}", texts.sms),
        None => texts.sms,
    };
    Letter {
        paragraphs: texts.paragraphs,
        link: from.link(words::label(language, Label::ViewProduct), &path),
        ..from.letter(texts.subject, words::hello(language, name), sms)
    }
}

/// A phone order's payment link (`path`, on the shop's address), to its customer, open for
/// `minutes` more. The text message (also what staff share on WhatsApp) ends with the link.
pub fn payment_link(order: &Order, path: &str, minutes: i64, from: &Sender) -> Letter {
    let language = from.language;
    let number = order.number.to_string();
    let texts = words::payment_link(language, &number, order.total, minutes);
    let url = from
        .link("", path)
        .map_or_else(|| path.to_owned(), |(_, url)| url);
    Letter {
        paragraphs: texts.paragraphs,
        table: order_table(order, language),
        link: from.link(words::label(language, Label::PayNow), path),
        ..from.letter(
            texts.subject,
            words::hello(language, &order.customer_name),
            format!("{} {url}", texts.sms),
        )
    }
}

/// The shop's alert of money no order took (`PaymentAlert`): paid back, its refund failed,
/// or approved for another amount than asked.
pub fn payment_alert(order: &Order, alert: &PaymentAlert, from: &Sender) -> Letter {
    let number = order.number.to_string();
    let came = format!("{} {}", alert.method.name(), alert.amount);
    let (subject, what) = match alert.state {
        AttemptState::Refunded => (
            format!("Paid after order {number} closed: refunded"),
            format!("{came} was approved after order {number} was closed (canceled, or its payment hold ended). It was refunded through the provider."),
        ),
        AttemptState::Mismatched => (
            format!("Payment of another amount for order {number}"),
            format!("{came} was approved for order {number}, which asked {}. Nothing was paid: check it with the provider and settle it by hand.", alert.asked),
        ),
        _ => (
            format!("Refund failed: paid after order {number} closed"),
            format!(
                "{came} was approved after order {number} was closed, and its refund failed ({}). Refund it by hand through the provider.",
                alert.error.as_deref().unwrap_or("no answer")
            ),
        ),
    };
    Letter {
        paragraphs: vec![what.clone()],
        link: from.link("Open the payments", "/admin/payments"),
        ..from.letter(subject, "Payment alert,".to_owned(), what)
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

//! The demo shop's reviews: four demo shoppers had some of the catalogue delivered and
//! reviewed it, so the stars on the cards are true; the demo customer has a delivered
//! order of her own to review or return. Orders are stored as paid by hand (no payment
//! provider is asked, now or when they are canceled or returned) and moved to delivered as
//! an admin would.

use crate::system::{RandomIds, SystemClock};
use application::accounts::RegisterError;
use application::Shop;
use chrono::Duration;
use domain::checkout::ShippingAddress;
use domain::delivery::delivery_fee;
use domain::language::Language;
use domain::order::{
    Changer, Channel, Order, OrderLine, OrderNumber, OrderStatus, OrderTransition, PaymentStatus,
    StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{Clock, IdGenerator, OrderRepository, ReviewRepository, UserRepository};
use domain::product::Product;
use domain::review::{author_name, Rating, Review};
use domain::user::{ContactInput, Email, RegistrationInput, User};
use domain::{Money, OrderId, ReviewId};

/// The demo shoppers' password (the demo customer's too).
const REVIEWER_PASSWORD: &str = super::DEMO_CUSTOMER_PASSWORD;

/// A demo shopper and what they wrote: (catalogue product name, stars, title, body).
struct Reviewer {
    name: &'static str,
    email: &'static str,
    reviews: &'static [(&'static str, u8, &'static str, &'static str)],
}

const REVIEWERS: [Reviewer; 4] = [
    Reviewer {
        name: "Hodan Ali",
        email: "hodan@example.com",
        reviews: &[
            (
                "Linen Wrap Dress",
                5,
                "Cool in the heat",
                "Light linen that stays cool in the afternoon heat. True to size.",
            ),
            (
                "Embroidered Abaya",
                5,
                "Beautiful work",
                "The embroidery is even finer than in the picture. I wore it for Eid.",
            ),
            (
                "Silk Hijab Set",
                4,
                "Soft colours",
                "Soft and easy to pin; one of the three was a shade lighter than shown.",
            ),
        ],
    },
    Reviewer {
        name: "Faadumo Yusuf",
        email: "faadumo@example.com",
        reviews: &[
            (
                "Linen Wrap Dress",
                4,
                "Lovely, a little long",
                "Lovely fabric, but I had it shortened by a few centimetres.",
            ),
            (
                "Floral Maxi Dress",
                5,
                "My favourite",
                "Bright, comfortable and it washes well.",
            ),
            (
                "Cotton Guntiino",
                3,
                "Nice but thin",
                "The print is nice but the cotton is thinner than I hoped.",
            ),
        ],
    },
    Reviewer {
        name: "Sagal Omar",
        email: "sagal@example.com",
        reviews: &[
            (
                "Embroidered Abaya",
                4,
                "Elegant",
                "Elegant and well sewn. Delivery to Hargeisa took four days.",
            ),
            (
                "Pleated Midi Skirt",
                5,
                "Perfect fit",
                "The pleats stay crisp and the waist is comfortable.",
            ),
        ],
    },
    Reviewer {
        name: "Ayaan Warsame",
        email: "ayaan@example.com",
        reviews: &[
            (
                "Floral Maxi Dress",
                4,
                "Pretty",
                "Pretty dress for the price; the belt is a little short.",
            ),
            (
                "Tailored Wide Trousers",
                2,
                "Too long for me",
                "Good fabric but far too long, and no shorter size.",
            ),
        ],
    },
];

/// What the demo customer has had delivered (to review or return).
const CUSTOMER_BOUGHT: [&str; 2] = ["Kaftan Beach Cover", "Beaded Evening Clutch"];

fn by_name<'a>(catalogue: &'a [Product], name: &str) -> anyhow::Result<&'a Product> {
    catalogue
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| anyhow::anyhow!("the demo catalogue has no {name}"))
}

/// A paid order of one of each product (the first size of a sized one), placed `days_ago`.
fn paid_order(user: &User, products: &[&Product], shipping_fee: Money, days_ago: i64) -> Order {
    let placed_at = SystemClock.now() - Duration::days(days_ago);
    let lines: Vec<OrderLine> = products
        .iter()
        .map(|p| OrderLine {
            product_id: p.id.clone(),
            name: p.name.clone(),
            image: p.image.as_ref().map(|i| i.thumbnail.clone()),
            unit_price: p.price,
            quantity: 1,
            variant: p
                .variants
                .iter()
                .find(|v| v.stock > 0)
                .map(|v| v.snapshot()),
        })
        .collect();
    let subtotal: Money = lines.iter().map(OrderLine::line_total).sum();
    Order {
        id: OrderId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
        number: OrderNumber::NOT_YET_GIVEN,
        user_id: user.id.clone(),
        customer_name: user.name.clone(),
        customer_email: user.email_text().to_owned(),
        lines,
        subtotal,
        shipping_fee,
        total: subtotal + shipping_fee,
        status: OrderStatus::Pending,
        payment_status: PaymentStatus::Paid,
        payment_method: Some(PaymentMethod::EvcPlus),
        payment_phone: MobileNumber::parse("615551234").expect("a valid number"),
        // Paid as if confirmed by hand: no provider's transaction, so a cancel or a return's
        // refund asks no provider (the sandbox knows none of these).
        transaction_id: None,
        payment_reference: None,
        shipping_address: Some(ShippingAddress {
            full_name: user.name.clone(),
            phone: user.phone.clone(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Maka Al Mukarama Road".into(),
            landmark: "Near the Hodan market mosque".into(),
        }),
        idempotency_key: None,
        created_at: placed_at,
        hold_expired_at: None,
        discount: None,
        delivered_at: None,
        refunded: Money::ZERO,
        refund_claim: None,
        delivery: None,
        history: vec![StatusChange {
            status: OrderStatus::Pending,
            at: placed_at,
            by: Some(Changer::from(user)),
        }],
        channel: Channel::Web,
    }
}

/// Stores `order` and moves it to delivered.
async fn deliver<Store: OrderRepository>(store: &Store, order: &Order) -> anyhow::Result<()> {
    store.place(order).await?;
    let mut order = order.clone();
    for (from, to) in [
        (OrderStatus::Pending, OrderStatus::Shipped),
        (OrderStatus::Shipped, OrderStatus::Delivered),
    ] {
        let plan = OrderTransition::status_change(from, to).plan(&order, SystemClock.now());
        store.apply(&plan).await?;
        order.status = to;
    }
    Ok(())
}

/// The account `email`, registered with `name` when it is not there yet.
pub async fn shopper<Store: UserRepository>(
    shop: &Shop,
    store: &Store,
    name: &str,
    email: &str,
) -> anyhow::Result<User> {
    let registration = RegistrationInput {
        contact: ContactInput {
            name: name.into(),
            email: email.into(),
            phone: "+252 61 555 1234".into(),
        },
        password: REVIEWER_PASSWORD.into(),
        language: Language::English,
    };
    match shop.accounts.register(&registration, "localhost").await {
        Ok(session) => Ok(session.user),
        Err(RegisterError::EmailTaken) => {
            let email = Email::parse(email).expect("a valid demo e-mail");
            store
                .by_email(&email)
                .await?
                .ok_or_else(|| anyhow::anyhow!("demo shopper {email} vanished"))
        }
        Err(error) => Err(anyhow::anyhow!("demo shopper {email}: {error}")),
    }
}

/// The demo shoppers' delivered orders and reviews, and the demo customer's delivered order;
/// run once, with the catalogue.
pub async fn seed<Store: OrderRepository + ReviewRepository + UserRepository>(
    shop: &Shop,
    store: &Store,
    catalogue: &[Product],
    customer: &User,
) -> anyhow::Result<()> {
    // Every demo order goes to Hodan, at its zone's fee.
    let flat = shop.settings.current_settings().await?.shipping_fee;
    let zones = shop.delivery.zones().await?;
    let hodan = zones
        .destination("Mogadishu", Some("Hodan"))
        .map_err(|refusal| anyhow::anyhow!("the demo zones lack Hodan: {refusal:?}"))?;
    let shipping_fee = delivery_fee(hodan, flat);
    for (days_ago, reviewer) in (12..).step_by(3).zip(&REVIEWERS) {
        let user = shopper(shop, store, reviewer.name, reviewer.email).await?;
        let bought = reviewer
            .reviews
            .iter()
            .map(|(name, ..)| by_name(catalogue, name))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let order = paid_order(&user, &bought, shipping_fee, days_ago);
        deliver(store, &order).await?;
        for ((_, stars, title, body), product) in reviewer.reviews.iter().zip(&bought) {
            store
                .save(&Review {
                    id: ReviewId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                    product_id: product.id.clone(),
                    product_name: product.name.clone(),
                    user_id: user.id.clone(),
                    author: author_name(&user.name),
                    rating: Rating::new(*stars).expect("1 to 5 stars"),
                    title: Some((*title).to_owned()),
                    body: (*body).to_owned(),
                    verified_purchase: true,
                    hidden: false,
                    created_at: order.created_at + Duration::days(5),
                })
                .await?;
        }
    }
    let bought = CUSTOMER_BOUGHT
        .iter()
        .map(|name| by_name(catalogue, name))
        .collect::<anyhow::Result<Vec<_>>>()?;
    deliver(store, &paid_order(customer, &bought, shipping_fee, 6)).await
}

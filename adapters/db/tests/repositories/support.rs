//! Builders for entities and small helpers shared by the tests.

use chrono::{DateTime, Duration, SubsecRound, TimeZone, Utc};
use domain::checkout::ShippingAddress;
use domain::order::{
    Changer, Channel, Order, OrderLine, OrderNumber, OrderStatus, OrderTransition, PaymentStatus,
    StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{
    OrderRepository, OrderStoreError, ProductRepository, RepoError, UserRepository,
};
use domain::product::{Category, Product, ProductImage};
use domain::user::{Email, Role, User};
use domain::variant::{total_stock, Variant};
use domain::{Money, OrderId, Percent, ProductId, UserId, VariantId};
pub use shop_db::test_support::databases;
use shop_db::Database;

/// A moment `seconds` after a fixed start, with microseconds (what both databases keep).
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 9, 30, 0).unwrap()
        + Duration::seconds(seconds)
        + Duration::microseconds(123_456)
}

/// The time of a test's write whose time it does not check (microseconds, as `at`).
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

/// Moves order `id` as `change` says at `at`, planned on the order as stored, as the use
/// cases do.
pub async fn transition(
    db: &Database,
    id: &OrderId,
    change: &OrderTransition,
    at: DateTime<Utc>,
) -> Result<(), OrderStoreError> {
    let order = OrderRepository::by_id(db, id)
        .await?
        .ok_or(OrderStoreError::Repo(RepoError::NotFound))?;
    db.apply(&change.plan(&order, at)).await
}

pub fn money(cents: i64) -> Money {
    Money::from_cents(cents).unwrap()
}

pub fn user_id(raw: &str) -> UserId {
    UserId::parse(raw).unwrap()
}

pub fn product_id(raw: &str) -> ProductId {
    ProductId::parse(raw).unwrap()
}

pub fn order_id(raw: &str) -> OrderId {
    OrderId::parse(raw).unwrap()
}

pub fn user(id: &str) -> User {
    User {
        id: user_id(id),
        name: format!("Customer {id}"),
        email: Some(Email::parse(&format!("{id}@example.com")).unwrap()),
        phone: "615551234".into(),
        role: Role::User,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        must_change_password: false,
        token_version: 0,
        created_at: at(0),
        language: domain::language::Language::English,
    }
}

pub fn product(id: &str, stock: u32) -> Product {
    Product {
        id: product_id(id),
        name: format!("Dress {id}"),
        description: "A soft cotton dress".into(),
        category: Category::Women,
        tags: vec!["New".into(), "Summer".into()],
        price: money(2400),
        discount: Percent::new(20).unwrap(),
        stated_original_price: None,
        image: Some(ProductImage {
            full: format!("/uploads/{id}.webp"),
            thumbnail: format!("/uploads/{id}-thumb.webp"),
        }),
        gallery: vec![
            format!("/uploads/{id}-2.webp"),
            format!("/uploads/{id}-3.webp"),
        ],
        colour_pictures: Default::default(),
        rating_tenths: 45,
        reviews: 120,
        stock,
        variants: Vec::new(),
        is_featured: false,
        created_at: at(0),
    }
}

/// A product in sizes, each `(size, colour, stock)` a variant `{id}-{size}[-{colour}]`; its
/// stock is their sum.
pub fn sized_product(id: &str, sizes: &[(&str, Option<&str>, u32)]) -> Product {
    let variants: Vec<Variant> = sizes
        .iter()
        .map(|(size, colour, stock)| {
            let key = match colour {
                Some(colour) => format!("{id}-{size}-{colour}"),
                None => format!("{id}-{size}"),
            };
            Variant {
                id: VariantId::parse(&key).unwrap(),
                size: (*size).into(),
                colour: colour.map(Into::into),
                sku: key.to_uppercase(),
                stock: *stock,
            }
        })
        .collect();
    Product {
        stock: total_stock(&variants),
        variants,
        ..product(id, 0)
    }
}

/// A pending, unpaid order of `units` of each product.
pub fn order(id: &str, user: &str, lines: &[(&Product, u32)]) -> Order {
    let lines: Vec<OrderLine> = lines
        .iter()
        .map(|(product, quantity)| OrderLine {
            product_id: product.id.clone(),
            name: product.name.clone(),
            image: product.image.as_ref().map(|i| i.thumbnail.clone()),
            unit_price: product.price,
            quantity: *quantity,
            variant: None,
        })
        .collect();
    let subtotal: Money = lines.iter().map(OrderLine::line_total).sum();
    let shipping_fee = money(500);
    Order {
        id: order_id(id),
        number: OrderNumber::NOT_YET_GIVEN,
        user_id: user_id(user),
        customer_name: format!("Customer {user}"),
        customer_email: format!("{user}@example.com"),
        lines,
        subtotal,
        shipping_fee,
        total: subtotal + shipping_fee,
        status: OrderStatus::Pending,
        payment_status: PaymentStatus::Paid,
        payment_method: Some(PaymentMethod::EvcPlus),
        payment_phone: MobileNumber::parse("615551234").unwrap(),
        transaction_id: Some(format!("TX-{id}")),
        payment_reference: None,
        shipping_address: Some(ShippingAddress {
            full_name: "Amina Warsame".into(),
            phone: "615551234".into(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Maka Al Mukarama Road 12".into(),
            landmark: "Near the Hodan market mosque".into(),
        }),
        idempotency_key: None,
        created_at: at(0),
        hold_expired_at: None,
        discount: None,
        delivered_at: None,
        refunded: Money::ZERO,
        refund_claim: None,
        delivery: None,
        history: vec![StatusChange {
            status: OrderStatus::Pending,
            at: at(0),
            by: Some(Changer {
                id: user_id(user),
                name: format!("Customer {user}"),
            }),
        }],
        channel: Channel::Web,
    }
}

/// An order whose payment the provider has not confirmed yet.
pub fn unconfirmed(id: &str, user: &str, lines: &[(&Product, u32)]) -> Order {
    Order {
        payment_status: PaymentStatus::Pending,
        transaction_id: None,
        ..order(id, user, lines)
    }
}

pub async fn add_user(db: &Database, id: &str) -> User {
    let user = user(id);
    UserRepository::insert(db, &user).await.unwrap();
    user
}

pub async fn add_product(db: &Database, id: &str, stock: u32) -> Product {
    let product = product(id, stock);
    ProductRepository::insert(db, &product).await.unwrap();
    product
}

pub async fn stock_of(db: &Database, id: &str) -> u32 {
    ProductRepository::by_id(db, &product_id(id))
        .await
        .unwrap()
        .unwrap()
        .stock
}

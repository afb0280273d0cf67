//! Taking orders by phone, over mocked ports.

use super::*;
use crate::testing::{audit, clock, hodan, ids, now, product, staff, zones_of, CartMocks};
use domain::audit::AuditAction;
use domain::checkout::ShippingAddressInput;
use domain::message::texts::PHONE_ORDER_CUSTOMER_MISSING;
use domain::order::{Channel, PaymentStatus};
use domain::phone_order::{CustomerInput, LineInput};
use domain::ports::{
    MockAuditLog, MockDiscountRepository, MockOrderRepository, MockPasswordHasher,
    MockProductRepository, MockSecretGenerator, MockUserRepository,
};
use std::sync::Mutex;

/// The ports a phone order touches; the shop delivers to Hodan ($2.00).
struct Mocks {
    users: MockUserRepository,
    products: MockProductRepository,
    orders: MockOrderRepository,
    log: MockAuditLog,
}

impl Mocks {
    fn new() -> Self {
        let mut products = MockProductRepository::new();
        products
            .expect_by_ids()
            .returning(|_| Ok(vec![product(2000, 3)]));
        Self {
            users: MockUserRepository::new(),
            products,
            orders: MockOrderRepository::new(),
            log: MockAuditLog::new(),
        }
    }

    fn service(self) -> PhoneOrders {
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .returning(|_| Ok("$argon2id$hidden".into()));
        let mut secrets = MockSecretGenerator::new();
        secrets
            .expect_temporary_password()
            .returning(|| "unguessable".into());
        let mut carts = CartMocks::new();
        carts.zones = zones_of(vec![hodan()]);
        carts.settings.expect_get().returning(|| Ok(None));
        PhoneOrders::new(
            Arc::new(self.users),
            Arc::new(self.products),
            Arc::new(self.orders),
            Arc::new(MockDiscountRepository::new()),
            carts.service(),
            CurrentZones::new(Arc::new(zones_of(vec![hodan()]))),
            CatalogVersion::default(),
            audit(self.log),
            Arc::new(hasher),
            Arc::new(secrets),
            clock(),
            ids(),
        )
    }
}

/// Two abayas ($20.00 each) for `customer`, to Hodan.
fn two_abayas(customer: CustomerInput) -> PhoneOrderInput {
    PhoneOrderInput {
        customer: Some(customer),
        lines: vec![LineInput {
            product_id: "p1".into(),
            variant_id: None,
            quantity: 2,
        }],
        shipping_address: Some(ShippingAddressInput {
            full_name: "Faadumo Ali".into(),
            phone: "615550101".into(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Near the market".into(),
            landmark: String::new(),
        }),
        discount_code: None,
    }
}

#[tokio::test]
async fn a_new_customer_gets_an_account_by_phone_and_the_order_checkouts_totals() {
    let mut mocks = Mocks::new();
    let added = Arc::new(Mutex::new(None::<User>));
    let stored = added.clone();
    mocks.users.expect_insert().times(1).returning(move |user| {
        *stored.lock().unwrap() = Some(user.clone());
        Ok(())
    });
    let placed = Arc::new(Mutex::new(None::<Order>));
    let kept = placed.clone();
    mocks
        .orders
        .expect_place()
        .times(1)
        .returning(move |order| {
            *kept.lock().unwrap() = Some(order.clone());
            Ok(())
        });
    mocks
        .log
        .expect_record()
        .withf(|entry| {
            matches!(
                entry.change.action,
                AuditAction::UserCreate | AuditAction::OrderCreate
            )
        })
        .times(2)
        .returning(|_| Ok(()));
    let hamza = staff("hamza", Role::OrderHandler);
    let order = mocks
        .service()
        .take(
            &hamza,
            &two_abayas(CustomerInput::New {
                name: "Faadumo Ali".into(),
                phone: "+252 61 555 0101".into(),
                email: String::new(),
            }),
        )
        .await
        .unwrap();

    let customer = added.lock().unwrap().clone().unwrap();
    assert_eq!(
        (customer.email, customer.phone.as_str(), customer.role),
        (None, "252615550101", Role::User)
    );
    assert_eq!(order.user_id, customer.id);
    assert_eq!(
        (
            order.subtotal.cents(),
            order.shipping_fee.cents(),
            order.total.cents()
        ),
        (4000, 200, 4200),
        "the zone's fee, as checkout charges"
    );
    assert_eq!(
        (order.payment_method, order.payment_status, order.created_at),
        (None, PaymentStatus::Pending, now())
    );
    assert_eq!(
        order.channel,
        Channel::Phone {
            taken_by: (&hamza).into()
        }
    );
    assert_eq!(order.customer_email, "");
    assert_eq!(placed.lock().unwrap().as_ref(), Some(&order));
}

#[tokio::test]
async fn a_stock_keeper_may_not_and_nothing_is_read_or_written_for_bad_input() {
    let keeper = staff("kaafi", Role::StockKeeper);
    let refused = Mocks::new()
        .service()
        .take(
            &keeper,
            &two_abayas(CustomerInput::Existing {
                user_id: "amina".into(),
            }),
        )
        .await;
    assert!(
        matches!(refused, Err(PhoneOrderError::Refused(_))),
        "{refused:?}"
    );

    let handler = staff("hamza", Role::OrderHandler);
    let no_customer = PhoneOrderInput {
        customer: None,
        ..two_abayas(CustomerInput::Existing {
            user_id: "amina".into(),
        })
    };
    match Mocks::new().service().take(&handler, &no_customer).await {
        Err(PhoneOrderError::Invalid(errors)) => assert_eq!(
            errors.get("customer"),
            Some(PHONE_ORDER_CUSTOMER_MISSING.english())
        ),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn only_a_customer_account_can_be_chosen() {
    let mut mocks = Mocks::new();
    mocks
        .users
        .expect_by_id()
        .returning(|id| Ok(Some(staff(id.as_str(), Role::Rider))));
    let chosen = mocks
        .service()
        .take(
            &staff("hamza", Role::OrderHandler),
            &two_abayas(CustomerInput::Existing {
                user_id: "rider1".into(),
            }),
        )
        .await;
    match chosen {
        Err(PhoneOrderError::Invalid(errors)) => {
            assert_eq!(errors.get("customer"), Some(CUSTOMER_NOT_FOUND.english()))
        }
        other => panic!("{other:?}"),
    }
}

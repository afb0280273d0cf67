//! The permission matrix (issue 42): every operation the app's own OpenAPI document lists,
//! called for real by each of six callers (anonymous, customer, order handler, stock keeper,
//! rider, admin) on each database, answers exactly what its declared `security` and
//! `domain::permissions::granted` say:
//!
//! - no `security`: public; the operation's success for everyone;
//! - `("bearer" = [])`: anyone signed in (shopping, one's own things); anonymous 401;
//! - `("bearer" = ["p"])`: permission `p`; anonymous 401, a role without `p` 403 with
//!   `permissions::require`'s message (SPEC.md's to a customer, the role's limit to staff);
//! - `("bearer" = []), ("bearer" = ["p"])`: one's own thing, or anyone's with `p`. Called on
//!   the caller's own thing (success for everyone signed in) and on another shopper's (success
//!   with `p`, else refused: 403, or 404 where the call hides that the thing exists);
//! - `(), ("bearer" = ["p"])`: public, and `p` makes it do more (an account made with a role).
//!
//! Each cell's request comes from [`recipe`]: real fixtures in the path, a valid body, and a
//! fresh fixture where the call changes or removes one. An operation without a recipe, with a
//! security this test cannot read, or with a scope that names no `Permission` fails the test by
//! name, so a new endpoint needs both a recipe and its declared permission.

use crate::helpers::{with_image, Reply, TestApp, ADMIN_EMAIL, APPROVED_PHONE};
use chrono::{TimeDelta, Utc};
use domain::ids::{OrderId, ReturnId};
use domain::notification::{Channel, Topic};
use domain::order::OrderStatus;
use domain::permissions::{granted, Permission, PermissionError};
use domain::ports::{NotificationQuery, OrderRepository, Outbox, Page, ReturnRepository};
use domain::user::Role;
use futures_util::future::join_all;
use reqwest::multipart::Form;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The sandbox's number whose charge the provider fails: the order awaits its payment.
const UNCONFIRMED_PHONE: &str = "252610000004";
/// The password `TestApp::shopper` registers with.
const PASSWORD: &str = "secret1";

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_answers_each_role_as_its_declared_permission_says() {
    let apps = TestApp::all().await;
    // The databases side by side: each app is its own server over its own database.
    let reports = join_all(apps.iter().map(walk)).await;
    let failures: Vec<String> = reports.into_iter().flatten().collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Walks the matrix on one app: the report of what differs, if anything does.
async fn walk(app: &TestApp) -> Option<String> {
    let started = Instant::now();
    let world = World::build(app).await;
    let document = app.get("/api/openapi.json", None).await.body;
    let mut operations: Vec<(String, String)> = document["paths"]
        .as_object()
        .expect("the document has paths")
        .iter()
        .flat_map(|(path, item)| {
            let methods = item.as_object().expect("a path item").keys();
            methods.map(move |method| (path.clone(), method.clone()))
        })
        .collect();
    operations.sort();

    let mut problems = Vec::new();
    let mut mismatches = Vec::new();
    let mut cells = 0;
    'operations: for (path, method) in &operations {
        let operation = &document["paths"][path][method];
        let op = format!("{} {path}", method.to_uppercase());
        let needs = match Needs::declared(operation) {
            Ok(needs) => needs,
            Err(why) => {
                problems.push(format!("{op}: {why}"));
                continue;
            }
        };
        for caller in &world.callers {
            for &whose in needs.cases(caller) {
                let Some(call) = recipe(&world, method, path, caller, whose).await else {
                    problems.push(format!(
                        "{op}: no recipe in permission_matrix.rs; add one (a real request that \
                         succeeds for a permitted caller)"
                    ));
                    continue 'operations;
                };
                cells += 1;
                let success = match call.success.or_else(|| only_success(operation)) {
                    Some(status) => status,
                    None => {
                        problems.push(format!(
                            "{op}: documents several successes; its recipe names the one expected"
                        ));
                        continue;
                    }
                };
                let expected = needs.expects(caller, whose, success, call.refused);
                let got = world.send(method, &call, caller).await;
                if !operation["responses"][expected.as_str()].is_object() {
                    problems.push(format!(
                        "{op}: answers {} with {expected}, which its responses do not list",
                        caller.label
                    ));
                }
                let refusal = needs.refusal(caller, expected);
                let said = got.1["message"].as_str().unwrap_or_default();
                if let Some(refusal) = refusal.filter(|r| got.0 == expected && said != r) {
                    mismatches.push(Mismatch {
                        op: op.clone(),
                        caller: caller.cell_name(whose, &needs),
                        expected,
                        got: got.0,
                        body: format!("said {said:?}, not {refusal:?}"),
                    });
                }
                if got.0 != expected {
                    if needs == Needs::Public
                        && caller.role.is_none()
                        && got.0 == StatusCode::UNAUTHORIZED
                    {
                        problems.push(format!(
                            "{op}: declares no security but refuses anonymous callers: declare \
                             its permission with security((\"bearer\" = [...]))"
                        ));
                    }
                    mismatches.push(Mismatch {
                        op: op.clone(),
                        caller: caller.cell_name(whose, &needs),
                        expected,
                        got: got.0,
                        body: excerpt(&got.1),
                    });
                }
            }
        }
    }
    println!(
        "permission matrix on {}: {} operations, {cells} cells in {:.1} s",
        app.backend,
        operations.len(),
        started.elapsed().as_secs_f64()
    );
    problems.sort();
    problems.dedup();
    report(app.backend, cells, &problems, &mismatches)
}

/// What an operation declares it needs, read from its `security`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Needs {
    Public,
    SignedIn,
    Permission(Permission),
    /// One's own thing, or anyone's with the permission.
    OwnOr(Permission),
    /// Public, and the permission makes it do more.
    PublicOr(Permission),
}

/// Whose thing a cell acts on.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Whose {
    /// The caller's own (a shared fixture when the call is not about anyone's things).
    Own,
    /// Another shopper's.
    Another,
}

impl Needs {
    fn declared(operation: &Value) -> Result<Needs, String> {
        let Some(security) = operation.get("security") else {
            return Ok(Needs::Public);
        };
        let mut open = false;
        let mut signed_in = false;
        let mut permissions = Vec::new();
        for requirement in security.as_array().ok_or("security is not a list")? {
            let requirement = requirement
                .as_object()
                .ok_or("a requirement is not an object")?;
            if requirement.is_empty() {
                open = true;
                continue;
            }
            let scopes = match requirement.get("bearer").and_then(Value::as_array) {
                Some(scopes) if requirement.len() == 1 => scopes,
                _ => {
                    return Err(format!(
                        "a requirement this test cannot read: {requirement:?}"
                    ))
                }
            };
            match scopes.as_slice() {
                [] => signed_in = true,
                [scope] => {
                    let name = scope.as_str().unwrap_or_default();
                    let permission = Permission::ALL
                        .into_iter()
                        .find(|p| p.as_str() == name)
                        .ok_or_else(|| format!("no permission is named {scope}"))?;
                    permissions.push(permission);
                }
                _ => return Err(format!("several scopes in one requirement: {scopes:?}")),
            }
        }
        match (open, signed_in, permissions.as_slice()) {
            (_, false, []) => Ok(Needs::Public),
            (false, true, []) => Ok(Needs::SignedIn),
            (false, false, [p]) => Ok(Needs::Permission(*p)),
            (false, true, [p]) => Ok(Needs::OwnOr(*p)),
            (true, false, [p]) => Ok(Needs::PublicOr(*p)),
            _ => Err(format!("a security this test cannot read: {security}")),
        }
    }

    /// The cells of one caller: on their own thing and, where it matters, another's.
    fn cases(self, caller: &Caller) -> &'static [Whose] {
        match self {
            Needs::OwnOr(_) if caller.role.is_some() => &[Whose::Own, Whose::Another],
            _ if caller.role.is_none() => &[Whose::Another],
            _ => &[Whose::Own],
        }
    }

    fn expects(
        self,
        caller: &Caller,
        whose: Whose,
        success: StatusCode,
        refused: StatusCode,
    ) -> StatusCode {
        let Some(role) = caller.role else {
            return match self {
                Needs::Public | Needs::PublicOr(_) => success,
                _ => StatusCode::UNAUTHORIZED,
            };
        };
        let holds = |p: Permission| granted(role).contains(&p);
        match self {
            Needs::Public | Needs::PublicOr(_) | Needs::SignedIn => success,
            Needs::Permission(p) if holds(p) => success,
            Needs::Permission(_) => StatusCode::FORBIDDEN,
            Needs::OwnOr(_) if whose == Whose::Own => success,
            Needs::OwnOr(p) if holds(p) => success,
            Needs::OwnOr(_) => refused,
        }
    }

    /// The message of a 403 for lacking the permission: SPEC.md's to a customer, the role's
    /// limit to staff.
    fn refusal(self, caller: &Caller, expected: StatusCode) -> Option<String> {
        let role = caller.role?;
        let refused = match role {
            Role::User => PermissionError::AdminOnly,
            _ => PermissionError::RoleForbids,
        };
        (matches!(self, Needs::Permission(_)) && expected == StatusCode::FORBIDDEN)
            .then(|| refused.to_string())
    }
}

/// The one success (2xx or 3xx) an operation documents, if it documents one.
fn only_success(operation: &Value) -> Option<StatusCode> {
    let successes: Vec<&String> = operation["responses"]
        .as_object()?
        .keys()
        .filter(|status| status.starts_with('2') || status.starts_with('3'))
        .collect();
    match successes.as_slice() {
        [status] => status.parse().ok(),
        _ => None,
    }
}

/// One of the six callers of every operation.
struct Caller {
    label: &'static str,
    /// `None` for the anonymous caller.
    role: Option<Role>,
    person: Option<Person>,
}

impl Caller {
    fn cell_name(&self, whose: Whose, needs: &Needs) -> String {
        match (needs, self.role) {
            (Needs::OwnOr(_), Some(_)) if whose == Whose::Own => format!("{} (own)", self.label),
            (Needs::OwnOr(_), Some(_)) => format!("{} (another's)", self.label),
            _ => self.label.to_owned(),
        }
    }
}

/// Someone with an account, who bought and received an order.
#[derive(Clone, Default)]
struct Person {
    token: String,
    id: String,
    name: String,
    email: String,
    phone: String,
    /// A delivered order: 5 of the shop's dress, then one of each reviewed product.
    order: String,
}

/// A request of one cell.
struct Call {
    /// With its query, on real fixtures.
    path: String,
    body: Option<Value>,
    /// The success expected, when the operation documents several.
    success: Option<StatusCode>,
    /// What a signed-in caller without the permission gets on another's thing.
    refused: StatusCode,
    /// Sent as a multipart form with a picture as `image`, instead of `body`.
    picture: bool,
}

impl Call {
    fn to(path: impl Into<String>) -> Call {
        Call {
            path: path.into(),
            body: None,
            success: None,
            refused: StatusCode::FORBIDDEN,
            picture: false,
        }
    }

    fn uploading(path: impl Into<String>) -> Call {
        Call {
            picture: true,
            ..Call::to(path)
        }
    }

    fn with(path: impl Into<String>, body: Value) -> Call {
        Call {
            body: Some(body),
            ..Call::to(path)
        }
    }

    fn succeeding(mut self, status: StatusCode) -> Call {
        self.success = Some(status);
        self
    }

    fn refused_with(mut self, status: StatusCode) -> Call {
        self.refused = status;
        self
    }
}

/// The shop the matrix walks: its callers and the fixtures their requests point at.
struct World<'a> {
    app: &'a TestApp,
    /// A client that does not follow redirects (the card page's return is a 303).
    client: reqwest::Client,
    admin: String,
    callers: Vec<Caller>,
    /// A customer who is none of the callers: the owner of "another's" things.
    stranger: Person,
    /// On sale at $10, with plenty of stock: carts, orders and returns.
    dress: String,
    /// Reviewed by the callers' `POST .../reviews` cells.
    scarf: String,
    /// Reviewed and deleted by the `DELETE .../reviews/{reviewId}` cells.
    shawl: String,
    /// Edited by the product's `PUT`.
    editable: String,
    /// A code every cart may take.
    cart_code: String,
    /// A code the code's `PUT` changes.
    code_id: String,
    /// The stranger's review of the scarf, hidden by the moderation's `PUT`.
    review: String,
    /// An order paid on the sandbox's card page.
    card_order: String,
    /// A message the shop did not send (its channel skipped), to send again.
    message: String,
    counter: AtomicUsize,
}

impl<'a> World<'a> {
    async fn build(app: &'a TestApp) -> World<'a> {
        let admin = app.admin_token().await;
        let id = |reply: Value| reply["_id"].as_str().unwrap().to_owned();
        let dress = id(app.product(&admin, "Matrix Dress", "10", 100_000).await);
        let scarf = id(app.product(&admin, "Matrix Scarf", "10", 1_000).await);
        let shawl = id(app.product(&admin, "Matrix Shawl", "10", 1_000).await);
        let editable = id(app.product(&admin, "Matrix Editable", "10", 5).await);
        let mut world = World {
            app,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("a client"),
            admin: admin.clone(),
            callers: Vec::new(),
            stranger: Person::default(),
            dress,
            scarf,
            shawl,
            editable,
            cart_code: "MATRIX-CART".into(),
            code_id: String::new(),
            review: String::new(),
            card_order: String::new(),
            message: String::new(),
            counter: AtomicUsize::new(0),
        };
        world.code_id = world.new_code("MATRIX-EDIT").await;
        let cart_code = world.cart_code.clone();
        world.new_code(&cart_code).await;

        world.stranger = world.person("sahra", None).await;
        let mut callers = vec![Caller {
            label: "anonymous",
            role: None,
            person: None,
        }];
        for (label, name, role) in [
            ("customer", "amina", Role::User),
            ("order handler", "hodan", Role::OrderHandler),
            ("stock keeper", "faisal", Role::StockKeeper),
            ("rider", "ayaan", Role::Rider),
        ] {
            callers.push(Caller {
                label,
                role: Some(role),
                person: Some(world.person(name, Some(role)).await),
            });
        }
        callers.push(Caller {
            label: "admin",
            role: Some(Role::Admin),
            person: Some(world.admin_person().await),
        });
        world.callers = callers;

        let review = world.review_by(&world.stranger.token, &world.scarf).await;
        world.review = review;
        world.card_order = world.card_order().await;
        world.message = world.unsent_message().await;
        world
    }

    /// A name never used before in this shop.
    fn fresh(&self, prefix: &str) -> String {
        format!("{prefix}{}", self.counter.fetch_add(1, Ordering::SeqCst))
    }

    async fn send(&self, method: &str, call: &Call, caller: &Caller) -> (StatusCode, Value) {
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("a method");
        let mut request = self.client.request(method, self.app.url(&call.path));
        if let Some(person) = &caller.person {
            request = request.bearer_auth(&person.token);
        }
        if let Some(body) = &call.body {
            request = request.json(body);
        }
        if call.picture {
            request = request.multipart(with_image(
                Form::new(),
                shop_images::demo_picture(shop_images::Garment::Dress, None, 1),
                "dress.png",
                "image/png",
            ));
        }
        let response = request.send().await.expect("the request is answered");
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, body)
    }

    /// A new one-size scarf, sold out: its id.
    async fn sold_out_scarf(&self) -> String {
        let scarf = self.app.product(&self.admin, "Matrix Scarf", "5", 0).await;
        scarf["_id"].as_str().unwrap().to_owned()
    }

    /// A new dress in size M, Black: its id.
    async fn black_dress(&self) -> String {
        let dress = json!({ "name": "Matrix Black Dress", "description": "Black",
            "category": "women", "price": 10,
            "variants": [{ "size": "M", "colour": "Black", "stock": 1 }] });
        let reply = self
            .app
            .post("/api/products", Some(&self.admin), dress)
            .await;
        let made = self.made("a dress in Black", reply, StatusCode::CREATED);
        made["_id"].as_str().unwrap().to_owned()
    }

    /// A new dress with a picture of Black: its `colourImages.Black`, and the path of
    /// Black's pictures.
    async fn dress_with_a_black_picture(&self) -> (Value, String) {
        let dress = self.black_dress().await;
        let path = format!("/api/products/{dress}/colours/Black/images");
        let form = with_image(
            Form::new(),
            shop_images::demo_picture(shop_images::Garment::Dress, None, 1),
            "dress.png",
            "image/png",
        );
        let reply = self
            .app
            .multipart(Method::POST, &path, &self.admin, form)
            .await;
        let product = self.made("a picture of Black", reply, StatusCode::OK);
        (product["colourImages"]["Black"].clone(), path)
    }

    /// `reply`, which must have succeeded with `status`: the setup of a cell, not a cell.
    fn made(&self, what: &str, reply: Reply, status: StatusCode) -> Value {
        assert_eq!(
            reply.status, status,
            "{} setup: {what}: {}",
            self.app.backend, reply.body
        );
        reply.body
    }

    /// A customer `name` (given `role`), who bought the dress and both reviewed products and
    /// received them.
    async fn person(&self, name: &str, role: Option<Role>) -> Person {
        let (token, id) = self.app.shopper(name).await;
        let email = format!("{name}@example.com");
        if let Some(role) = role.filter(|r| *r != Role::User) {
            let promoted = self
                .app
                .put(
                    &format!("/api/users/{id}"),
                    Some(&self.admin),
                    json!({ "name": name, "email": email, "phone": "615551234",
                            "role": role.as_str() }),
                )
                .await;
            self.made("a role given", promoted, StatusCode::OK);
        }
        let order = self.delivered_order(&token).await;
        Person {
            token,
            id,
            name: name.into(),
            email,
            phone: "615551234".into(),
            order,
        }
    }

    async fn admin_person(&self) -> Person {
        let me = self.app.get("/api/auth/me", Some(&self.admin)).await.body;
        let text = |field: &str| me[field].as_str().unwrap().to_owned();
        assert_eq!(text("email"), ADMIN_EMAIL);
        Person {
            token: self.admin.clone(),
            id: text("_id"),
            name: text("name"),
            email: text("email"),
            phone: text("phone"),
            order: self.delivered_order(&self.admin).await,
        }
    }

    /// `token`'s paid order of whatever their cart holds and `lines` (product, quantity).
    async fn paid_order(&self, token: &str, lines: &[(&str, i64)]) -> String {
        for (product, quantity) in lines {
            let added = self.app.add_to_cart(token, product, *quantity).await;
            self.made("added to the cart", added, StatusCode::OK);
        }
        let placed = self.app.checkout(token, APPROVED_PHONE).await;
        let placed = self.made("a paid checkout", placed, StatusCode::CREATED);
        placed["order"]["_id"].as_str().unwrap().to_owned()
    }

    async fn move_order(&self, order: &str, statuses: &[&str]) {
        for status in statuses {
            let moved = self
                .app
                .put(
                    &format!("/api/orders/{order}"),
                    Some(&self.admin),
                    json!({ "status": status }),
                )
                .await;
            self.made("an order moved on", moved, StatusCode::OK);
        }
    }

    /// `token`'s delivered order: 5 dresses, a scarf and a shawl.
    async fn delivered_order(&self, token: &str) -> String {
        let lines = [(self.dress.as_str(), 5), (&self.scarf, 1), (&self.shawl, 1)];
        let order = self.paid_order(token, &lines).await;
        self.move_order(&order, &["shipped", "delivered"]).await;
        order
    }

    /// A paid, pending order of the stranger.
    async fn strangers_paid_order(&self) -> String {
        self.paid_order(&self.stranger.token, &[(&self.dress, 1)])
            .await
    }

    /// The rider among the callers: their id.
    fn rider_id(&self) -> String {
        let rider = self.callers.iter().find(|c| c.role == Some(Role::Rider));
        rider
            .and_then(|c| c.person.as_ref())
            .expect("a rider calls")
            .id
            .clone()
    }

    /// A paid order of the stranger, out with the rider: its id and delivery code.
    async fn out_with_rider(&self) -> (String, String) {
        let order = self.strangers_paid_order().await;
        let sent = self
            .app
            .post(
                "/api/admin/deliveries",
                Some(&self.admin),
                json!({ "orderIds": [order], "riderId": self.rider_id() }),
            )
            .await;
        self.made("an order sent out", sent, StatusCode::OK);
        let stored = OrderRepository::by_id(&self.app.database, &OrderId::parse(&order).unwrap())
            .await
            .expect("the order is read")
            .expect("the order exists");
        let code = stored.delivery.expect("out with the rider").code;
        (order, code.as_str().to_owned())
    }

    /// A new town the shop delivers to, with cash on delivery: the stranger's address there.
    async fn cash_town(&self) -> String {
        let town = self.fresh("Cash Town ");
        let zone = json!({ "city": town, "fee": 2, "etaDays": { "min": 0, "max": 1 },
                           "cashOnDelivery": true });
        let made = self
            .app
            .post("/api/admin/delivery/zones", Some(&self.admin), zone)
            .await;
        self.made("a cash zone", made, StatusCode::CREATED);
        town
    }

    /// An order taken by phone by the admin for a new customer (no other payment of theirs
    /// waits), to a town that takes cash, waiting for its payment: its id.
    async fn phone_order(&self) -> String {
        let town = self.cash_town().await;
        let phone = format!("615{:06}", self.counter.fetch_add(1, Ordering::SeqCst));
        let taken = self
            .app
            .post(
                "/api/admin/orders",
                Some(&self.admin),
                json!({ "customer": { "name": "Caller", "phone": phone },
                        "lines": [{ "productId": self.dress, "quantity": 1 }],
                        "shippingAddress": { "fullName": "Sahra", "phone": "615551234",
                            "city": town, "district": "", "addressLine": "Road 1",
                            "landmark": "" } }),
            )
            .await;
        let taken = self.made("a phone order", taken, StatusCode::CREATED);
        taken["_id"].as_str().unwrap().to_owned()
    }

    /// The token of a new payment link of a new phone order.
    async fn payment_link(&self) -> String {
        let order = self.phone_order().await;
        let sent = self
            .app
            .post(
                &format!("/api/admin/orders/{order}/payment-link"),
                Some(&self.admin),
                json!({}),
            )
            .await;
        let sent = self.made("a payment link", sent, StatusCode::CREATED);
        let url = sent["url"].as_str().unwrap();
        url.rsplit_once("/pay/").unwrap().1.to_owned()
    }

    /// A cash order of the stranger delivered by the rider today: the rider's id and the day.
    async fn riders_cash_of_today(&self) -> (String, String) {
        let town = self.cash_town().await;
        let added = self
            .app
            .add_to_cart(&self.stranger.token, &self.dress, 1)
            .await;
        self.made("added to the cart", added, StatusCode::OK);
        let address = json!({ "fullName": "Sahra", "phone": "615551234", "city": town,
                              "district": "", "addressLine": "Road 1", "landmark": "" });
        let placed = self
            .app
            .post(
                "/api/orders/checkout",
                Some(&self.stranger.token),
                json!({ "paymentMethod": "cash-on-delivery", "paymentPhone": APPROVED_PHONE,
                        "shippingAddress": address }),
            )
            .await;
        let placed = self.made("a cash order", placed, StatusCode::CREATED);
        let order = placed["order"]["_id"].as_str().unwrap().to_owned();
        let total = placed["order"]["totalAmount"].clone();
        let rider = self.rider_id();
        let sent = self
            .app
            .post(
                "/api/admin/deliveries",
                Some(&self.admin),
                json!({ "orderIds": [order], "riderId": rider }),
            )
            .await;
        self.made("a cash order sent out", sent, StatusCode::OK);
        let stored = OrderRepository::by_id(&self.app.database, &OrderId::parse(&order).unwrap())
            .await
            .expect("the order is read")
            .expect("the order exists");
        let code = stored.delivery.expect("out with the rider").code;
        let rider_token = self
            .callers
            .iter()
            .find(|c| c.role == Some(Role::Rider))
            .and_then(|c| c.person.as_ref())
            .expect("a rider calls")
            .token
            .clone();
        let delivered = self
            .app
            .post(
                &format!("/api/deliveries/{order}/delivered"),
                Some(&rider_token),
                json!({ "code": code.as_str(), "cashCollected": total }),
            )
            .await;
        self.made("a cash order delivered", delivered, StatusCode::OK);
        let cash = self
            .app
            .get("/api/admin/riders/cash", Some(&self.admin))
            .await;
        let cash = self.made("the riders' cash", cash, StatusCode::OK);
        (rider, cash[0]["date"].as_str().unwrap().to_owned())
    }

    /// A return of one dress of a delivered order of the stranger, asked for.
    async fn requested_return(&self) -> String {
        let order = self.strangers_paid_order().await;
        self.move_order(&order, &["shipped", "delivered"]).await;
        let asked = self
            .app
            .post(
                &format!("/api/orders/{order}/returns"),
                Some(&self.stranger.token),
                json!({ "lines": [{ "lineId": format!("{order}-1"), "quantity": 1 }],
                        "reason": "Too small" }),
            )
            .await;
        let asked = self.made("a return asked for", asked, StatusCode::CREATED);
        asked["_id"].as_str().unwrap().to_owned()
    }

    /// A paid order of the stranger whose cancel's refund was sent and never answered.
    async fn unanswered_order_refund(&self) -> String {
        let order = self.strangers_paid_order().await;
        let id = OrderId::parse(&order).unwrap();
        let db = &self.app.database;
        OrderRepository::claim_refund(db, &id, OrderStatus::Pending, Utc::now())
            .await
            .expect("the refund is claimed");
        OrderRepository::mark_refund_unconfirmed(db, &id, Utc::now())
            .await
            .expect("the refund is left unconfirmed");
        order
    }

    /// A received return of the stranger whose refund was sent and never answered.
    async fn unanswered_return_refund(&self) -> String {
        // Two dresses: one returned is $10 back (the whole order would bring the shipping).
        let order = self
            .paid_order(&self.stranger.token, &[(&self.dress, 2)])
            .await;
        let returned = self
            .app
            .received_return_of_one(&self.admin, &self.stranger.token, &order)
            .await;
        let id = ReturnId::parse(&returned).unwrap();
        let db = &self.app.database;
        ReturnRepository::claim_refund(db, &id, Utc::now())
            .await
            .expect("the refund is claimed");
        ReturnRepository::mark_refund_unconfirmed(db, &id, Utc::now())
            .await
            .expect("the refund is left unconfirmed");
        returned
    }

    /// An order of a new shopper whose payment the provider did not confirm.
    async fn order_awaiting_payment(&self) -> String {
        let (token, _) = self.app.shopper(&self.fresh("waiting")).await;
        let added = self.app.add_to_cart(&token, &self.dress, 1).await;
        self.made("added to the cart", added, StatusCode::OK);
        let placed = self.app.checkout(&token, UNCONFIRMED_PHONE).await;
        let placed = self.made("an unconfirmed checkout", placed, StatusCode::ACCEPTED);
        placed["order"]["_id"].as_str().unwrap().to_owned()
    }

    /// A new percent code `code` any cart may take: its id.
    async fn new_code(&self, code: &str) -> String {
        let made = self
            .app
            .post(
                "/api/admin/discounts",
                Some(&self.admin),
                json!({ "code": code, "kind": "percent", "value": 10, "active": true }),
            )
            .await;
        let made = self.made("a code made", made, StatusCode::CREATED);
        made["_id"].as_str().unwrap().to_owned()
    }

    /// `token`'s review of `product` (written or replaced): its id.
    async fn review_by(&self, token: &str, product: &str) -> String {
        let written = self
            .app
            .post(
                &format!("/api/products/{product}/reviews"),
                Some(token),
                json!({ "rating": 4, "title": "Lovely", "body": "Soft and cool" }),
            )
            .await;
        assert!(
            written.status.is_success(),
            "{} setup: a review: {}",
            self.app.backend,
            written.body
        );
        written.body["_id"].as_str().unwrap().to_owned()
    }

    /// An order paid on the sandbox's card page, whose payer has not come back yet.
    async fn card_order(&self) -> String {
        let (token, _) = self.app.shopper("cardpayer").await;
        let added = self.app.add_to_cart(&token, &self.dress, 1).await;
        self.made("added to the cart", added, StatusCode::OK);
        let opened = self
            .app
            .post(
                "/api/orders/checkout",
                Some(&token),
                json!({ "paymentMethod": "card", "paymentPhone": APPROVED_PHONE }),
            )
            .await;
        let opened = self.made("the card page opened", opened, StatusCode::ACCEPTED);
        let order = opened["order"]["_id"].as_str().unwrap().to_owned();
        let decided = self
            .app
            .unfollowed(
                Method::POST,
                "/sandbox/card",
                &[("order", &order), ("decision", "approve")],
            )
            .await;
        assert_eq!(decided.0, StatusCode::SEE_OTHER, "{}", self.app.backend);
        order
    }

    /// Marks every message waiting to be sent as skipped (the test server sends nothing).
    async fn skip_waiting_messages(&self) {
        let later = Utc::now() + TimeDelta::days(1);
        Outbox::skip(&self.app.database, &[Channel::Email, Channel::Sms], later)
            .await
            .expect("the waiting messages are skipped");
    }

    async fn unsent_message(&self) -> String {
        self.skip_waiting_messages().await;
        let listed = self
            .app
            .get(
                "/api/admin/notifications?status=skipped&limit=1",
                Some(&self.admin),
            )
            .await;
        let listed = self.made("the skipped messages", listed, StatusCode::OK);
        listed[0]["_id"]
            .as_str()
            .expect("a skipped message")
            .to_owned()
    }

    /// The reset code e-mailed to account `user`, still in the outbox.
    async fn reset_code(&self, user: &str) -> String {
        let query = NotificationQuery {
            status: None,
            channel: Some(Channel::Email),
            search: None,
            page: Page {
                number: 1,
                size: 100,
            },
        };
        let (messages, _) = Outbox::list(&self.app.database, &query)
            .await
            .expect("the outbox is read");
        messages
            .into_iter()
            .find(|m| m.topic == Topic::PasswordReset && m.reference == user)
            .and_then(|m| m.payload)
            .expect("a reset code is queued")
    }

    /// Whose things a cell uses: the caller's own, or the stranger's.
    fn owner<'c>(&'c self, caller: &'c Caller, whose: Whose) -> &'c Person {
        match (&caller.person, whose) {
            (Some(person), Whose::Own) => person,
            _ => &self.stranger,
        }
    }
}

/// The request of one cell: `caller` calling `method path` on `whose` things, with what it
/// needs made first. `None` when the operation has no recipe yet.
async fn recipe(
    w: &World<'_>,
    method: &str,
    path: &str,
    caller: &Caller,
    whose: Whose,
) -> Option<Call> {
    let owner = w.owner(caller, whose);
    let token = caller.person.as_ref().map(|p| p.token.as_str());
    let dress = &w.dress;
    let review = json!({ "rating": 5, "title": "Fits well", "body": "True to size" });
    let code = |code: &str| json!({ "code": code, "kind": "fixed", "value": 2, "active": true });
    let zone = |city: &str| json!({ "city": city, "fee": 3, "etaDays": { "min": 1, "max": 2 } });
    let product = json!({ "name": "Matrix Skirt", "description": "A lovely piece",
                          "category": "women", "price": 12, "stock": 3, "discount": 0,
                          "tags": "new", "isFeatured": false });
    let settings = json!({ "shopName": "Dukaan", "supportPhone": "+252 61 000 0000",
                           "supportEmail": "help@dukaan.so", "shippingFee": 5 });
    let profile = json!({ "name": owner.name, "email": owner.email, "phone": owner.phone });
    let fresh_email = || format!("{}@example.com", w.fresh("fresh"));

    Some(match (method, path) {
        // The catalogue and the shop's public calls.
        ("get", "/api/health") => Call::to(path),
        ("get", "/api/openapi.json") => Call::to(path),
        ("get", "/api/settings") => Call::to(path),
        ("get", "/api/payments/methods") => Call::to(path),
        ("get", "/api/payments/card/return") => Call::to(format!("{path}?order={}", w.card_order)),
        // WaafiPay's, signed with a secret this shop has none of: the same 404 for everyone
        // (waafipay_webhook.rs posts real notifications).
        ("post", "/api/payments/waafipay/webhook") => {
            Call::with(path, json!({ "event": "webhook.test" })).succeeding(StatusCode::NOT_FOUND)
        }
        ("get", "/api/products") => Call::to("/api/products?page=1&limit=5"),
        ("get", "/api/products/featured") => Call::to(format!("{path}?page=1&limit=5")),
        ("get", "/api/products/categories") => Call::to(format!("{path}?page=1&limit=2")),
        ("get", "/api/products/search") => Call::to(format!("{path}?q=matrix&page=1&limit=5")),
        ("get", "/api/products/tag/{tag}") => Call::to("/api/products/tag/new?page=1&limit=5"),
        ("get", "/api/products/category/{category}") => {
            Call::to("/api/products/category/women?page=1&limit=5")
        }
        ("get", "/api/products/{id}") => Call::to(format!("/api/products/{dress}")),
        ("get", "/api/products/{id}/reviews") => {
            Call::to(format!("/api/products/{}/reviews", w.scarf))
        }
        ("get", "/api/products/{id}/reviews/summary") => {
            Call::to(format!("/api/products/{}/reviews/summary", w.scarf))
        }

        // Accounts.
        ("post", "/api/auth/login") => Call::with(
            path,
            json!({ "email": w.stranger.email, "password": PASSWORD }),
        ),
        ("post", "/api/auth/register") => Call::with(
            path,
            json!({ "name": "Fresh Shopper", "email": fresh_email(), "phone": "615551234",
                    "password": PASSWORD }),
        ),
        ("post", "/api/auth/forgot-password") => {
            Call::with(path, json!({ "email": fresh_email() }))
        }
        ("post", "/api/auth/reset-password") => {
            let name = w.fresh("forgetful");
            let (_, id) = w.app.shopper(&name).await;
            let email = format!("{name}@example.com");
            let asked = w
                .app
                .post("/api/auth/forgot-password", None, json!({ "email": email }))
                .await;
            w.made("a reset code asked for", asked, StatusCode::OK);
            let code = w.reset_code(&id).await;
            Call::with(
                path,
                json!({ "email": email, "code": code, "password": "secret2" }),
            )
        }
        ("get", "/api/auth/me") => Call::to(path),
        ("put", "/api/auth/language") => Call::with(path, json!({ "language": "so" })),
        ("put", "/api/users/{id}") => Call::with(format!("/api/users/{}", owner.id), profile),
        ("get", "/api/users") => Call::to("/api/users?page=1&limit=5"),
        ("delete", "/api/users/{id}") => {
            let (_, id) = w.app.shopper(&w.fresh("leaving")).await;
            Call::to(format!("/api/users/{id}"))
        }

        // Shopping.
        ("get", "/api/cart") => Call::to(path),
        ("post", "/api/cart/add") => Call::with(path, json!({ "productId": dress, "quantity": 1 })),
        ("delete", "/api/cart/remove/{productId}") => {
            if let Some(token) = token {
                w.app.add_to_cart(token, dress, 1).await;
            }
            Call::to(format!("/api/cart/remove/{dress}"))
        }
        ("post", "/api/cart/discount") => {
            if let Some(token) = token {
                w.app.add_to_cart(token, dress, 1).await;
            }
            Call::with(path, json!({ "code": w.cart_code }))
        }
        ("delete", "/api/cart/discount") => Call::to(path),
        ("get", "/api/wishlist") => Call::to(path),
        ("post", "/api/wishlist/add") => {
            if let Some(token) = token {
                let path = format!("/api/wishlist/remove/{dress}");
                w.app.delete(&path, Some(token)).await;
            }
            Call::with(path, json!({ "productId": dress })).succeeding(StatusCode::CREATED)
        }
        ("delete", "/api/wishlist/remove/{productId}") => {
            if let Some(token) = token {
                let add = json!({ "productId": dress });
                w.app.post("/api/wishlist/add", Some(token), add).await;
            }
            Call::to(format!("/api/wishlist/remove/{dress}"))
        }
        ("post", "/api/orders/checkout") => {
            if let Some(token) = token {
                w.app.add_to_cart(token, dress, 1).await;
            }
            Call::with(
                path,
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE }),
            )
            .succeeding(StatusCode::CREATED)
        }
        ("get", "/api/orders") => Call::to(path),
        ("get", "/api/orders/{id}") => Call::to(format!("/api/orders/{}", owner.order)),
        ("get", "/api/orders/{id}/returns") => {
            // Another's order is hidden from whoever may not read orders: 404, not 403.
            Call::to(format!("/api/orders/{}/returns", owner.order))
                .refused_with(StatusCode::NOT_FOUND)
        }
        ("post", "/api/orders/{id}/returns") => Call::with(
            format!("/api/orders/{}/returns", owner.order),
            json!({ "lines": [{ "lineId": format!("{}-1", owner.order), "quantity": 1 }],
                    "reason": "Too small" }),
        ),
        ("get", "/api/products/{id}/reviews/mine") => {
            Call::to(format!("/api/products/{}/reviews/mine", w.scarf))
        }
        ("post", "/api/products/{id}/reviews") => {
            Call::with(format!("/api/products/{}/reviews", w.scarf), review)
                .succeeding(StatusCode::CREATED)
        }
        ("delete", "/api/products/{id}/reviews/{reviewId}") => {
            let id = w.review_by(&owner.token, &w.shawl).await;
            Call::to(format!("/api/products/{}/reviews/{id}", w.shawl))
        }

        // The back office.
        ("get", "/api/orders/all") => Call::to("/api/orders/all?page=1&limit=5"),
        ("put", "/api/orders/{id}") => {
            let order = w.strangers_paid_order().await;
            Call::with(
                format!("/api/orders/{order}"),
                json!({ "status": "shipped" }),
            )
        }
        ("put", "/api/orders/{id}/payment") => {
            let order = w.order_awaiting_payment().await;
            Call::with(
                format!("/api/orders/{order}/payment"),
                json!({ "paymentStatus": "paid", "transactionId": "MATRIX-1" }),
            )
        }
        ("post", "/api/orders/{id}/refund") => {
            let order = w.unanswered_order_refund().await;
            Call::with(
                format!("/api/orders/{order}/refund"),
                json!({ "resolution": "confirmed" }),
            )
        }
        ("get", "/api/admin/products") => Call::to("/api/admin/products?page=1&limit=5"),
        ("post", "/api/products") => Call::with(path, product),
        ("put", "/api/products/{id}") => Call::with(
            format!("/api/products/{}", w.editable),
            json!({ "name": "Matrix Edited" }),
        ),
        ("post", "/api/restock-alerts") => {
            let scarf = w.sold_out_scarf().await;
            Call::with(path, json!({ "productId": scarf })).succeeding(StatusCode::CREATED)
        }
        ("get", "/api/restock-alerts") => Call::to("/api/restock-alerts?page=1&limit=5"),
        ("delete", "/api/restock-alerts/{id}") => {
            let Some(person) = &caller.person else {
                return Some(Call::to("/api/restock-alerts/none"));
            };
            let scarf = w.sold_out_scarf().await;
            let asked = w
                .app
                .post(
                    "/api/restock-alerts",
                    Some(&person.token),
                    json!({ "productId": scarf }),
                )
                .await;
            let asked = w.made("a request about the scarf", asked, StatusCode::CREATED);
            Call::to(format!(
                "/api/restock-alerts/{}",
                asked["_id"].as_str().unwrap()
            ))
        }
        ("post", "/api/admin/orders") => {
            let town = w.cash_town().await;
            Call::with(
                path,
                json!({ "customer": { "userId": w.stranger.id },
                        "lines": [{ "productId": dress, "quantity": 1 }],
                        "shippingAddress": { "fullName": "Sahra", "phone": "615551234",
                            "city": town, "district": "", "addressLine": "Road 1",
                            "landmark": "" } }),
            )
            .succeeding(StatusCode::CREATED)
        }
        ("post", "/api/admin/orders/quote") => Call::with(
            path,
            json!({ "lines": [{ "productId": dress, "quantity": 1 }] }),
        ),
        // Each caller's own order is one bought on the site, which no link pays: past the
        // sign-in it is refused for what it is (payment_links.rs pays a customer's phone order).
        ("post", "/api/orders/{id}/pay-link") => {
            Call::with(format!("/api/orders/{}/pay-link", owner.order), json!({}))
                .succeeding(StatusCode::CONFLICT)
        }
        ("get", "/api/admin/customers") => Call::to(format!("{path}?q=sahra&page=1&limit=5")),
        ("post", "/api/admin/orders/{id}/payment-request") => {
            let order = w.phone_order().await;
            Call::with(
                format!("/api/admin/orders/{order}/payment-request"),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE }),
            )
            .succeeding(StatusCode::CREATED)
        }
        ("post", "/api/admin/orders/{id}/cash-on-delivery") => {
            let order = w.phone_order().await;
            Call::with(
                format!("/api/admin/orders/{order}/cash-on-delivery"),
                json!({}),
            )
        }
        ("post", "/api/admin/orders/{id}/payment-link") => {
            let order = w.phone_order().await;
            Call::with(format!("/api/admin/orders/{order}/payment-link"), json!({}))
                .succeeding(StatusCode::CREATED)
        }
        ("get", "/api/pay/{token}") => Call::to(format!("/api/pay/{}", w.payment_link().await)),
        ("post", "/api/pay/{token}") => Call::with(
            format!("/api/pay/{}", w.payment_link().await),
            json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE }),
        )
        .succeeding(StatusCode::CREATED),
        ("get", "/api/admin/restock-alerts/top") => {
            Call::to("/api/admin/restock-alerts/top?page=1&limit=5")
        }
        ("post", "/api/products/{id}/colours/{colour}/images") => {
            let dress = w.black_dress().await;
            Call::uploading(format!("/api/products/{dress}/colours/Black/images"))
        }
        ("put", "/api/products/{id}/colours/{colour}/images") => {
            let (pictures, path) = w.dress_with_a_black_picture().await;
            Call::with(path, json!({ "images": pictures }))
        }
        ("delete", "/api/products/{id}/colours/{colour}/images/{index}") => {
            let (_, path) = w.dress_with_a_black_picture().await;
            Call::to(format!("{path}/0"))
        }
        ("delete", "/api/products/{id}") => {
            let made = w.app.product(&w.admin, "Matrix Gone", "10", 1).await;
            Call::to(format!("/api/products/{}", made["_id"].as_str().unwrap()))
        }
        ("get", "/api/admin/returns") => Call::to("/api/admin/returns?page=1&limit=5"),
        ("put", "/api/admin/returns/{id}") => {
            let returned = w.requested_return().await;
            Call::with(
                format!("/api/admin/returns/{returned}"),
                json!({ "status": "approved" }),
            )
        }
        ("post", "/api/admin/returns/{id}/refund") => {
            let returned = w.unanswered_return_refund().await;
            Call::with(
                format!("/api/admin/returns/{returned}/refund"),
                json!({ "resolution": "confirmed" }),
            )
        }
        ("get", "/api/admin/reviews") => Call::to("/api/admin/reviews?page=1&limit=5"),
        ("put", "/api/admin/reviews/{id}") => Call::with(
            format!("/api/admin/reviews/{}", w.review),
            json!({ "hidden": true }),
        ),
        ("get", "/api/admin/discounts") => Call::to("/api/admin/discounts?page=1&limit=5"),
        ("post", "/api/admin/discounts") => Call::with(path, code(&w.fresh("MATRIX-NEW-"))),
        ("put", "/api/admin/discounts/{id}") => Call::with(
            format!("/api/admin/discounts/{}", w.code_id),
            code("MATRIX-EDIT"),
        ),
        ("delete", "/api/admin/discounts/{id}") => {
            let id = w.new_code(&w.fresh("MATRIX-GONE-")).await;
            Call::to(format!("/api/admin/discounts/{id}"))
        }
        ("get", "/api/delivery/zones") | ("get", "/api/admin/delivery/zones") => Call::to(path),
        ("get", "/api/admin/deliveries") => Call::to(format!("{path}?status=out&page=1&limit=5")),
        ("post", "/api/admin/deliveries") => {
            let order = w.strangers_paid_order().await;
            Call::with(
                path,
                json!({ "orderIds": [order], "riderId": w.rider_id() }),
            )
        }
        ("get", "/api/admin/riders")
        | ("get", "/api/deliveries")
        | ("get", "/api/deliveries/cash") => Call::to(path),
        ("get", "/api/admin/riders/cash")
        | ("get", "/api/admin/payments")
        | ("get", "/api/admin/payments/reconciliation")
        | ("get", "/api/admin/payments/reconciliation.csv") => Call::to(path),
        ("post", "/api/admin/riders/{id}/cash/{date}/received") => {
            let (rider, date) = w.riders_cash_of_today().await;
            Call::with(
                format!("/api/admin/riders/{rider}/cash/{date}/received"),
                json!({}),
            )
        }
        ("post", "/api/admin/deliveries/{orderId}/code-reset") => {
            let (order, _) = w.out_with_rider().await;
            Call::with(
                format!("/api/admin/deliveries/{order}/code-reset"),
                json!({}),
            )
        }
        ("post", "/api/deliveries/{orderId}/delivered") => {
            let (order, code) = w.out_with_rider().await;
            Call::with(
                format!("/api/deliveries/{order}/delivered"),
                json!({ "code": code }),
            )
        }
        ("post", "/api/deliveries/{orderId}/not-delivered") => {
            let (order, _) = w.out_with_rider().await;
            Call::with(
                format!("/api/deliveries/{order}/not-delivered"),
                json!({ "reason": "anotherDay" }),
            )
        }
        ("post", "/api/admin/delivery/zones") => Call::with(path, zone(&w.fresh("Matrix City "))),
        ("put", "/api/admin/delivery/zones/{id}") => {
            let made = w
                .app
                .post(
                    "/api/admin/delivery/zones",
                    Some(&w.admin),
                    zone(&w.fresh("Matrix Town ")),
                )
                .await;
            let made = w.made("a zone made", made, StatusCode::CREATED);
            Call::with(
                format!(
                    "/api/admin/delivery/zones/{}",
                    made["_id"].as_str().unwrap()
                ),
                json!({ "city": made["city"], "fee": 4, "etaDays": { "min": 1, "max": 2 }, "served": false }),
            )
        }
        ("get", "/api/admin/notifications") => Call::to("/api/admin/notifications?page=1&limit=5"),
        ("post", "/api/admin/notifications/{id}/resend") => {
            w.skip_waiting_messages().await;
            Call::with(
                format!("/api/admin/notifications/{}/resend", w.message),
                json!({}),
            )
        }
        ("put", "/api/settings") => Call::with(path, settings),
        ("get", "/api/admin/stats") => Call::to(path),
        ("get", "/api/admin/reports") => Call::to("/api/admin/reports?days=7"),
        ("get", "/api/admin/orders/export.csv") => Call::to("/api/admin/orders/export.csv?days=7"),
        ("get", "/api/admin/products/export.csv") => Call::to(path),
        // An empty file: a dry run reports it, writing nothing.
        ("post", "/api/admin/products/import") => {
            Call::to("/api/admin/products/import?dryRun=true")
        }
        ("get", "/api/admin/audit") => Call::to("/api/admin/audit?page=1&limit=5"),
        ("get", "/api/admin/audit/actors") => Call::to(path),
        _ => return None,
    })
}

/// A cell that answered other than expected.
struct Mismatch {
    op: String,
    caller: String,
    expected: StatusCode,
    got: StatusCode,
    body: String,
}

/// The start of a reply, on one line.
fn excerpt(body: &Value) -> String {
    let text = match body {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(80) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line,
    }
}

/// What differs on `backend`, as a table, or `None` when every cell answered as expected.
fn report(
    backend: &str,
    cells: usize,
    problems: &[String],
    mismatches: &[Mismatch],
) -> Option<String> {
    if problems.is_empty() && mismatches.is_empty() {
        return None;
    }
    let mut out = format!(
        "permission matrix on {backend}: {} of {cells} cells differ",
        mismatches.len()
    );
    for problem in problems {
        let _ = write!(out, "\n  {problem}");
    }
    if !mismatches.is_empty() {
        let op_width = mismatches.iter().map(|m| m.op.len()).max().unwrap_or(0);
        let caller_width = mismatches.iter().map(|m| m.caller.len()).max().unwrap_or(0);
        let _ = write!(
            out,
            "\n  {:op_width$} | {:caller_width$} | expected | got | body",
            "operation", "caller"
        );
        for m in mismatches {
            let _ = write!(
                out,
                "\n  {:op_width$} | {:caller_width$} | {:8} | {:3} | {}",
                m.op,
                m.caller,
                m.expected.as_u16(),
                m.got.as_u16(),
                m.body
            );
        }
    }
    Some(out)
}

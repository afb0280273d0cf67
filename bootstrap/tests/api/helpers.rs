//! `TestApp`: the real shop on port 0 over a fresh database, one per backend.

use crate::fake_edahab::FakeEdahab;
use async_trait::async_trait;
use bootstrap::wiring::{build_shop, Outside, Tuning};
use chrono::{TimeDelta, Utc};
use domain::ids::OrderId;
use domain::notification::{Channel, Notification, Topic};
use domain::payment_hold::PaymentHold;
use domain::payment_method::PaymentMethod;
use domain::ports::{
    NotificationQuery, OrderRepository, Outbox, Page, PaymentCheck, PaymentGateway, PaymentNotices,
    PaymentOutcome, PaymentRequest, RefundRequest, SandboxCardPage,
};
use domain::refund::RefundOutcome;
use domain::settings::SettingsInput;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop_auth::{Argon2Hasher, JwtTokens};
use shop_db::Database;
use shop_http::client_address::TrustedProxies;
use shop_http::{AppState, HttpOptions, PublicUrl, StaticFiles};
use shop_images::FsImageStore;
use shop_payments::sandbox::SandboxGateway;
use shop_payments::{
    EdahabConfig, EdahabGateway, Providers, WaafiPayCardConfig, WaafiPayCards, WaafiPayConfig,
    WaafiPayGateway, WaafiPayNotices,
};
use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

pub use crate::reply::{reply, Reply};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "admin-secret";
pub const APPROVED_PHONE: &str = "61 555 1234";
/// The secret the test server signs tokens with.
pub const TOKEN_SECRET: &[u8] = b"a-test-secret-that-is-long-enough-for-hs256";

pub struct TestApp {
    pub address: String,
    pub backend: &'static str,
    /// The app's state, to look at its catalogue cache.
    pub state: AppState,
    /// The payment provider the app talks to.
    pub payments: Arc<CountedPayments>,
    /// The fake WaafiPay behind `payments`, for an app made by `all_with_fake_waafipay`.
    pub waafipay: Option<FakeWaafiPay>,
    /// The fake eDahab behind `payments`, for an app made by `all_with_fake_edahab`.
    pub edahab: Option<FakeEdahab>,
    /// Its database, to set up what the API cannot (a delivery a month ago).
    pub database: Database,
    client: reqwest::Client,
    server: actix_web::dev::ServerHandle,
    _uploads: tempfile::TempDir,
    _frontend: tempfile::TempDir,
}

/// The provider (the sandbox, or a WaafiPay gateway), counting the refunds sent to it. A
/// refund takes 50 ms more, like a provider's round trip, so that requests racing to refund
/// overlap.
pub struct CountedPayments {
    provider: Arc<dyn PaymentGateway>,
    refunds: AtomicUsize,
}

impl CountedPayments {
    pub fn refunds_sent(&self) -> usize {
        self.refunds.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl PaymentGateway for CountedPayments {
    fn methods(&self) -> Vec<PaymentMethod> {
        self.provider.methods()
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        self.provider.charge(request).await
    }

    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome {
        self.provider.check(payment).await
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        self.refunds.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(50)).await;
        self.provider.refund(refund).await
    }
}

/// The built frontend the test server serves: an `index.html` and one hashed asset.
pub const INDEX_HTML: &str = "<!doctype html><html><head><meta name=\"description\" content=\"Generic\" /><title>Shop</title></head><body><div id=\"root\"><!--page--></div></body></html>";
pub const ASSET_PATH: &str = "/assets/app-3f2a9c.js";
/// What the test frontend's Brotli copy of `ASSET_PATH` holds.
pub const BROTLI_COPY: &str = "the build's brotli copy of app-3f2a9c.js";

fn built_frontend() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary frontend folder");
    std::fs::write(dir.path().join("index.html"), INDEX_HTML).unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    let script = "console.log('the storefront');\n".repeat(200);
    let asset = dir.path().join(&ASSET_PATH[1..]);
    std::fs::write(&asset, script).unwrap();
    // The build's Brotli copy (no gzip one): what it holds is sent as it is.
    std::fs::write(asset.with_extension("js.br"), BROTLI_COPY).unwrap();
    dir
}

/// Stops the server and waits for its workers, so the test database is dropped before the
/// test process exits (a PostgreSQL connection torn down during exit crashes libpq).
impl Drop for TestApp {
    fn drop(&mut self) {
        let server = self.server.clone();
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a runtime to stop the server")
                .block_on(server.stop(true));
        })
        .join()
        .expect("the server stops");
    }
}

impl TestApp {
    /// One app per database the tests can reach (SQLite always, PostgreSQL when configured).
    pub async fn all() -> Vec<TestApp> {
        Self::configured(Duration::ZERO, false).await
    }

    /// Like `all`, with a sandbox gateway that takes `delay` to answer every charge.
    pub async fn all_with_payment_delay(delay: Duration) -> Vec<TestApp> {
        Self::configured(delay, false).await
    }

    /// Like `all`, served as over HTTPS (`Strict-Transport-Security`).
    pub async fn all_with_hsts() -> Vec<TestApp> {
        Self::configured(Duration::ZERO, true).await
    }

    /// Like `all`, paying through the WaafiPay gateway against a fake WaafiPay that approves
    /// every purchase at once and makes every refund, answering it after `refund_delay`;
    /// the gateway waits `PROVIDER_TIMEOUT` for an answer.
    pub async fn all_with_fake_waafipay(refund_delay: Duration) -> Vec<TestApp> {
        let mut apps = Vec::new();
        for database in shop_db::test_support::databases().await {
            let fake = FakeWaafiPay::start(refund_delay);
            let gateway = fake.wallets();
            let mut app =
                Self::spawn(database, Arc::new(gateway), false, PaymentHold::default()).await;
            app.waafipay = Some(fake);
            apps.push(app);
        }
        apps
    }

    /// Like `all_with_fake_waafipay`, taking the wallets and cards on WaafiPay's card page,
    /// and WaafiPay's webhook signed with `WAAFIPAY_WEBHOOK_SECRET`.
    pub async fn all_with_fake_waafipay_cards() -> Vec<TestApp> {
        let mut apps = Vec::new();
        for database in shop_db::test_support::databases().await {
            let fake = FakeWaafiPay::start(Duration::ZERO);
            let wallets = fake.wallets();
            let cards = WaafiPayCards::new(WaafiPayCardConfig {
                url: fake.url(),
                merchant_uid: "M0910291".into(),
                store_id: "1000297".into(),
                hpp_key: "HPP-KEY".into(),
                return_url: "https://dukaan.so/api/payments/card/return".into(),
            })
            .expect("a WaafiPay card client");
            let providers = Providers {
                wallets: Some(Arc::new(wallets)),
                cards: Some(Arc::new(cards)),
                ..Providers::default()
            };
            let notices = WaafiPayNotices::new(WAAFIPAY_WEBHOOK_SECRET.to_owned());
            let mut app = Self::spawn_with(
                database,
                Arc::new(providers),
                None,
                Some(Arc::new(notices)),
                false,
                PaymentHold::default(),
            )
            .await;
            app.waafipay = Some(fake);
            apps.push(app);
        }
        apps
    }

    /// Like `all`, taking eDahab only, through the eDahab gateway signing with `secret`
    /// against a fake eDahab (`fake_edahab`); checkout waits `CHECKOUT_WAIT` for a charge.
    pub async fn all_with_fake_edahab(secret: &str) -> Vec<TestApp> {
        let mut apps = Vec::new();
        for database in shop_db::test_support::databases().await {
            let fake = FakeEdahab::start();
            let gateway = EdahabGateway::new(EdahabConfig {
                url: fake.url(),
                api_key: "EDH-API-KEY".into(),
                secret: secret.into(),
                agent_code: "701234".into(),
                timeout: Duration::from_secs(10),
            })
            .expect("an eDahab client");
            let providers = Providers {
                edahab: Some(Arc::new(gateway)),
                ..Providers::default()
            };
            let hold = PaymentHold::new(60, CHECKOUT_WAIT.as_secs()).expect("a valid hold");
            let mut app = Self::spawn(database, Arc::new(providers), false, hold).await;
            app.edahab = Some(fake);
            apps.push(app);
        }
        apps
    }

    /// Like `all`, holding unpaid orders for `hold` only.
    pub async fn all_with_hold(hold: PaymentHold) -> Vec<TestApp> {
        Self::with(Duration::ZERO, false, hold).await
    }

    async fn configured(payment_delay: Duration, hsts: bool) -> Vec<TestApp> {
        Self::with(payment_delay, hsts, PaymentHold::default()).await
    }

    async fn with(payment_delay: Duration, hsts: bool, hold: PaymentHold) -> Vec<TestApp> {
        let mut apps = Vec::new();
        for database in shop_db::test_support::databases().await {
            let sandbox =
                SandboxGateway::new(payment_delay).with_no_answer_time(Duration::from_millis(50));
            let sandbox = Arc::new(sandbox);
            let cards: Arc<dyn SandboxCardPage> = sandbox.clone();
            let app = Self::spawn_with(database, sandbox, Some(cards), None, hsts, hold).await;
            apps.push(app);
        }
        apps
    }

    async fn spawn(
        database: Database,
        provider: Arc<dyn PaymentGateway>,
        hsts: bool,
        payment_hold: PaymentHold,
    ) -> TestApp {
        Self::spawn_with(database, provider, None, None, hsts, payment_hold).await
    }

    /// A shop paying through `provider`, with the sandbox's card page and the provider's
    /// notifications when given.
    async fn spawn_with(
        database: Database,
        provider: Arc<dyn PaymentGateway>,
        sandbox_cards: Option<Arc<dyn SandboxCardPage>>,
        notices: Option<Arc<dyn PaymentNotices>>,
        hsts: bool,
        payment_hold: PaymentHold,
    ) -> TestApp {
        let uploads = tempfile::tempdir().expect("a temporary uploads folder");
        let payments = Arc::new(CountedPayments {
            provider,
            refunds: AtomicUsize::new(0),
        });
        let outside = Outside {
            payments: payments.clone(),
            sandbox_cards,
            notices,
            hasher: Arc::new(Argon2Hasher::fast_for_tests()),
            tokens: Arc::new(JwtTokens::new(TOKEN_SECRET, Duration::from_secs(3600))),
            images: Arc::new(FsImageStore::new(uploads.path().to_path_buf(), "/uploads")),
        };
        let defaults = SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(5.0),
            cash_on_delivery_max: Some(Some(200.0)),
        }
        .validate(None)
        .expect("valid default settings");
        let tuning = Tuning {
            payment_hold,
            ..Tuning::default()
        };
        let shop = Arc::new(build_shop(&database, outside, defaults, tuning));
        shop.accounts
            .ensure_admin(ADMIN_EMAIL, ADMIN_PASSWORD)
            .await
            .expect("the admin is created");
        let state = AppState::new(shop);
        let served = state.clone();
        let frontend = built_frontend();
        let files = StaticFiles {
            frontend_dir: Some(frontend.path().to_path_buf()),
            uploads_dir: uploads.path().to_path_buf(),
        };
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let address = format!("http://{}", listener.local_addr().unwrap());
        let options = HttpOptions {
            hsts,
            public_url: PublicUrl::parse(&address).expect("the test address is a URL"),
            request_timeout: Duration::from_secs(30),
            trusted_proxies: TrustedProxies::default(),
            metrics: false,
        };
        let server = actix_web::HttpServer::new(move || {
            shop_http::app(served.clone(), files.clone(), options.clone())
        })
        .workers(2)
        .listen(listener)
        .expect("the server listens")
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        TestApp {
            address,
            backend: database.backend_name(),
            state,
            payments,
            waafipay: None,
            edahab: None,
            database,
            client: reqwest::Client::new(),
            server: handle,
            _uploads: uploads,
            _frontend: frontend,
        }
    }

    /// How many SQL statements the app's database has run so far.
    pub fn statements_run(&self) -> u64 {
        self.database.statements_run()
    }

    /// The delivery code of `order`, out with a rider, as the shopper was sent it.
    pub async fn delivery_code(&self, order: &str) -> String {
        let order = OrderRepository::by_id(&self.database, &OrderId::parse(order).unwrap())
            .await
            .expect("the order is read")
            .expect("the order exists");
        let delivery = order.delivery.expect("the order went out");
        delivery.code.as_str().to_owned()
    }

    /// The outbox's first hundred messages, newest first, read straight from the database.
    pub async fn outbox(&self) -> Vec<Notification> {
        let query = NotificationQuery {
            status: None,
            channel: None,
            search: None,
            page: Page {
                number: 1,
                size: 100,
            },
        };
        let (messages, _) = Outbox::list(&self.database, &query)
            .await
            .expect("the outbox is read");
        messages
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        reply(request.send().await.expect("the request is answered")).await
    }

    /// A plain GET returning the status, headers and text body.
    pub async fn page(
        &self,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (StatusCode, reqwest::header::HeaderMap, String) {
        let mut request = self.client.get(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("the request is answered");
        let (status, headers) = (response.status(), response.headers().clone());
        (status, headers, response.text().await.unwrap_or_default())
    }

    pub async fn page_with_token(
        &self,
        path: &str,
        token: &str,
    ) -> (StatusCode, reqwest::header::HeaderMap, String) {
        self.page(path, &[("Authorization", &format!("Bearer {token}"))])
            .await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(Method::PUT, path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(Method::DELETE, path, token, None).await
    }

    pub async fn raw(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        content_type: &str,
        body: Vec<u8>,
    ) -> Reply {
        let mut request = self
            .client
            .request(method, self.url(path))
            .header("Content-Type", content_type)
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        reply(request.send().await.expect("the request is answered")).await
    }

    /// WaafiPay's webhook notification as WaafiPay posts it: `body`, signed with `secret`
    /// in `X-WaafiPay-Signature` (none without one).
    pub async fn waafipay_notifies(&self, body: &Value, secret: Option<&str>) -> Reply {
        let body = serde_json::to_vec(body).unwrap();
        let mut request = self
            .client
            .post(self.url(WAAFIPAY_WEBHOOK))
            .header("Content-Type", "application/json");
        if let Some(secret) = secret {
            let signature = WaafiPayNotices::new(secret.to_owned()).sign(&body);
            request = request.header("X-WaafiPay-Signature", signature);
        }
        reply(
            request
                .body(body)
                .send()
                .await
                .expect("the request is answered"),
        )
        .await
    }

    /// A request that is not redirected: its status and where it sends the browser.
    pub async fn unfollowed(
        &self,
        method: Method,
        path: &str,
        form: &[(&str, &str)],
    ) -> (StatusCode, Option<String>) {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("a client");
        let mut request = client.request(method, self.url(path));
        if !form.is_empty() {
            request = request.form(form);
        }
        let response = request.send().await.expect("the request is answered");
        let location = response
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_owned());
        (response.status(), location)
    }

    pub async fn multipart(&self, method: Method, path: &str, token: &str, form: Form) -> Reply {
        let request = self
            .client
            .request(method, self.url(path))
            .bearer_auth(token)
            .multipart(form);
        reply(request.send().await.expect("the request is answered")).await
    }

    /// The reset code queued for account `user` on `channel`: the test server sends nothing,
    /// so its messages wait in the outbox.
    pub async fn reset_code(&self, user: &str, channel: Channel) -> String {
        let due = Utc::now() + TimeDelta::minutes(1);
        Outbox::claim_due(&self.database, due, due + TimeDelta::minutes(10), 100)
            .await
            .unwrap()
            .into_iter()
            .find(|m| {
                m.topic == Topic::PasswordReset && m.channel == channel && m.reference == user
            })
            .and_then(|m| m.payload)
            .expect("a reset code is queued")
    }

    pub async fn login(&self, email: &str, password: &str) -> Reply {
        self.post(
            "/api/auth/login",
            None,
            json!({ "email": email, "password": password }),
        )
        .await
    }

    pub async fn admin_token(&self) -> String {
        let reply = self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Registers a shopper named `name` and returns their token and id.
    pub async fn shopper(&self, name: &str) -> (String, String) {
        let reply = self
            .post(
                "/api/auth/register",
                None,
                json!({ "name": name, "email": format!("{name}@example.com"), "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        (
            reply.body["token"].as_str().unwrap().to_owned(),
            reply.body["user"]["_id"].as_str().unwrap().to_owned(),
        )
    }

    /// A shopper `name` given `role` (`orders`, `stock`, `rider`, `admin`) by the admin: their
    /// token (the role changes what the account may do, not the session).
    pub async fn staff(&self, admin: &str, name: &str, role: &str) -> String {
        let (token, id) = self.shopper(name).await;
        let promoted = self
            .put(
                &format!("/api/users/{id}"),
                Some(admin),
                json!({ "name": name, "email": format!("{name}@example.com"), "phone": "615551234", "role": role }),
            )
            .await;
        assert_eq!(promoted.status, StatusCode::OK, "{}", promoted.body);
        assert_eq!(promoted.body["role"], role);
        token
    }

    /// The id of the account `token` signs in.
    pub async fn me_id(&self, token: &str) -> String {
        let me = self.get("/api/auth/me", Some(token)).await;
        me.body["_id"].as_str().expect("an account id").to_owned()
    }

    /// Creates a product through the API (JSON fields in a multipart form, no picture).
    pub async fn product(&self, admin: &str, name: &str, price: &str, stock: u32) -> Value {
        let form = product_form(&[
            ("name", name),
            ("description", "A lovely piece"),
            ("category", "women"),
            ("price", price),
            ("stock", &stock.to_string()),
            ("discount", "0"),
            ("tags", "new, summer"),
            ("isFeatured", "false"),
        ]);
        let reply = self
            .multipart(Method::POST, "/api/products", admin, form)
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        reply.body
    }

    pub async fn stock_of(&self, product_id: &str) -> u64 {
        self.get(&format!("/api/products/{product_id}"), None)
            .await
            .body["stock"]
            .as_u64()
            .expect("a stock number")
    }

    pub async fn add_to_cart(&self, token: &str, product_id: &str, quantity: i64) -> Reply {
        self.post(
            "/api/cart/add",
            Some(token),
            json!({ "productId": product_id, "quantity": quantity }),
        )
        .await
    }

    /// Registers `count` shoppers (`buyer0`, `buyer1`, …), each with one unit of the product in
    /// the cart, and returns their tokens: buyers ready to race for it.
    pub async fn buyers_with_carts(&self, count: usize, product_id: &str) -> Vec<String> {
        let mut buyers = Vec::new();
        for i in 0..count {
            let (token, _) = self.shopper(&format!("buyer{i}")).await;
            let added = self.add_to_cart(&token, product_id, 1).await;
            assert_eq!(added.status, StatusCode::OK, "{}", added.body);
            buyers.push(token);
        }
        buyers
    }

    /// Puts `quantity` of a product in the cart and checks out, paying from `phone`.
    pub async fn buy(&self, token: &str, product_id: &str, quantity: i64, phone: &str) -> Reply {
        self.add_to_cart(token, product_id, quantity).await;
        self.checkout(token, phone).await
    }

    pub async fn checkout(&self, token: &str, phone: &str) -> Reply {
        self.post(
            "/api/orders/checkout",
            Some(token),
            json!({ "paymentMethod": "evc-plus", "paymentPhone": phone }),
        )
        .await
    }

    /// Ships and delivers the shopper's paid `order`, whose first line holds at least one
    /// $10.00 item, and has one of them returned, approved and received: the return's id.
    pub async fn received_return_of_one(&self, admin: &str, token: &str, order: &str) -> String {
        for status in ["shipped", "delivered"] {
            let moved = self
                .put(
                    &format!("/api/orders/{order}"),
                    Some(admin),
                    json!({ "status": status }),
                )
                .await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        let asked = self
            .post(
                &format!("/api/orders/{order}/returns"),
                Some(token),
                json!({ "lines": [{ "lineId": format!("{order}-1"), "quantity": 1 }], "reason": "Too small" }),
            )
            .await;
        assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
        assert_eq!(asked.body["refundAmount"], 10.0);
        let id = asked.body["_id"].as_str().unwrap().to_owned();
        for status in ["approved", "received"] {
            let moved = self
                .put(
                    &format!("/api/admin/returns/{id}"),
                    Some(admin),
                    json!({ "status": status }),
                )
                .await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        id
    }

    /// A checkout sent with an `Idempotency-Key`, as the storefront sends it.
    pub async fn checkout_with_key(&self, token: &str, phone: &str, key: &str) -> Reply {
        self.checkout_by_with_key(token, "evc-plus", phone, key)
            .await
    }

    /// A checkout paying by `method`, sent with an `Idempotency-Key`.
    pub async fn checkout_by_with_key(
        &self,
        token: &str,
        method: &str,
        phone: &str,
        key: &str,
    ) -> Reply {
        let request = self
            .client
            .post(self.url("/api/orders/checkout"))
            .bearer_auth(token)
            .header("Idempotency-Key", key)
            .json(&json!({ "paymentMethod": method, "paymentPhone": phone }));
        reply(request.send().await.expect("the request is answered")).await
    }
}

pub fn product_form(fields: &[(&str, &str)]) -> Form {
    fields.iter().fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
}

pub fn with_image(form: Form, bytes: Vec<u8>, file_name: &str, mime: &str) -> Form {
    form.part(
        "image",
        Part::bytes(bytes)
            .file_name(file_name.to_owned())
            .mime_str(mime)
            .unwrap(),
    )
}

/// Where WaafiPay posts its webhook notifications.
pub const WAAFIPAY_WEBHOOK: &str = "/api/payments/waafipay/webhook";

/// The secret that signs WaafiPay's webhook in an app made by `all_with_fake_waafipay_cards`.
pub const WAAFIPAY_WEBHOOK_SECRET: &str = "whsec-dukaan-test";

/// How long checkout waits for a charge in an app made by `all_with_fake_edahab`.
pub const CHECKOUT_WAIT: Duration = Duration::from_secs(1);

/// How long the WaafiPay gateway of `all_with_fake_waafipay` waits for an answer.
pub const PROVIDER_TIMEOUT: Duration = Duration::from_millis(500);

/// A fake WaafiPay on its own port: approves every `API_PURCHASE` at once; makes every
/// reversal and refund (`API_CANCELPURCHASE`, `API_REFUND`) as it arrives and answers it
/// after the refund delay, which a test may change.
pub struct FakeWaafiPay {
    address: String,
    state: Arc<FakeWaafiPayState>,
    server: actix_web::dev::ServerHandle,
}

struct FakeWaafiPayState {
    /// Every call's body, in the order they came.
    calls: Mutex<Vec<Value>>,
    refund_delay: Mutex<Duration>,
    /// What became of each card payment on its page, by the `referenceId` it was opened
    /// under (the shop's attempt): "Approved"...
    card_payments: Mutex<HashMap<String, String>>,
    /// The amount each card page asked, by `referenceId`: what an approval reports, unless a
    /// test makes the payer pay another (`card_page_approved_for`).
    card_amounts: Mutex<HashMap<String, String>>,
    /// The `referenceId` of each order's last card page, by its `invoiceId` (the order).
    card_pages: Mutex<HashMap<String, String>>,
}

impl FakeWaafiPay {
    fn start(refund_delay: Duration) -> Self {
        let state = Arc::new(FakeWaafiPayState {
            calls: Mutex::new(Vec::new()),
            refund_delay: Mutex::new(refund_delay),
            card_payments: Mutex::new(HashMap::new()),
            card_amounts: Mutex::new(HashMap::new()),
            card_pages: Mutex::new(HashMap::new()),
        });
        let served = actix_web::web::Data::from(state.clone());
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let address = format!("http://{}", listener.local_addr().unwrap());
        let server = actix_web::HttpServer::new(move || {
            actix_web::App::new()
                .app_data(served.clone())
                .route("/asm", actix_web::web::post().to(fake_waafipay_call))
        })
        .workers(1)
        .listen(listener)
        .expect("the fake WaafiPay listens")
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Self {
            address,
            state,
            server: handle,
        }
    }

    fn url(&self) -> String {
        format!("{}/asm", self.address)
    }

    /// The WaafiPay gateway of the wallets, calling this fake.
    fn wallets(&self) -> WaafiPayGateway {
        WaafiPayGateway::new(WaafiPayConfig {
            url: self.url(),
            merchant_uid: "M0910291".into(),
            api_user_id: "1000416".into(),
            api_key: "test-key".into(),
            timeout: PROVIDER_TIMEOUT,
        })
        .expect("a WaafiPay client")
    }

    /// How many calls of `service_name` it received.
    pub fn calls_of(&self, service_name: &str) -> usize {
        self.bodies_of(service_name).len()
    }

    /// The bodies of the calls of `service_name`, in the order they came.
    pub fn bodies_of(&self, service_name: &str) -> Vec<Value> {
        let calls = self.state.calls.lock().unwrap();
        calls
            .iter()
            .filter(|body| body["serviceName"] == service_name)
            .cloned()
            .collect()
    }

    /// The `referenceId` of `order`'s last card page: the shop's attempt.
    pub fn card_page_of(&self, order: &str) -> String {
        let pages = self.state.card_pages.lock().unwrap();
        let page = pages.get(order).cloned();
        page.unwrap_or_else(|| panic!("no card page was opened for order {order}"))
    }

    /// The payer of `order` finished on its last card page, which ended `status`
    /// ("Approved", "Declined"...): `HPP_GETTRANINFO` says so from now on.
    pub fn card_page_ended(&self, order: &str, status: &str) {
        let page = self.card_page_of(order);
        let mut payments = self.state.card_payments.lock().unwrap();
        payments.insert(page, status.to_owned());
    }

    /// The payer of `order` was approved on its last card page for `amount` dollars
    /// ("0.01"), whatever the page asked.
    pub fn card_page_approved_for(&self, order: &str, amount: &str) {
        self.card_page_ended(order, "Approved");
        let mut amounts = self.state.card_amounts.lock().unwrap();
        amounts.insert(self.card_page_of(order), amount.to_owned());
    }

    /// From now on, refunds are answered after `delay`.
    pub fn answer_refunds_after(&self, delay: Duration) {
        *self.state.refund_delay.lock().unwrap() = delay;
    }
}

impl Drop for FakeWaafiPay {
    fn drop(&mut self) {
        let server = self.server.clone();
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a runtime to stop the fake")
                .block_on(server.stop(false));
        })
        .join()
        .expect("the fake stops");
    }
}

async fn fake_waafipay_call(
    state: actix_web::web::Data<FakeWaafiPayState>,
    body: actix_web::web::Json<Value>,
) -> actix_web::HttpResponse {
    let service = body["serviceName"].as_str().unwrap_or_default().to_owned();
    state.calls.lock().unwrap().push(body.0.clone());
    let reference = body["serviceParams"]["referenceId"].clone();
    let params = match service.as_str() {
        "API_PURCHASE" => {
            json!({ "state": "APPROVED", "transactionId": "44291833", "referenceId": reference })
        }
        "HPP_PURCHASE" => {
            let transaction = &body["serviceParams"]["transactionInfo"];
            let token = transaction["referenceId"].as_str().unwrap_or_default();
            let order = transaction["invoiceId"].as_str().unwrap_or_default();
            let asked = transaction["amount"].as_str().unwrap_or_default();
            let mut pages = state.card_pages.lock().unwrap();
            pages.insert(order.to_owned(), token.to_owned());
            let mut amounts = state.card_amounts.lock().unwrap();
            amounts.insert(token.to_owned(), asked.to_owned());
            json!({ "hppUrl": format!("https://sandbox.waafipay.net/hpp/token/{token}"),
                    "orderId": "1185941", "hppRequestId": "10629", "referenceId": token })
        }
        "HPP_GETTRANINFO" => {
            let payments = state.card_payments.lock().unwrap();
            let Some(status) = payments.get(reference.as_str().unwrap_or_default()) else {
                return actix_web::HttpResponse::Ok().json(json!({
                    "schemaVersion": "1.0", "responseCode": "5206", "errorCode": "E10205",
                    "responseMsg": "RCS_NO_TRANSACTION_FOUND", "params": {},
                }));
            };
            let amounts = state.card_amounts.lock().unwrap();
            let amount = amounts.get(reference.as_str().unwrap_or_default()).cloned();
            json!({ "status": status, "tranStatusDesc": status, "transactionId": "126895",
                    "amount": amount.unwrap_or_else(|| "45.0".to_owned()), "currency": "USD" })
        }
        _ => {
            let delay = *state.refund_delay.lock().unwrap();
            tokio::time::sleep(delay).await;
            json!({ "state": "APPROVED", "transactionId": "44291833", "referenceId": reference })
        }
    };
    actix_web::HttpResponse::Ok().json(json!({
        "schemaVersion": "1.0",
        "responseCode": "2001",
        "errorCode": "0",
        "responseMsg": "RCS_SUCCESS",
        "params": params,
    }))
}

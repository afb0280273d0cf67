//! `ShopProcess`: the `shop` binary serving on a free port, and a small JSON client for it.

use crate::reply::{reply, Reply};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "admin-secret";
pub const APPROVED_PHONE: &str = "61 555 1234";

pub struct ShopProcess {
    child: Child,
    pub pid: u32,
    pub address: String,
    client: reqwest::Client,
}

/// A TCP port on 127.0.0.1 that nothing listens on now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

impl ShopProcess {
    /// Starts `shop serve` on `data_dir` (no demo data) with extra settings as environment
    /// variables, and waits until it answers its health check.
    pub async fn start(data_dir: &Path, env: &[(&str, &str)]) -> ShopProcess {
        Self::start_logging_to(data_dir, env, Stdio::null()).await
    }

    /// `start`, its log (standard output) going to `log`.
    pub async fn start_logging_to(
        data_dir: &Path,
        env: &[(&str, &str)],
        log: impl Into<Stdio>,
    ) -> ShopProcess {
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
        command
            .arg("serve")
            .env("SHOP_BIND", format!("127.0.0.1:{port}"))
            .env("SHOP_DATA_DIR", data_dir)
            .env("SHOP_DEMO_DATA", "false")
            .env("SHOP_ADMIN_EMAIL", ADMIN_EMAIL)
            .env("SHOP_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("SHOP_LOG", "warn")
            .stdout(log)
            .stderr(Stdio::inherit());
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command.spawn().expect("the shop binary starts");
        let shop = ShopProcess {
            pid: child.id(),
            child,
            address: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let health = shop.client.get(shop.url("/api/health")).send().await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return shop;
            }
            assert!(Instant::now() < deadline, "the shop did not start in 60 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGKILL: no shutdown, no flushing, as when the machine loses the process.
    pub fn kill(mut self) {
        self.child.kill().expect("the shop is killed");
        self.child.wait().expect("the killed shop is reaped");
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
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        reply(request.send().await.expect("the request is answered")).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Reply {
        self.send(Method::GET, path, Some(token), None, &[]).await
    }

    pub async fn login(&self, email: &str, password: &str) -> String {
        let reply = self
            .send(
                Method::POST,
                "/api/auth/login",
                None,
                Some(json!({ "email": email, "password": password })),
                &[],
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Registers a shopper and returns their token.
    pub async fn shopper(&self, name: &str) -> String {
        let reply = self
            .send(
                Method::POST,
                "/api/auth/register",
                None,
                Some(json!({ "name": name, "email": format!("{name}@example.com"), "phone": "615551234", "password": "secret1" })),
                &[],
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Creates a product with `stock` units and returns its id.
    pub async fn product(&self, admin: &str, name: &str, stock: u32) -> String {
        let form = reqwest::multipart::Form::new()
            .text("name", name.to_owned())
            .text("description", "A lovely piece")
            .text("category", "women")
            .text("price", "20")
            .text("stock", stock.to_string());
        let response = self
            .client
            .post(self.url("/api/products"))
            .bearer_auth(admin)
            .multipart(form)
            .send()
            .await
            .expect("the request is answered");
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.expect("a product");
        body["_id"].as_str().unwrap().to_owned()
    }

    pub async fn stock_of(&self, product: &str) -> u64 {
        let reply = self
            .send(
                Method::GET,
                &format!("/api/products/{product}"),
                None,
                None,
                &[],
            )
            .await;
        reply.body["stock"].as_u64().expect("a stock number")
    }

    pub async fn add_to_cart(&self, token: &str, product: &str, quantity: u32) {
        let reply = self
            .send(
                Method::POST,
                "/api/cart/add",
                Some(token),
                Some(json!({ "productId": product, "quantity": quantity })),
                &[],
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    }

    pub async fn checkout(&self, token: &str, key: &str) -> Reply {
        self.send(
            Method::POST,
            "/api/orders/checkout",
            Some(token),
            Some(json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE })),
            &[("Idempotency-Key", key)],
        )
        .await
    }
}

impl ShopProcess {
    /// Every order of the shop, page by page from the back office's list.
    pub async fn all_orders(&self, admin: &str) -> Vec<Value> {
        let mut orders = Vec::new();
        for page in 1.. {
            let reply = self
                .get(&format!("/api/orders/all?page={page}&limit=100"), admin)
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
            let rows = reply.body.as_array().expect("a page of orders").clone();
            if rows.is_empty() {
                break;
            }
            orders.extend(rows);
        }
        orders
    }
}

/// Kills the process when a test fails before it does.
impl Drop for ShopProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

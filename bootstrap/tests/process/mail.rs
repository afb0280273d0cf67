//! Notifications through a real SMTP server process (aiosmtpd, from PyPI; `.ci/run` installs
//! it): a paid order mails the shopper and alerts the shop; mail sent while the server is
//! down arrives once it is back, also after the shop was killed; a forgotten password is
//! reset with the code the e-mail carried.

use crate::reply::Reply;
use crate::support::{free_port, ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `python3 -m aiosmtpd` on `port`, keeping every message it takes in a Maildir.
struct SmtpServer {
    child: Child,
}

impl SmtpServer {
    async fn start(port: u16, maildir: &Path) -> SmtpServer {
        let child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 -m aiosmtpd runs (pip install aiosmtpd)");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not start in 20 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        SmtpServer { child }
    }

    fn stop(mut self) {
        self.child.kill().expect("aiosmtpd stops");
        self.child.wait().expect("aiosmtpd is reaped");
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Every message the server took: its raw text.
fn mails(maildir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(maildir.join("new")) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect()
}

/// Waits (up to `limit`) for a message to `to` whose text holds `needle`.
async fn mail_to(maildir: &Path, to: &str, needle: &str, limit: Duration) -> String {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(mail) = mails(maildir)
            .into_iter()
            .find(|m| m.contains(&format!("To: {to}")) && m.contains(needle))
        {
            return mail;
        }
        assert!(
            Instant::now() < deadline,
            "no mail to {to} with {needle:?} within {limit:?}; got {:#?}",
            mails(maildir)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn settings(smtp_port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("SHOP_SMTP_URL", format!("smtp://127.0.0.1:{smtp_port}")),
        ("SHOP_MAIL_FROM", "Dukaan <shop@dukaan.test>".into()),
        ("SHOP_ORDER_ALERT_EMAIL", "orders@dukaan.test".into()),
    ]
}

async fn start_shop(data: &Path, smtp_port: u16) -> ShopProcess {
    let env = settings(smtp_port);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    ShopProcess::start(data, &env).await
}

async fn paid_order(shop: &ShopProcess, shopper: &str, product: &str, key: &str) -> String {
    let token = shop.shopper(shopper).await;
    shop.add_to_cart(&token, product, 1).await;
    let reply = shop.checkout(&token, key).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    format!("#{}", reply.body["order"]["number"])
}

async fn ask_for_code(shop: &ShopProcess, email: &str) -> Reply {
    shop.send(
        Method::POST,
        "/api/auth/forgot-password",
        None,
        Some(json!({ "email": email })),
        &[],
    )
    .await
}

/// The code of the reset e-mail `to` receives.
async fn mailed_code(maildir: &Path, to: &str) -> String {
    let mail = mail_to(maildir, to, "password reset code", Duration::from_secs(15)).await;
    let code: String = mail
        .split("password is ")
        .nth(1)
        .expect("the code in the text")
        .chars()
        .take(6)
        .collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{code}");
    code
}

/// Waits (15 s at most) until the back office's list at `query` has `count` messages or
/// more, and answers them.
async fn listed(shop: &ShopProcess, admin: &str, query: &str, count: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let list = shop
            .get(&format!("/api/admin/notifications?{query}"), admin)
            .await;
        if let Some(found) = list.body.as_array().filter(|l| l.len() >= count) {
            return found.clone();
        }
        assert!(Instant::now() < deadline, "{query}: {}", list.body);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn paid_orders_are_mailed_even_when_the_smtp_server_or_the_shop_was_down() {
    let data = tempfile::tempdir().unwrap();
    let maildir: PathBuf = data.path().join("maildir");
    let port = free_port();
    let smtp = SmtpServer::start(port, &maildir).await;
    let shop = start_shop(data.path(), port).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let product = shop.product(&admin, "Silk Abaya", 50).await;

    let number = paid_order(&shop, "amina", &product, "k1").await;
    let confirmation = mail_to(
        &maildir,
        "amina@example.com",
        &format!("Order {number} confirmed"),
        Duration::from_secs(15),
    )
    .await;
    assert!(
        confirmation.contains("From: Dukaan <shop@dukaan.test>"),
        "{confirmation}"
    );
    assert!(
        confirmation.contains("multipart/alternative"),
        "plain text and HTML"
    );
    mail_to(
        &maildir,
        "orders@dukaan.test",
        &format!("New order {number}"),
        Duration::from_secs(15),
    )
    .await;

    // The server goes down: the next order's mail waits, retried.
    smtp.stop();
    let second = paid_order(&shop, "hodan", &product, "k2").await;
    let retrying = listed(&shop, &admin, "status=retrying", 1).await;
    assert!(
        retrying[0]["lastError"].as_str().unwrap().contains("SMTP"),
        "{}",
        retrying[0]
    );
    assert!(retrying[0]["attempts"].as_u64().unwrap() >= 1);
    // The shop dies before it could send; both come back: the mail arrives.
    shop.kill();
    let _smtp = SmtpServer::start(port, &maildir).await;
    let shop = start_shop(data.path(), port).await;
    mail_to(
        &maildir,
        "hodan@example.com",
        &format!("Order {second} confirmed"),
        Duration::from_secs(45),
    )
    .await;
    let sent_twice = mails(&maildir)
        .iter()
        .filter(|m| m.contains(&format!("Order {number} confirmed")))
        .count();
    assert_eq!(
        sent_twice, 1,
        "the first order's confirmation was sent once"
    );
    drop(shop);
}

#[tokio::test]
async fn a_forgotten_password_is_reset_with_the_mailed_code_and_old_sessions_end() {
    let data = tempfile::tempdir().unwrap();
    let maildir = data.path().join("maildir");
    let port = free_port();
    let _smtp = SmtpServer::start(port, &maildir).await;
    let shop = start_shop(data.path(), port).await;
    let old_token = shop.shopper("amina").await;

    let unknown = ask_for_code(&shop, "nobody@example.com").await;
    let known = ask_for_code(&shop, "amina@example.com").await;
    assert_eq!(
        (unknown.status, known.status),
        (StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(unknown.body, known.body, "the same answer either way");

    let code = mailed_code(&maildir, "amina@example.com").await;

    let reset = |code: String| {
        let shop = &shop;
        async move {
            shop.send(
                Method::POST,
                "/api/auth/reset-password",
                None,
                Some(
                    json!({ "email": "amina@example.com", "code": code, "password": "brand new" }),
                ),
                &[],
            )
            .await
        }
    };
    let wrong = reset(if code == "000000" {
        "111111".into()
    } else {
        "000000".into()
    })
    .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.message(),
        "This code is wrong or has expired. Ask for a new code."
    );
    let done = reset(code.clone()).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(
        reset(code).await.status,
        StatusCode::BAD_REQUEST,
        "a code resets once"
    );

    let me = shop.get("/api/auth/me", &old_token).await;
    assert_eq!(
        me.status,
        StatusCode::UNAUTHORIZED,
        "earlier sessions ended"
    );
    shop.login("amina@example.com", "brand new").await;
}

/// Two `shop` processes on one PostgreSQL database, each with its worker: every message is
/// sent once.
#[tokio::test(flavor = "multi_thread")]
async fn two_processes_on_postgresql_send_each_message_once() {
    let Some((database, url)) = shop_db::test_support::postgres_with_url().await else {
        return; // No PostgreSQL server configured (CI always has one).
    };
    let data = tempfile::tempdir().unwrap();
    let maildir = data.path().join("maildir");
    let port = free_port();
    let _smtp = SmtpServer::start(port, &maildir).await;
    let mut env = settings(port);
    env.push(("SHOP_DATABASE_URL", url.clone()));
    env.push((
        "SHOP_JWT_SECRET",
        "a-secret-both-instances-share-0123456789".into(),
    ));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let a = ShopProcess::start(dir_a.path(), &env).await;
    let b = ShopProcess::start(dir_b.path(), &env).await;
    let admin = a.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let product = a.product(&admin, "Silk Abaya", 100).await;
    let mut numbers = Vec::new();
    for i in 0..12 {
        let via = if i % 2 == 0 { &a } else { &b };
        numbers.push(paid_order(via, &format!("buyer{i}"), &product, &format!("k{i}")).await);
    }
    for number in &numbers {
        mail_to(
            &maildir,
            "orders@dukaan.test",
            &format!("New order {number}"),
            Duration::from_secs(20),
        )
        .await;
    }
    // A round more for any second sender to show itself.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let all = mails(&maildir);
    for number in &numbers {
        let to_shop = all
            .iter()
            .filter(|m| m.contains(&format!("New order {number}")))
            .count();
        let to_buyer = all
            .iter()
            .filter(|m| m.contains(&format!("Order {number} confirmed")))
            .count();
        assert_eq!((to_shop, to_buyer), (1, 1), "{number}");
    }
    a.kill();
    b.kill();
    drop(database);
}

/// Phone numbers and reset codes never reach the log, even at debug level.
#[tokio::test]
async fn phone_numbers_and_codes_never_reach_the_log() {
    let data = tempfile::tempdir().unwrap();
    let maildir = data.path().join("maildir");
    let port = free_port();
    let _smtp = SmtpServer::start(port, &maildir).await;
    let log_path = data.path().join("shop.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut env = settings(port);
    env.push(("SHOP_SMS_SANDBOX", "1".into()));
    env.push(("SHOP_LOG", "debug".into()));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let shop = ShopProcess::start_logging_to(data.path(), &env, log).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let product = shop.product(&admin, "Silk Abaya", 10).await;
    let number = paid_order(&shop, "amina", &product, "k1").await;
    let asked = ask_for_code(&shop, "amina@example.com").await;
    assert_eq!(asked.status, StatusCode::OK);
    mail_to(
        &maildir,
        "amina@example.com",
        &format!("Order {number} confirmed"),
        Duration::from_secs(15),
    )
    .await;
    let code = mailed_code(&maildir, "amina@example.com").await;
    // The SMS went through the sandbox too.
    listed(&shop, &admin, "channel=sms&status=sent", 2).await;
    shop.kill();
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(log.lines().count() > 5, "the log was written: {log}");
    for secret in ["615551234", "61 555 1234", code.as_str()] {
        assert!(!log.contains(secret), "{secret:?} in the log");
    }
}

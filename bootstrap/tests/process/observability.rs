//! What an operator watches: `GET /metrics` on its own address (`SHOP_METRICS_BIND`), and the
//! request id that ties a reply to its log lines.

use crate::support::{free_port, ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use reqwest::StatusCode;

async fn text(url: &str) -> (StatusCode, String) {
    let response = reqwest::get(url).await.expect("an answer");
    (response.status(), response.text().await.expect("a body"))
}

/// The value of the one metric line that starts with `series` (name and labels).
fn value_of(metrics: &str, series: &str) -> f64 {
    let line = metrics
        .lines()
        .find(|line| line.starts_with(series) && line[series.len()..].starts_with(' '))
        .unwrap_or_else(|| panic!("no {series} in\n{metrics}"));
    line[series.len()..].trim().parse().expect("a number")
}

#[tokio::test]
async fn metrics_count_requests_checkouts_payments_and_the_outbox_on_their_own_port() {
    let data = tempfile::tempdir().unwrap();
    let metrics_bind = format!("127.0.0.1:{}", free_port());
    let log_path = data.path().join("shop.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let shop = ShopProcess::start_logging_to(
        data.path(),
        &[("SHOP_METRICS_BIND", &metrics_bind), ("SHOP_LOG", "info")],
        log,
    )
    .await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let product = shop.product(&admin, "Silk Abaya", 10).await;
    let token = shop.shopper("amina").await;
    shop.add_to_cart(&token, &product, 1).await;
    let paid = shop.checkout(&token, "k1").await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
    let empty = shop.checkout(&token, "k2").await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST, "{}", empty.body);

    let (status, metrics) = text(&format!("http://{metrics_bind}/metrics")).await;
    assert_eq!(status, StatusCode::OK);
    let checkout = r#"method="POST",route="/api/orders/checkout""#;
    assert_eq!(
        value_of(
            &metrics,
            &format!(r#"http_requests_total{{{checkout},status="201"}}"#)
        ),
        1.0
    );
    assert_eq!(
        value_of(
            &metrics,
            &format!(r#"http_requests_total{{{checkout},status="400"}}"#)
        ),
        1.0
    );
    // Routes are labelled by their pattern, never by the path that was asked for.
    let product_route =
        r#"http_requests_total{method="GET",route="/api/products/{id}",status="200"}"#;
    shop.stock_of(&product).await;
    let (_, metrics) = text(&format!("http://{metrics_bind}/metrics")).await;
    assert_eq!(value_of(&metrics, product_route), 1.0);
    assert!(!metrics.contains(&product), "a product id became a label");
    assert_eq!(
        value_of(
            &metrics,
            &format!(r#"http_request_duration_seconds_count{{{checkout}}}"#)
        ),
        2.0
    );
    assert_eq!(
        value_of(
            &metrics,
            &format!(r#"http_request_duration_seconds_bucket{{{checkout},le="60"}}"#)
        ),
        2.0
    );
    assert_eq!(
        value_of(&metrics, r#"shop_checkouts_total{outcome="paid"}"#),
        1.0
    );
    assert_eq!(
        value_of(&metrics, r#"shop_checkouts_total{outcome="invalid"}"#),
        1.0
    );
    assert_eq!(
        value_of(
            &metrics,
            r#"shop_payment_answers_total{operation="charge",method="evc-plus",answer="approved"}"#
        ),
        1.0
    );
    // The paid order's messages: without SMTP, e-mails are skipped, never lost.
    let outbox: f64 = ["pending", "retrying", "sent", "failed", "skipped"]
        .iter()
        .map(|status| {
            value_of(
                &metrics,
                &format!(r#"shop_notifications{{status="{status}"}}"#),
            )
        })
        .sum();
    assert!(
        outbox >= 2.0,
        "the order's messages are in the outbox:\n{metrics}"
    );
    assert!(value_of(&metrics, "shop_db_connections_max") >= 1.0);
    value_of(&metrics, r#"shop_db_connections{state="idle"}"#);

    // The public port has no metrics.
    let (_, public) = text(&shop.url("/metrics")).await;
    assert!(!public.contains("http_requests_total"));

    // The reply's id is the one in the log line of its request.
    let id = paid.headers["x-request-id"].to_str().unwrap().to_owned();
    assert_ne!(id, empty.headers["x-request-id"].to_str().unwrap());
    shop.kill();
    let log = std::fs::read_to_string(&log_path).unwrap();
    let line = log
        .lines()
        .find(|line| line.contains(&format!("id={id}")) && line.contains("status=201"))
        .unwrap_or_else(|| panic!("no log line of request {id}:\n{log}"));
    assert!(line.contains("path=/api/orders/checkout"), "{line}");
    // So is the line the charge wrote while the request was served.
    let charged = log
        .lines()
        .find(|line| line.contains("sandbox payment"))
        .expect("the charge's log line");
    assert!(charged.contains(&format!("id={id}")), "{charged}");
    assert!(!log.contains('\u{1b}'), "colour codes in a log file");
}

//! The real binary against hostile clients: bodies that never finish, HEAD requests, large
//! pictures in parallel, and who may read its files.

use crate::support::{ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// A login whose body stops after a few bytes and never goes on.
const STALLED_REQUEST: &[u8] = b"POST /api/auth/login HTTP/1.1\r\nHost: shop\r\n\
Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"email\":";

/// Everything the server sends until it closes the connection (or `limit` passes).
async fn read_until_closed(mut connection: TcpStream, limit: Duration) -> String {
    let mut received = Vec::new();
    let read = tokio::time::timeout(limit, connection.read_to_end(&mut received)).await;
    assert!(
        read.is_ok(),
        "the connection was still open after {limit:?}"
    );
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_that_never_finishes_is_cut_off_but_a_slow_payment_is_not() {
    let data = tempfile::tempdir().expect("a data folder");
    let shop = ShopProcess::start(
        data.path(),
        &[
            ("SHOP_REQUEST_TIMEOUT_SECS", "10"),
            ("SHOP_SANDBOX_DELAY_MS", "12000"),
        ],
    )
    .await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = shop.product(&admin, "Dress", 5).await;
    let amina = shop.shopper("amina").await;
    shop.add_to_cart(&amina, &dress, 1).await;

    let started = Instant::now();
    let address = shop.address.trim_start_matches("http://").to_owned();
    let mut stalled = Vec::new();
    for _ in 0..50 {
        let mut connection = TcpStream::connect(&address).await.expect("a connection");
        connection.write_all(STALLED_REQUEST).await.unwrap();
        stalled.push(connection);
    }
    // The body's deadline is the request's 10 s less the head's 5 s; the payment takes 12 s
    // after its body has arrived, and is still answered.
    let checkout = shop.checkout(&amina, "slow-1");
    let cut_off = join_all(
        stalled
            .into_iter()
            .map(|connection| read_until_closed(connection, Duration::from_secs(20))),
    );
    let (checkout, cut_off) = tokio::join!(checkout, cut_off);
    for reply in &cut_off {
        assert!(
            reply.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
            "{reply}"
        );
        assert!(reply.contains("connection: close"), "{reply}");
        assert!(
            reply.ends_with("{\"message\":\"The request took too long to arrive\"}"),
            "{reply}"
        );
    }
    assert_eq!(checkout.status, StatusCode::CREATED, "{}", checkout.body);
    assert!(started.elapsed() >= Duration::from_secs(12));
    let health = shop.send(Method::GET, "/api/health", None, None, &[]).await;
    assert_eq!(health.status, StatusCode::OK);
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn the_data_dir_and_the_database_files_are_the_owners_only() {
    use std::os::unix::fs::PermissionsExt as _;
    let parent = tempfile::tempdir().expect("a folder");
    let data = parent.path().join("data");
    let shop = ShopProcess::start(&data, &[]).await;
    // A write, so the WAL files are there.
    shop.shopper("amina").await;
    let mode = |name: &str| {
        std::fs::metadata(data.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode(""), 0o700);
    for name in ["shop.db", "shop.db-wal", "shop.db-shm", "jwt_secret"] {
        assert_eq!(mode(name), 0o600, "{name}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn head_answers_like_get_without_a_body() {
    let data = tempfile::tempdir().expect("a data folder");
    let frontend = tempfile::tempdir().expect("a frontend folder");
    std::fs::write(
        frontend.path().join("index.html"),
        "<html><head><title>Shop</title></head><body></body></html>",
    )
    .unwrap();
    let frontend_dir = frontend.path().to_string_lossy().into_owned();
    let shop = ShopProcess::start(data.path(), &[("SHOP_FRONTEND_DIR", &frontend_dir)]).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = shop.product(&admin, "Dress", 5).await;
    let client = reqwest::Client::new();
    for path in [
        "/".to_owned(),
        "/api/health".to_owned(),
        "/api/products".to_owned(),
        format!("/product/{dress}"),
    ] {
        let get = client.get(shop.url(&path)).send().await.unwrap();
        let head = client.head(shop.url(&path)).send().await.unwrap();
        assert_eq!(head.status(), StatusCode::OK, "{path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "{path}"
        );
        assert!(head.bytes().await.unwrap().is_empty(), "{path}");
        assert!(!get.bytes().await.unwrap().is_empty(), "{path}");
    }
}

/// The process's peak memory (resident), in bytes.
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the status");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    let kilobytes: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .expect("a number of kB");
    kilobytes * 1024
}

/// A 6000 x 6000 photo (36 megapixels) in under 5 MB.
fn large_photo() -> Vec<u8> {
    let photo = image::RgbImage::from_fn(6000, 6000, |x, y| {
        image::Rgb([(x / 24) as u8, (y / 24) as u8, ((x + y) / 48) as u8])
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 50)
        .encode_image(&photo)
        .unwrap();
    assert!(bytes.len() < 5 * 1024 * 1024, "{} bytes", bytes.len());
    bytes
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn six_large_pictures_uploaded_at_once_stay_under_half_a_gigabyte() {
    let data = tempfile::tempdir().expect("a data folder");
    let shop = ShopProcess::start(data.path(), &[]).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let photo = large_photo();
    let client = reqwest::Client::new();
    let uploads = (0..6).map(|i| {
        let form = reqwest::multipart::Form::new()
            .text("name", format!("Dress {i}"))
            .text("description", "A lovely piece")
            .text("category", "women")
            .text("price", "20")
            .text("stock", "3")
            .part(
                "image",
                reqwest::multipart::Part::bytes(photo.clone())
                    .file_name("photo.jpg")
                    .mime_str("image/jpeg")
                    .unwrap(),
            );
        client
            .post(shop.url("/api/products"))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
    });
    for response in join_all(uploads).await {
        assert_eq!(response.expect("an answer").status(), StatusCode::CREATED);
    }
    let peak = peak_memory(shop.pid);
    assert!(peak < 500 * 1024 * 1024, "peak {} MB", peak / 1024 / 1024);
}

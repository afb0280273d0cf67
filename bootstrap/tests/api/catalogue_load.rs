//! The catalogue under a few clients asking for whole lists in a loop (issue 38): a cached
//! reply is compressed once per encoding, and what one address may ask for without a page is
//! bounded, while pages and other addresses are served.

use crate::helpers::{reply, TestApp};
use application::throttle::AttemptLimits;
use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use std::io::Read as _;
use std::net::{IpAddr, Ipv4Addr};

const TOO_MANY_WHOLE_LISTS: &str = "Too many whole product lists asked for from your address. Ask for one page at a time (page and limit), or try again in 15 minutes.";
const TOO_MANY_WHOLE_LISTS_SO: &str = "Liisas badan oo alaabta oo dhan ah ayaa laga codsaday cinwaankaaga. Weydii hal bog markiiba (page iyo limit), ama isku day mar kale 15 daqiiqo kadib.";

/// Every list a client may ask for whole: the catalogue's lists and the server's search.
const WHOLE_LISTS: [&str; 6] = [
    "/api/products",
    "/api/products/categories",
    "/api/products/featured",
    "/api/products/category/women",
    "/api/products/tag/new",
    "/api/products/search?q=dress",
];

/// A client that leaves replies as they come (no decompression) from `local_address`.
fn client_from(local_address: IpAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(local_address)
        .build()
        .expect("a client")
}

async fn get(
    client: &reqwest::Client,
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut request = client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("the request is answered");
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.bytes().await.unwrap().to_vec())
}

async fn a_catalogue_of(app: &TestApp, products: usize) {
    let admin = app.admin_token().await;
    for i in 0..products {
        app.product(&admin, &format!("Summer dress {i}"), "25", 5)
            .await;
    }
}

/// `/api/products` as sent to a client taking `accept_encoding` (none when empty).
async fn products_sent(
    client: &reqwest::Client,
    app: &TestApp,
    accept_encoding: &str,
) -> (HeaderMap, Vec<u8>) {
    let taken = [("Accept-Encoding", accept_encoding)];
    let headers = if accept_encoding.is_empty() {
        &[][..]
    } else {
        &taken[..]
    };
    let (status, headers, body) = get(client, app, "/api/products", headers).await;
    assert_eq!(status, StatusCode::OK, "{accept_encoding}");
    assert_eq!(headers["vary"], "accept-encoding", "{accept_encoding}");
    (headers, body)
}

fn decoded(body: &[u8], encoding: &str) -> Vec<u8> {
    let mut plain = Vec::new();
    match encoding {
        "br" => brotli::Decompressor::new(body, 4096).read_to_end(&mut plain),
        "gzip" => flate2::read::GzDecoder::new(body).read_to_end(&mut plain),
        "zstd" => zstd::stream::read::Decoder::new(body)
            .and_then(|mut decoder| decoder.read_to_end(&mut plain)),
        other => panic!("not an encoding of the test: {other}"),
    }
    .expect("a valid compressed body");
    plain
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cached_reply_is_compressed_once_per_encoding_and_sent_as_kept() {
    let client = client_from(IpAddr::V4(Ipv4Addr::LOCALHOST));
    for app in TestApp::all().await {
        a_catalogue_of(&app, 30).await;
        let (headers, plain) = products_sent(&client, &app, "").await;
        assert!(headers.get("content-encoding").is_none(), "{headers:?}");
        assert_eq!(app.state.catalog_replies.compressions(), 0);

        // Asked for twice in each encoding (quality values count), the reply is compressed
        // once: the second request is sent the kept form. `Compress` adds no encoding of its own.
        for (made, accept_encoding, encoding) in [
            (1, "br, gzip", "br"),
            (2, "br;q=0.5, gzip", "gzip"),
            (3, "zstd", "zstd"),
        ] {
            let mut sent = Vec::new();
            for _ in 0..2 {
                let (headers, body) = products_sent(&client, &app, accept_encoding).await;
                assert_eq!(headers["content-encoding"], encoding);
                assert_eq!(headers["content-type"], "application/json");
                assert_eq!(headers["x-total-count"], "30");
                assert_eq!(headers["content-length"], body.len().to_string().as_str());
                sent.push(body);
            }
            assert_eq!(sent[0], sent[1], "{accept_encoding}");
            assert_eq!(decoded(&sent[0], encoding), plain, "{accept_encoding}");
            assert_eq!(
                app.state.catalog_replies.compressions(),
                made,
                "{accept_encoding}"
            );
        }

        // Preferred as it is: sent as it is.
        let (headers, body) = products_sent(&client, &app, "gzip;q=0.5, identity").await;
        assert!(headers.get("content-encoding").is_none(), "{headers:?}");
        assert_eq!(body, plain);
        assert_eq!(app.state.catalog_replies.compressions(), 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn whole_lists_from_one_address_are_bounded_while_pages_and_other_addresses_are_served() {
    let allowed = AttemptLimits::default().unpaged_list_per_address.max as usize;
    let client = client_from(IpAddr::V4(Ipv4Addr::LOCALHOST));
    for app in TestApp::all().await {
        a_catalogue_of(&app, 3).await;
        for n in 0..allowed {
            let path = WHOLE_LISTS[n % WHOLE_LISTS.len()];
            let (status, _, _) = get(&client, &app, path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}, whole list {n}");
        }

        for path in WHOLE_LISTS {
            let refused = reply(client.get(app.url(path)).send().await.unwrap()).await;
            assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
            assert_eq!(
                refused.body,
                serde_json::json!({ "message": TOO_MANY_WHOLE_LISTS })
            );
            let retry_after: u64 = refused.headers["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((841..=900).contains(&retry_after), "{retry_after}");
        }
        let in_somali = client
            .get(app.url("/api/products"))
            .header("Accept-Language", "so")
            .send()
            .await
            .unwrap();
        let in_somali = reply(in_somali).await;
        assert_eq!(in_somali.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(in_somali.message(), TOO_MANY_WHOLE_LISTS_SO);

        // What the storefront asks for: pages, and the category names with one product each.
        for path in [
            "/api/products?page=1&limit=20",
            "/api/products/categories?limit=1",
            "/api/products/featured?page=1&limit=8",
            "/api/products/category/women?page=2&limit=24",
            "/api/products/tag/new?page=1&limit=24",
            "/api/products/search?q=dress&sort=newest&page=1&limit=24",
        ] {
            let (status, headers, _) = get(&client, &app, path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(headers.get("retry-after").is_none(), "{path}");
        }

        // Another address has its own allowance.
        let elsewhere = client_from(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)));
        for path in WHOLE_LISTS {
            let (status, _, _) = get(&elsewhere, &app, path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path} from another address");
        }
    }
}

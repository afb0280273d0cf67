//! The OpenAPI document at /api/openapi.json describes every call the app serves, with its
//! replies and errors.

use crate::helpers::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Every call under /api, as docs/api.md lists them.
const SERVED: &[(&str, &str)] = &[
    ("post", "/api/auth/login"),
    ("post", "/api/auth/register"),
    ("get", "/api/auth/me"),
    ("get", "/api/delivery/zones"),
    ("get", "/api/admin/delivery/zones"),
    ("post", "/api/admin/delivery/zones"),
    ("put", "/api/admin/delivery/zones/{id}"),
    ("get", "/api/admin/deliveries"),
    ("post", "/api/admin/deliveries"),
    ("get", "/api/admin/riders"),
    ("get", "/api/admin/riders/cash"),
    ("post", "/api/admin/riders/{id}/cash/{date}/received"),
    ("post", "/api/admin/deliveries/{orderId}/code-reset"),
    ("get", "/api/deliveries"),
    ("get", "/api/deliveries/cash"),
    ("post", "/api/deliveries/{orderId}/delivered"),
    ("post", "/api/deliveries/{orderId}/not-delivered"),
    ("put", "/api/auth/language"),
    ("get", "/api/users"),
    ("put", "/api/users/{id}"),
    ("delete", "/api/users/{id}"),
    ("get", "/api/products"),
    ("post", "/api/products"),
    ("get", "/api/products/featured"),
    ("get", "/api/products/categories"),
    ("get", "/api/products/search"),
    ("get", "/api/products/tag/{tag}"),
    ("get", "/api/products/category/{category}"),
    ("get", "/api/products/{id}"),
    ("put", "/api/products/{id}"),
    ("delete", "/api/products/{id}"),
    ("get", "/api/products/{id}/reviews"),
    ("post", "/api/products/{id}/reviews"),
    ("get", "/api/products/{id}/reviews/summary"),
    ("get", "/api/products/{id}/reviews/mine"),
    ("delete", "/api/products/{id}/reviews/{reviewId}"),
    ("get", "/api/cart"),
    ("post", "/api/cart/add"),
    ("delete", "/api/cart/remove/{productId}"),
    ("post", "/api/cart/discount"),
    ("delete", "/api/cart/discount"),
    ("get", "/api/wishlist"),
    ("post", "/api/wishlist/add"),
    ("delete", "/api/wishlist/remove/{productId}"),
    ("get", "/api/orders"),
    ("get", "/api/orders/all"),
    ("post", "/api/orders/checkout"),
    ("get", "/api/orders/{id}"),
    ("put", "/api/orders/{id}"),
    ("put", "/api/orders/{id}/payment"),
    ("get", "/api/orders/{id}/returns"),
    ("post", "/api/orders/{id}/returns"),
    ("get", "/api/health"),
    ("get", "/api/settings"),
    ("put", "/api/settings"),
    ("get", "/api/admin/discounts"),
    ("post", "/api/admin/discounts"),
    ("put", "/api/admin/discounts/{id}"),
    ("delete", "/api/admin/discounts/{id}"),
    ("get", "/api/admin/returns"),
    ("put", "/api/admin/returns/{id}"),
    ("get", "/api/admin/reviews"),
    ("put", "/api/admin/reviews/{id}"),
    ("get", "/api/admin/stats"),
    ("get", "/api/admin/reports"),
    ("get", "/api/admin/orders/export.csv"),
    ("get", "/api/admin/products/export.csv"),
    ("post", "/api/products/{id}/colours/{colour}/images"),
    ("post", "/api/restock-alerts"),
    ("get", "/api/restock-alerts"),
    ("delete", "/api/restock-alerts/{id}"),
    ("get", "/api/admin/restock-alerts/top"),
    ("post", "/api/admin/orders"),
    ("post", "/api/admin/orders/quote"),
    ("get", "/api/admin/customers"),
    ("post", "/api/admin/orders/{id}/payment-request"),
    ("post", "/api/admin/orders/{id}/cash-on-delivery"),
    ("post", "/api/admin/orders/{id}/payment-link"),
    ("get", "/api/pay/{token}"),
    ("post", "/api/pay/{token}"),
    ("put", "/api/products/{id}/colours/{colour}/images"),
    (
        "delete",
        "/api/products/{id}/colours/{colour}/images/{index}",
    ),
    ("post", "/api/admin/products/import"),
    ("get", "/api/admin/audit"),
    ("get", "/api/admin/audit/actors"),
    ("get", "/api/admin/products"),
    ("get", "/api/openapi.json"),
    ("post", "/api/auth/forgot-password"),
    ("post", "/api/auth/reset-password"),
    ("get", "/api/admin/notifications"),
    ("post", "/api/admin/notifications/{id}/resend"),
    ("post", "/api/orders/{id}/pay-link"),
    ("post", "/api/orders/{id}/refund"),
    ("post", "/api/admin/returns/{id}/refund"),
    ("get", "/api/payments/methods"),
    ("get", "/api/payments/card/return"),
    ("post", "/api/payments/waafipay/webhook"),
    ("get", "/api/admin/payments"),
    ("get", "/api/admin/payments/reconciliation"),
    ("get", "/api/admin/payments/reconciliation.csv"),
];

fn operations(document: &Value) -> BTreeSet<(String, String)> {
    document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .map(move |method| (method.clone(), path.clone()))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_document_lists_exactly_the_calls_the_app_serves() {
    for app in TestApp::all().await {
        let reply = app.get("/api/openapi.json", None).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.headers["content-type"], "application/json");
        assert!(reply.body["openapi"].as_str().unwrap().starts_with("3."));
        let expected: BTreeSet<(String, String)> = SERVED
            .iter()
            .map(|(method, path)| (method.to_string(), path.to_string()))
            .collect();
        assert_eq!(operations(&reply.body), expected);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_documented_call_is_answered_by_its_handler() {
    for app in TestApp::all().await {
        let document = app.get("/api/openapi.json", None).await.body;
        for (method, path) in operations(&document) {
            let concrete = path
                .replace("{id}", "x")
                .replace("{productId}", "x")
                .replace("{tag}", "x")
                .replace("{category}", "x");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let reply = app
                .send(method.clone(), &concrete, None, Some(json!({})))
                .await;
            assert_ne!(reply.message(), "Not found", "{method} {path}");
        }
    }
}

/// Errors answered with a report of their own instead of `ErrorBody`: an import refused for
/// bad rows is its dry run's report (`{message, create, update, unchanged, errors:[{line,
/// message}]}`, issue 44), so a client reads both the same way.
const REPORTS_AS_ERRORS: [(&str, &str, &str); 1] = [("post", "/api/admin/products/import", "400")];

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_documents_its_replies_and_errors_as_json() {
    for app in TestApp::all().await {
        let document = app.get("/api/openapi.json", None).await.body;
        assert!(document["components"]["schemas"]["ErrorBody"].is_object());
        assert!(document["components"]["securitySchemes"]["bearer"].is_object());
        for (method, path) in operations(&document) {
            let operation = &document["paths"][&path][&method];
            let responses = operation["responses"].as_object().unwrap();
            // A success, or where the browser is sent (the card page's return).
            assert!(
                responses
                    .keys()
                    .any(|status| status.starts_with('2') || status.starts_with('3')),
                "{method} {path}"
            );
            for (status, response) in responses {
                let own_shape = REPORTS_AS_ERRORS.contains(&(&method, &path, status));
                if (status.starts_with('4') || status.starts_with('5')) && !own_shape {
                    assert_eq!(
                        response["content"]["application/json"]["schema"]["$ref"],
                        "#/components/schemas/ErrorBody",
                        "{method} {path} {status}"
                    );
                }
            }
            if operation.get("security").is_some() {
                assert!(
                    responses.contains_key("401"),
                    "{method} {path}: a call that reads a token documents 401"
                );
            }
        }
        let admin_only = &document["paths"]["/api/admin/audit"]["get"]["responses"];
        assert!(admin_only["403"].is_object());
        let checkout = &document["paths"]["/api/orders/checkout"]["post"]["responses"];
        assert!(checkout["402"].is_object() && checkout["502"].is_object());
        let login = &document["paths"]["/api/auth/login"]["post"]["responses"];
        assert!(login["429"]["headers"]["Retry-After"].is_object());
    }
}

/// The operation a link names, by its operationId.
fn operation_named<'a>(document: &'a Value, id: &str) -> (String, String, &'a Value) {
    for (method, path) in operations(document) {
        let operation = &document["paths"][&path][&method];
        if operation["operationId"] == id {
            return (method, path, operation);
        }
    }
    panic!("no operation {id}")
}

/// Stateful clients (schemathesis' stateful phase) go from a create to its reads, changes
/// and deletes by the document's links; following one reaches the thing just made.
#[tokio::test(flavor = "multi_thread")]
async fn links_lead_from_a_created_thing_to_the_calls_that_take_its_id() {
    for app in TestApp::all().await {
        let document = app.get("/api/openapi.json", None).await.body;
        let created = &document["paths"]["/api/products"]["post"]["responses"]["201"]["links"];
        let names: BTreeSet<&str> = created
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert!(names.len() >= 5, "{names:?}");
        for (name, link) in created.as_object().unwrap() {
            let (_, path, _) = operation_named(&document, link["operationId"].as_str().unwrap());
            let Some(parameters) = link["parameters"].as_object() else {
                // A link that fills a request body instead (adding the product to the cart).
                assert!(
                    link["requestBody"]["productId"] == "$response.body#/_id",
                    "{name}"
                );
                continue;
            };
            assert_eq!(parameters.len(), 1, "{name}");
            let (parameter, expression) = parameters.iter().next().unwrap();
            assert!(path.contains(&format!("{{{parameter}}}")), "{name}: {path}");
            assert_eq!(expression, "$response.body#/_id", "{name}");
        }
        // Every link of every reply names an operation with that path parameter.
        let mut links = 0;
        for (method, path) in operations(&document) {
            let responses = document["paths"][&path][&method]["responses"]
                .as_object()
                .unwrap();
            for reply in responses.values() {
                for link in reply["links"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(_, l)| l)
                {
                    let (_, target, _) =
                        operation_named(&document, link["operationId"].as_str().unwrap());
                    for parameter in link["parameters"].as_object().into_iter().flatten() {
                        let parameter = parameter.0;
                        assert!(target.contains(&format!("{{{parameter}}}")), "{target}");
                    }
                    links += 1;
                }
            }
        }
        assert!(links >= 30, "{links} links");

        // Followed by hand: the id the link takes from a creation's reply reads the product.
        let admin = app.admin_token().await;
        let made = app.product(&admin, "Linked Dress", "20", 3).await;
        let (_, link) = created
            .as_object()
            .unwrap()
            .iter()
            .find(|(_, link)| {
                let id = link["operationId"].as_str().unwrap();
                operation_named(&document, id).0 == "get"
                    && operation_named(&document, id).1 == "/api/products/{id}"
            })
            .expect("a link to the product's read");
        let pointer = link["parameters"]["id"]
            .as_str()
            .unwrap()
            .strip_prefix("$response.body#")
            .unwrap();
        let id = made.pointer(pointer).and_then(Value::as_str).unwrap();
        let read = app.get(&format!("/api/products/{id}"), None).await;
        assert_eq!(read.status, StatusCode::OK);
        assert_eq!(read.body["name"], "Linked Dress");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_call_that_needs_the_database_documents_its_503() {
    for app in TestApp::all().await {
        let document = app.get("/api/openapi.json", None).await.body;
        for (method, path) in operations(&document) {
            let outage = &document["paths"][&path][&method]["responses"]["503"];
            if ["/api/health", "/api/openapi.json"].contains(&path.as_str()) {
                assert!(outage.is_null(), "{method} {path}");
            } else {
                assert_eq!(
                    outage["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/ErrorBody",
                    "{method} {path}"
                );
            }
        }
    }
}

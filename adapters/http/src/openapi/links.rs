//! What the handlers' annotations cannot say, added to the finished document:
//!
//! - OpenAPI `links`: which reply's id a later call takes. Stateful testing (schemathesis)
//!   follows them from a create to its reads, changes and deletes instead of guessing ids
//!   into 404s, and client generators read them too.
//! - The 503 every call that needs the database may answer while it is out of reach.

use serde_json::{json, Map, Value};

/// A call, by method (lower case, as the document keys it) and path.
type Call = (&'static str, &'static str);

/// A call a reply leads to, and what it takes from the reply: path parameters and the
/// runtime expressions that give them.
type Target = (Call, &'static [(&'static str, &'static str)]);

/// A reply of `from` with `status`, and the calls that take ids from it.
struct Link {
    from: Call,
    status: &'static str,
    to: &'static [Target],
}

/// The calls that take a product's id, at `id` in the reply.
macro_rules! product_calls {
    ($id:literal) => {
        &[
            (("get", "/api/products/{id}"), &[("id", $id)]),
            (("put", "/api/products/{id}"), &[("id", $id)]),
            (("delete", "/api/products/{id}"), &[("id", $id)]),
            (("get", "/api/products/{id}/reviews"), &[("id", $id)]),
            (
                ("get", "/api/products/{id}/reviews/summary"),
                &[("id", $id)],
            ),
            (("get", "/api/products/{id}/reviews/mine"), &[("id", $id)]),
            (("post", "/api/products/{id}/reviews"), &[("id", $id)]),
            (
                ("delete", "/api/cart/remove/{productId}"),
                &[("productId", $id)],
            ),
            (
                ("delete", "/api/wishlist/remove/{productId}"),
                &[("productId", $id)],
            ),
        ]
    };
}

/// The calls that take an order's id, at `id` in the reply.
macro_rules! order_calls {
    ($id:literal) => {
        &[
            (("get", "/api/orders/{id}"), &[("id", $id)]),
            (("put", "/api/orders/{id}"), &[("id", $id)]),
            (("put", "/api/orders/{id}/payment"), &[("id", $id)]),
            (("post", "/api/orders/{id}/refund"), &[("id", $id)]),
            (("get", "/api/orders/{id}/returns"), &[("id", $id)]),
            (("post", "/api/orders/{id}/returns"), &[("id", $id)]),
        ]
    };
}

/// The calls that take an id at `id` of the reply, as their parameter `id`.
macro_rules! id_calls {
    ($id:literal: $(($method:literal, $path:literal)),+) => {
        &[$((($method, $path), &[("id", $id)])),+]
    };
}

const LINKS: &[Link] = &[
    Link {
        from: ("post", "/api/products"),
        status: "201",
        to: product_calls!("$response.body#/_id"),
    },
    Link {
        from: ("get", "/api/products"),
        status: "200",
        to: product_calls!("$response.body#/0/_id"),
    },
    Link {
        from: ("post", "/api/orders/checkout"),
        status: "201",
        to: order_calls!("$response.body#/order/_id"),
    },
    Link {
        from: ("get", "/api/orders"),
        status: "200",
        to: order_calls!("$response.body#/0/_id"),
    },
    Link {
        from: ("get", "/api/orders/all"),
        status: "200",
        to: order_calls!("$response.body#/0/_id"),
    },
    Link {
        from: ("post", "/api/orders/{id}/returns"),
        status: "201",
        to: id_calls!("$response.body#/_id": ("put", "/api/admin/returns/{id}"),
            ("post", "/api/admin/returns/{id}/refund")),
    },
    Link {
        from: ("get", "/api/admin/returns"),
        status: "200",
        to: id_calls!("$response.body#/0/_id": ("put", "/api/admin/returns/{id}"),
            ("post", "/api/admin/returns/{id}/refund")),
    },
    Link {
        from: ("post", "/api/products/{id}/reviews"),
        status: "201",
        to: &[
            (
                ("put", "/api/admin/reviews/{id}"),
                &[("id", "$response.body#/_id")],
            ),
            (
                ("delete", "/api/products/{id}/reviews/{reviewId}"),
                &[
                    ("id", "$request.path.id"),
                    ("reviewId", "$response.body#/_id"),
                ],
            ),
        ],
    },
    Link {
        from: ("get", "/api/admin/reviews"),
        status: "200",
        to: &[
            (
                ("put", "/api/admin/reviews/{id}"),
                &[("id", "$response.body#/0/_id")],
            ),
            (
                ("delete", "/api/products/{id}/reviews/{reviewId}"),
                &[
                    ("id", "$response.body#/0/product/_id"),
                    ("reviewId", "$response.body#/0/_id"),
                ],
            ),
        ],
    },
    Link {
        from: ("post", "/api/admin/discounts"),
        status: "201",
        to: id_calls!("$response.body#/_id":
            ("put", "/api/admin/discounts/{id}"), ("delete", "/api/admin/discounts/{id}")),
    },
    Link {
        from: ("get", "/api/admin/discounts"),
        status: "200",
        to: id_calls!("$response.body#/0/_id":
            ("put", "/api/admin/discounts/{id}"), ("delete", "/api/admin/discounts/{id}")),
    },
    Link {
        from: ("get", "/api/users"),
        status: "200",
        to: id_calls!("$response.body#/0/_id":
            ("put", "/api/users/{id}"), ("delete", "/api/users/{id}")),
    },
    Link {
        from: ("get", "/api/admin/notifications"),
        status: "200",
        to: id_calls!("$response.body#/0/_id": ("post", "/api/admin/notifications/{id}/resend")),
    },
];

/// Replies whose id, or code, a later call takes in its JSON body: (from, status, to, body
/// with runtime expressions).
const BODY_LINKS: &[(Call, &str, Call, &str)] = &[
    (
        ("post", "/api/products"),
        "201",
        ("post", "/api/cart/add"),
        r#"{"productId":"$response.body#/_id","quantity":1}"#,
    ),
    (
        ("post", "/api/products"),
        "201",
        ("post", "/api/wishlist/add"),
        r#"{"productId":"$response.body#/_id"}"#,
    ),
    (
        ("get", "/api/products"),
        "200",
        ("post", "/api/wishlist/add"),
        r#"{"productId":"$response.body#/0/_id"}"#,
    ),
    (
        ("post", "/api/admin/discounts"),
        "201",
        ("post", "/api/cart/discount"),
        r#"{"code":"$response.body#/code"}"#,
    ),
];

/// Calls that answer without the database.
const WITHOUT_DATABASE: &[&str] = &["/api/health", "/api/openapi.json"];

fn operation(doc: &mut Value, (method, path): Call) -> &mut Value {
    doc.pointer_mut(&format!("/paths/{}/{method}", path.replace('/', "~1")))
        .unwrap_or_else(|| panic!("a link names {method} {path}, which the API does not have"))
}

fn reply_of<'a>(doc: &'a mut Value, from: Call, status: &str) -> &'a mut Value {
    operation(doc, from)
        .pointer_mut(&format!("/responses/{status}"))
        .unwrap_or_else(|| panic!("{from:?} never answers {status}"))
}

/// Adds the links and the 503 replies to the document.
pub(super) fn finish(doc: &mut Value) {
    for link in LINKS {
        let mut links = Map::new();
        for &(to, parameters) in link.to {
            let target = operation(doc, to);
            let operation_id = target["operationId"]
                .as_str()
                .expect("every call has an operationId")
                .to_owned();
            let parameters: Map<String, Value> = parameters
                .iter()
                .map(|&(name, expression)| (name.to_owned(), expression.into()))
                .collect();
            links.insert(
                operation_id.clone(),
                json!({ "operationId": operation_id, "parameters": parameters }),
            );
        }
        reply_of(doc, link.from, link.status)["links"] = Value::Object(links);
    }
    for &(from, status, to, body) in BODY_LINKS {
        let operation_id = operation(doc, to)["operationId"].clone();
        let body: Value = serde_json::from_str(body).expect("a link's body is JSON");
        let name = format!("{}Body", operation_id.as_str().unwrap_or_default());
        reply_of(doc, from, status)["links"][name] =
            json!({ "operationId": operation_id, "requestBody": body });
    }
    let outage = json!({
        "description": "The database is out of reach for a moment (a restart); try again after `Retry-After` seconds",
        "headers": { "Retry-After": { "schema": { "type": "integer" } } },
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } }
    });
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for (path, item) in paths {
        if WITHOUT_DATABASE.contains(&path.as_str()) {
            continue;
        }
        for (_, operation) in item.as_object_mut().into_iter().flatten() {
            let responses = operation
                .get_mut("responses")
                .and_then(Value::as_object_mut);
            if let Some(responses) = responses {
                responses.insert("503".into(), outage.clone());
            }
        }
    }
}

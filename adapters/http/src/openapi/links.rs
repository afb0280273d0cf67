//! What the handlers' annotations cannot say, added to the finished document:
//!
//! - OpenAPI `links`: which reply's id a later call takes. Stateful testing (schemathesis)
//!   follows them from a create to its reads, changes and deletes instead of guessing ids
//!   into 404s, and client generators read them too.
//! - The 503 every call that needs the database may answer while it is out of reach.

use serde_json::{json, Map, Value};

/// A call, by method (lower case, as the document keys it) and path.
type Call = (&'static str, &'static str);

/// A reply of `from` with `status` whose id, at the runtime expression `id`, the calls of
/// `to` take as the path parameter named beside each.
struct Link {
    from: Call,
    status: &'static str,
    id: &'static str,
    to: &'static [(Call, &'static str)],
}

const PRODUCT: &[(Call, &str)] = &[
    (("get", "/api/products/{id}"), "id"),
    (("put", "/api/products/{id}"), "id"),
    (("delete", "/api/products/{id}"), "id"),
    (("get", "/api/products/{id}/reviews"), "id"),
    (("get", "/api/products/{id}/reviews/summary"), "id"),
    (("get", "/api/products/{id}/reviews/mine"), "id"),
    (("post", "/api/products/{id}/reviews"), "id"),
];
const ORDER: &[(Call, &str)] = &[
    (("get", "/api/orders/{id}"), "id"),
    (("put", "/api/orders/{id}"), "id"),
    (("put", "/api/orders/{id}/payment"), "id"),
    (("get", "/api/orders/{id}/returns"), "id"),
    (("post", "/api/orders/{id}/returns"), "id"),
];
const DISCOUNT: &[(Call, &str)] = &[
    (("put", "/api/admin/discounts/{id}"), "id"),
    (("delete", "/api/admin/discounts/{id}"), "id"),
];
const USER: &[(Call, &str)] = &[
    (("put", "/api/users/{id}"), "id"),
    (("delete", "/api/users/{id}"), "id"),
];

const LINKS: &[Link] = &[
    Link {
        from: ("post", "/api/products"),
        status: "201",
        id: "$response.body#/_id",
        to: PRODUCT,
    },
    Link {
        from: ("get", "/api/products"),
        status: "200",
        id: "$response.body#/0/_id",
        to: PRODUCT,
    },
    Link {
        from: ("post", "/api/orders/checkout"),
        status: "201",
        id: "$response.body#/order/_id",
        to: ORDER,
    },
    Link {
        from: ("get", "/api/orders"),
        status: "200",
        id: "$response.body#/0/_id",
        to: ORDER,
    },
    Link {
        from: ("get", "/api/orders/all"),
        status: "200",
        id: "$response.body#/0/_id",
        to: ORDER,
    },
    Link {
        from: ("post", "/api/orders/{id}/returns"),
        status: "201",
        id: "$response.body#/_id",
        to: &[(("put", "/api/admin/returns/{id}"), "id")],
    },
    Link {
        from: ("post", "/api/products/{id}/reviews"),
        status: "201",
        id: "$response.body#/_id",
        to: &[(("put", "/api/admin/reviews/{id}"), "id")],
    },
    Link {
        from: ("post", "/api/admin/discounts"),
        status: "201",
        id: "$response.body#/_id",
        to: DISCOUNT,
    },
    Link {
        from: ("get", "/api/admin/discounts"),
        status: "200",
        id: "$response.body#/0/_id",
        to: DISCOUNT,
    },
    Link {
        from: ("get", "/api/users"),
        status: "200",
        id: "$response.body#/0/_id",
        to: USER,
    },
    Link {
        from: ("get", "/api/admin/notifications"),
        status: "200",
        id: "$response.body#/0/_id",
        to: &[(("post", "/api/admin/notifications/{id}/resend"), "id")],
    },
];

/// Calls that answer without the database.
const WITHOUT_DATABASE: &[&str] = &["/api/health", "/api/openapi.json"];

fn operation(doc: &mut Value, (method, path): Call) -> &mut Value {
    doc.pointer_mut(&format!("/paths/{}/{method}", path.replace('/', "~1")))
        .unwrap_or_else(|| panic!("a link names {method} {path}, which the API does not have"))
}

/// Adds the links and the 503 replies to the document.
pub(super) fn finish(doc: &mut Value) {
    for link in LINKS {
        let mut links = Map::new();
        for &(to, parameter) in link.to {
            let target = operation(doc, to);
            let operation_id = target["operationId"]
                .as_str()
                .expect("every call has an operationId")
                .to_owned();
            links.insert(
                operation_id.clone(),
                json!({ "operationId": operation_id, "parameters": { parameter: link.id } }),
            );
        }
        let reply = operation(doc, link.from)
            .pointer_mut(&format!("/responses/{}", link.status))
            .unwrap_or_else(|| panic!("{:?} never answers {}", link.from, link.status));
        reply["links"] = Value::Object(links);
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

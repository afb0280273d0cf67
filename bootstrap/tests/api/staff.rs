//! Staff roles (issue 42): the owner makes a customer an order handler or a stock keeper;
//! each then reaches its part of the back office and is refused the rest with its role's
//! message, while a customer keeps SPEC.md's refusal; `/api/auth/me` lists the permissions.

use crate::helpers::{TestApp, APPROVED_PHONE};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn each_staff_role_reaches_its_part_of_the_back_office_and_no_more() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hodan", "orders").await;
        let keeper = app.staff(&admin, "faisal", "stock").await;
        let (customer, _) = app.shopper("amina").await;

        let me = app.get("/api/auth/me", Some(&keeper)).await.body;
        assert_eq!(me["role"], "stock");
        assert_eq!(
            me["permissions"],
            json!(["products.manage", "stock.adjust", "reviews.moderate"])
        );
        let me = app.get("/api/auth/me", Some(&customer)).await.body;
        assert_eq!(me["permissions"], json!([]));

        let dress = app.product(&keeper, "Dirac", "40", 5).await;
        assert!(dress["_id"].is_string(), "a stock keeper adds products");
        let orders = app.get("/api/orders/all", Some(&handler)).await;
        assert_eq!(
            orders.status,
            StatusCode::OK,
            "an order handler reads orders"
        );

        let role_refusal = "Your role does not allow this. Ask the shop's admin if you need it.";
        for (token, path) in [
            (&keeper, "/api/orders/all"),
            (&handler, "/api/admin/stats"),
            (&handler, "/api/admin/audit"),
            (&keeper, "/api/admin/discounts"),
            (&handler, "/api/users"),
        ] {
            let refused = app.get(path, Some(token)).await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
            assert_eq!(refused.message(), role_refusal, "{path}");
        }
        let refused = app.get("/api/orders/all", Some(&customer)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_ne!(refused.message(), role_refusal);

        for (role, names) in [
            ("orders", vec!["hodan"]),
            ("stock", vec!["faisal"]),
            ("rider", vec![]),
        ] {
            let listed = app
                .get(&format!("/api/users?role={role}"), Some(&admin))
                .await;
            assert_eq!(listed.status, StatusCode::OK, "{role}");
            let listed: Vec<_> = listed
                .body
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u["name"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(listed, names, "{role}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_trail_names_each_actor_in_their_role_and_reads_by_person() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let keeper = app.staff(&admin, "faisal", "stock").await;
        let keeper_id = app.get("/api/auth/me", Some(&keeper)).await.body["_id"].clone();
        let dress = app.product(&keeper, "Dirac", "40", 5).await;
        let path = format!("/api/products/{}", dress["_id"].as_str().unwrap());
        let restocked = app.put(&path, Some(&keeper), json!({ "stock": 9 })).await;
        assert_eq!(restocked.status, StatusCode::OK, "{}", restocked.body);

        let hers = app
            .get(
                &format!("/api/admin/audit?actor={}", keeper_id.as_str().unwrap()),
                Some(&admin),
            )
            .await;
        assert_eq!(hers.status, StatusCode::OK);
        assert_eq!(hers.headers["x-total-count"], "2");
        let actions: Vec<_> = hers
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["action"].clone(),
                    e["actorName"].clone(),
                    e["actorRole"].clone(),
                )
            })
            .collect();
        assert_eq!(
            actions,
            vec![
                (json!("product.update"), json!("faisal"), json!("stock")),
                (json!("product.create"), json!("faisal"), json!("stock")),
            ]
        );
        let everyone = app.get("/api/admin/audit", Some(&admin)).await;
        assert_eq!(everyone.headers["x-total-count"], "3", "the promotion too");
        let nobody = app
            .get("/api/admin/audit?actor=no%20such", Some(&admin))
            .await;
        assert_eq!(nobody.status, StatusCode::OK);
        assert_eq!(nobody.headers["x-total-count"], "0");

        let actors = app.get("/api/admin/audit/actors", Some(&admin)).await;
        assert_eq!(actors.status, StatusCode::OK);
        let names: Vec<_> = actors
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (a["name"].clone(), a["role"].clone()))
            .collect();
        let admin_name = app.get("/api/auth/me", Some(&admin)).await.body["name"].clone();
        let mut expected = vec![
            (admin_name, json!("admin")),
            (json!("faisal"), json!("stock")),
        ];
        expected.sort_by_key(|(name, _)| name.as_str().unwrap().to_owned());
        assert_eq!(names, expected);
        let refused = app.get("/api/admin/audit/actors", Some(&keeper)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
}

/// The amounts of an order or return reply, by field: none of them may be there for an order
/// handler, all of them for the admin and the order's shopper.
fn amounts(reply: &serde_json::Value) -> Vec<&str> {
    let fields = [
        "subtotal",
        "shippingFee",
        "totalAmount",
        "discountAmount",
        "refundedAmount",
        "refundAmount",
    ];
    let mut present: Vec<&str> = fields
        .into_iter()
        .filter(|field| reply.get(*field).is_some())
        .collect();
    for line in reply["products"]
        .as_array()
        .into_iter()
        .chain(reply["lines"].as_array())
        .flatten()
    {
        for field in ["price", "lineTotal", "amount"] {
            if line.get(field).is_some() {
                present.push(field);
            }
        }
    }
    present
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_handler_handles_orders_and_returns_without_seeing_their_amounts() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hodan", "orders").await;
        let (shopper, _) = app.shopper("amina").await;
        let dress = app.product(&admin, "Dirac", "10", 5).await;
        let bought = app
            .buy(&shopper, dress["_id"].as_str().unwrap(), 2, APPROVED_PHONE)
            .await;
        let order = bought.body["order"]["_id"].as_str().unwrap().to_owned();
        let returned = app.received_return_of_one(&handler, &shopper, &order).await;

        let order_fields = [
            "subtotal",
            "shippingFee",
            "totalAmount",
            "discountAmount",
            "refundedAmount",
            "price",
            "lineTotal",
        ];
        for (who, token, expected) in [
            ("the shopper", &shopper, order_fields.to_vec()),
            ("the admin", &admin, order_fields.to_vec()),
            ("the order handler", &handler, vec![]),
        ] {
            let one = app.get(&format!("/api/orders/{order}"), Some(token)).await;
            assert_eq!(one.status, StatusCode::OK, "{who}");
            assert_eq!(amounts(&one.body), expected, "{who}");
            assert_eq!(one.body["products"][0]["quantity"], 2, "{who}");
            let returns = app
                .get(&format!("/api/orders/{order}/returns"), Some(token))
                .await;
            let expected_return = if expected.is_empty() {
                vec![]
            } else {
                vec!["refundAmount", "amount"]
            };
            assert_eq!(amounts(&returns.body[0]), expected_return, "{who}");
        }
        let list = app.get("/api/orders/all", Some(&handler)).await;
        assert_eq!(list.body[0]["_id"], order.as_str());
        assert_eq!(amounts(&list.body[0]), Vec::<&str>::new());
        assert_eq!(list.body[0]["userId"]["name"], "amina");
        let returns = app.get("/api/admin/returns", Some(&handler)).await;
        assert_eq!(amounts(&returns.body[0]), Vec::<&str>::new());
        let refunded = app
            .put(
                &format!("/api/admin/returns/{returned}"),
                Some(&handler),
                json!({ "status": "refunded" }),
            )
            .await;
        assert_eq!(refunded.status, StatusCode::OK, "{}", refunded.body);
        assert_eq!(refunded.body["status"], "refunded");
        assert_eq!(amounts(&refunded.body), Vec::<&str>::new());
        let seen_by_admin = app.get(&format!("/api/orders/{order}"), Some(&admin)).await;
        assert_eq!(
            seen_by_admin.body["refundedAmount"], 10.0,
            "refunded exactly once"
        );
    }
}

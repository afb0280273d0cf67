//! Discount codes in the back office (issue 15): made, listed, changed and deleted by
//! admins, audited, refused with a message per field, closed to shoppers.

use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn eid_sale() -> Value {
    json!({ "code": "eid-2026", "kind": "percent", "value": 15, "minSubtotal": 20,
            "startsAt": "2026-03-29T00:00:00Z", "endsAt": "2026-04-05T00:00:00Z",
            "usageLimit": 100, "perCustomerLimit": 1, "active": true })
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_makes_lists_changes_and_deletes_a_code_and_each_change_is_audited() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let made = app
            .post("/api/admin/discounts", Some(&admin), eid_sale())
            .await;
        assert_eq!(made.status, StatusCode::CREATED);
        let id = made.body["_id"].as_str().unwrap().to_owned();
        assert_eq!(made.body["code"], "EID-2026");
        assert_eq!(made.body["kind"], "percent");
        assert_eq!(made.body["value"], 15.0);
        assert_eq!(made.body["minSubtotal"], 20.0);
        assert_eq!(made.body["startsAt"], "2026-03-29T00:00:00+00:00");
        assert_eq!(made.body["usageLimit"], 100);
        assert_eq!(made.body["perCustomerLimit"], 1);
        assert_eq!(made.body["timesUsed"], 0);
        let fixed = json!({ "code": "WELCOME5", "kind": "fixed", "value": "5.50" });
        let second = app.post("/api/admin/discounts", Some(&admin), fixed).await;
        assert_eq!(second.status, StatusCode::CREATED);
        assert_eq!(second.body["value"], 5.5);
        assert_eq!(second.body["active"], true);
        assert_eq!(second.body["endsAt"], Value::Null);

        let page = app
            .get("/api/admin/discounts?page=1&limit=1", Some(&admin))
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(page.headers["x-total-count"], "2");
        assert_eq!(page.body.as_array().unwrap().len(), 1);
        assert_eq!(page.body[0]["code"], "WELCOME5", "newest first");

        let mut change = eid_sale();
        change["kind"] = json!("freeShipping");
        change["usageLimit"] = Value::Null;
        change["active"] = json!(false);
        let changed = app
            .put(&format!("/api/admin/discounts/{id}"), Some(&admin), change)
            .await;
        assert_eq!(changed.status, StatusCode::OK);
        assert_eq!(changed.body["kind"], "freeShipping");
        assert_eq!(changed.body["value"], 0.0);
        assert_eq!(changed.body["usageLimit"], Value::Null);
        assert_eq!(changed.body["active"], false);
        assert_eq!(changed.body["createdAt"], made.body["createdAt"]);

        let trail = app.get("/api/admin/audit?limit=1", Some(&admin)).await;
        assert_eq!(trail.body[0]["action"], "discount.update");
        assert_eq!(trail.body[0]["entity"], "discount");
        assert_eq!(trail.body[0]["entityId"], id.as_str());
        assert_eq!(trail.body[0]["before"]["kind"], "percent");
        assert_eq!(trail.body[0]["after"]["kind"], "freeShipping");

        let deleted = app
            .delete(&format!("/api/admin/discounts/{id}"), Some(&admin))
            .await;
        assert_eq!(deleted.status, StatusCode::OK);
        assert_eq!(deleted.body["message"], "Discount code deleted");
        let left = app.get("/api/admin/discounts", Some(&admin)).await;
        assert_eq!(left.headers["x-total-count"], "1");
        let trail = app.get("/api/admin/audit?limit=1", Some(&admin)).await;
        assert_eq!(trail.body[0]["action"], "discount.delete");
        let again = app
            .delete(&format!("/api/admin/discounts/{id}"), Some(&admin))
            .await;
        assert_eq!(again.status, StatusCode::NOT_FOUND);
        assert_eq!(again.body["message"], "Discount code not found");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_codes_are_refused_with_a_message_per_field_and_nothing_is_stored() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let bad = json!({ "code": "EID 2026", "kind": "percent", "value": 0,
            "minSubtotal": -5, "startsAt": "2026-04-05T00:00:00Z",
            "endsAt": "2026-03-29T00:00:00Z", "usageLimit": 0, "perCustomerLimit": 1.5 });
        let reply = app.post("/api/admin/discounts", Some(&admin), bad).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        let errors = &reply.body["errors"];
        assert_eq!(
            errors["code"],
            "Code must be 3 to 32 letters, digits or dashes"
        );
        assert_eq!(
            errors["value"],
            "Percent must be a whole number from 1 to 100"
        );
        assert_eq!(
            errors["minSubtotal"],
            "Minimum subtotal must be an amount of $0.00 or more"
        );
        assert_eq!(errors["endsAt"], "End must be after the start");
        assert_eq!(
            errors["usageLimit"],
            "Usage limit must be a whole number of 1 or more"
        );
        assert_eq!(
            errors["perCustomerLimit"],
            "Limit per customer must be a whole number of 1 or more"
        );
        let negative = json!({ "code": "MINUS", "kind": "fixed", "value": -5 });
        let reply = app
            .post("/api/admin/discounts", Some(&admin), negative)
            .await;
        assert_eq!(
            reply.body["errors"]["value"],
            "Amount must be more than $0.00"
        );
        let unknown = json!({ "code": "HALF", "kind": "half", "value": 50 });
        let reply = app
            .post("/api/admin/discounts", Some(&admin), unknown)
            .await;
        assert_eq!(
            reply.body["errors"]["kind"],
            "Kind must be percent, fixed or freeShipping"
        );
        let listed = app.get("/api/admin/discounts", Some(&admin)).await;
        assert_eq!(listed.headers["x-total-count"], "0");

        // A code is taken whatever its case, on making and on changing.
        app.post("/api/admin/discounts", Some(&admin), eid_sale())
            .await;
        let mut twin = eid_sale();
        twin["code"] = json!("Eid-2026");
        let reply = app.post("/api/admin/discounts", Some(&admin), twin).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert_eq!(reply.body["errors"]["code"], "This code is already in use");
        let other = app
            .post(
                "/api/admin/discounts",
                Some(&admin),
                json!({ "code": "OTHER", "kind": "freeShipping" }),
            )
            .await;
        let id = other.body["_id"].as_str().unwrap();
        let reply = app
            .put(
                &format!("/api/admin/discounts/{id}"),
                Some(&admin),
                eid_sale(),
            )
            .await;
        assert_eq!(reply.body["errors"]["code"], "This code is already in use");
        let listed = app.get("/api/admin/discounts", Some(&admin)).await;
        assert_eq!(listed.headers["x-total-count"], "2");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn shoppers_and_visitors_cannot_see_or_touch_codes() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let made = app
            .post("/api/admin/discounts", Some(&admin), eid_sale())
            .await;
        let id = made.body["_id"].as_str().unwrap();
        let (shopper, _) = app.shopper("amina").await;
        let path = format!("/api/admin/discounts/{id}");
        for token in [Some(shopper.as_str()), None] {
            let expected = if token.is_some() {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::UNAUTHORIZED
            };
            assert_eq!(
                app.get("/api/admin/discounts", token).await.status,
                expected
            );
            assert_eq!(
                app.post("/api/admin/discounts", token, eid_sale())
                    .await
                    .status,
                expected
            );
            assert_eq!(app.put(&path, token, eid_sale()).await.status, expected);
            assert_eq!(app.delete(&path, token).await.status, expected);
        }
        let kept = app.get("/api/admin/discounts", Some(&admin)).await;
        assert_eq!(kept.body[0]["code"], "EID-2026");
        assert_eq!(kept.body[0]["active"], true);
    }
}

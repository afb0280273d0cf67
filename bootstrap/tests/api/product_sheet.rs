//! The catalogue as CSV (issue 44): the export imports back unchanged, a file with bad rows
//! writes nothing and names each, and an import racing checkouts never puts sold units back.

use crate::helpers::{TestApp, APPROVED_PHONE};
use crate::variants::{dress, size_id};
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

pub(crate) async fn export(app: &TestApp, token: &str) -> String {
    let (status, headers, csv) = app
        .page_with_token("/api/admin/products/export.csv", token)
        .await;
    assert_eq!(status, StatusCode::OK, "{csv}");
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    csv
}

pub(crate) async fn import(
    app: &TestApp,
    token: &str,
    csv: &str,
    dry_run: bool,
) -> crate::helpers::Reply {
    let path = if dry_run {
        "/api/admin/products/import?dryRun=true"
    } else {
        "/api/admin/products/import"
    };
    app.raw(
        Method::POST,
        path,
        Some(token),
        "text/csv",
        csv.as_bytes().to_vec(),
    )
    .await
}

fn counts(report: &Value) -> (u64, u64, u64) {
    let n = |key: &str| report[key].as_u64().unwrap();
    (n("create"), n("update"), n("unchanged"))
}

/// The CSV with the cells of column `column` on data line `line` (2 is the first row)
/// replaced by `value`.
pub(crate) fn with_cell(csv: &str, line: usize, column: &str, value: &str) -> String {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes());
    let mut rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let at = rows[0].iter().position(|c| c == column).unwrap();
    rows[line - 1][at] = value.to_owned();
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row).unwrap();
    }
    String::from_utf8(writer.into_inner().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_export_imports_back_unchanged_and_a_changed_row_updates_its_product() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let made = dress(&app, &admin).await;
        app.product(&admin, "Silk scarf", "12.5", 7).await;
        let csv = export(&app, &admin).await;
        assert_eq!(csv.lines().count(), 1 + 4 + 1, "{csv}");
        assert!(csv.starts_with("handle,name,category,description,price,discount,tags,featured,images,size_id,size,colour,sku,stock,exported_stock\n"));

        let preview = import(&app, &admin, &csv, true).await;
        assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
        assert_eq!(
            (counts(&preview.body), &preview.body["errors"]),
            ((0, 0, 2), &json!([]))
        );
        let again = import(&app, &admin, &csv, false).await;
        assert_eq!(counts(&again.body), (0, 0, 2));
        assert_eq!(export(&app, &admin).await, csv, "nothing changed");

        // The scarf is newest, so first: line 2. The dress's S is line 3.
        let restocked = with_cell(&csv, 3, "stock", "9");
        let repriced = with_cell(&restocked, 2, "price", "14.00");
        let preview = import(&app, &admin, &repriced, true).await;
        assert_eq!(counts(&preview.body), (0, 2, 0));
        let dress_id = made["_id"].as_str().unwrap();
        let small = size_id(&made, "S", None);
        assert_eq!(
            app.get(&format!("/api/products/{dress_id}"), None)
                .await
                .body["variants"][0]["stock"],
            2,
            "a dry run writes nothing"
        );
        let written = import(&app, &admin, &repriced, false).await;
        assert_eq!(written.status, StatusCode::OK, "{}", written.body);
        assert_eq!(counts(&written.body), (0, 2, 0));
        let after = app
            .get(&format!("/api/products/{dress_id}"), None)
            .await
            .body;
        let s = after["variants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["_id"] == small.as_str())
            .unwrap();
        assert_eq!((&s["stock"], &after["stock"]), (&json!(9), &json!(14)));
        let audit = app
            .get("/api/admin/audit?entity=product", Some(&admin))
            .await
            .body;
        let updates = audit
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "product.update")
            .count();
        assert_eq!(updates, 2, "each product changed is in the audit trail");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_with_five_bad_rows_writes_nothing_and_names_each() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        dress(&app, &admin).await;
        let csv = export(&app, &admin).await;
        let header = csv.lines().next().unwrap();
        let new_rows = [
            "abaya,Eid abaya,women,Silk,35,0,eid,no,,,M,,ABAYA-M,6,",
            "abaya,,,,,,,,,,L,,ABAYA-L,2,",
            "hijab,Jersey hijab,men,Soft,8,0,,no,,,,,,5,",
            "khimar,Khimar,women,Long,12,50,,no,,,,,,-1,",
            "shawl,Shawl,women,Warm,12.5.0,0,,no,,,,,,3,",
            "bag!,Bag,women,Leather,20,0,,no,,,,,,3,",
            "gown,Gown,women,Evening,eighty,0,,maybe,,,,,,1,",
            "tunic,Tunic,kids,Cotton,15,0,,no,,,S,,LWD-M-BLK,2,",
        ];
        let file = format!("{header}\n{}\n", new_rows.join("\n"));
        let preview = import(&app, &admin, &file, true).await;
        assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
        let bad: Vec<(u64, &str)> = preview.body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["line"].as_u64().unwrap(), e["message"].as_str().unwrap()))
            .collect();
        assert_eq!(
            bad,
            [
                (4, "Category must be women, kids or sales"),
                (5, "Stock must be a whole number of 0 or more"),
                (6, "Price is not money: write dollars like 12.50"),
                (7, "A handle is the product's id, or a new one of letters, digits, - and _ (at most 64)"),
                (8, "Price is not money: write dollars like 12.50"),
                (8, "Featured must be yes or no"),
            ],
            "every error of a line"
        );
        assert_eq!(
            counts(&preview.body),
            (2, 0, 0),
            "the abaya and the tunic are good"
        );
        let refused = import(&app, &admin, &file, false).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
        assert_eq!(
            refused.message(),
            "5 rows cannot be imported: nothing was written"
        );
        assert_eq!(refused.body["errors"].as_array().unwrap().len(), 6);
        let somali = crate::reply::reply(
            reqwest::Client::new()
                .post(app.url("/api/admin/products/import?dryRun=true"))
                .header("Accept-Language", "so")
                .header("Content-Type", "text/csv")
                .bearer_auth(&admin)
                .body(file.clone())
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            somali.body["errors"][3],
            json!({ "line": 7, "message": "Handle waa aqoonsiga alaabta, ama mid cusub oo ka kooban xarfo, tirooyin, - iyo _ (ugu badnaan 64)" })
        );
        let (_, _, after) = app
            .page_with_token("/api/admin/products/export.csv", &admin)
            .await;
        assert_eq!(after, csv, "nothing was written");

        // The tunic's SKU belongs to the dress: found only when written.
        let tunic = format!("{header}\n{}\n", new_rows[7]);
        let taken = import(&app, &admin, &tunic, false).await;
        assert_eq!(taken.status, StatusCode::BAD_REQUEST, "{}", taken.body);
        assert_eq!(
            taken.body["errors"],
            json!([{ "line": 2, "message": "SKU LWD-M-BLK belongs to another product" }])
        );
        let good = format!("{header}\n{}\n{}\n", new_rows[0], new_rows[1]);
        let created = import(&app, &admin, &good, false).await;
        assert_eq!(counts(&created.body), (1, 0, 0), "{}", created.body);
        let abaya = app.get("/api/products/abaya", None).await.body;
        assert_eq!(
            (&abaya["name"], &abaya["stock"]),
            (&json!("Eid abaya"), &json!(8))
        );

        let shopper = app.shopper("amina").await.0;
        assert_eq!(
            import(&app, &shopper, &good, true).await.status,
            StatusCode::FORBIDDEN
        );
        let empty = import(&app, &admin, "", false).await;
        assert_eq!(
            (empty.status, empty.body["errors"][0]["line"].clone()),
            (StatusCode::BAD_REQUEST, json!(1))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_racing_checkouts_never_puts_sold_units_back() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let scarf = app.product(&admin, "Silk scarf", "10", 6).await;
        let scarf = scarf["_id"].as_str().unwrap().to_owned();
        let csv = export(&app, &admin).await;
        let buyers = app.buyers_with_carts(3, &scarf).await;
        let restock = with_cell(&csv, 2, "stock", "20");
        let (imported, bought) = tokio::join!(
            import(&app, &admin, &restock, false),
            join_all(
                buyers
                    .iter()
                    .map(|token| app.checkout(token, APPROVED_PHONE))
            )
        );
        let sold = bought
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count() as u64;
        let stock = app.stock_of(&scarf).await;
        if imported.status == StatusCode::OK {
            // Written before any sale: the sales came off the new stock.
            assert_eq!(stock, 20 - sold, "{}", imported.body);
        } else {
            assert_eq!(
                imported.status,
                StatusCode::BAD_REQUEST,
                "{}",
                imported.body
            );
            assert!(imported.body["errors"][0]["message"]
                .as_str()
                .unwrap()
                .starts_with("Stock changed since the export"));
            assert_eq!(stock, 6 - sold, "no sold unit is put back");
        }
    }
}

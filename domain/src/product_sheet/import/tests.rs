use super::*;
use crate::product::tests::product;
use crate::product_sheet::rows_of;
use crate::variant::{Variant, VariantStock};
use chrono::TimeZone;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
}

/// A black dress in S (2 left) and M (3 left).
fn dress() -> Product {
    let mut dress = product("dress", 4000, 5);
    dress.variants = [("s", "S", 2), ("m", "M", 3)]
        .into_iter()
        .map(|(id, size, stock)| Variant {
            id: VariantId::parse(id).unwrap(),
            size: size.into(),
            colour: Some("Black".into()),
            sku: format!("DRESS-{size}"),
            stock,
        })
        .collect();
    dress
}

fn shop() -> HashMap<ProductId, Product> {
    [dress(), product("scarf", 1250, 7)]
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect()
}

/// The rows numbered from line 2, as under a header.
fn lines(rows: Vec<SheetRow>) -> Vec<SheetLine> {
    rows.into_iter()
        .zip(2..)
        .map(|(row, line)| SheetLine { line, row })
        .collect()
}

fn exported() -> Vec<SheetLine> {
    let shop = shop();
    lines(
        [&shop[&pid("dress")], &shop[&pid("scarf")]]
            .into_iter()
            .flat_map(rows_of)
            .collect(),
    )
}

fn pid(id: &str) -> ProductId {
    ProductId::parse(id).unwrap()
}

/// The plan of a good sheet.
fn plan(lines: &[SheetLine]) -> Result<ImportPlan, Vec<LineError>> {
    let mut n = 0;
    let plan = plan_import(lines, &shop(), now(), || {
        n += 1;
        VariantId::parse(&format!("new{n}")).unwrap()
    });
    if plan.errors.is_empty() {
        Ok(plan)
    } else {
        Err(plan.errors)
    }
}

fn errors(lines: &[SheetLine]) -> Vec<(u64, String)> {
    plan(lines)
        .unwrap_err()
        .into_iter()
        .map(|e| (e.line, e.message.as_str().to_owned()))
        .collect()
}

#[test]
fn the_shops_export_imports_back_unchanged() {
    let plan = plan(&exported()).unwrap();
    assert_eq!((plan.create, plan.update, plan.unchanged), (0, 0, 2));
    assert!(plan.writes.is_empty());
}

#[test]
fn a_stock_the_merchant_changed_is_written_only_from_the_stock_exported_and_one_left_alone_keeps_its_sales(
) {
    let mut sheet = exported();
    sheet[0].row.stock = "10".into();
    let plan = plan(&sheet).unwrap();
    assert_eq!((plan.create, plan.update, plan.unchanged), (0, 1, 1));
    let ProductChange::Update { id, edit } = &plan.writes[0].change else {
        panic!("an update")
    };
    assert_eq!((id.as_str(), plan.writes[0].line), ("dress", 2));
    let stocks: Vec<_> = edit
        .variants
        .as_ref()
        .unwrap()
        .iter()
        .map(|w| w.stock)
        .collect();
    assert_eq!(
        stocks,
        [
            VariantStock::SetIfStill {
                to: 10,
                expected: 2
            },
            VariantStock::Keep
        ]
    );
}

#[test]
fn a_new_handle_makes_a_product_with_its_sizes_and_a_new_row_a_new_size() {
    let mut sheet = exported();
    let mut xl = sheet[1].row.clone();
    xl.size_id.clear();
    xl.size = "XL".into();
    xl.sku.clear();
    xl.stock = "4".into();
    xl.exported_stock.clear();
    let abaya = |size: &str, stock: &str| SheetRow {
        handle: "abaya-eid".into(),
        name: "Eid abaya".into(),
        category: "women".into(),
        description: "Silk, with a hijab".into(),
        price: "35".into(),
        size: size.into(),
        sku: format!("ABAYA-{size}"),
        stock: stock.into(),
        ..SheetRow::default()
    };
    let mut rows: Vec<SheetRow> = sheet.drain(..).map(|l| l.row).collect();
    rows.insert(2, xl);
    rows.push(abaya("M", "6"));
    rows.push(SheetRow {
        name: String::new(),
        ..abaya("L", "1")
    });
    let plan = plan(&lines(rows)).unwrap();
    assert_eq!((plan.create, plan.update, plan.unchanged), (1, 1, 1));
    let ProductChange::Create(made) = &plan.writes[1].change else {
        panic!("a new product")
    };
    assert_eq!(
        (
            made.id.as_str(),
            made.name.as_str(),
            made.price.cents(),
            made.stock
        ),
        ("abaya-eid", "Eid abaya", 3500, 7)
    );
    let ProductChange::Update { edit, .. } = &plan.writes[0].change else {
        panic!("an update")
    };
    let grid = edit.variants.as_ref().unwrap();
    assert_eq!(grid.len(), 3);
    assert_eq!(
        (grid[2].size.as_str(), grid[2].is_new, grid[2].stock),
        ("XL", true, VariantStock::Set(4))
    );
    assert_eq!(grid[2].sku, "PRODUCT-DRES-XL-BLACK-NEW1");
}

#[test]
fn every_bad_row_is_named_by_its_line_with_why_and_nothing_is_planned() {
    let mut sheet = exported();
    sheet[0].row.price = "12,50".into();
    sheet[1].row.stock = "-1".into();
    let mut rows: Vec<SheetRow> = sheet.drain(..).map(|l| l.row).collect();
    rows[2].category = "men".into();
    rows.push(SheetRow {
        handle: "bad handle!".into(),
        ..rows[2].clone()
    });
    assert_eq!(
        errors(&lines(rows)),
        [
            (2, "Price is not money: write dollars like 12.50".to_owned()),
            (3, "Stock must be a whole number of 0 or more".to_owned()),
            (4, "Category must be women, kids or sales".to_owned()),
            (
                5,
                "A handle is the product's id, or a new one of letters, digits, - and _ (at most 64)"
                    .to_owned()
            ),
        ]
    );
}

#[test]
fn a_row_with_several_bad_cells_names_each_of_them() {
    let mut sheet = exported();
    sheet[0].row.price = "12,50".into();
    sheet[0].row.discount = "150".into();
    sheet[0].row.featured = "maybe".into();
    assert_eq!(
        errors(&sheet),
        [
            (2, "Price is not money: write dollars like 12.50".to_owned()),
            (
                2,
                "Discount must be a whole number from 0 to 100".to_owned()
            ),
            (2, "Featured must be yes or no".to_owned()),
        ]
    );
    let mut sheet = exported();
    sheet[1].row.price = "41".into();
    sheet[1].row.tags = "other".into();
    assert_eq!(
        errors(&sheet),
        [
            (
                3,
                "price differs from line 2 of the same product: leave it blank or the same"
                    .to_owned()
            ),
            (
                3,
                "tags differs from line 2 of the same product: leave it blank or the same"
                    .to_owned()
            ),
        ]
    );
    assert_eq!(
        refusal_summary(&plan(&sheet).unwrap_err()).as_str(),
        "1 row cannot be imported: nothing was written",
        "two reasons, one row"
    );
}

#[test]
fn an_sku_twice_in_the_sheet_is_named_on_its_second_line() {
    let mut rows: Vec<SheetRow> = exported().into_iter().map(|l| l.row).collect();
    rows.push(SheetRow {
        handle: "dress-2".into(),
        images: String::new(),
        size_id: String::new(),
        exported_stock: String::new(),
        ..rows[0].clone()
    });
    assert_eq!(
        errors(&lines(rows)),
        [(5, "SKU DRESS-S is on line 2 too".to_owned())]
    );
}

#[test]
fn a_products_rows_agree_on_its_fields_and_all_have_a_size_or_it_is_one_row() {
    let mut sheet = exported();
    sheet[1].row.price = "41".into();
    assert_eq!(
        errors(&sheet),
        [(
            3,
            "price differs from line 2 of the same product: leave it blank or the same".to_owned()
        )]
    );
    let mut sheet = exported();
    sheet[1].row.size.clear();
    assert_eq!(
        errors(&sheet),
        [(
            2,
            "A product with sizes needs a size on each of its rows; one without sizes is one row"
                .to_owned()
        )]
    );
}

#[test]
fn stock_the_shop_has_is_only_written_from_the_stock_it_was_exported_with() {
    let mut sheet = exported();
    sheet[2].row.exported_stock.clear();
    assert_eq!(
        errors(&sheet),
        [(
            4,
            "exported_stock is needed for stock the shop has: leave it as exported".to_owned()
        )]
    );
    let mut sheet = exported();
    sheet[2].row.stock = "9".into();
    let plan = plan(&sheet).unwrap();
    let ProductChange::Update { edit, .. } = &plan.writes[0].change else {
        panic!("an update")
    };
    let stock = edit.stock.unwrap();
    assert_eq!((stock.to, stock.expected), (9, Some(7)));
}

#[test]
fn pictures_stay_as_exported() {
    let mut sheet = exported();
    sheet[2].row.images = "/uploads/elsewhere.webp".into();
    assert_eq!(
        errors(&sheet),
        [(
            4,
            "Pictures are changed in the product form: leave images as exported".to_owned()
        )]
    );
}

#[test]
fn a_product_sold_since_the_export_and_left_as_exported_is_unchanged() {
    let mut sold = shop();
    sold.get_mut(&pid("scarf")).unwrap().stock = 4;
    let dress = sold.get_mut(&pid("dress")).unwrap();
    dress.variants[0].stock = 1;
    dress.stock = 4;
    let plan = plan_import(&exported(), &sold, now(), || VariantId::parse("x").unwrap());
    assert_eq!((plan.update, plan.unchanged, plan.errors.len()), (0, 2, 0));
}

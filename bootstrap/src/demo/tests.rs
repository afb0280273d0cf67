use super::catalogue::{DemoProduct, CATALOGUE};
use super::*;
use crate::seed::{KIDS_SIZES, WOMEN_SIZES};
use shop_images::FsImageStore;
use std::collections::{HashMap, HashSet};

fn all() -> impl Iterator<Item = (Category, &'static DemoProduct)> {
    CATALOGUE
        .iter()
        .flat_map(|(category, items)| items.iter().map(move |item| (*category, item)))
}

fn is_accessory(name: &str) -> bool {
    matches!(
        Garment::of_name(name),
        Garment::Scarf | Garment::Bag | Garment::Jewellery | Garment::Hat
    )
}

fn is_shoe_size(size: &str) -> bool {
    size.parse::<u32>().is_ok_and(|eu| (20..=42).contains(&eu))
}

#[test]
fn clothes_come_in_the_shops_sizes_and_accessories_are_one_size() {
    for (category, item) in all() {
        let sizes = item.sizes();
        let name = item.name;
        assert_eq!(sizes.is_empty(), is_accessory(name), "{name}");
        let usual: &[&str] = match category {
            Category::Women => &WOMEN_SIZES,
            Category::Kids => &KIDS_SIZES,
            Category::Sales if KIDS_SIZES.contains(&sizes.first().map_or("", |s| s.size)) => {
                &KIDS_SIZES
            }
            Category::Sales => &WOMEN_SIZES,
        };
        let mut seen = HashSet::new();
        for size in &sizes {
            let garment = Garment::of_name(name);
            if garment == Garment::Shoes {
                assert!(is_shoe_size(size.size), "{name}: {}", size.size);
            } else {
                assert!(usual.contains(&size.size), "{name}: {}", size.size);
            }
            assert!(seen.insert((size.size, size.colour)), "{name}: twice");
        }
        // A product in colours has every size in a colour, and its picture in the first.
        let colours: Vec<_> = sizes.iter().filter_map(|s| s.colour).collect();
        if !colours.is_empty() {
            assert_eq!(colours.len(), sizes.len(), "{name}");
            assert_eq!(colours[0], item.colour, "{name}");
        }
    }
}

#[test]
fn the_catalogue_has_colours_sold_out_sizes_and_sizes_running_low() {
    let items: Vec<_> = all().collect();
    assert!(items.len() >= 40);
    let with_colours = items
        .iter()
        .filter(|(_, item)| item.sizes().iter().any(|s| s.colour.is_some()))
        .count();
    assert!(with_colours >= 5, "{with_colours}");
    // Products on sale with some sizes sold out and others running low (3 or fewer).
    let mixed = items
        .iter()
        .filter(|(_, item)| {
            let sizes = item.sizes();
            sizes.iter().any(|s| s.stock == 0) && sizes.iter().any(|s| (1..=3).contains(&s.stock))
        })
        .count();
    assert!(mixed >= 5, "{mixed}");
    // Some products sold out in every size, as the storefront's 'Out of Stock' needs.
    let sold_out: Vec<_> = items
        .iter()
        .filter(|(_, item)| item.total_stock() == 0)
        .map(|(_, item)| item.name)
        .collect();
    assert_eq!(sold_out, ["Denim Shirt Dress", "Toddler Pajama Set"]);
    // Every category has products with sizes and one-size products.
    for category in [Category::Women, Category::Kids, Category::Sales] {
        let (sized, one_size): (Vec<_>, Vec<_>) = items
            .iter()
            .filter(|(c, _)| *c == category)
            .partition::<Vec<&(Category, &DemoProduct)>, _>(|(_, item)| !item.sizes().is_empty());
        assert!(sized.len() >= 5 && !one_size.is_empty(), "{category:?}");
    }
}

#[test]
fn pictures_show_the_garment_the_name_names_in_each_colour() {
    let dress = all()
        .find(|(_, item)| item.name == "Linen Wrap Dress")
        .unwrap()
        .1;
    let colours: Vec<_> = looks(dress, 1)
        .iter()
        .map(|look| (look.garment, look.colour.clone().unwrap()))
        .collect();
    assert_eq!(
        colours,
        [
            (Garment::Dress, "Sand".to_owned()),
            (Garment::Dress, "Olive".to_owned()),
            (Garment::Dress, "Rose".to_owned())
        ]
    );
    let abaya = all()
        .find(|(_, item)| item.name == "Embroidered Abaya")
        .unwrap()
        .1;
    assert_eq!(
        looks(abaya, 2),
        [Look {
            garment: Garment::Abaya,
            colour: Some("Black".into()),
            seed: 2
        }]
    );
}

#[tokio::test]
async fn the_demo_catalogue_is_stored_with_its_sizes_on_every_backend() {
    for database in shop_db::test_support::databases().await {
        let backend = database.backend_name();
        let uploads = tempfile::tempdir().unwrap();
        let images = FsImageStore::new(uploads.path().to_path_buf(), "/uploads");
        let count = seed_catalogue(&database, &images).await.unwrap().len();
        let (stored, total) = ProductRepository::list(&database, &ProductFilter::default())
            .await
            .unwrap();
        assert_eq!(
            (count, total as usize),
            (all().count(), stored.len()),
            "{backend}"
        );
        let stored: HashMap<&str, &Product> = stored.iter().map(|p| (p.name.as_str(), p)).collect();
        let mut skus = HashSet::new();
        for (category, item) in all() {
            let product = stored[item.name];
            assert_eq!(product.category, category, "{backend}");
            let sizes: Vec<_> = product
                .variants
                .iter()
                .map(|v| (v.size.as_str(), v.colour.as_deref(), v.stock))
                .collect();
            let expected: Vec<_> = item
                .sizes()
                .iter()
                .map(|s| (s.size, s.colour, s.stock))
                .collect();
            assert_eq!(sizes, expected, "{backend}: {}", item.name);
            assert_eq!(
                product.stock,
                item.total_stock(),
                "{backend}: {}",
                item.name
            );
            if !product.variants.is_empty() {
                assert_eq!(product.stock, total_stock(&product.variants), "{backend}");
            }
            for variant in &product.variants {
                assert!(
                    skus.insert(variant.sku.clone()),
                    "{backend}: {}",
                    variant.sku
                );
                assert!(
                    variant.sku.starts_with(&item.name[..4].to_uppercase()),
                    "{}",
                    variant.sku
                );
            }
            // One picture per colour: the first is the product's image.
            let colours = looks(item, 1).len();
            assert_eq!(product.gallery.len(), colours, "{backend}: {}", item.name);
            assert_eq!(
                product.image.as_ref().map(|i| &i.full),
                product.gallery.first(),
                "{backend}"
            );
        }
        let pictures = files_under(uploads.path());
        assert!(pictures >= all().count(), "{pictures}");
    }
}

/// How many files are under `dir`: pictures are spread over folders named by their first
/// characters, so counting the folders (as this test once did) undercounts when two share one.
fn files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .map(|path| if path.is_dir() { files_under(&path) } else { 1 })
        .sum()
}

/// The shop `make run` builds over `database`, with the sandbox provider.
fn demo_shop(database: &shop_db::Database, uploads: &std::path::Path) -> Shop {
    use crate::wiring::{build_shop, Outside, Tuning};
    use std::sync::Arc;
    let sandbox = Arc::new(shop_payments::sandbox::SandboxGateway::default());
    let outside = Outside {
        payments: sandbox.clone(),
        sandbox_cards: Some(sandbox),
        notices: None,
        hasher: Arc::new(shop_auth::Argon2Hasher::fast_for_tests()),
        tokens: Arc::new(shop_auth::JwtTokens::new(
            b"a-demo-test-secret-long-enough-for-hs256",
            std::time::Duration::from_secs(60),
        )),
        images: Arc::new(FsImageStore::new(uploads.to_path_buf(), "/uploads")),
    };
    let defaults = domain::settings::SettingsInput {
        shop_name: "Dukaan".into(),
        support_phone: "+252 61 000 0000".into(),
        support_email: "help@dukaan.so".into(),
        shipping_fee: Some(5.0),
        cash_on_delivery_max: Some(Some(200.0)),
    }
    .validate(None)
    .unwrap();
    build_shop(database, outside, defaults, Tuning::default())
}

#[tokio::test]
async fn every_demo_rating_is_made_by_demo_shoppers_reviews_of_what_they_received() {
    use domain::ports::{OrderRepository, ReviewRepository, UserRepository};
    for database in shop_db::test_support::databases().await {
        let backend = database.backend_name();
        let uploads = tempfile::tempdir().unwrap();
        let images = FsImageStore::new(uploads.path().to_path_buf(), "/uploads");
        let shop = demo_shop(&database, uploads.path());
        seed(&shop, &database, &images).await.unwrap();
        // A second start adds nothing.
        seed(&shop, &database, &images).await.unwrap();

        let (products, _) = ProductRepository::list(&database, &ProductFilter::default())
            .await
            .unwrap();
        let mut reviewed = 0;
        for product in &products {
            let summary = database.summary(&product.id).await.unwrap();
            assert_eq!(
                (product.rating_tenths, product.reviews),
                (summary.average_tenths(), summary.count()),
                "{backend}: {}",
                product.name
            );
            reviewed += usize::from(summary.count() > 0);
        }
        assert_eq!(reviewed, 7, "{backend}");
        let linen = products
            .iter()
            .find(|p| p.name == "Linen Wrap Dress")
            .unwrap();
        assert_eq!((linen.rating_tenths, linen.reviews), (45, 2), "{backend}");
        let (first, _) = database
            .for_product(
                &linen.id,
                domain::review::ReviewSort::Highest,
                domain::ports::Page { number: 1, size: 5 },
            )
            .await
            .unwrap();
        assert_eq!(first[0].author, "Hodan A.");
        assert!(database
            .has_received(&first[0].user_id, &linen.id)
            .await
            .unwrap());

        let email = domain::user::Email::parse(DEMO_CUSTOMER_EMAIL).unwrap();
        let customer = database.by_email(&email).await.unwrap().unwrap();
        let orders = database.for_user(&customer.id).await.unwrap();
        assert_eq!(orders.len(), 1, "{backend}");
        assert_eq!(orders[0].status, domain::order::OrderStatus::Delivered);

        // The demo staff, each in their role; one the owner made a customer stays one.
        for (_, email, role) in super::staff::DEMO_STAFF {
            let email = domain::user::Email::parse(email).unwrap();
            let member = database.by_email(&email).await.unwrap().unwrap();
            assert_eq!(member.role, role, "{backend}");
        }
        let email = domain::user::Email::parse("stock@example.com").unwrap();
        let keeper = database.by_email(&email).await.unwrap().unwrap();
        let customer_again = domain::user::User {
            role: domain::user::Role::User,
            ..keeper
        };
        UserRepository::update(&database, &customer_again, None)
            .await
            .unwrap();
        seed(&shop, &database, &images).await.unwrap();
        let kept = database.by_email(&email).await.unwrap().unwrap();
        assert_eq!(kept.role, domain::user::Role::User, "{backend}");
    }
}

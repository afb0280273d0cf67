//! The demo shop of `make run`: about 40 products over women, kids and sales (some featured,
//! some new, some discounted, clothes in sizes with a few sold out or nearly) with pictures
//! drawn locally to match their names and colours, demo shoppers' reviews of what was
//! delivered to them ([`reviews`]), a demo customer, demo staff ([`staff`]) and the zones it
//! delivers to ([`zones`]). The products
//! themselves are listed in [`catalogue`].

mod catalogue;
mod discounts;
mod reviews;
mod staff;
pub mod zones;

use crate::pictures::{self, Look};
use crate::system::{RandomIds, SystemClock};
use application::Shop;
use catalogue::{DemoProduct, CATALOGUE};
use chrono::{DateTime, Duration, Utc};
use domain::ports::{
    Clock, DeliveryZoneRepository, DiscountRepository, IdGenerator, ImageStore, OrderRepository,
    ProductFilter, ProductRepository, ReviewRepository, UserRepository,
};
use domain::product::{Category, Product, ProductImage};
use domain::variant::{generated_sku, total_stock, Variant};
use domain::{Money, Percent, ProductId, VariantId};
use shop_images::Garment;

pub const DEMO_CUSTOMER_EMAIL: &str = "customer@example.com";
pub const DEMO_CUSTOMER_PASSWORD: &str = "customer123";

/// Seeds the catalogue once (when it is empty) with its demo shoppers' delivered orders and
/// reviews, the demo discount codes, the demo customer (with a delivered order of her own
/// the first time) and the demo staff.
pub async fn seed<Store>(shop: &Shop, store: &Store, images: &dyn ImageStore) -> anyhow::Result<()>
where
    Store: ProductRepository
        + DiscountRepository
        + OrderRepository
        + ReviewRepository
        + UserRepository
        + DeliveryZoneRepository,
{
    let products: &dyn ProductRepository = store;
    let (_, existing) = products
        .list(&ProductFilter::default())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let catalogue = if existing == 0 {
        let catalogue = seed_catalogue(products, images).await?;
        println!("Seeded the demo catalogue: {} products", catalogue.len());
        Some(catalogue)
    } else {
        None
    };
    discounts::seed(store, SystemClock.now()).await?;
    zones::seed(store).await?;
    // Seeding counts as one registration per account from the machine itself.
    let customer = reviews::shopper(shop, store, "Amina Hassan", DEMO_CUSTOMER_EMAIL).await?;
    println!("Demo customer: {DEMO_CUSTOMER_EMAIL} / {DEMO_CUSTOMER_PASSWORD}");
    staff::seed(shop, store).await?;
    for (_, email, _) in staff::DEMO_STAFF {
        println!("Demo staff: {email} / {}", staff::DEMO_STAFF_PASSWORD);
    }
    if let Some(catalogue) = catalogue {
        reviews::seed(shop, store, &catalogue, &customer).await?;
        println!("Seeded the demo shoppers' reviews and the demo customer's delivered order");
    }
    Ok(())
}

/// Draws the catalogue's pictures and inserts its products; returns them.
async fn seed_catalogue(
    products: &dyn ProductRepository,
    images: &dyn ImageStore,
) -> anyhow::Result<Vec<Product>> {
    let items: Vec<(Category, &DemoProduct)> = CATALOGUE
        .iter()
        .flat_map(|(category, items)| items.iter().map(move |item| (*category, item)))
        .collect();
    // One picture per colour (the first is the product's image, all are its gallery).
    let looks: Vec<Vec<Look>> = (1..)
        .zip(&items)
        .map(|(seed, (_, item))| looks(item, seed))
        .collect();
    let mut drawn = pictures::draw_all(images, &looks.concat())
        .await?
        .into_iter();
    let now = SystemClock.now();
    let mut catalogue = Vec::with_capacity(items.len());
    for ((seed, (category, item)), looks) in (1..).zip(&items).zip(&looks) {
        let pictures: Vec<ProductImage> = drawn.by_ref().take(looks.len()).collect();
        let product = demo_product(item, *category, seed, pictures, now);
        products
            .insert(&product)
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e}", item.name))?;
        catalogue.push(product);
    }
    Ok(catalogue)
}

/// The pictures of the `seed`-th product: the garment its name names, once per colour.
fn looks(item: &DemoProduct, seed: u32) -> Vec<Look> {
    let garment = Garment::of_name(item.name);
    let mut colours: Vec<&str> = Vec::new();
    for size in item.sizes() {
        if let Some(colour) = size.colour.filter(|c| !colours.contains(c)) {
            colours.push(colour);
        }
    }
    if colours.is_empty() {
        colours.push(item.colour);
    }
    colours
        .into_iter()
        .map(|colour| Look {
            garment,
            colour: Some(colour.to_owned()),
            seed,
        })
        .collect()
}

/// The `seed`-th product of the catalogue (1 is the newest), with its pictures.
fn demo_product(
    item: &DemoProduct,
    category: Category,
    seed: u32,
    pictures: Vec<ProductImage>,
    now: DateTime<Utc>,
) -> Product {
    let variants: Vec<Variant> = item
        .sizes()
        .into_iter()
        .map(|size| {
            let id = VariantId::parse(&RandomIds.new_id()).expect("uuid ids are valid");
            Variant {
                sku: generated_sku(item.name, size.size, size.colour, &id),
                id,
                size: size.size.to_owned(),
                colour: size.colour.map(str::to_owned),
                stock: size.stock,
            }
        })
        .collect();
    let stock = if variants.is_empty() {
        item.total_stock()
    } else {
        total_stock(&variants)
    };
    Product {
        id: ProductId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
        name: item.name.into(),
        description: item.description.into(),
        category,
        tags: item.tags.split(',').map(str::to_owned).collect(),
        price: Money::from_cents(item.cents).expect("demo prices are valid"),
        discount: Percent::new(item.discount).expect("demo discounts are valid"),
        stated_original_price: None,
        gallery: pictures.iter().map(|p| p.full.clone()).collect(),
        colour_pictures: Default::default(),
        image: pictures.into_iter().next(),
        // Its demo shoppers' reviews make them (`reviews`).
        rating_tenths: 0,
        reviews: 0,
        stock,
        variants,
        is_featured: item.featured,
        created_at: now - Duration::hours(i64::from(seed) * 9),
    }
}

#[cfg(test)]
mod tests;

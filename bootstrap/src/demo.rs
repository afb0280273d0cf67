//! The demo shop of `make run`: about 40 products over women, kids and sales (some featured,
//! some new, some discounted, some nearly sold out) with pictures drawn locally, and a demo
//! customer.

use crate::system::{RandomIds, SystemClock};
use application::{AppError, Shop};
use chrono::Duration;
use domain::ports::{Clock, IdGenerator, ImageStore, ProductFilter, ProductRepository};
use domain::product::{Category, Product};
use domain::user::{ContactInput, RegistrationInput};
use domain::{Money, Percent, ProductId};
use shop_images::demo_picture;

pub const DEMO_CUSTOMER_EMAIL: &str = "customer@example.com";
pub const DEMO_CUSTOMER_PASSWORD: &str = "customer123";

/// Name, description, price in cents, discount, stock, tags, featured.
type DemoProduct = (&'static str, &'static str, i64, u8, u32, &'static str, bool);

const WOMEN: &[DemoProduct] = &[
    (
        "Linen Wrap Dress",
        "Breathable linen wrap dress with a tie waist, cut for hot afternoons.",
        3899,
        0,
        24,
        "new,dress,summer",
        true,
    ),
    (
        "Embroidered Abaya",
        "Flowing black abaya with fine gold embroidery on the cuffs.",
        5499,
        10,
        15,
        "abaya,evening",
        true,
    ),
    (
        "Silk Hijab Set",
        "Three soft silk-blend hijabs in desert tones.",
        1999,
        0,
        60,
        "hijab,new",
        false,
    ),
    (
        "Floral Maxi Dress",
        "Ankle-length maxi dress in a bright floral print.",
        4299,
        15,
        9,
        "dress,floral",
        false,
    ),
    (
        "Cotton Guntiino",
        "Traditional guntiino in airy cotton, hand-finished edges.",
        3299,
        0,
        30,
        "traditional,new",
        true,
    ),
    (
        "Pleated Midi Skirt",
        "Satin-finish pleated skirt that moves beautifully.",
        2799,
        0,
        18,
        "skirt",
        false,
    ),
    (
        "Tailored Wide Trousers",
        "High-waisted wide-leg trousers with pressed creases.",
        3499,
        20,
        12,
        "trousers,work",
        false,
    ),
    (
        "Everyday Jersey Top",
        "Long-sleeve jersey top, soft and opaque.",
        1499,
        0,
        80,
        "top,basics",
        false,
    ),
    (
        "Beaded Evening Clutch",
        "Small clutch with hand-sewn beads and a chain strap.",
        2599,
        0,
        7,
        "bag,evening,new",
        false,
    ),
    (
        "Kaftan Beach Cover",
        "Loose kaftan in light voile with tassel ties.",
        2999,
        0,
        22,
        "kaftan,summer",
        true,
    ),
    (
        "Denim Shirt Dress",
        "Button-through denim dress with a belt.",
        3999,
        0,
        0,
        "dress,denim",
        false,
    ),
    (
        "Knit Cardigan",
        "Long open cardigan in a fine knit for cool evenings.",
        3199,
        0,
        14,
        "knit,new",
        false,
    ),
    (
        "Leather Sandals",
        "Flat leather sandals with a padded footbed.",
        2899,
        0,
        26,
        "shoes,summer",
        false,
    ),
    (
        "Printed Dirac",
        "Light dirac with a printed border, made for celebrations.",
        4599,
        0,
        11,
        "traditional,evening",
        true,
    ),
    (
        "Satin Blouse",
        "Fluid satin blouse with covered buttons.",
        2499,
        0,
        3,
        "top,work",
        false,
    ),
    (
        "Woven Tote Bag",
        "Roomy straw tote with leather handles.",
        2199,
        0,
        40,
        "bag,summer,new",
        false,
    ),
];

const KIDS: &[DemoProduct] = &[
    (
        "Girls Party Dress",
        "Tulle party dress with a satin bow, ages 3-10.",
        2999,
        0,
        20,
        "dress,party,new",
        true,
    ),
    (
        "Boys Cotton Shirt Set",
        "Shirt and shorts set in soft cotton, ages 2-8.",
        2199,
        0,
        35,
        "set,summer",
        false,
    ),
    (
        "Kids Hooded Sweatshirt",
        "Fleece-lined hoodie with a kangaroo pocket.",
        1899,
        0,
        28,
        "hoodie,basics",
        false,
    ),
    (
        "Baby Romper Trio",
        "Three snap-button rompers for newborns.",
        1699,
        0,
        50,
        "baby,basics,new",
        true,
    ),
    (
        "Girls Embroidered Abaya",
        "Little abaya with floral embroidery for Eid.",
        2799,
        0,
        8,
        "abaya,eid",
        false,
    ),
    (
        "Kids Denim Jacket",
        "Classic denim jacket with a soft lining.",
        2599,
        10,
        16,
        "jacket,denim",
        false,
    ),
    (
        "School Backpack",
        "Light backpack with padded straps and a bottle pocket.",
        1599,
        0,
        45,
        "bag,school",
        false,
    ),
    (
        "Boys Kameez Set",
        "Kameez and trousers set for celebrations, ages 4-12.",
        2699,
        0,
        13,
        "traditional,eid,new",
        true,
    ),
    (
        "Kids Canvas Sneakers",
        "Easy-on canvas sneakers with rubber soles.",
        1799,
        0,
        5,
        "shoes",
        false,
    ),
    (
        "Girls Leggings Pack",
        "Two pairs of stretch leggings in bright colours.",
        1099,
        0,
        70,
        "basics",
        false,
    ),
    (
        "Kids Sun Hat",
        "Wide-brim cotton sun hat with a chin strap.",
        899,
        0,
        38,
        "summer,new",
        false,
    ),
    (
        "Toddler Pajama Set",
        "Soft cotton pajamas with star print.",
        1299,
        0,
        0,
        "sleepwear",
        false,
    ),
    (
        "Girls Cardigan",
        "Button cardigan in a cosy knit.",
        1599,
        0,
        19,
        "knit",
        false,
    ),
    (
        "Boys Cargo Shorts",
        "Durable cargo shorts with many pockets.",
        1399,
        0,
        27,
        "shorts,summer",
        false,
    ),
];

const SALES: &[DemoProduct] = &[
    (
        "Chiffon Evening Gown",
        "Floor-length chiffon gown with a draped neckline.",
        4799,
        40,
        6,
        "dress,evening",
        true,
    ),
    (
        "Patterned Shawl",
        "Large soft shawl with a woven pattern.",
        1199,
        30,
        25,
        "shawl",
        false,
    ),
    (
        "Kids Rain Jacket",
        "Waterproof jacket with taped seams and a hood.",
        1499,
        25,
        10,
        "jacket,kids",
        false,
    ),
    (
        "Lace Trim Jilbab",
        "Jilbab with delicate lace trim on the sleeves.",
        3599,
        35,
        12,
        "jilbab",
        false,
    ),
    (
        "Girls Tutu Skirt",
        "Layered tutu skirt with an elastic waist.",
        899,
        50,
        30,
        "skirt,kids",
        false,
    ),
    (
        "Velvet Dirac",
        "Rich velvet dirac for cool evenings.",
        3999,
        45,
        4,
        "traditional,evening",
        true,
    ),
    (
        "Ankle Boots",
        "Block-heel ankle boots in soft suede.",
        3299,
        30,
        9,
        "shoes",
        false,
    ),
    (
        "Kids Pajama Bundle",
        "Two pajama sets for the price of one.",
        1299,
        50,
        15,
        "sleepwear,kids",
        false,
    ),
    (
        "Striped Beach Dress",
        "Cotton beach dress with bold stripes.",
        1799,
        40,
        21,
        "dress,summer",
        false,
    ),
    (
        "Crossbody Bag",
        "Compact crossbody bag with an adjustable strap.",
        1599,
        20,
        17,
        "bag",
        false,
    ),
];

/// Seeds the catalogue once (when it is empty) and the demo customer.
pub async fn seed(
    shop: &Shop,
    products: &dyn ProductRepository,
    images: &dyn ImageStore,
) -> anyhow::Result<()> {
    let (_, existing) = products
        .list(&ProductFilter::default())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if existing == 0 {
        let catalogue = [
            (Category::Women, WOMEN),
            (Category::Kids, KIDS),
            (Category::Sales, SALES),
        ];
        let now = SystemClock.now();
        let mut seed = 0u32;
        for (category, items) in catalogue {
            for (name, description, cents, discount, stock, tags, featured) in items {
                seed += 1;
                let image = images
                    .store(demo_picture(seed, None))
                    .await
                    .map_err(|e| anyhow::anyhow!("demo picture: {e}"))?;
                let product = Product {
                    id: ProductId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                    name: (*name).into(),
                    description: (*description).into(),
                    category,
                    tags: tags.split(',').map(str::to_owned).collect(),
                    price: Money::from_cents(*cents).expect("demo prices are valid"),
                    discount: Percent::new(*discount).expect("demo discounts are valid"),
                    stated_original_price: None,
                    gallery: vec![image.full.clone()],
                    image: Some(image),
                    rating_tenths: 38 + (seed * 7 % 13) as u8,
                    reviews: 12 + seed * 17 % 240,
                    stock: *stock,
                    variants: Vec::new(),
                    is_featured: *featured,
                    created_at: now - Duration::hours(i64::from(seed) * 9),
                };
                products
                    .insert(&product)
                    .await
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
        println!("Seeded the demo catalogue: {seed} products");
    }
    let customer = RegistrationInput {
        contact: ContactInput {
            name: "Amina Hassan".into(),
            email: DEMO_CUSTOMER_EMAIL.into(),
            phone: "+252 61 555 1234".into(),
        },
        password: DEMO_CUSTOMER_PASSWORD.into(),
    };
    // Seeding counts as one registration from the machine itself.
    match shop.register(&customer, "localhost").await {
        Ok(_) | Err(AppError::Conflict(_)) => {
            println!("Demo customer: {DEMO_CUSTOMER_EMAIL} / {DEMO_CUSTOMER_PASSWORD}");
            Ok(())
        }
        Err(error) => Err(anyhow::anyhow!("demo customer: {error}")),
    }
}

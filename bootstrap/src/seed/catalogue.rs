//! The seeded shop's products: garments of women and kids, named from a material, the
//! garment and its colour, with the garment's picture in that colour; clothes and shoes in
//! a run of the usual sizes (some in two or three colours), accessories one-size; some sold
//! out, some nearly, most plenty, size by size.

use super::{pick, spread, CATALOGUE_DAYS, NEW_DAYS};
use crate::pictures::Look;
use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::ports::IdGenerator;
use domain::product::{Category, Product, ProductImage, LOW_STOCK_MAX};
use domain::variant::{generated_sku, total_stock, Variant};
use domain::{Money, Percent, ProductId, VariantId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use shop_images::Garment;
use std::collections::{HashMap, HashSet};

/// A kind of garment: its name, its own tags and its price range in whole dollars.
type Kind = (&'static str, &'static str, u32, u32);

const WOMEN: &[Kind] = &[
    ("Wrap Dress", "dress", 25, 60),
    ("Maxi Dress", "dress", 30, 70),
    ("Abaya", "abaya", 40, 90),
    ("Jilbab", "jilbab", 30, 65),
    ("Hijab Set", "hijab", 12, 30),
    ("Guntiino", "traditional", 25, 55),
    ("Dirac", "traditional", 30, 75),
    ("Midi Skirt", "skirt", 20, 40),
    ("Wide Trousers", "trousers,work", 25, 45),
    ("Blouse", "top,work", 18, 35),
    ("Jersey Top", "top,basics", 10, 20),
    ("Cardigan", "knit", 25, 45),
    ("Kaftan", "kaftan,summer", 22, 40),
    ("Shawl", "shawl", 10, 25),
    ("Sandals", "shoes", 20, 40),
    ("Clutch", "bag,evening", 18, 35),
    ("Tote Bag", "bag", 15, 30),
    ("Bead Necklace", "jewellery", 8, 25),
    ("Bangle Set", "jewellery", 6, 18),
];

const KIDS: &[Kind] = &[
    ("Party Dress", "dress,party", 20, 40),
    ("Shirt and Shorts Set", "set", 15, 30),
    ("Hoodie", "hoodie,basics", 15, 25),
    ("Romper Trio", "baby,basics", 12, 22),
    ("Kameez Set", "traditional,eid", 20, 35),
    ("Abaya", "abaya,eid", 18, 32),
    ("Denim Jacket", "jacket,denim", 20, 35),
    ("Canvas Sneakers", "shoes", 12, 25),
    ("Leggings Pack", "basics", 8, 15),
    ("Sun Hat", "summer", 6, 12),
    ("Pajama Set", "sleepwear", 10, 20),
    ("Cargo Shorts", "shorts,summer", 10, 18),
    ("School Backpack", "bag,school", 12, 25),
];

const MATERIALS: &[&str] = &[
    "Linen",
    "Silk",
    "Cotton",
    "Chiffon",
    "Satin",
    "Velvet",
    "Embroidered",
    "Printed",
    "Pleated",
    "Floral",
    "Striped",
    "Beaded",
    "Lace",
    "Knit",
];

/// Colour names the pictures can be drawn in (`shop_images`' palette knows them all).
const COLOURS: &[&str] = &[
    "Ivory", "Sand", "Teal", "Saffron", "Indigo", "Rose", "Emerald", "Charcoal", "Coral", "Olive",
    "Plum", "Sky Blue",
];

const OCCASIONS: &[&str] = &["summer", "evening", "eid", "work", "party", "everyday"];

const FINISHES: &[&str] = &[
    "cut for hot afternoons",
    "with hand-finished edges",
    "soft, breathable and easy to wash",
    "made for celebrations",
    "with a relaxed fit",
    "lined for comfort",
    "that moves beautifully",
];

/// The shop's usual sizes (the storefront's 'Show only my size' and the admin's quick-fill
/// buttons offer the same, `frontend/src/lib/sizes.ts`).
pub(crate) const WOMEN_SIZES: [&str; 6] = ["XS", "S", "M", "L", "XL", "XXL"];
pub(crate) const KIDS_SIZES: [&str; 11] = [
    "2-3Y", "3-4Y", "4-5Y", "5-6Y", "6-7Y", "7-8Y", "8-9Y", "9-10Y", "10-11Y", "11-12Y", "12-13Y",
];
/// Shoes in European sizes.
const WOMEN_SHOE_SIZES: [&str; 6] = ["36", "37", "38", "39", "40", "41"];
const KIDS_SHOE_SIZES: [&str; 10] = ["24", "25", "26", "27", "28", "29", "30", "31", "32", "33"];

/// A size running low: this many left or fewer (the shop is told, the storefront says 'Only
/// N left').
pub(crate) const LOW_SIZE_MAX: u32 = 3;

/// Whether a kind of garment is an accessory, sold one-size.
pub(crate) fn is_one_size(garment: Garment) -> bool {
    matches!(
        garment,
        Garment::Scarf | Garment::Bag | Garment::Jewellery | Garment::Hat
    )
}

/// The pictures of the seeded shop: for every kind of garment the tables name, a few, each
/// in its own colour.
pub(super) struct Pictures {
    pictures: Vec<(&'static str, ProductImage)>,
    /// The pictures of each kind of garment, by index.
    by_garment: HashMap<Garment, Vec<usize>>,
}

/// What to draw: `per_garment` pictures of every kind of garment, colours taken in turn.
pub(super) fn looks(per_garment: u32) -> Vec<Look> {
    let mut garments: Vec<Garment> = Vec::new();
    for (name, ..) in WOMEN.iter().chain(KIDS) {
        let garment = Garment::of_name(name);
        if !garments.contains(&garment) {
            garments.push(garment);
        }
    }
    (0..)
        .zip(
            garments
                .into_iter()
                .flat_map(|garment| std::iter::repeat_n(garment, per_garment as usize)),
        )
        .map(|(n, garment)| Look {
            garment,
            colour: Some(COLOURS[n % COLOURS.len()].to_owned()),
            seed: n as u32 + 1,
        })
        .collect()
}

impl Pictures {
    /// `drawn[i]` is the picture of `looks[i]`.
    pub fn new(looks: Vec<Look>, drawn: Vec<ProductImage>) -> Self {
        let mut by_garment: HashMap<Garment, Vec<usize>> = HashMap::new();
        let pictures = looks
            .into_iter()
            .zip(drawn)
            .enumerate()
            .map(|(index, (look, picture))| {
                by_garment.entry(look.garment).or_default().push(index);
                let colour = COLOURS
                    .iter()
                    .find(|c| Some(**c) == look.colour.as_deref())
                    .expect("looks take their colours from COLOURS");
                (*colour, picture)
            })
            .collect();
        Self {
            pictures,
            by_garment,
        }
    }

    pub fn len(&self) -> usize {
        self.pictures.len()
    }

    /// One of the pictures of `garment`, at random: its colour and the picture.
    fn pick(&self, rng: &mut StdRng, garment: Garment) -> (&'static str, &ProductImage) {
        let index = *self.by_garment[&garment]
            .choose(rng)
            .expect("every kind of garment has pictures");
        let (colour, picture) = &self.pictures[index];
        (colour, picture)
    }
}

/// How much is left on the shelf: some sold out, some nearly, most plenty.
#[derive(Debug, Clone, Copy)]
enum Shelf {
    Empty,
    Low,
    Plenty,
}

/// A size's stock on a well-stocked shelf: a few sold out or running low.
#[derive(Debug, Clone, Copy)]
enum SizeShelf {
    SoldOut,
    Low,
    Plenty,
}

/// Products oldest first, so that an order can pick among those that existed before it.
/// Their sizes get SKUs not in `skus` (lower case), which are added to it.
pub(super) fn products(
    rng: &mut StdRng,
    count: u32,
    pictures: &Pictures,
    skus: &mut HashSet<String>,
    now: DateTime<Utc>,
) -> Vec<Product> {
    (0..count)
        .map(|i| {
            let created_at = spread(now, CATALOGUE_DAYS, i, count);
            let category = pick(
                rng,
                &[
                    (50, Category::Women),
                    (35, Category::Kids),
                    (15, Category::Sales),
                ],
            );
            let for_kids = match category {
                Category::Women => false,
                Category::Kids => true,
                Category::Sales => rng.gen_bool(0.4),
            };
            let kinds = if for_kids { KIDS } else { WOMEN };
            let &(kind, kind_tags, low, high) = kinds.choose(rng).expect("not empty");
            let garment = Garment::of_name(kind);
            let material = MATERIALS.choose(rng).expect("not empty");
            let (colour, image) = pictures.pick(rng, garment);
            let mut tags: Vec<String> = kind_tags.split(',').map(str::to_owned).collect();
            tags.push((*OCCASIONS.choose(rng).expect("not empty")).to_owned());
            if for_kids && category == Category::Sales {
                tags.push("kids".to_owned());
            }
            if now - created_at < Duration::days(NEW_DAYS) {
                tags.push("new".to_owned());
            }
            let discount: u8 = match category {
                Category::Sales => 5 * rng.gen_range(4..=10),
                _ if rng.gen_bool(0.1) => *[10, 15].choose(rng).expect("not empty"),
                _ => 0,
            };
            // Prices end in 99 cents before the discount; the discount is taken off in whole
            // cents, rounded half up.
            let list_cents = i64::from(rng.gen_range(low..=high)) * 100 - 1;
            let price_cents = (list_cents * i64::from(100 - discount) + 50) / 100;

            let sizes = sizes(rng, garment, for_kids);
            let colours = if sizes.is_empty() {
                vec![colour]
            } else {
                colours(rng, colour)
            };
            let in_colours = colours.join(", ").to_lowercase();
            // A product in several colours is named without one; its picture shows the first.
            let name = match colours.len() {
                1 => format!("{material} {kind} in {colour}"),
                _ => format!("{material} {kind}"),
            };
            let shelf = pick(
                rng,
                &[(5, Shelf::Empty), (15, Shelf::Low), (80, Shelf::Plenty)],
            );
            let variants = variants(rng, &name, sizes, &colours, shelf, skus);
            let stock = if variants.is_empty() {
                one_size_stock(rng, shelf)
            } else {
                total_stock(&variants)
            };
            Product {
                id: ProductId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                description: format!(
                    "{material} {} in {in_colours}, {}.",
                    kind.to_lowercase(),
                    FINISHES.choose(rng).expect("not empty")
                ),
                name,
                category,
                tags,
                price: Money::from_cents(price_cents).expect("seed prices are valid"),
                discount: Percent::new(discount).expect("seed discounts are at most 50"),
                stated_original_price: None,
                gallery: vec![image.full.clone()],
                colour_pictures: Default::default(),
                image: Some(image.clone()),
                // Their reviews make them (`reviews`).
                rating_tenths: 0,
                reviews: 0,
                stock,
                variants,
                is_featured: rng.gen_bool(0.025),
                created_at,
            }
        })
        .collect()
}

/// The sizes a garment comes in: a run of three to six of the usual ones (about four), none
/// for an accessory.
fn sizes(rng: &mut StdRng, garment: Garment, for_kids: bool) -> &'static [&'static str] {
    let usual: &'static [&'static str] = match (garment, for_kids) {
        _ if is_one_size(garment) => return &[],
        (Garment::Shoes, false) => &WOMEN_SHOE_SIZES,
        (Garment::Shoes, true) => &KIDS_SHOE_SIZES,
        (_, false) => &WOMEN_SIZES,
        (_, true) => &KIDS_SIZES,
    };
    let run = pick(rng, &[(30, 3), (35, 4), (25, 5), (10, 6)]).min(usual.len());
    let start = rng.gen_range(0..=usual.len() - run);
    &usual[start..start + run]
}

/// The colours a garment with sizes comes in, `first` first: mostly one, some two or three.
fn colours(rng: &mut StdRng, first: &'static str) -> Vec<&'static str> {
    let count = pick(rng, &[(80, 1), (15, 2), (5, 3)]);
    let mut colours = vec![first];
    while colours.len() < count {
        let colour = *COLOURS.choose(rng).expect("not empty");
        if !colours.contains(&colour) {
            colours.push(colour);
        }
    }
    colours
}

/// Every size in every colour (a colour only when there are several), colour by colour, with
/// SKUs not in `skus` and stock as `shelf` says.
fn variants(
    rng: &mut StdRng,
    name: &str,
    sizes: &[&str],
    colours: &[&'static str],
    shelf: Shelf,
    skus: &mut HashSet<String>,
) -> Vec<Variant> {
    let mut variants = Vec::with_capacity(sizes.len() * colours.len());
    for &colour in colours {
        let colour = (colours.len() > 1).then_some(colour);
        for &size in sizes {
            // An SKU ends in four characters of the id: another product of the same name,
            // size and colour may have drawn them, so draw again.
            let (id, sku) = loop {
                let id = VariantId::parse(&RandomIds.new_id()).expect("uuid ids are valid");
                let sku = generated_sku(name, size, colour, &id);
                if skus.insert(sku.to_lowercase()) {
                    break (id, sku);
                }
            };
            variants.push(Variant {
                id,
                size: size.to_owned(),
                colour: colour.map(str::to_owned),
                sku,
                stock: 0,
            });
        }
    }
    match shelf {
        Shelf::Empty => {}
        Shelf::Low if !variants.is_empty() => {
            // A few units spread over the sizes: most sizes sold out.
            for _ in 0..rng.gen_range(1..=LOW_STOCK_MAX) {
                let size = rng.gen_range(0..variants.len());
                variants[size].stock += 1;
            }
        }
        Shelf::Low => {}
        Shelf::Plenty => {
            for variant in &mut variants {
                variant.stock = match pick(
                    rng,
                    &[
                        (8, SizeShelf::SoldOut),
                        (15, SizeShelf::Low),
                        (77, SizeShelf::Plenty),
                    ],
                ) {
                    SizeShelf::SoldOut => 0,
                    SizeShelf::Low => rng.gen_range(1..=LOW_SIZE_MAX),
                    SizeShelf::Plenty => rng.gen_range(LOW_SIZE_MAX + 1..=60),
                };
            }
        }
    }
    variants
}

/// A one-size product's stock.
fn one_size_stock(rng: &mut StdRng, shelf: Shelf) -> u32 {
    match shelf {
        Shelf::Empty => 0,
        Shelf::Low => rng.gen_range(1..=LOW_STOCK_MAX),
        Shelf::Plenty => rng.gen_range(LOW_STOCK_MAX + 1..=300),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_size_never_gets_an_sku_already_in_use() {
        // Every SKU a Linen Dress in M could get but sixteen is taken: the sizes draw ids
        // until they find those.
        let free: Vec<String> = (0..16).map(|n| format!("{n:04x}")).collect();
        let mut skus: HashSet<String> = (16..=0xffff)
            .map(|n| format!("linen-dress-m-{n:04x}"))
            .collect();
        let mut rng = StdRng::seed_from_u64(1);
        let made = variants(
            &mut rng,
            "Linen Dress",
            &["M"],
            &["Teal"],
            Shelf::Plenty,
            &mut skus,
        );
        assert_eq!(made.len(), 1);
        let tail = made[0].sku.rsplit('-').next().unwrap().to_lowercase();
        assert!(free.contains(&tail), "{}", made[0].sku);
        assert!(skus.contains(&made[0].sku.to_lowercase()));
    }

    #[test]
    fn sizes_are_a_run_of_the_usual_ones_and_accessories_have_none() {
        let mut rng = StdRng::seed_from_u64(2);
        for _ in 0..50 {
            let women = sizes(&mut rng, Garment::Dress, false);
            assert!((3..=6).contains(&women.len()));
            let start = WOMEN_SIZES.iter().position(|s| *s == women[0]).unwrap();
            assert_eq!(women, &WOMEN_SIZES[start..start + women.len()]);
            let kids = sizes(&mut rng, Garment::Hoodie, true);
            assert!(kids.iter().all(|s| KIDS_SIZES.contains(s)));
            let shoes = sizes(&mut rng, Garment::Shoes, false);
            assert!(shoes.iter().all(|s| WOMEN_SHOE_SIZES.contains(s)));
        }
        for accessory in [
            Garment::Scarf,
            Garment::Bag,
            Garment::Jewellery,
            Garment::Hat,
        ] {
            assert!(sizes(&mut rng, accessory, false).is_empty());
        }
    }
}

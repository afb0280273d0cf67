//! The demo shop's catalogue: what `make run` shows, over women, kids and sales. Clothes
//! come in sizes (women XS to XXL, kids by age, shoes by European size), some in two or
//! three colours, with a few sizes sold out or nearly; scarves, bags, jewellery and hats are
//! one-size.

use domain::product::Category;

/// One product of the demo shop.
pub(super) struct DemoProduct {
    pub name: &'static str,
    pub description: &'static str,
    /// The selling price (the discount already taken off).
    pub cents: i64,
    pub discount: u8,
    /// Comma-separated.
    pub tags: &'static str,
    pub featured: bool,
    /// The colour its picture is drawn in; for a product in several colours, the first.
    pub colour: &'static str,
    /// What is on the shelf, one of:
    /// - `"60"`: a one-size product with 60 units;
    /// - `"S 3, M 5, L 0"`: sizes in the given order, each with its stock;
    /// - `"Sand: S 3, M 5 | Olive: S 2, M 0"`: the same per colour.
    pub stock: &'static str,
}

/// One size (and colour) of a demo product, as [`DemoProduct::stock`] gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DemoSize {
    pub size: &'static str,
    pub colour: Option<&'static str>,
    pub stock: u32,
}

impl DemoProduct {
    /// Its sizes in the catalogue's order (colour by colour); none for a one-size product.
    pub fn sizes(&self) -> Vec<DemoSize> {
        if self.stock.parse::<u32>().is_ok() {
            return Vec::new();
        }
        let mut sizes = Vec::new();
        for group in self.stock.split('|') {
            let (colour, list) = match group.split_once(':') {
                Some((colour, list)) => (Some(colour.trim()), list),
                None => (None, group),
            };
            for entry in list.split(',') {
                let (size, stock) = entry
                    .trim()
                    .rsplit_once(' ')
                    .unwrap_or_else(|| panic!("{}: '{entry}' is not 'SIZE STOCK'", self.name));
                sizes.push(DemoSize {
                    size: size.trim(),
                    colour,
                    stock: stock
                        .parse()
                        .unwrap_or_else(|_| panic!("{}: bad stock in '{entry}'", self.name)),
                });
            }
        }
        sizes
    }

    /// Its stock: a one-size product's own, else the sum of its sizes'.
    pub fn total_stock(&self) -> u32 {
        self.stock
            .parse()
            .unwrap_or_else(|_| self.sizes().iter().map(|s| s.stock).sum())
    }
}

/// The catalogue by category, in the order products are added (newest last).
pub(super) const CATALOGUE: [(Category, &[DemoProduct]); 3] = [
    (Category::Women, WOMEN),
    (Category::Kids, KIDS),
    (Category::Sales, SALES),
];

const WOMEN: &[DemoProduct] = &[
    DemoProduct {
        name: "Linen Wrap Dress",
        description: "Breathable linen wrap dress with a tie waist, cut for hot afternoons.",
        cents: 3899,
        discount: 0,
        tags: "new,dress,summer",
        featured: true,
        colour: "Sand",
        stock: "Sand: S 3, M 5, L 4, XL 0 | Olive: S 2, M 4, L 2, XL 1 | Rose: S 0, M 2, L 1",
    },
    DemoProduct {
        name: "Embroidered Abaya",
        description: "Flowing black abaya with fine gold embroidery on the cuffs.",
        cents: 5499,
        discount: 10,
        tags: "abaya,evening",
        featured: true,
        colour: "Black",
        stock: "S 3, M 4, L 4, XL 3, XXL 1",
    },
    DemoProduct {
        name: "Silk Hijab Set",
        description: "Three soft silk-blend hijabs in desert tones.",
        cents: 1999,
        discount: 0,
        tags: "hijab,new",
        featured: false,
        colour: "Sand",
        stock: "60",
    },
    DemoProduct {
        name: "Floral Maxi Dress",
        description: "Ankle-length maxi dress in a bright floral print.",
        cents: 4299,
        discount: 15,
        tags: "dress,floral",
        featured: false,
        colour: "Coral",
        stock: "XS 0, S 2, M 3, L 3, XL 1",
    },
    DemoProduct {
        name: "Cotton Guntiino",
        description: "Traditional guntiino in airy cotton, hand-finished edges.",
        cents: 3299,
        discount: 0,
        tags: "traditional,new",
        featured: true,
        colour: "Saffron",
        stock: "S 6, M 9, L 8, XL 7",
    },
    DemoProduct {
        name: "Pleated Midi Skirt",
        description: "Satin-finish pleated skirt that moves beautifully.",
        cents: 2799,
        discount: 0,
        tags: "skirt",
        featured: false,
        colour: "Black",
        stock: "Black: XS 2, S 3, M 4, L 2 | Emerald: XS 0, S 2, M 3, L 2",
    },
    DemoProduct {
        name: "Tailored Wide Trousers",
        description: "High-waisted wide-leg trousers with pressed creases.",
        cents: 3499,
        discount: 20,
        tags: "trousers,work",
        featured: false,
        colour: "Charcoal",
        stock: "XS 1, S 3, M 4, L 3, XL 1, XXL 0",
    },
    DemoProduct {
        name: "Everyday Jersey Top",
        description: "Long-sleeve jersey top, soft and opaque.",
        cents: 1499,
        discount: 0,
        tags: "top,basics",
        featured: false,
        colour: "White",
        stock: "White: XS 4, S 6, M 6, L 5, XL 4, XXL 2 | Black: XS 3, S 6, M 7, L 6, XL 4, \
                XXL 3 | Navy: XS 2, S 5, M 6, L 5, XL 1, XXL 1",
    },
    DemoProduct {
        name: "Beaded Evening Clutch",
        description: "Small clutch with hand-sewn beads and a chain strap.",
        cents: 2599,
        discount: 0,
        tags: "bag,evening,new",
        featured: false,
        colour: "Gold",
        stock: "7",
    },
    DemoProduct {
        name: "Kaftan Beach Cover",
        description: "Loose kaftan in light voile with tassel ties.",
        cents: 2999,
        discount: 0,
        tags: "kaftan,summer",
        featured: true,
        colour: "Turquoise",
        stock: "S 5, M 7, L 6, XL 4",
    },
    DemoProduct {
        name: "Denim Shirt Dress",
        description: "Button-through denim dress with a belt.",
        cents: 3999,
        discount: 0,
        tags: "dress,denim",
        featured: false,
        colour: "Denim",
        stock: "XS 0, S 0, M 0, L 0, XL 0",
    },
    DemoProduct {
        name: "Knit Cardigan",
        description: "Long open cardigan in a fine knit for cool evenings.",
        cents: 3199,
        discount: 0,
        tags: "knit,new",
        featured: false,
        colour: "Camel",
        stock: "Camel: S 3, M 4, L 2, XL 1 | Grey: S 1, M 2, L 1, XL 0",
    },
    DemoProduct {
        name: "Leather Sandals",
        description: "Flat leather sandals with a padded footbed.",
        cents: 2899,
        discount: 0,
        tags: "shoes,summer",
        featured: false,
        colour: "Tan",
        stock: "37 4, 38 6, 39 7, 40 5, 41 4",
    },
    DemoProduct {
        name: "Printed Dirac",
        description: "Light dirac with a printed border, made for celebrations.",
        cents: 4599,
        discount: 0,
        tags: "traditional,evening",
        featured: true,
        colour: "Plum",
        stock: "S 2, M 3, L 3, XL 2, XXL 1",
    },
    DemoProduct {
        name: "Satin Blouse",
        description: "Fluid satin blouse with covered buttons.",
        cents: 2499,
        discount: 0,
        tags: "top,work",
        featured: false,
        colour: "Ivory",
        stock: "XS 0, S 1, M 2, L 0",
    },
    DemoProduct {
        name: "Woven Tote Bag",
        description: "Roomy straw tote with leather handles.",
        cents: 2199,
        discount: 0,
        tags: "bag,summer,new",
        featured: false,
        colour: "Sand",
        stock: "40",
    },
    DemoProduct {
        name: "Amber Bead Necklace",
        description: "Hand-strung amber-tone beads with a round pendant.",
        cents: 1599,
        discount: 0,
        tags: "jewellery,new",
        featured: false,
        colour: "Amber",
        stock: "18",
    },
];

const KIDS: &[DemoProduct] = &[
    DemoProduct {
        name: "Girls Party Dress",
        description: "Tulle party dress with a satin bow, ages 3-10.",
        cents: 2999,
        discount: 0,
        tags: "dress,party,new",
        featured: true,
        colour: "Pink",
        stock: "Pink: 3-4Y 2, 4-5Y 3, 5-6Y 2, 6-7Y 1, 7-8Y 2, 8-9Y 0, 9-10Y 1 | \
                Lilac: 3-4Y 1, 4-5Y 2, 5-6Y 2, 6-7Y 2, 7-8Y 1, 8-9Y 1, 9-10Y 0",
    },
    DemoProduct {
        name: "Boys Cotton Shirt Set",
        description: "Shirt and shorts set in soft cotton, ages 2-8.",
        cents: 2199,
        discount: 0,
        tags: "set,summer",
        featured: false,
        colour: "Sky Blue",
        stock: "2-3Y 5, 3-4Y 7, 4-5Y 6, 5-6Y 7, 6-7Y 6, 7-8Y 4",
    },
    DemoProduct {
        name: "Kids Hooded Sweatshirt",
        description: "Fleece-lined hoodie with a kangaroo pocket.",
        cents: 1899,
        discount: 0,
        tags: "hoodie,basics",
        featured: false,
        colour: "Grey",
        stock: "Grey: 4-5Y 3, 6-7Y 4, 8-9Y 4, 10-11Y 2 | Navy: 4-5Y 2, 6-7Y 3, 8-9Y 3, \
                10-11Y 1 | Red: 4-5Y 2, 6-7Y 2, 8-9Y 1, 10-11Y 1",
    },
    DemoProduct {
        name: "Toddler Romper Trio",
        description: "Three snap-button rompers in soft cotton for toddlers.",
        cents: 1699,
        discount: 0,
        tags: "baby,basics,new",
        featured: true,
        colour: "Mint",
        stock: "2-3Y 24, 3-4Y 26",
    },
    DemoProduct {
        name: "Girls Embroidered Abaya",
        description: "Little abaya with floral embroidery for Eid.",
        cents: 2799,
        discount: 0,
        tags: "abaya,eid",
        featured: false,
        colour: "Black",
        stock: "5-6Y 1, 6-7Y 2, 7-8Y 2, 8-9Y 1, 9-10Y 0, 10-11Y 1, 11-12Y 1, 12-13Y 0",
    },
    DemoProduct {
        name: "Kids Denim Jacket",
        description: "Classic denim jacket with a soft lining.",
        cents: 2599,
        discount: 10,
        tags: "jacket,denim",
        featured: false,
        colour: "Denim",
        stock: "3-4Y 2, 4-5Y 3, 5-6Y 3, 6-7Y 3, 7-8Y 2, 8-9Y 2, 9-10Y 1",
    },
    DemoProduct {
        name: "School Backpack",
        description: "Light backpack with padded straps and a bottle pocket.",
        cents: 1599,
        discount: 0,
        tags: "bag,school",
        featured: false,
        colour: "Navy",
        stock: "45",
    },
    DemoProduct {
        name: "Boys Kameez Set",
        description: "Kameez and trousers set for celebrations, ages 4-12.",
        cents: 2699,
        discount: 0,
        tags: "traditional,eid,new",
        featured: true,
        colour: "White",
        stock: "4-5Y 2, 5-6Y 2, 6-7Y 2, 7-8Y 2, 8-9Y 2, 9-10Y 1, 10-11Y 1, 11-12Y 1",
    },
    DemoProduct {
        name: "Kids Canvas Sneakers",
        description: "Easy-on canvas sneakers with rubber soles.",
        cents: 1799,
        discount: 0,
        tags: "shoes",
        featured: false,
        colour: "Red",
        stock: "26 1, 28 0, 30 2, 32 1, 33 1",
    },
    DemoProduct {
        name: "Girls Leggings Pack",
        description: "Two pairs of stretch leggings in bright colours.",
        cents: 1099,
        discount: 0,
        tags: "basics",
        featured: false,
        colour: "Pink",
        stock: "2-3Y 8, 3-4Y 10, 4-5Y 10, 5-6Y 10, 6-7Y 10, 7-8Y 10, 8-9Y 12",
    },
    DemoProduct {
        name: "Kids Sun Hat",
        description: "Wide-brim cotton sun hat with a chin strap.",
        cents: 899,
        discount: 0,
        tags: "summer,new",
        featured: false,
        colour: "Yellow",
        stock: "38",
    },
    DemoProduct {
        name: "Toddler Pajama Set",
        description: "Soft cotton pajamas with star print.",
        cents: 1299,
        discount: 0,
        tags: "sleepwear",
        featured: false,
        colour: "Lavender",
        stock: "2-3Y 0, 3-4Y 0, 4-5Y 0",
    },
    DemoProduct {
        name: "Girls Cardigan",
        description: "Button cardigan in a cosy knit.",
        cents: 1599,
        discount: 0,
        tags: "knit",
        featured: false,
        colour: "Lilac",
        stock: "3-4Y 3, 4-5Y 4, 5-6Y 4, 6-7Y 3, 7-8Y 3, 8-9Y 2",
    },
    DemoProduct {
        name: "Boys Cargo Shorts",
        description: "Durable cargo shorts with many pockets.",
        cents: 1399,
        discount: 0,
        tags: "shorts,summer",
        featured: false,
        colour: "Khaki",
        stock: "4-5Y 4, 5-6Y 5, 6-7Y 5, 7-8Y 4, 8-9Y 4, 9-10Y 3, 10-11Y 2",
    },
];

const SALES: &[DemoProduct] = &[
    DemoProduct {
        name: "Chiffon Evening Gown",
        description: "Floor-length chiffon gown with a draped neckline.",
        cents: 4799,
        discount: 40,
        tags: "dress,evening",
        featured: true,
        colour: "Burgundy",
        stock: "S 1, M 2, L 2, XL 1",
    },
    DemoProduct {
        name: "Patterned Shawl",
        description: "Large soft shawl with a woven pattern.",
        cents: 1199,
        discount: 30,
        tags: "shawl",
        featured: false,
        colour: "Teal",
        stock: "25",
    },
    DemoProduct {
        name: "Kids Rain Jacket",
        description: "Waterproof jacket with taped seams and a hood.",
        cents: 1499,
        discount: 25,
        tags: "jacket,kids",
        featured: false,
        colour: "Yellow",
        stock: "Yellow: 3-4Y 1, 4-5Y 2, 5-6Y 1, 6-7Y 1, 7-8Y 0 | \
                Navy: 3-4Y 1, 4-5Y 1, 5-6Y 2, 6-7Y 1, 7-8Y 0",
    },
    DemoProduct {
        name: "Lace Trim Jilbab",
        description: "Jilbab with delicate lace trim on the sleeves.",
        cents: 3599,
        discount: 35,
        tags: "jilbab",
        featured: false,
        colour: "Navy",
        stock: "S 2, M 3, L 3, XL 2, XXL 2",
    },
    DemoProduct {
        name: "Girls Tutu Skirt",
        description: "Layered tutu skirt with an elastic waist.",
        cents: 899,
        discount: 50,
        tags: "skirt,kids",
        featured: false,
        colour: "Pink",
        stock: "2-3Y 5, 3-4Y 6, 4-5Y 7, 5-6Y 6, 6-7Y 6",
    },
    DemoProduct {
        name: "Velvet Dirac",
        description: "Rich velvet dirac for cool evenings.",
        cents: 3999,
        discount: 45,
        tags: "traditional,evening",
        featured: true,
        colour: "Emerald",
        stock: "S 1, M 2, L 1, XL 0",
    },
    DemoProduct {
        name: "Ankle Boots",
        description: "Block-heel ankle boots in soft suede.",
        cents: 3299,
        discount: 30,
        tags: "shoes",
        featured: false,
        colour: "Brown",
        stock: "37 2, 38 2, 39 3, 40 2",
    },
    DemoProduct {
        name: "Kids Pajama Bundle",
        description: "Two pajama sets for the price of one.",
        cents: 1299,
        discount: 50,
        tags: "sleepwear,kids",
        featured: false,
        colour: "Sky Blue",
        stock: "3-4Y 3, 4-5Y 3, 5-6Y 3, 6-7Y 3, 7-8Y 3",
    },
    DemoProduct {
        name: "Striped Beach Dress",
        description: "Cotton beach dress with bold stripes.",
        cents: 1799,
        discount: 40,
        tags: "dress,summer",
        featured: false,
        colour: "Coral",
        stock: "XS 4, S 5, M 6, L 4, XL 2",
    },
    DemoProduct {
        name: "Crossbody Bag",
        description: "Compact crossbody bag with an adjustable strap.",
        cents: 1599,
        discount: 20,
        tags: "bag",
        featured: false,
        colour: "Camel",
        stock: "17",
    },
];

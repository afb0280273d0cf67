//! Which garment a demo picture shows, named from a product's name.

/// The kind of thing a demo picture draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Garment {
    /// Dresses and gowns, the guntiino and the dirac.
    Dress,
    /// Long robes with long sleeves: abaya, jilbab, kaftan.
    Abaya,
    Skirt,
    /// Blouses, tops, tunics and the kameez: long sleeves and buttons.
    Top,
    /// T-shirts, shirts, rompers and pyjamas.
    TShirt,
    /// Trousers and leggings.
    Trousers,
    Shorts,
    Hoodie,
    /// Jackets, coats and cardigans.
    Jacket,
    /// Scarves, hijabs and shawls.
    Scarf,
    /// Bags, clutches and backpacks.
    Bag,
    /// Necklaces, bangles, earrings and the like.
    Jewellery,
    /// Shoes, sandals, sneakers and boots.
    Shoes,
    /// Hats and caps.
    Hat,
}

/// Words naming each kind, most specific first: the first kind with a word of the name wins
/// (so a 'Shirt Dress' is a dress and a 'Hooded Sweatshirt' a hoodie). Words match in the
/// singular and the plural.
const WORDS: &[(Garment, &[&str])] = &[
    (
        Garment::Dress,
        &["dress", "gown", "guntiino", "dirac", "frock", "sundress"],
    ),
    (
        Garment::Abaya,
        &[
            "abaya",
            "jilbab",
            "kaftan",
            "caftan",
            "jalabiya",
            "jellabiya",
            "thobe",
            "robe",
        ],
    ),
    (
        Garment::Hoodie,
        &["hoodie", "hoody", "hooded", "sweatshirt"],
    ),
    (
        Garment::Jacket,
        &[
            "jacket", "cardigan", "coat", "raincoat", "blazer", "parka", "bolero", "shrug",
        ],
    ),
    (Garment::Skirt, &["skirt", "tutu"]),
    (
        Garment::TShirt,
        &[
            "tshirt", "tee", "shirt", "romper", "pajama", "pyjama", "onesie", "bodysuit", "polo",
        ],
    ),
    (
        Garment::Top,
        &[
            "top", "blouse", "tunic", "kameez", "camisole", "jumper", "sweater",
        ],
    ),
    (
        Garment::Trousers,
        &[
            "trouser", "pant", "legging", "jean", "jogger", "palazzo", "chino",
        ],
    ),
    (Garment::Shorts, &["short"]),
    (
        Garment::Scarf,
        &[
            "scarf", "scarves", "hijab", "shawl", "stole", "khimar", "wrap",
        ],
    ),
    (
        Garment::Bag,
        &[
            "bag", "handbag", "clutch", "tote", "backpack", "purse", "satchel", "pouch",
        ],
    ),
    (
        Garment::Jewellery,
        &[
            "necklace",
            "earring",
            "bangle",
            "bracelet",
            "ring",
            "pendant",
            "anklet",
            "brooch",
            "jewellery",
            "jewelry",
        ],
    ),
    (
        Garment::Shoes,
        &[
            "shoe", "sandal", "sneaker", "trainer", "boot", "heel", "slipper", "loafer",
        ],
    ),
    (Garment::Hat, &["hat", "cap", "beanie", "bonnet"]),
];

impl Garment {
    /// Every kind, in the order of the enum.
    pub const ALL: [Garment; 14] = [
        Garment::Dress,
        Garment::Abaya,
        Garment::Skirt,
        Garment::Top,
        Garment::TShirt,
        Garment::Trousers,
        Garment::Shorts,
        Garment::Hoodie,
        Garment::Jacket,
        Garment::Scarf,
        Garment::Bag,
        Garment::Jewellery,
        Garment::Shoes,
        Garment::Hat,
    ];

    /// The kind a product's name names, e.g. `Dress` for 'Linen Wrap Dress'; a top when no
    /// word of the name is known.
    pub fn of_name(name: &str) -> Garment {
        let lower = name.to_lowercase().replace("t-shirt", "tshirt");
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let names = |word: &str, key: &str| {
            word.strip_prefix(key)
                .is_some_and(|rest| matches!(rest, "" | "s" | "es"))
        };
        WORDS
            .iter()
            .find(|(_, keys)| {
                words
                    .iter()
                    .any(|word| keys.iter().any(|key| names(word, key)))
            })
            .map_or(Garment::Top, |(garment, _)| *garment)
    }

    /// Whether it hangs on a coat hanger (tops, dresses, scarves), on a clip hanger (skirts,
    /// trousers), or on nothing (bags, shoes, hats, jewellery).
    pub(super) fn hang(self) -> Hang {
        match self {
            Garment::Skirt | Garment::Trousers | Garment::Shorts => Hang::Clips,
            Garment::Bag | Garment::Jewellery | Garment::Shoes | Garment::Hat => Hang::Nothing,
            _ => Hang::Hanger,
        }
    }

    /// Whether a printed pattern suits it (not shoes or jewellery).
    pub(super) fn takes_patterns(self) -> bool {
        !matches!(self, Garment::Shoes | Garment::Jewellery)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Hang {
    Hanger,
    Clips,
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::Garment::{self, *};

    #[test]
    fn a_products_name_gives_the_garment_it_names() {
        let cases: &[(&str, Garment)] = &[
            ("Linen Wrap Dress", Dress),
            ("Denim Shirt Dress", Dress),
            ("Chiffon Evening Gown", Dress),
            ("Printed Dirac", Dress),
            ("Cotton Guntiino", Dress),
            ("Embroidered Abaya", Abaya),
            ("Lace Trim Jilbab", Abaya),
            ("Kaftan Beach Cover", Abaya),
            ("Pleated Midi Skirt", Skirt),
            ("Girls Tutu Skirt", Skirt),
            ("Satin Blouse", Top),
            ("Everyday Jersey Top", Top),
            ("Boys Kameez Set", Top),
            ("Basic T-Shirt", TShirt),
            ("Boys Cotton Shirt Set", TShirt),
            ("Shirt and Shorts Set", TShirt),
            ("Toddler Pajama Set", TShirt),
            ("Baby Romper Trio", TShirt),
            ("Tailored Wide Trousers", Trousers),
            ("Girls Leggings Pack", Trousers),
            ("Boys Cargo Shorts", Shorts),
            ("Kids Hooded Sweatshirt", Hoodie),
            ("Kids Denim Jacket", Jacket),
            ("Knit Cardigan", Jacket),
            ("Silk Hijab Set", Scarf),
            ("Patterned Shawl", Scarf),
            ("Beaded Evening Clutch", Bag),
            ("Woven Tote Bag", Bag),
            ("School Backpack", Bag),
            ("Amber Bead Necklace", Jewellery),
            ("Gold Bangle Set", Jewellery),
            ("Leather Sandals", Shoes),
            ("Kids Canvas Sneakers", Shoes),
            ("Ankle Boots", Shoes),
            ("Kids Sun Hat", Hat),
            ("Linen Wrap Dress in Teal", Dress),
            ("Something Else", Top),
        ];
        for (name, garment) in cases {
            assert_eq!(Garment::of_name(name), *garment, "{name}");
        }
    }

    #[test]
    fn words_match_whole_not_inside_other_words() {
        // 'string' holds 'ring', 'capri' holds 'cap', 'hatched' holds 'hat'.
        assert_eq!(Garment::of_name("Drawstring Hatched Capri"), Top);
        assert_eq!(Garment::of_name("Earrings"), Jewellery);
    }
}

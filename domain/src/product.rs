//! The catalogue: products, categories, pricing, stock status, validation and search.

pub mod colour_pictures;

use crate::ids::ProductId;
use crate::ids::VariantId;
use crate::money::{Money, Percent};
use crate::stock::stock_count;
pub use crate::stock::{StockStatus, LOW_STOCK_MAX};
use crate::validation::{FieldErrors, Lines};
use crate::variant::Variant;
use chrono::{DateTime, Utc};
use colour_pictures::ColourPictures;
use std::cmp::Reverse;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Category {
    #[default]
    Women,
    Kids,
    Sales,
}

impl Category {
    pub const ALL: [Category; 3] = [Category::Women, Category::Kids, Category::Sales];

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_lowercase().as_str() {
            "women" => Some(Category::Women),
            "kids" => Some(Category::Kids),
            "sales" | "sale" => Some(Category::Sales),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Women => "women",
            Category::Kids => "kids",
            Category::Sales => "sales",
        }
    }
}

/// Where a product's picture is stored: the full size and its thumbnail, both server paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductImage {
    pub full: String,
    pub thumbnail: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: ProductId,
    pub name: String,
    pub description: String,
    pub category: Category,
    pub tags: Vec<String>,
    /// The selling price, after discount.
    pub price: Money,
    pub discount: Percent,
    /// The price before discount when the catalogue states it.
    pub stated_original_price: Option<Money>,
    pub image: Option<ProductImage>,
    pub gallery: Vec<String>,
    /// Each colour's own pictures (`Product::cover` picks the one cards show).
    pub colour_pictures: ColourPictures,
    /// Average rating in tenths of a star (45 is 4.5 stars).
    pub rating_tenths: u8,
    pub reviews: u32,
    /// With variants, the sum of theirs.
    pub stock: u32,
    /// Sizes and colours in the admin's order; none for a one-size product.
    pub variants: Vec<Variant>,
    pub is_featured: bool,
    pub created_at: DateTime<Utc>,
}

impl Product {
    pub fn original_price(&self) -> Option<Money> {
        original_price(self.price, self.discount, self.stated_original_price)
    }

    pub fn stock_status(&self) -> StockStatus {
        StockStatus::of(self.stock)
    }

    pub fn variant(&self, id: &VariantId) -> Option<&Variant> {
        self.variants.iter().find(|v| &v.id == id)
    }
}

/// The stated original price if set, else `price / (1 - discount/100)`
/// rounded to the cent; none when the discount is 0 or 100.
pub fn original_price(price: Money, discount: Percent, stated: Option<Money>) -> Option<Money> {
    let percent = i64::from(discount.value());
    if percent == 0 || percent == 100 {
        return None;
    }
    if let Some(stated) = stated {
        return Some(stated);
    }
    let cents = (price.cents() * 100 * 2 + (100 - percent)) / ((100 - percent) * 2);
    Money::from_cents(cents)
}

/// A product's fields as an admin submits them, before validation.
#[derive(Debug, Clone, Default)]
pub struct ProductInput {
    pub name: String,
    pub description: String,
    pub category: Option<String>,
    /// Dollars; `None` when missing or not a number.
    pub price: Option<f64>,
    /// `None` when missing or not a number.
    pub stock: Option<f64>,
    pub discount: Option<f64>,
    /// Comma-separated, as the admin form sends them.
    pub tags: String,
    pub is_featured: bool,
}

/// Validated product fields (everything but identity, pictures and timestamps).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDraft {
    pub name: String,
    pub description: String,
    pub category: Category,
    pub tags: Vec<String>,
    pub price: Money,
    pub discount: Percent,
    pub stock: u32,
    pub is_featured: bool,
}

impl ProductDraft {
    /// The new product `id` these fields make, with its `variants` (its stock is theirs when
    /// it has any) and its picture, made at `now`: no reviews yet.
    pub fn into_product(
        self,
        id: ProductId,
        variants: Vec<Variant>,
        image: Option<ProductImage>,
        now: DateTime<Utc>,
    ) -> Product {
        Product {
            id,
            name: self.name,
            description: self.description,
            category: self.category,
            tags: self.tags,
            price: self.price,
            discount: self.discount,
            stated_original_price: None,
            gallery: image.iter().map(|i| i.full.clone()).collect(),
            colour_pictures: Default::default(),
            image,
            rating_tenths: 0,
            reviews: 0,
            stock: self.stock,
            variants,
            is_featured: self.is_featured,
            created_at: now,
        }
    }
}

impl ProductInput {
    /// The product form's rules and the messages shown under its fields.
    pub fn validate(&self) -> Result<ProductDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = errors.text("name", &self.name, Lines::Single);
        errors.check(name.is_none(), "name", "Product name is required");
        // A description may span lines.
        let description = errors.text("description", &self.description, Lines::Multi);
        errors.check(
            description.is_none(),
            "description",
            "Description is required",
        );
        errors.check_text("tags", &self.tags, Lines::Single);
        let category = match self.category.as_deref().map(str::trim) {
            None | Some("") => Some(Category::default()),
            Some(raw) => Category::parse(raw),
        };
        errors.check(
            category.is_none(),
            "category",
            "Category must be women, kids or sales",
        );
        let price = self
            .price
            .filter(|p| *p > 0.0)
            .and_then(Money::from_dollars)
            .filter(|m| m.cents() > 0);
        errors.check(price.is_none(), "price", "Valid price is required");
        let stock = self.stock.and_then(stock_count);
        errors.check(stock.is_none(), "stock", "Valid stock quantity is required");
        let discount = match self.discount {
            None => Some(Percent::default()),
            Some(d) if (0.0..=100.0).contains(&d) && d.fract() == 0.0 => Percent::new(d as u8),
            Some(_) => None,
        };
        errors.check(
            discount.is_none(),
            "discount",
            "Discount must be between 0 and 100",
        );
        let draft = match (name, description, category, price, stock, discount) {
            (
                Some(name),
                Some(description),
                Some(category),
                Some(price),
                Some(stock),
                Some(discount),
            ) => Some(ProductDraft {
                name,
                description,
                category,
                tags: split_tags(&self.tags),
                price,
                discount,
                stock,
                is_featured: self.is_featured,
            }),
            _ => None,
        };
        match draft {
            Some(draft) if errors.is_empty() => Ok(draft),
            _ => Err(errors),
        }
    }
}

/// Tags are split on commas, trimmed, with empties and repeats dropped.
pub fn split_tags(raw: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if !tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            tags.push(tag.to_owned());
        }
    }
    tags
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchSort {
    #[default]
    Relevance,
    PriceAsc,
    PriceDesc,
    Newest,
}

impl SearchSort {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "" | "relevance" => Some(SearchSort::Relevance),
            "price-asc" => Some(SearchSort::PriceAsc),
            "price-desc" => Some(SearchSort::PriceDesc),
            "newest" => Some(SearchSort::Newest),
            _ => None,
        }
    }
}

/// What search matches and orders a product by, without its sizes and pictures: a broad query
/// ranks thousands of these and loads in full only the page it answers.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchCandidate {
    pub id: ProductId,
    pub name: String,
    pub description: String,
    pub category: Category,
    pub tags: Vec<String>,
    pub price: Money,
    pub created_at: DateTime<Utc>,
}

impl From<&Product> for SearchCandidate {
    fn from(product: &Product) -> Self {
        Self {
            id: product.id.clone(),
            name: product.name.clone(),
            description: product.description.clone(),
            category: product.category,
            tags: product.tags.clone(),
            price: product.price,
            created_at: product.created_at,
        }
    }
}

/// How well a product matches a query (case-insensitive, on name, description, category or
/// any tag): `None` when it does not match; higher is better.
pub fn search_score(product: &SearchCandidate, query: &str) -> Option<u32> {
    let query = query.trim().to_lowercase();
    if query.is_empty() {
        return None;
    }
    let name = product.name.to_lowercase();
    let mut score = 0;
    if name == query {
        score += 100;
    } else if name.starts_with(&query) {
        score += 60;
    } else if name.contains(&query) {
        score += 40;
    }
    if product.tags.iter().any(|t| t.to_lowercase() == query) {
        score += 30;
    } else if product
        .tags
        .iter()
        .any(|t| t.to_lowercase().contains(&query))
    {
        score += 15;
    }
    if product.category.as_str().contains(&query) {
        score += 10;
    }
    if product.description.to_lowercase().contains(&query) {
        score += 5;
    }
    (score > 0).then_some(score)
}

/// The ids of the products matching `query`, ordered by `sort` (relevance: best match first,
/// then newest).
pub fn search(candidates: &[SearchCandidate], query: &str, sort: SearchSort) -> Vec<ProductId> {
    let mut hits: Vec<(u32, &SearchCandidate)> = candidates
        .iter()
        .filter_map(|p| search_score(p, query).map(|s| (s, p)))
        .collect();
    match sort {
        SearchSort::Relevance => {
            hits.sort_by_key(|(score, p)| (Reverse(*score), Reverse(p.created_at)))
        }
        SearchSort::PriceAsc => hits.sort_by_key(|(_, p)| (p.price, Reverse(p.created_at))),
        SearchSort::PriceDesc => {
            hits.sort_by_key(|(_, p)| (Reverse(p.price), Reverse(p.created_at)))
        }
        SearchSort::Newest => hits.sort_by_key(|(_, p)| Reverse(p.created_at)),
    }
    hits.into_iter().map(|(_, p)| p.id.clone()).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::TimeZone;

    pub fn product(id: &str, price_cents: i64, stock: u32) -> Product {
        Product {
            id: ProductId::parse(id).unwrap(),
            name: format!("Product {id}"),
            description: "A soft cotton dress".into(),
            category: Category::Women,
            tags: vec![],
            price: Money::from_cents(price_cents).unwrap(),
            discount: Percent::default(),
            stated_original_price: None,
            image: None,
            gallery: vec![],
            colour_pictures: Default::default(),
            rating_tenths: 45,
            reviews: 200,
            stock,
            variants: vec![],
            is_featured: false,
            created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        }
    }

    fn money(cents: i64) -> Money {
        Money::from_cents(cents).unwrap()
    }

    #[test]
    fn the_original_price_is_derived_from_the_discount() {
        let twenty = Percent::new(20).unwrap();
        assert_eq!(original_price(money(2400), twenty, None), Some(money(3000)));
        assert_eq!(
            original_price(money(1000), Percent::new(30).unwrap(), None),
            Some(money(1429))
        );
    }

    #[test]
    fn a_stated_original_price_wins_and_no_discount_means_none() {
        let twenty = Percent::new(20).unwrap();
        assert_eq!(
            original_price(money(2400), twenty, Some(money(3100))),
            Some(money(3100))
        );
        assert_eq!(
            original_price(money(2400), Percent::default(), Some(money(3100))),
            None
        );
        assert_eq!(
            original_price(money(2400), Percent::new(100).unwrap(), None),
            None
        );
    }

    #[test]
    fn stock_status_follows_spec_thresholds() {
        assert_eq!(StockStatus::of(0), StockStatus::OutOfStock);
        assert_eq!(StockStatus::of(1), StockStatus::LowStock);
        assert_eq!(StockStatus::of(10), StockStatus::LowStock);
        assert_eq!(StockStatus::of(11), StockStatus::InStock);
    }

    #[test]
    fn product_form_reports_spec_messages() {
        let input = ProductInput {
            name: "  ".into(),
            price: Some(0.0),
            stock: Some(-1.0),
            discount: Some(101.0),
            ..Default::default()
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.get("name"), Some("Product name is required"));
        assert_eq!(errors.get("description"), Some("Description is required"));
        assert_eq!(errors.get("price"), Some("Valid price is required"));
        assert_eq!(
            errors.get("stock"),
            Some("Valid stock quantity is required")
        );
        assert_eq!(
            errors.get("discount"),
            Some("Discount must be between 0 and 100")
        );
    }

    #[test]
    fn a_fractional_stock_is_refused_and_tags_are_cleaned() {
        let mut input = ProductInput {
            name: "Dress".into(),
            description: "Linen".into(),
            price: Some(12.5),
            stock: Some(2.5),
            tags: " new, ,summer,New ".into(),
            ..Default::default()
        };
        assert_eq!(
            input.validate().unwrap_err().get("stock"),
            Some("Valid stock quantity is required")
        );
        input.stock = Some(3.0);
        let draft = input.validate().unwrap();
        assert_eq!(draft.tags, vec!["new", "summer"]);
        assert_eq!(draft.category, Category::Women);
        assert_eq!(draft.price, money(1250));
    }

    #[test]
    fn search_matches_any_field_case_insensitively_and_sorts() {
        let mut cheap = product("a", 500, 1);
        cheap.name = "Girls Summer Dress".into();
        let mut dear = product("b", 900, 1);
        dear.tags = vec!["summer".into()];
        dear.created_at = cheap.created_at + chrono::Duration::days(1);
        let other = product("c", 100, 1);
        let all: Vec<SearchCandidate> = [cheap, dear, other].iter().map(Into::into).collect();
        let ids = |found: Vec<ProductId>| found.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(
            ids(search(&all, "SUMMER", SearchSort::Relevance)),
            ["a", "b"]
        );
        assert_eq!(
            ids(search(&all, "summer", SearchSort::PriceDesc)),
            ["b", "a"]
        );
        assert_eq!(
            ids(search(&all, "summer", SearchSort::PriceAsc)),
            ["a", "b"]
        );
        assert_eq!(ids(search(&all, "summer", SearchSort::Newest)), ["b", "a"]);
        assert_eq!(search(&all, "women", SearchSort::Relevance).len(), 3);
        assert!(search(&all, "  ", SearchSort::Relevance).is_empty());
    }
}

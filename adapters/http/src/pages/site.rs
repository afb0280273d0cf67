//! The shop as its served pages name it: its public address and its settings.

use crate::state::{AppState, PublicUrl};
use domain::payment_method::PaymentKind;
use domain::ports::RepoError;
use domain::product::Category;
use domain::settings::ShopSettings;

pub struct Site {
    base: String,
    pub settings: ShopSettings,
    /// The ways to pay this shop offers, by name.
    payment_methods: Vec<&'static str>,
}

impl Site {
    pub fn new(
        public_url: &PublicUrl,
        settings: ShopSettings,
        payment_methods: Vec<&'static str>,
    ) -> Self {
        Self {
            base: public_url.as_str().to_owned(),
            settings,
            payment_methods,
        }
    }

    /// The shop's settings and the ways to pay it offers.
    pub async fn load(state: &AppState, public_url: &PublicUrl) -> Result<Self, RepoError> {
        let payment_methods = state
            .shop
            .payments
            .methods()
            .await?
            .into_iter()
            .filter(|offered| offered.available)
            .map(|offered| match offered.method.kind() {
                PaymentKind::Card => "card",
                PaymentKind::Cash => "cash on delivery",
                PaymentKind::Wallet => offered.method.name(),
            })
            .collect();
        let settings = state.shop.settings.current_settings().await?;
        Ok(Self::new(public_url, settings, payment_methods))
    }

    /// How shoppers pay, for the pages' descriptions: "Pay with EVC Plus, ZAAD or card."
    pub fn paying(&self) -> String {
        match self.payment_methods.as_slice() {
            [] => String::new(),
            [only] => format!("Pay with {only}."),
            [first @ .., last] => format!("Pay with {} or {last}.", first.join(", ")),
        }
    }

    pub fn name(&self) -> &str {
        &self.settings.shop_name
    }

    /// The absolute address of a page at `path` (starting with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The absolute address of a served file (a picture) stored as a path or as a full URL.
    pub fn file_url(&self, stored: &str) -> String {
        if stored.starts_with("http://") || stored.starts_with("https://") {
            stored.to_owned()
        } else {
            self.url(&format!("/{}", stored.trim_start_matches('/')))
        }
    }

    /// The category page's heading, as the app writes it.
    pub fn category_heading(&self, category: Category) -> &'static str {
        match category {
            Category::Women => "Women Collection",
            Category::Kids => "Kids Collection",
            Category::Sales => "Sales Collection",
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::Utc;
    use domain::product::{Product, ProductImage};
    use domain::user::Email;
    use domain::{Money, Percent, ProductId};

    pub fn a_site() -> Site {
        Site::new(
            &PublicUrl::parse("https://shop.so/").unwrap(),
            ShopSettings {
                shop_name: "Dukaan".into(),
                support_phone: "+252 61 000 0000".into(),
                support_email: Email::parse("help@shop.so").unwrap(),
                shipping_fee: Money::from_cents(500).unwrap(),
                cash_on_delivery_max: Money::from_cents(20_000).unwrap(),
            },
            vec!["EVC Plus", "ZAAD", "card"],
        )
    }

    pub fn a_product(stock: u32, reviews: u32) -> Product {
        Product {
            id: ProductId::parse("p1").unwrap(),
            name: "Linen Wrap Dress".into(),
            description: "Soft & light linen for hot days.".into(),
            category: Category::Women,
            tags: vec![],
            price: Money::from_cents(2450).unwrap(),
            discount: Percent::new(30).unwrap(),
            stated_original_price: None,
            image: Some(ProductImage {
                full: "/uploads/ab/x.jpg".into(),
                thumbnail: "/uploads/ab/x-thumb.jpg".into(),
            }),
            gallery: vec!["https://cdn.example/y.jpg".into()],
            colour_pictures: Default::default(),
            rating_tenths: 45,
            reviews,
            stock,
            variants: Vec::new(),
            is_featured: false,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn the_ways_to_pay_are_named_as_a_list() {
        assert_eq!(a_site().paying(), "Pay with EVC Plus, ZAAD or card.");
        let one = Site::new(
            &PublicUrl::parse("https://shop.so/").unwrap(),
            a_site().settings,
            vec!["EVC Plus"],
        );
        assert_eq!(one.paying(), "Pay with EVC Plus.");
    }

    #[test]
    fn addresses_are_absolute_under_the_public_url() {
        let site = a_site();
        assert_eq!(site.url("/category/kids"), "https://shop.so/category/kids");
        assert_eq!(
            site.file_url("uploads/a.jpg"),
            "https://shop.so/uploads/a.jpg"
        );
        assert_eq!(
            site.file_url("https://cdn.example/a.jpg"),
            "https://cdn.example/a.jpg"
        );
    }
}

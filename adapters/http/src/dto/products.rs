//! Products as the catalogue's replies show them, and the product fields an admin sends.

use super::names::StockStatusName;
use super::{loose_bool, loose_number, ColourImagesDto, VariantDto, VariantRowBody};
use domain::product::Product;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub category: &'static str,
    pub tags: Vec<String>,
    pub price: f64,
    pub discount: u8,
    pub original_price: Option<f64>,
    /// The picture cards show: the first colour's first picture, else the product's own.
    pub image: Option<String>,
    /// `image`, small.
    pub thumbnail: Option<String>,
    /// The product's own pictures, shown for a colour without any.
    pub gallery: Vec<String>,
    /// The pictures of each colour of its sizes that has some: `{colour: [path]}`, the
    /// colours in the sizes' order.
    #[schema(value_type = BTreeMap<String, Vec<String>>)]
    pub colour_images: ColourImagesDto,
    pub rating: f64,
    pub reviews: u32,
    pub stock: u32,
    #[schema(value_type = StockStatusName)]
    pub stock_status: &'static str,
    /// Sizes and colours in the admin's order; empty for a one-size product.
    pub variants: Vec<VariantDto>,
    pub is_featured: bool,
    pub created_at: String,
}

impl From<&Product> for ProductDto {
    fn from(p: &Product) -> Self {
        Self {
            id: p.id.to_string(),
            name: p.name.clone(),
            description: p.description.clone(),
            category: p.category.as_str(),
            tags: p.tags.clone(),
            price: p.price.as_dollars(),
            discount: p.discount.value(),
            original_price: p.original_price().map(|m| m.as_dollars()),
            image: p.cover().map(|i| i.full.clone()),
            thumbnail: p.cover().map(|i| i.thumbnail.clone()),
            gallery: p.gallery.clone(),
            colour_images: ColourImagesDto::from(p),
            rating: f64::from(p.rating_tenths) / 10.0,
            reviews: p.reviews,
            stock: p.stock,
            stock_status: p.stock_status().as_str(),
            variants: p.variants.iter().map(VariantDto::from).collect(),
            is_featured: p.is_featured,
            created_at: p.created_at.to_rfc3339(),
        }
    }
}

pub fn products(list: &[Product]) -> Vec<ProductDto> {
    list.iter().map(ProductDto::from).collect()
}

/// Product fields as JSON; numbers may come as numbers or as text (HTML forms send text).
#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductBody {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub price: Option<Option<f64>>,
    /// Stock changes only when sent.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub stock: Option<Option<f64>>,
    /// With `stock` on an update: the stock the admin's form showed. When the stock has
    /// changed since, the answer is 409 and nothing is written.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0)]
    pub expected_stock: Option<Option<f64>>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Option<f64>>,
    /// Comma-separated, or a list of strings.
    #[serde(default, deserialize_with = "loose_tags")]
    pub tags: Option<String>,
    /// The size grid (in a multipart form: its JSON text). Rows with an `_id` keep that
    /// size, rows without are new, sizes left out are removed. With sizes, `stock` is theirs.
    #[serde(default)]
    #[schema(value_type = Option<Vec<VariantRowBody>>)]
    pub variants: Option<Value>,
    #[serde(default, deserialize_with = "loose_bool")]
    pub is_featured: Option<bool>,
}

/// The product fields as a multipart form (what the admin screens send), with an optional
/// picture. It describes the form in the API document; the handler reads it part by part.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductForm {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub price: Option<String>,
    pub stock: Option<String>,
    pub expected_stock: Option<String>,
    pub discount: Option<String>,
    /// Comma-separated.
    pub tags: Option<String>,
    /// `true`, `on`, `1` or `yes` for true.
    pub is_featured: Option<String>,
    /// The size grid as JSON text: `[{"size":"M","colour":"Black","sku":"","stock":3}]`.
    pub variants: Option<String>,
    /// A PNG, JPEG, GIF or WebP picture of at most 5 MB.
    #[schema(value_type = Option<String>, format = Binary)]
    pub image: Option<Vec<u8>>,
}

/// Tags as comma-separated text or as a list of strings.
fn loose_tags<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        Value::Array(items) => Some(
            items
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(","),
        ),
        _ => None,
    })
}

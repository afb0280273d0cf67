//! Pictures per colour in the API: a product's `colourImages`, and the bodies that change
//! them.

use domain::product::Product;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use utoipa::ToSchema;

/// The colours of a product's sizes that have pictures, in the sizes' order, each with its
/// pictures' full-size paths in the order they are shown.
pub struct ColourImagesDto(Vec<(String, Vec<String>)>);

impl From<&Product> for ColourImagesDto {
    fn from(product: &Product) -> Self {
        Self(
            product
                .shown_colour_pictures()
                .into_iter()
                .map(|(colour, pictures)| {
                    let paths = pictures.iter().map(|p| p.full.clone()).collect();
                    (colour.to_owned(), paths)
                })
                .collect(),
        )
    }
}

/// A JSON object whose keys come in the sizes' order.
impl Serialize for ColourImagesDto {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (colour, paths) in &self.0 {
            map.serialize_entry(colour, paths)?;
        }
        map.end()
    }
}

/// A colour's new picture, as a multipart form.
#[derive(ToSchema)]
pub struct ColourPictureForm {
    /// A PNG, JPEG, GIF or WebP picture of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    pub image: Vec<u8>,
}

/// A colour's pictures in their new order.
#[derive(Deserialize, ToSchema)]
pub struct ColourOrderBody {
    /// Each of the colour's pictures' paths (as in `colourImages`) once.
    pub images: Vec<String>,
}

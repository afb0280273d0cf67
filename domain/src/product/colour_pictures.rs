//! Pictures per colour: each colour of a product may have its own pictures, shown when a
//! shopper chooses it; the product's own pictures stand in for a colour without any.

use crate::product::{Product, ProductImage};
use thiserror::Error;

/// How many pictures one colour holds: a product page's gallery, not an album.
pub const MAX_PER_COLOUR: usize = 8;

/// One colour's pictures, in the order the shop shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourGallery {
    /// Spelled as the product's sizes spell it.
    pub colour: String,
    pub pictures: Vec<ProductImage>,
}

/// A product's pictures per colour, in the order their colours first got one. A colour no
/// size has any more keeps its pictures (they come back with the colour) but is not shown.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ColourPictures(Vec<ColourGallery>);

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ColourPictureError {
    #[error("This product has no size in that colour")]
    NoSuchColour,
    #[error("This colour has no such picture")]
    NoSuchPicture,
    #[error("A colour holds at most {MAX_PER_COLOUR} pictures")]
    Full,
    #[error("The new order must list each of the colour's pictures once")]
    NotAnOrder,
}

impl ColourPictures {
    pub fn new(galleries: Vec<ColourGallery>) -> Self {
        Self(galleries)
    }

    pub fn galleries(&self) -> &[ColourGallery] {
        &self.0
    }

    /// The pictures of `colour` (spelled as stored), none when it has none.
    pub fn of(&self, colour: &str) -> &[ProductImage] {
        self.0
            .iter()
            .find(|g| g.colour == colour)
            .map_or(&[], |g| g.pictures.as_slice())
    }

    /// The first picture of `colour` (as a line names it), when it has any.
    pub fn first_of(&self, colour: Option<&str>) -> Option<&ProductImage> {
        colour.and_then(|colour| self.of(colour).first())
    }

    /// `Full` when `colour` holds all the pictures it may.
    pub fn has_room(&self, colour: &str) -> Result<(), ColourPictureError> {
        if self.of(colour).len() >= MAX_PER_COLOUR {
            return Err(ColourPictureError::Full);
        }
        Ok(())
    }

    /// With `picture` last among `colour`'s.
    pub fn with_added(
        &self,
        colour: &str,
        picture: ProductImage,
    ) -> Result<Self, ColourPictureError> {
        self.has_room(colour)?;
        let mut next = self.clone();
        match next.0.iter_mut().find(|g| g.colour == colour) {
            Some(gallery) => gallery.pictures.push(picture),
            None => next.0.push(ColourGallery {
                colour: colour.to_owned(),
                pictures: vec![picture],
            }),
        }
        Ok(next)
    }

    /// Without `colour`'s picture at `index` (from 0), and that picture (to delete its files).
    pub fn without(
        &self,
        colour: &str,
        index: usize,
    ) -> Result<(Self, ProductImage), ColourPictureError> {
        let mut next = self.clone();
        let gallery = next
            .0
            .iter_mut()
            .find(|g| g.colour == colour)
            .filter(|g| index < g.pictures.len())
            .ok_or(ColourPictureError::NoSuchPicture)?;
        let removed = gallery.pictures.remove(index);
        next.0.retain(|g| !g.pictures.is_empty());
        Ok((next, removed))
    }

    /// With `colour`'s pictures in the order of `paths` (their full-size paths), which must
    /// name each of them once.
    pub fn reordered(&self, colour: &str, paths: &[String]) -> Result<Self, ColourPictureError> {
        let current = self.of(colour);
        let mut reordered = Vec::with_capacity(paths.len());
        for path in paths {
            let picture = current
                .iter()
                .find(|p| &p.full == path)
                .ok_or(ColourPictureError::NotAnOrder)?;
            if reordered.contains(picture) {
                return Err(ColourPictureError::NotAnOrder);
            }
            reordered.push(picture.clone());
        }
        if reordered.len() != current.len() {
            return Err(ColourPictureError::NotAnOrder);
        }
        let mut next = self.clone();
        if let Some(gallery) = next.0.iter_mut().find(|g| g.colour == colour) {
            gallery.pictures = reordered;
        }
        Ok(next)
    }

    /// Every picture, to delete their files with the product.
    pub fn all(&self) -> impl Iterator<Item = &ProductImage> {
        self.0.iter().flat_map(|g| &g.pictures)
    }
}

impl Product {
    /// The colour of its sizes that `raw` names, as they spell it (case and spaces aside).
    pub fn colour_named(&self, raw: &str) -> Result<&str, ColourPictureError> {
        let wanted = raw.trim().to_lowercase();
        self.variants
            .iter()
            .filter_map(|v| v.colour.as_deref())
            .find(|colour| colour.to_lowercase() == wanted)
            .ok_or(ColourPictureError::NoSuchColour)
    }

    /// The colours of its sizes that have pictures, in the sizes' order, with them.
    pub fn shown_colour_pictures(&self) -> Vec<(&str, &[ProductImage])> {
        let mut shown: Vec<(&str, &[ProductImage])> = Vec::new();
        for colour in self.variants.iter().filter_map(|v| v.colour.as_deref()) {
            let pictures = self.colour_pictures.of(colour);
            if !pictures.is_empty() && !shown.iter().any(|(c, _)| *c == colour) {
                shown.push((colour, pictures));
            }
        }
        shown
    }

    /// The picture of `colour` (as a line names it): its first picture, else the product's
    /// own (which stands in for a colour without any, and for a one-size product).
    pub fn picture_of(&self, colour: Option<&str>) -> Option<&ProductImage> {
        self.colour_pictures
            .first_of(colour)
            .or(self.image.as_ref())
    }

    /// The picture cards and shared links show: the first colour's first picture, else the
    /// product's own.
    pub fn cover(&self) -> Option<&ProductImage> {
        self.shown_colour_pictures()
            .first()
            .and_then(|(_, pictures)| pictures.first())
            .or(self.image.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;
    use crate::variant::Variant;
    use crate::VariantId;

    fn picture(name: &str) -> ProductImage {
        ProductImage {
            full: format!("/uploads/{name}.webp"),
            thumbnail: format!("/uploads/{name}-thumb.webp"),
        }
    }

    fn size(id: &str, size: &str, colour: &str) -> Variant {
        Variant {
            id: VariantId::parse(id).unwrap(),
            size: size.into(),
            colour: Some(colour.into()),
            sku: format!("SKU-{id}"),
            stock: 3,
        }
    }

    fn dress() -> Product {
        let mut dress = product("p1", 2_500, 9);
        dress.variants = vec![
            size("v1", "S", "Black"),
            size("v2", "M", "Black"),
            size("v3", "S", "Red"),
        ];
        dress.image = Some(picture("own"));
        dress
    }

    fn full_paths(pictures: &[ProductImage]) -> Vec<&str> {
        pictures.iter().map(|p| p.full.as_str()).collect()
    }

    #[test]
    fn a_colour_is_named_as_its_sizes_spell_it() {
        let dress = dress();
        assert_eq!(dress.colour_named(" red "), Ok("Red"));
        assert_eq!(dress.colour_named("BLACK"), Ok("Black"));
        assert_eq!(
            dress.colour_named("Green"),
            Err(ColourPictureError::NoSuchColour)
        );
    }

    #[test]
    fn pictures_are_added_last_up_to_the_limit() {
        let mut pictures = ColourPictures::default();
        for n in 0..MAX_PER_COLOUR {
            pictures = pictures
                .with_added("Red", picture(&format!("r{n}")))
                .unwrap();
        }
        assert_eq!(pictures.of("Red").len(), MAX_PER_COLOUR);
        assert_eq!(pictures.of("Red")[0], picture("r0"));
        assert_eq!(
            pictures.with_added("Red", picture("one-more")),
            Err(ColourPictureError::Full)
        );
        // Another colour has its own count.
        let with_black = pictures.with_added("Black", picture("b0")).unwrap();
        assert_eq!(with_black.of("Black"), [picture("b0")]);
    }

    #[test]
    fn removing_a_picture_returns_it_and_drops_an_emptied_colour() {
        let pictures = ColourPictures::default()
            .with_added("Red", picture("r0"))
            .unwrap()
            .with_added("Red", picture("r1"))
            .unwrap();
        let (left, removed) = pictures.without("Red", 0).unwrap();
        assert_eq!(removed, picture("r0"));
        assert_eq!(left.of("Red"), [picture("r1")]);
        let (empty, _) = left.without("Red", 0).unwrap();
        assert_eq!(empty, ColourPictures::default());
        assert_eq!(
            left.without("Red", 1),
            Err(ColourPictureError::NoSuchPicture)
        );
        assert_eq!(
            left.without("Black", 0),
            Err(ColourPictureError::NoSuchPicture)
        );
    }

    #[test]
    fn a_new_order_names_each_picture_once() {
        let pictures = ColourPictures::default()
            .with_added("Red", picture("r0"))
            .unwrap()
            .with_added("Red", picture("r1"))
            .unwrap();
        let path = |name: &str| picture(name).full;
        let swapped = pictures
            .reordered("Red", &[path("r1"), path("r0")])
            .unwrap();
        assert_eq!(
            full_paths(swapped.of("Red")),
            ["/uploads/r1.webp", "/uploads/r0.webp"]
        );
        for wrong in [
            vec![path("r1")],
            vec![path("r1"), path("r1")],
            vec![path("r1"), path("r0"), path("r2")],
            vec![path("r1"), path("elsewhere")],
        ] {
            assert_eq!(
                pictures.reordered("Red", &wrong),
                Err(ColourPictureError::NotAnOrder),
                "{wrong:?}"
            );
        }
    }

    #[test]
    fn a_line_shows_its_colours_first_picture_else_the_products_own() {
        let mut dress = dress();
        dress.colour_pictures = ColourPictures::new(vec![ColourGallery {
            colour: "Black".into(),
            pictures: vec![picture("b0"), picture("b1")],
        }]);
        assert_eq!(dress.picture_of(Some("Black")), Some(&picture("b0")));
        assert_eq!(dress.picture_of(Some("Red")), Some(&picture("own")));
        assert_eq!(dress.picture_of(None), Some(&picture("own")));
    }

    #[test]
    fn the_cover_is_the_first_colour_with_pictures_else_the_products_own() {
        let mut dress = dress();
        assert_eq!(dress.cover(), Some(&picture("own")));
        dress.colour_pictures = ColourPictures::default()
            .with_added("Red", picture("r0"))
            .unwrap();
        assert_eq!(dress.cover(), Some(&picture("r0")));
        dress.colour_pictures = dress
            .colour_pictures
            .with_added("Black", picture("b0"))
            .unwrap();
        // Black comes first among the sizes, whatever got pictures first.
        assert_eq!(dress.cover(), Some(&picture("b0")));
        let shown: Vec<&str> = dress
            .shown_colour_pictures()
            .iter()
            .map(|(c, _)| *c)
            .collect();
        assert_eq!(shown, ["Black", "Red"]);
    }

    #[test]
    fn a_colour_no_size_has_keeps_its_pictures_unshown() {
        let mut dress = dress();
        dress.colour_pictures = ColourPictures::default()
            .with_added("Green", picture("g0"))
            .unwrap();
        assert!(dress.shown_colour_pictures().is_empty());
        assert_eq!(dress.cover(), Some(&picture("own")));
        assert_eq!(dress.colour_pictures.all().count(), 1);
    }
}

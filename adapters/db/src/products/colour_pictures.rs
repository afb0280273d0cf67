//! The `colour_pictures` column: a product's pictures per colour as JSON, and its guarded
//! write.

use super::catalog_change;
use crate::schema::products;
use crate::{corrupt, Database};
use diesel::prelude::*;
use domain::ports::RepoError;
use domain::product::colour_pictures::{ColourGallery, ColourPictures};
use domain::product::ProductImage;
use domain::ProductId;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct StoredGallery {
    colour: String,
    pictures: Vec<StoredPicture>,
}

#[derive(Serialize, Deserialize)]
struct StoredPicture {
    full: String,
    thumbnail: String,
}

pub(crate) fn to_json(pictures: &ColourPictures) -> String {
    let stored: Vec<StoredGallery> = pictures
        .galleries()
        .iter()
        .map(|g| StoredGallery {
            colour: g.colour.clone(),
            pictures: g
                .pictures
                .iter()
                .map(|p| StoredPicture {
                    full: p.full.clone(),
                    thumbnail: p.thumbnail.clone(),
                })
                .collect(),
        })
        .collect();
    serde_json::to_string(&stored).expect("strings serialise")
}

pub(crate) fn from_json(raw: &str) -> Result<ColourPictures, RepoError> {
    let stored: Vec<StoredGallery> =
        serde_json::from_str(raw).map_err(|_| corrupt("colour pictures", raw))?;
    Ok(ColourPictures::new(
        stored
            .into_iter()
            .map(|g| ColourGallery {
                colour: g.colour,
                pictures: g
                    .pictures
                    .into_iter()
                    .map(|p| ProductImage {
                        full: p.full,
                        thumbnail: p.thumbnail,
                    })
                    .collect(),
            })
            .collect(),
    ))
}

impl Database {
    /// `ProductRepository::set_colour_pictures`: writes `new` only while the stored pictures
    /// still are `expected`.
    pub(crate) async fn write_colour_pictures(
        &self,
        id: &ProductId,
        expected: &ColourPictures,
        new: &ColourPictures,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        let (expected, new) = (to_json(expected), to_json(new));
        self.write(move |conn| {
            catalog_change(conn, |conn| {
                diesel::update(
                    products::table
                        .find(id)
                        .filter(products::colour_pictures.eq(expected)),
                )
                .set(products::colour_pictures.eq(new))
                .execute(conn)
            })
        })
        .await
    }
}

//! Pictures per colour (issue 44; `domain::colour_pictures`): uploading, ordering and
//! removing a colour's pictures.

use super::{find_product, CatalogVersion, FindProductError};
use crate::audit::Audit;
use derive_new::new;
use domain::audit::AuditChange;
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{ImageError, ImageStore, ProductRepository, RepoError};
use domain::product::colour_pictures::{ColourPictureError, ColourPictures};
use domain::product::Product;
use domain::user::User;
use domain::ProductId;
use std::sync::Arc;

/// How often a change is tried again when another one to the same product's pictures landed
/// between reading and writing them.
const ATTEMPTS: usize = 5;

#[derive(Debug, thiserror::Error)]
pub enum ColourPicturesError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Find(#[from] FindProductError),
    #[error(transparent)]
    Rule(#[from] ColourPictureError),
    #[error(transparent)]
    Image(#[from] ImageError),
    #[error(transparent)]
    Store(#[from] RepoError),
    /// Others kept changing the same pictures: every attempt lost the race.
    #[error("The pictures changed while saving; try again")]
    Busy,
}

/// Edits each colour's pictures (`products.manage`).
#[derive(new)]
pub struct ColourGalleries {
    products: Arc<dyn ProductRepository>,
    images: Arc<dyn ImageStore>,
    audit: Audit,
    catalog_version: CatalogVersion,
}

impl ColourGalleries {
    /// Stores `bytes` as the last picture of the product's `colour`. A full colour or an
    /// unknown one is refused before anything is stored.
    pub async fn add(
        &self,
        actor: &User,
        id: &ProductId,
        colour: &str,
        bytes: Vec<u8>,
    ) -> Result<Product, ColourPicturesError> {
        require(actor, Permission::ProductsManage)?;
        let product = self.product(id).await?;
        let spelled = product.colour_named(colour)?.to_owned();
        // Checked first, so a refused upload stores no file.
        product.colour_pictures.has_room(&spelled)?;
        let picture = self.images.store(bytes).await?;
        let result = self
            .change(actor, id, |product| {
                let colour = product.colour_named(&spelled)?;
                Ok(product
                    .colour_pictures
                    .with_added(colour, picture.clone())?)
            })
            .await;
        if result.is_err() {
            self.images.delete(&picture).await;
        }
        result
    }

    /// Removes the picture at `index` (from 0) of the product's `colour`, and its files.
    pub async fn remove(
        &self,
        actor: &User,
        id: &ProductId,
        colour: &str,
        index: usize,
    ) -> Result<Product, ColourPicturesError> {
        require(actor, Permission::ProductsManage)?;
        let mut removed = None;
        let product = self
            .change(actor, id, |product| {
                let colour = product.colour_named(colour)?;
                let (left, picture) = product.colour_pictures.without(colour, index)?;
                removed = Some(picture);
                Ok(left)
            })
            .await?;
        if let Some(picture) = removed {
            self.images.delete(&picture).await;
        }
        Ok(product)
    }

    /// Puts the product's `colour`'s pictures in the order of `paths`, their full-size
    /// paths, each named once.
    pub async fn reorder(
        &self,
        actor: &User,
        id: &ProductId,
        colour: &str,
        paths: &[String],
    ) -> Result<Product, ColourPicturesError> {
        require(actor, Permission::ProductsManage)?;
        self.change(actor, id, |product| {
            let colour = product.colour_named(colour)?;
            Ok(product.colour_pictures.reordered(colour, paths)?)
        })
        .await
    }

    async fn product(&self, id: &ProductId) -> Result<Product, ColourPicturesError> {
        Ok(find_product(self.products.as_ref(), id, FindProductError::NotFound).await?)
    }

    /// Writes what `next` makes of the stored pictures, read again and redone while another
    /// change lands first; the product as it is then.
    async fn change(
        &self,
        actor: &User,
        id: &ProductId,
        mut next: impl FnMut(&Product) -> Result<ColourPictures, ColourPicturesError>,
    ) -> Result<Product, ColourPicturesError> {
        for _ in 0..ATTEMPTS {
            let before = self.product(id).await?;
            let pictures = next(&before)?;
            match self
                .products
                .set_colour_pictures(id, &before.colour_pictures, &pictures)
                .await
            {
                Ok(()) => {
                    self.catalog_version.forget();
                    let after = Product {
                        colour_pictures: pictures,
                        ..before.clone()
                    };
                    self.audit
                        .record(actor, AuditChange::product_updated(&before, &after))
                        .await;
                    return Ok(after);
                }
                // Gone (the next read says so) or changed since: read again.
                Err(RepoError::NotFound) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ColourPicturesError::Busy)
    }
}

#[cfg(test)]
mod tests;

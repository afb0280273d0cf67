//! Port of the stored product pictures.

use crate::message::texts::{IMAGE_TOO_LARGE, NOT_AN_IMAGE, TOO_MANY_PIXELS};
use crate::product::ProductImage;
use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("{}", NOT_AN_IMAGE.english())]
    NotAnImage,
    #[error("{}", IMAGE_TOO_LARGE.english())]
    TooLarge,
    /// More pixels than a phone's photo: decoding it would take too much memory.
    #[error("{}", TOO_MANY_PIXELS.english())]
    TooManyPixels,
    #[error("image storage failed: {0}")]
    Storage(String),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ImageStore: Send + Sync {
    /// Checks the bytes are a picture, re-encodes them (dropping metadata), stores a full
    /// size and a thumbnail under new random names.
    async fn store(&self, bytes: Vec<u8>) -> Result<ProductImage, ImageError>;
    /// Best effort: a picture that cannot be removed is only logged.
    async fn delete(&self, image: &ProductImage);
}

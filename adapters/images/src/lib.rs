//! Product pictures: upload checks, re-encoding and thumbnails ([`prepare`]), storage on the
//! filesystem ([`FsImageStore`], the domain's `ImageStore` port) and locally drawn demo
//! pictures ([`demo_picture`] of a [`Garment`]).

mod demo;
mod fs_store;
mod prepare;

pub use demo::{demo_picture, Garment, DEMO_HEIGHT, DEMO_WIDTH};
pub use fs_store::FsImageStore;
pub use prepare::{
    prepare, PreparedImage, FULL_MAX_SIDE, JPEG_QUALITY, MAX_DECODED_BYTES, MAX_PIXELS, MAX_SIDE,
    MAX_UPLOAD_BYTES, THUMBNAIL_MAX_SIDE,
};

//! Demo pictures for the demo shop and `shop seed`: drawn a few at a time on the blocking
//! pool (each is a fraction of a second of CPU and a few megabytes while drawn) and stored
//! like uploads.

use anyhow::Context;
use domain::ports::ImageStore;
use domain::product::ProductImage;
use futures_util::{StreamExt as _, TryStreamExt as _};
use shop_images::{demo_picture, Garment};

/// What a picture shows: a garment, in a colour (a name from the drawing's palette), and the
/// seed of its pattern and small variations.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Look {
    pub garment: Garment,
    pub colour: Option<String>,
    pub seed: u32,
}

/// Draws and stores every look, in order.
pub async fn draw_all(
    images: &dyn ImageStore,
    looks: &[Look],
) -> anyhow::Result<Vec<ProductImage>> {
    let at_once = std::thread::available_parallelism().map_or(2, |n| n.get()) * 2;
    futures_util::stream::iter(looks.iter().cloned())
        .map(|look| async move {
            let png = tokio::task::spawn_blocking(move || {
                demo_picture(look.garment, look.colour.as_deref(), look.seed)
            })
            .await
            .context("drawing a picture")?;
            images
                .store(png)
                .await
                .map_err(|e| anyhow::anyhow!("storing a picture: {e}"))
        })
        .buffered(at_once)
        .try_collect()
        .await
}

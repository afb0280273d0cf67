//! What every handler can reach.

use crate::catalog_cache::CatalogReplies;
use application::Shop;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub shop: Arc<Shop>,
    /// Shared by all workers of the process.
    pub catalog_replies: Arc<CatalogReplies>,
}

impl AppState {
    pub fn new(shop: Arc<Shop>) -> Self {
        Self {
            shop,
            catalog_replies: Arc::default(),
        }
    }
}

/// How the shop is exposed to the world.
#[derive(Clone, Copy, Debug, Default)]
pub struct HttpOptions {
    /// Served over HTTPS (usually by a proxy in front): every reply says
    /// `Strict-Transport-Security`, so browsers stop using plain HTTP.
    pub hsts: bool,
}

/// Where the adapter finds files to serve.
#[derive(Clone, Debug)]
pub struct StaticFiles {
    /// The built frontend (`frontend/dist`); `None` serves the API only.
    pub frontend_dir: Option<PathBuf>,
    /// Uploaded product pictures, served under `/uploads`.
    pub uploads_dir: PathBuf,
}

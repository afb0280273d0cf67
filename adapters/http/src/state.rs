//! What every handler can reach.

use application::Shop;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub shop: Arc<Shop>,
}

/// Where the adapter finds files to serve.
#[derive(Clone, Debug)]
pub struct StaticFiles {
    /// The built frontend (`frontend/dist`); `None` serves the API only.
    pub frontend_dir: Option<PathBuf>,
    /// Uploaded product pictures, served under `/uploads`.
    pub uploads_dir: PathBuf,
}

//! Hashed assets answered from the copies the frontend's build compressed once, at the best
//! levels (`precompressedAssets` in `frontend/vite.config.ts`), instead of being compressed
//! again on every request. Compressing a request's copy cost CPU on each first visit and a
//! Brotli window per response: 20 to 28 MB more resident memory after the app's scripts were
//! fetched once (measured with `curl` against a fresh `shop serve`), most of what the admin's
//! first visit added to the bench's peak. The copies are smaller too (Brotli at quality 11
//! instead of the `Compress` middleware's 3), which a slow phone's link feels.
//!
//! A copy is chosen by the request's `Accept-Encoding`, its quality values included
//! (`compression::preferred`); without an acceptable copy the request goes on to the files
//! service (and `Compress`) as before.

use crate::compression;
use actix_files::NamedFile;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    self, ContentDisposition, ContentEncoding, DispositionParam, DispositionType, HeaderValue,
};
use actix_web::http::Method;
use actix_web::middleware::Next;
use std::path::{Path, PathBuf};

/// The built frontend's hashed assets (`<frontend dir>/assets`), as app data.
#[derive(Debug, Clone)]
pub struct AssetsDir(pub PathBuf);

/// Where the build's hashed assets are served (also cached for a year, `cache_hashed_assets`).
pub(crate) const HASHED_ASSETS: &str = "/assets/";

/// The copies the build writes: their encoding and the suffix of their names.
const COPIES: [(ContentEncoding, &str); 2] = [
    (ContentEncoding::Brotli, "br"),
    (ContentEncoding::Gzip, "gz"),
];

pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if let Some((name, encoding, path)) = wanted_copy(&req) {
        if let Ok(file) = NamedFile::open_async(&path).await {
            let file = file
                .set_content_type(actix_files::file_extension_to_mime(extension(name)))
                .set_content_encoding(encoding)
                // As for the file itself, not the copy's name.
                .set_content_disposition(ContentDisposition {
                    disposition: DispositionType::Inline,
                    parameters: vec![DispositionParam::Filename(name.to_owned())],
                });
            let mut response = file.into_response(req.request());
            response
                .headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return Ok(req.into_response(response).map_into_right_body());
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// The asset's name, the encoding of the copy the client takes most gladly and where that
/// copy would be; `None` for anything but an asset's name (never a path) or when the client
/// prefers the file as it is.
fn wanted_copy(req: &ServiceRequest) -> Option<(&str, ContentEncoding, PathBuf)> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return None;
    }
    let name = req.path().strip_prefix(HASHED_ASSETS)?;
    if !is_asset_name(name) {
        return None;
    }
    let dir = req.app_data::<AssetsDir>()?;
    let chosen = compression::preferred(req.request(), COPIES.map(|(encoding, _)| encoding))?;
    let (encoding, suffix) = COPIES.into_iter().find(|(offer, _)| *offer == chosen)?;
    Some((name, encoding, dir.0.join(format!("{name}.{suffix}"))))
}

/// What the build names its assets: letters, digits, `-`, `_` and dots, not starting with a
/// dot. Anything else (a slash, an escape, `..`) is left to the files service's own checks.
fn is_asset_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn extension(name: &str) -> &str {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_asset_names_are_looked_up() {
        assert!(is_asset_name("index-CFGCIlpd.js"));
        assert!(is_asset_name("AdminRoutes-B_x9.css"));
        for name in [
            "",
            ".",
            "..",
            "../index.html",
            "..%2findex.html",
            "a/b.js",
            "a\\b.js",
            ".hidden.js",
            "a b.js",
            "ä.js",
        ] {
            assert!(!is_asset_name(name), "{name:?}");
        }
    }
}

//! What every handler can reach.

use crate::catalog_replies::CatalogReplies;
use crate::client_address::TrustedProxies;
use application::Shop;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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
#[derive(Clone, Debug)]
pub struct HttpOptions {
    /// Served over HTTPS (usually by a proxy in front): every reply says
    /// `Strict-Transport-Security`, so browsers stop using plain HTTP.
    pub hsts: bool,
    /// The address in product pages' preview tags and in the sitemap.
    pub public_url: PublicUrl,
    /// The time a client has to send a whole request, head and body.
    pub request_timeout: Duration,
    /// Whose `X-Forwarded-For`/`Forwarded` headers name the client (`client_address`).
    pub trusted_proxies: TrustedProxies,
    /// Count requests by route and status for `/metrics` (a recorder is installed).
    pub metrics: bool,
}

/// The shop's address as shoppers see it (`SHOP_PUBLIC_URL`), without a trailing slash: the
/// one source of absolute URLs. Request headers (`Host`, `X-Forwarded-Host`) never are:
/// anyone can forge them, and a page cached with a forged address misleads every reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

/// Why a text is not a usable public address.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PublicUrlError {
    #[error("not a URL: {0}")]
    NotAUrl(#[from] url::ParseError),
    #[error("the address must start with http:// or https://")]
    NotHttp,
    #[error("the address may not carry a user name or password")]
    Credentials,
    #[error("the address may not carry a query (?) or a fragment (#)")]
    QueryOrFragment,
}

impl PublicUrl {
    /// An absolute `http` or `https` URL with a host and neither credentials, a query nor a
    /// fragment; a path (a shop under `/shop`) is kept, its trailing slash dropped.
    pub fn parse(text: &str) -> Result<Self, PublicUrlError> {
        let url = url::Url::parse(text.trim())?;
        if !matches!(url.scheme(), "http" | "https") || !url.has_host() {
            return Err(PublicUrlError::NotHttp);
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(PublicUrlError::Credentials);
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(PublicUrlError::QueryOrFragment);
        }
        Ok(Self(url.as_str().trim_end_matches('/').to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where the adapter finds files to serve.
#[derive(Clone, Debug)]
pub struct StaticFiles {
    /// The built frontend (`frontend/dist`); `None` serves the API only.
    pub frontend_dir: Option<PathBuf>,
    /// Uploaded product pictures, served under `/uploads`.
    pub uploads_dir: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_keeps_its_path_without_the_trailing_slash() {
        for (text, url) in [
            ("https://shop.so/", "https://shop.so"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            (" https://Example.COM/shop/ ", "https://example.com/shop"),
        ] {
            assert_eq!(PublicUrl::parse(text).unwrap().as_str(), url, "{text}");
        }
    }

    #[test]
    fn only_a_plain_http_or_https_address_is_a_public_url() {
        for (text, error) in [
            (
                "shop.so",
                PublicUrlError::NotAUrl(url::ParseError::RelativeUrlWithoutBase),
            ),
            ("ftp://shop.so", PublicUrlError::NotHttp),
            ("mailto:a@shop.so", PublicUrlError::NotHttp),
            ("https://user:pw@shop.so", PublicUrlError::Credentials),
            ("https://shop.so/?a=1", PublicUrlError::QueryOrFragment),
            ("https://shop.so/#top", PublicUrlError::QueryOrFragment),
        ] {
            assert_eq!(PublicUrl::parse(text), Err(error), "{text}");
        }
    }
}

//! Product pictures stored as files under one root folder.

use crate::prepare::{megapixels, prepare, MAX_UPLOAD_BYTES};
use async_trait::async_trait;
use domain::ports::{ImageError, ImageStore};
use domain::product::ProductImage;
use std::fs::{self, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Stores each picture as two JPEG files under random names, spread over two-character
/// folders: `<root>/ab/<uuid>.jpg` and `<root>/ab/<uuid>-thumb.jpg`, known to the outside as
/// `<url_prefix>/ab/<uuid>.jpg` and `<url_prefix>/ab/<uuid>-thumb.jpg`.
///
/// Names are never reused, so whoever serves `<url_prefix>` may cache the files forever.
///
/// Decoding shares a budget of megapixels, and at most one picture per core is decoded at a
/// time: a decoded photo takes about 6 bytes a pixel while it is scaled down, and six
/// parallel uploads of large photos took a shop to 1.6 GB. Small pictures decode side by
/// side; two phone photos of 36 megapixels take turns.
#[derive(Debug, Clone)]
pub struct FsImageStore {
    root: PathBuf,
    url_prefix: String,
    /// Megapixels being decoded.
    decoding: Arc<Semaphore>,
    /// Pictures being decoded: one per core.
    decoders: Arc<Semaphore>,
}

/// Megapixels decoded at once: more than the largest picture accepted (`MAX_PIXELS`).
const DECODING_BUDGET_MEGAPIXELS: u32 = 64;

impl FsImageStore {
    /// A store writing under `root_dir` (created when needed) whose files are served at
    /// `url_prefix`, e.g. `"/uploads"`.
    pub fn new(root_dir: PathBuf, url_prefix: impl Into<String>) -> Self {
        let url_prefix = url_prefix.into().trim_end_matches('/').to_owned();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self {
            root: root_dir,
            url_prefix,
            decoding: Arc::new(Semaphore::new(DECODING_BUDGET_MEGAPIXELS as usize)),
            decoders: Arc::new(Semaphore::new(cores)),
        }
    }

    /// The folder the files live in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The URL path the files are served under, without a trailing slash.
    pub fn url_prefix(&self) -> &str {
        &self.url_prefix
    }

    /// The file behind a URL this store handed out, or `None` for any other URL (another
    /// prefix, other names, `..`, encoded characters): only names of the form
    /// `<prefix>/ab/<hex and dashes>[-thumb].jpg` whose folder matches the name resolve.
    pub fn path_for(&self, url: &str) -> Option<PathBuf> {
        let rest = url.strip_prefix(&self.url_prefix)?.strip_prefix('/')?;
        let (folder, file) = rest.split_once('/')?;
        let stem = file.strip_suffix(".jpg")?;
        let name = stem.strip_suffix("-thumb").unwrap_or(stem);
        let valid = folder.len() == 2
            && folder
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            && (8..=64).contains(&name.len())
            && name
                .bytes()
                .all(|b| (b.is_ascii_hexdigit() && !b.is_ascii_uppercase()) || b == b'-')
            && name.starts_with(folder);
        valid.then(|| self.root.join(folder).join(file))
    }

    fn write_blocking(&self, full: &[u8], thumbnail: &[u8]) -> Result<ProductImage, ImageError> {
        let name = uuid::Uuid::new_v4().simple().to_string();
        let folder = &name[..2];
        let dir = self.root.join(folder);
        fs::create_dir_all(&dir).map_err(|e| storage("creating the picture folder", &e))?;
        let full_path = dir.join(format!("{name}.jpg"));
        let thumbnail_path = dir.join(format!("{name}-thumb.jpg"));
        write_new(&full_path, full).map_err(|e| storage("writing the picture", &e))?;
        if let Err(e) = write_new(&thumbnail_path, thumbnail) {
            remove_quietly(&full_path);
            return Err(storage("writing the thumbnail", &e));
        }
        Ok(ProductImage {
            full: format!("{}/{folder}/{name}.jpg", self.url_prefix),
            thumbnail: format!("{}/{folder}/{name}-thumb.jpg", self.url_prefix),
        })
    }

    fn delete_blocking(&self, image: &ProductImage) {
        for url in [&image.full, &image.thumbnail] {
            let Some(path) = self.path_for(url) else {
                if url.starts_with(&self.url_prefix) {
                    tracing::warn!(url = %url, "refusing to delete a picture outside the upload folder");
                } else {
                    tracing::debug!(url = %url, "not a stored upload; nothing to delete");
                }
                continue;
            };
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    tracing::debug!(path = %path.display(), "picture already gone");
                }
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "could not delete a picture");
                }
            }
        }
    }
}

fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

fn remove_quietly(path: &Path) {
    if let Err(e) = fs::remove_file(path) {
        tracing::warn!(path = %path.display(), error = %e, "could not remove a half-stored picture");
    }
}

fn storage(action: &str, error: &io::Error) -> ImageError {
    tracing::error!(error = %error, "{action} failed");
    ImageError::Storage(format!("{action} failed: {error}"))
}

#[async_trait]
impl ImageStore for FsImageStore {
    async fn store(&self, bytes: Vec<u8>) -> Result<ProductImage, ImageError> {
        if bytes.len() > MAX_UPLOAD_BYTES {
            return Err(ImageError::TooLarge);
        }
        let queue_closed = |e| ImageError::Storage(format!("picture queue closed: {e}"));
        let megapixels = megapixels(&bytes).min(DECODING_BUDGET_MEGAPIXELS);
        let budget = self
            .decoding
            .clone()
            .acquire_many_owned(megapixels)
            .await
            .map_err(queue_closed)?;
        let decoder = self
            .decoders
            .clone()
            .acquire_owned()
            .await
            .map_err(queue_closed)?;
        let decoding = (budget, decoder);
        let store = self.clone();
        tokio::task::spawn_blocking(move || {
            let prepared = prepare(&bytes);
            drop((decoding, bytes));
            let prepared = prepared?;
            store.write_blocking(&prepared.full, &prepared.thumbnail)
        })
        .await
        .map_err(|e| {
            if e.is_panic() {
                // A decoder choking on hostile bytes: the upload is refused, the shop lives on.
                tracing::warn!(error = %e, "decoding an upload panicked");
                ImageError::NotAnImage
            } else {
                ImageError::Storage(format!("picture task failed: {e}"))
            }
        })?
    }

    async fn delete(&self, image: &ProductImage) {
        let store = self.clone();
        let image = image.clone();
        if let Err(e) = tokio::task::spawn_blocking(move || store.delete_blocking(&image)).await {
            tracing::warn!(error = %e, "picture deletion task failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepare::tests::png;
    use image::GenericImageView as _;

    fn store_in(dir: &tempfile::TempDir) -> FsImageStore {
        FsImageStore::new(dir.path().join("uploads"), "/uploads")
    }

    fn files_under(root: &Path) -> Vec<PathBuf> {
        let mut found = Vec::new();
        if let Ok(entries) = fs::read_dir(root) {
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    found.extend(files_under(&path));
                } else {
                    found.push(path);
                }
            }
        }
        found
    }

    #[tokio::test]
    async fn a_stored_picture_has_a_full_size_and_a_thumbnail_under_a_random_name() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let image = store.store(png(1300, 650)).await.unwrap();

        let rest = image.full.strip_prefix("/uploads/").unwrap();
        let (folder, file) = rest.split_once('/').unwrap();
        let name = file.strip_suffix(".jpg").unwrap();
        assert_eq!(folder.len(), 2);
        assert!(name.starts_with(folder));
        assert!(uuid::Uuid::parse_str(name).is_ok(), "{name}");
        assert_eq!(
            image.thumbnail,
            format!("/uploads/{folder}/{name}-thumb.jpg")
        );

        let full_path = dir
            .path()
            .join("uploads")
            .join(folder)
            .join(format!("{name}.jpg"));
        let thumb_path = dir
            .path()
            .join("uploads")
            .join(folder)
            .join(format!("{name}-thumb.jpg"));
        assert_eq!(store.path_for(&image.full), Some(full_path.clone()));
        assert_eq!(store.path_for(&image.thumbnail), Some(thumb_path.clone()));
        let full = image::open(&full_path).unwrap();
        let thumbnail = image::open(&thumb_path).unwrap();
        assert_eq!(full.dimensions(), (1200, 600));
        assert_eq!(thumbnail.dimensions(), (400, 200));
        assert_eq!(files_under(store.root()).len(), 2);
    }

    #[tokio::test]
    async fn every_upload_gets_new_names() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let first = store.store(png(40, 40)).await.unwrap();
        let second = store.store(png(40, 40)).await.unwrap();
        assert_ne!(first.full, second.full);
        assert_ne!(first.thumbnail, second.thumbnail);
        assert_eq!(files_under(store.root()).len(), 4);
    }

    #[tokio::test]
    async fn refused_uploads_leave_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>"#;
        assert_eq!(store.store(svg.to_vec()).await, Err(ImageError::NotAnImage));
        assert_eq!(
            store.store(b"<html></html>".to_vec()).await,
            Err(ImageError::NotAnImage)
        );
        let mut huge = png(10, 10);
        huge.resize(MAX_UPLOAD_BYTES + 1, 0);
        assert_eq!(store.store(huge).await, Err(ImageError::TooLarge));
        assert!(files_under(store.root()).is_empty());
    }

    #[tokio::test]
    async fn a_trailing_slash_in_the_prefix_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsImageStore::new(dir.path().to_path_buf(), "/media/");
        assert_eq!(store.url_prefix(), "/media");
        let image = store.store(png(20, 20)).await.unwrap();
        assert!(image.full.starts_with("/media/") && !image.full.starts_with("/media//"));
        assert!(store.path_for(&image.full).unwrap().exists());
    }

    #[tokio::test]
    async fn delete_removes_both_files_and_tolerates_missing_ones() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let image = store.store(png(50, 50)).await.unwrap();
        let kept = store.store(png(50, 50)).await.unwrap();
        store.delete(&image).await;
        assert!(!store.path_for(&image.full).unwrap().exists());
        assert!(!store.path_for(&image.thumbnail).unwrap().exists());
        assert!(store.path_for(&kept.full).unwrap().exists());
        assert!(store.path_for(&kept.thumbnail).unwrap().exists());
        // A second delete finds nothing and does not panic.
        store.delete(&image).await;
    }

    #[tokio::test]
    async fn delete_never_touches_files_outside_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let stored = store.store(png(20, 20)).await.unwrap();
        let secret = dir.path().join("secret.jpg");
        fs::write(&secret, b"keep me").unwrap();
        let folder = &stored.full["/uploads/".len().."/uploads/".len() + 2];
        let hostile = [
            "/uploads/../secret.jpg".to_owned(),
            format!("/uploads/{folder}/../../secret.jpg"),
            "/uploads/%2e%2e/secret.jpg".to_owned(),
            "/uploads//secret.jpg".to_owned(),
            secret.display().to_string(),
            format!("/uploads{}", secret.display()),
            "https://example.com/uploads/ab/abcdef12.jpg".to_owned(),
            format!("/uploads/{folder}/../{}", &stored.full["/uploads/".len()..]),
            String::new(),
        ];
        for url in &hostile {
            assert_eq!(store.path_for(url), None, "{url}");
            store
                .delete(&ProductImage {
                    full: url.clone(),
                    thumbnail: url.clone(),
                })
                .await;
        }
        assert_eq!(fs::read(&secret).unwrap(), b"keep me");
        assert!(store.path_for(&stored.full).unwrap().exists());
    }

    #[test]
    fn only_names_this_store_hands_out_resolve() {
        let store = FsImageStore::new(PathBuf::from("/data/uploads"), "/uploads");
        let id = "ab12cd34ef5641a7b0c9d8e7f6a5b4c3";
        assert_eq!(
            store.path_for(&format!("/uploads/ab/{id}.jpg")),
            Some(PathBuf::from(format!("/data/uploads/ab/{id}.jpg")))
        );
        assert_eq!(
            store.path_for(&format!("/uploads/ab/{id}-thumb.jpg")),
            Some(PathBuf::from(format!("/data/uploads/ab/{id}-thumb.jpg")))
        );
        for url in [
            format!("/uploads/cd/{id}.jpg"),
            format!("/uploads/AB/{id}.jpg"),
            format!("/uploads/ab/{}.jpg", id.to_uppercase()),
            format!("/uploads/ab/{id}.png"),
            format!("/uploads/ab/{id}.jpg/.."),
            format!("/uploads/ab/x/{id}.jpg"),
            format!("/upload/ab/{id}.jpg"),
            format!("/uploadsab/{id}.jpg"),
            "/uploads/ab/ab.jpg".to_owned(),
        ] {
            assert_eq!(store.path_for(&url), None, "{url}");
        }
    }
}

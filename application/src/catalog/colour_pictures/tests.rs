use super::*;
use crate::testing::{admin, audit, product, shopper};
use domain::ports::{MockAuditLog, MockImageStore, MockProductRepository};
use domain::product::colour_pictures::MAX_PER_COLOUR;
use domain::product::ProductImage;
use domain::variant::Variant;
use domain::VariantId;
use std::sync::Mutex;

fn picture(name: &str) -> ProductImage {
    ProductImage {
        full: format!("/uploads/{name}.webp"),
        thumbnail: format!("/uploads/{name}-thumb.webp"),
    }
}

/// The abaya in Black and Sand, with `black` pictures of Black.
fn abaya(black: &[&str]) -> Product {
    let mut abaya = product(2_500, 6);
    abaya.variants = ["Black", "Sand"]
        .iter()
        .enumerate()
        .map(|(n, colour)| Variant {
            id: VariantId::parse(&format!("v{n}")).unwrap(),
            size: "M".into(),
            colour: Some((*colour).into()),
            sku: format!("AB-{n}"),
            stock: 3,
        })
        .collect();
    for name in black {
        abaya.colour_pictures = abaya
            .colour_pictures
            .with_added("Black", picture(name))
            .unwrap();
    }
    abaya
}

fn galleries(
    products: MockProductRepository,
    images: MockImageStore,
    audited: usize,
) -> ColourGalleries {
    let mut log = MockAuditLog::new();
    log.expect_record().times(audited).returning(|_| Ok(()));
    ColourGalleries::new(
        Arc::new(products),
        Arc::new(images),
        audit(log),
        CatalogVersion::default(),
    )
}

/// A store holding `stored`, whose pictures per colour change only from what they are; a
/// `rival` picture is added to Black by someone else right after the first read.
fn store_of(
    stored: Product,
    rival: Option<ProductImage>,
) -> (MockProductRepository, Arc<Mutex<Product>>) {
    let shared = Arc::new(Mutex::new(stored));
    let mut products = MockProductRepository::new();
    let read = shared.clone();
    let mut rival = rival;
    products.expect_by_id().returning(move |_| {
        let mut product = read.lock().unwrap();
        let seen = product.clone();
        if let Some(rival) = rival.take() {
            product.colour_pictures = product.colour_pictures.with_added("Black", rival).unwrap();
        }
        Ok(Some(seen))
    });
    let written = shared.clone();
    products
        .expect_set_colour_pictures()
        .returning(move |_, expected, new| {
            let mut product = written.lock().unwrap();
            if &product.colour_pictures != expected {
                return Err(RepoError::NotFound);
            }
            product.colour_pictures = new.clone();
            Ok(())
        });
    (products, shared)
}

#[tokio::test]
async fn an_upload_is_stored_last_under_the_colour_as_its_sizes_spell_it() {
    let (products, stored) = store_of(abaya(&["b0"]), None);
    let mut images = MockImageStore::new();
    images.expect_store().returning(|_| Ok(picture("b1")));
    let product = galleries(products, images, 1)
        .add(&admin("boss"), &product(1, 1).id, " black", vec![1, 2, 3])
        .await
        .unwrap();
    assert_eq!(
        product.colour_pictures.of("Black"),
        [picture("b0"), picture("b1")]
    );
    assert_eq!(
        stored.lock().unwrap().colour_pictures,
        product.colour_pictures
    );
}

#[tokio::test]
async fn a_colour_without_a_size_or_a_full_one_stores_no_file() {
    let names: Vec<String> = (0..MAX_PER_COLOUR).map(|n| format!("b{n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    for (colour, expected) in [
        ("Green", ColourPictureError::NoSuchColour),
        ("Black", ColourPictureError::Full),
    ] {
        let (products, _) = store_of(abaya(&names), None);
        // No `store` expected: calling it fails the test.
        let error = galleries(products, MockImageStore::new(), 0)
            .add(&admin("boss"), &product(1, 1).id, colour, vec![1])
            .await
            .unwrap_err();
        assert!(
            matches!(&error, ColourPicturesError::Rule(e) if *e == expected),
            "{colour}: {error:?}"
        );
    }
}

#[tokio::test]
async fn shoppers_cannot_change_pictures() {
    let error = galleries(MockProductRepository::new(), MockImageStore::new(), 0)
        .remove(&shopper("amina"), &product(1, 1).id, "Black", 0)
        .await
        .unwrap_err();
    assert!(matches!(error, ColourPicturesError::Refused(_)));
}

#[tokio::test]
async fn a_change_landing_first_is_kept_and_the_upload_redone_on_it() {
    let (products, stored) = store_of(abaya(&["b0"]), Some(picture("rival")));
    let mut images = MockImageStore::new();
    images.expect_store().returning(|_| Ok(picture("mine")));
    let product = galleries(products, images, 1)
        .add(&admin("boss"), &product(1, 1).id, "Black", vec![1])
        .await
        .unwrap();
    let expected = [picture("b0"), picture("rival"), picture("mine")];
    assert_eq!(product.colour_pictures.of("Black"), expected);
    assert_eq!(stored.lock().unwrap().colour_pictures.of("Black"), expected);
}

#[tokio::test]
async fn a_removed_picture_loses_its_files_and_an_unknown_one_is_refused() {
    let (products, _) = store_of(abaya(&["b0", "b1"]), None);
    let mut images = MockImageStore::new();
    images
        .expect_delete()
        .withf(|image| *image == picture("b0"))
        .times(1)
        .return_const(());
    let service = galleries(products, images, 1);
    let product = service
        .remove(&admin("boss"), &product(1, 1).id, "BLACK", 0)
        .await
        .unwrap();
    assert_eq!(product.colour_pictures.of("Black"), [picture("b1")]);
    let error = service
        .remove(&admin("boss"), &product.id, "Black", 1)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ColourPicturesError::Rule(ColourPictureError::NoSuchPicture)
    ));
}

#[tokio::test]
async fn a_failed_write_deletes_the_stored_upload() {
    let mut products = MockProductRepository::new();
    products.expect_by_id().returning(|_| Ok(Some(abaya(&[]))));
    products
        .expect_set_colour_pictures()
        .returning(|_, _, _| Err(RepoError::Unavailable("disk full".into())));
    let mut images = MockImageStore::new();
    images.expect_store().returning(|_| Ok(picture("mine")));
    images
        .expect_delete()
        .withf(|image| *image == picture("mine"))
        .times(1)
        .return_const(());
    let error = galleries(products, images, 0)
        .add(&admin("boss"), &product(1, 1).id, "Sand", vec![1])
        .await
        .unwrap_err();
    assert!(matches!(error, ColourPicturesError::Store(_)));
}

//! Browsing and managing the catalogue.

pub mod colour_pictures;
mod errors;
pub mod sheet;

pub use errors::*;

use crate::audit::Audit;
use crate::recent::Recent;
use crate::throttle::{Throttle, TooManyAttempts};
use crate::ReadError;
use derive_new::new;
use domain::audit::AuditChange;
use domain::listing::products::ProductQuery;
use domain::message::texts::TOO_MANY_WHOLE_LISTS;
use domain::permissions::{require, Permission};
use domain::ports::{Clock, IdGenerator, ImageStore, ProductRepository};
use domain::ports::{Page, ProductFilter, RepoError};
use domain::product::{search, Category, Product, ProductInput, SearchSort};
use domain::product_edit::ProductPatch;
use domain::user::User;
use domain::validation::FieldErrors;
use domain::variant::{validate_grid, VariantFilter, VariantInput};
use domain::{ProductId, VariantId};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a request may ask of the catalogue's version: a cached product reply made at another
/// version is stale. Shared by every service that changes what the catalogue shows (a
/// product, its stock, its rating), which forgets it so the next read sees the change.
#[derive(Clone, Default)]
pub struct CatalogVersion(Recent<u64>);

impl CatalogVersion {
    pub(crate) fn forget(&self) {
        self.0.forget();
    }
}

/// The product `id`, or 404.
/// Product `id`; `missing` is the error when there is none.
pub(crate) async fn find_product<E: From<RepoError>>(
    products: &dyn ProductRepository,
    id: &ProductId,
    missing: E,
) -> Result<Product, E> {
    products.by_id(id).await?.ok_or(missing)
}

/// Browsing and managing the catalogue.
#[derive(new)]
pub struct Catalog {
    products: Arc<dyn ProductRepository>,
    images: Arc<dyn ImageStore>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
    catalog_version: CatalogVersion,
    throttle: Arc<Throttle>,
}

impl Catalog {
    /// The catalogue's version: a cached product reply made at another
    /// version is stale. Read again after this process changes the catalogue, and rechecked
    /// in the background every `recent::RECHECK` for changes made by other processes.
    pub async fn catalog_version(&self) -> Result<u64, RepoError> {
        let products = self.products.clone();
        let version = self
            .catalog_version
            .0
            .get(|| async move { products.catalog_version().await })
            .await?;
        Ok(version)
    }

    /// Counts a catalogue list asked for without a page by `client_address`; refused with
    /// `TooManyAttempts` past `AttemptLimits::unpaged_list_per_address`. Pages are not counted:
    /// they are what the storefront asks for.
    pub fn take_unpaged_list(&self, client_address: &str) -> Result<(), TooManyAttempts> {
        let key = self.throttle.limits().unpaged_list_key(client_address);
        self.throttle
            .take(&[key], self.clock.now())
            .map_err(|wait| TooManyAttempts::new(TOO_MANY_WHOLE_LISTS.into(), wait))
    }

    pub async fn list_products(
        &self,
        filter: &ProductFilter,
    ) -> Result<(Vec<Product>, u64), RepoError> {
        self.products.list(filter).await
    }

    /// The admin's product list: searched, filtered, sorted and paged by the store.
    pub async fn admin_products(
        &self,
        actor: &User,
        query: &ProductQuery,
    ) -> Result<(Vec<Product>, u64), ReadError> {
        require(actor, Permission::ProductsManage)?;
        Ok(self.products.admin_list(query).await?)
    }

    pub async fn product(&self, id: &ProductId) -> Result<Product, FindProductError> {
        find_product(self.products.as_ref(), id, FindProductError::NotFound).await
    }

    /// Every category with its products, newest first (empty categories included): all of
    /// them, or one page of each when asked.
    pub async fn products_by_category(
        &self,
        page: Option<Page>,
    ) -> Result<BTreeMap<Category, Vec<Product>>, RepoError> {
        let mut groups: BTreeMap<Category, Vec<Product>> =
            Category::ALL.iter().map(|c| (*c, Vec::new())).collect();
        if page.is_some() {
            for (category, products) in &mut groups {
                let filter = ProductFilter {
                    category: Some(*category),
                    page,
                    ..Default::default()
                };
                *products = self.products.list(&filter).await?.0;
            }
            return Ok(groups);
        }
        let (products, _) = self.products.list(&ProductFilter::default()).await?;
        for product in products {
            groups.entry(product.category).or_default().push(product);
        }
        Ok(groups)
    }

    /// The products matching `query`, ranked by `sort`, one page when asked, and how many
    /// match. The database narrows the catalogue down; the domain decides and ranks.
    pub async fn search_products(
        &self,
        query: &str,
        sort: SearchSort,
        variant: Option<VariantFilter>,
        page: Option<Page>,
    ) -> Result<(Vec<Product>, u64), SearchError> {
        domain::validation::plain_text("q", query)?;
        let text = query.trim();
        if text.is_empty() {
            return Ok((Vec::new(), 0));
        }
        let filter = ProductFilter {
            text: Some(text.to_owned()),
            variant,
            ..Default::default()
        };
        let candidates = self.products.search_candidates(&filter).await?;
        let found = search(&candidates, text, sort);
        let total = found.len() as u64;
        let shown = match page {
            Some(page) => page.of(found),
            None => found,
        };
        Ok((self.products.by_ids(&shown).await?, total))
    }

    /// A fresh variant id.
    fn new_variant_id(&self) -> VariantId {
        VariantId::parse(&self.ids.new_id()).expect("the id generator makes valid ids")
    }

    /// Validates before storing the picture, so a refused form leaves no stray file.
    pub async fn create_product(
        &self,
        actor: &User,
        input: &ProductInput,
        variants: &[VariantInput],
        image: Option<Vec<u8>>,
    ) -> Result<Product, CreateProductError> {
        require(actor, Permission::ProductsManage)?;
        let (draft, variants) = input.validate_with_sizes(variants, || self.new_variant_id())?;
        let image = match image {
            Some(bytes) => Some(self.images.store(bytes).await?),
            None => None,
        };
        let id = ProductId::parse(&self.ids.new_id()).expect("the id generator makes valid ids");
        let product = draft.into_product(id, variants, image, self.clock.now());
        if let Err(error) = self.products.insert(&product).await {
            if let Some(image) = &product.image {
                self.images.delete(image).await;
            }
            return Err(error.into());
        }
        self.catalog_version.forget();
        self.audit
            .record(actor, AuditChange::product_created(&product))
            .await;
        Ok(product)
    }

    /// Writes the fields that were sent (stock only when sent, and with the stock the form
    /// showed only while it still holds) and the size grid when sent (`None`: sizes
    /// untouched); a new picture replaces the old one.
    pub async fn update_product(
        &self,
        actor: &User,
        id: &ProductId,
        patch: ProductPatch,
        variants: Option<&[VariantInput]>,
        image: Option<Vec<u8>>,
    ) -> Result<Product, UpdateProductError> {
        require(actor, Permission::ProductsManage)?;
        let before = self.product(id).await?;
        let edit = patch.validate(&before)?;
        let name = edit.name.as_deref().unwrap_or(&before.name);
        let grid = variants
            .map(|rows| validate_grid(rows, &before.variants, name, || self.new_variant_id()))
            .transpose()
            .map_err(|e| FieldErrors::single("variants", e.0))?;
        let mut edit = edit.with_variants(grid, &before);
        if let Some(bytes) = image {
            edit.image = Some(self.images.store(bytes).await?);
        }
        match self.products.update(id, &edit, self.clock.now()).await {
            Ok(product) => {
                self.catalog_version.forget();
                if let (Some(old), Some(_)) = (&before.image, &edit.image) {
                    self.images.delete(old).await;
                }
                self.audit
                    .record(actor, AuditChange::product_updated(&before, &product))
                    .await;
                Ok(product)
            }
            Err(error) => {
                if let Some(image) = &edit.image {
                    self.images.delete(image).await;
                }
                Err(error.into())
            }
        }
    }

    pub async fn delete_product(
        &self,
        actor: &User,
        id: &ProductId,
    ) -> Result<(), DeleteProductError> {
        require(actor, Permission::ProductsManage)?;
        let product = self.product(id).await?;
        self.products.delete(id).await.map_err(|e| match e {
            RepoError::NotFound => FindProductError::NotFound,
            other => other.into(),
        })?;
        self.catalog_version.forget();
        for image in product.image.iter().chain(product.colour_pictures.all()) {
            self.images.delete(image).await;
        }
        self.audit
            .record(actor, AuditChange::product_deleted(&product))
            .await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, audit, clock, ids, now, shopper};
    use domain::audit::AuditAction;
    use domain::permissions::PermissionError;
    use domain::ports::{ImageError, ProductStoreError};
    use domain::product::ProductImage;
    use serde_json::{json, Value};

    use domain::ports::{MockAuditLog, MockImageStore, MockProductRepository};
    struct Mocks {
        products: MockProductRepository,
        images: MockImageStore,
        audit: MockAuditLog,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                products: MockProductRepository::new(),
                images: MockImageStore::new(),
                audit: MockAuditLog::new(),
            }
        }

        fn service(self) -> Catalog {
            Catalog::new(
                Arc::new(self.products),
                Arc::new(self.images),
                clock(),
                ids(),
                audit(self.audit),
                CatalogVersion::default(),
                Arc::default(),
            )
        }
    }

    fn input() -> ProductInput {
        ProductInput {
            name: "Linen Dress".into(),
            description: "Light and airy".into(),
            category: Some("women".into()),
            price: Some(24.0),
            stock: Some(5.0),
            discount: Some(20.0),
            tags: "new, summer".into(),
            is_featured: true,
        }
    }

    #[tokio::test]
    async fn shoppers_cannot_create_products() {
        let error = Mocks::new()
            .service()
            .create_product(&shopper("amina"), &input(), &[], None)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            CreateProductError::Refused(PermissionError::AdminOnly)
        ));
    }

    #[tokio::test]
    async fn an_invalid_product_stores_no_picture() {
        let mut bad = input();
        bad.price = Some(0.0);
        let error = Mocks::new()
            .service()
            .create_product(&admin("boss"), &bad, &[], Some(vec![1, 2, 3]))
            .await
            .unwrap_err();
        assert!(
            matches!(error, CreateProductError::Invalid(e) if e.get("price") == Some("Valid price is required"))
        );
    }

    #[tokio::test]
    async fn a_fake_picture_is_refused_before_anything_is_stored() {
        let mut ports = Mocks::new();
        ports
            .images
            .expect_store()
            .returning(|_| Err(ImageError::NotAnImage));
        let error = ports
            .service()
            .create_product(&admin("boss"), &input(), &[], Some(b"<svg/>".to_vec()))
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            CreateProductError::Image(ImageError::NotAnImage)
        ));
    }

    #[tokio::test]
    async fn a_created_product_carries_the_validated_fields() {
        let mut ports = Mocks::new();
        ports
            .products
            .expect_insert()
            .times(1)
            .returning(|_| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::ProductCreate
                    && entry.change.entity_id.as_deref() == Some("id-0")
                    && entry.change.before.is_none()
                    && entry
                        .change
                        .after
                        .as_ref()
                        .map(|a| Value::Object(a.clone()))
                        == Some(
                            json!({ "name": "Linen Dress", "description": "Light and airy",
                            "category": "women", "tags": ["new", "summer"], "price": 24.0,
                            "discount": 20, "stock": 5, "variants": [], "isFeatured": true, "image": null,
                            "colourImages": {} }),
                        )
            })
            .times(1)
            .returning(|_| Ok(()));
        let product = ports
            .service()
            .create_product(&admin("boss"), &input(), &[], None)
            .await
            .unwrap();
        assert_eq!(product.price.cents(), 2400);
        assert_eq!(product.original_price().map(|m| m.cents()), Some(3000));
        assert_eq!(product.tags, ["new", "summer"]);
        assert_eq!(product.stock, 5);
    }

    #[tokio::test]
    async fn an_update_keeps_fields_that_were_not_sent() {
        let mut ports = Mocks::new();
        let mut stored = ports_product();
        stored.stock = 7;
        ports
            .products
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        let stored_now = ports_product();
        ports
            .products
            .expect_update()
            .withf(|id, edit, at| {
                id.as_str() == "p1"
                    && edit.price.map(|p| p.cents()) == Some(3000)
                    && edit.stock.is_none()
                    && edit.name.is_none()
                    && *at == now()
            })
            .times(1)
            .returning(move |_, edit, _| {
                let mut sold_meanwhile = stored_now.clone();
                sold_meanwhile.stock = 4;
                Ok(edit.applied_to(&sold_meanwhile))
            });
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                let (before, after) = (
                    entry.change.before.as_ref().unwrap(),
                    entry.change.after.as_ref().unwrap(),
                );
                entry.change.action == AuditAction::ProductUpdate
                    && entry.change.entity_id.as_deref() == Some("p1")
                    && (before["price"].clone(), after["price"].clone())
                        == (json!(24.0), json!(30.0))
                    && (before["stock"].clone(), after["stock"].clone()) == (json!(7), json!(4))
            })
            .times(1)
            .returning(|_| Ok(()));
        let patch = ProductPatch {
            price: Some(Some(30.0)),
            ..Default::default()
        };
        let updated = ports
            .service()
            .update_product(
                &admin("boss"),
                &ProductId::parse("p1").unwrap(),
                patch,
                None,
                None,
            )
            .await
            .unwrap();
        assert_eq!(updated.price.cents(), 3000);
        assert_eq!(updated.stock, 4, "the stock as stored, not as read before");
        assert_eq!(updated.name, "Linen Dress");
    }

    #[tokio::test]
    async fn stock_that_moved_since_the_form_opened_is_a_conflict_and_drops_the_new_picture() {
        let mut ports = Mocks::new();
        ports
            .products
            .expect_by_id()
            .returning(|_| Ok(Some(ports_product())));
        let picture = ProductImage {
            full: "/uploads/new.webp".into(),
            thumbnail: "/uploads/new-thumb.webp".into(),
        };
        let stored = picture.clone();
        ports
            .images
            .expect_store()
            .times(1)
            .returning(move |_| Ok(stored.clone()));
        ports
            .products
            .expect_update()
            .returning(|_, _, _| Err(ProductStoreError::StockChanged { now: 2 }));
        ports
            .images
            .expect_delete()
            .withf(move |image| *image == picture)
            .times(1)
            .return_const(());
        ports.audit.expect_record().never();
        let patch = ProductPatch {
            stock: Some(Some(10.0)),
            expected_stock: Some(Some(5.0)),
            ..Default::default()
        };
        let error = ports
            .service()
            .update_product(
                &admin("boss"),
                &ProductId::parse("p1").unwrap(),
                patch,
                None,
                Some(vec![1, 2, 3]),
            )
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            UpdateProductError::Store(ProductStoreError::StockChanged { now: 2 })
        ));
    }

    fn ports_product() -> Product {
        Product {
            id: ProductId::parse("p1").unwrap(),
            name: "Linen Dress".into(),
            description: "Light".into(),
            category: Category::Women,
            tags: vec![],
            price: domain::Money::from_cents(2400).unwrap(),
            discount: domain::Percent::default(),
            stated_original_price: None,
            image: None,
            gallery: vec![],
            colour_pictures: Default::default(),
            rating_tenths: 45,
            reviews: 3,
            stock: 5,
            variants: Vec::new(),
            is_featured: false,
            created_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn whole_lists_are_bounded_per_address() {
        let shop = Mocks::new().service();
        let allowed = crate::throttle::AttemptLimits::default()
            .unpaged_list_per_address
            .max;
        for _ in 0..allowed {
            assert!(shop.take_unpaged_list("1.1.1.1").is_ok());
        }
        let refused = shop.take_unpaged_list("1.1.1.1").unwrap_err();
        assert!(matches!(
            refused,
            TooManyAttempts { ref message, retry_after_secs: 900 }
                if message == "Too many whole product lists asked for from your address. Ask for one page at a time (page and limit), or try again in 15 minutes."
        ));
        assert!(shop.take_unpaged_list("2.2.2.2").is_ok());
    }
}

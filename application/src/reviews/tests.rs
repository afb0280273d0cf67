use super::*;
use crate::testing::{admin, audit, clock, ids, product, shopper};
use chrono::{TimeZone, Utc};
use domain::audit::AuditAction;
use domain::ports::{MockAuditLog, MockProductRepository, MockReviewRepository};
use domain::review::Rating;
use domain::user::User;
use mockall::predicate::eq;

struct Mocks {
    reviews: MockReviewRepository,
    products: MockProductRepository,
    audit: MockAuditLog,
}

impl Mocks {
    fn new() -> Self {
        Self {
            reviews: MockReviewRepository::new(),
            products: MockProductRepository::new(),
            audit: MockAuditLog::new(),
        }
    }

    fn service(self) -> Reviews {
        Reviews::new(
            Arc::new(self.reviews),
            Arc::new(self.products),
            clock(),
            ids(),
            audit(self.audit),
            CatalogVersion::default(),
        )
    }
}

fn p1() -> ProductId {
    ProductId::parse("p1").unwrap()
}

fn r1() -> ReviewId {
    ReviewId::parse("r1").unwrap()
}

/// Amina's 4-star review r1 of p1.
fn ambers_review() -> Review {
    Review {
        id: r1(),
        product_id: p1(),
        product_name: "Abaya".into(),
        user_id: shopper("amina").id,
        author: "amina".into(),
        rating: Rating::new(4).unwrap(),
        title: None,
        body: "Soft and warm".into(),
        verified_purchase: true,
        hidden: false,
        created_at: Utc.with_ymd_and_hms(2026, 11, 20, 8, 0, 0).unwrap(),
    }
}

fn good_input() -> ReviewInput {
    ReviewInput {
        rating: Some(5.0),
        title: Some("Lovely".into()),
        body: "Fits well".into(),
    }
}

fn ports_with_product() -> Mocks {
    let mut ports = Mocks::new();
    ports
        .products
        .expect_by_id()
        .returning(|_| Ok(Some(product(2000, 5))));
    ports
}

#[tokio::test]
async fn only_a_shopper_who_received_the_product_may_review_it() {
    let mut ports = ports_with_product();
    ports
        .reviews
        .expect_has_received()
        .with(eq(shopper("hodan").id), eq(p1()))
        .returning(|_, _| Ok(false));
    ports.reviews.expect_save().never();
    let error = ports
        .service()
        .write_review(&shopper("hodan"), &p1(), &good_input())
        .await
        .unwrap_err();
    assert!(matches!(error, WriteReviewError::NotABuyer));
}

#[tokio::test]
async fn a_bad_review_is_refused_before_anything_is_asked() {
    let ports = Mocks::new();
    let input = ReviewInput {
        rating: Some(7.0),
        ..good_input()
    };
    let error = ports
        .service()
        .write_review(&shopper("amina"), &p1(), &input)
        .await
        .unwrap_err();
    assert!(matches!(&error, WriteReviewError::Invalid(e)
        if e.get("rating") == Some("Rating must be a whole number from 1 to 5")));
}

#[tokio::test]
async fn a_review_of_a_product_deleted_while_it_was_written_is_a_product_not_found() {
    let mut ports = ports_with_product();
    ports
        .reviews
        .expect_has_received()
        .returning(|_, _| Ok(true));
    ports.reviews.expect_by_author().returning(|_, _| Ok(None));
    ports
        .reviews
        .expect_save()
        .returning(|_| Err(RepoError::NotFound));
    let error = ports
        .service()
        .write_review(&shopper("amina"), &p1(), &good_input())
        .await
        .unwrap_err();
    assert!(
        matches!(error, WriteReviewError::Find(FindProductError::NotFound)),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_buyers_review_is_saved_under_their_short_name_and_says_whether_it_is_new() {
    for (earlier, created) in [(None, true), (Some(ambers_review()), false)] {
        let mut ports = ports_with_product();
        ports
            .reviews
            .expect_has_received()
            .returning(|_, _| Ok(true));
        ports
            .reviews
            .expect_by_author()
            .returning(move |_, _| Ok(earlier.clone()));
        ports
            .reviews
            .expect_save()
            .withf(|review| {
                review.author == "Amina W."
                    && review.rating.stars() == 5
                    && review.title.as_deref() == Some("Lovely")
                    && review.verified_purchase
                    && !review.hidden
                    && review.created_at == Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
            })
            .times(1)
            .returning(|review| Ok(review.clone()));
        let amina = User {
            name: "Amina Warsame".into(),
            ..shopper("amina")
        };
        let written = ports
            .service()
            .write_review(&amina, &p1(), &good_input())
            .await
            .unwrap();
        assert_eq!(written.created, created);
    }
}

#[tokio::test]
async fn a_review_is_deleted_by_its_author_or_an_admin_only() {
    let mut ports = Mocks::new();
    ports
        .reviews
        .expect_by_id()
        .returning(|_| Ok(Some(ambers_review())));
    ports
        .reviews
        .expect_delete()
        .with(eq(r1()))
        .times(2)
        .returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::ReviewDelete
                && entry.change.entity_id.as_deref() == Some("p1")
        })
        .times(1)
        .returning(|_| Ok(()));
    let shop = ports.service();
    let error = shop
        .delete_review(&shopper("hodan"), &p1(), &r1())
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ReviewChangeError::Refused(PermissionError::NotYourReview)
    ));
    shop.delete_review(&shopper("amina"), &p1(), &r1())
        .await
        .unwrap();
    shop.delete_review(&admin("boss"), &p1(), &r1())
        .await
        .unwrap();
    let other = ProductId::parse("p2").unwrap();
    let error = shop
        .delete_review(&admin("boss"), &other, &r1())
        .await
        .unwrap_err();
    assert!(matches!(error, ReviewChangeError::NotFound));
}

#[tokio::test]
async fn hiding_is_an_audited_admin_change_and_hiding_again_changes_nothing() {
    let mut ports = Mocks::new();
    ports
        .reviews
        .expect_by_id()
        .returning(|_| Ok(Some(ambers_review())));
    ports
        .reviews
        .expect_set_hidden()
        .with(eq(r1()), eq(true))
        .times(1)
        .returning(|_, _| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| entry.change.action == AuditAction::ReviewHide)
        .times(1)
        .returning(|_| Ok(()));
    let shop = ports.service();
    let hidden = shop
        .set_review_hidden(&admin("boss"), &r1(), true)
        .await
        .unwrap();
    assert!(hidden.hidden);
    let shown = shop
        .set_review_hidden(&admin("boss"), &r1(), false)
        .await
        .unwrap();
    assert!(!shown.hidden, "already shown: nothing to do");
    let error = shop
        .set_review_hidden(&shopper("amina"), &r1(), true)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        ReviewChangeError::Refused(PermissionError::AdminOnly)
    ));
}

#[tokio::test]
async fn a_list_in_an_unknown_order_is_a_bad_request() {
    let error = Mocks::new()
        .service()
        .product_reviews(
            &p1(),
            Some("best"),
            Page {
                number: 1,
                size: 10,
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(error, ProductReviewsError::InvalidSort));
}

use super::*;
use crate::testing::{admin, clock, ids, product, shopper};
use domain::ports::{MockProductRepository, MockRestockAlertRepository};

fn service(alerts: MockRestockAlertRepository, stock: u32) -> RestockAlerts {
    let mut products = MockProductRepository::new();
    products
        .expect_by_id()
        .returning(move |_| Ok(Some(product(2_500, stock))));
    RestockAlerts::new(Arc::new(alerts), Arc::new(products), clock(), ids())
}

#[tokio::test]
async fn a_sold_out_product_is_asked_for_once() {
    let mut alerts = MockRestockAlertRepository::new();
    alerts
        .expect_ask()
        .times(1)
        .returning(|_| Ok(AskOutcome::Asked));
    let asked = service(alerts, 0)
        .ask(&shopper("amina"), &product(1, 0).id, None)
        .await
        .unwrap();
    assert!(asked.created);
    assert_eq!(asked.alert.user_id, shopper("amina").id);
    assert_eq!(asked.alert.answered_at, None);
}

#[tokio::test]
async fn asking_again_answers_the_first_request() {
    let mut alerts = MockRestockAlertRepository::new();
    let first = RestockAlert {
        id: RestockAlertId::parse("first").unwrap(),
        user_id: shopper("amina").id,
        product_id: product(1, 0).id,
        variant_id: None,
        created_at: clock().now(),
        answered_at: None,
    };
    let kept = first.clone();
    alerts
        .expect_ask()
        .returning(move |_| Ok(AskOutcome::AlreadyAsked(kept.clone())));
    let asked = service(alerts, 0)
        .ask(&shopper("amina"), &first.product_id, None)
        .await
        .unwrap();
    assert_eq!(
        asked,
        Asked {
            alert: first,
            created: false
        }
    );
}

#[tokio::test]
async fn a_product_in_stock_is_refused_before_storage_and_one_restocked_meanwhile_after() {
    // No `ask` expected: in stock when read, nothing is stored.
    let error = service(MockRestockAlertRepository::new(), 3)
        .ask(&shopper("amina"), &product(1, 0).id, None)
        .await
        .unwrap_err();
    assert!(matches!(error, RestockError::Rule(RestockRefusal::InStock)));
    let mut alerts = MockRestockAlertRepository::new();
    alerts.expect_ask().returning(|_| Ok(AskOutcome::InStock));
    let error = service(alerts, 0)
        .ask(&shopper("amina"), &product(1, 0).id, None)
        .await
        .unwrap_err();
    assert!(matches!(error, RestockError::Rule(RestockRefusal::InStock)));
}

#[tokio::test]
async fn only_the_back_office_sees_what_is_most_requested() {
    let error = service(MockRestockAlertRepository::new(), 0)
        .most_requested(
            &shopper("amina"),
            Page {
                number: 1,
                size: 20,
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(error, RestockError::Refused(_)));
    let mut alerts = MockRestockAlertRepository::new();
    alerts
        .expect_most_requested()
        .returning(|_| Ok((vec![], 0)));
    let (sizes, total) = service(alerts, 0)
        .most_requested(
            &admin("boss"),
            Page {
                number: 1,
                size: 20,
            },
        )
        .await
        .unwrap();
    assert_eq!((sizes.len(), total), (0, 0));
}

#[tokio::test]
async fn cancelling_anothers_request_is_not_found() {
    let mut alerts = MockRestockAlertRepository::new();
    alerts
        .expect_cancel()
        .returning(|_, _| Err(RepoError::NotFound));
    let error = service(alerts, 0)
        .cancel(&shopper("amina"), &RestockAlertId::parse("theirs").unwrap())
        .await
        .unwrap_err();
    assert!(matches!(error, RestockError::NotFound));
}

use crate::support::{add_user, databases, user_id};
use domain::listing::users::UserQuery;
use domain::ports::{RepoError, UserRepository};
use shop_db::Database;

#[tokio::test]
async fn a_sqlite_url_gets_its_directory_created_and_its_schema_migrated_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/nested/deeper/shop.db", dir.path().display());
    let db = Database::connect(&url).await.unwrap();
    assert_eq!(db.backend_name(), "sqlite");
    db.ping().await.unwrap();
    add_user(&db, "amina").await;
    drop(db);

    // Connecting again finds the schema in place and the data kept.
    let again = Database::connect(&url).await.unwrap();
    assert!(UserRepository::by_id(&again, &user_id("amina"))
        .await
        .unwrap()
        .is_some());
    let plain_path = Database::connect(&format!("{}/nested/deeper/shop.db", dir.path().display()))
        .await
        .unwrap();
    assert!(UserRepository::by_id(&plain_path, &user_id("amina"))
        .await
        .unwrap()
        .is_some());
}

#[tokio::test]
async fn an_unreachable_postgresql_server_is_a_storage_error() {
    let result = Database::connect("postgres://nobody@127.0.0.1:1/shop").await;
    assert!(matches!(result, Err(RepoError::Storage(_))), "{result:?}");
}

#[tokio::test]
async fn the_test_databases_are_fresh_and_answer() {
    let all = databases().await;
    assert_eq!(all[0].backend_name(), "sqlite");
    if std::env::var("SHOP_TEST_POSTGRES_URL").is_ok_and(|url| !url.is_empty()) {
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].backend_name(), "postgresql");
    }
    for db in all {
        db.ping().await.unwrap();
        assert!(
            UserRepository::find(&db, &UserQuery::default())
                .await
                .unwrap()
                .0
                .is_empty(),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn both_backends_have_the_same_tables_and_columns() {
    let all = databases().await;
    let sqlite = shop_db::test_support::columns(&all[0]).await;
    assert!(
        sqlite.contains(&("orders".into(), "idempotency_key".into(), true)),
        "{sqlite:?}"
    );
    assert!(sqlite.contains(&("products".into(), "stock".into(), false)));
    for other in &all[1..] {
        assert_eq!(
            shop_db::test_support::columns(other).await,
            sqlite,
            "{other:?}"
        );
    }
}

use crate::support::{add_product, add_user, at, databases, order, user, user_id};
use domain::listing::users::UserQuery;
use domain::permissions::PermissionError;
use domain::ports::{
    CartRepository, OrderRepository, RepoError, UserRepository, UserStoreError, WishlistRepository,
};
use domain::user::{Email, Role};

#[tokio::test]
async fn a_user_is_found_by_id_and_by_email_exactly_as_stored() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        assert_eq!(
            UserRepository::by_id(&db, &amina.id).await.unwrap(),
            Some(amina.clone()),
            "{db:?}"
        );
        let email = Email::parse("  AMINA@Example.com ").unwrap();
        assert_eq!(db.by_email(&email).await.unwrap(), Some(amina), "{db:?}");
        assert_eq!(
            UserRepository::by_id(&db, &user_id("nobody"))
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            db.by_email(&Email::parse("nobody@example.com").unwrap())
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn an_email_already_taken_in_any_case_is_a_duplicate() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let mut other = user("other");
        other.email = Email::parse("Amina@EXAMPLE.com").unwrap();
        assert_eq!(
            UserRepository::insert(&db, &other).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_update_replaces_every_field_but_the_id_and_creation_time() {
    for db in databases().await {
        let mut amina = add_user(&db, "amina").await;
        amina.name = "Amina Warsame".into();
        amina.email = Email::parse("amina.w@example.com").unwrap();
        amina.phone = "771234567".into();
        amina.role = Role::Admin;
        amina.password_hash = "new-hash".into();
        amina.must_change_password = true;
        let mut sent = amina.clone();
        sent.created_at = at(999);
        UserRepository::update(&db, &sent).await.unwrap();
        assert_eq!(
            UserRepository::by_id(&db, &amina.id).await.unwrap(),
            Some(amina),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_update_to_a_taken_email_is_a_duplicate_and_of_a_missing_user_not_found() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let mut bashir = add_user(&db, "bashir").await;
        bashir.email = Email::parse("amina@example.com").unwrap();
        assert_eq!(
            UserRepository::update(&db, &bashir).await,
            Err(UserStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
        assert_eq!(
            UserRepository::update(&db, &user("ghost")).await,
            Err(UserStoreError::Repo(RepoError::NotFound))
        );
    }
}

#[tokio::test]
async fn deleting_a_user_takes_their_cart_and_wishlist_but_not_their_orders() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 2)
            .await
            .unwrap();
        WishlistRepository::add(&db, &amina.id, &dress.id)
            .await
            .unwrap();
        db.place(&order("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();

        UserRepository::delete(&db, &amina.id).await.unwrap();

        assert_eq!(
            UserRepository::by_id(&db, &amina.id).await.unwrap(),
            None,
            "{db:?}"
        );
        assert!(db.lines(&amina.id).await.unwrap().is_empty());
        assert!(db.products(&amina.id).await.unwrap().is_empty());
        assert_eq!(db.for_user(&amina.id).await.unwrap().len(), 1);
        assert_eq!(
            UserRepository::delete(&db, &amina.id).await,
            Err(UserStoreError::Repo(RepoError::NotFound))
        );
        // The account can be made again, its cart empty.
        add_user(&db, "amina").await;
        assert!(db.lines(&user_id("amina")).await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn users_are_listed_oldest_first_and_admins_are_counted() {
    for db in databases().await {
        let mut newest = user("newest");
        newest.created_at = at(20);
        let mut oldest = user("oldest");
        oldest.created_at = at(-20);
        oldest.role = Role::Admin;
        let middle = user("middle");
        for u in [&newest, &oldest, &middle] {
            UserRepository::insert(&db, u).await.unwrap();
        }
        let listed: Vec<_> = UserRepository::find(&db, &UserQuery::default())
            .await
            .unwrap()
            .0
            .into_iter()
            .map(|u| u.id.to_string())
            .collect();
        assert_eq!(listed, ["oldest", "middle", "newest"], "{db:?}");
        assert_eq!(db.count_admins().await.unwrap(), 1);
        let mut middle = middle;
        middle.role = Role::Admin;
        UserRepository::update(&db, &middle).await.unwrap();
        assert_eq!(db.count_admins().await.unwrap(), 2);
    }
}

#[tokio::test]
async fn the_store_neither_demotes_nor_deletes_the_last_admin_and_keeps_token_versions() {
    for db in databases().await {
        let mut boss = user("boss");
        boss.role = Role::Admin;
        UserRepository::insert(&db, &boss).await.unwrap();
        let mut other = user("other");
        other.role = Role::Admin;
        UserRepository::insert(&db, &other).await.unwrap();
        add_user(&db, "amina").await;

        let mut demoted = other.clone();
        demoted.role = Role::User;
        demoted.token_version = 4;
        UserRepository::update(&db, &demoted).await.unwrap();
        assert_eq!(
            UserRepository::by_id(&db, &other.id).await.unwrap(),
            Some(demoted),
            "{db:?}"
        );
        let mut last = boss.clone();
        last.role = Role::User;
        assert_eq!(
            UserRepository::update(&db, &last).await,
            Err(UserStoreError::Refused(PermissionError::LastAdmin)),
            "{db:?}"
        );
        assert_eq!(
            UserRepository::delete(&db, &boss.id).await,
            Err(UserStoreError::Refused(PermissionError::LastAdmin))
        );
        assert_eq!(db.count_admins().await.unwrap(), 1);
        // Shoppers come and go as before.
        UserRepository::delete(&db, &user_id("amina"))
            .await
            .unwrap();
        UserRepository::delete(&db, &other.id).await.unwrap();
    }
}

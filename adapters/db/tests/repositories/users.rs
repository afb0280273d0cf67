use crate::support::{add_product, add_user, at, databases, now, order, user, user_id};
use domain::listing::users::UserQuery;
use domain::permissions::PermissionError;
use domain::ports::{
    CartRepository, OrderRepository, RepoError, UserRepository, UserStoreError, WishlistRepository,
};
use domain::user::{Email, Role, User};

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
        other.email = Some(Email::parse("Amina@EXAMPLE.com").unwrap());
        assert_eq!(
            UserRepository::insert(&db, &other).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_update_writes_the_contact_fields_and_role_never_the_password_or_token_version() {
    for db in databases().await {
        let stored = add_user(&db, "amina").await;
        let mut sent = stored.clone();
        sent.name = "Amina Warsame".into();
        sent.email = Some(Email::parse("amina.w@example.com").unwrap());
        sent.phone = "771234567".into();
        sent.role = Role::Admin;
        sent.password_hash = "stale-hash".into();
        sent.must_change_password = true;
        sent.token_version = 7;
        sent.created_at = at(999);
        UserRepository::update(&db, &sent, None).await.unwrap();
        let expected = User {
            password_hash: stored.password_hash.clone(),
            must_change_password: stored.must_change_password,
            token_version: stored.token_version,
            created_at: stored.created_at,
            language: domain::language::Language::English,
            ..sent
        };
        assert_eq!(
            UserRepository::by_id(&db, &stored.id).await.unwrap(),
            Some(expected),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn a_new_password_is_stored_only_over_the_token_version_it_replaces() {
    for db in databases().await {
        let stored = add_user(&db, "amina").await;
        let mut first = stored.clone();
        let mut second = stored.clone();
        let first_password = first.replace_password("first".into(), false);
        let second_password = second.replace_password("second".into(), true);
        second.name = "Renamed".into();
        UserRepository::update(&db, &first, Some(first_password))
            .await
            .unwrap();
        assert_eq!(
            UserRepository::update(&db, &second, Some(second_password)).await,
            Err(UserStoreError::PasswordChanged),
            "{db:?}"
        );
        assert_eq!(
            UserRepository::by_id(&db, &stored.id).await.unwrap(),
            Some(first),
            "the later change stored nothing, not even its name, {db:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn many_new_passwords_over_one_token_version_store_exactly_one() {
    for db in databases().await {
        let stored = add_user(&db, "amina").await;
        let changes: Vec<_> = (0..8)
            .map(|i| {
                let mut user = stored.clone();
                let password = user.replace_password(format!("hash-{i}"), false);
                let db = db.clone();
                tokio::spawn(
                    async move { UserRepository::update(&db, &user, Some(password)).await },
                )
            })
            .collect();
        let mut results = Vec::new();
        for change in changes {
            results.push(change.await.unwrap());
        }
        let won: Vec<_> = results
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_ok())
            .collect();
        assert_eq!(won.len(), 1, "{db:?}: {results:?}");
        assert!(results
            .iter()
            .all(|r| matches!(r, Ok(()) | Err(UserStoreError::PasswordChanged))));
        let now = UserRepository::by_id(&db, &stored.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (now.password_hash, now.token_version),
            (format!("hash-{}", won[0].0), 1)
        );
    }
}

#[tokio::test]
async fn an_update_to_a_taken_email_is_a_duplicate_and_of_a_missing_user_not_found() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let mut bashir = add_user(&db, "bashir").await;
        bashir.email = Some(Email::parse("amina@example.com").unwrap());
        assert_eq!(
            UserRepository::update(&db, &bashir, None).await,
            Err(UserStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
        assert_eq!(
            UserRepository::update(&db, &user("ghost"), None).await,
            Err(UserStoreError::Repo(RepoError::NotFound))
        );
    }
}

#[tokio::test]
async fn deleting_a_user_takes_their_cart_and_wishlist_but_not_their_orders() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 2, now())
            .await
            .unwrap();
        WishlistRepository::add(&db, &amina.id, &dress.id, now())
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
        UserRepository::update(&db, &middle, None).await.unwrap();
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
        UserRepository::update(&db, &demoted, None).await.unwrap();
        assert_eq!(
            UserRepository::by_id(&db, &other.id).await.unwrap(),
            Some(demoted),
            "{db:?}"
        );
        let mut last = boss.clone();
        last.role = Role::User;
        assert_eq!(
            UserRepository::update(&db, &last, None).await,
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

#[tokio::test(flavor = "multi_thread")]
async fn every_role_is_stored_and_read_back() {
    for db in databases().await {
        for role in Role::ALL {
            let mut staff = user(role.as_str());
            staff.role = role;
            UserRepository::insert(&db, &staff).await.unwrap();
            let stored = UserRepository::by_id(&db, &staff.id).await.unwrap();
            assert_eq!(stored.map(|u| u.role), Some(role), "{db:?}");
        }
    }
}

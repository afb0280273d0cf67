use crate::support::{at, databases, product, user, user_id};
use domain::audit::{AuditActor, AuditChange, AuditEntry, AuditFilter};
use domain::ports::{AuditLog, Page};
use domain::user::{Email, Role};

fn entry(id: &str, seconds: i64, change: AuditChange) -> AuditEntry {
    by("boss", Role::Admin, id, seconds, change)
}

fn by(actor: &str, role: Role, id: &str, seconds: i64, change: AuditChange) -> AuditEntry {
    AuditEntry {
        id: id.into(),
        at: at(seconds),
        actor_id: user_id(actor),
        actor_email: Some(Email::parse(&format!("{actor}@example.com")).unwrap()),
        actor_name: actor.to_uppercase(),
        actor_role: role,
        change,
    }
}

const EVERYONE: AuditFilter = AuditFilter { actor: None };

#[tokio::test]
async fn entries_come_back_exactly_newest_first_a_page_at_a_time() {
    for db in databases().await {
        let dress = product("p1", 5);
        let mut cheaper = dress.clone();
        cheaper.price = crate::support::money(1999);
        let amina = user("amina");
        let recorded = [
            entry("a1", 0, AuditChange::product_created(&dress)),
            entry("a2", 1, AuditChange::product_updated(&dress, &cheaper)),
            entry("a3", 1, AuditChange::user_deleted(&amina)),
        ];
        for e in &recorded {
            db.record(e).await.unwrap();
        }
        let (first, total) = db
            .list(&EVERYONE, Page { number: 1, size: 2 })
            .await
            .unwrap();
        assert_eq!(total, 3, "{db:?}");
        assert_eq!(first, vec![recorded[2].clone(), recorded[1].clone()]);
        let (second, _) = db
            .list(&EVERYONE, Page { number: 2, size: 2 })
            .await
            .unwrap();
        assert_eq!(second, vec![recorded[0].clone()]);
    }
}

#[tokio::test]
async fn the_trail_is_read_by_person_and_names_everyone_who_acted() {
    for db in databases().await {
        let dress = product("p1", 5);
        let mut cheaper = dress.clone();
        cheaper.price = crate::support::money(1999);
        let recorded = [
            by(
                "hodan",
                Role::StockKeeper,
                "a1",
                0,
                AuditChange::product_created(&dress),
            ),
            entry("a2", 1, AuditChange::product_updated(&dress, &cheaper)),
            by(
                "hodan",
                Role::OrderHandler,
                "a3",
                2,
                AuditChange::product_deleted(&cheaper),
            ),
        ];
        for e in &recorded {
            db.record(e).await.unwrap();
        }
        let hodans = AuditFilter {
            actor: Some(user_id("hodan")),
        };
        let (hers, total) = db
            .list(
                &hodans,
                Page {
                    number: 1,
                    size: 20,
                },
            )
            .await
            .unwrap();
        assert_eq!(total, 2, "{db:?}");
        assert_eq!(hers, vec![recorded[2].clone(), recorded[0].clone()]);
        // Each person once, as their latest entry names them, by name.
        assert_eq!(
            db.actors().await.unwrap(),
            vec![
                AuditActor {
                    id: user_id("boss"),
                    email: Some(Email::parse("boss@example.com").unwrap()),
                    name: "BOSS".into(),
                    role: Role::Admin,
                },
                AuditActor {
                    id: user_id("hodan"),
                    email: Some(Email::parse("hodan@example.com").unwrap()),
                    name: "HODAN".into(),
                    role: Role::OrderHandler,
                },
            ],
            "{db:?}"
        );
    }
}

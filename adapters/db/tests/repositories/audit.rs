use crate::support::{at, databases, product, user, user_id};
use domain::audit::{AuditChange, AuditEntry};
use domain::ports::{AuditLog, Page};
use domain::user::Email;

fn entry(id: &str, seconds: i64, change: AuditChange) -> AuditEntry {
    AuditEntry {
        id: id.into(),
        at: at(seconds),
        actor_id: user_id("boss"),
        actor_email: Email::parse("boss@example.com").unwrap(),
        change,
    }
}

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
        let (first, total) = db.list(Page { number: 1, size: 2 }).await.unwrap();
        assert_eq!(total, 3, "{db:?}");
        assert_eq!(first, vec![recorded[2].clone(), recorded[1].clone()]);
        let (second, _) = db.list(Page { number: 2, size: 2 }).await.unwrap();
        assert_eq!(second, vec![recorded[0].clone()]);
    }
}

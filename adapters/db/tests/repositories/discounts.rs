//! Discount codes as stored (issue 15).

use crate::support::{at, databases, user_id};
use domain::discount::{Discount, DiscountCode, DiscountKind};
use domain::ports::{DiscountRepository, Page, RepoError};
use domain::{DiscountId, Money, Percent};

fn code(id: &str, code: &str, seconds: i64) -> Discount {
    Discount {
        id: DiscountId::parse(id).unwrap(),
        code: DiscountCode::parse(code).unwrap(),
        kind: DiscountKind::Percent(Percent::new(15).unwrap()),
        min_subtotal: Some(Money::from_cents(4000).unwrap()),
        starts_at: Some(at(seconds)),
        ends_at: Some(at(seconds + 86_400)),
        usage_limit: Some(100),
        per_customer_limit: Some(1),
        times_used: 0,
        active: true,
        created_at: at(seconds),
    }
}

#[tokio::test]
async fn a_code_comes_back_as_stored_and_is_found_by_its_code() {
    for db in databases().await {
        let eid = code("eid", "EID-2026", 0);
        db.insert(&eid).await.unwrap();
        assert_eq!(
            db.by_id(&eid.id).await.unwrap(),
            Some(eid.clone()),
            "{db:?}"
        );
        let typed = DiscountCode::parse("eid-2026").unwrap();
        assert_eq!(db.by_code(&typed).await.unwrap(), Some(eid.clone()));
        let free = Discount {
            kind: DiscountKind::FreeShipping,
            min_subtotal: None,
            starts_at: None,
            ends_at: None,
            usage_limit: None,
            per_customer_limit: None,
            ..code("ship", "FREESHIP", 60)
        };
        db.insert(&free).await.unwrap();
        assert_eq!(db.by_id(&free.id).await.unwrap(), Some(free));
        let fixed = Discount {
            kind: DiscountKind::Fixed(Money::from_cents(550).unwrap()),
            ..code("five", "FIVE-OFF", 120)
        };
        db.insert(&fixed).await.unwrap();
        assert_eq!(db.by_id(&fixed.id).await.unwrap(), Some(fixed));
        assert_eq!(db.uses_by(&eid.id, &user_id("amina")).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn a_taken_code_is_a_duplicate_on_insert_and_on_edit() {
    for db in databases().await {
        db.insert(&code("eid", "EID-2026", 0)).await.unwrap();
        db.insert(&code("sale", "SALE", 60)).await.unwrap();
        assert_eq!(
            db.insert(&code("other", "EID-2026", 120)).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );
        let renamed = code("sale", "EID-2026", 60);
        assert_eq!(db.update(&renamed).await, Err(RepoError::Duplicate));
    }
}

#[tokio::test]
async fn an_edit_writes_the_admins_fields_but_never_the_uses_and_a_delete_removes_it() {
    for db in databases().await {
        let eid = code("eid", "EID-2026", 0);
        db.insert(&eid).await.unwrap();
        let edited = Discount {
            code: DiscountCode::parse("EID-SALE").unwrap(),
            kind: DiscountKind::Percent(Percent::new(20).unwrap()),
            usage_limit: None,
            active: false,
            times_used: 7,
            created_at: at(999),
            ..eid.clone()
        };
        db.update(&edited).await.unwrap();
        let stored = db.by_id(&eid.id).await.unwrap().unwrap();
        assert_eq!(
            stored,
            Discount {
                times_used: 0,
                created_at: eid.created_at,
                ..edited
            },
            "{db:?}"
        );
        db.delete(&eid.id).await.unwrap();
        assert_eq!(db.by_id(&eid.id).await.unwrap(), None);
        assert_eq!(db.delete(&eid.id).await, Err(RepoError::NotFound));
        assert_eq!(db.update(&eid).await, Err(RepoError::NotFound));
    }
}

#[tokio::test]
async fn codes_are_listed_newest_first_a_page_at_a_time() {
    for db in databases().await {
        for (i, name) in ["FIRST", "SECOND", "THIRD"].iter().enumerate() {
            db.insert(&code(&name.to_lowercase(), name, i as i64 * 60))
                .await
                .unwrap();
        }
        let names = |codes: Vec<Discount>| {
            codes
                .into_iter()
                .map(|c| c.code.to_string())
                .collect::<Vec<_>>()
        };
        let (all, total) = db.list(None).await.unwrap();
        assert_eq!(
            (names(all), total),
            (vec!["THIRD".into(), "SECOND".into(), "FIRST".into()], 3)
        );
        let (second_page, total) = db.list(Some(Page { number: 2, size: 2 })).await.unwrap();
        assert_eq!(
            (names(second_page), total),
            (vec!["FIRST".into()], 3),
            "{db:?}"
        );
    }
}

use domain::delivery::{DeliveryTime, DeliveryZone};
use domain::ports::{DeliveryZoneRepository, RepoError};
use domain::{Money, ZoneId};
use shop_db::test_support::databases;

fn zone(id: &str, city: &str, district: Option<&str>) -> DeliveryZone {
    DeliveryZone {
        id: ZoneId::parse(id).unwrap(),
        city: city.into(),
        district: district.map(Into::into),
        fee: Money::from_cents(250).unwrap(),
        time: DeliveryTime {
            min_days: 1,
            max_days: 3,
        },
        cash_on_delivery: true,
        served: true,
    }
}

#[tokio::test]
async fn zones_read_back_by_city_a_whole_city_first_and_one_per_place_whatever_the_case() {
    for db in databases().await {
        for z in [
            zone("z3", "Mogadishu", Some("Wadajir")),
            zone("z1", "Mogadishu", Some("Hodan")),
            zone("z2", "Hargeisa", None),
        ] {
            db.insert(&z).await.unwrap();
        }
        let places: Vec<_> = db.all().await.unwrap().iter().map(|z| z.place()).collect();
        assert_eq!(
            places,
            ["Hargeisa", "Hodan, Mogadishu", "Wadajir, Mogadishu"],
            "{db:?}"
        );
        assert_eq!(
            db.insert(&zone("z4", "MOGADISHU", Some("hodan"))).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );
        assert_eq!(
            db.insert(&zone("z5", "hargeisa", None)).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );

        let off = DeliveryZone {
            served: false,
            fee: Money::from_cents(300).unwrap(),
            time: DeliveryTime {
                min_days: 0,
                max_days: 0,
            },
            ..zone("z1", "Mogadishu", Some("Hodan"))
        };
        db.update(&off).await.unwrap();
        assert_eq!(db.all().await.unwrap()[1], off, "{db:?}");
        assert_eq!(
            db.update(&zone("nope", "Bosaso", None)).await,
            Err(RepoError::NotFound),
            "{db:?}"
        );
    }
}

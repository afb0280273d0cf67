//! The demo shop's delivery zones (DESIGN.md section 9, "Delivering"): Mogadishu's 17
//! districts of the Banadir Regional Administration, and seven other cities delivered as a
//! whole. Central districts the same day or the next; the outskirts a day or two; other
//! cities by road or air in days. Riders take cash in Mogadishu and the larger northern cities.

use domain::delivery::{DeliveryTime, DeliveryZone};
use domain::ports::{DeliveryZoneRepository, IdGenerator};
use domain::{Money, ZoneId};

use crate::system::RandomIds;

/// A zone of the demo: city, district (`None`: the whole city), fee in cents, days, cash.
type DemoZone = (&'static str, Option<&'static str>, i64, (u8, u8), bool);

const CENTRAL: (u8, u8) = (0, 1);
const OUTSKIRTS: (u8, u8) = (1, 2);

pub const DEMO_ZONES: [DemoZone; 24] = [
    ("Mogadishu", Some("Abdiaziz"), 200, CENTRAL, true),
    ("Mogadishu", Some("Bondhere"), 200, CENTRAL, true),
    ("Mogadishu", Some("Daynile"), 350, OUTSKIRTS, true),
    ("Mogadishu", Some("Dharkenley"), 300, OUTSKIRTS, true),
    ("Mogadishu", Some("Hamar-Jajab"), 200, CENTRAL, true),
    ("Mogadishu", Some("Hamar-Weyne"), 200, CENTRAL, true),
    ("Mogadishu", Some("Hodan"), 200, CENTRAL, true),
    ("Mogadishu", Some("Howl-Wadag"), 200, CENTRAL, true),
    ("Mogadishu", Some("Huriwa"), 300, OUTSKIRTS, true),
    ("Mogadishu", Some("Kaxda"), 350, OUTSKIRTS, true),
    ("Mogadishu", Some("Karan"), 250, CENTRAL, true),
    ("Mogadishu", Some("Shangani"), 200, CENTRAL, true),
    ("Mogadishu", Some("Shibis"), 200, CENTRAL, true),
    ("Mogadishu", Some("Waberi"), 200, CENTRAL, true),
    ("Mogadishu", Some("Wadajir"), 250, CENTRAL, true),
    ("Mogadishu", Some("Warta Nabada"), 200, CENTRAL, true),
    ("Mogadishu", Some("Yaqshid"), 250, CENTRAL, true),
    ("Hargeisa", None, 800, (2, 4), true),
    ("Bosaso", None, 900, (3, 5), true),
    ("Garowe", None, 900, (3, 5), true),
    ("Kismayo", None, 800, (2, 4), false),
    ("Baidoa", None, 700, (2, 3), false),
    ("Galkayo", None, 900, (3, 5), false),
    ("Beledweyne", None, 700, (2, 3), false),
];

/// The demo's zones, each with a new id, all served.
pub fn demo_zones() -> Vec<DeliveryZone> {
    DEMO_ZONES
        .iter()
        .map(
            |&(city, district, fee, (min_days, max_days), cash)| DeliveryZone {
                id: ZoneId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                city: city.into(),
                district: district.map(Into::into),
                fee: Money::from_cents(fee).expect("demo fees are money"),
                time: DeliveryTime { min_days, max_days },
                cash_on_delivery: cash,
                served: true,
            },
        )
        .collect()
}

/// Stores the demo's zones in a shop that has none; a shop with zones keeps its own.
pub async fn seed(store: &dyn DeliveryZoneRepository) -> anyhow::Result<()> {
    let stored = |e| anyhow::anyhow!("storing delivery zones: {e}");
    if !store.all().await.map_err(stored)?.is_empty() {
        return Ok(());
    }
    for zone in demo_zones() {
        store.insert(&zone).await.map_err(stored)?;
    }
    println!("Seeded the demo delivery zones: Mogadishu's 17 districts and 7 cities");
    Ok(())
}

//! `DeliveryZoneRepository`: the shop's delivery zones (migration `delivery_zones`).

use crate::models::money;
use crate::schema::delivery_zones;
use crate::{corrupt, one_row, storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::delivery::{DeliveryTime, DeliveryZone};
use domain::ports::{DeliveryZoneRepository, RepoError};
use domain::ZoneId;

/// Also the change set of an edit: every column but the id.
#[derive(Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = delivery_zones, treat_none_as_null = true)]
struct ZoneRow {
    #[diesel(skip_update)]
    id: String,
    city: String,
    district: Option<String>,
    fee_cents: i64,
    min_days: i32,
    max_days: i32,
    cash_on_delivery: bool,
    served: bool,
}

impl ZoneRow {
    fn from_domain(zone: &DeliveryZone) -> Self {
        Self {
            id: zone.id.as_str().to_owned(),
            city: zone.city.clone(),
            district: zone.district.clone(),
            fee_cents: zone.fee.cents(),
            min_days: i32::from(zone.time.min_days),
            max_days: i32::from(zone.time.max_days),
            cash_on_delivery: zone.cash_on_delivery,
            served: zone.served,
        }
    }

    fn into_domain(self) -> Result<DeliveryZone, RepoError> {
        let days = |raw: i32| u8::try_from(raw).map_err(|_| corrupt("delivery days", raw));
        Ok(DeliveryZone {
            id: ZoneId::parse(&self.id).ok_or_else(|| corrupt("zone id", &self.id))?,
            city: self.city,
            district: self.district,
            fee: money(self.fee_cents)?,
            time: DeliveryTime {
                min_days: days(self.min_days)?,
                max_days: days(self.max_days)?,
            },
            cash_on_delivery: self.cash_on_delivery,
            served: self.served,
        })
    }
}

#[async_trait]
impl DeliveryZoneRepository for Database {
    async fn all(&self) -> Result<Vec<DeliveryZone>, RepoError> {
        self.run(|conn| {
            delivery_zones::table
                .select(ZoneRow::as_select())
                // NULLs sort first on SQLite and last on PostgreSQL: the whole city first on both.
                .order((
                    delivery_zones::city.asc(),
                    delivery_zones::district.is_not_null(),
                    delivery_zones::district.asc(),
                ))
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(ZoneRow::into_domain)
                .collect()
        })
        .await
    }

    async fn insert(&self, zone: &DeliveryZone) -> Result<(), RepoError> {
        let row = ZoneRow::from_domain(zone);
        self.write(move |conn| {
            diesel::insert_into(delivery_zones::table)
                .values(&row)
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn update(&self, zone: &DeliveryZone) -> Result<(), RepoError> {
        let row = ZoneRow::from_domain(zone);
        self.write(move |conn| {
            one_row(
                diesel::update(delivery_zones::table.find(&row.id))
                    .set(&row)
                    .execute(conn)
                    .map_err(storage),
            )
        })
        .await
    }
}

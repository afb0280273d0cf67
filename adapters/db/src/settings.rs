//! `SettingsRepository`: the shop's settings, one row.

use crate::models::{email, money};
use crate::schema::settings;
use crate::{is_unique_violation, storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::ports::{RepoError, SettingsRepository};
use domain::settings::ShopSettings;

#[derive(Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = settings)]
struct SettingsRow {
    id: i32,
    shop_name: String,
    support_phone: String,
    support_email: String,
    shipping_cents: i64,
    cod_max_cents: i64,
}

/// The settings live in one row with this id.
const SETTINGS_ROW: i32 = 1;

impl SettingsRow {
    fn from_domain(settings: &ShopSettings) -> Self {
        Self {
            id: SETTINGS_ROW,
            shop_name: settings.shop_name.clone(),
            support_phone: settings.support_phone.clone(),
            support_email: settings.support_email.as_str().to_owned(),
            shipping_cents: settings.shipping_fee.cents(),
            cod_max_cents: settings.cash_on_delivery_max.cents(),
        }
    }

    fn into_domain(self) -> Result<ShopSettings, RepoError> {
        Ok(ShopSettings {
            shop_name: self.shop_name,
            support_phone: self.support_phone,
            support_email: email(&self.support_email)?,
            shipping_fee: money(self.shipping_cents)?,
            cash_on_delivery_max: money(self.cod_max_cents)?,
        })
    }
}

#[async_trait]
impl SettingsRepository for Database {
    async fn get(&self) -> Result<Option<ShopSettings>, RepoError> {
        self.run(|conn| {
            settings::table
                .find(SETTINGS_ROW)
                .select(SettingsRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(SettingsRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn save(&self, new: &ShopSettings) -> Result<(), RepoError> {
        let row = SettingsRow::from_domain(new);
        self.write(move |conn| {
            let update = |conn: &mut _| {
                diesel::update(settings::table.find(SETTINGS_ROW))
                    .set(&row)
                    .execute(conn)
                    .map_err(storage)
            };
            if update(conn)? > 0 {
                return Ok(());
            }
            // First save; if another request inserted the row in between, update it.
            match diesel::insert_into(settings::table)
                .values(&row)
                .execute(conn)
            {
                Ok(_) => Ok(()),
                Err(e) if is_unique_violation(&e) => update(conn).map(drop),
                Err(e) => Err(storage(e)),
            }
        })
        .await
    }
}

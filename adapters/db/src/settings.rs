//! `SettingsRepository`: the shop's settings, one row.

use crate::models::{SettingsRow, SETTINGS_ROW};
use crate::schema::settings;
use crate::{is_unique_violation, storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::ports::{RepoError, SettingsRepository};
use domain::settings::ShopSettings;

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

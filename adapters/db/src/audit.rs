//! `AuditLog`: the audit trail of admin actions, newest first.

use crate::models::AuditRow;
use crate::schema::audit_log;
use crate::{storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::audit::AuditEntry;
use domain::ports::{AuditLog, Page, RepoError};

#[async_trait]
impl AuditLog for Database {
    async fn record(&self, entry: &AuditEntry) -> Result<(), RepoError> {
        let row = AuditRow::from_domain(entry);
        self.write(move |conn| {
            diesel::insert_into(audit_log::table)
                .values(&row)
                .execute(conn)
                .map_err(storage)?;
            Ok(())
        })
        .await
    }

    async fn list(&self, page: Page) -> Result<(Vec<AuditEntry>, u64), RepoError> {
        self.run(move |conn| {
            let total: i64 = audit_log::table.count().get_result(conn).map_err(storage)?;
            let entries = audit_log::table
                .order(audit_log::seq.desc())
                .limit(i64::from(page.size))
                .offset(page.offset())
                .select(AuditRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(AuditRow::into_domain)
                .collect::<Result<_, _>>()?;
            Ok((entries, u64::try_from(total).unwrap_or_default()))
        })
        .await
    }
}

//! `AuditLog`: the audit trail of admin actions, newest first.

use crate::models::{email, from_db_time, to_db_time, user_id};
use crate::schema::audit_log;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::audit::{AuditAction, AuditChange, AuditEntry, Snapshot};
use domain::ports::{AuditLog, Page, RepoError};

/// An entry as stored; `seq` (the insertion order) is left to the database.
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = audit_log)]
struct AuditRow {
    id: String,
    at: NaiveDateTime,
    actor_id: String,
    actor_email: String,
    action: String,
    entity: String,
    entity_id: Option<String>,
    before_fields: Option<String>,
    after_fields: Option<String>,
}

fn snapshot_from_json(raw: &str) -> Result<Snapshot, RepoError> {
    serde_json::from_str(raw).map_err(|_| corrupt("audit snapshot", raw))
}

impl AuditRow {
    fn from_domain(entry: &AuditEntry) -> Self {
        let json = |fields: &Option<Snapshot>| {
            fields
                .as_ref()
                .map(|f| serde_json::Value::Object(f.clone()).to_string())
        };
        Self {
            id: entry.id.clone(),
            at: to_db_time(entry.at),
            actor_id: entry.actor_id.as_str().to_owned(),
            actor_email: entry.actor_email.as_str().to_owned(),
            action: entry.change.action.as_str().to_owned(),
            entity: entry.change.action.entity().as_str().to_owned(),
            entity_id: entry.change.entity_id.clone(),
            before_fields: json(&entry.change.before),
            after_fields: json(&entry.change.after),
        }
    }

    fn into_domain(self) -> Result<AuditEntry, RepoError> {
        Ok(AuditEntry {
            id: self.id,
            at: from_db_time(self.at),
            actor_id: user_id(&self.actor_id)?,
            actor_email: email(&self.actor_email)?,
            change: AuditChange {
                action: AuditAction::parse(&self.action)
                    .ok_or_else(|| corrupt("audit action", &self.action))?,
                entity_id: self.entity_id,
                before: self
                    .before_fields
                    .as_deref()
                    .map(snapshot_from_json)
                    .transpose()?,
                after: self
                    .after_fields
                    .as_deref()
                    .map(snapshot_from_json)
                    .transpose()?,
            },
        })
    }
}

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

//! `AuditLog`: the audit trail of admin actions, newest first.

use crate::models::{email, from_db_time, role, to_db_time, user_id};
use crate::schema::audit_log;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::audit::{AuditAction, AuditActor, AuditChange, AuditEntry, AuditFilter, Snapshot};
use domain::ports::{AuditLog, Page, RepoError};
use domain::user::Email;

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
    actor_name: String,
    actor_role: String,
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
            actor_email: entry
                .actor_email
                .as_ref()
                .map_or(NO_EMAIL, Email::as_str)
                .to_owned(),
            action: entry.change.action.as_str().to_owned(),
            entity: entry.change.action.entity().as_str().to_owned(),
            entity_id: entry.change.entity_id.clone(),
            before_fields: json(&entry.change.before),
            after_fields: json(&entry.change.after),
            actor_name: entry.actor_name.clone(),
            actor_role: entry.actor_role.as_str().to_owned(),
        }
    }

    fn into_domain(self) -> Result<AuditEntry, RepoError> {
        Ok(AuditEntry {
            id: self.id,
            at: from_db_time(self.at),
            actor_id: user_id(&self.actor_id)?,
            actor_email: stored_email(&self.actor_email)?,
            actor_role: role(&self.actor_role)?,
            actor_name: self.actor_name,
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

    async fn list(
        &self,
        filter: &AuditFilter,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), RepoError> {
        let actor = filter.actor.as_ref().map(|id| id.as_str().to_owned());
        self.run(move |conn| {
            let kept = || {
                let mut query = audit_log::table.into_boxed();
                if let Some(actor) = &actor {
                    query = query.filter(audit_log::actor_id.eq(actor.clone()));
                }
                query
            };
            let total: i64 = kept().count().get_result(conn).map_err(storage)?;
            let entries = kept()
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

    async fn actors(&self) -> Result<Vec<AuditActor>, RepoError> {
        self.run(move |conn| {
            // Each person's latest entry (the index on (actor_id, seq) answers the maximum).
            let latest: Vec<Option<i64>> = audit_log::table
                .group_by(audit_log::actor_id)
                .select(diesel::dsl::max(audit_log::seq))
                .load(conn)
                .map_err(storage)?;
            let rows: Vec<(String, String, String, String)> = audit_log::table
                .filter(audit_log::seq.eq_any(latest.into_iter().flatten()))
                .order((audit_log::actor_name, audit_log::actor_email))
                .select((
                    audit_log::actor_id,
                    audit_log::actor_email,
                    audit_log::actor_name,
                    audit_log::actor_role,
                ))
                .load(conn)
                .map_err(storage)?;
            rows.into_iter()
                .map(|(id, mail, name, role_name)| {
                    Ok(AuditActor {
                        id: user_id(&id)?,
                        email: stored_email(&mail)?,
                        name,
                        role: role(&role_name)?,
                    })
                })
                .collect()
        })
        .await
    }
}

/// How an actor without an e-mail is stored (the column is required).
const NO_EMAIL: &str = "";

fn stored_email(raw: &str) -> Result<Option<Email>, RepoError> {
    (raw != NO_EMAIL).then(|| email(raw)).transpose()
}

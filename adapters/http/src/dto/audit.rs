//! The audit trail as the back office reads it: who changed what, in which role, and the
//! fields before and after.

use super::names::{AuditActionName, AuditEntityName, RoleName};
use domain::audit::{AuditActor, AuditEntry, Snapshot};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// One change of the audit trail.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    pub id: String,
    pub at: String,
    pub actor_id: String,
    /// The actor's e-mail (null for an account without one), name and role when they acted.
    pub actor_email: Option<String>,
    pub actor_name: String,
    #[schema(value_type = RoleName)]
    pub actor_role: &'static str,
    #[schema(value_type = AuditActionName)]
    pub action: &'static str,
    #[schema(value_type = AuditEntityName)]
    pub entity: &'static str,
    pub entity_id: Option<String>,
    /// The relevant fields before the change; null for a creation.
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub before: Option<Snapshot>,
    /// The relevant fields after the change; null for a deletion.
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub after: Option<Snapshot>,
}

impl From<&AuditEntry> for AuditEntryDto {
    fn from(entry: &AuditEntry) -> Self {
        Self {
            id: entry.id.clone(),
            at: entry.at.to_rfc3339(),
            actor_id: entry.actor_id.to_string(),
            actor_email: entry.actor_email.as_ref().map(ToString::to_string),
            actor_name: entry.actor_name.clone(),
            actor_role: entry.actor_role.as_str(),
            action: entry.change.action.as_str(),
            entity: entry.change.action.entity().as_str(),
            entity_id: entry.change.entity_id.clone(),
            before: entry.change.before.clone(),
            after: entry.change.after.clone(),
        }
    }
}

/// Someone the audit trail can be read by, as their latest change names them.
#[derive(Serialize, ToSchema)]
pub struct AuditActorDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Null for an account without one.
    pub email: Option<String>,
    pub name: String,
    #[schema(value_type = RoleName)]
    pub role: &'static str,
}

impl From<&AuditActor> for AuditActorDto {
    fn from(actor: &AuditActor) -> Self {
        Self {
            id: actor.id.to_string(),
            email: actor.email.as_ref().map(ToString::to_string),
            name: actor.name.clone(),
            role: actor.role.as_str(),
        }
    }
}

/// A page of the trail, of everyone or of one person. Read as text, so that a bad number
/// gets the message naming it (`domain::listing::page`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
    /// Only this person's changes (an `_id` of `GET /api/admin/audit/actors`).
    pub actor: Option<String>,
}

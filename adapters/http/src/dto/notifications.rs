//! Notifications as the back office sees them, and the forgotten-password calls' bodies
//! (issue 14).

use super::names::{ChannelName, DeliveryStatusName, TopicName};
use super::AccountKeyBody;
use domain::notification::{Channel, DeliveryStatus, Notification};
use domain::password_reset::ResetInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NotificationsQuery {
    /// pending, sent, retrying, failed or skipped; all without.
    pub status: Option<String>,
    /// email or sms; both without.
    pub channel: Option<String>,
    /// Text of the recipient or the subject, without case.
    pub q: Option<String>,
    /// The page, from 1.
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

impl NotificationsQuery {
    /// The status filter: `Err` names a value that is none.
    pub fn status(&self) -> Result<Option<DeliveryStatus>, &'static str> {
        match self
            .status
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => Ok(None),
            Some(raw) => DeliveryStatus::parse(raw)
                .map(Some)
                .ok_or("Status must be pending, sent, retrying, failed or skipped"),
        }
    }

    pub fn channel(&self) -> Result<Option<Channel>, &'static str> {
        match self
            .channel
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => Ok(None),
            Some(raw) => Channel::parse(raw)
                .map(Some)
                .ok_or("Channel must be email or sms"),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationDto {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(value_type = TopicName)]
    pub topic: &'static str,
    #[schema(value_type = ChannelName)]
    pub channel: &'static str,
    /// The e-mail address or phone number; none for the shop's alert before it is sent.
    pub recipient: Option<String>,
    /// Written when it is first sent.
    pub subject: Option<String>,
    #[schema(value_type = DeliveryStatusName)]
    pub status: &'static str,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: String,
    pub sent_at: Option<String>,
    pub next_attempt_at: Option<String>,
}

impl From<&Notification> for NotificationDto {
    fn from(n: &Notification) -> Self {
        Self {
            id: n.id.to_string(),
            topic: n.topic.as_str(),
            channel: n.channel.as_str(),
            recipient: n.recipient.clone(),
            subject: n.subject.clone(),
            status: n.status.as_str(),
            attempts: n.attempts,
            last_error: n.last_error.clone(),
            created_at: n.created_at.to_rfc3339(),
            sent_at: n.sent_at.map(|at| at.to_rfc3339()),
            next_attempt_at: n.next_attempt_at.map(|at| at.to_rfc3339()),
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordBody {
    #[serde(flatten)]
    pub account: AccountKeyBody,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetPasswordBody {
    #[serde(flatten)]
    pub account: AccountKeyBody,
    /// The 6-digit code from the e-mail or SMS.
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
}

impl From<ResetPasswordBody> for ResetInput {
    fn from(body: ResetPasswordBody) -> Self {
        Self {
            account: body.account.into(),
            code: body.code,
            password: body.password,
        }
    }
}

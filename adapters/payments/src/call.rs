//! Why a call to a payment provider brought back no reply the shop can read, shared by every
//! provider: what the shopper and staff are told, and the HTTP status behind it.

use domain::message::texts::PROVIDER_FAILED;

pub const TIMEOUT_REASON: &str = "The payment provider did not answer in time.";
pub const UNREACHABLE_REASON: &str = "The payment provider could not be reached.";
pub const UNREADABLE_REASON: &str = "The payment provider sent an unreadable reply.";

pub(crate) enum CallError {
    Timeout,
    Unreachable,
    /// An HTTP 5xx: the provider failed.
    ProviderFailure(u16),
    /// HTTP 401 or 403: the shop's key or signature was refused; nothing was done.
    Unauthorized(u16),
    Unreadable,
}

impl CallError {
    /// A request that failed on the way: it timed out, or never reached the provider.
    pub(crate) fn sending(error: reqwest::Error) -> Self {
        if error.is_timeout() {
            CallError::Timeout
        } else {
            CallError::Unreachable
        }
    }

    pub(crate) fn reason(&self) -> &'static str {
        match self {
            CallError::Timeout => TIMEOUT_REASON,
            CallError::Unreachable => UNREACHABLE_REASON,
            CallError::ProviderFailure(_) | CallError::Unauthorized(_) => PROVIDER_FAILED.english(),
            CallError::Unreadable => UNREADABLE_REASON,
        }
    }

    /// The HTTP status of a provider's failure or refusal; 0 when none came.
    pub(crate) fn http_status(&self) -> u16 {
        match self {
            CallError::ProviderFailure(status) | CallError::Unauthorized(status) => *status,
            _ => 0,
        }
    }
}

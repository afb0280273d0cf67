//! What the HTTP test binaries share: a reply read into status, headers and JSON.

use reqwest::StatusCode;
use serde_json::Value;

/// A reply: status, headers and the JSON body (`Value::Null` when it is not JSON).
pub struct Reply {
    pub status: StatusCode,
    // Every test binary includes this module; the process tests read no headers.
    #[allow(dead_code)]
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
}

pub async fn reply(response: reqwest::Response) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("a body");
    Reply {
        status,
        headers,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    }
}

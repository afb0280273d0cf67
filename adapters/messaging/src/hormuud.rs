//! SMS through Hormuud's API (https://smsapi.hormuud.com), as its public clients use it: a
//! bearer token from `POST /token` (grant_type=password, the account's username and
//! password; valid `expires_in` seconds, kept until shortly before), then
//! `POST /api/SendSMS {mobile, message, senderid, refid, validity}`, answered with
//! `{"ResponseCode": "200", …}` when taken.

use async_trait::async_trait;
use domain::ports::SmsGateway;
use serde::Deserialize;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

pub const DEFAULT_URL: &str = "https://smsapi.hormuud.com";
const TIMEOUT: Duration = Duration::from_secs(20);
/// A token is renewed this long before Hormuud says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

#[derive(Debug, Clone)]
pub struct HormuudConfig {
    /// Without a trailing slash.
    pub url: String,
    pub username: String,
    pub password: String,
    /// The sender name shoppers see, as registered with Hormuud.
    pub sender_id: String,
}

pub struct HormuudSms {
    client: reqwest::Client,
    config: HormuudConfig,
    token: Mutex<Option<(String, Instant)>>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: Option<u64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SendAnswer {
    response_code: Option<String>,
    response_message: Option<String>,
}

impl HormuudSms {
    pub fn new(config: HormuudConfig) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build()?;
        Ok(Self {
            client,
            config,
            token: Mutex::new(None),
        })
    }

    /// The kept token while it is good, else a new one.
    async fn token(&self) -> Result<String, String> {
        let mut kept = self.token.lock().await;
        if let Some((token, until)) = kept.as_ref() {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let answer = self
            .client
            .post(format!("{}/token", self.config.url))
            .form(&[
                ("grant_type", "password"),
                ("username", self.config.username.as_str()),
                ("password", self.config.password.as_str()),
            ])
            .send()
            .await
            .map_err(|e| format!("Hormuud could not be reached for a token: {e}"))?;
        if !answer.status().is_success() {
            return Err(format!(
                "Hormuud refused the token request: {}",
                answer.status()
            ));
        }
        let answer: TokenAnswer = answer
            .json()
            .await
            .map_err(|e| format!("Hormuud's token answer was not understood: {e}"))?;
        let lifetime = Duration::from_secs(answer.expires_in.unwrap_or(3600));
        let until = Instant::now() + lifetime.saturating_sub(TOKEN_MARGIN);
        *kept = Some((answer.access_token.clone(), until));
        Ok(answer.access_token)
    }

    async fn forget_token(&self) {
        *self.token.lock().await = None;
    }

    async fn send_with(
        &self,
        token: &str,
        to: &str,
        text: &str,
    ) -> Result<reqwest::Response, String> {
        self.client
            .post(format!("{}/api/SendSMS", self.config.url))
            .bearer_auth(token)
            .json(&json!({
                "mobile": to,
                "message": text,
                "senderid": self.config.sender_id,
                "refid": "0",
                "validity": 0,
            }))
            .send()
            .await
            .map_err(|e| format!("Hormuud could not be reached: {e}"))
    }
}

#[async_trait]
impl SmsGateway for HormuudSms {
    async fn send(&self, to: &str, text: &str) -> Result<(), String> {
        let mut answer = self.send_with(&self.token().await?, to, text).await?;
        if answer.status() == reqwest::StatusCode::UNAUTHORIZED {
            // The token ended early (revoked, or Hormuud restarted): one more with a new one.
            self.forget_token().await;
            answer = self.send_with(&self.token().await?, to, text).await?;
        }
        let status = answer.status();
        let body: Option<SendAnswer> = answer.json().await.ok();
        let (code, message) = body
            .map(|b| (b.response_code, b.response_message))
            .unwrap_or_default();
        if status.is_success() && code.as_deref() == Some("200") {
            return Ok(());
        }
        Err(format!(
            "Hormuud did not take the SMS: HTTP {status}, code {}, {}",
            code.unwrap_or_else(|| "none".into()),
            message.unwrap_or_default()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wiremock::matchers::{body_partial_json, body_string_contains, header, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    fn gateway(server: &MockServer) -> HormuudSms {
        HormuudSms::new(HormuudConfig {
            url: server.uri(),
            username: "dukaan".into(),
            password: "secret".into(),
            sender_id: "DUKAAN".into(),
        })
        .unwrap()
    }

    async fn token_endpoint(server: &MockServer, token: &str, times: u64) {
        Mock::given(method("POST"))
            .and(path("/token"))
            .and(body_string_contains("grant_type=password"))
            .and(body_string_contains("username=dukaan"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({"access_token": token, "expires_in": 3600})),
            )
            .expect(times)
            .mount(server)
            .await;
    }

    #[tokio::test]
    async fn a_token_is_asked_once_and_each_sms_sent_with_it() {
        let server = MockServer::start().await;
        token_endpoint(&server, "T1", 1).await;
        Mock::given(method("POST"))
            .and(path("/api/SendSMS"))
            .and(header("authorization", "Bearer T1"))
            .and(body_partial_json(json!({"mobile": "252615551234", "senderid": "DUKAAN"})))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({"ResponseCode": "200", "ResponseMessage": "SUCCESS!.", "Data": {"MessageID": "9"}}),
            ))
            .expect(2)
            .mount(&server)
            .await;
        let sms = gateway(&server);
        sms.send("252615551234", "Order #abc confirmed")
            .await
            .unwrap();
        sms.send("252615551234", "Order #abc shipped")
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_refusal_is_an_error_naming_the_providers_code_without_the_number() {
        let server = MockServer::start().await;
        token_endpoint(&server, "T1", 1).await;
        Mock::given(method("POST"))
            .and(path("/api/SendSMS"))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({"ResponseCode": "203", "ResponseMessage": "Insufficient balance"}),
            ))
            .mount(&server)
            .await;
        let error = gateway(&server)
            .send("252615551234", "hello")
            .await
            .unwrap_err();
        assert_eq!(
            error,
            "Hormuud did not take the SMS: HTTP 200 OK, code 203, Insufficient balance"
        );
        assert!(!error.contains("615551234"));
    }

    #[tokio::test]
    async fn a_token_refused_midway_is_renewed_once() {
        let server = MockServer::start().await;
        token_endpoint(&server, "T1", 2).await;
        Mock::given(method("POST"))
            .and(path("/api/SendSMS"))
            .respond_with(ResponseTemplate::new(401))
            .up_to_n_times(1)
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/api/SendSMS"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ResponseCode": "200"})))
            .mount(&server)
            .await;
        gateway(&server)
            .send("252615551234", "hello")
            .await
            .unwrap();
    }
}

//! The SMS sandbox: accepts every message and keeps the last ones in memory (for tests and
//! for trying the shop without an SMS provider account). Nothing leaves the machine.

use async_trait::async_trait;
use domain::ports::SmsGateway;
use std::collections::VecDeque;
use std::sync::Mutex;

const KEPT: usize = 100;

#[derive(Debug, Default)]
pub struct SandboxSms {
    sent: Mutex<VecDeque<(String, String)>>,
}

impl SandboxSms {
    /// The messages accepted, oldest first: (phone, text).
    pub fn sent(&self) -> Vec<(String, String)> {
        self.sent
            .lock()
            .expect("not poisoned")
            .iter()
            .cloned()
            .collect()
    }
}

#[async_trait]
impl SmsGateway for SandboxSms {
    async fn send(&self, to: &str, text: &str) -> Result<(), String> {
        let mut sent = self.sent.lock().expect("not poisoned");
        if sent.len() == KEPT {
            sent.pop_front();
        }
        sent.push_back((to.to_owned(), text.to_owned()));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_sandbox_keeps_the_last_hundred_messages() {
        let sandbox = SandboxSms::default();
        for i in 0..105 {
            sandbox
                .send("252615551234", &format!("m{i}"))
                .await
                .unwrap();
        }
        let sent = sandbox.sent();
        assert_eq!(sent.len(), 100);
        assert_eq!(sent[0].1, "m5");
    }
}

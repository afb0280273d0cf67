//! A fake eDahab on its own port, speaking the protocol the eDahab gateway documents
//! (`shop_payments::edahab`): every call is refused unless its `hash` is the SHA-256 of the
//! body's bytes and the secret, so a passing test proves the signature.
//!
//! Payers by the number's last digit (after 65000000): `1` declines ('User declined'), `3`
//! answers late with an open invoice that the test pays later (`pay_open_invoices`); any
//! other number pays at once.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const EDAHAB_SECRET: &str = "edahab-test-secret";
pub const DECLINING_NUMBER: &str = "650000001";
pub const LATE_NUMBER: &str = "650000003";
/// How long the late payer takes: longer than the test shop waits at checkout.
pub const LATE_ANSWER: Duration = Duration::from_millis(1500);

pub struct FakeEdahab {
    address: String,
    state: Arc<State>,
    server: actix_web::dev::ServerHandle,
}

#[derive(Default)]
struct State {
    /// Every call's name and body, in the order they came.
    calls: Mutex<Vec<(String, Value)>>,
    /// Invoices left open, and whether the test has paid them since.
    open_invoices: Mutex<Vec<(u64, bool)>>,
}

impl FakeEdahab {
    pub fn start() -> Self {
        let state = Arc::new(State::default());
        let served = web::Data::from(state.clone());
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let address = format!("http://{}", listener.local_addr().unwrap());
        let server = actix_web::HttpServer::new(move || {
            actix_web::App::new()
                .app_data(served.clone())
                .route("/api/{call}", web::post().to(call))
        })
        .workers(1)
        .listen(listener)
        .expect("the fake eDahab listens")
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Self {
            address,
            state,
            server: handle,
        }
    }

    pub fn url(&self) -> String {
        format!("{}/api", self.address)
    }

    /// The bodies of the calls named `call`, in the order they came.
    pub fn bodies_of(&self, call: &str) -> Vec<Value> {
        let calls = self.state.calls.lock().unwrap();
        calls
            .iter()
            .filter(|(name, _)| name == call)
            .map(|(_, body)| body.clone())
            .collect()
    }

    /// The payer pays every invoice left open.
    pub fn pay_open_invoices(&self) {
        for invoice in self.state.open_invoices.lock().unwrap().iter_mut() {
            invoice.1 = true;
        }
    }
}

impl Drop for FakeEdahab {
    fn drop(&mut self) {
        let server = self.server.clone();
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a runtime to stop the fake")
                .block_on(server.stop(false));
        })
        .join()
        .expect("the fake stops");
    }
}

fn signed(request: &HttpRequest, body: &[u8]) -> bool {
    let mut hash = Sha256::new();
    hash.update(body);
    hash.update(EDAHAB_SECRET.as_bytes());
    let expected: String = hash
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    request.query_string() == format!("hash={expected}")
}

fn invoice(status: &str, code: u32, description: &str, invoice_id: u64) -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "InvoiceStatus": status,
        "TransactionId": if status == "Paid" { format!("EDH-{invoice_id}") } else { String::new() },
        "InvoiceId": invoice_id,
        "StatusCode": code,
        "RequestId": 1,
        "StatusDescription": description,
        "ValidationErrors": null,
    }))
}

async fn call(
    state: web::Data<State>,
    request: HttpRequest,
    name: web::Path<String>,
    body: web::Bytes,
) -> HttpResponse {
    let name = name.into_inner();
    let parsed: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    state
        .calls
        .lock()
        .unwrap()
        .push((name.clone(), parsed.clone()));
    if !signed(&request, &body) {
        return invoice("Unpaid", 3, "Invalid hash", 0);
    }
    match name.as_str() {
        "IssueInvoice" => {
            let number = parsed["edahabNumber"].as_str().unwrap_or_default();
            let invoice_id = 9000 + state.calls.lock().unwrap().len() as u64;
            match number {
                DECLINING_NUMBER => invoice("Unpaid", 5, "User declined", invoice_id),
                LATE_NUMBER => {
                    tokio::time::sleep(LATE_ANSWER).await;
                    state
                        .open_invoices
                        .lock()
                        .unwrap()
                        .push((invoice_id, false));
                    invoice("Pending", 0, "Pending", invoice_id)
                }
                _ => invoice("Paid", 0, "Success", invoice_id),
            }
        }
        "CheckInvoiceStatus" => {
            let invoice_id = parsed["invoiceId"].as_u64().unwrap_or_default();
            let paid = state
                .open_invoices
                .lock()
                .unwrap()
                .iter()
                .any(|(id, paid)| *id == invoice_id && *paid);
            let status = if paid { "Paid" } else { "Pending" };
            invoice(status, 0, status, invoice_id)
        }
        "agentPayment" => {
            // A payout's round trip, so that refunds racing each other overlap.
            tokio::time::sleep(Duration::from_millis(50)).await;
            HttpResponse::Ok().json(json!({
                "TransactionStatus": "Approved",
                "TransactionMesage": "Payment sent",
                "TransactionId": parsed["transactionId"],
                "PhoneNumber": parsed["phoneNumber"],
            }))
        }
        _ => HttpResponse::NotFound().finish(),
    }
}

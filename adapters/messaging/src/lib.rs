//! Messages out of the shop, behind the domain's `Mailer` and `SmsGateway` ports: e-mail over
//! SMTP with lettre (`smtp`), SMS through Hormuud's API (`hormuud`, the SMS provider of
//! Somalia's largest network) and a sandbox that only records (`sandbox`). Errors name what
//! failed for the back office; they never carry a message's text or a phone number.

pub mod hormuud;
mod layout;
pub mod sandbox;
pub mod smtp;

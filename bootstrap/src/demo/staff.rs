//! The demo shop's staff, to try the back office as each role: an order handler, a stock
//! keeper and a rider, with the demo's password for staff.

use application::accounts::RegisterError;
use application::Shop;
use domain::language::Language;
use domain::ports::UserRepository;
use domain::user::{ContactInput, RegistrationInput, Role, User};

pub const DEMO_STAFF_PASSWORD: &str = "staff123";

/// Each demo staff member: name, e-mail and role.
pub const DEMO_STAFF: [(&str, &str, Role); 3] = [
    ("Hodan Orders", "orders@example.com", Role::OrderHandler),
    ("Faisal Stock", "stock@example.com", Role::StockKeeper),
    ("Hassan Rider", "rider@example.com", Role::Rider),
];

/// Adds the demo staff that are not there yet, in their roles; an account already there is
/// left as the owner has made it.
pub async fn seed<Store: UserRepository>(shop: &Shop, store: &Store) -> anyhow::Result<()> {
    for (name, email, role) in DEMO_STAFF {
        let registration = RegistrationInput {
            contact: ContactInput {
                name: name.into(),
                email: email.into(),
                phone: "+252 61 555 1234".into(),
            },
            password: DEMO_STAFF_PASSWORD.into(),
            language: Language::English,
        };
        match shop.accounts.register(&registration, "localhost").await {
            Ok(session) => {
                let member = User {
                    role,
                    ..session.user
                };
                store.update(&member, None).await?;
            }
            Err(RegisterError::EmailTaken) => {}
            Err(error) => return Err(anyhow::anyhow!("demo staff {email}: {error}")),
        }
    }
    Ok(())
}

//! Authentication adapters: Argon2id password hashing ([`Argon2Hasher`]) and stateless HS256
//! session tokens ([`JwtTokens`]), implementing the domain's `PasswordHasher` and
//! `TokenService` ports.

mod password;
mod tokens;

pub use password::Argon2Hasher;
pub use tokens::{generate_secret, JwtTokens, DEFAULT_TOKEN_LIFETIME, MIN_SECRET_LEN};

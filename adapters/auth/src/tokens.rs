//! Stateless HS256 session tokens (JSON Web Tokens).

use domain::ids::UserId;
use domain::ports::TokenService;
use domain::user::SessionClaims;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// How long a token stays valid unless told otherwise: 7 days.
pub const DEFAULT_TOKEN_LIFETIME: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Secrets shorter than this many bytes are accepted but logged as weak.
pub const MIN_SECRET_LEN: usize = 32;

/// A fresh signing secret: 64 random bytes from the operating system, as 128 hex digits.
/// [`JwtTokens::new`] takes the text's bytes as they are.
pub fn generate_secret() -> String {
    let mut bytes = [0u8; 64];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user id.
    sub: String,
    /// Issued at, seconds since the Unix epoch.
    iat: i64,
    /// Expires at, seconds since the Unix epoch.
    exp: i64,
    /// The user's token version at issue (0 in tokens made before versions existed).
    #[serde(default)]
    ver: u64,
}

/// Issues and checks HS256 tokens naming a user: claims `{sub, iat, exp, ver}`.
///
/// Only HS256 with this service's secret is accepted: `alg: none`, other algorithms, other
/// secrets, expired tokens, tampered tokens and tokens whose `sub` is not a valid user id all
/// verify to `None`.
pub struct JwtTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime_secs: i64,
}

impl fmt::Debug for JwtTokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JwtTokens")
            .field("secret", &"<hidden>")
            .field("lifetime_secs", &self.lifetime_secs)
            .finish()
    }
}

impl JwtTokens {
    /// A token service signing with `secret`, issuing tokens valid for `lifetime`.
    ///
    /// # Panics
    /// When `secret` is empty: anyone could forge tokens.
    pub fn new(secret: &[u8], lifetime: Duration) -> Self {
        assert!(!secret.is_empty(), "the token secret must not be empty");
        if secret.len() < MIN_SECRET_LEN {
            tracing::warn!(
                length = secret.len(),
                "the token secret is shorter than {MIN_SECRET_LEN} bytes; tokens are easier to forge"
            );
        }
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.validate_exp = true;
        validation.validate_nbf = false;
        // Several processes may share the secret; allow for small clock differences.
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime_secs: i64::try_from(lifetime.as_secs()).unwrap_or(i64::MAX),
        }
    }

    fn issue_at(&self, session: &SessionClaims, now: i64) -> String {
        let claims = Claims {
            sub: session.user.as_str().to_owned(),
            iat: now,
            exp: now.saturating_add(self.lifetime_secs),
            ver: session.token_version,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("signing plain claims with HS256 cannot fail")
    }
}

impl TokenService for JwtTokens {
    fn issue(&self, claims: &SessionClaims) -> String {
        self.issue_at(claims, chrono::Utc::now().timestamp())
    }

    fn verify(&self, token: &str) -> Option<SessionClaims> {
        let data = decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        if data.header.alg != Algorithm::HS256 {
            return None;
        }
        Some(SessionClaims {
            user: UserId::parse(&data.claims.sub)?,
            token_version: data.claims.ver,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use serde_json::json;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef-test-secret";

    /// A session of user `id` at token version 0.
    fn user(id: &str) -> SessionClaims {
        SessionClaims {
            user: UserId::parse(id).unwrap(),
            token_version: 0,
        }
    }

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    fn b64(value: &serde_json::Value) -> String {
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).unwrap())
    }

    fn sign(alg: Algorithm, claims: &serde_json::Value, secret: &[u8]) -> String {
        encode(&Header::new(alg), claims, &EncodingKey::from_secret(secret)).unwrap()
    }

    #[test]
    fn an_issued_token_names_its_user() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let id = user("0190b6f2-7c1e-7abc-9def-0123456789ab");
        let token = tokens.issue(&id);
        assert_eq!(tokens.verify(&token), Some(id));
    }

    #[test]
    fn the_token_carries_the_token_version_and_older_tokens_read_as_version_0() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let session = SessionClaims {
            user: UserId::parse("u1").unwrap(),
            token_version: 3,
        };
        assert_eq!(tokens.verify(&tokens.issue(&session)), Some(session));
        let without_version = sign(
            Algorithm::HS256,
            &json!({"sub": "u1", "iat": now(), "exp": now() + 3600}),
            SECRET,
        );
        assert_eq!(tokens.verify(&without_version), Some(user("u1")));
    }

    #[test]
    fn the_token_carries_sub_iat_and_the_configured_lifetime() {
        let tokens = JwtTokens::new(SECRET, Duration::from_secs(3600));
        let token = tokens.issue(&user("u1"));
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let header: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[0]).unwrap()).unwrap();
        assert_eq!(header["alg"], "HS256");
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["sub"], "u1");
        let iat = claims["iat"].as_i64().unwrap();
        assert!((iat - now()).abs() <= 5);
        assert_eq!(claims["exp"].as_i64().unwrap() - iat, 3600);
    }

    #[test]
    fn the_default_lifetime_is_seven_days() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let token = tokens.issue_at(&user("u1"), 1_000);
        let claims: serde_json::Value = serde_json::from_slice(
            &URL_SAFE_NO_PAD
                .decode(token.split('.').nth(1).unwrap())
                .unwrap(),
        )
        .unwrap();
        assert_eq!(claims["exp"], 1_000 + 7 * 24 * 3600);
    }

    #[test]
    fn an_expired_token_is_refused() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let expired = tokens.issue_at(&user("u1"), now() - 8 * 24 * 3600);
        assert_eq!(tokens.verify(&expired), None);
        let just_expired = sign(
            Algorithm::HS256,
            &json!({"sub": "u1", "iat": now() - 3600, "exp": now() - 60}),
            SECRET,
        );
        assert_eq!(tokens.verify(&just_expired), None);
        let still_valid = sign(
            Algorithm::HS256,
            &json!({"sub": "u1", "iat": now() - 3600, "exp": now() + 60}),
            SECRET,
        );
        assert_eq!(tokens.verify(&still_valid), Some(user("u1")));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_refused() {
        let ours = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let theirs = JwtTokens::new(
            b"another-secret-another-secret-another",
            DEFAULT_TOKEN_LIFETIME,
        );
        assert_eq!(ours.verify(&theirs.issue(&user("u1"))), None);
    }

    #[test]
    fn an_unsigned_alg_none_token_is_refused() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let claims = json!({"sub": "u1", "iat": now(), "exp": now() + 3600});
        for header in [
            json!({"alg": "none", "typ": "JWT"}),
            json!({"alg": "None", "typ": "JWT"}),
            json!({"alg": "none"}),
        ] {
            let unsigned = format!("{}.{}.", b64(&header), b64(&claims));
            assert_eq!(tokens.verify(&unsigned), None, "{header}");
            // Even with the signature of a real token pasted on.
            let real = tokens.issue(&user("u1"));
            let signature = real.rsplit('.').next().unwrap();
            assert_eq!(tokens.verify(&format!("{unsigned}{signature}")), None);
        }
    }

    #[test]
    fn other_algorithms_are_refused_even_with_the_right_secret() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let claims = json!({"sub": "u1", "iat": now(), "exp": now() + 3600});
        assert_eq!(
            tokens.verify(&sign(Algorithm::HS256, &claims, SECRET)),
            Some(user("u1"))
        );
        assert_eq!(
            tokens.verify(&sign(Algorithm::HS384, &claims, SECRET)),
            None
        );
        assert_eq!(
            tokens.verify(&sign(Algorithm::HS512, &claims, SECRET)),
            None
        );
    }

    #[test]
    fn a_tampered_payload_is_refused() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let token = tokens.issue(&user("customer"));
        let parts: Vec<&str> = token.split('.').collect();
        let forged_claims = json!({"sub": "admin", "iat": now(), "exp": now() + 3600});
        let forged = format!("{}.{}.{}", parts[0], b64(&forged_claims), parts[2]);
        assert_eq!(tokens.verify(&forged), None);
        // Flipping one character of the signature breaks it too.
        let mut bad_signature = parts[2].to_owned();
        let last = bad_signature.pop().unwrap();
        bad_signature.push(if last == 'A' { 'B' } else { 'A' });
        assert_eq!(
            tokens.verify(&format!("{}.{}.{}", parts[0], parts[1], bad_signature)),
            None
        );
    }

    #[test]
    fn garbage_is_refused() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        for garbage in [
            "",
            "abc",
            "a.b.c",
            "Bearer x",
            "..",
            "eyJhbGciOiJIUzI1NiJ9.e30.",
            "\u{0}",
        ] {
            assert_eq!(tokens.verify(garbage), None, "{garbage:?}");
        }
    }

    #[test]
    fn claims_missing_or_naming_an_invalid_user_are_refused() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        let hostile = sign(
            Algorithm::HS256,
            &json!({"sub": "../etc/passwd", "iat": now(), "exp": now() + 3600}),
            SECRET,
        );
        assert_eq!(tokens.verify(&hostile), None);
        let no_exp = sign(
            Algorithm::HS256,
            &json!({"sub": "u1", "iat": now()}),
            SECRET,
        );
        assert_eq!(tokens.verify(&no_exp), None);
        let no_sub = sign(
            Algorithm::HS256,
            &json!({"iat": now(), "exp": now() + 3600}),
            SECRET,
        );
        assert_eq!(tokens.verify(&no_sub), None);
    }

    #[test]
    fn generated_secrets_are_long_random_hex() {
        let first = generate_secret();
        let second = generate_secret();
        assert_eq!(first.len(), 128);
        assert!(first.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(first, second);
        let tokens = JwtTokens::new(first.as_bytes(), DEFAULT_TOKEN_LIFETIME);
        assert_eq!(tokens.verify(&tokens.issue(&user("u1"))), Some(user("u1")));
    }

    #[test]
    fn debug_output_hides_the_secret() {
        let tokens = JwtTokens::new(SECRET, DEFAULT_TOKEN_LIFETIME);
        assert!(!format!("{tokens:?}").contains("test-secret"));
    }
}

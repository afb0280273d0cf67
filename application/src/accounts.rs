//! Registration, sign-in, sessions and user administration.

mod errors;
mod password_reset;

pub use errors::*;

use crate::audit::Audit;
use crate::languages::Languages;
use crate::throttle::Key;
use crate::throttle::{Throttle, TooManyAttempts};
use crate::ReadError;
use domain::audit::AuditChange;
use domain::language::Language;
use domain::listing::users::UserQuery;
use domain::message::texts::TOO_MANY_ATTEMPTS;
use domain::permissions::{
    has, may_act_on_temporary_password, may_delete_user, may_manage_user, may_set_role, require,
    Intent, Permission,
};
use domain::ports::{
    Clock, IdGenerator, PasswordHasher, SecretGenerator, TokenService, UserRepository,
};
use domain::ports::{HashError, RepoError, UserStoreError};
use domain::user::{
    ContactInput, Email, InvalidEmail, ProfileChangeInput, RegistrationInput, Role, User,
};
use domain::validation::plain_text;
use domain::UserId;
use std::fmt;
use std::sync::Arc;

/// A signed-in user and their token.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    pub token: String,
}

/// A changed account, with a fresh token when the person changed their own password (their
/// earlier sessions, this one included, ended with it).
#[derive(Debug, Clone)]
pub struct UpdatedUser {
    pub user: User,
    pub token: Option<String>,
}

/// Hashed once per process, so that signing in with an unknown e-mail verifies a password
/// just like a known one and takes as long.
const UNKNOWN_EMAIL_PASSWORD: &str = "no account has this password";

/// An account an admin created, with the temporary password to hand over once.
#[derive(Debug, Clone)]
pub struct CreatedUser {
    pub user: User,
    pub temporary_password: String,
}

/// An account whose stored e-mail is no `Email`: one a mailer would read as another's
/// address, or as none (stored before sign-up read addresses as the mailer does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnusableEmail {
    pub user: UserId,
    pub stored: String,
    pub why: InvalidEmail,
}

impl fmt::Display for UnusableEmail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "account {}: {:?}: {}", self.user, self.stored, self.why)
    }
}

/// Accounts: registration, sign-in, sessions, password resets and the admin's users.
pub struct Accounts {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenService>,
    secrets: Arc<dyn SecretGenerator>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
    throttle: Arc<Throttle>,
    languages: Languages,
    /// See `UNKNOWN_EMAIL_PASSWORD`.
    unknown_email_hash: tokio::sync::OnceCell<String>,
}

impl Accounts {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenService>,
        secrets: Arc<dyn SecretGenerator>,
        clock: Arc<dyn Clock>,
        ids: Arc<dyn IdGenerator>,
        audit: Audit,
        throttle: Arc<Throttle>,
        languages: Languages,
    ) -> Self {
        Self {
            users,
            hasher,
            tokens,
            secrets,
            clock,
            ids,
            audit,
            throttle,
            languages,
            unknown_email_hash: tokio::sync::OnceCell::new(),
        }
    }

    /// Remembers the language `user` asked for (see `Languages::remember`).
    pub async fn remember_language(&self, user: &UserId, language: Option<Language>) {
        self.languages.remember(user, language).await;
    }

    /// `user` chooses `language` for the shop's screens and their messages: stored now, so
    /// their next sign-in anywhere shows it. Answers them with it.
    pub async fn choose_language(
        &self,
        user: &User,
        language: Language,
    ) -> Result<User, RepoError> {
        self.languages.choose(&user.id, language).await?;
        Ok(User {
            language,
            ..user.clone()
        })
    }

    fn new_user_id(&self) -> UserId {
        UserId::parse(&self.ids.new_id()).expect("the id generator makes valid ids")
    }

    /// Adds an account; `taken` is the error when its e-mail has one already.
    async fn insert_user<E: From<RepoError>>(&self, user: &User, taken: E) -> Result<(), E> {
        self.users.insert(user).await.map_err(|e| match e {
            RepoError::Duplicate => taken,
            other => other.into(),
        })
    }

    /// Counts an attempt against every key, or refuses while any of them is over its limit;
    /// `attempts` names them.
    pub(crate) fn take_attempt(&self, keys: &[Key], attempts: &str) -> Result<(), TooManyAttempts> {
        self.throttle
            .take(keys, self.clock.now())
            .map_err(|wait| TooManyAttempts::new(TOO_MANY_ATTEMPTS.with("kind", attempts), wait))
    }

    /// Self-registration: always a shopper, signed in at once. Valid registrations count
    /// against the e-mail and the client's address, whether the e-mail was free or not; one
    /// with a taken e-mail also counts against the address's (lower) limit of those.
    pub async fn register(
        &self,
        input: &RegistrationInput,
        client_address: &str,
    ) -> Result<Session, RegisterError> {
        let registration = input.validate()?;
        let keys = self
            .throttle
            .limits()
            .registration_keys(registration.contact.email.as_str(), client_address);
        self.take_attempt(&keys.all(), "registration")?;
        let user = User {
            id: self.new_user_id(),
            name: registration.contact.name,
            email: registration.contact.email,
            phone: registration.contact.phone,
            role: Role::User,
            password_hash: self.hasher.hash(&registration.password).await?,
            must_change_password: false,
            token_version: 0,
            created_at: self.clock.now(),
            language: registration.language,
        };
        self.insert_user(&user, RegisterError::EmailTaken).await?;
        self.throttle.give_back(&keys.taken_from_address);
        let token = self.tokens.issue(&user.session_claims());
        Ok(Session { user, token })
    }

    /// An admin adds an account with a role and a temporary password.
    pub async fn create_user(
        &self,
        actor: &User,
        contact: &ContactInput,
        role: Option<&str>,
    ) -> Result<CreatedUser, CreateUserError> {
        require(actor, Permission::UsersManage)?;
        let (contact, role) = contact.validate_with_role(role)?;
        let temporary_password = self.secrets.temporary_password();
        let user = User {
            id: self.new_user_id(),
            name: contact.name,
            email: contact.email,
            phone: contact.phone,
            role,
            password_hash: self.hasher.hash(&temporary_password).await?,
            must_change_password: true,
            token_version: 0,
            created_at: self.clock.now(),
            language: Language::English,
        };
        self.insert_user(&user, CreateUserError::EmailTaken).await?;
        self.audit
            .record(actor, AuditChange::user_created(&user))
            .await;
        Ok(CreatedUser {
            user,
            temporary_password,
        })
    }

    /// Checks the password; the same answer, after the same work, for an unknown e-mail and
    /// a wrong password. The attempt is counted before the check, so guesses sent together
    /// check no more passwords than the limit allows; a success hands it back.
    pub async fn login(
        &self,
        email: &str,
        password: &str,
        client_address: &str,
    ) -> Result<Session, LoginError> {
        plain_text("email", email)?;
        let keys = self.throttle.limits().sign_in_keys(email, client_address);
        self.take_attempt(&keys.all(), "sign-in")?;
        let user = match Email::parse(email) {
            Ok(email) => self.users.by_email(&email).await?,
            Err(_) => None,
        };
        let verified = self
            .verify_or_pretend(password, user.as_ref().map(|u| u.password_hash.as_str()))
            .await?;
        match user {
            Some(user) if verified => {
                self.throttle.forgive(&keys.email);
                self.throttle.give_back(&keys.address);
                let token = self.tokens.issue(&user.session_claims());
                Ok(Session { user, token })
            }
            _ => Err(LoginError::WrongCredentials),
        }
    }

    /// Checks `secret` (a password, a reset code) against `hash`; without one (an unknown
    /// e-mail, no live code), against a stand-in hash made on first use, so that the answer
    /// takes as long and tells nobody which e-mails have accounts: false then.
    pub(crate) async fn verify_or_pretend(
        &self,
        secret: &str,
        hash: Option<&str>,
    ) -> Result<bool, HashError> {
        if let Some(hash) = hash {
            return Ok(self.hasher.verify(secret, hash).await);
        }
        let stand_in = self
            .unknown_email_hash
            .get_or_try_init(|| self.hasher.hash(UNKNOWN_EMAIL_PASSWORD))
            .await?;
        self.hasher.verify(secret, stand_in).await;
        Ok(false)
    }

    /// The user a bearer token names, loaded fresh so role changes, deletions and password
    /// changes (which end earlier sessions) count at once; 403 when the account is on a
    /// temporary password and `intent` is not one it may have.
    pub async fn authenticate(
        &self,
        token: &str,
        intent: Intent,
    ) -> Result<User, AuthenticateError> {
        let claims = self
            .tokens
            .verify(token)
            .ok_or(AuthenticateError::NoSession)?;
        let user = self
            .users
            .by_id(&claims.user)
            .await?
            .filter(|user| user.accepts(&claims))
            .ok_or(AuthenticateError::NoSession)?;
        may_act_on_temporary_password(&user, intent)?;
        Ok(user)
    }

    /// Makes sure an admin with this e-mail exists and signs in with this password (the
    /// operator's `SHOP_ADMIN_EMAIL`/`SHOP_ADMIN_PASSWORD`). Returns true when it was created.
    pub async fn ensure_admin(
        &self,
        email: &str,
        password: &str,
    ) -> Result<bool, EnsureAdminError> {
        let registration = RegistrationInput {
            contact: ContactInput {
                name: "Administrator".into(),
                email: email.into(),
                phone: "-".into(),
            },
            password: password.into(),
            language: Language::English,
        }
        .validate()?;
        let password = &registration.password;
        match self.users.by_email(&registration.contact.email).await? {
            Some(mut user) => {
                user.role = Role::Admin;
                // The same password keeps the admin's sessions; another one ends them.
                let new_password = if self.hasher.verify(password, &user.password_hash).await {
                    None
                } else {
                    let hash = self.hasher.hash(password).await?;
                    Some(user.replace_password(hash, false))
                };
                self.users.update(&user, new_password).await?;
                Ok(false)
            }
            None => {
                let user = User {
                    id: self.new_user_id(),
                    name: registration.contact.name,
                    email: registration.contact.email,
                    phone: registration.contact.phone,
                    role: Role::Admin,
                    password_hash: self.hasher.hash(password).await?,
                    must_change_password: false,
                    token_version: 0,
                    created_at: self.clock.now(),
                    language: Language::English,
                };
                self.insert_user::<EnsureAdminError>(
                    &user,
                    UserStoreError::Repo(RepoError::Duplicate).into(),
                )
                .await?;
                Ok(true)
            }
        }
    }

    /// The accounts whose stored e-mail is no `Email`, for the operator to correct.
    pub async fn unusable_emails(&self) -> Result<Vec<UnusableEmail>, RepoError> {
        let stored = self.users.stored_emails().await?;
        Ok(stored
            .into_iter()
            .filter_map(|(user, stored)| {
                let why = Email::parse(&stored).err()?;
                Some(UnusableEmail { user, stored, why })
            })
            .collect())
    }

    /// True when at least one admin exists.
    pub async fn has_admin(&self) -> Result<bool, RepoError> {
        Ok(self.users.count_admins().await? > 0)
    }

    /// The admin's user list: searched, filtered and paged by the store.
    pub async fn list_users(
        &self,
        actor: &User,
        query: &UserQuery,
    ) -> Result<(Vec<User>, u64), ReadError> {
        require(actor, Permission::UsersManage)?;
        Ok(self.users.find(query).await?)
    }

    /// People change their own account (a new password needs the current one, and answers
    /// with a fresh token); admins change anyone's, including the role. A new password ends
    /// the account's earlier sessions. Changes made by an admin go into the audit trail.
    pub async fn update_user(
        &self,
        actor: &User,
        target: &UserId,
        input: &ProfileChangeInput,
    ) -> Result<UpdatedUser, UpdateUserError> {
        may_manage_user(actor, target)?;
        let own_account = &actor.id == target;
        let change = input.validate(own_account)?;
        let own_password_changes = own_account && change.password.is_some();
        may_act_on_temporary_password(
            actor,
            if own_password_changes {
                Intent::ChangeOwnPassword
            } else {
                Intent::Other
            },
        )?;
        let before = self
            .users
            .by_id(target)
            .await?
            .ok_or(UpdateUserError::NotFound)?;
        let mut user = before.clone();
        if let Some(role) = change.role {
            may_set_role(actor, &user, role)?;
            user.role = role;
        }
        let new_password = match &change.password {
            None => None,
            Some(password) => {
                if let Some(current) = &password.current_password {
                    if !self.hasher.verify(current, &user.password_hash).await {
                        return Err(UpdateUserError::CurrentPasswordWrong);
                    }
                }
                let hash = self.hasher.hash(&password.new_password).await?;
                Some(user.replace_password(hash, !own_account))
            }
        };
        user.name = change.contact.name;
        user.email = change.contact.email;
        user.phone = change.contact.phone;
        self.users.update(&user, new_password).await?;
        if has(actor, Permission::UsersManage) {
            self.audit
                .record(actor, AuditChange::user_updated(&before, &user))
                .await;
        }
        let token = own_password_changes.then(|| self.tokens.issue(&user.session_claims()));
        Ok(UpdatedUser { user, token })
    }

    pub async fn delete_user(&self, actor: &User, target: &UserId) -> Result<(), DeleteUserError> {
        require(actor, Permission::UsersManage)?;
        let user = self
            .users
            .by_id(target)
            .await?
            .ok_or(DeleteUserError::NotFound)?;
        may_delete_user(actor, &user)?;
        self.users.delete(target).await?;
        self.audit
            .record(actor, AuditChange::user_deleted(&user))
            .await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, shopper, AccountMocks as Mocks};
    use domain::audit::AuditAction;
    use domain::permissions::PermissionError;
    use domain::user::{NewPassword, SessionClaims};
    use mockall::predicate::eq;
    use serde_json::{json, Value};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    fn contact(name: &str, email: &str) -> ContactInput {
        ContactInput {
            name: name.into(),
            email: email.into(),
            phone: "615551234".into(),
        }
    }

    fn registration(email: &str) -> RegistrationInput {
        RegistrationInput {
            contact: contact("Amina", email),
            password: "secret1".into(),
            language: Language::Somali,
        }
    }

    #[tokio::test]
    async fn registering_makes_a_shopper_and_signs_them_in() {
        let mut ports = Mocks::new();
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok("hashed".into()));
        ports.users.expect_insert().times(1).returning(|_| Ok(()));
        ports
            .tokens
            .expect_issue()
            .returning(|claims| format!("token-for-{}", claims.user));
        let session = ports
            .service()
            .register(&registration("amina@example.com"), "1.1.1.1")
            .await
            .unwrap();
        assert_eq!(session.user.role, Role::User);
        assert_eq!(session.user.password_hash, "hashed");
        assert_eq!(session.token, format!("token-for-{}", session.user.id));
    }

    #[tokio::test]
    async fn registering_a_taken_email_is_a_conflict() {
        let mut ports = Mocks::new();
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok("hashed".into()));
        ports
            .users
            .expect_insert()
            .returning(|_| Err(RepoError::Duplicate));
        let error = ports
            .service()
            .register(&registration("amina@example.com"), "1.1.1.1")
            .await
            .unwrap_err();
        assert!(matches!(error, RegisterError::EmailTaken));
    }

    #[tokio::test]
    async fn invalid_registration_never_touches_storage() {
        let ports = Mocks::new();
        let error = ports
            .service()
            .register(&registration("not-an-email"), "1.1.1.1")
            .await
            .unwrap_err();
        assert!(
            matches!(error, RegisterError::Invalid(e) if e.get("email") == Some("Email is invalid"))
        );
    }

    #[tokio::test]
    async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
        let mut ports = Mocks::new();
        let stored = shopper("amina");
        ports.users.expect_by_email().returning(move |email| {
            Ok((email.as_str() == "amina@example.com").then(|| stored.clone()))
        });
        ports.hasher.expect_hash().returning(|_| Ok("dummy".into()));
        ports.hasher.expect_verify().returning(|_, _| false);
        let shop = ports.service();
        let wrong = shop
            .login("amina@example.com", "nope", "1.1.1.1")
            .await
            .unwrap_err();
        let unknown = shop
            .login("nobody@example.com", "nope", "1.1.1.1")
            .await
            .unwrap_err();
        assert!(matches!(wrong, LoginError::WrongCredentials));
        assert!(matches!(unknown, LoginError::WrongCredentials));
    }

    #[tokio::test]
    async fn the_sixth_failed_sign_in_is_throttled() {
        let mut ports = Mocks::new();
        ports.users.expect_by_email().returning(|_| Ok(None));
        ports.hasher.expect_hash().returning(|_| Ok("dummy".into()));
        ports.hasher.expect_verify().returning(|_, _| false);
        let shop = ports.service();
        for _ in 0..5 {
            assert!(matches!(
                shop.login("amina@example.com", "x", "1.1.1.1").await,
                Err(LoginError::WrongCredentials)
            ));
        }
        let error = shop
            .login("amina@example.com", "x", "1.1.1.1")
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            LoginError::TooManyAttempts(TooManyAttempts {
                retry_after_secs: 900,
                ..
            })
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 8)]
    async fn sixty_guesses_sent_together_check_at_most_five_passwords() {
        let mut ports = Mocks::new();
        let stored = shopper("amina");
        ports
            .users
            .expect_by_email()
            .returning(move |_| Ok(Some(stored.clone())));
        let checked = Arc::new(AtomicUsize::new(0));
        let counter = checked.clone();
        ports.hasher.expect_verify().returning(move |_, _| {
            counter.fetch_add(1, Ordering::SeqCst);
            // As long as a real check, so that the guesses overlap.
            std::thread::sleep(std::time::Duration::from_millis(20));
            false
        });
        let shop = Arc::new(ports.service());
        let guesses: Vec<_> = (0..60)
            .map(|i| {
                let shop = shop.clone();
                tokio::spawn(async move {
                    shop.login("amina@example.com", &format!("guess{i}"), "1.1.1.1")
                        .await
                })
            })
            .collect();
        let (mut refused, mut throttled) = (0, 0);
        for guess in guesses {
            match guess.await.unwrap() {
                Err(LoginError::WrongCredentials) => refused += 1,
                Err(LoginError::TooManyAttempts(_)) => throttled += 1,
                other => panic!("unexpected answer {other:?}"),
            }
        }
        assert_eq!(checked.load(Ordering::SeqCst), 5);
        assert_eq!((refused, throttled), (5, 55));
    }

    #[tokio::test]
    async fn an_unknown_email_checks_a_password_like_a_known_one() {
        let mut ports = Mocks::new();
        ports.users.expect_by_email().returning(|_| Ok(None));
        ports
            .hasher
            .expect_hash()
            .times(1)
            .returning(|_| Ok("dummy-hash".into()));
        ports
            .hasher
            .expect_verify()
            .with(eq("guess"), eq("dummy-hash"))
            .times(2)
            .returning(|_, _| true);
        let shop = ports.service();
        for _ in 0..2 {
            let error = shop
                .login("nobody@example.com", "guess", "1.1.1.1")
                .await
                .unwrap_err();
            assert!(matches!(error, LoginError::WrongCredentials));
        }
    }

    #[tokio::test]
    async fn a_sign_in_email_with_control_characters_is_refused_uncounted() {
        let ports = Mocks::new();
        let error = ports
            .service()
            .login("amina\0@example.com", "secret1", "1.1.1.1")
            .await
            .unwrap_err();
        assert!(
            matches!(error, LoginError::Invalid(e) if e.get("email") == Some("email must not contain control characters"))
        );
    }

    /// Amina, signed in, changing her password with the right current one to "newsecret"
    /// (hashed "new-hash").
    fn amina_changing_her_password() -> (Mocks, User, ProfileChangeInput) {
        let mut ports = Mocks::new();
        let amina = shopper("amina");
        let stored = amina.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        ports.hasher.expect_verify().returning(|_, _| true);
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok("new-hash".into()));
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            new_password: Some("newsecret".into()),
            current_password: Some("secret1".into()),
            ..Default::default()
        };
        (ports, amina, input)
    }

    #[tokio::test]
    async fn changing_ones_own_password_ends_earlier_sessions_and_answers_a_fresh_token() {
        let (mut ports, amina, input) = amina_changing_her_password();
        ports
            .users
            .expect_update()
            .withf(|user, password| {
                user.password_hash == "new-hash"
                    && user.token_version == 1
                    && *password
                        == Some(NewPassword {
                            hash: "new-hash".into(),
                            must_change: false,
                            replaces_version: 0,
                        })
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .tokens
            .expect_issue()
            .returning(|claims| format!("{}@{}", claims.user, claims.token_version));
        let updated = ports
            .service()
            .update_user(&amina, &amina.id, &input)
            .await
            .unwrap();
        assert_eq!(updated.token.as_deref(), Some("amina@1"));
        assert!(!updated.user.accepts(&amina.session_claims()));
    }

    #[tokio::test]
    async fn an_admin_resetting_a_password_ends_that_users_sessions_without_a_token() {
        let mut ports = Mocks::new();
        ports
            .users
            .expect_by_id()
            .returning(|_| Ok(Some(shopper("amina"))));
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok("new-hash".into()));
        ports
            .users
            .expect_update()
            .withf(|_, password| password.as_ref().is_some_and(|p| p.must_change))
            .times(1)
            .returning(|_, _| Ok(()));
        ports.audit.expect_record().returning(|_| Ok(()));
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            new_password: Some("newsecret".into()),
            ..Default::default()
        };
        let updated = ports
            .service()
            .update_user(&admin("boss"), &UserId::parse("amina").unwrap(), &input)
            .await
            .unwrap();
        assert_eq!(updated.token, None);
        assert_eq!(updated.user.token_version, 1);
        assert!(updated.user.must_change_password);
    }

    #[tokio::test]
    async fn a_token_from_before_a_password_change_stops_working() {
        let mut ports = Mocks::new();
        ports.tokens.expect_verify().returning(|_| {
            Some(SessionClaims {
                user: UserId::parse("amina").unwrap(),
                token_version: 0,
            })
        });
        ports.users.expect_by_id().returning(|_| {
            let mut amina = shopper("amina");
            amina.replace_password("new-hash".into(), false);
            Ok(Some(amina))
        });
        let error = ports
            .service()
            .authenticate("t", Intent::Other)
            .await
            .unwrap_err();
        assert!(matches!(error, AuthenticateError::NoSession));
    }

    #[tokio::test]
    async fn on_a_temporary_password_only_that_password_may_change() {
        let mut ports = Mocks::new();
        let mut hodan = shopper("hodan");
        hodan.must_change_password = true;
        let stored = hodan.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        ports
            .tokens
            .expect_verify()
            .returning(|_| Some(shopper("hodan").session_claims()));
        let shop = ports.service();
        let rename = ProfileChangeInput {
            contact: contact("Hodan Ali", "hodan@example.com"),
            ..Default::default()
        };
        let error = shop
            .update_user(&hodan, &hodan.id, &rename)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            UpdateUserError::Refused(PermissionError::TemporaryPassword)
        ));
        assert!(matches!(
            shop.authenticate("t", Intent::Other).await,
            Err(AuthenticateError::Refused(
                PermissionError::TemporaryPassword
            ))
        ));
        assert!(shop.authenticate("t", Intent::ReadOwnProfile).await.is_ok());
    }

    #[tokio::test]
    async fn a_token_of_a_deleted_user_stops_working() {
        let mut ports = Mocks::new();
        ports
            .tokens
            .expect_verify()
            .returning(|_| Some(shopper("gone").session_claims()));
        ports.users.expect_by_id().returning(|_| Ok(None));
        let error = ports
            .service()
            .authenticate("t", Intent::Other)
            .await
            .unwrap_err();
        assert!(matches!(error, AuthenticateError::NoSession));
    }

    #[tokio::test]
    async fn a_shopper_cannot_make_themselves_admin() {
        let mut ports = Mocks::new();
        let amina = shopper("amina");
        let stored = amina.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            role: Some("admin".into()),
            ..Default::default()
        };
        let error = ports
            .service()
            .update_user(&amina, &amina.id, &input)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            UpdateUserError::Refused(PermissionError::AdminOnly)
        ));
    }

    #[tokio::test]
    async fn a_password_change_checks_the_current_password() {
        let mut ports = Mocks::new();
        let amina = shopper("amina");
        let stored = amina.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        ports
            .hasher
            .expect_verify()
            .with(eq("wrong"), eq("hash"))
            .returning(|_, _| false);
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            new_password: Some("newsecret".into()),
            current_password: Some("wrong".into()),
            ..Default::default()
        };
        let error = ports
            .service()
            .update_user(&amina, &amina.id, &input)
            .await
            .unwrap_err();
        assert!(matches!(error, UpdateUserError::CurrentPasswordWrong));
    }

    #[tokio::test]
    async fn an_admin_cannot_delete_their_own_account() {
        let mut ports = Mocks::new();
        let boss = admin("boss");
        let stored = boss.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        let error = ports
            .service()
            .delete_user(&boss, &boss.id)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            DeleteUserError::Refused(PermissionError::SelfDelete)
        ));
    }

    #[tokio::test]
    async fn admin_created_users_get_a_temporary_password() {
        let mut ports = Mocks::new();
        ports
            .secrets
            .expect_temporary_password()
            .returning(|| "Temp-1234".into());
        ports
            .hasher
            .expect_hash()
            .with(eq("Temp-1234"))
            .returning(|_| Ok("hashed".into()));
        ports.users.expect_insert().returning(|_| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.actor_id.as_str() == "boss"
                    && entry.actor_email.as_str() == "boss@example.com"
                    && entry.change.action == AuditAction::UserCreate
                    && entry.change.before.is_none()
                    && entry
                        .change
                        .after
                        .as_ref()
                        .map(|a| Value::Object(a.clone()))
                        == Some(json!({ "name": "Hodan", "email": "hodan@example.com",
                            "phone": "615551234", "role": "admin", "mustChangePassword": true }))
            })
            .times(1)
            .returning(|_| Ok(()));
        let contact = contact("Hodan", "hodan@example.com");
        let created = ports
            .service()
            .create_user(&admin("boss"), &contact, Some("admin"))
            .await
            .unwrap();
        assert_eq!(created.temporary_password, "Temp-1234");
        assert_eq!(created.user.role, Role::Admin);
        assert!(created.user.must_change_password);
    }

    #[tokio::test]
    async fn registrations_with_free_emails_pass_and_the_twenty_first_taken_one_is_throttled() {
        let mut ports = Mocks::new();
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok("hashed".into()));
        let mut inserts = 0;
        // The first 200 e-mails are free, the next ones taken.
        ports.users.expect_insert().times(220).returning(move |_| {
            inserts += 1;
            if inserts <= 200 {
                Ok(())
            } else {
                Err(RepoError::Duplicate)
            }
        });
        ports.tokens.expect_issue().returning(|_| "token".into());
        let shop = ports.service();
        for i in 0..200 {
            shop.register(&registration(&format!("u{i}@example.com")), "1.1.1.1")
                .await
                .unwrap();
        }
        for i in 0..20 {
            let taken = shop
                .register(&registration(&format!("t{i}@example.com")), "1.1.1.1")
                .await;
            assert!(matches!(taken, Err(RegisterError::EmailTaken)), "{taken:?}");
        }
        let error = shop
            .register(&registration("late@example.com"), "1.1.1.1")
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            RegisterError::TooManyAttempts(TooManyAttempts { ref message, retry_after_secs: 3600 })
                if message == "Too many registration attempts. Please try again in 60 minute(s)."
        ));
    }

    #[tokio::test]
    async fn an_admin_changing_a_role_is_audited_and_a_shopper_editing_themselves_is_not() {
        let mut ports = Mocks::new();
        let amina = shopper("amina");
        let stored = amina.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(stored.clone())));
        ports
            .users
            .expect_update()
            .withf(|_, password| password.is_none())
            .times(2)
            .returning(|_, _| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                let (before, after) = (
                    entry.change.before.clone().unwrap(),
                    entry.change.after.clone().unwrap(),
                );
                entry.change.action == AuditAction::UserUpdate
                    && entry.change.entity_id.as_deref() == Some("amina")
                    && before["role"] == "user"
                    && after["role"] == "admin"
                    && before["name"] == "amina"
                    && after["name"] == "Amina"
            })
            .times(1)
            .returning(|_| Ok(()));
        let shop = ports.service();
        let promote = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            role: Some("admin".into()),
            ..Default::default()
        };
        shop.update_user(&admin("boss"), &amina.id, &promote)
            .await
            .unwrap();
        let own = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com"),
            ..Default::default()
        };
        shop.update_user(&amina, &amina.id, &own).await.unwrap();
    }

    #[tokio::test]
    async fn deleting_a_user_is_audited_with_their_fields() {
        let mut ports = Mocks::new();
        ports
            .users
            .expect_by_id()
            .returning(|_| Ok(Some(shopper("amina"))));
        ports.users.expect_delete().times(1).returning(|_| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::UserDelete
                    && entry.change.after.is_none()
                    && entry.change.before.as_ref().unwrap()["email"] == "amina@example.com"
            })
            .times(1)
            .returning(|_| Ok(()));
        ports
            .service()
            .delete_user(&admin("boss"), &UserId::parse("amina").unwrap())
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_password_change_that_loses_to_another_is_a_conflict() {
        let (mut ports, amina, input) = amina_changing_her_password();
        ports
            .users
            .expect_update()
            .returning(|_, _| Err(UserStoreError::PasswordChanged));
        ports.tokens.expect_issue().never();
        let error = ports
            .service()
            .update_user(&amina, &amina.id, &input)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            UpdateUserError::Store(UserStoreError::PasswordChanged)
        ));
    }

    #[tokio::test]
    async fn stored_emails_a_mailer_would_misread_are_listed_with_why() {
        let mut ports = Mocks::new();
        ports.users.expect_stored_emails().returning(|| {
            Ok(
                ["amina@example.com", "x<victim@example.com>", "zz@localhost"]
                    .into_iter()
                    .enumerate()
                    .map(|(i, email)| (UserId::parse(&format!("u{i}")).unwrap(), email.into()))
                    .collect(),
            )
        });
        let unusable = ports.service().unusable_emails().await.unwrap();
        let listed: Vec<String> = unusable.iter().map(ToString::to_string).collect();
        assert_eq!(
            listed,
            [
                "account u1: \"x<victim@example.com>\": it is not one bare address (Invalid email user)",
                "account u2: \"zz@localhost\": its domain is not a dotted name",
            ]
        );
    }
}

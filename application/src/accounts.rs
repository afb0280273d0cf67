//! Registration, sign-in, sessions and user administration.

mod errors;
mod password_reset;

pub use errors::*;

use crate::audit::Audit;
use crate::languages::Languages;
use crate::throttle::Key;
use crate::throttle::{Throttle, TooManyAttempts};
use crate::ReadError;
use domain::account_key::{AccountKey, AccountKeyInput};
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
            email: Some(registration.contact.email),
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
            email: Some(contact.email),
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

    /// Checks the password; the same answer, after the same work, for an unknown account and
    /// a wrong password. The attempt is counted before the check, so guesses sent together
    /// check no more passwords than the limit allows; a success hands it back.
    pub async fn login(
        &self,
        account: &AccountKeyInput,
        password: &str,
        client_address: &str,
    ) -> Result<Session, LoginError> {
        let key = account.signing_in()?;
        // What was typed is counted when it names no account, so that it is limited too.
        let counted = key.as_ref().map_or(account.typed(), AccountKey::as_str);
        let keys = self.throttle.limits().sign_in_keys(counted, client_address);
        self.take_attempt(&keys.all(), "sign-in")?;
        let user = match &key {
            Some(key) => self.account_of(key).await?,
            None => None,
        };
        let verified = self
            .verify_or_pretend(password, user.as_ref().map(|u| u.password_hash.as_str()))
            .await?;
        match user {
            Some(user) if verified => {
                self.throttle.forgive(&keys.account);
                self.throttle.give_back(&keys.address);
                let token = self.tokens.issue(&user.session_claims());
                Ok(Session { user, token })
            }
            _ => Err(LoginError::WrongCredentials),
        }
    }

    /// The account `key` names: by e-mail, or the one without an e-mail that has the number.
    pub(crate) async fn account_of(&self, key: &AccountKey) -> Result<Option<User>, RepoError> {
        match key {
            AccountKey::Email(email) => self.users.by_email(email).await,
            AccountKey::Phone(number) => self.users.by_phone_without_email(number).await,
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
                    email: Some(registration.contact.email),
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
        let before = self
            .users
            .by_id(target)
            .await?
            .ok_or(UpdateUserError::NotFound)?;
        let change = input.validate(own_account, &before)?;
        let own_password_changes = own_account && change.password.is_some();
        may_act_on_temporary_password(
            actor,
            if own_password_changes {
                Intent::ChangeOwnPassword
            } else {
                Intent::Other
            },
        )?;
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
        match self.users.update(&user, new_password).await {
            Ok(()) => {}
            // Without an e-mail, the taken key is the number (`users_phone_without_email`).
            Err(UserStoreError::Repo(RepoError::Duplicate)) if user.email.is_none() => {
                return Err(UpdateUserError::PhoneTaken)
            }
            Err(other) => return Err(other.into()),
        }
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
mod tests;

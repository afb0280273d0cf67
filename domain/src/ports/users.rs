//! Port of the accounts: customers and staff, their passwords and resets.

use super::RepoError;
use crate::ids::UserId;
use crate::language::Language;
use crate::listing::users::UserQuery;
use crate::notification::Announcement;
use crate::password_reset::PasswordReset;
use crate::permissions::PermissionError;
use crate::phone::MobileNumber;
use crate::user::{Email, NewPassword, User};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Why an account could not be changed or deleted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UserStoreError {
    /// A rule checked against the stored state refused it (the last admin).
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// A new password's compare-and-set failed (`user::NewPassword`): another change or
    /// reset of the password came first. Nothing was stored.
    #[error("the password was changed meanwhile")]
    PasswordChanged,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// `Duplicate` when the e-mail is taken.
    async fn insert(&self, user: &User) -> Result<(), RepoError>;
    async fn by_id(&self, id: &UserId) -> Result<Option<User>, RepoError>;
    async fn by_email(&self, email: &Email) -> Result<Option<User>, RepoError>;
    /// The account without an e-mail that has this number (one at most: a partial unique
    /// index keeps it so).
    async fn by_phone_without_email(&self, phone: &MobileNumber)
        -> Result<Option<User>, RepoError>;
    /// The matching accounts, oldest first (one page when asked), and how many match.
    async fn find(&self, query: &UserQuery) -> Result<(Vec<User>, u64), RepoError>;
    /// How many accounts were made at or after `from`.
    async fn count_joined_since(&self, from: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Writes the account's name, e-mail, phone and role, never its password or token
    /// version; with `password`, also the new password, under its compare-and-set
    /// (`PasswordChanged`, nothing written, when the token version moved). `Duplicate` when
    /// the new e-mail is taken, `NotFound` when the user is gone. In one transaction with
    /// the admins locked: `Refused(LastAdmin)` when it would demote the last admin
    /// (`permissions::keeps_an_admin`).
    async fn update(
        &self,
        user: &User,
        password: Option<NewPassword>,
    ) -> Result<(), UserStoreError>;
    /// Removes the account with its cart and wishlist; its orders stay. `NotFound` when gone,
    /// `Refused(LastAdmin)` for the last admin, checked like `update`.
    async fn delete(&self, id: &UserId) -> Result<(), UserStoreError>;
    async fn count_admins(&self) -> Result<u64, RepoError>;
    /// Every account's id and e-mail as stored, unchecked: for the start's check of
    /// addresses stored before `Email` read them as strictly as the mailer does.
    async fn stored_emails(&self) -> Result<Vec<(UserId, String)>, RepoError>;
    /// Gives the account a fresh reset code in place of any earlier one and queues
    /// `messages` (the code's e-mail), in one transaction.
    async fn start_password_reset(
        &self,
        reset: &PasswordReset,
        messages: &[Announcement],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Takes a try of the account's reset code while it is live: its hash, or `None` when
    /// there is none, it expired, or its tries are used up.
    async fn take_reset_try(
        &self,
        user: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, RepoError>;
    /// Stores the user's new password under its compare-and-set and uses up their reset
    /// code `code_hash`, in one transaction; nothing is stored when that code is gone (a
    /// racing reset used it: `Repo(NotFound)`) or the password changed meanwhile
    /// (`PasswordChanged`: the code stays).
    async fn finish_password_reset(
        &self,
        user: &UserId,
        password: &NewPassword,
        code_hash: &str,
    ) -> Result<(), UserStoreError>;
    /// Remembers the language the user last used: their e-mails and text messages follow it.
    /// Nothing happens for an account that is gone.
    async fn set_language(&self, id: &UserId, language: Language) -> Result<(), RepoError>;
    /// The language the user last used; English for one who never named one, or is gone.
    async fn language_of(&self, id: &UserId) -> Result<Language, RepoError>;
}

//! The language a shopper last used: their e-mails and text messages
//! are written in it.

use derive_new::new;
use domain::language::Language;
use domain::ports::{RepoError, UserRepository};
use domain::UserId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The languages this process stored lately: a shopper's requests repeat their language, and
/// a write skipped is one the database never queues (a checkout sends it every time).
#[derive(Default)]
struct Remembered(Mutex<HashMap<UserId, Language>>);

/// Shoppers remembered at most; then the memory starts over (a write per shopper again).
const REMEMBERED_MAX: usize = 100_000;

impl Remembered {
    /// Whether `language` is news for `user` (and remembers it).
    fn changes(&self, user: &UserId, language: Language) -> bool {
        let mut known = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if known.get(user) == Some(&language) {
            return false;
        }
        if known.len() >= REMEMBERED_MAX {
            known.clear();
        }
        known.insert(user.clone(), language);
        true
    }

    /// Forgets `user`'s language, so the next request stores it again.
    fn forget(&self, user: &UserId) {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .remove(user);
    }
}

/// The language each shopper's messages go out in: remembered from their requests, read
/// when a message is written.
#[derive(Clone, new)]
pub struct Languages {
    users: Arc<dyn UserRepository>,
    #[new(default)]
    remembered: Arc<Remembered>,
}

impl Languages {
    /// Remembers the language `user` asked for, if they named one. The request it rides on
    /// (a sign-in, a registration, a checkout) must not fail for it, so a failure is only
    /// logged. Each process stores a shopper's language when it changes for that process: with
    /// several processes, a change one of them stored may stay unseen by another until the
    /// shopper switches again there.
    pub(crate) async fn remember(&self, user: &UserId, language: Option<Language>) {
        let Some(language) = language else {
            return;
        };
        if !self.remembered.changes(user, language) {
            return;
        }
        if let Err(error) = self.users.set_language(user, language).await {
            self.remembered.forget(user);
            tracing::warn!(%error, "the shopper's language could not be stored");
        }
    }

    /// Stores the language `user` chose (unlike `remember`, a failure is theirs to know).
    pub(crate) async fn choose(&self, user: &UserId, language: Language) -> Result<(), RepoError> {
        self.users.set_language(user, language).await?;
        // Known stored now, so this process's next checkout in it writes nothing.
        let _ = self.remembered.changes(user, language);
        Ok(())
    }

    /// The language to write to `user` in: the one they last used, English when it cannot
    /// be read (a message in English beats no message).
    pub(crate) async fn of(&self, user: &UserId) -> Language {
        self.users.language_of(user).await.unwrap_or_default()
    }
}

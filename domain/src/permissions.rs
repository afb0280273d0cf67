//! Who may do what. The server enforces these; the client only mirrors them.

use crate::ids::UserId;
use crate::message::texts::{
    LAST_ADMIN, OWN_ACCOUNT_ONLY, OWN_ACCOUNT_UNDELETABLE, OWN_ORDERS_ONLY, OWN_REVIEW_ONLY,
    TEMPORARY_PASSWORD, UNAUTHORIZED,
};
use crate::message::Message;
use crate::user::{Role, User};

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum PermissionError {
    /// An admin action asked for without the rights.
    AdminOnly,
    NotYourAccount,
    NotYourOrder,
    NotYourReview,
    SelfDelete,
    LastAdmin,
    TemporaryPassword,
}

impl PermissionError {
    pub fn message(self) -> Message {
        match self {
            PermissionError::AdminOnly => UNAUTHORIZED,
            PermissionError::NotYourAccount => OWN_ACCOUNT_ONLY,
            PermissionError::NotYourOrder => OWN_ORDERS_ONLY,
            PermissionError::NotYourReview => OWN_REVIEW_ONLY,
            PermissionError::SelfDelete => OWN_ACCOUNT_UNDELETABLE,
            PermissionError::LastAdmin => LAST_ADMIN,
            PermissionError::TemporaryPassword => TEMPORARY_PASSWORD,
        }
        .into()
    }
}

pub fn require_admin(actor: &User) -> Result<(), PermissionError> {
    if actor.is_admin() {
        Ok(())
    } else {
        Err(PermissionError::AdminOnly)
    }
}

/// What a request asks, as far as an account on a temporary password is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    ReadOwnProfile,
    ChangeOwnPassword,
    Other,
}

/// An account on a temporary password (created by an admin) may only read its own profile
/// and change that password until it has.
pub fn may_act_on_temporary_password(actor: &User, intent: Intent) -> Result<(), PermissionError> {
    if actor.must_change_password && intent == Intent::Other {
        Err(PermissionError::TemporaryPassword)
    } else {
        Ok(())
    }
}

/// People read and change their own account; admins any account.
pub fn may_manage_user(actor: &User, target: &UserId) -> Result<(), PermissionError> {
    if actor.is_admin() || &actor.id == target {
        Ok(())
    } else {
        Err(PermissionError::NotYourAccount)
    }
}

/// Shoppers see their own orders; admins every order.
pub fn may_read_order(actor: &User, owner: &UserId) -> Result<(), PermissionError> {
    if actor.is_admin() || &actor.id == owner {
        Ok(())
    } else {
        Err(PermissionError::NotYourOrder)
    }
}

/// Only an admin sets roles. Whether the last admin keeps theirs is [`keeps_an_admin`]'s
/// to say, when the change is stored.
pub fn may_set_role(actor: &User, target: &User, new_role: Role) -> Result<(), PermissionError> {
    if new_role == target.role {
        return Ok(());
    }
    require_admin(actor)
}

/// Admins delete accounts, never their own (nor the last admin: [`keeps_an_admin`]).
pub fn may_delete_user(actor: &User, target: &User) -> Result<(), PermissionError> {
    require_admin(actor)?;
    if actor.id == target.id {
        return Err(PermissionError::SelfDelete);
    }
    Ok(())
}

/// The last admin is neither demoted nor deleted: `removed` is about to stop being an admin
/// and `admins` are the admins as stored now. Storage asks this with the admins' rows locked,
/// so two admins removing each other at once cannot both pass.
pub fn keeps_an_admin(admins: &[UserId], removed: &UserId) -> Result<(), PermissionError> {
    if admins.contains(removed) && admins.len() <= 1 {
        Err(PermissionError::LastAdmin)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::user::Email;
    use chrono::Utc;

    fn user(id: &str, role: Role) -> User {
        User {
            id: UserId::parse(id).unwrap(),
            name: id.into(),
            email: Email::parse(&format!("{id}@example.com")).unwrap(),
            phone: "615551234".into(),
            role,
            password_hash: String::new(),
            must_change_password: false,
            token_version: 0,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn shoppers_manage_only_their_own_account() {
        let amina = user("amina", Role::User);
        assert_eq!(may_manage_user(&amina, &amina.id), Ok(()));
        assert_eq!(
            may_manage_user(&amina, &UserId::parse("hodan").unwrap()),
            Err(PermissionError::NotYourAccount)
        );
        assert_eq!(
            may_manage_user(&user("boss", Role::Admin), &amina.id),
            Ok(())
        );
    }

    #[test]
    fn a_temporary_password_allows_only_reading_the_profile_and_changing_it() {
        let mut hodan = user("hodan", Role::Admin);
        hodan.must_change_password = true;
        for allowed in [Intent::ReadOwnProfile, Intent::ChangeOwnPassword] {
            assert_eq!(may_act_on_temporary_password(&hodan, allowed), Ok(()));
        }
        assert_eq!(
            may_act_on_temporary_password(&hodan, Intent::Other),
            Err(PermissionError::TemporaryPassword)
        );
        assert_eq!(
            PermissionError::TemporaryPassword.to_string(),
            "Please change your temporary password first."
        );
        hodan.must_change_password = false;
        assert_eq!(may_act_on_temporary_password(&hodan, Intent::Other), Ok(()));
    }

    #[test]
    fn a_shopper_cannot_promote_themselves() {
        let amina = user("amina", Role::User);
        assert_eq!(
            may_set_role(&amina, &amina, Role::Admin),
            Err(PermissionError::AdminOnly)
        );
        assert_eq!(may_set_role(&amina, &amina, Role::User), Ok(()));
    }

    #[test]
    fn the_last_admin_is_neither_demoted_nor_deleted() {
        let boss = UserId::parse("boss").unwrap();
        let other = UserId::parse("other").unwrap();
        let amina = UserId::parse("amina").unwrap();
        assert_eq!(
            keeps_an_admin(std::slice::from_ref(&boss), &boss),
            Err(PermissionError::LastAdmin)
        );
        assert_eq!(
            keeps_an_admin(&[boss.clone(), other.clone()], &boss),
            Ok(())
        );
        assert_eq!(keeps_an_admin(&[boss], &amina), Ok(()));
        assert_eq!(keeps_an_admin(&[], &other), Ok(()));
    }

    #[test]
    fn admins_cannot_delete_themselves() {
        let boss = user("boss", Role::Admin);
        assert_eq!(
            may_delete_user(&boss, &boss),
            Err(PermissionError::SelfDelete)
        );
        assert_eq!(
            may_delete_user(&user("amina", Role::User), &boss),
            Err(PermissionError::AdminOnly)
        );
        assert_eq!(may_delete_user(&user("other", Role::Admin), &boss), Ok(()));
    }
}

//! Who may do what. The server enforces these; the client only mirrors them.

use crate::ids::UserId;
use crate::user::{Role, User};

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PermissionError {
    /// SPEC.md's message for an admin action without rights.
    #[error("Unauthorized")]
    AdminOnly,
    #[error("You can only access your own account")]
    NotYourAccount,
    #[error("You can only access your own orders")]
    NotYourOrder,
    #[error("You cannot delete your own account")]
    SelfDelete,
    #[error("The last admin cannot be removed or demoted")]
    LastAdmin,
}

pub fn require_admin(actor: &User) -> Result<(), PermissionError> {
    if actor.is_admin() {
        Ok(())
    } else {
        Err(PermissionError::AdminOnly)
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

/// Only an admin sets roles, and the last admin keeps theirs.
pub fn may_set_role(
    actor: &User,
    target: &User,
    new_role: Role,
    admin_count: u64,
) -> Result<(), PermissionError> {
    if new_role == target.role {
        return Ok(());
    }
    require_admin(actor)?;
    if target.is_admin() && admin_count <= 1 {
        return Err(PermissionError::LastAdmin);
    }
    Ok(())
}

/// Admins delete accounts, never their own, and never the last admin.
pub fn may_delete_user(
    actor: &User,
    target: &User,
    admin_count: u64,
) -> Result<(), PermissionError> {
    require_admin(actor)?;
    if actor.id == target.id {
        return Err(PermissionError::SelfDelete);
    }
    if target.is_admin() && admin_count <= 1 {
        return Err(PermissionError::LastAdmin);
    }
    Ok(())
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
    fn a_shopper_cannot_promote_themselves() {
        let amina = user("amina", Role::User);
        assert_eq!(
            may_set_role(&amina, &amina, Role::Admin, 1),
            Err(PermissionError::AdminOnly)
        );
        assert_eq!(may_set_role(&amina, &amina, Role::User, 1), Ok(()));
    }

    #[test]
    fn the_last_admin_is_neither_demoted_nor_deleted() {
        let boss = user("boss", Role::Admin);
        let other = user("other", Role::Admin);
        assert_eq!(
            may_set_role(&boss, &boss, Role::User, 1),
            Err(PermissionError::LastAdmin)
        );
        assert_eq!(may_set_role(&boss, &other, Role::User, 2), Ok(()));
        assert_eq!(
            may_delete_user(&other, &boss, 1),
            Err(PermissionError::LastAdmin)
        );
        assert_eq!(may_delete_user(&other, &boss, 2), Ok(()));
    }

    #[test]
    fn admins_cannot_delete_themselves() {
        let boss = user("boss", Role::Admin);
        assert_eq!(
            may_delete_user(&boss, &boss, 3),
            Err(PermissionError::SelfDelete)
        );
        assert_eq!(
            may_delete_user(&user("amina", Role::User), &boss, 3),
            Err(PermissionError::AdminOnly)
        );
    }
}

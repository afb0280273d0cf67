//! Accounts: a user as replies show them, a session after sign-in, and the bodies that
//! sign in, register and change an account.

use super::names::{LanguageName, PermissionName, RoleName};
use domain::account_key::AccountKeyInput;
use domain::language::Language;
use domain::permissions::granted;
use domain::user::{ContactInput, ProfileChangeInput, RegistrationInput, User};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Null for a customer staff added by phone who gave none.
    pub email: Option<String>,
    pub phone: String,
    #[schema(value_type = RoleName)]
    pub role: &'static str,
    /// What the role lets them do in the back office (none for a customer).
    #[schema(value_type = Vec<PermissionName>)]
    pub permissions: Vec<&'static str>,
    /// The language they last chose or used: the shop's screens switch to it when they
    /// sign in (`PUT /api/auth/language` changes it).
    #[schema(value_type = LanguageName)]
    pub language: &'static str,
    pub created_at: String,
    pub must_change_password: bool,
}

impl From<&User> for UserDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            email: user.email.as_ref().map(ToString::to_string),
            phone: user.phone.clone(),
            role: user.role.as_str(),
            permissions: granted(user.role).iter().map(|p| p.as_str()).collect(),
            language: user.language.code(),
            created_at: user.created_at.to_rfc3339(),
            must_change_password: user.must_change_password,
        }
    }
}

/// A signed-in session: after sign-in or self-registration.
#[derive(Serialize, ToSchema)]
pub struct SessionDto {
    pub token: String,
    pub user: UserDto,
    pub message: &'static str,
}

/// A changed account: the user's fields, and a fresh `token` when one's own password was
/// changed (that ended every earlier session, the one that sent the change included).
#[derive(Serialize, ToSchema)]
pub struct UpdatedUserDto {
    #[serde(flatten)]
    pub user: UserDto,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
}

/// An account an admin created, with the temporary password shown once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedUserDto {
    pub user: UserDto,
    pub temporary_password: String,
    pub message: &'static str,
}

/// What `POST /api/auth/register` answers: a session for a shopper registering, a created
/// account for an admin.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum RegistrationDto {
    Session(SessionDto),
    Created(CreatedUserDto),
}

/// The language someone chooses for the shop's screens and their messages.
#[derive(Deserialize, ToSchema)]
pub struct LanguageBody {
    #[serde(default)]
    #[schema(value_type = LanguageName)]
    pub language: String,
}

/// The account a sign-in or a password reset names: its `email`, or `phone` in its place for
/// an account made without an e-mail.
#[derive(Deserialize, ToSchema)]
pub struct AccountKeyBody {
    #[serde(default)]
    pub email: String,
    /// A Somali mobile number, as typed: names only an account without an e-mail.
    #[serde(default)]
    pub phone: String,
}

impl From<AccountKeyBody> for AccountKeyInput {
    fn from(body: AccountKeyBody) -> Self {
        Self {
            email: body.email,
            phone: body.phone,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(flatten)]
    pub account: AccountKeyBody,
    #[serde(default)]
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct RegisterBody {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40)]
    pub phone: String,
    /// Ignored when an admin creates the account (a temporary password is made).
    #[serde(default)]
    #[schema(min_length = 6, max_length = 128)]
    pub password: String,
    /// A role's name (`user`, `admin`, `orders`, `stock`, `rider`); only counts when someone
    /// with `users.manage` creates the account.
    #[schema(value_type = Option<RoleName>)]
    pub role: Option<String>,
}

impl RegisterBody {
    pub fn contact(&self) -> ContactInput {
        ContactInput {
            name: self.name.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
        }
    }

    /// A self-registration, in the language the shop is shown in (`language`).
    pub fn registration(&self, language: Language) -> RegistrationInput {
        RegistrationInput {
            contact: self.contact(),
            password: self.password.clone(),
            language,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserBody {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40)]
    pub phone: String,
    /// A role's name (`user`, `admin`, `orders`, `stock`, `rider`); only someone with
    /// `users.manage` may change it.
    #[schema(value_type = Option<RoleName>)]
    pub role: Option<String>,
    /// A new password.
    #[schema(min_length = 6, max_length = 128)]
    pub password: Option<String>,
    /// Needed with a new password for one's own account.
    pub current_password: Option<String>,
}

impl From<UpdateUserBody> for ProfileChangeInput {
    fn from(body: UpdateUserBody) -> Self {
        ProfileChangeInput {
            contact: ContactInput {
                name: body.name,
                email: body.email,
                phone: body.phone,
            },
            role: body.role,
            new_password: body.password,
            current_password: body.current_password,
        }
    }
}

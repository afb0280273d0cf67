//! Accounts: e-mail, roles, and the validation of registration and profile changes.

use crate::ids::UserId;
use crate::language::Language;
use crate::message::texts::{
    CURRENT_PASSWORD_REQUIRED, EMAIL_INVALID, EMAIL_REQUIRED, NAME_REQUIRED, NAME_TOO_LONG,
    PASSWORD_REQUIRED, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, PHONE_REQUIRED, PHONE_TOO_LONG,
};
use crate::phone::mobile_in;
use crate::validation::{FieldErrors, Lines};
use chrono::{DateTime, Utc};
use std::fmt;

pub const MIN_PASSWORD_LEN: usize = 6;
pub const MAX_PASSWORD_LEN: usize = 128;
const MAX_TEXT_LEN: usize = 200;

/// The longest e-mail address (RFC 5321's path limit less its angle brackets).
const MAX_EMAIL_LEN: usize = 254;

/// A trimmed, lower-cased e-mail address: one bare address (`local@domain.tld`) as the
/// mailer's own parser, `lettre::Address`, reads it. No display name, list or angle
/// brackets get in (`x<victim@example.com>` would be mailed to the victim), nor a quoted
/// local part (`"x<victim@example.com>"@evil.com` is valid, and misread by anyone copying
/// it); the domain is a dotted name, not an IP literal. Comparing two `Email`s is
/// case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(lettre::Address);

/// Why a text is not an `Email`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidEmail {
    #[error("it is longer than 254 characters")]
    TooLong,
    #[error("it is not one bare address ({0})")]
    NotAnAddress(lettre::address::AddressError),
    #[error("its local part is quoted")]
    Quoted,
    #[error("its domain is not a dotted name")]
    NoDottedDomain,
}

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        let email = raw.trim().to_lowercase();
        if email.len() > MAX_EMAIL_LEN {
            return Err(InvalidEmail::TooLong);
        }
        let address: lettre::Address = email.parse().map_err(InvalidEmail::NotAnAddress)?;
        if address.user().starts_with('"') {
            return Err(InvalidEmail::Quoted);
        }
        let domain = address.domain();
        if domain.starts_with('[') || !domain.contains('.') {
            return Err(InvalidEmail::NoDottedDomain);
        }
        Ok(Self(address))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_ref()
    }

    /// The address the mailer sends to: exactly this one.
    pub fn address(&self) -> &lettre::Address {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a person is to the shop: a customer, the owner's all-powerful admin, or staff with a
/// part of the back office (`permissions::granted` says which).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Role {
    #[default]
    User,
    Admin,
    /// Packs and sends orders, handles returns.
    OrderHandler,
    /// Keeps the products, their sizes, stock and pictures, and the reviews.
    StockKeeper,
    /// Delivers orders.
    Rider,
}

impl Role {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim() {
            "user" | "customer" => Some(Role::User),
            "admin" => Some(Role::Admin),
            "orders" => Some(Role::OrderHandler),
            "stock" => Some(Role::StockKeeper),
            "rider" => Some(Role::Rider),
            _ => None,
        }
    }

    pub const ALL: [Role; 5] = [
        Role::User,
        Role::Admin,
        Role::OrderHandler,
        Role::StockKeeper,
        Role::Rider,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
            Role::OrderHandler => "orders",
            Role::StockKeeper => "stock",
            Role::Rider => "rider",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: UserId,
    pub name: String,
    /// None for a customer staff added by phone who gave none: their messages go by SMS, and
    /// they are known by their phone.
    pub email: Option<Email>,
    pub phone: String,
    pub role: Role,
    pub password_hash: String,
    /// Set for accounts an admin created with a temporary password.
    pub must_change_password: bool,
    /// Goes up whenever the password changes: a session token carries the version it was
    /// issued at, and a token of an older version no longer counts.
    pub token_version: u64,
    pub created_at: DateTime<Utc>,
    /// The language they last chose or used: their e-mails and text messages are written in
    /// it, and the shop's screens (the back office too) show it once they sign in.
    pub language: Language,
}

impl User {
    /// The e-mail as an order's snapshot and messages take it: empty when there is none.
    pub fn email_text(&self) -> &str {
        self.email.as_ref().map_or("", Email::as_str)
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// What a session token issued now says.
    pub fn session_claims(&self) -> SessionClaims {
        SessionClaims {
            user: self.id.clone(),
            token_version: self.token_version,
        }
    }

    /// Gives the user the password hashed as `hash` (a change or a reset): every token
    /// issued before stops working. Returns what storage writes: the new password, kept only
    /// while no other change or reset has come first.
    pub fn replace_password(&mut self, hash: String, must_change: bool) -> NewPassword {
        let new = NewPassword {
            hash: hash.clone(),
            must_change,
            replaces_version: self.token_version,
        };
        self.password_hash = hash;
        self.must_change_password = must_change;
        self.token_version += 1;
        new
    }

    /// Whether a token saying `claims` is a session of this user as they are now.
    pub fn accepts(&self, claims: &SessionClaims) -> bool {
        claims.user == self.id && claims.token_version == self.token_version
    }
}

/// A new password as storage writes it: a compare-and-set on the token version. It is
/// stored only while the account's token version is still `replaces_version` (the one the
/// current password or reset code was checked against), and the version then goes up by
/// one, ending every earlier session. Of a change and a reset racing, the later fails and
/// stores nothing; saving the other fields never writes the password or the version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPassword {
    pub hash: String,
    pub must_change: bool,
    pub replaces_version: u64,
}

/// What a session token says: whose it is, and their token version when it was issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionClaims {
    pub user: UserId,
    pub token_version: u64,
}

/// The contact fields every account has, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    pub name: String,
    pub email: Email,
    pub phone: String,
}

/// Raw contact fields as they arrive from a form.
#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    pub phone: String,
}

impl ContactInput {
    /// Name, e-mail (shaped like an address) and phone are required.
    fn validate_into(&self, errors: &mut FieldErrors) -> Option<Contact> {
        let name = self.name_into(errors);
        let email = email_field(&self.email, errors);
        let phone = errors.text("phone", &self.phone, Lines::Single);
        errors.check(phone.is_none(), "phone", PHONE_REQUIRED);
        errors.check(
            phone.as_ref().is_some_and(|p| p.chars().count() > 40),
            "phone",
            PHONE_TOO_LONG,
        );
        Some(Contact {
            name: name?,
            email: email?,
            phone: phone?,
        })
    }

    fn name_into(&self, errors: &mut FieldErrors) -> Option<String> {
        let name = errors.text("name", &self.name, Lines::Single);
        errors.check(name.is_none(), "name", NAME_REQUIRED);
        errors.check(
            name.as_ref()
                .is_some_and(|n| n.chars().count() > MAX_TEXT_LEN),
            "name",
            NAME_TOO_LONG,
        );
        name
    }

    /// The fields of an account made without an e-mail: a blank e-mail keeps it without one,
    /// and then its phone, which it signs in with, must be a Somali mobile number (kept
    /// normalised); an e-mail given makes it an account like any other.
    fn validate_without_email(&self, errors: &mut FieldErrors) -> Option<ProfileContact> {
        if !self.email.trim().is_empty() {
            return self.validate_into(errors).map(ProfileContact::from);
        }
        let name = self.name_into(errors);
        let phone = mobile_in("phone", &self.phone, errors);
        Some(ProfileContact {
            name: name?,
            email: None,
            phone: phone?.as_str().to_owned(),
        })
    }

    pub fn validate(&self) -> Result<Contact, FieldErrors> {
        let mut errors = FieldErrors::new();
        let contact = self.validate_into(&mut errors);
        match contact {
            Some(contact) if errors.is_empty() => Ok(contact),
            _ => Err(errors),
        }
    }

    /// An account an admin creates: the contact fields and a role (a shopper when none).
    pub fn validate_with_role(&self, role: Option<&str>) -> Result<(Contact, Role), FieldErrors> {
        let mut errors = FieldErrors::new();
        let contact = self.validate_into(&mut errors);
        let role = role_field(role, &mut errors);
        match contact {
            Some(contact) if errors.is_empty() => Ok((contact, role.unwrap_or_default())),
            _ => Err(errors),
        }
    }
}

/// A role as a form sends it: blank means none given; anything else must be a known role.
fn role_field(raw: Option<&str>, errors: &mut FieldErrors) -> Option<Role> {
    match raw.map(str::trim) {
        None | Some("") => None,
        Some(raw) => {
            let role = Role::parse(raw);
            errors.check(role.is_none(), "role", "Role must be user or admin");
            role
        }
    }
}

/// An e-mail as a form sends it: required, and shaped like an address.
pub(crate) fn email_field(raw: &str, errors: &mut FieldErrors) -> Option<Email> {
    email_in("email", raw, errors)
}

/// The e-mail typed in `field`, required and shaped like an address.
pub(crate) fn email_in(field: &'static str, raw: &str, errors: &mut FieldErrors) -> Option<Email> {
    errors.check_text(field, raw, Lines::Single);
    if raw.trim().is_empty() {
        errors.add(field, EMAIL_REQUIRED);
        return None;
    }
    let email = Email::parse(raw).ok();
    errors.check(email.is_none(), field, EMAIL_INVALID);
    email
}

pub(crate) fn check_new_password(password: &str, errors: &mut FieldErrors) {
    let length = password.chars().count();
    errors.check(length < MIN_PASSWORD_LEN, "password", PASSWORD_TOO_SHORT);
    errors.check(length > MAX_PASSWORD_LEN, "password", PASSWORD_TOO_LONG);
}

/// A self-registration: contact fields and a password.
#[derive(Debug, Clone, Default)]
pub struct RegistrationInput {
    pub contact: ContactInput,
    pub password: String,
    /// The language the shop was shown in when they registered.
    pub language: Language,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    pub contact: Contact,
    pub password: String,
    pub language: Language,
}

impl RegistrationInput {
    pub fn validate(&self) -> Result<Registration, FieldErrors> {
        let mut errors = FieldErrors::new();
        let contact = self.contact.validate_into(&mut errors);
        if self.password.is_empty() {
            errors.add("password", PASSWORD_REQUIRED);
        } else {
            check_new_password(&self.password, &mut errors);
        }
        match contact {
            Some(contact) if errors.is_empty() => Ok(Registration {
                contact,
                password: self.password.clone(),
                language: self.language,
            }),
            _ => Err(errors),
        }
    }
}

/// A change of an account's fields. `role` only counts when an admin sends it.
#[derive(Debug, Clone, Default)]
pub struct ProfileChangeInput {
    pub contact: ContactInput,
    pub role: Option<String>,
    pub new_password: Option<String>,
    pub current_password: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PasswordChange {
    pub new_password: String,
    /// Required when people change their own password; an admin resetting someone
    /// else's does not know it.
    pub current_password: Option<String>,
}

/// An account's contact fields after a change: without an e-mail only when it had none.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileContact {
    pub name: String,
    pub email: Option<Email>,
    pub phone: String,
}

impl From<Contact> for ProfileContact {
    fn from(contact: Contact) -> Self {
        Self {
            name: contact.name,
            email: Some(contact.email),
            phone: contact.phone,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChange {
    pub contact: ProfileContact,
    pub role: Option<Role>,
    pub password: Option<PasswordChange>,
}

impl ProfileChangeInput {
    /// `own_account` decides whether a password change needs the current password; `changed`
    /// is the account as stored (one without an e-mail may stay so).
    pub fn validate(
        &self,
        own_account: bool,
        changed: &User,
    ) -> Result<ProfileChange, FieldErrors> {
        let mut errors = FieldErrors::new();
        let contact = match changed.email {
            Some(_) => self
                .contact
                .validate_into(&mut errors)
                .map(ProfileContact::from),
            None => self.contact.validate_without_email(&mut errors),
        };
        let role = role_field(self.role.as_deref(), &mut errors);
        let password = match self.new_password.as_deref().filter(|p| !p.is_empty()) {
            None => None,
            Some(new_password) => {
                let current = self.current_password.clone().filter(|p| !p.is_empty());
                errors.check(
                    own_account && current.is_none(),
                    "currentPassword",
                    CURRENT_PASSWORD_REQUIRED,
                );
                check_new_password(new_password, &mut errors);
                Some(PasswordChange {
                    new_password: new_password.to_owned(),
                    current_password: current,
                })
            }
        };
        match contact {
            Some(contact) if errors.is_empty() => Ok(ProfileChange {
                contact,
                role,
                password,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact(name: &str, email: &str, phone: &str) -> ContactInput {
        ContactInput {
            name: name.into(),
            email: email.into(),
            phone: phone.into(),
        }
    }

    #[test]
    fn emails_are_compared_without_case_or_spaces() {
        assert_eq!(
            Email::parse(" Amina@Example.COM "),
            Email::parse("amina@example.com")
        );
    }

    #[test]
    fn emails_must_look_like_addresses() {
        for bad in [
            "amina",
            "amina@",
            "@example.com",
            "a@b",
            "a@b.",
            "a b@c.d",
            "a@b@c.d",
            "a@[127.0.0.1]",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad} should be refused");
        }
        assert_eq!(
            Email::parse(&format!("{}@example.com", "a".repeat(243))),
            Err(InvalidEmail::TooLong)
        );
    }

    /// What a mailer would read as someone else's address (or several) is no `Email`.
    const HOSTILE_EMAILS: [&str; 9] = [
        "x<victim@example.com>",
        "zz,victim@example.com",
        "victim@example.com>",
        "<victim@example.com>",
        "Victim <victim@example.com>",
        "a@evil.com, victim@example.com",
        "victim@example.com;x@evil.com",
        "x@evil.com\r\nbcc: victim@example.com",
        "\"x<victim@example.com>\"@evil.com",
    ];

    #[test]
    fn an_email_is_one_bare_address_and_nothing_a_mailer_reads_as_another() {
        for hostile in HOSTILE_EMAILS {
            assert!(
                matches!(
                    Email::parse(hostile),
                    Err(InvalidEmail::NotAnAddress(_) | InvalidEmail::Quoted)
                ),
                "{hostile:?} should be refused"
            );
        }
        for fine in [
            "amina.ali+shop@example.co.uk",
            "o'neil@dukaan.so",
            "x_y-z@mail.example",
        ] {
            assert_eq!(Email::parse(fine).unwrap().as_str(), fine);
        }
    }

    #[test]
    fn registration_reports_every_missing_field_with_spec_messages() {
        let errors = RegistrationInput::default().validate().unwrap_err();
        assert_eq!(errors.get("name"), Some("Name is required"));
        assert_eq!(errors.get("email"), Some("Email is required"));
        assert_eq!(errors.get("phone"), Some("Phone number is required"));
        assert_eq!(errors.get("password"), Some("Password is required"));
    }

    #[test]
    fn registration_refuses_bad_email_and_short_password() {
        let input = RegistrationInput {
            contact: contact("Amina", "amina.example.com", "615551234"),
            password: "12345".into(),
            language: Language::English,
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.get("email"), Some("Email is invalid"));
        assert_eq!(
            errors.get("password"),
            Some("Password must be at least 6 characters")
        );
    }

    #[test]
    fn a_valid_registration_is_trimmed_and_lower_cased() {
        let input = RegistrationInput {
            contact: contact(" Amina ", "AMINA@example.com", " 615551234 "),
            password: "secret1".into(),
            language: Language::Somali,
        };
        let registration = input.validate().unwrap();
        assert_eq!(registration.language, Language::Somali);
        assert_eq!(registration.contact.name, "Amina");
        assert_eq!(registration.contact.email.as_str(), "amina@example.com");
        assert_eq!(registration.contact.phone, "615551234");
    }

    #[test]
    fn changing_ones_own_password_needs_the_current_one() {
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com", "615551234"),
            new_password: Some("newsecret".into()),
            ..Default::default()
        };
        let errors = input.validate(true, &amina()).unwrap_err();
        assert_eq!(
            errors.get("currentPassword"),
            Some("Current password is required")
        );
        assert!(input.validate(false, &amina()).is_ok());
    }

    #[test]
    fn an_admin_created_account_is_a_shopper_unless_a_role_is_given() {
        let hodan = contact("Hodan", "hodan@example.com", "615551234");
        assert_eq!(hodan.validate_with_role(None).unwrap().1, Role::User);
        assert_eq!(hodan.validate_with_role(Some(" ")).unwrap().1, Role::User);
        assert_eq!(
            hodan.validate_with_role(Some("admin")).unwrap().1,
            Role::Admin
        );
        let errors = contact("", "hodan@example.com", "1")
            .validate_with_role(Some("root"))
            .unwrap_err();
        assert_eq!(errors.get("name"), Some("Name is required"));
        assert_eq!(errors.get("role"), Some("Role must be user or admin"));
    }

    #[test]
    fn contact_fields_refuse_control_characters() {
        let errors = contact("Ami\0na", "amina\u{1b}@example.com", "615\n551234")
            .validate()
            .unwrap_err();
        assert_eq!(
            errors.get("name"),
            Some("name must not contain control characters")
        );
        assert_eq!(
            errors.get("email"),
            Some("email must not contain control characters")
        );
        assert_eq!(
            errors.get("phone"),
            Some("phone must not contain control characters")
        );
    }

    fn amina() -> User {
        User {
            id: UserId::parse("amina").unwrap(),
            name: "Amina".into(),
            email: Some(Email::parse("amina@example.com").unwrap()),
            phone: "615551234".into(),
            role: Role::User,
            password_hash: "hash".into(),
            must_change_password: false,
            token_version: 0,
            created_at: Utc::now(),
            language: Language::English,
        }
    }

    #[test]
    fn an_account_without_an_email_may_stay_so_with_a_mobile_number_to_sign_in_with() {
        let phone_only = User {
            email: None,
            phone: "252615551234".into(),
            ..amina()
        };
        let change = |email: &str, phone: &str| ProfileChangeInput {
            contact: contact("Amina Ali", email, phone),
            ..Default::default()
        };
        let kept = change(" ", "061 555 1234")
            .validate(true, &phone_only)
            .unwrap();
        assert_eq!(
            kept.contact,
            ProfileContact {
                name: "Amina Ali".into(),
                email: None,
                phone: "252615551234".into()
            }
        );
        assert_eq!(
            change("", "+44 20 7946 0958")
                .validate(true, &phone_only)
                .unwrap_err()
                .get("phone"),
            Some("Please enter a valid Somali mobile number, such as 61 234 5678")
        );
        let given = change("amina@example.com", "+44 20 7946 0958")
            .validate(true, &phone_only)
            .unwrap();
        assert_eq!(given.contact.email.unwrap().as_str(), "amina@example.com");
        assert_eq!(
            change("", "615551234")
                .validate(true, &amina())
                .unwrap_err()
                .get("email"),
            Some("Email is required"),
            "an account with an e-mail keeps one"
        );
    }

    #[test]
    fn a_session_ends_when_the_password_changes() {
        let mut user = amina();
        let earlier = user.session_claims();
        assert!(user.accepts(&earlier));
        let new = user.replace_password("new hash".into(), false);
        assert_eq!(
            new,
            NewPassword {
                hash: "new hash".into(),
                must_change: false,
                replaces_version: 0
            }
        );
        assert_eq!(
            (user.password_hash.as_str(), user.token_version),
            ("new hash", 1)
        );
        assert!(!user.accepts(&earlier));
        assert!(user.accepts(&user.session_claims()));
        let someone_else = SessionClaims {
            user: UserId::parse("hodan").unwrap(),
            token_version: user.token_version,
        };
        assert!(!user.accepts(&someone_else));
    }

    #[test]
    fn an_unknown_role_is_refused() {
        let input = ProfileChangeInput {
            contact: contact("Amina", "amina@example.com", "615551234"),
            role: Some("root".into()),
            ..Default::default()
        };
        assert_eq!(
            input.validate(false, &amina()).unwrap_err().get("role"),
            Some("Role must be user or admin")
        );
    }
}

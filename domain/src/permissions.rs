//! Who may do what. The server enforces these; the client only mirrors them.

use crate::ids::UserId;
use crate::message::texts::{
    LAST_ADMIN, OWN_ACCOUNT_ONLY, OWN_ACCOUNT_UNDELETABLE, OWN_ORDERS_ONLY, OWN_REVIEW_ONLY,
    ROLE_FORBIDS, TEMPORARY_PASSWORD, UNAUTHORIZED,
};
use crate::message::Message;
use crate::order::Order;
use crate::user::{Role, User};

/// One thing a part of the back office lets its people do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Permission {
    OrdersRead,
    OrdersUpdate,
    ReturnsManage,
    DeliveriesDispatch,
    /// Orders taken by phone or chat.
    OrdersCreate,
    ProductsManage,
    StockAdjust,
    ReviewsModerate,
    DiscountsManage,
    UsersManage,
    SettingsManage,
    ReportsRead,
    AuditRead,
    NotificationsManage,
    /// A rider's own deliveries.
    DeliveriesOwn,
    /// The money of anyone's orders and returns: prices paid, totals, discounts, refunds.
    MoneyRead,
    /// Riders' cash of the day, marked received when handed in.
    CashReceive,
}

impl Permission {
    pub const ALL: [Permission; 17] = [
        Permission::OrdersRead,
        Permission::OrdersUpdate,
        Permission::ReturnsManage,
        Permission::DeliveriesDispatch,
        Permission::OrdersCreate,
        Permission::ProductsManage,
        Permission::StockAdjust,
        Permission::ReviewsModerate,
        Permission::DiscountsManage,
        Permission::UsersManage,
        Permission::SettingsManage,
        Permission::ReportsRead,
        Permission::AuditRead,
        Permission::NotificationsManage,
        Permission::DeliveriesOwn,
        Permission::MoneyRead,
        Permission::CashReceive,
    ];

    /// The name clients read: `orders.read`.
    pub fn as_str(self) -> &'static str {
        match self {
            Permission::OrdersRead => "orders.read",
            Permission::OrdersUpdate => "orders.update",
            Permission::ReturnsManage => "returns.manage",
            Permission::DeliveriesDispatch => "deliveries.dispatch",
            Permission::OrdersCreate => "orders.create",
            Permission::ProductsManage => "products.manage",
            Permission::StockAdjust => "stock.adjust",
            Permission::ReviewsModerate => "reviews.moderate",
            Permission::DiscountsManage => "discounts.manage",
            Permission::UsersManage => "users.manage",
            Permission::SettingsManage => "settings.manage",
            Permission::ReportsRead => "reports.read",
            Permission::AuditRead => "audit.read",
            Permission::NotificationsManage => "notifications.manage",
            Permission::DeliveriesOwn => "deliveries.own",
            Permission::MoneyRead => "money.read",
            Permission::CashReceive => "cash.receive",
        }
    }
}

/// What each role may do: the one table every endpoint's check reads (DESIGN.md section 9,
/// "Staff"). An order handler sees orders, returns and dispatch, not prices, settings, users
/// or codes; a stock keeper the catalogue, its stock and reviews, not the money of orders.
pub fn granted(role: Role) -> &'static [Permission] {
    use Permission::*;
    match role {
        Role::User => &[],
        // Everything but a rider's own deliveries: an admin has none to deliver.
        Role::Admin => &[
            OrdersRead,
            OrdersUpdate,
            ReturnsManage,
            DeliveriesDispatch,
            OrdersCreate,
            ProductsManage,
            StockAdjust,
            ReviewsModerate,
            DiscountsManage,
            UsersManage,
            SettingsManage,
            ReportsRead,
            AuditRead,
            NotificationsManage,
            MoneyRead,
            CashReceive,
        ],
        Role::OrderHandler => &[
            OrdersRead,
            OrdersUpdate,
            ReturnsManage,
            DeliveriesDispatch,
            OrdersCreate,
        ],
        Role::StockKeeper => &[ProductsManage, StockAdjust, ReviewsModerate],
        Role::Rider => &[DeliveriesOwn],
    }
}

/// Whether `actor`'s role grants `permission`.
pub fn has(actor: &User, permission: Permission) -> bool {
    granted(actor.role).contains(&permission)
}

/// Whether `viewer` sees the money of an order or return of `owner`'s: their own, or anyone's
/// with `money.read` (an order handler packs and sends orders without seeing what they cost).
pub fn sees_money_of(viewer: &User, owner: &UserId) -> bool {
    viewer.id == *owner || has(viewer, Permission::MoneyRead)
}

/// Whether `viewer` sees the money of `order`: as for `sees_money_of`, and the staff member
/// who took it by phone, who told the customer its total.
pub fn sees_money_of_order(viewer: &User, order: &Order) -> bool {
    sees_money_of(viewer, &order.user_id)
        || order
            .channel
            .taken_by()
            .is_some_and(|by| by.id == viewer.id)
}

/// Whether `actor` has any part of the back office (sees who changed what, for instance).
pub fn works_in_back_office(actor: &User) -> bool {
    !granted(actor.role).is_empty()
}

/// Refuses what `actor`'s role does not grant: a customer as SPEC.md words it for the back
/// office, staff naming their role's limit.
pub fn require(actor: &User, permission: Permission) -> Result<(), PermissionError> {
    if has(actor, permission) {
        Ok(())
    } else if actor.role == Role::User {
        Err(PermissionError::AdminOnly)
    } else {
        Err(PermissionError::RoleForbids)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum PermissionError {
    /// A back-office action asked for by a customer.
    AdminOnly,
    /// A back-office action outside the staff member's role.
    RoleForbids,
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
            PermissionError::RoleForbids => ROLE_FORBIDS,
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

/// People read and change their own account; whoever manages users any account.
pub fn may_manage_user(actor: &User, target: &UserId) -> Result<(), PermissionError> {
    if has(actor, Permission::UsersManage) || &actor.id == target {
        Ok(())
    } else {
        Err(PermissionError::NotYourAccount)
    }
}

/// Shoppers see their own orders; whoever reads orders every order.
pub fn may_read_order(actor: &User, owner: &UserId) -> Result<(), PermissionError> {
    if has(actor, Permission::OrdersRead) || &actor.id == owner {
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
    require(actor, Permission::UsersManage)
}

/// Admins delete accounts, never their own (nor the last admin: [`keeps_an_admin`]).
pub fn may_delete_user(actor: &User, target: &User) -> Result<(), PermissionError> {
    require(actor, Permission::UsersManage)?;
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
            email: Some(Email::parse(&format!("{id}@example.com")).unwrap()),
            phone: "615551234".into(),
            role,
            password_hash: String::new(),
            must_change_password: false,
            token_version: 0,
            created_at: Utc::now(),
            language: crate::language::Language::English,
        }
    }

    fn names(role: Role) -> Vec<&'static str> {
        granted(role).iter().map(|p| p.as_str()).collect()
    }

    #[test]
    fn the_table_gives_each_role_its_part_of_the_back_office() {
        assert_eq!(names(Role::User), Vec::<&str>::new());
        let admin = names(Role::Admin);
        assert_eq!(admin.len(), Permission::ALL.len() - 1);
        assert!(
            !admin.contains(&"deliveries.own"),
            "an admin delivers nothing"
        );
        assert_eq!(
            names(Role::OrderHandler),
            [
                "orders.read",
                "orders.update",
                "returns.manage",
                "deliveries.dispatch",
                "orders.create"
            ]
        );
        assert_eq!(
            names(Role::StockKeeper),
            ["products.manage", "stock.adjust", "reviews.moderate"]
        );
        assert_eq!(names(Role::Rider), ["deliveries.own"]);
    }

    #[test]
    fn no_staff_role_touches_money_settings_users_or_codes() {
        for role in [Role::OrderHandler, Role::StockKeeper, Role::Rider] {
            for kept in [
                Permission::UsersManage,
                Permission::SettingsManage,
                Permission::DiscountsManage,
                Permission::ReportsRead,
                Permission::AuditRead,
                Permission::MoneyRead,
            ] {
                assert!(!granted(role).contains(&kept), "{role:?} {kept:?}");
            }
        }
    }

    #[test]
    fn the_money_of_an_order_is_its_shoppers_and_the_admins_to_see() {
        let amina = user("amina", Role::User);
        let handler = user("h", Role::OrderHandler);
        assert!(sees_money_of(&amina, &amina.id));
        assert!(sees_money_of(&user("boss", Role::Admin), &amina.id));
        assert!(!sees_money_of(&handler, &amina.id));
        assert!(!sees_money_of(&user("k", Role::StockKeeper), &amina.id));
        assert!(sees_money_of(&handler, &handler.id), "staff shop too");
        assert!(!sees_money_of(&user("hodan", Role::User), &amina.id));
        let taken = crate::order::Order {
            user_id: amina.id.clone(),
            channel: crate::order::Channel::Phone {
                taken_by: crate::order::Changer::from(&handler),
            },
            ..crate::order::testing::order(
                crate::order::OrderStatus::Pending,
                crate::order::PaymentStatus::Pending,
            )
        };
        assert!(
            sees_money_of_order(&handler, &taken),
            "who took it told its total"
        );
        assert!(!sees_money_of_order(
            &user("h2", Role::OrderHandler),
            &taken
        ));
        assert!(sees_money_of_order(&amina, &taken));
    }

    #[test]
    fn a_customer_is_refused_as_spec_says_and_staff_by_their_role() {
        let customer = user("c", Role::User);
        let keeper = user("k", Role::StockKeeper);
        let handler = user("h", Role::OrderHandler);
        assert_eq!(
            require(&customer, Permission::OrdersRead),
            Err(PermissionError::AdminOnly)
        );
        assert_eq!(
            require(&keeper, Permission::OrdersRead),
            Err(PermissionError::RoleForbids)
        );
        assert_eq!(require(&keeper, Permission::StockAdjust), Ok(()));
        assert_eq!(
            require(&handler, Permission::ProductsManage),
            Err(PermissionError::RoleForbids)
        );
        assert_eq!(
            may_read_order(&handler, &UserId::parse("x").unwrap()),
            Ok(())
        );
        assert_eq!(
            may_read_order(&keeper, &UserId::parse("x").unwrap()),
            Err(PermissionError::NotYourOrder)
        );
        assert!(works_in_back_office(&user("r", Role::Rider)));
        assert!(!works_in_back_office(&customer));
    }

    #[test]
    fn every_role_reads_back_from_its_name() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("customer"), Some(Role::User));
        assert_eq!(Role::parse("owner"), None);
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

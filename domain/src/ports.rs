//! The ports: what the core needs from the outside world. Adapters implement them and
//! translate their own failures into the errors named here.

use crate::audit::{AuditActor, AuditEntry, AuditFilter};
use crate::cart::CartLine;
use crate::delivery::DeliveryCode;
use crate::discount::{CartDiscount, Discount, DiscountCode};
use crate::ids::{
    DiscountId, OrderId, PaymentAttemptId, ProductId, ReturnId, ReviewId, UserId, VariantId,
};
use crate::language::Language;
use crate::listing::orders::OrderQuery;
use crate::listing::products::ProductQuery;
use crate::listing::users::UserQuery;
pub use crate::listing::Page;
use crate::message::texts::{
    DISCOUNT_NO_LONGER_USABLE, IMAGE_TOO_LARGE, NOT_AN_IMAGE, NOT_ENOUGH_STOCK, TOO_MANY_PIXELS,
};
use crate::message::Message;
use crate::money::Money;
use crate::notification::Announcement;
use crate::order::plan::OrderPlan;
use crate::order::{Changer, Order, OrderNumber, OrderStatus};
use crate::password_reset::PasswordReset;
use crate::payment_link::LinkToken;
use crate::payment_method::PaymentMethod;
use crate::permissions::PermissionError;
use crate::phone::MobileNumber;
use crate::product::colour_pictures::ColourPictures;
use crate::product::{Category, Product, ProductImage, SearchCandidate};
use crate::product_edit::ProductEdit;
use crate::product_sheet::import::ProductWrite;
use crate::refund::RefundOutcome;
use crate::returns::plan::ReturnStepPlan;
use crate::returns::{Return, ReturnInput, ReturnRefusal, ReturnStatus};
use crate::review::{RatingSummary, Review, ReviewSort};
use crate::settings::ShopSettings;
use crate::stats::{OrderFact, ProductSales};
use crate::user::{Email, NewPassword, SessionClaims, User};
use crate::variant::VariantFilter;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

mod delivery;
mod notifications;
mod payment_attempts;
mod payment_links;
mod payment_notices;
mod restock;
pub use delivery::*;
pub use notifications::*;
pub use payment_attempts::*;
pub use payment_links::*;
pub use payment_notices::*;
pub use restock::*;

/// A storage failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepoError {
    /// A unique value (an e-mail address, a key) is taken.
    #[error("already exists")]
    Duplicate,
    #[error("not found")]
    NotFound,
    /// The database failed; the text is for logs only.
    #[error("storage failed: {0}")]
    Storage(String),
    /// The database cannot be reached now (restarting, down, every connection in use); the
    /// same call may work in a moment. The text is for logs only.
    #[error("database unavailable: {0}")]
    Unavailable(String),
}

/// Which products to list; newest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProductFilter {
    pub category: Option<Category>,
    pub featured_only: bool,
    /// Case-insensitive.
    pub tag: Option<String>,
    /// Products whose name, description, category or tags contain this text, ignoring case:
    /// a superset of what `product::search_score` matches, which then ranks them.
    pub text: Option<String>,
    /// Only products with stock in this size and colour.
    pub variant: Option<VariantFilter>,
    pub page: Option<Page>,
}

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

/// Discount codes (issue 15).
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait DiscountRepository: Send + Sync {
    /// `Duplicate` when the code is taken.
    async fn insert(&self, discount: &Discount) -> Result<(), RepoError>;
    /// Writes the admin's fields (not the uses or the creation time): `Duplicate` when the
    /// new code is taken, `NotFound` when the code is gone.
    async fn update(&self, discount: &Discount) -> Result<(), RepoError>;
    /// `NotFound` when gone. Orders keep the code's text and amount; carts drop it.
    async fn delete(&self, id: &DiscountId) -> Result<(), RepoError>;
    async fn by_id(&self, id: &DiscountId) -> Result<Option<Discount>, RepoError>;
    async fn by_code(&self, code: &DiscountCode) -> Result<Option<Discount>, RepoError>;
    /// Newest first (one page when asked), and how many there are.
    async fn list(&self, page: Option<Page>) -> Result<(Vec<Discount>, u64), RepoError>;
    /// How many of `user`'s orders hold a use of the code.
    async fn uses_by(&self, id: &DiscountId, user: &UserId) -> Result<u32, RepoError>;
    /// The code applied to `user`'s cart, if any (one per cart), with the terms it was
    /// applied for; a cart keeps a code an admin deleted since (as `current: None`).
    async fn on_cart(&self, user: &UserId) -> Result<Option<CartDiscount>, RepoError>;
    /// Applies `discount`, on its present terms, to `user`'s cart in place of any other;
    /// `NotFound` when the code is gone.
    async fn apply_to_cart(&self, user: &UserId, discount: &Discount) -> Result<(), RepoError>;
    /// Takes any code off `user`'s cart.
    async fn remove_from_cart(&self, user: &UserId) -> Result<(), RepoError>;
}

/// Why a product edit was not stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductStoreError {
    /// The edit expected other stock than the product has now.
    #[error("stock changed: now {now}")]
    StockChanged { now: u32 },
    /// A size's stock was not what the admin's grid showed (`VariantStock::SetIfStill`).
    #[error("stock of size {size} changed: now {now}")]
    VariantStockChanged { size: String, now: u32 },
    /// A kept size was removed by someone else since the grid was read.
    #[error("size {size} was removed meanwhile")]
    VariantGone { size: String },
    /// Another product's size has this SKU.
    #[error("SKU {sku} is taken")]
    SkuTaken { sku: String },
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Why an import's writes were not stored: nothing was.
#[derive(Debug, thiserror::Error)]
pub enum ImportStoreError {
    /// Write number `write` was refused (a size sold since the sheet was exported, an SKU
    /// another product has).
    #[error("write {write} refused: {reason}")]
    Refused {
        write: usize,
        reason: ProductStoreError,
    },
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ProductRepository: Send + Sync {
    /// Stores the product with its variants. `SkuTaken` when another product has one of
    /// their SKUs.
    async fn insert(&self, product: &Product) -> Result<(), ProductStoreError>;
    /// Writes only what `edit` sets, in one transaction, and returns the product as stored
    /// then: stock only when the edit sets it, and with `expected` only while the stored stock
    /// still is that (else `StockChanged` with the stock now, and nothing is written). With a
    /// grid of variants, writes it (`variant::VariantStock` says which stock; a size sold
    /// since is `VariantStockChanged`, one removed since `VariantGone`), removes the variants
    /// left out with their cart lines, and sets the stock to the sum. `Repo(NotFound)` when
    /// gone. Back-in-stock requests the new stock answers are answered `at`.
    async fn update(
        &self,
        id: &ProductId,
        edit: &ProductEdit,
        at: DateTime<Utc>,
    ) -> Result<Product, ProductStoreError>;
    /// Carries out an import's `writes` in one transaction, each as `insert` or `update`
    /// would (`at` as for `update`): all of them, returning each product as stored then, or
    /// none.
    async fn import(
        &self,
        writes: &[ProductWrite],
        at: DateTime<Utc>,
    ) -> Result<Vec<Product>, ImportStoreError>;
    /// Writes product `id`'s pictures per colour as `new` only while they still are
    /// `expected`: `NotFound` when it is gone or they changed since (read it again).
    async fn set_colour_pictures(
        &self,
        id: &ProductId,
        expected: &ColourPictures,
        new: &ColourPictures,
    ) -> Result<(), RepoError>;
    /// Removes the product from the catalogue, carts and wishlists (orders keep their
    /// snapshots). `NotFound` when gone.
    async fn delete(&self, id: &ProductId) -> Result<(), RepoError>;
    async fn by_id(&self, id: &ProductId) -> Result<Option<Product>, RepoError>;
    /// The products of `ids` that exist, in the order of `ids`.
    async fn by_ids(&self, ids: &[ProductId]) -> Result<Vec<Product>, RepoError>;
    /// The matching products (one page of them when asked) and how many match in all.
    async fn list(&self, filter: &ProductFilter) -> Result<(Vec<Product>, u64), RepoError>;
    /// What search ranks the matching products by (`product::search`), unpaged.
    async fn search_candidates(
        &self,
        filter: &ProductFilter,
    ) -> Result<Vec<SearchCandidate>, RepoError>;
    /// The admin's list: searched, filtered and sorted as asked (ties newest first), one page
    /// when asked, and how many match in all.
    async fn admin_list(&self, query: &ProductQuery) -> Result<(Vec<Product>, u64), RepoError>;
    /// Grows with every insert, update or delete of a product, in any process sharing the
    /// database: caches of catalogue replies compare it with the version they were made at.
    async fn catalog_version(&self) -> Result<u64, RepoError>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait CartRepository: Send + Sync {
    /// The lines with their products, oldest first.
    async fn lines(&self, user: &UserId) -> Result<Vec<CartLine>, RepoError>;
    /// Sets the quantity of the line of `product` in `variant` (`None`: a one-size product),
    /// adding the line when missing.
    async fn set_quantity(
        &self,
        user: &UserId,
        product: &ProductId,
        variant: Option<VariantId>,
        quantity: u32,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Removes the line of `product` in `variant`, or with `None` every line of `product`
    /// (a client that knows no sizes removes the product). `false` when there was none.
    async fn remove(
        &self,
        user: &UserId,
        product: &ProductId,
        variant: Option<VariantId>,
    ) -> Result<bool, RepoError>;
    async fn clear(&self, user: &UserId) -> Result<(), RepoError>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait WishlistRepository: Send + Sync {
    /// The wished products, oldest first.
    async fn products(&self, user: &UserId) -> Result<Vec<Product>, RepoError>;
    /// `false` when the product was already there.
    async fn add(
        &self,
        user: &UserId,
        product: &ProductId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
    /// `false` when it was not there.
    async fn remove(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError>;
}

/// What a checkout refused for want of stock says.
pub fn out_of_stock(name: &str, available: u32) -> Message {
    NOT_ENOUGH_STOCK
        .with("name", name)
        .with("available", available)
}

/// Why an order could not be stored or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderStoreError {
    /// A line wants more than the stock holds; nothing was changed.
    #[error("{}", out_of_stock(name, *available))]
    OutOfStock { name: String, available: u32 },
    /// The order no longer has the status the change expected (someone else changed it).
    #[error("The order was changed by someone else")]
    Stale,
    /// The order's discount code cannot be used now (used up meanwhile, ended, turned off,
    /// deleted, or the customer's own limit reached); nothing was changed.
    #[error("{}", DISCOUNT_NO_LONGER_USABLE.english())]
    DiscountUnavailable,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// In one transaction: takes the stock of every line with a guarded decrement, gives the
    /// order the shop's next number (its own `number` is ignored) and stores it; answers that
    /// number. `OutOfStock` when any line cannot be served (then nothing is changed);
    /// `Repo(Duplicate)` when the user already has an order with the same idempotency key, or
    /// an order that awaits payment (`Order::awaits_payment`): one charge in flight at a time.
    /// An order with a discount code takes one use of it in the same transaction, guarded by
    /// its conditions at the order's time (`DiscountUnavailable`); canceling the order
    /// before it ships gives the use back, once.
    async fn place(&self, order: &Order) -> Result<OrderNumber, OrderStoreError>;
    async fn by_id(&self, id: &OrderId) -> Result<Option<Order>, RepoError>;
    async fn by_idempotency_key(
        &self,
        user: &UserId,
        key: &str,
    ) -> Result<Option<Order>, RepoError>;
    /// Frees an order's idempotency key once its replay window is over, so the key can be
    /// used again.
    async fn forget_idempotency_key(&self, id: &OrderId) -> Result<(), RepoError>;
    /// The user's orders, newest first.
    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError>;
    /// The matching orders, sorted as asked (ties newest first), one page when asked, and
    /// how many match in all; a fixed number of queries whatever the page size.
    async fn list(&self, query: &OrderQuery) -> Result<(Vec<Order>, u64), RepoError>;
    /// Carries out `plan` in one transaction, only while the order is still as the plan read
    /// it (its status, its payment status, its refund claim, and for a cancel no return
    /// holding units): every effect the plan lists or none. `Stale` when the order moved on,
    /// `OutOfStock` when stock cannot be taken again, `DiscountUnavailable` when its code
    /// cannot be used again, `Repo(NotFound)` when there is no such order.
    async fn apply(&self, plan: &OrderPlan) -> Result<(), OrderStoreError>;
    /// Claims the refund of a paid order that still has status `from` and no refund claim
    /// (`order::RefundClaimGuard`), so that of several callers one reaches the provider;
    /// the claimer then lands the refund with a transition (`landing_refund`), releases the
    /// claim or marks it unconfirmed. `Stale` when the order moved on or a refund is claimed
    /// already, `Repo(NotFound)` when there is no such order.
    async fn claim_refund(
        &self,
        id: &OrderId,
        from: OrderStatus,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError>;
    /// Ends a claim whose refund did not happen: the order stays as it was, for a retry.
    async fn release_refund_claim(&self, id: &OrderId) -> Result<(), RepoError>;
    /// Keeps the claim of a refund whose answer was lost as unconfirmed (`refund::RefundClaim`):
    /// nothing but an admin's resolution moves the order from then on.
    async fn mark_refund_unconfirmed(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Takes over an unconfirmed refund claim (marked, or abandoned past
    /// `REFUND_CLAIM_TIMEOUT`) for an admin's resolution: it is sending again, so that of
    /// several resolutions one applies. `Stale` when the order has no unconfirmed claim.
    async fn reclaim_unconfirmed_refund(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError>;
    /// Orders still pending whose payment is unconfirmed, placed before `cutoff`: at most
    /// `limit` of them, oldest first; never one paid in cash on delivery (it waits for its
    /// rider, holding its stock).
    async fn unconfirmed_placed_before(
        &self,
        cutoff: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Order>, RepoError>;
    /// Orders still pending whose payment by one of `methods` is unconfirmed, placed at or
    /// after `cutoff` (their hold still runs): at most `limit`, oldest first.
    async fn unconfirmed_placed_after(
        &self,
        cutoff: DateTime<Utc>,
        methods: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<Order>, RepoError>;
    /// Keeps the provider's `reference` of the open charge of order `id` while its payment
    /// is pending (an eDahab invoice); nothing when it is not.
    async fn record_payment_reference(
        &self,
        id: &OrderId,
        reference: &str,
    ) -> Result<(), RepoError>;
    /// Sets the payment method of phone order `id` while it is pending with no method chosen,
    /// which starts its payment (the number it is paid from is the attempt's, never the
    /// order's): `Stale` when another payment started first (or the order moved on),
    /// `Repo(Duplicate)` when a charge of another order of the same customer is still
    /// unconfirmed (one at a time per customer), `Repo(NotFound)` when gone.
    async fn choose_payment(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), OrderStoreError>;
    /// Takes back `method`, chosen for phone order `id` by `choose_payment`, after a charge
    /// that moved no money, so that another payment may start; nothing once it moved on.
    async fn forget_payment_choice(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), RepoError>;
    /// Every order, added up per day (UTC) and status pair.
    async fn facts(&self) -> Result<Vec<OrderFact>, RepoError>;
    /// Units sold per product name over orders that were not canceled: the `count` names
    /// with the most, and any tied with the last of them.
    async fn best_sellers(&self, count: usize) -> Result<Vec<ProductSales>, RepoError>;
}

/// Why a return could not be stored or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReturnStoreError {
    /// The request breaks a rule of `returns::plan_return`, checked against the order as it
    /// is inside the transaction; nothing was stored.
    #[error(transparent)]
    Refused(#[from] ReturnRefusal),
    /// The return no longer has the status the change expected, or a refund is claimed on it
    /// (or, for a request, on its order): someone else changed it first.
    #[error("The return was changed by someone else")]
    Stale,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A shopper's request to return units of their order, as the use case hands it to storage.
#[derive(Debug, Clone)]
pub struct ReturnRequest {
    pub id: ReturnId,
    pub order: OrderId,
    pub by: Changer,
    pub input: ReturnInput,
    pub at: DateTime<Utc>,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ReturnRepository: Send + Sync {
    /// In one transaction, with the order's row locked: plans the return against the order
    /// and its returns that were not rejected (`returns::plan_return` at `request.at`) and
    /// stores it as requested. `Refused` with the broken rule, `Stale` while a refund of the
    /// whole order is claimed (a cancel), `Repo(NotFound)` without the order.
    async fn request(&self, request: &ReturnRequest) -> Result<Return, ReturnStoreError>;
    async fn by_id(&self, id: &ReturnId) -> Result<Option<Return>, RepoError>;
    /// The order's returns, newest first.
    async fn for_order(&self, order: &OrderId) -> Result<Vec<Return>, RepoError>;
    /// One page of the returns with `status` (any without), newest first, and how many match.
    async fn list(
        &self,
        status: Option<ReturnStatus>,
        page: Page,
    ) -> Result<(Vec<Return>, u64), RepoError>;
    /// Carries out `plan` in one transaction, only while the return still has status
    /// `plan.from` and (for a refund landing) its refund claimed, else no refund claimed;
    /// a refund lands only while the order is paid with what the plan read given back.
    /// `Stale` when the return or the order's refunds moved on, `Repo(NotFound)` without it.
    async fn apply(&self, plan: &ReturnStepPlan) -> Result<(), ReturnStoreError>;
    /// Claims the refund of a received return, so that of several callers one reaches the
    /// provider (as `OrderRepository::claim_refund`). `Stale` when it is not received or a
    /// refund is claimed already.
    async fn claim_refund(&self, id: &ReturnId, at: DateTime<Utc>) -> Result<(), ReturnStoreError>;
    /// Ends a claim whose refund did not happen: the return stays received, for a retry.
    async fn release_refund_claim(&self, id: &ReturnId) -> Result<(), RepoError>;
    /// As `OrderRepository::mark_refund_unconfirmed`, for a return's refund.
    async fn mark_refund_unconfirmed(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// As `OrderRepository::reclaim_unconfirmed_refund`, for a return's refund. `Stale` when
    /// the return has no unconfirmed claim.
    async fn reclaim_unconfirmed_refund(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), ReturnStoreError>;
}

/// The back office's list of reviews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewQuery {
    /// Only hidden ones, only shown ones, or all.
    pub hidden: Option<bool>,
    /// Words of the title, the body or the author's name, without case.
    pub search: Option<String>,
    pub page: Page,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ReviewRepository: Send + Sync {
    /// Whether `user` has a delivered order holding `product`.
    async fn has_received(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError>;
    /// Stores `review` in one transaction with the product's row locked: in place of its
    /// author's earlier review of the product when there is one (keeping that one's id and
    /// whether it is hidden), then the product's `rating` and `reviews` from its visible
    /// reviews. Answers the review as stored; `Repo(NotFound)` without the product.
    async fn save(&self, review: &Review) -> Result<Review, RepoError>;
    async fn by_id(&self, id: &ReviewId) -> Result<Option<Review>, RepoError>;
    /// `user`'s review of `product`, hidden or not.
    async fn by_author(
        &self,
        product: &ProductId,
        user: &UserId,
    ) -> Result<Option<Review>, RepoError>;
    /// One page of the product's visible reviews in `sort` order, and how many there are.
    async fn for_product(
        &self,
        product: &ProductId,
        sort: ReviewSort,
        page: Page,
    ) -> Result<(Vec<Review>, u64), RepoError>;
    /// How many visible reviews of the product give each star.
    async fn summary(&self, product: &ProductId) -> Result<RatingSummary, RepoError>;
    /// One page of the matching reviews, newest first, and how many match.
    async fn list(&self, query: &ReviewQuery) -> Result<(Vec<Review>, u64), RepoError>;
    /// Hides or shows a review, the product's rating following, in one transaction.
    /// `NotFound` without it.
    async fn set_hidden(&self, id: &ReviewId, hidden: bool) -> Result<(), RepoError>;
    /// Deletes a review, the product's rating following, in one transaction. `NotFound`
    /// without it.
    async fn delete(&self, id: &ReviewId) -> Result<(), RepoError>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait SettingsRepository: Send + Sync {
    async fn get(&self) -> Result<Option<ShopSettings>, RepoError>;
    async fn save(&self, settings: &ShopSettings) -> Result<(), RepoError>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait AuditLog: Send + Sync {
    async fn record(&self, entry: &AuditEntry) -> Result<(), RepoError>;
    /// One page of the entries `filter` keeps, newest (last recorded) first, and how many
    /// it keeps.
    async fn list(
        &self,
        filter: &AuditFilter,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), RepoError>;
    /// Everyone with an entry, as their latest entry names them, by name.
    async fn actors(&self) -> Result<Vec<AuditActor>, RepoError>;
}

/// A charge to ask of the payment provider.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentRequest {
    /// The charge's payment attempt: the provider's reference of this charge, unique to it
    /// (WaafiPay's `referenceId`), so that asking about it names this charge alone.
    pub attempt: PaymentAttemptId,
    /// The order it pays (the provider's invoice).
    pub order: OrderId,
    /// The wallet to charge (`phone` is one of its numbers).
    pub method: PaymentMethod,
    pub phone: MobileNumber,
    pub amount: Money,
    pub description: String,
}

pub use crate::payment_attempt::ApprovedAmount;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    Approved {
        transaction_id: String,
        /// What was approved, when the provider's answer says.
        amount: Option<ApprovedAmount>,
    },
    /// The payer or their balance said no; `reason` is for the shopper.
    Declined { reason: Message },
    /// The provider refused the shop itself (its merchant account, API user or key): no money
    /// moved, and the fault is the shop's set-up, not the payer's; `reason` is for the shopper.
    ProviderRefused { reason: Message },
    /// No clear answer (time-out, provider failure): the money may or may not have moved.
    Unconfirmed { reason: String },
    /// The provider keeps the charge open under its own `reference` (an eDahab invoice the
    /// payer has not paid yet): the shop asks it later (`PaymentGateway::check`).
    Awaiting { reference: String },
    /// The payer pays on the provider's own page at `url` (a card), then comes back: the
    /// shop asks the provider (`PaymentGateway::check`) when they do, or before the hold ends.
    OnPage { url: String },
}

/// A payment not confirmed when it was asked for, to ask its provider about again.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentCheck {
    /// The attempt asked about: the reference its charge was made under.
    pub attempt: PaymentAttemptId,
    pub order: OrderId,
    pub method: PaymentMethod,
    /// The provider's own reference of the open charge (an eDahab invoice id), if it gave one.
    pub reference: Option<String>,
}

/// Money to give back on an approved charge.
#[derive(Debug, Clone, PartialEq)]
pub struct RefundRequest {
    /// The provider's id of the approved charge.
    pub transaction_id: String,
    /// The order the charge paid for.
    pub reference: OrderId,
    /// How the order was paid: the refund goes back the same way.
    pub method: PaymentMethod,
    /// The number that paid (a wallet's refund is paid to it).
    pub payer: MobileNumber,
    pub amount: Money,
    /// The whole charge is given back (a canceled order), so the provider may reverse the
    /// charge instead of refunding part of it.
    pub whole_charge: bool,
}

impl RefundRequest {
    /// Gives back what is left of `order`'s charge (a canceled order): its total less what
    /// its returns refunded; the whole charge while nothing was. None without a provider's
    /// charge (cash, or a payment an admin confirmed by hand): that money goes back by hand.
    pub fn rest_of_charge(order: &Order) -> Option<Self> {
        let (transaction_id, method) = order.charge()?;
        Some(Self {
            transaction_id: transaction_id.to_owned(),
            reference: order.id.clone(),
            method,
            payer: order.payment_phone.clone(),
            amount: order.total.saturating_sub(order.refunded),
            whole_charge: order.refunded == Money::ZERO,
        })
    }

    /// Gives back `amount` of `order`'s charge for a return: the whole charge only when
    /// nothing was refunded before and the return takes all of it. None as for
    /// `rest_of_charge`.
    pub fn for_return(order: &Order, amount: Money) -> Option<Self> {
        let (transaction_id, method) = order.charge()?;
        Some(Self {
            transaction_id: transaction_id.to_owned(),
            reference: order.id.clone(),
            method,
            payer: order.payment_phone.clone(),
            amount,
            whole_charge: order.refunded == Money::ZERO && amount == order.total,
        })
    }
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// The methods whose provider this shop has set up, in `PaymentMethod::ALL`'s order.
    fn methods(&self) -> Vec<PaymentMethod>;
    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome;
    /// What became of a payment that was not confirmed when it was asked for: approved,
    /// declined, or still `Unconfirmed` (open, or a provider the shop cannot ask).
    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome;
    /// Gives back money of an approved charge: refunded, refused (nothing moved), or unknown
    /// when no readable answer came (the money may have gone back).
    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome;
    /// True for the sandbox, so the storefront can say payments are not real.
    fn is_sandbox(&self) -> bool;
    /// The sandbox's card page: records the tester's decision on `order`'s card payment,
    /// which `check` answers from then on. Real providers have no such page: false.
    async fn decide_sandbox_card(&self, order: &OrderId, approve: bool) -> bool;
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(pub String);

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> Result<String, HashError>;
    /// False for a wrong password or an unreadable hash.
    async fn verify(&self, password: &str, hash: &str) -> bool;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait TokenService: Send + Sync {
    fn issue(&self, claims: &SessionClaims) -> String;
    /// What a valid, unexpired token says; `None` for anything else.
    fn verify(&self, token: &str) -> Option<SessionClaims>;
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("{}", NOT_AN_IMAGE.english())]
    NotAnImage,
    #[error("{}", IMAGE_TOO_LARGE.english())]
    TooLarge,
    /// More pixels than a phone's photo: decoding it would take too much memory.
    #[error("{}", TOO_MANY_PIXELS.english())]
    TooManyPixels,
    #[error("image storage failed: {0}")]
    Storage(String),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ImageStore: Send + Sync {
    /// Checks the bytes are a picture, re-encodes them (dropping metadata), stores a full
    /// size and a thumbnail under new random names.
    async fn store(&self, bytes: Vec<u8>) -> Result<ProductImage, ImageError>;
    /// Best effort: a picture that cannot be removed is only logged.
    async fn delete(&self, image: &ProductImage);
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait Clock: Send + Sync {
    /// Now, in UTC, truncated to microseconds (what both databases keep).
    fn now(&self) -> DateTime<Utc>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait IdGenerator: Send + Sync {
    fn new_id(&self) -> String;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait SecretGenerator: Send + Sync {
    /// A random password an admin hands to a new user, to be changed at first sign-in.
    fn temporary_password(&self) -> String;
    /// A password reset code: `password_reset::CODE_DIGITS` random digits.
    fn reset_code(&self) -> String;
    /// A random code for a shopper to give the rider who brings their order.
    fn delivery_code(&self) -> DeliveryCode;
    /// The secret of a new payment link.
    fn link_token(&self) -> LinkToken;
}

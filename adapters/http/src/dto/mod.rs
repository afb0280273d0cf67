//! JSON shapes of replies (docs/api.md) and request bodies. Amounts leave as dollars with at
//! most two decimals; everything below this module works in cents.

use crate::i18n::say;
use domain::message::Text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

mod audit;
mod cart;
mod colour_pictures;
mod deliveries;
mod delivery;
mod discounts;
mod form;
mod names;
mod notifications;
mod order_detail;
mod orders;
mod payment_links;
mod payments;
mod phone_orders;
mod product_sheet;
mod products;
mod reports;
mod restock;
mod returns;
mod reviews;
mod settings;
mod users;
mod variants;
pub use audit::{AuditActorDto, AuditEntryDto, AuditQuery};
pub use cart::{CartAddBody, CartDto, CartLineDto, WishlistAddBody, WishlistDto, WishlistLineDto};
pub use colour_pictures::{ColourImagesDto, ColourOrderBody, ColourPictureForm};
pub use deliveries::{
    AttemptDto, DeliveredBody, DeliveryListQuery, DispatchBody, MyCashDto, NotDeliveredBody,
    OrderDeliveryDto, RiderCashDto, RiderCashQuery, RiderDeliveryDto, RiderDto,
};
pub use delivery::{
    cities, CartDeliveryDto, CartPlaceQuery, DeliveryCityDto, DeliveryDistrictDto,
    DeliveryZoneBody, DeliveryZoneDto, EtaDaysBody, EtaDaysDto,
};
pub use discounts::{
    CartDiscountBody, CartDiscountDto, DiscountBody, DiscountDto, DiscountNotAppliedDto,
};
pub(crate) use form::{loose_bool, loose_number};
pub use form::{parse_bool, parse_number};
pub use notifications::{
    ForgotPasswordBody, NotificationDto, NotificationsQuery, ResetPasswordBody,
};
pub use order_detail::{OrderDetailDto, ReturnableDto, ReturnableLineDto};
pub use orders::{
    orders, refund_status, AddressBody, AddressDto, ChangerDto, CheckoutBody, CheckoutDto,
    CustomerDto, LineProductDto, OrderDto, OrderLineDto, PaymentBody, RefundResolutionBody,
    StatusBody, StatusEntryDto,
};
pub use payment_links::{LinkPaymentDto, LinkedOrderDto, PaymentLinkDto};
pub use payments::{
    PaymentAttemptDto, PaymentAttemptsQuery, PaymentMethodDto, ProviderDayDto, ReconciliationDto,
    ReconciliationQuery,
};
pub use phone_orders::{PaymentChoiceBody, PhoneCustomerDto, PhoneOrderBody, QuoteDto};
pub use product_sheet::{
    read_sheet, sheet_csv, ImportQuery, ImportRefusalDto, ImportReportDto, LineErrorDto,
};
pub use products::{products, ProductBody, ProductDto, ProductForm};
pub use reports::{
    CodeUsesDto, DayRevenueDto, PeriodQuery, ProductSalesDto, ReportDto, RevenueBucketDto,
    StatsDto, StatusCountsDto, TopProductDto,
};
pub use restock::{RestockAlertBody, RestockAlertDto, RestockDemandDto, RestockRequestDto};
pub use returns::{
    ReturnBody, ReturnDto, ReturnLineBody, ReturnLineDto, ReturnListQuery, ReturnStatusBody,
};
pub use reviews::{
    AdminReviewDto, AdminReviewsQuery, ProductReviewsQuery, RatingSummaryDto, ReviewBody,
    ReviewDto, ReviewEligibilityDto, ReviewVisibilityBody, ReviewedProductDto,
};
pub use settings::{FeeRangeDto, SettingsBody, SettingsDto, TermsDto};
pub use users::{
    AccountKeyBody, CreatedUserDto, LanguageBody, LoginBody, RegisterBody, RegistrationDto,
    SessionDto, UpdateUserBody, UpdatedUserDto, UserDto,
};
pub use variants::{
    variant_rows, CartLineQuery, LineVariantDto, VariantDto, VariantRowBody, MALFORMED_GRID,
};

/// A reply that a change went through, in the language of the request.
#[derive(Serialize, ToSchema)]
pub struct MessageDto {
    pub message: String,
}

impl MessageDto {
    pub fn of(text: Text) -> Self {
        Self {
            message: say(&text.into()).into_owned(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct HealthDto {
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// Read as text, so that a bad one gets the message naming it (`domain::listing::page`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

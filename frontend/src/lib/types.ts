/**
 * The request and reply shapes of the API, by the names the app uses. Each is the server's own
 * schema in its OpenAPI document (/api/openapi.json, checked in as frontend/openapi.json),
 * from which `make api-types` generates ./api-schema.d.ts; `make lint` fails when the document
 * no longer matches the server, and tsc when the app no longer matches the document.
 * Amounts are dollars (numbers with at most two decimals), times RFC 3339.
 *
 * Only what the document cannot say is written here: the app's own form shapes and the
 * query parameters it offers.
 */
import type { components } from './api-schema';

type Schemas = components['schemas'];

/**
 * A request body as the app sends it: the server takes a left-out field as blank (and says so
 * in its field errors), so its schema marks none required; the app's forms send every one.
 */
type Sent<T> = Required<T>;
/**
 * A body that names an account by its `email`, or by its `phone` when staff made it without an
 * e-mail: the app sends exactly one of them (both is a 400), and every other field.
 */
type ByAccount<T> = Sent<Omit<T, 'phone'>> | Sent<Omit<T, 'email'>>;

export type User = Schemas['UserDto'];
export type Role = User['role'];
/** One thing the back office lets its people do (`orders.read`, …): the server's names, in `User.permissions`. */
export type Permission = Schemas['PermissionName'];

export type Product = Schemas['ProductDto'];
export type Category = Product['category'];
/** One size (and colour) of a product, with its own stock. */
export type Variant = Schemas['VariantDto'];
export type StockStatus = Variant['stockStatus'];
/** The size and colour a cart or order line is for (an order keeps it as it was when bought). */
export type VariantSnapshot = Schemas['LineVariantDto'];

/** GET /api/products/categories: each category name with (a page of) its products, empty ones included. */
export type CategoriesReply = Record<string, Product[]>;

/** The orders of the search results (GET /api/products/search `sort`). */
export type ProductSort = 'relevance' | 'price-asc' | 'price-desc' | 'newest';

export type Cart = Schemas['CartDto'];
/** A cart line; `image` is the thumbnail of the line's colour (the product's own without one). */
export type CartLine = Schemas['CartLineDto'];
export type AddToCartRequest = Schemas['CartAddBody'];
/** The line a cart call acts on: a product, and its size when it has sizes. */
export type CartLineRef = Pick<AddToCartRequest, 'productId' | 'variantId'>;

/** A city the shop delivers to (GET /api/delivery/zones), with its districts, served or not; a city delivered as a whole has one, named null. */
export type DeliveryCity = Schemas['DeliveryCityDto'];
export type DeliveryDistrict = Schemas['DeliveryDistrictDto'];
/** How many days delivery takes: `{min: 0, max: 0}` is the same day. */
export type EtaDays = Schemas['EtaDaysDto'];
/** Where a cart is priced for (GET /api/cart?city=&district=): `district` '' for a city delivered as a whole. */
export interface DeliveryPlace {
  city: string;
  district: string;
}
/** A delivery zone as the back office keeps it (GET /api/admin/delivery/zones). */
export type DeliveryZone = Schemas['DeliveryZoneDto'];
/** A zone as the admin's form sends it (POST, and PUT with every field); null is a blank field (the server says what is missing). */
export type DeliveryZoneInput = Pick<DeliveryZone, 'city' | 'district' | 'cashOnDelivery' | 'served'> & {
  fee: number | null;
  etaDays: { min: number | null; max: number | null };
};

/** An order's way to the shopper once it first went out (the order's `delivery`): its rider, state and failed attempts. */
export type OrderDelivery = Schemas['OrderDeliveryDto'];
/** A failed attempt to hand an order over, and why (`reason`, a `DeliveryFailureReason`). */
export type DeliveryAttempt = Schemas['AttemptDto'];
/** Why a rider could not hand an order over (POST /api/deliveries/{orderId}/not-delivered). */
export type DeliveryFailureReason = 'unreachable' | 'refused' | 'wrongAddress' | 'anotherDay';
/** One of a rider's deliveries, as their phone screen shows it (GET /api/deliveries). */
export type RiderDelivery = Schemas['RiderDeliveryDto'];
/** POST /api/deliveries/{orderId}/delivered: the shopper's code, and the cash collected for a cash order. */
export type DeliveredRequest = Schemas['DeliveredBody'];
/** A rider to send orders out with (GET /api/admin/riders). */
export type Rider = Schemas['RiderDto'];
/** The back office's delivery lists (GET /api/admin/deliveries `status`). */
export type DispatchStatus = 'toDispatch' | 'out' | 'failed';
/** POST /api/admin/deliveries: orders to send out with a rider. */
export type DispatchRequest = Sent<Schemas['DispatchBody']>;
/** A rider's cash of a day (GET /api/admin/riders/cash). */
export type RiderCash = Schemas['RiderCashDto'];
/** The signed-in rider's cash of the day (GET /api/deliveries/cash, `deliveries.own`). */
export type MyCash = Schemas['MyCashDto'];

export type Wishlist = Schemas['WishlistDto'];

export type Order = Schemas['OrderDto'];
export type OrderDetail = Schemas['OrderDetailDto'];
export type OrderLine = Schemas['OrderLineDto'];
export type OrderStatus = Order['status'];
export type PaymentStatus = Order['paymentStatus'];
/** What an open order's payment waits for (`confirmation`, `rider`, `customer`), as the server decides it. */
export type PaymentWait = NonNullable<Order['paymentAwaits']>;
export type ShippingAddress = Schemas['AddressDto'];
/** PUT /api/orders/{id}/payment: an admin records a payment the provider did not confirm. */
export type MarkOrderPaidRequest = Schemas['PaymentBody'];
/** A status an order or a return took, when, and who set it. */
export type StatusChange = Schemas['StatusEntryDto'];
/** Whether the shopper may ask to return units of an order now, as the server decides it. */
export type Returnable = Schemas['ReturnableDto'];

export type OrderReturn = Schemas['ReturnDto'];
export type ReturnStatus = OrderReturn['status'];
export type ReturnLine = Schemas['ReturnLineDto'];
export type CreateReturnRequest = Sent<Schemas['ReturnBody']>;
export type UpdateReturnRequest = Schemas['ReturnStatusBody'];
/** Where a refund sent to EVC Plus stands while its answer has not landed. */
export type RefundStatus = NonNullable<OrderReturn['refundStatus']>;
export type RefundResolutionRequest = Schemas['RefundResolutionBody'];

export type Review = Schemas['ReviewDto'];
/** A review as the back office lists it: its product, and always whether it is hidden. */
export type AdminReview = Schemas['AdminReviewDto'] & Required<Pick<Review, 'hidden'>>;
export type ReviewSummary = Schemas['RatingSummaryDto'];
export type MyReview = Schemas['ReviewEligibilityDto'];
export type ReviewInput = Schemas['ReviewBody'];
export type UpdateReviewRequest = Schemas['ReviewVisibilityBody'];
/** The orders of a product's reviews (GET /api/products/{id}/reviews `sort`). */
export type ReviewSort = 'newest' | 'highest' | 'lowest';

export type Discount = Schemas['DiscountDto'];
export type DiscountKind = Discount['kind'];
/** A code as the admin's form sends it (POST, and PUT with every field); null is none. */
export type DiscountInput = Pick<
  Discount,
  'code' | 'kind' | 'minSubtotal' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perCustomerLimit' | 'active'
> & {
  /** Null when the form's field is blank (the server then says what is missing). */
  value: number | null;
};

export type AdminNotification = Schemas['NotificationDto'];
export type NotificationTopic = AdminNotification['topic'];
export type NotificationChannel = AdminNotification['channel'];
export type NotificationStatus = AdminNotification['status'];

/** A request to be told when a sold-out size (or one-size product) is back: `answeredAt` once the message went. */
export type RestockAlert = Schemas['RestockAlertDto'];
/** POST /api/restock-alerts: the product and its size (null for a one-size product). */
export type RestockAlertInput = Schemas['RestockAlertBody'];
/** A shopper's request as their list shows it (GET /api/restock-alerts): the product's name and picture, the size and its stock status now. */
export type RestockRequest = Schemas['RestockRequestDto'];
/** A size shoppers wait for, with how many (GET /api/admin/restock-alerts/top). */
export type RestockDemand = Schemas['RestockDemandDto'];

/** What the shop promises shoppers (GET /api/settings `terms`): from its settings, zones and providers. */
export type ShopTerms = Schemas['TermsDto'];
export type Settings = Schemas['SettingsDto'];
/** PUT /api/settings: what an admin may change. */
export type SettingsInput = Sent<Schemas['SettingsBody']>;
export type Stats = Schemas['StatsDto'];
export type Report = Schemas['ReportDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type AuditActor = Schemas['AuditActorDto'];
/**
 * POST /api/admin/products/import: what the CSV creates, updates and leaves, and its bad rows by
 * line (a dry run's preview, an import's counts; a refused import's `message` and rows).
 */
export type ImportReport = Schemas['ImportReportDto'];
/** A row of an imported CSV that cannot be imported: its line (the header is 1) and why. */
export type ImportLineError = Schemas['LineErrorDto'];
/** PUT /api/products/{id}/colours/{colour}/images: the colour's pictures (their paths, as in `colourImages`) in a new order. */
export type ColourOrderRequest = Schemas['ColourOrderBody'];

export type LoginRequest = ByAccount<Schemas['LoginBody']>;
export type AuthReply = Schemas['SessionDto'];
export type RegisterRequest = Schemas['RegisterBody'];
export type AdminCreateUserReply = Schemas['CreatedUserDto'];
export type UpdateUserRequest = Schemas['UpdateUserBody'];
/** The reply to PUT /api/users/{id}: the user, with a fresh token when one's own password changed. */
export type UpdateUserReply = Schemas['UpdatedUserDto'];
export type MessageReply = Schemas['MessageDto'];
export type ForgotPasswordRequest = ByAccount<Schemas['ForgotPasswordBody']>;
export type ResetPasswordRequest = ByAccount<Schemas['ResetPasswordBody']>;
export type CheckoutRequest = Schemas['CheckoutBody'];
/** A way to pay, as GET /api/payments/methods lists it: a wallet with its numbers' prefixes, a card, or cash. */
export type PaymentMethod = Schemas['PaymentMethodDto'];
export type PaymentMethodId = PaymentMethod['id'];
export type CheckoutReply = Schemas['CheckoutDto'];
/**
 * A charge the shop started (a checkout's, a phone order's payment request, a payment link's), as
 * the back office lists it (GET /api/admin/payments): followed until its provider's final answer.
 */
export type PaymentAttempt = Schemas['PaymentAttemptDto'];
/** Where an attempt stands: awaiting its answer, approved, declined, failed, or late money and mismatches for the admin. */
export type PaymentAttemptState = PaymentAttempt['state'];
/**
 * A day's payments (East Africa Time) as the back office reconciles them
 * (GET /api/admin/payments/reconciliation?date=): per provider and currency, what was approved,
 * refunded, held and the net, with the attempts that moved the money.
 */
export type Reconciliation = Schemas['ReconciliationDto'];
/** One provider's day in one currency. */
export type ProviderDay = Schemas['ProviderDayDto'];
/** Who carries a method's money: WaafiPay's wallets, WaafiPay's card page, eDahab, or the rider. */
export type PaymentProviderId = ProviderDay['provider'];
/** An attempt that moved money on that day: its order, its state and what came. */
export type ReconciledAttempt = Schemas['ReconciledAttemptDto'];
/** Whether cash on delivery may be chosen for the place and cart, and if not, why (in the shopper's words). */
export interface CashOnDelivery {
  allowed: boolean;
  reason: string | null;
}
/** A payment asked for, as the payer saw it: the number as entered, the amount, and the wallet's name (null for a card). */
export interface PaymentRequest {
  phone: string;
  amount: string;
  wallet: string | null;
}

/** A customer staff may take an order for by phone or chat (GET /api/admin/customers?q=). */
export type PhoneCustomer = Schemas['PhoneCustomerDto'];
/** POST /api/admin/orders: an order taken for a customer found (`{userId}`) or new (`{name, phone, email?}`). */
export type PhoneOrderRequest = Sent<Schemas['PhoneOrderBody']>;
export type PhoneOrderCustomer = Schemas['PhoneCustomerBody'];
/**
 * POST /api/admin/orders/quote (`orders.create`): what the order being taken would cost, before
 * Create order. The body of POST /api/admin/orders, `customer` and `shippingAddress` optional
 * (the server prices the place by its city and district alone).
 */
export type PhoneOrderQuoteRequest = Schemas['PhoneOrderBody'];
/** One line of a quote: its product, size, price and line total (dollars); `image` is the colour's picture. */
export type PhoneOrderQuoteLine = Schemas['QuoteLineDto'];
/** The quote's reply: `shippingFee` null until a place is chosen in a shop with zones (the total then leaves delivery out). */
export type PhoneOrderQuote = Schemas['QuoteDto'];
/** POST /api/admin/orders/{id}/payment-request and POST /api/pay/{token}: the method charged and the payer's number. */
export type PaymentChoiceRequest = Sent<Schemas['PaymentChoiceBody']>;
/**
 * POST /api/admin/orders/{id}/payment-link (201): the link the customer pays on, when it
 * expires, the WhatsApp message that shares it, and whether the shop's SMS sent it.
 */
export type PaymentLink = Schemas['PaymentLinkDto'];
/** POST /api/orders/{id}/pay-link (201, the order's owner): a link to pay their own unpaid phone order on. */
export type MyPaymentLink = PaymentLink;
/** GET /api/pay/{token}: the order a payment link opens, its totals, and how it may be paid (public). */
export type LinkedOrder = Schemas['LinkedOrderDto'];
/** POST /api/pay/{token} (201 paid, 202 pending): the server's message, and a card's page to pay on. */
export type LinkPayment = Schemas['LinkPaymentDto'];

export interface ListParams {
  page?: number;
  limit?: number;
}

/**
 * One row of the admin's size grid: with `_id` an existing variant kept, without a new one;
 * variants left out are removed. A blank `sku` is left out and the server makes one.
 */
export type VariantInput = Schemas['VariantRowBody'];

type ProductFields = { [K in keyof Schemas['ProductBody']]-?: NonNullable<Schemas['ProductBody'][K]> };

/**
 * Product fields an admin edits; sent as JSON or, with an image, as multipart (the image its
 * file). `stock` is left out of an edit that did not change it (so sales made meanwhile stay
 * sold), `variants` of one that did not change the sizes; `tags` is a list here, joined when sent.
 */
export type ProductInput = Pick<ProductFields, 'name' | 'category' | 'description' | 'price' | 'discount' | 'isFeatured'> &
  Partial<Pick<ProductFields, 'stock' | 'expectedStock' | 'variants'>> & {
    tags: string[];
    image?: File | null;
  };

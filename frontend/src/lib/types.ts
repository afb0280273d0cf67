/**
 * Request and reply shapes shared by every feature. They follow docs/api.md,
 * the JSON the server sends. Amounts are dollars (numbers with at most two decimals).
 */

export type Role = 'user' | 'admin';

export interface User {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  createdAt?: string;
  mustChangePassword?: boolean;
}

export type Category = 'women' | 'kids' | 'sales' | (string & {});
export type StockStatus = 'inStock' | 'lowStock' | 'outOfStock';

/** One size (and colour) of a product, with its own stock. */
export interface Variant {
  _id: string;
  size: string;
  colour: string | null;
  sku: string;
  stock: number;
  stockStatus: StockStatus;
}

/** The size and colour a cart or order line is for (an order keeps it as it was when bought). */
export type VariantSnapshot = Pick<Variant, '_id' | 'size' | 'colour' | 'sku'>;

export interface Product {
  _id: string;
  name: string;
  description: string;
  category: Category;
  tags: string[];
  /** Selling price after discount: the amount charged per unit. */
  price: number;
  /** Percent, 0 to 100. */
  discount: number;
  /** Price before the discount; null when there is no discount. */
  originalPrice: number | null;
  image: string | null;
  thumbnail?: string | null;
  gallery: string[];
  rating: number | null;
  reviews: number | null;
  stock: number | null;
  stockStatus?: StockStatus;
  /**
   * Its sizes in the order the admin gave them; empty for a one-size product. With variants,
   * `stock` is their sum.
   */
  variants?: Variant[];
  isFeatured: boolean;
  createdAt: string;
}

/** GET /api/products/categories: each category name with (a page of) its products, empty ones included. */
export type CategoriesReply = Record<string, Product[]>;

export type ProductSort = 'relevance' | 'price-asc' | 'price-desc' | 'newest';

/** A cart line: one product in one size; the same product in two sizes is two lines. */
export interface CartLine {
  productId: Product;
  variant?: VariantSnapshot | null;
  quantity: number;
  lineTotal: number;
}

/** POST /api/cart/add: `variantId` names the size (required for a product with variants); a negative quantity changes the line by that delta. */
export interface AddToCartRequest {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** The line a cart call acts on: a product, and its size when it has sizes. */
export type CartLineRef = Pick<AddToCartRequest, 'productId' | 'variantId'>;

/** The discount code a cart holds and what it takes off the merchandise (0 for free shipping, which makes `shipping` 0). */
export interface CartDiscount {
  code: string;
  amount: number;
}

/** A code the cart holds that does not apply now (expired, switched off, below its minimum), and why. */
export interface DiscountNotApplied {
  code: string;
  message: string;
}

/** The server's totals, what checkout charges: `total` = `subtotal` - `discount.amount` + `shipping`. */
export interface Cart {
  products: CartLine[];
  itemCount: number;
  subtotal: number;
  discount: CartDiscount | null;
  discountNotApplied: DiscountNotApplied | null;
  shipping: number;
  total: number;
}

export interface WishlistLine {
  productId: Product;
}

export interface Wishlist {
  products: WishlistLine[];
}

export type OrderStatus = 'pending' | 'shipped' | 'delivered' | 'canceled';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'partiallyRefunded' | 'refunded';

export interface ShippingAddress {
  fullName: string;
  phone: string;
  city: string;
  district: string;
  addressLine: string;
}

export interface OrderLine {
  /** Stable: the order's id and the line's place in it (returns name lines by it). */
  _id?: string;
  productId: { _id: string; name: string; image?: string | null } | null;
  name?: string;
  image?: string | null;
  price?: number;
  variant?: VariantSnapshot | null;
  quantity: number;
  lineTotal?: number;
}

/** Who set a status: an admin; null for the shop itself or the customer (and always null in a shopper's view). */
export interface StatusChanger {
  _id: string;
  name: string;
}

/** A status an order or a return took, when, and who set it. */
export interface StatusChange<S extends string = string> {
  status: S | (string & {});
  at: string;
  by: StatusChanger | null;
}

export interface Order {
  _id: string;
  createdAt: string;
  status: OrderStatus | (string & {});
  paymentStatus?: PaymentStatus | (string & {});
  /** Placed, not canceled, and the payment provider never confirmed its payment: an admin checks, then marks it paid or cancels it. */
  awaitingPayment: boolean;
  paymentMethod?: string;
  paymentPhone?: string;
  transactionId?: string | null;
  /** Set when the payment stayed unconfirmed past the hold and the order was canceled for it. */
  holdExpiredAt?: string | null;
  subtotal?: number;
  shippingFee?: number;
  /** The discount code the order used, or null. */
  discountCode?: string | null;
  /** What the code took off the merchandise: `totalAmount` = `subtotal` - `discountAmount` + `shippingFee`. */
  discountAmount?: number;
  totalAmount: number;
  /** What went back to the shopper (returns refunded, or all of it for a canceled paid order). */
  refundedAmount?: number;
  /** A cancel's refund not landed yet: at EVC Plus now, or sent with its answer lost (an admin resolves it); null without one. */
  refundStatus?: RefundStatus | null;
  /** When that refund was sent; null without one. */
  refundSentAt?: string | null;
  /** Every status the order took, oldest first. */
  statusHistory?: StatusChange<OrderStatus>[];
  /** When it was first delivered (kept when an admin moves it back and delivers it again); null until then. */
  deliveredAt?: string | null;
  /** The last moment a return may be asked for (first delivery + 30 days); null when not delivered. */
  returnableUntil?: string | null;
  userId: { _id?: string; name?: string; email?: string } | null;
  products: OrderLine[];
  shippingAddress?: ShippingAddress | null;
}

/** Whether the shopper may ask to return units of an order now, as the server decides it. */
export interface Returnable {
  allowed: boolean;
  /** Why not, a sentence for the shopper in the language shown; null when allowed. */
  reason: string | null;
  /** Every line (by its `_id`) with its units left to return: bought, less what returns that were not rejected hold. */
  lines: { lineId: string; units: number }[];
}

/** One order as GET /api/orders/{id} and an admin's change of it answer: with what may be done with it now. */
export interface OrderDetail extends Order {
  returnable: Returnable;
  /** For admins only: the statuses the order may be moved to now (its own is not one). */
  nextStatuses?: OrderStatus[];
}

export type ReturnStatus = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded';

/** Units of one order line in a return, and what they refund. */
export interface ReturnLine {
  /** The order line's `_id`. */
  lineId: string;
  name: string;
  variant: VariantSnapshot | null;
  quantity: number;
  amount: number;
}

/** A shopper's return of some units of a delivered order (docs/api.md "Returns"). */
export interface OrderReturn {
  _id: string;
  orderId: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  refundAmount: number;
  reason: string;
  createdAt: string;
  /** Oldest first. */
  statusHistory: StatusChange<ReturnStatus>[];
  customer: { _id: string; name: string; email: string };
  /** Its refund, not landed yet: at EVC Plus now, or sent with its answer lost (an admin resolves it); null without one. */
  refundStatus?: RefundStatus | null;
  /** When that refund was sent; null without one. */
  refundSentAt?: string | null;
  /** The statuses an admin may move it to now (none while its refund is under way or unanswered). */
  nextSteps: UpdateReturnRequest['status'][];
}

/** Where a refund sent to EVC Plus stands while its answer has not landed. */
export type RefundStatus = 'sending' | 'unconfirmed';

/**
 * POST /api/orders/{id}/refund and /api/admin/returns/{id}/refund: an admin's word on a refund
 * sent but not answered, after checking the EVC Plus merchant account: it went through
 * (`confirmed`, nothing is sent) or it did not (`resend`).
 */
export interface RefundResolutionRequest {
  resolution: 'confirmed' | 'resend';
}

/** POST /api/orders/{id}/returns: the units of each line to send back (lines left out: none), and why. */
export interface CreateReturnRequest {
  lines: { lineId: string; quantity: number }[];
  reason: string;
}

/** PUT /api/admin/returns/{id}: the status the admin moves the return to. */
export interface UpdateReturnRequest {
  status: Exclude<ReturnStatus, 'requested'>;
}

/** A shopper's review of a product they received (docs/api.md "Reviews"). Its texts are shown as text, never as HTML. */
export interface Review {
  _id: string;
  /** A whole number from 1 to 5. */
  rating: number;
  title: string | null;
  body: string;
  /** The reviewer as shoppers see them, e.g. 'Amina W.'. */
  author: string;
  verifiedPurchase: boolean;
  createdAt: string;
  /** Only on the shopper's own review (GET .../reviews/mine) and the admin's rows: an admin hid it from the shop. */
  hidden?: boolean;
}

export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** GET /api/products/{id}/reviews/summary: the mean of the visible reviews (one decimal, 0 without any), their count, and how many give each number of stars (`stars[i]`: i + 1 stars). */
export interface ReviewSummary {
  rating: number;
  reviews: number;
  stars: number[];
}

/** GET /api/products/{id}/reviews/mine: whether the shopper may review the product (else why not) and their own review, if any. */
export interface MyReview {
  canReview: boolean;
  reason: string | null;
  review: Review | null;
}

/** POST /api/products/{id}/reviews: a new review, or the shopper's earlier one replaced. */
export interface ReviewInput {
  rating: number;
  title?: string;
  body: string;
}

/** A review as the back office lists it: whether it is hidden, and its product. */
export interface AdminReview extends Review {
  hidden: boolean;
  product: { _id: string; name: string };
}

/** PUT /api/admin/reviews/{id}. */
export interface UpdateReviewRequest {
  hidden: boolean;
}

export type DiscountKind = 'percent' | 'fixed' | 'freeShipping';

/** A discount code as the back office sees it (docs/api.md "Discount codes"). */
export interface Discount {
  _id: string;
  /** Upper case: 3 to 32 of A-Z, 0-9 and '-'. */
  code: string;
  kind: DiscountKind;
  /** The percent for `percent`, dollars for `fixed`, 0 for `freeShipping`. */
  value: number;
  minSubtotal: number | null;
  /** RFC 3339 UTC; null when there is none. */
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  active: boolean;
  createdAt: string;
}

/** A code as the admin's form sends it (POST, and PUT with every field); null is none. */
export type DiscountInput = Pick<
  Discount,
  'code' | 'kind' | 'minSubtotal' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perCustomerLimit' | 'active'
> & {
  /** Null when the form's field is blank (the server then says what is missing). */
  value: number | null;
};

/** What a message the shop sends is about (docs/api.md "Notifications"). */
export type NotificationTopic =
  | 'orderConfirmed'
  | 'paymentUnconfirmed'
  | 'orderShipped'
  | 'orderDelivered'
  | 'orderCanceled'
  | 'returnUpdated'
  | 'passwordReset'
  | 'newOrder'
  | 'lowStock';

export type NotificationChannel = 'email' | 'sms';

/** pending: waiting to be sent; retrying: a send failed and another try is due at `nextAttemptAt`; failed: given up; skipped: not sent on purpose. */
export type NotificationStatus = 'pending' | 'sent' | 'retrying' | 'failed' | 'skipped';

/** A message the shop sends (an e-mail or an SMS), as the back office lists it. */
export interface AdminNotification {
  _id: string;
  topic: NotificationTopic | (string & {});
  channel: NotificationChannel | (string & {});
  /** An e-mail address or phone number; null for the shop's own alert address, not yet resolved. */
  recipient: string | null;
  /** Null until the message is first rendered. */
  subject: string | null;
  status: NotificationStatus | (string & {});
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

export interface Settings {
  shopName: string;
  supportPhone: string;
  supportEmail: string;
  shippingFee: number;
  sandboxPayments?: boolean;
  /** Seconds the payer has to confirm an EVC Plus payment on the phone (read-only; 60 by default). */
  paymentTimeoutSecs?: number;
}

export interface Stats {
  totalProducts: number;
  totalOrders: number;
  pendingOrders: number;
  totalRevenue: number;
  monthlyRevenue: number;
  averageOrderValue: number;
  revenueByMonth: { label: string; revenue: number }[];
  statusCounts: Record<string, number>;
  topProducts: { name: string; quantity: number }[];
  recentOrders: Order[];
}

// ---- requests and replies ----

export interface LoginRequest {
  email: string;
  password: string;
}

export interface AuthReply {
  token?: string;
  user?: User;
  message?: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  phone: string;
  password?: string;
  role?: Role;
}

export interface AdminCreateUserReply {
  user: User;
  temporaryPassword?: string;
  message?: string;
}

export interface UpdateUserRequest {
  name: string;
  email: string;
  phone: string;
  role?: Role;
  password?: string;
  currentPassword?: string;
}

/** The reply to PUT /api/users/{id}: the user, with a fresh token when one's own password changed. */
export type UpdateUserReply = User & { token?: string };

export interface MessageReply {
  message: string;
}

/** POST /api/auth/forgot-password: answered 200 with a `MessageReply` whether or not the account exists. */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /api/auth/reset-password: the 6-digit code sent by e-mail and the new password (the confirmation is not sent). */
export interface ResetPasswordRequest {
  email: string;
  code: string;
  password: string;
}

export interface CheckoutRequest {
  paymentMethod: 'evc-plus';
  paymentPhone: string;
  shippingAddress?: ShippingAddress;
}

export interface CheckoutReply {
  message: string;
  order?: Order;
}

export interface ListParams {
  page?: number;
  limit?: number;
}

/**
 * One row of the admin's size grid: with `_id` an existing variant kept, without a new one;
 * variants left out are removed. A blank `sku` is left out and the server makes one.
 */
export interface VariantInput {
  _id?: string;
  size: string;
  colour?: string;
  sku?: string;
  stock: number;
  /** A kept size: the stock the grid showed. The same as `stock` leaves what sold since; else 409 when it changed. */
  expectedStock?: number;
}

/** Product fields an admin edits; sent as JSON or, with an image, as multipart. */
export interface ProductInput {
  name: string;
  category: Category;
  description: string;
  price: number;
  /** Left out of an edit that did not change the stock, so sales made meanwhile stay sold. */
  stock?: number;
  /** With `stock` on an edit: the stock the form showed (the server answers 409 if it moved). */
  expectedStock?: number;
  discount: number;
  tags: string[];
  isFeatured: boolean;
  /** The sizes, in order; left out of an edit that did not change them. With sizes the server ignores `stock`. */
  variants?: VariantInput[];
  image?: File | null;
}

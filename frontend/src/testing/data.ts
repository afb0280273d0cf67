/** Test data shaped like the server's JSON (docs/api.md). */
import type {
  AdminNotification,
  AdminReview,
  Cart,
  DeliveryCity,
  DeliveryZone,
  Discount,
  Order,
  OrderDelivery,
  OrderDetail,
  OrderLine,
  OrderReturn,
  PaymentAttempt,
  PaymentMethod,
  PaymentMethodId,
  PaymentStatus,
  Product,
  Permission,
  RestockDemand,
  RestockRequest,
  Returnable,
  Review,
  ReviewSummary,
  RiderCash,
  RiderDelivery,
  Role,
  Settings,
  StockStatus,
  User,
  Variant,
  VariantSnapshot,
  Wishlist,
} from '@/lib/types';

let seq = 0;
const nextId = (prefix: string) => `${prefix}${(++seq).toString().padStart(6, '0')}-0000-7000-8000-000000000000`;

/**
 * What the server gives each role (domain/src/permissions.rs), so that test users carry the
 * permissions the server would send. Test data only: the app reads each user's `permissions`.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  user: [],
  admin: [
    'orders.read',
    'orders.update',
    'returns.manage',
    'deliveries.dispatch',
    'orders.create',
    'products.manage',
    'stock.adjust',
    'reviews.moderate',
    'discounts.manage',
    'users.manage',
    'settings.manage',
    'reports.read',
    'audit.read',
    'notifications.manage',
    'money.read',
    'cash.receive',
  ],
  orders: ['orders.read', 'orders.update', 'returns.manage', 'deliveries.dispatch', 'orders.create'],
  stock: ['products.manage', 'stock.adjust', 'reviews.moderate'],
  rider: ['deliveries.own'],
};

/**
 * What the server says of a stock figure (domain), so that test data carries what it would send:
 * more than 10 in stock, 1 to 10 low, none out of stock; a size with 1 to 3 left is running low.
 * Test data only: the app reads `stockStatus` and `runningLow`.
 */
const stockStatusOf = (stock: number): StockStatus => (stock <= 0 ? 'outOfStock' : stock <= 10 ? 'lowStock' : 'inStock');
const runningLowOf = (stock: number): boolean => stock > 0 && stock <= 3;

/** The payment statuses whose money was received, as the server's `paid` says (test data only). */
const PAID_STATUSES: readonly PaymentStatus[] = ['paid', 'partiallyRefunded', 'refunded'];

/** A user as the server sends it; `permissions` are those of the role unless given. */
export function makeUser(overrides: Partial<User> = {}): User {
  const role = overrides.role ?? 'user';
  return {
    _id: nextId('u'),
    name: 'Amina Hassan',
    email: 'amina@example.com',
    phone: '252615551234',
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    language: 'en',
    createdAt: '2026-01-10T09:00:00Z',
    mustChangePassword: false,
    ...overrides,
  };
}

/** A product as the server sends it; its stock status follows its stock (25 unless given) unless given. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const stock = overrides.stock ?? 25;
  return {
    _id: nextId('p'),
    name: 'Floral Summer Dress',
    description: 'A light cotton dress for warm days.',
    category: 'women',
    tags: ['dress'],
    price: 24,
    discount: 0,
    originalPrice: null,
    image: '/uploads/dress.webp',
    thumbnail: '/uploads/dress-thumb.webp',
    gallery: [],
    colourImages: {},
    rating: 4.5,
    reviews: 200,
    stock,
    stockStatus: stockStatusOf(stock),
    variants: [],
    isFeatured: false,
    createdAt: '2026-10-01T10:00:00Z',
    ...overrides,
  };
}

/** A size of a product; its stock status and whether it is running low follow its stock as the server's do. */
export function makeVariant(size: string, stock: number, overrides: Partial<Variant> = {}): Variant {
  const colour = overrides.colour ?? null;
  return {
    _id: nextId('v'),
    size,
    colour,
    sku: ['DRS', colour?.toUpperCase(), size].filter(Boolean).join('-'),
    stock,
    stockStatus: stockStatusOf(stock),
    runningLow: runningLowOf(stock),
    ...overrides,
  };
}

/** A product with these sizes: its stock is their sum, as the server sends it. */
export function makeSizedProduct(variants: Variant[], overrides: Partial<Product> = {}): Product {
  const stock = variants.reduce((n, v) => n + v.stock, 0);
  return makeProduct({ variants, stock, ...overrides });
}

/** What a cart or order line keeps of a size. */
export const snapshotOf = ({ _id, size, colour, sku }: Variant): VariantSnapshot => ({ _id, size, colour, sku });

export function makeCart(lines: { product: Product; variant?: Variant; quantity: number }[], shipping = 5): Cart {
  const products = lines.map(({ product, variant, quantity }) => ({
    productId: product,
    variant: variant ? snapshotOf(variant) : null,
    image: product.image,
    quantity,
    lineTotal: Math.round(product.price * quantity * 100) / 100,
  }));
  const subtotal = Math.round(products.reduce((s, l) => s + l.lineTotal, 0) * 100) / 100;
  const itemCount = products.reduce((s, l) => s + l.quantity, 0);
  return {
    products,
    itemCount,
    subtotal,
    discount: null,
    discountNotApplied: null,
    shipping: products.length ? shipping : 0,
    total: products.length ? subtotal + shipping : 0,
    delivery: null,
  };
}

/** The cart holding a code that takes `amount` off its merchandise, totals as the server's. */
export function withDiscount(cart: Cart, code: string, amount: number): Cart {
  const total = Math.round((cart.subtotal - amount + cart.shipping) * 100) / 100;
  return { ...cart, discount: { code, amount }, discountNotApplied: null, total };
}

export function makeZone(overrides: Partial<DeliveryZone> = {}): DeliveryZone {
  return {
    _id: nextId('z'),
    city: 'Mogadishu',
    district: 'Hodan',
    fee: 2,
    etaDays: { min: 0, max: 0 },
    cashOnDelivery: true,
    served: true,
    ...overrides,
  };
}

/**
 * A shop's zones as the back office lists them (by city, a whole city first): Mogadishu by
 * district (Hodan the same day, Wadajir in 1-2 days, Kaaraan switched off), Hargeisa whole
 * (2 days), Baidoa whole but switched off.
 */
export const shopZones = (): DeliveryZone[] => [
  makeZone({ _id: 'z-hargeisa', city: 'Hargeisa', district: null, fee: 6, etaDays: { min: 2, max: 2 }, cashOnDelivery: false }),
  makeZone({ _id: 'z-hodan', city: 'Mogadishu', district: 'Hodan', fee: 2, etaDays: { min: 0, max: 0 } }),
  makeZone({ _id: 'z-kaaraan', city: 'Mogadishu', district: 'Kaaraan', fee: 3, etaDays: { min: 1, max: 2 }, served: false }),
  makeZone({ _id: 'z-wadajir', city: 'Mogadishu', district: 'Wadajir', fee: 3.5, etaDays: { min: 1, max: 2 } }),
  makeZone({ _id: 'z-baidoa', city: 'Baidoa', district: null, fee: 8, etaDays: { min: 3, max: 5 }, served: false }),
];

/** The zones as GET /api/delivery/zones answers shoppers: by city, in the zones' order, switched-off places listed too. */
export function deliveryCitiesOf(zones: readonly DeliveryZone[]): DeliveryCity[] {
  const cities: DeliveryCity[] = [];
  for (const { city, district, fee, etaDays, cashOnDelivery, served } of zones) {
    const entry = { name: district, fee, etaDays, cashOnDelivery, served };
    const last = cities.at(-1);
    if (last?.city === city) last.districts.push(entry);
    else cities.push({ city, districts: [entry] });
  }
  return cities;
}

/** The cart priced for delivery to `zone`, as GET /api/cart?city=&district= answers it: the zone's fee in its shipping and total. */
export function withDelivery(cart: Cart, zone: DeliveryZone): Cart {
  const discount = cart.discount?.amount ?? 0;
  const shipping = cart.products.length ? zone.fee : 0;
  return {
    ...cart,
    shipping,
    total: cart.products.length ? Math.round((cart.subtotal - discount + shipping) * 100) / 100 : 0,
    delivery: {
      city: zone.city,
      district: zone.district,
      fee: zone.fee,
      etaDays: zone.etaDays,
      cashOnDelivery: zone.cashOnDelivery,
      cashOnDeliveryRefusal: zone.cashOnDelivery ? null : `Cash on delivery is not available in ${zone.district ?? zone.city}`,
    },
  };
}

export function makeDiscount(overrides: Partial<Discount> = {}): Discount {
  return {
    _id: nextId('d'),
    code: 'EID-2026',
    kind: 'percent',
    value: 15,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    timesUsed: 0,
    active: true,
    createdAt: '2026-03-01T09:00:00+00:00',
    ...overrides,
  };
}

export function makeWishlist(products: Product[]): Wishlist {
  return { products: products.map((p) => ({ productId: p })) };
}

/** An order line as the order keeps it: a snapshot of the product and, for a product with sizes, of its size. */
export function makeOrderLine(product: Product, quantity: number, variant?: Variant): OrderLine {
  return {
    _id: nextId('l'),
    productId: { _id: product._id, name: product.name, image: product.image },
    name: product.name,
    image: product.image,
    price: product.price,
    variant: variant ? snapshotOf(variant) : null,
    quantity,
    lineTotal: Math.round(product.price * quantity * 100) / 100,
  };
}

/** Orders are numbered from 1001, each fixture its own. */
let orderNumbers = 1000;

/** An order as the server sends it: paid by EVC Plus unless told otherwise; `paid` follows `paymentStatus` unless given. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: nextId('o'),
    number: ++orderNumbers,
    createdAt: '2026-11-02T12:00:00Z',
    status: 'pending',
    paymentStatus: 'paid',
    paid: PAID_STATUSES.includes(overrides.paymentStatus ?? 'paid'),
    paymentAwaits: null,
    awaitingPayment: false,
    paymentMethod: 'evc-plus',
    paymentPhone: '252615551234',
    transactionId: 'T1',
    channel: 'web',
    createdBy: null,
    subtotal: 48,
    shippingFee: 5,
    discountCode: null,
    discountAmount: 0,
    totalAmount: 53,
    userId: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
    products: [
      { _id: 'o1-1', productId: { _id: 'p1', name: 'Floral Summer Dress', image: null }, name: 'Floral Summer Dress', image: null, price: 24, variant: null, quantity: 2, lineTotal: 48 },
    ],
    shippingAddress: {
      fullName: 'Amina Hassan',
      phone: '252615551234',
      city: 'Mogadishu',
      district: 'Hodan',
      addressLine: 'Maka Al Mukarama Road 12',
      landmark: 'Near the Hodan market mosque',
    },
    refundedAmount: 0,
    statusHistory: [{ status: 'pending', at: overrides.createdAt ?? '2026-11-02T12:00:00Z', by: null }],
    deliveredAt: null,
    returnableUntil: null,
    holdExpiredAt: null,
    refundStatus: null,
    refundSentAt: null,
    delivery: null,
    ...overrides,
  };
}

/**
 * An order as its detail reply sends it: `makeOrder`'s, not returnable (not delivered) unless
 * told otherwise, without `nextStatuses` (a shopper's reply) unless given.
 */
export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrder(overrides),
    returnable: refusedReturn('Only delivered orders can be returned'),
    ...overrides,
  };
}

/** `returnable` as the server says it of an order that may be returned: `left` units of each line (by `_id`). */
export function allowedReturn(left: Record<string, number>): Returnable {
  return { allowed: true, reason: null, lines: Object.entries(left).map(([lineId, units]) => ({ lineId, units })) };
}

/** `returnable` as the server says it of an order that may not be returned, with its reason. */
export function refusedReturn(reason: string, left: Record<string, number> = {}): Returnable {
  return { ...allowedReturn(left), allowed: false, reason };
}

/** A return of some units of an order, as the server sends it: just requested unless told otherwise. */
export function makeReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  const createdAt = overrides.createdAt ?? '2026-11-20T10:00:00Z';
  return {
    _id: nextId('r'),
    orderId: 'o1',
    orderNumber: '#1042',
    status: 'requested',
    lines: [{ lineId: 'o1-1', name: 'Floral Summer Dress', variant: null, quantity: 1, amount: 24 }],
    refundAmount: 24,
    reason: 'Too big',
    createdAt,
    statusHistory: [{ status: 'requested', at: createdAt, by: null }],
    customer: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
    nextSteps: ['approved', 'rejected'],
    refundStatus: null,
    refundSentAt: null,
    refundByHand: false,
    refundPaidWith: null,
    ...overrides,
  };
}

/** A visible review by a verified buyer, as the server sends it. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: nextId('w'),
    rating: 5,
    title: 'Lovely fabric',
    body: 'Soft, breathes well and the size was right.',
    author: 'Amina W.',
    verifiedPurchase: true,
    createdAt: '2026-11-10T09:00:00Z',
    ...overrides,
  };
}

/** A review as the back office lists it: shown, of the dress, unless told otherwise. */
export function makeAdminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    ...makeReview(),
    hidden: false,
    product: { _id: 'p1', name: 'Floral Summer Dress' },
    ...overrides,
  };
}

/** A message the shop sent: an order confirmation e-mail, sent on the first try, unless told otherwise. */
export function makeNotification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    _id: nextId('n'),
    topic: 'orderConfirmed',
    channel: 'email',
    recipient: 'amina@example.com',
    subject: 'Your order is confirmed',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-20T10:00:00Z',
    sentAt: '2026-11-20T10:00:05Z',
    nextAttemptAt: null,
    ...overrides,
  };
}

/** A shopper's request to be told when a size is back, as their list shows it: waiting for size M, unless told otherwise. */
export function makeRestockRequest(overrides: Partial<RestockRequest> = {}): RestockRequest {
  return {
    _id: nextId('r'),
    productId: nextId('p'),
    variantId: nextId('v'),
    productName: 'Linen Wrap Dress',
    thumbnail: '/uploads/dress-320.webp',
    size: 'M',
    colour: null,
    stockStatus: 'outOfStock',
    createdAt: '2026-11-20T10:00:00Z',
    answeredAt: null,
    ...overrides,
  };
}

/** A size shoppers wait for, as the back office lists it: size M sold out, two waiting, unless told otherwise. */
export function makeRestockDemand(overrides: Partial<RestockDemand> = {}): RestockDemand {
  return {
    productId: nextId('p'),
    productName: 'Linen Wrap Dress',
    variantId: nextId('v'),
    size: 'M',
    colour: null,
    sku: 'DRS-M',
    stock: 0,
    requests: 2,
    since: '2026-11-18T09:00:00Z',
    ...overrides,
  };
}

/** The summary of a product nobody reviewed yet. */
export const emptyReviewSummary: ReviewSummary = { rating: 0, reviews: 0, stars: [0, 0, 0, 0, 0] };

export const defaultSettings: Settings = {
  shopName: 'Dukaan Fashion',
  supportPhone: '+252 61 555 0000',
  supportEmail: 'help@example.com',
  shippingFee: 5,
  cashOnDeliveryMax: 200,
  sandboxPayments: false,
  paymentTimeoutSecs: 60,
  terms: { deliveryFee: { min: 5, max: 5 }, returnDays: 30, paymentMethods: ['evc-plus', 'zaad', 'sahal', 'edahab', 'card'] },
};

/**
 * Every payment method as GET /api/payments/methods lists them (names, prefixes, whose merchant
 * account holds the money, how refunds go back, whether staff pay refunds out to them), those in
 * `available` available.
 */
export function makePaymentMethods(available: readonly PaymentMethodId[]): PaymentMethod[] {
  const waafiPay = { id: 'waafipay', name: 'WaafiPay' } as const;
  const wallet = { kind: 'wallet', refunds: 'provider', payout: true } as const;
  const all: Omit<PaymentMethod, 'available'>[] = [
    { id: 'evc-plus', name: 'EVC Plus', ...wallet, prefixes: ['61', '77'], provider: waafiPay },
    { id: 'zaad', name: 'ZAAD', ...wallet, prefixes: ['63'], provider: waafiPay },
    { id: 'sahal', name: 'SAHAL', ...wallet, prefixes: ['90'], provider: waafiPay },
    { id: 'edahab', name: 'eDahab', ...wallet, prefixes: ['62', '65', '66'], provider: { id: 'edahab', name: 'eDahab' } },
    { id: 'card', name: 'Card', kind: 'card', provider: waafiPay, refunds: 'provider', payout: false },
    { id: 'cash-on-delivery', name: 'Cash on delivery', kind: 'cash', provider: null, refunds: 'by-hand', payout: false },
  ];
  return all.map((m) => ({ ...m, available: available.includes(m.id) }));
}

/** The methods of a shop on sandbox payments: every wallet; cards and cash on delivery not (yet). */
export const WALLETS: readonly PaymentMethodId[] = ['evc-plus', 'zaad', 'sahal', 'edahab'];

/** An order's delivery as the server sends it: out with Abdi, no attempt yet; the call link is the rider's number's (none without one) unless given. */
export function makeOrderDelivery(overrides: Partial<OrderDelivery> = {}): OrderDelivery {
  const riderPhone = overrides.riderPhone ?? '252617770001';
  return {
    riderName: 'Abdi',
    riderPhone,
    riderCallUrl: riderPhone ? `tel:+${riderPhone}` : null,
    state: 'out',
    attempts: [],
    deliveredAt: null,
    codeLocked: false,
    ...overrides,
  };
}

/**
 * One of a rider's deliveries (GET /api/deliveries): out, paid by wallet (no cash to collect);
 * its links call and message the address's number 0615551234 (none without an address) unless given.
 */
export function makeRiderDelivery(overrides: Partial<RiderDelivery> = {}): RiderDelivery {
  const reachable = overrides.shippingAddress !== null;
  return {
    _id: nextId('o'),
    number: ++orderNumbers,
    status: 'shipped',
    customerName: 'Amina Hassan',
    shippingAddress: {
      fullName: 'Amina Hassan',
      phone: '0615551234',
      city: 'Mogadishu',
      district: 'Hodan',
      addressLine: 'Maka Al Mukarama Road 12',
      landmark: 'Near the Hodan market mosque',
    },
    itemCount: 2,
    cashToCollect: 0,
    callUrl: reachable ? 'tel:+252615551234' : null,
    whatsappUrl: reachable ? 'https://wa.me/252615551234' : null,
    delivery: makeOrderDelivery(),
    ...overrides,
  };
}

/** A rider's cash of a day (GET /api/admin/riders/cash), not received yet. */
export function makeRiderCash(overrides: Partial<RiderCash> = {}): RiderCash {
  const cash = { riderId: 'r1', riderName: 'Abdi Warsame', date: '2026-11-27', deliveries: 2, collected: 58, handIns: [], received: null, ...overrides };
  const handedIn = cash.handIns.reduce((sum, h) => sum + h.amount, 0);
  return { handedIn, toHandIn: cash.collected - handedIn, ...cash };
}

/** A payment attempt as GET /api/admin/payments lists it: an EVC Plus charge of $45.00, approved for that amount, unless told otherwise. */
export function makePaymentAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  const orderId = overrides.orderId ?? nextId('o');
  return {
    _id: nextId('pa'),
    orderId,
    orderNumber: `#${++orderNumbers}`,
    method: 'evc-plus',
    provider: 'waafipay',
    amount: 45,
    currency: 'USD',
    payer: '252615551234',
    state: 'approved',
    transactionId: '126895',
    approvedAmount: 45,
    approvedCurrency: 'USD',
    startedAt: '2026-12-02T08:00:00Z',
    answeredAt: '2026-12-02T08:00:40Z',
    refundError: null,
    ...overrides,
  };
}

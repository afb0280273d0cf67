/**
 * Query-key factories, one per resource (Medusa style: all, lists(), list(q), details(),
 * detail(id)). Shared so a mutation in one feature can invalidate what it changes in
 * another without importing that feature.
 */
import type { ListParams, ProductSort, ReviewSort } from './types';

/**
 * The keys of a back-office list the server filters and pages: each page (its filters and page
 * number) under `pages()`, the totals a screen shows for fixed filters (the orders awaiting
 * payment) under `counts()`. So a mutation can put an edited row into the cached pages without
 * refetching them, and still refresh the counts.
 */
export function pagedListKeys<const R extends readonly string[]>(root: R) {
  return {
    all: root,
    pages: () => [...root, 'page'] as const,
    page: (query: object) => [...root, 'page', query] as const,
    counts: () => [...root, 'count'] as const,
    count: (query: object) => [...root, 'count', query] as const,
  };
}

export type PagedListKeys = ReturnType<typeof pagedListKeys<readonly string[]>>;

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: { category?: string; tag?: string; featured?: boolean } & ListParams = {}) =>
    [...productKeys.lists(), query] as const,
  /** A list the category page (a category) or /new-arrivals (a tag) loads one page at a time (`useInfiniteQuery`). */
  pages: (query: ({ category: string | null; size: string | null } | { tag: string }) & { limit: number }) =>
    [...productKeys.lists(), 'pages', query] as const,
  /** Search results, loaded one page at a time. */
  search: (q: string, sort: ProductSort, size: string | null, limit: number) =>
    [...productKeys.all, 'search', { q, sort, size, limit }] as const,
  /** The category names (the category page's filter buttons). */
  categories: () => [...productKeys.all, 'categories'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  /** The admin's product list (GET /api/admin/products). */
  admin: pagedListKeys(['products', 'admin']),
};

export const cartKeys = {
  all: ['cart'] as const,
  detail: () => [...cartKeys.all, 'detail'] as const,
  /** The cart priced for a place (GET /api/cart?city=&district=), one key per place. */
  places: () => [...cartKeys.all, 'place'] as const,
  place: (place: { city: string; district: string }) => [...cartKeys.places(), place] as const,
};

/** The places the shop delivers to: the shoppers' list (GET /api/delivery/zones) and the back office's zones. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  zones: () => [...deliveryKeys.all, 'zones'] as const,
  /** The admin's list of every zone (GET /api/admin/delivery/zones): whole, not paged. */
  admin: () => [...deliveryKeys.all, 'admin'] as const,
  /** The signed-in rider's deliveries (GET /api/deliveries): out ones, then today's finished ones. */
  mine: () => [...deliveryKeys.all, 'mine'] as const,
  /** The signed-in rider's cash of the day (GET /api/deliveries/cash): under `mine`, so asking the deliveries again asks it too. */
  myCash: () => [...deliveryKeys.mine(), 'cash'] as const,
  /** The back office's dispatch lists (GET /api/admin/deliveries), paged by the server. */
  dispatch: pagedListKeys(['delivery', 'dispatch']),
  /** The shop's riders (GET /api/admin/riders). */
  riders: () => [...deliveryKeys.all, 'riders'] as const,
  /** The riders' cash of a day (GET /api/admin/riders/cash?date=). */
  cash: (date: string) => [...deliveryKeys.all, 'cash', date] as const,
};

export const wishlistKeys = {
  all: ['wishlist'] as const,
  detail: () => [...wishlistKeys.all, 'detail'] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  /** The shopper's own orders. */
  mine: () => [...orderKeys.lists(), 'mine'] as const,
  /** The admin's list of every order (GET /api/orders/all). */
  admin: pagedListKeys(['orders', 'admin']),
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};

export const returnKeys = {
  all: ['returns'] as const,
  lists: () => [...returnKeys.all, 'list'] as const,
  /** The returns of one order (GET /api/orders/{id}/returns), newest first. */
  ofOrder: (orderId: string) => [...returnKeys.lists(), 'order', orderId] as const,
  /** The admin's list of every return (GET /api/admin/returns). */
  admin: pagedListKeys(['returns', 'admin']),
};

export const userKeys = {
  all: ['users'] as const,
  /** The admin's user list (GET /api/users). */
  admin: pagedListKeys(['users', 'admin']),
  me: () => [...userKeys.all, 'me'] as const,
  /** The signed-in user as GET /api/auth/me answers it for this session's token. */
  session: (token: string | null) => [...userKeys.me(), token] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  detail: () => [...settingsKeys.all, 'detail'] as const,
};

/** The ways to pay this shop offers (GET /api/payments/methods), and the order a payment link opens (GET /api/pay/{token}). */
export const paymentKeys = {
  all: ['payments'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  link: (token: string) => [...paymentKeys.all, 'link', token] as const,
  /** The back office's payment attempts (GET /api/admin/payments), paged by the server. */
  admin: pagedListKeys(['payments', 'admin']),
  /** The attempts of one order (GET /api/admin/payments?orderId=), on its admin page. */
  ofOrder: (orderId: string) => [...paymentKeys.admin.all, 'order', orderId] as const,
  /** A day's reconciliation (GET /api/admin/payments/reconciliation?date=); `null` is the day the server calls today. */
  reconciliation: (date: string | null) => [...paymentKeys.admin.all, 'reconciliation', date ?? 'today'] as const,
};

export const discountKeys = {
  all: ['discounts'] as const,
  /** The admin's list of discount codes (GET /api/admin/discounts). */
  admin: pagedListKeys(['discounts', 'admin']),
};

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  /** A product's visible reviews in one order, loaded one page at a time (`useInfiniteQuery`). */
  list: (productId: string, query: { sort: ReviewSort; limit: number }) => [...reviewKeys.lists(), productId, query] as const,
  summaries: () => [...reviewKeys.all, 'summary'] as const,
  /** A product's average, count and reviews per number of stars. */
  summary: (productId: string) => [...reviewKeys.summaries(), productId] as const,
  /** What the signed-in shopper may do on each product (user-scoped). */
  mines: () => [...reviewKeys.all, 'mine'] as const,
  mine: (productId: string) => [...reviewKeys.mines(), productId] as const,
  /** The admin's list of every review (GET /api/admin/reviews). */
  admin: pagedListKeys(['reviews', 'admin']),
};

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The admin's list of the messages the shop sends (GET /api/admin/notifications). */
  admin: pagedListKeys(['notifications', 'admin']),
};

/** Requests to be told when a sold-out size is back (issue 44). */
export const restockKeys = {
  all: ['restock'] as const,
  /** The signed-in shopper's own requests (GET /api/restock-alerts), one key per page. */
  mine: () => [...restockKeys.all, 'mine'] as const,
  minePage: (query: { page: number; limit: number }) => [...restockKeys.mine(), query] as const,
  /** The back office's most requested sizes (GET /api/admin/restock-alerts/top). */
  admin: pagedListKeys(['restock', 'admin']),
};

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  /** The customers staff find to take a phone order for (GET /api/admin/customers?q=). */
  customers: (q: string, limit: number) => [...adminKeys.all, 'customers', { q, limit }] as const,
};

/** The report of the last `days` days (GET /api/admin/reports). */
export const reportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  detail: (days: number) => [...reportKeys.all, days] as const,
};

/** The admin audit trail's pages (GET /api/admin/audit). */
export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  page: (page: number, limit: number, actor: string) => [...auditKeys.all, { page, limit, actor }] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
};

/** Keys holding a signed-in user's data: dropped at sign-in and sign-out. */
export const userScopedKeys = [cartKeys.all, wishlistKeys.all, orderKeys.all, userKeys.all, adminKeys.all, productKeys.admin.all, discountKeys.all, returnKeys.all, reviewKeys.mines(), reviewKeys.admin.all, notificationKeys.all, restockKeys.all, deliveryKeys.admin(), deliveryKeys.mine(), deliveryKeys.dispatch.all, deliveryKeys.riders(), [...deliveryKeys.all, 'cash'], paymentKeys.admin.all];

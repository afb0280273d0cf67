/**
 * The admin order list (GET /api/orders/all): its filters, sort and date ranges. The orders
 * screen draws it, the staff home counts the orders awaiting payment from it.
 */
import { msg } from '@lingui/core/macro';
import { everyMember, ORDER_STATUSES } from '@/lib/enums';
import { PAYMENT_METHOD_IDS } from '@/payments/names';
import { orderKeys } from '@/lib/query-keys';
import type { Order, PaymentStatus } from '@/lib/types';
import { defineList, oneOf, SORT_DIRS, text } from '../list';

const ORDERS_LOAD_FAILED = msg`Failed to load orders. Please try again.`;

/**
 * The payment filter: a payment status (the server's filter has no partly refunded one),
 * 'awaiting' (placed and not canceled, the payment never confirmed by the provider) or
 * 'holdExpired' (canceled because that lasted past the hold).
 */
export const PAYMENT_FILTERS = everyMember<Exclude<PaymentStatus, 'partiallyRefunded'> | 'awaiting' | 'holdExpired'>()([
  'pending',
  'paid',
  'failed',
  'refunded',
  'awaiting',
  'holdExpired',
]);
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export const DATE_RANGES = ['today', 'yesterday', 'last7days', 'last30days'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const ORDER_SORTS = ['date', 'total', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** [from, to) of a date range in local time (to null: up to now); today starts at midnight, the last 30 days go one month back. */
export function dateBounds(range: DateRange, now: Date): [Date, Date | null] {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (range) {
    case 'today':
      return [midnight, null];
    case 'yesterday':
      return [new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1), midnight];
    case 'last7days':
      return [new Date(now.getTime() - 7 * 24 * 3600 * 1000), null];
    case 'last30days': {
      const from = new Date(now);
      from.setMonth(from.getMonth() - 1);
      return [from, null];
    }
  }
}

/** The API's `from` (inclusive) and `to` (exclusive) of a date range, as RFC 3339 instants. */
export function dateParams(range: DateRange | '' | undefined, now = new Date()): { from?: string; to?: string } {
  if (!range) return {};
  const [from, to] = dateBounds(range, now);
  return to ? { from: from.toISOString(), to: to.toISOString() } : { from: from.toISOString() };
}

export const ordersList = defineList<Order>()({
  path: '/orders/all',
  keys: orderKeys.admin,
  filters: {
    q: text(),
    status: oneOf(ORDER_STATUSES),
    paymentStatus: oneOf(PAYMENT_FILTERS),
    paymentMethod: oneOf(PAYMENT_METHOD_IDS),
    /** Not an API parameter: sent as `from`/`to`, computed when the page is fetched. */
    date: oneOf(DATE_RANGES),
    sort: oneOf(ORDER_SORTS, 'date'),
    dir: oneOf(SORT_DIRS, 'desc'),
  },
  params: ({ date, ...rest }) => ({ ...rest, ...dateParams(date) }),
  failure: { message: ORDERS_LOAD_FAILED, log: 'Failed to fetch all orders' },
});

/** The admin order list (GET /api/orders/all): its filters, sort and date ranges. */
import { msg } from '@lingui/core/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '@/lib/payment-methods';
import { orderKeys } from '@/lib/query-keys';
import type { Order, OrderStatus, PaymentMethodId } from '@/lib/types';
import { defineList, oneOf, SORT_DIRS, text, type FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const ORDERS_LOAD_FAILED = msg`Failed to load orders. Please try again.`;

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'canceled'] as const satisfies readonly OrderStatus[];

/**
 * The payment filter: a payment status, 'awaiting' (placed and not canceled, the payment never
 * confirmed by the provider) or 'holdExpired' (canceled because that lasted past the hold).
 */
export const PAYMENT_FILTERS = ['pending', 'paid', 'failed', 'refunded', 'awaiting', 'holdExpired'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export const DATE_RANGES = ['today', 'yesterday', 'last7days', 'last30days'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const ORDER_SORTS = ['date', 'total', 'status'] as const;
type OrderSort = (typeof ORDER_SORTS)[number];

export const STATUS_OPTIONS: readonly FilterOption<OrderStatus | ''>[] = [
  choice('', msg`All statuses`),
  ...ORDER_STATUSES.map((s) => choice(s, () => statusWord(s))),
];

export const PAYMENT_OPTIONS: readonly FilterOption<PaymentFilter | ''>[] = [
  choice('', msg`All payments`),
  choice('pending', msg`Pending`),
  choice('paid', msg`Paid`),
  choice('failed', msg`Failed`),
  choice('refunded', msg`Refunded`),
  choice('awaiting', msg`Awaiting confirmation`),
  choice('holdExpired', msg`Hold expired`),
];

/** How an order was paid: each method by name (named when drawn: card and cash on delivery in the language shown). */
export const methodOptions = (): readonly FilterOption<PaymentMethodId | ''>[] => [
  choice('', msg`All methods`),
  ...PAYMENT_METHOD_IDS.map((m) => ({ value: m, label: paymentMethodName(m) })),
];

export const SORT_OPTIONS: readonly FilterOption<OrderSort>[] = [
  choice('date', msg`Date`),
  choice('total', msg`Total amount`),
  choice('status', msg`Status`),
];

export const DATE_OPTIONS: readonly FilterOption<DateRange | ''>[] = [
  choice('', msg`All time`),
  choice('today', msg`Today`),
  choice('yesterday', msg`Yesterday`),
  choice('last7days', msg`Last 7 days`),
  choice('last30days', msg`Last 30 days`),
];

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

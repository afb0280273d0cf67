/** The admin order list's choices: its filters' and its sort's (the list itself is lib/api/order-list.ts'). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { ORDER_STATUSES } from '@/lib/enums';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '@/payments/names';
import type { OrderStatus, PaymentMethodId } from '@/lib/types';
import { PAYMENT_FILTERS, type DateRange, type OrderSort, type PaymentFilter } from '../lib/api/order-list';
import type { FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const STATUS_OPTIONS: readonly FilterOption<OrderStatus | ''>[] = [
  choice('', msg`All statuses`),
  ...ORDER_STATUSES.map((s) => choice(s, () => statusWord(s))),
];

const PAYMENT_FILTER_LABELS: Record<PaymentFilter, MessageDescriptor> = {
  pending: msg`Pending`,
  paid: msg`Paid`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
  awaiting: msg`Awaiting confirmation`,
  holdExpired: msg`Hold expired`,
};

export const PAYMENT_OPTIONS: readonly FilterOption<PaymentFilter | ''>[] = [
  choice('', msg`All payments`),
  ...PAYMENT_FILTERS.map((p) => choice(p, PAYMENT_FILTER_LABELS[p])),
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

/**
 * The payment attempts (GET /api/admin/payments, `money.read`): every charge the shop started,
 * newest first, paged by the server; filtered by state ('needsAdmin' is late money, another
 * amount and a failed refund together), by method, and searched by order id, payer's number or
 * transaction id.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n';
import { usePaymentMethods } from '@/payments/api/methods';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '@/payments/names';
import { paymentKeys } from '@/lib/query-keys';
import type { PaymentAttempt, PaymentAttemptState, PaymentMethodId } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const PAYMENTS_PATH = '/admin/payments';

/** The Reconciliation screen's address (a page, not an API path), linked from Payments. */
export const RECONCILIATION_PAGE = '/admin/payments/reconciliation';

export const PAYMENTS_LOAD_FAILED = msg`Failed to load payments. Please try again.`;

/** Every state of an attempt, in the order the filter offers them. */
export const ATTEMPT_STATES = [
  'awaiting',
  'approved',
  'declined',
  'failed',
  'late',
  'mismatched',
  'refunded',
  'refundFailed',
] as const satisfies readonly PaymentAttemptState[];

/** The state filter: a state, or 'needsAdmin' (late, mismatched and refund failed: what an admin must look at). */
export const STATE_FILTERS = ['needsAdmin', ...ATTEMPT_STATES] as const;

const STATE_LABELS: Readonly<Record<PaymentAttemptState, MessageDescriptor>> = {
  awaiting: msg`Awaiting answer`,
  approved: msg`Approved`,
  declined: msg`Declined`,
  failed: msg`Failed`,
  late: msg`Paid after close: refunding`,
  mismatched: msg`Another amount: check it`,
  refunded: msg`Paid after the order was closed: refunded`,
  refundFailed: msg`Refund failed: refund it by hand`,
};

/** An attempt's state in the language shown (the server's name for one this app does not know). */
export function attemptStateLabel(state: PaymentAttemptState): string {
  const label = STATE_LABELS[state];
  return label ? i18n._(label) : state;
}

export const STATE_OPTIONS: readonly FilterOption<(typeof STATE_FILTERS)[number] | ''>[] = [
  choice('', msg`All payments`),
  choice('needsAdmin', msg`Needs attention`),
  ...ATTEMPT_STATES.map((s) => choice(s, STATE_LABELS[s])),
];

/**
 * The method filter: all, or each method a charge is started with, i.e. whose money a provider
 * holds (GET /api/payments/methods; cash on delivery has none), in the server's order, by name
 * (card in the language shown, read when drawn). Only 'All methods' until the methods are known.
 */
export function useMethodOptions(): readonly FilterOption<PaymentMethodId | ''>[] {
  const methods = usePaymentMethods().data ?? [];
  return [
    choice('', msg`All methods`),
    ...methods.filter((m) => m.provider !== null).map((m) => choice(m.id, () => paymentMethodName(m.id))),
  ];
}

export const paymentsList = defineList<PaymentAttempt>()({
  path: PAYMENTS_PATH,
  keys: paymentKeys.admin,
  filters: {
    q: text(),
    state: oneOf(STATE_FILTERS),
    method: oneOf(PAYMENT_METHOD_IDS),
  },
  failure: { message: PAYMENTS_LOAD_FAILED, log: 'Failed to load payment attempts' },
});

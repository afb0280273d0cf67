/**
 * How the ways to pay are named on screen. Which methods this shop offers, and which numbers
 * belong to which wallet, come from the server (GET /api/payments/methods); only their names
 * are here, for the pages that show an order's method without asking for that list.
 */
import { t } from '@lingui/core/macro';
import type { Order, PaymentMethodId } from './types';

/** Each method's name: a wallet by its brand (the same in every language), card and cash on delivery in the language shown. */
const NAMES: Record<PaymentMethodId, () => string> = {
  'evc-plus': () => 'EVC Plus',
  zaad: () => 'ZAAD',
  sahal: () => 'SAHAL',
  edahab: () => 'eDahab',
  card: () => t`Card`,
  'cash-on-delivery': () => t`Cash on delivery`,
};

/** Every method, in the order the shop offers them. */
export const PAYMENT_METHOD_IDS = Object.keys(NAMES) as PaymentMethodId[];

/**
 * 'evc-plus' is 'EVC Plus', 'card' is 'Card' (in the language shown); an id this app does not know is shown as it is;
 * none (an order taken by phone whose customer has not paid or chosen yet) is 'Not chosen yet'.
 */
export function paymentMethodName(id: PaymentMethodId | null): string {
  if (id === null) return t`Not chosen yet`;
  return NAMES[id]?.() ?? id;
}

/** Whether the order's money has been received (some of it may have gone back since). */
export const isPaid = (order: Pick<Order, 'paymentStatus'>): boolean =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'partiallyRefunded' || order.paymentStatus === 'refunded';

/**
 * How an order was paid, for its shopper: 'Paid with ZAAD', 'Paid by card', 'Paid in cash on
 * delivery' ('Paid' when no method was chosen); before it is paid, the method alone ('ZAAD', 'Card').
 */
export function paidWith(order: Pick<Order, 'paymentMethod' | 'paymentStatus'>): string {
  const method = order.paymentMethod;
  if (!isPaid(order)) return paymentMethodName(method);
  if (method === null) return t`Paid`;
  if (method === 'card') return t`Paid by card`;
  if (method === 'cash-on-delivery') return t`Paid in cash on delivery`;
  const wallet = paymentMethodName(method);
  return t`Paid with ${wallet}`;
}

/** Whether an order is paid, and how it was paid (the methods' names are ./names.ts). */
import { t } from '@lingui/core/macro';
import type { Order } from '@/lib/types';
import { paymentMethodName } from './names';

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

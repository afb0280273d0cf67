/** How an order was paid (the methods' names are ./names.ts); whether it is paid is the server's `paid`. */
import { t } from '@lingui/core/macro';
import type { Order } from '@/lib/types';
import { paymentMethodName } from './names';

/**
 * How an order was paid, for its shopper: 'Paid with ZAAD', 'Paid by card', 'Paid in cash on
 * delivery' ('Paid' when no method was chosen); before it is paid, the method alone ('ZAAD', 'Card').
 */
export function paidWith(order: Pick<Order, 'paid' | 'paymentMethod'>): string {
  const method = order.paymentMethod;
  if (!order.paid) return paymentMethodName(method);
  if (method === null) return t`Paid`;
  if (method === 'card') return t`Paid by card`;
  if (method === 'cash-on-delivery') return t`Paid in cash on delivery`;
  const wallet = paymentMethodName(method);
  return t`Paid with ${wallet}`;
}

/** How the back office speaks of an order's payment and of a refund paid out by hand (in the language shown). */
import { t } from '@lingui/core/macro';
import { formatPhone } from '@/lib/phone-format';
import type { Order, PaymentMethodId } from '@/lib/types';
import { paymentMethodName } from '../names';
import { paidWith } from '../paid';

/**
 * How it was paid and from which number: 'Paid with ZAAD: 252634441234' (before it is paid,
 * 'ZAAD: 252634441234'); a card's number is the one delivery updates go to: 'Paid by card; phone 252615551234'.
 */
export function paymentLine(order: Pick<Order, 'paid' | 'paymentMethod' | 'paymentPhone'>): string {
  const how = paidWith(order);
  const phone = formatPhone(order.paymentPhone);
  if (!phone) return how;
  return order.paymentMethod === 'card' ? t`${how}; phone ${phone}` : `${how}: ${phone}`;
}

/** How an admin may pay a refund out by hand (a return's `refundByHand`): in cash, or to a wallet (./providers.ts' useRefundPayouts). */
export type RefundPayout = 'cash' | PaymentMethodId;

/** A payout's name: 'Cash' in the language shown, a wallet by its brand ('EVC Plus'). */
export const refundPayoutName = (payout: RefundPayout): string => (payout === 'cash' ? t`Cash` : paymentMethodName(payout));

/** How a refund by hand was paid out (a return's `refundPaidWith`): 'Paid out in cash', 'Paid out with EVC Plus'; an id this app does not know as it is. */
export function paidOutWith(paidWith: string): string {
  if (paidWith === 'cash') return t`Paid out in cash`;
  const name = paymentMethodName(paidWith as PaymentMethodId);
  return t`Paid out with ${name}`;
}

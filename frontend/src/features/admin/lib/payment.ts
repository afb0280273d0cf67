/** How the back office speaks of an order's payment: who carries its money, and how it was paid (in the language shown). */
import { t } from '@lingui/core/macro';
import { paidWith, paymentMethodName } from '@/lib/payment-methods';
import type { Order, PaymentMethodId } from '@/lib/types';
import { formatPhone } from '@/lib/phone-format';

/** The company whose merchant account holds a method's money: WaafiPay (EVC Plus, ZAAD, SAHAL, cards) or eDahab; the rider's cash has none. */
export function providerOf(method: PaymentMethodId): string | null {
  switch (method) {
    case 'edahab':
      return 'eDahab';
    case 'cash-on-delivery':
      return null;
    default:
      return 'WaafiPay';
  }
}

/** Where the admin checks a payment or a refund: 'your WaafiPay merchant account'; without an order, either provider's. */
export function merchantAccount(method?: PaymentMethodId | null): string {
  const provider = method ? providerOf(method) : null;
  return provider ? t`your ${provider} merchant account` : t`your WaafiPay or eDahab merchant account`;
}

/** Where a refund goes: 'WaafiPay', 'eDahab', or the provider unnamed. */
export const refundProvider = (method?: PaymentMethodId | null): string => (method && providerOf(method)) || t`the payment provider`;

/**
 * How it was paid and from which number: 'Paid with ZAAD: 252634441234' (before it is paid,
 * 'ZAAD: 252634441234'); a card's number is the one delivery updates go to: 'Paid by card; phone 252615551234'.
 */
export function paymentLine(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'paymentPhone'>): string {
  const how = paidWith(order);
  const phone = formatPhone(order.paymentPhone);
  if (!phone) return how;
  return order.paymentMethod === 'card' ? t`${how}; phone ${phone}` : `${how}: ${phone}`;
}

/** How an admin may pay a refund out by hand (a return's `refundByHand`): in cash, or to a wallet. */
export const REFUND_PAYOUTS = ['cash', 'evc-plus', 'zaad', 'sahal', 'edahab'] as const satisfies readonly ('cash' | PaymentMethodId)[];
export type RefundPayout = (typeof REFUND_PAYOUTS)[number];

/** A payout's name: 'Cash' in the language shown, a wallet by its brand ('EVC Plus'). */
export const refundPayoutName = (payout: RefundPayout): string => (payout === 'cash' ? t`Cash` : paymentMethodName(payout));

/** How a refund by hand was paid out (a return's `refundPaidWith`): 'Paid out in cash', 'Paid out with EVC Plus'; an id this app does not know as it is. */
export function paidOutWith(paidWith: string): string {
  if (paidWith === 'cash') return t`Paid out in cash`;
  const name = paymentMethodName(paidWith as PaymentMethodId);
  return t`Paid out with ${name}`;
}

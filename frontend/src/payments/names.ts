/**
 * How the ways to pay are named on screen (an order's method, the shop's terms). Which methods
 * this shop offers, and which numbers belong to which wallet, come from the server
 * (GET /api/payments/methods); only their names are here. A module of its own, without
 * paid.ts's order helpers: the terms in the header and footer name the methods on every page's
 * first download.
 */
import { t } from '@lingui/core/macro';
import type { PaymentMethodId } from '@/lib/types';

/** Each method's name: a wallet by its brand (the same in every language), card and cash on delivery in the language shown. */
const NAMES: Record<PaymentMethodId, () => string> = {
  'evc-plus': () => 'EVC Plus',
  zaad: () => 'ZAAD',
  sahal: () => 'SAHAL',
  edahab: () => 'eDahab',
  card: () => t`Card`,
  'cash-on-delivery': () => t`Cash on delivery`,
};

/**
 * Card and cash on delivery as named inside a sentence ('Pay with EVC Plus, card or cash on
 * delivery'), in the language shown; a wallet keeps its brand there too.
 */
const IN_SENTENCE: Partial<Record<PaymentMethodId, () => string>> = {
  card: () => t({ message: 'card', context: 'a way to pay, inside a sentence' }),
  'cash-on-delivery': () => t({ message: 'cash on delivery', context: 'a way to pay, inside a sentence' }),
};

/** A method's name inside a sentence: 'EVC Plus', 'card', 'cash on delivery' (an id this app does not know, as it is). */
export const paymentMethodInSentence = (id: PaymentMethodId): string => IN_SENTENCE[id]?.() ?? paymentMethodName(id);

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

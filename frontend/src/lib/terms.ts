/**
 * What the shop promises shoppers, in words: what delivery costs, how long they have to return,
 * the ways to pay, from the server's terms (GET /api/settings `terms`: its settings, zones and
 * the methods a checkout takes now). Each is null while it is not known (the settings loading or
 * failed, a server without terms, a shop delivering nowhere now): a page then says nothing
 * rather than something that may be false.
 */
import { plural, t } from '@lingui/core/macro';
import { currentLanguage, useLanguage } from '@/i18n';
import { paymentMethodInSentence } from '@/payments/names';
import { formatPrice } from './format';
import type { ShopTerms } from './types';

/** 'Free delivery' (only when nowhere costs anything), 'Delivery $5.00' (one fee), 'Delivery from $2.00 to $9.00'. */
export function deliveryTerm(fee: ShopTerms['deliveryFee'] | undefined): string | null {
  if (!fee) return null;
  if (fee.max <= 0) return t`Free delivery`;
  const most = formatPrice(fee.max);
  if (fee.min >= fee.max) return t`Delivery ${most}`;
  if (fee.min <= 0) return t`Delivery up to ${most}, free to some places`;
  const least = formatPrice(fee.min);
  return t`Delivery from ${least} to ${most}`;
}

/** 'Returns within 30 days of delivery'; null for a shop that takes none back. */
export function returnsTerm(days: number | undefined): string | null {
  if (!days || days <= 0) return null;
  return plural(days, { one: 'Returns within # day of delivery', other: 'Returns within # days of delivery' });
}

/**
 * `items` as one phrase in the language shown, the last joined by 'or' ('EVC Plus, card or cash
 * on delivery'): Intl's list in that language, or (a browser whose Intl has no Somali, as
 * Chromium) commas and the language's 'or'.
 */
export function orList(items: readonly string[]): string {
  const locale = currentLanguage() === 'so' ? 'so' : 'en-GB';
  if (typeof Intl.ListFormat === 'function' && Intl.ListFormat.supportedLocalesOf([locale]).length > 0) {
    return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
  }
  if (items.length < 2) return items.join('');
  const or = t({ message: 'or', context: 'between the last two items of a list: card or cash on delivery' });
  return `${items.slice(0, -1).join(', ')} ${or} ${items[items.length - 1]}`;
}

/** 'Pay with EVC Plus, ZAAD, SAHAL, eDahab, card or cash on delivery'; null when the shop takes none now. */
export function paymentTerm(methods: ShopTerms['paymentMethods'] | undefined): string | null {
  if (!methods || methods.length === 0) return null;
  const ways = orList(methods.map(paymentMethodInSentence));
  return t`Pay with ${ways}`;
}

export interface TermTexts {
  delivery: string | null;
  returns: string | null;
  payment: string | null;
  /** Whether delivery is free everywhere (the delivery term is 'Free delivery'). */
  freeDelivery: boolean;
}

/**
 * The shop's terms (the settings' `terms`, undefined while they load or failed) in the language
 * shown, drawn again when it changes; each null while not known. The caller reads the settings
 * (useSettings), so this module needs none of the query code.
 */
export function useShopTerms(terms: ShopTerms | undefined): TermTexts {
  useLanguage();
  return {
    delivery: deliveryTerm(terms?.deliveryFee),
    returns: returnsTerm(terms?.returnDays),
    payment: paymentTerm(terms?.paymentMethods),
    freeDelivery: Boolean(terms?.deliveryFee && terms.deliveryFee.max <= 0),
  };
}

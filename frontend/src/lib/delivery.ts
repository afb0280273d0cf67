/**
 * Delivery's words and links shared by the rider's screen, the shopper's order page and the
 * back office: why an attempt failed in plain words, and the links that call or message a
 * Somali phone number.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n';
import type { DeliveryFailureReason } from './types';

/** The reasons a rider may give for 'Not delivered', in the order offered. */
export const FAILURE_REASONS: readonly DeliveryFailureReason[] = ['unreachable', 'refused', 'wrongAddress', 'anotherDay'];

const REASON_MESSAGES: Readonly<Record<DeliveryFailureReason, MessageDescriptor>> = {
  unreachable: msg`Could not reach the customer`,
  refused: msg`Refused`,
  wrongAddress: msg`Wrong address`,
  anotherDay: msg`Asked for another day`,
};

/** A failed attempt's reason in the language shown (the server's name for one this app does not know). */
export function failureReasonLabel(reason: string): string {
  const message = REASON_MESSAGES[reason as DeliveryFailureReason];
  return message ? i18n._(message) : reason;
}

/** A Somali number's digits with the country code: '0615551234', '615551234', '+252 61 555 1234' are all '252615551234'. */
export function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('252')) return digits;
  return `252${digits.replace(/^0+/, '')}`;
}

/** The `tel:` link that calls `phone`. */
export const callLink = (phone: string) => `tel:+${internationalDigits(phone)}`;

/** The WhatsApp chat with `phone`. */
export const whatsAppLink = (phone: string) => `https://wa.me/${internationalDigits(phone)}`;

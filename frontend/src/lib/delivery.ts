/**
 * Delivery's words shared by the rider's screen, the shopper's order page and the back office:
 * why an attempt failed in plain words (the links that call or message someone are the server's
 * `callUrl`, `whatsappUrl` and `riderCallUrl`).
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

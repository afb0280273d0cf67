/**
 * How the Reconciliation screen (/admin/payments/reconciliation) names its providers.
 */
import { t } from '@lingui/core/macro';
import type { PaymentProviderId } from '@/lib/types';

/**
 * Each provider as the admin finds it in their merchant accounts: WaafiPay's wallets and its
 * cards are reconciled apart (in the language shown); eDahab is a name. Keyed by the server's
 * provider names, so a new provider does not compile until it is named here.
 */
const NAMES: Record<PaymentProviderId, () => string> = {
  waafipay: () => t`WaafiPay (mobile wallets)`,
  'waafipay-card': () => t`WaafiPay (cards)`,
  edahab: () => 'eDahab',
  rider: () => t`Cash on delivery`,
};

/** A provider's name; one this app does not know, as the server names it. */
export function providerName(provider: string): string {
  return NAMES[provider as PaymentProviderId]?.() ?? provider;
}

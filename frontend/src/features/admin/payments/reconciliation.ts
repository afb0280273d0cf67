/**
 * How the Reconciliation screen (/admin/payments/reconciliation) names its providers.
 */
import { t } from '@lingui/core/macro';

/**
 * A provider as the admin finds it in their merchant accounts: WaafiPay's wallets and its cards
 * are reconciled apart (in the language shown); eDahab is a name; one this app does not know, as
 * the server names it.
 */
export function providerName(provider: string): string {
  switch (provider) {
    case 'waafipay':
      return t`WaafiPay (mobile wallets)`;
    case 'waafipay-card':
      return t`WaafiPay (cards)`;
    case 'edahab':
      return 'eDahab';
    default:
      return provider;
  }
}

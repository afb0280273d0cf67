/**
 * How the Reconciliation screen (/admin/payments/reconciliation) reads its address and names its
 * providers: the day is `?date=YYYY-MM-DD` (East Africa Time; without it, the server's today).
 */
import { t } from '@lingui/core/macro';

/** Whether `value` is a day as the server takes it (YYYY-MM-DD). */
export const isDay = (value: string | null | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

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

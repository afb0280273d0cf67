/**
 * What the back office reads of the server's methods (GET /api/payments/methods): whose merchant
 * account holds a method's money (`provider`) and which wallets a refund by hand may be paid out
 * to (`payout`). Texts drawn before that list arrives name no provider.
 */
import { t } from '@lingui/core/macro';
import { orList } from '@/lib/terms';
import type { PaymentMethodId } from '@/lib/types';
import { usePaymentMethods } from '../api/methods';
import type { RefundPayout } from './texts';

/** Where the admin checks a payment and where a refund goes, in words, for a method. */
export function usePaymentProviders() {
  const methods = usePaymentMethods().data;
  const providerOf = (method?: PaymentMethodId | null) => methods?.find((m) => m.id === method)?.provider?.name ?? null;
  return {
    /**
     * 'your WaafiPay merchant account'; without an order, or for cash, any provider's, in the
     * server's order ('your WaafiPay or eDahab merchant account'); 'your merchant account' until they are known.
     */
    merchantAccount: (method?: PaymentMethodId | null): string => {
      const names = [...new Set((methods ?? []).flatMap((m) => (m.provider ? [m.provider.name] : [])))];
      const provider = providerOf(method) ?? (names.length > 0 ? orList(names) : null);
      return provider ? t`your ${provider} merchant account` : t`your merchant account`;
    },
    /** 'WaafiPay', 'eDahab', or the provider unnamed. */
    refundProvider: (method?: PaymentMethodId | null): string => providerOf(method) ?? t`the payment provider`,
  };
}

/** How a refund by hand may be paid out: in cash, or to a wallet that takes payouts, in the server's order; null until the methods are known. */
export function useRefundPayouts(): readonly RefundPayout[] | null {
  const methods = usePaymentMethods();
  if (methods.isPending) return null;
  return ['cash', ...(methods.data ?? []).filter((m) => m.payout).map((m) => m.id)];
}

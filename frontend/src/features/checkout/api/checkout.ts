/** The checkout call: charges the cart through EVC Plus. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithStatus } from '@/lib/api-client';
import { cartKeys, orderKeys, productKeys } from '@/lib/query-keys';
import type { CheckoutReply, CheckoutRequest } from '@/lib/types';
import { EMPTY_CART } from '@/lib/api/cart';
import type { MutationOptions } from '@/lib/api/mutation-options';
import type { PaymentReply } from '@/payments/types';

/** 201: paid. 202: the order is kept but the payment is not confirmed yet, or waits on the card page. */
export async function checkout(vars: { body: CheckoutRequest; idempotencyKey: string }): Promise<PaymentReply> {
  const res = await requestWithStatus<CheckoutReply>('/orders/checkout', {
    method: 'POST',
    body: vars.body,
    headers: { 'Idempotency-Key': vars.idempotencyKey },
  });
  return { status: res.status, reply: res.data ?? { message: '' } };
}

type CheckoutVars = Parameters<typeof checkout>[0];

export function useCheckout(options: MutationOptions<PaymentReply, CheckoutVars> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onError: (err, vars) => {
      // A declined payment keeps the cart but may have changed stock and orders; a discount code
      // that no longer applies (409) was taken off the cart, whose full price is shown again.
      void qc.invalidateQueries({ queryKey: cartKeys.all });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      options.onError?.(err, vars);
    },
    onSuccess: (result, vars) => {
      if (result.status === 201) {
        qc.setQueryData(cartKeys.detail(), EMPTY_CART);
        // The totals priced for a place were those of the cart just paid for.
        qc.removeQueries({ queryKey: cartKeys.places() });
      }
      void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: result.status === 201 ? 'none' : 'active' });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      void qc.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' });
      options.onSuccess?.(result, vars);
    },
  });
}

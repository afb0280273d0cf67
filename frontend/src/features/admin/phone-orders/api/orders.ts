/**
 * Taking an order for a customer (POST /api/admin/orders, `orders.create`) and getting it paid:
 * a request to their wallet, cash on delivery, or a link to pay on. Every amount is the
 * server's: the replies carry the order with its totals.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, requestWithStatus } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { adminKeys, orderKeys, productKeys, userKeys } from '@/lib/query-keys';
import type { CheckoutReply, Order, PaymentChoiceRequest, PaymentLink, PhoneOrderRequest } from '@/lib/types';
import type { PaymentReply } from '@/payments/types';
import { QUOTES_KEY } from './quote';

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

export const takeOrder = (body: PhoneOrderRequest) => api.post<Order>('/admin/orders', body);

/** 201 paid, 202 waiting for the customer to confirm (the answer is recorded when it comes). */
export async function requestPayment({ id, body }: { id: string; body: PaymentChoiceRequest }): Promise<PaymentReply> {
  const res = await requestWithStatus<CheckoutReply>(`${orderPath(id)}/payment-request`, { method: 'POST', body });
  return { status: res.status, reply: res.data };
}

export const payOnDelivery = (id: string) => api.post<CheckoutReply>(`${orderPath(id)}/cash-on-delivery`);

export const sendPaymentLink = (id: string) => api.post<PaymentLink>(`${orderPath(id)}/payment-link`);

/**
 * A new order is in the orders' lists and figures, its stock held (the shop's product lists are
 * stale), and a new customer among the customers and users. A refusal (stock short) means the
 * stock shown may be old: the products on screen, and the quote, are asked for again.
 */
export function useTakeOrder(options: MutationOptions<Order, PhoneOrderRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: takeOrder,
    onError: async (error, body) => {
      await Promise.all([qc.invalidateQueries({ queryKey: productKeys.all }), qc.invalidateQueries({ queryKey: QUOTES_KEY })]);
      options.onError?.(error, body);
    },
    onSuccess: async (order, body) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.admin.all }),
        // The figures, and the customers found (a new one among them).
        qc.invalidateQueries({ queryKey: adminKeys.all }),
        qc.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' }),
        qc.invalidateQueries({ queryKey: userKeys.admin.all, refetchType: 'none' }),
      ]);
      options.onSuccess?.(order, body);
    },
  });
}

/** A payment asked for changes the order, whatever the answer (a decline leaves it waiting for another). */
const paymentChanged = (qc: QueryClient, id: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: orderKeys.detail(id) }),
    qc.invalidateQueries({ queryKey: orderKeys.admin.all }),
    qc.invalidateQueries({ queryKey: adminKeys.all }),
  ]);

/** A mutation of an order's payment: the order's views are refreshed, then the caller's callbacks run. */
function usePaymentMutation<TData, TVars>(
  mutationFn: (vars: TVars) => Promise<TData>,
  orderOf: (vars: TVars) => string,
  options: MutationOptions<TData, TVars>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onError: async (error: unknown, vars: TVars) => {
      await paymentChanged(qc, orderOf(vars));
      options.onError?.(error, vars);
    },
    onSuccess: async (data: TData, vars: TVars) => {
      await paymentChanged(qc, orderOf(vars));
      options.onSuccess?.(data, vars);
    },
  });
}

export const useRequestPayment = (options: MutationOptions<PaymentReply, { id: string; body: PaymentChoiceRequest }> = {}) =>
  usePaymentMutation(requestPayment, (vars) => vars.id, options);

export const usePayOnDelivery = (options: MutationOptions<CheckoutReply, string> = {}) => usePaymentMutation(payOnDelivery, (id) => id, options);

export const useSendPaymentLink = (options: MutationOptions<PaymentLink, string> = {}) => usePaymentMutation(sendPaymentLink, (id) => id, options);

/** The ways to pay: every method, each available or not as this shop has set up its provider (the checkout asks; its route asks first). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';
import type { PaymentMethod } from '@/lib/types';

export const getPaymentMethods = (signal?: AbortSignal) => api.get<PaymentMethod[]>('/payments/methods', { signal });

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) => getPaymentMethods(signal),
    // A shop's providers change with its configuration, not while a shopper pays.
    staleTime: 30 * 60_000,
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQuery());

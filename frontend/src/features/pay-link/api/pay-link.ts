/**
 * A payment link's order (GET /api/pay/{token}) and its payment (POST /api/pay/{token}): public
 * calls, the link's token being the secret.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, requestWithStatus } from '@/lib/api-client';
import { orderKeys, paymentKeys } from '@/lib/query-keys';
import type { LinkedOrder, LinkPayment, PaymentChoiceRequest } from '@/lib/types';
import type { MutationOptions } from '@/lib/api/mutation-options';
import type { PaymentReply } from '@/payments/types';

/** How often the order is asked for again while a payment of it is under way. */
export const POLL_MS = 3000;

const linkPath = (token: string) => `/pay/${encodeURIComponent(token)}`;

/** 404 (no such link) and 410 (canceled or past its time): the link's page ends there, with the server's message. */
export const linkEnded = (err: unknown): err is ApiError => err instanceof ApiError && (err.status === 404 || err.status === 410);

export const getLinkedOrder = (token: string, signal?: AbortSignal) => api.get<LinkedOrder>(linkPath(token), { signal });

/** Whether the link's order needs no payment here any more: the server says `settled` (paid, or to be paid in cash). */
export const linkSettled = (order: Pick<LinkedOrder, 'state'>): boolean => order.state === 'settled';

/** The linked order, asked for again every POLL_MS while it says a payment is under way (until the link ends). */
export const linkedOrderQuery = (token: string) =>
  queryOptions({
    queryKey: paymentKeys.link(token),
    queryFn: ({ signal }) => getLinkedOrder(token, signal),
    refetchInterval: (query) => (query.state.data?.paying && !linkEnded(query.state.error) ? POLL_MS : false),
  });

export const useLinkedOrder = (token: string) => useQuery(linkedOrderQuery(token));

/** 201: paid. 202: waiting for the payer (on their phone, or on the card page at `redirectUrl`). */
export async function payLink(token: string, body: PaymentChoiceRequest): Promise<PaymentReply<LinkPayment>> {
  const res = await requestWithStatus<LinkPayment>(linkPath(token), { method: 'POST', body });
  return { status: res.status, reply: res.data };
}

/**
 * Pays the link's order. A wallet's payment waiting for the payer makes the cached order say so
 * (as the server now does), so the page waits and asks again until it ends; paid, the order's
 * lists are stale and the link's order is asked again (now paid, with its status); refused as a conflict (a payment under way, or paid), the order is asked
 * for again.
 */
export function usePayLink(
  token: string,
  options: MutationOptions<PaymentReply<LinkPayment>, PaymentChoiceRequest> = {},
) {
  const qc = useQueryClient();
  const key = paymentKeys.link(token);
  return useMutation({
    mutationFn: (body: PaymentChoiceRequest) => payLink(token, body),
    onSuccess: (result, body) => {
      if (result.status === 202 && !result.reply.redirectUrl) {
        qc.setQueryData<LinkedOrder>(key, (order) => order && { ...order, paying: true });
      }
      if (result.status === 201) {
        void qc.invalidateQueries({ queryKey: orderKeys.all });
        // The link now opens the paid order with its status.
        void qc.invalidateQueries({ queryKey: key });
      }
      options.onSuccess?.(result, body);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: key });
      options.onError?.(err, body);
    },
  });
}

/**
 * The payment attempts of one order (GET /api/admin/payments?orderId=&limit=100, `money.read`),
 * newest first, for its admin page. The whole list is list.ts' `paymentsList`.
 */
import { useQuery } from '@tanstack/react-query';
import { requestPage } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';
import type { PaymentAttempt } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { PAYMENTS_PATH } from '../list';

/** The most attempts the server sends in one page: an order has far fewer. */
export const ORDER_ATTEMPTS_LIMIT = 100;

export async function getOrderPayments(orderId: string, signal?: AbortSignal): Promise<PaymentAttempt[]> {
  const { rows } = await requestPage<PaymentAttempt>(PAYMENTS_PATH, { params: { orderId, limit: ORDER_ATTEMPTS_LIMIT }, signal });
  return rows;
}

/** An order's attempts; asked for only when `enabled` (the person reads money). */
export function useOrderPayments(orderId: string, enabled = true) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    queryKey: paymentKeys.ofOrder(orderId),
    queryFn: ({ signal }) => getOrderPayments(orderId, signal),
    enabled: signedIn && enabled && orderId !== '',
  });
}

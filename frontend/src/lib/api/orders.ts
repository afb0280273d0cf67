/**
 * Order calls, keys and hooks: the shopper's own orders and the admin's changes to an order.
 * The admin's list itself is defined by the admin area (features/admin/orders/list.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { putRowInPages } from '@/lib/list-cache';
import { adminKeys, orderKeys } from '@/lib/query-keys';
import type { MarkOrderPaidRequest, Order, OrderDetail, OrderStatus, RefundResolutionRequest } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { orderKeys };

export const getMyOrders = (signal?: AbortSignal) => api.get<Order[]>('/orders', { signal });
export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal });
export const updateOrderStatus = ({ id, status }: { id: string; status: OrderStatus }) =>
  api.put<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { status });

/** 200 with the updated order; 409 `{message}` when the order is not awaiting payment. */
export const markOrderPaid = ({ id, transactionId }: { id: string; transactionId?: string }) => {
  const body: MarkOrderPaidRequest = { paymentStatus: 'paid' };
  const ref = transactionId?.trim();
  if (ref) body.transactionId = ref;
  return api.put<OrderDetail>(`/orders/${encodeURIComponent(id)}/payment`, body);
};

/**
 * An admin resolves a cancel's refund that was sent but not answered (`refundStatus`
 * 'unconfirmed'): 200 with the order (canceled and refunded); 409 `{message}` when there is no
 * such refund any more, 502 `{message}` when a resend fails or goes unanswered again.
 */
export const resolveOrderRefund = ({ id, resolution }: { id: string } & RefundResolutionRequest) =>
  api.post<OrderDetail>(`/orders/${encodeURIComponent(id)}/refund`, { resolution } satisfies RefundResolutionRequest);

export const myOrdersQuery = () =>
  queryOptions({ queryKey: orderKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** The shopper's own orders, fetched again every time a component using them mounts. */
export function useOrders() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...myOrdersQuery(), enabled: signedIn, refetchOnMount: 'always' });
}

/** How often an order waiting for its provider is fetched again. */
export const REFETCH_ORDER_EVERY_MS = 5000;

/**
 * One order. `refetchWhile`, when given, keeps it refreshing every `REFETCH_ORDER_EVERY_MS` while
 * it holds for the order last fetched (e.g. a card payment the provider has not confirmed yet).
 */
export function useOrder(id: string | undefined, refetchWhile?: (order: OrderDetail) => boolean) {
  return useQuery({
    ...orderQuery(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      refetchWhile && query.state.data && refetchWhile(query.state.data) ? REFETCH_ORDER_EVERY_MS : false,
  });
}

/**
 * Puts a changed order in place into the admin's cached pages and its detail (no page is
 * fetched again), then refreshes what it changes elsewhere: the admin's counts (orders awaiting
 * payment), the shopper's own list and the admin figures.
 */
async function storeChangedOrder(qc: ReturnType<typeof useQueryClient>, order: OrderDetail) {
  qc.setQueryData(orderKeys.detail(order._id), order);
  await Promise.all([
    putRowInPages(qc, orderKeys.admin, order),
    qc.invalidateQueries({ queryKey: orderKeys.admin.counts() }),
    qc.invalidateQueries({ queryKey: orderKeys.mine() }),
    // stats, reports and the audit trail all live under the admin keys
    qc.invalidateQueries({ queryKey: adminKeys.all }),
  ]);
}

export function useUpdateOrderStatus(options: MutationOptions<OrderDetail, { id: string; status: OrderStatus }> = {}) {
  return useChangeOrder(updateOrderStatus, options);
}

export function useMarkOrderPaid(options: MutationOptions<OrderDetail, { id: string; transactionId?: string }> = {}) {
  return useChangeOrder(markOrderPaid, options);
}

export function useResolveOrderRefund(options: MutationOptions<OrderDetail, { id: string } & RefundResolutionRequest> = {}) {
  return useChangeOrder(resolveOrderRefund, options);
}

/**
 * An admin's change of an order: the server's order is stored (`storeChangedOrder`). A refused
 * change fetches the order again: a refund that failed or went unanswered changed it.
 */
function useChangeOrder<TVars extends { id: string }>(change: (vars: TVars) => Promise<OrderDetail>, options: MutationOptions<OrderDetail, TVars>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onError: async (error: unknown, vars: TVars) => {
      await qc.invalidateQueries({ queryKey: orderKeys.detail(vars.id) });
      options.onError?.(error, vars);
    },
    onSuccess: async (order: OrderDetail, vars: TVars) => {
      await storeChangedOrder(qc, order);
      options.onSuccess?.(order, vars);
    },
  });
}

/** Order calls, keys and hooks: the shopper's own orders and the admin's list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, orderKeys } from '@/lib/query-keys';
import type { Order, OrderStatus } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { orderKeys };

export const getMyOrders = (signal?: AbortSignal) => api.get<Order[]>('/orders', { signal });
export const getAllOrders = (signal?: AbortSignal) => api.get<Order[]>('/orders/all', { signal });
export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(`/orders/${encodeURIComponent(id)}`, { signal });
export const updateOrderStatus = ({ id, status }: { id: string; status: OrderStatus }) =>
  api.put<Order>(`/orders/${encodeURIComponent(id)}`, { status });

export const myOrdersQuery = () =>
  queryOptions({ queryKey: orderKeys.list('mine'), queryFn: ({ signal }) => getMyOrders(signal) });
export const allOrdersQuery = () =>
  queryOptions({ queryKey: orderKeys.list('all'), queryFn: ({ signal }) => getAllOrders(signal) });
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** The shopper's own orders, fetched again every time a component using them mounts. */
export function useOrders() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...myOrdersQuery(), enabled: signedIn, refetchOnMount: 'always' });
}

export function useAllOrders() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...allOrdersQuery(), enabled: signedIn });
}

export function useOrder(id: string | undefined) {
  return useQuery({ ...orderQuery(id ?? ''), enabled: Boolean(id) });
}

export function useUpdateOrderStatus(
  options: {
    onSuccess?: (order: Order, vars: { id: string; status: OrderStatus }) => void;
    onError?: (error: unknown, vars: { id: string; status: OrderStatus }) => void;
  } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onError: options.onError,
    onSuccess: async (order, vars) => {
      qc.setQueryData<Order[]>(orderKeys.list('all'), (old) =>
        old?.map((o) => (o._id === order._id ? order : o)),
      );
      qc.setQueryData(orderKeys.detail(order._id), order);
      await qc.invalidateQueries({ queryKey: orderKeys.all });
      await qc.invalidateQueries({ queryKey: adminKeys.stats() });
      options.onSuccess?.(order, vars);
    },
  });
}

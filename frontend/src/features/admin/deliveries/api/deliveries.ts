/**
 * Dispatch (permission `deliveries.dispatch`: admin and order handler): the orders waiting for
 * a rider, out with one, or brought back (GET /api/admin/deliveries, paged, oldest first), the
 * shop's riders (GET /api/admin/riders), sending orders out with a rider (POST
 * /api/admin/deliveries: each answered order takes its row's place, then every list is asked
 * again, since they moved between tabs), and unlocking a code after five wrong ones (POST
 * …/{orderId}/code-reset).
 */
import { msg } from '@lingui/core/macro';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, requestPage } from '@/lib/api-client';
import { deliveryKeys, orderKeys } from '@/lib/query-keys';
import type { DispatchRequest, DispatchStatus, Order, Rider } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { defineList, oneOf, text } from '../../lib/list';

export const DISPATCH_STATUSES = ['toDispatch', 'out', 'failed'] as const satisfies readonly DispatchStatus[];

export const dispatchList = defineList<Order>()({
  path: '/admin/deliveries',
  keys: deliveryKeys.dispatch,
  filters: {
    status: oneOf(DISPATCH_STATUSES, 'toDispatch'),
    city: text(),
    district: text(),
    riderId: text(),
  },
  failure: { message: msg`Failed to load deliveries. Please try again.`, log: 'Failed to fetch deliveries' },
});

export const getRiders = (signal?: AbortSignal) => api.get<Rider[]>('/admin/riders', { signal });
export const dispatchOrders = (body: DispatchRequest) => api.post<Order[]>('/admin/deliveries', body);
export const resetCode = (orderId: string) => api.post<Order>(`/admin/deliveries/${encodeURIComponent(orderId)}/code-reset`);

/** The most orders a rider is sent out with at once that a run sheet lists (the API's largest page). */
export const RUN_SHEET_LIMIT = 100;
export const getRunSheet = (riderId: string, signal?: AbortSignal) =>
  requestPage<Order>('/admin/deliveries', { params: { status: 'out', riderId, page: 1, limit: RUN_SHEET_LIMIT }, signal });

export const ridersQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.riders(),
    queryFn: ({ signal }) => getRiders(signal),
    staleTime: 5 * 60_000,
  });

/** The shop's riders, by name. */
export function useRiders() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...ridersQuery(), enabled: signedIn });
}

/** The orders out with one rider, for their run sheet. */
export function useRunSheet(riderId: string) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    queryKey: deliveryKeys.dispatch.page({ status: 'out', riderId, runSheet: true }),
    queryFn: ({ signal }) => getRunSheet(riderId, signal),
    enabled: signedIn && riderId !== '',
  });
}

interface Callbacks<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

/** Orders moved between the tabs: every page is asked again, and the orders' own pages. */
async function refreshAfter(qc: QueryClient, orders: readonly Order[]) {
  for (const o of orders) void qc.invalidateQueries({ queryKey: orderKeys.detail(o._id) });
  void qc.invalidateQueries({ queryKey: orderKeys.admin.all });
  await qc.invalidateQueries({ queryKey: deliveryKeys.dispatch.all });
}

export function useDispatchOrders(options: Callbacks<Order[], DispatchRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: dispatchOrders,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await refreshAfter(qc, data);
      options.onSuccess?.(data, vars);
    },
  });
}

export function useResetCode(options: Callbacks<Order, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetCode,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await refreshAfter(qc, [data]);
      options.onSuccess?.(data, vars);
    },
  });
}

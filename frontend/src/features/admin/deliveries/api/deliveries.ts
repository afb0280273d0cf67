/**
 * Dispatch (permission `deliveries.dispatch`: admin and order handler): the shop's riders (GET
 * /api/admin/riders), a rider's run sheet, and sending orders out with a rider (POST
 * /api/admin/deliveries: each answered order takes its row's place, then every list is asked
 * again, since they moved between tabs). The lists and a code's unlocking are lib/api/dispatch.ts'.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestPage } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { deliveryKeys } from '@/lib/query-keys';
import type { DispatchRequest, Order, Rider } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { refreshDispatched } from '../../lib/api/dispatch';

export const getRiders = (signal?: AbortSignal) => api.get<Rider[]>('/admin/riders', { signal });
export const dispatchOrders = (body: DispatchRequest) => api.post<Order[]>('/admin/deliveries', body);

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

export function useDispatchOrders(options: MutationOptions<Order[], DispatchRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: dispatchOrders,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await refreshDispatched(qc, data);
      options.onSuccess?.(data, vars);
    },
  });
}

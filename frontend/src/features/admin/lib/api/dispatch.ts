/**
 * Dispatch's calls other screens share (permission `deliveries.dispatch`): the orders waiting for
 * a rider, out with one, or brought back (GET /api/admin/deliveries, paged, oldest first), which
 * the Deliveries screen draws and the staff home counts, and unlocking a code after five wrong
 * ones (POST …/{orderId}/code-reset), on Deliveries and on an order's page.
 */
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { deliveryKeys, orderKeys } from '@/lib/query-keys';
import type { DispatchStatus, Order } from '@/lib/types';
import { defineList, oneOf, text } from '../list';

const DISPATCH_STATUSES = ['toDispatch', 'out', 'failed'] as const satisfies readonly DispatchStatus[];

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

const resetCode = (orderId: string) => api.post<Order>(`/admin/deliveries/${encodeURIComponent(orderId)}/code-reset`);

/** Orders moved between the tabs: every page is asked again, and the orders' own pages. */
export async function refreshDispatched(qc: QueryClient, orders: readonly Order[]) {
  for (const o of orders) void qc.invalidateQueries({ queryKey: orderKeys.detail(o._id) });
  void qc.invalidateQueries({ queryKey: orderKeys.admin.all });
  await qc.invalidateQueries({ queryKey: deliveryKeys.dispatch.all });
}

export function useResetCode(options: MutationOptions<Order, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetCode,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await refreshDispatched(qc, [data]);
      options.onSuccess?.(data, vars);
    },
  });
}

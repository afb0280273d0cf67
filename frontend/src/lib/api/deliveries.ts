/**
 * The rider's deliveries (permission `deliveries.own`): GET /api/deliveries (out ones first,
 * oldest sent first, then today's finished ones), 'Delivered' with the shopper's code (and, for
 * an order paid in cash on delivery, the cash collected), 'Not delivered' with a reason. Each
 * answer is the delivery as it now stands: it takes its card's place, and the list is asked
 * again (a finished one moves below the others), with the rider's cash of the day
 * (GET /api/deliveries/cash: collected, handed in, in hand), which a delivery changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { deliveryKeys, orderKeys } from '@/lib/query-keys';
import type { DeliveredRequest, DeliveryFailureReason, MyCash, RiderDelivery } from '@/lib/types';

const deliveryPath = (orderId: string, action: 'delivered' | 'not-delivered') =>
  `/deliveries/${encodeURIComponent(orderId)}/${action}`;

export const getMyDeliveries = (signal?: AbortSignal) => api.get<RiderDelivery[]>('/deliveries', { signal });
export const markDelivered = ({ orderId, ...body }: DeliveredRequest & { orderId: string }) =>
  api.post<RiderDelivery>(deliveryPath(orderId, 'delivered'), body);
export const markNotDelivered = ({ orderId, reason }: { orderId: string; reason: DeliveryFailureReason }) =>
  api.post<RiderDelivery>(deliveryPath(orderId, 'not-delivered'), { reason });

export const myDeliveriesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.mine(),
    queryFn: ({ signal }) => getMyDeliveries(signal),
    // New orders are sent out to the rider during the day: asked again when the phone wakes.
    refetchOnWindowFocus: true,
  });

export const useMyDeliveries = () => useQuery(myDeliveriesQuery());

/** The signed-in rider's cash of the day (East Africa Time): what they collected, handed in and hold. */
export const getMyCash = (signal?: AbortSignal) => api.get<MyCash>('/deliveries/cash', { signal });

export const myCashQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.myCash(),
    queryFn: ({ signal }) => getMyCash(signal),
    refetchOnWindowFocus: true,
  });

export const useMyCash = () => useQuery(myCashQuery());

/** The answered delivery replaces its card at once; the list, the cash of the day and the order's own page are asked again. */
function useDeliveryMutation<TVars extends { orderId: string }>(
  mutationFn: (vars: TVars) => Promise<RiderDelivery>,
  options: MutationOptions<RiderDelivery, TVars>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (err, vars) => {
      // Five wrong codes (423): the list is asked again, so the card says the code is locked.
      if (err instanceof ApiError && err.status === 423) void qc.invalidateQueries({ queryKey: deliveryKeys.mine() });
      options.onError?.(err, vars);
    },
    onSuccess: async (data, vars) => {
      qc.setQueryData<RiderDelivery[]>(deliveryKeys.mine(), (list) => list?.map((d) => (d._id === data._id ? data : d)));
      void qc.invalidateQueries({ queryKey: orderKeys.detail(vars.orderId) });
      options.onSuccess?.(data, vars);
      // The list and, under its key, the cash of the day (a cash delivery handed over changes it).
      await qc.invalidateQueries({ queryKey: deliveryKeys.mine() });
    },
  });
}

export const useMarkDelivered = (options: MutationOptions<RiderDelivery, DeliveredRequest & { orderId: string }> = {}) =>
  useDeliveryMutation(markDelivered, options);

export const useMarkNotDelivered = (
  options: MutationOptions<RiderDelivery, { orderId: string; reason: DeliveryFailureReason }> = {},
) => useDeliveryMutation(markNotDelivered, options);

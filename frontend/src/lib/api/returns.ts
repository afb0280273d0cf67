/**
 * Return calls, keys and hooks: an order's returns, the shopper's request, and the admin's
 * steps (approve, reject, mark received, refund). The admin's list itself is defined by the
 * admin area (features/admin/returns/list.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { putRowInPages } from '@/lib/list-cache';
import { adminKeys, orderKeys, returnKeys } from '@/lib/query-keys';
import type { CreateReturnRequest, OrderReturn, RefundResolutionRequest, UpdateReturnRequest } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { returnKeys };

const orderReturnsPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/returns`;

/** The order's returns, newest first (its owner or an admin). */
export const getOrderReturns = (orderId: string, signal?: AbortSignal) =>
  api.get<OrderReturn[]>(orderReturnsPath(orderId), { signal });

/**
 * 201 with the return. 400 `{message}` for a request the form should have caught (no item, no
 * reason), 409 `{message}` when the order cannot be returned (not delivered, the 30 days over,
 * more units than are left): the screen shows the message as it is.
 */
export const createReturn = ({ orderId, body }: { orderId: string; body: CreateReturnRequest }) =>
  api.post<OrderReturn>(orderReturnsPath(orderId), body);

/**
 * 200 with the return; 409 `{message}` for a step not allowed now, 502 `{message}` when the
 * payment provider refused the refund. `refundPaidWith` (sent only when given) says how a refund
 * by hand was paid out; 400 `errors.refundPaidWith` when it is missing, unknown or not wanted.
 */
export const updateReturn = ({ id, status, refundPaidWith }: { id: string } & UpdateReturnRequest) =>
  api.put<OrderReturn>(
    `/admin/returns/${encodeURIComponent(id)}`,
    (refundPaidWith ? { status, refundPaidWith } : { status }) satisfies UpdateReturnRequest,
  );

/**
 * An admin resolves a return's refund that was sent but not answered (`refundStatus`
 * 'unconfirmed'): 200 with the return (refunded); 409 `{message}` when there is no such refund
 * any more, 502 `{message}` when a resend fails or goes unanswered again.
 */
export const resolveReturnRefund = ({ id, resolution }: { id: string } & RefundResolutionRequest) =>
  api.post<OrderReturn>(`/admin/returns/${encodeURIComponent(id)}/refund`, { resolution } satisfies RefundResolutionRequest);

export const orderReturnsQuery = (orderId: string) =>
  queryOptions({ queryKey: returnKeys.ofOrder(orderId), queryFn: ({ signal }) => getOrderReturns(orderId, signal) });

export function useOrderReturns(orderId: string | undefined) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...orderReturnsQuery(orderId ?? ''), enabled: signedIn && Boolean(orderId) });
}

/** A return in its order's cached list: replaced in place, or put first (newest first) when new. */
function storeReturn(qc: ReturnType<typeof useQueryClient>, ret: OrderReturn) {
  qc.setQueryData<OrderReturn[]>(returnKeys.ofOrder(ret.orderId), (old) =>
    old === undefined ? undefined : old.some((r) => r._id === ret._id) ? old.map((r) => (r._id === ret._id ? ret : r)) : [ret, ...old],
  );
}

/**
 * The shopper asks to return some units: the return is shown at once; the order (what is left
 * to return) is fetched again, and the admin's pages when next shown.
 */
export function useCreateReturn(options: MutationOptions<OrderReturn, { orderId: string; body: CreateReturnRequest }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onError: options.onError,
    onSuccess: async (ret, vars) => {
      storeReturn(qc, ret);
      await Promise.all([
        qc.invalidateQueries({ queryKey: returnKeys.ofOrder(vars.orderId) }),
        qc.invalidateQueries({ queryKey: orderKeys.detail(vars.orderId) }),
        qc.invalidateQueries({ queryKey: returnKeys.admin.all }),
      ]);
      options.onSuccess?.(ret, vars);
    },
  });
}

/**
 * An admin moves a return on: the server's row takes its place in the cached pages and in its
 * order's returns; the order itself (its detail, the lists it is in, the figures) is fetched
 * again, since receiving puts units back and refunding changes `refundedAmount` and
 * `paymentStatus`.
 */
export function useUpdateReturn(options: MutationOptions<OrderReturn, { id: string } & UpdateReturnRequest> = {}) {
  return useChangeReturn(updateReturn, options);
}

/**
 * An admin resolves a refund sent but not answered, as `useUpdateReturn` stores its answer; a
 * failed resend refetches the returns, whose refund may have changed.
 */
export function useResolveReturnRefund(options: MutationOptions<OrderReturn, { id: string } & RefundResolutionRequest> = {}) {
  return useChangeReturn(resolveReturnRefund, options);
}

function useChangeReturn<TVars extends { id: string }>(change: (vars: TVars) => Promise<OrderReturn>, options: MutationOptions<OrderReturn, TVars>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onError: async (error: unknown, vars: TVars) => {
      await qc.invalidateQueries({ queryKey: returnKeys.all });
      options.onError?.(error, vars);
    },
    onSuccess: async (ret: OrderReturn, vars: TVars) => {
      storeReturn(qc, ret);
      await Promise.all([
        putRowInPages(qc, returnKeys.admin, ret),
        qc.invalidateQueries({ queryKey: orderKeys.all }),
        qc.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
      options.onSuccess?.(ret, vars);
    },
  });
}

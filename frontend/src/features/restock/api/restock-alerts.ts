/**
 * Back in stock (issue 44, docs/api.md "Back in stock"): a signed-in shopper asks to be told when
 * a sold-out size (or a sold-out one-size product) is back, lists their requests and cancels
 * them. The server sends the message (e-mail, and SMS with a phone) once the size's stock
 * returns, and marks the request answered. The back office's list of the most requested sizes
 * is the admin area's (features/admin/restock).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, requestPage, requestWithStatus } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { productKeys, restockKeys } from '@/lib/query-keys';
import type { MessageReply, RestockAlert, RestockAlertInput, RestockRequest } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { restockKeys };

/** Requests per page of the shopper's list. */
export const RESTOCK_PAGE_SIZE = 10;

/** What asking answered: the request, and whether it was already waiting (200) rather than new (201). */
export interface AskReply {
  alert: RestockAlert;
  alreadyAsked: boolean;
}

/**
 * POST /api/restock-alerts: 201 a new request, 200 the shopper's waiting one for that size.
 * 409 `{message}` while the size is in stock, 400 `errors.variantId` without a size for a
 * product with sizes, 404 for an unknown product or size: thrown as `ApiError`.
 */
export async function askRestock(input: { productId: string; variantId: string | null }): Promise<AskReply> {
  const body: RestockAlertInput = { productId: input.productId, variantId: input.variantId };
  const reply = await requestWithStatus<RestockAlert>('/restock-alerts', { method: 'POST', body });
  return { alert: reply.data, alreadyAsked: reply.status === 200 };
}

/** One page of the shopper's requests, newest first, with the total from `X-Total-Count`. */
export const getMyRestockAlerts = (page: number, signal?: AbortSignal) =>
  requestPage<RestockRequest>('/restock-alerts', { params: { page, limit: RESTOCK_PAGE_SIZE }, signal });

/** DELETE /api/restock-alerts/{id}: 200 `{message: "Request canceled"}`; 404 for another's or an unknown one. */
export const cancelRestockAlert = (id: string) => api.delete<MessageReply>(`/restock-alerts/${encodeURIComponent(id)}`);

export const myRestockAlertsQuery = (page: number) =>
  queryOptions({
    queryKey: restockKeys.minePage({ page, limit: RESTOCK_PAGE_SIZE }),
    queryFn: ({ signal }) => getMyRestockAlerts(page, signal),
  });

/** A page of the signed-in shopper's requests; the previous page stays shown while the next loads. */
export function useMyRestockAlerts(page: number) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...myRestockAlertsQuery(page), enabled: signedIn, placeholderData: keepPreviousData });
}

/**
 * Asks to be told when a size is back. The shopper's list is fetched again when next shown; a
 * refusal because the size is in stock (409) fetches the product again, so the page offers it.
 */
export function useAskRestock(options: MutationOptions<AskReply, { productId: string; variantId: string | null }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: askRestock,
    onError: (err, vars) => {
      if (err instanceof ApiError && err.status === 409) {
        void qc.invalidateQueries({ queryKey: productKeys.detail(vars.productId) });
      }
      options.onError?.(err, vars);
    },
    onSuccess: (data, vars) => {
      void qc.invalidateQueries({ queryKey: restockKeys.mine() });
      options.onSuccess?.(data, vars);
    },
  });
}

/** Cancels a request; the list's pages are fetched again. */
export function useCancelRestockAlert(options: MutationOptions<MessageReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelRestockAlert,
    onError: options.onError,
    onSuccess: async (data, id) => {
      await qc.invalidateQueries({ queryKey: restockKeys.mine() });
      options.onSuccess?.(data, id);
    },
  });
}

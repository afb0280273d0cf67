/**
 * The payment attempts of one order (GET /api/admin/payments?orderId=&limit=100, `money.read`),
 * newest first, for its admin page. The whole list is list.ts' `paymentsList`.
 *
 * A day's reconciliation (GET /api/admin/payments/reconciliation?date=, `money.read`): per
 * provider and currency, approved, refunded, held and net, with the attempts that moved the
 * money; without `date` the server's today (East Africa Time). Its CSV
 * (GET /api/admin/payments/reconciliation.csv?date=) is fetched with the bearer token and saved.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, requestPage } from '@/lib/api-client';
import { requestFile, saveFile } from '@/lib/api-file';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { paymentKeys } from '@/lib/query-keys';
import type { PaymentAttempt, Reconciliation } from '@/lib/types';
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

const RECONCILIATION_PATH = `${PAYMENTS_PATH}/reconciliation`;

/** A day's reconciliation; `date` (YYYY-MM-DD) null asks for the server's today. */
export const getReconciliation = (date: string | null, signal?: AbortSignal) =>
  api.get<Reconciliation>(RECONCILIATION_PATH, { params: { date }, signal });

export function useReconciliation(date: string | null) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    queryKey: paymentKeys.reconciliation(date),
    queryFn: ({ signal }) => getReconciliation(date, signal),
    enabled: signedIn,
  });
}

/**
 * Fetches the day's reconciliation as CSV through the API client (a plain link cannot send the
 * token) and saves it, under the server's name (payments-YYYY-MM-DD.csv) or that name for `date`.
 */
export async function downloadReconciliationCsv(date: string | null): Promise<string> {
  const file = await requestFile(`${RECONCILIATION_PATH}.csv`, 'text/csv', { params: { date } });
  const name = file.name ?? (date ? `payments-${date}.csv` : 'payments.csv');
  saveFile(file.blob, name);
  return name;
}

export const useDownloadReconciliationCsv = (options: MutationOptions<string, string | null> = {}) =>
  useMutation({ mutationFn: downloadReconciliationCsv, onSuccess: options.onSuccess, onError: options.onError });

/**
 * Reports over a period (GET /api/admin/reports?days=) and the CSV export of that period's
 * orders (GET /api/admin/orders/export.csv?days=), fetched with the bearer token.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, API_BASE, ApiError } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';

export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export interface Report {
  days: number;
  from: string;
  to: string;
  totalSales: number;
  orders: number;
  newUsers: number;
  averageOrderValue: number;
  revenueByDay: { date: string; revenue: number }[];
  topProducts: { name: string; quantity: number; revenue: number }[];
  /** What discount codes took off the period's orders' merchandise. */
  discountsGiven: number;
  /** Each code those orders used, the most used first (`amount` 0 for free shipping). */
  discountCodes: { code: string; orders: number; amount: number }[];
}

export const reportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  detail: (days: number) => [...reportKeys.all, days] as const,
};

export const getReport = (days: number, signal?: AbortSignal) =>
  api.get<Report>('/admin/reports', { params: { days }, signal });

export const reportQuery = (days: number) =>
  queryOptions({ queryKey: reportKeys.detail(days), queryFn: ({ signal }) => getReport(days, signal) });

/** The report of a period; the previous period's figures stay on screen while the next loads. */
export const useReport = (days: number) => useQuery({ ...reportQuery(days), placeholderData: keepPreviousData });

function fileNameFrom(disposition: string | null, fallback: string): string {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return m ? decodeURIComponent(m[1]) : fallback;
}

/** Fetches the CSV with the token (a plain link cannot send it) and saves it through an object URL. */
export async function downloadOrdersCsv(days: number): Promise<string> {
  const token = useSession.getState().token;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/admin/orders/export.csv?days=${days}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (err) {
    throw new ApiError(0, null, err);
  }
  if (!res.ok) {
    let message: string | null = null;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body?.message === 'string') message = body.message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('Content-Disposition'), `orders-last-${days}-days.csv`);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export const useDownloadOrdersCsv = (options: { onSuccess?: (name: string) => void; onError?: (e: unknown) => void } = {}) =>
  useMutation({ mutationFn: downloadOrdersCsv, onSuccess: options.onSuccess, onError: options.onError });

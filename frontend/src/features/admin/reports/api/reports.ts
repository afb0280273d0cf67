/**
 * Reports over a period (GET /api/admin/reports?days=) and the CSV export of that period's
 * orders (GET /api/admin/orders/export.csv?days=), fetched with the bearer token.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestFile, saveFile } from '@/lib/api-file';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { reportKeys } from '@/lib/query-keys';
import type { Report } from '@/lib/types';

export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const getReport = (days: number, signal?: AbortSignal) =>
  api.get<Report>('/admin/reports', { params: { days }, signal });

export const reportQuery = (days: number) =>
  queryOptions({ queryKey: reportKeys.detail(days), queryFn: ({ signal }) => getReport(days, signal) });

/** The report of a period; the previous period's figures stay on screen while the next loads. */
export const useReport = (days: number) => useQuery({ ...reportQuery(days), placeholderData: keepPreviousData });

/** Fetches the CSV through the API client (a plain link cannot send the token) and saves it. */
export async function downloadOrdersCsv(days: number): Promise<string> {
  const file = await requestFile('/admin/orders/export.csv', 'text/csv', { params: { days } });
  const name = file.name ?? `orders-last-${days}-days.csv`;
  saveFile(file.blob, name);
  return name;
}

export const useDownloadOrdersCsv = (options: MutationOptions<string, number> = {}) =>
  useMutation({ mutationFn: downloadOrdersCsv, onSuccess: options.onSuccess, onError: options.onError });

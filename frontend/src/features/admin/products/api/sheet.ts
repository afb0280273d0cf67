/**
 * The catalogue as CSV (docs/api.md, "The catalogue as CSV"): the export
 * (GET /api/admin/products/export.csv), downloaded with the bearer token, and the import
 * (POST /api/admin/products/import with the CSV as the body), checked whole first (`dryRun=true`
 * writes nothing and lists the bad rows) and then written all or nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { postFile, requestFile, saveFile } from '@/lib/api-file';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { adminKeys, productKeys } from '@/lib/query-keys';
import type { ImportReport } from '@/lib/types';

const IMPORT_PATH = '/admin/products/import';

/** The largest file the server takes (16 MB): a larger one is refused before it is sent. */
export const IMPORT_LIMIT_BYTES = 16 * 1024 * 1024;

/** Fetches every product as CSV and saves it (products.csv unless the server names it). */
export async function downloadProductsCsv(): Promise<string> {
  const file = await requestFile('/admin/products/export.csv', 'text/csv');
  const name = file.name ?? 'products.csv';
  saveFile(file.blob, name);
  return name;
}

export const useDownloadProductsCsv = (options: MutationOptions<string> = {}) =>
  useMutation({ mutationFn: downloadProductsCsv, onSuccess: options.onSuccess, onError: options.onError });

/** A CSV file read once: the bytes its dry run checked are the bytes imported. */
export interface CheckedSheet {
  name: string;
  bytes: ArrayBuffer;
  report: ImportReport;
}

/** The dry run: what the file would create, update and leave, and its bad rows; nothing is written. */
export async function checkProductsCsv(file: File, signal?: AbortSignal): Promise<CheckedSheet> {
  const bytes = await file.arrayBuffer();
  const report = await postFile<ImportReport>(IMPORT_PATH, bytes, { contentType: 'text/csv', params: { dryRun: true }, signal });
  return { name: file.name, bytes, report };
}

export const useCheckProductsCsv = () =>
  useMutation({ mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) => checkProductsCsv(file, signal) });

/** The import: every row written in one go (200, the counts), or nothing (400, see `refusedImport`). */
export const importProductsCsv = (bytes: ArrayBuffer, onUploadProgress?: (fraction: number) => void) =>
  postFile<ImportReport>(IMPORT_PATH, bytes, { contentType: 'text/csv', onUploadProgress });

/** The report of an import the server refused for its bad rows (400: nothing was written); null for any other failure. */
export function refusedImport(err: unknown): ImportReport | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const body = err.body as Partial<ImportReport> | null;
  return body && Array.isArray(body.errors) ? (body as ImportReport) : null;
}

/** Imports a checked file; once written, the product lists (the admin's and the shop's) and the dashboard's figures are fetched again. */
export function useImportProductsCsv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bytes, onUploadProgress }: { bytes: ArrayBuffer; onUploadProgress?: (fraction: number) => void }) =>
      importProductsCsv(bytes, onUploadProgress),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: productKeys.all }), qc.invalidateQueries({ queryKey: adminKeys.all })]);
    },
  });
}

/**
 * The admin audit trail (GET /api/admin/audit?page=&limit=): newest first, one page at a
 * time, the total in the `X-Total-Count` header.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestPage } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';
import type { AuditEntry } from '@/lib/types';

export interface AuditPage {
  entries: AuditEntry[];
  /** From `X-Total-Count`; null when the server did not send it. */
  total: number | null;
}

export const AUDIT_PAGE_SIZE = 20;

export async function getAuditTrail(page: number, limit = AUDIT_PAGE_SIZE, signal?: AbortSignal): Promise<AuditPage> {
  const { rows, total } = await requestPage<AuditEntry>('/admin/audit', { params: { page, limit }, signal });
  return { entries: rows, total };
}

export const auditQuery = (page: number, limit = AUDIT_PAGE_SIZE) =>
  queryOptions({
    queryKey: auditKeys.page(page, limit),
    queryFn: ({ signal }) => getAuditTrail(page, limit, signal),
  });

/** One page of the trail; the previous page stays on screen while the next loads. */
export const useAuditTrail = (page: number, limit = AUDIT_PAGE_SIZE) =>
  useQuery({ ...auditQuery(page, limit), placeholderData: keepPreviousData });

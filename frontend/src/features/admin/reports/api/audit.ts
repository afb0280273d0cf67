/**
 * The admin audit trail (GET /api/admin/audit?page=&limit=&actor=): newest first, one page at
 * a time, of everyone or of one person, the total in the `X-Total-Count` header; and the people
 * it can be read by (GET /api/admin/audit/actors).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, requestPage } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';
import type { AuditActor, AuditEntry } from '@/lib/types';

export interface AuditPage {
  entries: AuditEntry[];
  /** From `X-Total-Count`; null when the server did not send it. */
  total: number | null;
}

export const AUDIT_PAGE_SIZE = 20;

/** One page of the trail; `actor` is a person's id, or '' for everyone. */
export async function getAuditTrail(page: number, actor = '', limit = AUDIT_PAGE_SIZE, signal?: AbortSignal): Promise<AuditPage> {
  const params = actor ? { page, limit, actor } : { page, limit };
  const { rows, total } = await requestPage<AuditEntry>('/admin/audit', { params, signal });
  return { entries: rows, total };
}

export const auditQuery = (page: number, actor = '', limit = AUDIT_PAGE_SIZE) =>
  queryOptions({
    queryKey: auditKeys.page(page, limit, actor),
    queryFn: ({ signal }) => getAuditTrail(page, actor, limit, signal),
  });

/** One page of the trail; the previous page stays on screen while the next loads. */
export const useAuditTrail = (page: number, actor = '', limit = AUDIT_PAGE_SIZE) =>
  useQuery({ ...auditQuery(page, actor, limit), placeholderData: keepPreviousData });

/** Everyone who has changed something, by name. */
export const useAuditActors = () =>
  useQuery({
    queryKey: auditKeys.actors(),
    queryFn: ({ signal }) => api.get<AuditActor[]>('/admin/audit/actors', { signal }),
  });

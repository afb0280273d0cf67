/**
 * The admin audit trail (GET /api/admin/audit?page=&limit=): newest first, one page at a
 * time, the total in the `X-Total-Count` header.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestPage } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export type AuditEntity = 'product' | 'order' | 'user' | 'settings' | 'discount';

export type AuditAction =
  | 'product.create'
  | 'product.update'
  | 'product.delete'
  | 'order.status'
  | 'order.payment'
  | 'order.return'
  | 'order.refund'
  | 'user.create'
  | 'user.update'
  | 'user.delete'
  | 'settings.update'
  | 'discount.create'
  | 'discount.update'
  | 'discount.delete'
  | 'review.hide'
  | 'review.show'
  | 'review.delete';

export interface AuditEntry {
  id: string;
  /** RFC 3339 */
  at: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction | (string & {});
  entity: AuditEntity | (string & {});
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** From `X-Total-Count`; null when the server did not send it. */
  total: number | null;
}

export const AUDIT_PAGE_SIZE = 20;

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  page: (page: number, limit: number) => [...auditKeys.all, { page, limit }] as const,
};

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

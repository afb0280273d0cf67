/** Which back-office pages the signed-in person may open, for the links that lead to them. */
import { useCallback } from 'react';
import { ADMIN_PAGE_PERMISSIONS, type AdminPageName } from '@/lib/admin-paths';
import { useCan } from '@/lib/permissions';

/**
 * Whether the signed-in person may open a page (lib/admin-paths.ts' ADMIN_PAGE_PERMISSIONS read
 * against the server's permissions): a link to a page they may not open is not drawn.
 */
export function useMayOpen(): (page: AdminPageName) => boolean {
  const can = useCan();
  return useCallback((page: AdminPageName) => can(ADMIN_PAGE_PERMISSIONS[page]), [can]);
}

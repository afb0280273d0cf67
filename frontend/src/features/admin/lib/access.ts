/** Which back-office pages the signed-in person may open, for the links that lead to them. */
import { useCallback } from 'react';
import { ADMIN_PAGES, type AdminPageName } from '@/lib/admin-paths';
import { useCan } from '@/lib/permissions';
import type { Permission } from '@/lib/types';

/** Whether someone with `permissions` (the server's answer, GET /api/auth/me) may open `page`. */
export function mayOpenAdminPage(page: AdminPageName, permissions: readonly Permission[] | undefined): boolean {
  return Array.isArray(permissions) && permissions.includes(ADMIN_PAGES[page].permission);
}

/**
 * Whether the signed-in person may open a page (lib/admin-paths.ts' ADMIN_PAGES permission read
 * against the server's permissions): a link to a page they may not open is not drawn.
 */
export function useMayOpen(): (page: AdminPageName) => boolean {
  const can = useCan();
  return useCallback((page: AdminPageName) => can(ADMIN_PAGES[page].permission), [can]);
}
